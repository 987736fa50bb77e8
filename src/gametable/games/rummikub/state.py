"""The rules of Rummikub as a state machine (rules reference: ``docs/rules/rummikub.md``).

A turn is one decision of the seat to act:

- :class:`Play` — the whole new table arrangement. It must hold every tile that was on the
  table, consist of valid sets only, and lay at least one rack tile (:func:`check_play`).
  The first play of a seat is its *initial meld*: new sets from its own rack worth at
  least 30, with the table otherwise untouched (flag ``initial_meld_allows_manipulation``).
- :class:`Draw` — one tile from the pool; ends the turn. :class:`Pass` — the same once
  the pool is empty. When every seat in turn has passed, the game ends.
- :class:`Timeout` — the seat's time for its turn ran out, whichever clock measured it
  (the rulebook's timer, option ``turn_seconds``, or a clock of the table the game is
  played at): the turn's partial work is discarded (a play is one decision, so nothing of
  it reached the state) and up to 3 penalty tiles are drawn. The rules cannot see clocks:
  a front end applies it when time runs out, and never takes it from a player.

The game ends when a rack is emptied or after a full cycle of passes with the pool empty;
:meth:`RummikubState.result` scores it as in §9-§10 of the rules reference. The decisions
themselves are plain values defined in :mod:`.actions` (re-exported here).

What happened is the state's :attr:`~RummikubState.events` (a :class:`Story`): one event per
decision and one at the end, which every view carries whole as its ``history``. A refused
decision says why in words (a :class:`~gametable.core.words.Msg`: tiles as "red 7", never
in notation).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from gametable.core.errors import GameError, IllegalAction
from gametable.core.events import Event, EventLog
from gametable.core.game import Game, Result, Score, State, View, check_seat, rank_by_keys
from gametable.core.words import Msg, Seat
from gametable.games.rummikub.actions import (
    DRAW,
    PASS,
    TIMEOUT,
    Action,
    Draw,
    Pass,
    Play,
    Timeout,
    make_play,
    table_shape_error,
)
from gametable.games.rummikub.tiles import (
    COLOUR_NAMES,
    JOKER,
    JOKER_BASE,
    KINDS,
    PLACED_NAMES,
    TILE_NAMES,
    Table,
    canonical_set,
    face_of,
    is_joker,
    joker_readings,
    placed_msg,
    rack_code,
    set_error,
    set_kind,
    set_msg,
    set_value,
    tile,
    tile_msg,
    tile_value,
    tiles_msg,
)

RACK_SIZE = 14
"""Tiles dealt to each player (§2)."""
MELD_MIN = 30
"""The least an initial meld is worth (§5)."""
TIMEOUT_PENALTY = 3
"""Tiles drawn when a turn's time runs out (§12.8)."""


def rack_names(counts: Sequence[int]) -> list[str]:
    """A rack's tiles as names, by colour then number, jokers last."""
    return [TILE_NAMES[code] for code in range(KINDS) for _ in range(counts[code])]


