"""The rules of Ramen (the tips game) as a state machine.

A round (reference §5) is these decisions:

1. :class:`Choose` — every seat secretly chooses a card at once (``to_act`` lists the seats
   that have not chosen yet; a chosen card stays hidden from the others);
2. when the last card is in, :meth:`TipsState._reveal` turns them over (and one of
   Grunchie's cards with 2 players) and cancels duplicate 1s and duplicate 5s;
3. :class:`Exchange` or :class:`Pass` — the holder of a lone 1 may trade it for another
   revealed card; :class:`Swap` or :class:`Pass` — the holder of a lone 5 may swap two
   preference cards (a lone 1 and a lone 5 resolve stronger card first);
4. :meth:`TipsState._set_order_of_choice` ranks the revealed cards by strength;
5. :class:`Take` — in that order each seat takes an offer card into a bowl (Grunchie
   removes the weakest offer card instead); the revealed cards become the next offer.
   In the final round each seat also places its own card (:class:`Keep`), in either
   order;
6. after the final round, :class:`PlaceShoyu` — every seat holding Shōyu places it
   (simultaneous and hidden, like the card choice), then the game is scored.

Seats are ``0 .. players - 1``. With 2 players a third *slot* (index 2) is Grunchie, the
dummy: part of the state, never a seat that acts.

What happens is told as :class:`~gametable.core.events.Event` values (:data:`EVENT_KINDS`)
in the state's :attr:`TipsState.events`; a view carries the whole game's story as its seat
may know it (``view["history"]``). A seat's secret choice is a private fact of its
``choose`` (or ``place_shoyu``) event until the game reveals it (``reveal``,
``shoyu_placed``). ``apply`` notes each event as a small record and the state makes it an
:class:`~gametable.core.events.Event` when its story is read (a view, a determinization):
the engine's random loop never pays for a story nobody reads. A refused decision raises
:class:`IllegalAction` with a message of the game's catalog (``ramen_tips.illegal.*``),
cards in words.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gametable.core.codec import Decision, DecisionCodec, Integer, ListOf, Name
from gametable.core.errors import GameError, IllegalAction
from gametable.core.events import Event, EventLog
from gametable.core.game import Game, Result, State, View, check_seat, rank_by_keys
from gametable.core.words import Msg, Seat
from gametable.games.ramen_tips.cards import (
    CARD_BY_NAME,
    CARD_MSGS,
    CARD_NAMES,
    DECK,
    INGREDIENT_MSGS,
    LETTERS,
    NTYPES,
    SHOYU,
    TIP_BY_SLOT,
    shown,
)
from gametable.games.ramen_tips.scoring import PlayerScore, is_valid, score_game

CHOOSE, EXCHANGE, SWAP, TAKE, SHOYU_PHASE, OVER = range(6)
PHASE_NAMES = ("choose", "exchange", "swap", "take", "shoyu", "over")
_NOT_YOUR_TURN = {
    EXCHANGE: "ramen_tips.illegal.turn_exchange",
    SWAP: "ramen_tips.illegal.turn_swap",
    TAKE: "ramen_tips.illegal.turn_take",
}
"""The refusal for a seat deciding out of turn, by phase."""

EVENT_KINDS = (
    "round",
    "choose",
    "reveal",
    "cancel",
    "no_effect",
    "exchange",
    "pass",
    "swap",
    "order",
    "take",
    "keep",
    "gain_shoyu",
    "grunchie_removes",
    "place_shoyu",
    "shoyu_placed",
    "end",
)
"""Every kind of event, in the order they come in a game (see ``docs/rules/ramen-tips.md``):

