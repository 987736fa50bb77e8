"""Rummikub: 388 macro-action ids; a float observation of the rack, the table and the seats.

A Rummikub decision is a whole new table arrangement: far too many to number. The
environments offer a fixed set of *macro-actions* instead, each legal or not now:

=========  ===============  =================================================================
ids        macro-action     what it plays
=========  ===============  =================================================================
0          draw             draw a tile (pool not empty)
1          pass             pass (pool empty)
2          solver           what the ``solver`` bot plays: the exact solver's whole-table
                            rearrangement laying the most value, holding jokers back while
                            it can lay without them (or its draw/pass if it finds nothing)
3          solver_jokers    the same, jokers never held back (``hold_jokers=False``)
4          greedy           what the ``greedy`` bot plays: the best opening, or the rack's
                            own sets then single tiles added to table sets, no rearranging
5          opening          the opening the game lists before the initial meld (the rack's
                            runs and groups, highest first, until they are worth 30)
6–269      new run          ``6 + k``: lay the run k (colour K R B O, then first number,
                            then length 3–13) of number tiles from the rack as a new set
270–334    new group        ``270 + 5 * (number - 1) + g``: a group of that number from the
                            rack, ``g`` = the colours KRB, KRO, KBO, RBO, KRBO
335–387    add tile         ``335 + tile`` (K1 = 0 … O13 = 51, joker = 52): add that rack
                            tile to the first table set (in the view's order) it extends:
                            at either end of a run, or as the fourth tile of a group of
                            three (a joker: at the top of a run, else at its bottom, or as
                            a group's first missing colour)
=========  ===============  =================================================================

A new set (ids 6–334) is legal after the initial meld whenever the rack holds its tiles,
and before it when the set alone is worth 30 or more (it is then the initial meld); adding
a tile (ids 335–387) is legal only after the initial meld. The three bot ids are always
legal: the bot's answer is computed only when the id is played.

What the encoding cannot express: a rearrangement other than the solver's (for instance
one that keeps a tile back for later), several new sets or several added tiles in one turn
except through the bots' plays, new sets holding a joker, adding a tile to a set other
than the first that takes it, splitting a set, and the turn timer (the environments have
none). Everything the game's ``legal_actions`` lists is reachable (its opening, its new
sets, its single added tiles, the draw or pass).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gametable.agents.base import make_agent
from gametable.core.agent import Agent
from gametable.core.game import Action, View
from gametable.core.rng import Rng
from gametable.envs.encoding import (
    Delegate,
    Encoder,
    FloatArray,
    LegalMap,
    register_encoder,
    relative,
    scaled,
)

COLOURS = "KRBO"
TILES = (*(f"{c}{n}" for c in COLOURS for n in range(1, 14)), "J")
TILE = {name: i for i, name in enumerate(TILES)}
JOKER = 52
DRAW, PASS, SOLVER, SOLVER_JOKERS, GREEDY, OPENING = range(6)
RUNS = tuple(
    (c, first, length)
    for c in range(4)
    for first in range(1, 12)
    for length in range(3, 15 - first)
)
RUN_INDEX = {run: k for k, run in enumerate(RUNS)}
NEW_RUN = 6
GROUP_COLOURS = ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (0, 1, 2, 3))
NEW_GROUP = NEW_RUN + len(RUNS)
ADD_TILE = NEW_GROUP + 5 * 13
NUM_ACTIONS = ADD_TILE + 53
MAX_SEATS = 4
LAST_KINDS = ("play", "draw", "pass", "timeout")


def _face(name: str) -> int:
    """The number tile a placed tile stands for (``J=R7`` stands for R7)."""
    return TILE[name[2:]] if name.startswith("J=") else TILE[name]


def _last_decision(view: View) -> dict[str, Any] | None:
    """The view's last decision (an event of its ``history`` other than the end)."""
    for event in reversed(view.get("history") or ()):
        if event["kind"] in LAST_KINDS:
            return event  # type: ignore[no-any-return]
    return None


def _tile_name(code: int) -> str:
    return TILES[code]


def _set_text(names: Sequence[str]) -> str:
    return " ".join(names)


