"""The game interface every game implements and every front end relies on.

A *game* (:class:`Game`) is a stateless description: its name, player counts, options,
how to deal, how to read and write its actions, and its bots. A *state* (:class:`State`)
is one game in progress. The protocol:

- :attr:`State.to_act` names the seat(s) the game waits for. Several seats at once means a
  simultaneous secret choice (the tips game): each of them calls :meth:`State.apply`, in
  any order, and nothing of a committed choice shows in another seat's view until the
  game reveals it.
- :meth:`State.legal_actions` lists the legal decisions of a seat; :meth:`State.apply`
  plays one or raises :class:`~gametable.core.errors.IllegalAction` with the reason,
  leaving the state untouched. A decision is whatever is natural for a person: one card
  into one bowl, a whole table rearrangement, a pending choice inside an action.
- :meth:`State.view` is exactly what a seat may know, as plain JSON-able data. Agents and
  front ends read views, never states.
- Every bit of chance is drawn at setup from a seeded :class:`~gametable.core.rng.Rng` and
  stored in the state's :attr:`State.setup` (the explicit initial order of every card), so
  a record of the setup and the decisions replays a game exactly.
- The seed is therefore the deal: it is never shown to a seat before the game is over,
  and agents' random streams never derive from it (the invariant is spelled out in
  :mod:`gametable.core.rng`).
"""

from __future__ import annotations

import math
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from gametable.core.errors import OptionError, SeatError, quote
from gametable.core.rng import Rng

# The plain values live below this module (the agent protocol, matches and the text UI
# build on them too); they are re-exported here, where games have always found them.
from gametable.core.values import JSON as JSON
from gametable.core.values import Action as Action
from gametable.core.values import Result as Result
from gametable.core.values import Score as Score
from gametable.core.values import View as View
from gametable.core.values import rank_by_keys as rank_by_keys
from gametable.core.values import score_from_json as score_from_json
from gametable.core.values import score_to_json as score_to_json

if TYPE_CHECKING:
    from gametable.core.agent import AgentFactory
    from gametable.core.codec import DecisionCodec
    from gametable.core.lessons import Lesson
    from gametable.core.match import Match
    from gametable.core.rules import Section
    from gametable.core.textui import TextUI
    from gametable.core.words import GameWords, Msg


@dataclass(frozen=True)
class OptionSpec:
    """A named game option (a variant or a rules flag), with its default.

    ``choices`` restricts the accepted values; ``type`` is ``bool``, ``int``, ``float`` or
    ``str``. ``None`` is accepted where ``nullable`` is true (e.g. "no time limit").
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    seat: bool = False
    """Whether the value names a seat (checked against the player count)."""

    def coerce(self, value: Any) -> Any:
        """The value converted to the option's type, or :class:`OptionError` saying why not."""
        if value is None:
            if self.nullable:
                return None
            raise OptionError(f"option {self.name!r} cannot be empty")
        if isinstance(value, str) and self.type is not str:
            value = _parse_option_text(self, value)
            if value is None:
                return None
        if self.type is float and isinstance(value, int | float) and not isinstance(value, bool):
            if not _finite(value):  # NaN, ±infinity (text such as "1e400"), or too large
                raise OptionError(f"option {self.name!r} takes a finite number, got {quote(value)}")
            value = float(value)
        if not isinstance(value, self.type) or (self.type is int and isinstance(value, bool)):
            raise OptionError(f"option {self.name!r} takes {_KINDS[self.type]}, got {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}; got {value!r}")
        return value


_KINDS: dict[type, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "text",
}


def _finite(value: int | float) -> bool:
    """Whether a number is one a float holds (not NaN, not infinite, not an integer too
    large to be a float)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _parse_option_text(spec: OptionSpec, text: str) -> Any:
    low = text.strip().lower()
    if spec.nullable and low in ("", "none", "off", "null"):
        return None
    try:
        if spec.type is bool:
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        if spec.type is int:
            return int(low)
        if spec.type is float:
            return float(low)
    except ValueError:
        raise OptionError(f"option {spec.name!r} takes {_KINDS[spec.type]}, got {text!r}") from None
    return text


_SHARED_OPTIONS = frozenset({"first_player"})
"""Options several games share, named in the core's catalog."""