- ``round`` (the game): a round starts — ``round``, ``rounds``, ``final``;
- ``choose`` (a seat): it has chosen its card — the ``card`` is a private fact of that seat;
- ``reveal`` (the game): the chosen cards turn over — ``cards`` per slot (Grunchie's last);
- ``cancel`` (the game): two or more 1s (or 5s) cancel — ``value``, ``slots``;
- ``no_effect`` (the game): Grunchie's lone 1 or 5 never acts — ``value``, ``slot``;
- ``exchange`` (a seat): its lone 1 traded — ``gave``, ``got``, ``with`` (the other slot);
  events that name slots also say how many ``players`` the game has (a slot past the
  seats is Grunchie's);
- ``pass`` (a seat): it let its lone 1 or 5 go unused — ``effect`` (exchange or swap);
- ``swap`` (a seat): two preference cards swapped — ``ingredients``, ``preference``;
- ``order`` (the game): the order of choice — ``slots``, strongest first;
- ``take`` (a seat): an offer card into a bowl — ``card``, ``bowl`` (0-based), ``new``;
- ``keep`` (a seat): final round, its own card into a bowl — ``card``, ``bowl``, ``new``;
- ``gain_shoyu`` (a seat): a Shōyu card for a 9 — ``card`` (the 9);
- ``grunchie_removes`` (the game): Grunchie removes a card — ``card``, ``own``;
- ``place_shoyu`` (a seat): it has placed its Shōyu — the ``bowls`` are its private fact;
- ``shoyu_placed`` (a seat): once all have placed, its placement shown — ``bowls``;
- ``end`` (the game): the game is scored — ``scores``, ``winners``, ``tiebreak``.
"""

SHOYU_CARDS = 5
MAX_BOWLS = 12
"""More bowls than a player can ever start (at most 10 ingredients each)."""

ACHIEVEMENTS = (
    "little_bowls",
    "employee_of_the_month",
    "millionaire",
    "salty",
    "noodle",
    "analysis",
    "paralysis",
)
"""Achievements the program checks in one game (their names and meanings are messages of
the catalog, ``ramen_tips.achievement.<key>`` and ``….means``; ``docs/rules/ramen-tips.md``).

The rulebook's other three, *Chef*, *Poser* (honour system) and *Hikkikomori* (20 games, a
profile matter), are not checked (:data:`OTHER_ACHIEVEMENTS`).
"""
OTHER_ACHIEVEMENTS = ("chef", "poser", "hikkikomori")
"""The rulebook's achievements no single game can check."""

RAMEN_CARDS = 3
"""A bowl is a valid ramen with at least this many cards (:func:`.scoring.is_valid`)."""


def hand_size(players: int) -> int:
    """Cards dealt to each seat: 9, or 8 with 5 players."""
    return 8 if players == 5 else 9


def slots_for(players: int) -> int:
    """Revealed cards per round: one per seat, plus Grunchie's with 2 players."""
    return 3 if players == 2 else players


# -- decisions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choose:
    """Secretly choose ``card`` from your hand to reveal this round."""

    card: int

    def __repr__(self) -> str:
        return f"Choose({_name(self.card)})"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Use your lone 1: trade it for the revealed ``card`` (another seat's or Grunchie's)."""

    card: int

    def __repr__(self) -> str:
        return f"Exchange({_name(self.card)})"


@dataclass(frozen=True, slots=True)
class Swap:
    """Use your lone 5: swap the preference cards of types ``a`` and ``b`` (``a < b``)."""

    a: int
    b: int

    @property
    def ingredients(self) -> tuple[int, int]:
        """The two types, as the decision's data names them."""
        return (self.a, self.b)

    def __repr__(self) -> str:
        return f"Swap({_type_name(self.a)} {_type_name(self.b)})"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline an optional 1 or 5 effect."""

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True, slots=True)
class Take:
    """Take ``card`` from the offer into bowl ``bowl`` (0-based; the next number is a new bowl)."""

    card: int
    bowl: int

    def __repr__(self) -> str:
        return f"Take({_name(self.card)}>{_bowl_name(self.bowl)})"


@dataclass(frozen=True, slots=True)
class Keep:
    """Final round: place your own revealed ``card`` into bowl ``bowl``."""

    card: int
    bowl: int

    def __repr__(self) -> str:
        return f"Keep({_name(self.card)}>{_bowl_name(self.bowl)})"


@dataclass(frozen=True, slots=True)
class PlaceShoyu:
    """End of game: one bowl index per Shōyu card placed, sorted (may place fewer, or none)."""

    bowls: tuple[int, ...]

    def __repr__(self) -> str:
        if type(self.bowls) is not tuple:
            return f"PlaceShoyu({shown(self.bowls)})"
        inner = " ".join(_bowl_name(b) for b in self.bowls) or "none"
        return f"PlaceShoyu({inner})"


TipsAction = Choose | Exchange | Swap | Pass | Take | Keep | PlaceShoyu

PASS = Pass()
CHOOSES = tuple(Choose(c) for c in DECK)
EXCHANGES = tuple(Exchange(c) for c in DECK)
SWAPS = tuple(Swap(a, b) for a in range(NTYPES) for b in range(a + 1, NTYPES))
TAKES = tuple(tuple(Take(c, b) for b in range(MAX_BOWLS)) for c in DECK)
KEEPS = tuple(tuple(Keep(c, b) for b in range(MAX_BOWLS)) for c in DECK)
_SWAP_OF = {(s.a, s.b): s for s in SWAPS}


def _swap_of(ingredients: tuple[int, int]) -> Swap:
    a, b = ingredients
    if a == b:
        raise ValueError("the two ingredients must differ")
    return _SWAP_OF[min(a, b), max(a, b)]


CARD = Name("card", dict(enumerate(CARD_NAMES)), "an ingredient card by its id (C6: Chāshū 6)")
INGREDIENT = Name(
    "ingredient", dict(enumerate(LETTERS)), "an ingredient type by its id (C: Chāshū)"
)
BOWL = Integer(
    0,
    MAX_BOWLS - 1,
    "one of your bowls, from 0 in the view's order; the number after your last bowl is a new bowl",
)

DECISIONS = DecisionCodec(
    "ramen-tips",
    [
        Decision(
            Choose,
            "choose",
            {"card": ("card", CARD)},
            build=lambda card: CHOOSES[card],
            describe="secretly choose the card of your hand to reveal this round",
        ),
        Decision(
            Exchange,
            "exchange",
            {"card": ("card", CARD)},
            build=lambda card: EXCHANGES[card],
            describe="use your lone 1: exchange it for another revealed card",
        ),
        Decision(
            Swap,
            "swap",
            {"ingredients": ("ingredients", ListOf(INGREDIENT, 2, 2))},
            build=_swap_of,
            describe="use your lone 5: swap two Ingredient Preference Cards (tips stay)",
        ),
        Decision(Pass, "pass", build=lambda: PASS, describe="let your lone 1 or 5 go unused"),
        Decision(
            Take,
            "take",
            {"card": ("card", CARD), "bowl": ("bowl", BOWL)},
            build=lambda card, bowl: TAKES[card][bowl],
            describe="take a card of the ingredients offer into one of your bowls",
        ),
        Decision(
            Keep,
            "keep",
            {"card": ("card", CARD), "bowl": ("bowl", BOWL)},
            build=lambda card, bowl: KEEPS[card][bowl],
            describe="final round: put the card you revealed into one of your bowls",
        ),
        Decision(
            PlaceShoyu,
            "place_shoyu",
            {"bowls": ("bowls", ListOf(BOWL, 0, SHOYU_CARDS))},
            build=lambda bowls: PlaceShoyu(tuple(sorted(bowls))),
            describe="after the final round: one bowl per Shōyu card you place (none is allowed)",
        ),
    ],
)
"""Every decision of the game as data (:mod:`gametable.core.codec`): ``{"type": "take",
"card": "Y4", "bowl": 1}`` (bowls from 0 in the view's order), ``{"type": "swap",
"ingredients": ["C", "S"]}``, ``{"type": "place_shoyu", "bowls": [0, 0, 2]}`` …"""


def shoyu_placements(sizes: Sequence[int], shoyu: int) -> list[PlaceShoyu]:
    """Every way to place up to ``shoyu`` Shōyu cards into bowls of the given sizes."""
    caps = [n // 2 for n in sizes]
    out: list[PlaceShoyu] = []

    def rec(b: int, left: int, acc: list[int]) -> None:
        if b == len(caps):
            out.append(PlaceShoyu(tuple(acc)))
            return
        for k in range(min(caps[b], left) + 1):
            rec(b + 1, left - k, acc + [b] * k)

    rec(0, shoyu, [])
    return out


# -- the state --------------------------------------------------------------------------


class TipsState(State):
    """A game of Ramen (the tips game) in progress. See the module docstring for the flow."""

    __slots__ = (
        "_events",
        "_told",
        "analysis",
        "bowls",
        "chosen",
        "current",
        "effects",
        "final",
        "game",
        "grunchie_hand",
        "hands",
        "kept",
        "masks",
        "narutos",
        "nslots",
        "offer",
        "options",
        "order",
        "original",
        "paralysis",
        "phase",
        "placed",
        "players",
        "pref",
        "removed",
        "result_cache",
        "revealed",
        "round_no",
        "setup",
        "shoyu",
        "shoyu_pending",
        "shoyu_supply",
        "slot_of",
        "took",
        "turn",
        "unused",
        "waiting",
    )

    def __init__(self, game: Game, players: int, setup: Any, options: Mapping[str, Any]) -> None:
        if type(players) is not int or not 2 <= players <= 5:
            raise ValueError(f"Ramen (the tips game) is for 2–5 players, not {shown(players)}")
        self.game = game
        self.players = players
        self.options = options
        self.setup = setup
        nslots = slots_for(players)
        self.nslots = nslots
        size = hand_size(players)
        if not isinstance(setup, Mapping):
            raise ValueError("a ramen-tips setup is an object")
        for key in ("preference", "hands", "offer", "unused", "grunchie", "narutos"):
            if key not in setup:
                raise ValueError(f"a ramen-tips setup needs {key!r}")
        pref_raw = setup["preference"]
        if not isinstance(pref_raw, list) or len(pref_raw) != NTYPES:
            raise ValueError("'preference' must list the 5 types, leftmost first")
        pref = [_setup_type(t) for t in pref_raw]
        if sorted(pref) != list(range(NTYPES)):
            raise ValueError(
                f"'preference' must hold each type once, not {' '.join(LETTERS[t] for t in pref)}"
            )
        hands_raw = setup["hands"]
        if not isinstance(hands_raw, list) or len(hands_raw) != players:
            raise ValueError(f"'hands' must hold {players} hands")
        hands = [_setup_cards(h, f"hand {i}") for i, h in enumerate(hands_raw)]
        for i, h in enumerate(hands):
            if len(h) != size:
                raise ValueError(f"hand {i} has {len(h)} cards, not {size}")
        grunchie = _setup_cards(setup["grunchie"], "grunchie")
        if len(grunchie) != (size if players == 2 else 0):
            raise ValueError("Grunchie's hand must have 9 cards with 2 players, none otherwise")
        offer = _setup_cards(setup["offer"], "offer")
        if len(offer) != nslots:
            raise ValueError(f"the initial offer must have {nslots} cards")
        unused = _setup_cards(setup["unused"], "unused")
        every = [c for h in hands for c in h] + grunchie + offer + unused
        if sorted(every) != list(DECK):
            raise ValueError("the setup must use each of the 45 ingredient cards exactly once")
        nar_raw = setup["narutos"]
        if not isinstance(nar_raw, list):
            raise ValueError("'narutos' must be a list")
        narutos = tuple(_setup_naruto(n) for n in nar_raw)
        if options.get("narutos") and (len(narutos) != 3 or len(set(narutos)) != 3):
            raise ValueError("the Naruto expansion uses 3 different Narutos")
        if not options.get("narutos") and narutos:
            raise ValueError("Narutos in the setup but the narutos option is off")
        self.pref = pref
        self.slot_of = [0] * NTYPES
        for slot, t in enumerate(pref):
            self.slot_of[t] = slot
        self.narutos = narutos
        self.hands = [sorted(h) for h in hands]
        self.grunchie_hand = grunchie
        self.offer = sorted(offer)
        self.unused = unused
        self.removed: list[int] = []
        self.bowls: list[list[list[int]]] = [[] for _ in range(players)]
        self.masks: list[list[int]] = [[] for _ in range(players)]
        self.shoyu = [0] * players
        self.shoyu_supply = SHOYU_CARDS
        self.placed: list[list[int]] = [[] for _ in range(players)]
        self.shoyu_pending: list[PlaceShoyu | None] = [None] * players
        self.chosen = [-1] * players
        self.revealed = [-1] * nslots
        self.original = [-1] * nslots
        self.effects: list[int] = []
        self.order: list[int] = []
        self.turn = 0
        self.current = -1
        self.took = False
        self.kept = True
        self.final = False
        self.round_no = 0
        self.waiting = 0
        self.analysis = [0] * players
        self.paralysis = [0] * players
        self._events = EventLog()
        self._told: list[tuple[Any, ...]] = []
        self.result_cache: Result | None = None
        self.phase = CHOOSE
        self._start_round()

    # -- the protocol ---------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == CHOOSE:
            chosen = self.chosen
            return tuple([s for s in range(self.players) if chosen[s] < 0])
        if phase == SHOYU_PHASE:
            pending = self.shoyu_pending
            return tuple([s for s in range(self.players) if pending[s] is None])
        if phase == OVER:
            return ()
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> Sequence[TipsAction]:
        check_seat(seat, self.players)
        phase = self.phase
        if phase == CHOOSE:
            if self.chosen[seat] >= 0:
                return []
            return [CHOOSES[c] for c in self.hands[seat]]
        if phase == OVER or (phase != SHOYU_PHASE and seat != self.current):
            return []
        if phase == TAKE:
            out: list[TipsAction] = []
            if not self.took:
                masks = self.masks[seat]
                nbowls = len(masks)
                for c in self.offer:
                    row = TAKES[c]
                    bit = 1 << (c // 9)
                    before = len(out)
                    for i in range(nbowls):
                        if not masks[i] & bit:
                            out.append(row[i])
                    if len(out) == before:
                        out.append(row[nbowls])
            if not self.kept:
                own = self.own_final_card(seat)
                keeps = KEEPS[own]
                out.extend(keeps[b] for b in self.legal_bowls(seat, own))
            return out
        if phase == EXCHANGE:
            mine = self.revealed[seat]
            return [PASS, *(EXCHANGES[c] for c in self.revealed if c != mine)]
        if phase == SWAP:
            return [PASS, *SWAPS]
        # Shōyu placement
        if self.shoyu_pending[seat] is not None:
            return []
        return shoyu_placements([len(b) for b in self.bowls[seat]], self.shoyu[seat])

    def apply(self, seat: int, action: Any) -> None:
        check_seat(seat, self.players)
        phase = self.phase
        if phase == OVER:
            raise IllegalAction(Msg("ramen_tips.illegal.over"))
        if phase == CHOOSE:
            self._apply_choose(seat, action)
        elif phase == SHOYU_PHASE:
            self._apply_shoyu(seat, action)
        elif seat != self.current:
            raise IllegalAction(Msg(_NOT_YOUR_TURN[phase], seat=Seat(self.current)))
        elif phase == EXCHANGE:
            self._apply_exchange(seat, action)
        elif phase == SWAP:
            self._apply_swap(seat, action)
        else:
            self._apply_take(seat, action)

    def clone(self) -> TipsState:
        o = TipsState.__new__(TipsState)
        o.game = self.game
        o.players = self.players
        o.options = self.options
        o.setup = self.setup
        o.nslots = self.nslots
        o.pref = self.pref[:]
        o.slot_of = self.slot_of[:]
        o.narutos = self.narutos
        o.hands = [h[:] for h in self.hands]
        o.grunchie_hand = self.grunchie_hand[:]
        o.offer = self.offer[:]
        o.unused = self.unused[:]
        o.removed = self.removed[:]
        o.bowls = [[b[:] for b in bs] for bs in self.bowls]
        o.masks = [m[:] for m in self.masks]
        o.shoyu = self.shoyu[:]
        o.shoyu_supply = self.shoyu_supply
        o.placed = [p[:] for p in self.placed]
        o.shoyu_pending = self.shoyu_pending[:]
        o.chosen = self.chosen[:]
        o.revealed = self.revealed[:]
        o.original = self.original[:]
        o.effects = self.effects[:]
        o.order = self.order[:]
        o.turn = self.turn
        o.current = self.current
        o.took = self.took
        o.kept = self.kept
        o.final = self.final
        o.round_no = self.round_no
        o.waiting = self.waiting
        o.analysis = self.analysis[:]
        o.paralysis = self.paralysis[:]
        o._events = self._events.copy()
        o._told = self._told[:]
        o.result_cache = self.result_cache
        o.phase = self.phase
        return o

    # -- helpers --------------------------------------------------------------------------

    def strength(self, card: int) -> int:
        """Strength of a card under the current preference row (1–45)."""
        return (4 - self.slot_of[card // 9]) * 9 + card % 9 + 1

    def legal_bowls(self, seat: int, card: int) -> list[int]:
        """Bowls ``card`` may go into: the existing bowls lacking its type, else a new bowl.

        This is the placement obligation (reference §6): a new bowl (index ``len(bowls)``)
        only when every existing bowl already holds the type.
        """
        bit = 1 << (card // 9)
        masks = self.masks[seat]
        out = [i for i, m in enumerate(masks) if not m & bit]
        return out or [len(masks)]

    def _bowl_ok(self, seat: int, card: int, bowl: Any) -> bool:
        """Whether ``bowl`` is one of :meth:`legal_bowls` (without building the list)."""
        if type(bowl) is not int:
            return False
        masks = self.masks[seat]
        bit = 1 << (card // 9)
        if 0 <= bowl < len(masks):
            return not masks[bowl] & bit
        if bowl == len(masks):
            return all(m & bit for m in masks)
        return False

    def own_final_card(self, seat: int) -> int:
        """The card a seat keeps in the final round: the one lying in front of it (after an
        exchange), or its originally revealed one with ``final_round_keep_original``."""
        if self.options.get("final_round_keep_original"):
            return self.original[seat]
        return self.revealed[seat]

    @property
    def events(self) -> EventLog:
        """Everything that happened, oldest first: the events noted by ``apply`` (records
        of :func:`_tell`), made :class:`~gametable.core.events.Event` values now."""
        told = self._told
        if told:
            log = self._events
            for record in told:
                log.append(record[0](*record[1:]))
            told.clear()
        return self._events

    @events.setter
    def events(self, log: EventLog) -> None:
        self._events = log
        self._told = []

    def _event(
        self,
        seat: int | None,
        kind: str,
        facts: dict[str, Any],
        private: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        """Note an event of this round (the frequent kinds are noted as records of their
        own, built into events by :func:`_choose`, :func:`_placed` …)."""
        self._told.append((Event, self.round_no + 1, seat, kind, facts, private))

    # -- 1. choose and reveal -------------------------------------------------------------

    def _start_round(self) -> None:
        self.phase = CHOOSE
        self.chosen = [-1] * self.players
        self.waiting = self.players
        self.final = final = len(self.hands[0]) == 1
        self._told.append((_round, self.round_no + 1, hand_size(self.players), final))

    def _apply_choose(self, seat: int, action: Any) -> None:
        if self.chosen[seat] >= 0:
            raise IllegalAction(Msg("ramen_tips.illegal.already_chosen"))
        hand = self.hands[seat]
        if not isinstance(action, Choose):
            raise IllegalAction(Msg("ramen_tips.illegal.choose_a_card"))
        card = action.card
        if type(card) is not int or card not in hand:
            raise IllegalAction(
                Msg("ramen_tips.illegal.not_in_hand", card=_card_word(card), hand=_cards(hand))
            )
        hand.remove(card)
        self.chosen[seat] = card
        self._told.append((_choose, self.round_no + 1, seat, card))
        self.waiting -= 1
        if self.waiting == 0:
            self._reveal()

    def _reveal(self) -> None:
        """Turn every chosen card over (and Grunchie's next card), then cancel 1s and 5s."""
        players = self.players
        revealed = self.chosen[:]
        if self.nslots > players:
            revealed.append(self.grunchie_hand.pop(0))
        self.revealed = revealed
        self.original = revealed[:]
        self._told.append((_reveal, self.round_no + 1, players, tuple(revealed)))
        effects: list[int] = []
        for value in (1, 5):
            slots = [s for s, c in enumerate(revealed) if c % 9 + 1 == value]
            if len(slots) >= 2:
                for s in slots:
                    if s < players:
                        self.paralysis[s] += 1
                self._event(None, "cancel", {"value": value, "slots": slots, "players": players})
            elif slots:
                if slots[0] < players:
                    effects.append(revealed[slots[0]])
                else:
                    self._event(None, "no_effect", {"value": value, "slot": slots[0]})
        # A lone 1 and a lone 5: the stronger card (at reveal time) resolves first.
        effects.sort(key=self.strength, reverse=True)
        self.effects = effects
        self._next_effect()

    # -- 2. effects of 1s and 5s ------------------------------------------------------------

    def _next_effect(self) -> None:
        """Resolve the next pending 1 or 5, used by whoever holds that card now."""
        while self.effects:
            card = self.effects.pop(0)
            holder = self.revealed.index(card)
            if holder >= self.players:
                continue  # Grunchie never uses an effect
            self.current = holder
            self.phase = EXCHANGE if card % 9 == 0 else SWAP
            return
        self._set_order_of_choice()

    def _apply_exchange(self, seat: int, action: Any) -> None:
        mine = self.revealed[seat]
        if isinstance(action, Pass):
            self._event(seat, "pass", {"effect": "exchange"})
            self._next_effect()
            return
        others = [c for c in self.revealed if c != mine]
        if not isinstance(action, Exchange):
            raise IllegalAction(
                Msg(
                    "ramen_tips.illegal.exchange_or_pass",
                    card=CARD_MSGS[mine],
                    cards=_cards(others),
                )
            )
        target = action.card
        if type(target) is not int or target == mine or target not in self.revealed:
            raise IllegalAction(
                Msg(
                    "ramen_tips.illegal.not_revealed", card=_card_word(target), cards=_cards(others)
                )
            )
        slot = self.revealed.index(target)
        self.revealed[seat] = target
        self.revealed[slot] = mine
        if target % 9 + 1 == 5:
            self.analysis[seat] += 1
        self._event(
            seat,
            "exchange",
            {
                "gave": CARD_NAMES[mine],
                "got": CARD_NAMES[target],
                "with": slot,
                "players": self.players,
            },
        )
        self._next_effect()

    def _apply_swap(self, seat: int, action: Any) -> None:
        if isinstance(action, Pass):
            self._event(seat, "pass", {"effect": "swap"})
            self._next_effect()
            return
        if not isinstance(action, Swap):
            raise IllegalAction(Msg("ramen_tips.illegal.swap_or_pass"))
        a, b = action.a, action.b
        for t in (a, b):
            if type(t) is not int or not 0 <= t < NTYPES:
                raise IllegalAction(
                    Msg(
                        "ramen_tips.illegal.not_an_ingredient",
                        value=shown(t),
                        names=list(INGREDIENT_MSGS),
                    )
                )
        if a == b:
            raise IllegalAction(Msg("ramen_tips.illegal.swap_the_same"))
        if a > b:
            raise IllegalAction(
                Msg(
                    "ramen_tips.illegal.swap_in_order",
                    first=INGREDIENT_MSGS[b],
                    second=INGREDIENT_MSGS[a],
                    names=list(INGREDIENT_MSGS),
                )
            )
        sa, sb = self.slot_of[a], self.slot_of[b]
        self.pref[sa], self.pref[sb] = b, a
        self.slot_of[a], self.slot_of[b] = sb, sa
        self._event(
            seat,
            "swap",
            {
                "ingredients": [LETTERS[a], LETTERS[b]],
                "preference": [LETTERS[t] for t in self.pref],
            },
        )
        self._next_effect()

    # -- 3. order of choice and taking ----------------------------------------------------

    def _set_order_of_choice(self) -> None:
        """Strongest revealed card first, under the current preference row."""
        strength = self.strength
        revealed = self.revealed
        self.order = order = sorted(range(self.nslots), key=lambda s: -strength(revealed[s]))
        self.turn = 0
        self._told.append((_order, self.round_no + 1, self.players, tuple(order)))
        self._next_turn()

    def _next_turn(self) -> None:
        players = self.players
        while self.turn < len(self.order):
            slot = self.order[self.turn]
            if slot >= players:
                self._grunchie_turn(slot)
                self.turn += 1
                continue
            self.current = slot
            self.took = False
            self.kept = not self.final
            self.phase = TAKE
            return
        self._end_round()

    def _grunchie_turn(self, slot: int) -> None:
        """Grunchie removes the weakest offer card (and, in the final round, his own card)."""
        weakest = min(self.offer, key=self.strength)
        self.offer.remove(weakest)
        self.removed.append(weakest)
        self._told.append((_removed, self.round_no + 1, weakest, False))
        if self.final:
            own = self.own_final_card(slot)
            self.removed.append(own)
            self._told.append((_removed, self.round_no + 1, own, True))

    def _apply_take(self, seat: int, action: Any) -> None:
        if isinstance(action, Take):
            if self.took:
                own_card = CARD_MSGS[self.own_final_card(seat)]
                raise IllegalAction(Msg("ramen_tips.illegal.already_took", card=own_card))
            card = action.card
            if type(card) is not int or card not in self.offer:
                raise IllegalAction(
                    Msg(
                        "ramen_tips.illegal.not_in_offer",
                        card=_card_word(card),
                        offer=_cards(self.offer),
                    )
                )
            kind = "take"
        elif isinstance(action, Keep):
            if self.kept:
                if not self.final:
                    raise IllegalAction(Msg("ramen_tips.illegal.keep_in_final_round"))
                raise IllegalAction(Msg("ramen_tips.illegal.already_kept"))
            card = action.card
            own = self.own_final_card(seat)
            if type(card) is not int or card != own:
                raise IllegalAction(
                    Msg("ramen_tips.illegal.keep_which", own=CARD_MSGS[own], card=_card_word(card))
                )
            kind = "keep"
        elif self.took:
            own = self.own_final_card(seat)
            raise IllegalAction(Msg("ramen_tips.illegal.place_own", card=CARD_MSGS[own]))
        else:
            raise IllegalAction(Msg("ramen_tips.illegal.take_a_card"))
        bowl = action.bowl
        if not self._bowl_ok(seat, card, bowl):
            legal = self.legal_bowls(seat, card)
            raise IllegalAction(_placement_reason(self.masks[seat], card, bowl, legal))
        new = bowl == len(self.bowls[seat])
        self._place(seat, card, bowl)
        if kind == "take":
            self.offer.remove(card)
            self.took = True
        else:
            self.kept = True
        self._told.append((_placed, self.round_no + 1, seat, kind, card, bowl, new))
        if card % 9 == 8:
            self._gain_shoyu(seat, card)
        if self.took and self.kept:
            self.turn += 1
            self._next_turn()

    def _place(self, seat: int, card: int, bowl: int) -> None:
        bowls = self.bowls[seat]
        if bowl == len(bowls):
            bowls.append([card])
            self.masks[seat].append(1 << (card // 9))
        else:
            bowls[bowl].append(card)
            self.masks[seat][bowl] |= 1 << (card // 9)

    def _gain_shoyu(self, seat: int, card: int) -> None:
        """A 9 obtained earns one Shōyu card (five 9s, five Shōyu: never short)."""
        if self.shoyu_supply > 0:
            self.shoyu_supply -= 1
            self.shoyu[seat] += 1
            self._event(seat, "gain_shoyu", {"card": CARD_NAMES[card]})

    def _end_round(self) -> None:
        if self.final:
            self._start_shoyu()
            return
        self.offer = sorted(self.revealed)
        self.revealed = [-1] * self.nslots
        self.original = [-1] * self.nslots
        self.order = []
        self.current = -1
        self.round_no += 1
        self._start_round()

    # -- 4. Shōyu placement and the end ---------------------------------------------------

    def _start_shoyu(self) -> None:
        self.phase = SHOYU_PHASE
        self.current = -1
        self.order = []
        for seat in range(self.players):
            sizes = [len(b) for b in self.bowls[seat]]
            if self.shoyu[seat] == 0 or all(n < 2 for n in sizes):
                self.shoyu_pending[seat] = PlaceShoyu(())
            else:
                self.shoyu_pending[seat] = None
        if all(p is not None for p in self.shoyu_pending):
            self._finish()

    def _apply_shoyu(self, seat: int, action: Any) -> None:
        bowls = self.bowls[seat]
        if self.shoyu_pending[seat] is not None:
            if self.shoyu[seat] == 0 or all(len(b) < 2 for b in bowls):
                raise IllegalAction(Msg("ramen_tips.illegal.no_shoyu_to_place"))
            raise IllegalAction(Msg("ramen_tips.illegal.already_placed"))
        if not isinstance(action, PlaceShoyu):
            raise IllegalAction(Msg("ramen_tips.illegal.place_shoyu"))
        chosen = action.bowls
        refusal = shoyu_refusal([len(b) for b in bowls], self.shoyu[seat], chosen)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.shoyu_pending[seat] = action
        self._event(seat, "place_shoyu", {}, {seat: {"bowls": list(chosen)}})
        if all(p is not None for p in self.shoyu_pending):
            self._finish()

    def _finish(self) -> None:
        for seat in range(self.players):
            placed = [0] * len(self.bowls[seat])
            pending = self.shoyu_pending[seat]
            assert pending is not None
            for b in pending.bowls:
                placed[b] += 1
            self.placed[seat] = placed
            if pending.bowls:
                self._event(seat, "shoyu_placed", {"bowls": list(pending.bowls)})
        self.phase = OVER
        self.current = -1
        result = self.result_cache = self._compute_result()
        self._event(
            None,
            "end",
            {
                "scores": list(result.scores),
                "winners": list(result.winners),
                "tiebreak": result.tiebreak,
            },
        )

    # -- scoring --------------------------------------------------------------------------

    def scores(self) -> list[PlayerScore]:
        """Each player's breakdown with the Shōyu as placed (or none placed before the end)."""
        return self._score()[0]

    def _score(self) -> tuple[list[PlayerScore], dict[str, object]]:
        opts = self.options
        return score_game(
            self.bowls,
            self.placed,
            self.shoyu,
            self.slot_of,
            self.narutos,
            shoyu_counts_for_validity=bool(opts.get("shoyu_counts_for_validity", True)),
            bonus_counts_invalid=bool(opts.get("bonus_counts_invalid", False)),
        )

    def result(self) -> Result:
        if self.phase != OVER or self.result_cache is None:
            raise GameError("the game is not over")
        return self.result_cache

    def _compute_result(self) -> Result:
        scores, tables = self._score()
        totals = [ps.total for ps in scores]
        if self.options.get("tiebreak", "lowest_tip") == "lowest_tip":
            keys: list[tuple[int, ...]] = [
                (t, 10 - min(y for _, y in ps.tips) if ps.tips else 0)
                for t, ps in zip(totals, scores, strict=True)
            ]
            names = ["yen", "lowest tip token"]
        else:
            keys = [(t,) for t in totals]
            names = ["yen"]
        ranks, tiebreak = rank_by_keys(keys, names)
        achievements = []
        for seat, ps in enumerate(scores):
            got = []
            if ps.valid >= 4:
                got.append("little_bowls")
            if len(ps.tips) == NTYPES:
                got.append("employee_of_the_month")
            if ps.bonus >= 6:
                got.append("millionaire")
            if self.shoyu[seat] >= 4:
                got.append("salty")
            if ranks[seat] == 1:
                got.append("noodle")
            if self.analysis[seat]:
                got.append("analysis")
            if self.paralysis[seat]:
                got.append("paralysis")
            achievements.append(got)
        details: dict[str, Any] = {
            "preference": [LETTERS[t] for t in self.pref],
            "players": [
                {
                    "seat": seat,
                    "total": ps.total,
                    "bowls": [
                        {"cards": [CARD_NAMES[c] for c in cards], "shoyu": sh, "valid": valid}
                        for cards, sh, valid in ps.bowls
                    ],
                    "valid": ps.valid,
                    "largest": ps.largest,
                    "ramen_yen": ps.ramen_yen,
                    "tips": [{"type": LETTERS[t], "yen": y} for t, y in ps.tips],
                    "narutos": ["Shōyu" if k == SHOYU else LETTERS[k] for k in ps.narutos],
                    "bonus_cards": [CARD_NAMES[c] for c in ps.bonus_cards],
                    "penalty_cards": [CARD_NAMES[c] for c in ps.penalty_cards],
                    "shoyu": self.shoyu[seat],
                    "achievements": achievements[seat],
                }
                for seat, ps in enumerate(scores)
            ],
            "tips": tables["tips"],
            "narutos": tables["narutos"],
            "removed_by_grunchie": [CARD_NAMES[c] for c in self.removed],
        }
        return Result(
            scores=tuple(totals), ranks=ranks, tiebreak=tiebreak, details=details
        )

    # -- information ----------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know.

        Hidden: other hands (only sizes), other seats' chosen cards until the reveal (only
        that they have chosen), other seats' Shōyu placements until all are in, Grunchie's
        face-down cards, and the unused deck. Everything else is public.

        Besides the table, the view states what the rules make of it, so that no front end
        computes a rule: each card's ``strength`` (for the cards the seat sees), the order
        of choice as it stands (``ranking``), each bowl's ``bowl_facts``, who leads for each
        tip and Naruto now, each seat's ``yen`` if the game ended now, and, for the seat
        placing a card, what each legal placement would make of its yen (``placements``).
        ``history`` is the whole game's story as the seat may know it.
        """
        check_seat(seat, self.players, spectator=True)
        names = CARD_NAMES
        phase = self.phase
        players = self.players
        me = -1 if seat is None else seat
        mine = me >= 0
        revealed_now = phase in (EXCHANGE, SWAP, TAKE) or (
            phase in (SHOYU_PHASE, OVER) and self.revealed[0] >= 0
        )
        pending = self.shoyu_pending
        scores, tables = self._score()
        tips: list[Any] = tables["tips"]  # type: ignore[assignment]
        naruto_leader = {row["kind"]: row["winner"] for row in tables["narutos"]}  # type: ignore[attr-defined]
        strength = self.strength
        seen = list(self.offer)
        if mine:
            seen += self.hands[me]
            if phase == CHOOSE and self.chosen[me] >= 0:
                seen.append(self.chosen[me])
        if revealed_now:
            seen += self.revealed
        view: View = {
            "game": "ramen-tips",
            "players": players,
            "seat": seat,
            "to_act": list(self.to_act),
            "phase": PHASE_NAMES[phase],
            "options": dict(self.options),
            "round": self.round_no + 1,
            "rounds": hand_size(players),
            "final_round": self.final,
            "grunchie": self.nslots > players,
            "preference": [
                {
                    "type": LETTERS[t],
                    "tip": TIP_BY_SLOT[i],
                    "naruto": t in self.narutos,
                    "tip_leader": tips[t]["winner"],
                    "tip_total": None
                    if tips[t]["winner"] is None
                    else tips[t]["totals"][tips[t]["winner"]],
                    "naruto_leader": naruto_leader.get(LETTERS[t]),
                }
                for i, t in enumerate(self.pref)
            ],
            "shoyu_naruto": SHOYU in self.narutos,
            "shoyu_naruto_leader": naruto_leader.get("Shōyu"),
            "shoyu_supply": self.shoyu_supply,
            "offer": [names[c] for c in self.offer],
            "hand": [names[c] for c in self.hands[me]] if mine else None,
            "hand_sizes": [len(h) for h in self.hands],
            "chosen": names[self.chosen[me]]
            if mine and phase == CHOOSE and self.chosen[me] >= 0
            else None,
            "committed": [c >= 0 for c in self.chosen]
            if phase == CHOOSE
            else [p is not None for p in pending]
            if phase == SHOYU_PHASE
            else [False] * players,
            "revealed": [names[c] for c in self.revealed] if revealed_now else None,
            "revealed_original": [names[c] for c in self.original] if revealed_now else None,
            "strength": {names[c]: strength(c) for c in seen},
            "ranking": sorted(range(self.nslots), key=lambda s: -strength(self.revealed[s]))
            if phase in (EXCHANGE, SWAP, TAKE)
            else None,
            "pending_effects": [names[c] for c in self.effects],
            "order": self.order[:],
            "turn": self.turn,
            "current": self.current if phase in (EXCHANGE, SWAP, TAKE) else None,
            "took": self.took,
            "kept": self.kept,
            "bowls": [[[names[c] for c in b] for b in bs] for bs in self.bowls],
            "bowl_facts": [self._bowl_facts(ps) for ps in scores],
            "placed": [p[:] for p in self.placed],
            "shoyu": self.shoyu[:],
            "shoyu_placement": list(pending[me].bowls)  # type: ignore[union-attr]
            if mine and phase == SHOYU_PHASE and pending[me] is not None
            else None,
            "yen": [_yen(ps) for ps in scores],
            "placements": self._placements(me, scores[me].total)
            if mine and phase == TAKE and me == self.current
            else None,
            "grunchie_hand_size": len(self.grunchie_hand),
            "removed": [names[c] for c in self.removed],
            "unused_count": len(self.unused),
            "analysis": self.analysis[:],
            "paralysis": self.paralysis[:],
            "history": self.history(seat),
        }
        if phase == OVER:
            # The result is cached and shared: its JSON (details included) is copied deeply.
            view["result"] = copy.deepcopy(self.result().to_json())
        return view

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        """The whole game's events as ``seat`` may know them (a view's ``history``): fresh
        values, sharing nothing with the state."""
        over = self.phase == OVER
        out = []
        for event in self.events:
            data = event.to_json(seat, over)
            for key, value in data.items():
                if type(value) is list:
                    data[key] = value[:]
            out.append(data)
        return out

    def _bowl_facts(self, ps: PlayerScore) -> list[dict[str, Any]]:
        """What the rules make of each bowl of a player now (see :func:`bowl_facts`)."""
        counts = bool(self.options.get("shoyu_counts_for_validity", True))
        return [bowl_facts(cards, sh, counts) for cards, sh, _ in ps.bowls]

    def _placements(self, seat: int, now: int) -> list[dict[str, Any]]:
        """Each legal take or keep of ``seat`` with the yen it would leave the seat with if
        the game ended then (the others' bowls as they are), and the change."""
        out = []
        opts = self.options
        for action in self.legal_actions(seat):
            if not isinstance(action, Take | Keep):
                continue
            card, bowl = action.card, action.bowl
            bowls = [list(b) for b in self.bowls[seat]]
            if bowl == len(bowls):
                bowls.append([card])
            else:
                bowls[bowl].append(card)
            every = list(self.bowls)
            every[seat] = bowls
            shoyu = self.shoyu[:]
            if card % 9 == 8 and self.shoyu_supply > 0:
                shoyu[seat] += 1
            yen = score_game(
                every,
                self.placed,
                shoyu,
                self.slot_of,
                self.narutos,
                shoyu_counts_for_validity=bool(opts.get("shoyu_counts_for_validity", True)),
                bonus_counts_invalid=bool(opts.get("bonus_counts_invalid", False)),
            )[0][seat].total
            out.append(
                {
                    "type": "take" if isinstance(action, Take) else "keep",
                    "card": CARD_NAMES[card],
                    "bowl": bowl,
                    "new": bowl == len(self.bowls[seat]),
                    "yen": yen,
                    "change": yen - now,
                }
            )
        return out


def bowl_facts(cards: Sequence[int], shoyu: int, shoyu_counts: bool = True) -> dict[str, Any]:
    """What the rules make of a bowl of ``cards`` holding ``shoyu`` Shōyu cards: its
    ``cards`` (Shōyu included), whether it is a ``valid`` ramen and how many cards it is
    ``missing`` for one, the most Shōyu it may hold (``shoyu_capacity``), the ``face_value``
    of its ingredients (subtracted at the end if it is no ramen) and its ``bonus`` cards
    (6s, 7s and 8s: a yen each in a valid ramen)."""
    counted = len(cards) + (shoyu if shoyu_counts else 0)
    return {
        "cards": len(cards) + shoyu,
        "shoyu": shoyu,
        "valid": is_valid(len(cards), shoyu, shoyu_counts),
        "missing": max(0, RAMEN_CARDS - counted),
        "shoyu_capacity": len(cards) // 2,
        "face_value": sum(c % 9 + 1 for c in cards),
        "bonus": sum(1 for c in cards if 6 <= c % 9 + 1 <= 8),
    }


def _yen(ps: PlayerScore) -> dict[str, int]:
    """A player's yen, step by step as the rulebook scores (reference §8.3)."""
    return {
        "total": ps.total,
        "ramen": ps.ramen_yen,
        "valid": ps.valid,
        "largest": ps.largest,
        "tips": ps.tip_yen,
        "narutos": ps.naruto_yen,
        "bonus": ps.bonus,
        "penalty": ps.penalty,
    }


# -- events -----------------------------------------------------------------------------
# ``apply`` notes the frequent events as records ``(maker, *numbers)``; these make them
# events when the story is read (:attr:`TipsState.events`).


def _round(turn: int, rounds: int, final: bool) -> Event:
    return Event(turn, None, "round", {"round": turn, "rounds": rounds, "final": final})


def _choose(turn: int, seat: int, card: int) -> Event:
    return Event(turn, seat, "choose", {}, {seat: {"card": CARD_NAMES[card]}})


def _reveal(turn: int, players: int, cards: tuple[int, ...]) -> Event:
    facts = {"cards": [CARD_NAMES[c] for c in cards], "players": players}
    return Event(turn, None, "reveal", facts)


def _order(turn: int, players: int, slots: tuple[int, ...]) -> Event:
    return Event(turn, None, "order", {"slots": list(slots), "players": players})


def _placed(turn: int, seat: int, kind: str, card: int, bowl: int, new: bool) -> Event:
    return Event(turn, seat, kind, {"card": CARD_NAMES[card], "bowl": bowl, "new": new})


def _removed(turn: int, card: int, own: bool) -> Event:
    return Event(turn, None, "grunchie_removes", {"card": CARD_NAMES[card], "own": own})


def private_facts(kind: str) -> tuple[str, ...]:
    """The facts of an event of ``kind`` that only its seat knows (before a reveal)."""
    return _PRIVATE.get(kind, ())


_PRIVATE = {"choose": ("card",), "place_shoyu": ("bowls",)}


# -- small helpers ----------------------------------------------------------------------


def _setup_type(name: Any) -> int:
    if not isinstance(name, str) or name not in LETTERS:
        raise ValueError(f"{shown(name)} is not a type letter ({' '.join(LETTERS)})")
    return LETTERS.index(name)


def _setup_naruto(name: Any) -> int:
    if name == "shoyu":
        return SHOYU
    return _setup_type(name)


def _setup_cards(raw: Any, what: str) -> list[int]:
    if not isinstance(raw, list):
        raise ValueError(f"{what!r} must be a list of cards")
    out = []
    for name in raw:
        card = CARD_BY_NAME.get(name) if isinstance(name, str) else None
        if card is None:
            raise ValueError(f"{shown(name)} in {what} is not a card (cards are written like C6)")
        out.append(card)
    return out


def _name(card: Any) -> str:
    """A card's notation, or what was offered instead of a card, said safely (for reprs)."""
    if type(card) is int and 0 <= card < len(CARD_NAMES):
        return CARD_NAMES[card]
    return f"{shown(card)} (not a card)"


def _bowl_name(bowl: Any) -> str:
    """A bowl as people number it (from 1), or what was offered instead, said safely."""
    if type(bowl) is int and -(10**6) < bowl < 10**6:
        return str(bowl + 1)
    return f"{shown(bowl)} (not a bowl)"


def _type_name(t: Any) -> str:
    """An ingredient type's letter, or what was offered instead, said safely."""
    if type(t) is int and 0 <= t < NTYPES:
        return LETTERS[t]
    return shown(t)


def _card_word(card: Any) -> Msg:
    """A card in words, or what was offered instead of a card, said safely."""
    if type(card) is int and 0 <= card < len(CARD_MSGS):
        return CARD_MSGS[card]
    return Msg("ramen_tips.not_a_card", value=shown(card))


def _cards(cards: Sequence[int]) -> list[Msg]:
    """Cards in words, as a list parameter ("Chāshū 6, Sūpu 2 and Yasai 9")."""
    return [CARD_MSGS[c] for c in cards]


def _bowl_word(bowl: Any) -> int | Msg:
    """A bowl's number as people count (from 1), or what was offered instead, said safely."""
    if type(bowl) is int and -(10**6) < bowl < 10**6:
        return bowl + 1
    return Msg("ramen_tips.not_a_bowl", value=shown(bowl))


def shoyu_refusal(sizes: Sequence[int], held: int, chosen: Any) -> Msg | None:
    """Why a seat holding ``held`` Shōyu cards, with bowls of ``sizes`` ingredients, may not
    place them in ``chosen`` (one bowl index per card, in increasing order); ``None`` when
    it may. At most one Shōyu per two ingredients in a bowl; fewer than held, or none, is
    allowed (reference A4)."""
    if type(chosen) is not tuple:
        return Msg("ramen_tips.illegal.shoyu_list")
    if len(chosen) > held:
        return Msg("ramen_tips.illegal.shoyu_held", count=held, placed=len(chosen))
    for b in chosen:
        if type(b) is not int or not 0 <= b < len(sizes):
            return Msg("ramen_tips.illegal.shoyu_no_bowl", bowl=_bowl_word(b), count=len(sizes))
    if list(chosen) != sorted(chosen):
        return Msg("ramen_tips.illegal.shoyu_order")
    counts: dict[int, int] = {}
    for b in chosen:
        counts[b] = counts.get(b, 0) + 1
    for b, k in counts.items():
        cap = sizes[b] // 2
        if k > cap:
            return Msg(
                "ramen_tips.illegal.shoyu_capacity", bowl=b + 1, count=sizes[b], most=cap, placed=k
            )
    return None


def where_card_goes(card: int, legal: Sequence[int], nbowls: int) -> Msg:
    """Where ``card`` may go, the bowls of ``legal`` (0-based; ``nbowls`` is a new one)."""
    if legal == [nbowls]:
        return Msg("ramen_tips.where.new_bowl", card=CARD_MSGS[card], bowl=nbowls + 1)
    return Msg(
        "ramen_tips.where.bowls",
        card=CARD_MSGS[card],
        bowls=[b + 1 for b in legal],
        count=len(legal),
    )


def _placement_reason(masks: Sequence[int], card: int, bowl: Any, legal: Sequence[int]) -> Msg:
    t = card // 9
    where = where_card_goes(card, list(legal), len(masks))
    if type(bowl) is not int or bowl < 0 or bowl > len(masks):
        return Msg("ramen_tips.illegal.no_such_bowl", bowl=_bowl_word(bowl), where=where)
    if bowl == len(masks):
        return Msg(
            "ramen_tips.illegal.new_bowl_too_soon", ingredient=INGREDIENT_MSGS[t], where=where
        )
    return Msg(
        "ramen_tips.illegal.bowl_has", bowl=bowl + 1, ingredient=INGREDIENT_MSGS[t], where=where
    )


__all__ = [
    "ACHIEVEMENTS",
    "CHOOSES",
    "DECISIONS",
    "EVENT_KINDS",
    "OTHER_ACHIEVEMENTS",
    "PASS",
    "PHASE_NAMES",
    "RAMEN_CARDS",
    "SWAPS",
    "Choose",
    "Exchange",
    "Keep",
    "Pass",
    "PlaceShoyu",
    "Swap",
    "Take",
    "TipsAction",
    "TipsState",
    "bowl_facts",
    "hand_size",
    "private_facts",
    "shoyu_placements",
    "shoyu_refusal",
    "slots_for",
    "where_card_goes",
]
