"""An exact Rummikub move solver: the table rearrangement that lays the most tiles or value.

Method: dynamic programming over the 52 number-tile positions ``(number, colour)``, numbers
1 to 13 and colours K R B O within each number, in the spirit of van Rijn, Takes & Vis
(2015), extended to jokers placed anywhere.

An arrangement of the table is described by how many *virtual tiles* stand at each
position: real tiles of that number and colour plus jokers standing for it. The state
between positions records, per colour, how many runs are open and how long they are
(1, 2, or 3 and more: ``(a1, a2, a3)``), the tiles put aside for groups at the current
number (their total ``S`` and the largest count of one colour ``M``), the jokers used so
far and, for an opening, the meld value reached (capped at the target). At each position
the choice is how many real tiles and jokers stand there, and how they split between
extending runs (every run shorter than 3 *must* be extended; runs of 3+ may end), starting
runs, and groups. After the last colour of a number, jokers may join its groups (any
missing colour will do, so they are added there once rather than per colour), and the group
tiles must split into groups of 3-4 distinct colours: possible exactly when
``max(M, ceil(S/4)) <= S // 3``. After 13,
no run may be shorter than 3. Every valid arrangement is such a path and every path is a
valid arrangement, so the optimum over paths is exact. The arrangement itself is rebuilt
from the optimal path (runs from the run choices, groups by dealing each colour's tiles to
the currently smallest groups, which keeps them 3-4 tiles each).

Speed-ups that keep it exact (see :func:`solve`): unusable rack tiles dropped; runs of 3+
beyond what the next position can extend merged; score thresholds, the first one from the
LP relaxation on the hard positions; states dominated in the colour just placed (one run
longer or one more run of 3+, same other fields, no lower score) dropped; the successors
of a state computed once per combination of the fields that decide them, sorted by gain
so the threshold cuts them short; each number's closing step folded into its last colour
step; no back-pointers (the rebuild finds each predecessor again); states whose runs will
need more jokers than are left dropped (:data:`_NEEDS`); the passes taken from 13 down, or
for the most tiles from the end where the table's jokers stand (:func:`best_play`). Where
the time goes on big tables with both jokers in play: docs/solver.md.

Every tile on the table must stay on the table, so real tiles at a position range from the
table's count to the table's plus the rack's, and the jokers used from the table's joker
count to table plus rack jokers.

Objectives: ``"tiles"`` (most rack tiles laid, then most value) and ``"value"`` (most value,
then most tiles). A laid number tile is worth its number; a laid joker ``joker_value``
(default 30, the rack penalty it avoids). ``min_meld`` (an opening, from the rack alone)
requires the laid tiles to be worth at least that much with each joker at the number it
stands for, as the initial-meld rule counts them.
"""

from __future__ import annotations

import functools
import importlib
import math
import os
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gametable.games.rummikub.tiles import (
    JOKER,
    JOKER_BASE,
    KINDS,
    Set,
    Table,
    canonical_table,
    counts_of,
    face_of,
    is_joker,
    table_name,
)

__all__ = ["Solution", "SolverTimeout", "best_opening", "best_play", "solve", "warm_up"]

# colour states (a1, a2, a3) with a1 + a2 + a3 <= 4
_CS: list[tuple[int, int, int]] = [
    (a1, a2, a3) for a1 in range(5) for a2 in range(5 - a1) for a3 in range(5 - a1 - a2)
]
_CS_INDEX = {cs: i for i, cs in enumerate(_CS)}
_CLOSED = frozenset(i for i, (a1, a2, _) in enumerate(_CS) if a1 == 0 and a2 == 0)


# key layout (packed int): cs0..cs3 6 bits each, S 4 bits, M 3 bits, J 2 bits, V 6 bits
_S_SHIFT = 24
_M_SHIFT = 28
_J_SHIFT = 31
_V_SHIFT = 33


def _transitions() -> list[list[list[tuple[int, int]]]]:
    """``trans[cs][t]``: the (new colour state, tiles to groups) for ``t`` virtual tiles."""
    out: list[list[list[tuple[int, int]]]] = []
    for a1, a2, a3 in _CS:
        per_t: list[list[tuple[int, int]]] = []
        for t in range(5):
            opts: set[tuple[int, int]] = set()
            must = a1 + a2
            if must <= t:
                for e3 in range(a3 + 1):
                    rest = t - must - e3
                    if rest < 0:
                        break
                    for s in range(rest + 1):
                        g = rest - s
                        ncs = (s, a1, a2 + e3)
                        if sum(ncs) <= 4:
                            opts.add((_CS_INDEX[ncs], g))
            per_t.append(sorted(opts))
        out.append(per_t)
    return out


_TRANS = _transitions()


def _caps() -> list[list[int]]:
    """``cap[cs][limit]``: colour state ``cs`` normalised for a next position that can hold
    at most ``limit`` virtual tiles: -1 if its short runs cannot all be extended there,
    else the state with its runs of 3+ capped at the room left (more could not all be
    extended, and a run of 3+ may always end, so the capped states are equivalent)."""
    out: list[list[int]] = []
    for a1, a2, a3 in _CS:
        row = []
        for limit in range(8):
            room = limit - a1 - a2
            row.append(-1 if room < 0 else _CS_INDEX[(a1, a2, min(a3, room))])
        out.append(row)
    return out


_CAP = _caps()


