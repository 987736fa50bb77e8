"""Rummikub tiles, sets and their notation.

A *tile* is an int: ``colour * 13 + (number - 1)`` for the 104 number tiles (0..51) and
:data:`JOKER` (52) for either joker. Colours are ``K`` black, ``R`` red, ``B`` blue and
``O`` orange (the seed's noir, rouge, bleu, orange).

A tile *on the table* (a "placed" tile) is the same int for a number tile, or
``JOKER_BASE + face`` for a joker standing for the number tile ``face`` (§12.3: every
joker on the table has an explicit number and colour). A *set* is a tuple of placed
tiles: a run in ascending order, a group in colour order.

Notation: ``R7``, ``K13``, ``J`` (a joker whose place the set decides), ``J=R7`` (a joker
standing for red 7). A set is its tiles separated by spaces or commas. The same names are
the tiles' ids in views and decisions (:data:`TILE_NAMES`, :data:`PLACED_NAMES`).

Words: a person reads tiles and sets in words, never in notation: :func:`tile_msg` ("red
7", "joker"), :func:`placed_msg` ("joker (as red 7)"), :func:`set_msg` ("black 4–7", "three
8s without orange") and :func:`set_error` (why tiles make no set), all
:class:`~gametable.core.words.Msg` from the game's catalog (``locale/messages.pot``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from gametable.core.errors import NotationError, quote_input
from gametable.core.words import Msg

COLOURS = "KRBO"
"""Colour letters in canonical order: black, red, blue, orange."""
COLOUR_NAMES = ("black", "red", "blue", "orange")
COLOUR_SYMBOLS = ("●", "◆", "■", "▲")
"""A symbol per colour (black ●, red ◆, blue ■, orange ▲), drawn on every tile beside its
number (the browser, the terminal, the rules' legend), so the four colours are told apart
without colour: red and black look alike in grayscale or to a red-blind eye."""
COLOUR_SHAPES = ("circle", "diamond", "square", "triangle")
"""The shape of each colour's symbol, by name (the browser draws it)."""
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


TILE_NAMES: tuple[str, ...] = tuple(tile_name(code) for code in range(KINDS))
"""The name of each rack code (``TILE_NAMES[JOKER] == "J"``)."""
PLACED_NAMES: dict[int, str] = {
    **{code: tile_name(code) for code in range(52)},
    **{JOKER_BASE + face: "J=" + tile_name(face) for face in range(52)},
}
"""The name of each tile a set on the table may hold: a number tile, or a joker with the
face of one (``J=R7``)."""


def set_name(s: Sequence[int]) -> str:
    return " ".join(placed_name(p) for p in s)


def table_name(table: Iterable[Sequence[int]]) -> str:
    return " | ".join(set_name(s) for s in table)


# -- words -----------------------------------------------------------------------------------


def colour_msg(colour: int) -> Msg:
    """A colour (index 0..3) in words: "black", "red", "blue", "orange"."""
    return Msg(f"rummikub.colour.{COLOUR_NAMES[colour]}")


def tile_msg(code: int) -> Msg:
    """A rack tile in words: "red 7", "black 13", "joker"."""
    if code == JOKER:
        return Msg("rummikub.joker")
    return Msg("rummikub.tile", colour=colour_msg(code // 13), number=code % 13 + 1)


def placed_msg(placed: int) -> Msg:
    """A tile on the table in words: "red 7", "joker (as red 7)"."""
    if placed >= JOKER_BASE:
        return Msg("rummikub.joker.as", tile=tile_msg(placed - JOKER_BASE))
    return tile_msg(placed)


def tiles_msg(placed: Iterable[int]) -> list[Msg]:
    """Tiles in words, as a list parameter ("black 1, black 3 and red 3")."""
    return [placed_msg(p) for p in placed]


def set_msg(s: Sequence[int]) -> Msg:
    """A set in words: a run as its range ("black 4–7", "red 3–6 (joker as 5)"), a group
    by its number and the colour it lacks ("three 8s without orange", "four 2s (joker as
    blue)"); tiles that make no set as their list."""
    if _fault(s) is not None:
        return Msg("rummikub.set.tiles", tiles=tiles_msg(s))
    faces = [face_of(p) for p in s]
    jokers = [face_of(p) for p in s if is_joker(p)]
    number = faces[0] % 13 + 1
    if all(f % 13 == faces[0] % 13 for f in faces):
        colours = [c for c in range(4) if c not in {f // 13 for f in faces}]
        joker_colours = [colour_msg(f // 13) for f in jokers]
        if colours:  # a group of three
            missing = colour_msg(colours[0])
            if jokers:
                return Msg(
                    "rummikub.set.group3_joker",
                    number=number,
                    missing=missing,
                    colours=joker_colours,
                    count=len(jokers),
                )
            return Msg("rummikub.set.group3", number=number, missing=missing)
        if jokers:
            return Msg(
                "rummikub.set.group4_joker", number=number, colours=joker_colours, count=len(jokers)
            )
        return Msg("rummikub.set.group4", number=number)
    colour = colour_msg(faces[0] // 13)
    low, high = number, faces[-1] % 13 + 1
    if jokers:
        return Msg(
            "rummikub.set.run_joker",
            colour=colour,
            low=low,
            high=high,
            numbers=[f % 13 + 1 for f in jokers],
            count=len(jokers),
        )
    return Msg("rummikub.set.run", colour=colour, low=low, high=high)


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
        raise NotationError(Msg("rummikub.notation.tile_not_text", value=quote(text)))
    t = text.strip()
    m = _TILE_RE.match(t)
    if m:
        return tile(COLOURS.index(m.group(1).upper()), int(m.group(2)))
    if t.upper() in ("J", "*", "JOKER"):
        return JOKER
    raise NotationError(Msg("rummikub.notation.not_a_tile", text=quote(text)))


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


def _fault(s: Sequence[int]) -> tuple[str, dict[str, Any]] | None:
    """What keeps ``s`` from being a valid set: the kind of fault and its details, or
    ``None`` for a valid set (:func:`set_error` and :func:`set_problem` say it in words).

    A group is 3-4 tiles of one number in distinct colours; a run is 3 or more tiles of
    one colour with consecutive numbers in ascending order (1 is always low: no 13-1).
    """
    if len(s) < 3:
        return "too_few", {"count": len(s)}
    faces = [face_of(p) for p in s]
    numbers = [f % 13 + 1 for f in faces]
    colours = [f // 13 for f in faces]
    if len(set(numbers)) == 1:
        if len(s) > 4:
            return "group_size", {"count": len(s)}
        seen: set[int] = set()
        for face, c in zip(faces, colours, strict=True):
            if c in seen:
                return "group_colour", {"tile": tile_msg(face)}
            seen.add(c)
        return None
    if len(set(colours)) == 1:
        wraps = 1 in numbers and 13 in numbers
        for a, b in itertools.pairwise(numbers):
            if (b != a + 1 and wraps) or (a == 13 and b == 1):
                return "run_wraps", {}
            if b == a:
                return "run_repeats", {"tile": tile_msg(colours[0] * 13 + a - 1)}
            if b < a:
                return "run_order", {}
            if b == a + 2:
                return "run_gap", {"number": a + 1}
            if b > a + 2:
                return "run_gaps", {"low": a + 1, "high": b - 1, "count": b - a - 1}
        return None
    return "mixed", {}


def set_problem(s: Sequence[int]) -> Msg | None:
    """Why ``s`` is not a valid set, in a few words for a set being built ("a set needs at
    least 3 tiles", "gap at 6"); ``None`` if it is a valid set."""
    fault = _fault(s)
    if fault is None:
        return None
    kind, params = fault
    return Msg(f"rummikub.problem.{kind}", **params)


def set_error(s: Sequence[int]) -> Msg | None:
    """Why ``s`` is not a valid set, as a sentence naming its tiles in words ("black 1,
    black 3 and red 3 is neither a group (the numbers differ) nor a run (the colours
    differ)"); ``None`` if it is a valid set."""
    fault = _fault(s)
    if fault is None:
        return None
    kind, params = fault
    return Msg(f"rummikub.illegal.{kind}", tiles=tiles_msg(s), **params)


def set_kind(s: Sequence[int]) -> str:
    """``"group"`` or ``"run"`` for a valid set (a group: every tile of one number)."""
    first = face_of(s[0]) % 13
    return "group" if all(face_of(p) % 13 == first for p in s) else "run"


def joker_readings(tiles: Sequence[int]) -> list[Set]:
    """Every valid set the tiles can make when each joker may stand for any tile, each
    canonical: groups first when two or more number tiles share a number (the missing
    colours in K R B O order), runs with the jokers at the top end first.

    >>> [table_name([s]) for s in joker_readings([parse_tile("K7"), parse_tile("R7"), JOKER])]
    ['K7 R7 J=B7', 'K7 R7 J=O7']
    """
    naturals = [t for t in tiles if not is_joker(t)]
    return _free_readings(naturals, len(tiles) - len(naturals))


def _free_readings(naturals: Sequence[int], jokers: int) -> list[Set]:
    n = len(naturals) + jokers
    if n < 3 or not naturals:
        return []
    numbers = {t % 13 for t in naturals}
    colours = {t // 13 for t in naturals}
    groups: list[Set] = []
    runs: list[Set] = []
    if len(numbers) == 1 and len(colours) == len(naturals) and n <= 4:
        number = next(iter(numbers))
        missing = [c for c in range(4) if c not in colours]
        for combo in itertools.combinations(missing, jokers):
            faces = [JOKER_BASE + c * 13 + number for c in combo]
            groups.append(canonical_set([*naturals, *faces]))
    if len(colours) == 1 and len(numbers) == len(naturals) and n <= 13:
        colour = next(iter(colours))
        lo, hi = min(numbers), max(numbers)
        for start in range(min(lo, 13 - n), max(0, hi - n + 1) - 1, -1):
            run = [
                colour * 13 + k if k in numbers else JOKER_BASE + colour * 13 + k
                for k in range(start, start + n)
            ]
            runs.append(tuple(run))
    return [*groups, *runs] if len(naturals) >= 2 else [*runs, *groups]


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
        raise NotationError(Msg("rummikub.notation.jokers_only"))
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
        raise NotationError(Msg("rummikub.notation.empty_set"))
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
