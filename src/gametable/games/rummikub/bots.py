"""Rummikub bots: ``random``, ``greedy`` and ``solver``.

- :class:`RandomAgent` picks uniformly among the listed legal decisions (the draw or pass
  and the plays of :func:`~.moves.simple_plays`).
- :class:`GreedyAgent` lays what it can without rearranging the table: the best opening
  from its rack when it can, afterwards the most tiles in new sets from its rack alone,
  then single tiles added to the ends of runs and to groups of three.
- :class:`SolverAgent` rearranges the whole table with the exact solver to lay the most
  value, but holds its jokers back while it can still lay something without them (unless
  the joker play empties its rack), and opens without jokers when it can.

Every bot decides from its view only and checks its play with the rules before returning
it (falling back to drawing, which is always legal).

For search, :class:`GreedyAgent` also offers what ISMCTS (``--seats ismcts``) uses by
default in Rummikub: a fast playout policy on full states
(:meth:`~GreedyAgent.playout_action`: :func:`quick_table`, a greedy play found without
the solver, else draw) and a position estimate (:meth:`~GreedyAgent.playout_value`, a
logistic model of the tiles left) that ends each playout after
:attr:`~GreedyAgent.playout_depth` decisions. The
search's root still offers the solver bot's rearrangement, so the search chooses between
it, drawing and the simple plays by what follows a few turns later.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from gametable.agents.clock import TurnClock
from gametable.core.errors import IllegalAction
from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng
from gametable.games.rummikub.moves import cheap_opening, extensions, rack_sets
from gametable.games.rummikub.notation import view_table
from gametable.games.rummikub.solver import (
    Solution,
    SolverTimeout,
    best_opening,
    best_play,
    solve,
    warm_up,
)
from gametable.games.rummikub.state import (
    DRAW,
    PASS,
    Play,
    RummikubState,
    check_play,
    make_play,
)
from gametable.games.rummikub.tiles import (
    JOKER,
    JOKER_BASE,
    KINDS,
    Table,
    counts_of,
    parse_tile,
    tiles_of,
)

VALUE_WEIGHTS = (0.02, 1.33, 0.0, 0.3, 0.0, 0.044)
"""Playout value coefficients (see :meth:`GreedyAgent.playout_value`): per tile, per tile
times the game's progress (the share of the starting pool drawn), per 10 rack points, per
joker held, for having melded, for being the seat to act.

