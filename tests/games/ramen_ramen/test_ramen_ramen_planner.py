"""The solo planner and the fast determinizer of Ramen! Ramen!."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ramen_helpers import position

from gametable.agents import make_agent, play_game
from gametable.core import Rng, get_game
from gametable.games.ramen_ramen.bots import GreedyAgent
from gametable.games.ramen_ramen.cards import POINTS_BY_TYPES, card_name, parse_card, types_mask
from gametable.games.ramen_ramen.planner import (
    MAX_WIDTH,
    PLANNER_LOOKAHEAD,
    PLANNER_NOISE,
    SOLO_EVALUATION,
    PlannerAgent,
    bowl_table,
    endgame_value,
)
from gametable.games.ramen_ramen.state import Play, RamenState, Take

GAME = get_game("ramen-ramen")

_FIELDS = (
    "hands",
    "deck",
    "served",
    "discards",
    "fridge",
    "bowls",
    "bowl_sum",
    "bowl_mask",
    "current",
    "phase",
    "last_pick",
)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_determinizer_samples_exactly_what_determinize_samples(players: int) -> None:
    # The fast sampler reads the view once; for the same generator it must deal the
    # hidden cards exactly as Game.determinize does, at every point of a game.
    for seed in range(3):
        state = GAME.new_state(players, seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            sample = GAME.determinizer(view)
            for k in range(2):
                slow = GAME.determinize(view, Rng(k))
                fast = sample(Rng(k))
                for name in _FIELDS:
                    assert getattr(fast, name) == getattr(slow, name), name
            legal = state.legal_actions(seat)
            state.apply(seat, rng.choice(legal))


def test_determinizer_samples_are_independent_states() -> None:
    state = GAME.new_state(2, 5)
    sample = GAME.determinizer(state.view(state.to_act[0]))
    first = sample(Rng(1))
    second = sample(Rng(1))
    first.hands[0].clear()
    first.deck.clear()
    assert second.hands[0] and second.deck


def test_determinizer_rejects_a_spectator_view() -> None:
    state = GAME.new_state(2, 5)
    with pytest.raises(ValueError, match="spectator"):
        GAME.determinizer(state.view(None))


def test_planner_is_a_ramen_ramen_bot() -> None:
    assert "planner" in GAME.bots
    assert isinstance(make_agent(GAME, "planner", 0, samples=2), PlannerAgent)


def test_planner_serves_the_bowl_with_more_ingredients() -> None:
    # Last two cards, nothing to draw: S2 into bowl 1 serves five ingredients (5 points);
    # A7 there would serve four (3 points).
    state = position(1, [["S2", "A7"]], bowls=[["A3", "K3", "M3", "G3"], [], []], deck=[])
    action = PlannerAgent(GAME, 0, seconds=None, samples=4).act(
        state.view(0), state.legal_actions(0), Rng(0)
    )
    assert isinstance(action, Play)
    assert dict(action.placements)[parse_card("S2")] == 0


def test_planner_takes_the_card_that_completes_a_bowl() -> None:
    # Deck empty, one card to take then play: N0 completes bowl 1's seven ingredients.
    state = position(
        1,
        [[]],
        fridge=["N0", "A7"],
        bowls=[["A1", "C1", "K1", "M1", "G1", "S1"], [], []],
        deck=[],
        phase="take",
    )
    legal = state.legal_actions(0)
    action = PlannerAgent(GAME, 0, seconds=None, samples=3).act(state.view(0), legal, Rng(0))
    assert action == Take(parse_card("N0"))


def test_planner_plays_a_whole_solo_game_and_beats_a_bad_score() -> None:
    agent = PlannerAgent(GAME, 0, seconds=None, samples=3, width=6)
    record = play_game(GAME, [agent], seed=4, agent_seed=4)
    assert record.result is not None
    assert record.result.scores[0] >= 44  # random play averages far lower


def test_planner_decides_from_the_view_only() -> None:
    # Two solo games that differ only in the hidden deck order.
    hands = [["K1", "M2", "G3", "S4"]]
    common = {"fridge": ["N0", "N1", "N2", "N3"], "bowls": [["A0"], ["C5"], []]}
    a = position(1, hands, **common)
    b = position(1, hands, **common)
    b.deck.reverse()
    assert a.view(0) == b.view(0) and a.deck != b.deck
    for seed in range(3):
        agent = PlannerAgent(GAME, 0, seconds=None, samples=6)
        choice_a = agent.act(a.view(0), a.legal_actions(0), Rng(seed))
        choice_b = agent.act(b.view(0), b.legal_actions(0), Rng(seed))
        assert choice_a == choice_b


def test_planner_plays_as_greedy_with_several_players() -> None:
    state = GAME.new_state(2, 3)
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    planner = PlannerAgent(GAME, seat, samples=2).act(view, legal, Rng(1))
    greedy = make_agent(GAME, "greedy", seat).act(view, legal, Rng(1))
    assert planner == greedy


def test_planner_rejects_bad_budgets() -> None:
    with pytest.raises(ValueError, match="budget"):
        PlannerAgent(GAME, 0, seconds=None, samples=None)
    with pytest.raises(ValueError, match="seconds"):
        PlannerAgent(GAME, 0, seconds=0)
    with pytest.raises(ValueError, match="width"):
        PlannerAgent(GAME, 0, width=0)
    with pytest.raises(ValueError, match="width must be 1 to 256, got 257"):
        PlannerAgent(GAME, 0, width=MAX_WIDTH + 1)
    with pytest.raises(ValueError, match="lookahead"):
        PlannerAgent(GAME, 0, lookahead=-1)
    with pytest.raises(ValueError, match=r"noise must be 0 or more \(and finite\), got -0\.1"):
        PlannerAgent(GAME, 0, noise=-0.1)
    with pytest.raises(ValueError, match="noise must be 0 or more"):
        PlannerAgent(GAME, 0, noise=float("inf"))
    for bot in (PlannerAgent, GreedyAgent):
        with pytest.raises(ValueError, match="hit_rate must be above 0, got 0"):
            bot(GAME, 0, hit_rate=0)
        with pytest.raises(ValueError, match="avg_card must be above 0, got -1"):
            bot(GAME, 0, avg_card=-1)
        with pytest.raises(ValueError, match="promise must be a finite number, got nan"):
            bot(GAME, 0, promise=float("nan"))


def test_bowl_table_prefers_more_ingredients_and_lower_sums() -> None:
    table = bowl_table(2.6, 0.8, 0.8, 1.0)[20]
    assert table[3][4] > table[3][3]
    assert table[3][4] > table[10][4]


@pytest.mark.parametrize("lookahead", [0.0, PLANNER_LOOKAHEAD])
def test_planner_simulation_follows_the_rules_exactly(lookahead: float) -> None:
    # The planner's bare simulation, playing its rollout policy (one-step, or with the
    # lookahead) on a known deck, must end with the score the real rules give for the same
    # decisions.
    from gametable.games.ramen_ramen.planner import (
        _MAX_LEFT,
        _Sim,
        flat_tables,
        lookahead_play,
        policy_play,
        policy_take,
    )

    flats = flat_tables(2.6, 0.8, 0.8, 1.0)
    for seed in range(25):
        state = GAME.new_state(1, seed)
        sim = _Sim(state.hands[0][:], state.fridge[:], [0, 0, 0], [0, 0, 0], state.deck[:], 0)
        expected = sim.finish(flats, False, lookahead)
        while not state.is_over:
            left = min(_MAX_LEFT, (len(state.deck) + len(state.fridge) + len(state.hands[0])) // 3)
            hand = state.hands[0]
            if state.phase == 0 and lookahead and len(hand) > 1 and state.fridge:
                placements = lookahead_play(
                    hand, state.bowl_sum, state.bowl_mask, state.fridge, flats[left], lookahead
                )
            elif state.phase == 0:
                placements = policy_play(hand, state.bowl_sum, state.bowl_mask, flats[left])
            if state.phase == 0:
                state.apply(0, Play(tuple(sorted(placements))))
            else:
                card = policy_take(
                    state.fridge, state.bowl_sum, state.bowl_mask, flats[left], hand=state.hands[0]
                )
                state.apply(0, Take(card))
        assert state.result().scores[0] == expected, seed


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_playout_policy_makes_only_legal_decisions(players: int) -> None:
    from gametable.games.ramen_ramen.planner import playout_action

    for seed in range(4):
        state = GAME.new_state(players, seed)
        while not state.is_over:
            seat = state.to_act[0]
            action = playout_action(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def _best_play_with(
    card: int,
    hand: list[int],
    flats: tuple[tuple[float, ...], ...],
    sums: list[int],
    masks: list[int],
) -> float:
    """Brute force: the best gain of ``card`` in one bowl plus a hand card in another
    (with an empty hand: the card's best bowl)."""

    def gain(place: int, c: int) -> float:
        flat, total, mask = flats[place], sums[place], masks[place]
        return flat[(total + (c & 7)) * 128 + (mask | 1 << (c >> 3))] - flat[total * 128 + mask]

    if not hand:
        return max(gain(p, card) for p in range(3))
    return max(
        gain(p, card) + gain(q, h) for h in hand for p in range(3) for q in range(3) if p != q
    )


def test_policy_take_picks_the_card_allowing_the_best_play_with_the_hand() -> None:
    # Against a brute force over every placement of the Fridge card and a hand card into
    # two different bowls; ties go to the first card in the Fridge. Random bowls, some all
    # alike so that ties happen.
    from gametable.games.ramen_ramen.planner import policy_take, seat_tables

    pick = random.Random(3)
    for _ in range(3000):
        players = pick.randint(1, 4)
        side = pick.randrange(2 if players == 4 else players)
        flats = seat_tables(players, side)[pick.randrange(21)]
        cards = pick.sample(range(56), 9)
        fridge = cards[: pick.randint(1, 5)]
        hand = sorted(cards[5 : 5 + pick.choice([0, 1, 2, 2, 3, 4])])
        sums = [pick.choice([0, pick.randrange(14)]) for _ in range(3)]
        masks = [pick.randrange(127) if sums[p] else 0 for p in range(3)]
        if pick.random() < 0.3:
            sums, masks = [sums[0]] * 3, [masks[0]] * 3
        values = [_best_play_with(c, hand, flats, sums, masks) for c in fridge]
        expected = fridge[values.index(max(values))]
        assert policy_take(fridge, sums, masks, *flats, hand=hand) == expected


def _snapshot(state: RamenState) -> dict[str, object]:
    """Every field of the state but its game."""
    return {k: getattr(state, k) for k in RamenState.__slots__ if k != "game"}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_fast_playout_is_the_same_game_as_the_policy_step_by_step(players: int) -> None:
    # ISMCTS finishes its samples with the planner's ``playout``: it must leave exactly the
    # state that applying ``playout_action`` decision by decision leaves (history included),
    # from any point of a game, to the end or after ``depth`` decisions.
    from gametable.games.ramen_ramen.planner import PlannerAgent, playout_action

    bot = PlannerAgent(GAME, 0)
    for seed in range(12):
        state = GAME.new_state(players, seed)
        pick = random.Random(seed)
        for _ in range(pick.randrange(60)):  # a random point of the game
            if state.is_over:
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.randrange(len(legal))])
        for depth in (None, 0, 1, 2, 5):
            fast = state.clone()
            bot.playout(fast, pick.random, depth)
            slow = state.clone()
            budget = -1 if depth is None else depth
            while budget and not slow.is_over:
                seat = slow.to_act[0]
                slow.apply(seat, playout_action(slow, seat))
                budget -= 1
            assert _snapshot(fast) == _snapshot(slow), (seed, depth)
            assert len(_snapshot(fast)) > 15
            if depth is None:
                assert fast.is_over


