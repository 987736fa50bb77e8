# cython: language_level=3, wraparound=False, cdivision=True
"""Ramen! Ramen!'s fast path, compiled: ``RamenRamenEncoder.encode_state`` and
``legal_state`` in C.

The same vector and the same legal ids (each building the same action) as the Python fast
path (``ramen_ramen.py``); the tests compare the two at every position of many games.
Built by Cython when the package is installed; without a C compiler the Python path is
used (``docs/envs.md``).
"""

from cpython.buffer cimport PyBuffer_Release

from gametable.envs.encoders._vector cimport add, floats, put

from gametable.envs.encoders import ramen_ramen as _py
from gametable.envs.encoding import LazyLegal

cdef float[128] TYPES
for _mask in range(128):
    TYPES[_mask] = bin(_mask).count("1") / 7.0


cdef inline int card_number(object card) except -1:
    """A card's number 0–55, checked."""
    cdef int c = card
    if c < 0 or c >= 56:
        raise ValueError(f"no Ramen! Ramen! card number {c}")
    return c


cdef int[6][2] PAIRS = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]


cdef class Actions:
    """The game action of a legal id, for the hand and Fridge it was listed from (as
    ``RamenRamenEncoder._state_action``)."""

    cdef int hand[4]
    cdef int fridge[4]
    cdef Py_ssize_t nh, nf
    cdef list ones, takes, pairs

    def __call__(self, int action_id):
        cdef int i, j, k
        if action_id >= 39:
            k = action_id - 39
            if k >= self.nf:
                raise IndexError(f"no Fridge card #{k}")
            return self.takes[self.fridge[k]]
        if action_id >= 36:
            if self.nh < 1:
                raise IndexError("no card in hand")
            return self.ones[self.hand[0] * 3 + action_id - 36]
        if action_id < 0:
            raise IndexError(f"no action id {action_id}")
        i = PAIRS[action_id // 6][0]
        j = PAIRS[action_id // 6][1]
        if j >= self.nh:
            raise IndexError(f"no hand card #{j}")
        return self.pairs[(self.hand[i] * 56 + self.hand[j]) * 6 + action_id % 6]


cdef class Observer:
    """Writes a seat's observation from a ``RamenState`` (the offsets are the encoder's)."""

    cdef int players, o_mode, o_phase, o_to_act, o_hand, o_hand_slots, o_fridge
    cdef int o_fridge_slots, o_bowls, o_deck, o_hand_sizes, o_served, o_last_pick
    cdef int o_open_served, o_served_types, o_discards
    cdef object zero, encoder, play_ids, take_ids, play_sets, take_sets, table
    cdef Py_ssize_t size

    def __init__(self, encoder, zero):
        self.players = encoder.players
        self.o_mode = encoder.o_mode
        self.o_phase = encoder.o_phase
        self.o_to_act = encoder.o_to_act
        self.o_hand = encoder.o_hand
        self.o_hand_slots = encoder.o_hand_slots
        self.o_fridge = encoder.o_fridge
        self.o_fridge_slots = encoder.o_fridge_slots
        self.o_bowls = encoder.o_bowls
        self.o_deck = encoder.o_deck
        self.o_hand_sizes = encoder.o_hand_sizes
        self.o_served = encoder.o_served
        self.o_last_pick = encoder.o_last_pick
        self.o_open_served = encoder.o_open_served
        self.o_served_types = encoder.o_served_types
        self.o_discards = encoder.o_discards
        self.zero = zero
        self.size = len(zero)
        self.encoder = encoder
        if self.o_served_types + 7 > self.size:  # (read back unchecked below)
            raise ValueError("the observation layout is shorter than its slices")
        self.play_ids = _py._PLAY_IDS
        self.take_ids = _py._TAKE_IDS
        self.play_sets = _py._PLAY_SETS
        self.take_sets = _py._TAKE_SETS
        self.table = None

    def legal(self, state, int seat):
        """The legal ids of ``seat`` (to act now) as a ``LazyLegal`` whose actions are
        built only when played, or ``{}``."""
        hand = state.hands[seat]
        fridge = state.fridge
        cdef Py_ssize_t nh = len(hand), nf = len(fridge), i
        if nh > 4 or nf > 4:
            raise ValueError("a Ramen! Ramen! hand or Fridge holds more than 4 cards")
        if state.phase == 0:
            ids, members = self.play_ids[nh], self.play_sets[nh]
        else:
            ids, members = self.take_ids[nf], self.take_sets[nf]
        if not ids:
            return {}
        if self.table is None:
            self.table = self.encoder._actions_by_cards()
        cdef Actions make = Actions.__new__(Actions)
        for i in range(nh):
            make.hand[i] = card_number(hand[i])
        for i in range(nf):
            make.fridge[i] = card_number(fridge[i])
        make.nh = nh
        make.nf = nf
        make.ones, make.takes, make.pairs = self.table
        return LazyLegal(ids, make, members)

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

    cdef int write(self, float* v, Py_ssize_t n, state, int seat) except -1:
        cdef int players = self.players
        cdef int phase = state.phase
        cdef bint over = phase == 3
        cdef int c, slots, base, p, b, s, r, side, count, my_side, sides, total, mask, k
        put(v, n, self.o_mode + (3 if players == 4 else players - 1), 1.0)
        if not over:
            put(v, n, self.o_phase + phase, 1.0)
            if seat == <int>state.current:
                put(v, n, self.o_to_act, 1.0)
        hands = state.hands
        base = self.o_hand
        slots = self.o_hand_slots
        for card in hands[seat]:
            c = card_number(card)
            put(v, n, base + c, 1.0)
            put(v, n, slots + (c >> 3), 1.0)
            put(v, n, slots + 7, (c & 7) / 7.0)
            slots += 8
        base = self.o_fridge
        slots = self.o_fridge_slots
        for card in state.fridge:
            c = card_number(card)
            put(v, n, base + c, 1.0)
            put(v, n, slots + (c >> 3), 1.0)
            put(v, n, slots + 7, (c & 7) / 7.0)
            slots += 8
        my_side = seat % 2 if players == 4 else seat
        sides = state.sides
        owners = state.owners
        bowl_sum = state.bowl_sum
        bowl_mask = state.bowl_mask
        b = self.o_bowls
        p = 0
        for cards in state.bowls:
            for card in cards:
                c = card_number(card)
                put(v, n, b + c, 1.0)
            total = bowl_sum[p]
            put(v, n, b + 56, 1.0 if total >= 14 else total / 14.0)
            put(v, n, b + 57, TYPES[<int>bowl_mask[p] & 127])
            owner = owners[p]
            put(v, n, b + 58 + (0 if owner is None else 1 + (<int>owner - my_side + sides) % sides), 1.0)
            b += 62
            p += 1
        put(v, n, self.o_deck, len(state.deck) / 56.0)
        picks = state.last_pick
        for s in range(players):
            r = (s - seat + players) % players
            put(v, n, self.o_hand_sizes + r, len(hands[s]) / 4.0)
            base = self.o_last_pick + 56 * r
            for card in picks[s]:
                c = card_number(card)
                put(v, n, base + c, 1.0)
        side = 0
        for bowls in state.served:
            count = len(bowls)
            put(v, n, self.o_served + (side - my_side + sides) % sides, 1.0 if count >= 10 else count / 10.0)
            if side == my_side and count and (over or players == 1):
                for bowl_cards in bowls:
                    mask = 0
                    for card in bowl_cards:
                        c = card_number(card)
                        mask |= 1 << (c >> 3)
                        put(v, n, self.o_open_served + c, 1.0)
                    k = 0
                    while mask:
                        k += mask & 1
                        mask >>= 1
                    add(v, n, self.o_served_types + k - 1, 0.125)
                for k in range(7):  # count / 8, at most 1
                    if v[self.o_served_types + k] > 1.0:
                        put(v, n, self.o_served_types + k, 1.0)
            side += 1
        put(v, n, self.o_discards, len(state.discards) / 4.0)
        return 0
