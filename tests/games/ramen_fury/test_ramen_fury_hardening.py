"""Hardening (issues 11 and 12): any decision object, JSON or text gets a clear answer,
seats are checked, views share nothing, and nothing hidden reaches a seat through any
channel — driven by the conformance kit (:mod:`gametable.conformance`) over states of
every kind of decision (action, discard, reveal, free plays, the end), every player count
and the options that change what is decided."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ramen_fury_helpers import act, cards, hide_and_shuffle, snapshot, table

from gametable import conformance as kit
from gametable.core.errors import IllegalAction, NotationError, SeatError
from gametable.core.rng import Rng
from gametable.core.words import render, tell_history
from gametable.games.ramen_fury import GAME, FuryState
from gametable.games.ramen_fury.state import (
    DRAW_DECK,
    END_TURN,
    PHASE_NAMES,
    Discard,
    Draw,
    Eat,
    Empty,
    Place,
    Prep,
    Spoon,
    Use,
)
from gametable.games.ramen_fury.words import RamenFuryWords

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"revealed_specials_mandatory": True},
    {"basic": True},
    {"nori_in_fury": False, "tiebreak_count": "non_flavor", "revealed_specials_mandatory": True},
]

KIT = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def walk(players: int, seed: int, steps: int, options: dict[str, Any]) -> FuryState:
    state = GAME.new_state(players, seed, **options)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def walk_to(phase: str, players: int, seed: int, options: dict[str, Any]) -> FuryState | None:
    """The first state of a random game in ``phase`` (``None`` if the game never gets
    there)."""
    state = GAME.new_state(players, seed, **options)
    rng = Rng(seed)
    while PHASE_NAMES[state.phase] != phase:
        if state.is_over:
            return None
        seat = state.current
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def samples(state: FuryState, seat: int) -> list[str]:
    legal = state.legal_actions(seat)
    return [GAME.format_action(a) for a in legal[:12]] + [
        "prep Ch>2", "spoon 1.3>2", "place Cl>1.2", "use No>0.1", "discard Na", "draw deck",
        "Cl 1.2", "eat 1", "end", "skip",
    ]


def spoiled(players: int) -> list[Any]:
    """Decisions with fields of the right kind but out of range, or of a near kind (a float
    equal to a card, a bool for a seat): each must be refused, none may crash."""
    return [
        Prep(5.0, 0), Prep(5, 1.0), Prep(10**400, 0), Prep(-1, 0), Prep(5, 10**6),
        Draw(True), Draw(13.0), Draw(10**400), Discard(5.0), Discard([5]),
        Use(13.0, 0, 0), Use(12.0, 0, 0), Use(13, True, 0), Use(13, 0, 10**400),
        Place(13.0, 0, 0), Place(13, players, 0), Place(13, 0, 3), Place(12, -1, 0),
        Spoon(players, 0, 0), Spoon(5, 0, 0), Spoon(0, 0, 10**400), Spoon(0.0, 0, 1),
        Spoon(None, None, None), Eat(1.0), Eat(10**400), Empty(-1), Empty("1"),
    ]


@contextmanager
def fixed_hints() -> Iterator[None]:
    """The hint bot (ISMCTS) searching a fixed number of iterations instead of for a
    second, so that a hint that differs between two states read something hidden, not the
    clock."""
    GAME.hint_bot = lambda players: ("ismcts", {"iterations": 30})  # type: ignore[method-assign]
    try:
        yield
    finally:
        del GAME.hint_bot


def drive(state: FuryState, seed: int) -> None:
    """Every check of the kit on ``state``, for every seat."""
    kit.check_seats(state)
    kit.check_views_independent(state)
    rng = Rng(seed)
    for seat in range(state.players):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        acting = seat in state.to_act
        texts = samples(state, seat) if acting else ["draw deck"]
        # A seat not to act is refused before anything else is read: a few probes do.
        probes = kit.garbage_actions(legal, rng, 25) + spoiled(state.players) if acting else [
            *kit.garbage_actions(legal, rng, 3), DRAW_DECK
        ]
        for action in probes:
            kit.check_apply(state, seat, action)
        legal_json = [GAME.action_to_json(a) for a in legal]
        for data in kit.garbage_json(legal_json, rng, 15 if acting else 3):
            action = kit.check_action_json(GAME, data)
            if action is not None:
                kit.check_apply(state, seat, action)
        for text in kit.garbage_texts(texts, rng, 30 if acting else 15):
            kit.check_parse(GAME, text, view, legal)
        if state.is_over:
            continue  # the end shows every bowl; hands no longer matter
        other = hide_and_shuffle(state, seat, Rng(seed + 3))
        with fixed_hints():
            kit.check_same_for_seat(
                state,
                other,
                seat,
                probes=kit.garbage_actions(legal, rng, 8) + spoiled(state.players)[:8],
                texts=kit.garbage_texts(texts, rng, 12),
            )


@KIT
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 140),
    options=st.sampled_from(range(len(OPTION_SETS))),
)
def test_conformance_kit_on_random_states(players, seed, steps, options):
    drive(walk(players, seed, steps, OPTION_SETS[options]), seed)


@pytest.mark.parametrize("phase", ["discard", "reveal", "free", "over"])
@pytest.mark.parametrize("options", [0, 1])
def test_conformance_kit_at_every_kind_of_decision(phase, options):
    """The pending choices and the end are rare in a random walk: seek each one."""
    for seed in range(40):
        state = walk_to(phase, 2 + seed % 4, seed, OPTION_SETS[options])
        if state is not None:
            drive(state, seed)
            return
    raise AssertionError(f"no random game reached the {phase} phase")


@settings(max_examples=80, deadline=None, derandomize=True)
@given(text=st.text(max_size=40), seed=st.integers(0, 40), steps=st.integers(0, 120))
def test_any_text_parses_or_is_refused_with_a_short_notation_error(text, seed, steps):
    state = walk(2 + seed % 4, seed, steps, {})
    seat = state.current
    kit.check_parse(GAME, text, state.view(seat), state.legal_actions(seat))
    kit.check_parse(GAME, text, state.view(None), [])


# -- the faults of the audit, one by one --------------------------------------------------


@pytest.mark.parametrize(
    "text", [">", "@", ",", "into", "> > >", " , ", "-> onto bowl", "@ , into ,"]
)
def test_input_of_separators_only_is_a_notation_error(text):
    """Issue 12.6: `printf '>\\n' | gametable play ramen-fury …` ended in an IndexError."""
    state = GAME.new_state(2, seed=1)
    with pytest.raises(NotationError, match="no move"):
        GAME.parse_action(text, state.view(state.current), state.legal_actions(state.current))


def test_the_terminal_explains_input_of_separators_only(tmp_path):
    """Issue 12.6, the exact command: a '>' line is explained and re-prompted."""
    from typer.testing import CliRunner

    from gametable.cli.main import app

    result = CliRunner().invoke(
        app,
        ["play", "ramen-fury", "--players", "2", "--seats", "human,greedy", "--seed", "1"],
        input=">\nquit\n",
        env={"COLUMNS": "120"},
    )
    assert ("Traceback" not in result.output and result.exception is None) or isinstance(
        result.exception, SystemExit
    )
    assert "separators but no move" in result.output


@pytest.mark.parametrize(
    "text",
    ["9" * 5000, "-" + "9" * 4000, "prep Ch>" + "9" * 4400, "spoon " + "1" * 4400 + ".2>1",
     "draw " + "x" * 3000, "eat 0.9" + "9" * 3000, "x" * 100_000],
)
def test_huge_numbers_and_long_lines_get_a_short_notation_error(text):
    state = GAME.new_state(2, seed=1)
    with pytest.raises(NotationError) as info:
        GAME.parse_action(text, state.view(state.current), state.legal_actions(state.current))
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(
    ("text", "bowl"), [("spoon 5.1>1", "5.1"), ("spoon 3.2>1", "3.2"), ("place Cl>4.3", "4.3")]
)
def test_errors_name_the_bowl_as_typed(text, bowl):
    """Issue 11.9: 'spoon 5.1>1' said 'there is no bowl 5.0', 'spoon 3.2>1' 'no bowl 3.1'.
    (Issue 29: the bowl is named in words, "bowl 1 of seat 5", not as notation.)"""
    state = table(3, hands=["Cl", "", ""], bowls={"0.1": "Bf Ch"})
    action = GAME.parse_action(text, state.view(0), state.legal_actions(0))
    before = snapshot(state)
    number, seat = bowl.split(".")[1], bowl.split(".")[0]
    with pytest.raises(IllegalAction, match=rf"there is no bowl {number} of seat {seat}\b") as info:
        state.apply(0, action)
    assert "seats are 0 to 2" in str(info.value)
    assert snapshot(state) == before


def test_spoiled_decisions_are_refused_in_the_games_words():
    """Issue 12.5: messages formatted the spoiled value itself (5,000 characters, or a repr
    that raised)."""
    state = table(2, hands=["Cl Ch", ""], bowls={"0.1": "Bf Ch"})
    for bad in spoiled(2):
        before = snapshot(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(0, bad)
        message = str(info.value)
        assert len(message) < 200, message
        assert "Prep(" not in message and "Spoon(" not in message and "999" not in message
        assert snapshot(state) == before
    for junk in ("eat 1", None, object(), [1], 10**400):
        with pytest.raises(IllegalAction, match="not a Ramen Fury move") as info:
            state.apply(0, junk)
        assert "object at" not in str(info.value)


def test_a_use_with_a_float_card_is_refused_not_put_in_a_bowl():
    """Use(13.0, …) compared equal to the revealed Chili and went into a bowl as a float,
    after which every view crashed."""
    for seed in range(40):
        state = walk_to("reveal", 2, seed, {})
        if state is not None:
            break
    assert state is not None
    kind = state.pantry[state.pending[0]]
    seat = state.current
    with pytest.raises(IllegalAction, match="no such card"):
        state.apply(seat, Use(float(kind), seat, 0))
    json.dumps(state.view(seat))


@pytest.mark.parametrize("bad", [-1, -2, True, False, 1.0, "0", 2, 10**30])
def test_seats_outside_the_game_are_refused(bad):
    """Issue 12.2: view(-1) showed the last seat's hand."""
    state = GAME.new_state(2, seed=1)
    with pytest.raises(SeatError):
        state.view(bad)
    with pytest.raises(SeatError):
        state.legal_actions(bad)
    with pytest.raises(SeatError):
        state.apply(bad, DRAW_DECK)
    assert state.view(None)["hand"] is None