Fitted by logistic regression (Newton's method) on 55,000 positions of 800 seeded
2-player ``solver``-vs-``greedy`` games (seeds 300000-300799, seats alternating): each
position's features of one seat minus the other's against whether that seat won (held-out
log-loss 0.457 against 0.693 for a coin). The raw fit gave the plain tile count, the
points and the meld status small weights of either sign (they move with the progress
term and with who plays better), so the points and the meld status are left at zero and
the tile count gets a small positive weight (0.02, a tie-break early in the game): the
estimate always prefers fewer tiles, much more so as the pool empties, and jokers held."""
_POINTS = [c % 13 + 1 for c in range(52)] + [0]
"""A rack tile's number (a joker: 0; jokers have their own coefficient)."""

_FLAGS = frozenset(
    (
        "initial_meld_allows_manipulation",
        "joker_group3_needs_both_colours",
        "freed_joker_needs_rack_tile",
    )
)
"""Rules flags that may forbid a play :func:`quick_table` finds."""


def _context(view: View) -> tuple[Table, list[int], bool, Mapping[str, Any]]:
    seat = view["seat"]
    rack = counts_of(parse_tile(t) for t in view["rack"])
    return view_table(view), rack, bool(view["melded"][seat]), view["options"]


def _fallback(view: View) -> Action:
    return DRAW if view["pool_size"] else PASS


def _checked(view: View, table: Table, rack: list[int], melded: bool, new: Table) -> Action:
    play = make_play(new)
    try:
        check_play(table, rack, melded, play.table, view["options"])
    except IllegalAction:
        return _fallback(view)
    return play


class RandomAgent:
    """A random legal play or draw (uniform over the listed decisions)."""

    name = "random"

    def __init__(self, game: Game | None = None, seat: int = 0) -> None:
        pass

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(legal)


def greedy_table(table: Table, rack: list[int], melded: bool) -> Table | None:
    """The greedy play's new table (``None``: nothing to lay without rearranging)."""
    if not melded:
        sol = best_opening(tiles_of(rack))
        return None if sol is None else (*table, *sol.table)
    own = solve([0] * KINDS, rack, "tiles")
    assert own is not None
    new: Table = (*table, *own.table)
    left = rack[:]
    for code in own.laid:
        left[code] -= 1
    while True:
        options = extensions(new, left)
        if not options:
            break
        new = options[0]
        left = [rack[c] for c in range(KINDS)]
        used = counts_of(p for s in new for p in s)
        base = counts_of(p for s in table for p in s)
        left = [rack[c] - (used[c] - base[c]) for c in range(KINDS)]
    return None if new == table else new


def quick_table(table: Table, rack: Sequence[int], melded: bool) -> Table | None:
    """The playout policy's new table, found without search (``None``: nothing to lay).

    Before the initial meld: the opening of :func:`~.moves.cheap_opening` (the rack's
    runs and groups, highest first, until they are worth 30). After it: the rack's own
    maximal runs and full groups, longest first, while they do not share a tile; then
    rack tiles added to the ends of runs and to groups of three, as long as any fits. A
    joker is laid (at a run's end or into a group of three) only when that empties the
    rack. The table's sets are never split or rebuilt. The answer is canonical (sorted
    sets, each in canonical order) and always a legal play for ``rack``.
    """
    if not melded:
        opening = cheap_opening(rack)
        return None if opening is None else tuple(sorted((*table, *opening)))
    left = list(rack)
    sets = list(table)
    laid = False
    found = rack_sets(left)
    while found:
        found.sort(key=len, reverse=True)
        again = False  # look again only if a set was skipped or a tile had a copy left
        for s in found:
            if all(left[t] for t in s):
                for t in s:
                    left[t] -= 1
                    again |= left[t] > 0
                sets.append(s)
                laid = True
            else:
                again = True
        found = rack_sets(left) if again else []
    laid |= _extend(sets, left, True)
    if not laid:
        return None
    return tuple(sorted(sets))


def _extend(sets: list[tuple[int, ...]], left: list[int], jokers: bool) -> bool:
    """Add ``left``'s number tiles to run ends and groups of three in ``sets`` (in place),
    then its jokers too if ``jokers``; whether anything was added."""
    added = False
    grown = True
    while grown:
        grown = False
        for i, s in enumerate(sets):
            f0 = s[0] - JOKER_BASE if s[0] >= JOKER_BASE else s[0]
            f1 = s[1] - JOKER_BASE if s[1] >= JOKER_BASE else s[1]
            if f0 % 13 == f1 % 13:  # a group
                if len(s) != 3:
                    continue
                n = f0 % 13
                have = {(p - JOKER_BASE if p >= JOKER_BASE else p) // 13 for p in s}
                for c in range(4):
                    if c not in have and left[c * 13 + n]:
                        left[c * 13 + n] -= 1
                        sets[i] = _group(s, c * 13 + n)
                        grown = added = True
                        break
                continue
            lo = f0
            hi = s[-1] - JOKER_BASE if s[-1] >= JOKER_BASE else s[-1]
            head: list[int] = []
            while lo % 13 > 0 and left[lo - 1]:
                lo -= 1
                left[lo] -= 1
                head.append(lo)
            tail: list[int] = []
            while hi % 13 < 12 and left[hi + 1]:
                hi += 1
                left[hi] -= 1
                tail.append(hi)
            if head or tail:
                head.reverse()
                sets[i] = (*head, *s, *tail)
                grown = added = True
    if jokers and left[JOKER]:
        for i, s in enumerate(sets):
            if not left[JOKER]:
                break
            f0 = s[0] - JOKER_BASE if s[0] >= JOKER_BASE else s[0]
            f1 = s[1] - JOKER_BASE if s[1] >= JOKER_BASE else s[1]
            if f0 % 13 == f1 % 13:
                if len(s) == 3:
                    have = {(p - JOKER_BASE if p >= JOKER_BASE else p) // 13 for p in s}
                    c = next(c for c in range(4) if c not in have)
                    left[JOKER] -= 1
                    sets[i] = _group(s, JOKER_BASE + c * 13 + f0 % 13)
                    added = True
                continue
            hi = s[-1] - JOKER_BASE if s[-1] >= JOKER_BASE else s[-1]
            if hi % 13 < 12:
                left[JOKER] -= 1
                sets[i] = (*s, JOKER_BASE + hi + 1)
                added = True
            elif f0 % 13 > 0:
                left[JOKER] -= 1
                sets[i] = (JOKER_BASE + f0 - 1, *s)
                added = True
    return added


def _group(s: tuple[int, ...], placed: int) -> tuple[int, ...]:
    """Group ``s`` with ``placed`` added, in canonical (colour) order."""
    return tuple(sorted((*s, placed), key=lambda p: p - JOKER_BASE if p >= JOKER_BASE else p))


class GreedyAgent:
    """Lays what it can without rearranging (see the module docstring)."""

    name = "greedy"

    def __init__(self, game: Game | None = None, seat: int = 0) -> None:
        pass

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        table, rack, melded, _ = _context(view)
        new = greedy_table(table, rack, melded)
        if new is None:
            return _fallback(view)
        return _checked(view, table, rack, melded, new)

    # -- the fast playout policy for search (ISMCTS) ---------------------------------------

    def playout_action(self, state: RummikubState, seat: int, rand: Any) -> Action:
        """A quick decision on a full state: lay :func:`quick_table`, else draw (or pass).

        ISMCTS plays its playouts with this (``rollout="auto"``); ``rand`` is unused (the
        policy is deterministic). With a rules flag on, the play is checked and replaced
        by a draw if the flag forbids it.
        """
        new = quick_table(state.table, state.racks[seat], state.melded[seat])
        if new is not None:
            play = Play(new)
            if _FLAGS.isdisjoint(k for k, v in state.options.items() if v):
                return play
            try:
                check_play(state.table, state.racks[seat], state.melded[seat], new, state.options)
            except IllegalAction:
                pass
            else:
                return play
        return DRAW if state.pool else PASS

    playout_depth = 4
    """Decisions a search playout plays with :meth:`playout_action` before
    :meth:`playout_value` stands in for the rest of the game."""

    def playout_value(self, state: RummikubState) -> list[float]:
        """Per seat, an estimate in [0, 1] of the share of the other seats it will beat.

        Each pair of seats is compared with a logistic model of the difference of their
        tiles left, rack points, jokers held and initial-meld status, the tile weight
        growing as the pool empties, plus a bonus for the seat to act (coefficients
        :data:`VALUE_WEIGHTS`, fitted on seeded bot games: see its docstring). A finished
        game is valued by its result (1 beaten, 0.5 tied, per other seat).
        """
        n = state.players
        if state.over:
            ranks = state.result().ranks
            return [
                (sum(1 for r in ranks if r > ranks[s]) + 0.5 * (ranks.count(ranks[s]) - 1))
                / (n - 1)
                for s in range(n)
            ]
        w_tiles, w_tiles_late, w_points, w_jokers, w_melded, w_turn = VALUE_WEIGHTS
        late = max(0.0, 1.0 - len(state.pool) / (106 - 14 * n))
        w_t = w_tiles + w_tiles_late * late
        strength = []
        for s in range(n):
            rack = state.racks[s]
            tiles = sum(rack)
            jokers = rack[JOKER]
            points = sum(_POINTS[c] * k for c, k in enumerate(rack) if k) if w_points else 0
            x = -w_t * tiles - w_points * points / 10 + w_jokers * jokers
            if state.melded[s]:
                x += w_melded
            if s == state.current:
                x += w_turn
            strength.append(x)
        exp = math.exp
        out = []
        for s in range(n):
            mine = strength[s]
            total = 0.0
            for t in range(n):
                if t != s:
                    d = mine - strength[t]
                    total += 1.0 / (1.0 + exp(-d)) if d > -50 else 0.0
            out.append(total / (n - 1))
        return out


def solver_choice(
    table: Table,
    rack: list[int],
    melded: bool,
    hold_jokers: bool = True,
    deadline: float | None = None,
) -> Solution | None:
    """The solver bot's play as a :class:`Solution` (``None``: draw).

    With a ``deadline`` (a :func:`time.perf_counter` time) it raises
    :class:`~gametable.games.rummikub.solver.SolverTimeout` once past it.
    """
    if not melded:
        if hold_jokers and rack[JOKER]:
            plain = rack[:]
            plain[JOKER] = 0
            sol = best_opening(tiles_of(plain), "value", deadline=deadline)
            if sol is not None:
                return sol
        return best_opening(tiles_of(rack), "value", deadline=deadline)
    full = best_play(table, tiles_of(rack), "value", deadline=deadline)
    if full.tiles == 0:
        return None
    if full.tiles == sum(rack) or not hold_jokers or not rack[JOKER]:
        return full
    plain = rack[:]
    plain[JOKER] = 0
    without = best_play(table, tiles_of(plain), "value", deadline=deadline)
    return without if without.tiles > 0 else full


class SolverAgent:
    """Exact rearrangement for the most value, holding jokers back (module docstring).

    Parameters: ``hold_jokers`` (default true) turns the holding back off when false;
    ``seconds`` (default none: no clock) is a time budget per turn, kept as a promise
    (:mod:`gametable.agents.clock`): a solve still running at the turn's deadline is
    dropped for the greedy bot's play (milliseconds; the solver takes a few at the median,
    but tens on the hardest tables).
    """

    name = "solver"

    def __init__(
        self,
        game: Game | None = None,
        seat: int = 0,
        hold_jokers: bool = True,
        seconds: float | None = None,
    ) -> None:
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        self.game = game
        self.hold_jokers = hold_jokers
        self.seconds = seconds
        self.clock = None if seconds is None else TurnClock(seconds)
        if seconds is not None:
            warm_up()  # not inside a turn
        self.timed_out = 0
        """How many decisions fell back to the greedy play at the deadline."""

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        deadline = None
        if self.clock is not None:
            deadline = self.clock.deadline(self.game, view)
        table, rack, melded, _options = _context(view)
        try:
            sol = solver_choice(table, rack, melded, self.hold_jokers, deadline)
        except SolverTimeout:
            self.timed_out += 1
            fallback = greedy_table(table, rack, melded)
            if fallback is None:
                return _fallback(view)
            return _checked(view, table, rack, melded, fallback)
        if sol is None:
            return _fallback(view)
        new = sol.table if melded else (*table, *sol.table)
        action = _checked(view, table, rack, melded, new)
        if isinstance(action, Play):
            return action
        # a flag forbids this rearrangement: lay what the greedy way allows
        greedy = greedy_table(table, rack, melded)
        return _fallback(view) if greedy is None else _checked(view, table, rack, melded, greedy)
