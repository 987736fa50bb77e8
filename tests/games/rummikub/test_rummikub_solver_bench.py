"""The Rummikub benchmark script runs on a small position file and refuses a bad one with
a message naming the problem."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).parents[3] / "benchmarks" / "bench_rummikub.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_rummikub", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_runs_on_a_small_hard_set(tmp_path, capsys):
    b = bench()
    data = json.loads(b.HARD_FILE.read_text())[:3]
    path = tmp_path / "hard.json"
    path.write_text(json.dumps(data))
    assert b.main(["--hard", str(path), "--positions", "3", "--no-theirs", "--no-games"]) == 0
    out = capsys.readouterr().out
    assert "HARD SET hard.json: 3 positions" in out
    assert "every answer checked legal with the rules" in out
    for objective in ("tiles", "value", "opening"):
        assert f"{objective:<10}gametable DP (exact)" in out
    assert "2 on table, 0 on rack" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read it"),
        ("{not json", "not JSON"),
        ("[]", "non-empty list"),
        ('[{"table": "K1 K2 K4", "rack": "R5"}]', "position 0: .*gap at 3"),
    ],
)
def test_a_bad_position_file_is_refused_naming_the_problem(tmp_path, content, message):
    path = tmp_path / "hard.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(SystemExit, match=message):
        bench().load_hard(path)


def test_a_bad_repeat_count_is_refused(capsys):
    with pytest.raises(SystemExit):
        bench().main(["--repeat", "0"])
    assert "--repeat must be at least 1, got 0" in capsys.readouterr().err
