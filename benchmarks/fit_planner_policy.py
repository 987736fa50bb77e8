"""Fit the solo planner's rollout policy to the planner's own choices (imitation).

The planner values a candidate by the mean final score of rollouts in which a fast policy
plays the rest of the game, so the rollouts estimate what a candidate is worth *if the
game goes on as the policy plays it*. The closer the policy plays to the planner itself,
the closer that estimate is to what the candidate is worth to the planner. This script:

1. plays ``--games`` solo games with the planner (``--samples`` deck samples per decision,
   ``--params`` its parameters as JSON, seeds F … F+G-1) and keeps every play decision made
   with cards in the deck, four in hand and four in the Fridge (the rollouts' usual case);
2. models the policy's choice as a softmax over the distinct plays of its lookahead value
   (gain plus ``lookahead`` times the best next gain the Fridge allows, as the compiled
   ``lookahead_play``) divided by a temperature;
3. fits the bowl evaluation (``avg_card``, ``hit_rate``, ``promise``, ``card_cost``), the
   lookahead weight and the temperature by maximum likelihood of the planner's choices
   (Nelder-Mead, from the current values) on the first two thirds of the decisions, and
   reports the fit's log-loss and agreement (the policy's best play is the planner's) on
   the last third.

The fitted values are a proposal: the planner's strength decides (``bench_search.py
--only solo`` with ``--solo-params``, paired on the same deals; docs/search.md).

    python benchmarks/fit_planner_policy.py --first-seed 12100100 --games 240

(about 12 minutes on two cores, 5,280 decisions; the fit about a minute.) With the default
parameters this starts from the fitted values; the fit that made them started from the
values before (docs/search.md gives that command).
"""

from __future__ import annotations

import argparse
import itertools
import json
from multiprocessing import Pool
from typing import Any

import numpy as np
from scipy.optimize import minimize

from gametable.core.registry import get_game
from gametable.core.rng import Rng
from gametable.games.ramen_ramen.planner import (
    _FULL,
    _MAX_LEFT,
    _ROWS,
    PLANNER_LOOKAHEAD,
    SOLO_EVALUATION,
    PlannerAgent,
    _root,
    flat_tables,
)
from gametable.games.ramen_ramen.state import _PLACE_PAIRS, SERVE_SUM

_FLAT = _ROWS * 128

Decision = tuple[list[int], list[int], list[int], list[int], int, tuple[tuple[int, int], ...]]
"""(hand, Fridge, bowl sums, bowl ingredient masks, deck size, the planner's placements)."""


def decisions(job: tuple[int, int, dict[str, Any]]) -> list[Decision]:
    """The play decisions of one planner game (cards in the deck, 4 in hand, 4 in the Fridge)."""
    seed, samples, params = job
    game = get_game("ramen-ramen")
    state = game.new_state(1, seed)
    agent = PlannerAgent(game, 0, seconds=None, samples=samples, **params)
    rng = Rng(seed)
    found: list[Decision] = []
    while not state.is_over:
        view = state.view(0)
        legal = list(state.legal_actions(0))
        action = agent.act(view, legal, rng)
        if (
            view["phase"] == "play"
            and view["deck_size"] > 0
            and len(view["hand"]) == 4
            and len(view["fridge"]) == 4
        ):
            root, _ = _root(view)
            placements = action.placements  # type: ignore[attr-defined]
            found.append(
                (root.hand, root.fridge, root.sums, root.masks, view["deck_size"], placements)
            )
        state.apply(0, action)
    return found


