"""Tile, set and move notation: parsing, formatting, round trips and helpful errors."""

from __future__ import annotations

import pytest
from rummikub_helpers import position, table

from gametable.core.errors import NotationError
from gametable.games.rummikub import DRAW, GAME, PASS, TIMEOUT, Play, parse_notation
from gametable.games.rummikub.tiles import (
    JOKER,
    JOKER_BASE,
    face_of,
    parse_set,
    parse_tile,
    placed_name,
    set_error,
    tile_name,
)


def test_tile_names_round_trip():
    for code in [*range(52), JOKER]:
        assert parse_tile(tile_name(code)) == code
    assert parse_tile("r7") == parse_tile("R7")
    assert tile_name(parse_tile("K13")) == "K13"


@pytest.mark.parametrize("bad", ["R0", "R14", "X7", "7R", ""])
def test_bad_tiles_are_explained(bad):
    with pytest.raises(NotationError, match="not a tile"):
        parse_tile(bad)


def test_joker_written_with_its_face():
    r7, r8, r9 = parse_tile("R7"), parse_tile("R8"), parse_tile("R9")
    assert parse_set("J=R7 R8 R9") == (JOKER_BASE + r7, r8, r9)
    assert placed_name(JOKER_BASE + parse_tile("O10")) == "J=O10"


def test_bare_joker_takes_its_place_in_a_run():
    assert parse_set("J R5 R6") == table("J=R4 R5 R6")[0]
    assert parse_set("R5 R6 J") == table("R5 R6 J=R7")[0]
    assert parse_set("R5 J R7") == table("R5 J=R6 R7")[0]
    assert parse_set("R12 R13 J") == table("J=R11 R12 R13")[0]


def test_bare_joker_in_a_group_takes_a_missing_colour():
    s = parse_set("K7 R7 J")
    assert set_error(s) is None and len({face_of(p) % 13 for p in s}) == 1
    assert s == table("K7 R7 J=B7")[0]


def test_unordered_run_is_sorted():
    assert parse_set("B6 B4 B5") == table("B4 B5 B6")[0]


def test_simple_actions():
    for text, action in [("draw", DRAW), ("d", DRAW), ("pass", PASS), ("timeout", TIMEOUT)]:
        assert parse_notation(text, table=(), rack=None) == action
        assert GAME.action_from_notation(text) == action
        assert GAME.action_from_json(GAME.action_to_json(action)) == action


def test_full_table_form_round_trips():
    play = parse_notation("= R1 R2 R3 | K5 R5 B5 | J=O7 O8 O9", table=None, rack=None)
    assert isinstance(play, Play)
    text = GAME.format_action(play)
    assert text.startswith("= ")
    assert GAME.action_from_notation(text) == play
    assert GAME.parse_action(text, position().view(0), []) == play


def test_delta_form_replaces_numbered_sets():
    s = position("K4 R4 B4 O4 | R1 R2 R3", ["B3 B5 B6", "R9"])
    view = s.view(0)
    assert view["table"][0] == ["K4", "R4", "B4", "O4"]
    p = GAME.parse_action("s1 K4 R4 O4 | B3 B4 B5 B6", view, [])
    assert p == Play(table("K4 R4 O4 | B3 B4 B5 B6 | R1 R2 R3"))


def test_a_set_containing_a_table_set_replaces_it():
    s = position("B4 B5 B6", ["B3", "R9"])
    p = GAME.parse_action("B3 B4 B5 B6", s.view(0), [])
    assert p == Play(table("B3 B4 B5 B6"))


def test_a_set_the_rack_can_make_is_new():
    s = position("B4 B5 B6", ["B4 B5 B6", "R9"])
    p = GAME.parse_action("B4 B5 B6", s.view(0), [])
    assert p == Play(table("B4 B5 B6 | B4 B5 B6"))


def test_bad_set_numbers_are_explained():
    s = position("B4 B5 B6", ["B3", "R9"])
    with pytest.raises(NotationError, match="no table set s3"):
        GAME.parse_action("s3 B3 B4 B5", s.view(0), [])


def test_notation_needs_the_table_for_the_short_form():
    with pytest.raises(NotationError, match="write the whole new table after '='"):
        GAME.action_from_notation("R1 R2 R3")  # a delta needs the table: not a record form
    with pytest.raises(NotationError):
        GAME.action_from_notation(7)  # type: ignore[arg-type]


def test_the_terminal_shows_the_table_and_the_rack_in_words():
    from rich.console import Console

    s = position("R4 J=R5 R6 | K8 R8 B8", ["K1 K2 K3 O9 J", "R9"])
    console = Console(record=True, width=100)
    ui = GAME.ui
    view = s.view(0)
    console.print(ui.render_view(view))
    console.print(ui.describe_legal(view, s.legal_actions(0)))
    out = console.export_text()
    assert "set 1" in out and "red 4–6 (joker as 5)" in out and "run, 15 points" in out
    assert "set 2" in out and "three 8s without orange" in out and "group, 24 points" in out
    # each colour (and the joker) also carries its symbol: ● black, ▲ orange, ☺ joker
    assert "Your rack by colour: ● black 1, 2, and 3; ▲ orange 9; ☺ 1 joker" in out
    assert "Your rack by number: 1: black; 2: black; 3: black; 9: orange; ☺ 1 joker" in out
    assert "Your tiles: ●1 ●2 ●3 ▲9 ☺" in out
    assert "#1 Draw a tile" in out and "#2 Lay black 1–3" in out
    assert GAME.notation_tokens.search(out) is None, out
    assert "R7" in ui.notation_help()  # the notation is what help teaches


def test_rack_sorts_777_and_789():
    from gametable.games.rummikub.ui import sort_by_colour, sort_by_number

    rack = ["R7", "K7", "R8", "J", "B7", "R9"]
    assert sort_by_number(rack) == ["K7", "R7", "B7", "R8", "R9", "J"]
    assert sort_by_colour(rack) == ["K7", "R7", "R8", "R9", "B7", "J"]
