"""Playing a game in the terminal: human seats prompt, bot seats act, records autosave.

Game-agnostic: everything game-specific comes from the game object found in the registry
(its notation, its :class:`~gametable.core.textui.TextUI`, its bots).
"""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule

from gametable.agents.base import Agent, make_agent
from gametable.core.errors import GameError, NotationError
from gametable.core.game import Action, Game, State, View
from gametable.core.records import Record, Recorder
from gametable.core.rng import Rng

HUMAN = "human"


class QuitGame(Exception):
    """The person asked to leave (``quit``, end of input or Ctrl-C)."""


@dataclass
class LineReader:
    """Reads a line from the person, with an optional time limit.

    ``input_fn`` replaces :func:`input` in tests. The time limit works on real terminals
    and pipes (POSIX ``select``); elsewhere it is ignored.
    """

    input_fn: Callable[[str], str] | None = None
    stream: Any = None

    def read(self, prompt: str, timeout: float | None = None) -> str | None:
        """The line typed, or ``None`` if the time ran out. Raises :class:`QuitGame` on EOF."""
        if self.input_fn is not None:
            try:
                return self.input_fn(prompt)
            except EOFError:
                raise QuitGame("end of input") from None
        stream = self.stream or sys.stdin
        if timeout is not None and _selectable(stream):
            sys.stdout.write(prompt)
            sys.stdout.flush()
            ready, _, _ = select.select([stream], [], [], max(0.0, timeout))
            if not ready:
                sys.stdout.write("\n")
                return None
            line = stream.readline()
            if not line:
                raise QuitGame("end of input")
            return str(line.rstrip("\n"))
        try:
            return input(prompt)
        except EOFError:
            raise QuitGame("end of input") from None


def _selectable(stream: Any) -> bool:
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return sys.platform != "win32"


@dataclass
class Session:
    """One game at the terminal between humans and bots."""

    game: Game
    seats: Sequence[str]
    console: Console
    recorder: Recorder
    record_path: Path | None = None
    reader: LineReader = field(default_factory=LineReader)
    agent_seed: int | str = 0
    show_bots: bool = False
    agents: dict[int, Agent] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, name in enumerate(self.seats):
            if name != HUMAN:
                self.agents[seat] = make_agent(self.game, name, seat)
        base = Rng(f"agents:{self.agent_seed}")
        self.rngs = [base.spawn(seat) for seat in range(len(self.seats))]
        self.humans = [s for s, name in enumerate(self.seats) if name == HUMAN]
        self._last_human: int | None = None

    @property
    def state(self) -> State:
        return self.recorder.state

    def run(self) -> Record:
        """Play to the end (or until the person quits); the record is saved as it goes."""
        try:
            while not self.state.is_over:
                for seat in self.state.to_act:
                    if seat in self.agents:
                        self._bot_turn(seat)
                    else:
                        self._human_turn(seat)
                    if self.state.is_over:
                        break
        except (QuitGame, KeyboardInterrupt):
            self.save()
            self.console.print("\n[yellow]Game left unfinished.[/yellow]")
            if self.record_path:
                self.console.print(
                    f"The game so far is saved in {self.record_path}; resume it with "
                    f"[bold]gametable play {self.game.name} --resume {self.record_path}[/bold]"
                )
            return self.recorder.record
        self.save()
        self.show_end()
        return self.recorder.record

    def save(self) -> None:
        if self.record_path is not None:
            self.recorder.record.meta["seats"] = list(self.seats)
            self.recorder.record.save(self.record_path)

    def _apply(self, seat: int, action: Action) -> None:
        self.recorder.apply(seat, action)
        self.save()

    def _bot_turn(self, seat: int) -> None:
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        action = self.agents[seat].act(view, legal, self.rngs[seat])
        if self.show_bots:
            self.console.print(
                f"[dim]seat {seat} ({self.seats[seat]}): {self.game.format_action(action)}[/dim]"
            )
        self._apply(seat, action)

    def _human_turn(self, seat: int) -> None:
        game = self.game
        if len(self.humans) > 1 and self._last_human != seat:
            self.console.print(Rule(f"Seat {seat}'s turn"))
            self.reader.read(f"Pass the keyboard to seat {seat} and press Enter ")
            self.console.clear() if self.console.is_terminal else None
        self._last_human = seat
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        self.console.print(Rule())
        self.console.print(game.ui.render_view(view))
        limit = self.state.turn_time_limit()
        deadline = None if limit is None else time.monotonic() + limit
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                self._timeout(seat)
                return
            prompt = f"seat {seat}> " if remaining is None else f"seat {seat} ({remaining:.0f}s)> "
            line = self.reader.read(prompt, remaining)
            if line is None:
                self._timeout(seat)
                return
            action = self._interpret(line.strip(), view, legal)
            if action is None:
                continue
            try:
                self._apply(seat, action)
            except GameError as exc:
                self.console.print(f"[red]Illegal: {exc}[/red]")
                continue
            return

    def _timeout(self, seat: int) -> None:
        action = self.state.timeout_action(seat)
        if action is None:
            return
        self.console.print(
            f"[red]Time is up for seat {seat}: {self.game.format_action(action)}[/red]"
        )
        self._apply(seat, action)

    def _interpret(self, line: str, view: View, legal: Sequence[Action]) -> Action | None:
        """A command or an action; prints and returns ``None`` for commands and errors."""
        game = self.game
        low = line.lower()
        if not line:
            return None
        if low in ("quit", "exit", "q"):
            raise QuitGame("quit")
        if low in ("help", "?", "h"):
            self.console.print(game.ui.notation_help())
            return None
        if low in ("moves", "legal", "m"):
            self.console.print(game.ui.describe_legal(view, legal))
            return None
        if low in ("board", "show", "b"):
            self.console.print(game.ui.render_view(view))
            return None
        if low == "hint":
            self._hint(view, legal)
            return None
        if line.startswith("#"):
            try:
                index = int(line[1:])
            except ValueError:
                self.console.print(f"[red]{line!r}: write # and a move number from 'moves'[/red]")
                return None
            if not 1 <= index <= len(legal):
                self.console.print(
                    f"[red]There is no move #{index} (1–{len(legal)}); type 'moves'[/red]"
                )
                return None
            return legal[index - 1]
        try:
            return game.parse_action(line, view, legal)
        except NotationError as exc:
            self.console.print(
                f"[red]{exc}[/red]  (type 'help' for the notation, 'moves' for your options)"
            )
            return None

    def _hint(self, view: View, legal: Sequence[Action]) -> None:
        ui_hint = getattr(self.game.ui, "hint", None)
        if callable(ui_hint):
            self.console.print(ui_hint(view, legal))
            return
        if not self.game.bots:
            self.console.print("No hint available for this game.")
            return
        name = next(iter(self.game.bots))
        bot = make_agent(self.game, name, view.get("seat") or 0)
        action = bot.act(view, legal, Rng("hint"))
        self.console.print(
            f"The {name} bot would play: [bold]{self.game.format_action(action)}[/bold]"
        )

    def show_end(self) -> None:
        result = self.state.result()
        self.console.print(Rule("Game over"))
        self.console.print(self.game.ui.render_result(result))
        if self.record_path:
            self.console.print(f"[dim]Record saved to {self.record_path}[/dim]")


__all__ = ["HUMAN", "LineReader", "QuitGame", "Session"]
