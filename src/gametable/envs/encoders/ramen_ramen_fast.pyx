# cython: language_level=3, wraparound=False, cdivision=True
"""Ramen! Ramen!'s fast path, compiled: ``RamenRamenEncoder.encode_state`` and
``legal_state`` in C.

The same vector and the same legal ids (each building the same action) as the Python fast
path (``ramen_ramen.py``); the tests compare the two at every position of many games.
Built by Cython when the package is installed; without a C compiler the Python path is
used (``docs/envs.md``).

The rules' numbers are compiled in (``SERVE``, ``CARDS`` …); importing the module checks
each against the game's own definitions (through ``ramen_ramen.py``) and refuses to load,
loudly, when they differ: a compiled module left behind by a change of the rules must be
rebuilt, never used.
"""

from cpython.buffer cimport PyBuffer_Release

from gametable.envs.encoders._vector cimport add, floats, put

from gametable.envs.encoders import ramen_ramen as _py
from gametable.envs.encoding import LazyLegal

cdef enum:
    SERVE = 14         # a bowl of this sum is served (the game's SERVE_SUM)
    CARDS = 56         # cards in the game
    INGREDIENTS = 7    # distinct ingredients
    FULL = 127         # the mask of all seven ingredients
    HAND = 4           # cards in a full hand
    BOWLS = 3          # bowl places
    SLOTS = 4          # hand and Fridge positions of the encoding
    PLAY1 = 36         # the first "play one" id
    TAKE = 39          # the first "take" id


def compiled_constants():
    """The numbers compiled into this module, by the names of ``ramen_ramen.py``."""
    return {
        "SERVE_SUM": SERVE,
        "DECK_SIZE": CARDS,
        "INGREDIENT_COUNT": INGREDIENTS,
        "ALL_INGREDIENTS_MASK": FULL,
        "HAND_SIZE": HAND,
        "PLACES": BOWLS,
        "SLOTS": SLOTS,
        "PLAY1": PLAY1,
        "TAKE": TAKE,
        "PAIRS": tuple((PAIRS[k][0], PAIRS[k][1]) for k in range(6)),
    }


cdef int[6][2] PAIRS = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]


def check_constants(source=_py):
    """Raise ``RuntimeError`` naming every compiled number that differs from ``source``'s
    (the game's definitions, as the Python encoder reads them)."""
    wrong = [
        f"{name} is {value!r} here but {getattr(source, name)!r} in the game"
        for name, value in compiled_constants().items()
        if getattr(source, name) != value
    ]
    if wrong:
        raise RuntimeError(
            "gametable.envs.encoders.ramen_ramen_fast was compiled for other rules ("
            + "; ".join(wrong)
            + "): rebuild it (pip install -e .) or set GAMETABLE_PURE_PYTHON=1"
        )


check_constants()

cdef float[128] TYPES
for _mask in range(FULL + 1):
    TYPES[_mask] = bin(_mask).count("1") / <double>INGREDIENTS


cdef inline int card_number(object card) except -1:
    """A card's number 0–55, checked."""
    cdef int c = card
    if c < 0 or c >= CARDS:
        raise ValueError(f"no Ramen! Ramen! card number {c}")
    return c


cdef class Actions:
    """The game action of a legal id, for the hand and Fridge it was listed from (as
    ``RamenRamenEncoder._state_action``)."""

    cdef int hand[SLOTS]
    cdef int fridge[SLOTS]
    cdef Py_ssize_t nh, nf
    cdef list ones, takes, pairs

    def __call__(self, int action_id):
        cdef int i, j, k
        if action_id >= TAKE:
            k = action_id - TAKE
            if k >= self.nf:
                raise IndexError(f"no Fridge card #{k}")
            return self.takes[self.fridge[k]]
        if action_id >= PLAY1:
            if self.nh < 1:
                raise IndexError("no card in hand")
            return self.ones[self.hand[0] * BOWLS + action_id - PLAY1]
        if action_id < 0:
            raise IndexError(f"no action id {action_id}")
        i = PAIRS[action_id // 6][0]
        j = PAIRS[action_id // 6][1]
        if j >= self.nh:
            raise IndexError(f"no hand card #{j}")
        return self.pairs[(self.hand[i] * CARDS + self.hand[j]) * 6 + action_id % 6]


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
        if nh > SLOTS or nf > SLOTS:
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
            put(v, n, b + CARDS, 1.0 if total >= SERVE else total / <double>SERVE)
            put(v, n, b + CARDS + 1, TYPES[<int>bowl_mask[p] & FULL])
            owner = owners[p]
            put(v, n, b + 58 + (0 if owner is None else 1 + (<int>owner - my_side + sides) % sides), 1.0)
            b += 62
            p += 1
        put(v, n, self.o_deck, len(state.deck) / <double>CARDS)
        picks = state.last_pick
        for s in range(players):
            r = (s - seat + players) % players
            put(v, n, self.o_hand_sizes + r, len(hands[s]) / <double>HAND)
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
