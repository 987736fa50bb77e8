"""Playing a game in the terminal: human seats prompt, bot seats act, records autosave.

Game-agnostic: everything game-specific comes from the game object found in the registry
(its notation, its :class:`~gametable.core.textui.TextUI`, its bots).

What a session guarantees whatever the game:

- **hot seat**: when several humans share the keyboard, the screen *and its scrollback*
  are cleared before the next seat is called, so nothing of the previous seat's hand or
  of what it typed is on screen when another person sits down;
- **secret choices**: with ``--show-bots``, a bot's choice in a simultaneous step is
  printed only once every seat of that step has chosen (when the game reveals them);
- **the seed** is shown only with the result (see :mod:`gametable.core.rng`), and bots
  draw from fresh entropy;
- **the turn timer** drops whatever was typed but not entered when the time runs out.
"""

from __future__ import annotations

import inspect
import os
import re
import select
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from gametable.agents.base import make_agent, parse_agent_spec
from gametable.agents.hints import hint
from gametable.agents.play import agent_streams
from gametable.core.agent import Agent
from gametable.core.errors import GameError, NotationError, clip
from gametable.core.game import Action, Game, State, View
from gametable.core.records import Record, Recorder
from gametable.core.rng import Rng, fresh_seed
from gametable.core.words import (
    DEFAULT_LOCALE,
    Msg,
    Seat,
    hint_message,
    render,
    tell_history,
    tell_legal,
    tell_result,
)

HUMAN = "human"

SESSION_HELP = Msg("cli.session.help")
"""The commands the session understands in every game, shown by ``help`` after the
game's own notation help (the commands are typed in English in every language)."""

CLEAR_SCROLLBACK = "\x1b[3J"
"""Erase the terminal's scrollback (xterm and most terminals; ignored where unsupported)."""

MAX_LINE = 4096
"""The longest line read from the person (anything longer is cut)."""

_MOVE_NUMBER = re.compile(r"#\s*(\d+)")


class QuitGame(Exception):
    """The person asked to leave (``quit``, end of input or Ctrl-C)."""


@dataclass
class LineReader:
    """Reads a line from the person, with an optional time limit.

    ``input_fn`` replaces :func:`input` in tests. On POSIX terminals and pipes the line is
    read from the file descriptor with ``select``, which makes the time limit work; when
    the time runs out, whatever was typed without Enter is discarded (``tcflush`` on a
    terminal, read and dropped on a pipe), so it cannot leak into the next turn.
    Elsewhere :func:`input` is used and the time limit is ignored.
    """

    input_fn: Callable[[str], str] | None = None
    stream: Any = None
    output: Any = None
    _pending: bytes = field(default=b"", repr=False)

    def read(self, prompt: str, timeout: float | None = None) -> str | None:
        """The line typed, or ``None`` if the time ran out. Raises :class:`QuitGame` on EOF."""
        if self.input_fn is not None:
            try:
                return self.input_fn(prompt)
            except EOFError:
                raise QuitGame("end of input") from None
        stream = self.stream or sys.stdin
        fd = _descriptor(stream)
        if fd is None:
            try:
                return input(prompt)[:MAX_LINE]
            except EOFError:
                raise QuitGame("end of input") from None
        output = self.output or sys.stdout
        output.write(prompt)
        output.flush()
        line = self._read_line(fd, timeout)
        if line is None:
            self.discard_pending(fd)
            output.write("\n")
            output.flush()
        return line

    def _read_line(self, fd: int, timeout: float | None) -> str | None:
        deadline = None if timeout is None else time.monotonic() + max(0.0, timeout)
        while b"\n" not in self._pending:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                if not self._pending:
                    raise QuitGame("end of input")
                self._pending += b"\n"  # a last line without its newline
            self._pending += chunk
        raw, _, self._pending = self._pending.partition(b"\n")
        return raw.decode("utf-8", "replace").rstrip("\r")[:MAX_LINE]

    def discard_pending(self, fd: int | None = None) -> None:
        """Drop everything typed but not yet read: this reader's buffer, the terminal's
        line being edited (``tcflush``), or what a pipe holds now."""
        self._pending = b""
        if fd is None:
            fd = _descriptor(self.stream or sys.stdin)
            if fd is None:
                return
        if os.isatty(fd):
            import termios

            termios.tcflush(fd, termios.TCIFLUSH)
            return
        while select.select([fd], [], [], 0)[0]:
            if not os.read(fd, 65536):
                break


