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
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import GameError, IllegalAction
from gametable.core.game import Game, Result, State, View, check_seat, rank_by_keys
from gametable.games.ramen_tips.cards import (
    CARD_BY_NAME,
    CARD_NAMES,
    DECK,
    LETTERS,
    NTYPES,
    SHOYU,
    TIP_BY_SLOT,
    TYPES,
    shown,
)
from gametable.games.ramen_tips.scoring import PlayerScore, score_game

CHOOSE, EXCHANGE, SWAP, TAKE, SHOYU_PHASE, OVER = range(6)
PHASE_NAMES = ("choose", "exchange", "swap", "take", "shoyu", "over")
_DOING = {
    EXCHANGE: "use the lone 1",
    SWAP: "use the lone 5",
    TAKE: "take from the offer",
}

SHOYU_CARDS = 5
MAX_BOWLS = 12
"""More bowls than a player can ever start (at most 10 ingredients each)."""

ACHIEVEMENTS = (
    ("little_bowls", "Little bowls", "finish with 4 or more valid ramen"),
    ("employee_of_the_month", "Employee of the Month", "win all 5 tip tokens"),
    ("millionaire", "Millionaire", "score 6 or more yen from 6/7/8 cards"),
    ("salty", "Salty", "hold 4 or more Shōyu cards"),
    ("noodle", "Noodle", "win the game"),
    ("analysis", "Analysis", "use a 1 to take a 5"),
    ("paralysis", "Paralysis", "reveal a 1 or a 5 that is cancelled"),
)
"""Achievements the program can check in one game: (key, printed name, condition).

*Chef*, *Poser* (honour system) and *Hikkikomori* (20 games, a profile matter) are not.
"""


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
        "analysis",
        "bowls",
        "chosen",
        "current",
        "effects",
        "final",
        "game",
        "grunchie_hand",
        "hands",
        "history",
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
        self.history: list[list[dict[str, Any]]] = []
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
            raise IllegalAction("the game is over")
        if phase == CHOOSE:
            self._apply_choose(seat, action)
        elif phase == SHOYU_PHASE:
            self._apply_shoyu(seat, action)
        elif seat != self.current:
            raise IllegalAction(
                f"it is seat {self.current}'s turn to {_DOING[phase]}, not seat {seat}'s"
            )
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
        o.history = [r[:] for r in self.history]
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

    def _log(self, event: dict[str, Any]) -> None:
        self.history[-1].append(event)

    # -- 1. choose and reveal -------------------------------------------------------------

    def _start_round(self) -> None:
        self.phase = CHOOSE
        self.chosen = [-1] * self.players
        self.waiting = self.players
        self.final = len(self.hands[0]) == 1
        self.history.append([])
        if len(self.history) > 2:
            del self.history[0]

    def _apply_choose(self, seat: int, action: Any) -> None:
        if self.chosen[seat] >= 0:
            raise IllegalAction(
                "you have already chosen your card this round: wait for the others to choose"
            )
        hand = self.hands[seat]
        if not isinstance(action, Choose):
            raise IllegalAction(
                "everyone is choosing a card to reveal: choose one from your hand, "
                f"e.g. 'play {CARD_NAMES[hand[0]]}'"
            )
        card = action.card
        if type(card) is not int or card not in hand:
            held = " ".join(CARD_NAMES[c] for c in hand)
            raise IllegalAction(f"{_name(card)} is not in your hand (hand: {held})")
        hand.remove(card)
        self.chosen[seat] = card
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
        self._log({"event": "reveal", "cards": [CARD_NAMES[c] for c in revealed]})
        effects: list[int] = []
        for value in (1, 5):
            slots = [s for s, c in enumerate(revealed) if c % 9 + 1 == value]
            if len(slots) >= 2:
                for s in slots:
                    if s < players:
                        self.paralysis[s] += 1
                self._log({"event": "cancel", "value": value, "slots": slots})
            elif slots:
                if slots[0] < players:
                    effects.append(revealed[slots[0]])
                else:
                    self._log({"event": "grunchie_ignores", "value": value})
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
            self._log({"event": "pass", "seat": seat, "effect": "exchange"})
            self._next_effect()
            return
        if not isinstance(action, Exchange):
            raise IllegalAction(
                f"you hold the lone 1 ({CARD_NAMES[mine]}): exchange it for another revealed "
                f"card, e.g. 'exchange {CARD_NAMES[next(c for c in self.revealed if c != mine)]}',"
                " or pass"
            )
        target = action.card
        if type(target) is not int or target == mine or target not in self.revealed:
            others = " ".join(CARD_NAMES[c] for c in self.revealed if c != mine)
            raise IllegalAction(
                f"{_name(target)} is not another revealed card (you may take: {others})"
            )
        slot = self.revealed.index(target)
        self.revealed[seat] = target
        self.revealed[slot] = mine
        if target % 9 + 1 == 5:
            self.analysis[seat] += 1
        self._log(
            {"event": "exchange", "seat": seat, "gave": CARD_NAMES[mine],
             "got": CARD_NAMES[target], "with": slot}
        )
        self._next_effect()

    def _apply_swap(self, seat: int, action: Any) -> None:
        if isinstance(action, Pass):
            self._log({"event": "pass", "seat": seat, "effect": "swap"})
            self._next_effect()
            return
        if not isinstance(action, Swap):
            raise IllegalAction(
                "you hold the lone 5: swap two preference cards, e.g. 'swap C S', or pass"
            )
        a, b = action.a, action.b
        for t in (a, b):
            if type(t) is not int or not 0 <= t < NTYPES:
                raise IllegalAction(
                    f"{_type_name(t)} is not an ingredient type: swap two of C A S N Y"
                )
        if a == b:
            raise IllegalAction("swap two different preference cards")
        if a > b:
            raise IllegalAction(
                f"name the two types in the order C A S N Y: 'swap {LETTERS[b]} {LETTERS[a]}'"
            )
        sa, sb = self.slot_of[a], self.slot_of[b]
        self.pref[sa], self.pref[sb] = b, a
        self.slot_of[a], self.slot_of[b] = sb, sa
        self._log(
            {"event": "swap", "seat": seat, "types": [LETTERS[a], LETTERS[b]],
             "preference": [LETTERS[t] for t in self.pref]}
        )
        self._next_effect()

    # -- 3. order of choice and taking ----------------------------------------------------

    def _set_order_of_choice(self) -> None:
        """Strongest revealed card first, under the current preference row."""
        strength = self.strength
        revealed = self.revealed
        self.order = sorted(range(self.nslots), key=lambda s: -strength(revealed[s]))
        self.turn = 0
        self._log({"event": "order", "slots": self.order[:]})
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
        self._log({"event": "grunchie_removes", "card": CARD_NAMES[weakest]})
        if self.final:
            own = self.own_final_card(slot)
            self.removed.append(own)
            self._log({"event": "grunchie_removes", "card": CARD_NAMES[own]})

    def _apply_take(self, seat: int, action: Any) -> None:
        if isinstance(action, Take):
            if self.took:
                own_name = CARD_NAMES[self.own_final_card(seat)]
                raise IllegalAction(
                    "you have already taken a card from the offer this round: now place your "
                    f"own card {own_name} into a bowl, e.g. 'keep {own_name}>1'"
                )
            card = action.card
            if type(card) is not int or card not in self.offer:
                offer = " ".join(CARD_NAMES[c] for c in self.offer)
                raise IllegalAction(f"{_name(card)} is not in the offer (offer: {offer})")
        elif isinstance(action, Keep):
            if self.kept:
                if not self.final:
                    raise IllegalAction("you keep your own card only in the final round")
                raise IllegalAction("you have already placed your own card")
            card = action.card
            own = self.own_final_card(seat)
            if type(card) is not int or card != own:
                raise IllegalAction(
                    f"the card you keep is {CARD_NAMES[own]}, not {_name(card)}"
                )
        elif self.took:
            own_name = CARD_NAMES[self.own_final_card(seat)]
            raise IllegalAction(
                f"now place your own card {own_name} into a bowl, e.g. 'keep {own_name}>1'"
            )
        else:
            raise IllegalAction("take a card from the offer into a bowl, e.g. 'take Y4>2'")
        bowl = action.bowl
        if not self._bowl_ok(seat, card, bowl):
            legal = self.legal_bowls(seat, card)
            raise IllegalAction(_placement_reason(self.masks[seat], card, bowl, legal))
        self._place(seat, card, bowl)
        if isinstance(action, Take):
            self.offer.remove(card)
            self.took = True
            self._log({"event": "take", "seat": seat, "card": CARD_NAMES[card], "bowl": bowl})
        else:
            self.kept = True
            self._log({"event": "keep", "seat": seat, "card": CARD_NAMES[card], "bowl": bowl})
        if card % 9 == 8:
            self._gain_shoyu(seat)
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

    def _gain_shoyu(self, seat: int) -> None:
        """A 9 obtained earns one Shōyu card (five 9s, five Shōyu: never short)."""
        if self.shoyu_supply > 0:
            self.shoyu_supply -= 1
            self.shoyu[seat] += 1
            self._log({"event": "shoyu", "seat": seat})

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
                raise IllegalAction("you have no Shōyu to place: wait for the others")
            raise IllegalAction("you have already placed your Shōyu: wait for the others")
        example = "e.g. 'shoyu 1 1 3', or 'shoyu none'"
        if not isinstance(action, PlaceShoyu):
            raise IllegalAction(f"place your Shōyu cards in your bowls, {example}")
        chosen = action.bowls
        if type(chosen) is not tuple:
            raise IllegalAction(f"list one bowl number per Shōyu card, {example}")
        held = self.shoyu[seat]
        if len(chosen) > held:
            raise IllegalAction(f"you hold {_count(held, 'Shōyu card')}, not {len(chosen)}")
        for b in chosen:
            if type(b) is not int or not 0 <= b < len(bowls):
                raise IllegalAction(
                    f"there is no bowl {_bowl_name(b)} (you have {_count(len(bowls), 'bowl')})"
                )
        if list(chosen) != sorted(chosen):
            raise IllegalAction(f"list the bowls in increasing order, {example}")
        counts: dict[int, int] = {}
        for b in chosen:
            counts[b] = counts.get(b, 0) + 1
        for b, k in counts.items():
            cap = len(bowls[b]) // 2
            if k > cap:
                raise IllegalAction(
                    f"bowl {b + 1} has {_count(len(bowls[b]), 'ingredient')}: it holds at most "
                    f"{cap} Shōyu (1 per 2 ingredients), not {k}"
                )
        self.shoyu_pending[seat] = action
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
                self._log(
                    {"event": "place_shoyu", "seat": seat,
                     "bowls": [b for b in pending.bowls]}
                )
        self.phase = OVER
        self.current = -1
        self.result_cache = self._compute_result()

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
                    "lines": ps.lines(),
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
                {"type": LETTERS[t], "tip": TIP_BY_SLOT[i], "naruto": t in self.narutos}
                for i, t in enumerate(self.pref)
            ],
            "shoyu_naruto": SHOYU in self.narutos,
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
            "pending_effects": [names[c] for c in self.effects],
            "order": self.order[:],
            "turn": self.turn,
            "current": self.current if phase in (EXCHANGE, SWAP, TAKE) else None,
            "took": self.took,
            "kept": self.kept,
            "bowls": [[[names[c] for c in b] for b in bs] for bs in self.bowls],
            "placed": [p[:] for p in self.placed],
            "shoyu": self.shoyu[:],
            "shoyu_placement": list(pending[me].bowls)  # type: ignore[union-attr]
            if mine and phase == SHOYU_PHASE and pending[me] is not None
            else None,
            "grunchie_hand_size": len(self.grunchie_hand),
            "removed": [names[c] for c in self.removed],
            "unused_count": len(self.unused),
            "analysis": self.analysis[:],
            "paralysis": self.paralysis[:],
            # Fresh copies: a view shares nothing with the state or with another view.
            "log": [_copy_event(e) for r in self.history for e in r],
            "log_rounds": [len(r) for r in self.history],
        }
        if phase == OVER:
            # The result is cached and shared: its JSON (details included) is copied deeply.
            view["result"] = copy.deepcopy(self.result().to_json())
        return view


