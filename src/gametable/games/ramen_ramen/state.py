"""The rules of Ramen! Ramen! as a state machine.

A turn is the rulebook's five steps. Two of them are decisions, so a turn is two or three
decisions of the active seat:

1. :class:`Play` — two cards from hand into two different bowls (one card when only one is
   left in hand; nothing when the hand is empty);
2. serving happens by itself once both cards are down (:meth:`RamenState._serve_ready_bowls`);
3. :class:`Take` — one card from the Fridge;
4. and 5. the refill and the draw happen by themselves; when the deck is empty, a second
   :class:`Take` replaces the draw while the Fridge has a card.

Everything that happens is an event of the state's :class:`~.history.History` (each view
carries the whole story as its seat may know it, under ``"history"``). A refused decision
raises :class:`~gametable.core.errors.IllegalAction` with the reason in words (a
:class:`~gametable.core.words.Msg`) and changes nothing.

Modes by player count: 1 = solo, 2 = communal bowls, 3 = each bowl owned by a player,
4 = teams A1 B1 A2 B2 with one communal bowl and one bowl per team.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gametable.core.errors import GameError, IllegalAction
from gametable.core.game import Game, Result, State, View, check_seat, rank_by_keys
from gametable.core.words import Msg, Seat
from gametable.games.ramen_ramen.cards import (
    ALL_INGREDIENTS_MASK,
    CARD_BY_NAME,
    CARD_NAMES,
    DECK,
    INGREDIENTS,
    POINTS_BY_TYPES,
    POPCOUNT,
    bowl_points,
    card_msg,
    shown,
    types_mask,
)
from gametable.games.ramen_ramen.history import TEAM_NAMES, History

SERVE_SUM = 14
"""A bowl whose values sum to at least this is served."""
ALL_INGREDIENTS = len(INGREDIENTS)
"""A bowl holding this many distinct ingredients (all 7) is served whatever its sum."""
HAND_SIZE = 4
FRIDGE_SIZE = 4
SOLO_DISCARDS = 4
PLACES = 3

# Phases of a turn.
PLAY, TAKE, TAKE2, OVER = 0, 1, 2, 3
PHASE_NAMES = ("play", "take", "take2", "over")


@dataclass(frozen=True, slots=True)
class Play:
    """Step 1: cards from hand into bowl places, as ``((card, place), ...)`` sorted by card.

    Two placements into two different places, or one when only one card is left in hand.
    Places are 0, 1 and 2 (shown to people as bowls 1, 2 and 3).
    """

    placements: tuple[tuple[int, int], ...]
    _hash: int | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Searches hash plays constantly (statistics keyed by action): hash once. A play
        # built from unhashable parts (lists) stays constructible; hashing it fails.
        try:
            digest: int | None = hash(self.placements)
        except TypeError:
            digest = None
        object.__setattr__(self, "_hash", digest)

    def __hash__(self) -> int:
        digest = self._hash
        return hash(self.placements) if digest is None else digest

    def __repr__(self) -> str:
        try:
            inner = " ".join(f"{_name(c)}>{_bowl_name(p)}" for c, p in self.placements)
        except (TypeError, ValueError):  # a spoiled play still prints
            inner = shown(self.placements)
        return f"Play({inner})"


@dataclass(frozen=True, slots=True)
class Take:
    """Step 3 (or the draw replaced by a Fridge card when the deck is empty): take ``card``."""

    card: int

    def __repr__(self) -> str:
        return f"Take({_name(self.card)})"


def _make_play(*placements: tuple[int, int]) -> Play:
    return Play(tuple(sorted(placements)))


# Every possible Play, built once: PLAYS2[a][b] (a < b) lists the 6 ways to put a and b
# into two different places; PLAYS1[a] the 3 ways to play a lone card.
_PLACE_PAIRS = tuple((p, q) for p in range(PLACES) for q in range(PLACES) if p != q)
PLAYS1: tuple[tuple[Play, ...], ...] = tuple(
    tuple(_make_play((a, p)) for p in range(PLACES)) for a in DECK
)
PLAYS2: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(_make_play((a, p), (b, q)) for p, q in _PLACE_PAIRS) if a < b else () for b in DECK)
    for a in DECK
)
TAKES: tuple[Take, ...] = tuple(Take(c) for c in DECK)


def mode_of(players: int) -> str:
    """``"solo"``, ``"duel"``, ``"three"`` or ``"teams"``."""
    return ("solo", "duel", "three", "teams")[players - 1]


def side_of_seat(players: int, seat: int) -> int:
    """The scoring side of a seat: the seat itself, or its team (0 = A, 1 = B) with 4 players."""
    return seat % 2 if players == 4 else seat


def place_owners(players: int) -> tuple[int | None, ...]:
    """The side each bowl place is served to, or ``None`` for a communal place.

    3 players: place ``i`` stands in front of seat ``i``. 4 players: place 0 is communal,
    place 1 belongs to team A and place 2 to team B.
    """
    if players == 3:
        return (0, 1, 2)
    if players == 4:
        return (None, 0, 1)
    return (None, None, None)


class RamenState(State):
    """A game of Ramen! Ramen! in progress. See the module docstring for the turn flow."""

    __slots__ = (
        "bowl_mask",
        "bowl_sum",
        "bowls",
        "current",
        "deck",
        "discards",
        "events",
        "fridge",
        "game",
        "hands",
        "last_pick",
        "options",
        "owners",
        "phase",
        "players",
        "served",
        "served_by",
        "setup",
        "sides",
        "turn",
    )

    def __init__(
        self,
        game: Game,
        players: int,
        setup: Mapping[str, Any],
        options: Mapping[str, Any],
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.setup = setup
        order = [parse_setup_card(c) for c in setup["deck"]]
        first = setup["first_player"]
        if type(first) is not int:
            raise ValueError(f"first_player must be a seat number, not {shown(first)}")
        if sorted(order) != list(DECK):
            raise ValueError("the deck must list each of the 56 cards exactly once")
        if not 0 <= first < players:
            raise ValueError(
                f"first_player {shown(first)} is not a seat of a {players}-player game"
            )
        set_aside = setup_set_aside(players, setup)
        self.events = History()
        self.turn = 1
        pos = set_aside
        self.discards = order[:set_aside]
        if set_aside:
            self.events.record(("discard", 0, tuple(self.discards), players == 1))
        self.hands: list[list[int]] = []
        for _ in range(players):
            self.hands.append(sorted(order[pos : pos + HAND_SIZE]))
            pos += HAND_SIZE
        self.fridge = order[pos : pos + FRIDGE_SIZE]
        pos += FRIDGE_SIZE
        # The deck is stored bottom first, so the top card is deck[-1].
        self.deck = order[pos:][::-1]
        self.bowls: list[list[int]] = [[] for _ in range(PLACES)]
        self.bowl_sum = [0] * PLACES
        self.bowl_mask = [0] * PLACES
        self.owners = place_owners(players)
        self.sides = 2 if players == 4 else players
        self.served: list[list[tuple[int, ...]]] = [[] for _ in range(self.sides)]
        self.served_by: list[list[int]] = [[] for _ in range(self.sides)]
        self.last_pick: list[list[int]] = [[] for _ in range(players)]
        self.current = first
        self.phase = PLAY
        self._start_turn()

    # -- the protocol ---------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> Sequence[Play | Take]:
        check_seat(seat, self.players)
        if seat != self.current or self.phase == OVER:
            return []
        if self.phase == PLAY:
            hand = self.hands[seat]
            n = len(hand)
            if n == 1:
                return list(PLAYS1[hand[0]])
            out: list[Play | Take] = []
            for i in range(n - 1):
                row = PLAYS2[hand[i]]
                for j in range(i + 1, n):
                    out.extend(row[hand[j]])
            return out
        return [TAKES[c] for c in self.fridge]

    def apply(self, seat: int, action: Any) -> None:
        check_seat(seat, self.players)
        if self.phase == OVER:
            raise IllegalAction(Msg("ramen_ramen.refused.over"))
        if seat != self.current:
            raise IllegalAction(
                Msg("ramen_ramen.refused.not_your_turn", current=Seat(self.current))
            )
        if self.phase == PLAY:
            if not isinstance(action, Play):
                raise IllegalAction(self._expected_play(action))
            self._check_play(action)
            self._play_cards(action.placements)
        else:
            if not isinstance(action, Take):
                raise IllegalAction(self._expected_take(action))
            card = action.card
            if type(card) is not int or card not in self.fridge:
                raise IllegalAction(
                    Msg(
                        "ramen_ramen.refused.not_in_fridge",
                        card=_card_words(card),
                        fridge=[card_msg(c) for c in self.fridge],
                    )
                )
            self._take_from_fridge(card)

    def clone(self) -> RamenState:
        other = RamenState.__new__(RamenState)
        other.game = self.game
        other.players = self.players
        other.options = self.options
        other.setup = self.setup
        other.discards = self.discards
        other.hands = [h[:] for h in self.hands]
        other.fridge = self.fridge[:]
        other.deck = self.deck[:]
        other.bowls = [b[:] for b in self.bowls]
        other.bowl_sum = self.bowl_sum[:]
        other.bowl_mask = self.bowl_mask[:]
        other.owners = self.owners
        other.sides = self.sides
        other.served = [s[:] for s in self.served]
        other.served_by = [s[:] for s in self.served_by]
        other.last_pick = [p[:] for p in self.last_pick]
        other.events = self.events.copy()
        other.turn = self.turn
        other.current = self.current
        other.phase = self.phase
        return other

    # -- the rules ------------------------------------------------------------------------

    def _expected_play(self, action: object) -> Msg:
        last = len(self.hands[self.current]) == 1
        if isinstance(action, Take):
            return Msg(f"ramen_ramen.refused.play_first{'.last' if last else ''}")
        return Msg(f"ramen_ramen.refused.time_to_play{'.last' if last else ''}")

    def _expected_take(self, action: object) -> Msg:
        second = ".second" if self.phase == TAKE2 else ""
        if isinstance(action, Play):
            return Msg(f"ramen_ramen.refused.played_now_take{second}")
        return Msg(f"ramen_ramen.refused.take{second}")

    def _check_play(self, action: Play) -> None:
        hand = self.hands[self.current]
        placements = action.placements
        # The common case first: well-formed placements of cards held.
        shaped = type(placements) is tuple
        if shaped and len(placements) == 2:
            first, second = placements
            if type(first) is tuple and type(second) is tuple and len(first) == len(second) == 2:
                (a, p), (b, q) = first, second
                if (
                    type(a) is int
                    and type(b) is int
                    and type(p) is int
                    and type(q) is int
                    and a != b
                    and p != q
                    and 0 <= p < PLACES
                    and 0 <= q < PLACES
                    and a in hand
                    and b in hand
                ):
                    return
        elif shaped and len(placements) == 1 and len(hand) == 1:
            (first,) = placements
            if type(first) is tuple and len(first) == 2:
                a, p = first
                if type(a) is int and type(p) is int and 0 <= p < PLACES and a in hand:
                    return
        fault = self._play_fault(placements, hand)
        if fault is not None:
            raise IllegalAction(fault)

    def _play_fault(self, placements: object, hand: list[int]) -> Msg | None:
        """Why a play is refused, in the game's words; ``None`` if it is legal after all
        (a play written with lists instead of tuples)."""
        need = min(2, len(hand))
        if not isinstance(placements, (tuple, list)):
            return Msg("ramen_ramen.refused.shape")
        if len(placements) != need:
            return Msg("ramen_ramen.refused.count", count=need, held=len(hand))
        pairs: list[tuple[object, object]] = []
        for pair in placements:
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                return Msg("ramen_ramen.refused.shape")
            pairs.append((pair[0], pair[1]))
        for card, _ in pairs:
            if type(card) is not int or card not in hand:
                return Msg(
                    "ramen_ramen.refused.not_in_hand",
                    card=_card_words(card),
                    hand=[card_msg(x) for x in hand],
                )
        if pairs[0][0] == pairs[-1][0] and len(pairs) == 2:
            return Msg("ramen_ramen.refused.twice", card=_card_words(pairs[0][0]))
        for _, place in pairs:
            if type(place) is not int or not 0 <= place < PLACES:
                bowl = shown(place + 1) if type(place) is int else shown(place)
                return Msg("ramen_ramen.refused.no_bowl", bowl=bowl)
        if len(pairs) == 2 and pairs[0][1] == pairs[1][1]:
            return Msg("ramen_ramen.refused.same_bowl")
        return None

    def _play_cards(self, placements: tuple[tuple[int, int], ...]) -> None:
        seat = self.current
        hand = self.hands[seat]
        sums = self.bowl_sum
        masks = self.bowl_mask
        ready = False
        for card, place in placements:
            hand.remove(card)
            self.bowls[place].append(card)
            sums[place] += card & 7
            masks[place] |= 1 << (card >> 3)
            ready = ready or sums[place] >= SERVE_SUM or masks[place] == ALL_INGREDIENTS_MASK
        self.events.record(("play", self.turn, seat, placements))
        if ready:
            self._serve_ready_bowls()
        self._after_play()

    def _serve_ready_bowls(self) -> None:
        """Step 2: serve every bowl with a sum of 14 or more or all 7 ingredients."""
        for place in range(PLACES):
            if self.bowl_sum[place] >= SERVE_SUM or self.bowl_mask[place] == ALL_INGREDIENTS_MASK:
                owner = self.owners[place]
                side = side_of_seat(self.players, self.current) if owner is None else owner
                cards = tuple(self.bowls[place])
                self.served[side].append(cards)
                self.served_by[side].append(self.current)
                self.events.record(
                    ("serve", self.turn, self.current, place, side, cards, self.players)
                )
                self.bowls[place] = []
                self.bowl_sum[place] = 0
                self.bowl_mask[place] = 0

    def _after_play(self) -> None:
        """Go to step 3, or on to steps 4–5 when the Fridge is empty."""
        self.last_pick[self.current] = []
        if self.fridge:
            self.phase = TAKE
        else:
            self._refill_and_draw()

    def _take_from_fridge(self, card: int) -> None:
        seat = self.current
        self.fridge.remove(card)
        insort(self.hands[seat], card)
        self.events.record(("take", self.turn, seat, card, self.phase == TAKE2))
        if self.phase == TAKE:
            self.last_pick[seat] = [card]
            self._refill_and_draw()
        else:
            self.last_pick[seat].append(card)
            self._end_turn()

    def _refill_and_draw(self) -> None:
        """Steps 4 and 5; with an empty deck, a second Fridge card instead of the draw."""
        deck = self.deck
        if deck:
            card = deck.pop()
            self.fridge.append(card)
            self.events.record(("refill", self.turn, card))
        if deck:
            card = deck.pop()
            insort(self.hands[self.current], card)
            self.events.record(("draw", self.turn, self.current, card))
            self._end_turn()
        elif self.fridge:
            self.phase = TAKE2
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.current = (self.current + 1) % self.players
        self.turn += 1
        self._start_turn()

    def _start_turn(self) -> None:
        """Skip the turns of players with nothing to play and nothing to take; end the game.

        While the deck has cards the Fridge is full, so a seat with an empty hand and an
        empty Fridge can only occur once the deck is empty. Once every seat is skipped,
        the game is over: the bowls still open are discarded.
        """
        for _ in range(self.players):
            seat = self.current
            if self.hands[seat]:
                self.phase = PLAY
                return
            self.last_pick[seat] = []
            if self.fridge:
                self.phase = TAKE
                return
            if any(self.hands):
                self.events.record(("skip", self.turn, seat))
                self.turn += 1
            self.current = (seat + 1) % self.players
        self.phase = OVER
        unserved = tuple((p, tuple(b)) for p, b in enumerate(self.bowls) if b)
        self.events.record(("end", self.turn, unserved))

    # -- scoring --------------------------------------------------------------------------

    def side_points(self, side: int) -> int:
        """Points of one side's served bowls."""
        return sum(bowl_points(b) for b in self.served[side])

    def _keys(self) -> list[tuple[int, int, int]]:
        """Per side: points, bowls served, minus the cards in them (higher is better)."""
        keys = []
        for bowls in self.served:
            points = 0
            cards = 0
            for b in bowls:
                points += bowl_points(b)
                cards += len(b)
            keys.append((points, len(bowls), -cards))
        return keys

    def standing(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        if self.phase != OVER:
            raise GameError("the game is not over")
        keys = self._keys()
        side_ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        if self.players == 4:
            sides = [side_of_seat(4, s) for s in range(4)]
            return tuple(keys[i][0] for i in sides), tuple(side_ranks[i] for i in sides)
        return tuple(k[0] for k in keys), tuple(side_ranks)

    def result(self) -> Result:
        if self.phase != OVER:
            raise GameError("the game is not over")
        keys = self._keys()
        side_ranks, tiebreak = rank_by_keys(
            keys, ("points", "most bowls served", "fewest cards in served bowls")
        )
        seat_side = [side_of_seat(self.players, s) for s in range(self.players)]
        details: dict[str, Any] = {
            "mode": mode_of(self.players),
            "sides": [
                {
                    "name": self.side_name(side),
                    "seats": [s for s in range(self.players) if seat_side[s] == side],
                    "points": keys[side][0],
                    "bowls": [
                        {
                            "cards": [CARD_NAMES[c] for c in bowl],
                            "ingredients": POPCOUNT[types_mask(bowl)],
                            "points": bowl_points(bowl),
                            "served_by": by,
                        }
                        for bowl, by in zip(self.served[side], self.served_by[side], strict=True)
                    ],
                    "cards": -keys[side][2],
                }
                for side in range(self.sides)
            ],
            "unserved": [[CARD_NAMES[c] for c in b] for b in self.bowls if b],
        }
        if self.players == 1:
            from gametable.games.ramen_ramen.scoring import critics_verdict

            stars, quote = critics_verdict(keys[0][0])
            details["verdict"] = {"stars": stars, "quote": quote}
            details["discards"] = [CARD_NAMES[c] for c in self.discards]
        return Result(
            scores=tuple(keys[seat_side[s]][0] for s in range(self.players)),
            ranks=tuple(side_ranks[seat_side[s]] for s in range(self.players)),
            tiebreak=tiebreak,
            details=details,
        )

    def side_name(self, side: int) -> str:
        """``"Team A"``/``"Team B"`` with 4 players, else ``"Seat N"``: the result details'
        ``name`` of a side, as records have always stored it (a replay compares the stored
        result whole). Nobody reads it: front ends tell the end with :mod:`.words`."""
        return f"Team {TEAM_NAMES[side]}" if self.players == 4 else f"Seat {side}"

    # -- information ----------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know.

        Hidden: other hands (only their sizes show), the deck (only its size), the solo
        discards until the end, and — with 2 to 4 players — the cards of served bowls until
        the end (only how many bowls each side has served). Public: the Fridge, the bowls
        in play, each player's last Fridge pick(s), and the whole game's story
        (``history``: :mod:`.history`), with a drawn card shown only to the player who
        drew it and the cards of face-down bowls sealed until the end.

        The rules' facts come with it, so that no front end computes a rule: each bowl's
        sum against the serving sum (``serve_sum``), its distinct ingredients against all
        7 (``all_ingredients``) and its ``points`` if it were served now; for each card in
        the seat's own hand, what it would make of each bowl (``if_played``); the points
        of the served bowls a seat may see.
        """
        check_seat(seat, self.players, spectator=True)
        over = self.phase == OVER
        names = CARD_NAMES
        players = self.players
        show_served = over or players == 1
        sums = self.bowl_sum
        masks = self.bowl_mask
        view: View = {
            "game": "ramen-ramen",
            "players": players,
            "mode": mode_of(players),
            "seat": seat,
            "to_act": list(self.to_act),
            "current": self.current,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
            "hand": None if seat is None else [names[c] for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "fridge": [names[c] for c in self.fridge],
            "deck_size": len(self.deck),
            "bowls": [
                {
                    "place": p,
                    "owner": self.owners[p],
                    "team": None
                    if players != 4 or self.owners[p] is None
                    else TEAM_NAMES[self.owners[p]],  # type: ignore[index]
                    "cards": [names[c] for c in self.bowls[p]],
                    "sum": sums[p],
                    "serve_sum": SERVE_SUM,
                    "ingredients": POPCOUNT[masks[p]],
                    "all_ingredients": ALL_INGREDIENTS,
                    "points": POINTS_BY_TYPES[POPCOUNT[masks[p]]],
                }
                for p in range(PLACES)
            ],
            "if_played": None
            if seat is None
            else {names[c]: self._if_played(c) for c in self.hands[seat]},
            "served": [
                {
                    "side": side,
                    "team": TEAM_NAMES[side] if players == 4 else None,
                    "seats": [s for s in range(players) if side_of_seat(players, s) == side],
                    "count": len(self.served[side]),
                    "bowls": [[names[c] for c in b] for b in self.served[side]]
                    if show_served
                    else None,
                    "bowl_points": [bowl_points(b) for b in self.served[side]]
                    if show_served
                    else None,
                    "points": self.side_points(side) if show_served else None,
                }
                for side in range(self.sides)
            ],
            "last_pick": [[names[c] for c in p] for p in self.last_pick],
            "discards": [names[c] for c in self.discards] if over else None,
            "discard_count": len(self.discards),
            "history": self.events.to_json(seat, over),
        }
        if over:
            view["result"] = self.result().to_json()
        return view

    def _if_played(self, card: int) -> list[dict[str, Any]]:
        """What ``card`` would make of each bowl: its sum, its distinct ingredients, the
        points it would score, and whether it would be served (once both cards are down)."""
        value = card & 7
        bit = 1 << (card >> 3)
        out = []
        for p in range(PLACES):
            total = self.bowl_sum[p] + value
            mask = self.bowl_mask[p] | bit
            out.append(
                {
                    "bowl": p,
                    "sum": total,
                    "ingredients": POPCOUNT[mask],
                    "points": POINTS_BY_TYPES[POPCOUNT[mask]],
                    "served": total >= SERVE_SUM or mask == ALL_INGREDIENTS_MASK,
                }
            )
        return out


def turn_decisions(view: Mapping[str, Any]) -> tuple[bool, int]:
    """(whether the decision ``view`` asks for starts its seat's turn, how many decisions
    the turn still holds, this one included), from the view alone.

    A turn is a play (steps 1–2), a Fridge pick (step 3) when the Fridge holds a card, and
    a second pick instead of the draw (step 5) once the deck is empty: with one card left
    the Fridge is refilled with it and the draw finds nothing; with none, the pick is a
    second card from what the Fridge still holds. A seat with no cards in hand starts its
    turn with the pick; a pick that follows a play in the same turn comes right after that
    play's events in the history.
    """
    phase = view["phase"]
    fridge = len(view["fridge"])
    deck = view["deck_size"]
    if phase == "play":
        if fridge == 0:
            return True, 2 if deck == 1 else 1
        return True, 2 + (deck == 1 or (deck == 0 and fridge > 1))
    if phase == "take":
        history = view["history"]
        after_play = (
            bool(history)
            and history[-1]["kind"] in ("play", "serve")
            and history[-1]["seat"] == view["current"]
        )
        return not after_play, 1 + (deck == 1 or (deck == 0 and fridge > 1))
    return False, 1


def setup_set_aside(players: int, setup: Mapping[str, Any]) -> int:
    """How many cards of a setup's deck are set aside face down, unused, before the deal:
    the solo rule's 4 ("discard 4 cards face down"), none with 2–4 players — or, for a
    short game such as a lesson's, the setup's own ``"set_aside"`` (the first cards of its
    deck; they leave enough for the hands and the Fridge)."""
    default = SOLO_DISCARDS if players == 1 else 0
    count = setup.get("set_aside", default)
    most = len(DECK) - players * HAND_SIZE - FRIDGE_SIZE
    if type(count) is not int or not 0 <= count <= most:
        raise ValueError(
            f"set_aside must be a whole number of cards from 0 to {most}, not {shown(count)}"
        )
    return count


def parse_setup_card(name: Any) -> int:
    """A card of a setup's deck list, in strict notation (``"N4"``)."""
    card = CARD_BY_NAME.get(name) if type(name) is str else None
    if card is None:
        raise ValueError(f"{shown(name)} is not a card (cards are written like N4)")
    return card


def _card_words(card: Any) -> Msg:
    """A card in words, or what was offered instead of a card, said safely."""
    if type(card) is int and 0 <= card < len(CARD_NAMES):
        return card_msg(card)
    return Msg("ramen_ramen.not_a_card", value=shown(card))


def _name(card: Any) -> str:
    """A card's notation, or what was offered instead of a card, said safely (for
    ``repr``, which programmers read)."""
    if type(card) is int and 0 <= card < len(CARD_NAMES):
        return CARD_NAMES[card]
    return f"{shown(card)} (not a card)"


def _bowl_name(place: Any) -> str:
    """A bowl place as people number it (1–3), or what was offered instead, said safely."""
    if type(place) is int and 0 <= place < PLACES:
        return str(place + 1)
    return f"{shown(place)} (not a bowl)"


__all__ = [
    "ALL_INGREDIENTS",
    "FRIDGE_SIZE",
    "HAND_SIZE",
    "PLAYS1",
    "PLAYS2",
    "POINTS_BY_TYPES",
    "SERVE_SUM",
    "Play",
    "RamenState",
    "Take",
    "mode_of",
    "place_owners",
    "side_of_seat",
]
