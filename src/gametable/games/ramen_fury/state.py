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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gametable.core.codec import Decision, DecisionCodec, Integer, Name, Nullable
from gametable.core.errors import GameError, IllegalAction
from gametable.core.events import Event, EventLog
from gametable.core.game import Game, Result, State, View, check_seat, rank_by_keys
from gametable.core.words import Msg, Seat
from gametable.games.ramen_fury.cards import (
    BASIC_COPIES,
    BOWL_CAP,
    CHILI,
    CODES,
    COPIES,
    FURY,
    IS_SPECIAL,
    KINDS,
    NORI,
    bowl_breakdown,
    bowl_points,
    can_eat,
    fits,
    quote,
    setup_card,
)
from gametable.games.ramen_fury.phrases import bowl as bowl_phrase
from gametable.games.ramen_fury.phrases import card as card_phrase
from gametable.games.ramen_fury.phrases import cards as card_phrases

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


# -- decisions as data ------------------------------------------------------------------------

CARD = Name("card", dict(enumerate(CODES)), "a card, by its id in the views (Bf, Ch, No, Cl …)")
"""A card in a decision's JSON form: its id, as the views write it."""
OWN_BOWL = Integer(0, BOWLS - 1, "one of your own bowls: its place (0–2) in your row of bowls")
SEAT = Integer(0, MAX_SEATS - 1, "a seat: its place in the view's lists (0 is the first seat)")
BOWL = Integer(0, BOWLS - 1, "a bowl of that seat: its place (0–2) in the seat's row of bowls")


def _place(card: int, seat: int, bowl: int) -> Place:
    shared = PLACES.get(card)
    return Place(card, seat, bowl) if shared is None else shared[seat * BOWLS + bowl]


def _use(card: int, seat: int, bowl: int) -> Use:
    shared = USES.get(card)
    return Use(card, seat, bowl) if shared is None else shared[seat * BOWLS + bowl]


DECISIONS = DecisionCodec(
    "ramen-fury",
    [
        Decision(
            Prep,
            "prep",
            {"card": ("card", CARD), "bowl": ("bowl", OWN_BOWL)},
            build=lambda card, bowl: PREPS[card][bowl],
            describe="Prep (an action): a card from your hand onto one of your own bowls",
        ),
        Decision(
            Draw,
            "draw",
            {"card": ("card", Nullable(CARD))},
            build=lambda card: DRAW_DECK if card is None else DRAWS[card],
            describe="Draw (an action): that card from the Pantry, or (card null) the deck's "
            "top card",
        ),
        Decision(
            Spoon,
            "spoon",
            {"seat": ("seat", SEAT), "bowl": ("bowl", BOWL), "to": ("to", OWN_BOWL)},
            build=lambda seat, bowl, to: SPOONS_[seat][bowl][to],
            describe="Spoon (an action): the top card of that seat's bowl onto your own bowl 'to'",
        ),
        Decision(
            Restock,
            "restock",
            build=lambda: RESTOCK,
            describe="Restock (an action): discard the Pantry, reveal four cards",
        ),
        Decision(
            Eat,
            "eat",
            {"bowl": ("bowl", OWN_BOWL)},
            build=lambda bowl: EATS[bowl],
            describe="Eat (an action): one of your bowls",
        ),
        Decision(
            Empty,
            "empty",
            {"bowl": ("bowl", OWN_BOWL)},
            build=lambda bowl: EMPTIES[bowl],
            describe="Empty (an action): one of your bowls, into the discard pile",
        ),
        Decision(
            Place,
            "place",
            {"card": ("card", CARD), "seat": ("seat", SEAT), "bowl": ("bowl", BOWL)},
            build=_place,
            describe="A free play: a Nori or Chili from your hand into any player's bowl",
        ),
        Decision(
            Discard,
            "discard",
            {"card": ("card", CARD)},
            build=lambda card: DISCARDS[card],
            describe="Over the hand limit after a Draw: the card to discard",
        ),
        Decision(
            Use,
            "use",
            {"card": ("card", CARD), "seat": ("seat", SEAT), "bowl": ("bowl", BOWL)},
            build=_use,
            describe="A Nori or Chili just revealed in the Pantry, placed into any player's bowl",
        ),
        Decision(
            Skip,
            "skip",
            build=lambda: SKIP,
            describe="Leave the revealed Nori or Chili in the Pantry",
        ),
        Decision(
            EndTurn,
            "end",
            build=lambda: END_TURN,
            describe="End the turn after both actions, without the free plays still possible",
        ),
    ],
)
"""Every decision of Ramen Fury as data (:mod:`gametable.core.codec`): ``{"type": "prep",
"card": "Ch", "bowl": 1}``, ``{"type": "draw", "card": null}`` (the deck's top card),
``{"type": "spoon", "seat": 1, "bowl": 2, "to": 0}`` … Bowls and seats are places in the
view's lists (from 0); cards are their ids in the views. Decoding gives the shared values
of the tables above."""


