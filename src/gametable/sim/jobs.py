"""Seeded batches of games: what to play (:class:`GameTask`) and what came of it (:class:`GameRow`).

A job is a list of tasks, each naming the game, the player count, the options, one bot per
seat and two seeds — the deal seed and the agents' seed — both derived from the job seed
and the game's index (never from worker identity or timing), so the same job gives the
same results whatever executor and worker count runs it.

Bots are named as the registry knows them (:func:`gametable.agents.agent_names`), with
optional parameters after colons: ``ismcts:iterations=200:c=0.7``.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from gametable.agents import agent_names, make_agent, parse_agent_spec, play_game
from gametable.core.errors import GameError, OptionError, quote
from gametable.core.game import Game, Result
from gametable.core.registry import get_game
from gametable.core.rng import derive_seed


class SimError(GameError):
    """A simulation or tournament that cannot run as asked (bad bot, bad file, bad flag)."""


MAX_GAMES = 1_000_000
"""The most games one run of a job plays: its tasks are listed in memory (about 250 bytes
each, so a million take about 250 MB). A longer study is split into jobs with different
seeds."""


# -- bots ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotSpec:
    """A bot name with parameters, written ``name:key=value:key=value``.

    >>> BotSpec.parse("ismcts:iterations=200:c=0.7")
    BotSpec(name='ismcts', params=(('c', 0.7), ('iterations', 200)))
    >>> str(BotSpec.parse("greedy"))
    'greedy'
    """

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read ``name[:key=value]*``; values become int, float or bool where they look so."""
        try:
            name, params = parse_agent_spec(text)
        except OptionError as exc:
            raise SimError(str(exc)) from None
        return cls(name, tuple(sorted(params.items())))

    def __str__(self) -> str:
        return ":".join([self.name, *(f"{k}={_format_value(v)}" for k, v in self.params)])

    def check(self, game: Game) -> None:
        """Raise :class:`SimError` unless ``game`` knows this bot and accepts its settings.

        The message lists the settings the bot takes, with their types and defaults.
        """
        if self.name not in agent_names(game):
            raise SimError(
                f"no bot {self.name!r} for {game.name} (available: {', '.join(agent_names(game))})"
            )
        try:
            make_agent(game, self.name, 0, **dict(self.params))
        except GameError as exc:
            raise SimError(f"bot {str(self)!r} cannot be built for {game.name}: {exc}") from None


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_bots(game: Game, text: str, count: int | None = None) -> list[BotSpec]:
    """A comma-separated list of bots, each checked against ``game``.

    With ``count``, a single name fills every seat and any other length is an error.
    """
    specs = [BotSpec.parse(t) for t in text.split(",") if t.strip()]
    if not specs:
        raise SimError("no bots named")
    if count is not None:
        if len(specs) == 1:
            specs = specs * count
        elif len(specs) != count:
            raise SimError(f"{len(specs)} bots named for {count} seat(s)")
    for spec in dict.fromkeys(specs):
        spec.check(game)
    return specs


# -- tasks and rows -------------------------------------------------------------------------


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker needs, as plain picklable values."""

    index: int
    """Position of the game in its job (rows are reported and stored by it)."""
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    """One bot spec (``name[:k=v]*``) per seat."""
    deal_seed: int
    """Seed of the deal (several tasks may share a deal, e.g. seat rotations)."""
    agent_seed: int
    """Seed of the agents' random streams."""
    group: int = 0
    """Which match-up of a tournament this game belongs to (0 in a simulation)."""


