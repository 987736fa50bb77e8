"""What ISMCTS uses in Rummikub: the fast playout policy and value of the greedy bot, the
determinizer, and the fast paths of the rules (set check, listed plays, lazy changes)."""

from __future__ import annotations

import random

import pytest
from rummikub_helpers import position

from gametable.agents import make_agent, play_game
from gametable.agents.ismcts import ISMCTSAgent
from gametable.core.rng import Rng
from gametable.games.rummikub import DRAW, GAME, PASS, Play, check_play
from gametable.games.rummikub.bots import GreedyAgent, quick_table
from gametable.games.rummikub.moves import simple_plays
from gametable.games.rummikub.state import RummikubState, _set_ok, make_play
from gametable.games.rummikub.tiles import JOKER, JOKER_BASE, parse_set, set_error


def _states(players: int = 2, games: int = 6, every: int = 3) -> list[RummikubState]:
    """Positions of seeded games played by a mix of the playout policy and random plays
    (before and after initial melds, and to the empty pool)."""
    out = []
    policy = GreedyAgent()
    for seed in range(games):
        state = GAME.new_state(players, seed=seed)
        rand = random.Random(seed).random
        k = 0
        while not state.is_over:
            if k % every == 0:
                out.append(state.clone())
            seat = state.current
            legal = state.legal_actions(seat)
            if rand() < 0.3:
                action = legal[int(rand() * len(legal))]
            else:
                action = policy.playout_action(state, seat, rand)
            state.apply(seat, action)
            k += 1
    return out


def test_the_fast_set_check_agrees_with_set_error() -> None:
    rand = random.Random(1)
    faces = list(range(52))
    for _ in range(20000):
        n = rand.choice([2, 3, 3, 4, 4, 5, 6])
        if rand.random() < 0.5:  # near a run: consecutive faces from a start
            start = rand.choice(faces)
            s = [start + k for k in range(n)]
        else:  # near a group: one number, random colours
            number = rand.randrange(13)
            s = [rand.randrange(4) * 13 + number for _ in range(n)]
        s = [f if f < 52 else f % 52 for f in s]
        for k in range(n):
            if rand.random() < 0.15:
                s[k] = JOKER_BASE + s[k]
            if rand.random() < 0.05:
                s[k] = rand.choice(faces)
        assert _set_ok(tuple(s)) == (set_error(tuple(s)) is None), s


def test_listed_plays_are_canonical_whatever_the_order_of_the_table() -> None:
    for state in _states(games=3):
        for seat in range(state.players):
            rack = state.racks[seat]
            plays = simple_plays(state.table, rack, True, state.options)
            for play in plays:
                assert make_play(play.table) == play
            shuffled = [
                tuple(reversed(s)) if len(set(p % 13 for p in s)) == 1 else s for s in state.table
            ]
            random.Random(seat).shuffle(shuffled)
            again = simple_plays(tuple(shuffled), rack, True, state.options)
            assert set(again) == set(plays)  # listed in the table's order


def test_a_play_records_its_changes_for_the_views() -> None:
    s = position("R1 R2 R3", ["R4 K9 B9 O9 K1", "R9"])
    s.apply(0, make_play([parse_set("R1 R2 R3 R4"), parse_set("K9 B9 O9")]))
    event = s.view(1)["history"][-1]
    assert event == {
        "turn": 1,
        "seat": 0,
        "kind": "play",
        "laid": ["K9", "R4", "B9", "O9"],
        "sets": [["K9", "B9", "O9"], ["R1", "R2", "R3", "R4"]],
        "replaced": [["R1", "R2", "R3"]],
    }
    assert s.clone().view(0)["history"] == s.view(0)["history"]


def test_the_story_of_a_play_is_worked_out_only_when_a_view_asks() -> None:
    """Searches apply thousands of plays a second and read the story of none of them."""
    s = position("R1 R2 R3", ["R4 K9 B9 O9 K1", "R9"])
    s.apply(0, make_play([parse_set("R1 R2 R3 R4"), parse_set("K9 B9 O9")]))
    kept = s.clone()
    assert type(s.events._items[-1]) is tuple  # the decision, not yet told
    told = s.view(0)["history"][-1]
    assert type(s.events._items[-1]) is not tuple and s.events[-1].kind == "play"
    assert kept.view(0)["history"][-1] == told  # a copy made before tells the same


def test_the_determinizer_samples_states_consistent_with_the_view() -> None:
    for state in _states(players=3, games=2, every=7):
        seat = state.current
        view = state.view(seat)
        sample = GAME.determinizer(view)
        samples = [sample(Rng(4)) for _ in range(3)]
        again = GAME.determinizer(view)
        assert [s.racks for s in samples] == [again(Rng(4)).racks for _ in range(3)]
        for s in samples:
            assert s.view(seat) == view
            assert s.racks[seat] == state.racks[seat]
            assert sorted(t for r in s.racks for t, k in enumerate(r) for _ in range(k)) + sorted(
                s.pool
            ) != [] and sum(sum(r) for r in s.racks) + len(s.pool) == sum(
                sum(r) for r in state.racks
            ) + len(state.pool)
        hidden = [
            (tuple(tuple(r) for i, r in enumerate(s.racks) if i != seat), tuple(s.pool))
            for s in samples
        ]
        if len(state.pool) > 1:
            assert len(set(hidden)) > 1  # the hidden tiles are dealt anew


