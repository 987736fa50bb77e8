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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from gametable.core.errors import GameError, IllegalAction
from gametable.core.game import Game, Result, Score, State, View, check_seat, rank_by_keys
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
    COLOURS,
    JOKER,
    JOKER_BASE,
    KINDS,
    Table,
    canonical_set,
    face_of,
    is_joker,
    placed_name,
    rack_code,
    set_error,
    set_name,
    set_value,
    tile_name,
    tile_value,
)

RACK_SIZE = 14
MELD_MIN = 30
TIMEOUT_PENALTY = 3

Entry = tuple[int, str, int, str | tuple[Table, Table], tuple[int, ...] | int]
"""A remembered decision: (seat, ``"play"``/``"draw"``/``"pass"``/``"timeout"``, rack tiles
laid, the play's changes — a text, or the tables before and after, written only when a
view asks —, the tiles drawn — or only how many, when a determinized state does not know
them)."""


def rack_names(counts: Sequence[int]) -> list[str]:
    """A rack's tiles as names, by colour then number, jokers last."""
    return [tile_name(code) for code in range(KINDS) for _ in range(counts[code])]


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
                raise IllegalAction(set_error(s) or f"{set_name(s)} is not a valid set")
            if len(valid) >= 65536:
                valid.clear()
            valid.add(s)
    old = _counts(table)
    new = _counts(new_table)
    laid = [n - o for n, o in zip(new, old, strict=True)]
    if min(laid) < 0:
        missing = Counter({code: -k for code, k in enumerate(laid) if k < 0})
        names = []
        for code, k in sorted(missing.items()):
            name = "a joker" if code == JOKER else tile_name(code)
            names.append(name + (f" (x{k})" if k > 1 else ""))
        verb = "is" if len(names) == 1 and sum(missing.values()) == 1 else "are"
        raise IllegalAction(
            f"{', '.join(names)} from the table {verb} missing: every tile on the table must "
            "stay on the table"
        )
    if any(map(int.__gt__, laid, rack)):
        short = Counter({code: k - rack[code] for code, k in enumerate(laid) if k > rack[code]})
        parts = []
        for code, _ in sorted(short.items()):
            have, name = rack[code], "a joker" if code == JOKER else tile_name(code)
            lays = name if laid[code] == 1 else f"{laid[code]} × {name}"
            parts.append(f"{lays} but your rack has " + ("none" if have == 0 else str(have)))
        raise IllegalAction(
            "the play lays " + "; ".join(parts) + " (every tile added comes from your rack)"
        )
    if not any(laid):
        raise IllegalAction("a play must lay at least one tile from your rack (or draw)")
    if not melded:
        _check_initial_meld(table, new_table, laid, options)
    else:
        if options.get("joker_group3_needs_both_colours"):
            _check_group3_jokers(table, new_table)
        if options.get("freed_joker_needs_rack_tile"):
            _check_freed_jokers(table, new_table, laid)
    return laid