def test_seat_tables_value_bowls_for_the_right_side() -> None:
    from gametable.games.ramen_ramen.planner import flat_tables, seat_tables

    # Solo: every bowl is ours, exactly the planner's own tables.
    assert all(
        seat_tables(1, 0)[left][place] == flat_tables(2.6, 0.8, 0.8, 1.0)[left]
        for left in range(21)
        for place in range(3)
    )
    # Three players: bowl i is seat i's. Serving five ingredients (index sum 14, mask of
    # five types) is good in one's own bowl and bad in another's.
    five = 14 * 128 + 0b11111
    mine, theirs = seat_tables(3, 0)[10][0], seat_tables(3, 0)[10][1]
    assert mine[five] > 0 > theirs[five]


def test_ismcts_uses_the_fast_playout_policy_by_default() -> None:
    from gametable.agents.ismcts import ISMCTSAgent

    agent = ISMCTSAgent(GAME, 0, iterations=10)
    assert agent.rollout == "planner"
    assert ISMCTSAgent(GAME, 0, iterations=10, rollout="random").rollout == "random"
    state = GAME.new_state(2, 6)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert ISMCTSAgent(GAME, seat, iterations=20).act(state.view(seat), legal, Rng(3)) in legal


def test_ismcts_keeps_the_playout_policys_choice_without_clear_evidence() -> None:
    from gametable.agents.ismcts import ISMCTSAgent
    from gametable.games.ramen_ramen.planner import playout_action

    state = GAME.new_state(2, 9)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    agent = ISMCTSAgent(GAME, seat, iterations=len(legal))  # one paired round
    assert agent.paired_root
    choice = agent.act(state.view(seat), legal, Rng(0))
    assert choice == playout_action(state, seat)