def _set_ok(s: Sequence[int]) -> bool:
    """Whether ``s`` is a valid set: exactly when :func:`~.tiles.set_error` finds nothing,
    without building its message (a test checks they agree)."""
    n = len(s)
    if n < 3:
        return False
    f0 = s[0] - JOKER_BASE if s[0] >= JOKER_BASE else s[0]
    f1 = s[1] - JOKER_BASE if s[1] >= JOKER_BASE else s[1]
    if f0 % 13 == f1 % 13:  # a group: one number, distinct colours, at most four
        if n > 4:
            return False
        number = f0 % 13
        colours = 0
        for p in s:
            f = p - JOKER_BASE if p >= JOKER_BASE else p
            bit = 1 << (f // 13)
            if f % 13 != number or colours & bit:
                return False
            colours |= bit
        return True
    colour = f0 // 13  # a run: one colour, consecutive numbers going up
    for k, p in enumerate(s):
        f = p - JOKER_BASE if p >= JOKER_BASE else p
        if f != f0 + k or f // 13 != colour:
            return False
    return True


_VALID_SETS: set[tuple[int, ...]] = set()
"""Sets found valid lately (searches check the same sets over and over)."""
_COUNTS: dict[Table, list[int]] = {}


def _counts(table: Table) -> list[int]:
    """:func:`table_counts`, remembered for tables seen lately (do not modify the answer)."""
    out = _COUNTS.get(table)
    if out is None:
        if len(_COUNTS) >= 4096:
            _COUNTS.clear()
        out = _COUNTS[table] = table_counts(table)
    return out


def table_counts(table: Table) -> list[int]:
    out = [0] * KINDS
    for s in table:
        for p in s:
            out[JOKER if p >= JOKER else p] += 1
    return out


def _joker_faces(table: Table) -> Counter[int]:
    return Counter(face_of(p) for s in table for p in s if is_joker(p))


def check_play(
    table: Table,
    rack: Sequence[int],
    melded: bool,
    new_table: Table,
    options: Mapping[str, Any],
) -> list[int]:
    """The rack counts a play lays, or :class:`IllegalAction` saying precisely why not.

    Checks, in order: the play is a table of tiles at all (:func:`table_shape_error`);
    every set valid; every table tile still there; the laid tiles on the rack; at least one
    laid; the initial-meld rules; the joker flags.
    """
    shape = table_shape_error(new_table)
    if shape is not None:
        raise IllegalAction(shape)
    valid = _VALID_SETS
    for s in new_table:
        if s not in valid:
            if not _set_ok(s):
                raise IllegalAction(
                    set_error(s) or Msg("rummikub.illegal.mixed", tiles=tiles_msg(s))
                )
            if len(valid) >= 65536:
                valid.clear()
            valid.add(s)
    old = _counts(table)
    new = _counts(new_table)
    laid = [n - o for n, o in zip(new, old, strict=True)]
    if min(laid) < 0:
        raise IllegalAction(tiles_missing(laid))
    if any(map(int.__gt__, laid, rack)):
        short = {code: k - rack[code] for code, k in enumerate(laid) if k > rack[code]}
        raise IllegalAction(
            Msg("rummikub.illegal.not_on_rack", tiles=_counted(short), count=sum(short.values()))
        )
    if not any(laid):
        raise IllegalAction(Msg("rummikub.illegal.nothing_laid"))
    if not melded:
        _check_initial_meld(table, new_table, laid, options)
    else:
        if options.get("joker_group3_needs_both_colours"):
            _check_group3_jokers(table, new_table)
        if options.get("freed_joker_needs_rack_tile"):
            _check_freed_jokers(table, new_table, laid)
    return laid


def tiles_missing(laid: Sequence[int]) -> Msg:
    """Why a new table that lacks tiles of the old one is refused: the tiles missing (a
    negative count of ``laid``, the new table's tiles less the old one's, per code), in
    words (§6: every tile on the table stays on the table)."""
    missing = {code: -k for code, k in enumerate(laid) if k < 0}
    return Msg("rummikub.illegal.missing", tiles=_counted(missing), count=sum(missing.values()))


def _counted(counts: Mapping[int, int]) -> list[Msg]:
    """Rack codes with how many of each, in words ("black 8", "2 × red 3"), by code."""
    out = []
    for code in sorted(counts):
        k = counts[code]
        if k == 1:
            out.append(tile_msg(code))
        elif code == JOKER:
            out.append(Msg("rummikub.rack.jokers", count=k))
        else:
            out.append(Msg("rummikub.copies", count=k, tile=tile_msg(code)))
    return out


def _check_initial_meld(
    table: Table, new_table: Table, laid: Sequence[int], options: Mapping[str, Any]
) -> None:
    if not options.get("initial_meld_allows_manipulation"):
        remaining = Counter(new_table)
        for s in table:
            if remaining[s] > 0:
                remaining[s] -= 1
            else:
                raise IllegalAction(Msg("rummikub.illegal.meld_changed", set=set_msg(s)))
        value = initial_meld_value(table, new_table, laid, options)
    else:
        old_faces = _joker_faces(table)
        new_faces = _joker_faces(new_table)
        if old_faces - new_faces:
            gone = sorted((old_faces - new_faces).elements())
            raise IllegalAction(
                Msg(
                    "rummikub.illegal.meld_joker",
                    jokers=[placed_msg(JOKER_BASE + f) for f in gone],
                    count=len(gone),
                )
            )
        if not _holds_own_meld(laid):
            raise IllegalAction(Msg("rummikub.illegal.meld_own_sets", minimum=MELD_MIN))
        return
    if value < MELD_MIN:
        raise IllegalAction(Msg("rummikub.illegal.meld_value", value=value, minimum=MELD_MIN))


def initial_meld_value(
    table: Table, new_table: Table, laid: Sequence[int], options: Mapping[str, Any]
) -> int:
    """What an initial meld from ``table`` to ``new_table`` laying ``laid`` (rack counts)
    is worth (§5, §12.3): the numbers of the rack tiles in sets of their own, a joker
    counting as the tile it stands for.

    Flag ``initial_meld_allows_manipulation`` off: the new sets (the sets of the new table
    that were not on the old one, valid or not yet), those holding only rack tiles. On:
    the most the laid tiles are worth as disjoint valid sets of their own (the exact
    solver's best opening of them; 0 when they hold none worth :data:`MELD_MIN`).
    """
    if options.get("initial_meld_allows_manipulation"):
        return _own_meld_value(laid)
    remaining = Counter(new_table)
    for s in table:
        if remaining[s] > 0:
            remaining[s] -= 1
    return sum(set_value(s) for s in remaining.elements() if _set_ok(s))


def _own_meld_value(laid: Sequence[int]) -> int:
    from gametable.games.rummikub.solver import best_opening

    rack = [code for code in range(KINDS) for _ in range(max(laid[code], 0))]
    best = best_opening(rack, "value", min_meld=MELD_MIN)
    return 0 if best is None else best.meld_value


def _holds_own_meld(laid: Sequence[int]) -> bool:
    """Whether the ``laid`` rack tiles hold an initial meld: disjoint valid sets made only
    of them worth at least :data:`MELD_MIN`, each joker at the tile it stands for in its
    set (tiles left over are those the player adds to table sets).

    Asks the exact solver (:func:`~.solver.best_opening`, which finds the best opening of
    a rack worth at least the minimum, or none).
    """
    from gametable.games.rummikub.solver import best_opening

    rack = [code for code in range(KINDS) for _ in range(laid[code])]
    return best_opening(rack, "tiles", min_meld=MELD_MIN) is not None


def _check_group3_jokers(table: Table, new_table: Table) -> None:
    """Flag ``joker_group3_needs_both_colours``: a joker leaves a group of three only when
    both missing colours are supplied (a natural group of four of that number appears)."""
    need: Counter[int] = Counter()
    examples: dict[int, tuple[int, ...]] = {}
    for s in table:
        jokers = [p for p in s if is_joker(p)]
        if len(s) == 3 and len(jokers) == 1 and len({face_of(p) % 13 for p in s}) == 1:
            n = face_of(s[0]) % 13
            need[n] += 1
            examples[n] = s

    def natural_fours(t: Table, n: int) -> int:
        return sum(
            1 for s in t if len(s) == 4 and not any(is_joker(p) for p in s) and s[0] % 13 == n
        )

    for n, k in need.items():
        kept = sum(
            1
            for s in new_table
            if any(is_joker(p) for p in s)
            and len({face_of(p) % 13 for p in s}) == 1
            and face_of(s[0]) % 13 == n
        )
        freed_ok = natural_fours(new_table, n) - natural_fours(table, n)
        if kept + max(freed_ok, 0) < k:
            s = examples[n]
            colours = {face_of(p) // 13 for p in s if not is_joker(p)}
            missing = [tile_msg(tile(c, n + 1)) for c in range(4) if c not in colours]
            raise IllegalAction(
                Msg("rummikub.illegal.group3_joker", set=set_msg(s), missing=missing)
            )


def _check_freed_jokers(table: Table, new_table: Table, laid: Sequence[int]) -> None:
    """Flag ``freed_joker_needs_rack_tile``: a joker that ends the turn in another set than
    its own must share that set with a tile played from the rack this turn.

    Jokers and copies are indistinguishable, so: a new set holding a joker is fine if it
    holds every tile of an old set that held a joker (the joker's own set, kept or
    extended; each old set used once), or a tile of a kind laid from the rack this turn.
    A joker is compared as a joker, not by the tile it stands for: one that stays in its
    own set may change what it stands for there (``K5 R5 J=B5`` to ``K5 R5 J=O5``) without
    being freed.
    """
    old_joker_sets = [
        Counter(rack_code(p) for p in s) for s in table if any(is_joker(p) for p in s)
    ]
    for s in new_table:
        if not any(is_joker(p) for p in s):
            continue
        mine = Counter(rack_code(p) for p in s)
        for i, old in enumerate(old_joker_sets):
            if not (old - mine):
                del old_joker_sets[i]
                break
        else:
            if not any(laid[p] for p in s if not is_joker(p)) and not (
                laid[JOKER] and any(is_joker(p) for p in s)
            ):
                raise IllegalAction(Msg("rummikub.illegal.freed_joker", set=set_msg(s)))


def play_facts(
    old: Table, new: Table, laid: Sequence[int], opening: bool, options: Mapping[str, Any]
) -> dict[str, Any]:
    """What a play did, as an event's facts (tiles by the views' ids): ``laid``, the rack
    tiles laid (jokers as ``J``); ``sets``, the sets on the new table that were not on the
    old one (new or changed, canonical); ``replaced``, the old table's sets that are gone
    (changed or taken apart); and for an initial meld ``meld``, what it is worth
    (:func:`initial_meld_value`)."""
    left = Counter(new)
    replaced = []
    for s in old:
        if left[s] > 0:
            left[s] -= 1
        else:
            replaced.append([PLACED_NAMES[p] for p in s])
    facts: dict[str, Any] = {
        "laid": [TILE_NAMES[code] for code in range(KINDS) for _ in range(laid[code])],
        "sets": [[PLACED_NAMES[p] for p in s] for s in left.elements()],
        "replaced": replaced,
    }
    if opening:
        facts["meld"] = initial_meld_value(old, new, laid, options)
    return facts


_NO_FACTS: Mapping[str, Any] = {}


class Story(EventLog):
    """A state's events (:class:`~gametable.core.events.EventLog`), each decision's kept
    as the few values it was made from until someone reads it.

    Searches and simulations apply thousands of decisions a second and read the story of
    none of them: :meth:`record` stores a decision as a tuple (its turn, seat, kind and
    data: a play's tables before and after, the tile drawn …), and the event — its facts
    worked out (:func:`play_facts`), the drawn tiles as the seat's private facts — is made
    the first time it is read, then kept in its place (every copy sharing the list sees
    the same event). Everything else is the core's log: copied for free, copy on write.
    """

    __slots__ = ()

    def record(self, turn: int, seat: int, kind: str, data: Any) -> None:
        """Append the decision ``kind`` of ``seat`` (read as an event when asked for)."""
        if len(self._items) != self._n:
            self._items = self._items[: self._n]
        self._items.append((turn, seat, kind, data))  # type: ignore[arg-type]
        self._n += 1

    def _event(self, index: int) -> Event:
        item: Any = self._items[index]
        if type(item) is tuple:
            item = self._items[index] = _made(*item)
        return item  # type: ignore[no-any-return]

    def copy(self) -> Story:
        new = Story.__new__(Story)
        new._items = self._items
        new._n = self._n
        return new

    def __iter__(self) -> Iterator[Event]:
        return (self._event(i) for i in range(self._n))

    def __getitem__(self, index: int) -> Event:
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("no such event")
        return self._event(index)

    def last(self) -> Event | None:
        return self._event(self._n - 1) if self._n else None

    def to_json(self, viewer: int | None, over: bool = False) -> list[dict[str, Any]]:
        return [self._event(i).to_json(viewer, over) for i in range(self._n)]


def _made(turn: int, seat: int, kind: str, data: Any) -> Event:
    """The event of a decision :meth:`Story.record` kept."""
    if kind == "play":
        return Event(turn, seat, "play", play_facts(*data))
    if kind == "draw":
        return Event(turn, seat, "draw", _NO_FACTS, {seat: {"tiles": [TILE_NAMES[data]]}})
    if kind == "timeout":
        tiles = [TILE_NAMES[code] for code in data]
        return Event(
            turn,
            seat,
            "timeout",
            {"count": len(tiles)},
            {seat: {"tiles": tiles}} if tiles else None,
        )
    return Event(turn, seat, kind, _NO_FACTS)


def json_copy(value: Any) -> Any:
    """``value`` with every list and object in it copied: the events' facts are shared by
    every view and clone, and a view is the caller's to change."""
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    return value


def table_set_facts(s: Sequence[int]) -> dict[str, Any]:
    """What a view says of a set on the table: its ``kind`` (``"run"`` or ``"group"``) and
    ``value``; for a set holding jokers that could stand for other tiles there, every way
    it reads (``readings``, tile ids) and the one it is (``reading``)."""
    out: dict[str, Any] = {"kind": set_kind(s), "value": set_value(s)}
    if any(is_joker(p) for p in s):
        readings = joker_readings([rack_code(p) for p in s])
        if len(readings) > 1 and tuple(s) in readings:
            out["readings"] = [[PLACED_NAMES[p] for p in r] for r in readings]
            out["reading"] = readings.index(tuple(s))
    return out


class RummikubState(State):
    """A game of Rummikub in progress (see the module docstring for the turn structure).

    Its story is :attr:`events` (:mod:`gametable.core.events`), one event per decision —
    ``play`` (facts: :func:`play_facts`), ``draw`` (the tile, ``tiles``, known only to the
    seat that drew it), ``pass``, ``timeout`` (``count`` penalty tiles drawn; which ones,
    ``tiles``, only for that seat) — and ``end`` when the game ends (``end``: ``went_out``
    or ``blocked``; ``winners``). Events belong to the turn of their decision, counted
    from 1.
    """

    __slots__ = (
        "current",
        "events",
        "game",
        "melded",
        "options",
        "over",
        "passes",
        "players",
        "pool",
        "racks",
        "setup",
        "table",
        "turn",
        "winner",
    )

    def __init__(
        self,
        game: Game,
        players: int,
        setup: Any,
        options: Mapping[str, Any],
        racks: list[list[int]],
        pool: list[int],
        first: int,
    ) -> None:
        self.game = game
        self.players = players
        self.setup = setup
        self.options = options
        self.racks = racks
        """Per seat, tile counts per code (length 53)."""
        self.pool = pool
        """The pool in drawing order: ``pool[-1]`` is drawn next."""
        self.table: Table = ()
        self.melded = [False] * players
        self.current = first
        self.turn = 0
        """Decisions made so far (the turn being played is ``turn + 1``)."""
        self.passes = 0
        """Consecutive turns without a tile placed since the pool ran out."""
        self.over = False
        self.winner: int | None = None
        """The seat that emptied its rack, if one did."""
        self.events = Story()
        """What happened, oldest first (see the class docstring)."""

    # -- protocol ------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.over

    def turn_time_limit(self) -> float | None:
        limit = self.options.get("turn_seconds")
        return None if limit is None else float(limit)

    def timeout_action(self, seat: int) -> Timeout | None:
        """The rulebook's timeout rule (§8): whatever clock ran out, the turn is undone
        and three penalty tiles are drawn."""
        return TIMEOUT

    def clone(self) -> RummikubState:
        new = object.__new__(RummikubState)
        new.game = self.game
        new.players = self.players
        new.setup = self.setup
        new.options = self.options
        new.racks = [r[:] for r in self.racks]
        new.pool = self.pool[:]
        new.table = self.table
        new.melded = self.melded[:]
        new.current = self.current
        new.turn = self.turn
        new.passes = self.passes
        new.over = self.over
        new.winner = self.winner
        new.events = self.events.copy()
        return new

    def legal_actions(self, seat: int) -> list[Action]:
        """Drawing (or passing) plus plays found by :func:`~.moves.simple_plays`.

        Not every legal play is listed (there are too many); :meth:`apply` accepts any.
        """
        check_seat(seat, self.players)
        if self.over or seat != self.current:
            return []
        from gametable.games.rummikub.moves import simple_plays

        out: list[Action] = [DRAW if self.pool else PASS]
        out.extend(simple_plays(self.table, self.racks[seat], self.melded[seat], self.options))
        return out

    def apply(self, seat: int, action: Any) -> None:
        check_seat(seat, self.players)
        if self.over:
            raise IllegalAction(Msg("rummikub.illegal.over"))
        if seat != self.current:
            raise IllegalAction(Msg("rummikub.illegal.not_your_turn", current=Seat(self.current)))
        turn = self.turn + 1
        if isinstance(action, Play):
            melded = self.melded[seat]
            laid = check_play(self.table, self.racks[seat], melded, action.table, self.options)
            rack = self.racks[seat]
            for code in range(KINDS):
                if laid[code]:
                    rack[code] -= laid[code]
            self.melded[seat] = True
            self.passes = 0
            self.events.record(
                turn, seat, "play", (self.table, action.table, laid, not melded, self.options)
            )
            self.table = action.table
            if not any(rack):
                self.over = True
                self.winner = seat
                self.turn = turn
                self.events.append(Event(turn, None, "end", {"end": "went_out", "winners": [seat]}))
                return
        elif isinstance(action, Draw):
            if not self.pool:
                raise IllegalAction(Msg("rummikub.illegal.pool_empty"))
            code = self.pool.pop()
            self.racks[seat][code] += 1
            self.events.record(turn, seat, "draw", code)
        elif isinstance(action, Pass):
            if self.pool:
                raise IllegalAction(Msg("rummikub.illegal.pool_not_empty", count=len(self.pool)))
            self.passes += 1
            self.events.record(turn, seat, "pass", None)
        elif isinstance(action, Timeout):
            if not self.pool:
                self.passes += 1
            drawn = []
            for _ in range(min(TIMEOUT_PENALTY, len(self.pool))):
                code = self.pool.pop()
                self.racks[seat][code] += 1
                drawn.append(code)
            self.events.record(turn, seat, "timeout", tuple(drawn))
        else:
            raise IllegalAction(Msg("rummikub.illegal.not_a_move"))
        self.turn = turn
        if self.passes >= self.players:
            self.over = True
            values = [self.rack_value(s) for s in range(self.players)]
            low = min(values)
            winners = [s for s in range(self.players) if values[s] == low]
            self.events.append(Event(turn, None, "end", {"end": "blocked", "winners": winners}))
            return
        self.current = (seat + 1) % self.players

    # -- views and results ----------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know: its own rack, the table (with what each set is,
        ``table_sets``: :func:`table_set_facts`), the sizes of the other racks and of the
        pool, who has melded, the rules' numbers a table shows (``initial_meld``, the least
        an initial meld is worth; ``timeout_penalty``, the tiles drawn when time runs out),
        and the whole game's
        story (``history``: a drawn tile is named only to the seat that drew it). Other
        racks and the pool order are hidden."""
        check_seat(seat, self.players, spectator=True)
        view: View = {
            "game": "rummikub",
            "players": self.players,
            "seat": seat,
            "to_act": list(self.to_act),
            "current": self.current,
            "phase": "over" if self.over else "play",
            "turn": self.turn,
            "rack": None if seat is None else rack_names(self.racks[seat]),
            "rack_sizes": [sum(r) for r in self.racks],
            "pool_size": len(self.pool),
            "table": [[PLACED_NAMES[p] for p in s] for s in self.table],
            "table_sets": [table_set_facts(s) for s in self.table],
            "melded": list(self.melded),
            "passes": self.passes,
            "initial_meld": MELD_MIN,
            "timeout_penalty": TIMEOUT_PENALTY,
            "history": [json_copy(e) for e in self.events.to_json(seat, self.over)],
            "options": dict(self.options),
        }
        if self.over:
            view["result"] = self.result().to_json()
        return view

    def rack_value(self, seat: int) -> int:
        """The penalty value of ``seat``'s rack (a joker counts ``joker_penalty``)."""
        penalty = self.options.get("joker_penalty", 30)
        rack = self.racks[seat]
        return sum(tile_value(code, penalty) * rack[code] for code in range(KINDS) if rack[code])

    def result(self) -> Result:
        if not self.over:
            raise GameError("the game is not over")
        return score_game(
            [self.rack_value(s) for s in range(self.players)],
            self.winner,
            [rack_names(r) for r in self.racks],
        )


