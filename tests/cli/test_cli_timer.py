"""The terminal enforces a game's turn timer (Rummikub's ``turn_seconds``)."""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from rich.console import Console

from gametable.cli.session import LineReader, QuitGame, Session
from gametable.core import get_game
from gametable.core.records import Recorder
from gametable.core.words import render


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
    assert "Time is up for you" in out
    moves = json.loads(record.read_text())["moves"]
    assert {"seat": 0, "action": {"type": "timeout"}} in moves


# -- stale typing is dropped when the time runs out (issue 11.6) ---------------------------


def _reader_on(fd: int) -> tuple[LineReader, io.StringIO]:
    out = io.StringIO()
    return LineReader(stream=os.fdopen(fd, "rb", buffering=0, closefd=False), output=out), out


def test_on_a_pipe_what_was_typed_without_enter_is_dropped_at_the_timeout() -> None:
    read_end, write_end = os.pipe()
    try:
        reader, out = _reader_on(read_end)
        os.write(write_end, b"R12 R13")  # typed, no Enter
        assert reader.read("seat 0 (1s)> ", timeout=0.3) is None
        threading.Timer(0.2, os.write, (write_end, b" B12\n")).start()
        assert reader.read("seat 0 (60s)> ", timeout=5) == " B12"
        assert out.getvalue().startswith("seat 0 (1s)> \n")
    finally:
        os.close(read_end)
        os.close(write_end)


def test_on_a_terminal_the_line_being_typed_is_flushed_at_the_timeout() -> None:
    pytest.importorskip("termios")
    controller, terminal = pty.openpty()
    try:
        reader, _ = _reader_on(terminal)
        os.write(controller, b"R12 R13")  # sits in the terminal's line editor
        assert reader.read("seat 0> ", timeout=0.3) is None
        os.write(controller, b" B12\n")
        assert reader.read("seat 0> ", timeout=5) == " B12"
    finally:
        os.close(controller)
        os.close(terminal)


def test_lines_typed_ahead_are_kept_and_end_of_input_quits() -> None:
    read_end, write_end = os.pipe()
    try:
        reader, _ = _reader_on(read_end)
        os.write(write_end, b"#1\r\n#2\nlast")
        os.close(write_end)
        assert [reader.read("> ", timeout=5) for _ in range(3)] == ["#1", "#2", "last"]
        with pytest.raises(QuitGame):
            reader.read("> ", timeout=5)
    finally:
        os.close(read_end)


def test_the_timeout_says_what_the_game_did_in_its_own_words() -> None:
    """Rummikub: the seat's own screen, shown after "Time is up", tells which 3 penalty
    tiles it drew (the game's timeout rule: undo the turn and draw three)."""
    game = get_game("rummikub")
    recorder = Recorder(game, 2, 1, turn_seconds=60)
    seat = recorder.state.to_act[0]
    before = list(recorder.state.view(seat)["rack"])
    out = io.StringIO()
    answers = iter([None])

    def timed_out(prompt: str, timeout: float | None = None) -> str | None:
        try:
            return next(answers)
        except StopIteration:
            raise QuitGame("done") from None

    reader = LineReader()
    reader.read = timed_out  # type: ignore[method-assign]
    seats = ["greedy", "greedy"]
    seats[seat] = "human"
    session = Session(
        game, seats, Console(file=out, width=200, color_system=None), recorder, reader=reader,
        agent_seed=1,
    )  # fmt: skip
    session._human_turn(seat)
    drawn = list(recorder.state.view(seat)["rack"])
    for tile in before:
        drawn.remove(tile)
    assert len(drawn) == 3
    text = out.getvalue()
    assert "Time is up for you" in text
    after = text[text.index("Time is up") :].splitlines()
    named = [render(game.components()["tiles"][t]["name"]) for t in drawn]  # "red 7"
    lines_naming_them = [
        line for line in after
        if all(name in line for name in named) and not line.startswith("Your rack")
    ]  # fmt: skip
    assert lines_naming_them, f"no line says which tiles were drawn: {named}"


def test_a_player_cannot_type_the_timeout_as_a_move(tmp_path: Path) -> None:
    record = tmp_path / "typed.json"
    cmd = [
        sys.executable, "-m", "gametable.cli.main", "play", "rummikub", "--seats", "human,human",
        "--seed", "1", "--record", str(record),
    ]  # fmt: skip
    done = subprocess.run(
        cmd,
        input="\ntimeout\nquit\n",  # Enter: the hot-seat hand-over; then the typed "timeout"
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": "200"},
    )
    out = done.stdout + done.stderr
    assert "Traceback" not in out
    assert "Running out of time is not a move" in out
    assert all(m["action"] != "timeout" for m in json.loads(record.read_text())["moves"])
