"""Issue 29 for Ramen Fury: decisions as data, events as data, everything told in words.

- Every decision has a JSON form made from its fields, named as the rulebook names them
  (``{"type": "spoon", "seat": 1, "bowl": 2, "to": 0}``), read back by the core's codec and
  described by a JSON Schema; notation stays for typing only.
- A view carries the whole game's story (``history``) as that seat may know it.
- Every decision, event, refusal and result is a message of the game's catalog, in the
  rulebook's words, with no notation in it; the terminal shows no notation either.
- The rules' facts a table shows (a bowl's points and why, its room, what it lacks to be
  eaten, the limits) are in the view, and the components carry the cards' names.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ramen_fury_helpers import act, table
from test_ramen_fury_properties import advance, universe

from gametable.core.codec import DecisionError
from gametable.core.errors import IllegalAction, NotationError
from gametable.core.rng import Rng
from gametable.core.words import Msg, Seat, load_catalog, render, tell_history, tell_legal
from gametable.games.ramen_fury import GAME, Place, Prep, Spoon, Use
from gametable.games.ramen_fury.cards import BOWL_CAP, CHILI, CODES, NAMES, NORI, TYPES_TABLE
from gametable.games.ramen_fury.state import PLACES, PREPS, SPOONS_, USES
from gametable.games.ramen_fury.words import RamenFuryWords, breakdown, components

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "support"))

from notation_scan import notation_leaks, play_in_terminal

WORDS = RamenFuryWords()
CATALOG = Path(GAME.locale_dir() or "") / "messages.pot"
TABLE_JS = Path(GAME.web_dir() or "") / "table.js"


def named(action: Any) -> bool:
    """Whether a decision of ``universe`` names only seats, bowls and cards that exist."""
    return not (isinstance(action, Prep) and action.bowl > 2)


# -- decisions as data --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("prep Ch>2", {"type": "prep", "card": "Ch", "bowl": 1}),
        ("draw Mu", {"type": "draw", "card": "Mu"}),
        ("draw deck", {"type": "draw", "card": None}),
        ("spoon 1.3>2", {"type": "spoon", "seat": 1, "bowl": 2, "to": 1}),
        ("restock", {"type": "restock"}),
        ("eat 1", {"type": "eat", "bowl": 0}),
        ("empty 3", {"type": "empty", "bowl": 2}),
        ("place Cl>1.2", {"type": "place", "card": "Cl", "seat": 1, "bowl": 1}),
        ("discard Na", {"type": "discard", "card": "Na"}),
        ("use No>0.1", {"type": "use", "card": "No", "seat": 0, "bowl": 0}),
        ("skip", {"type": "skip"}),
        ("end", {"type": "end"}),
    ],
)
def test_each_decision_as_data_names_its_card_bowl_and_seat(text: str, data: dict) -> None:
    """Positions are places in the view's lists (from 0), cards their ids in the views."""
    action = GAME.action_from_notation(text)
    assert GAME.action_to_json(action) == data
    assert GAME.action_from_json(data) == action
    assert GAME.format_action(GAME.action_from_json(data)) == text


def test_every_decision_round_trips_value_json_value_and_notation_value_notation() -> None:
    for action in filter(named, universe(5)):
        data = GAME.action_to_json(action)
        assert json.loads(json.dumps(data)) == data
        assert GAME.action_from_json(data) == action, data
        text = GAME.format_action(action)
        assert GAME.format_action(GAME.action_from_notation(text)) == text


def test_decoding_gives_the_shared_decisions_of_the_rules_tables() -> None:
    """Legal-action lists are built from shared values; decoding returns the same objects."""
    assert GAME.action_from_json({"type": "prep", "card": "Ch", "bowl": 1}) is PREPS[5][1]
    assert (
        GAME.action_from_json({"type": "spoon", "seat": 4, "bowl": 2, "to": 0}) is SPOONS_[4][2][0]
    )
    place = {"type": "place", "card": "Cl", "seat": 3, "bowl": 1}
    assert GAME.action_from_json(place) is PLACES[CHILI][10]
    assert GAME.action_from_json({**place, "type": "use", "card": "No"}) is USES[NORI][10]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 150))