def test_views_share_nothing_with_the_history():
    """Issue 12.3: events were shallow copies — editing a restock's cards in one view
    edited the state's log and every other view. The same for every list an event holds
    (issue 29: the whole game's history)."""
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", bowls={"0.1": "Sy Co"})
    for text in ("restock", "skip", "eat 1"):
        legal = state.legal_actions(0)
        if state.current == 0 and text in [GAME.format_action(a) for a in legal]:
            state.apply(0, GAME.parse_action(text, state.view(0), legal))
    mine = state.view(0)
    kinds = {e["kind"] for e in mine["history"]}
    assert {"restock", "eat"} <= kinds
    for event in mine["history"]:
        for value in event.values():
            if isinstance(value, list) and value:
                value[0] = "forged"
    assert "forged" not in json.dumps(state.view(1))
    assert "forged" not in json.dumps(state.view(0))


@pytest.mark.parametrize(
    "data",
    [7, None, True, ["eat 1"], {"a": 1}, "9" * 5000, ">", "", "prep " + "Ch" * 3000],
)
def test_action_from_json_raises_only_value_error(data):
    with pytest.raises(ValueError) as info:
        GAME.action_from_json(data)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(
    "change",
    [
        lambda s: {**s, "deck": [7, *s["deck"][1:]]},
        lambda s: {**s, "deck": [None, *s["deck"][1:]]},
        lambda s: {**s, "deck": ["x" * 5000, *s["deck"][1:]]},
        lambda s: {**s, "deck": s["deck"][:-1]},
        lambda s: {**s, "deck": "Bf Ck"},
        lambda s: {**s, "first_player": 10**400},
        lambda s: {**s, "first_player": True},
        lambda s: {"deck": s["deck"]},
        lambda s: [s],
    ],
)
def test_a_malformed_setup_is_a_value_error_naming_it(change):
    setup = change(GAME.new_state(2, seed=3).setup)
    with pytest.raises(ValueError) as info:
        GAME.state_from_setup(2, setup, GAME.resolve_options(2))
    assert len(str(info.value)) < 300


