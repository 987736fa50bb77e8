"""Matches: running totals over several games."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gametable.core import Result, get_game
from gametable.core.match import Match


def result(*scores: int | Fraction) -> Result:
    ranks = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
    return Result(scores=tuple(scores), ranks=ranks)


def test_a_match_adds_scores_counts_wins_and_ranks_by_points_then_games_won() -> None:
    match = Match(players=2, games=3)
    match.add(result(10, 2))
    match.add(result(0, 5))
    assert not match.is_over and match.totals == [10, 7] and match.games_won == [1, 1]
    match.add(result(0, 3))
    assert match.is_over
    assert match.totals == [10, 10] and match.games_won == [1, 2]
    assert match.standings() == ((2, 1), "games won")
    with pytest.raises(ValueError, match="over after 3 games"):
        match.add(result(1, 0))


def test_a_shared_win_counts_for_each_winner_and_fractions_add_exactly() -> None:
    match = Match(players=3, games=1)
    match.add(result(Fraction(5, 2), Fraction(5, 2), -5))
    assert match.games_won == [1, 1, 0] and match.totals == [Fraction(5, 2), Fraction(5, 2), -5]
    assert match.standings() == ((1, 1, 3), None)


def test_a_match_rejects_a_result_of_the_wrong_size_and_an_empty_length() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        Match(players=2, games=0)
    with pytest.raises(ValueError, match="3-seat result in a 2-seat match"):
        Match(players=2, games=1).add(result(1, 2, 3))


def test_games_give_a_default_match_and_rummikub_its_own_rules() -> None:
    assert get_game("ramen-ramen").new_match(2, {}).games == 1
    assert get_game("ramen-ramen").new_match(2, {}, games=4).games == 4
    rummikub = get_game("rummikub")
    options = rummikub.resolve_options(3, {"match_winner": "games_won"})
    match = rummikub.new_match(3, options)
    assert match.games == 3  # one game per player by default
    match.add(result(12, -6, -6))
    match.add(result(-1, 2, -1))
    match.add(result(-1, 2, -1))
    assert match.standings() == ((2, 1, 3), None)  # games won decide
