"""Version-1 records (decisions stored as notation; written by the code before decisions
were data — the files in ``data/records_v1`` were made by it) still load, replay to their
stored result and resume; saved again, they are version 2 with the same decisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gametable.core.errors import RecordError
from gametable.core.records import Recorder, from_json, load, replay

FOLDER = Path(__file__).parent / "data" / "records_v1"
FILES = sorted(FOLDER.glob("*.json"))


def test_there_are_version_1_records_of_every_game() -> None:
    games = {json.loads(p.read_text())["game"] for p in FILES}
    assert games == {"ramen-ramen", "rummikub", "ramen-fury", "ramen-tips"}
    assert all(json.loads(p.read_text())["version"] == 1 for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_version_1_record_replays_to_its_result_and_is_saved_as_version_2(
    path: Path, tmp_path: Path
) -> None:
    old = json.loads(path.read_text())
    record = load(path)
    assert record.version == 1
    state = replay(record)  # checks the stored result
    if old["result"] is not None:
        assert state.is_over and record.result is not None
        now = json.loads(json.dumps(record.result.to_json()))
        for key in ("scores", "ranks", "winners", "tiebreak"):  # the outcome, not the display
            assert now[key] == old["result"][key], key
    saved = tmp_path / "again.json"
    record.save(saved)
    new = json.loads(saved.read_text())
    assert new["version"] == 2 and all(isinstance(m["action"], dict) for m in new["moves"])
    again = load(saved)
    assert [m.action for m in again.moves] == [m.action for m in record.moves]
    assert [m.seat for m in again.moves] == [m.seat for m in record.moves]
    final = replay(again)
    assert final.is_over == state.is_over


def test_an_unfinished_version_1_record_resumes() -> None:
    record = load(FOLDER / "ramen-fury-unfinished.json")
    made = len(record.moves)
    recorder = Recorder.resume(record)
    assert not recorder.state.is_over
    seat = recorder.state.to_act[0]
    recorder.apply(seat, recorder.state.legal_actions(seat)[0])
    assert len(recorder.record.moves) == made + 1
    assert recorder.record.to_json()["version"] == 2


def test_each_version_holds_its_own_form_of_decision() -> None:
    data = json.loads((FOLDER / "ramen-fury-unfinished.json").read_text())
    with pytest.raises(RecordError, match="version-2 record writes each action as an object"):
        from_json({**data, "version": 2})
    converted = from_json(data).to_json()
    with pytest.raises(RecordError, match="version-1 record writes each action in notation"):
        from_json({**converted, "version": 1})
