"""``kill -9`` of the server leaves no process behind: its bot and hint workers and the
multiprocessing resource tracker all exit when the server process dies (Linux: read from
/proc)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from pathlib import Path

import pytest
from serverutil import free_port
from test_server_crash import ServerProcess

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the process tree from /proc"
)


def _stat(pid: int) -> tuple[int, str, int] | None:
    """The parent pid, state letter and start time of ``pid`` (``None``: no such process)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after "pid (comm) "
    return int(fields[1]), fields[0], int(fields[19])


def descendants(root: int) -> dict[int, int]:
    """Every living descendant of ``root``: pid → start time (to tell a reused pid apart)."""
    children: dict[int, list[int]] = {}
    started: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        stat = _stat(int(entry))
        if stat is None or stat[1] == "Z":
            continue
        children.setdefault(stat[0], []).append(int(entry))
        started[int(entry)] = stat[2]
    found: dict[int, int] = {}
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found[child] = started[child]
                todo.append(child)
    return found


def alive(pid: int, started: int) -> bool:
    """Whether the process ``pid`` that started at ``started`` still runs (a zombie does
    not: it has exited and only waits to be reaped)."""
    stat = _stat(pid)
    return stat is not None and stat[1] != "Z" and stat[2] == started


def test_kill_9_of_the_server_leaves_no_worker_behind(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "orphans.sqlite", free_port())
    survivors: dict[int, int] = {}
    try:
        # Ready means started: the table bots' and the hints' workers are warmed up before
        # the server answers, and the pools' queues have started the resource tracker.
        family = descendants(server.proc.pid)
        commands = {p: Path(f"/proc/{p}/cmdline").read_bytes()[:200] for p in family}
        assert len(family) >= 2, f"expected workers and a resource tracker: {commands}"
        assert any(b"resource_tracker" in c for c in commands.values()), commands
        server.kill9()
        deadline = time.monotonic() + 10
        while True:
            survivors = {p: s for p, s in family.items() if alive(p, s)}
            if not survivors or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        left = {p: commands[p] for p in survivors}
        assert not survivors, f"still running 10 s after the server was killed: {left}"
    finally:
        for pid, started in survivors.items():  # never leave our own orphans behind
            if alive(pid, started):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        if server.proc.poll() is None:
            server.stop()
