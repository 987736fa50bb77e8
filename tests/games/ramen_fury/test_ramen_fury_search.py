"""What ISMCTS uses in Ramen Fury: the fast determinizer, the playout policy and value."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ramen_fury_helpers import snapshot, table

from gametable.agents import make_agent, play_game
from gametable.agents.ismcts import ISMCTSAgent
from gametable.core.rng import Rng
from gametable.games.ramen_fury import GAME, FuryState
from gametable.games.ramen_fury.bots import GreedyAgent
from gametable.games.ramen_fury.cards import CHILI, COPIES, KINDS, parse_card
from gametable.games.ramen_fury.evaluation import best_fill
from gametable.games.ramen_fury.policy import fill, playout_action, playout_value
from gametable.games.ramen_fury.state import (
    PHASE_NAMES,
    Eat,
    Place,
    Prep,
)


def random_states(players: int, seed: int, every: int = 1):
    """Every ``every``-th state of a random game (decisions drawn from ``seed``)."""
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        seat = state.current
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
        step += 1


def unseen_cards(view: dict) -> Counter:
    """The cards ``view``'s seat cannot place: the deck and the unknown part of other hands."""
    counts = Counter({k: n for k, n in enumerate(COPIES) if n})
    seen = list(view["hand"]) + list(view["pantry"])
    for row in view["bowls"]:
        for bowl in row:
            seen += bowl["cards"]
    for code, n in view["discard"].items():
        seen += [code] * n
    for s, known in enumerate(view["known_hands"]):
        if s != view["seat"]:
            seen += known
    for code in seen:
        if code is not None:
            counts[parse_card(code)] -= 1
    return +counts


# -- the determinizer ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_determinizer_samples_keep_the_view_and_deal_exactly_the_unseen_cards(players):
    for seed in range(2):
        for state in random_states(players, seed, every=7):
            seat = state.current
            view = state.view(seat)
            sample = GAME.determinizer(view)
            hidden = unseen_cards(view)
            for k in range(3):
                s = sample(Rng(k))
                assert isinstance(s, FuryState)
                assert s.view(seat) == view  # everything known is kept
                assert s.card_counts() == list(COPIES)  # every card accounted for
                dealt = Counter(s.deck)
                for other in range(players):
                    if other != seat:
                        for kind in range(KINDS):
                            extra = s.hands[other][kind] - s.known[other][kind]
                            assert extra >= 0
                            dealt[kind] += extra
                assert +dealt == hidden  # the hidden cards are the unseen ones, reshuffled
                assert s.legal_actions(seat) == state.legal_actions(seat)


def test_determinize_is_one_sample_of_the_determinizer():
    state = next(s for i, s in enumerate(random_states(3, 4)) if i == 40)
    view = state.view(state.current)
    for k in range(3):
        slow = GAME.determinize(view, Rng(k))
        fast = GAME.determinizer(view)(Rng(k))
        assert snapshot(slow) == snapshot(fast)


def test_determinizer_samples_differ_are_reproducible_and_independent():
    state = GAME.new_state(2, seed=5)
    sample = GAME.determinizer(state.view(state.current))
    first, again, other = sample(Rng(1)), sample(Rng(1)), sample(Rng(2))
    assert first.deck == again.deck and first.hands == again.hands
    assert first.deck != other.deck
    first.deck.clear()
    first.hands[1 - state.current][0] += 7
    first.story.add(first.turn, None, "x", {})
    fresh = sample(Rng(1))
    assert fresh.deck == again.deck and fresh.hands == again.hands
    assert list(fresh.events) == list(again.events)
    assert len(fresh.events) == len(first.events) - 1


def test_determinizer_deals_every_unseen_kind_on_top_of_the_deck():
    # The deck's top card over many samples: each unseen kind shows up, roughly as often
    # as it has copies unseen (a loose check of the shuffle's uniformity).
    state = GAME.new_state(2, seed=9)
    view = state.view(state.current)
    sample = GAME.determinizer(view)
    hidden = unseen_cards(view)
    tops = Counter(sample(Rng(k)).deck[-1] for k in range(2000))
    total = sum(hidden.values())
    for kind, n in hidden.items():
        expected = 2000 * n / total
        assert abs(tops[kind] - expected) < 5 * expected**0.5 + 5
    assert set(tops) == set(hidden)


def test_determinizer_rejects_a_spectator_view():
    with pytest.raises(ValueError, match="spectator"):
        GAME.determinizer(GAME.new_state(2, seed=1).view(None))


# -- the playout policy ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_policy_returns_a_legal_action_in_every_phase(players):
    phases: set[str] = set()
    final_round = False
    for seed in range(8):
        for state in random_states(players, seed):
            seat = state.current
            legal = state.legal_actions(seat)
            before = snapshot(state)
            action = playout_action(state, seat, random.Random(seed).random)
            assert action in legal, (PHASE_NAMES[state.phase], action, legal)
            assert snapshot(state) == before  # the policy only reads the state
            phases.add(PHASE_NAMES[state.phase])
            final_round |= state.final_left >= 0
    assert phases == {"action", "discard", "reveal", "free"}
    assert final_round


@pytest.mark.parametrize("players", [2, 4])
def test_policy_plays_whole_games_legally(players):
    for seed in range(10):
        state = GAME.new_state(players, seed=seed)
        rand = random.Random(seed).random
        while not state.is_over:
            seat = state.current
            action = playout_action(state, seat, rand)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
        assert state.card_counts() == list(COPIES)


