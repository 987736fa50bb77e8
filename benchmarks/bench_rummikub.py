"""Rummikub benchmarks: solver latency (with the PyPI package ``rummikub-solver`` side by
side on the same positions), random-bot games per second, and solver-vs-greedy strength.

    .venv/bin/python benchmarks/bench_rummikub.py                 # latency + games/s
    .venv/bin/python benchmarks/bench_rummikub.py --strength 500  # + 500 solver/greedy games
    git show 9c31f15:src/gametable/games/rummikub/solver.py > /tmp/old_solver.py
    .venv/bin/python benchmarks/bench_rummikub.py --compare-with /tmp/old_solver.py

Positions: ``--positions`` (default 240) seeded positions from
:func:`gametable.games.rummikub.positions.random_position`: tables of 0-60 tiles (uniform),
14-tile racks, jokers possible in every third position. ``rummikub-solver`` is run in its
maximum-tiles mode (``SolverMode.TILE_COUNT``) with its default MILP backend; it cannot
represent which tile a table joker stands for, which it does not need for this mode, so it
gets every position. Its tile counts are compared with ours.

Each solver first solves one extra position untimed: our first call loads numpy and HiGHS
for the LP starting bound (about 0.1 s once per process, printed separately), and
rummikub-solver builds its model on its first call. ``--compare-with FILE`` also times
another version of ``solver.py`` (loaded from that file) on the same positions, in the
same run, and checks that its tile counts agree.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from gametable.agents.base import make_agent
from gametable.agents.play import play_game, random_playout
from gametable.core.rng import Rng
from gametable.games.rummikub import GAME
from gametable.games.rummikub.positions import random_position
from gametable.games.rummikub.solver import solve
from gametable.games.rummikub.tiles import JOKER, counts_of


def positions(n: int, seed: str = "bench-rummikub"):
    rng = Rng(seed)
    out = []
    for i in range(n):
        table, rack = random_position(rng, rng.randbelow(61), 14, jokers=i % 3 == 0)
        out.append((table, rack))
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def warm_up_ours(solve_fn=solve) -> float:
    # a big table, so that the LP starting bound (numpy + HiGHS) is loaded here
    table, rack = random_position(Rng("bench-rummikub-warm-up"), 55, 14, jokers=True)
    t0 = time.perf_counter()
    solve_fn(counts_of(p for s in table for p in s), counts_of(rack), "tiles")
    return time.perf_counter() - t0


def load_solver(path: str):
    """``solve`` from another version of solver.py (for before/after in one run)."""
    spec = importlib.util.spec_from_file_location("bench_other_solver", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up
    spec.loader.exec_module(module)
    return module.solve


def bench_ours(pos, solve_fn=solve) -> tuple[list[float], list[int]]:
    times, answers = [], []
    for table, rack in pos:
        tc = counts_of(p for s in table for p in s)
        rc = counts_of(rack)
        t0 = time.perf_counter()
        sol = solve_fn(tc, rc, "tiles")
        times.append(time.perf_counter() - t0)
        assert sol is not None
        answers.append(sol.tiles)
    return times, answers


def bench_theirs(pos):
    try:
        from rummikub_solver import RuleSet, SolverMode
    except ImportError:
        return None
    rs = RuleSet()
    # our colours K R B O -> theirs BLACK BLUE ORANGE RED
    col_map = {0: 0, 1: 3, 2: 1, 3: 2}

    def theirs(code: int):
        if code == JOKER:
            return rs.tiles[-1]
        c, n = divmod(code, 13)
        return rs.tiles[col_map[c] * 13 + n]

    times, answers = [], []
    warm = positions(1, seed="bench-rummikub-warm-up")
    for i, (table, rack) in enumerate(warm + list(pos)):
        state = rs.new_game()
        state.initial = False
        state.add_table(*[theirs(p if p < JOKER else JOKER) for s in table for p in s])
        state.add_rack(*[theirs(t) for t in rack])
        t0 = time.perf_counter()
        sol = rs.solve(state, SolverMode.TILE_COUNT)
        if i == 0:
            continue  # the warm-up position
        times.append(time.perf_counter() - t0)
        answers.append(0 if sol is None else len(sol.tiles))
    return times, answers


def games_per_second(players: int, seconds: float = 5.0) -> float:
    done = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        state = GAME.new_state(players, seed=seed)
        random_playout(state, Rng(seed))
        done += 1
        seed += 1
    return done / (time.perf_counter() - t0)


def _duel(seed: int) -> tuple[int, bool, bool]:
    seats = ("solver", "greedy") if seed % 2 == 0 else ("greedy", "solver")
    agents = [make_agent(GAME, name, s) for s, name in enumerate(seats)]
    record = play_game(GAME, agents, seed=f"duel-{seed}", agent_seed=f"duel-{seed}")
    assert record.result is not None
    me = seats.index("solver")
    winners = record.result.winners
    return seed, me in winners, len(winners) > 1


def strength(games: int, workers: int) -> tuple[int, int, int]:
    wins = ties = 0
    with ProcessPoolExecutor(workers) as pool:
        for _, won, shared in pool.map(_duel, range(games), chunksize=4):
            wins += won and not shared
            ties += shared
    return wins, ties, games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=240)
    ap.add_argument("--strength", type=int, default=0, help="solver vs greedy games (2p)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-theirs", action="store_true", help="skip rummikub-solver")
    ap.add_argument("--compare-with", metavar="FILE", help="another solver.py to time too")
    args = ap.parse_args(argv)

    pos = positions(args.positions)
    with_jokers = sum(1 for t, r in pos if JOKER in r or any(p >= JOKER for s in t for p in s))
    print(f"{len(pos)} positions, {with_jokers} with a joker, tables 0-60 tiles, racks 14")
    first = warm_up_ours()
    print(f"gametable first call (loads numpy + HiGHS, not timed below): {first * 1e3:.0f} ms")
    ours_t, ours_a = bench_ours(pos)
    rows = [("gametable DP (exact)", ours_t)]
    if args.compare_with:
        other = load_solver(args.compare_with)
        warm_up_ours(other)
        other_t, other_a = bench_ours(pos, other)
        rows.append(("  the same, --compare-with", other_t))
        same = sum(a == b for a, b in zip(ours_a, other_a, strict=True))
        print(f"--compare-with {args.compare_with}: same tile counts on {same} of {len(pos)}")
    theirs = None if args.no_theirs else bench_theirs(pos)
    if theirs is not None:
        rows.append(("rummikub-solver (MILP)", theirs[0]))
    print(f"{'solver':<26}{'median ms':>10}{'p95 ms':>10}{'max ms':>10}{'mean ms':>10}")
    for name, ts in rows:
        print(
            f"{name:<26}{statistics.median(ts) * 1e3:>10.2f}{pct(ts, 0.95) * 1e3:>10.2f}"
            f"{max(ts) * 1e3:>10.1f}{statistics.mean(ts) * 1e3:>10.2f}"
        )
    if theirs is not None:
        diff = [(i, a, b) for i, (a, b) in enumerate(zip(ours_a, theirs[1], strict=True)) if a != b]
        ratio = statistics.median(theirs[0]) / statistics.median(ours_t)
        print(f"median speed-up vs rummikub-solver: {ratio:.1f}x")
        print(f"tile counts that differ: {len(diff)} of {len(pos)}")
        for i, a, b in diff[:10]:
            print(f"  position {i}: ours {a}, rummikub-solver {b}")
    else:
        print("rummikub-solver not installed (pip install rummikub-solver) or skipped")
    for players in (2, 4):
        print(f"random-bot games/s, {players} players: {games_per_second(players, 4.0):.1f}")
    if args.strength:
        wins, ties, games = strength(args.strength, args.workers)
        print(
            f"solver vs greedy, {games} 2-player games: solver won {wins} "
            f"({100 * wins / games:.1f}%), shared {ties}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
