"""Ramen (the tips game) as data and in words (issue 29): decisions as data with a JSON
Schema, the whole story as events (a secret choice a private fact until the reveal), every
sentence from the catalog, the rules' facts in the view, the components, the Shōyu preview,
and the compiled encoder's constants checked against the game's."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.core.codec import DecisionError
from gametable.core.errors import NotationError
from gametable.core.rng import Rng
from gametable.core.words import Msg, render, render_tree, tell_history
from gametable.games.ramen_tips import GAME
from gametable.games.ramen_tips.cards import CARD_BY_NAME, CARD_NAMES
from gametable.games.ramen_tips.state import (
    EVENT_KINDS,
    PASS,
    SHOYU_PHASE,
    Choose,
    Exchange,
    Keep,
    PlaceShoyu,
    Swap,
    Take,
    TipsState,
)
from gametable.games.ramen_tips.tables import make_state, set_bowls

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "support"))

from notation_scan import notation_leaks, play_in_terminal

C = CARD_BY_NAME.__getitem__
PACKAGE = Path(__file__).resolve().parents[3] / "src" / "gametable" / "games" / "ramen_tips"


def play(players: int, seed: int, steps: int | None = None, **options: Any) -> TipsState:
    """A seeded random game, ``steps`` decisions in (to the end by default)."""
    state = GAME.new_state(players, seed=seed, **options)
    assert isinstance(state, TipsState)
    rng = Rng(seed)
    n = 0
    while not state.is_over and (steps is None or n < steps):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    return state


# -- decisions as data --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Choose(C("C6")), {"type": "choose", "card": "C6"}),
        (Exchange(C("S9")), {"type": "exchange", "card": "S9"}),
        (Swap(0, 2), {"type": "swap", "ingredients": ["C", "S"]}),
        (PASS, {"type": "pass"}),
        (Take(C("Y4"), 1), {"type": "take", "card": "Y4", "bowl": 1}),
        (Keep(C("C6"), 0), {"type": "keep", "card": "C6", "bowl": 0}),
        (PlaceShoyu((0, 0, 2)), {"type": "place_shoyu", "bowls": [0, 0, 2]}),
        (PlaceShoyu(()), {"type": "place_shoyu", "bowls": []}),
    ],
)
def test_each_decision_is_data_named_as_the_rulebook_names_it(action: Any, data: Any) -> None:
    # Bowls are 0-based indexes into the view's list of the seat's bowls, cards the ids the
    # views use, the swap's two ingredients by the ids of the preference row.
    assert GAME.action_to_json(action) == data
    assert GAME.action_from_json(json.loads(json.dumps(data))) == action
    jsonschema.validate(data, GAME.decision_schema())


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), narutos=st.booleans())
def test_every_legal_decision_round_trips_as_data_and_as_notation(
    players: int, seed: int, narutos: bool
) -> None:
    validator = jsonschema.Draft202012Validator(GAME.decision_schema())
    state = GAME.new_state(players, seed=seed, narutos=narutos)
    rng = Rng(seed)
    while not state.is_over:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        for action in legal:
            data = GAME.action_to_json(action)
            validator.validate(data)
            assert GAME.action_from_json(json.loads(json.dumps(data))) == action
            text = GAME.format_action(action)
            assert GAME.format_action(GAME.action_from_notation(text)) == text
        state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize(
    ("data", "field", "problem"),
    [
        ({"type": "take", "card": "C6", "bowl": 12}, "bowl", "from 0 to 11, not 12"),
        ({"type": "take", "card": "Z9", "bowl": 0}, "card", "an ingredient card"),
        ({"type": "take", "card": "C6"}, "bowl", "is missing"),
        ({"type": "swap", "ingredients": ["C"]}, "ingredients", "must hold 2 to 2 items"),
        ({"type": "swap", "ingredients": ["C", "X"]}, "ingredients[1]", "an ingredient type"),
        ({"type": "place_shoyu", "bowls": [0, 1, 2, 3, 4, 5]}, "bowls", "0 to 5 items"),
        ({"type": "place_shoyu", "bowls": [0, True]}, "bowls[1]", "whole number"),
        ({"type": "play", "card": "C6"}, "type", "must be one of choose, exchange, swap"),
        ({"type": "pass", "effect": "swap"}, "effect", "is not a field"),
    ],
)
def test_data_that_is_no_decision_is_refused_naming_the_field(
    data: Any, field: str, problem: str
) -> None:
    with pytest.raises(DecisionError) as info:
        GAME.action_from_json(data)
    assert info.value.field == field
    assert problem in info.value.problem


def test_a_swap_of_an_ingredient_with_itself_is_no_decision() -> None:
    with pytest.raises(DecisionError, match="differ"):
        GAME.action_from_json({"type": "swap", "ingredients": ["S", "S"]})
    # The two ingredients in either order are the same swap.
    assert GAME.action_from_json({"type": "swap", "ingredients": ["S", "C"]}) == Swap(0, 2)


def test_a_shoyu_placement_lists_its_bowls_in_order() -> None:
    placed = GAME.action_from_json({"type": "place_shoyu", "bowls": [2, 0, 0]})
    assert placed == PlaceShoyu((0, 0, 2))


def test_the_schema_lists_every_kind_of_decision() -> None:
    schema = GAME.decision_schema()
    kinds = [d["properties"]["type"]["const"] for d in schema["oneOf"]]
    assert kinds == ["choose", "exchange", "swap", "pass", "take", "keep", "place_shoyu"]
    take = next(d for d in schema["oneOf"] if d["properties"]["type"]["const"] == "take")
    assert take["properties"]["card"]["enum"] == list(CARD_NAMES)


# -- the story as events ------------------------------------------------------------------


def test_a_view_carries_the_whole_game_from_its_first_round() -> None:
    # Before issue 29 a view kept the log of the current and previous rounds only.
    state = play(3, seed=4)
    history = state.view(0)["history"]
    assert [e["round"] for e in history if e["kind"] == "round"] == list(range(1, 10))
    assert {e["turn"] for e in history} == set(range(1, 10))
    assert history[0] == {
        "turn": 1,
        "seat": None,
        "kind": "round",
        "round": 1,
        "rounds": 9,
        "final": False,
    }
    assert history[-1]["kind"] == "end" and history[-1]["scores"] == list(state.result().scores)
    kinds = {e["kind"] for e in history}
    assert kinds <= set(EVENT_KINDS)
    assert {"round", "choose", "reveal", "order", "take", "keep", "end"} <= kinds


def test_every_kind_of_event_happens_and_is_told() -> None:
    seen: dict[str, tuple[int | None, dict[str, Any]]] = {}
    for seed in range(60):
        players = 2 + seed % 4
        state = play(players, seed, narutos=True)
        for viewer in (0, None):
            for event in state.view(viewer)["history"]:
                seen.setdefault(event["kind"], (viewer, event))
    assert set(seen) == set(EVENT_KINDS)
    for kind, (viewer, event) in seen.items():
        msg = GAME.words.event(event, viewer)
        assert msg is not None, kind
        text = render(msg, viewer=viewer)
        assert re.fullmatch(r"[A-Z].*\.", text) and "ramen_tips." not in text, (kind, text)
        assert "{" not in text and not GAME.notation_tokens.search(text), (kind, text)


def test_a_chosen_card_is_a_private_fact_until_the_reveal() -> None:
    # Reference §5.1: every player secretly picks a card; all are revealed together.
    state = make_state(3, "CNYSA", hands=[["S5"], ["N6"], ["S9"]])
    state.apply(1, Choose(C("N6")))
    mine = [e for e in state.view(1)["history"] if e["kind"] == "choose"]
    theirs = [e for e in state.view(0)["history"] if e["kind"] == "choose"]
    watching = [e for e in state.view(None)["history"] if e["kind"] == "choose"]
    assert mine == [{"turn": 1, "seat": 1, "kind": "choose", "card": "N6"}]
    assert theirs == watching == [{"turn": 1, "seat": 1, "kind": "choose"}]
    assert [e["text"] for e in tell_history(GAME, state.view(0))][-1] == (
        "Seat 1 chose a card (face down)."
    )
    state.apply(0, Choose(C("S5")))
    state.apply(2, Choose(C("S9")))
    reveal = next(e for e in state.view(0)["history"] if e["kind"] == "reveal")
    assert reveal["cards"] == ["S5", "N6", "S9"]


def test_a_shoyu_placement_is_private_until_everyone_has_placed() -> None:
    for seed in range(80):
        state = GAME.new_state(3, seed=seed)
        rng = Rng(seed)
        while not state.is_over and state.phase != SHOYU_PHASE:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.phase == SHOYU_PHASE and len(state.to_act) >= 2:
            break
    else:
        pytest.skip("no seed reached a Shōyu placement by two seats")
    first, second = state.to_act[:2]
    placement = state.legal_actions(first)[-1]
    assert isinstance(placement, PlaceShoyu)
    state.apply(first, placement)
    placed = [e for e in state.view(first)["history"] if e["kind"] == "place_shoyu"]
    assert placed == [
        {"turn": 9, "seat": first, "kind": "place_shoyu", "bowls": list(placement.bowls)}
    ]
    others = [e for e in state.view(second)["history"] if e["kind"] == "place_shoyu"]
    assert others == [{"turn": 9, "seat": first, "kind": "place_shoyu"}]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    shown = [e for e in state.view(second)["history"] if e["kind"] == "shoyu_placed"]
    if placement.bowls:
        assert {
            "turn": 9,
            "seat": first,
            "kind": "shoyu_placed",
            "bowls": list(placement.bowls),
        } in shown


def test_a_clone_tells_its_own_story() -> None:
    state = play(2, seed=9, steps=30)
    twin = state.clone()
    told = len(state.events)
    while len(state.events) == told:  # play on until something is told
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert len(twin.events) == told
    assert list(twin.events) == list(state.events)[:told]
    assert twin.view(0)["history"] == state.view(0)["history"][:told]


# -- words ----------------------------------------------------------------------------------


def catalog() -> dict[str, Any]:
    with (PACKAGE / "locale" / "messages.pot").open("rb") as f:
        return {m.context: m for m in read_po(f) if m.context}


def test_every_message_of_the_catalog_is_explained_for_translators() -> None:
    entries = catalog()
    assert len(entries) > 200
    for key, message in entries.items():
        assert key.startswith("ramen_tips."), key
        assert message.auto_comments, f"{key} has no #. comment"
        forms = message.id if isinstance(message.id, tuple) else (message.id,)
        named = set(re.findall(r"\{([A-Za-z_]+)\}", forms[0]))
        for name in named:  # every placeholder is said in the comment
            assert name in " ".join(message.auto_comments), (key, name)


def test_every_message_id_the_code_uses_is_in_the_catalog() -> None:
    entries = catalog()
    used = set()
    for path in [*PACKAGE.glob("*.py"), PACKAGE / "web" / "table.js"]:
        used |= set(re.findall(r'"(ramen_tips\.[a-z_.]+[a-z_])"', path.read_text()))
    # The browser table's own words: w("key") is ramen_tips.web.key.
    table = (PACKAGE / "web" / "table.js").read_text()
    web = {f"ramen_tips.web.{k}" for k in re.findall(r'"([a-z_]+)"', table)}
    used |= web & set(entries)
    assert {f"ramen_tips.web.{k}" for k in re.findall(r'\bw\("([a-z_]+)"', table)} <= set(entries)
    missing = sorted(u for u in used if u not in entries)
    assert not missing, missing
    # Ids made in code: "….you" for the reader's own seat, and ids from a kind or a key;
    # the front ends make the modes, options and bots' ids from the game's data (the core
    # catalogs test requires every one of them).
    made = (
        r"ramen_tips\.(ingredient|gloss|achievement|decision|event|heading|ui\.column"
        r"|mode|option|bot)\."
        r"|ramen_tips\.title$"
    )
    unused = [
        key
        for key in entries
        if key not in used and key.removesuffix(".you") not in used and not re.match(made, key)
    ]
    assert not unused, unused


@pytest.mark.parametrize("players", [2, 3, 5])
def test_everything_said_in_a_game_is_in_words_without_notation(players: int) -> None:
    state = GAME.new_state(players, seed=players, narutos=True)
    rng = Rng(players)
    said: list[str] = []
    while not state.is_over:
        seat = rng.choice(state.to_act)
        view, legal = state.view(seat), state.legal_actions(seat)
        said += [render(GAME.words.decision(a, view), viewer=seat) for a in legal]
        said.append(render(GAME.words.prompt(view), viewer=seat))
        said.append(render(GAME.words.heading(view, legal), viewer=seat))
        for junk in (Choose(44), Take(0, 11), PlaceShoyu((0, 0, 0, 0))):
            try:
                state.clone().apply(seat, junk)
            except Exception as exc:
                said.append(str(exc))
        state.apply(seat, rng.choice(legal))
    for viewer in [None, *range(players)]:
        said += [e["text"] for e in tell_history(GAME, state.view(viewer))]
        said += [
            render(m, viewer=viewer) for m in GAME.words.result(state.result(), players, viewer)
        ]
    for text in said:
        assert "ramen_tips." not in text and "{" not in text, text
        assert not GAME.notation_tokens.search(text), text


def test_a_refusal_and_a_mistyped_move_carry_a_message_of_the_catalog() -> None:
    state = make_state(3, "CNYSA", hands=[["S5"], ["N6"], ["S9"]])
    with pytest.raises(Exception) as info:
        state.apply(0, Choose(C("N6")))
    assert info.value.msg == Msg(  # type: ignore[attr-defined]
        "ramen_tips.illegal.not_in_hand",
        card=Msg("ramen_tips.card", ingredient=Msg("ramen_tips.ingredient.nudoru"), value=6),
        hand=info.value.msg.params["hand"],  # type: ignore[attr-defined]
    )
    assert str(info.value).startswith("Nūdoru 6 is not in your hand (your hand: Chāshū 1,")
    with pytest.raises(NotationError) as typed:
        GAME.parse_action("take Q4>2", state.view(0), state.legal_actions(0))
    assert typed.value.msg is not None
    assert "'Q'" in str(typed.value)  # what was typed is quoted back


@pytest.mark.parametrize(
    "text",
    [
        "play C6",
        "C6",
        "take Y4>2",
        "Y4>new",
        "keep C6>1",
        "swap C S",
        "shoyu 1 1 3",
        "shoyu none",
        "x S9 > 3",
    ],
)
def test_notation_tokens_find_notation(text: str) -> None:
    assert GAME.notation_tokens.search(text)


@pytest.mark.parametrize(
    "text",
    [
        "You took Yasai 4 into bowl 2.",
        "Chāshū 6",
        "a tip of 7 yen",
        "Round 3 of 9",
        "Place 2 Shōyu cards: 1 in bowl 1 and 1 in bowl 3",
        "Swap Chāshū and Sūpu",
        "Seat 1 wins with 27 yen.",
        "Order of choice: you, Seat 2, and Grunchie.",
    ],
)
def test_notation_tokens_leave_sentences_alone(text: str) -> None:
    assert not GAME.notation_tokens.search(text)


@pytest.mark.parametrize(
    ("seats", "seed"),
    [
        (["human", "greedy", "random"], 5),
        (["human", "human"], 6),  # with Grunchie, two people at one keyboard
        (["human", "random", "greedy", "random", "greedy"], 7),
    ],
)
def test_a_whole_game_at_the_terminal_shows_no_notation_but_what_was_typed(
    seats: list[str], seed: int
) -> None:
    # The person lists the moves, asks for a hint and the board, mistypes, types a few
    # moves in notation and plays the others by number: everything printed is scanned.
    printed, typed = play_in_terminal("ramen-tips", seats, seed)
    assert "Game over" in printed and ("wins with" in printed or "Shared victory" in printed)
    assert "Hint:" in printed and "#1 " in printed
    leaks = notation_leaks([printed], GAME.notation_tokens, typed)
    assert not leaks, leaks[:10]
    assert any(not t.startswith("#") and GAME.notation_tokens.search(t) for t in typed)


# -- the rules' facts in the view -----------------------------------------------------------


def test_each_bowl_says_what_it_is_worth_and_what_it_lacks() -> None:
    state = make_state(3, "CNYSA", hands=[["S5"], ["N6"], ["S9"]])
    set_bowls(state, 0, [["C3", "N4", "S7"], ["C8", "N5"], ["Y1"]])
    facts = state.view(1)["bowl_facts"][0]
    assert facts[0] == {
        "cards": 3,
        "shoyu": 0,
        "valid": True,
        "missing": 0,
        "shoyu_capacity": 1,
        "face_value": 14,
        "bonus": 1,
    }
    assert facts[1]["valid"] is False and facts[1]["missing"] == 1
    assert facts[1]["shoyu_capacity"] == 1 and facts[1]["bonus"] == 1
    assert facts[2] == {
        "cards": 1,
        "shoyu": 0,
        "valid": False,
        "missing": 2,
        "shoyu_capacity": 0,
        "face_value": 1,
        "bonus": 0,
    }


def test_the_yen_in_the_view_at_the_end_are_the_result() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 5)):
        state = play(players, seed, narutos=True)
        view = state.view(None)
        assert [y["total"] for y in view["yen"]] == list(state.result().scores)
        for seat, p in enumerate(state.result().details["players"]):
            assert view["yen"][seat]["ramen"] == p["ramen_yen"]
            assert view["yen"][seat]["tips"] == sum(t["yen"] for t in p["tips"])


def test_the_tip_leaders_are_who_would_win_each_tip_now() -> None:
    # Tips go to the lowest total of an ingredient in valid ramen (a tie: the highest card).
    state = make_state(3, "CASNY", hands=[["S5"], ["N6"], ["S9"]])
    set_bowls(state, 0, [["C3", "A4", "S7"]])
    set_bowls(state, 1, [["C2", "A5", "N1"], ["Y9"]])
    prefs = {p["type"]: p for p in state.view(2)["preference"]}
    assert (prefs["C"]["tip_leader"], prefs["C"]["tip_total"]) == (1, 2)
    assert (prefs["A"]["tip_leader"], prefs["A"]["tip_total"]) == (0, 4)
    assert prefs["Y"]["tip_leader"] is None  # Y9 is no ramen: it does not count
    assert prefs["C"]["tip"] == 7


def test_the_taking_seat_sees_what_each_placement_would_make_of_its_yen() -> None:
    state = make_state(3, "CNYSA", hands=[["C9"], ["A3"], ["A4"]], offer=["Y7", "S8", "S6"])
    set_bowls(state, 0, [["C3", "N4"], ["C8"]])
    for seat, card in enumerate(("C9", "A3", "A4")):
        state.apply(seat, Choose(C(card)))
    view = state.view(0)
    assert state.current == 0
    now = view["yen"][0]["total"]
    places = view["placements"]
    assert {(p["card"], p["bowl"]) for p in places} == {
        (GAME.action_to_json(a)["card"], a.bowl) for a in state.legal_actions(0)
    }
    # Y7 into bowl 1 makes a ramen of 3: 1 ramen × 3 cards, +1 for the 7, −8 for C8 alone.
    y7 = next(p for p in places if p["card"] == "Y7" and p["bowl"] == 0)
    assert y7["yen"] == 3 + 1 - 8 + _tips(state, 0, "Y7", 0) and y7["change"] == y7["yen"] - now
    assert state.view(1)["placements"] is None  # only the seat taking now


def _tips(state: TipsState, seat: int, card: str, bowl: int) -> int:
    trial = state.clone()
    trial.bowls[seat][bowl].append(C(card))
    return sum(y for _, y in trial.scores()[seat].tips)


def test_strength_and_the_order_of_choice_as_it_stands() -> None:
    # Reference §5: strength = the type's place in the preference row, then the value.
    state = make_state(3, "CNYSA", hands=[["A1"], ["C5"], ["Y7"]], offer=["S2", "N3", "A9"])
    view = state.view(0)
    assert view["strength"]["A1"] == 1 and view["strength"]["S2"] == 11
    for seat, card in enumerate(("A1", "C5", "Y7")):
        state.apply(seat, Choose(C(card)))
    view = state.view(2)
    assert view["phase"] == "swap" and view["ranking"] == [1, 2, 0]
    assert view["strength"] == {c: state.strength(C(c)) for c in view["strength"]}
    assert "C5" in view["strength"] and "Y7" in view["strength"]
    assert view["hand"] and not set(view["strength"]) & set(state.view(0)["hand"])


# -- components ------------------------------------------------------------------------------


def test_the_components_name_every_card_ingredient_and_achievement() -> None:
    parts = render_tree(GAME.components())
    assert len(parts["cards"]) == 45
    assert parts["cards"]["C6"] == {"ingredient": "C", "value": 6, "name": "Chāshū 6"}
    assert parts["cards"]["N2"]["name"] == "Nūdoru 2"
    assert parts["ingredients"]["Y"] == {"name": "Yasai", "gloss": "vegetables", "colour": "green"}
    achievements = parts["achievements"]
    assert list(achievements) == [
        "little_bowls",
        "employee_of_the_month",
        "millionaire",
        "salty",
        "noodle",
        "analysis",
        "paralysis",
        "chef",
        "poser",
        "hikkikomori",
    ]
    assert achievements["analysis"] == {
        "name": "Analysis",
        "means": "use a 1 to trade it for a 5",
        "checked": True,
    }
    assert achievements["chef"]["checked"] is False
    assert "3 yen" in parts["naruto"]["about"]
    assert "7, 6, 5, 4, and 3 yen" in parts["tips"]["about"]
    for rule in parts["rules"].values():
        assert rule.endswith(".") and not GAME.notation_tokens.search(rule)


# -- the Shōyu preview -------------------------------------------------------------------------


def _placing() -> tuple[TipsState, int]:
    state = make_state(
        3, "CNYSA", hands=[["A9"], ["A3"], ["S2"]], offer=["Y4", "C2", "N2"], hand_cards=1
    )
    set_bowls(state, 0, [["C3", "N4", "S5"], ["C8", "N5"]])
    for seat, card in enumerate(("A9", "A3", "S2")):
        state.apply(seat, Choose(C(card)))
    while state.phase != SHOYU_PHASE:
        seat = state.current
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.to_act == (0,)
    return state, 0


def test_the_preview_of_a_shoyu_placement_says_which_bowls_become_ramen() -> None:
    state, seat = _placing()
    view = state.view(seat)
    two = next(i for i, b in enumerate(view["bowls"][seat]) if len(b) == 2)
    before = view["bowl_facts"][seat][two]
    assert before["valid"] is False and before["missing"] == 1
    found = GAME.preview(view, {"type": "place_shoyu", "bowls": [two]})
    assert found.legal
    assert found.facts["bowls"][two]["valid"] is True and found.facts["bowls"][two]["shoyu"] == 1
    assert found.facts["change"] == found.facts["yen"] - view["yen"][seat]["total"] > 0
    assert render(found.message) == f"Place your Shōyu card: 1 in bowl {two + 1}"
    trial = state.clone()
    trial.apply(seat, PlaceShoyu((two,)))
    assert trial.result().scores[seat] == found.facts["yen"]


def test_the_preview_of_a_placement_the_rules_refuse_says_why() -> None:
    state, seat = _placing()
    view = state.view(seat)
    two = next(i for i, b in enumerate(view["bowls"][seat]) if len(b) == 2)
    found = GAME.preview(view, {"type": "place_shoyu", "bowls": [two, two]})
    assert not found.legal
    assert render(found.message).startswith("Not allowed: you hold 1 Shōyu card, not 2")
    with pytest.raises(ValueError):
        GAME.preview(view, {"type": "take", "card": "C1", "bowl": 0})
    with pytest.raises(ValueError):
        GAME.preview(state.view(None), {"type": "place_shoyu", "bowls": []})


# -- the compiled encoder ---------------------------------------------------------------------


def test_the_compiled_encoders_constants_are_the_games() -> None:
    fast = pytest.importorskip("gametable.envs.encoders.ramen_tips_fast")
    from gametable.envs.encoders import ramen_tips as encoder

    assert fast.compiled_constants() == fast.python_constants()
    assert encoder.CARDS == CARD_NAMES
    assert (encoder._CHOOSING, encoder._PLACING) == (0, SHOYU_PHASE)


def test_a_compiled_encoder_built_from_another_game_refuses_to_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = pytest.importorskip("gametable.envs.encoders.ramen_tips_fast")
    from gametable.envs.encoders import ramen_tips as encoder

    monkeypatch.setattr(encoder, "KEEP", encoder.KEEP + 1)
    with pytest.raises(ImportError, match=r"KEEP is 551 here but 552 in ramen_tips\.py"):
        fast._check()


def test_the_python_encoder_checks_the_games_facts_at_import(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gametable.envs.encoders import ramen_tips as encoder

    monkeypatch.setattr(encoder, "SHOYU_NARUTO", 6)
    with pytest.raises(ImportError, match="Shōyu Naruto"):
        encoder._check_the_game()
