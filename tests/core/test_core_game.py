"""The core interface: options, ranking, results, the registry."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from gametable.core import OptionError, OptionSpec, Result, Rng, all_games, get_game, rank_by_keys
from gametable.core.errors import GameError


def test_rank_by_keys_points_decide() -> None:
    assert rank_by_keys([(10,), (7,), (12,)], ["points"]) == ((2, 3, 1), None)


def test_rank_by_keys_names_the_tiebreak_that_decided_first_place() -> None:
    ranks, decided = rank_by_keys([(5, 1, -9), (5, 1, -8), (2, 9, 0)], ["points", "bowls", "cards"])
    assert ranks == (2, 1, 3) and decided == "cards"


def test_rank_by_keys_a_full_tie_is_shared() -> None:
    assert rank_by_keys([(5, 1), (5, 1)], ["points", "bowls"]) == ((1, 1), None)


NAMES = ["points", "most bowls served", "fewest cards in served bowls"]


def test_rank_by_keys_names_the_criterion_that_leaves_one_seat_alone() -> None:
    # Three sides tied on points: bowls narrows to seats 1 and 2, cards separates them.
    ranks, decided = rank_by_keys([(6, 3, -15), (6, 4, -17), (6, 4, -19)], NAMES)
    assert ranks == (3, 1, 2)
    assert decided == "fewest cards in served bowls"


def test_rank_by_keys_a_tie_that_survives_narrowing_is_shared_and_unnamed() -> None:
    # Bowls drops seat 1, but seats 0 and 2 stay tied on everything: a shared victory.
    ranks, decided = rank_by_keys([(10, 4, -18), (10, 3, -15), (10, 4, -18)], NAMES)
    assert ranks == (1, 3, 1)
    assert decided is None


def test_rank_by_keys_a_criterion_that_decides_at_once_is_named() -> None:
    ranks, decided = rank_by_keys([(7, 5, -20), (7, 4, -10), (7, 3, -1)], NAMES)
    assert ranks == (1, 2, 3) and decided == "most bowls served"


def test_result_json_writes_fractions_exactly() -> None:
    result = Result(scores=(Fraction(7, 2), Fraction(-7, 2), 3), ranks=(1, 2, 3))
    data = result.to_json()
    assert data["scores"] == ["7/2", "-7/2", 3]
    assert data["winners"] == [0]


def test_option_spec_coerces_text_and_rejects_bad_values() -> None:
    flag = OptionSpec("narutos", bool, False, "use Narutos")
    assert flag.coerce("yes") is True and flag.coerce("off") is False
    with pytest.raises(OptionError, match="takes true or false"):
        flag.coerce("maybe")
    seconds = OptionSpec("turn_seconds", int, None, "timer", nullable=True)
    assert seconds.coerce("60") == 60 and seconds.coerce("none") is None
    with pytest.raises(OptionError, match="takes a whole number"):
        seconds.coerce("soon")
    with pytest.raises(OptionError, match="takes a whole number"):
        seconds.coerce(True)
    mode = OptionSpec("winner", str, "points", "match winner", choices=("points", "games_won"))
    with pytest.raises(OptionError, match="must be one of points, games_won"):
        mode.coerce("luck")


@pytest.mark.parametrize(
    "value",
    [math.nan, math.inf, -math.inf, "nan", "inf", "-Infinity", "1e400", 10**400],
    ids=["nan", "inf", "-inf", "'nan'", "'inf'", "'-Infinity'", "'1e400'", "10**400"],
)
def test_a_number_option_takes_only_finite_numbers(value: object) -> None:
    """NaN and the infinities (``1e400`` reads as one) are no option value, and an integer
    too large for a float is refused rather than overflowing (issue 28)."""
    speed = OptionSpec("speed", float, 1.0, "how fast")
    assert speed.coerce(2) == 2.0 and speed.coerce("0.5") == 0.5 and speed.coerce(1e308) == 1e308
    with pytest.raises(OptionError, match="option 'speed' takes a finite number, got"):
        speed.coerce(value)


def test_resolve_options_fills_defaults_and_rejects_unknown_options_and_player_counts() -> None:
    game = get_game("ramen-ramen")
    assert game.resolve_options(2, {}) == {"first_player": None}
    with pytest.raises(OptionError, match="unknown option"):
        game.resolve_options(2, {"bogus": 1})
    with pytest.raises(OptionError, match="1–4 players, not 5"):
        game.resolve_options(5, {})
    with pytest.raises(OptionError, match="first_player must be a seat"):
        game.resolve_options(2, {"first_player": 3})


def test_registry_finds_games_by_name_and_names_the_known_ones_otherwise() -> None:
    assert get_game("ramen-ramen").title == "Ramen! Ramen!"
    assert "ramen-ramen" in [g.name for g in all_games()]
    with pytest.raises(KeyError, match=r"unknown game 'chess'.*ramen-ramen"):
        get_game("chess")


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_standing_agrees_with_the_result_in_every_game_and_player_count(name: str) -> None:
    # Searches read ``standing()`` instead of building the whole ``result()``.
    game = get_game(name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3 if name != "rummikub" else 1):
            state = game.new_state(players, seed=seed)
            rng = Rng(seed)
            while not state.is_over:
                with pytest.raises(GameError):
                    state.standing()
                for seat in state.to_act:
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
            result = state.result()
            scores, ranks = state.standing()
            assert (tuple(scores), tuple(ranks)) == (result.scores, result.ranks)


def test_check_seat_accepts_seats_and_the_spectator_only_where_allowed() -> None:
    from gametable.core import SeatError, check_seat

    assert check_seat(0, 3) == 0 and check_seat(2, 3) == 2
    assert check_seat(None, 3, spectator=True) is None
    for bad in (-1, 3, True, False, 1.0, "1", None, 10**100):
        with pytest.raises(SeatError, match="is not a seat of this 3-player game"):
            check_seat(bad, 3)


def test_a_result_reads_back_from_its_json_form() -> None:
    result = Result(scores=(Fraction(5, 2), Fraction(5, 2), -5), ranks=(1, 1, 3), tiebreak=None)
    again = Result.from_json(result.to_json())
    assert again.scores == result.scores and again.ranks == result.ranks and again.winners == (0, 1)
    with pytest.raises(ValueError, match="not a game result"):
        Result.from_json({"ranks": [1]})
    with pytest.raises(ValueError, match="not a score"):
        Result.from_json({"scores": ["1/0"], "ranks": [1]})
