"""The notation of Rummikub's decisions: :func:`format_notation`, :func:`parse_notation`
and :func:`view_table` (a view's table, which the short forms refer to).

Below the game (:mod:`.game`), its bots and its terminal UI (:mod:`.ui`), which use it.

Notation (details and examples in ``docs/rules/rummikub.md``):

- ``draw`` (``d``), ``pass`` (``p``), ``timeout``;
- a play as the sets it adds or changes, separated by ``|`` (or ``;``)::

      R7 R8 R9 | K5 B5 O5          two new sets from the rack
      s2 B3 B4 B5 B6               table set s2 becomes B3-B6 (sets numbered as shown)
      s1 K4 R4 O4 | B3 B4 B5 B6    set s1 gives up its B4 for a new run
      s1 s3 R1 R2 R3 | R4 R5 R6    sets s1 and s3 are rebuilt into these two
      B3 B4 B5 B6                  also fine: a set holding all of a table set's tiles
                                   replaces it when the rack alone cannot make it

  An ``s<k>`` on its own (``s4 | ...``) removes set k (its tiles must be used elsewhere).
  Table sets are ``s1``, ``s2`` … and never ``#k``: ``#n`` is the terminal's "move n of
  the list", and no move starts with ``#``;
- a play as the whole new table, prefixed by ``=``: ``= R1 R2 R3 | K5 R5 B5``. This is
  the canonical form (:meth:`format_action`, records).

Tiles: ``R7``, ``K13``, ``B1``, ``O10``; a joker is ``J`` (its place in the set decides what
it stands for) or ``J=R7``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from gametable.core.errors import NotationError
from gametable.core.game import Action, View
from gametable.core.words import Msg
from gametable.games.rummikub.state import (
    DRAW,
    PASS,
    TIMEOUT,
    Draw,
    Pass,
    Play,
    Timeout,
    make_play,
)
from gametable.games.rummikub.tiles import (
    Set,
    Table,
    canonical_set,
    canonical_table,
    parse_placed,
    parse_set,
    quote,
    rack_code,
    set_name,
    table_name,
)


def format_notation(action: Action) -> str:
    """The canonical notation of a decision: ``draw``, ``pass``, ``timeout``, or a play as
    the whole new table (``= R1 R2 R3 | K5 R5 B5``)."""
    if isinstance(action, Play):
        return "= " + table_name(action.table)
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Timeout):
        return "timeout"
    raise TypeError(f"not a Rummikub move: a {type(action).__name__}")


def view_table(view: View) -> Table:
    """The table of a view as sets of placed tiles (in the order shown)."""
    out: list[Set] = []
    for s in view["table"]:
        tiles = []
        for name in s:
            p = parse_placed(name)
            if p is None:
                raise ValueError(f"a joker on the table needs its face, got {quote(name)}")
            tiles.append(p)
        out.append(tuple(tiles))
    return tuple(out)


_REFS_RE = re.compile(r"^\s*((?:[sS]\d+[\s,]*)+)(?::\s*)?(.*)$", re.S)
_REF_RE = re.compile(r"[sS](\d+)")

MAX_TEXT = 2000
"""Longest move text read (the whole table of 106 tiles in the ``=`` form is under 800)."""


def parse_notation(text: str, table: Table | None, rack: Sequence[int] | None) -> Action:
    """An action from text (see the module docstring). ``table`` (the current table, in the
    order shown) is needed for the ``s<k>`` and add-to-a-set forms; ``rack`` (counts) lets a
    set that the rack alone cannot make replace the table set it contains.

    Raises :class:`NotationError` (quoting at most a few dozen characters of ``text``).
    """
    if not isinstance(text, str):
        raise NotationError(Msg("rummikub.notation.not_text", value=quote(text)))
    if len(text) > MAX_TEXT:
        raise NotationError(Msg("rummikub.notation.too_long", count=len(text), limit=MAX_TEXT))
    raw = text.strip()
    low = raw.lower()
    if not raw:
        raise NotationError(Msg("rummikub.notation.empty"))
    if low in ("draw", "d"):
        return DRAW
    if low in ("pass", "p"):
        return PASS
    if low == "timeout":
        return TIMEOUT
    if raw.startswith("#"):
        raise NotationError(Msg("rummikub.notation.hash", text=quote(raw)))
    if low.startswith("play "):
        raw = raw[5:].strip()
    if raw.startswith("="):
        body = raw[1:].strip()
        if not body:
            raise NotationError(Msg("rummikub.notation.equals_empty"))
        sets = []
        for chunk in re.split(r"[|;]", body):
            if not chunk.strip():
                raise NotationError(Msg("rummikub.notation.empty_between"))
            if _REF_RE.search(chunk):
                raise NotationError(Msg("rummikub.notation.equals_refs"))
            sets.append(parse_set(chunk))
        return make_play(sets)
    if table is None:
        raise NotationError(Msg("rummikub.notation.needs_table", text=quote(text)))
    removed: set[int] = set()
    new_sets: list[Set] = []
    plain: list[Set] = []
    for chunk in re.split(r"[|;]", raw):
        if not chunk.strip():
            raise NotationError(Msg("rummikub.notation.empty_between"))
        m = _REFS_RE.match(chunk)
        body = chunk
        if m:
            for ref in _REF_RE.findall(m.group(1)):
                k = int(ref) if len(ref) <= 6 else 0
                if not 1 <= k <= len(table):
                    shown = "s" + (ref if len(ref) <= 6 else ref[:5] + "…")
                    raise NotationError(
                        Msg("rummikub.notation.no_set", text=shown, count=len(table))
                        if table
                        else Msg("rummikub.notation.no_set_empty", text=shown)
                    )
                removed.add(k - 1)
            body = m.group(2)
            if body.strip():
                new_sets.append(parse_set(body))
            continue
        plain.append(parse_set(body))
    # a plain set the rack alone cannot make replaces a table set it contains
    rack_left = list(rack) if rack is not None else None
    for s in plain:
        need = Counter(rack_code(p) for p in s)
        if rack_left is not None and all(rack_left[c] >= k for c, k in need.items()):
            for c, k in need.items():
                rack_left[c] -= k
            new_sets.append(s)
            continue
        mine = Counter(canonical_set(s))
        for i, old in enumerate(table):
            if i in removed:
                continue
            if not (Counter(old) - mine):
                removed.add(i)
                break
        new_sets.append(s)
    kept = [s for i, s in enumerate(table) if i not in removed]
    return make_play([*kept, *new_sets])


def delta_notation(old: Table, new: Table, refs: bool = True) -> str:
    """A play as the sets it adds or changes: ``s<k>`` names old set k (1-based, as shown)
    that was removed or rebuilt (left out when ``refs`` is false), followed by the new
    sets (the short notation a person types)."""
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


def typeable(old: Table, rack: Sequence[int] | None, new: Table) -> str:
    """The play from table ``old`` to ``new`` in the short form (the sets it adds or
    rebuilds, :func:`delta_notation`) when that form reads back as exactly this play for a
    player with ``rack`` (counts); otherwise the whole-table form ``= …``, which always
    does."""
    short = delta_notation(old, new)
    try:
        back = parse_notation(short, table=old, rack=rack)
    except NotationError:
        back = None
    if isinstance(back, Play) and back.table == canonical_table(new):
        return short
    return format_notation(Play(canonical_table(new)))
