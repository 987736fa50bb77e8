"""Hardening (issues 11 and 12): any decision object, JSON or text gets a clear answer,
seats are checked, views share nothing, and nothing hidden reaches a seat through any
channel — driven by the conformance kit (:mod:`gametable.conformance`) over states of
every kind of decision (before and after the initial meld, with the pool empty, with the
turn timer, at the end), every player count and the rules flags."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rummikub_helpers import position, snapshot, table

from gametable import conformance as kit
from gametable.core.errors import IllegalAction, NotationError, SeatError
from gametable.core.rng import Rng
from gametable.core.words import render, tell_history, tell_legal, tell_result
from gametable.games.rummikub import DRAW, GAME, TIMEOUT, Play, RummikubState, check_play
from gametable.games.rummikub.notation import typeable
from gametable.games.rummikub.state import JOKER_BASE
from gametable.games.rummikub.tiles import tile_msg, tile_name

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"initial_meld_allows_manipulation": True},
    {"freed_joker_needs_rack_tile": True, "joker_group3_needs_both_colours": True},
    {"turn_seconds": 60},
    {
        "initial_meld_allows_manipulation": True,
        "freed_joker_needs_rack_tile": True,
        "joker_group3_needs_both_colours": True,
        "joker_penalty": 100,
        "turn_seconds": 30,
    },
]

KIT = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def walk(players: int, seed: int, steps: int, options: dict[str, Any]) -> RummikubState:
    """A state after up to ``steps`` decisions, plays chosen more often than draws (so the
    table fills), a timeout now and then when the timer is on."""
    state = GAME.new_state(players, seed, **options)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current
        legal = state.legal_actions(seat)
        if options.get("turn_seconds") and rng.randbelow(10) == 0:
            state.apply(seat, TIMEOUT)
        elif len(legal) > 1 and rng.randbelow(4):
            state.apply(seat, legal[1 + rng.randbelow(len(legal) - 1)])
        else:
            state.apply(seat, legal[0])
    return state


def special_states() -> list[RummikubState]:
    """Decisions a short random walk rarely reaches: the pool empty (pass), a game just
    won, jokers on the table with every flag on, a seat still to meld beside melded ones."""
    out = []
    empty = position("R1 R2 R3 | K5 R5 J=B5", ["K7 K8 K9 O1", "B2 B3"])
    for tile in empty.pool:  # every tile stays accounted for: the pool goes to seat 1
        empty.racks[1][tile] += 1
    empty.pool = []
    out.append(empty)
    won = position("R1 R2 R3", ["R4", "B2 B3"])
    won.apply(0, Play(table("R1 R2 R3 R4")))
    out.append(won)
    out.append(position(
        "K5 R5 J=O5 | R3 R4 R5 R6 R7 R8", ["R6 K1 J", "B2 B3", "O9"],
        **OPTION_SETS[-1],
    ))
    out.append(position(
        "K10 R10 B10", ["O10 R8 R9 J", "B2 B3"], melded=[False, True],
        initial_meld_allows_manipulation=True,
    ))
    return out


def notation_samples(state: RummikubState, seat: int) -> list[str]:
    """Real notation for this position: the listed moves in both forms, table sets."""
    legal = state.legal_actions(seat)
    view = state.view(seat)
    old = tuple(tuple(s) for s in state.table)
    out = [GAME.format_action(a) for a in legal[:6]]
    out += [typeable(old, state.racks[seat], a.table) for a in legal[:6] if isinstance(a, Play)]
    out += [f"s{i + 1} " + " ".join(s) for i, s in enumerate(view["table"][:3])]
    return [*out, "draw", "pass", "J=R7 R8 R9", "s1 s2 | K5 R5 J"]


def spoiled_plays(state: RummikubState) -> list[Any]:
    """Plays that are not even tables: jokers with impossible faces, wrong types."""
    base = state.table
    bad_sets: list[Any] = [
        (JOKER_BASE + 52, 1, 2),  # a joker standing for no tile (issue 12.5)
        (52, 1, 2),  # a rack joker on the table, with no face
        (-1, 0, 1),
        (0, 1, True),
        (0.0, 1, 2),
        ("R1", "R2", "R3"),
        [0, 1, 2],
        (0, (1,), 2),
        (10**400, 1, 2),
    ]
    out: list[Any] = [Play([*base, s]) for s in bad_sets]  # type: ignore[list-item]
    out += [Play((*base, s)) for s in bad_sets]
    out += [Play(None), Play("= R1 R2 R3"), Play(((0, 1, 2),) * 3 + ({0: 1},))]  # type: ignore
    return out


def drive(state: RummikubState, seed: int, hints: bool = True) -> None:
    """Every check of the kit on ``state``."""
    kit.check_seats(state)
    kit.check_views_independent(state)
    rng = Rng(seed)
    for seat in range(state.players):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        samples = notation_samples(state, seat) if seat in state.to_act else ["draw"]
        for action in kit.garbage_actions(legal, rng, 20) + spoiled_plays(state):
            kit.check_apply(state, seat, action)
        legal_json = [GAME.action_to_json(a) for a in legal]
        for data in kit.garbage_json(legal_json, rng, 15):
            action = kit.check_action_json(GAME, data)
            if action is not None:
                kit.check_apply(state, seat, action)
        for text in kit.garbage_texts(samples, rng, 25):
            kit.check_parse(GAME, text, view, legal)
        if state.is_over:
            continue  # the result shows every rack: nothing is hidden any more
        other = GAME.determinize(view, Rng(seed + 7))
        kit.check_same_for_seat(
            state,
            other,
            seat,
            probes=kit.garbage_actions(legal, rng, 6) + spoiled_plays(state)[:3],
            texts=kit.garbage_texts(samples, rng, 10),
            hints=hints,
        )


@KIT
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 90),
    options=st.sampled_from(range(len(OPTION_SETS))),
)
def test_conformance_kit_on_random_states(players, seed, steps, options):
    state = walk(players, seed, steps, OPTION_SETS[options])
    drive(state, seed)


@pytest.mark.parametrize("index", range(4))
def test_conformance_kit_on_special_states(index):
    drive(special_states()[index], index)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(text=st.text(max_size=60), seed=st.integers(0, 50), steps=st.integers(0, 60))
def test_any_text_parses_or_is_refused_with_a_short_notation_error(text, seed, steps):
    state = walk(2, seed, steps, {})
    seat = state.current
    view = state.view(seat)
    kit.check_parse(GAME, text, view, state.legal_actions(seat))
    kit.check_parse(GAME, text, state.view(None), [])


# -- the faults of the audit, one by one ------------------------------------------------


def test_a_joker_with_an_impossible_face_is_refused_and_every_view_still_works():
    """Issue 12.5: check_play accepted a joker standing for no tile; every view then
    crashed."""
    s = position("", ["R1 R2 J", "B2"])
    for face in (52, 60, 200, -JOKER_BASE - 1):
        bad = Play(((0 + 13, 1 + 13, JOKER_BASE + face),))
        before = snapshot(s)
        with pytest.raises(IllegalAction, match=r"joker|not a tile"):
            check_play(s.table, s.racks[0], True, bad.table, s.options)
        with pytest.raises(IllegalAction):
            s.apply(0, bad)
        assert snapshot(s) == before
        json.dumps([s.view(seat) for seat in (0, 1, None)])
        assert repr(bad) == "Play(<not a table of valid tiles>)"


def test_spoiled_plays_get_a_message_in_the_games_words():
    """Issue 12.5 and 11.13: no TypeError, no internal class names, no huge quotes."""
    s = position("R1 R2 R3", ["R4", "B2"])
    for bad in spoiled_plays(s):
        with pytest.raises(IllegalAction) as info:
            s.apply(0, bad)
        message = str(info.value)
        assert len(message) < 200 and "Play(" not in message and "tuple" not in message
    for junk in ("draw", 7, None, object(), Rng(1)):
        with pytest.raises(IllegalAction, match="not a Rummikub move") as info:
            s.apply(0, junk)
        assert "Rng" not in str(info.value) and "object at" not in str(info.value)


@pytest.mark.parametrize("bad", [-1, -2, True, False, 1.0, "0", 2, 10**30])
def test_seats_outside_the_game_are_refused(bad):
    """Issue 12.2: view(-1) showed the last seat's rack."""
    s = GAME.new_state(2, seed=1)
    with pytest.raises(SeatError):
        s.view(bad)
    with pytest.raises(SeatError):
        s.legal_actions(bad)
    with pytest.raises(SeatError):
        s.apply(bad, DRAW)
    assert s.view(None)["rack"] is None


