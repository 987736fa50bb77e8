"""Ramen Fury: 185 action ids (card kinds, seats counted from the actor); a float observation.

Card kinds (14, the notation's order): Bf Ck Sh Sy Fy Ch Eg Na Co Mu Sc To No Cl. Seats are
relative: ``+0`` is the seat deciding, ``+1`` the next seat clockwise, and so on (ids for
seats a game does not have are never legal). Bowls are 1–3.

======  =========  ==============================================================
ids     decision   id formula
======  =========  ==============================================================
0–41    prep       ``3 * kind + bowl``: a card of ``kind`` onto your bowl
42–55   draw       ``42 + kind``: that card from the Pantry
56      draw deck  the deck's top card
57–101  spoon      ``57 + 9 * seat + 3 * bowl + to``: the top card of that seat's bowl
102     restock
103–105 eat        ``103 + bowl``
106–108 empty      ``106 + bowl``
109–138 place      ``109 + 15 * special + 3 * seat + bowl`` (special 0 = Nori, 1 = Chili)
139–152 discard    ``139 + kind`` (hand over 5)
153–182 use        ``153 + 15 * special + 3 * seat + bowl`` (a revealed Nori or Chili)
183     skip       leave the revealed special(s) in the Pantry
184     end        end the turn after both actions
======  =========  ==============================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any, NamedTuple

import numpy as np

from gametable.core.game import Action, View
from gametable.envs.encoding import (
    Encoder,
    FloatArray,
    LazyLegal,
    LegalMap,
    register_encoder,
    relative,
    scaled,
    signed,
)
from gametable.games.ramen_fury import state as fury
from gametable.games.ramen_fury.cards import (
    BOWL_CAP,
    CHILI,
    COPIES,
    FURY,
    NORI,
    bowl_points,
    can_eat,
)

KINDS = ("Bf", "Ck", "Sh", "Sy", "Fy", "Ch", "Eg", "Na", "Co", "Mu", "Sc", "To", "No", "Cl")
KIND = {code: k for k, code in enumerate(KINDS)}
SPECIAL = {"No": 0, "Cl": 1}
MAX_SEATS = 5
PREP, DRAW, DRAW_DECK, SPOON, RESTOCK, EAT, EMPTY = 0, 42, 56, 57, 102, 103, 106
PLACE, DISCARD, USE, SKIP, END = 109, 139, 153, 183, 184
NUM_ACTIONS = 185
PHASES = ("action", "discard", "reveal", "free")
"""The view's phase names; a state's ``phase`` number is the index (``over`` is 4)."""

# -- the fast path's tables (see RamenFuryEncoder.encode_state and legal_state) -------------

PHASE_ACTION, PHASE_DISCARD, PHASE_REVEAL, PHASE_FREE, PHASE_OVER = (
    fury.ACTION,
    fury.DISCARD,
    fury.REVEAL,
    fury.FREE,
    fury.OVER,
)
"""A state's ``phase`` numbers."""
BOWLS = 3
"""Bowls per seat; a state addresses bowl ``b`` of seat ``s`` as ``3 * s + b``."""
SPECIALS = 15
"""Ids per special (Nori, Chili) in the place and use blocks: 5 seats times 3 bowls."""
KIND_RANGE = range(len(KINDS))
"""The kinds; ``compress(KIND_RANGE, counts)`` gives those a count list holds, skipping
the zeros at C speed."""
CACHE_LIMIT = 1 << 14
"""Entries a fast-path cache keeps before it starts over (bounds its memory)."""
TEMPLATE_LIMIT = 1 << 10
"""The same for the cached starting vectors (2.6 kB each; a game uses a few hundred)."""


def _accumulated(step: float, n: int) -> float:
    """``step`` added ``n`` times to a float32 entry, as :meth:`RamenFuryEncoder.encode`
    does (``obs[i] += step``): the exact float32 sum, not ``n * step``."""
    x = np.zeros(1, np.float32)
    for _ in range(n):
        x[0] += step
    return float(x[0])


# -- the scales of the observation's entries (the compiled twin reads them from here) -------

