"""Game records: the JSON form of a whole game, and replay that re-validates it.

A record holds the game's name, the format version, the player count, the options, the
seed, the explicit setup (the initial order of every card, so a record replays without
the seed), every decision with its seat, and the result. See ``docs/records.md``.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametable.core.errors import GameError, RecordError, quote
from gametable.core.game import JSON, Action, Game, Result, State
from gametable.core.registry import get_game

FORMAT = "gametable-record"
VERSION = 2
"""The version written. Version 2 stores each decision as data (the game's
:meth:`~gametable.core.game.Game.action_to_json`); version 1 stored its notation, and is still
read (each decision converted) and replayed."""
SUPPORTED = (1, 2)

MAX_RECORD_BYTES = 8 * 1024 * 1024
"""The largest record file :func:`load` reads (real records are tens of kilobytes)."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects a record may have (real records: about 6)."""
MAX_INT_DIGITS = 40
"""The longest integer a record may hold (seeds have at most 20 digits)."""
MAX_ACTION_CHARS = 10_000
"""The longest decision a record may hold, as JSON text (the longest real ones: a few
hundred characters)."""

# What a game's setup or action parsing raises on data it cannot make sense of. A record
# is outside data: any of these becomes a RecordError naming the step, never a traceback.
_DATA_ERRORS = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    RecursionError,
    OverflowError,
    GameError,
)


@dataclass
class Move:
    """One decision: the seat that made it and the action."""

    seat: int
    action: Action