@pytest.mark.parametrize(
    "tiles",
    [
        lambda t: [7, *t[1:]],  # a non-string tile (issue 12.7)
        lambda t: [None, *t[1:]],
        lambda t: [["R1"], *t[1:]],
        lambda t: [{"t": 1}, *t[1:]],
        lambda t: t[:-1],
        lambda t: "R1 R2",
        lambda t: [*t[:-1], "R14"],
        lambda t: [*t[:-1], "9" * 5000],
    ],
)
def test_a_malformed_setup_is_refused_with_a_value_error_naming_it(tiles):
    good = GAME.new_state(2, seed=3).setup
    setup = {**good, "tiles": tiles(list(good["tiles"]))}
    with pytest.raises(ValueError, match="tile") as info:
        GAME.state_from_setup(2, setup, GAME.resolve_options(2))
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(
    "draws", [[[3, "R1"]], "R1", [["R1"]], [[]], [["R1", "R2", "R3"]], [[None, "K1"]], []]
)
def test_malformed_first_draws_are_refused_with_a_value_error(draws):
    good = GAME.new_state(2, seed=3).setup
    with pytest.raises(ValueError):
        GAME.state_from_setup(2, {**good, "first_draws": draws}, GAME.resolve_options(2))


@pytest.mark.parametrize(
    "data", [7, None, True, ["draw"], {"a": 1}, "9" * 5000, "= " + "R1 " * 3000, "#1", "s1 R1"]
)
def test_action_from_json_raises_only_value_error(data):
    with pytest.raises(ValueError) as info:
        GAME.action_from_json(data)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(
    "text", ["9" * 5000, "-" + "9" * 4000, "s" + "9" * 5000 + " R1 R2 R3", "R" + "1" * 4400,
             "J=" + "9" * 5000, "= " + "K1 " * 1000]
)
def test_huge_numbers_and_long_lines_get_a_short_notation_error(text):
    """Issue 12.6: numbers of thousands of digits crashed the notation; messages quoted
    them in full."""
    s = position("R1 R2 R3", ["R4", "B2"])
    with pytest.raises(NotationError) as info:
        GAME.parse_action(text, s.view(0), s.legal_actions(0))
    assert len(str(info.value)) < 250


