"""Search benchmarks: ISMCTS speed, strength against ``greedy``, and the solo planner's score.

Five tables:

1. **ISMCTS simulations per second** per game (one core): whole games with ISMCTS in every
   seat at a fixed iteration budget; playouts done divided by the CPU time of the search
   (process time, so other load on the machine does not distort it).
2. **Win rate against greedy** per game: ISMCTS in one seat (rotating over the seats), the
   game's ``greedy`` bot in the others; 2 players (the tips game: 3). Seeds 0 … N-1; a
   shared first place counts as half a win. 95% Wilson intervals.
3. **Ramen! Ramen! solo**: the ``planner`` bot's mean score at a time budget per turn over
   seeds F … F+S-1 (``--solo-first-seed``, default 0), with the critics' bands and the
   per-turn median and maximum wall-clock time.
4. **Clocks**: every bot that takes a time budget (ISMCTS in every game, the solo
   planner, Rummikub's solver), at ``--clock-seconds`` per turn against greedy
   opponents: the median and the maximum wall-clock time of its turns, measured as the
   budget is promised (from the turn's first view to its last decision returned, every
   decision of the turn included). The maximum must stay within the budget.
5. **Rollouts**: the solo planner's rollout policies (one-step and lookahead, in Python
   and compiled): whole games per second from the deal, and each policy's own mean score;
   and its exact endgame search (Python and compiled): milliseconds per position on the
   largest endgames (four cards in hand, four in the Fridge, the deck empty).

Quick run (about 15 minutes: 6 games per game, 4 solo seeds)::

    python benchmarks/bench_search.py

The full figures quoted in docs/search.md::

    python benchmarks/bench_search.py --games 1000 --seeds 200 --workers 2

Options: ``--only speed,strength,solo,clocks,rollouts``, ``--clock-seconds``,
``--clock-games``, ``--solo-params`` (the planner's parameters as JSON; with
``"seconds": null`` and ``"samples": N`` a budget of deck samples per decision, which plays
the same games whatever the machine's load), ``--solo-log``
(every solo deal's score, for paired comparisons), ``--rollout-deals``,
``--iterations`` (ISMCTS budget per decision in the strength table; default ISMCTS's
own, the tips game 300, Ramen Fury 500),
``--speed-iterations``, ``--speed-games`` (games per game in table 1, seeds 1 … N; the
median rate is shown), ``--solo-seconds`` (planner budget per turn), ``--games-filter``,
``--first-seed``, ``--workers``, ``--log`` (per-game outcomes, resumable), and ISMCTS
parameters ``--score-weight``, ``--exploration``, ``--rollout``, ``--paired-root``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from gametable.agents import make_agent, play_game
from gametable.agents.clock import TurnTimes
from gametable.agents.ismcts import ISMCTSAgent
from gametable.core.registry import all_games, get_game

DUEL_PLAYERS = {"ramen-tips": 3}
"""Players in the strength table (default 2)."""
STRENGTH_ITERATIONS: dict[str, int] = {"ramen-tips": 300, "ramen-fury": 500}
"""ISMCTS iterations per decision in the strength table where less than the default (1,000)
beats the target with room to spare, to keep 1,000-game runs affordable; an explicit
``--iterations`` applies to every game."""


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


# -- 1. speed ---------------------------------------------------------------------------


def speed(
    game_name: str, players: int, iterations: int, seed: int, rollout: str = "auto"
) -> tuple[int, float, int]:
    """Playouts, CPU seconds and decisions of one game with ISMCTS in every seat."""
    game = get_game(game_name)
    agents = [ISMCTSAgent(game, s, iterations=iterations, rollout=rollout) for s in range(players)]
    total = [0, 0.0, 0]

    class Timed:
        def __init__(self, agent: ISMCTSAgent) -> None:
            self.agent = agent
            self.name = agent.name

        def act(self, view: Any, legal: Any, rng: Any) -> Any:
            started = time.process_time()
            action = self.agent.act(view, legal, rng)
            if self.agent.last.iterations:
                total[0] += self.agent.last.iterations
                total[1] += time.process_time() - started
                total[2] += 1
            return action

    play_game(game, [Timed(a) for a in agents], seed=seed, agent_seed=seed)
    return int(total[0]), float(total[1]), int(total[2])


# -- 2. strength ------------------------------------------------------------------------


def duel(job: tuple[str, int, int, int | None, dict[str, Any]]) -> tuple[float, int, float]:
    """(win share of the ISMCTS seat, its seat, CPU seconds) of one seeded game against
    greedy; ``iterations`` None is ISMCTS's default budget."""
    game_name, players, seed, iterations, params = job
    game = get_game(game_name)
    me = seed % players
    budget = {} if iterations is None else {"iterations": iterations}
    agents = [
        ISMCTSAgent(game, s, **budget, **params) if s == me else make_agent(game, "greedy", s)
        for s in range(players)
    ]
    started = time.process_time()
    result = play_game(game, agents, seed=seed, agent_seed=seed).result
    assert result is not None
    winners = result.winners
    return (1.0 / len(winners) if me in winners else 0.0), me, time.process_time() - started


