"""Ramen! Ramen! in words: what the story, the table and the result say (issues 11.13, 29).

Rules quoted from the game's rules reference (not in this repository; see
docs/rules/ramen-ramen.md).
"""

from __future__ import annotations

import re

from ramen_helpers import position

from gametable.conformance import render_text
from gametable.core import get_game
from gametable.core.words import render
from gametable.games.ramen_ramen.cards import parse_card
from gametable.games.ramen_ramen.state import Play, RamenState

GAME = get_game("ramen-ramen")
NOTATION = GAME.notation_tokens
assert NOTATION is not None


def text_of(state: RamenState, seat: int | None) -> str:
    text = render_text(GAME.ui.render_view(state.view(seat)), 120)
    assert not NOTATION.search(text), text
    return text


def story(state: RamenState, seat: int | None, names: list[str] | None = None) -> list[str]:
    """The view's history told to ``seat``, one sentence per event."""
    lines = []
    for event in state.view(seat)["history"]:
        msg = GAME.words.event(event, seat)
        if msg is not None:
            lines.append(render(msg, viewer=seat, names=names))
    assert not any(NOTATION.search(line) for line in lines), lines
    return lines


def result_lines(state: RamenState, seat: int | None, names: list[str] | None = None) -> list[str]:
    msgs = GAME.words.result(state.result(), state.players, seat)
    return [render(m, viewer=seat, names=names) for m in msgs]


def play(state: RamenState, seat: int, *pairs: tuple[str, int]) -> None:
    state.apply(seat, Play(tuple(sorted((parse_card(c), b - 1) for c, b in pairs))))


def test_a_serve_says_who_served_and_who_receives_in_plain_words() -> None:
    # "every bowl whose card values sum to ≥ 14 ... is served: its cards go face down to the
    # player who serves it (2 players: the active player)".
    state = position(
        2, [["N7", "A0", "K2", "M3"], ["A4", "C5"]], fridge=["S1"], bowls=[["C7"], [], []]
    )
    play(state, 0, ("N7", 1), ("A0", 2))
    assert story(state, 0) == [
        "You put Ajitama 0 into bowl 2 and Nori 7 into bowl 1",
        "You served bowl 1, face down",
    ]
    assert story(state, 1, names=["Ana", "Ben"]) == [
        "Ana put Ajitama 0 into bowl 2 and Nori 7 into bowl 1",
        "Ana served bowl 1, face down",
    ]
    assert story(state, None)[1] == "Seat 0 served bowl 1, face down"


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
    assert story(state, 0)[1] == "You served bowl 3 to Seat 2, face down"
    assert story(state, 2)[1] == "Seat 0 served bowl 3 to you, face down"
    assert story(state, 1)[1] == "Seat 0 served bowl 3 to Seat 2, face down"


def test_with_four_players_a_bowl_goes_to_a_team() -> None:
    # "the communal bowl scores for the team of the player who served it".
    state = position(
        4,
        [["N7", "A0", "K2", "M3"], ["A4", "C5"], ["A5", "C6"], ["A6", "K6"]],
        fridge=["S1"],
        bowls=[["C7"], [], []],
    )
    play(state, 0, ("N7", 1), ("A0", 2))
    assert story(state, 0)[1] == "You served bowl 1 to Team A (your team), face down"
    assert story(state, 2)[1] == "Seat 0 served bowl 1 to Team A (your team), face down"
    assert story(state, 1)[1] == "Seat 0 served bowl 1 to Team A, face down"
    assert "Seat 0 (Team A)" in text_of(state, 1)