ACTIONS_SCALE = fury.ACTIONS_PER_TURN
"""``actions_left`` is divided by the actions of a turn (2)."""
HAND_SCALE = fury.HAND_LIMIT + 1
"""Hands (and known hands, per kind) are counted in sixths: a hand holds at most 6 cards,
the limit and the card just drawn."""
SPOONS_SCALE = fury.SPOONS
"""``spoons`` is divided by the spoons a player has (2)."""
DECK_SCALE = sum(COPIES)
"""``deck_size`` is divided by the cards of the game (89)."""
BOWL_SCALE = BOWL_CAP
"""Bowl cards, per kind, are counted in fifths (a bowl holds 5)."""
DISCARD_SCALE = max(COPIES)
"""The discard pile, per kind, is divided by the most copies of a kind (12 Chili)."""
BOWL_POINTS_SCALE = 20
"""A bowl's points are divided by 20 (a bowl scores −4 to 15)."""
POINTS_SCALE = 45
"""A seat's points are divided by 45 (three bowls of 15)."""
CARDS_EATEN_SCALE = fury.BOWLS * BOWL_CAP
"""The tie-break count is divided by the cards three full bowls hold (15)."""
FINAL_SCALE = MAX_SEATS - 1
"""The final round's turns left are divided by the most there can be (4)."""

MAX_COUNT = 20
"""Table size for per-kind counts (12 copies of a kind at most, 6 cards in a hand)."""
SIXTHS = tuple(_accumulated(1 / HAND_SCALE, n) for n in range(MAX_COUNT))
"""The hand and known-hand entry of a kind held ``n`` times (``+= 1 / 6`` each)."""
FIFTHS = tuple(_accumulated(1 / BOWL_SCALE, n) for n in range(MAX_COUNT))
"""The bowl-cards entry of a kind a bowl holds ``n`` times (``+= 1 / 5`` each)."""
TWELFTHS = tuple(scaled(n, DISCARD_SCALE) for n in range(MAX_COUNT))
"""The discard entry of a kind discarded ``n`` times."""
HAND_SIZES = tuple(scaled(n, HAND_SCALE) for n in range(MAX_COUNT))
"""The ``hand_sizes`` entry of a hand of ``n`` cards."""
PANTRY_COLUMN = (*range(len(KINDS)), len(KINDS))
"""A Pantry slot's column by its kind; an empty slot (kind -1) reads the last, "empty"."""
SLOT = len(PANTRY_COLUMN)
"""Entries per Pantry slot."""
NO_CARDS = [0] * len(KINDS)
"""Per-kind counts of no card (a state's hands, known hands and discard pile are such
lists: comparing with this skips an empty one at C speed)."""


def _bits(mask: int) -> tuple[int, ...]:
    """The bowls (0–2) of a 3-bit mask."""
    return tuple(b for b in range(BOWLS) if mask >> b & 1)


PREP_IDS = tuple(
    tuple(tuple(PREP + BOWLS * k + b for b in _bits(mask)) for mask in range(1 << BOWLS))
    for k in range(len(KINDS))
)
"""``PREP_IDS[kind][mask]``: the prep ids of ``kind`` onto the own bowls of ``mask``."""
SPOON_IDS = tuple(
    tuple(tuple(SPOON + BOWLS * i + b for b in _bits(mask) if b != i) for mask in range(1 << BOWLS))
    for i in range(BOWLS * MAX_SEATS)
)
"""``SPOON_IDS[i][mask]``: the spoon ids from bowl ``i`` (``3 * relative seat + bowl``)
onto the own bowls of ``mask``, the bowl itself left out (``i`` < 3 is an own bowl)."""


def _id_seat(action_id: int) -> int:
    """The relative seat an id names (0 for the ids that name none)."""
    if SPOON <= action_id < RESTOCK:
        return (action_id - SPOON) // (BOWLS * BOWLS)
    if PLACE <= action_id < DISCARD:
        return (action_id - PLACE) % SPECIALS // BOWLS
    if USE <= action_id < SKIP:
        return (action_id - USE) % SPECIALS // BOWLS
    return 0


