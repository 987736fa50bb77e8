"""``make play`` alone installs what the README's commands need (issue 11.11)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_make_play_installs_the_extra_the_readme_commands_need(tmp_path: Path) -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    dry_run = subprocess.run(
        ["make", "-n", "play", f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    installs = [line for line in dry_run.splitlines() if "pip install" in line and "-e" in line]
    # make play plays in the browser: it installs the [server] extra, which holds [sim].
    assert installs and all('".[server]"' in line for line in installs), dry_run
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert "gametable[sim]" in extras["server"]
    sim = " ".join(extras["sim"])
    for needed in ("matplotlib", "openskill"):  # reports, tournament ratings
        assert needed in sim


def test_the_readme_says_how_to_run_gametable_itself() -> None:
    readme = (ROOT / "README.md").read_text()
    assert ".venv/bin/gametable" in readme and "source .venv/bin/activate" in readme
    commands = re.findall(r"^gametable (simulate|tournament) .*--report", readme, re.M)
    assert commands  # the README shows report commands: make play must cover them