def test_the_legal_decisions_round_trip_and_fit_the_schema(players, seed, steps) -> None:
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(GAME.decision_schema())
    state = advance(players, seed, steps)
    if state.is_over:
        return
    for action in state.legal_actions(state.current):
        data = GAME.action_to_json(action)
        assert GAME.action_from_json(data) is action
        assert not list(validator.iter_errors(data)), data


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "prep", "card": "Zz", "bowl": 0}, "card"),
        ({"type": "prep", "card": "Ch", "bowl": 3}, "bowl"),
        ({"type": "prep", "card": "Ch"}, "bowl"),
        ({"type": "spoon", "seat": 5, "bowl": 0, "to": 1}, "seat"),
        ({"type": "spoon", "seat": 1, "bowl": 0, "to": True}, "to"),
        ({"type": "draw", "card": 3}, "card"),
        ({"type": "draw", "card": "Ch", "slot": 1}, "slot"),
        ({"type": "fly"}, "type"),
        ({"bowl": 1}, "type"),
    ],
)
def test_malformed_data_is_refused_naming_the_field(data: dict, field: str) -> None:
    with pytest.raises(DecisionError) as info:
        GAME.action_from_json(data)
    assert info.value.field == field


def test_the_schema_lists_every_kind_of_decision_with_its_fields() -> None:
    schema = GAME.decision_schema()
    kinds = {e["properties"]["type"]["const"]: e for e in schema["oneOf"]}
    assert list(kinds) == [
        "prep",
        "draw",
        "spoon",
        "restock",
        "eat",
        "empty",
        "place",
        "discard",
        "use",
        "skip",
        "end",
    ]
    assert set(kinds["spoon"]["required"]) == {"type", "seat", "bowl", "to"}
    assert kinds["prep"]["properties"]["card"]["enum"] == list(CODES)
    assert kinds["eat"]["properties"]["bowl"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": 2,
        "description": kinds["eat"]["properties"]["bowl"]["description"],
    }


# -- the notation's tokens ------------------------------------------------------------------


def test_the_notation_pattern_finds_every_decision_written_in_notation() -> None:
    for action in filter(named, universe(5)):
        text = GAME.format_action(action)
        if text in ("restock", "skip", "end"):  # plain words
            continue
        assert GAME.notation_tokens.search(text), text
    for piece in ("Ch", "Sy", "Cl x2".replace(" ", ""), "No>1", "1.3", ">2", "draw Na", "eat 1"):
        assert GAME.notation_tokens.search(piece), piece


@pytest.mark.parametrize(
    "sentence",
    [
        "No, you cannot: bowl 2 holds 5 cards.",
        "To eat a bowl, put a Flavor in it and one other card; 7 cards eaten.",
        "Sh! Na, Co-op: the Pantry holds Corn, Naruto and Shrimp Flavor. Seat 1 has 2 spoons.",
        "Prep Chashu into your bowl 2 for 1.5 points in turn 12.",
    ],
)
def test_the_notation_pattern_leaves_ordinary_sentences_alone(sentence: str) -> None:
    match = GAME.notation_tokens.search(sentence)
    assert match is None, match


# -- the catalog ------------------------------------------------------------------------------


def _entries() -> dict[str, tuple[str, str | None, str]]:
    """The catalog's entries: id -> (English, plural, translator comment)."""
    from babel.messages.pofile import read_po

    with CATALOG.open("rb") as f:
        po = read_po(f)
    out = {}
    for message in po:
        if not message.context:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id, None)
        out[message.context] = (ids[0], ids[1], " ".join(message.auto_comments))
    return out


def test_every_message_the_code_uses_is_in_the_catalog_with_a_translators_comment() -> None:
    entries = _entries()
    package = Path(GAME.locale_dir() or "").parent
    used: set[str] = set()
    for path in package.glob("*.py"):
        used |= set(re.findall(r'"(ramen_fury\.[a-z_.]+[a-z_])"', path.read_text()))
    script = TABLE_JS.read_text()
    used |= {f"ramen_fury.web.{k}" for k in re.findall(r'\bw\("([a-z_]+)"', script)}
    used |= set(re.findall(r't\("(ramen_fury\.[a-z_.]+[a-z_])"', script))
    for code in CODES:
        used |= {f"ramen_fury.card.{code}", f"ramen_fury.card_short.{code}"}
    missing = sorted(used - set(entries))
    assert not missing, missing
    for msg_id, (english, plural, comment) in entries.items():
        assert msg_id.startswith("ramen_fury."), msg_id
        assert comment, f"{msg_id} has no comment for translators"
        for name in re.findall(r"\{([a-z_]+)\}", english + (plural or "")):
            assert name in comment, f"{msg_id}: the comment does not say what {{{name}}} holds"
        assert not GAME.notation_tokens.search(english), (msg_id, english)
    assert len(entries) > 300


