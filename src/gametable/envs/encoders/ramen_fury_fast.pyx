# cython: language_level=3, wraparound=False, cdivision=True
"""Ramen Fury's observation and legal ids, compiled: ``RamenFuryEncoder.encode_state`` and
``legal_state`` in C.

The same vector and the same ids (in the same order) as the Python fast path
(``ramen_fury.py``); the tests compare the two at every position of many games. Built by
Cython when the package is installed; without a C compiler the Python path is used
(``docs/envs.md``).

Every rule's number (the bowl's five cards, what a Shrimp pair or a Chili scores …) and
every scale of the observation is read from the Python definitions when the module is
imported (``cards``, ``state`` and the encoder module), never written here; the sizes C
needs at compile time (the ``enum`` below: card kinds, bowls, seats, Pantry slots, ids)
are checked against them then, and a mismatch refuses the import (``ImportError``), so
the Python path runs instead of a stale build.
"""

import numpy as np

from gametable.envs.encoders import ramen_fury as _enc
from gametable.envs.encoding import LazyLegal
from gametable.games.ramen_fury import cards as _cards
from gametable.games.ramen_fury import state as _fury

from cpython.buffer cimport PyBuffer_Release

from gametable.envs.encoders._vector cimport add, floats, put


cdef enum:
    KINDS = 14
    BOWLS = 3
    MAX_SEATS = 5
    PANTRY = 4
    MAX_IDS = 185

if (
    _cards.KINDS != KINDS
    or _fury.BOWLS != BOWLS
    or _enc.MAX_SEATS != MAX_SEATS
    or _fury.PANTRY_SIZE != PANTRY
    or _enc.NUM_ACTIONS != MAX_IDS
    or len(_cards.TYPES_TABLE) != 5
    or (len(_cards.PROTEINS), len(_cards.VEGETABLES), len(_cards.REGULARS)) != (4, 4, 7)
    or not {*_cards.FLAVORS, *_cards.REGULARS, *_cards.SPECIALS} <= {*range(KINDS)}
    or tuple(_cards.FLAVORS) != tuple(range(_cards.FURY + 1))
    or _fury.MAX_SEATS != MAX_SEATS
):
    raise ImportError("ramen_fury_fast was built for other Ramen Fury tables: rebuild it")

cdef int FURY = _cards.FURY
cdef int SOY = _cards.SOY
cdef int BEEF = _cards.BEEF
cdef int SHRIMP = _cards.SHRIMP
cdef int CHICKEN = _cards.CHICKEN
cdef int NORI = _cards.NORI
cdef int CHILI = _cards.CHILI
cdef int TOFU = _cards.TOFU
cdef int BOWL_CAP = _cards.BOWL_CAP
cdef int EAT_MIN_CARDS = _cards.EAT_MIN_CARDS
cdef int SHRIMP_PAIR_POINTS = _cards.SHRIMP_PAIR_POINTS
cdef int CHICKEN_PAIR_POINTS = _cards.CHICKEN_PAIR_POINTS
cdef int CHICKEN_THREE_POINTS = _cards.CHICKEN_THREE_POINTS
cdef int NORI_POINTS = _cards.NORI_POINTS
cdef int CHILI_POINTS = _cards.CHILI_POINTS
cdef int FURY_CHILI_POINTS = _cards.FURY_CHILI_POINTS
# the observation's scales (``ramen_fury.py``)
cdef double ACTIONS_SCALE = _enc.ACTIONS_SCALE
cdef double HAND_SCALE = _enc.HAND_SCALE
cdef double SPOONS_SCALE = _enc.SPOONS_SCALE
cdef double DECK_SCALE = _enc.DECK_SCALE
cdef double DISCARD_SCALE = _enc.DISCARD_SCALE
cdef double BOWL_POINTS_SCALE = _enc.BOWL_POINTS_SCALE
cdef double POINTS_SCALE = _enc.POINTS_SCALE
cdef double CARDS_EATEN_SCALE = _enc.CARDS_EATEN_SCALE
cdef double FINAL_SCALE = _enc.FINAL_SCALE
cdef int EMPTY_SLOT = _fury.EMPTY
cdef int ACTION = _enc.PHASE_ACTION
cdef int DISCARD = _enc.PHASE_DISCARD
cdef int REVEAL = _enc.PHASE_REVEAL
cdef int FREE = _enc.PHASE_FREE
cdef int OVER = _enc.PHASE_OVER
cdef int ID_PREP = _enc.PREP
cdef int ID_DRAW = _enc.DRAW
cdef int ID_DRAW_DECK = _enc.DRAW_DECK
cdef int ID_SPOON = _enc.SPOON
cdef int ID_RESTOCK = _enc.RESTOCK
cdef int ID_EAT = _enc.EAT
cdef int ID_EMPTY = _enc.EMPTY
cdef int ID_PLACE = _enc.PLACE
cdef int ID_DISCARD = _enc.DISCARD
cdef int ID_USE = _enc.USE
cdef int ID_SKIP = _enc.SKIP
cdef int ID_END = _enc.END
cdef int SPECIALS = _enc.SPECIALS

