"""PostgreSQL and Redis servers of a test's own, which the test may stop and start.

The shared services (127.0.0.1:5432 and :6379) serve every other test running at the same
time, so a test that restarts a service gets its own: the machine's real PostgreSQL and
Redis binaries, started on free ports in a temporary folder. Missing binaries fail the
test loudly (never skip): ``scripts/services.sh`` names how the machine gets them.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or (
        [shutil.which(name)] if shutil.which(name) else []
    )
    if not found:
        pytest.fail(f"PostgreSQL's {name} is not installed (needed to restart a private server)")
    return str(found[-1])


class PrivatePostgres:
    """A PostgreSQL cluster in a temporary folder, on its own port (trust authentication).

    As root the server runs as the ``postgres`` user (PostgreSQL refuses to run as root).
    """

    def __init__(self) -> None:
        self.port = _free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="gametable-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "server.log"
        self._as_root = os.geteuid() == 0
        if self._as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run(
            [_pg_bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-N"],
            timeout=120,
        )
        self.start()
        self._psql_create("gametable")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/gametable"

    def _run(self, cmd: list[str], timeout: float = 60) -> None:
        if self._as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            pytest.fail(f"{' '.join(cmd)} failed: {done.stdout}{done.stderr}")

    def _psql_create(self, name: str) -> None:
        import sqlalchemy as sa

        engine = sa.create_engine(
            f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres",
            isolation_level="AUTOCOMMIT",
        )
        with engine.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        engine.dispose()

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=on"
        self._run(
            [_pg_bin("pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
             "start"],
        )  # fmt: skip

    def stop(self) -> None:
        """A fast shutdown: open connections are cut, in-flight transactions rolled back."""
        self._run([_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"])

    def close(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run([_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"])
        shutil.rmtree(self.dir, ignore_errors=True)


class PrivateRedis:
    """A Redis server on its own port that keeps nothing on disk (as the shared one)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed (needed to restart a private Redis)")
        self.binary = binary
        self.port = _free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="gametable-redis-"))
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", str(self.dir)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while not _answers(self.port):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                pytest.fail(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=20)
            self.proc = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
