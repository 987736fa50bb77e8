"""Train a small linear policy on solo Ramen! Ramen! and show it beating ``random``.

The agent sees only what the Gymnasium environment gives it: the observation vector, read
through its named slices (``env.layout``: the bowls, the hand and Fridge positions), and
the action mask. From those it computes a few features per legal action (does this card
bring a new ingredient to that bowl, would the bowl be served and with how many
ingredients, is the card a low one …) and picks an action by a softmax over a weighted
sum of them. The weights are learned with REINFORCE (the episode's reward is the final
score) with a running-mean baseline. No rule of the game is written here beyond reading
the observation's documented slices.

Run (about half a minute on one core):

    python examples/learn_solo_ramen.py --episodes 1500 --plot solo_learning.png

It prints the random agent's mean score and the learned policy's on the same held-out
deals, and saves the learning curve (needs matplotlib, in the ``sim`` extra).
"""

from __future__ import annotations

import argparse

import numpy as np

from gametable.envs.encoders.ramen_ramen import BOWL_PAIRS, PAIRS, PLAY1, TAKE
from gametable.envs.gymnasium import GametableEnv

PLACE_FEATURES = 9
TAKE_FEATURES = 3


class LinearAgent:
    """A softmax over a linear score of per-action features (see the module docstring)."""

    def __init__(self, env: GametableEnv, seed: int = 0) -> None:
        self.num_actions = int(env.action_space.n)
        self.layout = env.layout
        self.weights = np.zeros(PLACE_FEATURES + TAKE_FEATURES)
        self.rng = np.random.default_rng(seed)

    def _slice(self, x: np.ndarray, name: str) -> np.ndarray:
        s = self.layout[name]
        return x[s.start : s.stop]

    def _placements(self, bowls: np.ndarray, slot: np.ndarray) -> list[np.ndarray]:
        """Features of the card in ``slot`` going into each of the three bowls."""
        ingredient = int(np.argmax(slot[:7]))
        value = slot[7] * 7
        out = []
        for bowl in bowls:
            cards = bowl[:56].reshape(7, 8)  # ingredient by value
            present = cards.sum(axis=1) > 0
            total, kinds = bowl[56] * 14, bowl[57] * 7
            new = 0.0 if present[ingredient] else 1.0
            total_after, kinds_after = total + value, kinds + new
            served = 1.0 if total_after >= 14 or kinds_after == 7 else 0.0
            out.append(
                np.array(
                    [
                        new,
                        1.0 - new,
                        float(cards.sum() == 0),
                        served,
                        served * kinds_after / 7,
                        (1 - served) * total_after / 14,
                        (1 - served) * kinds_after / 7,
                        value / 7,
                        float(value <= 2),
                    ]
                )
            )
        return out

    def features(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        bowls = self._slice(x, "bowls").reshape(3, 62)
        hand = self._slice(x, "hand_slots").reshape(4, 8)
        fridge = self._slice(x, "fridge_slots").reshape(4, 8)
        table = np.zeros((self.num_actions, PLACE_FEATURES + TAKE_FEATURES))
        place = [self._placements(bowls, hand[i]) for i in range(4)]
        for a in np.flatnonzero(mask):
            if a < PLAY1:
                (i, j), (p, q) = PAIRS[a // 6], BOWL_PAIRS[a % 6]
                table[a, :PLACE_FEATURES] = place[i][p] + place[j][q]
            elif a < TAKE:
                table[a, :PLACE_FEATURES] = place[0][a - PLAY1]
            else:
                slot = fridge[a - TAKE]
                ingredient, value = int(np.argmax(slot[:7])), slot[7] * 7
                cards = bowls[:, :56].reshape(3, 7, 8)
                lacking = sum(
                    1 for b in range(3) if cards[b].sum() > 0 and cards[b, ingredient].sum() == 0
                )
                table[a, PLACE_FEATURES:] = [lacking / 3, value / 7, float(value <= 2)]
        return table

    def act(
        self, obs: dict[str, np.ndarray], greedy: bool = False
    ) -> tuple[int, np.ndarray, np.ndarray]:
        mask = obs["action_mask"]
        feats = self.features(obs["observation"], mask)
        scores = np.where(mask == 1, feats @ self.weights, -np.inf)
        probs = np.exp(scores - scores.max())
        probs /= probs.sum()
        a = int(np.argmax(probs)) if greedy else int(self.rng.choice(self.num_actions, p=probs))
        return a, feats, probs


def play(env: GametableEnv, seed: int, choose) -> float:  # type: ignore[no-untyped-def]
    obs, _ = env.reset(seed=seed)
    while True:
        obs, reward, terminated, _, _ = env.step(choose(obs))
        if terminated:
            return float(reward)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--episodes", type=int, default=1500)
    parser.add_argument("--eval", type=int, default=200, help="held-out deals to compare on")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument(
        "--plot", default="solo_learning.png", help="learning-curve PNG ('' for none)"
    )
    args = parser.parse_args()

    env = GametableEnv("ramen-ramen", players=1)
    agent = LinearAgent(env)
    rng = np.random.default_rng(1)
    held_out = range(10**6, 10**6 + args.eval)

    def random_choice(obs: dict[str, np.ndarray]) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    random_mean = float(np.mean([play(env, s, random_choice) for s in held_out]))
    print(f"random agent: mean solo score {random_mean:.1f} over {args.eval} deals")

    scores: list[float] = []
    baseline: float | None = None
    for episode in range(args.episodes):
        obs, _ = env.reset(seed=episode)
        trajectory = []
        while True:
            action, feats, probs = agent.act(obs)
            trajectory.append((feats, action, probs))
            obs, reward, terminated, _, _ = env.step(action)
            if terminated:
                break
        baseline = reward if baseline is None else 0.95 * baseline + 0.05 * reward
        advantage = (reward - baseline) / 10
        for feats, action, probs in trajectory:
            agent.weights += args.lr * advantage * (feats[action] - probs @ feats)
        scores.append(float(reward))
        if (episode + 1) % 250 == 0:
            print(f"episode {episode + 1}: mean of the last 250 = {np.mean(scores[-250:]):.1f}")

    learned_mean = float(
        np.mean([play(env, s, lambda o: agent.act(o, greedy=True)[0]) for s in held_out])
    )
    print(f"learned policy: mean solo score {learned_mean:.1f} on the same {args.eval} deals")
    print(f"weights: {np.round(agent.weights, 2).tolist()}")

    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        window = 100
        smooth = np.convolve(scores, np.ones(window) / window, mode="valid")
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.plot(scores, alpha=0.25, label="episode score")
        ax.plot(range(window - 1, len(scores)), smooth, label=f"mean of {window}")
        ax.axhline(random_mean, color="grey", linestyle="--", label=f"random ({random_mean:.1f})")
        ax.axhline(
            learned_mean,
            color="green",
            linestyle=":",
            label=f"learned, greedy ({learned_mean:.1f})",
        )
        ax.set_xlabel("training episode (solo Ramen! Ramen!)")
        ax.set_ylabel("final score")
        ax.legend(loc="lower right")
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        print(f"learning curve saved to {args.plot}")


if __name__ == "__main__":
    main()