def test_cards_are_named_as_the_rulebook_names_them() -> None:
    catalog = load_catalog()
    for code, name in zip(CODES, NAMES, strict=True):
        assert render(Msg(f"ramen_fury.card.{code}")) == name
    assert catalog.template("ramen_fury.decision.restock") == "Restock the Pantry"


# -- words: decisions, events, refusals, results ----------------------------------------------


def test_the_hint_that_said_spoon_1_2_3_says_which_card_moves_from_whose_bowl_to_which() -> None:
    state = table(2, hands=["Ch", ""], bowls={"1.2": "Sy Co Mu"})
    view = state.view(0)
    spoon = GAME.parse_action("spoon 1.2>3", view, state.legal_actions(0))
    said = render(WORDS.decision(spoon, view), names=["Ana", "Ben"], viewer=0)
    assert said == "Spoon Mushrooms from Ben's bowl 2 onto your bowl 3"
    hint = render(Msg("core.hint", move=WORDS.decision(spoon, view)), names=["Ana", "Ben"])
    assert hint == "Hint: Spoon Mushrooms from Ben's bowl 2 onto your bowl 3"


def test_moves_are_instructions_in_the_rulebooks_words() -> None:
    state = table(2, hands=["Ch Cl", ""], bowls={"0.1": "Sy Co", "1.1": "Bf"}, pantry="Co Mu Sc To")
    view = state.view(0)
    said = {render(WORDS.decision(a, view), viewer=0) for a in state.legal_actions(0)}
    for expected in (
        "Prep Chashu into your bowl 2",
        "Draw Corn from the Pantry",
        "Draw the top card of the deck",
        "Spoon Beef Flavor from Seat 1's bowl 1 onto your bowl 2",
        "Restock the Pantry",
        "Eat your bowl 1 for 2 points",
        "Empty your bowl 1 into the discard pile",
        "Place Chili Peppers from your hand into Seat 1's bowl 1 (free)",
    ):
        assert expected in said
    assert tell_legal(GAME, view, state.legal_actions(0)) == [
        render(WORDS.decision(a, view), viewer=0) for a in state.legal_actions(0)
    ]


def test_what_happened_is_told_to_each_seat_as_it_may_know_it() -> None:
    state = table(2, hands=["Ch", "Eg"], pantry="Co Mu Sc No", deck="Na Bf Sy Ck Cl Eg")
    act(state, "draw deck")  # Naruto, seen by seat 0 only
    act(state, "draw Sc")  # refilled with Beef Flavor
    names = ["Ana", "Ben"]
    mine = [e["text"] for e in tell_history(GAME, state.view(0), names=names)]
    theirs = [e["text"] for e in tell_history(GAME, state.view(1), names=names)]
    watcher = [e["text"] for e in tell_history(GAME, state.view(None), names=names)]
    assert mine == [
        "You drew Naruto from the deck.",
        "You drew Scallions from the Pantry.",
        "The Pantry was refilled with Beef Flavor.",
    ]
    assert theirs[0] == watcher[0] == "Ana drew a card from the deck."
    assert theirs[1:] == watcher[1:] == ["Ana drew Scallions from the Pantry.", mine[2]]


def test_every_kind_of_event_is_told_in_a_sentence() -> None:
    """One event of every kind, from seeded random games: each told to every seat (and a
    spectator) in a sentence with every card named, no notation."""
    seen: dict[str, dict[str, Any]] = {}
    rng = Rng(7)
    for seed in range(60):
        state = GAME.new_state(3, seed)
        while not state.is_over:
            seat = state.current
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in state.view(0)["history"]:
            seen.setdefault(event["kind"] + str(event.get("from", "")), event)
    every = "prep draw refill discard restock use place skip spoon eat empty end final_round"
    assert {e["kind"] for e in seen.values()} >= {*every.split(), "game_over"}
    seen["forfeit"] = {"turn": 9, "seat": 2, "kind": "forfeit", "actions": 1}
    for event in seen.values():
        for viewer in (0, 1, 2, None):
            msg = WORDS.event(event, viewer)
            assert msg is not None, event
            text = render(msg, names=["Ana", "Ben", "Cy"], viewer=viewer)
            assert text.endswith(".") and text[0].isupper(), text
            assert "ramen_fury." not in text and "{" not in text, text
            assert not GAME.notation_tokens.search(text), text
            shown = event.get("cards") if event["kind"] != "eat" else []  # eaten: on the table
            for code in [event.get("card"), *(shown or [])]:
                if code:
                    assert NAMES[CODES.index(code)] in text, (event, text)


