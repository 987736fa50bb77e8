"""Bots keep their clocks: a budget of ``seconds=S`` is a promise for the whole turn.

The turn structure each game declares (``Game.turn_step``) is checked against the engine
over random games, and the promise on short games of every clocked bot, measured as it is
stated (from the turn's first view to its last decision returned, everything in between
included): exactly, on a virtual clock that moves with every reading (how the budget is
shared and checked, whatever the machine does), and on the real clock with an allowance
for a busy test machine. Bounds on the worst turn, not measures of speed.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from gametable.agents import make_agent, play_game
from gametable.agents.clock import MARGIN, RESERVE, TurnClock, TurnTimes
from gametable.core import all_games, get_game
from gametable.core.game import TurnStep

GAMES = ("ramen-ramen", "ramen-fury", "ramen-tips", "rummikub")


# -- the clock --------------------------------------------------------------------------


class _Steps:
    """A stand-in game whose turn steps are given one by one."""

    def __init__(self, *steps: TurnStep) -> None:
        self.steps = list(steps)

    def turn_step(self, view: Any) -> TurnStep:
        return self.steps.pop(0)


def test_a_turn_of_one_decision_may_spend_the_budget_less_the_margin() -> None:
    clock = TurnClock(2.0)
    before = time.perf_counter()
    deadline = clock.deadline(None, {})
    after = time.perf_counter()
    usable = 2.0 * (1 - MARGIN) - RESERVE
    assert before + usable <= deadline <= after + usable


def test_decisions_of_one_turn_share_what_is_left_of_it() -> None:
    game: Any = _Steps(TurnStep(True, 0.5), TurnStep(False, 0.5), TurnStep(False, 1.0))
    clock = TurnClock(1.0)
    start = time.perf_counter()
    first = clock.deadline(game, {})
    end = start + clock.usable
    assert first <= start + clock.usable / 2 + 1e-3
    second = clock.deadline(game, {})
    third = clock.deadline(game, {})
    # whatever the shares, no decision of the turn may run past the turn's end
    assert first <= second <= third <= end + 1e-3


def test_a_decision_after_the_turn_overran_gets_no_time() -> None:
    game: Any = _Steps(TurnStep(True, 1.0), TurnStep(False, 1.0))
    clock = TurnClock(0.02)
    clock.deadline(game, {})
    time.sleep(0.03)
    now = time.perf_counter()
    assert clock.deadline(game, {}) <= time.perf_counter()
    assert clock.deadline(None, {}) > now  # a new turn starts afresh


def test_resume_counts_the_time_the_turn_already_took() -> None:
    clock = TurnClock(1.0)
    clock.resume(0.5)
    now = time.perf_counter()
    deadline = clock.step_deadline(False, 1.0)
    assert deadline <= now + clock.usable - 0.5 + 1e-3


def test_bad_budgets_and_shares_are_refused() -> None:
    with pytest.raises(ValueError, match="seconds"):
        TurnClock(0)
    with pytest.raises(ValueError, match="share"):
        TurnStep(True, 0.0)
    with pytest.raises(ValueError, match="share"):
        TurnStep(True, 1.5)


# -- the games' turn structure ------------------------------------------------------------


def _random_game(game_name: str, players: int, seed: int) -> list[tuple[int, dict[str, Any]]]:
    """(seat, view) of every decision of a random game, with the state's turn marker in
    the view under ``"_turn"``: what the engine itself counts as the turn."""
    game = get_game(game_name)
    state: Any = game.new_state(players, seed)
    pick = random.Random(seed)
    out: list[tuple[int, dict[str, Any]]] = []
    while not state.is_over:
        for seat in state.to_act:
            view = state.view(seat)
            view["_turn"] = _engine_turn(game_name, state, seat)
            out.append((seat, view))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.randrange(len(legal))])
            break
    return out


_KEEP: list[Any] = []
"""Turn event lists used as markers, kept alive so that their ids are never reused."""


def _engine_turn(game_name: str, state: Any, seat: int) -> Any:
    """The engine's own notion of the turn a decision belongs to, from the full state."""
    if game_name == "ramen-ramen":
        return ("turn", state.turn)  # the engine counts its turns
    if game_name == "ramen-fury":
        return ("turn", state.turn)  # the engine counts its turns
    if game_name == "ramen-tips" and state.phase == 3:
        return ("take", state.round_no, state.turn)  # one turn per place in the order
    return ("decision", _decisions(state))  # every other decision is a turn of its own


def _decisions(state: Any) -> int:
    """A new value for every decision."""
    count = getattr(state, "_test_decisions", 0) + 1
    state._test_decisions = count
    return count


@pytest.mark.parametrize(
    ("game_name", "players"),
    [("ramen-ramen", 1), ("ramen-ramen", 2), ("ramen-ramen", 4), ("ramen-fury", 2),
     ("ramen-fury", 4), ("ramen-tips", 2), ("ramen-tips", 3), ("rummikub", 2)],
)
def test_turn_steps_start_exactly_where_the_engine_starts_a_turn(
    game_name: str, players: int
) -> None:
    game = get_game(game_name)
    for seed in range(6):
        previous: dict[int, Any] = {}
        for seat, view in _random_game(game_name, players, seed):
            marker = view.pop("_turn")
            step = game.turn_step(view)
            assert 0 < step.share <= 1
            assert step.starts_turn == (previous.get(seat) != marker), (seed, seat, view["phase"])
            previous[seat] = marker


