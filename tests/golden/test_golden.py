"""The golden transcripts still come out exactly as written (see ``configs.py``)."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from configs import CONFIGS, Config

from gametable.conformance import playthrough
from gametable.core import get_game

FOLDER = Path(__file__).parent


def transcript(config: Config) -> str:
    return playthrough(
        get_game(config.game), config.players, config.seed, config.options, config.bots
    )


@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
def test_the_game_plays_out_as_its_golden_transcript(config: Config) -> None:
    path = FOLDER / f"{config.name}.txt"
    assert path.is_file(), f"{path.name} is missing: run scripts/golden.py"
    expected = path.read_text(encoding="utf-8")
    actual = transcript(config)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", lineterm="", n=1
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(
            f"{path.name} differs (first lines of the diff below); if the change is meant, "
            f"run scripts/golden.py and review its diff:\n{shown}",
            pytrace=False,
        )