def test_refusals_are_sentences_naming_cards_and_bowls_in_words() -> None:
    state = table(2, hands=["Ch Sy", ""], bowls={"0.1": "Bf Co", "1.1": "Ck Eg Eg Na Na"})
    cases = [
        (
            Prep(cards_of("Cl"), 0),
            "Chili Peppers is not in your hand (you hold Soy Sauce Flavor and Chashu)",
        ),
        (Prep(cards_of("Sy"), 0), "your bowl 1 already has a Flavor card"),
        (Place(cards_of("Ch"), 1, 1), "only Nori Garnish and Chili Peppers can be placed for free"),
        (Spoon(1, 0, 1), "Not allowed"),  # legal: applied on a copy below instead
        (Use(NORI, 0, 0), "no Nori Garnish or Chili Peppers was just revealed"),
    ]
    for action, expected in cases:
        trial = state.clone()
        if expected == "Not allowed":
            trial.apply(0, action)
            continue
        with pytest.raises(IllegalAction) as info:
            trial.apply(0, action)
        assert info.value.msg is not None
        text = render(Msg("core.illegal", reason=info.value.msg), names=["Ana", "Ben"], viewer=0)
        assert text.startswith("Not allowed: ") and expected in text, text
        assert not GAME.notation_tokens.search(text), text
    with pytest.raises(IllegalAction) as info:
        state.apply(1, GAME.action_from_notation("restock"))
    assert render(info.value.msg, names=["Ana", "Ben"], viewer=1) == "it is Ana's turn"


def cards_of(code: str) -> int:
    return CODES.index(code)


def test_mistyped_moves_are_explained_without_notation_the_player_did_not_type() -> None:
    view = {"seat": 0, "phase": "action"}
    for text in ("", "fly away", "prep Zz>1", "prep Ch>4", "prep Ch", "spoon x>1", "draw chi"):
        with pytest.raises(NotationError) as info:
            GAME.parse_action(text, view, [])
        said = str(info.value)
        assert info.value.msg is not None
        assert not notation_leaks([said], GAME.notation_tokens, typed=[text]), said


def test_the_result_says_who_won_the_tie_break_and_every_score() -> None:
    state = table(2, bowls={"0.1": "Sy Co Mu", "1.1": "Sy Co Mu Co Co"}, eaten=["0.1", "1.1"])
    state.phase = 4  # over
    result = state.result()
    lines = [render(m, names=["Ana", "Ben"], viewer=0) for m in WORDS.result(result, 2, 0)]
    assert lines == [
        "Ben wins with 5 points.",
        "Tied on points: the most ingredient cards eaten decided (5 cards, Flavors included).",
        "1. Ben: 5 points from 1 eaten bowl (5 cards).",
        "2. You: 5 points from 1 eaten bowl (3 cards).",
    ]


def test_a_bowls_score_is_told_part_by_part() -> None:
    state = table(2, bowls={"0.1": "Sy Co Mu No Cl", "0.2": "Ck Eg Eg Eg", "0.3": "Fy Cl Cl"})
    bowls = state.view(0)["bowls"][0]
    said = [[render(m) for m in breakdown(b["breakdown"])] for b in bowls]
    assert said == [
        ["Soy Sauce Flavor, 2 vegetable kinds: 5 points", "Nori Garnish +1", "Chili Peppers −1"],
        ["Chicken Flavor, 3 alike (Eggs): 10 points"],
        ["Fury Flavor, the other ingredients: 0 points", "Chili Peppers +4"],
    ]


# -- the rules' facts in the view, the components ---------------------------------------------


def test_each_bowl_in_the_view_says_what_it_scores_its_room_and_what_it_lacks() -> None:
    state = table(
        2,
        bowls={"0.1": "Sy Co Mu", "0.2": "Co Ch", "0.3": "Bf", "1.1": "Sh Ch Co To No"},
        eaten=["1.1"],
    )
    mine, theirs = state.view(0)["bowls"]
    assert mine[0]["points"] == 5 and mine[0]["eatable"] and mine[0]["eat_needs"] is None
    assert mine[0]["breakdown"]["basis"] == "vegetable_kinds" and mine[0]["breakdown"]["count"] == 2
    assert mine[0]["room"] == BOWL_CAP - 3 and not mine[0]["takes_flavor"]
    assert (
        mine[1]["points"] is None and mine[1]["eat_needs"] == "flavor" and mine[1]["takes_flavor"]
    )
    assert mine[2]["eat_needs"] == "ingredient"
    assert theirs[0]["eaten"] and theirs[0]["points"] == 5 and theirs[0]["room"] == 0
    assert state.view(0)["limits"] == {
        "hand": 5,
        "bowl": 5,
        "flavors_per_bowl": 1,
        "bowls": 3,
        "spoons": 2,
        "actions_per_turn": 2,
        "pantry": 4,
    }