class _Bowl:
    """What a bowl's cards (in order) show, wherever the bowl is: shared by every bowl
    holding the same cards."""

    __slots__ = ("cards", "eatable", "entries", "flavored", "plain_cards", "points", "score")

    def __init__(self, cards: tuple[int, ...], nori_in_fury: bool, top_shift: int) -> None:
        counts = [cards.count(k) for k in range(len(KINDS))]
        self.entries = (
            *((k, FIFTHS[n]) for k, n in enumerate(counts) if n),
            (top_shift + cards[-1], 1.0),
        )
        """``(offset, value)`` from the bowl's ``bowl_cards`` start: the count of each
        kind, then its top card (``top_shift`` on, in ``bowl_top``)."""
        self.eatable = can_eat(cards)
        """Whether it can be eaten (if it is not eaten yet)."""
        self.flavored = counts[: FURY + 1] != NO_CARDS[: FURY + 1]
        self.points = bowl_points(cards, nori_in_fury)
        self.score = signed(self.points, BOWL_POINTS_SCALE)
        """Its ``bowl_points`` entry."""
        self.cards = len(cards)
        self.plain_cards = sum(counts[FURY + 1 :])
        """The tie-break count of the ``non_flavor`` rule (``cards`` is ``all_cards``'s)."""


class _SeatTables(NamedTuple):
    """The fast path's tables for one seat (:meth:`RamenFuryEncoder._tables`)."""

    rel: tuple[int, ...]
    """Each seat counted from this one."""
    bowl_rel: tuple[int, ...]
    """A state's bowl ``j`` counted from this seat (``3 * relative seat + bowl``)."""
    bowl_at: tuple[tuple[int, int, int], ...]
    """A state's bowl ``j``: where its ``bowl_cards``, ``bowl_state`` and ``bowl_points``
    entries start."""
    seats: tuple[tuple[int, int, int, int], ...]
    """Each seat ``s``: ``s``, then where its ``hand_sizes``, ``spoons`` and
    ``known_hands`` entries are."""
    actions: tuple[Action | None, ...]
    """The game action of each id (``None`` for ids naming a seat the game lacks)."""