def test_the_playout_policy_returns_legal_decisions() -> None:
    policy = GreedyAgent()
    kinds = set()
    for players in (2, 4):
        for state in _states(players=players, games=4):
            seat = state.current
            action = policy.playout_action(state, seat, random.Random(0).random)
            again = policy.playout_action(state, seat, random.Random(0).random)
            assert action == again
            if isinstance(action, Play):
                check_play(
                    state.table, state.racks[seat], state.melded[seat], action.table, state.options
                )
                assert make_play(action.table) == action
                kinds.add(("play", state.melded[seat]))
            else:
                assert action == (DRAW if state.pool else PASS)
                kinds.add((str(action), bool(state.pool)))
            state.clone().apply(seat, action)
    # openings, later plays, draws and passes were all seen
    assert {("play", False), ("play", True), ("Draw()", True), ("Pass()", False)} <= kinds


def test_the_playout_policy_lays_runs_groups_and_extensions_without_rearranging() -> None:
    s = position("R1 R2 R3 | K5 R5 B5", ["R4 R5 O5 B7 B8 B9 K11 K12", "R9"])
    new = quick_table(s.table, s.racks[0], True)
    assert new is not None
    laid = check_play(s.table, s.racks[0], True, new, s.options)
    assert sum(laid) == 6  # B7-B9, R4 and R5 on the run, O5 into the group; K11 K12 stay
    assert laid[JOKER] == 0
    # no opening worth 30: nothing to lay before the initial meld
    assert quick_table((), s.racks[0], False) is None


def test_the_playout_policy_respects_the_rules_flags() -> None:
    s = position("R3 J=R4 R5", ["B1 B2 B3", "K1"], melded=[False, True])
    action = GreedyAgent().playout_action(s, 0, random.Random(0).random)
    assert action == DRAW  # B1-B3 is worth 6, not 30
    flagged = position("K9 K10 K11", ["R4 J", "R1"], freed_joker_needs_rack_tile=True)
    action = GreedyAgent().playout_action(flagged, 0, random.Random(0).random)
    if isinstance(action, Play):
        check_play(flagged.table, flagged.racks[0], True, action.table, flagged.options)


def test_the_playout_value_is_a_share_per_seat() -> None:
    policy = GreedyAgent()
    for players in (2, 3):
        for state in _states(players=players, games=2):
            value = policy.playout_value(state)
            assert len(value) == players
            assert all(0.0 <= v <= 1.0 for v in value)
            assert sum(value) == pytest.approx(players / 2)  # each pair shares one win


def test_the_playout_value_favours_the_seat_with_fewer_tiles() -> None:
    policy = GreedyAgent()
    for pool in (78, 40, 5):  # from the start of a 2-player game to its end
        s = position("", ["R4 R5 K9 B9", "R4 R5 K9 B9 O9"], pool=pool)
        v = policy.playout_value(s)
        assert v[0] > 0.5 > v[1]
        assert v == pytest.approx(
            policy.playout_value(
                position("", ["R4 R5 K9 B9 O9", "R4 R5 K9 B9"], pool=pool, current=1)
            )[::-1]
        )
    # the fewer tiles weigh the more as the pool empties
    early = policy.playout_value(position("", ["R4", "R4 R5 K9"], pool=70))[0]
    late = policy.playout_value(position("", ["R4", "R4 R5 K9"], pool=10))[0]
    assert 0.5 < early < late


def test_a_finished_game_is_valued_by_its_result() -> None:
    s = position("R1 R2 R3", ["R4", "K9 B9"])
    s.apply(0, make_play([parse_set("R1 R2 R3 R4")]))
    assert s.is_over
    assert GreedyAgent().playout_value(s) == [1.0, 0.0]


def test_ismcts_uses_the_playout_policy_and_value_by_default() -> None:
    agent = ISMCTSAgent(GAME, 0)
    assert agent.rollout == "greedy" and agent.paired_root
    assert agent.playout_depth == GreedyAgent.playout_depth


def test_ismcts_at_its_default_budget_plays_a_whole_game_against_greedy() -> None:
    # a short game (14 decisions each), to keep the test fast
    agents = [make_agent(GAME, "greedy", 0), make_agent(GAME, "ismcts", 1)]
    record = play_game(GAME, agents, seed=5, agent_seed=5)
    assert record.result is not None and sum(record.result.scores) == 0
