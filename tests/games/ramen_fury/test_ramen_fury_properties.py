"""Properties over random games: conservation, illegal actions, hidden information, replay."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ramen_fury_helpers import hide_and_shuffle, snapshot

from gametable.agents import RandomAgent, make_agent, play_game
from gametable.core import records
from gametable.core.errors import IllegalAction
from gametable.core.rng import Rng
from gametable.games.ramen_fury import GAME, FuryState
from gametable.games.ramen_fury.cards import COPIES, KINDS
from gametable.games.ramen_fury.state import (
    DRAW_DECK,
    DRAWS,
    EATS,
    EMPTIES,
    END_TURN,
    PLACES,
    PREPS,
    RESTOCK,
    SKIP,
    SPOONS_,
    USES,
    Discard,
    Draw,
    Eat,
    Empty,
    Place,
    Prep,
    Spoon,
    Use,
)

SETTINGS = settings(max_examples=60, deadline=None)


def universe(players: int) -> list:
    """Every decision a seat could ever name (legal or not)."""
    out: list = [DRAW_DECK, RESTOCK, SKIP, END_TURN, *DRAWS, *EATS, *EMPTIES]
    out += [a for row in PREPS for a in row]
    out += [Discard(k) for k in range(KINDS)]
    for k in PLACES:
        out += list(PLACES[k][: players * 3]) + list(USES[k][: players * 3])
    out += [a for s in SPOONS_[:players] for row in s for a in row]
    out += [Place(5, 0, 0), Prep(0, 7)]
    return out


def advance(players: int, seed: int, steps: int) -> FuryState:
    """A state after up to ``steps`` random decisions (or at the end of the game)."""
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_every_card_accounted_for_at_every_step(players):
    for seed in range(6):
        state = GAME.new_state(players, seed=seed)
        rng = Rng(seed)
        steps = 0
        while not state.is_over:
            assert state.card_counts() == list(COPIES)
            assert all(0 <= n <= 5 or state.view(s)["phase"] == "discard"
                       for s, n in enumerate(state.hand_sizes))
            assert all(len(b) <= 5 for b in state.bowls)
            assert all(sum(1 for c in b if c <= 4) <= 1 for b in state.bowls)
            assert state.hand_sizes == [sum(h) for h in state.hands]
            legal = state.legal_actions(state.current)
            assert legal, "the player to act always has a decision"
            state.apply(state.current, legal[rng.randbelow(len(legal))])
            steps += 1
        assert state.card_counts() == list(COPIES)
        result = state.result()
        assert len(result.scores) == players
        assert steps > 10


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 150))
def test_legal_actions_are_exactly_the_ones_apply_accepts_and_illegal_leave_state_unchanged(
    players, seed, steps
):
    state = advance(players, seed, steps)
    if state.is_over:
        return
    seat = state.current
    legal = set(state.legal_actions(seat))
    for action in universe(players):
        before = snapshot(state)
        trial = state.clone()
        if action in legal:
            trial.apply(seat, action)
            assert trial.card_counts() == list(COPIES)
        else:
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
            assert snapshot(state) == before, action
    other = (seat + 1) % players
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(other, DRAW_DECK)
    assert snapshot(state) == before


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_a_seats_view_does_not_depend_on_what_it_cannot_see(players, seed, steps):
    state = advance(players, seed, steps)
    for seat in [*range(players), None]:
        look = 0 if seat is None else seat
        other = hide_and_shuffle(state, -1 if seat is None else look, Rng(seed + 1))
        assert other.view(seat) == state.view(seat)
        if seat is not None:
            assert state.view(seat)["hand"] is not None
        json.dumps(state.view(seat))


def test_views_hide_other_hands_and_the_deck():
    state = GAME.new_state(3, seed=4)
    view = state.view(1)
    assert view["hand"] is not None and len(view["hand"]) == 3
    assert "deck" not in view and view["deck_size"] == 76
    assert view["hand_sizes"] == [3, 3, 3]
    assert state.view(None)["hand"] is None
    text = json.dumps(state.view(None))
    assert "Zz" not in text
    for key in ("game", "players", "seat", "to_act", "phase"):
        assert key in view


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_determinize_gives_a_state_with_the_same_view(players, seed, steps):
    state = advance(players, seed, steps)
    seat = state.current if not state.is_over else 0
    view = state.view(seat)
    sample = GAME.determinize(view, Rng(seed))
    assert sample.view(seat) == view
    assert sample.card_counts() == list(COPIES)
    if not sample.is_over:
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        # The sample plays on to the end like any state.
        from gametable.agents import random_playout

        random_playout(sample, Rng(seed))


def test_determinize_keeps_publicly_known_cards_in_hand():
    state = GAME.new_state(2, seed=2, first_player=0)
    pantry_card = state.pantry[0]
    state.apply(0, DRAWS[pantry_card])
    view = state.view(1)
    for s in range(20):
        sample = GAME.determinize(view, Rng(s))
        assert sample.hands[0][pantry_card] >= 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_records_replay_to_the_same_result(players):
    agents = [make_agent(GAME, "greedy" if s % 2 else "random", s) for s in range(players)]
    record = play_game(GAME, agents, seed=players * 7, agent_seed=players * 7)
    assert record.result is not None
    loaded = records.from_json(json.loads(record.dumps()))
    final = records.replay(loaded)
    assert final.is_over
    assert final.result().to_json() == json.loads(json.dumps(record.result.to_json()))


def test_a_tampered_record_is_rejected_with_the_step():
    record = play_game(GAME, [RandomAgent(), RandomAgent()], seed=3, agent_seed=3)
    data = json.loads(record.dumps())
    data["moves"][0]["action"] = "eat 1"
    with pytest.raises(records.RecordError) as info:
        records.replay(records.from_json(data))
    assert info.value.step == 0


def test_same_seed_same_game():
    a = play_game(GAME, [RandomAgent(), RandomAgent()], seed=11, agent_seed=11)
    b = play_game(GAME, [RandomAgent(), RandomAgent()], seed=11, agent_seed=11)
    assert a.dumps() == b.dumps()


def test_golden_random_game_from_seed_1():
    """Pins a whole random game: any change of the rules' behaviour shows here."""
    record = play_game(GAME, [RandomAgent(), RandomAgent()], seed=1, agent_seed=1)
    assert record.result is not None
    assert len(record.moves) == 131
    assert record.result.scores == (-1, -1)
    opening = [GAME.format_action(m.action) for m in record.moves[:12]]
    assert opening == [
        "prep Eg>2", "prep Na>2", "place Cl>0.3", "spoon 0.2>3", "spoon 0.2>2", "spoon 1.2>2",
        "draw To", "draw deck", "draw Sh", "use Cl>1.1", "end", "spoon 1.1>3",
    ]


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), basic=st.booleans())
def test_every_card_is_accounted_for_at_every_step_of_any_game(players, seed, basic):
    state = GAME.new_state(players, seed=seed, basic=basic)
    total = list(state.card_counts())
    assert sum(total) == (66 if basic else 89)
    rng = Rng(seed)
    while not state.is_over:
        seat = state.current
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
        assert state.card_counts() == total
        assert state.hand_sizes == [sum(h) for h in state.hands]
        assert all(0 <= k <= h for h, kn in zip(state.hands, state.known, strict=True)
                   for k, h in zip(kn, h, strict=True))


JUNK = [
    Prep("Ch", 0), Prep(5, "1"), Prep(True, 0), Discard(-1), Discard(99),
    Place(13, 9, 0), Place(13, 0, -1), Place("Cl", 0, 0),
    Use(13, 0, 7), Use("No", 0, 0), Spoon(0, 0, "x"), Spoon(-1, 0, 0), Spoon(0, 5, 0),
    Draw(-1), Draw("Ch"), Eat(3), Empty(False), "eat 1", None, 3,
]


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 150))
def test_malformed_decisions_are_rejected_cleanly(players, seed, steps):
    state = advance(players, seed, steps)
    if state.is_over:
        return
    before = snapshot(state)
    for junk in JUNK:
        with pytest.raises(IllegalAction):
            state.apply(state.current, junk)
        assert snapshot(state) == before