def test_the_pick_after_a_play_follows_the_plays_search_without_searching_again() -> None:
    # The play's search chose a (play, Fridge card) pair and nothing new is seen before
    # the pick: the pick is that card, at once (no deck sample is drawn for it).
    state = GAME.new_state(1, 11)
    agent = PlannerAgent(GAME, 0, seconds=None, samples=8)
    play = agent.act(state.view(0), state.legal_actions(0), Rng(3))
    assert agent._plan is not None and isinstance(play, Play)
    planned = agent._plan[2]
    state.apply(0, play)
    agent.last_samples = -1
    take = agent.act(state.view(0), state.legal_actions(0), Rng(3))
    assert take == planned and agent.last_samples == -1


def test_a_pick_the_plan_does_not_match_is_searched() -> None:
    # The same agent asked about another game's pick: the plan does not apply.
    agent = PlannerAgent(GAME, 0, seconds=None, samples=8)
    first = GAME.new_state(1, 11)
    agent.act(first.view(0), first.legal_actions(0), Rng(3))
    other = GAME.new_state(1, 12)
    other.apply(0, other.legal_actions(0)[0])
    agent.last_samples = -1
    take = agent.act(other.view(0), other.legal_actions(0), Rng(3))
    assert take in other.legal_actions(0) and agent.last_samples > 0