@register_encoder
class RamenFuryEncoder(Encoder):
    """See the module docstring; the slices are listed in ``docs/envs.md``."""

    game_name = "ramen-fury"

    def __init__(self, game: Any, players: int, options: Any) -> None:
        super().__init__(game, players, options)
        add = self.layout.add
        rel = [f"+{r}" for r in range(MAX_SEATS)]
        bowls = [f"{r}.{b}" for r in rel for b in (1, 2, 3)]
        self.o_players = add("players", 4, "one-hot player count 2–5", ["2p", "3p", "4p", "5p"])
        self.o_phase = add("phase", 4, "one-hot: action, discard, reveal, free", PHASES)
        self.o_to_act = add("to_act", 1, "1 when this seat is to decide")
        self.o_actions = add("actions_left", 1, "actions left this turn / 2")
        self.o_hand = add("hand", 14, "cards in hand per kind / 6", KINDS)
        self.o_hand_sizes = add("hand_sizes", 5, "hand sizes / 6, by seat from this one", rel)
        self.o_known = add(
            "known_hands",
            5 * 14,
            "cards each seat is publicly known to hold (taken from the Pantry) / 6",
            [f"{r}.{k}" for r in rel for k in KINDS],
        )
        self.o_pantry = add(
            "pantry",
            4 * 15,
            "per Pantry slot: the kind one-hot, or empty",
            [f"slot{i}.{k}" for i in range(4) for k in (*KINDS, "empty")],
        )
        self.o_revealed = add("revealed", 4, "Pantry slots whose revealed special waits")
        self.o_refill = add("refill_slot", 4, "the slot refilled after the discard")
        self.o_deck = add("deck_size", 1, "cards in the deck / 89")
        self.o_discard = add("discard", 14, "discard pile per kind / 12", KINDS)
        self.o_spoons = add("spoons", 5, "spoons left / 2, by seat from this one", rel)
        self.o_bowl_cards = add(
            "bowl_cards",
            15 * 14,
            "cards in each bowl per kind / 5, by seat from this one then bowl 1–3",
            [f"{b}.{k}" for b in bowls for k in KINDS],
        )
        self.o_bowl_top = add(
            "bowl_top",
            15 * 14,
            "the top card of each bowl (what a spoon takes)",
            [f"{b}.top.{k}" for b in bowls for k in KINDS],
        )
        self.o_bowl_state = add(
            "bowl_state",
            15 * 2,
            "per bowl: eaten, can be eaten now",
            [f"{b}.{x}" for b in bowls for x in ("eaten", "eatable")],
        )
        self.o_bowl_points = add(
            "bowl_points",
            15,
            "per bowl: its points / 20 when eaten or eatable (else 0)",
            bowls,
            low=-1.0,
        )
        self.o_points = add("points", 5, "points eaten / 45, by seat from this one", rel, low=-1.0)
        self.o_eaten = add("cards_eaten", 5, "tie-break count / 15, by seat", rel)
        self.o_final = add(
            "final_round",
            2,
            "final round started; turns left after this one / 4",
            ["final", "turns_left"],
        )
        self.o_options = add(
            "options",
            4,
            "rules flags: nori_in_fury, revealed_specials_mandatory, non_flavor tie-break, basic",
            ["nori_in_fury", "mandatory", "non_flavor", "basic"],
        )
        self.num_actions = NUM_ACTIONS
        self._ids: dict[tuple[int, Action], int] = {}
        # the fast path's tables and caches (see encode_state)
        self._seat_tables: list[_SeatTables] | None = None
        self._no_known = [NO_CARDS[:] for _ in range(players)]
        self._templates: dict[tuple[Any, ...], FloatArray] = {}
        """Starting vectors by the turn and the rules (see :meth:`_template`)."""
        self._bowls: tuple[dict[tuple[int, ...], _Bowl], ...] = ({}, {})
        """Bowls by their cards, without then with Nori scoring in a Fury bowl."""
        self._use_compiled("ramen_fury", RamenFuryEncoder)  # the same, in C, when built

    # -- observation ------------------------------------------------------------------

    def encode(self, view: View) -> FloatArray:
        seat = view["seat"]
        players = view["players"]
        obs = np.zeros(self.layout.size, np.float32)
        ones: list[int] = [self.o_players + players - 2]
        phase = view["phase"]
        if phase in PHASES:
            ones.append(self.o_phase + PHASES.index(phase))
        if seat in view["to_act"]:
            ones.append(self.o_to_act)
        obs[self.o_actions] = view["actions_left"] / ACTIONS_SCALE
        for code in view["hand"]:
            obs[self.o_hand + KIND[code]] += 1 / HAND_SCALE
        for s in range(players):
            r = relative(seat, s, players)
            obs[self.o_hand_sizes + r] = scaled(view["hand_sizes"][s], HAND_SCALE)
            known = self.o_known + 14 * r
            for code in view["known_hands"][s]:
                obs[known + KIND[code]] += 1 / HAND_SCALE
            obs[self.o_spoons + r] = view["spoons"][s] / SPOONS_SCALE
            obs[self.o_points + r] = signed(view["points"][s], POINTS_SCALE)
            obs[self.o_eaten + r] = scaled(view["cards_eaten"][s], CARDS_EATEN_SCALE)
            for b, bowl in enumerate(view["bowls"][s]):
                i = 3 * r + b
                cards = bowl["cards"]
                base = self.o_bowl_cards + 14 * i
                for code in cards:
                    obs[base + KIND[code]] += 1 / BOWL_SCALE
                if cards:
                    ones.append(self.o_bowl_top + 14 * i + KIND[cards[-1]])
                if bowl["eaten"]:
                    ones.append(self.o_bowl_state + 2 * i)
                if bowl["eatable"]:
                    ones.append(self.o_bowl_state + 2 * i + 1)
                if bowl["points"] is not None:
                    obs[self.o_bowl_points + i] = signed(bowl["points"], BOWL_POINTS_SCALE)
        for slot, code in enumerate(view["pantry"]):
            ones.append(self.o_pantry + 15 * slot + (14 if code is None else KIND[code]))
        for slot in view["revealed"]:
            ones.append(self.o_revealed + slot)
        if view["refill_slot"] is not None:
            ones.append(self.o_refill + view["refill_slot"])
        obs[self.o_deck] = view["deck_size"] / DECK_SCALE
        for code, n in view["discard"].items():
            obs[self.o_discard + KIND[code]] = scaled(n, DISCARD_SCALE)
        if view["final_round"]:
            ones.append(self.o_final)
            obs[self.o_final + 1] = scaled(view["final_turns_left"] or 0, FINAL_SCALE)
        opts = view["options"]
        for k, flag in enumerate(
            (
                opts["nori_in_fury"],
                opts["revealed_specials_mandatory"],
                opts["tiebreak_count"] == "non_flavor",
                opts["basic"],
            )
        ):
            if flag:
                ones.append(self.o_options + k)
        obs[ones] = 1.0
        return obs

    # -- the fast path: the same vector and ids, read from the state ---------------------

    reads_state = True

    def _tables(self) -> list[_SeatTables]:
        """The fast path's index tables, one per seat (built once, on first use)."""
        if self._seat_tables is None:
            self._seat_tables = [self._tables_of(seat) for seat in range(self.players)]
        return self._seat_tables

    def _tables_of(self, seat: int) -> _SeatTables:
        """For ``seat``: where each bowl and seat shows, and every action by id."""
        players = self.players
        rel = tuple(relative(seat, s, players) for s in range(players))
        bowl_rel = tuple(BOWLS * rel[j // BOWLS] + j % BOWLS for j in range(BOWLS * players))
        parse = self.game.action_from_notation
        actions: list[Action | None] = []
        for action_id in range(NUM_ACTIONS):
            if _id_seat(action_id) >= players:
                actions.append(None)
                continue
            action = parse(self.action_label(seat, action_id))
            if self.action_id(seat, action) != action_id:  # the two numberings must agree
                raise AssertionError(f"id {action_id} reads back as {action!r}")
            actions.append(action)
        return _SeatTables(
            rel=rel,
            bowl_rel=bowl_rel,
            bowl_at=tuple(
                (
                    self.o_bowl_cards + len(KINDS) * i,
                    self.o_bowl_state + 2 * i,
                    self.o_bowl_points + i,
                )
                for i in bowl_rel
            ),
            seats=tuple(
                (s, self.o_hand_sizes + r, self.o_spoons + r, self.o_known + len(KINDS) * r)
                for s, r in enumerate(rel)
            ),
            actions=tuple(actions),
        )

    def _template(self, key: tuple[Any, ...]) -> FloatArray:
        """The starting vector of :meth:`encode_state`, by its key ``(phase, to act,
        actions_left, final_left, refill_slot, pending, nori_in_fury, mandatory,
        tiebreak_all, basic)``: the entries of the player count, the turn (phase, to act,
        actions left, the revealed slots, the slot to refill, the final round) and the
        rules flags."""
        phase, to_act, actions_left, final_left, refill_slot, pending, *flags = key
        nori_in_fury, mandatory, tiebreak_all, basic = flags
        obs = np.zeros(self.layout.size, np.float32)
        obs[self.o_players + self.players - 2] = 1.0
        obs[self.o_actions] = actions_left / ACTIONS_SCALE
        if phase != PHASE_OVER:
            obs[self.o_phase + phase] = 1.0
            if to_act:
                obs[self.o_to_act] = 1.0
        for slot in pending:
            obs[self.o_revealed + slot] = 1.0
        if refill_slot >= 0:
            obs[self.o_refill + refill_slot] = 1.0
        if final_left >= 0:
            obs[self.o_final] = 1.0
            obs[self.o_final + 1] = scaled(final_left, FINAL_SCALE)
        for k, flag in enumerate((nori_in_fury, mandatory, not tiebreak_all, basic)):
            if flag:
                obs[self.o_options + k] = 1.0
        if len(self._templates) >= TEMPLATE_LIMIT:
            self._templates.clear()
        self._templates[key] = obs
        return obs

    def _bowl_info(self, stack: list[int], nori_in_fury: bool) -> _Bowl:
        """The shared :class:`_Bowl` of a bowl's cards."""
        cache = self._bowls[nori_in_fury]
        key = tuple(stack)
        bowl = cache.get(key)
        if bowl is None:
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            bowl = cache[key] = _Bowl(key, nori_in_fury, self.o_bowl_top - self.o_bowl_cards)
        return bowl

    def encode_state(self, state: Any, seat: int) -> FloatArray:
        """:meth:`encode` of ``state.view(seat)``, read from the state (equal by test).

        Reads only what the view shows the seat: its own hand, each hand's size and the
        cards each seat is known to hold, the Pantry (with the revealed slots and the slot
        to refill), the deck's size, the discard pile, spoons, every bowl, the turn, the
        final-round countdown and the rules flags.

        Starts from a copy of a cached vector holding the turn's and the rules' entries
        (a few hundred kinds per game), then writes each other entry into it; a bowl's
        entries come from its :class:`_Bowl`, cached by its cards. (Caching more, such
        as whole hands or bowls as index arrays, measured slower in play: new contents
        keep coming, and building the arrays costs more than writing the entries.)
        """
        tables = (self._seat_tables or self._tables())[seat]
        nori_in_fury = state.nori_in_fury
        tiebreak_all = state.tiebreak_all
        key = (
            state.phase,
            seat == state.current,
            state.actions_left,
            state.final_left,
            state.refill_slot,
            state.pending,
            nori_in_fury,
            state.mandatory,
            tiebreak_all,
            state.options.get("basic", False),
        )
        template = self._templates.get(key)
        obs = (self._template(key) if template is None else template).copy()
        deck = len(state.deck)
        if deck:
            obs[self.o_deck] = deck / DECK_SCALE
        o = self.o_hand
        hand = state.hands[seat]
        for k in compress(KIND_RANGE, hand):
            obs[o + k] = SIXTHS[hand[k]]
        hand_sizes = state.hand_sizes
        spoons = state.spoons
        known = state.known
        no_known = known == self._no_known
        for s, size_at, spoons_at, known_at in tables.seats:
            n = hand_sizes[s]
            if n:
                obs[size_at] = HAND_SIZES[n]
            n = spoons[s]
            if n:
                obs[spoons_at] = n / SPOONS_SCALE
            if not no_known:
                counts = known[s]
                for k in compress(KIND_RANGE, counts):
                    obs[known_at + k] = SIXTHS[counts[k]]
        p0, p1, p2, p3 = state.pantry  # the 4 slots: a kind, or -1 when empty
        o = self.o_pantry
        obs[o + PANTRY_COLUMN[p0]] = 1.0
        obs[o + SLOT + PANTRY_COLUMN[p1]] = 1.0
        obs[o + 2 * SLOT + PANTRY_COLUMN[p2]] = 1.0
        obs[o + 3 * SLOT + PANTRY_COLUMN[p3]] = 1.0
        discard = state.discard
        if discard != NO_CARDS:
            o = self.o_discard
            for k in compress(KIND_RANGE, discard):
                obs[o + k] = TWELFTHS[discard[k]]
        # bowls; the points and tie-break counts of the eaten ones by seat
        bowls = self._bowls[nori_in_fury]
        eaten = state.eaten
        bowl_at = tables.bowl_at
        points: list[int] | None = None
        cards: list[int] = []
        for j, stack in enumerate(state.bowls):
            if stack:
                bowl = bowls.get(tuple(stack)) or self._bowl_info(stack, nori_in_fury)
                o, o_state, o_points = bowl_at[j]
                for k, x in bowl.entries:
                    obs[o + k] = x
                if eaten[j]:
                    obs[o_state] = 1.0
                    obs[o_points] = bowl.score
                    if points is None:
                        points = [0] * self.players
                        cards = [0] * self.players
                    points[j // BOWLS] += bowl.points
                    cards[j // BOWLS] += bowl.cards if tiebreak_all else bowl.plain_cards
                elif bowl.eatable:
                    obs[o_state + 1] = 1.0
                    obs[o_points] = bowl.score
            elif eaten[j]:
                obs[bowl_at[j][1]] = 1.0
        if points is not None:
            rel = tables.rel
            for s, n in enumerate(points):
                if n:
                    obs[self.o_points + rel[s]] = signed(n, POINTS_SCALE)
                if cards[s]:
                    obs[self.o_eaten + rel[s]] = scaled(cards[s], CARDS_EATEN_SCALE)
        return obs

    # -- actions ------------------------------------------------------------------------

    def action_id(self, seat: int, action: Action) -> int:
        """The id of one of the game's actions when ``seat`` plays it (read from the
        decision's data: its card, its bowls and seats)."""
        key = (seat, action)
        found = self._ids.get(key)
        if found is not None:
            return found
        data = self.game.action_to_json(action)
        kind = data["type"]
        out: int
        if kind == "prep":
            out = PREP + 3 * KIND[data["card"]] + data["bowl"]
        elif kind == "draw":
            out = DRAW_DECK if data["card"] is None else DRAW + KIND[data["card"]]
        elif kind == "spoon":
            r = relative(seat, data["seat"], self.players)
            out = SPOON + 9 * r + 3 * data["bowl"] + data["to"]
        elif kind == "restock":
            out = RESTOCK
        elif kind == "eat":
            out = EAT + data["bowl"]
        elif kind == "empty":
            out = EMPTY + data["bowl"]
        elif kind in ("place", "use") and data["card"] in SPECIAL:
            r = relative(seat, data["seat"], self.players)
            base = PLACE if kind == "place" else USE
            out = base + 15 * SPECIAL[data["card"]] + 3 * r + data["bowl"]
        elif kind == "discard":
            out = DISCARD + KIND[data["card"]]
        elif kind == "skip":
            out = SKIP
        elif kind == "end":
            out = END
        else:
            raise ValueError(f"no Ramen Fury action id for {data!r}")
        self._ids[key] = out
        return out

    def legal(self, seat: int, view: View, legal: Sequence[Action]) -> LegalMap:
        ids = self._ids
        out: dict[int, Any] = {}
        for action in legal:
            found = ids.get((seat, action))
            out[self.action_id(seat, action) if found is None else found] = action
        return out

    def legal_state(self, state: Any, seat: int) -> LegalMap:
        """:meth:`legal` read from the state: the ids follow the game's rules for legal
        actions (:meth:`FuryState.legal_actions`) step by step; an id's action is looked
        up in a table only if it is played."""
        tables = (self._seat_tables or self._tables())[seat]
        phase = state.phase
        hand = state.hands[seat]
        ids: list[int]
        if phase == PHASE_DISCARD:
            ids = [DISCARD + k for k in compress(KIND_RANGE, hand)]
        elif phase == PHASE_REVEAL:  # a revealed Nori or Chili
            opens = self._open_bowls(state, tables.bowl_rel)
            ids = []
            pantry = state.pantry
            seen = 0  # kinds already offered (bit per kind)
            for slot in state.pending:
                kind = pantry[slot]
                if not seen >> kind & 1:
                    seen |= 1 << kind
                    base = USE + SPECIALS * (kind - NORI)
                    ids += [base + i for i in opens]
            if not state.mandatory or not ids:
                ids.append(SKIP)
        else:  # the actions, or free plays and ending the turn
            if phase == PHASE_ACTION and state.actions_left > 0:
                ids = self._action_ids(state, seat, tables.bowl_rel)
            else:
                ids = []
            if hand[NORI] or hand[CHILI]:  # free plays
                opens = self._open_bowls(state, tables.bowl_rel)
                if hand[NORI]:
                    ids += [PLACE + i for i in opens]
                if hand[CHILI]:
                    ids += [PLACE + SPECIALS + i for i in opens]
            if phase == PHASE_FREE:
                ids.append(END)
        if not ids:
            return {}
        return LazyLegal(ids, tables.actions.__getitem__)

    @staticmethod
    def _open_bowls(state: Any, bowl_rel: tuple[int, ...]) -> list[int]:
        """The bowls (of every seat, counted from the deciding one) not eaten, with room."""
        eaten = state.eaten
        return [
            bowl_rel[j]
            for j, stack in enumerate(state.bowls)
            if len(stack) < BOWL_CAP and not eaten[j]
        ]

    def _action_ids(self, state: Any, seat: int, bowl_rel: tuple[int, ...]) -> list[int]:
        """The ids of the six actions (prep, draw, spoon, restock, eat, empty)."""
        bowls = state.bowls
        eaten = state.eaten
        nori_in_fury = state.nori_in_fury
        cache = self._bowls[nori_in_fury]
        ids: list[int] = []
        room = plain = 0  # own bowls with room; those of them without a Flavor (bit = bowl)
        j = BOWLS * seat
        for b in range(BOWLS):
            if not eaten[j]:
                stack = bowls[j]
                if stack:
                    bowl = cache.get(tuple(stack)) or self._bowl_info(stack, nori_in_fury)
                    if bowl.eatable:
                        ids.append(EAT + b)
                    ids.append(EMPTY + b)
                    if len(stack) < BOWL_CAP:
                        room |= 1 << b
                        if not bowl.flavored:
                            plain |= 1 << b
                else:
                    room |= 1 << b
                    plain |= 1 << b
            j += 1
        if room:  # prep: a card from hand; a Flavor only onto a bowl without one
            for k in compress(KIND_RANGE, state.hands[seat]):
                ids += PREP_IDS[k][plain if k <= FURY else room]
        if state.deck:
            ids += (DRAW_DECK, RESTOCK)
        seen = 0
        for k in state.pantry:  # each kind once
            if k >= 0 and not seen >> k & 1:
                seen |= 1 << k
                ids.append(DRAW + k)
        if room and state.spoons[seat]:  # the top card of any bowl in play, where it fits
            ids += [
                x
                for j, stack in enumerate(bowls)
                if stack and not eaten[j]
                for x in SPOON_IDS[bowl_rel[j]][plain if stack[-1] <= FURY else room]
            ]
        return ids

    def action_label(self, seat: int, action_id: int) -> str:
        if not 0 <= action_id < NUM_ACTIONS:
            raise ValueError(f"no Ramen Fury action id {action_id} (ids 0–{NUM_ACTIONS - 1})")

        def bowl(i: int) -> str:
            return f"{(seat + i // 3) % self.players}.{i % 3 + 1}"

        a = action_id
        if a < DRAW:
            return f"prep {KINDS[a // 3]}>{a % 3 + 1}"
        if a < DRAW_DECK:
            return f"draw {KINDS[a - DRAW]}"
        if a == DRAW_DECK:
            return "draw deck"
        if a < RESTOCK:
            k = a - SPOON
            return (
                f"spoon {bowl(k // 3)}>{k % 3 + 1}"
                if k // 9 < self.players
                else (f"spoon seat+{k // 9} (no such seat)")
            )
        if a == RESTOCK:
            return "restock"
        if a < EMPTY:
            return f"eat {a - EAT + 1}"
        if a < PLACE:
            return f"empty {a - EMPTY + 1}"
        if a < DISCARD or USE <= a < SKIP:
            verb, k = ("place", a - PLACE) if a < DISCARD else ("use", a - USE)
            card = ("No", "Cl")[k // 15]
            i = k % 15
            if i // 3 >= self.players:
                return f"{verb} {card} seat+{i // 3} (no such seat)"
            return f"{verb} {card}>{bowl(i)}"
        if a < USE:
            return f"discard {KINDS[a - DISCARD]}"
        return "skip" if a == SKIP else "end"

    def score_bounds(self) -> tuple[float, float]:
        # a bowl scores at most 14 (Soy Sauce) and at least -4 (four Chili)
        return (-15.0, 45.0)

    def max_decisions(self) -> int:
        # every decision moves a card, spends a spoon, an action or a turn; generous bound
        return 4000