def first_player_option(rule: str) -> OptionSpec:
    """The ``first_player`` option games share: a chosen seat, else drawn from the seed.

    ``rule`` is how the rulebook picks the first player (shown in ``gametable games``).
    """
    return OptionSpec(
        "first_player",
        int,
        None,
        f"seat that starts (the rulebook: {rule}); default: drawn from the seed",
        nullable=True,
        seat=True,
    )


def choose_first_player(players: int, rng: Rng, options: Mapping[str, Any]) -> int:
    """The ``first_player`` option's seat, or one drawn from ``rng`` when it is unset."""
    first = options.get("first_player")
    return rng.randbelow(players) if first is None else int(first)


def check_seat(seat: object, players: int, *, spectator: bool = False) -> int | None:
    """``seat`` checked to be a seat of a ``players``-seat game, else :class:`SeatError`.

    Seats are plain ints from 0 to ``players - 1``: negative numbers (which would wrap
    around a list to the last seats), bools and other types are refused. ``None`` — the
    spectator — is accepted only where ``spectator`` is true (:meth:`State.view`).
    Every state calls this at the top of ``view``, ``legal_actions`` and ``apply``.

    >>> check_seat(1, 2)
    1
    >>> check_seat(-1, 2)
    Traceback (most recent call last):
    ...
    gametable.core.errors.SeatError: seat -1 is not a seat of this 2-player game (seats 0–1)
    """
    if seat is None and spectator:
        return None
    if type(seat) is not int or not 0 <= seat < players:
        shown = repr(seat) if len(repr(seat)) <= 40 else repr(seat)[:37] + "..."
        raise SeatError(
            f"seat {shown} is not a seat of this {players}-player game (seats 0–{players - 1})"
        )
    return seat