def test_replan_searches_the_pick_again() -> None:
    state = GAME.new_state(1, 11)
    agent = PlannerAgent(GAME, 0, seconds=None, samples=8, replan=True)
    state.apply(0, agent.act(state.view(0), state.legal_actions(0), Rng(3)))
    agent.last_samples = -1
    agent.act(state.view(0), state.legal_actions(0), Rng(3))
    assert agent.last_samples > 0


def _random_solo_position(
    pick: random.Random,
) -> tuple[list[int], list[int], list[int], list[int], list[int], int]:
    """A random solo position at a play step: hand (sorted), Fridge, open bowls, deck, score."""
    cards = list(range(56))
    pick.shuffle(cards)
    n_hand = pick.choice([0, 1, 2, 3, 4, 4, 4])
    n_fridge = pick.choice([0, 1, 2, 3, 4, 4, 4, 4])
    hand = sorted(cards[:n_hand])
    fridge = cards[n_hand : n_hand + n_fridge]
    rest = cards[n_hand + n_fridge :]
    sums, masks = [0, 0, 0], [0, 0, 0]
    for p in range(3):
        for _ in range(pick.randrange(4)):
            c = rest.pop()
            if sums[p] + (c & 7) < 14 and masks[p] | 1 << (c >> 3) != 127:
                sums[p] += c & 7
                masks[p] |= 1 << (c >> 3)
    deck = rest[: pick.randrange(len(rest) + 1)]
    if pick.random() < 0.3:
        deck = deck[: pick.randrange(4)]
    return hand, fridge, sums, masks, deck, pick.randrange(30)


@pytest.mark.parametrize("lookahead", [0.0, 0.4, PLANNER_LOOKAHEAD])
def test_compiled_rollouts_play_the_python_rollouts_exactly(lookahead: float) -> None:
    # The compiled rollouts (planner_fast) must take the Python simulation's decisions:
    # the same final score from thousands of random positions, with either policy.
    from gametable.games.ramen_ramen.planner import _Sim, flat_tables
    from gametable.games.ramen_ramen.planner_fast import Rollouts

    flats = flat_tables(*SOLO_EVALUATION)
    compiled = Rollouts(flats, lookahead)
    pick = random.Random(int(lookahead * 100))
    for _ in range(1500 if lookahead == 0 else 300):  # the Python lookahead is slow
        hand, fridge, sums, masks, deck, score = _random_solo_position(pick)
        second = not deck and pick.random() < 0.3
        expected = _Sim(hand[:], fridge[:], sums[:], masks[:], deck[:], score).finish(
            flats, second, lookahead
        )
        assert compiled.finish_from(hand, fridge, sums, masks, deck, score, second) == expected


