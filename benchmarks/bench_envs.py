"""Environment throughput: decisions per second through each wrapper, beside the bare engine.

For each configuration, in the same run and on one core:

- ``engine loop``: legal actions, a uniformly random choice, apply — no views, no encoding
  (the loop of ``bench_engine.py``);
- ``agents+views``: ``play_game`` with ``random`` agents (views, and the record written);
- ``pettingzoo``: the AEC loop a learner runs — ``env.last()`` (observation vector and
  action mask of the agent to act, and its info), a random legal id from the mask,
  ``env.step``; ``pettingzoo+view`` the same with ``info_view=True`` (the seat's view in
  every info);
- ``gymnasium``: the same through the single-agent env (seat 0 against ``random`` bots,
  whose decisions count too);
- ``openspiel``: ``state.legal_actions()`` and ``apply_action`` on the Python game
  (observations are not asked for);
- PettingZoo's own classic card environments (Texas Hold'em, Leduc Hold'em, Hanabi) with
  the same AEC loop, as the reference a researcher compares with — when installed
  (``pip install -e '.[rl-reference]'``: rlcard, pygame-ce, which rlcard's PettingZoo
  environments import, and shimmy, through which Hanabi comes from OpenSpiel; all are
  wheels, no system package is needed; PettingZoo 1.27 no longer has Gin Rummy).

Each figure is the median of ``--batches`` batches of ``--games`` games (decisions per
second over the batch), after one untimed batch of other seeds that warms the caches
(an encoder reads each game action's notation once, the first time it meets it). The
paths of a game take turns batch by batch, batch ``b`` of each playing the same deals,
and the ratio column is the median over batches of the path's figure over the engine
loop's in the same round (so a drift of the machine's speed does not tilt it).
``--parts`` adds a table of what a decision of the PettingZoo loop spends where (each call
timed in place), beside the bare engine's ``legal_actions`` and ``apply``.
Run: ``python benchmarks/bench_envs.py [--games 200] [--batches 5] [--only ramen-ramen]
[--parts] [--pure-python]``. The line under the table says which encoders computed
observations with compiled code (``--pure-python`` times their Python fast path instead).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import warnings
from collections.abc import Callable

import numpy as np
from rich.console import Console
from rich.table import Table

from gametable.agents import RandomAgent, play_game
from gametable.core import Rng, get_game
from gametable.core.compiled import PURE_PYTHON_VARIABLE

CONFIGS = [
    ("ramen-ramen", 1),
    ("ramen-ramen", 2),
    ("ramen-fury", 2),
    ("ramen-tips", 3),
    ("rummikub", 2),
]


def engine(name: str, players: int, seed: int) -> int:
    state = get_game(name).new_state(players, seed)
    rng = Rng(seed)
    n = 0
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
            n += 1
    state.result()
    return n


def agents(name: str, players: int, seed: int) -> int:
    record = play_game(get_game(name), [RandomAgent() for _ in range(players)], seed=seed)
    return len(record.moves)


def _pick(mask: np.ndarray, rng: Rng) -> int:
    ids = mask.view(np.bool_).nonzero()[0]  # an int8 mask: ten times slower to scan
    return int(ids[rng.randbelow(len(ids))])


def aec_loop(env, seed: int) -> int:  # type: ignore[no-untyped-def]
    """The AEC loop a learner runs, with a random legal id; returns the decisions played."""
    env.reset(seed=seed)
    rng = Rng(seed)
    n = 0
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(_pick(obs["action_mask"], rng))
        n += 1
    return n


def pettingzoo(name: str, players: int, info_view: bool = False) -> Callable[[int], int]:
    from gametable.envs.pettingzoo import env

    e = env(name, players, info_view=info_view)
    return lambda seed: aec_loop(e, seed)


def gymnasium_env(name: str, players: int) -> Callable[[int], int]:
    from gametable.envs.gymnasium import GametableEnv

    e = GametableEnv(name, players, opponents="random")

    def run(seed: int) -> int:
        obs, _ = e.reset(seed=seed)
        rng = Rng(seed)
        while True:
            obs, _r, terminated, _t, _i = e.step(_pick(obs["action_mask"], rng))
            if terminated:
                return e.driver._steps

    return run


def openspiel(name: str, players: int) -> Callable[[int], int]:
    import pyspiel

    from gametable.envs.openspiel import short_name

    game = pyspiel.load_game(short_name(name), {"players": players})

    def run(seed: int) -> int:
        rng = Rng(seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randbelow(len(state.chance_outcomes())))
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randbelow(len(legal))])
            n += 1
        return n

    return run


class _Idle:
    """A PettingZoo AEC game that does nothing: the AEC loop's own floor (``agent_iter``,
    ``last()`` with an observation and a mask copied, the pick, a step), 54 decisions a
    game, two agents, the sizes of Ramen! Ramen!'s observation and mask."""

    def __init__(self) -> None:
        from pettingzoo import AECEnv

        class Idle(AECEnv):  # type: ignore[misc]
            metadata = {"name": "idle"}  # noqa: RUF012

            def __init__(self) -> None:
                super().__init__()
                self.possible_agents = ["player_0", "player_1"]
                self.obs = np.zeros(663, np.float32)
                self.mask = np.ones(43, np.int8)

            def reset(self, seed: int | None = None, options: object = None) -> None:
                self.agents = self.possible_agents[:]
                self.rewards = {a: 0.0 for a in self.agents}
                self._cumulative_rewards = {a: 0.0 for a in self.agents}
                self.terminations = {a: False for a in self.agents}
                self.truncations = {a: False for a in self.agents}
                self.infos = {a: {} for a in self.agents}
                self.agent_selection = "player_0"
                self.n = 0

            def observe(self, agent: str) -> dict[str, np.ndarray]:
                return {"observation": self.obs.copy(), "action_mask": self.mask.copy()}

            def step(self, action: object) -> None:
                if self.terminations[self.agent_selection]:
                    self._was_dead_step(action)
                    return
                self.n += 1
                self.agent_selection = self.possible_agents[self.n % 2]
                if self.n == 54:
                    self.terminations = {a: True for a in self.agents}

        self.env = Idle()

    def __call__(self, seed: int) -> int:
        return aec_loop(self.env, seed)