# -- issue 11.7: table sets are s1, s2 …; '#n' is the terminal's move number ------------


def test_table_sets_are_written_s_and_a_number():
    s = position("K4 R4 B4 O4 | R1 R2 R3", ["B3 B5 B6", "R9"])
    view = s.view(0)
    assert GAME.parse_action("s1 K4 R4 O4 | B3 B4 B5 B6", view, []) == Play(
        table("K4 R4 O4 | B3 B4 B5 B6 | R1 R2 R3")
    )
    assert GAME.parse_action("S1 K4 R4 O4 | B3 B4 B5 B6", view, []) == Play(
        table("K4 R4 O4 | B3 B4 B5 B6 | R1 R2 R3")
    )
    rendered = kit.render_text(GAME.ui.render_view(view))  # sets numbered as s1, s2 name them
    # a run's words carry its colour's symbol (◆ red), as its tiles do
    assert re.search(r"set 1\s+four 4s", rendered) and re.search(r"set 2\s+◆ red 1–3", rendered)


@pytest.mark.parametrize("text", ["#1", "#2", "#4 O8 O9 O10 O11", "#1 #3 R1 R2 R3", "#"])
def test_no_move_starts_with_a_hash(text):
    """Issue 11.7: '#1' alone was read as 'remove table set 1'; the terminal's '#n' picks
    move n, so the game's notation never starts with '#'."""
    s = position("O8 O9 O10 | R1 R2 R3 | K5 R5 B5 | B1 B2 B3", ["O11", "R9"])
    with pytest.raises(NotationError, match=r"s4|table set"):
        GAME.parse_action(text, s.view(0), s.legal_actions(0))
    for seat in range(2):
        for action in s.legal_actions(seat):
            assert not GAME.format_action(action).startswith("#")


@KIT
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 90))
def test_listed_moves_are_numbered_as_hash_n_picks_them_and_said_in_words(players, seed, steps):
    """Contract 5 / issue 11.7 / issue 29: 'moves' lists every legal decision as '#n' and
    the move in words, n being its place in legal_actions (what the terminal's #n picks),
    and no notation shows."""
    state = walk(players, seed, steps, {})
    if state.is_over:
        return
    seat = state.current
    view, legal = state.view(seat), state.legal_actions(seat)
    text = kit.render_text(GAME.ui.describe_legal(view, legal), width=10_000)
    for n, words in enumerate(tell_legal(GAME, view, legal), 1):
        assert f"#{n} {words}" in text
        assert GAME.notation_tokens.search(words) is None, words


