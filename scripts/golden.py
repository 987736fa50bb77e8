#!/usr/bin/env python3
"""Write the golden transcripts (tests/golden/<name>.txt) and show what changed.

    .venv/bin/python scripts/golden.py                 # every configuration
    .venv/bin/python scripts/golden.py rummikub-2p     # some, by name (or by game name)
    .venv/bin/python scripts/golden.py --check         # write nothing; exit 1 if any differs

The configurations are in tests/golden/configs.py. Each file is a whole seeded game with
every decision's view, legal list in words and data, the decision, and what every seat was
told (gametable.conformance.playthrough). Read the diff this prints before committing it.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "golden"
sys.path.insert(0, str(FOLDER))

from configs import CONFIGS  # noqa: E402

from gametable.conformance import playthrough  # noqa: E402
from gametable.core import get_game  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="configurations or games (default: all)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 on a change")
    parser.add_argument("--context", type=int, default=1, help="lines of context in the diff")
    args = parser.parse_args()
    chosen = [c for c in CONFIGS if not args.names or c.name in args.names or c.game in args.names]
    if not chosen:
        parser.error(f"no configuration named {', '.join(args.names)}")
    changed = 0
    for config in chosen:
        path = FOLDER / f"{config.name}.txt"
        text = playthrough(
            get_game(config.game), config.players, config.seed, config.options, config.bots
        )
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        if text == old:
            print(f"{config.name}: unchanged")
            continue
        changed += 1
        diff = list(
            difflib.unified_diff(
                old.splitlines(), text.splitlines(), f"{path.name} (before)",
                f"{path.name} (now)", lineterm="", n=args.context,
            )
        )  # fmt: skip
        print(f"{config.name}: {'new' if not old else f'{len(diff)} diff lines'}")
        if old:
            print("\n".join(diff[:400]))
        if not args.check:
            path.write_text(text, encoding="utf-8")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