def test_compiled_search_plays_every_candidate_as_the_python_search() -> None:
    # One deck sample played for every candidate (a play and the Fridge card taken after
    # it, a play alone, a pick alone, a second pick) scores what the Python search's
    # samples score on that deck.
    from gametable.games.ramen_ramen.planner import _Rollouts, flat_tables
    from gametable.games.ramen_ramen.planner_fast import Rollouts

    flats = flat_tables(*SOLO_EVALUATION)
    compiled = Rollouts(flats, PLANNER_LOOKAHEAD)
    python = _Rollouts(flats, PLANNER_LOOKAHEAD)
    pick = random.Random(5)
    checked = 0
    for _ in range(150):
        hand, fridge, sums, masks, deck, score = _random_solo_position(pick)
        unseen = [c for c in range(56) if c not in hand and c not in fridge][: len(deck) + 4]
        deck = unseen[: len(deck)]
        candidates: list[tuple[tuple[tuple[int, int], ...] | None, int | None]] = []
        if len(hand) >= 2:
            a, b = pick.sample(hand, 2)
            p, q = pick.sample(range(3), 2)
            candidates.append((((a, p), (b, q)), pick.choice(fridge) if fridge else None))
            candidates.append((((a, q), (b, p)), None))
        if fridge:
            candidates.append((None, pick.choice(fridge)))
        if not candidates:
            continue
        take2 = not deck and candidates[0][0] is None
        alive = list(range(len(candidates)))
        expected: list[list[int]] = [[] for _ in candidates]
        python.set_root(hand, fridge, sums, masks, score, unseen, len(deck), take2, candidates, 1)
        python.sample(alive, expected, deck)
        got: list[list[int]] = [[] for _ in candidates]
        compiled.set_root(hand, fridge, sums, masks, score, unseen, len(deck), take2, candidates, 1)
        compiled.sample(alive, got, deck)
        assert got == expected
        checked += len(candidates)
    assert checked > 150


def test_compiled_rollouts_reject_impossible_positions() -> None:
    from gametable.games.ramen_ramen.planner import flat_tables
    from gametable.games.ramen_ramen.planner_fast import Rollouts

    rollouts = Rollouts(flat_tables(*SOLO_EVALUATION))
    with pytest.raises(ValueError, match="card number 56"):
        rollouts.finish_from([56], [], [0, 0, 0], [0, 0, 0], [], 0, False)
    with pytest.raises(ValueError, match="bowl 1 cannot be open"):
        rollouts.finish_from([1], [], [0, 14, 0], [0, 1, 0], [], 0, False)
    with pytest.raises(ValueError, match="bowl place"):
        rollouts.set_root(
            [1, 2], [], [0, 0, 0], [0, 0, 0], 0, [3], 0, False, [(((1, 0), (2, 3)), None)], 0
        )
    with pytest.raises(ValueError, match="flat tables"):
        Rollouts(flat_tables(*SOLO_EVALUATION)[:3])
    rollouts.set_root([1, 2], [3], [0, 0, 0], [0, 0, 0], 0, [4, 5], 2, False, [(None, 3)], 0)
    with pytest.raises(IndexError, match="no candidate 1"):
        rollouts.sample([1])
    with pytest.raises(ValueError, match="2 candidates alive of 1"):
        rollouts.sample([0, 0])
    with pytest.raises(ValueError, match="a deck of 2 cards"):
        rollouts.sample([0], None, [4])


def test_the_planner_uses_the_compiled_rollouts() -> None:
    """The installed package has the planner's compiled rollouts (built by ``pip install
    -e .`` with a C compiler; without it the Python rollouts play the same games, slower)."""
    agent = PlannerAgent(GAME, 0)
    assert agent.compiled, (
        "gametable.games.ramen_ramen.planner_fast is not built "
        "(reinstall with a C compiler: pip install -e .)"
    )
    assert agent.lookahead == PLANNER_LOOKAHEAD
    assert agent.noise == PLANNER_NOISE


