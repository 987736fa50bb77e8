"""Ramen (the tips game): whole games and hypothesis properties.

Cards are conserved at every step, illegal actions leave the state unchanged, hidden
choices never leak into other seats' views, determinization is consistent with the view,
and records replay to the same result.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.agents.base import RandomAgent, make_agent
from gametable.agents.play import play_game, random_playout
from gametable.core import records
from gametable.core.errors import IllegalAction
from gametable.core.rng import Rng
from gametable.games.ramen_tips import GAME
from gametable.games.ramen_tips.cards import DECK
from gametable.games.ramen_tips.state import (
    CHOOSE,
    SHOYU_PHASE,
    Choose,
    Exchange,
    Keep,
    PlaceShoyu,
    Swap,
    Take,
    TipsState,
)

SETTINGS = settings(max_examples=60, deadline=None)


def every_card(state: TipsState) -> list[int]:
    """Every ingredient card wherever it is (hands, chosen, revealed, offer, bowls …)."""
    cards = [c for h in state.hands for c in h]
    cards += [c for c in state.chosen if c >= 0] if state.phase == CHOOSE else []
    cards += state.grunchie_hand + state.offer + state.unused + state.removed
    cards += [c for bs in state.bowls for b in bs for c in b]
    if state.phase != CHOOSE:
        # Revealed cards still lie in front of the seats (not yet in an offer or a bowl).
        placed = {c for bs in state.bowls for b in bs for c in b} | set(state.removed)
        cards += [c for c in state.revealed if c >= 0 and c not in placed]
    return cards


def check_invariants(state: TipsState) -> None:
    assert sorted(every_card(state)) == list(DECK), Counter(every_card(state)).most_common(2)
    assert sum(state.shoyu) + state.shoyu_supply == 5
    for seat, bowls in enumerate(state.bowls):
        for b, mask in zip(bowls, state.masks[seat], strict=True):
            assert len({c // 9 for c in b}) == len(b) <= 5
            assert mask == sum(1 << (c // 9) for c in b)
    assert sorted(state.slot_of[t] for t in range(5)) == [0, 1, 2, 3, 4]
    if state.phase == CHOOSE:
        assert len(state.offer) == state.nslots
        sizes = {len(h) + (1 if state.chosen[s] >= 0 else 0) for s, h in enumerate(state.hands)}
        assert len(sizes) == 1


def snapshot(state: TipsState) -> Any:
    # The events as a list: an EventLog's repr is its address, which an append leaves alone.
    fields = [
        getattr(state, k) for k in TipsState.__slots__ if k not in ("game", "_events", "_told")
    ]
    fields.append(list(state.events))
    return (json.dumps(state.view(None), sort_keys=True),
            [json.dumps(state.view(s), sort_keys=True) for s in range(state.players)],
            repr(fields))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("narutos", [False, True])
def test_full_random_games_account_for_every_card_at_every_step(
    players: int, narutos: bool
) -> None:
    for seed in range(4):
        state = GAME.new_state(players, seed=seed, narutos=narutos)
        rng = Rng(seed)
        while not state.is_over:
            check_invariants(state)
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
        check_invariants(state)
        res = state.result()
        ingredients = [sum(len(b) for b in bs) for bs in state.bowls]
        rounds = 8 if players == 5 else 9
        assert ingredients == [rounds + 1] * players
        # Grunchie removes one offer card a round and his own last card.
        assert len(state.removed) == (rounds + 1 if players == 2 else 0)
        assert len(res.scores) == players


def test_grunchie_removes_one_card_per_round_and_his_last_card() -> None:
    state = GAME.new_state(2, seed=11)
    random_playout(state, Rng(2))
    assert len(state.removed) == 10  # 9 weakest offer cards + his final card
    assert len(state.grunchie_hand) == 0


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), steps=st.integers(0, 80),
       data=st.data())
def test_illegal_actions_are_rejected_and_leave_the_state_unchanged(
    seed: int, players: int, steps: int, data: st.DataObject
) -> None:
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[rng.randbelow(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    card = data.draw(st.integers(0, 44))
    bowl = data.draw(st.integers(-1, 12))
    candidates = [Choose(card), Exchange(card), Swap(card % 5, (card // 9) % 5),
                  Take(card, bowl), Keep(card, bowl), PlaceShoyu((bowl,)), "nonsense"]
    seat = data.draw(st.integers(0, players - 1))
    legal = set(state.legal_actions(seat))
    for action in candidates:
        if action in legal:
            continue
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert snapshot(state) == before


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_a_chosen_card_is_invisible_to_the_others_until_the_reveal(seed: int, players: int) -> None:
    a = GAME.new_state(players, seed=seed)
    b = a.clone()
    # Seat 0 chooses different cards in a and b: no other seat's view may differ.
    a.apply(0, Choose(a.hands[0][0]))
    b.apply(0, Choose(b.hands[0][-1]))
    for seat in [None, *range(1, players)]:
        assert a.view(seat) == b.view(seat)
    assert a.view(0) != b.view(0)


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), steps=st.integers(0, 60))
def test_views_ignore_what_the_seat_cannot_see(seed: int, players: int, steps: int) -> None:
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    # Swap a card of seat 1's hand with one of the unused deck / Grunchie's hand.
    other = state.clone()
    pool = other.unused or other.grunchie_hand
    if not other.hands[1] or not pool:
        return
    other.hands[1][0], pool[0] = pool[0], other.hands[1][0]
    other.hands[1].sort()
    for seat in (0, None):
        assert state.view(seat) == other.view(seat)


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), steps=st.integers(0, 90),
       narutos=st.booleans())
def test_determinize_is_consistent_with_the_view(
    seed: int, players: int, steps: int, narutos: bool
) -> None:
    state = GAME.new_state(players, seed=seed, narutos=narutos)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[rng.randbelow(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    for seat in range(players):
        view = state.view(seat)
        sampled = GAME.determinize(view, Rng(seed + seat))
        assert sampled.view(seat) == view
        check_invariants(sampled)
        if not sampled.is_over:
            random_playout(sampled, Rng(seed))  # the sample plays on to the end


def test_determinize_resamples_committed_cards_of_other_seats() -> None:
    state = GAME.new_state(3, seed=1)
    state.apply(1, Choose(state.hands[1][0]))
    seen = set()
    for i in range(30):
        sampled = GAME.determinize(state.view(0), Rng(i))
        assert sampled.view(0) == state.view(0)
        seen.add(sampled.chosen[1])
    assert len(seen) > 5


def test_determinize_in_the_shoyu_phase() -> None:
    for seed in range(40):
        state = GAME.new_state(3, seed=seed)
        rng = Rng(seed)
        while not state.is_over and state.phase != SHOYU_PHASE:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
        if state.phase == SHOYU_PHASE and len(state.to_act) >= 2:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[-1])
            viewer = state.to_act[0]
            sampled = GAME.determinize(state.view(viewer), Rng(seed))
            assert sampled.view(viewer) == state.view(viewer)
            return
    pytest.skip("no seed reached a Shōyu phase with two placers")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_recorded_game_replays_to_the_same_result(players: int) -> None:
    agents = [make_agent(GAME, "greedy" if s % 2 else "random", s) for s in range(players)]
    record = play_game(GAME, agents, seed=42, agent_seed=42, narutos=players == 3)
    loaded = records.from_json(json.loads(record.dumps()))
    final = records.replay(loaded)
    assert final.result() == record.result
    assert loaded.result is not None and loaded.result.to_json() == record.result.to_json()


def test_a_tampered_record_is_rejected_with_the_step() -> None:
    record = play_game(GAME, [RandomAgent(), RandomAgent(), RandomAgent()], seed=7, agent_seed=7)
    data = json.loads(record.dumps())
    data["moves"][5]["action"] = {"type": "take", "card": "C1", "bowl": 8}
    loaded = records.from_json(data)
    with pytest.raises(records.RecordError) as info:
        records.replay(loaded)
    assert info.value.step is not None and info.value.step <= 5


@pytest.mark.parametrize("players", [2, 4])
def test_notation_round_trips_for_every_legal_action_of_a_game(players: int) -> None:
    state = GAME.new_state(players, seed=3, narutos=True)
    rng = Rng(3)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        for action in legal:
            text = GAME.format_action(action)
            assert GAME.action_from_json(GAME.action_to_json(action)) == action
            assert GAME.parse_action(text, state.view(seat), legal) == action
        state.apply(seat, legal[rng.randbelow(len(legal))])


def test_determinizer_samples_many_states_from_one_reading_of_the_view() -> None:
    state = GAME.new_state(4, seed=8)
    state.apply(2, Choose(state.hands[2][0]))
    view = state.view(0)
    sample = GAME.determinizer(view)
    hands = set()
    for i in range(20):
        sampled = sample(Rng(i))
        assert sampled.view(0) == view
        hands.add(tuple(sampled.hands[1]))
    assert len(hands) > 10


def test_determinize_rejects_a_spectator_view_and_an_inconsistent_view() -> None:
    state = GAME.new_state(3, seed=8)
    with pytest.raises(ValueError, match="spectator"):
        GAME.determinize(state.view(None), Rng(0))
    view = state.view(0)
    view["unused_count"] += 1
    with pytest.raises(ValueError, match="inconsistent"):
        GAME.determinize(view, Rng(0))