@settings(max_examples=15, deadline=None, derandomize=True)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 90),
    options=st.sampled_from(range(len(OPTION_SETS))),
)
def test_the_hint_says_the_solvers_play_in_words(players, seed, steps, options):
    """Issue 29: the hint said '= R1 R2 R3 | …'; it names the solver's play in words."""
    from gametable.games.rummikub.bots import SolverAgent

    state = walk(players, seed, steps, OPTION_SETS[options])
    if state.is_over:
        return
    seat = state.current
    view, legal = state.view(seat), state.legal_actions(seat)
    hinted = SolverAgent().act(view, legal, Rng(0))
    text = kit.hint_text(GAME, view, legal)
    assert text == "Hint: " + render(GAME.words.decision(hinted, view), viewer=seat)
    assert GAME.notation_tokens.search(text) is None, text


def test_the_hint_of_a_rebuild_says_which_sets_are_reworked():
    s = position("R3 R4 R5 R6 R7 R8 | K5 R5 J=O5", ["R6 K1", "R1"])
    text = kit.hint_text(GAME, s.view(0), s.legal_actions(0))
    assert text == "Hint: Lay red 6, reworking red 3–8 into red 3–6 and red 6–8"


# -- issue 11.12: what happened is readable ----------------------------------------------


def test_the_seat_that_drew_sees_its_tile_others_see_only_that_a_tile_was_drawn():
    """Issue 11.12: 'say which tile I drew' — on my next turn, not only right after."""
    s = GAME.new_state(2, seed=7)
    first = s.current
    tile = s.pool[-1]
    s.apply(first, DRAW)
    s.apply(s.current, DRAW)
    mine = s.view(first)
    drawn = [e for e in mine["history"] if e["seat"] == first]
    assert drawn == [{"turn": 1, "seat": first, "kind": "draw", "tiles": [tile_name(tile)]}]
    theirs = s.view(1 - first)
    assert all("tiles" not in e for e in theirs["history"] if e["seat"] == first)
    told = [e["text"] for e in tell_history(GAME, mine)]
    words = render(GAME.words.event(drawn[0], first) or "", viewer=first)
    assert told == [words, f"Seat {1 - first} drew a tile."]
    assert words.startswith("You drew ") and GAME.notation_tokens.search(words) is None


def test_a_timeout_says_that_three_penalty_tiles_were_drawn():
    """Issue 11.12. Reference §12.8: 'On timeout the engine restores the table and rack
    exactly as they were at the start of the turn and the player draws 3 tiles'."""
    s = GAME.new_state(2, seed=7, turn_seconds=60)
    late = s.current
    penalty = s.pool[-3:][::-1]
    s.apply(late, TIMEOUT)
    other = tell_history(GAME, s.view(1 - late))[-1]["text"]
    assert other == f"Seat {late} ran out of time: the turn was undone and 3 penalty tiles drawn."
    s.apply(s.current, DRAW)
    mine = tell_history(GAME, s.view(late))[0]["text"]
    names = [render(tile_msg(t)) for t in penalty]
    assert mine == (
        "You ran out of time: the turn was undone and you drew 3 penalty tiles: "
        f"{names[0]}, {names[1]}, and {names[2]}."
    )


def test_the_result_names_the_winner_in_words():
    """Issue 11.13 (polish): 'Winner(s): 0, 1' became a sentence."""
    from gametable.games.rummikub import score_game

    one = tell_result(GAME, score_game([0, 12], went_out=0, racks=[[], ["K12"]]), 2)
    assert one == [
        "Seat 0 went out and scores 12, what the others have left on their racks.",
        "Seat 0 scores 12 (nothing left on the rack).",
        "Seat 1 scores -12 (left on the rack: black 12, worth 12).",
    ]
    shared = tell_result(
        GAME, score_game([5, 5, 10], went_out=None, racks=[["B5"], ["O5"], ["K10"]]), 3, viewer=1
    )
    assert shared[:2] == [
        "The pool ran out and every player passed in turn: the lowest rack wins.",
        "Seat 0 and you share the win with 5 points left each and score 5/2 each.",
    ]
    assert shared[3] == "You score 5/2 (left on your rack: orange 5, worth 5)."
    shown = kit.render_text(GAME.ui.render_result(score_game([0, 12], went_out=0)))
    assert "Seat 0" in shown and "Seat 1" in shown and "-12" in shown


def test_tiles_not_on_the_rack_are_named_in_words():
    """Issue 11.13 (polish): 'the play lays R3 x1 but your rack has none'."""
    s = position("", ["R1 R2 R5 J", "B1"])
    with pytest.raises(IllegalAction) as info:
        s.apply(0, Play(table("R1 R2 R3 | K5 R5 B5")))
    message = str(info.value)
    assert message == (
        "the play lays tiles your rack does not have: black 5, red 3, and blue 5 (every tile "
        "you add comes from your rack)"
    )