def index_arrays(found: list[Decision]) -> dict[str, np.ndarray]:
    """Per decision and per play (36: two of four cards into two of three bowls), the flat
    table indices the lookahead value reads; plays leaving the same bowls as an earlier one
    are masked out (``ok``), and ``chosen`` is the planner's play."""
    now, now_base, after, after_base, ok, chosen = [], [], [], [], [], []
    for hand, fridge, sums, masks, deck, placements in found:
        rows: dict[str, list[Any]] = {k: [] for k in ("now", "nb", "aft", "ab", "ok")}
        seen: dict[Any, int] = {}
        pick = None
        for i, j in itertools.combinations(range(4), 2):
            a, b = hand[i], hand[j]
            rest = [hand[k] for k in range(4) if k not in (i, j)]
            for p, q in _PLACE_PAIRS:
                s, m = list(sums), list(masks)
                s[p] += a & 7
                m[p] |= 1 << (a >> 3)
                s[q] += b & 7
                m[q] |= 1 << (b >> 3)
                rows["now"].append([(s[p] << 7) + m[p], (s[q] << 7) + m[q]])
                rows["nb"].append([(sums[p] << 7) + masks[p], (sums[q] << 7) + masks[q]])
                served = 0  # which bowls were served, with what: a play's identity
                for r in range(3):
                    if s[r] >= SERVE_SUM or m[r] == _FULL:
                        served += 1000 * (r + 1) + m[r]
                        s[r] = m[r] = 0
                key = (frozenset((a, b)), tuple(sorted(zip(s, m, strict=True))), served)
                rows["ok"].append(key not in seen)
                seen.setdefault(key, len(rows["ok"]) - 1)
                if sorted(((a, p), (b, q))) == sorted(placements):
                    pick = seen[key]
                rows["aft"].append(
                    [
                        [((s[r] + (c & 7)) << 7) + (m[r] | (1 << (c >> 3))) for r in range(3)]
                        for c in [*rest, *fridge]
                    ]
                )
                rows["ab"].append([(s[r] << 7) + m[r] for r in range(3)])
        if pick is None:
            continue
        offset = min(_MAX_LEFT, (deck + len(fridge) + len(hand)) // 3) * _FLAT
        now.append(np.array(rows["now"]) + offset)
        now_base.append(np.array(rows["nb"]) + offset)
        after.append(np.array(rows["aft"]) + offset)
        after_base.append(np.array(rows["ab"]) + offset)
        ok.append(rows["ok"])
        chosen.append(pick)
    return {
        "now": np.array(now),
        "now_base": np.array(now_base),
        "after": np.array(after),
        "after_base": np.array(after_base),
        "ok": np.array(ok),
        "chosen": np.array(chosen),
    }


def _pair_best(gains: np.ndarray, a: int, b: int) -> np.ndarray:
    return np.max(np.stack([gains[..., a, p] + gains[..., b, q] for p, q in _PLACE_PAIRS]), 0)


def play_values(arrays: dict[str, np.ndarray], evaluation: tuple[float, ...], weight: float) -> Any:
    """Every play's lookahead value (``-inf`` for repeated plays): the same values as the
    compiled ``lookahead_play`` maximizes."""
    flat = np.array(flat_tables(*evaluation)).reshape(-1)
    gain = (flat[arrays["now"]] - flat[arrays["now_base"]]).sum(-1)
    nxt = flat[arrays["after"]] - flat[arrays["after_base"]][:, :, None, :]
    follow = _pair_best(nxt, 0, 1)  # the two kept cards
    for k in range(2, 6):  # a Fridge card with one kept card
        follow = np.maximum(follow, np.maximum(_pair_best(nxt, 0, k), _pair_best(nxt, 1, k)))
    return np.where(arrays["ok"], gain + weight * follow, -np.inf)


def log_loss(theta: np.ndarray, arrays: dict[str, np.ndarray]) -> float:
    """Mean negative log-likelihood of the planner's plays; ``theta`` is the evaluation's
    four values, the lookahead weight and the log temperature."""
    avg_card, hit_rate, promise, card_cost, weight, log_t = theta
    if avg_card <= 0.3 or hit_rate <= 0.05 or weight < 0:
        return 1e9
    v = play_values(arrays, (avg_card, hit_rate, promise, card_cost), weight) / np.exp(log_t)
    top = v.max(1, keepdims=True)
    lse = np.log(np.exp(v - top).sum(1)) + top[:, 0]
    return float((lse - v[np.arange(len(v)), arrays["chosen"]]).mean())


def agreement(theta: np.ndarray, arrays: dict[str, np.ndarray]) -> float:
    """Share of decisions where the policy's best play is the planner's."""
    v = play_values(arrays, tuple(theta[:4]), theta[4])
    return float((v.argmax(1) == arrays["chosen"]).mean())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--samples", type=int, default=2000, help="deck samples per decision")
    parser.add_argument("--params", default="{}", help="the planner's parameters as JSON")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    params = json.loads(args.params)
    jobs = [(s, args.samples, params) for s in range(args.first_seed, args.first_seed + args.games)]
    with Pool(args.workers) as pool:
        found = [d for game in pool.map(decisions, jobs, chunksize=1) for d in game]
    arrays = index_arrays(found)
    cut = len(arrays["chosen"]) * 2 // 3
    fit = {k: v[:cut] for k, v in arrays.items()}
    held = {k: v[cut:] for k, v in arrays.items()}
    start = [
        params.get(k, d)
        for k, d in zip(
            ("avg_card", "hit_rate", "promise", "card_cost"), SOLO_EVALUATION, strict=True
        )
    ]
    start.append(params.get("lookahead", PLANNER_LOOKAHEAD))
    log_t = minimize(
        lambda t: log_loss(np.array([*start, t[0]]), fit), [np.log(0.3)], method="Nelder-Mead"
    ).x[0]
    before = np.array([*start, log_t])
    result = minimize(
        log_loss, before, args=(fit,), method="Nelder-Mead",
        options={"maxiter": 1500, "xatol": 1e-3, "fatol": 1e-5},
    )  # fmt: skip
    print(
        f"{len(found)} decisions from {args.games} games; "
        f"fitted on {cut}, held out {len(held['chosen'])}"
    )
    print(
        "| policy | avg_card, hit_rate, promise, card_cost | lookahead | temperature "
        "| log-loss held out | agreement held out |"
    )
    print("|---|---|---|---|---|---|")
    for label, theta in (("start", before), ("fitted", result.x)):
        ev = ", ".join(f"{x:.4f}" for x in theta[:4])
        print(
            f"| {label} | {ev} | {theta[4]:.4f} | {np.exp(theta[5]):.3f} "
            f"| {log_loss(theta, held):.4f} | {agreement(theta, held):.3f} |"
        )


if __name__ == "__main__":
    main()
