"""Ramen! Ramen!'s decisions as data, its components and its words (issue 29).

- every decision has one JSON form, made from its fields as the rulebook names them
  (``{"type": "play", "cards": [{"card": "N4", "bowl": 0}, …]}``, ``{"type": "take",
  "card": "K5"}``), read back to the same value, described by a JSON Schema, and refused
  with the field at fault;
- the notation stays for typing: it reads back what it writes;
- every message the game says exists in its catalog, with a note for translators;
- a whole game at the terminal shows no notation the player did not type.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import jsonschema
import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.core import Rng, get_game
from gametable.core.codec import DecisionError
from gametable.core.words import Msg, render
from gametable.games.ramen_ramen.cards import CARD_NAMES, DECK
from gametable.games.ramen_ramen.state import PLAYS1, PLAYS2, TAKES, Play, RamenState, Take

sys.path.insert(0, str(Path(__file__).parent.parent.parent / "support"))

from notation_scan import notation_leaks, play_in_terminal

GAME = get_game("ramen-ramen")
NOTATION = GAME.notation_tokens
assert NOTATION is not None
CATALOG = Path(__file__).parents[3] / "src/gametable/games/ramen_ramen/locale/messages.pot"
EVERY_DECISION = [
    *TAKES,
    *(p for row in PLAYS1 for p in row),
    *(p for row in PLAYS2 for pairs in row for p in pairs),
]


def played(players: int, seed: int) -> list[tuple[RamenState, int]]:
    """Every decision point of a random game (a copy of the state, the seat to act)."""
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    points = []
    while not state.is_over:
        seat = state.to_act[0]
        points.append((state.clone(), seat))
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    points.append((state, 0))
    assert isinstance(state, RamenState)
    return points  # type: ignore[return-value]


# -- decisions as data ---------------------------------------------------------------


def test_the_json_form_names_the_cards_and_bowls_as_the_views_do() -> None:
    n4, c3 = CARD_NAMES.index("N4"), CARD_NAMES.index("C3")
    play = Play(tuple(sorted(((n4, 0), (c3, 2)))))
    assert GAME.action_to_json(play) == {
        "type": "play",
        "cards": [{"card": "C3", "bowl": 2}, {"card": "N4", "bowl": 0}],
    }
    assert GAME.action_to_json(Take(CARD_NAMES.index("K5"))) == {"type": "take", "card": "K5"}
    # the order of the cards in the data does not matter: the same play
    data = {"type": "play", "cards": [{"card": "N4", "bowl": 0}, {"card": "C3", "bowl": 2}]}
    assert GAME.action_from_json(data) == play


def test_every_decision_of_the_game_reads_back_from_its_data_and_its_notation() -> None:
    schema = GAME.decision_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert len(EVERY_DECISION) == 56 + 56 * 3 + 56 * 55 // 2 * 6
    for action in EVERY_DECISION:
        data = GAME.action_to_json(action)
        validator.validate(data)
        assert GAME.action_from_json(data) == action
        text = GAME.format_action(action)
        assert GAME.action_from_notation(text) == action
        assert GAME.format_action(GAME.action_from_notation(text)) == text


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(0, 2**32))
def test_the_legal_decisions_of_any_position_read_back_from_their_data(
    players: int, seed: int
) -> None:
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        for action in legal:
            assert GAME.action_from_json(GAME.action_to_json(action)) == action
        state.apply(seat, legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "serve", "bowl": 0}, "type"),
        ({"type": "take"}, "card"),
        ({"type": "take", "card": "Z9"}, "card"),
        ({"type": "take", "card": "K5", "bowl": 1}, "bowl"),
        ({"type": "play", "cards": []}, "cards"),
        ({"type": "play", "cards": [{"card": "N4", "bowl": 3}]}, "cards[0].bowl"),
        (
            {"type": "play", "cards": [{"card": "N4", "bowl": 0}, {"card": 44, "bowl": 1}]},
            "cards[1].card",
        ),
        ({"type": "play", "cards": [{"card": "N4"}]}, "cards[0].bowl"),
        ({"type": "play", "cards": [{"card": "N4", "bowl": 0}] * 3}, "cards"),
    ],
)
def test_malformed_data_is_refused_naming_the_field(data: object, field: str) -> None:
    with pytest.raises(DecisionError) as info:
        GAME.action_from_json(data)
    assert info.value.field == field
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, GAME.decision_schema())


def test_a_well_formed_play_the_rules_refuse_is_explained_in_words() -> None:
    # "play them into 2 different Bowls": the data is well formed, the rules say no.
    state = GAME.new_state(2, seed=3)
    seat = state.to_act[0]
    hand = state.view(seat)["hand"]
    data = {"type": "play", "cards": [{"card": hand[0], "bowl": 1}, {"card": hand[1], "bowl": 1}]}
    action = GAME.action_from_json(data)
    with pytest.raises(Exception) as info:
        state.apply(seat, action)
    assert str(info.value) == "the two cards must go into two different bowls"


# -- notation, for typing only -----------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["N4", "play N4>1", "C3>2", "take K5", "A1", "S0,", "(G6)", "> 3", "take n4"]
)
def test_notation_tokens_find_the_notation_in_text(text: str) -> None:
    assert NOTATION.search(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You put Nori 4 into bowl 1 and Chashu 3 into bowl 2",
        "Seat 2 took Kamaboko 5 from the Fridge",
        "Team A (you and Seat 2): 18 points from 6 bowls (30 cards)",
        "sum 9/14 · 3/7 ingredients",
        "A bowl of 14 or more is served",
    ],
)
def test_notation_tokens_leave_words_and_numbers_alone(text: str) -> None:
    assert not NOTATION.search(text), text


# -- components ------------------------------------------------------------------------


def test_the_components_name_every_card_the_views_show() -> None:
    components = GAME.components()
    assert list(components["cards"]) == list(CARD_NAMES)
    n4 = components["cards"]["N4"]
    assert (n4["ingredient"], n4["value"], render(n4["name"])) == ("nori", 4, "Nori 4")
    assert render(components["ingredients"]["negi"]["what"]) == "green onion"
    assert render(components["teams"]["B"]["name"]) == "Team B"
    ingredients = {c["ingredient"] for c in components["cards"].values()}
    assert ingredients == set(components["ingredients"])
    assert len(DECK) == 56


# -- the catalog -----------------------------------------------------------------------


def catalog() -> dict[str, str]:
    with CATALOG.open("rb") as f:
        po = read_po(f)
    entries = {}
    for message in po:
        if message.context:
            assert message.context.startswith("ramen_ramen."), message.context
            assert message.auto_comments, f"{message.context} has no note for translators"
            entries[message.context] = message.id
    return entries


def message_ids(msg: object) -> list[str]:
    """The ids of a message and of every message among its parameters."""
    if isinstance(msg, Msg):
        out = [msg.id]
        for value in msg.params.values():
            out += message_ids(value)
        return out
    if isinstance(msg, list | tuple):
        return [i for v in msg for i in message_ids(v)]
    return []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_message_the_game_says_is_in_its_catalog(players: int) -> None:
    entries = catalog()
    known = set(entries) | {"core.you", "core.seat", "core.hint", "core.illegal"}
    said: set[str] = set()
    for state, seat in played(players, seed=players * 7):
        view = state.view(seat)
        for action in state.legal_actions(seat):
            said.update(message_ids(GAME.words.decision(action, view)))
        for viewer in (seat, None):
            for event in state.view(viewer)["history"]:
                said.update(message_ids(GAME.words.event(event, viewer)))
        if state.is_over:
            for viewer in (*range(players), None):
                said.update(message_ids(GAME.words.result(state.result(), players, viewer)))
    assert said <= known, sorted(said - known)
    assert len(said) > 20


def test_the_catalog_holds_every_message_id_written_in_the_game() -> None:
    entries = catalog()
    folder = CATALOG.parent.parent
    written: set[str] = set()
    for path in [*folder.glob("*.py"), folder / "web" / "table.js"]:
        text = path.read_text(encoding="utf-8")
        written.update(re.findall(r"""["'`](ramen_ramen\.[a-z_.0-9]+[a-z0-9_])["'`]""", text))
        written.update(
            "ramen_ramen.web." + key for key in re.findall(r"""\bw\("([a-z_]+)"[,)]""", text)
        )
    assert written, "no message id found"
    assert written <= set(entries), sorted(written - set(entries))


# -- a whole game at the terminal --------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "seed"),
    [(["human"], 5), (["human", "greedy"], 6), (["greedy", "human", "random", "greedy"], 7)],
    ids=["solo", "2p", "4p-teams"],
)
def test_a_whole_game_at_the_terminal_shows_no_notation_the_player_did_not_type(
    seats: list[str], seed: int
) -> None:
    printed, typed = play_in_terminal(GAME.name, seats, seed)
    assert "Game over" in printed
    assert "You put " in printed and " from the Fridge" in printed
    assert any(line.startswith("#") for line in typed) and len(typed) > 10
    assert notation_leaks([printed], NOTATION, typed) == []


@pytest.mark.parametrize("module", ["words", "cards", "scoring"])
def test_the_docstring_examples_run(module: str) -> None:
    import doctest
    import importlib

    found = importlib.import_module(f"gametable.games.ramen_ramen.{module}")
    result = doctest.testmod(found)
    assert result.attempted > 0 and result.failed == 0