# -- small helpers ----------------------------------------------------------------------


_LIST_FIELDS: dict[str, tuple[str, ...]] = {
    "reveal": ("cards",),
    "cancel": ("slots",),
    "swap": ("types", "preference"),
    "order": ("slots",),
    "place_shoyu": ("bowls",),
}
"""The fields of each kind of log event that hold a list (every other value is a scalar)."""


def _copy_event(event: dict[str, Any]) -> dict[str, Any]:
    """A log event copied for a view: the dict and the lists it holds."""
    copied = event.copy()
    for name in _LIST_FIELDS.get(copied["event"], ()):
        copied[name] = copied[name][:]
    return copied


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
            raise ValueError(
                f"{shown(name)} in {what} is not a card (cards are written like C6)"
            )
        out.append(card)
    return out


def _name(card: Any) -> str:
    """A card's notation, or what was offered instead of a card, said safely."""
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


def _count(n: int, noun: str) -> str:
    """``"1 bowl"``, ``"2 bowls"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _placement_reason(masks: Sequence[int], card: int, bowl: Any, legal: Sequence[int]) -> str:
    t = card // 9
    where = ", ".join(f"bowl {b + 1}" if b < len(masks) else f"a new bowl ({b + 1})" for b in legal)
    if type(bowl) is not int or bowl < 0 or bowl > len(masks):
        return f"there is no bowl {_bowl_name(bowl)}: {CARD_NAMES[card]} may go into {where}"
    if bowl == len(masks):
        return (
            f"{CARD_NAMES[card]} must go into an existing bowl that lacks {TYPES[t]} "
            f"({where}); a new bowl only when every bowl has {TYPES[t]}"
        )
    if masks[bowl] >> t & 1:
        return f"bowl {bowl + 1} already has {TYPES[t]}: {CARD_NAMES[card]} may go into {where}"
    return f"{CARD_NAMES[card]} may go into {where}"


__all__ = [
    "ACHIEVEMENTS",
    "CHOOSES",
    "PASS",
    "PHASE_NAMES",
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
    "hand_size",
    "shoyu_placements",
    "slots_for",
]