def classic(module: str) -> Callable[[int], int] | None:
    """A PettingZoo classic environment's AEC loop, or ``None`` when it does not load."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            mod = __import__(f"pettingzoo.classic.{module}", fromlist=["env"])
            e = mod.env()
            e.reset(seed=0)
    except Exception:
        return None
    return lambda seed: aec_loop(e, seed)


def observation_code() -> str:
    """Which encoders compute observations with compiled code in this run."""
    from gametable.envs.encoding import encoder_names, get_encoder

    compiled = [n for n in encoder_names() if get_encoder(get_game(n), 2).compiled]
    return f"compiled (Cython) for {', '.join(compiled)}" if compiled else "Python only"


def rate(run: Callable[[int], int], games: int, batches: int, first_seed: int = 0) -> float:
    """Median over batches of decisions per second, after one untimed batch (the
    encoders remember each action's id the first time they meet it)."""
    return statistics.median(interleaved({"run": run}, games, batches, first_seed)["run"])


def interleaved(
    runs: dict[str, Callable[[int], int]], games: int, batches: int, first_seed: int = 0
) -> dict[str, list[float]]:
    """Decisions per second of each batch of each run, the runs taking turns batch by
    batch (so a drift of the machine's speed reaches them all alike), after one untimed
    batch each on other seeds. Batch ``b`` of every run plays the same deals."""
    for run in runs.values():
        for seed in range(10**6, 10**6 + games):
            run(seed)
    out: dict[str, list[float]] = {label: [] for label in runs}
    for b in range(batches):
        for label, run in runs.items():
            start = time.perf_counter()
            n = 0
            for seed in range(first_seed + b * games, first_seed + (b + 1) * games):
                n += run(seed)
            out[label].append(n / (time.perf_counter() - start))
    return out


def parts(name: str, players: int, games: int) -> dict[str, float]:
    """Microseconds per decision of each part of the PettingZoo AEC loop, each call timed
    in place (so each figure carries the timer's own ~0.1 µs), and of the bare engine's
    ``legal_actions`` and ``apply`` over the same deals."""
    from gametable.envs.pettingzoo import env

    e = env(name, players)
    driver = e.driver
    clock = time.perf_counter_ns
    total: dict[str, int] = {}
    n = 0

    def add(part: str, ns: int) -> None:
        total[part] = total.get(part, 0) + ns

    for i in range(2 * games):  # the first half, on other seeds, warms up
        seed = i - games if i >= games else 10**6 + i
        if i == games:
            total.clear()
            n = 0
        e.reset(seed=seed)
        rng = Rng(seed)
        for agent in e.agent_iter():
            if e.terminations[agent]:
                e.step(None)
                continue
            seat = e.possible_agents.index(agent)
            t0 = clock()
            driver.legal_map(seat)
            t1 = clock()
            driver.observation(seat)
            t2 = clock()
            mask = driver.mask(seat)
            t3 = clock()
            action = _pick(mask, rng)
            t4 = clock()
            e.step(action)
            t5 = clock()
            add("wrapper: legal ids", t1 - t0)
            add("wrapper: observation", t2 - t1)
            add("wrapper: action mask", t3 - t2)
            add("loop: pick from the mask", t4 - t3)
            add("wrapper: step (apply + bookkeeping)", t5 - t4)
            n += 1
    out = {part: ns / n / 1000 for part, ns in total.items()}
    game = get_game(name)
    legal_ns = apply_ns = m = 0
    for seed in range(games):
        state = game.new_state(players, seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_act[0]
            t0 = clock()
            legal = state.legal_actions(seat)
            t1 = clock()
            choice = legal[rng.randbelow(len(legal))]
            t2 = clock()
            state.apply(seat, choice)
            t3 = clock()
            legal_ns += t1 - t0
            apply_ns += t3 - t2
            m += 1
    out["engine: legal_actions"] = legal_ns / m / 1000
    out["engine: apply"] = apply_ns / m / 1000
    return out


def parts_table(games: int, only: str | None) -> Table:
    """The per-part table of :func:`parts` for the ramen games."""
    configs = [(n, p) for n, p in CONFIGS if n != "rummikub" and (not only or n == only)]
    results = {f"{n} {p}p": parts(n, p, games) for n, p in configs}
    table = Table(
        title=f"µs per decision, PettingZoo AEC loop, parts timed in place ({games} games)"
    )
    table.add_column("part")
    for label in results:
        table.add_column(label, justify="right")
    for part in next(iter(results.values())):
        table.add_row(part, *(f"{r[part]:.2f}" for r in results.values()))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per batch")
    parser.add_argument("--batches", type=int, default=5, help="batches (the median is shown)")
    parser.add_argument("--only", help="one game name")
    parser.add_argument(
        "--parts", action="store_true", help="also time each part of the AEC loop in place"
    )
    parser.add_argument(
        "--pure-python",
        action="store_true",
        help="use the encoders' Python observation code, not the compiled one",
    )
    args = parser.parse_args()
    if args.pure_python:
        os.environ[PURE_PYTHON_VARIABLE] = "1"
    table = Table(
        title=f"Environment throughput (random legal decisions, median of {args.batches} "
        f"batches of {args.games} games, one core)"
    )
    for col in ("game", "players", "path", "decisions/s", "vs engine loop"):
        table.add_column(col, justify="left" if col in ("game", "path") else "right")
    for name, players in CONFIGS:
        if args.only and name != args.only:
            continue
        games = max(1, args.games // 8) if name == "rummikub" else args.games
        runs: dict[str, Callable[[int], int]] = {
            "engine loop": lambda s, n=name, p=players: engine(n, p, s),
            "agents+views": lambda s, n=name, p=players: agents(n, p, s),
            "pettingzoo": pettingzoo(name, players),
            "pettingzoo+view": pettingzoo(name, players, info_view=True),
            "gymnasium": gymnasium_env(name, players),
            "openspiel": openspiel(name, players),
        }
        measured = interleaved(runs, games, args.batches)
        bare = measured["engine loop"]
        for label, rates in measured.items():
            ratio = statistics.median(r / e for r, e in zip(rates, bare, strict=True))
            table.add_row(
                name if label == "engine loop" else "",
                str(players) if label == "engine loop" else "",
                label,
                f"{statistics.median(rates):,.0f}",
                f"{ratio:.2f}",
            )
    if not args.only:
        r = rate(_Idle(), args.games, args.batches)
        table.add_row("a game that does nothing", "2", "pettingzoo (floor)", f"{r:,.0f}", "")
        for module, label in (
            ("texas_holdem_v4", "Texas Hold'em"),
            ("leduc_holdem_v4", "Leduc Hold'em"),
            ("hanabi_v5", "Hanabi"),
        ):
            run = classic(module)
            if run is None:
                table.add_row(f"PettingZoo {label}", "2", "pettingzoo", "not installed", "")
                continue
            r = rate(run, args.games, args.batches)
            table.add_row(f"PettingZoo {label}", "2", "pettingzoo (reference)", f"{r:,.0f}", "")
    Console().print(table)
    Console().print(f"observation code: {observation_code()}")
    if args.parts:
        Console().print(parts_table(args.games, args.only))


if __name__ == "__main__":
    main()