@dataclass
class Record:
    """A game from setup to result. Build one with :class:`Recorder` or :func:`load`."""

    game: Game
    players: int
    options: dict[str, Any]
    setup: JSON
    seed: int | str | None = None
    moves: list[Move] = field(default_factory=list)
    result: Result | None = None
    meta: dict[str, JSON] = field(default_factory=dict)
    stored_result: JSON = None
    """The result as written in a loaded file (checked by :func:`replay`)."""
    version: int = VERSION
    """The format version it was read from (it is always written as :data:`VERSION`)."""

    def to_json(self) -> dict[str, JSON]:
        """The record as JSON-able data, in the documented field order."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.name,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "setup": self.setup,
            "moves": [
                {"seat": m.seat, "action": self.game.action_to_json(m.action)} for m in self.moves
            ],
            "result": None if self.result is None else self.result.to_json(),
            "meta": self.meta,
        }

    def dumps(self) -> str:
        """The record as a JSON document."""
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` atomically and durably.

        The text goes to ``path.tmp``, is flushed to the disk (``fsync``), then replaces
        ``path``, and the folder is flushed too: once ``save`` returns, a crash or a power
        cut leaves either the previous record or this one, never half a file, and never
        loses a decision it acknowledged. On failure (a folder as ``path``, a full disk)
        the temporary file is removed and the :class:`OSError` raised.
        """
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        data = (self.dumps() + "\n").encode("utf-8")
        try:
            with open(tmp, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
            raise
        _fsync_folder(target.parent)

    def initial_state(self) -> State:
        """The state before the first decision; :class:`RecordError` if the setup is invalid.

        Whatever a game's ``state_from_setup`` raises on data it cannot use (``ValueError``,
        ``TypeError``, ``KeyError``, ``RecursionError`` …) becomes a :class:`RecordError`.
        """
        try:
            return self.game.state_from_setup(self.players, self.setup, self.options)
        except _DATA_ERRORS as exc:
            raise RecordError(f"invalid setup: {exc}") from None

    def states(self) -> Iterator[tuple[State, Move | None]]:
        """Each state in turn with the move about to be applied to it (``None`` at the end).

        Yields the live state, which changes after each step; clone it to keep it.
        Re-validates each move: raises :class:`RecordError` naming the step and the reason.
        """
        state = self.initial_state()
        for step, move in enumerate(self.moves):
            yield state, move
            apply_move(state, move, step)
        yield state, None


class Recorder:
    """Wraps a state and writes down every applied decision.

    >>> from gametable.core.registry import get_game
    >>> rec = Recorder(get_game("ramen-ramen"), players=2, seed=1)
    >>> rec.state.is_over
    False
    """

    def __init__(self, game: Game, players: int, seed: int | str = 0, **options: Any) -> None:
        self.state = game.new_state(players, seed, **options)
        self.record = Record(game, players, dict(self.state.options), self.state.setup, seed)

    @classmethod
    def resume(cls, record: Record) -> Recorder:
        """A recorder positioned after a record's last decision (every one re-validated)."""
        recorder = cls.__new__(cls)
        recorder.record = record
        recorder.state = replay(record)
        return recorder

    def apply(self, seat: int, action: Action) -> None:
        """Apply and record (nothing is recorded if the action is illegal)."""
        self.state.apply(seat, action)
        self.record.moves.append(Move(seat, action))
        if self.state.is_over:
            self.record.result = self.state.result()


def _fsync_folder(folder: Path) -> None:
    """Flush a folder's entries to the disk (POSIX; elsewhere ``os.replace`` is enough)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def apply_move(state: State, move: Move, step: int) -> None:
    """Apply a recorded move, turning any rules error into a :class:`RecordError`.

    A record comes from outside: an action the game cannot even check (an engine error
    rather than :class:`~gametable.core.errors.IllegalAction`) is reported the same way,
    with the error's type so that the engine's fault can still be found.
    """
    if move.seat not in state.to_act:
        who = ", ".join(map(str, state.to_act)) or "nobody (the game is over)"
        raise RecordError(f"seat {move.seat} is not to act (waiting for {who})", step)
    try:
        state.apply(move.seat, move.action)
    except GameError as exc:
        raise RecordError(str(exc), step) from None
    except _DATA_ERRORS as exc:
        raise RecordError(
            f"the game cannot apply {quote(move.action)}: {type(exc).__name__}: {exc}", step
        ) from None


def from_json(data: JSON) -> Record:
    """A record read from JSON data; raises :class:`RecordError` if it is malformed.

    Everything is checked before a game sees it: the nesting depth, the size of integers,
    the type of every field (``"version": true`` is not version 1), the length of each
    action, and every action must parse. The error names the field (and the step of a
    move) in one short line.
    """
    _check_shape(data)
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a gametable record (format is {quote(data.get('format'))})")
    version = data.get("version")
    if type(version) is not int or version not in SUPPORTED:
        raise RecordError(
            f"record format version {quote(version)} is not supported "
            f"(versions {', '.join(map(str, SUPPORTED))} are)"
        )
    for key in ("game", "players", "options", "setup", "moves"):
        if key not in data:
            raise RecordError(f"record has no {key!r} field")
    if not isinstance(data["game"], str):
        raise RecordError(f"'game' must be a game name, got {quote(data['game'])}")
    try:
        game = get_game(data["game"])
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from None
    players = data["players"]
    if type(players) is not int:
        raise RecordError(f"'players' must be an integer, got {quote(players)}")
    if not isinstance(data["options"], Mapping):
        raise RecordError("'options' must be an object")
    try:
        options = game.resolve_options(players, data["options"])
    except GameError as exc:
        raise RecordError(str(exc)) from None
    seed = data.get("seed")
    if seed is not None and type(seed) is not int and not isinstance(seed, str):
        raise RecordError(f"'seed' must be an integer, a text or null, got {quote(seed)}")
    if not isinstance(data["moves"], list):
        raise RecordError("'moves' must be a list")
    moves: list[Move] = []
    for step, raw in enumerate(data["moves"]):
        if not isinstance(raw, Mapping) or "seat" not in raw or "action" not in raw:
            raise RecordError("a move must be an object with 'seat' and 'action'", step)
        seat = raw["seat"]
        if type(seat) is not int or not 0 <= seat < players:
            raise RecordError(f"seat {quote(seat)} is not a seat of a {players}-player game", step)
        stored_action = raw["action"]
        size = len(stored_action) if isinstance(stored_action, str) else len(
            json.dumps(stored_action, ensure_ascii=False)
        )
        if size > MAX_ACTION_CHARS:
            raise RecordError(
                f"an action of {size:,} characters (at most {MAX_ACTION_CHARS:,})", step
            )
        if version == 1 and not isinstance(stored_action, str):
            raise RecordError(
                f"a version-1 record writes each action in notation, not {quote(stored_action)}",
                step,
            )
        if version >= 2 and not isinstance(stored_action, Mapping):
            raise RecordError(
                f"a version-{version} record writes each action as an object with a 'type', "
                f"not {quote(stored_action)}",
                step,
            )
        try:
            action = action_from_stored(game, stored_action)
        except _DATA_ERRORS as exc:
            raise RecordError(f"malformed action {quote(stored_action)}: {exc}", step) from None
        moves.append(Move(seat, action))
    meta = data.get("meta") or {}
    if not isinstance(meta, Mapping):
        raise RecordError("'meta' must be an object")
    stored = data.get("result")
    if stored is not None and not isinstance(stored, Mapping):
        raise RecordError(f"'result' must be an object or null, got {quote(stored)}")
    return Record(
        game,
        players,
        options,
        data["setup"],
        seed,
        moves,
        None,
        dict(meta),
        stored_result=stored,
        version=version,
    )


def action_from_stored(game: Game, data: JSON) -> Action:
    """A decision as stored by any version: data (version 2, an object with a ``"type"``)
    read by the game's codec, or notation text (version 1) read without context.
    The server's database holds both kinds for games begun before version 2."""
    if isinstance(data, str):
        return game.action_from_notation(data)
    return game.action_from_json(data)


def _check_shape(data: JSON) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH`, integers longer than
    :data:`MAX_INT_DIGITS` digits and non-finite numbers, anywhere (without recursion)."""
    limit = 10**MAX_INT_DIGITS
    stack: list[tuple[JSON, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        kind = type(value)
        if kind is str or kind is bool or value is None:
            continue
        if kind is dict or kind is list or isinstance(value, Mapping | list | tuple):
            if depth > MAX_DEPTH:
                raise RecordError(f"the record nests deeper than {MAX_DEPTH} levels")
            children = value.values() if isinstance(value, Mapping) else value
            stack.extend([(child, depth + 1) for child in children])
        elif kind is int:
            if not -limit < value < limit:
                raise RecordError(
                    f"the record holds an integer of more than {MAX_INT_DIGITS} digits"
                )
        elif kind is float and not math.isfinite(value):
            raise RecordError(f"the record holds the number {value}, which JSON does not allow")


class _TooLong(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _TooLong(text)
    return int(text)


def _parse_constant(name: str) -> float:
    raise RecordError(f"the record holds {name}, which is not a JSON number")


def load(path: str | Path) -> Record:
    """Read a record file; raises :class:`RecordError` if it is not valid JSON or malformed.

    At most :data:`MAX_RECORD_BYTES` are read; a bigger file, a file that is not UTF-8
    text, JSON nested too deep or with endless integers are each refused in one short
    line, quickly (see :func:`loads`).
    """
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    return loads(raw, str(path))


def loads(raw: bytes | str, source: str = "the record") -> Record:
    """A record read from the bytes (or text) of a record file.

    Raises :class:`RecordError` in one short line naming ``source`` and the problem: more
    than :data:`MAX_RECORD_BYTES`, not UTF-8, not JSON, nested deeper than
    :data:`MAX_DEPTH`, an integer longer than :data:`MAX_INT_DIGITS` digits, ``NaN``, or
    anything :func:`from_json` refuses.
    """
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{source} is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB: not a game record"
        )
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")  # a byte-order mark (some editors add one) is fine
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"{source} is not UTF-8 text (byte {raw[exc.start]:#04x} at offset "
                f"{exc.start}): not a game record"
            ) from None
    else:
        text = raw
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"{source} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except _TooLong:
        raise RecordError(
            f"{source} holds an integer of more than {MAX_INT_DIGITS} digits: not a game record"
        ) from None
    except RecursionError:
        raise RecordError(
            f"{source} nests deeper than {MAX_DEPTH} levels: not a game record"
        ) from None
    return from_json(data)


_OUTCOME = ("scores", "ranks", "winners", "tiebreak")


def _outcome(result: Any) -> Any:
    """What a result decides (scores, ranks, winners, the tie-break), as JSON: what a
    replay must reproduce. The ``details`` are the game's breakdown for display, which a
    newer version may show differently."""
    if not isinstance(result, Mapping):
        return result
    return json.loads(json.dumps({k: result.get(k) for k in _OUTCOME}))


def replay(record: Record) -> State:
    """Replay every decision, re-validating each, and check the stored result (its
    outcome: scores, ranks, winners and tie-break).

    Returns the final state. Raises :class:`RecordError` with the step and reason if a
    decision is illegal, if the setup is invalid, or if the outcome differs from the
    record's stored result.
    """
    state = record.initial_state()
    for step, move in enumerate(record.moves):
        apply_move(state, move, step)
    stored = record.stored_result
    if state.is_over:
        record.result = state.result()
        if stored is not None and _outcome(stored) != _outcome(record.result.to_json()):
            recorded = stored.get("scores") if isinstance(stored, Mapping) else stored
            raise RecordError(
                f"the replayed result {quote(record.result.to_json()['scores'])} differs from "
                f"the recorded one {quote(recorded)}"
            )
    elif stored is not None:
        raise RecordError(
            f"the record stores a result but the game is not over after {len(record.moves)} moves",
            len(record.moves),
        )
    return state
