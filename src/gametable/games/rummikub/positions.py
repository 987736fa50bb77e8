"""Solver positions for tests and benchmarks (not used by the rules): random mid-game
positions, and the *hard* positions of real games (big tables with both jokers in play)
with a JSON form to keep a fixed set of them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import NotationError
from gametable.core.rng import Rng
from gametable.games.rummikub.tiles import (
    ALL_TILES,
    JOKER,
    JOKER_BASE,
    KINDS,
    Table,
    canonical_table,
    counts_of,
    parse_set,
    parse_tile,
    set_error,
    table_name,
    tile_name,
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


# -- hard positions from real games --------------------------------------------------------

HARD_TABLE = (30, 80)
"""Table tiles of a hard position (inclusive)."""
HARD_RACK = (8, 20)
"""Rack tiles of a hard position (inclusive)."""


@dataclass(frozen=True)
class Position:
    """A solver position: the table (sets, jokers with their faces) and the rack of the
    seat to act, with where it comes from."""

    table: Table
    rack: tuple[int, ...]
    """Rack codes, sorted (:data:`~.tiles.JOKER` for a joker)."""
    source: str = ""

    @property
    def table_jokers(self) -> int:
        return sum(1 for s in self.table for p in s if p >= JOKER)

    @property
    def rack_jokers(self) -> int:
        return self.rack.count(JOKER)

    @property
    def table_tiles(self) -> int:
        return sum(len(s) for s in self.table)

    def to_json(self) -> dict[str, str]:
        return {
            "source": self.source,
            "table": table_name(self.table),
            "rack": " ".join(tile_name(t) for t in self.rack),
        }

    @staticmethod
    def from_json(data: Any) -> Position:
        """Read :meth:`to_json`'s form back, checking it: every set valid, no tile more
        than twice and no more than two jokers in all (:class:`ValueError` naming the
        problem otherwise)."""
        if not isinstance(data, dict) or not {"table", "rack"} <= data.keys():
            raise ValueError(f"a position needs 'table' and 'rack' entries, got {data!r}")
        table_text, rack_text = data["table"], data["rack"]
        if not isinstance(table_text, str) or not isinstance(rack_text, str):
            raise ValueError(f"'table' and 'rack' must be text, got {data!r}")
        try:
            sets = [parse_set(s) for s in table_text.split("|")] if table_text.strip() else []
            rack = tuple(sorted(parse_tile(t) for t in rack_text.split()))
        except NotationError as e:
            raise ValueError(f"bad position {data!r}: {e}") from None
        for s in sets:
            error = set_error(s)
            if error is not None:
                raise ValueError(f"bad table in {data!r}: {error}")
        counts = counts_of([*(p for s in sets for p in s), *rack])
        if counts[JOKER] > 2 or any(k > 2 for k in counts[:JOKER]):
            raise ValueError(f"more copies of a tile than the game has in {data!r}")
        return Position(canonical_table(sets), rack, str(data.get("source", "")))


def is_hard(table: Table, rack: Sequence[int]) -> bool:
    """A *hard* position (issue 16): 30-80 tiles on the table, 8-20 on the rack, and both
    jokers on the table or one on the table and the other on the rack."""
    tiles = sum(len(s) for s in table)
    on_table = sum(1 for s in table for p in s if p >= JOKER)
    on_rack = sum(1 for t in rack if t == JOKER)
    return (
        HARD_TABLE[0] <= tiles <= HARD_TABLE[1]
        and HARD_RACK[0] <= len(rack) <= HARD_RACK[1]
        and (on_table == 2 or (on_table == 1 and on_rack == 1))
    )


def game_positions(
    seats: Sequence[str], seed: int | str, params: Mapping[str, Mapping[str, Any]] | None = None
) -> Iterator[Position]:
    """Every position a seated bot faced in one seeded 2-4 player game (default rules):
    the table and the rack of the seat to act, before each of its decisions. ``params``
    gives a bot's parameters by its name (e.g. ``{"ismcts": {"iterations": 300}}``)."""
    from gametable.agents.base import make_agent
    from gametable.games.rummikub import GAME

    params = params or {}
    state = GAME.new_state(len(seats), seed=seed)
    agents = [make_agent(GAME, name, s, **params.get(name, {})) for s, name in enumerate(seats)]
    base = Rng(f"agents:{seed}")
    rngs = [base.spawn(s) for s in range(len(seats))]
    while not state.is_over:
        seat = state.current
        rack = tuple(t for t in range(KINDS) for _ in range(state.racks[seat][t]))
        yield Position(state.table, rack, f"{','.join(seats)} seed {seed} turn {state.turn}")
        view = state.view(seat)
        state.apply(seat, agents[seat].act(view, state.legal_actions(seat), rngs[seat]))


def hard_positions(
    seats: Sequence[str],
    seeds: Iterable[int | str],
    per_game: int = 4,
    params: Mapping[str, Mapping[str, Any]] | None = None,
) -> Iterator[Position]:
    """The hard positions (:func:`is_hard`) of seeded games: from each game at most
    ``per_game`` of them, spread evenly over the ones it had (consecutive turns of one
    game are much alike)."""
    for seed in seeds:
        found = [p for p in game_positions(seats, seed, params) if is_hard(p.table, p.rack)]
        if len(found) > per_game:
            found = [found[i * len(found) // per_game] for i in range(per_game)]
        yield from found
