"""Rummikub benchmarks: solver latency on the hard and the uniform position sets (with the
PyPI package ``rummikub-solver`` side by side on the same positions), random-bot games per
second, and solver-vs-greedy strength.

    .venv/bin/python benchmarks/bench_rummikub.py                 # hard + uniform + games/s
    .venv/bin/python benchmarks/bench_rummikub.py --strength 300  # + 300 solver/greedy games
    git show main:src/gametable/games/rummikub/solver.py > /tmp/old_solver.py
    .venv/bin/python benchmarks/bench_rummikub.py --compare-with /tmp/old_solver.py
    .venv/bin/python benchmarks/bench_rummikub.py --make-hard benchmarks/data/rummikub_hard.json

**Hard set** (issue 16; ``--hard FILE``, default ``benchmarks/data/rummikub_hard.json``):
300 late-game positions of seeded games, as the seat to act saw them — 240 from
solver-vs-greedy games and 60 from ISMCTS-vs-greedy games (seats alternating), at most 4
per game: tables of 30-80 tiles, racks of 8-20, both jokers on the table or one on the
table and one on the rack (:func:`gametable.games.rummikub.positions.is_hard`). The set
is kept in a file so that it stays the same while the bots and rules change;
``--make-hard FILE`` plays the games again and rewrites it. Each position is solved for
the three objectives through the public entry points: ``best_play`` for the most tiles and
the most value (a laid joker worth 30), ``best_opening`` for the best initial meld from the
rack alone (most tiles, worth at least 30). Every answer is checked legal
with the rules (``check_play``); ``--exact`` also checks its score against the ILP oracle
of the tests (scipy + HiGHS, slow).

**Uniform set**: ``--positions`` (default 240) seeded positions from
:func:`~gametable.games.rummikub.positions.random_position`: tables of 0-60 tiles
(uniform), 14-tile racks, jokers possible in every third position; most tiles only.

Times are CPU time per solve (``time.process_time``: other engineers share the machine)
and wall time beside it, each solver warmed up first (our first call loads numpy and HiGHS
for the LP bound, ~0.1 s once per process; rummikub-solver builds its models) and the
garbage collected before each solver's block (rummikub-solver leaves much for it).
``--repeat N`` goes N times through the positions with every solver and keeps each
position's fastest solve, which takes most of the noise of a shared machine out.
``rummikub-solver`` (``pip install rummikub-solver``, or the ``bench`` extra) runs with its
default MILP backend in the matching mode: ``TILE_COUNT``, ``TOTAL_VALUE`` and ``INITIAL``
(rack only). Its answers are compared with ours: tile counts; the value of the number
tiles laid against our value objective with jokers worth 0, as it counts them; whether an
initial meld exists. ``--compare-with FILE`` also times another version of ``solver.py``
(loaded from that file) on the same positions in the same run and compares its scores.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import itertools
import json
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from gametable.agents.base import make_agent
from gametable.agents.play import play_game, random_playout
from gametable.core.rng import Rng
from gametable.games.rummikub import GAME
from gametable.games.rummikub import solver as this_solver
from gametable.games.rummikub.positions import Position, hard_positions, random_position
from gametable.games.rummikub.solver import solve
from gametable.games.rummikub.state import check_play
from gametable.games.rummikub.tiles import JOKER, KINDS, counts_of, set_error

HARD_FILE = Path(__file__).parent / "data" / "rummikub_hard.json"
OBJECTIVES = ("tiles", "value", "opening")
THEIR_MODE = {"tiles": "TILE_COUNT", "value": "TOTAL_VALUE", "opening": "INITIAL"}

Solver = Any
"""A solver module: ``best_play``, ``best_opening`` and ``solve`` (this one or another
version's, see ``--compare-with``)."""


def positions(n: int, seed: str = "bench-rummikub") -> list[tuple[Any, list[int]]]:
    rng = Rng(seed)
    out = []
    for i in range(n):
        table, rack = random_position(rng, rng.randbelow(61), 14, jokers=i % 3 == 0)
        out.append((table, rack))
    return out


def load_hard(path: Path) -> list[Position]:
    """The positions of a file written by ``--make-hard`` (:class:`SystemExit` naming the
    problem if it cannot be read)."""
    try:
        data = json.loads(path.read_text())
    except OSError as e:
        raise SystemExit(f"{path}: cannot read it ({e.strerror})") from None
    except json.JSONDecodeError as e:
        raise SystemExit(f"{path}: not JSON ({e})") from None
    if not isinstance(data, list) or not data:
        raise SystemExit(f"{path}: expected a non-empty list of positions")
    out = []
    for i, entry in enumerate(data):
        try:
            out.append(Position.from_json(entry))
        except ValueError as e:
            raise SystemExit(f"{path}: position {i}: {e}") from None
    return out


def make_hard(path: Path, solver_games: int = 240, ismcts_games: int = 60) -> None:
    """Play the seeded games again and write the hard set (about 3 minutes)."""

    def take(names: tuple[str, str], label: str, n: int) -> list[Position]:
        got: list[Position] = []
        for seed in itertools.count():
            seats = names if seed % 2 == 0 else names[::-1]
            got.extend(hard_positions(seats, [f"{label}-{seed}"]))
            if len(got) >= n:
                return got[:n]
        raise AssertionError  # pragma: no cover

    found = take(("solver", "greedy"), "hard", solver_games)
    found += take(("ismcts", "greedy"), "hard", ismcts_games)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([p.to_json() for p in found], indent=0) + "\n")
    print(f"wrote {len(found)} hard positions to {path}")


