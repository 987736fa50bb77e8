"""Scans for notation shown to players who did not type it (issue 29).

Notation is for typing; everything a player reads is in words. These helpers play whole
games in the terminal and collect what a browser page shows, then look for pieces of the
game's notation (:attr:`gametable.core.game.Game.notation_tokens`) in it — except the
pieces the player typed themselves (a refusal may quote what was typed) and the output of
``help`` (the notation guide, shown on request).

Used by each game's tests::

    from notation_scan import notation_leaks, play_in_terminal, page_strings
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterable
from typing import Any

from rich.console import Console

from gametable.cli.session import LineReader, QuitGame, Session
from gametable.core import get_game
from gametable.core.records import Recorder


def notation_leaks(
    texts: Iterable[str], pattern: re.Pattern[str], typed: Iterable[str] = ()
) -> list[str]:
    """Every match of ``pattern`` in ``texts`` that is not part of something typed, each
    with a little of its context (empty: nothing leaked)."""
    allowed = {m.group(0) for t in typed for m in pattern.finditer(t)}
    leaks = []
    for text in texts:
        for match in pattern.finditer(text):
            if match.group(0) in allowed:
                continue
            start, end = max(0, match.start() - 40), min(len(text), match.end() + 40)
            leaks.append(f"{match.group(0)!r} in …{text[start:end]}…")
    return leaks


def play_in_terminal(
    game_name: str, seats: list[str], seed: int, *, typed_moves: int = 3, limit: int = 2000
) -> tuple[str, list[str]]:
    """A whole game at the terminal (the real session, in this process): the human seats
    list their moves, ask for hints and the board, mistype once, type a few moves in
    notation, and otherwise play moves by number. Returns everything printed and what
    was typed."""
    game = get_game(game_name)
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None, soft_wrap=True)
    recorder = Recorder(game, len(seats), seed)
    rng = random.Random(seed)
    typed: list[str] = []
    plan: dict[str, int] = {"notation": typed_moves, "asked": 0}
    session: Session | None = None

    def person(prompt: str) -> str:
        assert session is not None
        if len(typed) > limit:
            raise QuitGame("too long")
        if "Pass the keyboard" in prompt:
            return ""
        state = session.state
        seat = next(s for s in state.to_act if session.seats[s] == "human")
        legal = state.legal_actions(seat)
        asked = plan["asked"]
        plan["asked"] += 1
        if asked == 0:
            line = "moves"
        elif asked == 1:
            line = "hint"
        elif asked == 2:
            line = "board"
        elif asked == 3:
            line = "zzz no such move"
        elif plan["notation"] > 0 and rng.random() < 0.3:
            plan["notation"] -= 1
            line = game.format_action(rng.choice(legal))
        else:
            line = f"#{rng.randrange(len(legal)) + 1}"
        typed.append(line)
        return line

    session = Session(
        game, seats, console, recorder, reader=LineReader(input_fn=person), agent_seed=seed
    )
    session.run()
    return out.getvalue(), typed


PAGE_STRINGS = """() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll("[aria-label],[title],[alt],[placeholder]")) {
    for (const a of ["aria-label", "title", "alt", "placeholder"]) {
      const v = el.getAttribute(a);
      if (v) out.push(v);
    }
  }
  return out;
}"""


def page_strings(page: Any) -> list[str]:
    """Every string a browser page shows a person now: its title, its text (toasts and
    dialogs included) and its labels (aria-label, title, alt, placeholder)."""
    return list(page.evaluate(PAGE_STRINGS))
