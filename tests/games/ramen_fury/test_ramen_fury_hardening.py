"""Hardening (issues 11 and 12): any decision object, JSON or text gets a clear answer,
seats are checked, views share nothing, and nothing hidden reaches a seat through any
channel — driven by the conformance kit (:mod:`gametable.conformance`) over states of
every kind of decision (action, discard, reveal, free plays, the end), every player count
and the options that change what is decided."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ramen_fury_helpers import act, cards, hide_and_shuffle, snapshot, table

from gametable import conformance as kit
from gametable.core.errors import IllegalAction, NotationError, SeatError
from gametable.core.rng import Rng
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
from gametable.games.ramen_fury.ui import since_last_turn

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
    """Issue 11.9: 'spoon 5.1>1' said 'there is no bowl 5.0', 'spoon 3.2>1' 'no bowl 3.1'."""
    state = table(3, hands=["Cl", "", ""], bowls={"0.1": "Bf Ch"})
    action = GAME.parse_action(text, state.view(0), state.legal_actions(0))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=rf"there is no bowl {re.escape(bowl)}\b") as info:
        state.apply(0, action)
    assert "seats 0–2" in str(info.value)
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
        with pytest.raises(IllegalAction, match="not a Ramen Fury decision") as info:
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


def test_views_share_nothing_with_the_log():
    """Issue 12.3: events were shallow copies — editing a restock's cards in one view
    edited the state's log and every other view."""
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To")
    state.apply(0, GAME.parse_action("restock", state.view(0), state.legal_actions(0)))
    if state.phase == 2:  # a revealed special: decline it
        state.apply(0, GAME.parse_action("skip", state.view(0), state.legal_actions(0)))
    mine = state.view(0)
    restock = next(e for t in mine["log"] for e in t if e["event"] == "restock")
    restock["cards"][0] = "forged"
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
    something; now every decision shows as '#n <notation>', n its place in legal_actions
    (what the terminal's #n picks), whole on one line even at 80 columns."""
    state = walk(players, seed, steps, OPTION_SETS[options])
    if state.is_over:
        return
    seat = state.current
    legal = state.legal_actions(seat)
    for width in (80, 100):
        text = kit.render_text(GAME.ui.describe_legal(state.view(seat), legal), width=width)
        for n, action in enumerate(legal, 1):
            assert f"#{n} {GAME.format_action(action)}" in text
        assert not re.search(rf"#{len(legal) + 1}\b", text)
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
def test_recently_shows_everything_since_my_last_decision(players):
    """Issue 11.12: 'Recently' showed about four events, so a whole opponent turn could
    vanish (a Chili appeared in my bowl unexplained)."""
    state = GAME.new_state(players, seed=11, first_player=0)
    _turns_by(state, 0)
    for _ in range(players - 1):
        _turns_by(state, 1)
    assert state.current == 0
    view = state.view(0)
    shown = [e for turn in since_last_turn(view) for e in turn]
    # every event of every opponent turn since mine, as seat 0 may see it
    opponent_turns = view["log"][-players:-1]
    assert len(opponent_turns) == players - 1
    for turn in opponent_turns:
        assert turn and all(e in shown for e in turn)
    text = kit.render_text(GAME.ui.render_view(view), width=300)
    for s in range(1, players):
        assert f"Seat {s}:" in text


def test_a_chili_placed_in_my_bowl_by_an_opponent_is_explained():
    """Issue 11.12: the Chili that appears in my bowl is shown with who put it there,
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
    rendered = kit.render_text(GAME.ui.render_view(state.view(0)), width=300)
    line = next(x for x in rendered.splitlines() if x.strip().startswith("Seat 1:"))
    for what in ("placed Cl into 0.1", "prepped Ch onto 1.1", "placed No into 1.1",
                 "prepped Eg onto 1.2", "placed Cl into 0.2"):
        assert what in line


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
    from gametable.games.ramen_fury.ui import _event_text

    assert _event_text({"event": "eat", "bowl": "0.1", "points": 1}) == "ate bowl 0.1 for 1 point"
    assert _event_text({"event": "eat", "bowl": "0.1", "points": 5}).endswith("5 points")
    state = table(2, hands=["Ch", ""])
    act(state, "prep Ch>1")
    text = kit.render_text(GAME.ui.render_view(state.view(0)))
    assert "1 action left" in text and "(s)" not in text
    assert cards("Ch")


@pytest.mark.parametrize("phase", ["action", "discard", "reveal", "free"])
def test_every_listed_move_and_the_hint_type_back_as_printed(phase):
    """Contract 6 / issue 11.7: what 'moves' and the hint print is what the player types
    (the terminal's hint is the greedy bot's decision in the game's notation)."""
    found = 0
    for seed in range(60):
        state = walk_to(phase, 2 + seed % 4, seed, OPTION_SETS[seed % 2])
        if state is None:
            continue
        seat = state.current
        view, legal = state.view(seat), state.legal_actions(seat)
        for action in legal:
            assert GAME.parse_action(GAME.format_action(action), view, legal) == action
        hint = kit.hint_text(GAME, view, legal)
        assert GAME.parse_action(hint, view, legal) in legal
        found += 1
        if found == 3:
            return
    raise AssertionError(f"no game reached the {phase} phase")


def test_the_end_of_the_game_names_the_winner_in_words():
    """Issue 11.13 (polish): the table said 'Game over. Winners: [1]'."""
    state = walk_to("over", 2, 4, {})
    assert state is not None
    text = kit.render_text(GAME.ui.render_view(state.view(0)))
    winners = state.result().winners
    expected = (
        f"Game over. Winner: seat {winners[0]}" if len(winners) == 1 else "Game over. Shared win"
    )
    assert expected in text and "[" not in text.split("Game over.")[1]
