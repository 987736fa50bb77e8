"""Rummikub tiles, sets and their notation.

A *tile* is an int: ``colour * 13 + (number - 1)`` for the 104 number tiles (0..51) and
:data:`JOKER` (52) for either joker. Colours are ``K`` black, ``R`` red, ``B`` blue and
``O`` orange (the seed's noir, rouge, bleu, orange).

A tile *on the table* (a "placed" tile) is the same int for a number tile, or
``JOKER_BASE + face`` for a joker standing for the number tile ``face`` (§12.3: every
joker on the table has an explicit number and colour). A *set* is a tuple of placed
tiles: a run in ascending order, a group in colour order.

Notation: ``R7``, ``K13``, ``J`` (a joker whose place the set decides), ``J=R7`` (a joker
standing for red 7). A set is its tiles separated by spaces or commas.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence

from gametable.core.errors import NotationError, quote_input

COLOURS = "KRBO"
"""Colour letters in canonical order: black, red, blue, orange."""
COLOUR_NAMES = ("black", "red", "blue", "orange")
JOKER = 52
"""The code of a joker on a rack (either joker: they play the same)."""
JOKER_BASE = 64
"""A joker on the table is ``JOKER_BASE + face``."""
KINDS = 53
"""Number of distinct tile codes (52 number tiles + the joker)."""

ALL_TILES: tuple[int, ...] = (*tuple(sorted([*range(52), *range(52)])), JOKER, JOKER)
"""The 106 tiles of the game."""

Set = tuple[int, ...]
Table = tuple[Set, ...]


def tile(colour: int, number: int) -> int:
    """The code of the number tile ``number`` (1..13) of colour index ``colour`` (0..3)."""
    return colour * 13 + number - 1


def is_joker(placed: int) -> bool:
    """Whether a placed tile (or a rack tile) is a joker."""
    return placed >= JOKER


def face_of(placed: int) -> int:
    """The number tile a placed tile stands for (itself for a number tile)."""
    return placed - JOKER_BASE if placed >= JOKER_BASE else placed


def rack_code(placed: int) -> int:
    """The rack code of a placed tile: :data:`JOKER` for a joker, else the tile."""
    return JOKER if placed >= JOKER else placed


def tile_name(code: int) -> str:
    """``R7``, ``K13``; ``J`` for the joker."""
    if code == JOKER:
        return "J"
    return f"{COLOURS[code // 13]}{code % 13 + 1}"


def placed_name(placed: int) -> str:
    """``R7``; ``J=R7`` for a joker standing for red 7."""
    if placed >= JOKER_BASE:
        return "J=" + tile_name(placed - JOKER_BASE)
    return tile_name(placed)


def set_name(s: Sequence[int]) -> str:
    return " ".join(placed_name(p) for p in s)


def table_name(table: Iterable[Sequence[int]]) -> str:
    return " | ".join(set_name(s) for s in table)


def tile_value(code: int, joker_penalty: int = 30) -> int:
    """A rack tile's penalty value: its number, or ``joker_penalty`` for a joker."""
    return joker_penalty if code == JOKER else code % 13 + 1


quote = quote_input
"""What a player sent, quoted short and safely (:func:`gametable.core.errors.quote_input`)."""


_TILE_RE = re.compile(r"^([KRBOkrbo])(1[0-3]|[1-9])$")
_JOKER_RE = re.compile(r"^(?:J|\*)(?:[=:(]([KRBOkrbo](?:1[0-3]|[1-9]))\)?)?$", re.I)