# -- issue 11.4: the playout policy obeys revealed_specials_mandatory ----------------------


def test_the_playout_policy_uses_a_revealed_special_when_the_option_makes_it_mandatory():
    """Issue 11.4. Reference ramen-fury.md §8.6: 'Is using a revealed Nori/Chili optional?
    … → Optional, since the seed is the primary text. A config flag can make it mandatory.
    If it is mandatory and no bowl has room, the card stays in the Pantry.' The policy
    answered 'skip' whatever the flag said, and ISMCTS crashed on it."""
    from gametable.games.ramen_fury.policy import playout_action

    found = 0
    for seed in range(200):
        state = walk_to("reveal", 2 + seed % 4, seed, {"revealed_specials_mandatory": True})
        if state is None:
            continue
        seat = state.current
        action = playout_action(state, seat, Rng(seed).random)
        assert action in state.legal_actions(seat)
        assert isinstance(action, Use)
        found += 1
        if found == 10:
            return
    raise AssertionError("too few reveals found")


# -- issue 11.7: 'moves' numbers what '#n' picks ------------------------------------------


@KIT
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 140),
    options=st.sampled_from(range(len(OPTION_SETS))),
)
def test_listed_moves_are_numbered_as_hash_n_picks_them(players, seed, steps, options):
    """Contract 5 / issue 11.7: 'moves' listed the moves unnumbered while '#2' played
    something; now every decision shows as '#n <the move in words>' (issue 29: words, not
    notation), n its place in legal_actions (what the terminal's #n picks)."""
    state = walk(players, seed, steps, OPTION_SETS[options])
    if state.is_over:
        return
    seat = state.current
    view, legal = state.view(seat), state.legal_actions(seat)
    text = kit.render_text(GAME.ui.describe_legal(view, legal), width=300)
    for n, action in enumerate(legal, 1):
        said = render(GAME.words.decision(action, view), viewer=seat)
        assert f"#{n} {said}" in text
    assert not re.search(rf"#{len(legal) + 1}\b", text)
    assert not GAME.notation_tokens.search(text), GAME.notation_tokens.search(text)
    assert all(not GAME.format_action(a).startswith("#") for a in legal)


