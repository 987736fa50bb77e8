"""Jobs: bot specs, seeds derived from the job seed and the game index, rows, verdicts."""

from __future__ import annotations

import json

import pytest

from gametable.core import Result, all_games, derive_seed, get_game
from gametable.core.records import from_json, replay
from gametable.sim import BotSpec, SimError, parse_bots, play_task, simulation_tasks
from gametable.sim.jobs import JobSpec, default_batch_size, verdict_of, verdict_stars

RAMEN = get_game("ramen-ramen")


def test_bot_spec_reads_parameters_and_writes_them_back() -> None:
    spec = BotSpec.parse("ISMCTS:iterations=200:c=0.7:greedy-rollouts=yes:policy=fast")
    assert spec.name == "ismcts"
    assert dict(spec.params) == {
        "iterations": 200,
        "c": 0.7,
        "greedy_rollouts": True,
        "policy": "fast",
    }
    assert BotSpec.parse(str(spec)) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nobody", "no bot 'nobody' for ramen-ramen (available: greedy"),
        ("greedy:depth", "must be key=value"),
        ("random:speed=3", "cannot be built"),
        (":x=1", "empty bot name"),
    ],
)
def test_a_bad_bot_is_named_in_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(SimError, match=message.replace("(", r"\(")):
        parse_bots(RAMEN, text, 2)


def test_one_bot_fills_every_seat_and_a_wrong_count_is_refused() -> None:
    assert [str(b) for b in parse_bots(RAMEN, "greedy", 3)] == ["greedy"] * 3
    with pytest.raises(SimError, match="3 bots named for 2 seat"):
        parse_bots(RAMEN, "greedy,random,greedy", 2)


def test_every_game_seed_comes_from_the_job_seed_and_the_index_only() -> None:
    _, tasks = simulation_tasks(RAMEN, 2, parse_bots(RAMEN, "greedy,random"), 5, 42, {})
    assert [t.index for t in tasks] == list(range(5))
    assert [t.deal_seed for t in tasks] == [derive_seed(42, "deal", i) for i in range(5)]
    assert [t.agent_seed for t in tasks] == [derive_seed(42, "agents", i) for i in range(5)]
    _, longer = simulation_tasks(RAMEN, 2, parse_bots(RAMEN, "greedy,random"), 9, 42, {})
    assert longer[:5] == tasks  # a bigger job starts with the same games


def test_the_job_spec_identifies_the_job_and_round_trips() -> None:
    bots = parse_bots(RAMEN, "greedy,random")
    spec, _ = simulation_tasks(RAMEN, 2, bots, 5, 42, {})
    again, _ = simulation_tasks(RAMEN, 2, bots, 5, 42, {})
    other, _ = simulation_tasks(RAMEN, 2, bots, 5, 43, {})
    assert spec.job_id == again.job_id != other.job_id
    assert JobSpec.from_json(json.loads(spec.to_text())) == spec


def test_bad_job_settings_are_refused() -> None:
    bots = parse_bots(RAMEN, "greedy,random")
    with pytest.raises(SimError, match="--games must be at least 1"):
        simulation_tasks(RAMEN, 2, bots, 0, 1, {})
    with pytest.raises(SimError, match="unknown option"):
        simulation_tasks(RAMEN, 2, bots, 3, 1, {"turbo": True})
    with pytest.raises(SimError, match="for 1–4 players, not 7"):
        simulation_tasks(RAMEN, 7, bots * 3 + bots[:1], 3, 1, {})


def test_a_played_task_is_reproducible_and_its_record_replays() -> None:
    _, tasks = simulation_tasks(RAMEN, 2, parse_bots(RAMEN, "greedy,random"), 2, 7, {})
    row = play_task(tasks[1], keep_record=True)
    again = play_task(tasks[1])
    assert row.outcome() == again.outcome()
    assert row.record is not None and again.record is None
    record = from_json(json.loads(row.record))
    final = replay(record)
    assert [float(s) for s in final.result().scores] == list(row.scores)
    assert record.meta["bots"] == ["greedy", "random"]
    assert row.decisions == len(record.moves)
    assert row.first_seat == record.initial_state().to_act[0]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_registered_game_plays_through_the_simulator(game) -> None:  # type: ignore[no-untyped-def]
    players = max(game.min_players, 2) if game.max_players >= 2 else game.min_players
    _, tasks = simulation_tasks(game, players, parse_bots(game, "random", players), 1, 3, {})
    row = play_task(tasks[0])
    assert row.players == players and len(row.scores) == players
    assert all(1 <= r <= players for r in row.ranks) and row.winners
    starters = game.new_state(players, seed=row.deal_seed).to_act
    assert row.first_seat == (starters[0] if len(starters) == 1 else None)


def test_the_verdict_is_read_from_the_result_details_without_knowing_the_game() -> None:
    judged = Result((57,), (1,), details={"verdict": {"stars": 3.5, "quote": "Worth the wait."}})
    assert verdict_of(judged) == "3.5★ Worth the wait."
    assert verdict_stars(verdict_of(judged)) == 3.5
    assert verdict_of(Result((3,), (1,), details={"verdict": {"stars": 4}})) == "4★"
    assert verdict_of(Result((3,), (1,), details={"verdict": "gold"})) == "gold"
    assert verdict_of(Result((3, 1), (1, 2))) is None
    solo = play_task(simulation_tasks(RAMEN, 1, parse_bots(RAMEN, "greedy"), 1, 5, {})[1][0])
    assert solo.verdict is not None and verdict_stars(solo.verdict) is not None


def test_batches_are_balanced_between_workers() -> None:
    assert default_batch_size(10_000, 2) == 64
    assert default_batch_size(100, 2) == 7
    assert default_batch_size(3, 8) == 1


def test_adaptive_batches_grow_for_fast_games_and_stay_small_for_slow_ones() -> None:
    from dataclasses import replace

    from gametable.sim.jobs import AdaptiveBatches

    _, tasks = simulation_tasks(RAMEN, 2, parse_bots(RAMEN, "random", 2), 2000, 1, {})
    sample = play_task(tasks[0])
    for seconds, expected in ((0.001, 64), (0.1, 10), (5.0, 1)):
        batches = AdaptiveBatches(tasks, workers=2)
        sizes = []
        played = []
        for batch in batches:
            sizes.append(len(batch))
            played += [t.index for t in batch]
            batches.feedback([replace(sample, seconds=seconds)] * len(batch))
        assert played == list(range(2000))  # every game exactly once, in order
        assert sizes[0] == 1 and sizes[1] == expected
