"""Ramen Fury's compiled observation takes its numbers from the Python definitions (issue 29).

The rules' numbers (what a Shrimp pair, a Chicken pair or three alike, a Nori or a Chili
scores, how many cards a bowl needs to be eaten) and the observation's scales are read from
``gametable.games.ramen_fury.cards`` and the encoder module when the compiled module is
imported, so a change there reaches the compiled code too. The sizes C fixes when it
compiles (card kinds, bowls, seats, Pantry slots, ids) are checked at import: a build made
for other tables refuses to load, loudly, and the Python path runs instead.

Each check runs in a fresh interpreter, since a compiled module reads its numbers once.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from gametable.core.compiled import compiled_module

pytestmark = pytest.mark.skipif(
    compiled_module("gametable.envs.encoders.ramen_fury_fast") is None,
    reason="the compiled Ramen Fury observation is not built (pip install -e . builds it)",
)

POSITION = """
import numpy as np
from gametable.core import get_game
from gametable.envs.encoding import get_encoder

GAME = get_game("ramen-fury")


def bowls_of_every_flavor():
    # Seat 0 and seat 1 each ate bowls of every flavor; every scoring rule is used.
    state = GAME.new_state(2, 7, first_player=0)
    codes = ["Bf", "Ck", "Sh", "Sy", "Fy", "Ch", "Eg", "Na", "Co", "Mu", "Sc", "To", "No", "Cl"]
    kind = {c: k for k, c in enumerate(codes)}
    stacks = [
        "Sh Ch Co To No", "Ck Eg Eg Eg Cl", "Fy Cl Cl No",
        "Sy Co Mu Cl", "Bf Ch Eg Na", "Ck Co Co No Cl",
    ]
    state.bowls = [[kind[c] for c in s.split()] for s in stacks]
    state.eaten = [True, True, False, True, False, True]
    return state


def check(state):
    encoder = get_encoder(GAME, 2, GAME.resolve_options(2))
    assert encoder.compiled, "the compiled observation did not load"
    for seat in (0, 1):
        fast, view = encoder.encode_state(state, seat), encoder.encode(state.view(seat))
        np.testing.assert_array_equal(fast, view)
    print("same")
"""


def _run(*parts: str) -> str:
    """Run the parts of a script (each dedented) in a fresh interpreter; its output."""
    script = "\n".join(textwrap.dedent(part) for part in parts)
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_the_compiled_scores_follow_the_rules_numbers_of_the_python_definitions() -> None:
    """Changed in ``cards`` before the compiled module loads, the scoring numbers change the
    compiled observation exactly as they change the view (a Shrimp pair worth 5, a Chicken
    pair 7 and three alike 11, a Nori 2, a Chili −3 or +5 in Fury)."""
    patch = """
        from gametable.games.ramen_fury import cards
        cards.SHRIMP_PAIR_POINTS = 5
        cards.CHICKEN_PAIR_POINTS = 7
        cards.CHICKEN_THREE_POINTS = 11
        cards.NORI_POINTS = 2
        cards.CHILI_POINTS = -3
        cards.FURY_CHILI_POINTS = 5
        cards._points.cache_clear()
        """
    play = """
        state = bowls_of_every_flavor()
        # seat 0: Shrimp, one pair and a Nori: 5 + 2; Chicken, three alike and a Chili: 11 - 3
        # seat 1: Soy Sauce, 2 kinds and a Chili: 5 - 3; Chicken, a pair, Nori, Chili: 7 + 2 - 3
        assert state.view(0)["points"] == [15, 8], state.view(0)["points"]
        check(state)
        """
    assert _run(patch, POSITION, play) == "same"


def test_the_compiled_observation_follows_the_scales_of_the_encoder_module() -> None:
    """The observation's scales (points / 45, a bowl's points / 20, the deck / 89 …) are the
    encoder module's: changed there, both paths change alike."""
    patch = """
        from gametable.envs.encoders import ramen_fury as enc
        enc.POINTS_SCALE = 60
        enc.BOWL_POINTS_SCALE = 30
        enc.DECK_SCALE = 100
        enc.CARDS_EATEN_SCALE = 20
        enc.FINAL_SCALE = 6
        """
    play = """
        state = bowls_of_every_flavor()
        state.final_left = 1
        check(state)
        """
    assert _run(patch, POSITION, play) == "same"


@pytest.mark.parametrize(
    "change",
    [
        "from gametable.games.ramen_fury import state; state.PANTRY_SIZE = 5",
        "from gametable.games.ramen_fury import cards; cards.KINDS = 15",
        "from gametable.games.ramen_fury import cards; cards.TYPES_TABLE = (0, 2, 5, 9)",
        "from gametable.games.ramen_fury import state; state.MAX_SEATS = 6",
        "from gametable.games.ramen_fury import cards; cards.FLAVORS = (0, 1, 2, 3, 5)",
    ],
)
def test_a_build_for_other_tables_refuses_to_load(change: str) -> None:
    """A size compiled into the module that no longer matches the Python tables: the import
    fails saying so, and the encoder runs on the Python path."""
    script = f"""
{change}
try:
    import gametable.envs.encoders.ramen_fury_fast
except ImportError as exc:
    print("refused:", exc)
else:
    print("loaded")
"""
    assert _run(script) == (
        "refused: ramen_fury_fast was built for other Ramen Fury tables: rebuild it"
    )