@pytest.mark.parametrize("game_name", [g.name for g in all_games()])
def test_in_every_game_a_new_seat_to_act_starts_a_turn(game_name: str) -> None:
    # What any game (a future one too) must get right: the share is in (0, 1], and when
    # the game passes from one seat to another, the new seat's decision starts its turn.
    game = get_game(game_name)
    for players in range(game.min_players, game.max_players + 1):
        last_seat = None
        for seat, view in _random_game(game_name, players, players):
            view.pop("_turn")
            step = game.turn_step(view)
            assert 0 < step.share <= 1
            if last_seat is not None and seat != last_seat:
                assert step.starts_turn, (players, seat, view["phase"])
            last_seat = seat


@pytest.mark.parametrize("players", [1, 2, 3])
def test_ramen_ramen_knows_how_many_decisions_a_turn_holds(players: int) -> None:
    from gametable.games.ramen_ramen.state import turn_decisions

    for seed in range(10):
        decisions = _random_game("ramen-ramen", players, seed)
        turns: list[list[dict[str, Any]]] = []
        for _, view in decisions:
            view.pop("_turn")
            if turn_decisions(view)[0]:
                turns.append([])
            turns[-1].append(view)
        for turn in turns:
            for done, view in enumerate(turn):
                assert turn_decisions(view)[1] == len(turn) - done, (seed, view["phase"])


# -- the promise ------------------------------------------------------------------------


def _turns(
    game_name: str, bots: list[tuple[str, dict[str, Any]]], seed: int, timed: int
) -> list[float]:
    """The seconds of every turn of seat ``timed`` in one game."""
    game = get_game(game_name)
    agents = [
        make_agent(game, name, seat, **settings) for seat, (name, settings) in enumerate(bots)
    ]
    times = TurnTimes(game)
    play_game(game, agents, seed=seed, agent_seed=seed, turn_times=times)
    turns = times.per_seat(timed)
    assert turns, "the timed seat never played"
    return turns


CLOCKED = [
    ("ramen-ramen", 1, "planner", 7),
    ("ramen-ramen", 2, "ismcts", 3),
    ("ramen-fury", 2, "ismcts", 3),
    ("ramen-tips", 3, "ismcts", 3),
    ("rummikub", 2, "ismcts", 3),
    ("rummikub", 2, "solver", 3),
]
"""(game, players, bot, seed): the bot in seat 0, greedy in the others."""


class _VirtualClock:
    """A stand-in for :func:`time.perf_counter` that moves ``step`` seconds per reading.

    Every deadline check of a search costs one step, so a turn's virtual length counts
    exactly how the budget was shared and checked, whatever the machine is doing."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize(("game_name", "players", "bot", "seed"), CLOCKED)
def test_the_budget_is_shared_so_that_no_turn_can_overrun(
    monkeypatch: pytest.MonkeyPatch, game_name: str, players: int, bot: str, seed: int
) -> None:
    # On a virtual clock: the turn's decisions, every deadline check and the measurement
    # itself all move it, so a turn whose decisions' shares added up to more than the turn
    # (the planner's play + two picks once took 121% of its budget) or a search that kept
    # going past its deadline shows at once. The step is small against the margin (every
    # decision reads the clock a few times outside its search), large enough that the
    # planner's costly deck samples stay few.
    monkeypatch.setattr(time, "perf_counter", _VirtualClock(0.02 if bot == "planner" else 0.002))
    bots = [(bot, {"seconds": 1.0})] + [("greedy", {})] * (players - 1)
    turns = _turns(game_name, bots, seed, timed=0)
    assert max(turns) <= 1.0, sorted(turns)[-3:]


def test_the_virtual_clock_catches_a_bot_that_ignores_its_turns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The check above can fail: a clock that took every decision for a whole turn would
    # give ISMCTS's play and each pick the whole budget, and the turn would overrun.
    def every_decision_a_turn(self: TurnClock, game: Any, view: Any, share: Any = None) -> float:
        return self.step_deadline(True, 1.0)

    monkeypatch.setattr(TurnClock, "deadline", every_decision_a_turn)
    monkeypatch.setattr(time, "perf_counter", _VirtualClock(0.002))
    turns = _turns("ramen-ramen", [("ismcts", {"seconds": 1.0}), ("greedy", {})], 3, timed=0)
    assert max(turns) > 1.5


BUDGET = 0.25
SCHEDULING = 0.25
"""Allowance for the test machine on the real clock: the suite runs on two cores beside
another test worker (and its browsers), where a process may wait its turn for the CPU.
A search that did not keep its deadline would overrun by whole searches, far more."""


@pytest.mark.parametrize(("game_name", "players", "bot", "seed"), CLOCKED)
def test_no_turn_of_a_bot_takes_longer_than_its_budget(
    game_name: str, players: int, bot: str, seed: int
) -> None:
    bots = [(bot, {"seconds": BUDGET})] + [("greedy", {})] * (players - 1)
    turns = _turns(game_name, bots, seed, timed=0)
    worst = sorted(turns)[-3:]
    assert max(turns) <= BUDGET + SCHEDULING, f"worst turns {worst} of {len(turns)}"
    # and most turns keep the promise itself even on a busy machine
    assert sorted(turns)[len(turns) // 2] <= BUDGET, f"median over {BUDGET} s"


def test_the_solver_bot_under_a_tiny_clock_falls_back_to_a_legal_play() -> None:
    # A budget too small for any solve: every decision falls back, legally, in time.
    game = get_game("rummikub")
    solver = make_agent(game, "solver", 0, seconds=1e-4)
    times = TurnTimes(game)
    record = play_game(game, [solver, make_agent(game, "greedy", 1)], seed=5, agent_seed=5,
                       turn_times=times)
    assert record.result is not None
    assert solver.timed_out > 0  # type: ignore[attr-defined]
    assert max(times.per_seat(0)) < 0.05