def test_rollout_noise_is_reproducible_and_changes_some_rollout_choices() -> None:
    # The noise comes from the search's own random stream: the same seed, the same games.
    # Without it the compiled policy is the Python one (the tests above); with it some
    # games go another way, and every candidate still plays a whole game on each sample.
    from gametable.games.ramen_ramen.planner import flat_tables
    from gametable.games.ramen_ramen.planner_fast import Rollouts

    flats = flat_tables(*SOLO_EVALUATION)
    with pytest.raises(ValueError, match=r"noise must be 0 or more, got -1\.0"):
        Rollouts(flats, PLANNER_LOOKAHEAD, -1.0)
    state = GAME.new_state(1, 31)
    hand, fridge = state.hands[0], state.fridge
    unseen = [c for c in range(56) if c not in hand and c not in fridge]
    candidates = [(((hand[0], 0), (hand[1], 1)), t) for t in fridge]
    scores = {}
    for noise, copy_ in ((0.0, 0), (PLANNER_NOISE, 0), (PLANNER_NOISE, 1)):
        rollouts = Rollouts(flats, PLANNER_LOOKAHEAD, noise)
        assert rollouts.noise == noise
        rollouts.set_root(hand, fridge, [0, 0, 0], [0, 0, 0], 0, unseen, 44, False, candidates, 5)
        out: list[list[int]] = [[] for _ in candidates]
        for _ in range(30):
            rollouts.sample(range(len(candidates)), out)
        assert all(len(r) == 30 and all(0 <= x <= 100 for x in r) for r in out)
        scores[noise, copy_] = out
    assert scores[PLANNER_NOISE, 0] == scores[PLANNER_NOISE, 1]
    assert scores[PLANNER_NOISE, 0] != scores[0.0, 0]


def test_the_widest_planner_searches_every_distinct_play_and_pick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # At the largest width the search compares every legal play with every Fridge card,
    # counted once when two leave the same hand, bowls and score (bowls have no order in
    # solo): the quick evaluation only orders them (docs/search.md measures this width).
    searched: list[int] = []
    agent = PlannerAgent(GAME, 0, seconds=None, samples=8, width=MAX_WIDTH)
    search = agent._search

    def counting(root, phase, candidates, *rest):  # type: ignore[no-untyped-def]
        searched.append(len(candidates))
        return search(root, phase, candidates, *rest)

    monkeypatch.setattr(agent, "_search", counting)
    rng = Rng(3)
    checked = 0
    for seed in range(4):
        state = GAME.new_state(1, seed)
        while not state.is_over:
            view, legal = state.view(0), state.legal_actions(0)
            if view["phase"] == "play" and len(legal) > 1 and checked < 12:
                outcomes = set()
                for action in legal:
                    after = state.clone()
                    after.apply(0, action)
                    bowls = tuple(sorted(zip(after.bowl_sum, after.bowl_mask, strict=True)))
                    kept = tuple(after.hands[0])
                    # what the served bowls score (the rules' table by kinds in a bowl)
                    points = sum(
                        POINTS_BY_TYPES[len({card >> 3 for card in bowl})]
                        for bowl in after.served[0]
                    )
                    for card in state.fridge or [None]:
                        outcomes.add((kept, bowls, points, card))
                searched.clear()
                action = agent.act(view, legal, rng)
                assert searched == [len(outcomes)]
                checked += 1
            else:
                action = rng.choice(legal)
            state.apply(0, action)
    assert checked == 12


def test_gametable_pure_python_turns_the_compiled_rollouts_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Python rollouts then play (the same games: the tests above compare the two).
    monkeypatch.setenv("GAMETABLE_PURE_PYTHON", "1")
    agent = PlannerAgent(GAME, 0, seconds=None, samples=2)
    assert not agent.compiled
    assert agent.lookahead == 0.0  # the one-step policy: more samples in Python
    assert agent.noise == 0.0  # deterministic, as the Python rollouts are
    assert PlannerAgent(GAME, 0, lookahead=0.5).lookahead == 0.5
    state = GAME.new_state(1, 3)
    assert agent.act(state.view(0), state.legal_actions(0), Rng(0)) in state.legal_actions(0)