def _check_initial_meld(
    table: Table, new_table: Table, laid: Sequence[int], options: Mapping[str, Any]
) -> None:
    if not options.get("initial_meld_allows_manipulation"):
        remaining = Counter(new_table)
        for s in table:
            if remaining[s] > 0:
                remaining[s] -= 1
            else:
                raise IllegalAction(
                    f"before your initial meld you may not change the table: set {set_name(s)} "
                    "was changed (the initial meld is new sets from your own rack only)"
                )
        new_sets = list(remaining.elements())
        value = sum(set_value(s) for s in new_sets)
    else:
        old_faces = _joker_faces(table)
        new_faces = _joker_faces(new_table)
        if old_faces - new_faces:
            gone = ", ".join(
                "J=" + tile_name(f) for f in sorted((old_faces - new_faces).elements())
            )
            raise IllegalAction(
                f"before your initial meld you may not take a joker from the table ({gone} "
                "no longer stands for that tile)"
            )
        if not _holds_own_meld(laid):
            raise IllegalAction(
                "before reworking the table, the tiles you lay from your rack must form sets "
                f"of their own worth at least {MELD_MIN} (your initial meld, a joker counting "
                "as the tile it stands for); tiles you add to table sets do not count"
            )
        return
    if value < MELD_MIN:
        raise IllegalAction(
            f"initial meld is worth {value}, needs {MELD_MIN} (from your own rack, a joker "
            "counting as the tile it stands for)"
        )


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
            missing = [f"{COLOURS[c]}{n + 1}" for c in range(4) if c not in colours]
            raise IllegalAction(
                f"the joker of group {set_name(s)} may leave it only when both missing colours "
                f"({' and '.join(missing)}) complete the group (flag "
                "joker_group3_needs_both_colours)"
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
                raise IllegalAction(
                    f"the joker in {set_name(s)} was freed from another set and must be played "
                    "with a tile from your rack this turn (flag freed_joker_needs_rack_tile)"
                )


def delta_notation(old: Table, new: Table, refs: bool = True) -> str:
    """A play as the sets it adds or changes: ``s<k>`` names old set k (1-based, as shown)
    that was removed or rebuilt (left out when ``refs`` is false), followed by the new
    sets (the human notation)."""
    left = Counter(new)
    removed: list[int] = []
    for i, s in enumerate(old):
        if left[s] > 0:
            left[s] -= 1
        else:
            removed.append(i + 1)
    body = " | ".join(set_name(s) for s in left.elements())
    if not refs:
        return body
    return (" ".join(f"s{k}" for k in removed) + " " + body).strip()


class RummikubState(State):
    """A game of Rummikub in progress (see the module docstring for the turn structure)."""

    __slots__ = (
        "_last",
        "_prev",
        "current",
        "drawn",
        "game",
        "melded",
        "options",
        "over",
        "passes",
        "players",
        "pool",
        "racks",
        "recent",
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
        self.passes = 0
        """Consecutive turns without a tile placed since the pool ran out."""
        self.over = False
        self.winner: int | None = None
        """The seat that emptied its rack, if one did."""
        self._last: tuple[int, Any, int, str] | None = None
        self._prev: Table | None = None
        """The table before the last play, until :attr:`last` has written its changes."""
        self.drawn: tuple[int, tuple[int, ...]] | None = None
        """(seat, tiles) drawn by the last decision, shown only to that seat."""
        self.recent: tuple[Entry, ...] = ()
        """The last decisions (at most one per seat, so every seat's own last decision
        and all that followed it), oldest first: see :data:`Entry`."""

    @property
    def last(self) -> tuple[int, Any, int, str] | None:
        """(seat, action, tiles laid, the sets it added or changed) of the last decision."""
        if self._prev is not None:
            assert self._last is not None
            seat, action, laid, _ = self._last
            self._last = (seat, action, laid, delta_notation(self._prev, action.table, refs=False))
            self._prev = None
        return self._last

    @last.setter
    def last(self, value: tuple[int, Any, int, str] | None) -> None:
        self._last = value
        self._prev = None

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
        new._last = self._last
        new._prev = self._prev
        new.drawn = self.drawn
        new.recent = self.recent
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
            raise IllegalAction("the game is over")
        if seat != self.current:
            raise IllegalAction(f"it is seat {self.current}'s turn, not seat {seat}'s")
        if isinstance(action, Play):
            laid = check_play(
                self.table, self.racks[seat], self.melded[seat], action.table, self.options
            )
            rack = self.racks[seat]
            for code in range(KINDS):
                if laid[code]:
                    rack[code] -= laid[code]
            self.melded[seat] = True
            self.passes = 0
            self.drawn = None
            # the changes are written when asked for (views), not in every search playout
            self._last = (seat, action, sum(laid), "")
            self._prev = self.table
            self._remember((seat, "play", sum(laid), (self.table, action.table), ()))
            self.table = action.table
            if not any(rack):
                self.over = True
                self.winner = seat
                return
        elif isinstance(action, Draw):
            if not self.pool:
                raise IllegalAction("the pool is empty: pass instead of drawing")
            tile = self.pool.pop()
            self.racks[seat][tile] += 1
            self.drawn = (seat, (tile,))
            self.last = (seat, action, 0, "")
            self._remember((seat, "draw", 0, "", (tile,)))
        elif isinstance(action, Pass):
            if self.pool:
                raise IllegalAction(
                    f"the pool still has {len(self.pool)} tiles: draw instead of passing"
                )
            self.passes += 1
            self.drawn = None
            self.last = (seat, action, 0, "")
            self._remember((seat, "pass", 0, "", ()))
        elif isinstance(action, Timeout):
            if not self.pool:
                self.passes += 1
            drawn = []
            for _ in range(min(TIMEOUT_PENALTY, len(self.pool))):
                tile = self.pool.pop()
                self.racks[seat][tile] += 1
                drawn.append(tile)
            self.drawn = (seat, tuple(drawn))
            self.last = (seat, action, 0, "")
            self._remember((seat, "timeout", 0, "", tuple(drawn)))
        else:
            raise IllegalAction(
                "that is not a Rummikub move: a turn is a play, 'draw', 'pass' or a timeout"
            )
        self.turn += 1
        if self.passes >= self.players:
            self.over = True
            return
        self.current = (seat + 1) % self.players

    def _remember(self, entry: Entry) -> None:
        keep = self.players - 1
        self.recent = (*self.recent[-keep:], entry)

    # -- views and results ----------------------------------------------------------------

    def recent_view(self, seat: int | None) -> list[dict[str, Any]]:
        """The decisions since ``seat``'s own last one (that one included), oldest first;
        for the spectator, the last round. Each is ``{"seat", "move"}`` (``play``,
        ``draw``, ``pass`` or ``timeout``) with, for a play, ``laid`` (tiles from the rack)
        and ``changes`` (the sets it added or rebuilt), and for a draw or a timeout
        ``drawn_count``; the tiles themselves (``drawn``) only for the seat that drew them.
        """
        if any(not isinstance(entry[3], str) for entry in self.recent):
            # write each play's changes once (as :attr:`last` does), not in every view
            self.recent = tuple(
                entry
                if isinstance(entry[3], str)
                else (*entry[:3], delta_notation(entry[3][0], entry[3][1], refs=False), entry[4])
                for entry in self.recent
            )
        entries = self.recent
        if seat is not None:
            for i in range(len(entries) - 1, -1, -1):
                if entries[i][0] == seat:
                    entries = entries[i:]
                    break
        out: list[dict[str, Any]] = []
        for lseat, kind, laid, changes, drawn in entries:
            item: dict[str, Any] = {"seat": lseat, "move": kind}
            if kind == "play":
                item["laid"] = laid
                item["changes"] = changes
            elif kind in ("draw", "timeout"):
                item["drawn_count"] = drawn if isinstance(drawn, int) else len(drawn)
                if lseat == seat and not isinstance(drawn, int):
                    item["drawn"] = [tile_name(t) for t in drawn]
            out.append(item)
        return out

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know: its own rack, the table, the sizes of the other racks
        and of the pool, who has melded, and the last decision (a drawn tile is shown only
        to the seat that drew it). Other racks and the pool order are hidden."""
        check_seat(seat, self.players, spectator=True)
        last: dict[str, Any] | None = None
        if self.last is not None:
            lseat, action, laid, changes = self.last
            last = {
                "seat": lseat,
                "action": self.game.format_action(action),
                "laid": laid,
                "changes": changes,
            }
            if self.drawn is not None and self.drawn[0] == seat == lseat:
                last["drawn"] = [tile_name(t) for t in self.drawn[1]]
            elif self.drawn is not None and self.drawn[0] == lseat:
                last["drawn_count"] = len(self.drawn[1])
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
            "table": [[placed_name(p) for p in s] for s in self.table],
            "melded": list(self.melded),
            "passes": self.passes,
            "last": last,
            "recent": self.recent_view(seat),
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
    "Action",
    "Draw",
    "Pass",
    "Play",
    "RummikubState",
    "Timeout",
    "canonical_set",
    "check_play",
    "first_player_from_draws",
    "make_play",
    "score_game",
]
