"""An independent ILP formulation of the move problem (den Hertog & Hulshof style), used
only as a test oracle for :mod:`gametable.games.rummikub.solver`."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from gametable.games.rummikub.tiles import JOKER


def templates() -> list[list[int]]:
    """Every set shape as the list of number-tile positions it covers."""
    out: list[list[int]] = []
    for n in range(13):
        for mask in range(16):
            cols = [c for c in range(4) if mask >> c & 1]
            if len(cols) >= 3:
                out.append([c * 13 + n for c in cols])
    for c in range(4):
        for start in range(13):
            for end in range(start + 2, 13):
                out.append([c * 13 + k for k in range(start, end + 1)])
    return out


TEMPLATES = templates()


def _matrix() -> np.ndarray:
    ns = len(TEMPLATES)
    nv = ns + 52 + 52
    rows = np.zeros((54, nv))
    for i, t in enumerate(TEMPLATES):
        for code in t:
            rows[code, i] = 1
    for code in range(52):
        rows[code, ns + code] = -1
        rows[code, ns + 52 + code] = -1
    rows[52, ns + 52 :] = 1  # jokers used
    for code in range(52):  # meld value (number tiles and jokers at their faces)
        rows[53, ns + code] = code % 13 + 1
        rows[53, ns + 52 + code] = code % 13 + 1
    return rows


MATRIX = _matrix()


def oracle_score(
    table_counts: Sequence[int],
    rack_counts: Sequence[int],
    objective: str = "tiles",
    joker_value: int = 30,
    min_meld: int = 0,
) -> int | None:
    """The optimal objective (same weights as the solver), or None if infeasible.

    Variables: how many times each set shape is used (0-4), how many real tiles of each
    kind are used (between the table's count and the table's plus the rack's), how many
    jokers stand for each kind. Each kind is covered exactly by the shapes using it.
    """
    w_tile, w_num = (1000, 1) if objective == "tiles" else (1, 1000)
    ns = len(TEMPLATES)
    nv = ns + 52 + 52
    c = np.zeros(nv)
    for code in range(52):
        c[ns + code] = -(w_tile + w_num * (code % 13 + 1))
        c[ns + 52 + code] = -(w_tile + w_num * joker_value)
    lo = np.zeros(nv)
    hi = np.zeros(nv)
    hi[:ns] = 4
    for code in range(52):
        lo[ns + code] = table_counts[code]
        hi[ns + code] = table_counts[code] + rack_counts[code]
        hi[ns + 52 + code] = 2
    rlo = [0.0] * 52 + [table_counts[JOKER], min_meld if min_meld else -np.inf]
    rhi = [0.0] * 52 + [table_counts[JOKER] + rack_counts[JOKER], np.inf]
    res = milp(
        c,
        constraints=LinearConstraint(MATRIX, rlo, rhi),
        integrality=np.ones(nv),
        bounds=Bounds(lo, hi),
        # exact: HiGHS stops within 0.01% of the optimum by default, which is a whole
        # point on scores of 10,000 and more
        options={"mip_rel_gap": 0},
    )
    if res.status != 0:
        return None
    const = sum((w_tile + w_num * (code % 13 + 1)) * table_counts[code] for code in range(52))
    const += (w_tile + w_num * joker_value) * table_counts[JOKER]
    return round(-res.fun) - const