class Story:
    """The game's events as they happen: each recorded as a small list (the turn, the seat,
    the kind, the facts, the private facts), turned into the core's
    :class:`~gametable.core.events.Event` only when a view or a reader asks, and then kept.

    Why not append :class:`~gametable.core.events.Event` values in :meth:`FuryState.apply`
    directly: building a frozen dataclass costs several times a plain list, and the rules
    run thousands of games a second in searches and simulations; recording events that way
    made the engine's random loop some 14 % slower, this way it costs about what the old
    per-turn log did (the facts of the frequent events are shared values, built once: an
    event's facts are never changed). A story is copied for free: the copy shares the
    records until either of the two records an event, which first takes a list of its own
    (copy on write).
    """

    __slots__ = ("_records", "_shared")

    def __init__(self) -> None:
        self._records: list[list[Any]] = []
        self._shared = False

    def add(
        self,
        turn: int,
        seat: int | None,
        kind: str,
        facts: Mapping[str, Any],
        private: Mapping[int, Mapping[str, Any]] | None = None,
    ) -> None:
        """Record an event (see :class:`~gametable.core.events.Event` for the fields)."""
        if self._shared:  # a copy shares the records: take a list of one's own first
            self._records = self._records[:]
            self._shared = False
        self._records.append([turn, seat, kind, facts, private, None, None])

    def copy(self) -> Story:
        """A story that shares this one's records until either records an event."""
        self._shared = True
        new = Story.__new__(Story)
        new._records = self._records
        new._shared = True
        return new

    def __len__(self) -> int:
        return len(self._records)

    def __repr__(self) -> str:
        return f"<Story of {len(self._records)} events>"

    def events(self) -> list[Event]:
        """Every event, oldest first, as the core's values (each made once)."""
        return [self._event(record) for record in self._records]

    @staticmethod
    def _event(record: list[Any]) -> Event:
        event: Event | None = record[5]
        if event is None:
            event = record[5] = Event(record[0], record[1], record[2], record[3], record[4])
        return event

    def to_json(self, viewer: int | None, over: bool) -> list[dict[str, Any]]:
        """Every event as ``viewer`` may know it (:meth:`Event.to_json
        <gametable.core.events.Event.to_json>`), each a dict of its own (its list facts
        still shared: :meth:`FuryState.view` copies them). An event without private facts
        reads the same to everyone (Ramen Fury seals nothing): its JSON is made once and
        copied after that."""
        out = []
        for record in self._records:
            known = record[6]
            if known is not None:
                out.append(dict(known))
                continue
            data = self._event(record).to_json(viewer, over)
            if record[4] is None:
                record[6] = data
                data = dict(data)
            out.append(data)
        return out

    def log(self) -> EventLog:
        """The events as an :class:`~gametable.core.events.EventLog`."""
        log = EventLog()
        for event in self.events():
            log.append(event)
        return log

    @classmethod
    def of(cls, events: Iterable[Event]) -> Story:
        """A story of these events."""
        story = cls()
        for e in events:
            if e.sealed:
                raise ValueError("a Ramen Fury event has no sealed facts")
            story._records.append([e.turn, e.seat, e.kind, e.facts, e.private, e, None])
        return story


