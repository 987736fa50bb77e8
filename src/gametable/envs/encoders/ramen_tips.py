"""Ramen (the tips game): 3,564 action ids by card identity; a float observation.

Cards (45) are numbered ``9 * type + value - 1`` with the types in the notation's order
C A S N Y (C1 = 0 … Y9 = 44). Bowls are a seat's own, numbered from 0; a seat never
holds more than 10 ingredient cards, so never more than 10 bowls.

=========  =========  =========================================================
ids        decision   id formula
=========  =========  =========================================================
0–44       choose     ``card``: the card you secretly reveal this round
45–89      exchange   ``45 + card``: your lone 1 for that revealed card
90–99      swap       ``90 + pair``: swap two preference cards (pairs of types in
                      the order CA CS CN CY AS AN AY SN SY NY)
100        pass       decline a 1 or a 5
101–550    take       ``101 + 10 * card + bowl``: an offer card into a bowl
551–560    keep       ``551 + bowl``: final round, your own card into a bowl
561–3563   shoyu      ``561 + k``: the k-th way to place Shōyu — sorted tuples of
                      at most 5 bowls, shortest first, then in order (``()`` is 561)
=========  =========  =========================================================

The choose and shoyu decisions are secret: the other seats see only that a seat has
committed (OpenSpiel's information states hide these ids from the other seats).

The fast path (``encode_state``, ``legal_state``) computes the same vector and ids
straight from the game's state, under the view's visibility conditions; it writes each
entry through a memoryview of the vector and looks actions up in the game's own tables of
decisions (``tests/envs/test_envs_fast_path.py`` checks it equals the view path). When
built, ``ramen_tips_fast`` (Cython) computes the same vector and take/keep ids in C.

The constants both read (the cards and their order, the phases' numbers, the Shōyu cards)
are the game's own, taken from its modules here and checked again by the compiled module
when it is imported: a mismatch fails loudly (``ImportError``) instead of encoding wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gametable.core.game import Action, View
from gametable.envs.encoding import (
    Encoder,
    FloatArray,
    LazyLegal,
    LegalMap,
    multiset_index,
    register_encoder,
    relative,
    scaled,
)
from gametable.games.ramen_tips import cards as _cards
from gametable.games.ramen_tips import state as _state

LETTERS = "".join(_cards.LETTERS)
CARDS = _cards.CARD_NAMES
"""The cards by number, as the game numbers them (``9 * type + value - 1``)."""
CARD = {name: i for i, name in enumerate(CARDS)}
TYPE_PAIRS = tuple((a, b) for a in range(5) for b in range(a + 1, 5))
TYPE_PAIR_INDEX = {(LETTERS[a], LETTERS[b]): k for k, (a, b) in enumerate(TYPE_PAIRS)}
MAX_SEATS = 5
MAX_BOWLS = 10
MAX_SHOYU = _state.SHOYU_CARDS
CHOOSE, EXCHANGE, SWAP, PASS, TAKE, KEEP, SHOYU = 0, 45, 90, 100, 101, 551, 561
SHOYU_INDEX, SHOYU_TUPLES = multiset_index(MAX_SHOYU, MAX_BOWLS)
NUM_ACTIONS = SHOYU + len(SHOYU_TUPLES)
PHASES = ("choose", "exchange", "swap", "take", "shoyu")
_SWAP_IDS = (PASS, *range(SWAP, PASS))
"""The legal ids for a lone 5: pass, or any swap."""
GRUNCHIE = 5
"""Position of Grunchie's revealed card among the per-seat slots (after the 5 seats)."""

# -- the fast path's tables ---------------------------------------------------------------

_CHOOSING, _EXCHANGING, _SWAPPING, _TAKING, _PLACING, _OVER = (
    _state.CHOOSE,
    _state.EXCHANGE,
    _state.SWAP,
    _state.TAKE,
    _state.SHOYU_PHASE,
    _state.OVER,
)
"""The state's phase numbers (``TipsState.phase``), in the order of the view's phase
names: choose, exchange, swap, take, shoyu (``PHASES``), then over."""
_VALUE9 = tuple((c % 9 + 1) / 9 for c in range(45))
"""A card's value / 9: its entry in a bowl."""
_FIELD = MAX_BOWLS + 1
"""Bits per type in :data:`_SPREAD`'s numbers: one per bowl, and one for an 11th bowl."""
_SPREAD = tuple(sum(1 << (_FIELD * t) for t in range(5) if mask >> t & 1) for mask in range(1 << 5))
"""A bowl's type mask spread out: bit ``_FIELD * type`` for each type it holds. Shifted by
the bowl's number and OR-ed over a seat's bowls, it gives per type a field of the bowls
holding it, so the bowls lacking each type come out of one loop over the bowls."""
SHOYU_NARUTO = _cards.SHOYU
"""The Shōyu Naruto's number among the state's Narutos (after the five types)."""


