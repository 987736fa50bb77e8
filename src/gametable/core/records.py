"""Game records: the JSON form of a whole game, and replay that re-validates it.

A record holds the game's name, the format version, the player count, the options, the
seed, the explicit setup (the initial order of every card, so a record replays without
the seed), every decision with its seat, and the result. See ``docs/records.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametable.core.errors import GameError, RecordError
from gametable.core.game import JSON, Action, Game, Result, State
from gametable.core.registry import get_game

FORMAT = "gametable-record"
VERSION = 1


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
        """Write the record to ``path`` (atomically: a crash never leaves half a file)."""
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(self.dumps() + "\n", encoding="utf-8")
        tmp.replace(target)

    def initial_state(self) -> State:
        """The state before the first decision."""
        return self.game.state_from_setup(self.players, self.setup, self.options)

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


def apply_move(state: State, move: Move, step: int) -> None:
    """Apply a recorded move, turning any rules error into a :class:`RecordError`."""
    if move.seat not in state.to_act:
        who = ", ".join(map(str, state.to_act)) or "nobody (the game is over)"
        raise RecordError(f"seat {move.seat} is not to act (waiting for {who})", step)
    try:
        state.apply(move.seat, move.action)
    except GameError as exc:
        raise RecordError(str(exc), step) from None


def from_json(data: JSON) -> Record:
    """A record read from JSON data; raises :class:`RecordError` if it is malformed."""
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a gametable record (format is {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise RecordError(
            f"record format version {data.get('version')!r} is not supported (this is {VERSION})"
        )
    for key in ("game", "players", "options", "setup", "moves"):
        if key not in data:
            raise RecordError(f"record has no {key!r} field")
    try:
        game = get_game(str(data["game"]))
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from None
    players = data["players"]
    if not isinstance(players, int) or isinstance(players, bool):
        raise RecordError(f"'players' must be an integer, got {players!r}")
    if not isinstance(data["options"], Mapping):
        raise RecordError("'options' must be an object")
    try:
        options = game.resolve_options(players, data["options"])
    except GameError as exc:
        raise RecordError(str(exc)) from None
    if not isinstance(data["moves"], list):
        raise RecordError("'moves' must be a list")
    moves: list[Move] = []
    for step, raw in enumerate(data["moves"]):
        if not isinstance(raw, Mapping) or "seat" not in raw or "action" not in raw:
            raise RecordError("a move must be an object with 'seat' and 'action'", step)
        seat = raw["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise RecordError(f"seat {seat!r} is not a seat of a {players}-player game", step)
        try:
            action = game.action_from_json(raw["action"])
        except (ValueError, TypeError, KeyError) as exc:
            raise RecordError(f"malformed action {raw['action']!r}: {exc}", step) from None
        moves.append(Move(seat, action))
    meta = data.get("meta") or {}
    if not isinstance(meta, Mapping):
        raise RecordError("'meta' must be an object")
    return Record(
        game,
        players,
        options,
        data["setup"],
        data.get("seed"),
        moves,
        None,
        dict(meta),
        stored_result=data.get("result"),
    )


def load(path: str | Path) -> Record:
    """Read a record file; raises :class:`RecordError` if it is not valid JSON or malformed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not valid JSON: {exc}") from None
    return from_json(data)


def replay(record: Record) -> State:
    """Replay every decision, re-validating each, and check the stored result.

    Returns the final state. Raises :class:`RecordError` with the step and reason if a
    decision is illegal, if the setup is invalid, or if the outcome differs from the
    record's stored result.
    """
    try:
        state = record.initial_state()
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(f"invalid setup: {exc}") from None
    for step, move in enumerate(record.moves):
        apply_move(state, move, step)
    stored = record.stored_result
    if state.is_over:
        record.result = state.result()
        if stored is not None and stored != json.loads(json.dumps(record.result.to_json())):
            raise RecordError(
                f"the replayed result {record.result.to_json()['scores']} differs from the "
                f"recorded one {stored.get('scores') if isinstance(stored, Mapping) else stored}"
            )
    elif stored is not None:
        raise RecordError(
            f"the record stores a result but the game is not over after {len(record.moves)} moves",
            len(record.moves),
        )
    return state
