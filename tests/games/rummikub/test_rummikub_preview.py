"""Previews (issue 29): what the rules say of a table being built in the browser — each
set's validity, kind and value, what its jokers stand for, where selected tiles fit, the
initial meld's total against the minimum, and whether the whole draft is a legal play now,
with the reason in words — so the browser computes no rule itself."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rummikub_helpers import position

from gametable.core.errors import IllegalAction
from gametable.core.rng import Rng
from gametable.core.words import render
from gametable.games.rummikub import GAME
from gametable.games.rummikub.state import MELD_MIN


def draft(*sets, selected=None):
    data = {"type": "play", "table": [list(s.split()) for s in sets]}
    if selected is not None:
        data["selected"] = selected.split()
    return data


def test_each_set_says_whether_it_is_valid_its_kind_and_its_value():
    s = position("R1 R2 R3", ["K5 K6 K7 B9 O9 R9 O1 O3", "B1"])
    p = GAME.preview(s.view(0), draft("R1 R2 R3", "K7 K5 K6", "B9 O9 R9", "O1 O3"))
    sets = p.facts["sets"]
    assert sets[0] == {"valid": True, "tiles": ["R1", "R2", "R3"], "kind": "run", "value": 6}
    assert sets[1] == {"valid": True, "tiles": ["K5", "K6", "K7"], "kind": "run", "value": 18}
    assert sets[2] == {"valid": True, "tiles": ["R9", "B9", "O9"], "kind": "group", "value": 27}
    problem = sets[3].pop("problem")  # a message, rendered in the reader's language
    assert sets[3] == {"valid": False, "tiles": ["O1", "O3"]}
    assert render(problem) == "a set needs at least 3 tiles"
    assert render(problem, locale="fr") == "une combinaison compte au moins 3 plaques"
    assert not p.legal
    assert render(p.message) == "orange 1 and orange 3 is not a set: a set needs at least 3 tiles"
    assert p.facts["laid"] == 8


@pytest.mark.parametrize(
    ("tiles", "problem"),
    [
        ("B4 B5 B7", "gap at 6"),
        ("B4 B5 B8", "gap at 6–7"),
        ("K7 K7 R7", "black 7 twice in a group"),
        ("K1 K3 R3", "neither a group nor a run"),
        ("B12 B13 B1", "no run goes from 13 to 1"),
        ("K7 R7 B7 O7 O7", "a group has at most 4 tiles"),
        ("J K7 B1", "neither a group nor a run"),
        ("J B4 B8", "gap at 5–7"),
        ("J J", "a set needs at least 3 tiles"),
    ],
)
def test_a_set_that_is_not_valid_says_why_in_a_few_words(tiles, problem):
    s = position("", ["B4 B5 B7 B8 K7 K7 R7 K1 K3 R3 B12 B13 B1 J", "R1"])
    p = GAME.preview(s.view(0), draft(tiles))
    (info,) = p.facts["sets"]
    assert info["valid"] is False and render(info["problem"]) == problem
    assert sorted(info["tiles"]) == sorted(tiles.split())  # as laid, jokers left free
    assert not p.legal


def test_a_jokers_reading_is_given_with_the_others_it_could_have():
    """§7: 'A joker can stand for any tile in a group or a run': the engine says which, and
    every other reading the set allows, for the table's "joker ⇄"."""
    s = position("", ["K7 R7 J R5 R6 K1", "B1"])
    group = GAME.preview(s.view(0), draft("K7 R7 J")).facts["sets"][0]
    assert group["tiles"] == ["K7", "R7", "J=B7"] and group["kind"] == "group"
    assert group["readings"] == [["K7", "R7", "J=B7"], ["K7", "R7", "J=O7"]]
    assert group["reading"] == 0
    chosen = GAME.preview(s.view(0), draft("K7 R7 J=O7")).facts["sets"][0]
    assert chosen["tiles"] == ["K7", "R7", "J=O7"] and chosen["reading"] == 1
    run = GAME.preview(s.view(0), draft("R5 R6 J")).facts["sets"][0]
    assert run["tiles"] == ["R5", "R6", "J=R7"] and run["value"] == 18
    low = GAME.preview(s.view(0), draft("J R5 R6")).facts["sets"][0]
    assert low["tiles"] == ["J=R4", "R5", "R6"]  # written first: the low end, as typed


def test_a_joker_moved_from_the_table_keeps_its_tile_while_it_fits_else_is_read_again():
    s = position("R4 J=R5 R6", ["R5 K9 R9", "B1"])
    kept = GAME.preview(s.view(0), draft("R4 R5 R6", "R3 J=R5"))  # not a set yet
    assert kept.facts["sets"][1]["valid"] is False
    moved = GAME.preview(s.view(0), draft("R4 R5 R6", "K9 R9 J=R5"))
    assert moved.facts["sets"][1]["tiles"] == ["K9", "R9", "J=B9"]
    assert moved.legal and moved.message is None
    assert moved.facts["play"] == {
        "type": "play", "table": [["R4", "R5", "R6"], ["K9", "R9", "J=B9"]]
    }


