"""Tournaments: line-ups, seat rotation, shared deals, ratings, and resuming after an interrupt."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.core import get_game
from gametable.sim import (
    GameRow,
    GameTask,
    InlineExecutor,
    SimError,
    head_to_head,
    leaderboard,
    lineups,
    open_store,
    parse_bots,
    rotations,
    run_job,
    tournament_tasks,
)
from gametable.sim.jobs import play_batch

RAMEN = get_game("ramen-ramen")


@settings(max_examples=25, deadline=None)
@given(bots=st.integers(2, 5), players=st.integers(2, 5), gauntlet=st.booleans())
def test_every_bot_takes_every_seat_equally_often(bots: int, players: int, gauntlet: bool) -> None:
    names = [f"b{i}" for i in range(bots)]
    for lineup in lineups(names, players, "gauntlet" if gauntlet else "round-robin"):
        assert len(lineup) == players and len(set(lineup)) > 1
        seats: Counter[tuple[str, int]] = Counter()
        for rotated in rotations(lineup):
            for seat, bot in enumerate(rotated):
                seats[(bot, seat)] += 1
        for bot in set(lineup):
            counts = {seats[(bot, seat)] for seat in range(players)}
            assert len(counts) == 1, (lineup, seats)


def test_round_robin_and_gauntlet_line_ups() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["a", "b"], 3) == [("a", "a", "b"), ("a", "b", "b")]
    assert lineups(["a", "b", "c"], 2, "gauntlet") == [("a", "b"), ("a", "c")]
    assert lineups(["a", "b"], 1) == [("a",), ("b",)]
    with pytest.raises(SimError, match="at least two bots"):
        lineups(["a"], 2)
    with pytest.raises(SimError, match="only once"):
        lineups(["a", "a"], 2)
    with pytest.raises(SimError, match="unknown tournament mode 'swiss'"):
        lineups(["a", "b"], 2, "swiss")


def test_every_line_up_and_rotation_of_a_round_meets_the_same_deal() -> None:
    spec, tasks = tournament_tasks(RAMEN, 2, parse_bots(RAMEN, "greedy,random"), 3, 9, {})
    assert len(tasks) == 3 * 2
    assert [t.bots for t in tasks[:2]] == [("greedy", "random"), ("random", "greedy")]
    deals = [t.deal_seed for t in tasks]
    assert deals[0] == deals[1] != deals[2] == deals[3]
    assert len({t.agent_seed for t in tasks}) == len(tasks)
    assert dict(spec.params)["mode"] == "round-robin"
    with pytest.raises(SimError, match="--rounds must be at least 1"):
        tournament_tasks(RAMEN, 2, parse_bots(RAMEN, "greedy,random"), 0, 9, {})


def test_the_stronger_bot_is_rated_higher_and_wins_head_to_head() -> None:
    spec, tasks = tournament_tasks(RAMEN, 2, parse_bots(RAMEN, "greedy,random"), 6, 1, {})
    rows = run_job(spec, tasks, InlineExecutor()).rows
    board = leaderboard(rows, ["greedy", "random"])
    assert [s.bot for s in board] == ["greedy", "random"]
    assert board[0].mu > 25 > board[1].mu and board[0].sigma < 25 / 3
    assert board[0].games == 12 and board[0].wins.value > 0.9
    pairs = head_to_head(rows)
    assert pairs[("greedy", "random")].value > 0.9
    assert pairs[("greedy", "random")].value + pairs[("random", "greedy")].value == 1
    # Ratings depend on the rows, not on the order a pool returned them in.
    assert leaderboard(list(reversed(rows)), ["greedy", "random"]) == board


def test_a_solo_tournament_ranks_bots_on_the_same_deals() -> None:
    spec, tasks = tournament_tasks(RAMEN, 1, parse_bots(RAMEN, "greedy,random"), 3, 2, {})
    assert [t.bots for t in tasks[:2]] == [("greedy",), ("random",)]
    assert tasks[0].deal_seed == tasks[1].deal_seed
    rows = run_job(spec, tasks, InlineExecutor()).rows
    board = leaderboard(rows, ["greedy", "random"])
    assert board[0].bot == "greedy" and board[0].scores.mean > board[1].scores.mean
    assert (board[0].wins.value, board[0].mean_rank, board[1].mean_rank) == (1.0, 1.0, 2.0)
    assert head_to_head(rows)[("greedy", "random")].trials == 3


class Interrupting:
    """An executor that plays ``stop_after`` batches, then is interrupted (Ctrl-C)."""

    name = "interrupting"
    workers = 1

    def __init__(self, stop_after: int) -> None:
        self.stop_after = stop_after
        self.played: list[int] = []

    def run(
        self, batches: Sequence[Sequence[GameTask]], keep_records: bool = False
    ) -> Iterator[list[GameRow]]:
        for n, batch in enumerate(batches):
            if n == self.stop_after:
                raise KeyboardInterrupt
            self.played += [t.index for t in batch]
            yield play_batch(batch, keep_records)

    def close(self) -> None:
        pass


def test_an_interrupted_tournament_resumes_without_replaying_finished_games(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.sqlite"
    game = get_game("ramen-fury")
    spec, tasks = tournament_tasks(game, 2, parse_bots(game, "greedy,random"), 3, 4, {})
    first = Interrupting(stop_after=2)
    store = open_store(path)
    with pytest.raises(KeyboardInterrupt):
        run_job(spec, tasks, first, store, batch_size=2)
    store.close()
    assert first.played == [0, 1, 2, 3]
    second = Interrupting(stop_after=99)
    store = open_store(path)
    resumed = run_job(spec, tasks, second, store, batch_size=2)
    store.close()
    assert second.played == [4, 5]
    assert (resumed.resumed, resumed.played) == (4, 2)
    straight = run_job(spec, tasks, InlineExecutor())
    assert [r.outcome() for r in resumed.rows] == [r.outcome() for r in straight.rows]