def parse_tile(text: str) -> int:
    """A rack tile from ``R7`` / ``k13`` / ``J``; raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"{quote(text)} is not a tile: a tile is written as text, e.g. R7")
    t = text.strip()
    m = _TILE_RE.match(t)
    if m:
        return tile(COLOURS.index(m.group(1).upper()), int(m.group(2)))
    if t.upper() in ("J", "*", "JOKER"):
        return JOKER
    raise NotationError(
        f"{quote(text)} is not a tile: write a colour letter K/R/B/O and a number 1-13 (e.g. R7, "
        "K13), or J for a joker"
    )


def parse_placed(text: str) -> int | None:
    """A placed tile: a number tile, ``J=R7`` (a joker with its face) or ``J`` (``None``:
    the set decides the face)."""
    t = text.strip()
    if t.upper() in ("J", "*", "JOKER"):
        return None
    m = _JOKER_RE.match(t)
    if m and m.group(1):
        return JOKER_BASE + parse_tile(m.group(1))
    return parse_tile(t)


# -- sets -----------------------------------------------------------------------------------


def set_error(s: Sequence[int]) -> str | None:
    """Why ``s`` is not a valid set (``None`` if it is one).

    A group is 3-4 tiles of one number in distinct colours; a run is 3 or more tiles of
    one colour with consecutive numbers in ascending order (1 is always low: no 13-1).
    """
    name = set_name(s)
    if len(s) < 3:
        return (
            f"set {name} has only {len(s)} tile{'s' if len(s) != 1 else ''}; a set needs at least 3"
        )
    faces = [face_of(p) for p in s]
    numbers = [f % 13 + 1 for f in faces]
    colours = [f // 13 for f in faces]
    if len(set(numbers)) == 1:
        if len(s) > 4:
            return f"group {name} has {len(s)} tiles; a group has at most 4 (one per colour)"
        seen: set[int] = set()
        for c in colours:
            if c in seen:
                return f"group {name} repeats {COLOUR_NAMES[c]}; a group needs different colours"
            seen.add(c)
        return None
    if len(set(colours)) == 1:
        wraps = 1 in numbers and 13 in numbers
        for a, b in itertools.pairwise(numbers):
            if b != a + 1 and wraps:
                return f"run {name} wraps from 13 to 1; 1 is always low (no 13-1 runs)"
            if b == a:
                return f"run {name} repeats {COLOURS[colours[0]]}{a}"
            if b < a:
                if a == 13 and b == 1:
                    return f"run {name} wraps from 13 to 1; 1 is always low"
                return f"run {name} is not in ascending order ({b} after {a})"
            if b > a + 1:
                gap = f"{a + 1}" if b == a + 2 else f"{a + 1}-{b - 1}"
                return f"run {name} has a gap at {gap}"
        return None
    if len(set(numbers)) > 1 and len(set(colours)) > 1:
        return f"{name} is neither a group (the numbers differ) nor a run (the colours differ)"
    return f"{name} is not a valid set"  # pragma: no cover


def canonical_set(s: Sequence[int]) -> Set:
    """A set in canonical order: a group sorted by colour, a run by number."""
    faces = [face_of(p) for p in s]
    if len({f % 13 for f in faces}) == 1:
        return tuple(sorted(s, key=lambda p: (face_of(p), p)))
    return tuple(sorted(s, key=lambda p: (face_of(p) % 13, p)))


def canonical_table(sets: Iterable[Sequence[int]]) -> Table:
    """A table in canonical form: each set canonical, the sets sorted."""
    return tuple(sorted(canonical_set(s) for s in sets))


def set_value(s: Sequence[int]) -> int:
    """Points of a set: the numbers, a joker counting as the tile it stands for."""
    return sum(face_of(p) % 13 + 1 for p in s)


def infer_set(tokens: Sequence[int | None]) -> Set:
    """Complete a set whose jokers may be written bare (``None``), as the player means it.

    Naturals of one number make a group: bare jokers take the missing colours in K R B O
    order. Otherwise the set is a run: if the written order is consistent it is kept (so
    ``J R5 R6`` is R4-R6 and ``R5 R6 J`` is R5-R7); else the naturals are sorted, jokers fill
    the gaps and any left over go at the top end (at the bottom if the run reaches 13).
    Explicit jokers (``J=R7``) are kept as written. The result may still be invalid;
    :func:`set_error` says why.
    """
    if all(t is not None for t in tokens):
        return canonical_set([t for t in tokens if t is not None])
    fixed = [t for t in tokens if t is not None]
    faces = [face_of(t) for t in fixed]
    bare = sum(1 for t in tokens if t is None)
    numbers = {f % 13 for f in faces}
    colours = {f // 13 for f in faces}
    if not faces:
        raise NotationError("a set of jokers only needs explicit faces, e.g. 'J=R4 J=R5 R6'")
    group_like = len(numbers) == 1 and len(faces) >= 2 and len(colours) == len(faces)
    if group_like:
        n = next(iter(numbers))
        missing = [c for c in range(4) if c not in colours]
        jokers = [JOKER_BASE + c * 13 + n for c in missing[:bare]]
        while len(jokers) < bare:  # more jokers than missing colours: invalid anyway
            jokers.append(JOKER_BASE + faces[0])
        return canonical_set([*fixed, *jokers])
    colour = faces[0] // 13
    # the written order
    idx = next(i for i, t in enumerate(tokens) if t is not None)
    start = faces[0] % 13 + 1 - idx
    ok = 1 <= start and start + len(tokens) - 1 <= 13
    if ok and len(colours) == 1:
        for i, t in enumerate(tokens):
            if t is not None and face_of(t) % 13 + 1 != start + i:
                ok = False
                break
    if ok and len(colours) == 1:
        out = [
            t if t is not None else JOKER_BASE + colour * 13 + start + i - 1
            for i, t in enumerate(tokens)
        ]
        return tuple(out)
    # sorted naturals, jokers in gaps, then the top end
    if len(colours) != 1:
        return canonical_set([*fixed, *(JOKER_BASE + faces[0] for _ in range(bare))])
    order = sorted(fixed, key=face_of)
    nums = [face_of(t) % 13 + 1 for t in order]
    out2: list[int] = [order[0]]
    left = bare
    for t, n in zip(order[1:], nums[1:], strict=True):
        prev = face_of(out2[-1]) % 13 + 1
        while n > prev + 1 and left > 0:
            prev += 1
            out2.append(JOKER_BASE + colour * 13 + prev - 1)
            left -= 1
        out2.append(t)
    while left > 0:
        top = face_of(out2[-1]) % 13 + 1
        low = face_of(out2[0]) % 13 + 1
        if top < 13:
            out2.append(JOKER_BASE + colour * 13 + top)
        elif low > 1:
            out2.insert(0, JOKER_BASE + colour * 13 + low - 2)
        else:
            out2.append(JOKER_BASE + faces[0])
        left -= 1
    return tuple(out2)


def parse_set(text: str) -> Set:
    """A set from ``"R5 R6 J"`` / ``"K7,R7,J=B7"``; raises :class:`NotationError`."""
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if not parts:
        raise NotationError("empty set")
    tokens = [parse_placed(p) for p in parts]
    return infer_set(tokens)


def counts_of(tiles: Iterable[int]) -> list[int]:
    """Counts per rack code (length :data:`KINDS`)."""
    out = [0] * KINDS
    for t in tiles:
        out[rack_code(t)] += 1
    return out


def tiles_of(counts: Sequence[int]) -> list[int]:
    """The rack codes of a count vector, sorted."""
    return [code for code in range(KINDS) for _ in range(counts[code])]