# -- issue 11.12: what happened is readable ------------------------------------------------


def _turns_by(state: FuryState, seat: int) -> None:
    """Finish the current turn of ``state.current`` with random legal decisions."""
    rng = Rng(seat)
    who = state.current
    while state.current == who and not state.is_over:
        legal = state.legal_actions(who)
        state.apply(who, END_TURN if END_TURN in legal else rng.choice(legal))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_story_tells_every_event_since_my_last_decision(players):
    """Issue 11.12: 'Recently' showed about four events, so a whole opponent turn could
    vanish (a Chili appeared in my bowl unexplained). Issue 29: the view carries the whole
    game's history, and every event of it is told in words."""
    state = GAME.new_state(players, seed=11, first_player=0)
    _turns_by(state, 0)
    for _ in range(players - 1):
        _turns_by(state, 1)
    assert state.current == 0
    view = state.view(0)
    assert [e["turn"] for e in view["history"]] == sorted(e["turn"] for e in view["history"])
    assert {e["turn"] for e in view["history"]} == set(range(1, players + 1))
    assert {e["seat"] for e in view["history"]} >= set(range(players))
    told = tell_history(GAME, view)
    kinds = {"final_round", "game_over"}  # the only events that may tell nothing: none here
    assert len(told) == len(view["history"]) or kinds & {e["kind"] for e in view["history"]}
    for entry in told:
        assert entry["text"].endswith((".", "!")), entry
        assert not GAME.notation_tokens.search(entry["text"]), entry


