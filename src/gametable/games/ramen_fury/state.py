"""The rules of Ramen Fury as a state machine.

A turn is two actions (:class:`Prep`, :class:`Draw`, :class:`Spoon`, :class:`Restock`,
:class:`Eat`, :class:`Empty`) plus any number of free plays (:class:`Place`: a Nori or
Chili from hand into any bowl). Each of these is one decision of the active seat, and so
is every choice an action leaves pending:

- :class:`Discard` — the hand went over 5 after a Draw: the player picks the card to drop;
- :class:`Use` or :class:`Skip` — a Pantry refill (or a Restock) revealed Nori or Chili:
  the player may place it at once, for free, in any bowl with room (after a Restock, only
  one of the revealed specials; every refill of the slot it leaves may chain).

After the second action, if a free play is still possible, the player is offered the free
plays and :class:`EndTurn`; otherwise the turn passes by itself. Phases of a turn:
``action`` (actions and free plays), ``discard``, ``reveal``, ``free`` (free plays or end),
and ``over``.

Seats are numbered from 0; each seat has bowls 0, 1 and 2 (shown to people as 1–3). A
bowl is addressed internally as ``seat * 3 + bowl``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import GameError, IllegalAction
from gametable.core.game import Game, Result, State, View, check_seat, rank_by_keys
from gametable.games.ramen_fury.cards import (
    BASIC_COPIES,
    BOWL_CAP,
    CHILI,
    CODES,
    COPIES,
    FURY,
    IS_SPECIAL,
    KINDS,
    NAMES,
    NORI,
    bowl_breakdown,
    bowl_points,
    can_eat,
    fits,
    quote,
    setup_card,
)

HAND_SIZE = 3
"""Cards dealt to each player."""
HAND_LIMIT = 5
PANTRY_SIZE = 4
BOWLS = 3
SPOONS = 2
ACTIONS_PER_TURN = 2
EMPTY = -1
"""An empty Pantry slot."""

ACTION, DISCARD, REVEAL, FREE, OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("action", "discard", "reveal", "free", "over")


# -- decisions ------------------------------------------------------------------------------


def _bowl(seat: int, bowl: int) -> str:
    return f"{seat}.{bowl + 1}"


@dataclass(frozen=True, slots=True)
class Prep:
    """Action: a card from hand onto one of your own bowls (0–2)."""

    card: int
    bowl: int

    def __repr__(self) -> str:
        return f"Prep({CODES[self.card]}>{self.bowl + 1})"


@dataclass(frozen=True, slots=True)
class Draw:
    """Action: a Pantry card of kind ``card`` into your hand, or the deck's top (``None``)."""

    card: int | None

    def __repr__(self) -> str:
        return f"Draw({'deck' if self.card is None else CODES[self.card]})"


@dataclass(frozen=True, slots=True)
class Spoon:
    """Action: spend a spoon; the top card of ``seat``'s ``bowl`` goes onto your bowl ``to``."""

    seat: int
    bowl: int
    to: int

    def __repr__(self) -> str:
        return f"Spoon({_bowl(self.seat, self.bowl)}>{self.to + 1})"


@dataclass(frozen=True, slots=True)
class Restock:
    """Action: discard the Pantry and reveal four new cards."""

    def __repr__(self) -> str:
        return "Restock()"


@dataclass(frozen=True, slots=True)
class Eat:
    """Action: eat your bowl ``bowl`` (one Flavor and at least one other card)."""

    bowl: int

    def __repr__(self) -> str:
        return f"Eat({self.bowl + 1})"


@dataclass(frozen=True, slots=True)
class Empty:
    """Action: discard every card of your non-empty bowl ``bowl``."""

    bowl: int

    def __repr__(self) -> str:
        return f"Empty({self.bowl + 1})"


@dataclass(frozen=True, slots=True)
class Place:
    """Free play: a Nori or Chili from your hand into any player's bowl with room."""

    card: int
    seat: int
    bowl: int

    def __repr__(self) -> str:
        return f"Place({CODES[self.card]}>{_bowl(self.seat, self.bowl)})"


@dataclass(frozen=True, slots=True)
class Discard:
    """Pending choice: the card to discard when a Draw took your hand over 5."""

    card: int

    def __repr__(self) -> str:
        return f"Discard({CODES[self.card]})"


