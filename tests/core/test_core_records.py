"""Records: the JSON format, replay, and clear rejection of bad records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gametable.agents import make_agent, play_game
from gametable.core import RecordError, get_game, records
from gametable.core.errors import MAX_MESSAGE

GAME = get_game("ramen-ramen")


def sample() -> dict:  # type: ignore[type-arg]
    agents = [make_agent(GAME, "greedy", 0), make_agent(GAME, "random", 1)]
    return json.loads(play_game(GAME, agents, seed=17, agent_seed=17).dumps())


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
    assert data["format"] == "gametable-record" and data["version"] == 2
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
        (
            lambda d: d["moves"].__setitem__(0, {"seat": 0, "action": 12}),
            "writes each action as an object with a 'type', not 12",
        ),
        (
            lambda d: d["moves"].__setitem__(0, {"seat": 0, "action": {"type": "fly"}}),
            "malformed action .* type: must be one of",
        ),
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


# -- bad files: one short line, whatever the file holds (issue 11.8, issue 12.7) ------------


def _one_short_line(error: RecordError) -> str:
    message = str(error)
    assert "\n" not in message and len(message) <= MAX_MESSAGE + 20, message[:500]
    return message


def _bytes_of(data: dict) -> bytes:  # type: ignore[type-arg]
    return json.dumps(data).encode()


HEAD = b'{"format": "gametable-record", "version": 1, "game": "ramen-ramen", "players": '


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{}", "is not UTF-8 text (byte 0xff at offset 0)"),
        ("{\"a\": \"caf\u00e9\"}".encode("latin-1"), "is not UTF-8 text"),
        (b"[" * 100_000, "nests deeper than 64 levels"),
        (b"[" * 500 + b"]" * 500, "nests deeper than 64 levels"),
        (HEAD + b"9" * 5000 + b"}", "an integer of more than 40 digits"),
        (HEAD + b"9" * 4000 + b', "options": {}, "setup": {}, "moves": []}', "more than 40 digits"),
        (HEAD + b'NaN, "options": {}, "setup": {}, "moves": []}', "holds NaN"),
        (
            b'{"format": "gametable-record", "version": true, "game": "ramen-ramen", '
            b'"players": 2, "options": {}, "setup": {}, "moves": []}',
            "version True is not supported",
        ),
        (b" " * (8 * 1024 * 1024 + 1), "is larger than 8 MiB"),
    ],
    ids=[
        "not-utf8", "latin-1", "nesting-100000", "nesting-500", "int-5000-digits",
        "int-4000-digits", "nan", "version-true", "10-mib",
    ],
)
def test_a_bad_file_is_refused_in_one_short_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as info:
        records.replay(records.load(path))
    assert message in _one_short_line(info.value)


def test_a_huge_action_is_refused_without_quoting_it(tmp_path: Path) -> None:
    data = sample()
    path = tmp_path / "huge.json"
    data["moves"][3]["action"] = "N4>1 " * 1_000_000  # 5 MB in one action
    path.write_bytes(_bytes_of(data))
    with pytest.raises(RecordError) as info:
        records.load(path)
    assert "step 3: an action of 5,000,000 characters" in _one_short_line(info.value)
    data["moves"][3]["action"] = {"type": "play", "cards": "N4>1 " * 1000}  # under the cap
    path.write_bytes(_bytes_of(data))
    with pytest.raises(RecordError) as info:
        records.load(path)
    assert "step 3: malformed action" in _one_short_line(info.value)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", True, "'players' must be an integer, got True"),
        ("seed", [1, 2], "'seed' must be an integer, a text or null"),
        ("result", "won", "'result' must be an object or null"),
        ("game", ["ramen-ramen"], "'game' must be a game name"),
        ("players", 10**30, "'players' must be"),
    ],
)
def test_fields_of_the_wrong_type_are_named(field: str, value: object, message: str) -> None:
    data = sample()
    data[field] = value
    with pytest.raises(RecordError) as info:
        records.replay(records.from_json(data))
    assert message in _one_short_line(info.value) or "1–4 players" in str(info.value)


@pytest.mark.parametrize(
    "error", [ValueError, TypeError, KeyError, AttributeError, RecursionError, IndexError]
)
def test_any_error_of_a_games_setup_or_action_parsing_becomes_a_record_error(
    monkeypatch: pytest.MonkeyPatch, error: type[Exception]
) -> None:
    game = type(GAME)

    def broken(*args: object, **kwargs: object) -> None:
        raise error("x" * 100_000)

    data = sample()
    monkeypatch.setattr(game, "state_from_setup", broken)
    with pytest.raises(RecordError, match="invalid setup") as info:
        records.replay(records.from_json(data))
    _one_short_line(info.value)
    monkeypatch.undo()
    monkeypatch.setattr(game, "action_from_json", broken)
    with pytest.raises(RecordError, match="step 0: malformed action") as info:
        records.from_json(data)
    _one_short_line(info.value)


def test_an_engine_error_while_applying_a_recorded_move_becomes_a_record_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = records.from_json(sample())
    state_class = type(record.initial_state())

    def broken(self: object, seat: int, action: object) -> None:
        raise TypeError("unsupported operand")

    monkeypatch.setattr(state_class, "apply", broken)
    with pytest.raises(RecordError, match=r"step 0: the game cannot apply .*TypeError") as info:
        records.replay(record)
    _one_short_line(info.value)


# -- durability (issue 12.9) ---------------------------------------------------------------


def test_save_flushes_the_file_and_its_folder_to_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import stat

    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        mode = os.fstat(fd).st_mode
        synced.append("folder" if stat.S_ISDIR(mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    record = records.from_json(sample())
    record.save(tmp_path / "game.json")
    assert synced == ["file", "folder"]
    assert records.load(tmp_path / "game.json").moves == record.moves


def test_a_save_that_fails_leaves_no_temporary_file(tmp_path: Path) -> None:
    record = records.from_json(sample())
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(OSError):
        record.save(folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-folder"]
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OSError):
        record.save(blocker / "game.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-folder", "file"]