def _logged(path: str | None, key: dict[str, Any]) -> dict[int, tuple[float, int, float]]:
    """Outcomes already in the log ``path`` for this configuration, by seed."""
    done: dict[int, tuple[float, int, float]] = {}
    if path is None or not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if all(row.get(k) == v for k, v in key.items()):
                done[row["seed"]] = (row["won"], row["seat"], row["cpu"])
    return done


# -- 3. solo ----------------------------------------------------------------------------


def solo(job: tuple[int, float, str, dict[str, Any]]) -> tuple[int, list[float]]:
    """(score, wall-clock seconds of every turn) of one solo game with the given bot."""
    seed, seconds, bot, extra = job
    game = get_game("ramen-ramen")
    # --solo-params may set the budget itself ('{"seconds": null, "samples": 2000}')
    timed = bot == "planner" and "seconds" not in extra
    params: dict[str, Any] = {"seconds": seconds} if timed else {}
    agent = make_agent(game, bot, 0, **params, **extra)
    times = TurnTimes(game)
    record = play_game(game, [agent], seed=seed, agent_seed=seed, turn_times=times)
    result = record.result
    assert result is not None
    return int(result.scores[0]), times.per_seat(0)


def rollout_rates(deals: int) -> list[tuple[str, int, float, float]]:
    """(path, deals played, whole solo games per second from the deal, mean score) of the
    planner's rollout policies, one core: the one-step and the lookahead policy, in Python
    and compiled, on the same deals (seeds 0 … N-1 of the game; the slow Python lookahead
    on the first tenth)."""
    from gametable.games.ramen_ramen.planner import (
        PLANNER_LOOKAHEAD,
        SOLO_EVALUATION,
        _Sim,
        flat_tables,
    )

    game = get_game("ramen-ramen")
    flats = flat_tables(*SOLO_EVALUATION)
    starts = []
    for seed in range(deals):
        state = game.new_state(1, seed)
        starts.append((state.hands[0][:], state.fridge[:], state.deck[:]))
    paths: list[tuple[str, Any]] = []
    for weight, policy in ((0.0, "one-step"), (PLANNER_LOOKAHEAD, "lookahead")):
        paths.append(
            (
                f"Python, {policy}",
                lambda h, f, d, w=weight: _Sim(h[:], f[:], [0, 0, 0], [0, 0, 0], d[:], 0).finish(
                    flats, False, w
                ),
            )
        )
    try:
        from gametable.games.ramen_ramen.planner_fast import Rollouts
    except ImportError:
        print("(the compiled rollouts are not built: Python rows only)")
    else:
        for weight, policy in ((0.0, "one-step"), (PLANNER_LOOKAHEAD, "lookahead")):
            compiled = Rollouts(flats, weight)
            paths.append(
                (
                    f"compiled, {policy}",
                    lambda h, f, d, c=compiled: c.finish_from(
                        h, f, [0, 0, 0], [0, 0, 0], d, 0, False
                    ),
                )
            )
    out = []
    for label, play in paths:
        # The Python lookahead is slow: a tenth of the deals gives its rate.
        chosen = starts[: max(1, deals // 10)] if label == "Python, lookahead" else starts
        began = time.process_time()
        scores = [play(h, f, d) for h, f, d in chosen]
        spent = time.process_time() - began
        out.append((label, len(chosen), len(chosen) / spent, statistics.mean(scores)))
    return out


def endgame_times(positions: int) -> list[tuple[str, int, float, float]]:
    """(path, positions solved, median and maximum CPU milliseconds per position) of the
    planner's exact endgame search, from a play step with four cards in hand, four in the
    Fridge and random open bowls (each position's cards drawn by its seed; every position is
    new to the compiled search's table of positions seen)."""
    import random

    from gametable.games.ramen_ramen.cards import types_mask
    from gametable.games.ramen_ramen.planner import endgame_value

    starts = []
    for seed in range(positions):
        pick = random.Random(seed)
        cards = pick.sample(range(56), 20)
        bowls = []
        for p in range(3):
            bowl = cards[8 + 4 * p : 8 + 4 * p + pick.randrange(5)]
            while bowl and (sum(c & 7 for c in bowl) >= 14 or types_mask(bowl) == 127):
                bowl.pop()
            bowls.append(bowl)
        sums = [sum(c & 7 for c in b) for b in bowls]
        masks = [types_mask(b) for b in bowls]
        starts.append((sorted(cards[:4]), cards[4:8], sums, masks))
    paths: list[tuple[str, Any, int]] = [("Python", endgame_value, max(1, positions // 10))]
    try:
        from gametable.games.ramen_ramen.planner_fast import endgame
    except ImportError:
        print("(the compiled search is not built: the Python row only)")
    else:
        paths.append(("compiled", endgame, positions))
    out = []
    for label, search, count in paths:
        spent = []
        for hand, fridge, sums, masks in starts[:count]:
            began = time.process_time()
            search(hand, fridge, sums, masks, 0, "play")
            spent.append((time.process_time() - began) * 1000)
        out.append((label, count, statistics.median(spent), max(spent)))
    return out


# -- 4. clocks --------------------------------------------------------------------------

CLOCKED = (
    ("ramen-ramen", 1, "planner"),
    ("ramen-ramen", 2, "ismcts"),
    ("ramen-fury", 2, "ismcts"),
    ("ramen-tips", 3, "ismcts"),
    ("rummikub", 2, "ismcts"),
    ("rummikub", 2, "solver"),
)
"""(game, players, bot) of the clocks table: the bot in seat 0, greedy in the others."""


def clocked(job: tuple[str, int, str, float, int]) -> list[float]:
    """The wall-clock seconds of every turn of the bot in seat 0 in one game."""
    name, players, bot, seconds, seed = job
    game = get_game(name)
    agents = [make_agent(game, bot, 0, seconds=seconds)]
    agents += [make_agent(game, "greedy", seat) for seat in range(1, players)]
    times = TurnTimes(game)
    play_game(game, agents, seed=seed, agent_seed=seed, turn_times=times)
    return times.per_seat(0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="games per game in table 2")
    parser.add_argument("--seeds", type=int, default=4, help="solo seeds 0..S-1 in table 3")
    parser.add_argument("--iterations", type=int, default=None, help="ISMCTS budget, table 2")
    parser.add_argument("--speed-iterations", type=int, default=200)
    parser.add_argument(
        "--speed-games", type=int, default=3, help="games (seeds 1..N) per game, table 1"
    )
    parser.add_argument("--solo-seconds", type=float, default=1.0, help="planner s per turn")
    parser.add_argument("--solo-bot", default="planner")
    parser.add_argument("--solo-first-seed", type=int, default=0, help="first solo seed")
    parser.add_argument(
        "--solo-params",
        type=json.loads,
        default={},
        help="the solo bot's parameters as JSON (e.g. '{\"lookahead\": 0}')",
    )
    parser.add_argument(
        "--solo-log", default=None, help="JSON-lines file: every solo deal's seed and score"
    )
    parser.add_argument(
        "--rollout-deals", type=int, default=2000, help="deals per path in the rollouts table"
    )
    parser.add_argument("--clock-seconds", type=float, default=1.0, help="budget, table 4")
    parser.add_argument("--clock-games", type=int, default=2, help="games per bot, table 4")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--score-weight", type=float, default=None, help="ISMCTS score_weight")
    parser.add_argument("--exploration", type=float, default=None, help="ISMCTS exploration")
    parser.add_argument("--rollout", default=None, help="ISMCTS rollout policy")
    parser.add_argument(
        "--paired-root", action="store_true", help="ISMCTS paired_root (shared samples)"
    )
    parser.add_argument("--first-seed", type=int, default=0, help="first seed of table 2")
    parser.add_argument("--only", default="speed,strength,solo,clocks,rollouts")
    parser.add_argument("--games-filter", default="", help="comma-separated game names")
    parser.add_argument(
        "--log",
        default=None,
        help="JSON-lines file of per-game outcomes (table 2): games already in it for the "
        "same game and settings are not played again, and the table counts them all",
    )
    args = parser.parse_args(argv)
    parts = set(args.only.split(","))
    tables = ("speed", "strength", "solo", "clocks", "rollouts")
    unknown_parts = sorted(parts - set(tables))
    if unknown_parts:
        print(f"unknown table(s) {', '.join(unknown_parts)} (choose from {', '.join(tables)})")
        return 2
    names = [g.name for g in all_games()]
    if args.games_filter:
        wanted = args.games_filter.split(",")
        unknown = [w for w in wanted if w not in names]
        if unknown:
            print(f"unknown game(s): {', '.join(unknown)} (known: {', '.join(names)})")
            return 2
        names = wanted
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None

    def run(fn: Any, jobs: list[Any]) -> Iterator[Any]:
        """The outcomes in job order, each as soon as it (and those before it) is done."""
        if pool is None:
            return map(fn, jobs)
        return pool.map(fn, jobs, chunksize=1)

    if "speed" in parts:
        print(
            f"\nISMCTS simulations per second (one core, {args.speed_iterations} per decision, "
            f"rollout {args.rollout or 'auto'}; median of {args.speed_games} games, range)"
        )
        print(f"{'game':<14}{'players':>8}{'decisions':>11}{'sims/s':>10}{'range':>16}")
        for name in names:
            players = DUEL_PLAYERS.get(name, 2)
            rates = []
            decisions = 0
            try:
                for seed in range(1, args.speed_games + 1):
                    sims, secs, made = speed(
                        name, players, args.speed_iterations, seed, rollout=args.rollout or "auto"
                    )
                    rates.append(sims / max(secs, 1e-9))
                    decisions += made
            except Exception as exc:  # a game still being written must not stop the table
                print(f"{name:<14}{players:>8}  failed: {exc!r}")
                continue
            spread = f"{min(rates):,.0f}–{max(rates):,.0f}"
            print(
                f"{name:<14}{players:>8}{decisions:>11}{statistics.median(rates):>10,.0f}"
                f"{spread:>16}"
            )
            sys.stdout.flush()

    if "strength" in parts:
        print(
            f"\nISMCTS against greedy, {args.games} seeded games per game "
            f"(ISMCTS seat rotating; a shared win counts half)"
        )
        print(
            f"{'game':<14}{'players':>8}{'iters':>7}{'games':>7}{'won':>8}{'95% CI':>16}"
            f"{'target':>8}"
        )
        for name in names:
            players = DUEL_PLAYERS.get(name, 2)
            params: dict[str, Any] = {
                key: value
                for key, value in (
                    ("score_weight", args.score_weight),
                    ("exploration", args.exploration),
                    ("rollout", args.rollout),
                    ("paired_root", True if args.paired_root else None),
                )
                if value is not None
            }
            seeds = range(args.first_seed, args.first_seed + args.games)
            iterations = args.iterations or STRENGTH_ITERATIONS.get(name)
            key = {"game": name, "players": players, "iterations": iterations, "params": params}
            done = _logged(args.log, key)
            jobs = [(name, players, seed, iterations, params) for seed in seeds if seed not in done]
            started = time.perf_counter()
            try:
                for job, outcome in zip(jobs, run(duel, jobs), strict=True):
                    done[job[2]] = outcome
                    if args.log is not None:
                        with open(args.log, "a", encoding="utf-8") as f:
                            won, seat, cpu = outcome
                            row = {**key, "seed": job[2], "won": won, "seat": seat, "cpu": cpu}
                            f.write(json.dumps(row) + "\n")
            except Exception as exc:
                print(f"{name:<14}{players:>8}  failed: {exc!r}")
                continue
            outcomes = [done[seed] for seed in sorted(done)]
            wins = sum(w for w, _, _ in outcomes)
            lo, hi = wilson(wins, len(outcomes))
            target = 0.45 if players == 3 else 0.60
            cpu = statistics.median(c for _, _, c in outcomes)
            shown = iterations or ISMCTSAgent(get_game(name), 0).iterations
            print(
                f"{name:<14}{players:>8}{shown:>7}{len(outcomes):>7}"
                f"{wins / len(outcomes):>8.1%}"
                f"{f'{lo:.1%}–{hi:.1%}':>16}{target:>8.0%}"
                f"   (median {cpu:.1f} CPU s per game; {time.perf_counter() - started:.0f} s)"
            )
            sys.stdout.flush()

    if "solo" in parts:
        from gametable.games.ramen_ramen.scoring import band_label, critics_band

        budget = (
            f"{args.solo_params.get('samples')} samples per decision"
            if args.solo_params.get("seconds", 0) is None
            else f"{args.solo_params.get('seconds', args.solo_seconds)} s per turn"
        )
        print(
            f"\nRamen! Ramen! solo, bot {args.solo_bot} at {budget}, "
            f"seeds {args.solo_first_seed}–{args.solo_first_seed + args.seeds - 1}"
        )
        first = args.solo_first_seed
        seeds = range(first, first + args.seeds)
        jobs = [(seed, args.solo_seconds, args.solo_bot, args.solo_params) for seed in seeds]
        outcomes = list(run(solo, jobs))
        scores = [s for s, _ in outcomes]
        if args.solo_log:
            with open(args.solo_log, "a", encoding="utf-8") as log:
                for seed, (score, game_turns) in zip(seeds, outcomes, strict=True):
                    entry = {
                        "seed": seed,
                        "bot": args.solo_bot,
                        "params": args.solo_params,
                        "seconds": args.solo_params.get("seconds", args.solo_seconds),
                        "score": score,
                        "max_turn_s": round(max(game_turns), 4),
                    }
                    log.write(json.dumps(entry) + "\n")
        turns = [t for _, game_turns in outcomes for t in game_turns]
        sd = statistics.stdev(scores) if len(scores) > 1 else 0.0
        print(
            f"mean {statistics.mean(scores):.2f} ± {1.96 * sd / math.sqrt(len(scores)):.2f} "
            f"(95%), median {statistics.median(scores)}, min {min(scores)}, max {max(scores)}; "
            f"turns: median {statistics.median(turns):.3f} s, max {max(turns):.3f} s "
            f"({len(turns)} turns)"
        )
        bands = Counter(critics_band(s) for s in scores)
        print("  ".join(f"{band_label(b)}: {bands[b]}" for b in sorted(bands)))
    if "rollouts" in parts:
        print(
            f"\nThe solo planner's rollout policies: whole games from the deal, seeds "
            f"0–{args.rollout_deals - 1}, one core (CPU time)"
        )
        print(f"{'path':<22}{'deals':>7}{'games/s':>10}{'mean score':>12}")
        for label, played, rate, mean in rollout_rates(args.rollout_deals):
            print(f"{label:<22}{played:>7}{rate:>10,.0f}{mean:>12.2f}")
        print(
            "\nThe exact endgame search: the largest endgames (4 cards in hand, 4 in the "
            "Fridge, random bowls; seeds 0–199, Python on the first 20), one core (CPU time)"
        )
        print(f"{'path':<22}{'positions':>10}{'median ms':>11}{'max ms':>9}")
        for label, solved, median, most in endgame_times(200):
            print(f"{label:<22}{solved:>10}{median:>11.2f}{most:>9.2f}")
    if "clocks" in parts:
        print(
            f"\nTurn times at {args.clock_seconds} s per turn (bot in seat 0, greedy in the "
            f"others; {args.clock_games} games each, seeds 1–{args.clock_games}; wall clock, "
            f"every decision of a turn included)"
        )
        print(f"{'game':<14}{'players':>8}{'bot':>9}{'turns':>7}{'median s':>10}{'max s':>8}")
        for name, players, bot in CLOCKED:
            if name not in names:
                continue
            jobs = [
                (name, players, bot, args.clock_seconds, seed)
                for seed in range(1, args.clock_games + 1)
            ]
            turns = [t for game_turns in run(clocked, jobs) for t in game_turns]
            worst = max(turns)
            flag = "" if worst <= args.clock_seconds else "  OVER BUDGET"
            print(
                f"{name:<14}{players:>8}{bot:>9}{len(turns):>7}"
                f"{statistics.median(turns):>10.3f}{worst:>8.3f}{flag}"
            )
            sys.stdout.flush()
    if pool is not None:
        pool.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
