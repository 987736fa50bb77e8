"""Summaries: intervals, quantiles, first-player advantage, tie-breaks and verdict bands."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.sim import GameRow, Rate, summarise, wilson
from gametable.sim.stats import Distribution


def row(
    index: int,
    scores: tuple[float, ...],
    ranks: tuple[int, ...],
    bots: tuple[str, ...] = ("a", "b"),
    first: int | None = 0,
    tiebreak: str | None = None,
    decisions: int = 10,
    verdict: str | None = None,
) -> GameRow:
    return GameRow(
        index=index,
        group=0,
        deal_seed=index,
        agent_seed=index,
        bots=bots,
        scores=scores,
        ranks=ranks,
        winners=tuple(s for s, r in enumerate(ranks) if r == 1),
        tiebreak=tiebreak,
        first_seat=first,
        decisions=decisions,
        verdict=verdict,
    )


def test_wilson_matches_published_values() -> None:
    # Newcombe (1998), table I: 81/263 → 0.2553–0.3662.
    lo, hi = wilson(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    assert str(Rate(1, 4)).startswith("25.0% [")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(-50, 100), min_size=1, max_size=60))
def test_distribution_agrees_with_numpy(values: list[int]) -> None:
    d = Distribution.of([float(v) for v in values])
    for q, mine in ((0.1, d.p10), (0.25, d.p25), (0.5, d.median), (0.9, d.p90)):
        assert math.isclose(mine, float(np.quantile(values, q)), abs_tol=1e-9)
    assert math.isclose(d.mean, float(np.mean(values)))
    assert d.ci[0] <= d.mean <= d.ci[1]


def test_summary_counts_wins_ties_tiebreaks_and_first_player() -> None:
    rows = [
        row(0, (10, 5), (1, 2), first=0),
        row(1, (4, 8), (2, 1), first=1),
        row(2, (6, 6), (1, 2), first=0, tiebreak="bowls"),
        row(3, (7, 7), (1, 1), first=1),  # the tie stands: both share first place
    ]
    s = summarise(reversed(rows))
    seat0, seat1 = s.per_seat
    assert seat0.label == "seat 0 (a)" and seat0.wins.successes == 3 and seat0.games == 4
    assert seat1.wins.successes == 2 and seat1.shared.successes == 1
    assert s.tiebreaks.successes == 1 and s.tiebreak_names == {"bowls": 1}
    assert s.shared_wins.successes == 1
    fp = s.first_player
    assert fp is not None and fp.by_seat == {0: 2, 1: 2}
    assert fp.wins.successes == 4  # games 0, 1, 2 and the shared 3
    assert fp.expected == pytest.approx(5 / 8)
    assert fp.advantage == pytest.approx(1 - 5 / 8)
    assert s.per_seat[0].scores.mean == pytest.approx(6.75)


def test_per_bot_pools_a_bot_over_the_seats_it_took() -> None:
    rows = [row(0, (3, 1), (1, 2), ("x", "y")), row(1, (3, 1), (1, 2), ("y", "x"))]
    by_bot = {b.label: b for b in summarise(rows).per_bot}
    assert by_bot["x"].games == 2 and by_bot["x"].wins.successes == 1
    assert summarise(rows).per_seat[0].label == "seat 0 (x, y)"


def test_simultaneous_starts_have_no_first_player() -> None:
    s = summarise([row(0, (1, 2), (2, 1), first=None)])
    assert s.first_player is None


def test_verdict_bands_are_listed_from_the_lowest_star() -> None:
    rows = [
        row(i, (float(i),), (1,), ("solo",), verdict=v)
        for i, v in enumerate(["3★ Good.", "1★ Bad.", "3★ Good.", "2.5★ Fine."])
    ]
    s = summarise(rows)
    assert s.verdicts == [("1★ Bad.", 1), ("2.5★ Fine.", 1), ("3★ Good.", 2)]
    assert s.first_player is None
    assert s.to_json()["verdicts"] == [
        {"band": "1★ Bad.", "games": 1},
        {"band": "2.5★ Fine.", "games": 1},
        {"band": "3★ Good.", "games": 2},
    ]


def test_summarising_nothing_or_mixed_player_counts_is_an_error() -> None:
    with pytest.raises(ValueError, match="no games"):
        summarise([])
    with pytest.raises(ValueError, match="different player counts"):
        summarise([row(0, (1, 2), (2, 1)), row(1, (1,), (1,), ("a",))])
