"""ISMCTS: legal on every game, finds the obvious move, reads only its view, reproducible."""

from __future__ import annotations

import pytest

from gametable.agents import GENERIC_AGENTS, make_agent, play_game
from gametable.agents.ismcts import ISMCTSAgent
from gametable.core import Rng, all_games, get_game
from gametable.core.errors import IllegalAction
from gametable.core.game import Game, State

SLOW_PLAYOUTS = {"rummikub"}
"""Games whose random playouts are slow: fewer iterations and positions in these tests."""


def _cases() -> list[tuple[str, int]]:
    return [
        (game.name, players)
        for game in all_games()
        for players in range(game.min_players, game.max_players + 1)
    ]


def _positions(game: Game, players: int) -> list[State]:
    """The start and two later positions of a random game (seeded)."""
    state = game.new_state(players, seed=11)
    rng = Rng(5)
    out = [state.clone()]
    steps = (4,) if game.name in SLOW_PLAYOUTS else (6, 17)
    done = 0
    for target in steps:
        while done < target and not state.is_over:
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                state.apply(seat, rng.choice(legal))
            done += 1
        if not state.is_over:
            out.append(state.clone())
    return out


def test_ismcts_is_a_generic_agent() -> None:
    assert "ismcts" in GENERIC_AGENTS
    agent = make_agent(get_game("ramen-ramen"), "ismcts", 0, iterations=5)
    assert isinstance(agent, ISMCTSAgent)


@pytest.mark.parametrize(("name", "players"), _cases())
def test_ismcts_returns_a_legal_action_in_every_game_and_player_count(
    name: str, players: int
) -> None:
    game = get_game(name)
    iterations = 3 if name in SLOW_PLAYOUTS else 12
    for state in _positions(game, players):
        for seat in state.to_act:  # several seats at once in the tips game's reveal
            agent = make_agent(game, "ismcts", seat, iterations=iterations)
            legal = state.legal_actions(seat)
            action = agent.act(state.view(seat), legal, Rng(seat))
            if game.info.enumerable_actions:
                assert action in legal
            probe = state.clone()
            probe.apply(seat, action)  # raises IllegalAction if it were not legal


@pytest.mark.parametrize("name", ["ramen-ramen", "ramen-fury", "ramen-tips"])
def test_ismcts_plays_whole_games_against_greedy(name: str) -> None:
    game = get_game(name)
    players = 3 if name == "ramen-tips" else 2
    agents = [make_agent(game, "ismcts", 0, iterations=6)] + [
        make_agent(game, "greedy", s) for s in range(1, players)
    ]
    record = play_game(game, agents, seed=3, agent_seed=3)
    assert record.result is not None


def test_ismcts_finds_the_obvious_scoring_play() -> None:
    from ramen_helpers import position

    from gametable.games.ramen_ramen.state import Play

    # Solo, last two cards, nothing left to draw or take. S2 into bowl 1 serves a bowl of
    # five ingredients (5 points); A7 there would serve only four (3 points).
    state = position(1, [["S2", "A7"]], bowls=[["A3", "K3", "M3", "G3"], [], []], deck=[])
    legal = state.legal_actions(0)
    action = ISMCTSAgent(state.game, 0, iterations=200).act(state.view(0), legal, Rng(1))
    assert isinstance(action, Play)
    assert dict(action.placements)[_card("S2")] == 0


def _card(name: str) -> int:
    from gametable.games.ramen_ramen.cards import parse_card

    return parse_card(name)


def test_ismcts_takes_the_win_in_a_two_player_endgame() -> None:
    from ramen_helpers import position

    from gametable.games.ramen_ramen.state import Play

    # Two players, open bowls only, no cards left anywhere but seat 0's hand: putting N0
    # into bowl 1 serves it (all 7 ingredients: 10 points) for seat 0; anything else
    # leaves it unserved and the game ends with no points for anyone.
    state = position(
        2,
        [["N0", "K7"], []],
        bowls=[["A1", "C1", "K1", "M1", "G1", "S1"], [], []],
        deck=[],
    )
    legal = state.legal_actions(0)
    action = ISMCTSAgent(state.game, 0, iterations=150).act(state.view(0), legal, Rng(2))
    assert isinstance(action, Play)
    assert dict(action.placements)[_card("N0")] == 0


