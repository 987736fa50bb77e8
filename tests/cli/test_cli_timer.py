"""The terminal enforces a game's turn timer (Rummikub's ``turn_seconds``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path


def test_a_human_who_runs_out_of_time_gets_the_games_timeout_decision(tmp_path: Path) -> None:
    record = tmp_path / "timer.json"
    cmd = [
        sys.executable, "-m", "gametable.cli.main", "play", "rummikub", "--seats", "human,greedy",
        "--seed", "1", "--turn-seconds", "1", "--record", str(record),
    ]  # fmt: skip
    env = {**os.environ, "COLUMNS": "200"}
    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    assert proc.stdin is not None
    time.sleep(4.0)  # say nothing: the human's first turn (after the bot's, if it starts) times out
    out, _ = proc.communicate("quit\n", timeout=60)
    assert "Traceback" not in out
    assert "Time is up for seat 0" in out
    moves = json.loads(record.read_text())["moves"]
    assert {"seat": 0, "action": "timeout"} in moves
