"""Ramen! Ramen!: invariants that hold in every game (hypothesis)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from ramen_helpers import all_cards, snapshot

from gametable.agents import RandomAgent, play_game
from gametable.core import IllegalAction, Rng, get_game, records
from gametable.games.ramen_ramen.cards import CARD_NAMES, DECK
from gametable.games.ramen_ramen.state import Play, RamenState, Take

GAME = get_game("ramen-ramen")
SETTINGS = settings(max_examples=60, deadline=None)

players_st = st.integers(min_value=1, max_value=4)
seed_st = st.integers(min_value=0, max_value=2**32)


def advance(players: int, seed: int, fraction: float) -> RamenState:
    """A state some way into a random game."""
    state = GAME.new_state(players, seed=seed)
    assert isinstance(state, RamenState)
    rng = Rng(seed)
    total = 60 if players > 1 else 70
    for _ in range(int(total * fraction)):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice(legal))
    return state


@SETTINGS
@given(players_st, seed_st)
def test_every_card_is_accounted_for_at_every_step(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed=seed)
    assert isinstance(state, RamenState)
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        cards = all_cards(state)
        assert sorted(cards.elements()) == list(DECK)
        assert all(len(h) <= 4 for h in state.hands) and len(state.fridge) <= 4


@st.composite
def any_action(draw: st.DrawFn) -> Play | Take:
    if draw(st.booleans()):
        return Take(draw(st.sampled_from(DECK)))
    n = draw(st.integers(min_value=1, max_value=3))
    cards = draw(st.lists(st.sampled_from(DECK), min_size=n, max_size=n))
    places = draw(st.lists(st.integers(min_value=-1, max_value=3), min_size=n, max_size=n))
    return Play(tuple(sorted(zip(cards, places, strict=True))))


@SETTINGS
@given(
    players_st,
    seed_st,
    st.floats(0, 1),
    st.lists(any_action(), min_size=1, max_size=8),
    st.integers(0, 3),
)
def test_an_action_is_accepted_exactly_when_it_is_legal_and_a_rejected_one_changes_nothing(
    players: int, seed: int, fraction: float, actions: list[Play | Take], seat_offset: int
) -> None:
    state = advance(players, seed, fraction)
    for action in actions:
        seat = (state.current + seat_offset) % players
        legal = set(state.legal_actions(seat))
        before = snapshot(state)
        if action in legal:
            state.apply(seat, action)
            assert snapshot(state) != before
        else:
            try:
                state.apply(seat, action)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{action!r} was accepted but is not legal")
            assert snapshot(state) == before


def hidden_locations(state: RamenState, seat: int) -> list[tuple[list[int], int]]:
    """(container, index) of every card ``seat`` cannot see (nor deduce from its view)."""
    view_text = json.dumps(state.view(seat))
    places: list[tuple[list[int], int]] = []

    def add(container: list[int]) -> None:
        for i, card in enumerate(container):
            if f'"{CARD_NAMES[card]}"' not in view_text:
                places.append((container, i))

    for other, hand in enumerate(state.hands):
        if other != seat:
            add(hand)
    add(state.deck)
    if not state.is_over:
        add(state.discards)
        if state.players > 1:
            for side in range(state.sides):
                state.served[side] = [list(b) for b in state.served[side]]  # type: ignore[misc]
                for bowl in state.served[side]:
                    add(bowl)  # type: ignore[arg-type]
    return places


@SETTINGS
@given(players_st, seed_st, st.floats(0, 1), st.data())
def test_a_view_is_identical_for_states_that_differ_only_in_what_the_seat_cannot_see(
    players: int, seed: int, fraction: float, data: st.DataObject
) -> None:
    state = advance(players, seed, fraction)
    seat = data.draw(st.integers(0, players - 1))
    other = state.clone()
    assert isinstance(other, RamenState)
    places = hidden_locations(other, seat)
    if len(places) < 2:
        return
    first, second = data.draw(
        st.lists(st.integers(0, len(places) - 1), min_size=2, max_size=2, unique=True)
    )
    (a, i), (b, j) = places[first], places[second]
    a[i], b[j] = b[j], a[i]
    for hand in other.hands:
        hand.sort()
    assert other.view(seat) == state.view(seat)
    # Swapping a card the seat can see does change its view (so the test can fail).
    if state.hands[seat] and state.deck:
        seen = state.clone()
        assert isinstance(seen, RamenState)
        seen.hands[seat][0], seen.deck[0] = seen.deck[0], seen.hands[seat][0]
        seen.hands[seat].sort()
        assert seen.view(seat) != state.view(seat)


@SETTINGS
@given(players_st, seed_st, st.floats(0, 0.95), st.data())
def test_determinize_samples_a_full_state_consistent_with_the_view(
    players: int, seed: int, fraction: float, data: st.DataObject
) -> None:
    state = advance(players, seed, fraction)
    if state.is_over:
        return
    seat = state.current
    view = state.view(seat)
    sample = GAME.determinize(view, Rng(data.draw(seed_st)))
    assert isinstance(sample, RamenState)
    assert sorted(all_cards(sample).elements()) == list(DECK)
    mine = sample.view(seat)
    mine.pop("history")  # the sample's story starts now
    view.pop("history")
    assert mine == view
    assert sorted(sample.legal_actions(seat), key=repr) == sorted(
        state.legal_actions(seat), key=repr
    )
    # The sample is a real game: it plays to the end.
    rng = Rng(seed)
    while not sample.is_over:
        s = sample.to_act[0]
        sample.apply(s, rng.choice(sample.legal_actions(s)))


@settings(max_examples=30, deadline=None)
@given(players_st, seed_st)
def test_replaying_a_random_games_record_reproduces_its_result(players: int, seed: int) -> None:
    agents = [RandomAgent() for _ in range(players)]
    record = play_game(GAME, agents, seed=seed, agent_seed=seed)
    assert record.result is not None
    loaded = records.from_json(json.loads(record.dumps()))
    final = records.replay(loaded)
    assert final.is_over
    assert final.result() == record.result


@SETTINGS
@given(players_st, seed_st, st.floats(0, 1))
def test_the_history_tells_each_seat_exactly_what_it_may_know(
    players: int, seed: int, fraction: float
) -> None:
    # Hands are private (a drawn card is its drawer's to know); served bowls go face down
    # with 2-4 players and the solo discards stay hidden, until the end.
    state = advance(players, seed, fraction)
    over = state.is_over
    for viewer in [*range(players), None]:
        history = state.view(viewer)["history"]
        assert len(history) == len(state.events)
        for told, event in zip(history, state.events, strict=True):
            if told["kind"] == "draw":
                assert ("card" in told) == (told["seat"] == viewer)
            if told["kind"] == "serve":
                assert ("cards" in told) == (over or players == 1)
                assert ("points" in told) == (over or players == 1)
            if told["kind"] == "discard":
                assert ("cards" in told) == over
            assert {k: v for k, v in told.items() if k not in ("turn", "seat", "kind")} == {
                **event.facts,
                **((event.private or {}).get(viewer, {}) if viewer is not None else {}),
                **((event.sealed or {}) if over else {}),
            }