@dataclass(frozen=True, slots=True)
class Use:
    """Pending choice: place the revealed Pantry special ``card`` into a bowl, for free."""

    card: int
    seat: int
    bowl: int

    def __repr__(self) -> str:
        return f"Use({CODES[self.card]}>{_bowl(self.seat, self.bowl)})"


@dataclass(frozen=True, slots=True)
class Skip:
    """Pending choice: leave the revealed special(s) in the Pantry."""

    def __repr__(self) -> str:
        return "Skip()"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """After both actions: stop making free plays and pass the turn."""

    def __repr__(self) -> str:
        return "EndTurn()"


FuryAction = Prep | Draw | Spoon | Restock | Eat | Empty | Place | Discard | Use | Skip | EndTurn

MAX_SEATS = 5
# Every decision, built once, so legal-action generation allocates nothing but lists.
PREPS = tuple(tuple(Prep(k, b) for b in range(BOWLS)) for k in range(KINDS))
DRAWS = tuple(Draw(k) for k in range(KINDS))
DRAW_DECK = Draw(None)
SPOONS_ = tuple(
    tuple(tuple(Spoon(s, b, t) for t in range(BOWLS)) for b in range(BOWLS))
    for s in range(MAX_SEATS)
)
RESTOCK = Restock()
EATS = tuple(Eat(b) for b in range(BOWLS))
EMPTIES = tuple(Empty(b) for b in range(BOWLS))
PLACES = {
    k: tuple(Place(k, i // BOWLS, i % BOWLS) for i in range(MAX_SEATS * BOWLS))
    for k in (NORI, CHILI)
}
USES = {
    k: tuple(Use(k, i // BOWLS, i % BOWLS) for i in range(MAX_SEATS * BOWLS)) for k in (NORI, CHILI)
}
DISCARDS = tuple(Discard(k) for k in range(KINDS))
SKIP = Skip()
END_TURN = EndTurn()


BOWL_NAMES = tuple(_bowl(i // BOWLS, i % BOWLS) for i in range(MAX_SEATS * BOWLS))
"""People's name of each bowl index: ``"1.3"`` is seat 1's bowl 3."""


def deck_copies(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Copies of each kind in the deck the options select (89 cards, or 66 for ``basic``)."""
    return BASIC_COPIES if options.get("basic") else COPIES


class FuryState(State):
    """A game of Ramen Fury in progress. See the module docstring for the turn flow.

    Hands are counts per card kind; bowls are stacks (top card last); the deck's top card
    is ``deck[-1]``; Pantry slots hold a kind or :data:`EMPTY`.
    """

    __slots__ = (
        "actions_left",
        "bowls",
        "current",
        "deck",
        "discard",
        "eaten",
        "final_left",
        "game",
        "hand_sizes",
        "hands",
        "history",
        "known",
        "mandatory",
        "nori_in_fury",
        "options",
        "pantry",
        "pending",
        "phase",
        "players",
        "refill_slot",
        "setup",
        "spoons",
        "tiebreak_all",
    )

    def __init__(
        self, game: Game, players: int, setup: Mapping[str, Any], options: Mapping[str, Any]
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.setup = setup
        order = [setup_card(c) for c in setup["deck"]]
        counts = [0] * KINDS
        for c in order:
            counts[c] += 1
        copies = deck_copies(options)
        if tuple(counts) != copies:
            raise ValueError(
                f"the deck must hold exactly {sum(copies)} cards: "
                + ", ".join(f"{n} {CODES[k]}" for k, n in enumerate(copies) if n)
            )
        first = setup["first_player"]
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
            raise ValueError(
                f"first_player must be a seat from 0 to {players - 1}, not {quote(first)}"
            )
        self._init_rules(options)
        pos = 0
        self.hands: list[list[int]] = []
        for _ in range(players):
            hand = [0] * KINDS
            for c in order[pos : pos + HAND_SIZE]:
                hand[c] += 1
            self.hands.append(hand)
            pos += HAND_SIZE
        self.hand_sizes: list[int] = [HAND_SIZE] * players
        self.known: list[list[int]] = [[0] * KINDS for _ in range(players)]
        self.pantry: list[int] = order[pos : pos + PANTRY_SIZE]
        pos += PANTRY_SIZE
        # Setup lists the deck top first; stored bottom first so the top is deck[-1].
        self.deck: list[int] = order[pos:][::-1]
        self.discard: list[int] = [0] * KINDS
        self.bowls: list[list[int]] = [[] for _ in range(players * BOWLS)]
        self.eaten: list[bool] = [False] * (players * BOWLS)
        self.spoons: list[int] = [SPOONS] * players
        self.current: int = first
        self.actions_left = ACTIONS_PER_TURN
        self.phase = ACTION
        self.pending: tuple[int, ...] = ()
        self.refill_slot = EMPTY
        self.final_left = -1
        self.history: deque[list[dict[str, Any]]] = deque([[]], maxlen=history_turns(players))
        self._continue()

    def _init_rules(self, options: Mapping[str, Any]) -> None:
        """Read the rules flags from the options."""
        self.nori_in_fury = bool(options.get("nori_in_fury", True))
        self.mandatory = bool(options.get("revealed_specials_mandatory", False))
        self.tiebreak_all = options.get("tiebreak_count", "all_cards") == "all_cards"

    # -- the protocol ---------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def clone(self) -> FuryState:
        o = FuryState.__new__(FuryState)
        o.game = self.game
        o.players = self.players
        o.options = self.options
        o.setup = self.setup
        o.nori_in_fury = self.nori_in_fury
        o.mandatory = self.mandatory
        o.tiebreak_all = self.tiebreak_all
        o.hands = [h[:] for h in self.hands]
        o.hand_sizes = self.hand_sizes[:]
        o.known = [h[:] for h in self.known]
        o.pantry = self.pantry[:]
        o.deck = self.deck[:]
        o.discard = self.discard[:]
        o.bowls = [b[:] for b in self.bowls]
        o.eaten = self.eaten[:]
        o.spoons = self.spoons[:]
        o.current = self.current
        o.actions_left = self.actions_left
        o.phase = self.phase
        o.pending = self.pending
        o.refill_slot = self.refill_slot
        o.final_left = self.final_left
        o.history = deque((t[:] for t in self.history), maxlen=self.history.maxlen)
        return o

    def legal_actions(self, seat: int) -> list[FuryAction]:
        check_seat(seat, self.players)
        if seat != self.current or self.phase == OVER:
            return []
        phase = self.phase
        if phase == ACTION:
            out = self._actions(seat) if self.actions_left > 0 else []
            self._free_plays(seat, out)
            return out
        if phase == FREE:
            out = []
            self._free_plays(seat, out)
            out.append(END_TURN)
            return out
        if phase == DISCARD:
            hand = self.hands[seat]
            return [DISCARDS[k] for k in range(KINDS) if hand[k]]
        # REVEAL
        out = []
        targets = self._open_bowls()
        seen = 0
        for slot in self.pending:
            kind = self.pantry[slot]
            if not seen & (1 << kind):
                seen |= 1 << kind
                uses = USES[kind]
                out.extend(uses[i] for i in targets)
        if not self.mandatory or not out:
            out.append(SKIP)
        return out

    def _open_bowls(self) -> list[int]:
        """Bowls (of every seat) that are not eaten and have room."""
        bowls = self.bowls
        eaten = self.eaten
        return [i for i in range(len(bowls)) if not eaten[i] and len(bowls[i]) < BOWL_CAP]

    def _free_plays(self, seat: int, out: list[FuryAction]) -> None:
        hand = self.hands[seat]
        if hand[NORI] or hand[CHILI]:
            targets = self._open_bowls()
            for kind in (NORI, CHILI):
                if hand[kind]:
                    places = PLACES[kind]
                    out.extend(places[i] for i in targets)

    def _actions(self, seat: int) -> list[FuryAction]:
        out: list[FuryAction] = []
        hand = self.hands[seat]
        bowls = self.bowls
        eaten = self.eaten
        base = seat * BOWLS
        # Own open bowls with room: (bowl, index, has a Flavor).
        room = []
        own = []
        for b in range(BOWLS):
            i = base + b
            if not eaten[i]:
                own.append(b)
                stack = bowls[i]
                if len(stack) < BOWL_CAP:
                    room.append((b, i, any(c <= FURY for c in stack)))
        # Prep
        if room:
            for k in range(KINDS):
                if hand[k]:
                    preps = PREPS[k]
                    if k <= FURY:
                        out.extend(preps[b] for b, _, flavored in room if not flavored)
                    else:
                        out.extend(preps[b] for b, _, _ in room)
        # Draw
        if self.deck:
            out.append(DRAW_DECK)
        seen = 0
        for k in self.pantry:
            if k >= 0 and not seen & (1 << k):
                seen |= 1 << k
                out.append(DRAWS[k])
        # Spoon
        if self.spoons[seat] and room:
            for src in range(len(bowls)):
                stack = bowls[src]
                if stack and not eaten[src]:
                    top = stack[-1]
                    row = SPOONS_[src // BOWLS][src % BOWLS]
                    top_flavor = top <= FURY
                    for b, i, flavored in room:
                        if i != src and not (top_flavor and flavored):
                            out.append(row[b])
        # Restock
        if self.deck:
            out.append(RESTOCK)
        # Eat and Empty
        for b in own:
            stack = bowls[base + b]
            if stack:
                if can_eat(stack):
                    out.append(EATS[b])
                out.append(EMPTIES[b])
        return out

    def has_action(self, seat: int) -> bool:
        """Whether ``seat`` could take any of the six actions now."""
        if self.deck or any(k >= 0 for k in self.pantry):
            return True
        return bool(self._actions(seat))

    def can_free_play(self, seat: int) -> bool:
        """Whether ``seat`` holds a Nori or Chili and some bowl has room for it."""
        hand = self.hands[seat]
        return bool((hand[NORI] or hand[CHILI]) and self._open_bowls())

    # -- apply ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> None:
        check_seat(seat, self.players)
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if seat != self.current:
            raise IllegalAction(f"it is seat {self.current}'s turn, not seat {seat}'s")
        problem = self._problem(seat, action)
        if problem is not None:
            raise IllegalAction(problem)
        kind = type(action)
        if kind is Prep:
            self._prep(seat, action)
        elif kind is Draw:
            self._draw(seat, action.card)
        elif kind is Place:
            self._place(seat, action)
        elif kind is Spoon:
            self._spoon(seat, action)
        elif kind is Eat:
            self._eat(seat, action.bowl)
        elif kind is Empty:
            self._empty(seat, action.bowl)
        elif kind is Restock:
            self._restock(seat)
        elif kind is Discard:
            self._discard(seat, action.card)
        elif kind is Use:
            self._use(seat, action)
        elif kind is Skip:
            self._log({"event": "skip", "seat": seat})
            self.pending = ()
            self._continue()
        else:  # EndTurn
            self._log({"event": "end", "seat": seat})
            self._end_turn()

    # -- validation ---------------------------------------------------------------------------

    def _problem(self, seat: int, action: Any) -> str | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal."""
        phase = self.phase
        kind = type(action)
        if kind not in _ACTION_TYPES:
            return (
                "that is not a Ramen Fury decision: prep, draw, spoon, restock, eat, empty, "
                "place, discard, use, skip or end"
            )
        if phase == DISCARD:
            if kind is not Discard:
                n = self.hand_sizes[seat]
                return f"your hand holds {n} cards: first discard one (e.g. 'discard Ch')"
            return self._hand_problem(seat, action.card)
        if phase == REVEAL:
            if kind is Skip:
                if self.mandatory and self.legal_actions(seat) != [SKIP]:
                    return (
                        "the revealed Nori/Chili must be used (option revealed_specials_mandatory)"
                    )
                return None
            if kind is not Use:
                shown = " ".join(CODES[self.pantry[s]] for s in self.pending)
                return (
                    f"first decide on the revealed special ({shown}): "
                    "'use <card>><seat>.<bowl>' or 'skip'"
                )
            if not _is_kind(action.card):
                return _NO_CARD
            if not any(self.pantry[s] == action.card for s in self.pending):
                shown = " ".join(CODES[self.pantry[s]] for s in self.pending)
                return f"{_card_name(action.card)} was not just revealed (usable now: {shown})"
            return self._target_problem(action.seat, action.bowl, action.card, own_only=None)
        if kind is Discard:
            return (
                "there is nothing to discard now: you discard only when a draw takes your "
                "hand to 6 cards"
            )
        if kind in (Use, Skip):
            return (
                "no Nori or Chili was just revealed in the Pantry: 'use' and 'skip' answer a reveal"
            )
        if kind is Place:
            if action.card not in (NORI, CHILI):
                return "only Nori and Chili can be placed for free; other cards need a Prep action"
            problem = self._hand_problem(seat, action.card)
            return problem or self._target_problem(
                action.seat, action.bowl, action.card, own_only=None
            )
        if kind is EndTurn:
            if phase != FREE:
                n = self.actions_left
                return f"take your {n} remaining action{'s' if n > 1 else ''} first"
            return None
        if phase == FREE or self.actions_left <= 0:
            return "you have taken both actions: make a free play or end the turn"
        if kind is Prep:
            problem = self._hand_problem(seat, action.card)
            return problem or self._target_problem(seat, action.bowl, action.card, own_only=seat)
        if kind is Draw:
            if action.card is None:
                return None if self.deck else "the deck is empty"
            if not _is_kind(action.card):
                return _NO_CARD
            if action.card not in self.pantry:
                shown = " ".join(CODES[k] for k in self.pantry if k >= 0) or "empty"
                return f"{_card_name(action.card)} is not in the Pantry (Pantry: {shown})"
            return None
        if kind is Restock:
            return None if self.deck else "the deck is empty: nothing to restock from"
        if kind is Spoon:
            if self.spoons[seat] <= 0:
                return "you have no spoons left"
            src = _bowl_index(self.players, action.seat, action.bowl)
            if src is None:
                return self._no_bowl(action.seat, action.bowl)
            if self.eaten[src]:
                return f"bowl {_bowl(action.seat, action.bowl)} is eaten: it cannot be spooned"
            if not self.bowls[src]:
                return f"bowl {_bowl(action.seat, action.bowl)} is empty"
            if action.seat == seat and action.to == action.bowl:
                return "the spooned card must go to a different bowl"
            return self._target_problem(seat, action.to, self.bowls[src][-1], own_only=seat)
        # Eat / Empty
        b = action.bowl
        if not isinstance(b, int) or isinstance(b, bool) or not 0 <= b < BOWLS:
            return f"there is no bowl {_number_name(b, 1)}: your bowls are 1, 2 and 3"
        i = seat * BOWLS + b
        if self.eaten[i]:
            return f"your bowl {b + 1} is already eaten"
        if kind is Eat:
            if not can_eat(self.bowls[i]):
                return (
                    f"your bowl {b + 1} needs exactly one Flavor and at least one other card "
                    "to be eaten"
                )
            return None
        if not self.bowls[i]:
            return f"your bowl {b + 1} is already empty"
        return None

    def _hand_problem(self, seat: int, card: Any) -> str | None:
        if not _is_kind(card):
            return _NO_CARD
        if not self.hands[seat][card]:
            held = " ".join(_hand_codes(self.hands[seat])) or "nothing"
            return f"{_card_name(card)} is not in your hand (hand: {held})"
        return None

    def _target_problem(self, seat: Any, bowl: Any, card: int, own_only: int | None) -> str | None:
        i = _bowl_index(self.players, seat, bowl)
        if i is None:
            return self._no_bowl(seat, bowl)
        if own_only is not None and seat != own_only:
            return (
                "cards can go only onto your own bowls (only Nori and Chili go elsewhere, for free)"
            )
        name = _bowl(seat, bowl)
        if self.eaten[i]:
            return f"bowl {name} is eaten: nothing more can go in"
        if not fits(self.bowls[i], card):
            if len(self.bowls[i]) >= BOWL_CAP:
                return f"bowl {name} already holds {BOWL_CAP} cards"
            return f"bowl {name} already has a Flavor card"
        return None

    def _no_bowl(self, seat: Any, bowl: Any) -> str:
        """The message for a bowl that does not exist, naming it as the player wrote it."""
        last = self.players - 1
        return (
            f"there is no bowl {_number_name(seat, 0)}.{_number_name(bowl, 1)}: bowls are "
            f"<seat>.<bowl> with seats 0–{last} and bowls 1–3 (e.g. {last}.2)"
        )

    # -- the rules ---------------------------------------------------------------------------

    def _log(self, event: dict[str, Any]) -> None:
        self.history[-1].append(event)

    def _take_from_hand(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.hand_sizes[seat] -= 1
        known = self.known[seat]
        if known[card]:
            known[card] -= 1

    def _prep(self, seat: int, action: Prep) -> None:
        self._take_from_hand(seat, action.card)
        self.bowls[seat * BOWLS + action.bowl].append(action.card)
        self._log(
            {
                "event": "prep",
                "seat": seat,
                "card": CODES[action.card],
                "bowl": _bowl(seat, action.bowl),
            }
        )
        self.actions_left -= 1
        self._continue()

    def _place(self, seat: int, action: Place) -> None:
        self._take_from_hand(seat, action.card)
        self.bowls[action.seat * BOWLS + action.bowl].append(action.card)
        self._log(
            {
                "event": "place",
                "seat": seat,
                "card": CODES[action.card],
                "bowl": _bowl(action.seat, action.bowl),
            }
        )
        self._continue()

    def _draw(self, seat: int, card: int | None) -> None:
        """Draw: a Pantry card (then refill its slot) or the deck's top card; hand limit 5."""
        slot = EMPTY
        if card is None:
            card = self.deck.pop()
            self._log({"event": "draw", "seat": seat, "from": "deck", "card": CODES[card]})
        else:
            slot = self.pantry.index(card)
            self.pantry[slot] = EMPTY
            self.known[seat][card] += 1
            self._log({"event": "draw", "seat": seat, "from": "pantry", "card": CODES[card]})
        self.hands[seat][card] += 1
        self.hand_sizes[seat] += 1
        self.actions_left -= 1
        if self.hand_sizes[seat] > HAND_LIMIT:
            self.phase = DISCARD
            self.refill_slot = slot
        elif slot != EMPTY:
            self._refill(slot)
        else:
            self._continue()

    def _discard(self, seat: int, card: int) -> None:
        self._take_from_hand(seat, card)
        self.discard[card] += 1
        self._log({"event": "discard", "seat": seat, "card": CODES[card]})
        slot = self.refill_slot
        self.refill_slot = EMPTY
        if slot != EMPTY:
            self._refill(slot)
        else:
            self._continue()

    def _refill(self, slot: int) -> None:
        """Refill a Pantry slot from the deck; a revealed Nori/Chili may be used at once."""
        if self.deck:
            card = self.deck.pop()
            self.pantry[slot] = card
            self._log({"event": "refill", "card": CODES[card]})
            if IS_SPECIAL[card] and self._open_bowls():
                self.phase = REVEAL
                self.pending = (slot,)
                return
        self._continue()

    def _restock(self, seat: int) -> None:
        """Restock: discard the Pantry, reveal four; one revealed special may be used."""
        pantry = self.pantry
        deck = self.deck
        for slot in range(PANTRY_SIZE):
            if pantry[slot] >= 0:
                self.discard[pantry[slot]] += 1
            pantry[slot] = deck.pop() if deck else EMPTY
        self._log(
            {
                "event": "restock",
                "seat": seat,
                "cards": [CODES[k] if k >= 0 else None for k in pantry],
            }
        )
        self.actions_left -= 1
        specials = tuple(s for s in range(PANTRY_SIZE) if pantry[s] >= 0 and IS_SPECIAL[pantry[s]])
        if specials and self._open_bowls():
            self.phase = REVEAL
            self.pending = specials
        else:
            self._continue()

    def _use(self, seat: int, action: Use) -> None:
        slot = next(s for s in self.pending if self.pantry[s] == action.card)
        self.pantry[slot] = EMPTY
        self.pending = ()
        self.bowls[action.seat * BOWLS + action.bowl].append(action.card)
        self._log(
            {
                "event": "use",
                "seat": seat,
                "card": CODES[action.card],
                "bowl": _bowl(action.seat, action.bowl),
            }
        )
        self._refill(slot)

    def _spoon(self, seat: int, action: Spoon) -> None:
        self.spoons[seat] -= 1
        card = self.bowls[action.seat * BOWLS + action.bowl].pop()
        self.bowls[seat * BOWLS + action.to].append(card)
        self._log(
            {
                "event": "spoon",
                "seat": seat,
                "card": CODES[card],
                "from": _bowl(action.seat, action.bowl),
                "to": _bowl(seat, action.to),
            }
        )
        self.actions_left -= 1
        self._continue()

    def _eat(self, seat: int, bowl: int) -> None:
        i = seat * BOWLS + bowl
        self.eaten[i] = True
        self._log(
            {
                "event": "eat",
                "seat": seat,
                "bowl": _bowl(seat, bowl),
                "points": bowl_points(self.bowls[i], self.nori_in_fury),
            }
        )
        self.actions_left -= 1
        if self.eaten_count(seat) == BOWLS:
            self._start_final_round(f"seat {seat} has eaten all 3 bowls")
        self._continue()

    def _empty(self, seat: int, bowl: int) -> None:
        i = seat * BOWLS + bowl
        for c in self.bowls[i]:
            self.discard[c] += 1
        self._log(
            {
                "event": "empty",
                "seat": seat,
                "bowl": _bowl(seat, bowl),
                "cards": [CODES[c] for c in self.bowls[i]],
            }
        )
        self.bowls[i] = []
        self.actions_left -= 1
        self._continue()

    def eaten_count(self, seat: int) -> int:
        """How many of ``seat``'s bowls are eaten."""
        base = seat * BOWLS
        return sum(self.eaten[base : base + BOWLS])

    def _start_final_round(self, reason: str) -> None:
        """A player has eaten all 3 bowls, or the deck is empty: the final round starts.

        The current player finishes the turn, then each other player has one more turn.
        A second trigger changes nothing.
        """
        if self.final_left < 0:
            self.final_left = self.players - 1
            self._log({"event": "final_round", "reason": reason, "turns_left": self.final_left})

    def _continue(self) -> None:
        """After a decision with nothing pending: the next decision of this turn, or next turn."""
        if not self.deck and self.final_left < 0:
            self._start_final_round("the deck is empty")
        seat = self.current
        if self.actions_left > 0:
            if self.has_action(seat):
                self.phase = ACTION
                return
            self._log({"event": "forfeit", "seat": seat, "actions": self.actions_left})
            self.actions_left = 0
        if self.can_free_play(seat):
            self.phase = FREE
            return
        self._end_turn()

    def _end_turn(self) -> None:
        if self.final_left == 0:
            self.phase = OVER
            return
        if self.final_left > 0:
            self.final_left -= 1
        self.current = (self.current + 1) % self.players
        self.history.append([])
        self.actions_left = ACTIONS_PER_TURN
        self._continue()

    # -- scoring ---------------------------------------------------------------------------

    def seat_points(self, seat: int) -> int:
        """Points of ``seat``'s eaten bowls."""
        base = seat * BOWLS
        return sum(
            bowl_points(self.bowls[i], self.nori_in_fury)
            for i in range(base, base + BOWLS)
            if self.eaten[i]
        )

    def eaten_cards(self, seat: int) -> int:
        """The tie-break count: cards in ``seat``'s eaten bowls (all, or non-Flavor only)."""
        base = seat * BOWLS
        total = 0
        for i in range(base, base + BOWLS):
            if self.eaten[i]:
                stack = self.bowls[i]
                total += len(stack) if self.tiebreak_all else sum(1 for c in stack if c > FURY)
        return total

    def standing(self) -> tuple[Sequence[int], Sequence[int]]:
        """The scores and ranks :meth:`result` gives, without building its details."""
        if self.phase != OVER:
            raise GameError("the game is not over")
        keys = [(self.seat_points(s), self.eaten_cards(s)) for s in range(self.players)]
        ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        return tuple(k[0] for k in keys), ranks

    def result(self) -> Result:
        if self.phase != OVER:
            raise GameError("the game is not over")
        keys = [(self.seat_points(s), self.eaten_cards(s)) for s in range(self.players)]
        ranks, tiebreak = rank_by_keys(keys, ("points", "most ingredient cards eaten"))
        details = {
            "tiebreak_count": "all_cards" if self.tiebreak_all else "non_flavor",
            "seats": [
                {
                    "seat": s,
                    "points": keys[s][0],
                    "cards_eaten": keys[s][1],
                    "bowls": [self._bowl_json(s * BOWLS + b) for b in range(BOWLS)],
                }
                for s in range(self.players)
            ],
        }
        return Result(
            scores=tuple(k[0] for k in keys), ranks=ranks, tiebreak=tiebreak, details=details
        )

    def _bowl_json(self, i: int) -> dict[str, Any]:
        stack = self.bowls[i]
        if not stack:
            return {
                "bowl": BOWL_NAMES[i],
                "cards": [],
                "eaten": self.eaten[i],
                "flavor": None,
                "eatable": False,
                "points": 0 if self.eaten[i] else None,
                "breakdown": {"flavor": None, "base": 0, "nori": 0, "chili": 0, "points": 0},
            }
        parts = bowl_breakdown(stack, self.nori_in_fury)
        eatable = not self.eaten[i] and can_eat(stack)
        return {
            "bowl": BOWL_NAMES[i],
            "cards": [CODES[c] for c in stack],
            "eaten": self.eaten[i],
            "flavor": parts["flavor"],
            "eatable": eatable,
            "points": parts["points"] if self.eaten[i] or eatable else None,
            "breakdown": parts,
        }

    # -- information ----------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know.

        Hidden: other players' hands (their sizes show, and the cards each is known to
        hold because they took them from the Pantry), the deck (its size shows), and the
        cards other players drew from the deck. Public: every bowl with its cards (eaten
        bowls too), the Pantry, the discard pile, spoons left, and the final-round countdown.
        The log (``log``) holds the current turn and the whole round before it, so a seat
        sees everything that happened since its own last decision.
        """
        check_seat(seat, self.players, spectator=True)
        over = self.phase == OVER
        players = self.players
        view: View = {
            "game": "ramen-fury",
            "players": players,
            "seat": seat,
            "to_act": list(self.to_act),
            "current": self.current,
            "phase": PHASE_NAMES[self.phase],
            "actions_left": self.actions_left,
            "options": {
                "nori_in_fury": self.nori_in_fury,
                "revealed_specials_mandatory": self.mandatory,
                "tiebreak_count": "all_cards" if self.tiebreak_all else "non_flavor",
                "basic": bool(self.options.get("basic", False)),
            },
            "hand": None if seat is None else _hand_codes(self.hands[seat]),
            "hand_sizes": self.hand_sizes[:],
            "known_hands": [_hand_codes(k) for k in self.known],
            "pantry": [CODES[k] if k >= 0 else None for k in self.pantry],
            "revealed": list(self.pending),
            "refill_slot": self.refill_slot if self.refill_slot >= 0 else None,
            "deck_size": len(self.deck),
            "discard": {CODES[k]: n for k, n in enumerate(self.discard) if n},
            "spoons": self.spoons[:],
            "bowls": [
                [self._bowl_json(s * BOWLS + b) for b in range(BOWLS)] for s in range(players)
            ],
            "points": [self.seat_points(s) for s in range(players)],
            "cards_eaten": [self.eaten_cards(s) for s in range(players)],
            "final_round": self.final_left >= 0,
            "final_turns_left": self.final_left if self.final_left >= 0 else None,
            "log": [[_public_event(e, seat) for e in turn] for turn in self.history],
        }
        if over:
            view["result"] = self.result().to_json()
        return view

    def card_counts(self) -> list[int]:
        """Copies of each kind across deck, Pantry, hands, bowls and discard (for checks)."""
        counts = self.discard[:]
        for c in self.deck:
            counts[c] += 1
        for c in self.pantry:
            if c >= 0:
                counts[c] += 1
        for hand in self.hands:
            for k in range(KINDS):
                counts[k] += hand[k]
        for stack in self.bowls:
            for c in stack:
                counts[c] += 1
        return counts


_ACTION_TYPES = frozenset(
    (Prep, Draw, Spoon, Restock, Eat, Empty, Place, Discard, Use, Skip, EndTurn)
)


def _public_event(event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A fresh copy of a logged event as ``seat`` may see it (a card another player drew
    from the deck is hidden). Events hold flat values, and restock and empty a list of
    codes (``cards``), copied too: no view shares anything with the state or another."""
    out = dict(event)
    kind = out["event"]
    if kind == "draw":
        if out["from"] == "deck" and out["seat"] != seat:
            out["card"] = None
    elif "cards" in out:  # restock, empty: the only events holding a list
        out["cards"] = out["cards"][:]
    return out


def history_turns(players: int) -> int:
    """How many turns the log keeps: the current one and a whole round before it, so that
    every seat's previous turn (and all since) is still there when its turn comes."""
    return players + 1


def _hand_codes(hand: Sequence[int]) -> list[str]:
    return [CODES[k] for k in range(KINDS) for _ in range(hand[k])]


def _is_kind(card: Any) -> bool:
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < KINDS


def _card_name(card: int) -> str:
    return NAMES[card]


_NO_CARD = "there is no such card: the cards are " + " ".join(CODES)


def _number_name(value: Any, offset: int) -> str:
    """A seat or bowl number as the player wrote it (bowls shown from 1: ``offset`` 1),
    or ``?`` for anything that is not a plain, reasonably small whole number."""
    if type(value) is int and -1000 < value < 1000:
        return str(value + offset)
    return "?"


def _bowl_index(players: int, seat: Any, bowl: Any) -> int | None:
    for x in (seat, bowl):
        if not isinstance(x, int) or isinstance(x, bool):
            return None
    if not (0 <= seat < players and 0 <= bowl < BOWLS):
        return None
    return int(seat * BOWLS + bowl)


__all__ = [
    "ACTIONS_PER_TURN",
    "HAND_LIMIT",
    "HAND_SIZE",
    "PANTRY_SIZE",
    "PHASE_NAMES",
    "Discard",
    "Draw",
    "Eat",
    "Empty",
    "EndTurn",
    "FuryAction",
    "FuryState",
    "Place",
    "Prep",
    "Restock",
    "Skip",
    "Spoon",
    "Use",
]
