"""Bots: legal decisions, and the solver bot beating the greedy one."""

from __future__ import annotations

import pytest
from rummikub_helpers import position

from gametable.agents.base import make_agent
from gametable.agents.play import play_game
from gametable.core.rng import Rng
from gametable.games.rummikub import DRAW, GAME, Play, check_play
from gametable.games.rummikub.bots import SolverAgent, greedy_table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_plays_whole_games(players):
    names = ["random", "greedy", "solver", "greedy"][:players]
    agents = [make_agent(GAME, n, s) for s, n in enumerate(names)]
    record = play_game(GAME, agents, seed=players, agent_seed=players)
    assert record.result is not None and sum(record.result.scores) == 0


def test_solver_rearranges_where_greedy_cannot():
    # only a rearrangement lays O5: split K3-K8 ... into groups with the rack's tiles
    s = position("K1 K2 K3 | R1 R2 R3 | B1 B2 B3", ["O1 O2", "R9"])
    view = s.view(0)
    assert greedy_table(s.table, s.racks[0], True) is None
    action = SolverAgent().act(view, s.legal_actions(0), Rng(0))
    assert isinstance(action, Play)
    laid = check_play(s.table, s.racks[0], True, action.table, s.options)
    assert sum(laid) == 2


def test_solver_keeps_its_joker_when_it_can_lay_without_it():
    s = position("R1 R2 R3", ["R4 J K9", "R9"])
    action = SolverAgent().act(s.view(0), s.legal_actions(0), Rng(0))
    assert isinstance(action, Play)
    laid = check_play(s.table, s.racks[0], True, action.table, s.options)
    assert laid[52] == 0 and sum(laid) == 1


def test_solver_draws_when_it_cannot_open():
    s = position("", ["K1 K2 K3 R9", "R9"], melded=[False, False])
    assert SolverAgent().act(s.view(0), s.legal_actions(0), Rng(0)) == DRAW


def test_solver_respects_the_freed_joker_flag():
    s = position(
        "R3 J=R4 R5 | K9 K10 K11", ["R4 B1", "R1"], freed_joker_needs_rack_tile=True
    )
    action = SolverAgent().act(s.view(0), s.legal_actions(0), Rng(0))
    if isinstance(action, Play):
        check_play(s.table, s.racks[0], True, action.table, s.options)


def test_solver_beats_greedy_more_often_than_not():
    wins = 0
    games = 8
    for seed in range(games):
        seats = ("solver", "greedy") if seed % 2 == 0 else ("greedy", "solver")
        agents = [make_agent(GAME, n, s) for s, n in enumerate(seats)]
        record = play_game(GAME, agents, seed=1000 + seed, agent_seed=1000 + seed)
        assert record.result is not None
        solver_seat = seats.index("solver")
        wins += solver_seat in record.result.winners
    assert wins >= games * 0.6


def test_bots_play_legally_with_every_flag_on():
    flags = {
        "initial_meld_allows_manipulation": True,
        "joker_group3_needs_both_colours": True,
        "freed_joker_needs_rack_tile": True,
    }
    agents = [make_agent(GAME, n, s) for s, n in enumerate(("solver", "greedy", "solver"))]
    record = play_game(GAME, agents, seed=5, agent_seed=5, **flags)
    assert record.result is not None and sum(record.result.scores) == 0