def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def load_solver(path: str) -> Solver:
    """Another version of solver.py (for before/after in one run)."""
    spec = importlib.util.spec_from_file_location("bench_other_solver", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up
    spec.loader.exec_module(module)
    return module


def warm_up_ours(module: Solver = this_solver) -> float:
    # a big table, so that the LP starting bound (numpy + HiGHS) is loaded here
    table, rack = random_position(Rng("bench-rummikub-warm-up"), 55, 14, jokers=True)
    t0 = time.perf_counter()
    module.best_play(table, rack, "tiles")
    return time.perf_counter() - t0


def score(sol: Any, objective: str) -> int | None:
    if sol is None:
        return None
    if objective == "value":
        return int(sol.value * 1000 + sol.tiles)
    return int(sol.tiles * 1000 + sol.value)


REPEAT = 1
"""Rounds over the positions (``--repeat``): each position's fastest solve counts."""


def sweep(items: Sequence[Any], prepare: Any) -> tuple[list[Any], list[float], list[float]]:
    """For each item, ``prepare(item)()``'s answer and its least CPU and wall seconds over
    :data:`REPEAT` rounds through all the items (so that no solve follows one of the same
    position, which would find the LP's basis and the caches ready for it)."""
    n = len(items)
    cpu = [float("inf")] * n
    wall = [float("inf")] * n
    answers: list[Any] = [None] * n
    for round_ in range(REPEAT):
        for i, item in enumerate(items):
            call = prepare(item)
            c0, w0 = time.process_time(), time.perf_counter()
            out = call()
            cpu[i] = min(cpu[i], time.process_time() - c0)
            wall[i] = min(wall[i], time.perf_counter() - w0)
            if round_ == 0:
                answers[i] = out
    return answers, cpu, wall


class Timed:
    """CPU and wall seconds and the answers' scores of one solver on one objective."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.wall: list[float] = []
        self.scores: list[int | None] = []


def solve_one(module: Solver, p: Position, objective: str) -> Any:
    """The public entry points: ``best_play`` (most tiles, most value) and
    ``best_opening`` (the initial meld, most tiles)."""
    if objective == "opening":
        return module.best_opening(p.rack, "tiles")
    return module.best_play(p.table, p.rack, objective)


def bench_ours_hard(hard: Sequence[Position], module: Solver, check: bool) -> dict[str, Timed]:
    gc.collect()  # not the other solvers' garbage collected inside these solves
    out = {}
    for objective in OBJECTIVES:
        t = out[objective] = Timed()
        sols, t.cpu, t.wall = sweep(hard, lambda p, o=objective: lambda: solve_one(module, p, o))
        for p, sol in zip(hard, sols, strict=True):
            t.scores.append(score(sol, objective))
            if check and sol is not None:
                legal(p, sol, objective)
    return out


def legal(p: Position, sol: Any, objective: str) -> None:
    """The answer is a legal play of ``p`` laying what it says (raises otherwise)."""
    for s in sol.table:
        error = set_error(s)
        if error is not None:
            raise AssertionError(f"{p.source}, {objective}: {error}")
    if objective == "opening":
        assert sol.meld_value >= 30, (p.source, sol)
        laid = counts_of(q for s in sol.table for q in s)
        rack = counts_of(p.rack)
        assert all(laid[k] <= rack[k] for k in range(KINDS)), (p.source, sol)
    elif sol.tiles:
        laid = check_play(p.table, counts_of(p.rack), True, sol.table, {})
        assert sum(laid) == sol.tiles, (p.source, objective, sol)


def exact_check(hard: Sequence[Position], ours: dict[str, Timed]) -> int:
    """Scores against the ILP oracle of the tests; returns the number that differ."""
    sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "games" / "rummikub"))
    from rummikub_oracle import oracle_score

    bad = 0
    for objective in OBJECTIVES:
        for p, got in zip(hard, ours[objective].scores, strict=True):
            if objective == "opening":
                want = oracle_score([0] * KINDS, counts_of(p.rack), "tiles", min_meld=30)
            else:
                tc = counts_of(q for s in p.table for q in s)
                want = oracle_score(tc, counts_of(p.rack), objective)
            if got != want:
                bad += 1
                print(f"  NOT EXACT {p.source} {objective}: ours {got}, ILP {want}")
    return bad


def bench_theirs_hard(hard: Sequence[Position]) -> dict[str, tuple[Timed, list[Any]]] | None:
    """rummikub-solver per mode: times and its answers (tiles, number value, any meld)."""
    try:
        from rummikub_solver import Number, RuleSet, SolverMode
    except ImportError:
        return None
    rs = RuleSet()
    col_map = {0: 0, 1: 3, 2: 1, 3: 2}  # our colours K R B O -> theirs BLACK BLUE ORANGE RED

    def theirs(code: int) -> Any:
        if code >= JOKER:
            return rs.tiles[-1]
        c, n = divmod(code, 13)
        return rs.tiles[col_map[c] * 13 + n]

    gc.collect()
    out = {}
    warm = hard[0]
    for objective in OBJECTIVES:
        mode = getattr(SolverMode, THEIR_MODE[objective])
        t = Timed()

        def prepare(p: Position, objective: str = objective, mode: Any = mode) -> Any:
            state = rs.new_game()
            state.initial = objective == "opening"
            if objective != "opening":
                state.add_table(*[theirs(q) for s in p.table for q in s])
            state.add_rack(*[theirs(q) for q in p.rack])
            return lambda: rs.solve(state, mode)

        prepare(warm)()  # the warm-up (builds the model)
        sols, t.cpu, t.wall = sweep(hard, prepare)
        answers = []
        for sol in sols:
            laid = [] if sol is None else list(sol.tiles)
            value = sum(x.value for x in laid if isinstance(x, Number))
            answers.append((len(laid), value, sol is not None))
        out[objective] = (t, answers)
    return out


def compare_theirs(
    hard: Sequence[Position], ours: dict[str, Timed], theirs: dict[str, tuple[Timed, list[Any]]]
) -> None:
    print("rummikub-solver's answers against ours:")
    diff = [
        (p.source, (s or 0) // 1000, a[0])
        for p, s, a in zip(hard, ours["tiles"].scores, theirs["tiles"][1], strict=True)
        if (s or 0) // 1000 != a[0]
    ]
    print(f"  most tiles: tile counts differ on {len(diff)} of {len(hard)}")
    for d in diff[:5]:
        print(f"    {d[0]}: ours {d[1]}, rummikub-solver {d[2]}")
    # its value objective counts the number tiles laid (a joker is worth 0 there): ours
    # with jokers worth 0 is the exact answer to that question
    wrong = []
    for p, a in zip(hard, theirs["value"][1], strict=True):
        best = solve(counts_of(q for s in p.table for q in s), counts_of(p.rack), "value", 0)
        assert best is not None
        if a[1] != best.value:
            wrong.append((p.source, best.value, a[1]))
    print(
        f"  most value (number tiles' value, jokers 0 as it counts them): rummikub-solver "
        f"falls short of the optimum on {len(wrong)} of {len(hard)} "
        f"({100 * len(wrong) / len(hard):.0f}%)"
    )
    for source, best_value, their_value in wrong[:5]:
        print(f"    {source}: optimum {best_value}, rummikub-solver {their_value}")
    agree = sum(
        (s is not None) == a[2]
        for s, a in zip(ours["opening"].scores, theirs["opening"][1], strict=True)
    )
    print(f"  initial meld: both find one or both find none on {agree} of {len(hard)}")


def jokers_key(p: Position) -> str:
    return f"{p.table_jokers} on table, {p.rack_jokers} on rack"


def report_hard(hard: Sequence[Position], rows: list[tuple[str, dict[str, Timed]]]) -> None:
    print(
        f"{'objective':<10}{'solver':<28}{'CPU median':>11}{'p95':>8}{'max':>8}"
        f"{'wall median':>12}{'p95':>8}   (ms)"
    )
    for objective in OBJECTIVES:
        for name, res in rows:
            t = res[objective]
            print(
                f"{objective:<10}{name:<28}{statistics.median(t.cpu) * 1e3:>11.2f}"
                f"{pct(t.cpu, 0.95) * 1e3:>8.2f}{max(t.cpu) * 1e3:>8.1f}"
                f"{statistics.median(t.wall) * 1e3:>12.2f}{pct(t.wall, 0.95) * 1e3:>8.2f}"
            )
    ours = rows[0][1]
    print("gametable DP by jokers in play, CPU ms (median / p95 / max):")
    for group in sorted({jokers_key(p) for p in hard}):
        idx = [i for i, p in enumerate(hard) if jokers_key(p) == group]
        cells = []
        for objective in OBJECTIVES:
            ts = [ours[objective].cpu[i] for i in idx]
            cells.append(
                f"{objective} {statistics.median(ts) * 1e3:.2f} / {pct(ts, 0.95) * 1e3:.2f}"
                f" / {max(ts) * 1e3:.1f}"
            )
        print(f"  {group} ({len(idx)}): " + "; ".join(cells))


def bench_ours_uniform(pos: Sequence[Any], module: Solver = this_solver) -> Timed:
    gc.collect()
    t = Timed()
    sols, t.cpu, t.wall = sweep(pos, lambda tr: lambda: module.best_play(tr[0], tr[1], "tiles"))
    t.scores = [score(sol, "tiles") for sol in sols]
    return t


def bench_theirs_uniform(pos: Sequence[Any]) -> tuple[Timed, list[int]] | None:
    hard = [Position(table, tuple(sorted(rack))) for table, rack in pos]
    theirs = bench_theirs_hard_tiles(hard)
    return theirs


def bench_theirs_hard_tiles(hard: Sequence[Position]) -> tuple[Timed, list[int]] | None:
    try:
        from rummikub_solver import RuleSet, SolverMode
    except ImportError:
        return None
    rs = RuleSet()
    col_map = {0: 0, 1: 3, 2: 1, 3: 2}

    def theirs(code: int) -> Any:
        if code >= JOKER:
            return rs.tiles[-1]
        c, n = divmod(code, 13)
        return rs.tiles[col_map[c] * 13 + n]

    def prepare(p: Position) -> Any:
        state = rs.new_game()
        state.initial = False
        state.add_table(*[theirs(q) for s in p.table for q in s])
        state.add_rack(*[theirs(q) for q in p.rack])
        return lambda: rs.solve(state, SolverMode.TILE_COUNT)

    gc.collect()
    prepare(hard[-1])()  # the warm-up (builds the model)
    t = Timed()
    sols, t.cpu, t.wall = sweep(hard, prepare)
    return t, [0 if sol is None else len(sol.tiles) for sol in sols]


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


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / d
    return c - h, c + h


def row_uniform(name: str, t: Timed) -> str:
    return (
        f"{name:<28}{statistics.median(t.cpu) * 1e3:>11.2f}{pct(t.cpu, 0.95) * 1e3:>8.2f}"
        f"{max(t.cpu) * 1e3:>8.1f}{statistics.median(t.wall) * 1e3:>12.2f}"
        f"{pct(t.wall, 0.95) * 1e3:>8.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hard", type=Path, default=HARD_FILE, help="the hard position set")
    ap.add_argument("--make-hard", type=Path, metavar="FILE", help="play the games, write FILE")
    ap.add_argument("--positions", type=int, default=240, help="uniform positions")
    ap.add_argument("--strength", type=int, default=0, help="solver vs greedy games (2p)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-theirs", action="store_true", help="skip rummikub-solver")
    ap.add_argument("--no-games", action="store_true", help="skip random-bot games/s")
    ap.add_argument("--exact", action="store_true", help="check every answer with the ILP")
    ap.add_argument(
        "--repeat", type=int, default=1, help="solve each position N times, keep the fastest"
    )
    ap.add_argument("--compare-with", metavar="FILE", help="another solver.py to time too")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error(f"--repeat must be at least 1, got {args.repeat}")
    global REPEAT
    REPEAT = args.repeat
    if args.make_hard:
        make_hard(args.make_hard)
        return 0

    first = warm_up_ours()
    print(f"gametable first call (loads numpy + HiGHS, not timed below): {first * 1e3:.0f} ms")
    other = None
    if args.compare_with:
        other = load_solver(args.compare_with)
        warm_up_ours(other)

    hard = load_hard(args.hard)
    tiles = [p.table_tiles for p in hard]
    racks = [len(p.rack) for p in hard]
    print(
        f"\nHARD SET {args.hard.name}: {len(hard)} positions, tables {min(tiles)}-{max(tiles)} "
        f"tiles (median {statistics.median(tiles):.0f}), racks {min(racks)}-{max(racks)} "
        f"(median {statistics.median(racks):.0f})"
    )
    ours = bench_ours_hard(hard, this_solver, check=True)
    print("every answer checked legal with the rules")
    rows = [("gametable DP (exact)", ours)]
    if other is not None:
        old = bench_ours_hard(hard, other, check=False)
        rows.append(("  --compare-with", old))
        for objective in OBJECTIVES:
            same = sum(
                a == b for a, b in zip(ours[objective].scores, old[objective].scores, strict=True)
            )
            print(f"--compare-with: same {objective} scores on {same} of {len(hard)}")
    theirs = None if args.no_theirs else bench_theirs_hard(hard)
    if theirs is not None:
        rows.append(("rummikub-solver (MILP)", {k: v[0] for k, v in theirs.items()}))
    report_hard(hard, rows)
    for name, res in rows[1:]:
        for what in ("cpu", "wall"):
            ratios = []
            for o in OBJECTIVES:
                ratio = statistics.median(getattr(res[o], what)) / statistics.median(
                    getattr(ours[o], what)
                )
                ratios.append(f"{o} {ratio:.1f}x")
            print(f"median {what} of {name.strip()} / ours: " + ", ".join(ratios))
    if theirs is not None:
        compare_theirs(hard, ours, theirs)
    else:
        print("rummikub-solver not installed (pip install rummikub-solver) or skipped")
    if args.exact:
        bad = exact_check(hard, ours)
        print(f"ILP oracle: {3 * len(hard) - bad} of {3 * len(hard)} answers optimal")

    pos = positions(args.positions)
    with_jokers = sum(1 for t, r in pos if JOKER in r or any(p >= JOKER for s in t for p in s))
    print(
        f"\nUNIFORM SET: {len(pos)} positions, {with_jokers} with a joker, tables 0-60 tiles, "
        "racks 14; most tiles"
    )
    uni = bench_ours_uniform(pos)
    print(
        f"{'solver':<28}{'CPU median':>11}{'p95':>8}{'max':>8}{'wall median':>12}{'p95':>8}   (ms)"
    )
    print(row_uniform("gametable DP (exact)", uni))
    if other is not None:
        print(row_uniform("  --compare-with", bench_ours_uniform(pos, other)))
    theirs_u = None if args.no_theirs else bench_theirs_uniform(pos)
    if theirs_u is not None:
        print(row_uniform("rummikub-solver (MILP)", theirs_u[0]))
        ratio = statistics.median(theirs_u[0].cpu) / statistics.median(uni.cpu)
        diff = sum((s or 0) // 1000 != a for s, a in zip(uni.scores, theirs_u[1], strict=True))
        print(f"median CPU of rummikub-solver / ours: {ratio:.1f}x; tile counts differ: {diff}")

    if not args.no_games:
        for players in (2, 4):
            print(f"random-bot games/s, {players} players: {games_per_second(players, 4.0):.1f}")
    if args.strength:
        wins, ties, games = strength(args.strength, args.workers)
        lo, hi = wilson(wins + ties / 2, games)
        print(
            f"solver vs greedy, {games} 2-player games: solver won {wins}, shared {ties} "
            f"({100 * (wins + ties / 2) / games:.1f}%, 95% Wilson {100 * lo:.1f}-{100 * hi:.1f}%)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
