"""Random mid-game positions for tests and benchmarks (not used by the rules)."""

from __future__ import annotations

from gametable.core.rng import Rng
from gametable.games.rummikub.tiles import (
    ALL_TILES,
    JOKER,
    JOKER_BASE,
    Table,
    canonical_table,
)


def random_table(rng: Rng, target: int, jokers: int = 0) -> tuple[Table, list[int]]:
    """A valid table of about ``target`` tiles built from random runs and groups, with up to
    ``jokers`` of them replaced by jokers; returns it and the tiles left over (shuffled)."""
    left = [t for t in ALL_TILES if t != JOKER]
    rng.shuffle(left)
    counts = [2] * 52
    sets: list[list[int]] = []
    size = 0
    tries = 0
    while size < target and tries < 500:
        tries += 1
        if rng.randbelow(2):
            c, n = rng.randbelow(4), rng.randbelow(13)
            length = 3 + rng.randbelow(3)
            if n + length > 13:
                continue
            codes = [c * 13 + n + k for k in range(length)]
        else:
            n = rng.randbelow(13)
            cols = rng.shuffled(range(4))[: 3 + rng.randbelow(2)]
            codes = sorted(c * 13 + n for c in cols)
        if any(counts[x] == 0 for x in codes):
            continue
        for x in codes:
            counts[x] -= 1
        sets.append(codes)
        size += len(codes)
    placed_jokers = 0
    for _ in range(jokers):
        if not sets:
            break
        s = sets[rng.randbelow(len(sets))]
        i = rng.randbelow(len(s))
        if s[i] >= JOKER:
            continue
        counts[s[i]] += 1
        s[i] = JOKER_BASE + s[i]
        placed_jokers += 1
    rest = [code for code in range(52) for _ in range(counts[code])]
    rest += [JOKER] * (2 - placed_jokers)
    rng.shuffle(rest)
    return canonical_table(sets), rest


def random_position(
    rng: Rng, table_tiles: int, rack_size: int = 14, jokers: bool = False
) -> tuple[Table, list[int]]:
    """A table of about ``table_tiles`` tiles and a rack of ``rack_size``. Without
    ``jokers`` neither holds a joker; with it, 0-2 jokers go on the table and the others
    may land on the rack."""
    on_table = rng.randbelow(3) if jokers else 0
    table, rest = random_table(rng, table_tiles, on_table)
    if not jokers:
        rest = [t for t in rest if t != JOKER]
    else:
        # make a rack joker likely: move the free jokers to the front half of the draw
        free = [t for t in rest if t == JOKER]
        others = [t for t in rest if t != JOKER]
        if free and rng.randbelow(2):
            rest = free + others
        else:
            rest = others[:]
            for j in free:
                rest.insert(rng.randbelow(len(rest) + 1), j)
    return table, rest[:rack_size]