def _moves() -> list[list[list[list[tuple[tuple[int, int], ...]]]]]:
    """``moves[c][cs][t][limit]``: for colour ``c`` in state ``cs`` with ``t`` virtual
    tiles and room ``limit`` at the next position, the (key delta, tiles to groups) of
    each successor: the delta adds the new colour state (capped, see :func:`_caps`) and the
    group tiles to ``S``."""
    out = []
    for c in range(4):
        per_cs = []
        for cs in range(len(_CS)):
            per_t = []
            for t in range(5):
                per_limit = []
                for limit in range(8):
                    opts = []
                    for ncs0, g in _TRANS[cs][t]:
                        ncs = _CAP[ncs0][limit]
                        if ncs >= 0:
                            opts.append(((ncs << (6 * c)) + (g << _S_SHIFT), g))
                    per_limit.append(tuple(dict.fromkeys(opts)))
                per_t.append(per_limit)
            per_cs.append(per_t)
        out.append(per_cs)
    return out


_MOVES = _moves()


def _ups() -> list[tuple[int, ...]]:
    """``ups[cs]``: the index deltas to the colour states with one run longer (1 to 2,
    2 to 3+, 1 to 3+) or one run of 3+ more (see :func:`_undominated`)."""
    out = []
    for a1, a2, a3 in _CS:
        cands = []
        if a1:
            cands += [(a1 - 1, a2 + 1, a3), (a1 - 1, a2, a3 + 1)]
        if a2:
            cands.append((a1, a2 - 1, a3 + 1))
        if a1 + a2 + a3 < 4:
            cands.append((a1, a2, a3 + 1))
        cs = _CS_INDEX[(a1, a2, a3)]
        out.append(tuple(_CS_INDEX[x] - cs for x in cands))
    return out


_UPS = _ups()
_UPS_BY_COLOUR = [[tuple(d << (6 * c) for d in ups) for ups in _UPS] for c in range(4)]
""":data:`_UPS` as key deltas, per colour."""


