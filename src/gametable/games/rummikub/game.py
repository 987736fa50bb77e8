"""Rummikub as a :class:`~gametable.core.Game`: options, setup, decisions as data,
notation, components, words, previews of a table being built, determinization.

Decisions travel as data (:data:`~.actions.DECISIONS`: ``{"type": "play", "table": [["K4",
"K5", "K6"], …]}``); the notation a person types (``draw``, ``R7 R8 R9 | K5 B5 O5``, ``s2 B3
B4 B5 B6``, ``= R1 R2 R3 | …``; details and examples in ``docs/rules/rummikub.md``) is in
:mod:`.notation`, below this module, the bots and the terminal UI; the words are in
:mod:`.words`.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from gametable.core.codec import DecisionError
from gametable.core.errors import IllegalAction, NotationError, OptionError
from gametable.core.events import Event
from gametable.core.game import JSON, Action, Game, GameInfo, OptionSpec, Preview, View
from gametable.core.rng import Rng
from gametable.core.words import Msg
from gametable.games.rummikub.actions import DECISIONS, TILE, play_of_sets
from gametable.games.rummikub.match import Match
from gametable.games.rummikub.notation import format_notation, parse_notation, view_table
from gametable.games.rummikub.state import (
    MELD_MIN,
    RACK_SIZE,
    RummikubState,
    check_play,
    first_player_from_draws,
    initial_meld_value,
    json_copy,
    tiles_missing,
)
from gametable.games.rummikub.tiles import (
    ALL_TILES,
    COLOUR_NAMES,
    COLOUR_SHAPES,
    COLOUR_SYMBOLS,
    JOKER,
    JOKER_BASE,
    KINDS,
    PLACED_NAMES,
    Set,
    canonical_set,
    colour_msg,
    counts_of,
    face_of,
    infer_set,
    is_joker,
    joker_readings,
    parse_tile,
    placed_msg,
    quote,
    rack_code,
    set_error,
    set_kind,
    set_problem,
    set_value,
    tile_msg,
    tile_name,
)

if TYPE_CHECKING:
    from gametable.core.agent import AgentFactory
    from gametable.core.lessons import Lesson
    from gametable.core.textui import TextUI
    from gametable.games.rummikub.words import RummikubWords


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


NOTATION_TOKENS = re.compile(
    r"(?<![\w=])(?:J=)?[KRBO](?:1[0-3]|[1-9])(?!\w)"  # a tile: R7, K13, J=R7
    r"|(?<!\w)J=(?=[KRBOkrbo]\d)"  # a joker's face: J=R…
    r"|(?<![\w])s[1-9][0-9]?(?![\w])"  # a table set: s2
)
"""A piece of the notation as it could leak into text: a tile code (``R7``, ``K13``, ``J=R7``)
or a table set's name (``s2``); not words or numbers in sentences ("red 7", "set 2",
"7 tiles")."""

PRIVATE_FACTS = {"draw": ("tiles",), "timeout": ("tiles",)}
"""The facts of an event that only its seat knows (the tiles it drew), by kind."""


class RummikubGame(Game):
    """Rummikub (Sabra rules), 2-4 players, with an exact move solver."""

    name = "rummikub"
    title = "Rummikub"
    min_players = 2
    max_players = 4
    info = GameInfo(simultaneous=False, enumerable_actions=False)
    decisions = DECISIONS
    notation_tokens = NOTATION_TOKENS
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

    def action_from_notation(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(Msg("rummikub.notation.not_text", value=quote(text)))
        return parse_notation(text, table=None, rack=None)

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
        for item in view.get("history", ()):
            state.events.append(event_from_json(item, seat))
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

    # -- words, components and previews ---------------------------------------------------

    @cached_property
    def words(self) -> RummikubWords:
        """Rummikub in words (:mod:`.words`)."""
        from gametable.games.rummikub.words import WORDS

        return WORDS

    def components(self) -> dict[str, Any]:
        """The tiles by the ids views and decisions use — ``R7``; ``J``, a joker on a rack;
        ``J=R7``, a joker on the table standing for red 7 — each with its ``colour`` and
        ``number`` (for a joker on the table, those of the tile it stands for; ``None`` for
        a joker on a rack), ``joker``, ``stands_for`` (the tile a joker on the table stands
        for), ``rack`` (the tile's id on a rack: ``J`` for any joker) and its ``name`` in
        words; and the four ``colours`` by name, in the game's order (K R B O), with their
        names in words and the symbol each colour's tiles carry (``symbol``, a character,
        and ``shape``, its name: black ● circle, red ◆ diamond, blue ■ square, orange ▲
        triangle), so that no colour is told by colour alone."""
        tiles: dict[str, dict[str, Any]] = {}
        for code in range(52):
            name = tile_name(code)
            tiles[name] = {
                "colour": COLOUR_NAMES[code // 13],
                "number": code % 13 + 1,
                "joker": False,
                "stands_for": None,
                "rack": name,
                "name": placed_msg(code),
            }
        tiles["J"] = {
            "colour": None,
            "number": None,
            "joker": True,
            "stands_for": None,
            "rack": "J",
            "name": placed_msg(JOKER),
        }
        for face in range(52):
            tiles[PLACED_NAMES[JOKER_BASE + face]] = {
                "colour": COLOUR_NAMES[face // 13],
                "number": face % 13 + 1,
                "joker": True,
                "stands_for": tile_name(face),
                "rack": "J",
                "name": placed_msg(JOKER_BASE + face),
            }
        colours = {
            name: {
                "order": i,
                "name": colour_msg(i),
                "symbol": COLOUR_SYMBOLS[i],
                "shape": COLOUR_SHAPES[i],
            }
            for i, name in enumerate(COLOUR_NAMES)
        }
        return {"tiles": tiles, "colours": colours}

    def preview(self, view: View, draft: JSON) -> Preview:
        """What the rules say of a table being built, from the deciding seat's ``view``.

        ``draft`` is a play's data (``{"type": "play", "table": [[tile, …], …]}``) as far
        as it goes: sets of any size, jokers written ``J`` (their place decides) or with
        the tile they stand for (``J=R5``, kept while it still fits its set), and
        optionally ``"selected"``, tiles being moved. The facts:

        - ``sets``, per set of the draft: ``valid``; ``tiles``, the set as it reads
          (ordered as on the table: a run going up, a group by colour; each joker with
          the tile it stands for); ``kind`` (``"run"``, ``"group"``) and ``value`` when
          valid, else ``problem`` (a few words: "gap at 6", a
          :class:`~gametable.core.words.Msg` the server renders in the reader's
          language); ``readings``, every way the
          set reads when its jokers could stand for other tiles, and ``reading``, the
          index of the one chosen;
        - ``laid``: how many rack tiles the draft lays;
        - ``meld`` (before the seat's initial meld): ``value``, what the meld is worth so
          far, ``minimum``, the least it must be worth, and whether it is ``enough``;
        - ``fits`` (with ``selected``): per set, whether adding the selected tiles makes
          it a valid set;
        - ``play``: the draft as the decision to send (every joker with its tile).

        The message says why the draft is not yet a legal play (``None`` once it is one):
        first the table's tiles it lacks (they stay on the table whatever else is wrong),
        then the first set that is not valid, then what the rules say of the play.
        Raises :class:`ValueError` for a draft that is not a play's data.
        """
        seat = view.get("seat")
        if type(seat) is not int or view.get("rack") is None:
            raise ValueError("a preview is made from the deciding seat's view")
        sets, selected = _read_draft(draft)
        table = view_table(view)
        rack = counts_of(parse_tile(t) for t in view["rack"])
        melded = bool(view["melded"][seat])
        options = view.get("options") or {}
        facts_sets: list[dict[str, Any]] = []
        chosen: list[Set] = []
        fault: Msg | None = None
        for tokens in sets:
            info, reading, error = _read_set(tokens)
            facts_sets.append(info)
            chosen.append(reading)
            if fault is None and error is not None:
                fault = error
        before = counts_of(p for s in table for p in s)
        after = counts_of(p for s in chosen for p in s)
        laid = [after[c] - before[c] for c in range(KINDS)]
        facts: dict[str, Any] = {
            "sets": facts_sets,
            "laid": sum(k for k in laid if k > 0),
            "play": {
                "type": "play",
                "table": [[_tile_id(p) for p in s] for s in chosen],
            },
        }
        if not melded:
            new_table = tuple(sorted(canonical_set(s) for s in chosen))
            value = initial_meld_value(table, new_table, [max(k, 0) for k in laid], options)
            facts["meld"] = {"value": value, "minimum": MELD_MIN, "enough": value >= MELD_MIN}
        if selected is not None:
            facts["fits"] = [
                bool(selected) and bool(joker_readings([*map(rack_code, s), *selected]))
                for s in chosen
            ]
        if min(laid) < 0:  # first, as the table's tiles stay whatever else is wrong
            return Preview(facts, tiles_missing(laid), False)
        if fault is not None:
            return Preview(facts, fault, False)
        try:
            check_play(table, rack, melded, play_of_sets(chosen).table, options)
        except IllegalAction as exc:
            return Preview(facts, exc.msg or Msg("rummikub.illegal.not_a_move"), False)
        return Preview(facts, None, True)

    # -- front ends ---------------------------------------------------------------------

    def rules_section(self, view: View) -> str:
        """The section of the rules (``rules/<language>.md``) for the decision ``view``
        asks for: before the seat's initial meld, the initial meld's (``meld``); once the
        game is over, the scoring (``scoring``); else the turn (``turn``)."""
        if view.get("phase") == "over":
            return "scoring"
        seat = view.get("seat")
        if type(seat) is int and not view["melded"][seat]:
            return "meld"
        return "turn"

    def lesson(self) -> Lesson:
        """A guided first game against one scripted opponent (:mod:`.lesson`)."""
        from gametable.games.rummikub.lesson import lesson

        return lesson()

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


def event_from_json(item: Mapping[str, Any], viewer: int) -> Event:
    """An event of a view's ``history`` as the event it was, as far as ``viewer`` knows it
    (its own draws with their tiles, others' without): what a determinized state tells."""
    kind, seat = item["kind"], item["seat"]
    secret = PRIVATE_FACTS.get(kind, ())
    facts = {k: json_copy(v) for k, v in item.items() if k not in ("turn", "seat", "kind", *secret)}
    mine = {k: json_copy(item[k]) for k in secret if k in item}
    private = {seat: mine} if mine and seat == viewer else None
    return Event(item["turn"], seat, kind, facts, private)


MAX_DRAFT = 106
"""The most sets, and tiles in a set, a preview reads (the game has 106 tiles)."""


def _read_draft(draft: JSON) -> tuple[list[list[int]], list[int] | None]:
    """The sets of a draft (:meth:`RummikubGame.preview`) as lists of tiles (a bare joker:
    :data:`~.tiles.JOKER`) and its selected tiles (``None`` when it names none)."""
    if not isinstance(draft, dict) or draft.get("type") != "play":
        raise DecisionError("type", "a preview is of a play: {'type': 'play', 'table': [...]}")
    for key in draft:
        if key not in ("type", "table", "selected"):
            raise DecisionError(str(key)[:40], "is not a field of a play being built")
    raw = draft.get("table")
    if not isinstance(raw, list) or len(raw) > MAX_DRAFT:
        raise DecisionError("table", f"must be a list of at most {MAX_DRAFT} sets")
    sets: list[list[int]] = []
    for i, s in enumerate(raw):
        if not isinstance(s, list) or len(s) > MAX_DRAFT:
            raise DecisionError(f"table[{i}]", f"must be a list of at most {MAX_DRAFT} tiles")
        sets.append([TILE.decode(name, f"table[{i}][{j}]") for j, name in enumerate(s)])
    selected = draft.get("selected")
    if selected is None:
        return sets, None
    if not isinstance(selected, list) or len(selected) > MAX_DRAFT:
        raise DecisionError("selected", f"must be a list of at most {MAX_DRAFT} tiles")
    picked = [rack_code(TILE.decode(name, f"selected[{j}]")) for j, name in enumerate(selected)]
    return sets, picked


def _tile_id(placed: int) -> str:
    return "J" if placed == JOKER else PLACED_NAMES[placed]


def _read_set(tokens: Sequence[int]) -> tuple[dict[str, Any], Set, Msg | None]:
    """One set of a draft: its facts, the set as it reads (jokers given the tiles they
    stand for when some reading makes it valid) and, when it is not valid, why, as the
    rules would refuse it."""
    if not any(is_joker(t) for t in tokens):
        s = canonical_set(tokens)
        problem = set_problem(s)
        if problem is None:
            return _valid(s, [s], 0), s, None
        return _invalid(tokens, problem), tuple(tokens), set_error(s)
    readings = joker_readings([rack_code(t) for t in tokens])
    if readings:
        wanted = Counter(face_of(t) for t in tokens if t >= JOKER_BASE)
        try:
            inferred: Set | None = canonical_set(
                infer_set([None if is_joker(t) else t for t in tokens])
            )
        except NotationError:
            inferred = None
        first = readings.index(inferred) if inferred in readings else 0

        def kept(i: int) -> tuple[int, int]:
            faces = Counter(face_of(p) for p in readings[i] if is_joker(p))
            return (sum((faces & wanted).values()), i == first)

        best = max(range(len(readings)), key=kept)
        return _valid(readings[best], readings, best), readings[best], None
    s = tuple(tokens)
    kind, params = _joker_fault([t for t in tokens if not is_joker(t)], len(tokens))
    problem = Msg(f"rummikub.problem.{kind}", **params)
    error = Msg(f"rummikub.illegal.{kind}", tiles=_words(s), **params)
    return _invalid(s, problem), s, error


def _joker_fault(naturals: Sequence[int], size: int) -> tuple[str, dict[str, Any]]:
    """Why tiles holding jokers make no set whatever the jokers stand for (``naturals``:
    the number tiles, ``size``: all the tiles)."""
    if size < 3:
        return "too_few", {"count": size}
    if not naturals:
        return "jokers_only", {}
    numbers = [t % 13 for t in naturals]
    colours = [t // 13 for t in naturals]
    if len(set(numbers)) > 1 and len(set(colours)) > 1:
        return "mixed", {}
    if len(set(numbers)) == 1 and (len(naturals) == 1 or len(set(colours)) > 1):
        twice = next((t for i, t in enumerate(naturals) if t in naturals[:i]), None)
        if twice is not None:
            return "group_colour", {"tile": tile_msg(twice)}
        return "group_size", {"count": size}
    twice = next((t for i, t in enumerate(naturals) if t in naturals[:i]), None)
    if twice is not None:
        return "run_repeats", {"tile": tile_msg(twice)}
    if size > 13:
        return "run_size", {"count": size}
    low, high = min(numbers), max(numbers)
    gap = [n for n in range(low, high + 1) if n not in numbers]
    if not gap:  # pragma: no cover - such tiles always read as a run
        return "mixed", {}
    if len(gap) == 1:
        return "run_gap", {"number": gap[0] + 1}
    return "run_gaps", {"low": gap[0] + 1, "high": gap[-1] + 1, "count": len(gap)}


def _words(s: Sequence[int]) -> list[Msg]:
    return [placed_msg(p) for p in s]


def _valid(s: Set, readings: list[Set], index: int) -> dict[str, Any]:
    info: dict[str, Any] = {
        "valid": True,
        "tiles": [_tile_id(p) for p in s],
        "kind": set_kind(s),
        "value": set_value(s),
    }
    if len(readings) > 1:
        info["readings"] = [[_tile_id(p) for p in r] for r in readings]
        info["reading"] = index
    return info


def _invalid(s: Sequence[int], problem: Msg) -> dict[str, Any]:
    # The few words of the problem stay a message: the server renders the preview's facts
    # in the reader's language.
    return {"valid": False, "tiles": [_tile_id(p) for p in s], "problem": problem}


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

__all__ = [
    "GAME",
    "KINDS",
    "NOTATION_TOKENS",
    "Determinizer",
    "RummikubGame",
    "event_from_json",
    "parse_notation",
    "view_table",
]