def in_language(
    method: Callable[..., Any], *args: Any, locale: str, names: Sequence[str] | None = None
) -> Any:
    """Call a method of a game's :class:`~gametable.core.textui.TextUI` in ``locale``, and
    with the seats' ``names`` as the session calls them, where it takes those keywords (a UI
    put through its game's catalog); else as it is."""
    try:
        parameters = inspect.signature(method).parameters
    except (TypeError, ValueError):
        return method(*args)
    anything = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    wanted = {"locale": locale, "names": names}
    given = {
        key: value
        for key, value in wanted.items()
        if value is not None and (anything or key in parameters)
    }
    return method(*args, **given)


def _descriptor(stream: Any) -> int | None:
    """The stream's file descriptor when ``select`` works on it (POSIX), else ``None``."""
    if sys.platform == "win32":
        return None
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return fd if isinstance(fd, int) else None


@dataclass
class Session:
    """One game at the terminal between humans and bots.

    ``seats`` holds ``"human"`` or a bot written ``name[:setting=value]*`` per seat.
    ``agent_seed`` fixes the bots' random streams (tests); by default they come from
    fresh entropy, never from the deal's seed.
    """

    game: Game
    seats: Sequence[str]
    console: Console
    recorder: Recorder
    record_path: Path | None = None
    reader: LineReader = field(default_factory=LineReader)
    agent_seed: int | str | None = None
    show_bots: bool = False
    show_seed: bool = True
    """Whether the end shows the deal's seed (not in a match, whose next deals derive from
    it: the match shows its seed once it is over)."""
    agents: dict[int, Agent] = field(default_factory=dict)

    locale: str = DEFAULT_LOCALE
    """The language the person reads (``--lang``)."""

    def __post_init__(self) -> None:
        for seat, spec in enumerate(self.seats):
            if spec != HUMAN:
                name, settings = parse_agent_spec(spec)
                self.agents[seat] = make_agent(self.game, name, seat, **settings)
        self.rngs = agent_streams(len(self.seats), self.agent_seed)
        self.humans = [s for s, name in enumerate(self.seats) if name == HUMAN]
        self._last_human: int | None = None
        self._held: list[str] = []
        self._save_failed = False
        self._told: dict[int | None, int] = {}
        """Per reader (a human seat; ``None``: the audience of a game of bots), how many
        events of the story they have been told."""
        self.names = self._seat_names()

    def _seat_names(self) -> list[str]:
        """How seats are called in sentences: a bot by its name (numbered when several
        seats hold the same bot), a person by their seat number."""
        bots = [parse_agent_spec(s)[0] for s in self.seats if s != HUMAN]
        seen: dict[str, int] = {}
        names = []
        for seat, spec in enumerate(self.seats):
            if spec == HUMAN:
                names.append(render(Msg("core.seat", number=seat), locale=self.locale))
                continue
            name = parse_agent_spec(spec)[0]
            seen[name] = seen.get(name, 0) + 1
            names.append(f"{name} {seen[name]}" if bots.count(name) > 1 else name)
        return names

    def say(self, msg: Msg | str, viewer: int | None = None, style: str | None = None) -> None:
        """Print a message in the person's language (``viewer``: whose seat "you" is)."""
        self.console.print(Text(self.words(msg, viewer), style=style or ""))

    def words(self, msg: Msg | str, viewer: int | None = None) -> str:
        """A message in the person's language, as text."""
        return render(msg, locale=self.locale, names=self.names, viewer=viewer)

    def ui(self, method: str, *args: Any) -> Any:
        """The game's text UI drawing something in the person's language (where it can)."""
        ui_method = getattr(self.game.ui, method)
        return in_language(ui_method, *args, locale=self.locale, names=self.names)

    def tell_story(self, viewer: int | None) -> None:
        """Print what happened since ``viewer`` was last told, in words, as they know it (a
        human seat: only its own private facts; ``None``: what anyone may know)."""
        view = self.state.view(viewer)
        start = self._told.get(viewer, 0)
        for entry in tell_history(
            self.game, view, locale=self.locale, names=self.names, start=start
        ):
            self.console.print(Text(f"  {entry['text']}", style="dim"))
        self._told[viewer] = len(view.get("history") or [])

    @property
    def state(self) -> State:
        return self.recorder.state

    def run(self) -> Record:
        """Play to the end (or until the person quits); the record is saved as it goes."""
        try:
            while not self.state.is_over:
                step = self.state.to_act
                simultaneous = len(step) > 1
                for seat in step:
                    if seat in self.agents:
                        self._bot_turn(seat, hold=simultaneous)
                    else:
                        self._human_turn(seat)
                    if self.state.is_over:
                        break
                self._release_held()
        except (QuitGame, KeyboardInterrupt):
            self._held.clear()  # the step is not over: its choices stay secret
            self.save()
            self.console.print()
            self.say(Msg("cli.session.left"), style="yellow")
            if self.record_path:
                path = str(self.record_path)
                line = self.words(Msg("cli.session.saved", path=path, command="\x00"))
                before, _, after = line.partition("\x00")
                command = f"gametable play --resume {path}"
                self.console.print(Text.assemble(before, (command, "bold"), after))
            return self.recorder.record
        self.save()
        self.show_end()
        return self.recorder.record

    def save(self) -> None:
        """Write the record (when there is a record path); a failure is said, not fatal."""
        if self.record_path is None:
            return
        self.recorder.record.meta["seats"] = list(self.seats)
        try:
            self.recorder.record.save(self.record_path)
        except OSError as exc:
            if not self._save_failed:
                reason = exc.strerror or str(exc)
                msg = Msg("cli.session.cannot_save", path=str(self.record_path), reason=reason)
                self.say(msg, style="red")
            self._save_failed = True
        else:
            self._save_failed = False

    def _apply(self, seat: int, action: Action) -> None:
        self.recorder.apply(seat, action)
        self.save()

    def _bot_turn(self, seat: int, hold: bool = False) -> None:
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        action = self.agents[seat].act(view, legal, self.rngs[seat])
        self._apply(seat, action)
        if self.show_bots and not hold and not self.humans:
            # A game of bots: the story as anyone may know it, as it goes (a secret choice
            # shows when the game reveals it, since the story is told as a spectator's).
            self.tell_story(None)

    def _release_held(self) -> None:
        if self.show_bots and not self.humans:
            self.tell_story(None)

    def clear_screen(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback."""
        if not self.console.is_terminal:
            return
        self.console.clear()
        self.console.file.write(CLEAR_SCROLLBACK)
        self.console.file.flush()

    def _hand_over(self, seat: int) -> None:
        """Call ``seat`` to the keyboard with nothing of the previous seat on screen."""
        self.clear_screen()
        self.console.print(Rule(self.words(Msg("cli.session.turn", seat=seat))))
        self.reader.read(self.words(Msg("cli.session.pass_keyboard", seat=seat)) + " ")
        self.clear_screen()

    def _human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and self._last_human != seat:
            self._hand_over(seat)
        self._last_human = seat
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        self.console.print(Rule())
        self.tell_story(seat)
        self.console.print(self.ui("render_view", view))
        limit = self.state.turn_time_limit()
        deadline = None if limit is None else time.monotonic() + limit
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                self._timeout(seat)
                return
            if remaining is None:
                prompt = self.words(Msg("cli.session.prompt", seat=seat))
            else:
                seconds = round(remaining)
                prompt = self.words(Msg("cli.session.prompt_timed", seat=seat, seconds=seconds))
            line = self.reader.read(prompt + " ", remaining)
            if line is None:
                self._timeout(seat)
                return
            action = self._interpret(line.strip(), view, legal)
            if action is None:
                continue
            if action == self.state.timeout_action(seat):
                self.say(Msg("cli.timeout_not_a_move"), seat, "red")
                continue
            try:
                self._apply(seat, action)
            except GameError as exc:
                self.say(Msg("core.illegal", reason=exc.msg or str(exc)), seat, "red")
                continue
            self.tell_story(seat)
            return

    def _timeout(self, seat: int) -> None:
        """Apply the game's timeout decision and show the seat what it did, in the game's
        own words (its view's account of the last events)."""
        action = self.state.timeout_action(seat)
        if action is None:
            return
        self._apply(seat, action)
        self.say(Msg("cli.time_up", who=Seat(seat)), seat, "bold red")
        self.tell_story(seat)
        self.console.print(self.ui("render_view", self.state.view(seat)))

    def _interpret(self, line: str, view: View, legal: Sequence[Action]) -> Action | None:
        """A command or an action; prints and returns ``None`` for commands and errors."""
        game = self.game
        low = line.lower()
        if not line:
            return None
        if low in ("quit", "exit", "q"):
            raise QuitGame("quit")
        if low in ("help", "?", "h"):
            self.console.print(Text(self.ui("notation_help")))
            self.console.print(Text(self.words(SESSION_HELP)))
            return None
        if low in ("moves", "legal", "m"):
            texts = tell_legal(game, view, legal, locale=self.locale, names=self.names)
            for n, text in enumerate(texts, 1):
                self.console.print(Text(f"#{n} {text}"))
            return None
        if low in ("board", "show", "b"):
            self.console.print(self.ui("render_view", view))
            return None
        if low == "hint":
            self._hint(view, legal)
            return None
        if line.startswith("#"):
            return self._numbered(line, legal)
        try:
            return game.parse_action(line, view, legal)
        except NotationError as exc:
            self.say(
                Msg("cli.unreadable", problem=exc.msg or str(exc)), view.get("seat"), "red"
            )
            return None

    def _numbered(self, line: str, legal: Sequence[Action]) -> Action | None:
        """``#n``: move ``n`` of the listing ``moves`` prints."""
        match = _MOVE_NUMBER.fullmatch(line)
        if match is None:
            self.say(Msg("cli.session.write_a_number", text=repr(clip(line))), style="red")
            return None
        digits = match.group(1).lstrip("0") or "0"
        index = int(digits) if len(digits) <= 9 else 0
        if not 1 <= index <= len(legal):
            shown = digits if len(digits) <= 9 else digits[:9] + "…"
            self.say(Msg("cli.session.no_such_move", number=shown, count=len(legal)), style="red")
            return None
        return legal[index - 1]

    def _hint(self, view: View, legal: Sequence[Action]) -> None:
        """The hint bot's decision (the same function the server's hints use), in words."""
        seat = view.get("seat")
        assert isinstance(seat, int)
        action = hint(self.game, seat, view, legal, Rng(fresh_seed()), players=len(self.seats))
        self.say(hint_message(self.game, action, view), seat, "bold")

    def show_end(self) -> None:
        result = self.state.result()
        # The last moves (to the one person at the keyboard; in a game of bots, to all).
        if len(self.humans) == 1:
            self.tell_story(self.humans[0])
        elif not self.humans:
            self.tell_story(None)
        self.console.print(Rule(self.words(Msg("cli.session.game_over"))))
        self.console.print(self.ui("render_result", result))
        viewer = self.humans[0] if len(self.humans) == 1 else None
        for line in tell_result(
            self.game, result, len(self.seats), viewer=viewer, locale=self.locale, names=self.names
        ):
            self.console.print(Text(line, style="bold"))
        seed = self.recorder.record.seed
        if seed is not None and self.show_seed:  # the game is over: the deal is no secret
            self.say(Msg("cli.session.seed", seed=str(seed)), style="dim")
        if self.record_path:
            self.say(Msg("cli.session.record_saved", path=str(self.record_path)), style="dim")


__all__ = ["HUMAN", "SESSION_HELP", "LineReader", "QuitGame", "Session", "in_language"]