def deck_copies(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Copies of each kind in the deck the options select (89 cards, or 66 for ``basic``)."""
    return BASIC_COPIES if options.get("basic") else COPIES


class FuryState(State):
    """A game of Ramen Fury in progress. See the module docstring for the turn flow.

    Hands are counts per card kind; bowls are stacks (top card last); the deck's top card
    is ``deck[-1]``; Pantry slots hold a kind or :data:`EMPTY`. ``story`` records every
    event (:class:`Story`; :attr:`events` gives them as the core's
    :class:`~gametable.core.events.EventLog`); ``turn`` counts turns from 1.
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
        "story",
        "tiebreak_all",
        "turn",
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
        self.turn = 1
        self.story = Story()
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
        o.turn = self.turn
        o.story = self.story.copy()
        return o

    @property
    def events(self) -> EventLog:
        """The whole game's events (:class:`~gametable.core.events.EventLog`, a new one at
        each call)."""
        return self.story.log()

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
            raise IllegalAction(Msg("ramen_fury.refusal.over"))
        if seat != self.current:
            raise IllegalAction(Msg("ramen_fury.refusal.not_your_turn", current=Seat(self.current)))
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
            left = [CODES[self.pantry[s]] for s in self.pending]
            self.story.add(self.turn, seat, "skip", {"cards": left})
            self.pending = ()
            self._continue()
        else:  # EndTurn
            self.story.add(self.turn, seat, "end", _NO_FACTS)
            self._end_turn()

    # -- validation ---------------------------------------------------------------------------

    def _problem(self, seat: int, action: Any) -> Msg | None:
        """Why ``action`` is illegal now, in words, or ``None`` if it is legal."""
        phase = self.phase
        kind = type(action)
        if kind not in _ACTION_TYPES:
            return Msg("ramen_fury.refusal.not_a_decision")
        if phase == DISCARD:
            if kind is not Discard:
                return Msg("ramen_fury.refusal.discard_first", count=self.hand_sizes[seat])
            return self._hand_problem(seat, action.card)
        if phase == REVEAL:
            if kind is Skip:
                if self.mandatory and self.legal_actions(seat) != [SKIP]:
                    return Msg("ramen_fury.refusal.must_use", cards=self._revealed())
                return None
            if kind is not Use:
                return Msg("ramen_fury.refusal.reveal_first", cards=self._revealed())
            if not _is_kind(action.card):
                return _NO_CARD
            if not any(self.pantry[s] == action.card for s in self.pending):
                return Msg(
                    "ramen_fury.refusal.not_revealed",
                    card=card_phrase(action.card),
                    cards=self._revealed(),
                )
            return self._target_problem(seat, action.seat, action.bowl, action.card, own_only=False)
        if kind is Discard:
            return Msg("ramen_fury.refusal.nothing_to_discard", limit=HAND_LIMIT)
        if kind in (Use, Skip):
            return Msg("ramen_fury.refusal.nothing_revealed")
        if kind is Place:
            if not _is_kind(action.card):
                return _NO_CARD
            if action.card not in (NORI, CHILI):
                return Msg("ramen_fury.refusal.place_special", card=card_phrase(action.card))
            problem = self._hand_problem(seat, action.card)
            return problem or self._target_problem(
                seat, action.seat, action.bowl, action.card, own_only=False
            )
        if kind is EndTurn:
            if phase != FREE:
                return Msg("ramen_fury.refusal.actions_first", count=self.actions_left)
            return None
        if phase == FREE or self.actions_left <= 0:
            return Msg("ramen_fury.refusal.actions_done")
        if kind is Prep:
            problem = self._hand_problem(seat, action.card)
            return problem or self._target_problem(
                seat, seat, action.bowl, action.card, own_only=True
            )
        if kind is Draw:
            if action.card is None:
                return None if self.deck else Msg("ramen_fury.refusal.deck_empty")
            if not _is_kind(action.card):
                return _NO_CARD
            if action.card not in self.pantry:
                here = card_phrases(CODES[k] for k in self.pantry if k >= 0)
                if not here:
                    return Msg("ramen_fury.refusal.pantry_empty", card=card_phrase(action.card))
                return Msg(
                    "ramen_fury.refusal.not_in_pantry", card=card_phrase(action.card), cards=here
                )
            return None
        if kind is Restock:
            return None if self.deck else Msg("ramen_fury.refusal.restock_deck_empty")
        if kind is Spoon:
            if self.spoons[seat] <= 0:
                return Msg("ramen_fury.refusal.no_spoons", spoons=SPOONS)
            src = _bowl_index(self.players, action.seat, action.bowl)
            if src is None:
                return self._no_bowl(action.seat, action.bowl)
            if self.eaten[src]:
                where = bowl_phrase(action.seat, action.bowl, seat)
                return Msg("ramen_fury.refusal.spoon_eaten", bowl=where)
            if not self.bowls[src]:
                where = bowl_phrase(action.seat, action.bowl, seat)
                return Msg("ramen_fury.refusal.spoon_empty", bowl=where)
            if action.seat == seat and action.to == action.bowl:
                return Msg("ramen_fury.refusal.spoon_same_bowl")
            return self._target_problem(seat, seat, action.to, self.bowls[src][-1], own_only=True)
        # Eat / Empty
        b = action.bowl
        if not isinstance(b, int) or isinstance(b, bool) or not 0 <= b < BOWLS:
            return Msg("ramen_fury.refusal.no_own_bowl", bowl=_number_name(b, 1))
        i = seat * BOWLS + b
        if self.eaten[i]:
            return Msg("ramen_fury.refusal.already_eaten", bowl=bowl_phrase(seat, b, seat))
        if kind is Eat:
            if not can_eat(self.bowls[i]):
                return Msg("ramen_fury.refusal.cannot_eat", bowl=bowl_phrase(seat, b, seat))
            return None
        if not self.bowls[i]:
            return Msg("ramen_fury.refusal.already_empty", bowl=bowl_phrase(seat, b, seat))
        return None

    def _hand_problem(self, seat: int, card: Any) -> Msg | None:
        if not _is_kind(card):
            return _NO_CARD
        if not self.hands[seat][card]:
            held = card_phrases(_hand_codes(self.hands[seat]))
            if not held:
                return Msg("ramen_fury.refusal.hand_empty", card=card_phrase(card))
            return Msg("ramen_fury.refusal.not_in_hand", card=card_phrase(card), cards=held)
        return None

    def _target_problem(
        self, seat: int, owner: Any, bowl: Any, card: int, own_only: bool
    ) -> Msg | None:
        """Why ``card`` cannot go into bowl ``bowl`` of ``owner`` for ``seat``, or ``None``."""
        i = _bowl_index(self.players, owner, bowl)
        if i is None:
            return self._no_bowl(owner, bowl)
        if own_only and owner != seat:
            return Msg("ramen_fury.refusal.own_bowls_only", card=card_phrase(card))
        if self.eaten[i]:
            return Msg("ramen_fury.refusal.bowl_eaten", bowl=bowl_phrase(owner, bowl, seat))
        if not fits(self.bowls[i], card):
            where = bowl_phrase(owner, bowl, seat)
            if len(self.bowls[i]) >= BOWL_CAP:
                return Msg("ramen_fury.refusal.bowl_full", bowl=where, count=BOWL_CAP)
            return Msg("ramen_fury.refusal.bowl_has_flavor", bowl=where)
        return None

    def _revealed(self) -> list[Msg]:
        """The Nori and Chili just revealed in the Pantry, by name."""
        return card_phrases(CODES[self.pantry[s]] for s in self.pending)

    def _no_bowl(self, seat: Any, bowl: Any) -> Msg:
        """The refusal for a bowl that does not exist, naming it as the player gave it."""
        return Msg(
            "ramen_fury.refusal.no_bowl",
            bowl=_number_name(bowl, 1),
            seat=_number_name(seat, 0),
            last=self.players - 1,
        )

    # -- the rules ---------------------------------------------------------------------------

    def _take_from_hand(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.hand_sizes[seat] -= 1
        known = self.known[seat]
        if known[card]:
            known[card] -= 1

    def _prep(self, seat: int, action: Prep) -> None:
        self._take_from_hand(seat, action.card)
        self.bowls[seat * BOWLS + action.bowl].append(action.card)
        self.story.add(self.turn, seat, "prep", _CARD_INTO[action.card][action.bowl])
        self.actions_left -= 1
        self._continue()

    def _place(self, seat: int, action: Place) -> None:
        self._take_from_hand(seat, action.card)
        self.bowls[action.seat * BOWLS + action.bowl].append(action.card)
        facts = _CARD_INTO_BOWL[action.card][action.seat * BOWLS + action.bowl]
        self.story.add(self.turn, seat, "place", facts)
        self._continue()

    def _draw(self, seat: int, card: int | None) -> None:
        """Draw: a Pantry card (then refill its slot) or the deck's top card; hand limit 5."""
        slot = EMPTY
        if card is None:
            card = self.deck.pop()
            self.story.add(self.turn, seat, "draw", _FROM_DECK, _PRIVATE_CARD[seat][card])
        else:
            slot = self.pantry.index(card)
            self.pantry[slot] = EMPTY
            self.known[seat][card] += 1
            self.story.add(self.turn, seat, "draw", _FROM_PANTRY[card][slot])
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
        self.story.add(self.turn, seat, "discard", _CARD_FACT[card])
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
            self.story.add(self.turn, None, "refill", _CARD_SLOT[card][slot])
            if IS_SPECIAL[card] and self._open_bowls():
                self.phase = REVEAL
                self.pending = (slot,)
                return
        self._continue()

    def _restock(self, seat: int) -> None:
        """Restock: discard the Pantry, reveal four; one revealed special may be used."""
        pantry = self.pantry
        deck = self.deck
        discarded = [CODES[k] for k in pantry if k >= 0]
        for slot in range(PANTRY_SIZE):
            if pantry[slot] >= 0:
                self.discard[pantry[slot]] += 1
            pantry[slot] = deck.pop() if deck else EMPTY
        revealed = [CODES[k] if k >= 0 else None for k in pantry]
        facts = {"cards": revealed, "discarded": discarded}
        self.story.add(self.turn, seat, "restock", facts)
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
        facts = _CARD_INTO_BOWL[action.card][action.seat * BOWLS + action.bowl]
        self.story.add(self.turn, seat, "use", facts)
        self._refill(slot)

    def _spoon(self, seat: int, action: Spoon) -> None:
        self.spoons[seat] -= 1
        card = self.bowls[action.seat * BOWLS + action.bowl].pop()
        self.bowls[seat * BOWLS + action.to].append(card)
        facts = _SPOONED[card][action.seat * BOWLS + action.bowl][action.to]
        self.story.add(self.turn, seat, "spoon", facts)
        self.actions_left -= 1
        self._continue()

    def _eat(self, seat: int, bowl: int) -> None:
        i = seat * BOWLS + bowl
        self.eaten[i] = True
        stack = self.bowls[i]
        facts = {
            "bowl": bowl,
            "cards": [CODES[c] for c in stack],
            "points": bowl_points(stack, self.nori_in_fury),
        }
        self.story.add(self.turn, seat, "eat", facts)
        self.actions_left -= 1
        if self.eaten_count(seat) == BOWLS:
            self._start_final_round({"reason": "all_bowls_eaten", "player": seat})
        self._continue()

    def _empty(self, seat: int, bowl: int) -> None:
        i = seat * BOWLS + bowl
        for c in self.bowls[i]:
            self.discard[c] += 1
        facts = {"bowl": bowl, "cards": [CODES[c] for c in self.bowls[i]]}
        self.story.add(self.turn, seat, "empty", facts)
        self.bowls[i] = []
        self.actions_left -= 1
        self._continue()

    def eaten_count(self, seat: int) -> int:
        """How many of ``seat``'s bowls are eaten."""
        base = seat * BOWLS
        return sum(self.eaten[base : base + BOWLS])

    def _start_final_round(self, why: dict[str, Any]) -> None:
        """A player has eaten all 3 bowls, or the deck is empty: the final round starts.

        The current player finishes the turn, then each other player has one more turn.
        A second trigger changes nothing.
        """
        if self.final_left < 0:
            self.final_left = self.players - 1
            facts = {**why, "turns_left": self.final_left}
            self.story.add(self.turn, None, "final_round", facts)

    def _continue(self) -> None:
        """After a decision with nothing pending: the next decision of this turn, or next turn."""
        if not self.deck and self.final_left < 0:
            self._start_final_round({"reason": "deck_empty"})
        seat = self.current
        if self.actions_left > 0:
            if self.has_action(seat):
                self.phase = ACTION
                return
            facts = {"actions": self.actions_left}
            self.story.add(self.turn, seat, "forfeit", facts)
            self.actions_left = 0
        if self.can_free_play(seat):
            self.phase = FREE
            return
        self._end_turn()

    def _end_turn(self) -> None:
        if self.final_left == 0:
            self.phase = OVER
            scores, ranks = self.standing()
            facts = {
                "points": list(scores),
                "winners": [s for s in range(self.players) if ranks[s] == 1],
            }
            self.story.add(self.turn, None, "game_over", facts)
            return
        if self.final_left > 0:
            self.final_left -= 1
        self.current = (self.current + 1) % self.players
        self.turn += 1
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
        """A bowl with what the rules say of it: its cards, whether it is eaten or can be
        eaten now (and if not, what it lacks: ``eat_needs`` is ``"flavor"`` or
        ``"ingredient"``), its points eaten or if eaten now (``None`` when it cannot be),
        their breakdown (:func:`~gametable.games.ramen_fury.cards.bowl_breakdown`), its
        room left of :data:`~gametable.games.ramen_fury.cards.BOWL_CAP` cards and whether
        a Flavor may still go in."""
        stack = self.bowls[i]
        eaten = self.eaten[i]
        if not stack:
            return {
                "cards": [],
                "eaten": eaten,
                "flavor": None,
                "eatable": False,
                "eat_needs": None if eaten else "flavor",
                "points": 0 if eaten else None,
                "breakdown": dict(_EMPTY_BREAKDOWN),
                "capacity": BOWL_CAP,
                "room": 0 if eaten else BOWL_CAP,
                "takes_flavor": not eaten,
            }
        parts = bowl_breakdown(stack, self.nori_in_fury)
        eatable = not eaten and can_eat(stack)
        flavored = parts["flavor"] is not None
        needs = None
        if not eaten and not eatable:
            needs = "ingredient" if flavored else "flavor"
        return {
            "cards": [CODES[c] for c in stack],
            "eaten": eaten,
            "flavor": parts["flavor"],
            "eatable": eatable,
            "eat_needs": needs,
            "points": parts["points"] if eaten or eatable else None,
            "breakdown": parts,
            "capacity": BOWL_CAP,
            "room": 0 if eaten else BOWL_CAP - len(stack),
            "takes_flavor": not eaten and not flavored and len(stack) < BOWL_CAP,
        }

    # -- information ----------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know.

        Hidden: other players' hands (their sizes show, and the cards each is known to
        hold because they took them from the Pantry), the deck (its size shows), and the
        cards other players drew from the deck. Public: every bowl with its cards (eaten
        bowls too) and what the rules say of it (see :meth:`_bowl_json`), the Pantry, the
        discard pile, spoons left, the final-round countdown, the rules' limits, and the
        whole game's story (``history``: every event, as this seat may know it).
        """
        check_seat(seat, self.players, spectator=True)
        over = self.phase == OVER
        players = self.players
        history = self.story.to_json(seat, over)
        for event in history:  # facts holding lists: a list of their own in each view
            kind = event["kind"]
            if kind in _LIST_FACTS:
                for name in _LIST_FACTS[kind]:
                    event[name] = event[name][:]
        view: View = {
            "game": "ramen-fury",
            "players": players,
            "seat": seat,
            "to_act": list(self.to_act),
            "current": self.current,
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase],
            "actions_left": self.actions_left,
            "options": {
                "nori_in_fury": self.nori_in_fury,
                "revealed_specials_mandatory": self.mandatory,
                "tiebreak_count": "all_cards" if self.tiebreak_all else "non_flavor",
                "basic": bool(self.options.get("basic", False)),
            },
            "limits": dict(_LIMITS),
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
            "history": history,
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

_LIMITS = {
    "hand": HAND_LIMIT,
    "bowl": BOWL_CAP,
    "flavors_per_bowl": 1,
    "bowls": BOWLS,
    "spoons": SPOONS,
    "actions_per_turn": ACTIONS_PER_TURN,
    "pantry": PANTRY_SIZE,
}
"""The rules' numbers a table shows (a view's ``limits``): the hand limit, the cards and
Flavors a bowl holds, bowls and spoons per player, actions per turn, Pantry slots."""

# Events' facts that never change, built once (events never change their facts; every view
# gets copies of them).
_NO_FACTS: dict[str, Any] = {}
_FROM_DECK = {"from": "deck"}
_CARD_FACT = tuple({"card": code} for code in CODES)
_CARD_INTO = tuple(tuple({"card": code, "bowl": b} for b in range(BOWLS)) for code in CODES)
_PRIVATE_CARD = tuple(tuple({s: fact} for fact in _CARD_FACT) for s in range(MAX_SEATS))
_FROM_PANTRY = tuple(
    tuple({"from": "pantry", "card": code, "slot": slot} for slot in range(PANTRY_SIZE))
    for code in CODES
)
_CARD_SLOT = tuple(
    tuple({"card": code, "slot": slot} for slot in range(PANTRY_SIZE)) for code in CODES
)
_CARD_INTO_BOWL = tuple(
    tuple({"card": code, "owner": i // BOWLS, "bowl": i % BOWLS} for i in range(MAX_SEATS * BOWLS))
    for code in CODES
)
_SPOONED = tuple(
    tuple(
        tuple(
            {"card": code, "owner": i // BOWLS, "bowl": i % BOWLS, "to": to} for to in range(BOWLS)
        )
        for i in range(MAX_SEATS * BOWLS)
    )
    for code in CODES
)
_LIST_FACTS = {
    "restock": ("cards", "discarded"),
    "empty": ("cards",),
    "eat": ("cards",),
    "skip": ("cards",),
    "game_over": ("points", "winners"),
}
"""The events whose facts hold lists, and those facts."""
_EMPTY_BREAKDOWN = {
    "flavor": None,
    "basis": None,
    "count": 0,
    "ingredient": None,
    "base": 0,
    "nori": 0,
    "chili": 0,
    "points": 0,
}


def _hand_codes(hand: Sequence[int]) -> list[str]:
    return [CODES[k] for k in range(KINDS) for _ in range(hand[k])]


def _is_kind(card: Any) -> bool:
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < KINDS


_NO_CARD = Msg("ramen_fury.refusal.no_such_card")


def _number_name(value: Any, offset: int) -> int | str:
    """A seat or bowl number as the player gave it (bowls shown from 1: ``offset`` 1), or
    ``?`` for anything that is not a plain, reasonably small whole number."""
    if type(value) is int and -1000 < value < 1000:
        return value + offset
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
    "DECISIONS",
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
