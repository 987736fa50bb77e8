"""Options as listed, and matches of several games with running totals (§11, §12.13)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gametable.core.errors import OptionError
from gametable.games.rummikub import GAME, Match, score_game


def test_every_flag_of_section_12_is_an_option_with_its_default():
    specs = {s.name: s.default for s in GAME.option_specs}
    assert specs == {
        "initial_meld_allows_manipulation": False,
        "joker_group3_needs_both_colours": False,
        "freed_joker_needs_rack_tile": False,
        "joker_penalty": 30,
        "turn_seconds": None,
        "match_winner": "points",
        "match_games": None,
    }


def test_bad_option_values_are_rejected():
    with pytest.raises(OptionError):
        GAME.resolve_options(2, {"turn_seconds": 0})
    with pytest.raises(OptionError):
        GAME.resolve_options(2, {"match_winner": "fastest"})
    with pytest.raises(OptionError):
        GAME.resolve_options(5, {})
    assert GAME.resolve_options(2, {"turn_seconds": "60"})["turn_seconds"] == 60


def test_match_running_totals_and_points_winner():
    m = Match(players=3)
    assert m.games == 3
    m.add(score_game([0, 10, 5], went_out=0))  # +15 -10 -5
    m.add(score_game([20, 0, 1], went_out=1))  # -20 +21 -1
    m.add(score_game([3, 4, 0], went_out=2))  # -3 -4 +7
    assert m.is_over
    assert m.totals == [-8, 7, 1]
    assert m.games_won == [1, 1, 1]
    assert m.standings() == ((3, 1, 2), None)
    with pytest.raises(ValueError, match="over"):
        m.add(score_game([0, 1, 1], went_out=0))


def test_match_games_won_rule_breaks_ties_by_points():
    m = Match(players=2, games=3, match_winner="games_won")
    m.add(score_game([0, 50], went_out=0))
    m.add(score_game([5, 0], went_out=1))
    m.add(score_game([6, 0], went_out=1))
    assert m.games_won == [1, 2]
    assert m.standings()[0] == (2, 1)
    tie = Match(players=2, games=2, match_winner="games_won")
    tie.add(score_game([0, 50], went_out=0))
    tie.add(score_game([5, 0], went_out=1))
    assert tie.standings() == ((1, 2), "points")


def test_match_with_shared_wins_keeps_fractions():
    m = Match(players=3, games=1)
    m.add(score_game([4, 4, 9], went_out=None))
    assert m.totals == [Fraction(5, 2), Fraction(5, 2), -5]
    assert m.games_won == [1, 1, 0]


def test_match_from_options():
    opts = GAME.resolve_options(4, {"match_winner": "games_won", "match_games": 8})
    m = Match.from_options(4, opts)
    assert m.games == 8 and m.match_winner == "games_won"
