"""Decisions as data (issue 29): every Rummikub decision has one JSON form, made from its
fields by the core's codec — a play is the whole new table, set by set, each tile by the id
the views use — read back exactly, described by a JSON Schema, and refused with the field
at fault when malformed. The notation stays for typing and round-trips too."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from rummikub_helpers import position, table

from gametable.core.codec import DecisionError
from gametable.core.errors import IllegalAction
from gametable.core.rng import Rng
from gametable.games.rummikub import DRAW, GAME, PASS, TIMEOUT, Play
from gametable.games.rummikub.bots import SolverAgent

SCHEMA = Draft202012Validator(GAME.decision_schema())


def decisions_of_games(seed: int, steps: int = 60) -> list:
    """Decisions of a game: the listed ones and the solver's (rearrangements, jokers)."""
    state = GAME.new_state(2, seed=seed)
    rng = Rng(seed)
    solver = SolverAgent()
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current
        legal = state.legal_actions(seat)
        hinted = solver.act(state.view(seat), legal, rng)
        out.extend([*legal, hinted])
        state.apply(seat, hinted if rng.randbelow(2) else legal[rng.randbelow(len(legal))])
    return out


def test_each_kind_of_decision_as_data():
    play = Play(table("R1 R2 R3 | K5 R5 J=B5"))
    assert GAME.action_to_json(play) == {
        "type": "play",
        "table": [["K5", "R5", "J=B5"], ["R1", "R2", "R3"]],
    }
    assert GAME.action_to_json(DRAW) == {"type": "draw"}
    assert GAME.action_to_json(PASS) == {"type": "pass"}
    assert GAME.action_to_json(TIMEOUT) == {"type": "timeout"}
    assert GAME.decisions.kinds == ("play", "draw", "pass", "timeout")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_decisions_round_trip_through_their_data_and_their_notation(seed):
    for action in decisions_of_games(seed, steps=40):
        data = GAME.action_to_json(action)
        assert GAME.action_from_json(json.loads(json.dumps(data))) == action
        assert not list(SCHEMA.iter_errors(data)), data
        text = GAME.format_action(action)
        assert GAME.action_from_notation(text) == action
        assert GAME.format_action(GAME.action_from_notation(text)) == text


def test_the_tiles_of_a_play_are_the_ids_the_view_shows():
    s = position("R4 J=R5 R6", ["R7 K1", "B2"])
    view = s.view(0)
    play = GAME.action_from_json({"type": "play", "table": [[*view["table"][0], "R7"]]})
    s.apply(0, play)
    assert s.view(0)["table"] == [["R4", "J=R5", "R6", "R7"]]


def test_a_bare_joker_takes_the_place_its_set_gives_it_as_when_typing():
    """A table built in a browser is sent as it is: a joker written J stands for the tile
    its place in the set decides, exactly as the typed notation reads it."""
    for sets, typed in [
        ([["R5", "R6", "J"]], "= R5 R6 J"),
        ([["J", "R5", "R6"]], "= J R5 R6"),
        ([["K7", "R7", "J"]], "= K7 R7 J"),
        ([["R12", "R13", "J"], ["B1", "J", "B3"]], "= R12 R13 J | B1 J B3"),
    ]:
        read = GAME.action_from_json({"type": "play", "table": sets})
        assert read == GAME.action_from_notation(typed)
        assert all(t != "J" for s in GAME.action_to_json(read)["table"] for t in s)


def test_a_set_of_jokers_only_is_read_and_refused_by_the_rules():
    s = position("", ["J J K1", "B2"])
    play = GAME.action_from_json({"type": "play", "table": [["J", "J"]]})
    with pytest.raises(IllegalAction, match="every joker on the table must stand for a tile"):
        s.apply(0, play)


@pytest.mark.parametrize(
    ("data", "field", "problem"),
    [
        ({"type": "play", "table": [["R1", "R2", "X9"]]}, "table[0][2]", "must be a tile"),
        ({"type": "play", "table": [["R1"], "R2"]}, "table[1]", "must be a list"),
        ({"type": "play"}, "table", "is missing"),
        ({"type": "play", "table": [], "extra": 1}, "extra", "is not a field"),
        ({"type": "draw", "tile": "R1"}, "tile", "is not a field"),
        ({"type": "discard"}, "type", "must be one of play, draw, pass, timeout"),
        ({"type": "play", "table": [[7]]}, "table[0][0]", "must be a tile"),
        ("draw", "", "a decision is a JSON object"),
    ],
)
def test_malformed_data_is_refused_naming_the_field(data, field, problem):
    with pytest.raises(DecisionError) as info:
        GAME.action_from_json(data)
    assert info.value.field == field and problem in info.value.problem
    assert list(SCHEMA.iter_errors(data))


def test_the_schema_names_every_kind_and_the_tiles():
    schema = GAME.decision_schema()
    kinds = [entry["properties"]["type"]["const"] for entry in schema["oneOf"]]
    assert kinds == ["play", "draw", "pass", "timeout"]
    tiles = schema["oneOf"][0]["properties"]["table"]["items"]["items"]["enum"]
    assert {"R7", "K13", "J", "J=O1"} <= set(tiles) and len(tiles) == 52 + 52 + 1
