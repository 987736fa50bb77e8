"""Cheap play generators: the plays :meth:`RummikubState.legal_actions` lists.

Listing every legal play is impossible (a play is a whole table arrangement), so the
state lists a useful subset found without search:

- before the initial meld: an opening found without search (:func:`cheap_opening`), if
  one is worth 30;
- after it: each new set that the rack alone can make (maximal runs of number tiles and
  groups of every available colour), and each single rack tile that extends a run at an end
  or completes a group of three, and a rack joker added at a run's top (or bottom) end.

Every listed play is legal (the tests check this).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gametable.games.rummikub.state import Play, make_play
from gametable.games.rummikub.tiles import (
    JOKER,
    JOKER_BASE,
    Table,
    face_of,
)

MAX_LISTED = 40


def rack_sets(rack: Sequence[int]) -> list[tuple[int, ...]]:
    """New sets of number tiles the rack alone can make: maximal runs, then full groups."""
    out: list[tuple[int, ...]] = []
    for c in range(4):
        n = 1
        while n <= 13:
            if rack[c * 13 + n - 1]:
                m = n
                while m + 1 <= 13 and rack[c * 13 + m]:
                    m += 1
                if m - n + 1 >= 3:
                    out.append(tuple(c * 13 + k - 1 for k in range(n, m + 1)))
                n = m + 1
            else:
                n += 1
    for n in range(13):
        group = tuple(c * 13 + n for c in range(4) if rack[c * 13 + n])
        if len(group) >= 3:
            out.append(group)
    return out


def cheap_opening(rack: Sequence[int]) -> list[tuple[int, ...]] | None:
    """An initial meld found without search: the rack's maximal runs and full groups of
    number tiles, highest value first, kept while they do not share a tile, until they are
    worth 30 (``None`` if they never are). The solver finds more; this is for listing."""
    left = list(rack)
    chosen: list[tuple[int, ...]] = []
    value = 0
    for s in sorted(rack_sets(rack), key=lambda s: -sum(t % 13 + 1 for t in s)):
        if all(left[t] > 0 for t in s):
            for t in s:
                left[t] -= 1
            chosen.append(s)
            value += sum(t % 13 + 1 for t in s)
            if value >= 30:
                return chosen
    return None


def extensions(table: Table, rack: Sequence[int]) -> list[Table]:
    """Tables with one rack tile added to one set (a run end, or a group of three)."""
    out: list[Table] = []
    for i, s in enumerate(table):
        faces = [face_of(p) for p in s]
        rest = table[:i] + table[i + 1 :]
        if len({f % 13 for f in faces}) == 1:  # group
            if len(s) == 3:
                n = faces[0] % 13
                have = {f // 13 for f in faces}
                for c in range(4):
                    if c not in have and rack[c * 13 + n]:
                        out.append((*rest, (*s, c * 13 + n)))
                if rack[JOKER]:
                    c = next(c for c in range(4) if c not in have)
                    out.append((*rest, (*s, JOKER_BASE + c * 13 + n)))
        else:  # run
            lo, hi = faces[0], faces[-1]
            if lo % 13 > 0 and rack[lo - 1]:
                out.append((*rest, (lo - 1, *s)))
            if hi % 13 < 12:
                if rack[hi + 1]:
                    out.append((*rest, (*s, hi + 1)))
                elif rack[JOKER]:
                    out.append((*rest, (*s, JOKER_BASE + hi + 1)))
            elif rack[JOKER] and lo % 13 > 0:
                out.append((*rest, (JOKER_BASE + lo - 1, *s)))
    return out


def simple_plays(
    table: Table, rack: Sequence[int], melded: bool, options: Mapping[str, Any]
) -> list[Play]:
    """A few legal plays found without search (see the module docstring)."""
    if not melded:
        opening = cheap_opening(rack)
        return [] if opening is None else [make_play((*table, *opening))]
    plays: list[Play] = []
    seen: set[Play] = set()
    for s in rack_sets(rack):
        p = make_play((*table, s))
        if p not in seen:
            seen.add(p)
            plays.append(p)
    for t in extensions(table, rack):
        p = make_play(t)
        if p not in seen:
            seen.add(p)
            plays.append(p)
        if len(plays) >= MAX_LISTED:
            break
    return plays