def _undominated(layer: dict[int, int], shift: int) -> dict[int, int]:
    """``layer`` without the states another state dominates in the colour at ``shift``
    (the one the step changed): same fields but one run of that colour longer, or one
    more run of 3+, and a score at least as high. Exact: a run of 3+ may end at any
    time and a longer run meets every constraint a shorter one does (a run of 1 or 2
    must go on, one of 3+ may), so the dominating state can follow every continuation
    of the other one to the same state with the same gains."""
    get = layer.get
    ups = _UPS_BY_COLOUR[shift // 6]
    out = {}
    for key, score in layer.items():
        for d in ups[(key >> shift) & 63]:
            if get(key + d, -1) >= score:
                break
        else:
            out[key] = score
    return out


_NONE = 9
"""A joker need that no supply meets (a run would go past 13)."""


def _needs() -> dict[tuple[int, int], tuple[int, ...]]:
    """``needs[x, y][cs]``: the fewest jokers colour state ``cs`` still needs when the next
    two positions of its colour hold at most ``x`` and ``y`` real tiles (-1: past 13).
    Every run shorter than 3 takes a tile at the next position and every run of 1 one at
    the position after; a joker stands for one tile at one position, so the missing
    tiles of the colours add up (indexed by the 6-bit field, 0 past the last state)."""
    out = {}
    for x in range(-1, 3):
        for y in range(-1, 3):
            row = []
            for a1, a2, _ in _CS:
                need = 0
                if a1 + a2:
                    need += _NONE if x < 0 else max(0, a1 + a2 - x)
                if a1:
                    need += _NONE if y < 0 else max(0, a1 - y)
                row.append(min(need, _NONE))
            out[x, y] = (*row, *(0,) * (64 - len(row)))
    return out


_NEEDS = _needs()


def _colour_order(
    table_counts: Sequence[int], rack_counts: Sequence[int], n: int
) -> tuple[int, ...]:
    """The colours of number ``n`` in the order the DP takes them: fewest tiles first, so
    that forced choices come before the branching ones (number 0: unused)."""
    if n == 0:
        return (0, 1, 2, 3)
    return tuple(
        sorted(
            range(4),
            key=lambda c: (table_counts[c * 13 + n - 1] + rack_counts[c * 13 + n - 1], c),
        )
    )


def _groups_ok(s: int, m: int) -> bool:
    return s == 0 or max(m, -(-s // 4)) <= s // 3


class SolverTimeout(Exception):
    """The solver ran past the ``deadline`` it was given (a bot under a clock)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """A solver answer: the new table and what it lays from the rack."""

    table: Table
    """The whole new arrangement, canonical (jokers with explicit faces)."""
    laid: tuple[int, ...]
    """The rack codes laid, sorted (:data:`~.tiles.JOKER` for a joker)."""
    tiles: int
    """How many rack tiles it lays."""
    value: int
    """Their value: numbers, plus ``joker_value`` per joker."""
    meld_value: int
    """Their value with each joker at the number it stands for (the initial-meld count;
    exact for an opening, where every joker on the table was laid)."""

    def __repr__(self) -> str:
        return f"Solution(tiles={self.tiles}, value={self.value}, table={table_name(self.table)!r})"


def solve(
    table_counts: Sequence[int],
    rack_counts: Sequence[int],
    objective: str = "tiles",
    joker_value: int = 30,
    min_meld: int = 0,
    *,
    descending: bool = True,
    deadline: float | None = None,
) -> Solution | None:
    """The best arrangement of all of ``table_counts`` plus part of ``rack_counts``.

    Both are count vectors over the 53 tile codes (:func:`~.tiles.counts_of`). Returns
    ``None`` only when no arrangement satisfies ``min_meld`` (or the table tiles cannot be
    arranged at all). Ties are broken deterministically.

    Speed: rack tiles that no set could ever hold are dropped first (exact), then the DP
    is run with a score threshold ``T``: a state that could not reach ``T`` even by laying
    every remaining usable rack tile is dropped. If the best answer found reaches ``T`` it
    is the optimum (everything dropped was worse); otherwise ``T`` is lowered (one step,
    then doubling gaps) and the DP run again, finally with no threshold at all. The first
    ``T`` is every usable rack tile, or the LP relaxation's bound (HiGHS, about 1 ms; it
    equals the optimum on most positions) on big tables, on tables with a joker, and
    after a failed pass that went through many states. ``T`` only decides the speed: a
    pass succeeds exactly when ``T`` is at most the optimum, whatever bound chose it.
    Within a pass, a run state dominated by one with a longer or an extra open run and
    no lower score is dropped (:func:`_undominated`), and so is a state whose runs will
    need more jokers than are left (:data:`_NEEDS`). The passes take the numbers from 13
    down (``descending``, the default), or from 1 up: the same answers' scores either way;
    which is faster depends on the position (:func:`best_play` chooses from the table).

    With a ``deadline`` (a :func:`time.perf_counter` time) the search raises
    :class:`SolverTimeout` once past it (checked at every number and colour of every pass).
    """
    if objective not in ("tiles", "value"):
        raise ValueError(f"objective must be 'tiles' or 'value', got {objective!r}")
    if min_meld and any(table_counts):
        raise ValueError("min_meld is for an opening from the rack alone (empty table counts)")
    rack = usable_rack(table_counts, rack_counts)
    return _solve_thresholds(
        table_counts, rack, objective, joker_value, min_meld, descending, deadline
    )


def _solution(
    table: Table, table_counts: Sequence[int], rack_counts: Sequence[int], joker_value: int
) -> Solution:
    used = counts_of(p for s in table for p in s)
    laid_counts = [used[i] - table_counts[i] for i in range(KINDS)]
    assert all(0 <= laid_counts[i] <= rack_counts[i] for i in range(KINDS)), "solver bug"
    laid = tuple(code for code in range(KINDS) for _ in range(laid_counts[code]))
    value = sum(joker_value if t == JOKER else t % 13 + 1 for t in laid)
    joker_faces = sorted(
        (face_of(p) % 13 + 1 for s in table for p in s if is_joker(p)), reverse=True
    )
    meld = sum(t % 13 + 1 for t in laid if t != JOKER) + sum(joker_faces[: laid_counts[JOKER]])
    return Solution(table, laid, len(laid), value, meld)


def _solve_thresholds(
    table_counts: Sequence[int],
    rack: Sequence[int],
    objective: str,
    joker_value: int,
    min_meld: int,
    flip: bool,
    deadline: float | None = None,
) -> Solution | None:
    w_tile, w_num = _weights(objective)
    top = sum(rack[code] * (w_tile + w_num * (code % 13 + 1)) for code in range(52))
    top += rack[JOKER] * (w_tile + w_num * joker_value)
    step = w_tile if objective == "tiles" else 5 * w_num
    # the LP bound costs about a millisecond: worth it at once on a big table, where a
    # failed pass is expensive; on a small one only after a failed pass that went
    # through many states (a count, not a time, so that the answer is deterministic)
    use_lp = not min_meld
    flip = flip and _DESCENDING
    work: list[int] = []
    jokers = table_counts[JOKER] + rack[JOKER]
    if use_lp and sum(table_counts) >= (_LP_FIRST_JOKERS if jokers else _LP_FIRST):
        top = _lp_top(table_counts, rack, w_tile, w_num, joker_value, top)
        use_lp = False
    top -= top % step  # the threshold counts whole tiles (tiles) or 5 points (value)
    gap = 0
    while True:
        bound = top - gap * step
        if bound <= step:
            return _solve(
                table_counts, rack, objective, joker_value, min_meld, None, None, flip, deadline
            )
        sol = _solve(
            table_counts, rack, objective, joker_value, min_meld, bound, work, flip, deadline
        )
        if sol is not None and _score(sol, w_tile, w_num) >= bound:
            return sol
        if use_lp and work[-1] >= _LP_AFTER:
            use_lp = False
            ub = _lp_top(table_counts, rack, w_tile, w_num, joker_value, bound - 1)
            top = ub - ub % step
            gap = 0
            continue
        gap = 1 if gap == 0 else 2 * gap


_LP_FIRST = 50  # table tiles from which the LP bound comes before the first pass
_LP_FIRST_JOKERS = 12  # the same with a joker in play (the passes cost more)
_LP_AFTER = 1500  # else states in a failed pass from which the LP bound comes next


def _lp_top(
    table_counts: Sequence[int],
    rack: Sequence[int],
    w_tile: int,
    w_num: int,
    joker_value: int,
    top: int,
) -> int:
    """``top`` lowered to the LP bound if that is lower."""
    ub = _lp_bound(table_counts, rack, w_tile, w_num, joker_value)
    return top if ub is None or ub >= top else ub


def _templates() -> list[list[int]]:
    """The set shapes of the LP (without jokers) as the codes they cover: every group, and
    the runs of 3-5 tiles. A longer run covers what runs of 3-5 laid end to end cover, so
    the LP's value is the same as with every run, with 120 run columns instead of 264."""
    out = []
    for n in range(13):
        for mask in range(16):
            cols = [c for c in range(4) if mask >> c & 1]
            if len(cols) >= 3:
                out.append([c * 13 + n for c in cols])
    for c in range(4):
        for start in range(11):
            for end in range(start + 2, min(start + 5, 13)):
                out.append([c * 13 + k for k in range(start, end + 1)])
    return out


# [highspy, its solver with the model, numpy, the tile and joker columns] once built,
# [None] if highspy is missing
_LP: list[Any] = []


def _lp_bound(
    table_counts: Sequence[int],
    rack: Sequence[int],
    w_tile: int,
    w_num: int,
    joker_value: int,
) -> int | None:
    """An upper bound on the best score: the linear relaxation of the set-cover model
    (set shapes used fractionally; real tiles and jokers cover each position), solved
    with HiGHS. Only a starting threshold: a wrong bound would cost time, not exactness
    (a pass succeeds exactly when its threshold is at most the optimum). One HiGHS
    model per process, warm-started from the previous call (behind a lock for threads)."""
    with _LP_LOCK:
        return _lp_bound_locked(table_counts, rack, w_tile, w_num, joker_value)


_LP_LOCK = threading.Lock()


def warm_up() -> None:
    """Build what the solver builds on first use (the HiGHS model: importing and setting
    it up takes about a tenth of a second), so that a bot under a clock does not pay for
    it inside a turn. Nothing once done."""
    if not _LP:
        _lp_bound([0] * KINDS, [0] * KINDS, 1, 0, 30)


def _quiet_highs(highspy: Any) -> Any:
    """A HiGHS solver that prints nothing: its constructor writes a copyright banner to the
    process's standard output (file descriptor 1, below Python's ``sys.stdout``), which
    would land in the middle of a terminal game, a progress bar or a server's log. The
    descriptor points at the null device for the constructor only."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            try:
                h = highspy.Highs()
            finally:
                os.dup2(saved, 1)
    finally:
        os.close(saved)
    h.setOptionValue("output_flag", False)
    h.setOptionValue("simplex_scale_strategy", 0)  # all coefficients are 1 or -1: ~10% faster
    return h


def _lp_bound_locked(
    table_counts: Sequence[int],
    rack: Sequence[int],
    w_tile: int,
    w_num: int,
    joker_value: int,
) -> int | None:
    if not _LP:
        try:
            highspy: Any = importlib.import_module("highspy")
            np: Any = importlib.import_module("numpy")
        except ImportError:  # pragma: no cover - highspy is a dependency
            _LP.append(None)
            return None
        shapes = _templates()
        ns = len(shapes)
        starts, index, value = [0], [], []
        for t in shapes:
            index += t
            value += [1.0] * len(t)
            starts.append(len(index))
        for k in range(52):  # real tiles at k
            index.append(k)
            value.append(-1.0)
            starts.append(len(index))
        for k in range(52):  # jokers standing for k (row 52 counts them)
            index += [k, 52]
            value += [-1.0, 1.0]
            starts.append(len(index))
        nv = ns + 104
        lp = highspy.HighsLp()
        lp.num_col_ = nv
        lp.num_row_ = 53
        lp.col_cost_ = np.zeros(nv)
        lp.col_lower_ = np.zeros(nv)
        lp.col_upper_ = np.array([4.0] * ns + [0.0] * 52 + [2.0] * 52)
        lp.row_lower_ = np.zeros(53)
        lp.row_upper_ = np.zeros(53)
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_ = np.array(starts, dtype=np.int32)
        lp.a_matrix_.index_ = np.array(index, dtype=np.int32)
        lp.a_matrix_.value_ = np.array(value)
        lp.sense_ = highspy.ObjSense.kMaximize
        h = _quiet_highs(highspy)
        h.passModel(lp)
        _LP.extend([highspy, h, np, np.arange(ns, nv, dtype=np.int32)])
    if _LP[0] is None:
        return None
    highspy, h, np, cols = _LP
    costs = [w_tile + w_num * (k % 13 + 1) for k in range(52)]
    costs += [w_tile + w_num * joker_value] * 52
    lower = [float(table_counts[k]) for k in range(52)]
    upper = [float(table_counts[k] + rack[k]) for k in range(52)]
    h.changeColsCost(104, cols, np.array(costs, dtype=float))
    h.changeColsBounds(52, cols[:52], np.array(lower), np.array(upper))
    h.changeColsBounds(52, cols[52:], np.zeros(52), np.full(52, 2.0))
    jt = table_counts[JOKER]
    h.changeRowBounds(52, float(jt), float(jt + rack[JOKER]))
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    const = sum(costs[k] * table_counts[k] for k in range(52)) + costs[52] * jt
    bound: float = h.getInfo().objective_function_value - const
    return math.floor(bound + 1e-3)


def _score(sol: Solution, w_tile: int, w_num: int) -> int:
    return sol.tiles * w_tile + sol.value * w_num


def usable_rack(table_counts: Sequence[int], rack_counts: Sequence[int]) -> list[int]:
    """The rack without the number tiles no set could hold, whatever the arrangement: a
    tile needs two more of its number in other colours, or a window of three numbers of
    its colour, with jokers filling what is missing."""
    avail = [table_counts[i] + rack_counts[i] for i in range(KINDS)]
    jokers = avail[JOKER]
    out = list(rack_counts)
    if jokers >= 2:  # the tile and two jokers make a group
        return out
    for code in range(52):
        if not rack_counts[code]:
            continue
        c, n0 = divmod(code, 13)
        colours = sum(1 for k in range(4) if avail[k * 13 + n0])
        if colours + jokers >= 3:
            continue
        ok = False
        for lo in range(max(0, n0 - 2), min(n0, 10) + 1):
            missing = sum(1 for m in range(lo, lo + 3) if not avail[c * 13 + m])
            if missing <= jokers:
                ok = True
                break
        if not ok:
            out[code] = 0
    return out


def _weights(objective: str) -> tuple[int, int]:
    return (1000, 1) if objective == "tiles" else (1, 1000)


def _solve(
    table_counts: Sequence[int],
    rack_counts: Sequence[int],
    objective: str,
    joker_value: int,
    min_meld: int,
    bound: int | None,
    work: list[int] | None = None,
    flip: bool = False,
    deadline: float | None = None,
) -> Solution | None:
    """One DP pass with threshold ``bound``; appends the number of states it went
    through to ``work`` if given. With ``flip`` the pass runs on the mirrored position
    (number ``n`` taken as ``14 - n``, worth its own number all the same: see
    :data:`_FLIPPED`) and the answer is mirrored back."""
    if flip:
        orig_table, orig_rack = table_counts, rack_counts
        table_counts, rack_counts = _mirror(table_counts), _mirror(rack_counts)
    vals = _FLIPPED if flip else _NUMBERS
    jt = table_counts[JOKER]
    jmax = jt + rack_counts[JOKER]
    vcap = min(min_meld, 63)
    w_tile, w_num = _weights(objective)
    # rest[i]: the most the rack can still add from step i on (every tile laid)
    joker_pot = (jmax - jt) * (w_tile + w_num * joker_value)
    rest = [0] * 66
    acc = joker_pot
    orders = [_colour_order(table_counts, rack_counts, n) for n in range(14)]
    # needs[c][n]: the joker needs (:data:`_NEEDS`) of colour c's states whose runs go on
    # at number n (from the real tiles n and n + 1 can hold)
    avail = [min(2, table_counts[i] + rack_counts[i]) for i in range(52)]
    needs = [_need_rows(tuple(avail[c * 13 : c * 13 + 13])) for c in range(4)]
    for n in range(13, 0, -1):
        rest[(n - 1) * 5 + 4] = acc
        for idx in range(3, -1, -1):
            c = orders[n][idx]
            acc += rack_counts[c * 13 + n - 1] * (w_tile + w_num * vals[n])
            rest[(n - 1) * 5 + idx] = acc
    need = -1 if bound is None else bound
    # layers[i]: state key -> best score after step i; steps[i]: how step i moved, as
    # (mask of the fields that matter, fields -> (key delta, score gain) of the successors)
    # for the rebuild, which finds each predecessor again instead of storing it
    layers: list[dict[int, int]] = []
    tables: list[_StepTable] = [(0, {}, None, 0)]
    layer: dict[int, int] = {0: 0}
    jmask = 3 << _J_SHIFT
    smask = 15 << _S_SHIFT
    mmask = 7 << _M_SHIFT
    vmask = 63 << _V_SHIFT
    for n in range(1, 14):
        if deadline is not None and time.perf_counter() > deadline:
            raise SolverTimeout("the solver's deadline passed")
        others = _others(orders[n])
        for idx, c in enumerate(orders[n]):
            if deadline is not None and idx and time.perf_counter() > deadline:
                raise SolverTimeout("the solver's deadline passed")
            code = c * 13 + n - 1
            lo = table_counts[code]
            hi = lo + rack_counts[code]
            shift = 6 * c
            gain_tile = w_tile + w_num * vals[n]
            n_meld = vals[n] if vcap else 0  # the number matters to the steps only for a meld
            # after 13 no run goes on: the next position holds nothing
            nxt_avail = table_counts[code + 1] + rack_counts[code + 1] if n < 13 else -(10**6)
            nxt: dict[int, int] = {}
            get = nxt.get
            # a successor below the next layer's floor would be dropped there: skip it now
            # (so every state reached is at or above its own layer's floor)
            floor_next = need - rest[(n - 1) * 5 + idx + 1]
            nxt_cap = max(-3, min(7, nxt_avail))  # the same limits for _steps (jokers <= 2)
            # joker needs (:data:`_NEEDS`) of this colour after the step and of the other
            # colours (runs going on at n+1 once placed at n, else at n)
            own = (avail[code + 1] if n < 13 else -1, avail[code + 2] if n < 12 else -1)
            (sa, ka, oa), (sb, kb, ob), (sc_, kc, oc) = others[idx]
            na, nb, nc = needs[ka][n + oa], needs[kb][n + ob], needs[kc][n + oc]
            # the successors of a state depend only on its fields for this colour, its
            # jokers, M and V: one list of (key delta, score gain) per such combination.
            # After the last colour of a number the closing step follows at once: groups
            # of number n must split into sets of 3-4 distinct colours, jokers standing
            # in groups join them there (not per colour: any missing colour will do, so
            # placing them per colour would only repeat the same arrangements), and the
            # steps of that colour go straight to the closed states (``mids`` keeps the
            # state in between for the rebuild)
            last = idx == 3
            rel = (63 << shift) | jmask | mmask | vmask | (smask if last else 0)
            cache: dict[int, tuple[tuple[int, int, int], ...]] = {}
            mids: dict[int, dict[int, int]] | None = {} if last else None
            for key, score in layer.items():
                sub = key & rel
                steps = cache.get(sub)
                if steps is None:
                    steps, mid = _step_list(c, sub, lo, hi, n_meld, nxt_cap, jmax, vcap, last, own)
                    if mids is not None:
                        mids[sub] = mid
                    cache[sub] = steps
                # a step laying fewer than ``least`` rack tiles falls below the floor
                least = -((score - floor_next) // gain_tile)
                # a step leaving fewer spare jokers than the other colours need is a dead end
                no = na[(key >> sa) & 63] + nb[(key >> sb) & 63] + nc[(key >> sc_) & 63]
                for dk, laid, spare in steps:  # most tiles laid first
                    if laid < least:
                        break
                    if spare < no:
                        continue
                    sc = score + laid * gain_tile
                    nk = key + dk
                    if get(nk, -1) < sc:
                        nxt[nk] = sc
            layers.append(layer)
            tables.append((rel, cache, mids, gain_tile))
            layer = _undominated(nxt, shift)
    if work is not None:
        work.append(sum(map(len, layers)) + len(layer))
    # final: runs all at least 3 long, table jokers all used, meld value reached
    best_key = -1
    best_score = -1
    for key, score in layer.items():
        if any(((key >> (6 * c)) & 63) not in _CLOSED for c in range(4)):
            continue
        jused = (key & jmask) >> _J_SHIFT
        if jused < jt:
            continue
        if vcap and ((key & vmask) >> _V_SHIFT) < vcap:
            continue
        total = score + (jused - jt) * (w_tile + w_num * joker_value)
        if total > best_score or (total == best_score and key < best_key):
            best_score, best_key = total, key
    if best_key < 0:
        return None
    layers.append(layer)
    done = _rebuild(layers, tables, best_key, table_counts, rack_counts, w_tile, w_num, vals)
    if flip:
        done = [_mirror_set(st) for st in done]
        table_counts, rack_counts = orig_table, orig_rack
    return _solution(canonical_table(done), table_counts, rack_counts, joker_value)


_DESCENDING = True
"""False: every pass goes from 1 up, whatever was asked (for tests of both directions)."""


def _descending(table: Sequence[Sequence[int]], objective: str) -> bool:
    """The faster direction of the passes, as measured on the benchmark sets (see
    docs/solver.md): from 13 down for the most value (the big tiles decide the threshold
    early); for the most tiles, from the end where the table's jokers stand (down unless
    they stand for 7 or less on average, or there is none)."""
    if objective != "tiles":
        return True
    faces = [p - JOKER_BASE for s in table for p in s if p >= JOKER_BASE]
    return not faces or sum(f % 13 + 1 for f in faces) > 7 * len(faces)


_NUMBERS = tuple(range(14))
"""The value of each number (index 0 unused)."""
_FLIPPED = (0, *(14 - n for n in range(1, 14)))
"""The value of each number in a mirrored pass: position ``n`` holds number ``14 - n``."""


def _mirror(counts: Sequence[int]) -> list[int]:
    """Count vector ``counts`` with every number ``n`` moved to ``14 - n`` (jokers kept)."""
    c = list(counts)
    return [*c[12::-1], *c[25:12:-1], *c[38:25:-1], *c[51:38:-1], *c[52:]]


def _mirror_set(st: Sequence[int]) -> tuple[int, ...]:
    """A set of a mirrored pass mirrored back (runs reversed so they ascend again)."""
    out = []
    for p in reversed(st):
        base = JOKER_BASE if p >= JOKER_BASE else 0
        c, n0 = divmod(p - base, 13)
        out.append(base + c * 13 + 12 - n0)
    return tuple(out)


@functools.lru_cache(maxsize=1 << 16)
def _step_list(
    c: int,
    sub: int,
    lo: int,
    hi: int,
    n: int,
    nxt_avail: int,
    jmax: int,
    vcap: int,
    last: bool,
    own: tuple[int, int],
) -> tuple[tuple[tuple[int, int, int], ...], dict[int, int]]:
    """:func:`_steps` for colour ``c``, followed by :func:`_then_close` after the last
    colour of a number (else no middle deltas); remembered across layers and calls, as
    the same few combinations come back all the time. Gains are in rack tiles laid (the
    caller weighs them by the number), so that every number shares them: ``n`` matters
    only to an opening's meld value (pass 0 otherwise). Tuples of ints, which the cyclic
    garbage collector stops tracking: the cache does not slow its full passes down.

    Each step also carries its *spare* jokers: the jokers still free after it less those
    this colour's runs will need at the least (:data:`_NEEDS` row ``own``: what its next
    two positions hold). The DP drops a step whose spare is below what the other colours
    need: no completion exists. Steps with no spare at all are left out here."""
    shift = 6 * c
    steps = _steps(sub, shift, _MOVES[c], lo, hi, n, nxt_avail, jmax, vcap)
    closed, mid = _then_close(steps, sub, n, jmax, vcap) if last else (tuple(steps), {})
    needs = _NEEDS[own]
    out = []
    for dk, laid in closed:
        key = sub + dk
        spare = jmax - ((key >> _J_SHIFT) & 3) - needs[(key >> shift) & 63]
        if spare >= 0:
            out.append((dk, laid, spare))
    return tuple(out), mid


@functools.cache
def _others(order: tuple[int, ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each place ``idx`` in ``order``: the other colours, each as its field's shift,
    itself, and 1 if it comes before ``idx`` (its runs go on at the next number) else 0."""
    return tuple(
        tuple((6 * k, k, int(i < idx)) for i, k in enumerate(order) if i != idx) for idx in range(4)
    )