def test_the_initial_meld_total_so_far_against_the_minimum():
    s = position("K1 K2 K3", ["R8 R9 R10 O1 O2 O3 K4", "B1"], melded=[False, False])
    view = s.view(0)
    short = GAME.preview(view, draft("K1 K2 K3", "R8 R9 R10"))
    assert short.facts["meld"] == {"value": 27, "minimum": MELD_MIN, "enough": False}
    assert render(short.message) == (
        "your initial meld is worth 27, it needs 30 (from your own rack, a joker counting as the "
        "tile it stands for)"
    )
    enough = GAME.preview(view, draft("K1 K2 K3", "R8 R9 R10", "O1 O2 O3"))
    assert enough.facts["meld"] == {"value": 33, "minimum": 30, "enough": True}
    assert enough.legal
    changed = GAME.preview(view, draft("K1 K2 K3 K4", "R8 R9 R10", "O1 O2 O3"))
    assert not changed.legal
    assert "before your initial meld you may not change the table" in render(changed.message)
    melded = position("", ["R8 R9 R10", "B1"]).view(0)
    assert "meld" not in GAME.preview(melded, draft("R8 R9 R10")).facts


def test_the_sets_the_selected_tiles_would_make_valid():
    s = position("B4 B5 B6 | K8 R8 O8 | R1 R2 R3", ["B3 B8 J", "B1"])
    view = s.view(0)
    table = ("B4 B5 B6", "K8 R8 O8", "R1 R2 R3")
    assert GAME.preview(view, draft(*table, selected="B3")).facts["fits"] == [True, False, False]
    assert GAME.preview(view, draft(*table, selected="B8")).facts["fits"] == [False, True, False]
    assert GAME.preview(view, draft(*table, selected="J")).facts["fits"] == [True, True, True]
    assert "fits" not in GAME.preview(view, draft(*table)).facts


def test_a_draft_is_checked_as_the_play_it_would_be():
    s = position("K8 K9 K10 K11", ["K12 R1", "B1"])
    p = GAME.preview(s.view(0), draft("K10 K11 K12"))
    assert not p.legal
    assert render(p.message) == (
        "black 8 and black 9 from the table are missing: every tile on the table must stay on "
        "the table"
    )
    assert GAME.preview(s.view(0), draft("K8 K9 K10 K11 K12")).legal
    nothing = GAME.preview(s.view(0), draft("K8 K9 K10 K11"))
    assert render(nothing.message) == "a play must lay at least one tile from your rack (or draw)"


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "= R1 R2 R3",
        {"type": "draw"},
        {"type": "play", "table": "R1 R2 R3"},
        {"type": "play", "table": [["R1", "X9"]]},
        {"type": "play", "table": [], "extra": True},
        {"type": "play", "table": [["R1"]], "selected": "R1"},
        {"type": "play", "table": [["R1"] * 200]},
    ],
)
def test_a_draft_that_is_not_a_plays_data_is_refused_with_a_value_error(bad):
    s = position("", ["R1", "B1"])
    with pytest.raises(ValueError):
        GAME.preview(s.view(0), bad)


def test_a_spectator_has_nothing_to_preview():
    with pytest.raises(ValueError):
        GAME.preview(position("", ["R1", "B1"]).view(None), draft("R1"))


@st.composite
def drafts(draw):
    """A position of a seeded game and a table a player might build from it: the table's
    sets, some broken up, and rack tiles added to sets or laid in new ones."""
    seed = draw(st.integers(0, 10**6))
    state = GAME.new_state(2, seed=seed)
    rng = Rng(seed)
    for _ in range(draw(st.integers(0, 50))):
        if state.is_over:
            break
        legal = state.legal_actions(state.current)
        state.apply(state.current, legal[-1] if rng.randbelow(3) else legal[0])
    if state.is_over:
        return None
    seat = state.current
    view = state.view(seat)
    sets = [list(s) for s in view["table"]]
    if sets and draw(st.booleans()):
        i = draw(st.integers(0, len(sets) - 1))
        cut = draw(st.integers(0, len(sets[i])))
        sets[i:i + 1] = [sets[i][:cut], sets[i][cut:]]
    for tile in draw(st.lists(st.sampled_from(view["rack"]), max_size=6, unique=True)):
        where = draw(st.integers(-1, len(sets) - 1))
        if where < 0:
            sets.append([tile])
        else:
            sets[where].append(tile)
    sets = [s for s in sets if s]
    return state, seat, {"type": "play", "table": sets}


@settings(max_examples=120, deadline=None)
@given(case=drafts())
def test_a_preview_says_legal_exactly_when_the_rules_accept_the_play(case):
    if case is None:
        return
    state, seat, data = case
    p = GAME.preview(state.view(seat), data)
    play = GAME.action_from_json(p.facts["play"])
    try:
        state.clone().apply(seat, play)
    except IllegalAction as exc:
        assert not p.legal
        if all(info["valid"] for info in p.facts["sets"]):
            assert p.message == exc.msg
    else:
        assert p.legal and p.message is None
    assert len(p.facts["sets"]) == len(data["table"])