def test_the_components_name_every_card_and_state_its_scoring_rule() -> None:
    parts = components()
    assert list(parts["cards"]) == list(CODES)
    soy = parts["cards"]["Sy"]
    assert soy["category"] == "flavor" and soy["flavor"] and not soy["special"]
    assert render(soy["name"]) == "Soy Sauce Flavor" and render(soy["short"]) == "Soy Sauce"
    assert render(soy["rule"]) == "1·2·3·4 vegetable kinds: {}·{}·{}·{} points".format(
        *TYPES_TABLE[1:]
    )
    assert parts["cards"]["To"]["protein"] and parts["cards"]["To"]["vegetable"]
    assert render(parts["cards"]["Cl"]["rule"]) == "−1 (+2 in Fury) · free into any bowl"
    rules = [render(m) for m in parts["rules"]]
    assert any("2, 5, 9 or 14 points" in line for line in rules)
    json.dumps(GAME.components(), default=lambda m: m.to_json())


def test_a_views_history_is_the_whole_game() -> None:
    state = GAME.new_state(3, seed=4)
    rng = Rng(4)
    counted = 0
    while not state.is_over:
        seat = state.current
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        counted += 1
    history = state.view(None)["history"]
    decisions = [e for e in history if e["seat"] is not None and e["kind"] != "forfeit"]
    assert len(decisions) == counted
    assert history[-1]["kind"] == "game_over"
    assert history[-1]["points"] == list(state.result().scores)
    assert [e["turn"] for e in history] == sorted(e["turn"] for e in history)


# -- the terminal -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "seed"), [(["human", "greedy"], 3), (["human", "random", "human"], 5)]
)
def test_a_whole_game_in_the_terminal_shows_no_notation_the_player_did_not_type(
    seats: list[str], seed: int
) -> None:
    printed, typed = play_in_terminal("ramen-fury", seats, seed)
    assert ("Game over" in printed and "wins with" in printed) or "share the win" in printed
    leaks = notation_leaks([printed], GAME.notation_tokens, typed)
    assert not leaks, leaks[:10]
    assert any(not t.startswith("#") and GAME.notation_tokens.search(t) for t in typed)


def test_the_terminal_table_is_in_words() -> None:
    from gametable.conformance import render_text

    state = table(2, hands=["Ch Cl", "Eg"], bowls={"0.1": "Sy Co Mu", "1.1": "Bf Na"})
    state.final_left = 1
    text = render_text(GAME.ui.render_view(state.view(0)), width=160)
    for words in ("Soy Sauce, Corn, Mushrooms", "(5 points if eaten)", "Chashu, Chili", "you"):
        assert words in text, text
    assert not GAME.notation_tokens.search(text), text
    listing = render_text(GAME.ui.describe_legal(state.view(0), state.legal_actions(0)), 200)
    assert "Prep (an action):" in listing and "#1 Prep Chashu into your bowl 1" in listing
    assert render(Msg("ramen_fury.ui.player", who=Seat(1)), viewer=0) == "Seat 1"


def test_a_clone_shares_the_story_so_far_and_then_tells_its_own() -> None:
    """The story is copied for free (clones share it until one of them records an event);
    neither a clone nor the game it was cloned from ever sees the other's later events."""
    state = GAME.new_state(2, seed=8, first_player=0)
    rng = Rng(8)
    for _ in range(12):
        state.apply(state.current, rng.choice(state.legal_actions(state.current)))
    so_far = state.view(None)["history"]
    clone, other = state.clone(), state.clone()
    restock, draw = GAME.action_from_notation("restock"), GAME.action_from_notation("draw deck")
    seat = state.current
    assert restock in state.legal_actions(seat) and draw in state.legal_actions(seat)
    clone.apply(seat, restock)
    other.apply(seat, draw)
    assert state.view(None)["history"] == so_far
    for copy, kind in ((clone, "restock"), (other, "draw")):
        history = copy.view(None)["history"]
        assert history[: len(so_far)] == so_far
        assert history[len(so_far)]["kind"] == kind
    state.apply(seat, restock)
    assert state.view(None)["history"][len(so_far)]["kind"] == "restock"
    assert other.view(None)["history"][len(so_far)]["kind"] == "draw"
