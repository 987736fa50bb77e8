"""Ramen Fury as a :class:`~gametable.core.Game`: options, setup, decisions as data,
notation, words, components, determinization.

Decisions travel as data (:data:`~gametable.games.ramen_fury.state.DECISIONS`); the
notation people type (``prep Ch>2``, ``draw deck``, ``spoon 1.3>2`` …) is in
:mod:`.notation`, below this module and the terminal UI; every sentence about the game is
told by :mod:`.words`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from gametable.core.errors import NotationError
from gametable.core.events import Event, EventLog
from gametable.core.game import (
    JSON,
    Action,
    Game,
    GameInfo,
    OptionSpec,
    State,
    TurnStep,
    View,
    choose_first_player,
    first_player_option,
)
from gametable.core.rng import Rng
from gametable.core.words import Msg
from gametable.games.ramen_fury.cards import CODES, KINDS, quote, setup_card
from gametable.games.ramen_fury.notation import (
    NOTATION_TOKENS,
    format_notation,
    parse_notation,
)
from gametable.games.ramen_fury.state import (
    DECISIONS,
    EMPTY,
    PHASE_NAMES,
    FuryState,
    Story,
    deck_copies,
)

if TYPE_CHECKING:
    from gametable.core.agent import AgentFactory
    from gametable.core.lessons import Lesson
    from gametable.core.textui import TextUI
    from gametable.core.words import GameWords


class RamenFuryGame(Game):
    """Ramen Fury (Mixlore, 2019), 2–5 players."""

    name = "ramen-fury"
    title = "Ramen Fury"
    min_players = 2
    max_players = 5
    info = GameInfo(simultaneous=False, enumerable_actions=True, teams=False)
    option_specs = (
        first_player_option("whoever ate ramen most recently"),
        OptionSpec(
            "nori_in_fury",
            bool,
            True,
            "a Nori Garnish scores +1 in a Fury Flavor bowl too (off: in a Fury bowl only "
            "the Chili Peppers score)",
        ),
        OptionSpec(
            "revealed_specials_mandatory",
            bool,
            False,
            "a Nori or Chili revealed in the Pantry must go into a bowl when one has room "
            "(off, as the rules say: the player may leave it in the Pantry)",
        ),
        OptionSpec(
            "tiebreak_count",
            str,
            "all_cards",
            "a tie on points goes to the player who ate the most cards: every card of the "
            "eaten bowls (all_cards), or every card but the Flavors (non_flavor)",
            choices=("all_cards", "non_flavor"),
        ),
        OptionSpec(
            "basic",
            bool,
            False,
            "a simpler deck of 66 cards, without the Fury Flavor, Nori Garnish and Chili "
            "Peppers (not the published rules)",
        ),
    )
    """The options, each with its words in the catalog (``ramen_fury.option.<name>``, its
    ``.help`` and each choice's words): ``help`` here is the terminal's ``gametable games``
    text, in plain words as well."""
    modes: ClassVar[Mapping[int, str]] = {
        n: f"3 bowls and 2 spoons each; {89 - 3 * n - 4} cards left in the deck after the deal"
        for n in range(2, 6)
    }

    def random_setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> JSON:
        copies = deck_copies(options)
        deck = [k for k in range(KINDS) for _ in range(copies[k])]
        rng.shuffle(deck)
        first = choose_first_player(players, rng, options)
        return {"deck": [CODES[k] for k in deck], "first_player": first}

    def state_from_setup(self, players: int, setup: JSON, options: Mapping[str, Any]) -> FuryState:
        if not isinstance(setup, Mapping) or "deck" not in setup or "first_player" not in setup:
            raise ValueError("a Ramen Fury setup is an object with 'deck' and 'first_player'")
        if not isinstance(setup["deck"], list):
            raise ValueError("'deck' must be a list of card codes, top card first")
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Ramen Fury is for 2–5 players, not {quote(players)}")
        return FuryState(self, players, setup, options)

    # -- actions ------------------------------------------------------------------------

    decisions = DECISIONS
    notation_tokens = NOTATION_TOKENS

    def action_from_notation(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(Msg("ramen_fury.notation.not_text"))
        return parse_notation(text, seat=None, phase=None)

    def format_action(self, action: Action) -> str:
        return format_notation(action)

    def parse_action(self, text: str, view: View, legal: Sequence[Action]) -> Action:
        return parse_notation(text, seat=view.get("seat"), phase=view.get("phase"))

    # -- hidden information -------------------------------------------------------------

    def determinize(self, view: View, rng: Rng) -> FuryState:
        return determinize(self, view, rng)

    def turn_step(self, view: View) -> TurnStep:
        """A turn is two actions plus the choices they bring (a discard at the hand limit,
        a revealed Nori or Chili) and any free plays: it starts with the seat's first
        decision after the turn passed to it (only a forfeit or the final-round notice may
        have happened in it before). An action may spend ``1 / (actions left + 1)`` of what
        is left of the turn, a pending choice or a free play ``1 / (actions left + 2)``: a
        share below one always leaves time for the free plays and choices that may
        follow."""
        history = view["history"]
        turn = view["turn"]
        starts = True
        for event in reversed(history):
            if event["turn"] != turn:
                break
            if event["kind"] not in ("forfeit", "final_round"):
                starts = False
                break
        later = view["actions_left"] + (1 if view["phase"] == "action" else 2)
        return TurnStep(starts_turn=starts, share=1.0 / later)

    def determinizer(self, view: View) -> Callable[[Rng], State]:
        """Read ``view`` once; each sample then only reshuffles the hidden cards
        (:class:`Determinizer`; :meth:`determinize` is one such sample)."""
        return Determinizer(self, view)

    # -- front ends ---------------------------------------------------------------------

    @cached_property
    def bots(self) -> Mapping[str, AgentFactory]:
        from gametable.games.ramen_fury.bots import GreedyAgent

        return {"greedy": GreedyAgent}

    def rules_section(self, view: View) -> str:
        """The section of the rules (``rules/<language>.md``) for the decision ``view``
        asks for: a discard for the hand limit is the turn's Draw (``turn``); a Nori or
        Chili just revealed, or the free plays after both actions, are the special cards'
        (``specials``); the end, how bowls score (``scoring``)."""
        phase = view.get("phase")
        if phase in ("reveal", "free"):
            return "specials"
        if phase == "over":
            return "scoring"
        return "turn"

    def lesson(self) -> Lesson:
        """A guided first game against one scripted opponent (:mod:`.lesson`)."""
        from gametable.games.ramen_fury.lesson import lesson

        return lesson()

    @cached_property
    def ui(self) -> TextUI:
        from gametable.games.ramen_fury.ui import RamenFuryTextUI

        return RamenFuryTextUI()

    @cached_property
    def words(self) -> GameWords:
        from gametable.games.ramen_fury.words import RamenFuryWords

        return RamenFuryWords()

    def components(self) -> dict[str, Any]:
        """The cards by their ids (``"Ch"``): what each is (``ingredient``, ``category``,
        whether it is a Flavor, a protein, a vegetable, a special), its copies in the
        deck, and its name, short name and scoring rule in words; the categories' names;
        and the scoring rules, one line each (:func:`.words.components`)."""
        from gametable.games.ramen_fury.words import components

        return components()


# -- determinization ------------------------------------------------------------------------


def determinize(game: Game, view: View, rng: Rng) -> FuryState:
    """A full state consistent with ``view``, every hidden card placed at random.

    Known and kept: the viewer's hand, every bowl, the Pantry, the discard pile, spoons,
    the turn position, and the cards each other player is publicly known to hold (taken
    from the Pantry and not played since). The rest of the other hands and the deck
    order are dealt at random from the cards not seen. One sample of
    :class:`Determinizer` (which reads the view once for many samples).
    """
    return Determinizer(game, view)(rng)


class Determinizer:
    """A sampler of states consistent with one view (see :meth:`RamenFuryGame.determinizer`).

    The view is parsed once: what is known (see :func:`determinize`) and the multiset of
    unseen cards. Each sample shuffles the unseen cards (a Mersenne Twister seeded from
    the caller's generator: several times faster than shuffling with the pure-Python
    :class:`~gametable.core.rng.Rng`, and still reproducible), fills the other hands up to
    their sizes from the shuffled cards and makes the rest the deck.
    """

    __slots__ = (
        "actions_left",
        "bowls",
        "current",
        "discard",
        "eaten",
        "final_left",
        "game",
        "hands",
        "known",
        "options",
        "pantry",
        "pending",
        "phase",
        "players",
        "pool",
        "refill_slot",
        "seat",
        "sizes",
        "spoons",
        "story",
        "turn",
    )

    def __init__(self, game: Game, view: View) -> None:
        seat = view["seat"]
        if seat is None:
            raise ValueError("determinize needs a seat's view, not a spectator's")
        players: int = view["players"]
        options: dict[str, Any] = dict(view["options"])
        parse = setup_card
        unseen = list(deck_copies(options))

        def see(kind: int) -> int:
            if unseen[kind] <= 0:
                raise ValueError(f"view is inconsistent: too many {CODES[kind]}")
            unseen[kind] -= 1
            return kind

        hands = [[0] * KINDS for _ in range(players)]
        for c in view["hand"]:
            hands[seat][see(parse(c))] += 1
        self.bowls = [[see(parse(c)) for c in b["cards"]] for row in view["bowls"] for b in row]
        self.eaten = [bool(b["eaten"]) for row in view["bowls"] for b in row]
        self.pantry = [EMPTY if c is None else see(parse(c)) for c in view["pantry"]]
        discard = [0] * KINDS
        for c, n in view["discard"].items():
            for _ in range(n):
                discard[see(parse(c))] += 1
        known = [[0] * KINDS for _ in range(players)]
        for s in range(players):
            for c in view["known_hands"][s]:
                known[s][parse(c)] += 1
                if s != seat:
                    hands[s][see(parse(c))] += 1
        sizes: list[int] = list(view["hand_sizes"])
        pool = [k for k in range(KINDS) for _ in range(unseen[k])]
        missing = sum(sizes[s] - sum(hands[s]) for s in range(players) if s != seat)
        if len(pool) - missing != view["deck_size"]:
            raise ValueError("view is inconsistent: the unseen cards do not fill the deck")
        self.game = game
        self.seat: int = seat
        self.players = players
        self.options = options
        self.hands = hands
        self.sizes = sizes
        self.known = known
        self.discard = discard
        self.pool = pool
        self.spoons: list[int] = list(view["spoons"])
        self.current: int = view["current"]
        self.actions_left: int = view["actions_left"]
        self.phase = PHASE_NAMES.index(view["phase"])
        self.pending = tuple(view["revealed"])
        refill = view["refill_slot"]
        self.refill_slot: int = EMPTY if refill is None else refill
        final = view["final_turns_left"]
        self.final_left: int = -1 if final is None else final
        self.turn: int = view["turn"]
        self.story = Story.of(events_from_history(view["history"], seat))

    def __call__(self, rng: Rng) -> FuryState:
        """One state: the unseen cards shuffled into the other hands and the deck."""
        pool = self.pool[:]
        random.Random(rng.next64()).shuffle(pool)
        seat = self.seat
        hands = [h[:] for h in self.hands]
        sizes = self.sizes
        for s in range(self.players):
            if s != seat:
                hand = hands[s]
                for _ in range(sizes[s] - sum(hand)):
                    hand[pool.pop()] += 1
        state = FuryState.__new__(FuryState)
        state.game = self.game
        state.players = self.players
        state.options = self.options
        state.setup = None
        state._init_rules(self.options)
        state.hands = hands
        state.hand_sizes = sizes[:]
        state.known = [k[:] for k in self.known]
        state.pantry = self.pantry[:]
        state.deck = pool
        state.discard = self.discard[:]
        state.bowls = [b[:] for b in self.bowls]
        state.eaten = self.eaten[:]
        state.spoons = self.spoons[:]
        state.current = self.current
        state.actions_left = self.actions_left
        state.phase = self.phase
        state.pending = self.pending
        state.refill_slot = self.refill_slot
        state.final_left = self.final_left
        state.turn = self.turn
        state.story = self.story.copy()  # shared until either records: copy on write
        return state


def events_from_history(history: Sequence[Mapping[str, Any]], seat: int) -> EventLog:
    """The events of a view's ``history`` (``seat``'s), as a state keeps them: what the
    view shows, with the cards ``seat`` drew from the deck private to it again."""
    log = EventLog()
    for data in history:
        facts = {k: v for k, v in data.items() if k not in ("turn", "seat", "kind")}
        for name, value in facts.items():
            if isinstance(value, list):
                facts[name] = value[:]
        private = None
        if data["kind"] == "draw" and facts.get("from") == "deck" and "card" in facts:
            private = {seat: {"card": facts.pop("card")}}
        log.append(Event(data["turn"], data["seat"], data["kind"], facts, private=private))
    return log


GAME = RamenFuryGame()
