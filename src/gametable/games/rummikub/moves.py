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

from bisect import insort
from collections.abc import Mapping, Sequence
from typing import Any

from gametable.games.rummikub.actions import Play, make_play
from gametable.games.rummikub.tiles import (
    JOKER,
    JOKER_BASE,
    Set,
    Table,
    canonical_set,
    canonical_table,
    face_of,
)

MAX_LISTED = 40


def rack_sets(rack: Sequence[int]) -> list[tuple[int, ...]]:
    """New sets of number tiles the rack alone can make: maximal runs, then full groups."""
    out: list[tuple[int, ...]] = []
    for base in (0, 13, 26, 39):
        n = 0
        while n < 11:  # a run starting at number n + 1 needs n + 3 <= 13
            if rack[base + n] and rack[base + n + 1] and rack[base + n + 2]:
                m = n + 3
                while m < 13 and rack[base + m]:
                    m += 1
                out.append(tuple(range(base + n, base + m)))
                n = m + 1
            else:
                n += 1
    for n in range(13):
        group = [c for c in (n, n + 13, n + 26, n + 39) if rack[c]]
        if len(group) >= 3:
            out.append(tuple(group))
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


def _extension_sets(table: Table, rack: Sequence[int]) -> list[tuple[int, Set]]:
    """(index of the table set, that set with one rack tile added), in the order
    :func:`extensions` lists them."""
    out: list[tuple[int, Set]] = []
    for i, s in enumerate(table):
        faces = [face_of(p) for p in s]
        if len({f % 13 for f in faces}) == 1:  # group
            if len(s) == 3:
                n = faces[0] % 13
                have = {f // 13 for f in faces}
                for c in range(4):
                    if c not in have and rack[c * 13 + n]:
                        out.append((i, (*s, c * 13 + n)))
                if rack[JOKER]:
                    c = next(c for c in range(4) if c not in have)
                    out.append((i, (*s, JOKER_BASE + c * 13 + n)))
        else:  # run
            lo, hi = faces[0], faces[-1]
            if lo % 13 > 0 and rack[lo - 1]:
                out.append((i, (lo - 1, *s)))
            if hi % 13 < 12:
                if rack[hi + 1]:
                    out.append((i, (*s, hi + 1)))
                elif rack[JOKER]:
                    out.append((i, (*s, JOKER_BASE + hi + 1)))
            elif rack[JOKER] and lo % 13 > 0:
                out.append((i, (JOKER_BASE + lo - 1, *s)))
    return out


def extensions(table: Table, rack: Sequence[int]) -> list[Table]:
    """Tables with one rack tile added to one set (a run end, or a group of three)."""
    return [(*table[:i], *table[i + 1 :], new) for i, new in _extension_sets(table, rack)]


_CANONICAL: dict[Table, Table] = {}
"""Tables seen lately -> their canonical form (a search meets the same table many times)."""


def _canonical(table: Table) -> Table:
    """``table`` itself if it is already canonical (as every table a play leaves is),
    else :func:`~.tiles.canonical_table` of it."""
    known = _CANONICAL.get(table)
    if known is not None:
        return known
    out = table
    for i in range(1, len(table)):
        if table[i - 1] > table[i]:
            out = canonical_table(table)
            break
    else:
        for s in table:
            if canonical_set(s) != s:
                out = canonical_table(table)
                break
    if len(_CANONICAL) >= 4096:
        _CANONICAL.clear()
    _CANONICAL[table] = out
    return out


def simple_plays(
    table: Table, rack: Sequence[int], melded: bool, options: Mapping[str, Any]
) -> list[Play]:
    """A few legal plays found without search (see the module docstring)."""
    if not melded:
        opening = cheap_opening(rack)
        return [] if opening is None else [make_play((*table, *opening))]
    # The same plays as make_play of each new table, built by inserting the one new or
    # changed set (canonical) into the canonical table instead of sorting it all again.
    base = _canonical(table)
    plays: list[Play] = []
    seen: set[Play] = set()
    for s in rack_sets(rack):
        new = list(base)
        insort(new, canonical_set(s))
        p = Play(tuple(new))
        if p not in seen:
            seen.add(p)
            plays.append(p)
    for i, grown in _extension_sets(table, rack):
        new = list(base)
        if base is table:
            del new[i]
        else:  # table was not canonical: find its set i in base
            new.remove(canonical_set(table[i]))
        insort(new, canonical_set(grown))
        p = Play(tuple(new))
        if p not in seen:
            seen.add(p)
            plays.append(p)
        if len(plays) >= MAX_LISTED:
            break
    return plays
