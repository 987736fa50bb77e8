"""Rummikub as a :class:`~gametable.core.Game`: options, setup, notation, determinization.

The notation (``draw``, ``R7 R8 R9 | K5 B5 O5``, ``s2 B3 B4 B5 B6``, ``= R1 R2 R3 | …``;
details and examples in ``docs/rules/rummikub.md``) is in :mod:`.notation`, below this
module, the bots and the terminal UI.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from gametable.core.errors import NotationError, OptionError
from gametable.core.game import JSON, Action, Game, GameInfo, OptionSpec, View
from gametable.core.rng import Rng
from gametable.games.rummikub.match import Match
from gametable.games.rummikub.notation import format_notation, parse_notation, view_table
from gametable.games.rummikub.state import (
    RACK_SIZE,
    Entry,
    RummikubState,
    first_player_from_draws,
)
from gametable.games.rummikub.tiles import (
    ALL_TILES,
    JOKER,
    KINDS,
    counts_of,
    parse_tile,
    quote,
    rack_code,
    tile_name,
)

if TYPE_CHECKING:
    from gametable.core.agent import AgentFactory
    from gametable.core.textui import TextUI


MAX_TURN_SECONDS = 7 * 86_400
"""The longest turn timer (a week): longer means no timer, and the terminal and the server
cannot wait so long (a timer of 10**30 seconds overflows the platform's time)."""

OPTION_SPECS = (
    OptionSpec(
        "initial_meld_allows_manipulation",
        bool,
        False,
        "§12.2: may the initial-meld turn also rework or add to table sets? (official: no)",
    ),
    OptionSpec(
        "joker_group3_needs_both_colours",
        bool,
        False,
        "§12.4: freeing a joker from a group of three needs both missing colours (old rule)",
    ),
    OptionSpec(
        "freed_joker_needs_rack_tile",
        bool,
        False,
        "§12.5: a joker moved to another set must share it with a tile from the rack",
    ),
    OptionSpec("joker_penalty", int, 30, "§12.7: a joker left on a rack counts this much"),
    OptionSpec(
        "turn_seconds",
        int,
        None,
        "§12.8: turn time limit in seconds (60 in the rulebook); on timeout the turn is "
        "undone and 3 penalty tiles are drawn; default: no timer",
        nullable=True,
    ),
    OptionSpec(
        "match_winner",
        str,
        "points",
        "§12.13: over several games, the winner has the highest running total (points) or "
        "won the most games, points breaking ties (games_won)",
        choices=("points", "games_won"),
    ),
    OptionSpec(
        "match_games",
        int,
        None,
        "§12.13: games in a match (see rummikub.match.Match); default: one per player",
        nullable=True,
    ),
)


class RummikubGame(Game):
    """Rummikub (Sabra rules), 2-4 players, with an exact move solver."""

    name = "rummikub"
    title = "Rummikub"
    min_players = 2
    max_players = 4
    info = GameInfo(simultaneous=False, enumerable_actions=False)
    option_specs = OPTION_SPECS
    modes: ClassVar[Mapping[int, str]] = {
        2: "two players, 14 tiles each, 78 in the pool",
        3: "three players, 14 tiles each, 64 in the pool",
        4: "four players, 14 tiles each, 50 in the pool",
    }

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        secs = options.get("turn_seconds")
        if secs is not None and secs <= 0:
            raise OptionError(f"turn_seconds must be positive, got {secs}")
        if secs is not None and secs > MAX_TURN_SECONDS:
            raise OptionError(
                f"turn_seconds must be at most a week ({MAX_TURN_SECONDS}); leave it out for "
                "no timer"
            )
        if options.get("joker_penalty", 30) < 0:
            raise OptionError("joker_penalty cannot be negative")
        games = options.get("match_games")
        if games is not None and games <= 0:
            raise OptionError(f"match_games must be positive, got {games}")

    def new_match(
        self, players: int, options: Mapping[str, Any], games: int | None = None
    ) -> Match:
        """A match by the options ``match_games`` (default one game per player) and
        ``match_winner``; ``games`` overrides the length."""
        match = Match.from_options(players, options)
        if games is not None:
            match.games = games
        return match

    # -- setup ----------------------------------------------------------------------------

    def random_setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> JSON:
        """First-player draws (§2, §12.12: tied seats draw again), then the shuffled tiles:
        seat ``i`` gets ``tiles[14*i : 14*i+14]``, the rest is the pool in drawing order."""
        draws: list[list[str]] = []
        contenders = players
        while True:
            shuffled = rng.shuffled(ALL_TILES)
            rnd = shuffled[:contenders]
            draws.append([tile_name(t) for t in rnd])
            values = [0 if t == JOKER else t % 13 + 1 for t in rnd]
            contenders = values.count(max(values))
            if contenders == 1:
                break
        tiles = rng.shuffled(ALL_TILES)
        return {"first_draws": draws, "tiles": [tile_name(t) for t in tiles]}

    def state_from_setup(
        self, players: int, setup: JSON, options: Mapping[str, Any]
    ) -> RummikubState:
        if not isinstance(setup, Mapping) or "tiles" not in setup or "first_draws" not in setup:
            raise ValueError("a Rummikub setup is an object with 'first_draws' and 'tiles'")
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Rummikub is for 2 to 4 players, not {quote(players)}")
        raw_tiles, raw_draws = setup["tiles"], setup["first_draws"]
        if not isinstance(raw_tiles, list) or len(raw_tiles) != len(ALL_TILES):
            raise ValueError("the setup's 'tiles' must be a list of the 106 tiles (e.g. 'R7', 'J')")
        if (
            not isinstance(raw_draws, list)
            or not raw_draws
            or len(raw_draws) > 64
            or not all(isinstance(rnd, list) and len(rnd) <= players for rnd in raw_draws)
        ):
            raise ValueError(
                "the setup's 'first_draws' must be a list of rounds, each a list of one tile "
                "per seat still drawing"
            )
        try:
            tiles = [parse_tile(t) for t in raw_tiles]
            draws = [[parse_tile(t) for t in rnd] for rnd in raw_draws]
        except NotationError as exc:
            raise ValueError(f"bad tile in the setup: {exc}") from None
        if sorted(tiles) != sorted(ALL_TILES):
            raise ValueError("'tiles' must hold the 106 tiles exactly once each (104 + 2 jokers)")
        first = first_player_from_draws(players, draws)
        racks = [counts_of(tiles[RACK_SIZE * s : RACK_SIZE * (s + 1)]) for s in range(players)]
        pool = list(reversed(tiles[RACK_SIZE * players :]))
        return RummikubState(self, players, setup, options, racks, pool, first)

    # -- actions ------------------------------------------------------------------------

    def action_to_json(self, action: Action) -> JSON:
        return self.format_action(action)

    def action_from_notation(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"a decision in notation is text, not {type(text).__name__}")
        return parse_notation(text, table=None, rack=None)

    def action_from_json(self, data: JSON) -> Action:
        if not isinstance(data, str):
            raise ValueError(
                f"a Rummikub move is a string such as 'draw' or '= R1 R2 R3', not {quote(data)}"
            )
        try:
            return parse_notation(data, table=None, rack=None)
        except NotationError as exc:
            raise ValueError(str(exc)) from None

    def format_action(self, action: Action) -> str:
        return format_notation(action)

    def parse_action(self, text: str, view: View, legal: Sequence[Action]) -> Action:
        table = view_table(view)
        rack = None if view.get("rack") is None else counts_of(parse_tile(t) for t in view["rack"])
        return parse_notation(text, table=table, rack=rack)

    # -- hidden information -------------------------------------------------------------

    def determinize(self, view: View, rng: Rng) -> RummikubState:
        """A state with the view's table and rack; the unseen tiles dealt at random to the
        other racks (by their sizes) and the pool."""
        seat = view["seat"]
        if seat is None:
            raise ValueError("determinize needs a seat's view (the spectator sees no rack)")
        table = view_table(view)
        rack = [parse_tile(t) for t in view["rack"]]
        unseen = Counter(ALL_TILES)
        unseen.subtract(rack_code(p) for s in table for p in s)
        unseen.subtract(rack)
        if any(v < 0 for v in unseen.values()):
            raise ValueError("the view shows more copies of a tile than exist")
        hidden = rng.shuffled(sorted(unseen.elements()))
        players = view["players"]
        racks: list[list[int]] = []
        for s in range(players):
            if s == seat:
                racks.append(counts_of(rack))
            else:
                k = view["rack_sizes"][s]
                racks.append(counts_of(hidden[:k]))
                hidden = hidden[k:]
        if len(hidden) != view["pool_size"]:
            raise ValueError("the view's rack and pool sizes do not add up to 106 tiles")
        options = dict(view["options"])
        state = RummikubState(
            self, players, {"determinized": True}, options, racks, hidden, view["current"]
        )
        state.table = table
        state.melded = list(view["melded"])
        state.turn = view["turn"]
        state.passes = view["passes"]
        state.over = view["phase"] == "over"
        if view.get("last") is not None:
            last = view["last"]
            action = self.action_from_json(last["action"])
            state.last = (last["seat"], action, last["laid"], last.get("changes", ""))
            if "drawn" in last:
                state.drawn = (last["seat"], tuple(parse_tile(t) for t in last["drawn"]))
            elif "drawn_count" in last:
                state.drawn = (last["seat"], (JOKER,) * last["drawn_count"])
        entries: list[Entry] = []
        for item in view.get("recent", ()):
            if "drawn" in item:
                drawn: tuple[int, ...] | int = tuple(parse_tile(t) for t in item["drawn"])
            else:
                drawn = item.get("drawn_count", 0) if item["move"] in ("draw", "timeout") else ()
            entries.append(
                (item["seat"], item["move"], item.get("laid", 0), item.get("changes", ""), drawn)
            )
        state.recent = tuple(entries)
        if state.over and "result" in view:
            winners = view["result"]["details"].get("winners", [])
            if view["result"]["details"].get("end") == "went_out" and winners:
                state.winner = winners[0]
        return state

    def determinizer(self, view: View) -> Callable[[Rng], RummikubState]:
        """Read ``view`` once (through :meth:`determinize`); each sample then only deals
        the unseen tiles anew: uniformly at random to the other racks (by their sizes) and
        the pool, as :meth:`determinize` does, with a Mersenne Twister seeded from the
        first sample's ``rng`` (much faster than the pure-Python :class:`Rng`; the same
        ``rng`` still gives the same samples)."""
        return Determinizer(self, view)

    # -- front ends ---------------------------------------------------------------------

    def hint_bot(self, players: int) -> tuple[str, dict[str, Any]]:
        """The exact solver: the most tiles laid, in milliseconds."""
        return "solver", {}

    @cached_property
    def bots(self) -> Mapping[str, AgentFactory]:
        from gametable.games.rummikub.bots import GreedyAgent, RandomAgent, SolverAgent

        return {"random": RandomAgent, "greedy": GreedyAgent, "solver": SolverAgent}

    @cached_property
    def ui(self) -> TextUI:
        from gametable.games.rummikub.ui import RummikubTextUI

        return RummikubTextUI()

    def new_state(self, players: int, seed: int | str = 0, **options: Any) -> RummikubState:
        state = super().new_state(players, seed, **options)
        assert isinstance(state, RummikubState)
        return state


class Determinizer:
    """Samples of full states consistent with one view (see
    :meth:`RummikubGame.determinizer`)."""

    __slots__ = ("_rand", "hidden", "seat", "template")

    def __init__(self, game: RummikubGame, view: View) -> None:
        self.template = game.determinize(view, Rng(0))
        self.seat: int = view["seat"]
        hidden: list[int] = []
        for s, rack in enumerate(self.template.racks):
            if s != self.seat:
                hidden.extend(code for code in range(KINDS) for _ in range(rack[code]))
        hidden.extend(self.template.pool)
        hidden.sort()
        self.hidden = hidden
        """The tiles the seat cannot see, in a fixed order."""
        self._rand: Callable[[], float] | None = None

    def __call__(self, rng: Rng) -> RummikubState:
        rand = self._rand
        if rand is None:
            rand = self._rand = random.Random(rng.next64()).random
        hidden = sorted(self.hidden, key=lambda _: rand())
        state = self.template.clone()
        start = 0
        for s, rack in enumerate(state.racks):
            if s == self.seat:
                continue
            size = sum(rack)
            new = [0] * KINDS
            for code in hidden[start : start + size]:
                new[code] += 1
            state.racks[s] = new
            start += size
        state.pool = hidden[start:]
        return state




GAME = RummikubGame()

__all__ = ["GAME", "KINDS", "Determinizer", "RummikubGame", "parse_notation", "view_table"]