def test_policy_fill_agrees_with_the_greedy_bots_best_fill():
    rng = random.Random(3)
    deck = [k for k in range(KINDS) for _ in range(COPIES[k])]
    for _ in range(3000):
        cards = sorted(rng.sample(deck, rng.randint(0, 5)))
        if sum(1 for c in cards if c <= 4) > 1:
            continue
        hand = tuple(sorted(rng.sample(deck, rng.randint(0, 6))))
        for nif in (True, False):
            assert fill(tuple(cards), hand, nif) == best_fill(tuple(cards), hand, nif)


def test_policy_is_reproducible_for_the_same_rand():
    for state in random_states(3, 11, every=3):
        seat = state.current
        first = playout_action(state, seat, random.Random(5).random)
        second = playout_action(state, seat, random.Random(5).random)
        assert first == second


def test_policy_decides_on_what_its_seat_sees():
    # Two samples of one view differ only in cards the seat cannot see (other hands, deck
    # order): with the same random stream the policy makes the same decision on both.
    for state in random_states(2, 3, every=5):
        seat = state.current
        sample = GAME.determinizer(state.view(seat))
        decisions = {
            playout_action(sample(Rng(k)), seat, random.Random(1).random) for k in range(3)
        }
        assert len(decisions) == 1


def test_policy_eats_a_full_bowl_and_spoils_the_leaders_bowl():
    state = table(2, hands=["Ch", ""], bowls={"0.1": "Sy Co Mu Sc To"})
    assert playout_action(state, 0, random.Random(0).random) == Eat(0)
    state = table(2, hands=["Cl Ch", ""], bowls={"1.1": "Sy Co Mu Sc"})
    state.actions_left = 0
    state.phase = PHASE_NAMES.index("free")
    seen = {playout_action(state, 0, random.Random(k).random) for k in range(20)}
    assert Place(CHILI, 1, 0) in seen
    assert not any(isinstance(a, Place) and a.seat == 0 for a in seen)


def test_policy_preps_into_the_matching_flavor():
    state = table(2, hands=["Co Na", ""], bowls={"0.1": "Sy Mu", "0.2": "Bf Eg"})
    choices = {playout_action(state, 0, random.Random(k).random) for k in range(20)}
    assert choices <= {Prep(parse_card("Co"), 0), Prep(parse_card("Na"), 1)}


def test_policy_beats_random_players():
    wins = 0
    for seed in range(20):
        state = GAME.new_state(2, seed=seed)
        rand = random.Random(seed).random
        rng = Rng(seed)
        while not state.is_over:
            seat = state.current
            legal = state.legal_actions(seat)
            if seat == 0:
                action = playout_action(state, seat, rand)
            else:
                action = legal[rng.randbelow(len(legal))]
            state.apply(seat, action)
        wins += state.result().ranks[0] == 1
    assert wins >= 17


# -- the playout value -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_value_is_a_share_of_seats_beaten(players):
    for state in random_states(players, 2, every=9):
        values = playout_value(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        # Every pair of seats shares one win between them.
        assert sum(values) == pytest.approx(players / 2)


def test_value_of_a_finished_game_is_its_result():
    state = GAME.new_state(2, seed=4)
    rand = random.Random(0).random
    while not state.is_over:
        state.apply(state.current, playout_action(state, state.current, rand))
    result = state.result()
    values = playout_value(state)
    for seat in range(2):
        assert values[seat] == (1.0 / len(result.winners) if seat in result.winners else 0.0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_standing_is_the_results_scores_and_ranks(players):
    for seed in range(12):
        state = GAME.new_state(players, seed=seed)
        rand = random.Random(seed).random
        while not state.is_over:
            state.apply(state.current, playout_action(state, state.current, rand))
        result = state.result()
        assert state.standing() == (result.scores, result.ranks)


def test_value_favours_the_seat_ahead():
    state = table(
        2,
        hands=["Ch", "Ch"],
        bowls={"0.1": "Sy Co Mu Sc", "1.1": "Bf Co"},
        eaten=["0.1"],
    )
    ahead = playout_value(state)
    assert ahead[0] > 0.6 > 0.4 > ahead[1]
    # The same lead says more late in the game.
    state.eaten[1 * 3 + 1] = state.eaten[2] = True
    assert playout_value(state)[0] > ahead[0]


# -- ISMCTS with them ----------------------------------------------------------------------------


def test_ismcts_uses_the_greedy_bots_playout_policy_and_value():
    agent = ISMCTSAgent(GAME, 0)
    assert agent.rollout == "greedy"
    assert agent.playout_depth == GreedyAgent.playout_depth
    assert agent.paired_root


@pytest.mark.parametrize("players", [2, 3])
def test_ismcts_with_the_policy_plays_whole_games(players):
    agents = [
        ISMCTSAgent(GAME, s, iterations=30) if s == 0 else make_agent(GAME, "greedy", s)
        for s in range(players)
    ]
    record = play_game(GAME, agents, seed=players, agent_seed=players)
    assert record.result is not None


def test_ismcts_plays_the_obvious_eat():
    state = table(2, hands=["Ch", ""], bowls={"0.1": "Sy Co Mu Sc To"})
    state.final_left = 1
    agent = ISMCTSAgent(GAME, 0, iterations=200)
    assert agent.act(state.view(0), state.legal_actions(0), Rng(0)) == Eat(0)
    assert agent.last.iterations > 0