def score_game(
    rack_values: Sequence[int], went_out: int | None, racks: Sequence[Sequence[str]] = ()
) -> Result:
    """Scores of a finished game (§9-§10, §12.11).

    A player went out: each other player scores minus their rack value, the winner plus
    the sum. Otherwise (pool empty, a full cycle of passes): the lowest rack value wins;
    every other player scores −(own − lowest); the winners share the sum equally (an exact
    fraction when it does not divide).
    """
    n = len(rack_values)
    scores: list[Score]
    if went_out is not None:
        scores = [-v for v in rack_values]
        scores[went_out] = sum(rack_values) - rack_values[went_out]
        winners = [went_out]
        reason = "went_out"
    else:
        low = min(rack_values)
        winners = [s for s in range(n) if rack_values[s] == low]
        pot = sum(v - low for v in rack_values)
        share: Score = Fraction(pot, len(winners))
        if share.denominator == 1:
            share = int(share)
        scores = [share if s in winners else -(rack_values[s] - low) for s in range(n)]
        reason = "blocked"
    ranks, tiebreak = rank_by_keys([(s,) for s in scores], ["points"])
    details = {
        "end": reason,
        "rack_values": list(rack_values),
        "racks": [list(r) for r in racks],
        "winners": winners,
    }
    return Result(tuple(scores), ranks, tiebreak, details)