class State(ABC):
    """One game in progress. Mutable: :meth:`apply` changes it in place; :meth:`clone` copies.

    Subclasses store their game in :attr:`game`, the number of seats in :attr:`players`
    and the explicit initial arrangement (JSON-able) in :attr:`setup`.
    """

    game: Game
    players: int
    options: Mapping[str, Any]
    setup: JSON

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats whose decision the game waits for (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every legal decision of ``seat`` now (empty if the seat is not to act).

        Games whose decisions cannot all be listed (a Rummikub table rearrangement) set
        :attr:`GameInfo.enumerable_actions` false and return a useful subset that always
        includes the decisions that are always legal (e.g. drawing); :meth:`apply`
        accepts every legal decision whether listed or not.
        """

    @abstractmethod
    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now (``None``: a spectator, who sees only public facts)."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self) -> Result:
        """The outcome; raises :class:`~gametable.core.errors.GameError` if not over."""

    def standing(self) -> tuple[Sequence[Score], Sequence[int]]:
        """The finished game's scores and ranks per seat, as :meth:`result` gives them.

        For searches, which play thousands of games per decision and need only these two:
        games whose :meth:`result` builds costly details override it with a cheaper path.
        """
        result = self.result()
        return result.scores, result.ranks

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: no deep copies of immutable parts)."""

    def turn_time_limit(self) -> float | None:
        """Seconds a seat has for its turn, if the game's options set a turn timer."""
        return None

    def timeout_action(self, seat: int) -> Action | None:
        """The decision a front end applies when ``seat``'s turn time runs out.

        ``None`` when the game has no timer. Applying it (like any action, so it is
        recorded and replayed) carries out the game's timeout rule, e.g. Rummikub's
        "undo the turn and draw three penalty tiles".
        """
        return None


@dataclass(frozen=True)
class Preview:
    """What the rules say of a decision being put together (:meth:`Game.preview`)."""

    facts: Mapping[str, JSON]
    """Data for the table to show (values, totals, which pieces are at fault)."""
    message: Msg | None = None
    """What to tell the player about it, if anything (rendered in their language)."""
    legal: bool = False
    """Whether the draft, as it is, is a legal decision now."""


@dataclass(frozen=True)
class TurnStep:
    """Where a decision falls in its seat's turn, for agents that keep a time budget per turn.

    A *turn* is the run of decisions a seat makes before the game moves on to someone else
    (or, in a simultaneous choice, the one secret choice). A budget of ``S`` seconds is a
    promise for the whole turn, so an agent deciding several times in one turn shares it:
    see :class:`gametable.agents.clock.TurnClock`.
    """

    starts_turn: bool = True
    """This decision is the first of a turn: the turn's clock starts now."""
    share: float = 1.0
    """The part of the turn's remaining time this decision may spend, in (0, 1]: 1 for the
    last decision of a turn; less when more decisions may follow (a share below 1 leaves
    time for any number of later decisions, so a game need not know how many come)."""

    def __post_init__(self) -> None:
        if not 0.0 < self.share <= 1.0:
            raise ValueError(f"a turn step's share must be in (0, 1], got {self.share}")


FIRST_AND_LAST = TurnStep()
"""The step of a decision that is a whole turn (the default)."""


@dataclass(frozen=True)
class GameInfo:
    """What kind of game it is, declared once (as in OpenSpiel's game type)."""

    simultaneous: bool
    """Whether several seats may be asked to choose at once."""
    enumerable_actions: bool = True
    """Whether :meth:`State.legal_actions` lists every legal decision."""
    teams: bool = False
    """Whether some player count plays in teams (seats share scores and ranks)."""


class Game(ABC):
    """A game: its description, its deal, its action notation and its bots.

    Subclasses set the class attributes and implement the abstract methods. A game object
    is stateless and shared; states refer to it.
    """

    name: ClassVar[str]
    """Registry key, e.g. ``"ramen-ramen"``."""
    title: ClassVar[str]
    """Human title, e.g. ``"Ramen! Ramen!"``."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    info: ClassVar[GameInfo]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    modes: ClassVar[Mapping[int, str]] = {}
    """A short description of how each player count plays (e.g. ``{1: "solo"}``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's message catalogs are known as soon as its class is: the ``locale``
        folder beside the module that defines it."""
        super().__init_subclass__(**kwargs)
        from gametable.core.words import register_catalogs

        module = sys.modules.get(cls.__module__)
        where = getattr(module, "__file__", None)
        if where is not None:
            folder = Path(where).parent / "locale"
            if folder.is_dir():
                register_catalogs(folder)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    # -- options and setup ------------------------------------------------------------

    def resolve_options(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """All options with defaults filled in, checked; raises :class:`OptionError`."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players}"
            )
        specs = {spec.name: spec for spec in self.option_specs}
        given = dict(options or {})
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise OptionError(
                f"unknown option(s) {', '.join(unknown)} for {self.name} (known: {known})"
            )
        resolved = {
            name: spec.coerce(given[name]) if name in given else spec.default
            for name, spec in specs.items()
        }
        for spec in self.option_specs:
            value = resolved[spec.name]
            if spec.seat and value is not None and not 0 <= value < players:
                raise OptionError(
                    f"{spec.name} must be a seat from 0 to {players - 1}, got {value}"
                )
        self.check_options(players, resolved)
        return resolved

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:  # noqa: B027
        """Hook for cross-option checks (e.g. a variant only for 2 players)."""

    def new_state(self, players: int, seed: int | str = 0, **options: Any) -> State:
        """A new game dealt from ``seed``: the same seed and options give the same game.

        Whoever knows ``seed`` knows every hidden card: keep it from the seats until the
        game is over (see :mod:`gametable.core.rng`; interactive games use
        :func:`~gametable.core.rng.fresh_seed`).
        """
        resolved = self.resolve_options(players, options)
        setup = self.random_setup(players, Rng(seed), resolved)
        return self.state_from_setup(players, setup, resolved)

    @abstractmethod
    def random_setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> JSON:
        """Every chance outcome of a game, drawn from ``rng``, as JSON-able data."""

    @abstractmethod
    def state_from_setup(self, players: int, setup: JSON, options: Mapping[str, Any]) -> State:
        """The initial state for an explicit setup; raises :class:`ValueError` if it is invalid."""

    # -- actions ------------------------------------------------------------------------

    decisions: ClassVar[DecisionCodec]
    """Every kind of decision of the game and its JSON form (:mod:`gametable.core.codec`)."""

    notation_tokens: ClassVar[re.Pattern[str] | None] = None
    """What a piece of the game's notation looks like (a card code, a move written short),
    for the tests that check no player is shown notation they did not type."""

    def action_to_json(self, action: Action) -> JSON:
        """The decision as data: its fields named as the rulebook names them, with a
        ``"type"`` (:meth:`DecisionCodec.to_json <gametable.core.codec.DecisionCodec.to_json>`)."""
        return self.decisions.to_json(action)

    def action_from_json(self, data: JSON) -> Action:
        """The decision read back from :meth:`action_to_json`'s form; a
        :class:`~gametable.core.codec.DecisionError` (a :class:`ValueError`) naming the field
        at fault on malformed data."""
        action: Action = self.decisions.from_json(data)
        return action

    def decision_schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's decisions (published with its description)."""
        return self.decisions.json_schema()

    @abstractmethod
    def action_from_notation(self, text: str) -> Action:
        """A decision written in the game's notation, read without any context (no view,
        no legal list): how version-1 records stored decisions. Raises
        :class:`~gametable.core.errors.NotationError`."""

    @abstractmethod
    def format_action(self, action: Action) -> str:
        """The action in the game's short notation (round-trips through :meth:`parse_action`)."""

    @abstractmethod
    def parse_action(self, text: str, view: View, legal: Sequence[Action]) -> Action:
        """The action a person typed, in the context of their view and legal actions.

        Raises :class:`~gametable.core.errors.NotationError` with a helpful message.
        """

    # -- hidden information -------------------------------------------------------------

    @abstractmethod
    def determinize(self, view: View, rng: Rng) -> State:
        """A full state consistent with ``view``: hidden cards sampled at random.

        Only what the view shows is used, so a search agent built on this never reads the
        true state.
        """

    def determinizer(self, view: View) -> Callable[[Rng], State]:
        """A sampler of states consistent with ``view``, for drawing many samples fast.

        The default calls :meth:`determinize` each time; games may override it to read the
        view once and then only reshuffle the hidden cards per sample.
        """
        return lambda rng: self.determinize(view, rng)

    # -- turns --------------------------------------------------------------------------

    def turn_step(self, view: View) -> TurnStep:
        """Where the decision ``view`` asks for falls in its seat's turn.

        The default, :data:`FIRST_AND_LAST`, suits games where every decision is a whole
        turn. Games whose turns hold several decisions (a play then a pick, two actions and
        the choices they trigger) say which decision starts a turn and what share of the
        turn's remaining time each may spend, so a bot with ``seconds=S`` keeps its whole
        turn within ``S``.
        """
        return FIRST_AND_LAST

    # -- matches ------------------------------------------------------------------------

    def new_match(
        self, players: int, options: Mapping[str, Any], games: int | None = None
    ) -> Match:
        """A match of ``games`` games (default 1) with running totals.

        Games whose rules say how matches are won or how long they are override this.
        """
        from gametable.core.match import Match

        return Match(players, games or 1)

    # -- front-end support --------------------------------------------------------------

    @property
    @abstractmethod
    def bots(self) -> Mapping[str, AgentFactory]:
        """The game's own agents by name (generic ones live in :mod:`gametable.agents`)."""

    def web_dir(self) -> Path | None:
        """The folder of the game's browser table (``table.js`` and its styles), if it has one.

        By default the ``web`` folder of the game's package: each game brings its table
        renderer next to its rules, the way it brings its :class:`TextUI`, so adding a game
        never touches the shared browser client (see ``docs/web.md``).
        """
        module = sys.modules.get(type(self).__module__)
        where = getattr(module, "__file__", None)
        if where is None:
            return None
        folder = Path(where).parent / "web"
        return folder if (folder / "table.js").is_file() else None

    def hint_bot(self, players: int) -> tuple[str, dict[str, Any]]:
        """The bot (name and settings) that gives hints and stands in for absent players at
        ``players``: the strongest one that decides within about a second. The default is
        ISMCTS with a one-second budget; games with a stronger or faster specialist (a
        solver, a solo planner) override it."""
        return "ismcts", {"seconds": 1.0}

    @property
    @abstractmethod
    def ui(self) -> TextUI:
        """Terminal rendering and help text for this game."""

    @property
    @abstractmethod
    def words(self) -> GameWords:
        """The game's description layer: its decisions, events and results in words
        (:class:`~gametable.core.words.GameWords`)."""

    def components(self) -> dict[str, Any]:
        """The game's components (cards, tiles, ingredients …) by the names its views and
        decisions use, with what a front end needs to draw and name them: for each, its
        attributes and its name in words (a :class:`~gametable.core.words.Msg`, rendered in
        the reader's language by the front end). Sent to browser tables with the game's
        description, so that no table restates the game's components or parses a name."""
        return {}

    def preview(self, view: View, draft: JSON) -> Preview:
        """What a decision being put together would do, from the deciding seat's ``view``:
        for tables where a player builds a decision piece by piece (a Rummikub arrangement),
        the facts the rules give about the draft so far (a set's value, the initial meld's
        total, why it is not yet legal), so the browser computes no rule. ``draft`` is the
        game's decision data, possibly unfinished. Raises :class:`ValueError` for data the
        game cannot read, or when the game has no previews (the default)."""
        raise ValueError(f"{self.title} has no previews of decisions")

    @property
    def message_prefix(self) -> str:
        """The start of the game's message ids: its package's name (``ramen_ramen``)."""
        module = type(self).__module__
        parts = module.split(".")
        return parts[-2] if len(parts) > 1 else parts[-1]

    @property
    def title_words(self) -> Msg:
        """The game's name in the reader's language: the message ``<prefix>.title`` (the
        same as :attr:`title` where the game's name is a proper name)."""
        from gametable.core.words import Msg

        return Msg(f"{self.message_prefix}.title")

    def option_words(self, spec: OptionSpec) -> tuple[Msg, Msg]:
        """An option's label and help in words: the messages
        ``<prefix>.option.<name>`` and ``<prefix>.option.<name>.help`` of the game's catalog
        (the core's ``core.option.first_player…`` for the options games share)."""
        from gametable.core.words import Msg

        prefix = "core" if spec.name in _SHARED_OPTIONS else self.message_prefix
        return Msg(f"{prefix}.option.{spec.name}"), Msg(f"{prefix}.option.{spec.name}.help")

    def rules(self, locale: str = "en") -> tuple[str, list[Section]]:
        """The game's rules in ``locale`` (or English), and the language found: the
        sections of ``rules/<locale>.md`` beside the game's code (:mod:`gametable.core.rules`)."""
        from gametable.core.rules import load_rules

        module = sys.modules.get(type(self).__module__)
        where = getattr(module, "__file__", None)
        if where is None:
            raise FileNotFoundError(f"{self.title} has no rules folder")
        return load_rules(Path(where).parent / "rules", locale)

    def rules_section(self, view: View) -> str:
        """The id of the rules section for the decision ``view`` asks for (the browser's
        "?" opens it): by default ``"turn"``."""
        return "turn"

    def lesson(self) -> Lesson | None:
        """The game's guided first game (:mod:`gametable.core.lessons`), if it has one."""
        return None

    def locale_dir(self) -> Path | None:
        """The folder of the game's message catalogs (``messages.pot`` and its
        translations): by default the ``locale`` folder of the game's package."""
        module = sys.modules.get(type(self).__module__)
        where = getattr(module, "__file__", None)
        if where is None:
            return None
        folder = Path(where).parent / "locale"
        return folder if folder.is_dir() else None
