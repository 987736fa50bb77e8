"""Ramen! Ramen! before strangers play it: any input gets a clear answer, views share
nothing, and nothing hidden reaches a seat through any channel (issues 11 and 12).

Drives :mod:`gametable.conformance` over states of every kind of decision at every player
count: two cards to play, a last single card, a Fridge pick, the second Fridge pick once
the deck is empty, and the finished game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ramen_helpers import position, snapshot

from gametable import conformance as kit
from gametable.agents.base import make_agent
from gametable.core import IllegalAction, NotationError, Rng, SeatError, get_game
from gametable.core.words import Msg, render
from gametable.games.ramen_ramen.cards import CARD_NAMES, DECK, parse_card
from gametable.games.ramen_ramen.state import Play, RamenState, Take

GAME = get_game("ramen-ramen")

KINDS = ("play two", "play one", "take", "take again", "over")


def kind_of(state: RamenState) -> str:
    if state.is_over:
        return "over"
    if state.phase == 0:
        return "play one" if len(state.hands[state.current]) == 1 else "play two"
    return "take" if state.phase == 1 else "take again"


def states_of_every_kind(players: int) -> dict[str, RamenState]:
    """The first state of each kind met in seeded random games (every kind is met).

    Dealt games never leave a single card in hand (hands, the Fridge and the deck move
    in pairs), so the "play one" state is set up by hand.
    """
    others = [["A0", "C0"], ["A1", "C1", "K1"], ["A2"]][: players - 1]
    found: dict[str, RamenState] = {
        "play one": position(players, [["N4"], *others], fridge=["K5"], deck=[])
    }
    for seed in range(40):
        state = GAME.new_state(players, seed=seed)
        assert isinstance(state, RamenState)
        rng = Rng(seed)
        while True:
            found.setdefault(kind_of(state), state.clone())
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if len(found) == len(KINDS):
            return found
    raise AssertionError(f"{players} players: no state of kind {set(KINDS) - set(found)}")


EVERY_KIND = {players: states_of_every_kind(players) for players in (1, 2, 3, 4)}
CASES = [
    pytest.param(state, id=f"{players}p-{kind.replace(' ', '-')}")
    for players, kinds in EVERY_KIND.items()
    for kind, state in kinds.items()
]
DECIDING = [case for case in CASES if not case.values[0].is_over]  # type: ignore[union-attr]


def c(name: str) -> int:
    return parse_card(name)


def samples(state: RamenState, seat: int) -> list[str]:
    """Real notation of the moment, for the text fuzzer to cut and shuffle."""
    return [GAME.format_action(a) for a in state.legal_actions(seat)[:12]] + ["take K5", "N4>1"]


# -- seats (issue 12.2) -----------------------------------------------------------------


@pytest.mark.parametrize("state", CASES)
def test_every_method_taking_a_seat_refuses_what_is_not_a_seat(state: RamenState) -> None:
    kit.check_seats(state)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_view_of_seat_minus_one_is_refused_instead_of_showing_the_last_hand(
    players: int,
) -> None:
    state = GAME.new_state(players, seed=5)
    for seat in (-1, -players, players, True, False):
        with pytest.raises(SeatError, match="is not a seat"):
            state.view(seat)  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            state.legal_actions(seat)  # type: ignore[arg-type]
    assert state.view(None)["hand"] is None  # the spectator still sees the table


# -- decisions (issue 12.5) -------------------------------------------------------------


def test_take_of_a_float_is_refused_and_changes_nothing() -> None:
    # Take(1.0) used to pass `1.0 in fridge` and put a float into the hand.
    state = position(2, [["A0", "C1", "K2", "M3"], ["A4", "C5"]], fridge=["A1", "N1"])
    state.apply(0, Play(((c("A0"), 0), (c("C1"), 1))))
    before = snapshot(state)
    for bad in (Take(1.0), Take(True), Take(c("A1") + 0.0), Take("A1"), Take(10**400)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match=r"\(not a card\) is not in the Fridge"):
            state.apply(0, bad)
        assert snapshot(state) == before
    state.apply(0, Take(c("A1")))
    assert c("A1") in state.hands[0]


@pytest.mark.parametrize(
    ("play", "message"),
    [
        (Play(5), "puts each card into a bowl"),  # type: ignore[arg-type]
        (Play(((0, 0), 7)), "puts each card into a bowl"),  # type: ignore[arg-type]
        (Play(((0, 0), (1, 1, 1))), "puts each card into a bowl"),  # type: ignore[arg-type]
        (Play(((0.0, 0), (1, 1))), r"0.0 \(not a card\) is not in your hand"),  # type: ignore[arg-type]
        (Play(((0, 0), (1, 3))), "there is no bowl 4: bowls are 1, 2 and 3"),
        (Play(((0, -1), (1, 1))), "there is no bowl 0: bowls are 1, 2 and 3"),
        (Play(((0, 0), (1, 10**400))), "there is no bowl a huge number"),
        (Play(((0, 0), (1, True))), "there is no bowl True"),  # type: ignore[arg-type]
        (Play(((0, 0), (0, 1))), "Ajitama 0 cannot be played twice"),
        (Play(((0, 0),)), r"play exactly 2 cards \(you hold 4\)"),
    ],
)
def test_a_malformed_play_is_refused_in_the_games_words(play: Play, message: str) -> None:
    state = position(2, [["A0", "A1", "K2", "M3"], ["A4", "C5"]], fridge=["N1"])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message) as info:
        state.apply(0, play)
    assert "Play(" not in str(info.value) and len(str(info.value)) < 200
    assert snapshot(state) == before


def test_the_wrong_kind_of_decision_is_explained_without_internal_names() -> None:
    # Issue 11.13: "first play cards into bowls (expected a Play, got Take(C7))".
    state = position(2, [["A0", "C1", "K2", "M3"], ["A4", "C5"]], fridge=["C7"])
    with pytest.raises(IllegalAction) as info:
        state.apply(0, Take(c("C7")))
    assert str(info.value) == (
        "first play two cards into two different bowls; you take from the Fridge after"
    )
    state.apply(0, Play(((c("A0"), 0), (c("C1"), 1))))
    for wrong in (Play(((c("K2"), 0), (c("M3"), 1))), "take C7", None):
        with pytest.raises(IllegalAction) as info:
            state.apply(0, wrong)
        message = str(info.value)
        assert "take a card from the Fridge now" in message
        assert not re.search(r"Play|Take|expected|got", message)
        assert not GAME.notation_tokens.search(message)  # type: ignore[union-attr]


@pytest.mark.parametrize("state", DECIDING)
def test_random_decision_objects_are_applied_or_refused_cleanly(state: RamenState) -> None:
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    rng = Rng(f"objects {kind_of(state)} {state.players}")
    applied = sum(kit.check_apply(state, seat, a) for a in kit.garbage_actions(legal, rng, 40))
    assert applied < 40
    assert all(kit.check_apply(state, seat, a) for a in legal[:6])


@pytest.mark.parametrize("state", DECIDING)
def test_random_json_decisions_are_read_or_refused_with_value_error(state: RamenState) -> None:
    seat = state.to_act[0]
    legal_json = [GAME.action_to_json(a) for a in state.legal_actions(seat)]
    for data in kit.garbage_json(legal_json, Rng(f"json {kind_of(state)}"), 40):
        action = kit.check_action_json(GAME, data)
        if action is not None:
            kit.check_apply(state, seat, action)


@pytest.mark.parametrize(
    "data", [1, 1.0, True, None, ["N4>1"], {"take": "K5"}, [[[[]]]], 10**400, "9" * 5000]
)
def test_action_from_json_refuses_malformed_data_with_a_short_value_error(data: object) -> None:
    with pytest.raises(ValueError) as info:
        GAME.action_from_json(data)
    assert len(str(info.value)) < 200


# -- notation (issue 12.6) ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "9" * 5000,
        "-" + "9" * 5000,
        "N" + "9" * 5000,
        "N4>" + "9" * 5000,
        "N4>1 C3>" + "9" * 4301,
        "take K" + "9" * 5000,
        "N4>²",
        "N4>٣",
        ">",
        "> > >",
        " , ",
        "into",
        "to bowl and in",
        "->",
        "1" * 100_000,
    ],
)
def test_huge_numbers_and_bare_separators_give_a_short_notation_error(text: str) -> None:
    state = EVERY_KIND[2]["play two"]
    with pytest.raises(NotationError) as info:
        GAME.parse_action(text, state.view(state.current), state.legal_actions(state.current))
    assert len(str(info.value)) < 200
    with pytest.raises(ValueError):
        GAME.action_from_json(text)


@pytest.mark.parametrize("state", DECIDING)
def test_hostile_text_is_parsed_or_refused_with_a_notation_error(state: RamenState) -> None:
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    for text in kit.garbage_texts(samples(state, seat), Rng(f"text {kind_of(state)}"), 60):
        kit.check_parse(GAME, text, view, legal)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(DECIDING), st.text())
def test_any_text_is_parsed_or_refused_with_a_notation_error(case: object, text: str) -> None:
    state = case.values[0]  # type: ignore[attr-defined]
    seat = state.to_act[0]
    kit.check_parse(GAME, text, state.view(seat), state.legal_actions(seat))


def test_no_notation_starts_with_hash_and_hash_input_is_explained() -> None:
    # Contract: '#n' picks listed move n at the prompt, so no move may be written with '#'.
    for state in (s for case in DECIDING for s in case.values):  # type: ignore[attr-defined]
        seat = state.to_act[0]
        assert not any(GAME.format_action(a).startswith("#") for a in state.legal_actions(seat))
    state = EVERY_KIND[2]["take"]
    with pytest.raises(NotationError, match="'moves' list"):
        GAME.parse_action("#3", state.view(state.current), state.legal_actions(state.current))


# -- setups (issue 12.7) ----------------------------------------------------------------


def _setup() -> dict[str, object]:
    return {"deck": [CARD_NAMES[x] for x in DECK], "first_player": 0}


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda s: s.update(deck=[*s["deck"][:55], 7]), "7 is not a card"),
        (lambda s: s.update(deck=[*s["deck"][:55], ["N4"]]), "a list is not a card"),
        (lambda s: s.update(deck=[*s["deck"][:55], "N" + "9" * 5000]), "'N999"),
        (lambda s: s.update(deck=s["deck"][:55]), "each of the 56 cards exactly once"),
        (lambda s: s.update(deck=[*s["deck"][:55], "A0"]), "each of the 56 cards exactly once"),
        (lambda s: s.update(deck="A0 A1"), "'deck' must be a list"),
        (lambda s: s.update(first_player=True), "first_player must be a seat number"),
        (lambda s: s.update(first_player=1.0), "first_player must be a seat number"),
        (lambda s: s.update(first_player=10**5000), "a huge number is not a seat"),
        (lambda s: s.update(first_player=-1), "-1 is not a seat"),
        (lambda s: s.pop("deck"), "an object with 'deck' and 'first_player'"),
    ],
)
def test_a_malformed_setup_is_refused_with_a_value_error_naming_the_problem(
    spoil: Callable[[dict[str, object]], object], message: str
) -> None:
    setup = _setup()
    spoil(setup)
    with pytest.raises(ValueError, match=re.escape(message)) as info:
        GAME.state_from_setup(2, setup, GAME.resolve_options(2))
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("players", [0, 5, -1, True, 2.0, "2", 10**400])
def test_a_setup_for_an_impossible_player_count_is_refused(players: object) -> None:
    with pytest.raises(ValueError, match="is for 1–4 players"):
        GAME.state_from_setup(players, _setup(), {})  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=12,
    ),
    st.sampled_from(["deck", "first_player", None]),
)
def test_random_setups_build_a_state_or_raise_value_error(junk: object, key: str | None) -> None:
    setup: object = _setup()
    if key is None:
        setup = junk
    else:
        setup[key] = junk  # type: ignore[index]
    try:
        GAME.state_from_setup(2, setup, {})
    except ValueError as exc:
        assert str(exc) and len(str(exc)) < 300


# -- views (contract 7) and hidden information (contract 2) ------------------------------


@pytest.mark.parametrize("state", CASES)
def test_views_are_fresh_values(state: RamenState) -> None:
    kit.check_views_independent(state)


def hidden_swaps(state: RamenState, seat: int) -> Iterator[RamenState]:
    """Copies of ``state`` with two cards ``seat`` cannot see (nor deduce) swapped."""
    text = json.dumps(state.view(seat))
    unseen = lambda card: f'"{CARD_NAMES[card]}"' not in text  # noqa: E731

    def containers(s: RamenState) -> list[list[int]]:
        out = [h for other, h in enumerate(s.hands) if other != seat] + [s.deck]
        if not s.is_over:
            s.discards = s.discards[:]  # clones share the discards: the game never edits them
            out.append(s.discards)
            if s.players > 1:
                for side in range(s.sides):
                    s.served[side] = [list(b) for b in s.served[side]]  # type: ignore[misc]
                    out.extend(s.served[side])  # type: ignore[arg-type]
        return out

    places = [
        (k, i) for k, box in enumerate(containers(state.clone())) for i, x in enumerate(box)
        if unseen(x)
    ]
    rng = Rng(f"swaps {state.players} {seat} {kind_of(state)}")
    for _ in range(3):
        if len(places) < 2:
            return
        order = rng.shuffled(places)
        (k1, i1) = order[0]
        pair = next(((k, i) for k, i in order if k != k1), None)
        if pair is None:
            return
        k2, i2 = pair
        other = state.clone()
        assert isinstance(other, RamenState)
        boxes = containers(other)
        boxes[k1][i1], boxes[k2][i2] = boxes[k2][i2], boxes[k1][i1]
        other.served = [[tuple(b) for b in side] for side in other.served]
        for hand in other.hands:
            hand.sort()
        yield other


@pytest.mark.parametrize("state", CASES)
def test_states_differing_only_in_hidden_cards_look_the_same_through_every_channel(
    state: RamenState,
) -> None:
    rng = Rng(f"leak {kind_of(state)} {state.players}")
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        probes = [*kit.garbage_actions(legal, rng, 10), *(Take(x) for x in DECK)]
        probes += [Play(((x, 0), (y, 1))) for x, y in zip(DECK[::2], DECK[1::2], strict=True)]
        texts = kit.garbage_texts(samples(state, seat), rng, 20) + [CARD_NAMES[x] for x in DECK]
        swapped = list(hidden_swaps(state, seat))
        greedy = make_agent(GAME, "greedy", seat)
        for other in swapped:
            # (the hint bot searches for a second: its hint varies run to run; greedy, a
            # bot deciding from the view alone with a fixed stream, stands for it)
            kit.check_same_for_seat(state, other, seat, probes, texts, hints=False)
            if seat in state.to_act:
                advice = [
                    greedy.act(twin.view(seat), twin.legal_actions(seat), Rng("hint"))
                    for twin in (state, other)
                ]
                assert advice[0] == advice[1]
        # The pairs really differ (else the test could not fail).
        assert all(snapshot(other) != snapshot(state) for other in swapped)


# -- listed moves and hints (contracts 5 and 6, issue 11.7) -------------------------------


@pytest.mark.parametrize("state", DECIDING)
def test_moves_are_numbered_as_hash_n_picks_them_in_words(state: RamenState) -> None:
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    text = kit.render_text(GAME.ui.describe_legal(view, legal), 1000)
    for n, action in enumerate(legal, 1):
        assert f"#{n} {render(GAME.words.decision(action, view), viewer=seat)}" in text
    assert f"#{len(legal) + 1} " not in text
    assert not GAME.notation_tokens.search(text)  # type: ignore[union-attr]


@pytest.mark.parametrize("state", DECIDING)
def test_the_hint_names_a_legal_decision_in_words(state: RamenState) -> None:
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    printed = kit.hint_text(GAME, view, legal)
    told = {render(Msg("core.hint", move=GAME.words.decision(a, view)), viewer=seat) for a in legal}
    assert printed in told
    assert not GAME.notation_tokens.search(printed)  # type: ignore[union-attr]


def test_every_example_of_the_notation_help_is_typeable() -> None:
    state = position(2, [["N4", "C3", "K2", "M3"], ["A4", "C5"]], fridge=["K5"])
    view, legal = state.view(0), state.legal_actions(0)
    help_text = GAME.ui.notation_help()
    assert max(len(line) for line in help_text.splitlines()) <= 80  # an 80-column terminal
    for example in ("N4>1 C3>2", "N4 1 C3 2", "N4@1 C3@2", "nori4 to bowl 1 and C3 2"):
        assert example in help_text
        assert GAME.parse_action(example, view, legal) == Play(((c("C3"), 1), (c("N4"), 0)))
    state.apply(0, GAME.parse_action("N4>1 C3>2", view, legal))
    for example in ("take K5", "K5"):
        assert example in help_text
        assert GAME.parse_action(example, state.view(0), state.legal_actions(0)) == Take(c("K5"))


# -- the whole kit on random states (hypothesis) --------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 4), st.integers(0, 2**32), st.integers(0, 80))
def test_random_states_pass_the_conformance_kit(players: int, seed: int, steps: int) -> None:
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    kit.check_seats(state)
    kit.check_views_independent(state)
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        for action in kit.garbage_actions(legal, rng, 8):
            kit.check_apply(state, seat, action)
        for data in kit.garbage_json([GAME.action_to_json(a) for a in legal], rng, 8):
            action = kit.check_action_json(GAME, data)
            if action is not None:
                kit.check_apply(state, seat, action)
        view = state.view(seat)
        for text in kit.garbage_texts(samples(state, seat), rng, 20):
            kit.check_parse(GAME, text, view, legal)