def test_a_chili_placed_in_my_bowl_by_an_opponent_is_explained():
    """Issue 11.12: the Chili that appears in my bowl is told with who put it there,
    however many events the opponent's turn had."""
    state = table(
        2, hands=["Bf", "Cl Cl Ch Eg No"], bowls={"0.1": "Sy Co", "1.1": "Ck"},
        deck="Mu Sc To Ch Eg Na Co Mu Sc To",
    )
    act(state, "prep Bf>2")
    act(state, "draw deck")
    assert state.current == 1
    for text in ("place Cl>0.1", "prep Ch>1", "place No>1.1", "prep Eg>2", "place Cl>0.2"):
        act(state, text)
    if state.current == 1:
        act(state, "end")
    assert state.current == 0
    told = [e["text"] for e in tell_history(GAME, state.view(0), names=["Ana", "Ben"])]
    assert told[:2] == [
        "You prepped Beef Flavor into your bowl 2.",
        "You drew Mushrooms from the deck.",
    ]
    assert told[2:] == [
        "Ben placed Chili Peppers into your bowl 1 (free).",
        "Ben prepped Chashu into their bowl 1.",
        "Ben placed Nori Garnish into their bowl 1 (free).",
        "Ben prepped Eggs into their bowl 2.",
        "Ben placed Chili Peppers into your bowl 2 (free).",
    ] + (["Ben ended their turn."] if len(told) == 8 else [])
    told_to_ben = [e["text"] for e in tell_history(GAME, state.view(1), names=["Ana", "Ben"])]
    assert told_to_ben[1] == "Ana drew a card from the deck."
    assert told_to_ben[2] == "You placed Chili Peppers into Ana's bowl 1 (free)."


def test_help_does_not_offer_end_as_a_step_of_every_turn():
    """Issue 11.12: help listed 'end' though the turn ends by itself after two actions."""
    help_text = GAME.ui.notation_help()
    assert not re.search(r"^\s*end\s+End your turn", help_text, re.M)
    assert "passes by itself" in help_text
    state = table(2, hands=["Ch Eg", ""])
    act(state, "prep Ch>1")
    act(state, "prep Eg>2")
    assert state.current == 1  # no Nori/Chili in hand: the turn passed by itself


def test_messages_say_point_and_points_and_plural_only_when_plural():
    """Issue 11.13: '1 pts', 'action(s)', 'turn(s)'."""
    words = RamenFuryWords()
    eat = {"turn": 3, "seat": 1, "kind": "eat", "bowl": 0, "cards": ["Sy", "Co"]}
    assert render(words.event({**eat, "points": 1}, 0)) == "Seat 1 ate their bowl 1 for 1 point."
    assert render(words.event({**eat, "points": 5}, 1), viewer=1).endswith("for 5 points.")
    state = table(2, hands=["Ch", ""])
    act(state, "prep Ch>1")
    text = kit.render_text(GAME.ui.render_view(state.view(0)))
    assert "1 action left" in text and "(s)" not in text
    assert cards("Ch")


@pytest.mark.parametrize("phase", ["action", "discard", "reveal", "free"])
def test_every_move_types_back_and_the_hint_is_a_legal_move_in_words(phase):
    """Contract 6 / issue 11.7: every move's notation types back as that move; the hint
    (the greedy bot's decision) is one of the legal moves, said in words (issue 29: the
    hint said "spoon 1.2>3")."""
    found = 0
    for seed in range(60):
        state = walk_to(phase, 2 + seed % 4, seed, OPTION_SETS[seed % 2])
        if state is None:
            continue
        seat = state.current
        view, legal = state.view(seat), state.legal_actions(seat)
        for action in legal:
            assert GAME.parse_action(GAME.format_action(action), view, legal) == action
        hint = kit.hint_text(GAME, view, legal).strip()
        said = {"Hint: " + render(GAME.words.decision(a, view), viewer=seat) for a in legal}
        assert hint in said, hint
        assert not GAME.notation_tokens.search(hint)
        found += 1
        if found == 3:
            return
    raise AssertionError(f"no game reached the {phase} phase")


def test_the_end_of_the_game_names_the_winner_in_words():
    """Issue 11.13 (polish): the table said 'Game over. Winners: [1]'."""
    state = walk_to("over", 2, 4, {})
    assert state is not None
    text = kit.render_text(GAME.ui.render_view(state.view(0)), width=200)
    result = state.result()
    winners = result.winners
    points = result.scores[winners[0]]
    if winners == (0,):
        expected = f"Game over. You win with {points} points!"
    elif len(winners) == 1:
        expected = f"Game over. Seat {winners[0]} wins with {points} points."
    else:
        expected = "share the win"
    assert expected in text and "[" not in text.split("Game over.")[1]
