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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gametable.core.errors import IllegalAction
from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng
from gametable.games.rummikub.game import view_table
from gametable.games.rummikub.moves import extensions
from gametable.games.rummikub.solver import Solution, best_opening, best_play, solve
from gametable.games.rummikub.state import DRAW, PASS, Play, check_play, make_play
from gametable.games.rummikub.tiles import JOKER, KINDS, Table, counts_of, parse_tile, tiles_of


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

    def __init__(self, game: Game | None = None, seat: int = 0, **params: Any) -> None:
        if params:
            raise TypeError(f"the random agent takes no parameters, got {sorted(params)}")

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


class GreedyAgent:
    """Lays what it can without rearranging (see the module docstring)."""

    name = "greedy"

    def __init__(self, game: Game | None = None, seat: int = 0, **params: Any) -> None:
        if params:
            raise TypeError(f"the greedy agent takes no parameters, got {sorted(params)}")

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        table, rack, melded, _ = _context(view)
        new = greedy_table(table, rack, melded)
        if new is None:
            return _fallback(view)
        return _checked(view, table, rack, melded, new)


def solver_choice(
    table: Table, rack: list[int], melded: bool, hold_jokers: bool = True
) -> Solution | None:
    """The solver bot's play as a :class:`Solution` (``None``: draw)."""
    if not melded:
        if hold_jokers and rack[JOKER]:
            plain = rack[:]
            plain[JOKER] = 0
            sol = best_opening(tiles_of(plain), "value")
            if sol is not None:
                return sol
        return best_opening(tiles_of(rack), "value")
    full = best_play(table, tiles_of(rack), "value")
    if full.tiles == 0:
        return None
    if full.tiles == sum(rack) or not hold_jokers or not rack[JOKER]:
        return full
    plain = rack[:]
    plain[JOKER] = 0
    without = best_play(table, tiles_of(plain), "value")
    return without if without.tiles > 0 else full


class SolverAgent:
    """Exact rearrangement for the most value, holding jokers back (module docstring).

    Parameter ``hold_jokers`` (default true) turns the holding back off when false.
    """

    name = "solver"

    def __init__(self, game: Game | None = None, seat: int = 0, hold_jokers: bool = True) -> None:
        self.hold_jokers = hold_jokers

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        table, rack, melded, _options = _context(view)
        sol = solver_choice(table, rack, melded, self.hold_jokers)
        if sol is None:
            return _fallback(view)
        new = sol.table if melded else (*table, *sol.table)
        action = _checked(view, table, rack, melded, new)
        if isinstance(action, Play):
            return action
        # a flag forbids this rearrangement: lay what the greedy way allows
        greedy = greedy_table(table, rack, melded)
        return _fallback(view) if greedy is None else _checked(view, table, rack, melded, greedy)