def test_points_are_counted_in_words_of_the_right_number() -> None:
    # "Each served bowl scores by its number of distinct ingredients: 1→0, 2→1, 3→2".
    state = position(1, [["N7", "A0", "K2", "M3"]], fridge=["S1"], bowls=[["N5", "N3"], ["C1"], []])
    play(state, 0, ("N7", 1), ("A0", 2))  # N5 N3 N7: one ingredient, served for 0 points
    assert story(state, 0)[1] == "You served bowl 1: Nori 5, Nori 3, and Nori 7, for 0 points"
    text = text_of(state, 0)
    assert re.search(r"│ +2 │ you +│ Chashu 1, Ajitama 0 │ 1/14 │ +2/7 │ +1 point │", text)
    assert "Score so far: 0 points" in text
    assert "pts" not in text
    done = position(
        2, [[], []], fridge=[], deck=[], served=[[["A0", "C0"]], [["A1", "C1"], ["K1", "M1"]]]
    )
    result = render_text(GAME.ui.render_result(done.result()), 120)
    assert "Seat 0: 1 point" in result and "1 bowl, 2 cards" in result
    assert "Seat 1: 2 points" in result and "2 bowls, 4 cards" in result
    assert result_lines(done, 1) == [
        "You win",
        "Seat 0: 1 point from 1 bowl (2 cards)",
        "You: 2 points from 2 bowls (4 cards)",
    ]


def test_the_status_line_speaks_to_the_seat_whose_turn_it_is() -> None:
    state = position(2, [["N7", "A0", "K2", "M3"], ["A4", "C5"]], fridge=["S1"])
    assert "your turn: play your cards into the bowls" in text_of(state, 0)
    assert "Seat 0 to play" in text_of(state, 1)
    play(state, 0, ("N7", 1), ("A0", 2))
    assert "your turn: take a card from the Fridge" in text_of(state, 0)


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
    lines = result_lines(decided, None, names=["Ana", "Ben", "Cy"])
    assert lines[:2] == ["Ben wins", "Tied on points: decided by the fewest cards in served bowls"]
    shared = position(
        3,
        [[], [], []],
        fridge=[],
        deck=[],
        served=[[["A0", "C0"], ["K0", "M0"]], [["A1", "C1", "K1"]], [["A2", "C2"], ["K2", "M2"]]],
    )
    lines = result_lines(shared, 2, names=["Ana", "Ben", "Cy"])
    assert lines[:2] == [
        "Shared victory: Ana and you",
        "Tied on points, on bowls served and on cards in them",
    ]


def test_four_players_end_with_the_winning_team_and_its_players() -> None:
    # "Teams total their bowls; highest total wins".
    done = position(
        4, [[], [], [], []], fridge=[], deck=[], served=[[["A0", "C0", "K0"]], [["A1", "C1"]]]
    )
    names = ["Ana", "Ben", "Cy", "Dee"]
    assert result_lines(done, 2, names)[0] == "Your team wins: Team A (Ana and you)"
    assert result_lines(done, 1, names)[0] == "Team A (Ana and Cy) wins"
    assert result_lines(done, 1, names)[1:] == [
        "Team A (Ana and Cy): 2 points from 1 bowl (3 cards)",
        "Team B (you and Dee): 1 point from 1 bowl (2 cards)",
    ]


def test_the_solo_game_ends_with_the_critics_verdict_quoted_from_the_rulebook() -> None:
    # "THE CRITICS HAVE SPOKEN ... 48 - 52 You've got some regulars. ... More than 61 A
    # world-class gastronomic wonder. ..."
    def solo(bowls: int) -> list[str]:
        served = [[f"{x}{v}" for x in "ACKMGNS"] for v in range(bowls)]  # 10 points each
        return result_lines(position(1, [[]], fridge=[], deck=[], served=[served]), 0)

    lines = solo(5)
    assert lines[0] == "You served 5 bowls for 50 points"
    assert lines[1] == "The critics have spoken: 2½ stars of 5. “You've got some regulars.”"
    assert solo(7)[1] == (
        "The critics have spoken: 5 stars of 5. “A world-class gastronomic wonder. Ramen "
        "redefined. Eager eaters make pilgrimages from all over the world for one taste of "
        "your legendary broth and homemade noodles.”"
    )
    assert solo(7)[2].startswith("The 7 discards were Ajitama 7, Chashu 7")