def test_ismcts_decides_from_the_view_only() -> None:
    from ramen_helpers import position

    # Two states that differ only in the opponent's hand and the deck order: the same
    # view, so the same decision for the same generator.
    common = {"fridge": ["N0", "N1", "N2", "N3"], "bowls": [["A0"], ["C5"], []]}
    a = position(2, [["K1", "M2", "G3", "S4"], ["A1", "A2", "C1", "C2"]], **common)
    b = position(2, [["K1", "M2", "G3", "S4"], ["A6", "A7", "C6", "C7"]], **common)
    a.deck.reverse()
    assert a.view(0) == b.view(0)
    assert a.hands[1] != b.hands[1]
    for seed in range(3):
        choice_a = ISMCTSAgent(a.game, 0, iterations=60).act(
            a.view(0), a.legal_actions(0), Rng(seed)
        )
        choice_b = ISMCTSAgent(b.game, 0, iterations=60).act(
            b.view(0), b.legal_actions(0), Rng(seed)
        )
        assert choice_a == choice_b


def test_ismcts_is_reproducible_with_an_iteration_budget() -> None:
    game = get_game("ramen-fury")
    state = game.new_state(2, seed=4)
    seat = state.to_act[0]
    runs = [
        ISMCTSAgent(game, seat, iterations=40).act(
            state.view(seat), state.legal_actions(seat), Rng(9)
        )
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_ismcts_stops_on_a_time_budget() -> None:
    game = get_game("ramen-ramen")
    state = game.new_state(2, seed=1)
    agent = ISMCTSAgent(game, state.to_act[0], seconds=0.05)
    agent.act(state.view(state.to_act[0]), state.legal_actions(state.to_act[0]), Rng(0))
    assert agent.last.iterations >= 1
    assert agent.last.seconds < 1.0
    assert sum(v for v, _ in agent.last.root.values()) == agent.last.iterations


def test_ismcts_rejects_bad_parameters_with_a_clear_message() -> None:
    game = get_game("ramen-ramen")
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSAgent(game, 0, iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        ISMCTSAgent(game, 0, seconds=-1.0)
    with pytest.raises(ValueError, match="rollout policy 'nope'"):
        ISMCTSAgent(game, 0, rollout="nope")
    with pytest.raises(TypeError, match=r"the ismcts bot has no setting 'depth'; .* iterations"):
        make_agent(game, "ismcts", 0, depth=3)


def test_ismcts_with_a_bot_rollout_policy_plays_legally() -> None:
    game = get_game("ramen-ramen")
    state = game.new_state(2, seed=8)
    seat = state.to_act[0]
    agent = ISMCTSAgent(game, seat, iterations=5, rollout="greedy")
    legal = state.legal_actions(seat)
    assert agent.act(state.view(seat), legal, Rng(0)) in legal


def test_ismcts_counts_an_illegal_root_candidate_as_a_loss() -> None:
    # A candidate the sample rejects must not crash the search.
    game = get_game("ramen-ramen")
    state = game.new_state(2, seed=2)
    seat = state.to_act[0]
    legal = list(state.legal_actions(seat))
    from gametable.games.ramen_ramen.state import Take

    bogus = Take(55 if 55 not in state.fridge else 54)
    agent = ISMCTSAgent(game, seat, iterations=60)
    action = agent.act(state.view(seat), [*legal, bogus], Rng(0))
    assert action in legal
    with pytest.raises(IllegalAction):
        state.clone().apply(seat, bogus)


def test_paired_root_search_finds_the_obvious_play_and_is_reproducible() -> None:
    from ramen_helpers import position

    from gametable.games.ramen_ramen.state import Play

    state = position(1, [["S2", "A7"]], bowls=[["A3", "K3", "M3", "G3"], [], []], deck=[])
    legal = state.legal_actions(0)
    choices = []
    for _ in range(2):
        agent = ISMCTSAgent(state.game, 0, iterations=300, paired_root=True)
        action = agent.act(state.view(0), legal, Rng(4))
        assert isinstance(action, Play)
        assert dict(action.placements)[_card("S2")] == 0
        choices.append(action)
    assert choices[0] == choices[1]


@pytest.mark.parametrize("name", ["ramen-ramen", "ramen-tips"])
def test_paired_root_search_returns_legal_actions(name: str) -> None:
    game = get_game(name)
    players = 3 if name == "ramen-tips" else 2
    for state in _positions(game, players):
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            agent = ISMCTSAgent(game, seat, iterations=40, paired_root=True)
            assert agent.act(state.view(seat), legal, Rng(seat)) in legal


def test_cut_off_playouts_are_valued_by_the_playout_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    # A playout bot that values positions: playouts stop after ``playout_depth`` decisions
    # and its estimate stands in for the end of the game; the search follows the estimate.
    from gametable.games.ramen_ramen.planner import PlannerAgent
    from gametable.games.ramen_ramen.state import RamenState

    game = get_game("ramen-ramen")
    state = game.new_state(2, seed=3)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    favourite = legal[-1]
    placements = favourite.placements  # type: ignore[attr-defined]
    valued: list[RamenState] = []

    def playout_value(self: PlannerAgent, sample: RamenState) -> list[float]:
        valued.append(sample)
        # Reward the searching seat only where the favourite's cards are in its bowls.
        mine = 1.0 if all(c in sample.bowls[p] for c, p in placements) else 0.0
        return [mine, 1.0 - mine] if seat == 0 else [1.0 - mine, mine]

    monkeypatch.setattr(PlannerAgent, "playout_value", playout_value, raising=False)
    monkeypatch.setattr(PlannerAgent, "playout_depth", 2, raising=False)
    agent = ISMCTSAgent(game, seat, iterations=200, paired_root=False)
    assert agent.playout_depth == 2
    assert agent.act(state.view(seat), legal, Rng(0)) == favourite
    assert len(valued) == 200 and not any(s.is_over for s in valued)
    # One iteration: the root play is the new node, then ``playout_depth`` decisions
    # (depth 2: the searcher's Fridge take and the opponent's two cards).
    for depth, in_bowls in ((0, 2), (2, 4)):
        valued.clear()
        ISMCTSAgent(game, seat, iterations=1, playout_depth=depth, paired_root=False).act(
            state.view(seat), legal, Rng(0)
        )
        assert [sum(len(b) for b in s.bowls) for s in valued] == [in_bowls]


def test_playout_depth_needs_a_policy_that_values_positions() -> None:
    game = get_game("ramen-ramen")
    with pytest.raises(ValueError, match="playout_depth needs a playout policy"):
        ISMCTSAgent(game, 0, rollout="random", playout_depth=3)
    with pytest.raises(ValueError, match="playout_depth must not be negative"):
        ISMCTSAgent(game, 0, playout_depth=-1)


def test_a_bots_whole_playout_gives_the_same_search_as_its_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A playout bot may finish playouts itself (``playout``) rather than decision by
    # decision through ``playout_action``: a speed-up only, the search must be the same.
    from gametable.games.ramen_ramen.planner import PlannerAgent

    game = get_game("ramen-ramen")

    def search(state: State, seat: int) -> tuple[object, dict[object, tuple[int, float]]]:
        agent = ISMCTSAgent(game, seat, iterations=120)
        action = agent.act(state.view(seat), state.legal_actions(seat), Rng(7))
        return action, agent.last.root

    positions = [s for s in _positions(game, 2) if not s.is_over]
    fast = [search(s, s.to_act[0]) for s in positions]
    monkeypatch.delattr(PlannerAgent, "playout")
    assert [search(s, s.to_act[0]) for s in positions] == fast
