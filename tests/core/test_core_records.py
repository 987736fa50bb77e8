"""Records: the JSON format, replay, and clear rejection of bad records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gametable.agents import make_agent, play_game
from gametable.core import RecordError, get_game, records

GAME = get_game("ramen-ramen")


def sample() -> dict:  # type: ignore[type-arg]
    agents = [make_agent(GAME, "greedy", 0), make_agent(GAME, "random", 1)]
    return json.loads(play_game(GAME, agents, seed=17).dumps())


def test_a_record_holds_the_documented_fields() -> None:
    data = sample()
    assert list(data) == [
        "format",
        "version",
        "game",
        "players",
        "options",
        "seed",
        "setup",
        "moves",
        "result",
        "meta",
    ]
    assert data["format"] == "gametable-record" and data["version"] == 1
    assert len(data["setup"]["deck"]) == 56
    assert data["moves"][0] == {
        "seat": data["setup"]["first_player"],
        "action": data["moves"][0]["action"],
    }
    assert data["result"]["winners"]


def test_replay_reproduces_the_result_and_save_load_round_trips(tmp_path: Path) -> None:
    record = records.from_json(sample())
    final = records.replay(record)
    assert final.is_over and record.result is not None
    path = tmp_path / "game.json"
    record.save(path)
    again = records.load(path)
    assert records.replay(again).result() == final.result()


def test_an_illegal_decision_is_rejected_with_its_step_and_reason() -> None:
    data = sample()
    data["moves"][3]["action"] = "take Z9"
    with pytest.raises(RecordError, match="step 3"):
        records.from_json(data)
    data = sample()
    data["moves"][4]["action"] = "A0>1 A1>1"
    with pytest.raises(RecordError, match=r"step 4: .*") as info:
        records.replay(records.from_json(data))
    assert info.value.step == 4


def test_a_move_by_the_wrong_seat_is_rejected() -> None:
    data = sample()
    data["moves"][0]["seat"] = 1 - data["moves"][0]["seat"]
    with pytest.raises(RecordError, match=r"step 0: seat \d is not to act"):
        records.replay(records.from_json(data))


def test_a_tampered_result_is_detected() -> None:
    data = sample()
    data["result"]["scores"] = [99, 0]
    with pytest.raises(RecordError, match="differs from the recorded one"):
        records.replay(records.from_json(data))


def test_an_invalid_setup_is_rejected() -> None:
    data = sample()
    data["setup"]["deck"][0] = data["setup"]["deck"][1]
    with pytest.raises(RecordError, match="invalid setup: the deck must list each of the 56 cards"):
        records.replay(records.from_json(data))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="chess-pgn"), "not a gametable record"),
        (lambda d: d.update(version=99), "version 99 is not supported"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(players="two"), "'players' must be an integer"),
        (lambda d: d.update(players=9), "1–4 players, not 9"),
        (lambda d: d.pop("moves"), "no 'moves' field"),
        (lambda d: d.update(moves={}), "'moves' must be a list"),
        (lambda d: d.update(options={"bogus": 1}), "unknown option"),
        (lambda d: d["moves"].__setitem__(0, {"seat": 0}), "step 0: a move must be an object"),
        (
            lambda d: d["moves"].__setitem__(0, {"seat": 7, "action": "take A0"}),
            "seat 7 is not a seat",
        ),
        (lambda d: d["moves"].__setitem__(0, {"seat": 0, "action": 12}), "malformed action 12"),
    ],
)
def test_malformed_records_are_rejected_with_a_clear_reason(mutate, message) -> None:  # type: ignore[no-untyped-def]
    data = sample()
    mutate(data)
    with pytest.raises(RecordError, match=message):
        records.from_json(data)


def test_a_file_that_is_not_json_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="is not valid JSON"):
        records.load(path)
    with pytest.raises(RecordError, match="cannot read"):
        records.load(tmp_path / "missing.json")


def test_an_unfinished_record_replays_to_its_last_position() -> None:
    data = sample()
    data["moves"] = data["moves"][:10]
    data["result"] = None
    state = records.replay(records.from_json(data))
    assert not state.is_over
