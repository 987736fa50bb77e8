"""The agents' tests set Ramen! Ramen! positions up by hand with that game's test helper
(``position`` in tests/games/ramen_ramen/ramen_helpers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "games" / "ramen_ramen"))