def test_compiled_statistics_prune_as_the_python_search_prunes() -> None:
    # The compiled search keeps running sums (scores, squares, paired products) instead of
    # every score: its pruning and totals must be those of prune_paired on the scores.
    from gametable.agents.ismcts import prune_paired
    from gametable.games.ramen_ramen.planner import flat_tables
    from gametable.games.ramen_ramen.planner_fast import Rollouts

    rollouts = Rollouts(flat_tables(*SOLO_EVALUATION), PLANNER_LOOKAHEAD)
    state = GAME.new_state(1, 21)
    hand, fridge = state.hands[0], state.fridge
    unseen = [c for c in range(56) if c not in hand and c not in fridge]
    candidates = [
        (((a, p), (b, q)), t)
        for a, b in ((hand[0], hand[1]), (hand[2], hand[3]), (hand[0], hand[3]))
        for p, q in ((0, 1), (1, 0))
        for t in fridge[:2]
    ]
    pruned_some = False
    for seed in range(6):
        rollouts.set_root(
            hand, fridge, [0, 0, 0], [0, 0, 0], 0, unseen, 44, False, candidates, seed
        )
        out: list[list[int]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        for n in range(1, 81):
            rollouts.sample(alive, out)
            if n >= 8 and n % 4 == 0:
                expected = prune_paired(alive, out.__getitem__)
                alive = rollouts.prune(alive)
                assert alive == expected, (seed, n)
                pruned_some |= len(alive) < len(candidates)
        assert rollouts.totals() == [float(sum(r)) for r in out]
    assert pruned_some


def test_a_planner_copies_and_pickles_after_a_search() -> None:
    # Agents are copied (and may be pickled) by the front ends: the compiled rollouts are
    # left out and made again at the copy's next search, which decides as the original.
    import copy
    import pickle

    state = GAME.new_state(1, 8)
    agent = PlannerAgent(GAME, 0, seconds=None, samples=8)
    first = agent.act(state.view(0), state.legal_actions(0), Rng(2))
    for twin in (copy.deepcopy(agent), pickle.loads(pickle.dumps(agent))):
        assert twin.act(state.view(0), state.legal_actions(0), Rng(2)) == first


def test_the_python_lookahead_keeps_a_small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # In Python one deck sample of the lookahead policy from the deal takes longer than
    # this whole budget (16 rollouts of a few tens of ms): the search gives a late sample
    # up between candidates, even the first (then its best candidate by the quick
    # evaluation stands), so the turn keeps the promise. A bound on the worst turn with an
    # allowance for a busy test machine, not a measure of speed.
    from gametable.agents.clock import TurnTimes

    monkeypatch.setenv("GAMETABLE_PURE_PYTHON", "1")
    agent = PlannerAgent(GAME, 0, seconds=0.1, lookahead=PLANNER_LOOKAHEAD)
    assert not agent.compiled
    state = GAME.new_state(1, 7)
    times = TurnTimes(GAME)
    rng = Rng(7)
    for _ in range(6):  # the first three turns: the longest rollouts
        began = time.perf_counter()
        view = state.view(0)
        action = agent.act(view, state.legal_actions(0), rng)
        times.decision(0, view, began, time.perf_counter())
        state.apply(0, action)
    turns = times.close()
    assert len(turns) == 3 and max(s for _, s in turns) <= 0.1 + 0.25, turns


# -- the endgame, solved exactly -----------------------------------------------------------


def _best_by_the_rules(state: RamenState) -> int:
    """The best final score from a solo state, by trying every legal decision of the game
    itself (no shortcut: an independent reference for tiny positions)."""
    if state.is_over:
        return state.side_points(0)
    best = -1
    for action in state.legal_actions(0):
        after = state.clone()
        after.apply(0, action)
        best = max(best, _best_by_the_rules(after))
    return best


Endgame = tuple[list[int], list[int], list[list[int]], str]


@st.composite
def endgame_positions(draw: st.DrawFn, most: int) -> Endgame:
    """A solo position with an empty deck: at most ``most`` cards in hand and Fridge
    together, three open bowls, and a phase: the play, or a pick when the Fridge holds a
    card (some of these the game never reaches, e.g. a second pick with an empty hand;
    the searches and the rules must agree on them all the same)."""
    cards = draw(st.permutations(range(56)))
    nhand = draw(st.integers(0, min(4, most)))
    nfridge = draw(st.integers(0 if nhand else 1, min(4, most - nhand)))
    hand, fridge = sorted(cards[:nhand]), cards[nhand : nhand + nfridge]
    rest = cards[nhand + nfridge :]
    bowls = []
    for p in range(3):
        bowl = rest[5 * p : 5 * p + draw(st.integers(0, 5))]
        while bowl and (sum(c & 7 for c in bowl) >= 14 or types_mask(bowl) == 127):
            bowl.pop()  # it would have been served
        bowls.append(bowl)
    phase = draw(st.sampled_from(["play", "take", "take2"])) if fridge else "play"
    return hand, fridge, bowls, phase


def _solved(position_: Endgame) -> tuple[int, int | None, int | None]:
    """(the best final score by the rules, the Python search's, the compiled search's)."""
    from gametable.games.ramen_ramen.planner_fast import endgame

    hand, fridge, bowls, phase = position_
    state = position(
        1,
        [[card_name(c) for c in hand]],
        [card_name(c) for c in fridge],
        [[card_name(c) for c in b] for b in bowls],
        deck=[],
        phase=phase,
    )
    sums, masks = state.bowl_sum[:], state.bowl_mask[:]
    python = endgame_value(hand, fridge, sums, masks, 0, phase)
    return _best_by_the_rules(state), python, endgame(hand, fridge, sums, masks, 0, phase)


@settings(max_examples=60, deadline=None)
@given(endgame_positions(most=4))
def test_the_endgame_search_finds_the_best_score_the_rules_allow(position_: Endgame) -> None:
    # Tiny positions, solved again by trying every legal decision of the game itself.
    truth, python, compiled = _solved(position_)
    assert python == compiled == truth


@settings(max_examples=12, deadline=None)
@given(endgame_positions(most=8))
def test_the_compiled_endgame_search_finds_the_python_searchs_values(position_: Endgame) -> None:
    # Up to the largest endgames (four cards in hand, four in the Fridge), where the
    # rules' own search would take minutes.
    from gametable.games.ramen_ramen.planner_fast import endgame

    hand, fridge, bowls, phase = position_
    sums = [sum(c & 7 for c in b) for b in bowls]
    masks = [types_mask(b) for b in bowls]
    assert endgame(hand, fridge, sums, masks, 7, phase) == endgame_value(
        hand, fridge, sums, masks, 7, phase
    )


def test_the_endgame_searches_reject_impossible_positions() -> None:
    from gametable.games.ramen_ramen.planner_fast import endgame

    for search in (endgame, endgame_value):
        with pytest.raises(ValueError, match="no phase 'draw'"):
            search([1, 2], [3], [0, 0, 0], [0, 0, 0], 0, "draw")
        with pytest.raises(ValueError, match="a pick with an empty Fridge"):
            search([1, 2], [], [0, 0, 0], [0, 0, 0], 0, "take")
    with pytest.raises(ValueError, match="no Ramen! Ramen! card number 56"):
        endgame([56], [3], [0, 0, 0], [0, 0, 0], 0, "play")


def test_the_python_endgame_search_gives_up_at_its_deadline() -> None:
    # The largest endgame: thousands of positions, so the clock is read (every 256).
    hand, fridge = [1, 10, 19, 28], [37, 46, 3, 12]
    assert endgame_value(hand, fridge, [0, 0, 0], [0, 0, 0], 0, "play", 0.0) is None
    assert endgame_value(hand, fridge, [0, 0, 0], [0, 0, 0], 0, "play") is not None


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_the_planner_plays_the_endgame_exactly(seed: int) -> None:
    # From the first decision with an empty deck, the planner's final score is the best
    # the rules allow from there.
    state = GAME.new_state(1, seed)
    agent = PlannerAgent(GAME, 0, seconds=None, samples=8)
    rng = Rng(seed)
    best = None
    while not state.is_over:
        if best is None and not state.deck:
            sums, masks = state.bowl_sum[:], state.bowl_mask[:]
            phase = ("play", "take", "take2")[state.phase]
            best = endgame_value(
                state.hands[0], state.fridge, sums, masks, state.side_points(0), phase
            )
        state.apply(0, agent.act(state.view(0), state.legal_actions(0), rng))
    assert best is not None and state.side_points(0) == best


def test_without_time_for_the_exact_endgame_the_rollouts_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gametable.games.ramen_ramen.planner as planner

    monkeypatch.setenv("GAMETABLE_PURE_PYTHON", "1")
    monkeypatch.setattr(planner, "endgame_value", lambda *args, **kwargs: None)
    state = position(1, [["A1", "C2", "K3"]], ["M1", "G2", "N3", "S4"], deck=[], phase="take2")
    agent = PlannerAgent(GAME, 0, seconds=None, samples=4)
    agent.last_samples = -1
    action = agent.act(state.view(0), state.legal_actions(0), Rng(1))
    assert action in state.legal_actions(0) and agent.last_samples == 4


def test_the_exact_endgame_decides_without_rollouts_unless_turned_off() -> None:
    state = position(1, [["A1", "C2", "K3"]], ["M1", "G2", "N3", "S4"], deck=[], phase="take2")
    for exact in (True, False):
        agent = PlannerAgent(GAME, 0, seconds=None, samples=4, exact_endgame=exact)
        agent.last_samples = -1
        assert agent.act(state.view(0), state.legal_actions(0), Rng(1)) in state.legal_actions(0)
        assert agent.last_samples == (-1 if exact else 4)