def first_player_from_draws(players: int, draws: Sequence[Sequence[int]]) -> int:
    """Who starts: each round, the seats still tied draw one tile each (in seat order); the
    highest number wins, a joker counts 0; tied seats draw again (§12.12). Raises
    :class:`ValueError` if the rounds do not decide."""
    contenders = list(range(players))
    for rnd in draws:
        if len(rnd) != len(contenders):
            raise ValueError(
                f"a first-player round needs one tile per contender ({len(contenders)}), "
                f"got {len(rnd)}"
            )
        values = [0 if t == JOKER else t % 13 + 1 for t in rnd]
        best = max(values)
        contenders = [s for s, v in zip(contenders, values, strict=True) if v == best]
        if len(contenders) == 1:
            return contenders[0]
    raise ValueError("the first-player draws do not decide who starts")


__all__ = [
    "COLOUR_NAMES",
    "DRAW",
    "JOKER_BASE",
    "MELD_MIN",
    "PASS",
    "RACK_SIZE",
    "TIMEOUT",
    "TIMEOUT_PENALTY",
    "Action",
    "Draw",
    "Pass",
    "Play",
    "RummikubState",
    "Story",
    "Timeout",
    "canonical_set",
    "check_play",
    "first_player_from_draws",
    "initial_meld_value",
    "make_play",
    "play_facts",
    "score_game",
    "table_set_facts",
    "tiles_missing",
]