@functools.lru_cache(maxsize=1 << 10)
def _need_rows(avail: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For one colour whose 13 positions hold at most ``avail`` real tiles (each capped at
    2): the :data:`_NEEDS` row of its states whose runs go on at number ``n`` (0 to 14)."""
    out = [_NEEDS[0, 0]]
    for n in range(1, 15):
        x = avail[n - 1] if n <= 13 else -1
        y = avail[n] if n <= 12 else -1
        out.append(_NEEDS[x, y])
    return tuple(out)


def _steps(
    sub: int,
    shift: int,
    moves_c: list[list[list[tuple[tuple[int, int], ...]]]],
    lo: int,
    hi: int,
    n: int,
    nxt_avail: int,
    jmax: int,
    vcap: int,
) -> list[tuple[int, int]]:
    """The (key delta, rack tiles laid) of every successor of a state at one position, from
    ``sub``: the state's fields that matter there (this colour's runs, jokers used, M, V).
    Real tiles ``r`` (table's ``lo`` to ``hi``) and jokers ``j`` stand at the position;
    each split of them into runs and groups is one successor. Without repeats, highest
    gain first."""
    cs = (sub >> shift) & 63
    jfree = jmax - ((sub >> _J_SHIFT) & 3)
    m_cur = (sub >> _M_SHIFT) & 7
    v = (sub >> _V_SHIFT) & 63
    best: dict[int, int] = {}
    for r in range(lo, hi + 1):
        ds = r - lo
        for j in range(jfree + 1):
            t = r + j
            if t > 4:
                break
            dk0 = (j << _J_SHIFT) - (cs << shift)
            add = r - lo + j
            if vcap and add:
                dk0 += (min(vcap, v + add * n) - v) << _V_SHIFT
            limit = min(7, max(0, nxt_avail + jfree - j))
            for delta, g in moves_c[cs][t][limit]:
                if g > r:  # jokers in groups come at the closing step
                    continue
                dk = dk0 + delta
                if g > m_cur:
                    dk += (g - m_cur) << _M_SHIFT
                if best.get(dk, -1) < ds:
                    best[dk] = ds
    # highest gain first (stable), so the DP can stop at the first one below its floor
    return sorted(best.items(), key=lambda item: -item[1])


# how one DP step moved: (mask of the state fields that decide the successors, those
# fields -> (key delta, rack tiles laid, spare jokers) of each successor, for a last colour
# with its closing step: those fields -> key delta -> the key delta of the colour step
# alone, and the score of one rack tile laid at that step)
_StepTable = tuple[
    int, dict[int, tuple[tuple[int, int, int], ...]], dict[int, dict[int, int]] | None, int
]


def _then_close(
    steps: list[tuple[int, int]], sub: int, n: int, jmax: int, vcap: int
) -> tuple[tuple[tuple[int, int], ...], dict[int, int]]:
    """The steps of a number's last colour followed by its closing step: (key delta, rack
    tiles laid) most tiles first, and for each the delta of the colour step alone."""
    best: dict[int, int] = {}
    mid: dict[int, int] = {}
    for dk, ds in steps:
        for cdk in _closing((sub + dk) & _GROUP_FIELDS, n, jmax, vcap):
            total = dk + cdk
            if best.get(total, -1) < ds:
                best[total] = ds
                mid[total] = dk
    return tuple(sorted(best.items(), key=lambda item: -item[1])), mid


_GROUP_FIELDS = (15 << _S_SHIFT) | (7 << _M_SHIFT) | (3 << _J_SHIFT) | (63 << _V_SHIFT)


@functools.lru_cache(maxsize=1 << 12)
def _closing(sub: int, n: int, jmax: int, vcap: int) -> tuple[int, ...]:
    """The key deltas of the closing step of number ``n`` (no score gain) for a state
    with fields ``sub`` (S, M, jokers used, V: :data:`_GROUP_FIELDS`; remembered): ``jg``
    jokers join the groups, which must then split into sets of 3-4 distinct colours; S and
    M go back to 0."""
    s_cur = (sub >> _S_SHIFT) & 15
    m_cur = (sub >> _M_SHIFT) & 7
    jfree = jmax - ((sub >> _J_SHIFT) & 3)
    v = (sub >> _V_SHIFT) & 63
    out = []
    for jg in range(jfree + 1):
        total = s_cur + jg
        if total and not _groups_ok(total, m_cur):
            continue
        dk = (jg << _J_SHIFT) - (s_cur << _S_SHIFT) - (m_cur << _M_SHIFT)
        if vcap and jg:
            dk += (min(vcap, v + jg * n) - v) << _V_SHIFT
        out.append(dk)
    return tuple(out)


def _predecessor(
    layer: dict[int, int],
    table: _StepTable,
    key: int,
    score: int,
) -> int:
    """The first state of ``layer`` (in the order the DP went through them) with a step
    reaching ``key`` with ``score``: the predecessor the DP would have recorded (it keeps
    the first one to reach the best score; every state of a layer is expanded)."""
    rel, steps, _, gain_tile = table
    kept = ((1 << 24) - 1) & ~rel  # the other colours' runs: the step leaves them alone
    same = key & kept
    for prev, prev_score in layer.items():
        if prev & kept != same:
            continue
        moves = steps.get(prev & rel)
        if moves is None:
            continue
        for dk, laid, _ in moves:
            if prev + dk == key and prev_score + laid * gain_tile == score:
                return prev
    raise AssertionError("solver bug: no predecessor")


def _rebuild(
    layers: list[dict[int, int]],
    tables: list[_StepTable],
    final_key: int,
    table_counts: Sequence[int],
    rack_counts: Sequence[int],
    w_tile: int,
    w_num: int,
    vals: Sequence[int],
) -> list[Set]:
    # walk back: keys[k] is the state after step k (steps: 4 colours + 1 closing per number)
    keys = [final_key]
    scores = [layers[-1][final_key]]
    key = final_key
    for i in range(len(layers) - 1, 0, -1):
        prev = _predecessor(layers[i - 1], tables[i], key, scores[-1])
        rel, _, mids, _ = tables[i]
        if mids is not None:  # a last colour with its closing step: the state in between
            keys.append(prev + mids[prev & rel][key - prev])
            scores.append(scores[-1])  # the closing step gains nothing
        key = prev
        keys.append(key)
        scores.append(layers[i - 1][key])
    keys.reverse()  # keys[0] = start state, one per step after that
    scores.reverse()
    return _build(keys, scores, table_counts, rack_counts, w_tile, w_num, vals)


def _build(
    keys: Sequence[int],
    scores: Sequence[int],
    table_counts: Sequence[int],
    rack_counts: Sequence[int],
    w_tile: int,
    w_num: int,
    vals: Sequence[int],
) -> list[Set]:
    """The arrangement along a path of DP states (``keys[0]`` the start, one per step)."""
    runs: list[list[list[int]]] = [[] for _ in range(4)]  # open runs per colour
    done: list[Set] = []
    step = 0
    for n in range(1, 14):
        group_tiles: list[list[int]] = [[] for _ in range(4)]
        for c in _colour_order(table_counts, rack_counts, n):
            before, after = keys[step], keys[step + 1]
            gained = scores[step + 1] - scores[step]
            step += 1
            shift = 6 * c
            a1, a2, _ = _CS[(before >> shift) & 63]
            s, _, _ = _CS[(after >> shift) & 63]
            g = ((after >> _S_SHIFT) & 15) - ((before >> _S_SHIFT) & 15)
            j = ((after >> _J_SHIFT) & 3) - ((before >> _J_SHIFT) & 3)
            code = c * 13 + n - 1
            r = table_counts[code] + gained // (w_tile + w_num * vals[n])
            e3 = r + j - a1 - a2 - s - g
            group_tiles[c] = [code] * g
            virtual = [code] * (r - g) + [JOKER_BASE + code] * j
            # runs: all short ones extend, e3 long ones extend, the rest close
            open_runs = runs[c]
            short = [run for run in open_runs if len(run) < 3]
            long = [run for run in open_runs if len(run) >= 3]
            assert len(short) == a1 + a2 and 0 <= e3 <= len(long)
            keep = short + long[:e3]
            for run in long[e3:]:
                done.append(tuple(run))
            for run in keep:
                run.append(virtual.pop(0))
            for _ in range(s):
                keep.append([virtual.pop(0)])
            runs[c] = keep
            assert not virtual
        jg = ((keys[step + 1] >> _J_SHIFT) & 3) - ((keys[step] >> _J_SHIFT) & 3)
        step += 1  # the closing step of the number: jg jokers join the groups
        total = sum(len(v) for v in group_tiles)
        if total:
            biggest = max(len(v) for v in group_tiles)
            k = max(biggest, -(-(total + jg) // 4))
            groups: list[list[int]] = [[] for _ in range(k)]
            for c in sorted(range(4), key=lambda c: -len(group_tiles[c])):
                order = sorted(range(k), key=lambda i: len(groups[i]))
                for i, p in zip(order, group_tiles[c], strict=False):
                    groups[i].append(p)
            for _ in range(jg):
                gr = min((gr for gr in groups if len(gr) < 4), key=len)
                have = {face_of(p) // 13 for p in gr}
                c = next(c for c in range(4) if c not in have)
                gr.append(JOKER_BASE + c * 13 + n - 1)
            done.extend(tuple(gr) for gr in groups)
    for c in range(4):
        done.extend(tuple(run) for run in runs[c])
    return done


def best_play(
    table: Sequence[Sequence[int]],
    rack: Sequence[int],
    objective: str = "tiles",
    joker_value: int = 30,
    *,
    deadline: float | None = None,
) -> Solution:
    """The best rearrangement of ``table`` (a list of sets) with tiles from ``rack`` (codes).

    Always succeeds (laying nothing is an arrangement): check ``tiles > 0``. Same answers'
    scores as :func:`solve` on the counts; the table's jokers choose the faster direction
    of the DP (:func:`_descending`).
    """
    sol = solve(
        counts_of(p for s in table for p in s),
        counts_of(rack),
        objective,
        joker_value,
        descending=_descending(table, objective),
        deadline=deadline,
    )
    assert sol is not None
    return sol


def best_opening(
    rack: Sequence[int],
    objective: str = "tiles",
    min_meld: int = 30,
    joker_value: int = 30,
    *,
    deadline: float | None = None,
) -> Solution | None:
    """The best initial meld from ``rack`` alone worth at least ``min_meld``, or ``None``."""
    return solve(
        [0] * KINDS, counts_of(rack), objective, joker_value, min_meld=min_meld, deadline=deadline
    )
