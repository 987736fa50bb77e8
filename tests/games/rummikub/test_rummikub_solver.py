"""The exact solver against an independent ILP oracle, plus the hard cases by name."""

from __future__ import annotations

import pytest
from rummikub_helpers import table, tiles
from rummikub_oracle import oracle_score

from gametable.core.rng import Rng
from gametable.games.rummikub.positions import random_position
from gametable.games.rummikub.solver import Solution, best_opening, best_play, solve
from gametable.games.rummikub.state import check_play
from gametable.games.rummikub.tiles import (
    ALL_TILES,
    counts_of,
    set_error,
    set_value,
)

OPTS: dict[str, object] = {}


def score(sol: Solution | None, objective: str) -> int | None:
    if sol is None:
        return None
    if objective == "tiles":
        return sol.tiles * 1000 + sol.value
    return sol.value * 1000 + sol.tiles


def check(tab, rack, objective):
    tc = counts_of(p for s in tab for p in s)
    rc = counts_of(rack)
    sol = solve(tc, rc, objective)
    assert sol is not None
    assert all(set_error(s) is None for s in sol.table)
    if sol.tiles:
        laid = check_play(tab, rc, True, sol.table, OPTS)
        assert sum(laid) == sol.tiles
    assert score(sol, objective) == oracle_score(tc, rc, objective)


@pytest.mark.parametrize("chunk", range(8))
def test_solver_matches_the_ilp_oracle_on_random_positions(chunk):
    """1,040 positions: 14-tile racks, jokers in a third, tables of 0-60 tiles in two
    chunks and 0-45 in the others (the large tables with jokers are the slow ones)."""
    rng = Rng(f"solver-oracle-{chunk}")
    biggest = 61 if chunk < 2 else 46
    for i in range(130):
        tab, rack = random_position(rng, rng.randbelow(biggest), 14, jokers=i % 3 == 0)
        check(tab, rack, "tiles" if i % 2 else "value")


def test_solver_matches_the_oracle_on_big_tables_with_jokers():
    """The slow corner (45-60 table tiles, jokers everywhere), where the threshold
    passes, the LP starting bound and the dominance between run states do most work."""
    rng = Rng("solver-oracle-big-jokers")
    for i in range(48):
        tab, rack = random_position(rng, 45 + rng.randbelow(16), 14, jokers=True)
        check(tab, rack, "tiles" if i % 2 else "value")


@pytest.mark.parametrize("chunk", range(2))
def test_best_opening_matches_the_oracle(chunk):
    rng = Rng(f"opening-oracle-{chunk}")
    for i in range(120):
        pool = list(ALL_TILES)
        rng.shuffle(pool)
        rack = pool[: 14 + rng.randbelow(8)]
        objective = "tiles" if i % 2 else "value"
        sol = best_opening(rack, objective)
        expected = oracle_score([0] * 53, counts_of(rack), objective, min_meld=30)
        assert score(sol, objective) == expected
        if sol is not None:
            assert sol.meld_value >= 30
            assert sum(set_value(s) for s in sol.table) == sol.meld_value


def test_joker_at_the_end_of_a_run():
    sol = best_play(table("R11 R12 R13"), tiles("J"))
    assert sol.table == table("J=R10 R11 R12 R13")
    sol = best_play(table("R1 R2 R3"), tiles("J"))
    assert sol.tiles == 1 and sol.table in (table("R1 R2 R3 J=R4"),)


def test_group_of_four_with_a_joker():
    sol = best_play(table("K7 R7 B7"), tiles("J"))
    assert sol.table == table("K7 R7 B7 J=O7")


def test_two_jokers_make_a_run_with_one_tile():
    sol = best_play((), tiles("J J R5"))
    assert sol.tiles == 3 and len(sol.table) == 1


def test_opening_made_of_groups_only():
    sol = best_opening(tiles("K6 R6 B6 O6 K3 R3 B3 O12"))
    assert sol is not None and sol.tiles == 7 and sol.meld_value == 33
    assert best_opening(tiles("K5 R5 B5 O5 K3 R3 B3")) is None  # 29


def test_opening_needs_30_from_the_rack_joker_at_its_face():
    sol = best_opening(tiles("R9 R10 J"))
    assert sol is not None and sol.meld_value == 30  # J = R11
    assert best_opening(tiles("R1 R2 J")) is None


def test_table_that_must_be_completely_rearranged():
    # runs R1-R3, B1-B3, K1-K3 plus O1 from the rack: only three groups of 1s, 2s, 3s
    # with the orange ones... the rack's O1 O2 O3 fit only if every run becomes groups
    tab = table("K1 K2 K3 | R1 R2 R3 | B1 B2 B3")
    sol = best_play(tab, tiles("O1 O2"))
    assert sol.tiles == 2
    kinds = sorted(len({p % 13 for p in s}) for s in sol.table)
    assert kinds == [1, 1, 1]  # every set is now a group


def test_nothing_to_lay_is_a_zero_solution():
    sol = best_play(table("K1 K2 K3"), tiles("O9"))
    assert sol.tiles == 0 and sol.table == table("K1 K2 K3")


def test_value_objective_prefers_high_tiles():
    tab = ()
    rack = tiles("R1 R2 R3 R4 K13 R13 B13")
    assert best_play(tab, rack, "tiles").tiles == 7
    assert best_play(tab, rack, "value").value == 49


def test_lp_starting_threshold_is_an_upper_bound():
    """The linear relaxation that picks the first threshold never undercuts the optimum
    (it would only cost time, but a bound below the optimum means the model is wrong)."""
    from gametable.games.rummikub.solver import _lp_bound, usable_rack

    rng = Rng("solver-lp-bound")
    for i in range(60):
        tab, rack = random_position(rng, rng.randbelow(61), 14, jokers=i % 3 == 0)
        tc = counts_of(p for s in tab for p in s)
        rc = counts_of(rack)
        for objective, weights in (("tiles", (1000, 1)), ("value", (1, 1000))):
            bound = _lp_bound(tc, usable_rack(tc, rc), *weights, 30)
            assert bound is not None
            assert bound >= oracle_score(tc, rc, objective)


def test_the_lp_bound_prints_no_highs_banner() -> None:
    # HiGHS writes a copyright banner to file descriptor 1 when a solver is built; it used to
    # appear in the middle of the terminal game on the first hint and once per simulate worker.
    import subprocess
    import sys

    code = (
        "from gametable.games.rummikub import solver\n"
        "print('bound', solver._lp_bound([0] * 53, [1] * 52 + [2], 1, 0, 30))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.startswith("bound ") and "HiGHS" not in out.stdout + out.stderr


def test_a_solve_past_its_deadline_stops_with_solver_timeout():
    import time

    from gametable.games.rummikub.solver import SolverTimeout

    tab, rack = random_position(Rng(7), 40, 14, jokers=True)
    with pytest.raises(SolverTimeout):
        best_play(tab, rack, "value", deadline=time.perf_counter() - 1)
    with pytest.raises(SolverTimeout):
        best_opening(rack, "value", deadline=time.perf_counter() - 1)
    # a deadline far away changes nothing in the answer
    far = best_play(tab, rack, "value", deadline=time.perf_counter() + 60)
    assert far == best_play(tab, rack, "value")
