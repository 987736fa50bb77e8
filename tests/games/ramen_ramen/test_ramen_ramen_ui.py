"""Ramen! Ramen! in the terminal: what the table, the log and the result say (issue 11.13).

Rules quoted from the game's rules reference (not in this repository; see
docs/rules/ramen-ramen.md).
"""

from __future__ import annotations

import re

from ramen_helpers import position

from gametable.conformance import render_text
from gametable.core import get_game
from gametable.games.ramen_ramen.cards import parse_card
from gametable.games.ramen_ramen.state import Play, RamenState

GAME = get_game("ramen-ramen")


def text_of(state: RamenState, seat: int | None) -> str:
    return render_text(GAME.ui.render_view(state.view(seat)), 120)


def play(state: RamenState, seat: int, *pairs: tuple[str, int]) -> None:
    state.apply(seat, Play(tuple(sorted((parse_card(c), b - 1) for c, b in pairs))))


def test_a_serve_says_who_served_and_who_receives_in_plain_words() -> None:
    # "every bowl whose card values sum to ≥ 14 ... is served: its cards go face down to the
    # player who serves it (2 players: the active player)".
    state = position(
        2, [["N7", "A0", "K2", "M3"], ["A4", "C5"]], fridge=["S1"], bowls=[["C7"], [], []]
    )
    play(state, 0, ("N7", 1), ("A0", 2))
    mine, theirs, public = text_of(state, 0), text_of(state, 1), text_of(state, None)
    assert "You served bowl 1 (face down)" in mine
    assert "Seat 0 served bowl 1 (face down)" in theirs
    assert "Seat 0 served bowl 1 (face down)" in public
    assert "You played N7 into bowl 1" in mine and "Seat 0 played N7 into bowl 1" in theirs
    for text in (mine, theirs, public):
        assert "— you to" not in text and "Seat 0 — you" not in text


def test_with_three_players_a_bowl_goes_to_the_player_it_stands_before() -> None:
    # "When a bowl is served — whoever played the card that made it ready — it goes to the
    # player it stands in front of."
    state = position(
        3,
        [["N7", "A0", "K2", "M3"], ["A4", "C5"], ["A5", "C6"]],
        fridge=["S1"],
        bowls=[[], [], ["C7"]],
    )
    play(state, 0, ("N7", 3), ("A0", 1))
    assert "You served bowl 3 to Seat 2 (face down)" in text_of(state, 0)
    assert "Seat 0 served bowl 3 to you (face down)" in text_of(state, 2)
    assert "Seat 0 served bowl 3 to Seat 2 (face down)" in text_of(state, 1)


def test_with_four_players_a_bowl_goes_to_a_team() -> None:
    # "the communal bowl scores for the team of the player who served it".
    state = position(
        4,
        [["N7", "A0", "K2", "M3"], ["A4", "C5"], ["A5", "C6"], ["A6", "K6"]],
        fridge=["S1"],
        bowls=[["C7"], [], []],
    )
    play(state, 0, ("N7", 1), ("A0", 2))
    assert "You served bowl 1 to Team A (your team) (face down)" in text_of(state, 0)
    assert "Seat 0 (A1) served bowl 1 to Team A (your team) (face down)" in text_of(state, 2)
    assert "Seat 0 (A1) served bowl 1 to Team A (face down)" in text_of(state, 1)


def test_points_are_counted_in_words_of_the_right_number() -> None:
    # "Each served bowl scores by its number of distinct ingredients: 1→0, 2→1, 3→2".
    state = position(
        1, [["N7", "A0", "K2", "M3"]], fridge=["S1"], bowls=[["N5", "N3"], ["C1"], []]
    )
    play(state, 0, ("N7", 1), ("A0", 2))  # N5 N3 N7: one ingredient, served for 0 points
    text = text_of(state, 0)
    assert "You served bowl 1 (N5 N3 N7: 0 points)" in text
    assert re.search(r"│ 2 │ yours +│ C1 A0 +│ +1/14 │ +2/7 │ +1 point │", text)
    assert "pts" not in text
    done = position(
        2, [[], []], fridge=[], deck=[], served=[[["A0", "C0"]], [["A1", "C1"], ["K1", "M1"]]]
    )
    result = render_text(GAME.ui.render_result(done.result()), 120)
    assert "Seat 0: 1 point" in result and "1 bowl, 2 cards" in result
    assert "Seat 1: 2 points" in result and "2 bowls, 4 cards" in result
    assert "Seat 1 wins" in result


def test_the_status_line_speaks_to_the_seat_whose_turn_it_is() -> None:
    state = position(2, [["N7", "A0", "K2", "M3"], ["A4", "C5"]], fridge=["S1"])
    assert "your turn: play" in text_of(state, 0)
    assert "Seat 0 to play" in text_of(state, 1)
    play(state, 0, ("N7", 1), ("A0", 2))
    assert "your turn: take from the Fridge" in text_of(state, 0)


def test_the_end_of_game_text_names_the_tiebreak_that_decided_among_three() -> None:
    # "Most points wins; ties: most bowls served, then fewest cards in served bowls ...,
    # then a shared victory." Seats 1 and 2 lead on bowls; seat 1 has fewer cards.
    decided = position(
        3,
        [[], [], []],
        fridge=[],
        deck=[],
        served=[
            [["A0", "C0", "K0", "M0"]],
            [["A1", "C1"], ["K1", "M1", "G1"]],
            [["A2", "C2", "M2"], ["K2", "K3", "G2"]],
        ],
    )
    text = render_text(GAME.ui.render_result(decided.result()), 120)
    assert "Seat 1 wins (tie on points, decided by fewest cards in served bowls)" in text
    shared = position(
        3,
        [[], [], []],
        fridge=[],
        deck=[],
        served=[[["A0", "C0"], ["K0", "M0"]], [["A1", "C1", "K1"]], [["A2", "C2"], ["K2", "M2"]]],
    )
    text = render_text(GAME.ui.render_result(shared.result()), 120)
    assert "Shared victory: Seat 0, Seat 2 (tied on points, bowls served and cards)" in text