@register_encoder
class RummikubEncoder(Encoder):
    """See the module docstring; the slices are listed in ``docs/envs.md``."""

    game_name = "rummikub"
    delegates = True

    def __init__(self, game: Any, players: int, options: Any) -> None:
        super().__init__(game, players, options)
        add = self.layout.add
        rel = [f"+{r}" for r in range(MAX_SEATS)]
        self.o_players = add("players", 3, "one-hot player count 2–4", ["2p", "3p", "4p"])
        self.o_to_act = add("to_act", 1, "1 when this seat is to decide")
        self.o_rack = add("rack", 53, "rack tiles per kind / 2 (K1 … O13, joker)", TILES)
        self.o_table = add("table", 52, "number tiles on the table per kind / 2", TILES[:52])
        self.o_jokers = add(
            "table_jokers", 52, "jokers on the table by the tile they stand for / 2", TILES[:52]
        )
        self.o_sets = add("table_sets", 1, "sets on the table / 40")
        self.o_racks = add("rack_sizes", 4, "tiles per rack / 40, by seat from this one", rel)
        self.o_pool = add("pool_size", 1, "tiles in the pool / 106")
        self.o_melded = add("melded", 4, "seats that have made their initial meld", rel)
        self.o_passes = add("passes", 1, "consecutive passes / players")
        self.o_last = add(
            "last",
            4 + 4 + 1,
            "the last decision: its seat (from this one), play/draw/pass/timeout, tiles laid / 14",
            [*(f"seat{r}" for r in rel), *LAST_KINDS, "laid"],
        )
        self.num_actions = NUM_ACTIONS
        self._bots: dict[tuple[int, str, bool], Agent] = {}

    # -- observation ------------------------------------------------------------------

    def encode(self, view: View) -> FloatArray:
        seat = view["seat"]
        players = view["players"]
        obs = np.zeros(self.layout.size, np.float32)
        obs[self.o_players + players - 2] = 1.0
        if seat in view["to_act"]:
            obs[self.o_to_act] = 1.0
        for name in view["rack"]:
            obs[self.o_rack + TILE[name]] += 0.5
        for s in view["table"]:
            for name in s:
                if name.startswith("J"):
                    obs[self.o_jokers + _face(name)] += 0.5
                else:
                    obs[self.o_table + TILE[name]] += 0.5
        obs[self.o_sets] = scaled(len(view["table"]), 40)
        for s in range(players):
            r = relative(seat, s, players)
            obs[self.o_racks + r] = scaled(view["rack_sizes"][s], 40)
            if view["melded"][s]:
                obs[self.o_melded + r] = 1.0
        obs[self.o_pool] = view["pool_size"] / 106
        obs[self.o_passes] = scaled(view["passes"], players)
        last = _last_decision(view)
        if last is not None:
            obs[self.o_last + relative(seat, last["seat"], players)] = 1.0
            obs[self.o_last + 4 + LAST_KINDS.index(last["kind"])] = 1.0
            obs[self.o_last + 8] = scaled(len(last.get("laid", ())), 14)
        return obs

    # -- actions ------------------------------------------------------------------------

    def _bot(self, seat: int, name: str, hold: bool) -> Agent:
        key = (seat, name, hold)
        bot = self._bots.get(key)
        if bot is None:
            params = {} if name != "solver" or hold else {"hold_jokers": False}
            bot = self._bots[key] = make_agent(self.game, name, seat, **params)
        return bot

    def _delegate(
        self, label: str, seat: int, name: str, hold: bool, view: View, legal: Sequence[Action]
    ) -> Delegate:
        def resolve(rng: Rng) -> Action:
            return self._bot(seat, name, hold).act(view, legal, rng)

        return Delegate(label, resolve)

    def _play(self, view: View, sets: list[list[str]]) -> Delegate:
        """A play whose new table is ``sets`` (the view's table with sets replaced or
        added), as the game's decision data."""
        data = {"type": "play", "table": sets}

        def resolve(rng: Rng) -> Action:
            return self.game.action_from_json(data)

        return Delegate(" | ".join(_set_text(s) for s in sets), resolve)

    def legal(self, seat: int, view: View, legal: Sequence[Action]) -> LegalMap:
        if not legal:
            return {}
        out: dict[int, Any] = {}
        first = self.game.action_to_json(legal[0])
        out[DRAW if first["type"] == "draw" else PASS] = legal[0]
        out[SOLVER] = self._delegate("solver", seat, "solver", True, view, legal)
        out[SOLVER_JOKERS] = self._delegate("solver_jokers", seat, "solver", False, view, legal)
        out[GREEDY] = self._delegate("greedy", seat, "greedy", True, view, legal)
        melded = bool(view["melded"][seat])
        if not melded:
            for action in legal[1:]:
                out[OPENING] = action
                break
        rack = [0] * 53
        for name in view["rack"]:
            rack[TILE[name]] += 1
        table: list[list[str]] = [list(s) for s in view["table"]]
        # new runs: every run inside a stretch of one colour the rack holds
        for c in range(4):
            base = 13 * c
            n = 1
            while n <= 11:
                if rack[base + n - 1] and rack[base + n] and rack[base + n + 1]:
                    end = n + 2
                    while end < 13 and rack[base + end]:
                        end += 1
                    for first in range(n, end - 1):
                        for last in range(first + 2, end + 1):
                            value = (first + last) * (last - first + 1) // 2
                            if melded or value >= 30:
                                names = [TILES[base + k - 1] for k in range(first, last + 1)]
                                out[NEW_RUN + RUN_INDEX[c, first, last - first + 1]] = self._play(
                                    view, [*table, names]
                                )
                    n = end + 1
                else:
                    n += 1
        # new groups
        for number in range(1, 14):
            have = {c for c in range(4) if rack[13 * c + number - 1]}
            if len(have) < 3 or not (melded or 3 * number >= 30):
                continue
            for g, colours in enumerate(GROUP_COLOURS):
                if have.issuperset(colours) and (melded or len(colours) * number >= 30):
                    names = [TILES[13 * c + number - 1] for c in colours]
                    out[NEW_GROUP + 5 * (number - 1) + g] = self._play(view, [*table, names])
        if melded:
            for tile in range(53):
                if rack[tile]:
                    new = self._extend(table, tile)
                    if new is not None:
                        out[ADD_TILE + tile] = self._play(view, new)
        return out

    def _extend(self, table: list[list[str]], tile: int) -> list[list[str]] | None:
        """The table with ``tile`` added to the first set it extends, or ``None``."""
        for i, s in enumerate(table):
            faces = [_face(name) for name in s]
            numbers = {f % 13 for f in faces}
            grown: list[str] | None = None
            if len(numbers) == 1:  # a group
                if len(s) != 3:
                    continue
                number = faces[0] % 13
                colours = {f // 13 for f in faces}
                missing = [c for c in range(4) if c not in colours]
                if tile == JOKER:
                    grown = [*s, "J=" + TILES[13 * missing[0] + number]]
                elif tile % 13 == number and tile // 13 in missing:
                    grown = [*s, TILES[tile]]
            else:  # a run, lowest first
                lo, hi = faces[0], faces[-1]
                if tile == JOKER:
                    if hi % 13 < 12:
                        grown = [*s, "J=" + TILES[hi + 1]]
                    elif lo % 13 > 0:
                        grown = ["J=" + TILES[lo - 1], *s]
                elif tile // 13 == lo // 13:
                    if tile == lo - 1 and lo % 13 > 0:
                        grown = [TILES[tile], *s]
                    elif tile == hi + 1 and hi % 13 < 12:
                        grown = [*s, TILES[tile]]
            if grown is not None:
                return [*table[:i], grown, *table[i + 1 :]]
        return None

    def action_label(self, seat: int, action_id: int) -> str:
        a = action_id
        if not 0 <= a < NUM_ACTIONS:
            raise ValueError(f"no Rummikub action id {a} (ids 0–{NUM_ACTIONS - 1})")
        if a < NEW_RUN:
            return ("draw", "pass", "solver", "solver_jokers", "greedy", "opening")[a]
        if a < NEW_GROUP:
            c, first, length = RUNS[a - NEW_RUN]
            return f"new run {COLOURS[c]}{first}-{COLOURS[c]}{first + length - 1}"
        if a < ADD_TILE:
            k = a - NEW_GROUP
            number, g = k // 5 + 1, k % 5
            return "new group " + " ".join(f"{COLOURS[c]}{number}" for c in GROUP_COLOURS[g])
        return f"add {_tile_name(a - ADD_TILE)}"

    def zero_sum(self) -> bool:
        return True

    def score_bounds(self) -> tuple[float, float]:
        worst = 2 * 4 * 91 + 2 * int(self.options.get("joker_penalty", 30))
        return (-float(worst), float((self.players - 1) * worst))

    def max_decisions(self) -> int:
        # draws empty the pool; every play lays a tile; once the pool is empty a full
        # round of passes ends the game, so passes come at most players - 1 between plays
        pool = 106 - 14 * self.players
        plays = 106
        return pool + plays + self.players * (plays + 1)