@dataclass(frozen=True)
class GameRow:
    """The outcome of one game, as stored and summarised.

    Scores are floats (Rummikub shares points as fractions). ``first_seat`` is the seat
    that made the first decision (``None`` if several seats decide at once from the start,
    as in simultaneous-reveal games). ``verdict`` is what the game reports as a band for
    the outcome (Ramen! Ramen! solo: the critics' stars and quote), if anything.
    ``seconds`` is the wall time of the game, the only field that is not reproducible.
    """

    index: int
    group: int
    deal_seed: int
    agent_seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str | None
    first_seat: int | None
    decisions: int
    verdict: str | None = None
    seconds: float = 0.0
    record: str | None = field(default=None, compare=False, repr=False)
    """The game record as JSON text, when the job asked for records (not stored in tables)."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.bots)

    def outcome(self) -> tuple[Any, ...]:
        """Everything but the timing: equal for equal seeds on every executor."""
        data = asdict(self)
        data.pop("seconds")
        data.pop("record")
        return tuple(data.values())

    def won(self, seat: int) -> bool:
        """Whether ``seat`` is ranked first (alone, with team-mates, or in a tie that stood)."""
        return seat in self.winners

    def shared(self, seat: int) -> bool:
        """Whether ``seat`` is ranked first together with other seats (team-mates or a tie)."""
        return seat in self.winners and len(self.winners) > 1


def verdict_of(result: Result) -> str | None:
    """A band label from ``result.details['verdict']`` (e.g. ``"3.5★ You've got regulars."``).

    Games put a verdict in their result details when an outcome is judged on a scale (the
    critics of Ramen! Ramen! solo: ``{'stars', 'quote'}``); the simulator reads it
    without knowing the game.
    """
    verdict = result.details.get("verdict") if isinstance(result.details, Mapping) else None
    if verdict is None:
        return None
    if isinstance(verdict, Mapping):
        stars = verdict.get("stars")
        quote = verdict.get("quote")
        head = f"{_format_stars(stars)}★" if isinstance(stars, int | float) else None
        return " ".join(str(p) for p in (head, quote) if p is not None) or json.dumps(verdict)
    return str(verdict)


def _format_stars(stars: float) -> str:
    return str(int(stars)) if float(stars).is_integer() else str(stars)


def verdict_stars(verdict: str | None) -> float | None:
    """The numeric stars at the start of a verdict label, if any (for sorting bands)."""
    if not verdict or "★" not in verdict:
        return None
    try:
        return float(verdict.split("★", 1)[0])
    except ValueError:
        return None


def play_task(task: GameTask, keep_record: bool = False) -> GameRow:
    """Play one task and return its row (with the record's JSON when ``keep_record``).

    A failure inside the game or a bot (a bug: an illegal action, a crash) is raised as
    :class:`SimError` naming the game index, seeds and bots, so it can be reproduced.
    """
    try:
        return _play_task(task, keep_record)
    except Exception as exc:
        raise SimError(
            f"{task.game} game {task.index} (deal seed {task.deal_seed}, agent seed "
            f"{task.agent_seed}, seats {', '.join(task.bots)}) failed: {exc!r}"
        ) from exc


def _play_task(task: GameTask, keep_record: bool) -> GameRow:
    game = get_game(task.game)
    agents = [
        make_agent(game, spec.name, seat, **dict(spec.params))
        for seat, spec in enumerate(BotSpec.parse(b) for b in task.bots)
    ]
    start = time.perf_counter()
    record = play_game(
        game, agents, seed=task.deal_seed, agent_seed=task.agent_seed, **dict(task.options)
    )
    seconds = time.perf_counter() - start
    result = record.result
    if result is None:  # play_game returns only finished games
        raise RuntimeError(f"{task.game} game {task.index} did not finish")
    first = record.initial_state().to_act
    record.meta["bots"] = list(task.bots)
    record.meta["index"] = task.index
    return GameRow(
        index=task.index,
        group=task.group,
        deal_seed=task.deal_seed,
        agent_seed=task.agent_seed,
        bots=task.bots,
        scores=tuple(float(s) for s in result.scores),
        ranks=tuple(result.ranks),
        winners=tuple(result.winners),
        tiebreak=result.tiebreak,
        first_seat=first[0] if len(first) == 1 else None,
        decisions=len(record.moves),
        verdict=verdict_of(result),
        seconds=seconds,
        record=record.dumps() if keep_record else None,
    )


def play_batch(tasks: Sequence[GameTask], keep_records: bool = False) -> list[GameRow]:
    """Play several tasks in order (the unit of work an executor sends to a worker)."""
    return [play_task(task, keep_records) for task in tasks]


# -- jobs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class JobSpec:
    """What a job is, as stored with its results: resuming needs the same spec.

    ``kind`` is ``"simulate"`` or ``"tournament"``; ``params`` holds the kind's own
    settings (the seats of a simulation; the bots and mode of a tournament). The size of
    the job (``--games``, ``--rounds``) is deliberately not part of it: game *i* is the
    same game in a short and a long run, so a longer run reuses a shorter one's games.
    """

    kind: str
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def job_id(self) -> str:
        """A short stable digest of the spec (identical specs share stored results)."""
        return hashlib.sha256(self.to_text().encode()).hexdigest()[:16]

    def to_json(self) -> dict[str, Any]:
        """The spec as JSON-able data."""
        return {
            "kind": self.kind,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "params": dict(self.params),
        }

    def to_text(self) -> str:
        """The spec as canonical JSON text."""
        return json.dumps(self.to_json(), sort_keys=True, default=str)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JobSpec:
        """Read back :meth:`to_json`; raises :class:`SimError` on malformed data."""
        try:
            return cls(
                kind=str(data["kind"]),
                game=str(data["game"]),
                players=int(data["players"]),
                options=tuple(sorted(dict(data["options"]).items())),
                seed=int(data["seed"]),
                params=tuple(sorted((k, _freeze(v)) for k, v in dict(data["params"]).items())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SimError(f"malformed job description: {exc!r}") from None


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


def resolve_options(game: Game, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options checked and completed; raises :class:`SimError` naming the problem."""
    try:
        return game.resolve_options(players, options)
    except OptionError as exc:
        raise SimError(str(exc)) from None


def simulation_tasks(
    game: Game,
    players: int,
    bots: Sequence[BotSpec],
    games: int,
    seed: int,
    options: Mapping[str, Any],
) -> tuple[JobSpec, list[GameTask]]:
    """The spec and tasks of a simulation: ``games`` games with fixed seats.

    Game ``i`` is dealt from ``derive_seed(seed, "deal", i)`` and its agents play from
    ``derive_seed(seed, "agents", i)``.
    """
    if games < 1:
        raise SimError(f"--games must be at least 1, got {games}")
    if games > MAX_GAMES:
        raise SimError(f"--games is at most {MAX_GAMES:,} per run, got {quote(games)}")
    if len(bots) != players:
        raise SimError(f"{len(bots)} bots for {players} seat(s)")
    resolved = resolve_options(game, players, options)
    frozen = tuple(sorted(resolved.items()))
    names = tuple(str(b) for b in bots)
    spec = JobSpec("simulate", game.name, players, frozen, seed, (("seats", names),))
    tasks = [
        GameTask(
            index=i,
            game=game.name,
            players=players,
            options=frozen,
            bots=names,
            deal_seed=derive_seed(seed, "deal", i),
            agent_seed=derive_seed(seed, "agents", i),
        )
        for i in range(games)
    ]
    return spec, tasks


def batches(tasks: Sequence[GameTask], size: int) -> list[list[GameTask]]:
    """Consecutive batches of at most ``size`` tasks."""
    size = max(1, size)
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def default_batch_size(tasks: int, workers: int) -> int:
    """The largest batch :class:`AdaptiveBatches` uses for a job of ``tasks`` games.

    About 8 batches per worker, capped at 64 games per batch.
    """
    return max(1, min(64, math.ceil(tasks / max(1, 8 * workers))))


class AdaptiveBatches:
    """Batches sized from how long games take, so each batch lasts about ``target`` seconds.

    The first batches hold one game each; after each finished batch (:meth:`feedback`)
    the mean time per game so far sets the next sizes, between 1 and
    :func:`default_batch_size`. Fast games thus go out in large batches (little dispatch
    overhead) and slow ones (search bots) in small batches (steady progress, balanced
    workers, little lost on an interrupt). Sizes never change which games are played, so
    results do not depend on them.
    """

    def __init__(self, tasks: Sequence[GameTask], workers: int, target: float = 1.0) -> None:
        self._tasks = list(tasks)
        self._next = 0
        self._cap = default_batch_size(len(self._tasks), workers)
        self._target = target
        self._games = 0
        self._seconds = 0.0

    def feedback(self, rows: Sequence[GameRow]) -> None:
        """Learn from the timings of finished games."""
        self._games += len(rows)
        self._seconds += sum(row.seconds for row in rows)

    def size(self) -> int:
        """The size the next batch will have (before trimming at the end of the job)."""
        if not self._games:
            return 1
        per_game = self._seconds / self._games
        wanted = int(self._target / per_game) if per_game > 0 else self._cap
        return max(1, min(self._cap, wanted))

    def __iter__(self) -> Iterator[list[GameTask]]:
        while self._next < len(self._tasks):
            size = self.size()
            batch = self._tasks[self._next : self._next + size]
            self._next += size
            yield batch


def pending(tasks: Iterable[GameTask], done: set[int]) -> list[GameTask]:
    """The tasks whose index is not in ``done``."""
    return [t for t in tasks if t.index not in done]
