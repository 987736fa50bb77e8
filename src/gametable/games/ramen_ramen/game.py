"""Ramen! Ramen! as a :class:`~gametable.core.Game`: setup, decisions as data, notation,
components, words, determinization."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from gametable.core.codec import Decision, DecisionCodec, Integer, ListOf, Name, Record
from gametable.core.errors import NotationError
from gametable.core.game import (
    JSON,
    Action,
    Game,
    GameInfo,
    State,
    TurnStep,
    View,
    choose_first_player,
    first_player_option,
)
from gametable.core.rng import Rng
from gametable.core.words import Msg
from gametable.games.ramen_ramen.cards import (
    CARD_BY_NAME,
    CARD_NAMES,
    DECK,
    INGREDIENT_IDS,
    LETTERS,
    CardError,
    card_msg,
    card_name,
    ingredient_msg,
    parse_card,
    quote,
    shown,
    types_mask,
)
from gametable.games.ramen_ramen.history import TEAM_NAMES, History
from gametable.games.ramen_ramen.state import (
    PHASE_NAMES,
    PLACES,
    Play,
    RamenState,
    Take,
    place_owners,
    turn_decisions,
)

if TYPE_CHECKING:
    from gametable.core.agent import AgentFactory
    from gametable.core.lessons import Lesson
    from gametable.core.textui import TextUI
    from gametable.games.ramen_ramen.words import RamenWords

_SEPARATORS = re.compile(r"->|[>@:,;]")

CARD = Name("card", dict(enumerate(CARD_NAMES)), "an ingredient card, as the views name it (N4)")
"""A card in decisions: its name in the views (``"N4"`` is Nori 4)."""


def _play(placements: tuple[tuple[int, int], ...]) -> Play:
    return Play(tuple(sorted(placements)))


DECISIONS = DecisionCodec(
    "ramen-ramen",
    [
        Decision(
            Play,
            "play",
            {
                "cards": (
                    "placements",
                    ListOf(
                        Record(
                            ("card", CARD),
                            ("bowl", Integer(0, PLACES - 1, "a bowl: 0, 1 or 2 (bowls 1 to 3)")),
                            description="a card from hand and the bowl it goes into",
                        ),
                        1,
                        2,
                        "two cards into two different bowls (one card when only one is left)",
                    ),
                )
            },
            build=_play,
            describe="step 1: play cards from hand into bowls",
        ),
        Decision(
            Take,
            "take",
            {"card": ("card", CARD)},
            describe="step 3 (and the draw once the deck is empty): take a Fridge card",
        ),
    ],
)
"""Every decision as data: ``{"type": "play", "cards": [{"card": "N4", "bowl": 0},
{"card": "C3", "bowl": 1}]}`` and ``{"type": "take", "card": "K5"}``."""

NOTATION_TOKENS = re.compile(
    rf"(?<![\w])[{''.join(LETTERS)}][0-7](?![\w])"  # a card: N4
    r"|>\s*[0-9]"  # a placement: >2
    r"|(?<![\w])take\s+[A-Za-z][0-9]"  # take K5
)
"""A piece of the notation as it could leak into text: a card code (``N4``), a placement
(``>2``), a take (``take K5``); not words or numbers in sentences (``bowl 2``)."""


class RamenRamenGame(Game):
    """Ramen! Ramen! (Brendan Hansen): solo, 2 players, 3 players, 4 players in teams."""

    name = "ramen-ramen"
    title = "Ramen! Ramen!"
    min_players = 1
    max_players = 4
    info = GameInfo(simultaneous=False, enumerable_actions=True, teams=True)
    decisions = DECISIONS
    notation_tokens = NOTATION_TOKENS
    option_specs = (first_player_option("whoever ate ramen most recently"),)
    modes: ClassVar[Mapping[int, str]] = {
        1: "solo: 4 cards discarded unseen, play all 52 others, judged by the critics",
        2: "two players, three communal bowls",
        3: "three players, each bowl stands before a player and is served to them",
        4: "teams A1 B1 A2 B2: one communal bowl and one bowl per team",
    }

    def random_setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> JSON:
        deck = rng.shuffled(DECK)
        first = choose_first_player(players, rng, options)
        return {"deck": [CARD_NAMES[c] for c in deck], "first_player": first}

    def state_from_setup(self, players: int, setup: JSON, options: Mapping[str, Any]) -> RamenState:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"Ramen! Ramen! is for {self.min_players}–{self.max_players} players, "
                f"not {shown(players)}"
            )
        if not isinstance(setup, Mapping) or "deck" not in setup or "first_player" not in setup:
            raise ValueError("a Ramen! Ramen! setup is an object with 'deck' and 'first_player'")
        if not isinstance(setup["deck"], list):
            raise ValueError("'deck' must be a list of cards")
        return RamenState(self, players, setup, options)

    # -- actions ------------------------------------------------------------------------

    def action_from_notation(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"a decision in notation is text, not {type(text).__name__}")
        return parse_notation(text, phase=None)

    def format_action(self, action: Action) -> str:
        if isinstance(action, Play):
            return " ".join(f"{card_name(c)}>{p + 1}" for c, p in action.placements)
        if isinstance(action, Take):
            return f"take {card_name(action.card)}"
        raise TypeError(f"not a Ramen! Ramen! action: {shown(action)}")

    def parse_action(self, text: str, view: View, legal: Sequence[Action]) -> Action:
        return parse_notation(text, phase=view.get("phase"))

    # -- words and components -------------------------------------------------------------

    @cached_property
    def words(self) -> RamenWords:
        """Decisions, events and results in words (:mod:`.words`)."""
        from gametable.games.ramen_ramen.words import RamenWords

        return RamenWords()

    def components(self) -> dict[str, Any]:
        """The 56 cards (by their view names: ``"N4"``), the 7 ingredients and the two
        teams, each with its name in words."""
        return {
            "cards": {
                CARD_NAMES[c]: {
                    "ingredient": INGREDIENT_IDS[c >> 3],
                    "value": c & 7,
                    "name": card_msg(c),
                }
                for c in DECK
            },
            "ingredients": {
                ingredient: {
                    "name": ingredient_msg(i),
                    "what": Msg(f"ramen_ramen.ingredient.{ingredient}.what"),
                }
                for i, ingredient in enumerate(INGREDIENT_IDS)
            },
            "teams": {team: {"name": Msg("ramen_ramen.team", team=team)} for team in TEAM_NAMES},
        }

    # -- hidden information -------------------------------------------------------------

    def determinize(self, view: View, rng: Rng) -> State:
        return determinize(self, view, rng)

    def determinizer(self, view: View) -> Callable[[Rng], State]:
        """Read ``view`` once; each sample then only reshuffles the hidden cards.

        Samples are distributed exactly as :meth:`determinize`'s (same sampling, done
        once per view instead of once per sample).
        """
        return Determinizer(self, view)

    # -- front ends ---------------------------------------------------------------------

    def turn_step(self, view: View) -> TurnStep:
        """A turn is a play, then a Fridge pick, then a second pick once the deck is empty
        (:func:`~gametable.games.ramen_ramen.state.turn_decisions`); each decision may spend
        an equal part of what is left of the turn."""
        starts, left = turn_decisions(view)
        return TurnStep(starts_turn=starts, share=1.0 / left)

    def rules_section(self, view: View) -> str:
        """The rules for the decision ``view`` asks for: the turn (playing, then taking from
        the Fridge); the end of the game for the second Fridge card that replaces the draw
        once the deck is empty; once the game is over, the scoring (solo: the critics)."""
        phase = view.get("phase")
        if phase == "take2":
            return "end"
        if phase == "over":
            return "critics" if view.get("players") == 1 else "scoring"
        return "turn"

    def lesson(self) -> Lesson:
        """A first game against a scripted cook, 16 cards, eight turns (:mod:`.lesson`)."""
        from gametable.games.ramen_ramen.lesson import lesson

        return lesson()

    def hint_bot(self, players: int) -> tuple[str, dict[str, Any]]:
        """The solo planner alone; ISMCTS against opponents."""
        return ("planner", {}) if players == 1 else super().hint_bot(players)

    @cached_property
    def bots(self) -> Mapping[str, AgentFactory]:
        from gametable.games.ramen_ramen.bots import GreedyAgent
        from gametable.games.ramen_ramen.planner import PlannerAgent

        return {"greedy": GreedyAgent, "planner": PlannerAgent}

    @cached_property
    def ui(self) -> TextUI:
        from gametable.games.ramen_ramen.ui import RamenTextUI

        return RamenTextUI()


def parse_notation(text: str, phase: str | None) -> Play | Take:
    """Parse ``"N4>1 C3>2"`` (a play), ``"take K5"`` or, in the take phase, ``"K5"``.

    Placements may be written ``N4>1``, ``N4@1``, ``N4 1``, ``nori 4 to bowl 1``; bowls
    are numbered 1 to 3. Raises :class:`NotationError` saying what is wrong, quoting at
    most a few dozen characters of the input.
    """
    raw = text.strip()
    if not raw:
        raise NotationError(Msg("ramen_ramen.typed.empty"))
    if raw.startswith("#"):
        raise NotationError(Msg("ramen_ramen.typed.hash", text=quote(raw)))
    if raw.lower().startswith("take"):
        rest = raw[4:].strip()
        if not rest:
            raise NotationError(Msg("ramen_ramen.typed.take_which"))
        return Take(_card(rest))
    if phase in ("take", "take2"):
        try:
            return Take(_card(raw))
        except NotationError as exc:
            reason = exc.msg or Msg("ramen_ramen.typed.not_a_card", text=quote(raw))
            raise NotationError(Msg("ramen_ramen.typed.now_take", reason=reason)) from None
    tokens = [
        t
        for t in _SEPARATORS.sub(" ", raw).split()
        if t.lower() not in ("to", "into", "bowl", "and", "in")
    ]
    if not tokens:
        raise NotationError(Msg("ramen_ramen.typed.no_card", text=quote(raw)))
    placements: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        if len(placements) == 2:
            raise NotationError(Msg("ramen_ramen.typed.too_many"))
        token = tokens[i]
        if token.isalpha() and i + 1 < len(tokens) and _NUMBER.fullmatch(tokens[i + 1]):
            token += tokens[i + 1]
            i += 1
        card = _card(token)
        i += 1
        if i >= len(tokens):
            raise NotationError(Msg("ramen_ramen.typed.which_bowl", card=card_msg(card)))
        bowl = tokens[i]
        if bowl not in ("1", "2", "3"):
            raise NotationError(Msg("ramen_ramen.typed.no_bowl", text=quote(bowl)))
        placements.append((card, int(bowl) - 1))
        i += 1
    return Play(tuple(sorted(placements)))


_NUMBER = re.compile(r"[0-9]+")


def _card(text: str) -> int:
    try:
        return parse_card(text)
    except CardError as exc:
        raise NotationError(exc.msg) from None


def determinize(game: Game, view: View, rng: Rng) -> RamenState:
    """A full state consistent with ``view``, every hidden card placed at random.

    Kept as known: the viewer's hand, the Fridge, the bowls in play, served bowls that
    are open (solo), the cards each other player took from the Fridge and has not played
    since (still in their hand), and the cards the history shows going into bowls that
    were then served. Everything else — other hands, the deck order, face-down served
    bowls and the solo discards — is shuffled.
    """
    return Determinizer(game, view)(rng)


class Determinizer:
    """A sampler of states consistent with one view (see :meth:`RamenRamenGame.determinizer`).

    The view is parsed once (what is known: see :func:`determinize`); each sample shuffles
    the unknown cards and deals them to the discards, the other hands, the deck and the
    face-down served bowls.
    """

    __slots__ = (
        "bowl_mask",
        "bowl_sum",
        "bowls",
        "current",
        "deck_size",
        "discard_count",
        "discards",
        "fill",
        "fridge",
        "game",
        "hands",
        "last_pick",
        "open_served",
        "owners",
        "phase",
        "players",
        "served",
        "served_open",
        "sides",
        "turn",
        "unknown",
    )

    def __init__(self, game: Game, view: View) -> None:
        players: int = view["players"]
        seat = view["seat"]
        if seat is None:
            raise ValueError("determinize needs a seat's view, not a spectator's")
        parse = CARD_BY_NAME.__getitem__
        self.game = game
        self.players = players
        self.sides = 2 if players == 4 else players
        self.current: int = view["current"]
        self.turn: int = view["turn"]
        self.phase = PHASE_NAMES.index(view["phase"])
        self.owners = place_owners(players)
        self.fridge = [parse(c) for c in view["fridge"]]
        self.bowls = [[parse(c) for c in b["cards"]] for b in view["bowls"]]
        self.bowl_sum = [sum(c & 7 for c in b) for b in self.bowls]
        self.bowl_mask = [types_mask(b) for b in self.bowls]
        self.last_pick = [[parse(c) for c in p] for p in view["last_pick"]]
        self.deck_size: int = view["deck_size"]
        hand = [parse(c) for c in view["hand"]]
        known: set[int] = set(hand) | set(self.fridge)
        for b in self.bowls:
            known.update(b)
        self.served_open = [s["bowls"] is not None for s in view["served"]]
        served_known: list[list[list[int]]] = [
            [[parse(c) for c in b] for b in s["bowls"]]
            if s["bowls"] is not None
            else [[] for _ in range(s["count"])]
            for s in view["served"]
        ]
        for side in range(self.sides):
            if self.served_open[side]:
                for b in served_known[side]:
                    known.update(b)
        # What the history shows: the cards each seat took from the Fridge and has not
        # played since (still in its hand), and the cards that went into each bowl
        # before it was served face down (the latest serves of a side are its last
        # served bowls; a position set up by hand may have served bowls it never saw).
        held: list[list[int]] = [[] for _ in range(players)]
        pending: list[list[int]] = [[] for _ in range(PLACES)]
        serves_seen: list[list[list[int]]] = [[] for _ in range(self.sides)]
        for event in view["history"]:
            kind = event["kind"]
            if kind == "play":
                mine = held[event["seat"]]
                for placed in event["cards"]:
                    card = parse(placed["card"])
                    pending[placed["bowl"]].append(card)
                    if card in mine:
                        mine.remove(card)
            elif kind == "take":
                held[event["seat"]].append(parse(event["card"]))
            elif kind == "serve":
                serves_seen[event["side"]].append(pending[event["bowl"]])
                pending[event["bowl"]] = []
        hands: list[list[int]] = []
        for other in range(players):
            if other == seat:
                hands.append(hand)
            else:
                picks = [parse(c) for c in view["last_pick"][other]]
                picks += [c for c in held[other] if c not in picks]
                picks = [c for c in picks if c not in known]
                known.update(picks)
                hands.append(picks)
        for side in range(self.sides):
            bowls = served_known[side]
            if self.served_open[side] or not bowls:
                continue
            recent = serves_seen[side][-len(bowls) :]
            offset = len(bowls) - len(recent)
            for i, cards in enumerate(recent):
                fresh = [c for c in cards if c not in known]
                bowls[offset + i].extend(fresh)
                known.update(fresh)
        self.hands = hands
        self.fill = [view["hand_sizes"][s] - len(hands[s]) for s in range(players)]
        self.served = served_known
        self.discards = (
            [parse(c) for c in view["discards"]] if view["discards"] is not None else None
        )
        self.discard_count: int = view["discard_count"]
        self.unknown = [c for c in DECK if c not in known]
        if self.discards is not None:
            self.unknown = [c for c in self.unknown if c not in self.discards]
        needed = (0 if self.discards is not None else self.discard_count) + sum(self.fill)
        needed += self.deck_size
        closed = sum(
            len(self.served[side]) for side in range(self.sides) if not self.served_open[side]
        )
        if len(self.unknown) < needed or (len(self.unknown) > needed and not closed):
            raise ValueError("view is inconsistent: cards unaccounted for")

    def __call__(self, rng: Rng) -> RamenState:
        unknown = self.unknown[:]
        rng.shuffle(unknown)
        pop = unknown.pop
        discards = (
            self.discards
            if self.discards is not None
            else [pop() for _ in range(self.discard_count)]
        )
        hands = []
        for known, fill in zip(self.hands, self.fill, strict=True):
            hand = known[:]
            for _ in range(fill):
                hand.append(pop())
            hand.sort()
            hands.append(hand)
        deck = [pop() for _ in range(self.deck_size)]
        served = [[b[:] for b in side] for side in self.served]
        if unknown:
            closed = [
                b for side in range(self.sides) if not self.served_open[side] for b in served[side]
            ]
            i = 0
            while unknown:
                closed[i % len(closed)].append(pop())
                i += 1
        state = RamenState.__new__(RamenState)
        state.game = self.game
        state.players = self.players
        state.options = {}
        state.setup = None
        state.discards = discards
        state.hands = hands
        state.fridge = self.fridge[:]
        state.deck = deck
        state.bowls = [b[:] for b in self.bowls]
        state.bowl_sum = self.bowl_sum[:]
        state.bowl_mask = self.bowl_mask[:]
        state.owners = self.owners
        state.sides = self.sides
        state.served = [[tuple(b) for b in s] for s in served]
        state.served_by = [[-1] * len(s) for s in served]
        state.last_pick = [p[:] for p in self.last_pick]
        state.events = History()
        state.turn = self.turn
        state.current = self.current
        state.phase = self.phase
        return state


GAME = RamenRamenGame()
