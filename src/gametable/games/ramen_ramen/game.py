"""Ramen! Ramen! as a :class:`~gametable.core.Game`: setup, notation, determinization."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

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
from gametable.games.ramen_ramen.cards import (
    CARD_BY_NAME,
    CARD_NAMES,
    DECK,
    card_name,
    parse_card,
    quote,
    shown,
    types_mask,
)
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
    from gametable.core.textui import TextUI

_SEPARATORS = re.compile(r"->|[>@:,;]")


class RamenRamenGame(Game):
    """Ramen! Ramen! (Brendan Hansen): solo, 2 players, 3 players, 4 players in teams."""

    name = "ramen-ramen"
    title = "Ramen! Ramen!"
    min_players = 1
    max_players = 4
    info = GameInfo(simultaneous=False, enumerable_actions=True, teams=True)
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

    def action_to_json(self, action: Action) -> JSON:
        return self.format_action(action)

    def action_from_notation(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"a decision in notation is text, not {type(text).__name__}")
        return parse_notation(text, phase=None)

    def action_from_json(self, data: JSON) -> Action:
        if not isinstance(data, str):
            raise ValueError(
                f"a Ramen! Ramen! decision is written as text such as 'N4>1 C3>2' or "
                f"'take K5', not {shown(data)}"
            )
        try:
            return parse_notation(data, phase=None)
        except NotationError as exc:
            raise ValueError(str(exc)) from None

    def format_action(self, action: Action) -> str:
        if isinstance(action, Play):
            return " ".join(f"{card_name(c)}>{p + 1}" for c, p in action.placements)
        if isinstance(action, Take):
            return f"take {card_name(action.card)}"
        raise TypeError(f"not a Ramen! Ramen! action: {shown(action)}")

    def parse_action(self, text: str, view: View, legal: Sequence[Action]) -> Action:
        return parse_notation(text, phase=view.get("phase"))

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
        raise NotationError("empty move")
    if raw.startswith("#"):
        raise NotationError(
            f"{quote(raw)} is not a move: '#' and a number picks a move from the 'moves' "
            "list at the prompt; write the move itself, e.g. 'N4>1 C3>2' or 'take K5'"
        )
    if raw.lower().startswith("take"):
        rest = raw[4:].strip()
        if not rest:
            raise NotationError("take which card? e.g. 'take K5'")
        return Take(_card(rest))
    if phase in ("take", "take2"):
        try:
            return Take(_card(raw))
        except NotationError as exc:
            raise NotationError(
                f"{exc}; now take a card from the Fridge, e.g. 'take K5' or just 'K5'"
            ) from None
    tokens = [
        t
        for t in _SEPARATORS.sub(" ", raw).split()
        if t.lower() not in ("to", "into", "bowl", "and", "in")
    ]
    if not tokens:
        raise NotationError(
            f"{quote(raw)} names no card: play two cards into two bowls, e.g. 'N4>1 C3>2'"
        )
    placements: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        if len(placements) == 2:
            raise NotationError("play at most two cards a turn, one per bowl")
        token = tokens[i]
        if token.isalpha() and i + 1 < len(tokens) and _NUMBER.fullmatch(tokens[i + 1]):
            token += tokens[i + 1]
            i += 1
        card = _card(token)
        i += 1
        if i >= len(tokens):
            raise NotationError(
                f"into which bowl should {card_name(card)} go? e.g. '{card_name(card)}>1'"
            )
        bowl = tokens[i]
        if bowl not in ("1", "2", "3"):
            raise NotationError(f"{quote(bowl)} is not a bowl: bowls are 1, 2 and 3")
        placements.append((card, int(bowl) - 1))
        i += 1
    return Play(tuple(sorted(placements)))


_NUMBER = re.compile(r"[0-9]+")


def _card(text: str) -> int:
    try:
        return parse_card(text)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def determinize(game: Game, view: View, rng: Rng) -> RamenState:
    """A full state consistent with ``view``, every hidden card placed at random.

    Kept as known: the viewer's hand, the Fridge, the bowls in play, served bowls that
    are open (solo), each other player's last Fridge pick(s) (still in their hand: they
    have not played since), and the cards the log shows going into bowls that were then
    served. Everything else — other hands, the deck order, face-down served bowls and
    the solo discards — is shuffled.
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
        hands: list[list[int]] = []
        for other in range(players):
            if other == seat:
                hands.append(hand)
            else:
                picks = [parse(c) for c in view["last_pick"][other] if parse(c) not in known]
                known.update(picks)
                hands.append(picks)
        # Cards the log saw go into a bowl that was then served face down: the latest
        # serves of a side are its last served bowls.
        pending: list[list[int]] = [[] for _ in range(PLACES)]
        serves_seen: list[list[list[int]]] = [[] for _ in range(self.sides)]
        for event in view["log"]:
            if event["event"] == "play":
                pending[event["place"]].append(parse(event["card"]))
            elif event["event"] == "serve":
                serves_seen[event["side"]].append(pending[event["place"]])
                pending[event["place"]] = []
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
        state.history = deque([[]], maxlen=max(self.players, 2))
        state.current = self.current
        state.phase = self.phase
        return state


GAME = RamenRamenGame()