def _check_the_game() -> None:
    """The encoding's layout rests on these facts of the game: fail at import, loudly,
    if the game ever changes them (rather than encode observations wrong)."""
    facts = {
        "cards": (len(CARDS), 45),
        "card numbers": (CARDS[:2] + CARDS[-1:], ("C1", "C2", "Y9")),
        "phases": (_state.PHASE_NAMES[:5], PHASES),
        "Shōyu Naruto": (SHOYU_NARUTO, 5),
        "swap pairs": (tuple((s.a, s.b) for s in _state.SWAPS), TYPE_PAIRS),
        "largest hand": (_state.hand_size(2), 9),
    }
    for what, (game, here) in facts.items():
        if game != here:
            raise ImportError(f"ramen-tips changed its {what}: {game!r}, not {here!r}")


_check_the_game()


class _SeatTables:
    """The vector indices that depend on the observing seat (the others counted from it)."""

    __slots__ = ("committed", "current", "order", "original", "placed", "revealed", "seats")

    def __init__(self, enc: RamenTipsEncoder, seat: int) -> None:
        players = enc.players
        nslots = players + 1 if players == 2 else players  # Grunchie's slot with 2 players
        slots = [enc._slot(seat, slot) for slot in range(nslots)]
        rel = [relative(seat, s, players) for s in range(players)]

        def cards(base: int) -> tuple[int, ...]:
            return tuple(range(base, base + 45))

        self.revealed = tuple(cards(enc.o_revealed + 45 * r) for r in slots)
        """Per slot, per card: the index of that card revealed there."""
        self.original = tuple(cards(enc.o_original + 45 * r) for r in slots)
        self.order = tuple(enc.o_order + r for r in slots)
        """Per slot: the index of its place in the order of choice."""
        self.committed = tuple(enc.o_committed + r for r in rel)
        self.current = tuple(enc.o_current + r for r in rel)
        self.seats = tuple(
            (
                tuple(
                    tuple(enc.o_bowls + 5 * (MAX_BOWLS * r + b) + c // 9 for c in range(45))
                    for b in range(MAX_BOWLS)
                ),
                enc.o_shoyu + r,
                enc.o_hand_sizes + r,
            )
            for r in rel
        )
        """Per seat: per bowl and card, the index of that card's type in that bowl; the
        index of its Shōyu count; the index of its hand size."""
        self.placed = tuple(
            tuple(enc.o_placed + MAX_BOWLS * r + b for b in range(MAX_BOWLS)) for r in rel
        )


class _Tables:
    """The fast path's indices by observing seat, and its caches (one set per encoder;
    each cache is bounded by its keys: a few thousand entries at most)."""

    __slots__ = ("by_seat", "keep_ids", "placements", "shoyu_ids", "take_ids")

    def __init__(self, enc: RamenTipsEncoder) -> None:
        self.by_seat = tuple(_SeatTables(enc, seat) for seat in range(enc.players))
        self.placements: dict[tuple[int, ...], tuple[tuple[int, float], ...]] = {}
        """By a committed Shōyu placement: its (index, value) entries."""
        self.take_ids: dict[int, tuple[int, ...]] = {}
        """By ``card << _FIELD | bowls``: the take ids of the card into those bowls (a bit
        per bowl)."""
        self.keep_ids: dict[int, tuple[int, ...]] = {}
        """By the bowls (a bit per bowl): the keep ids into those bowls."""
        self.shoyu_ids: dict[tuple[int, ...], tuple[int, ...]] = {}
        """By the Shōyu held and each bowl's capacity: the shoyu ids."""


def _placement_ids(base: int, bowls: int) -> tuple[int, ...]:
    """``base + b`` for each bowl ``b`` in the bit mask ``bowls``; like :meth:`action_id`,
    refuses a bowl past the encoding's ten."""
    if bowls >> MAX_BOWLS:
        raise ValueError(f"no id for bowl {MAX_BOWLS + 1}: the encoding holds bowls 1–{MAX_BOWLS}")
    return tuple(base + b for b in range(MAX_BOWLS) if bowls >> b & 1)


class _Actions:
    """The game's actions by id, from the game's own tables of decisions (one value per
    decision, shared).

    ``at(id)`` is the action of an id below ``KEEP`` (choose, exchange, swap, pass, take);
    ``keeps[card]`` the keeps of a card into bowls 1–10; a Shōyu placement is made when
    first asked for.
    """

    __slots__ = ("at", "keeps", "shoyu")

    def __init__(self, enc: RamenTipsEncoder) -> None:
        swaps = {(s.a, s.b): s for s in _state.SWAPS}
        by_id: list[Action] = [*_state.CHOOSES, *_state.EXCHANGES]
        by_id += [swaps[pair] for pair in TYPE_PAIRS]
        by_id.append(_state.PASS)
        by_id += [_state.TAKES[c][b] for c in range(45) for b in range(MAX_BOWLS)]
        if len(by_id) != KEEP:
            raise ValueError("the ramen-tips action ids do not match the game's decisions")
        self.at = tuple(by_id).__getitem__
        self.keeps = tuple(tuple(_state.KEEPS[c][:MAX_BOWLS]) for c in range(45))
        self.shoyu: dict[int, Action] = {}

    def shoyu_action(self, action_id: int) -> Action:
        """The Shōyu placement of a shoyu id."""
        found = self.shoyu.get(action_id)
        if found is None:
            found = self.shoyu[action_id] = _state.PlaceShoyu(SHOYU_TUPLES[action_id - SHOYU])
        return found


_ACTIONS: dict[int, _Actions] = {}
"""The game's actions by id, by ``id(game)`` (shared by the encoders of one game)."""


@register_encoder
class RamenTipsEncoder(Encoder):
    """See the module docstring; the slices are listed in ``docs/envs.md``."""

    game_name = "ramen-tips"

    def __init__(self, game: Any, players: int, options: Any) -> None:
        super().__init__(game, players, options)
        add = self.layout.add
        rel = [f"+{r}" for r in range(MAX_SEATS)]
        slots = [*rel, "grunchie"]
        self.o_players = add("players", 4, "one-hot player count 2–5", ["2p", "3p", "4p", "5p"])
        self.o_phase = add("phase", 5, "one-hot: choose, exchange, swap, take, shoyu", PHASES)
        self.o_to_act = add("to_act", 1, "1 when this seat is to decide")
        self.o_round = add("round", 2, "round / 9; 1 in the final round", ["round", "final_round"])
        self.o_pref = add(
            "preference",
            5 * 6 + 1,
            "per preference slot (tip 7, 6, 5, 4, 3): the type one-hot and its Naruto; "
            "then the Shōyu Naruto",
            [f"slot{i}.{x}" for i in range(5) for x in (*LETTERS, "naruto")] + ["shoyu_naruto"],
        )
        self.o_offer = add("offer", 45, "cards in the offer", CARDS)
        self.o_hand = add("hand", 45, "cards in hand", CARDS)
        self.o_chosen = add("chosen", 45, "the card this seat has chosen (until the reveal)", CARDS)
        self.o_committed = add(
            "committed", 5, "seats that have chosen (or placed Shōyu), from this one", rel
        )
        self.o_revealed = add(
            "revealed",
            6 * 45,
            "revealed card per seat from this one, then Grunchie's",
            [f"{s}.{c}" for s in slots for c in CARDS],
        )
        self.o_original = add(
            "revealed_original",
            6 * 45,
            "the card each seat revealed before any exchange",
            [f"{s}.{c}" for s in slots for c in CARDS],
        )
        self.o_effects = add("pending_effects", 45, "1s and 5s whose effect waits", CARDS)
        self.o_order = add(
            "order", 6, "place in the order of choice / 6 (0: not in it), per slot", slots
        )
        self.o_turn = add("turn", 1, "turns taken in the order of choice / 6")
        self.o_current = add("current", 5, "the seat deciding now (effects, takes)", rel)
        self.o_took = add("took_kept", 2, "this round's take done; keep done", ["took", "kept"])
        self.o_bowls = add(
            "bowls",
            5 * MAX_BOWLS * 5,
            "per seat from this one, per bowl 1–10: the value / 9 of its card of each type",
            [f"{r}.b{b + 1}.{t}" for r in rel for b in range(MAX_BOWLS) for t in LETTERS],
        )
        self.o_placed = add(
            "placed_shoyu",
            5 * MAX_BOWLS,
            "Shōyu placed in each bowl / 5 (shown at the end)",
            [f"{r}.b{b + 1}" for r in rel for b in range(MAX_BOWLS)],
        )
        self.o_shoyu = add("shoyu", 5, "Shōyu cards held / 5, per seat", rel)
        self.o_supply = add("shoyu_supply", 1, "Shōyu cards left / 5")
        self.o_my_shoyu = add(
            "my_shoyu_placement",
            MAX_BOWLS,
            "this seat's committed Shōyu per bowl / 5",
            [f"b{b + 1}" for b in range(MAX_BOWLS)],
        )
        self.o_hand_sizes = add("hand_sizes", 6, "cards in hand / 9, per slot", slots)
        self.o_removed = add("removed", 45, "cards Grunchie removed", CARDS)
        self.o_unused = add("unused_count", 1, "cards out of the game / 45")
        self.num_actions = NUM_ACTIONS
        fast = self._use_compiled("ramen_tips", RamenTipsEncoder)  # the same, in C, when built
        self._placement_ids: Callable[[Sequence[int], Sequence[int], int], Sequence[int]] = (
            self._python_placement_ids if fast is None else fast.placement_ids
        )
        """The take and keep ids (:meth:`_python_placement_ids`, compiled when built)."""
        self._ids: dict[Action, int] = {}
        self._fast: _Tables | None = None
        self._actions: _Actions | None = None

    # -- observation ------------------------------------------------------------------

    def _slot(self, seat: int, slot: int) -> int:
        return GRUNCHIE if slot >= self.players else relative(seat, slot, self.players)

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
        obs[self.o_round] = view["round"] / 9
        if view["final_round"]:
            ones.append(self.o_round + 1)
        for i, entry in enumerate(view["preference"]):
            ones.append(self.o_pref + 6 * i + LETTERS.index(entry["type"]))
            if entry["naruto"]:
                ones.append(self.o_pref + 6 * i + 5)
        if view["shoyu_naruto"]:
            ones.append(self.o_pref + 30)
        ones.extend(self.o_offer + CARD[c] for c in view["offer"])
        ones.extend(self.o_hand + CARD[c] for c in view["hand"])
        if view["chosen"] is not None:
            ones.append(self.o_chosen + CARD[view["chosen"]])
        for s, flag in enumerate(view["committed"]):
            if flag:
                ones.append(self.o_committed + relative(seat, s, players))
        for key, base in (("revealed", self.o_revealed), ("revealed_original", self.o_original)):
            cards = view[key]
            if cards is not None:
                for slot, name in enumerate(cards):
                    if name is not None and name in CARD:
                        ones.append(base + 45 * self._slot(seat, slot) + CARD[name])
        ones.extend(self.o_effects + CARD[c] for c in view["pending_effects"])
        for k, slot in enumerate(view["order"]):
            obs[self.o_order + self._slot(seat, slot)] = (k + 1) / 6
        obs[self.o_turn] = view["turn"] / 6
        if view["current"] is not None:
            ones.append(self.o_current + relative(seat, view["current"], players))
        if view["took"]:
            ones.append(self.o_took)
        if view["kept"]:
            ones.append(self.o_took + 1)
        for s in range(players):
            r = relative(seat, s, players)
            bowls = view["bowls"][s]
            if len(bowls) > MAX_BOWLS:
                raise ValueError(f"seat {s} has {len(bowls)} bowls; the encoding holds 10")
            for b, cards in enumerate(bowls):
                base = self.o_bowls + 5 * (MAX_BOWLS * r + b)
                for name in cards:
                    card = CARD[name]
                    obs[base + card // 9] = (card % 9 + 1) / 9
            for b, n in enumerate(view["placed"][s]):
                obs[self.o_placed + MAX_BOWLS * r + b] = n / 5
            obs[self.o_shoyu + r] = view["shoyu"][s] / 5
            obs[self.o_hand_sizes + r] = view["hand_sizes"][s] / 9
        if view["grunchie"]:
            obs[self.o_hand_sizes + GRUNCHIE] = view["grunchie_hand_size"] / 9
        obs[self.o_supply] = view["shoyu_supply"] / 5
        if view["shoyu_placement"] is not None:
            for b in view["shoyu_placement"]:
                obs[self.o_my_shoyu + b] += 1 / 5
        ones.extend(self.o_removed + CARD[c] for c in view["removed"])
        obs[self.o_unused] = scaled(view["unused_count"], 45)
        obs[ones] = 1.0
        return obs

    # -- the fast path: the same vector and ids, read from the state -------------------

    reads_state = True

    def _tables(self) -> _Tables:
        """The fast path's tables (built on first use, a few milliseconds)."""
        if self._fast is None:
            self._fast = _Tables(self)
        return self._fast

    def encode_state(self, state: Any, seat: int) -> FloatArray:
        """:meth:`encode` of ``state.view(seat)``, read from the state (equal by test).

        Reads what the view shows ``seat``, under the view's conditions and in
        :meth:`encode`'s order: its own hand, its chosen card (while choosing) and its
        committed Shōyu (while placing); of the other seats only their hand sizes and
        whether they have committed; the revealed cards once revealed; the public rest
        (bowls, Shōyu counts, offer, preference row, removed cards); only the number of
        Grunchie's cards and of the unused ones.
        """
        t = self._fast or self._tables()
        me = t.by_seat[seat]
        phase = state.phase
        chosen = state.chosen
        pending = state.shoyu_pending
        obs = np.zeros(self.layout.size, np.float32)
        # the array's memory as a memoryview: writing an item through it is cheaper than
        # into the array (typed Any: typeshed has a memoryview take ints only)
        v: Any = obs.data
        v[self.o_players + self.players - 2] = 1.0
        if phase < _OVER:
            v[self.o_phase + phase] = 1.0
        if phase == _CHOOSING:
            acting = chosen[seat] < 0
        elif phase == _PLACING:
            acting = pending[seat] is None
        else:
            acting = phase != _OVER and state.current == seat
        if acting:
            v[self.o_to_act] = 1.0
        v[self.o_round] = (state.round_no + 1) / 9
        if state.final:
            v[self.o_round + 1] = 1.0
        narutos = state.narutos
        base = self.o_pref
        for kind in state.pref:
            v[base + kind] = 1.0
            if kind in narutos:
                v[base + 5] = 1.0
            base += 6
        if SHOYU_NARUTO in narutos:
            v[base] = 1.0
        base = self.o_offer
        for c in state.offer:
            v[base + c] = 1.0
        base = self.o_hand
        for c in state.hands[seat]:
            v[base + c] = 1.0
        if phase == _CHOOSING:
            if chosen[seat] >= 0:
                v[self.o_chosen + chosen[seat]] = 1.0
            for i, c in zip(me.committed, chosen, strict=True):
                if c >= 0:
                    v[i] = 1.0
        elif phase == _PLACING:
            for i, placement in zip(me.committed, pending, strict=True):
                if placement is not None:
                    v[i] = 1.0
        revealed = state.revealed
        if _EXCHANGING <= phase <= _TAKING or (phase >= _PLACING and revealed[0] >= 0):
            for row, c in zip(me.revealed, revealed, strict=True):
                v[row[c]] = 1.0
            for row, c in zip(me.original, state.original, strict=True):
                v[row[c]] = 1.0
        base = self.o_effects
        for c in state.effects:
            v[base + c] = 1.0
        where = me.order
        for place, slot in enumerate(state.order, 1):
            v[where[slot]] = place / 6
        v[self.o_turn] = state.turn / 6
        if _EXCHANGING <= phase <= _TAKING:
            v[me.current[state.current]] = 1.0
        if state.took:
            v[self.o_took] = 1.0
        if state.kept:
            v[self.o_took + 1] = 1.0
        value9 = _VALUE9
        for (rows, shoyu_at, size_at), bowls, n, hand in zip(
            me.seats, state.bowls, state.shoyu, state.hands, strict=True
        ):
            if bowls:
                if len(bowls) > MAX_BOWLS:
                    raise ValueError(f"a seat has {len(bowls)} bowls; the encoding holds 10")
                for row, cards in zip(rows, bowls, strict=False):  # rows for 10 bowls
                    for c in cards:
                        v[row[c]] = value9[c]
            if n:
                v[shoyu_at] = n / 5
            v[size_at] = len(hand) / 9
        if any(state.placed):
            for row, counts in zip(me.placed, state.placed, strict=True):
                for i, n in zip(row, counts, strict=False):
                    v[i] = n / 5
        if state.nslots > self.players:
            v[self.o_hand_sizes + GRUNCHIE] = len(state.grunchie_hand) / 9
        v[self.o_supply] = state.shoyu_supply / 5
        if phase == _PLACING and pending[seat] is not None:
            bowls = pending[seat].bowls
            entries = t.placements.get(bowls)
            if entries is None:
                entries = t.placements[bowls] = self._placement_entries(bowls)
            for i, x in entries:
                v[i] = x
        base = self.o_removed
        for c in state.removed:
            v[base + c] = 1.0
        v[self.o_unused] = scaled(len(state.unused), 45)
        return obs

    def _placement_entries(self, bowls: Sequence[int]) -> tuple[tuple[int, float], ...]:
        """The (index, value) entries of a committed Shōyu placement, each bowl's value
        summed in float32 one fifth at a time as :meth:`encode` sums it."""
        sums = np.zeros(MAX_BOWLS, np.float32)
        for b in bowls:
            sums[b] += 1 / 5
        return tuple((self.o_my_shoyu + b, float(sums[b])) for b in sorted(set(bowls)))

    def legal_state(self, state: Any, seat: int) -> LegalMap:
        """:meth:`legal` for ``seat`` (to act now), read from the state: its hand while
        choosing; pass or the other revealed cards for a lone 1; pass or any swap for a
        lone 5; each offer card into the bowls lacking its type (else a new bowl), and in
        the final round its own card the same way; the Shōyu placements its bowls allow.
        An id's action is looked up only if it is played."""
        actions = self._actions or self._load_actions()
        phase = state.phase
        if phase == _CHOOSING:
            return LazyLegal(state.hands[seat], actions.at)  # a choice's id is its card
        if phase == _TAKING:
            return self._take_ids(state, seat, actions)
        if phase == _EXCHANGING:
            revealed = state.revealed
            mine = revealed[seat]
            return LazyLegal([PASS, *[EXCHANGE + c for c in revealed if c != mine]], actions.at)
        if phase == _SWAPPING:
            return LazyLegal(_SWAP_IDS, actions.at)
        return LazyLegal(self._shoyu_ids(state, seat), actions.shoyu_action)

    def _load_actions(self) -> _Actions:
        """The game's actions by id (read once per game, shared by its encoders)."""
        actions = _ACTIONS.get(id(self.game))
        if actions is None:
            actions = _ACTIONS[id(self.game)] = _Actions(self)
        self._actions = actions
        return actions

    def _take_ids(self, state: Any, seat: int, actions: _Actions) -> LegalMap:
        """The take ids, and the keep ids in the final round."""
        masks = state.masks[seat]
        if len(masks) > MAX_BOWLS:
            raise ValueError(f"seat {seat} has {len(masks)} bowls; the encoding holds 10")
        offer = () if state.took else state.offer
        if state.kept:
            return LazyLegal(self._placement_ids(offer, masks, -1), actions.at)
        own = state.own_final_card(seat)
        ids = self._placement_ids(offer, masks, own)
        at = actions.at
        keeps = actions.keeps[own]
        return LazyLegal(ids, lambda a: at(a) if a < KEEP else keeps[a - KEEP])

    def _python_placement_ids(
        self, offer: Sequence[int], masks: Sequence[int], own: int
    ) -> list[int]:
        """The take ids of each card of ``offer`` into the bowls it may go into (``masks``:
        each bowl's types as bits), then the keep ids of the card ``own`` if not -1."""
        t = self._fast or self._tables()
        nbowls = len(masks)
        spread = _SPREAD
        held = 0  # per type, a field of the bowls that hold it
        for b, mask in enumerate(masks):
            held |= spread[mask] << b
        every = (1 << nbowls) - 1
        new = 1 << nbowls
        ids: list[int] = []
        cache = t.take_ids
        for c in offer:
            lacking = ~(held >> _FIELD * (c // 9)) & every or new
            key = c << _FIELD | lacking
            found = cache.get(key)
            if found is None:
                found = cache[key] = _placement_ids(TAKE + 10 * c, lacking)
            ids += found
        if own != -1:
            lacking = ~(held >> _FIELD * (own // 9)) & every or new
            found = t.keep_ids.get(lacking)
            if found is None:
                found = t.keep_ids[lacking] = _placement_ids(KEEP, lacking)
            ids += found
        return ids

    def _shoyu_ids(self, state: Any, seat: int) -> tuple[int, ...]:
        """The shoyu ids: up to the Shōyu held, at most one per two cards in each bowl."""
        t = self._fast or self._tables()
        key = (state.shoyu[seat], *[len(cards) // 2 for cards in state.bowls[seat]])
        ids = t.shoyu_ids.get(key)
        if ids is None:
            held, *caps = key
            found: list[int] = []

            def place(b: int, left: int, acc: tuple[int, ...]) -> None:
                if b == len(caps):
                    found.append(SHOYU + SHOYU_INDEX[acc])
                    return
                for k in range(min(caps[b], left) + 1):
                    place(b + 1, left - k, acc + (b,) * k)

            place(0, held, ())
            ids = t.shoyu_ids[key] = tuple(found)
        return ids

    # -- actions ------------------------------------------------------------------------

    def action_id(self, action: Action) -> int:
        """The id of one of the game's actions (the same for every seat), from the
        decision's own fields."""
        found = self._ids.get(action)
        if found is not None:
            return found
        if isinstance(action, _state.Choose):
            out = CHOOSE + action.card
        elif isinstance(action, _state.Exchange):
            out = EXCHANGE + action.card
        elif isinstance(action, _state.Swap):
            out = SWAP + TYPE_PAIRS.index((action.a, action.b))
        elif isinstance(action, _state.Pass):
            out = PASS
        elif isinstance(action, _state.Take | _state.Keep):
            b = action.bowl
            if b >= MAX_BOWLS:
                raise ValueError(f"{action!r}: the encoding holds bowls 1–{MAX_BOWLS}")
            out = TAKE + 10 * action.card + b if isinstance(action, _state.Take) else KEEP + b
        elif isinstance(action, _state.PlaceShoyu):
            out = SHOYU + SHOYU_INDEX[action.bowls]
        else:
            raise ValueError(f"no ramen-tips action id for {action!r}")
        self._ids[action] = out
        return out

    def legal(self, seat: int, view: View, legal: Sequence[Action]) -> LegalMap:
        ids = self._ids
        out: dict[int, Any] = {}
        for action in legal:
            found = ids.get(action)
            out[self.action_id(action) if found is None else found] = action
        return out

    def action_label(self, seat: int, action_id: int) -> str:
        a = action_id
        if not 0 <= a < NUM_ACTIONS:
            raise ValueError(f"no ramen-tips action id {a} (ids 0–{NUM_ACTIONS - 1})")
        if a < EXCHANGE:
            return f"play {CARDS[a]}"
        if a < SWAP:
            return f"exchange {CARDS[a - EXCHANGE]}"
        if a < PASS:
            x, y = TYPE_PAIRS[a - SWAP]
            return f"swap {LETTERS[x]} {LETTERS[y]}"
        if a == PASS:
            return "pass"
        if a < KEEP:
            k = a - TAKE
            return f"take {CARDS[k // 10]}>{k % 10 + 1}"
        if a < SHOYU:
            return f"keep own card>{a - KEEP + 1}"
        bowls = SHOYU_TUPLES[a - SHOYU]
        return "shoyu " + (" ".join(str(b + 1) for b in bowls) or "none")

    def secret(self, action_id: int) -> bool:
        return action_id < EXCHANGE or action_id >= SHOYU

    def score_bounds(self) -> tuple[float, float]:
        # 10 cards: at most 3 valid ramen of at most 15 cards with Shōyu, 25 yen of tips,
        # 9 of Narutos, 10 of bonus; at worst every card (≤ 90) in invalid bowls
        return (-90.0, 90.0)

    def max_decisions(self) -> int:
        # per round: every seat chooses, two effects, every seat takes (and keeps)
        return 9 * (5 + 2 + 2 * 5) + 5