# scoring (``cards.bowl_breakdown``): the kinds each Flavor counts
cdef int TYPES_TABLE[5]
cdef int PROTEIN[4]
cdef int VEGETABLE[4]
cdef int REGULAR[7]
cdef int PURE_PROTEIN[3]
cdef int PURE_VEGETABLE[3]
for _i, _x in enumerate(_cards.TYPES_TABLE):
    TYPES_TABLE[_i] = _x
for _i, _x in enumerate(_cards.PROTEINS):
    PROTEIN[_i] = _x
for _i, _x in enumerate(_cards.VEGETABLES):
    VEGETABLE[_i] = _x
for _i, _x in enumerate(_cards.REGULARS):
    REGULAR[_i] = _x
for _i, _x in enumerate((_cards.CHASHU, _cards.EGGS, _cards.NARUTO)):
    PURE_PROTEIN[_i] = _x
for _i, _x in enumerate((_cards.CORN, _cards.MUSHROOMS, _cards.SCALLIONS)):
    PURE_VEGETABLE[_i] = _x


cdef inline double scaled(double value, double top):
    cdef double x = value / top
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


cdef inline double signed(double value, double top):
    cdef double x = value / top
    return -1.0 if x < -1.0 else (1.0 if x > 1.0 else x)


cdef int bowl_points(const int* counts, int flavor, bint nori_in_fury):
    """``cards.bowl_points`` of a bowl from its per-kind counts and its Flavor (-1: none)."""
    cdef int nori = counts[NORI] * NORI_POINTS
    cdef int chili = counts[CHILI]
    cdef int base = 0, k, p, v, t, most
    if flavor == FURY:
        return FURY_CHILI_POINTS * chili + (nori if nori_in_fury else 0)
    if flavor == SOY:
        for k in range(4):
            base += counts[VEGETABLE[k]] != 0
        base = TYPES_TABLE[base]
    elif flavor == BEEF:
        for k in range(4):
            base += counts[PROTEIN[k]] != 0
        base = TYPES_TABLE[base]
    elif flavor == SHRIMP:
        p = counts[PURE_PROTEIN[0]] + counts[PURE_PROTEIN[1]] + counts[PURE_PROTEIN[2]]
        v = counts[PURE_VEGETABLE[0]] + counts[PURE_VEGETABLE[1]] + counts[PURE_VEGETABLE[2]]
        t = counts[TOFU]
        base = SHRIMP_PAIR_POINTS * min(p + t, v + t, (p + v + t) // 2)
    elif flavor == CHICKEN:
        most = 0
        for k in range(7):
            if counts[REGULAR[k]] > most:
                most = counts[REGULAR[k]]
        base = CHICKEN_THREE_POINTS if most >= 3 else (CHICKEN_PAIR_POINTS if most == 2 else 0)
    return base + nori + CHILI_POINTS * chili


cdef inline int kind_of(object card) except -1:
    cdef int c = card
    if c < 0 or c >= KINDS:
        raise IndexError(f"no Ramen Fury card kind {c}")
    return c


cdef inline int push(int* ids, int n, int action_id) except -1:
    if n >= MAX_IDS:
        raise IndexError("more legal ids than actions")
    ids[n] = action_id
    return n + 1


cdef class Observer:
    """Writes a seat's observation and legal ids from a ``FuryState`` (the offsets are the
    encoder's)."""

    cdef int players, o_players, o_phase, o_to_act, o_actions, o_hand, o_hand_sizes
    cdef int o_known, o_pantry, o_revealed, o_refill, o_deck, o_discard, o_spoons
    cdef int o_bowl_cards, o_bowl_top, o_bowl_state, o_bowl_points, o_points, o_eaten
    cdef int o_final, o_options, slot
    cdef float[::1] sixths, fifths
    cdef object zero, tables, makes

    def __init__(self, encoder, zero):
        self.players = encoder.players
        if not 2 <= self.players <= MAX_SEATS:
            raise ValueError(f"Ramen Fury has 2 to {MAX_SEATS} players, not {self.players}")
        self.o_players = encoder.o_players
        self.o_phase = encoder.o_phase
        self.o_to_act = encoder.o_to_act
        self.o_actions = encoder.o_actions
        self.o_hand = encoder.o_hand
        self.o_hand_sizes = encoder.o_hand_sizes
        self.o_known = encoder.o_known
        self.o_pantry = encoder.o_pantry
        self.o_revealed = encoder.o_revealed
        self.o_refill = encoder.o_refill
        self.o_deck = encoder.o_deck
        self.o_discard = encoder.o_discard
        self.o_spoons = encoder.o_spoons
        self.o_bowl_cards = encoder.o_bowl_cards
        self.o_bowl_top = encoder.o_bowl_top
        self.o_bowl_state = encoder.o_bowl_state
        self.o_bowl_points = encoder.o_bowl_points
        self.o_points = encoder.o_points
        self.o_eaten = encoder.o_eaten
        self.o_final = encoder.o_final
        self.o_options = encoder.o_options
        self.slot = _enc.SLOT
        self.sixths = np.array(_enc.SIXTHS, np.float32)
        self.fifths = np.array(_enc.FIFTHS, np.float32)
        self.zero = zero
        self.tables = encoder._tables
        self.makes = None

    def encode(self, state, int seat):
        """The observation vector of ``seat`` (a new float32 array)."""
        obs = self.zero.copy()
        cdef Py_buffer buf
        cdef Py_ssize_t n
        cdef float* v = floats(obs, &buf, &n)
        try:
            self.write(v, n, state, seat)
        finally:
            PyBuffer_Release(&buf)
        return obs

    cdef int write(self, float* v, Py_ssize_t nv, state, int seat) except -1:
        cdef int players = self.players
        if seat < 0 or seat >= players:
            raise IndexError(f"no seat {seat} in a {players}-player game")
        cdef float[::1] sixths = self.sixths
        cdef float[::1] fifths = self.fifths
        cdef int phase = state.phase
        cdef int n, k, s, r, j, i, o, c, size, flavors, flavor, points
        cdef bint nori_in_fury = state.nori_in_fury
        cdef bint tiebreak_all = state.tiebreak_all
        cdef bint scored = False
        cdef int counts[KINDS]
        cdef int seat_points[MAX_SEATS]
        cdef int seat_cards[MAX_SEATS]
        # the player count, the turn and the rules flags
        put(v, nv, self.o_players + players - 2, 1.0)
        n = state.actions_left
        put(v, nv, self.o_actions, n / ACTIONS_SCALE)
        if phase != OVER:
            put(v, nv, self.o_phase + phase, 1.0)
            if seat == <int>state.current:
                put(v, nv, self.o_to_act, 1.0)
        for x in state.pending:
            n = x
            put(v, nv, self.o_revealed + n, 1.0)
        n = state.refill_slot
        if n >= 0:
            put(v, nv, self.o_refill + n, 1.0)
        n = state.final_left
        if n >= 0:
            put(v, nv, self.o_final, 1.0)
            put(v, nv, self.o_final + 1, scaled(n, FINAL_SCALE))
        if nori_in_fury:
            put(v, nv, self.o_options, 1.0)
        if state.mandatory:
            put(v, nv, self.o_options + 1, 1.0)
        if not tiebreak_all:
            put(v, nv, self.o_options + 2, 1.0)
        if state.options.get("basic", False):
            put(v, nv, self.o_options + 3, 1.0)
        # cards: deck, hand, hand sizes, spoons, known hands, Pantry, discard pile
        n = len(state.deck)
        if n:
            put(v, nv, self.o_deck, n / DECK_SCALE)
        o = self.o_hand
        k = 0
        for x in state.hands[seat]:
            if k == KINDS:
                break
            n = x
            if n:
                put(v, nv, o + k, sixths[n])
            k += 1
        hand_sizes = state.hand_sizes
        spoons = state.spoons
        known = state.known
        for s in range(players):
            r = s - seat
            if r < 0:
                r += players
            n = hand_sizes[s]
            if n:
                put(v, nv, self.o_hand_sizes + r, scaled(n, HAND_SCALE))
            n = spoons[s]
            if n:
                put(v, nv, self.o_spoons + r, n / SPOONS_SCALE)
            o = self.o_known + KINDS * r
            k = 0
            for x in known[s]:
                if k == KINDS:
                    break
                n = x
                if n:
                    put(v, nv, o + k, sixths[n])
                k += 1
        o = self.o_pantry
        k = 0
        for x in state.pantry:
            if k == PANTRY:
                raise ValueError(f"a Pantry has {PANTRY} slots")
            c = x
            put(v, nv, o + (KINDS if c == EMPTY_SLOT else kind_of(c)), 1.0)
            o += self.slot
            k += 1
        if k != PANTRY:
            raise ValueError(f"a Pantry has {PANTRY} slots")
        o = self.o_discard
        k = 0
        for x in state.discard:
            if k == KINDS:
                break
            n = x
            if n:
                put(v, nv, o + k, scaled(n, DISCARD_SCALE))
            k += 1
        # bowls; the points and tie-break counts of the eaten ones by seat
        for s in range(MAX_SEATS):
            seat_points[s] = 0
            seat_cards[s] = 0
        eaten = state.eaten
        j = 0
        for stack in state.bowls:
            s = j // BOWLS
            if s >= players:
                raise IndexError(f"more than {BOWLS * players} bowls")
            r = s - seat
            if r < 0:
                r += players
            i = BOWLS * r + j - BOWLS * s
            size = len(stack)
            if size:
                for k in range(KINDS):
                    counts[k] = 0
                flavors = 0
                flavor = c = -1
                for x in stack:
                    c = kind_of(x)
                    counts[c] += 1
                    if c <= FURY:
                        flavors += 1
                        if flavor < 0:
                            flavor = c
                if c < 0:
                    raise ValueError("a bowl's length and its cards disagree")
                o = self.o_bowl_cards + KINDS * i
                for k in range(KINDS):
                    if counts[k]:
                        put(v, nv, o + k, fifths[counts[k]])
                put(v, nv, self.o_bowl_top + KINDS * i + c, 1.0)
                if eaten[j]:
                    points = bowl_points(counts, flavor, nori_in_fury)
                    put(v, nv, self.o_bowl_state + 2 * i, 1.0)
                    put(v, nv, self.o_bowl_points + i, signed(points, BOWL_POINTS_SCALE))
                    seat_points[s] += points
                    seat_cards[s] += size if tiebreak_all else size - flavors
                    scored = True
                elif size >= EAT_MIN_CARDS and flavors == 1:
                    put(v, nv, self.o_bowl_state + 2 * i + 1, 1.0)
                    put(v, nv, self.o_bowl_points + i, signed(
                        bowl_points(counts, flavor, nori_in_fury), BOWL_POINTS_SCALE
                    ))
            elif eaten[j]:
                put(v, nv, self.o_bowl_state + 2 * i, 1.0)
            j += 1
        if scored:
            for s in range(players):
                r = s - seat
                if r < 0:
                    r += players
                if seat_points[s]:
                    put(v, nv, self.o_points + r, signed(seat_points[s], POINTS_SCALE))
                if seat_cards[s]:
                    put(v, nv, self.o_eaten + r, scaled(seat_cards[s], CARDS_EATEN_SCALE))
        return 0

    def legal(self, state, int seat):
        """``RamenFuryEncoder.legal_state``: the legal ids (in its order) with their actions."""
        cdef int players = self.players
        if seat < 0 or seat >= players:
            raise IndexError(f"no seat {seat} in a {players}-player game")
        cdef int ids[MAX_IDS]
        cdef int opens[BOWLS * MAX_SEATS]
        cdef int hand[KINDS]
        cdef int n = 0, n_open, phase = state.phase
        cdef int k, b, j, s, i, c, size, flavors, room, plain, mask, base, seen
        for k in range(KINDS):
            hand[k] = 0
        k = 0
        for x in state.hands[seat]:
            if k == KINDS:
                break
            hand[k] = x
            k += 1
        bowls = state.bowls
        eaten = state.eaten
        if phase == DISCARD:
            for k in range(KINDS):
                if hand[k]:
                    n = push(ids, n, ID_DISCARD + k)
        elif phase == REVEAL:  # a revealed Nori or Chili
            n_open = self._open_bowls(state, seat, opens)
            pantry = state.pantry
            seen = 0
            for slot in state.pending:
                c = pantry[slot]
                if c != NORI and c != CHILI:
                    raise ValueError(f"Pantry slot {slot} reveals no Nori or Chili")
                if not seen >> c & 1:
                    seen |= 1 << c
                    base = ID_USE + SPECIALS * (c - NORI)
                    for k in range(n_open):
                        n = push(ids, n, base + opens[k])
            if not state.mandatory or not n:
                n = push(ids, n, ID_SKIP)
        else:  # the actions, or free plays and ending the turn
            if phase == ACTION and <int>state.actions_left > 0:
                room = plain = 0  # own bowls with room; those without a Flavor (bit = bowl)
                j = BOWLS * seat
                for b in range(BOWLS):
                    if not eaten[j + b]:
                        stack = bowls[j + b]
                        size = len(stack)
                        if size:
                            flavors = 0
                            for x in stack:
                                if kind_of(x) <= FURY:
                                    flavors += 1
                            if size >= EAT_MIN_CARDS and flavors == 1:
                                n = push(ids, n, ID_EAT + b)
                            n = push(ids, n, ID_EMPTY + b)
                            if size < BOWL_CAP:
                                room |= 1 << b
                                if not flavors:
                                    plain |= 1 << b
                        else:
                            room |= 1 << b
                            plain |= 1 << b
                if room:  # prep: a card from hand; a Flavor only onto a bowl without one
                    for k in range(KINDS):
                        if hand[k]:
                            mask = plain if k <= FURY else room
                            for b in range(BOWLS):
                                if mask >> b & 1:
                                    n = push(ids, n, ID_PREP + BOWLS * k + b)
                if len(state.deck):
                    n = push(ids, n, ID_DRAW_DECK)
                    n = push(ids, n, ID_RESTOCK)
                seen = 0
                for x in state.pantry:  # each kind once
                    c = x
                    if c >= 0:
                        c = kind_of(c)
                        if not seen >> c & 1:
                            seen |= 1 << c
                            n = push(ids, n, ID_DRAW + c)
                if room and state.spoons[seat]:  # a top card of a bowl in play, where it fits
                    j = 0
                    for stack in bowls:
                        size = len(stack)
                        if size and not eaten[j]:
                            s = j // BOWLS
                            if s >= players:
                                raise IndexError(f"more than {BOWLS * players} bowls")
                            s -= seat
                            if s < 0:
                                s += players
                            i = BOWLS * s + j % BOWLS
                            mask = plain if kind_of(stack[size - 1]) <= FURY else room
                            for b in range(BOWLS):
                                if mask >> b & 1 and b != i:
                                    n = push(ids, n, ID_SPOON + BOWLS * i + b)
                        j += 1
            if hand[NORI] or hand[CHILI]:  # free plays
                n_open = self._open_bowls(state, seat, opens)
                if hand[NORI]:
                    for k in range(n_open):
                        n = push(ids, n, ID_PLACE + opens[k])
                if hand[CHILI]:
                    for k in range(n_open):
                        n = push(ids, n, ID_PLACE + SPECIALS + opens[k])
            if phase == FREE:
                n = push(ids, n, ID_END)
        if not n:
            return {}
        makes = self.makes
        if makes is None:
            makes = self.makes = [t.actions.__getitem__ for t in self.tables()]
        return LazyLegal(tuple([ids[k] for k in range(n)]), makes[seat])

    cdef int _open_bowls(self, state, int seat, int* opens) except -1:
        """Writes the bowls (counted from ``seat``) not eaten and with room; their number."""
        cdef int players = self.players
        cdef int n = 0, j = 0, s
        eaten = state.eaten
        for stack in state.bowls:
            if len(stack) < BOWL_CAP and not eaten[j]:
                s = j // BOWLS
                if s >= players:
                    raise IndexError(f"more than {BOWLS * players} bowls")
                s -= seat
                if s < 0:
                    s += players
                opens[n] = BOWLS * s + j % BOWLS
                n += 1
            j += 1
        return n
