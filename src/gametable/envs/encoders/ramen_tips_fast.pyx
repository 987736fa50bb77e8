# cython: language_level=3, wraparound=False, cdivision=True
"""Ramen (the tips game)'s observation, compiled: ``RamenTipsEncoder.encode_state`` in C.

The same vector as the Python fast path (``ramen_tips.py``), entry for entry, read under
the same visibility conditions; also the take and keep ids of its ``legal_state``
(:func:`placement_ids`). The tests compare both with the Python code at every position
of many games. Built by Cython when the package is installed; without a C compiler the
Python path is used (``docs/envs.md``).

Its constants are compiled in (C enums) and checked at import against the Python
encoder's, which takes them from the game (``ramen_tips.py``): a module built from an
older game refuses to load (``ImportError``) instead of encoding wrong.
"""

from gametable.envs.encoders import ramen_tips as _py

from cpython.buffer cimport PyBuffer_Release

from gametable.envs.encoders._vector cimport add, floats, put


cdef enum:
    NCARDS = 45
    NTYPES = 5
    MAX_BOWLS = 10
    MAX_SEATS = 5
    MAX_SHOYU = 5
    GRUNCHIE = 5
    SHOYU_NARUTO = 5
    CHOOSING = 0
    EXCHANGING = 1
    TAKING = 3
    PLACING = 4
    OVER = 5
    TAKE = 101
    KEEP = 551
    OUT_CAP = 6 * MAX_BOWLS + 1


def compiled_constants():
    """The constants compiled into this module, by the names ``ramen_tips.py`` gives them."""
    return {
        "cards": NCARDS,
        "types": NTYPES,
        "MAX_BOWLS": MAX_BOWLS,
        "MAX_SEATS": MAX_SEATS,
        "MAX_SHOYU": MAX_SHOYU,
        "GRUNCHIE": GRUNCHIE,
        "SHOYU_NARUTO": SHOYU_NARUTO,
        "_CHOOSING": CHOOSING,
        "_EXCHANGING": EXCHANGING,
        "_TAKING": TAKING,
        "_PLACING": PLACING,
        "_OVER": OVER,
        "TAKE": TAKE,
        "KEEP": KEEP,
    }


def python_constants():
    """The same constants as the Python encoder has them (from the game's modules)."""
    return {
        "cards": len(_py.CARDS),
        "types": len(_py.LETTERS),
        "MAX_BOWLS": _py.MAX_BOWLS,
        "MAX_SEATS": _py.MAX_SEATS,
        "MAX_SHOYU": _py.MAX_SHOYU,
        "GRUNCHIE": _py.GRUNCHIE,
        "SHOYU_NARUTO": _py.SHOYU_NARUTO,
        "_CHOOSING": _py._CHOOSING,
        "_EXCHANGING": _py._EXCHANGING,
        "_TAKING": _py._TAKING,
        "_PLACING": _py._PLACING,
        "_OVER": _py._OVER,
        "TAKE": _py.TAKE,
        "KEEP": _py.KEEP,
    }


def _check():
    differ = [
        f"{name} is {value} here but {python_constants()[name]} in ramen_tips.py"
        for name, value in compiled_constants().items()
        if python_constants()[name] != value
    ]
    if differ:
        raise ImportError(
            "ramen_tips_fast does not match the game (rebuild it: pip install -e .): "
            + "; ".join(differ)
        )


_check()


cdef inline int _card(int c) except -1:
    """A card number, checked (a bad one raises instead of marking another entry)."""
    if c < 0 or c >= NCARDS:
        raise ValueError(f"no ramen-tips card {c}")
    return c


cdef class Observer:
    """Writes a seat's observation from a ``TipsState`` (the offsets are the encoder's)."""

    cdef int players, o_players, o_phase, o_to_act, o_round, o_pref, o_offer, o_hand
    cdef int o_chosen, o_committed, o_revealed, o_original, o_effects, o_order, o_turn
    cdef int o_current, o_took, o_bowls, o_placed, o_shoyu, o_supply, o_my_shoyu
    cdef int o_hand_sizes, o_removed, o_unused
    cdef double value9[NCARDS]
    cdef object zero

    def __init__(self, encoder, zero):
        self.players = encoder.players
        if not 2 <= self.players <= 5:
            raise ValueError(f"ramen-tips is for 2–5 players, not {self.players}")
        for c in range(NCARDS):
            self.value9[c] = _py._VALUE9[c]
        self.o_players = encoder.o_players
        self.o_phase = encoder.o_phase
        self.o_to_act = encoder.o_to_act
        self.o_round = encoder.o_round
        self.o_pref = encoder.o_pref
        self.o_offer = encoder.o_offer
        self.o_hand = encoder.o_hand
        self.o_chosen = encoder.o_chosen
        self.o_committed = encoder.o_committed
        self.o_revealed = encoder.o_revealed
        self.o_original = encoder.o_original
        self.o_effects = encoder.o_effects
        self.o_order = encoder.o_order
        self.o_turn = encoder.o_turn
        self.o_current = encoder.o_current
        self.o_took = encoder.o_took
        self.o_bowls = encoder.o_bowls
        self.o_placed = encoder.o_placed
        self.o_shoyu = encoder.o_shoyu
        self.o_supply = encoder.o_supply
        self.o_my_shoyu = encoder.o_my_shoyu
        self.o_hand_sizes = encoder.o_hand_sizes
        self.o_removed = encoder.o_removed
        self.o_unused = encoder.o_unused
        self.zero = zero

    cdef inline int _slot(self, int seat, int nslots, int slot) except -1:
        """A revealing slot's position from ``seat``: a seat's, or Grunchie's."""
        if slot < 0 or slot >= nslots:
            raise ValueError(f"no slot {slot}")
        if slot >= self.players:
            return GRUNCHIE
        return (slot - seat + self.players) % self.players

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
            raise ValueError(f"no seat {seat} among {players}")
        cdef int phase = state.phase
        cdef int nslots = state.nslots
        cdef int c, s, r, b, k, n, base, place, current, narutos = 0
        cdef bint acting
        cdef double x
        if phase < 0 or phase > OVER:
            raise ValueError(f"no phase {phase}")
        chosen = state.chosen
        pending = state.shoyu_pending
        hands = state.hands
        put(v, nv, self.o_players + players - 2, 1.0)
        if phase < OVER:
            put(v, nv, self.o_phase + phase, 1.0)
        if phase == CHOOSING:
            acting = <int>chosen[seat] < 0
        elif phase == PLACING:
            acting = pending[seat] is None
        else:
            acting = phase != OVER and <int>state.current == seat
        if acting:
            put(v, nv, self.o_to_act, 1.0)
        put(v, nv, self.o_round, (<int>state.round_no + 1) / 9.0)  # as encode: round / 9
        if state.final:
            put(v, nv, self.o_round + 1, 1.0)
        for kind in state.narutos:
            k = kind
            if 0 <= k <= SHOYU_NARUTO:  # any other value is no Naruto
                narutos |= 1 << k
        base = self.o_pref
        n = 0
        for kind in state.pref:
            k = kind
            if k < 0 or k >= NTYPES or n == NTYPES:
                raise ValueError(f"a bad preference row: {state.pref!r}")
            put(v, nv, base + k, 1.0)
            if narutos >> k & 1:
                put(v, nv, base + 5, 1.0)
            base += 6
            n += 1
        if narutos >> SHOYU_NARUTO & 1:
            put(v, nv, base, 1.0)
        base = self.o_offer
        for card in state.offer:
            put(v, nv, base + _card(card), 1.0)
        base = self.o_hand
        for card in hands[seat]:
            put(v, nv, base + _card(card), 1.0)
        if phase == CHOOSING:
            c = chosen[seat]
            if c >= 0:
                put(v, nv, self.o_chosen + _card(c), 1.0)
            for s in range(players):
                if <int>chosen[s] >= 0:
                    put(v, nv, self.o_committed + (s - seat + players) % players, 1.0)
        elif phase == PLACING:
            for s in range(players):
                if pending[s] is not None:
                    put(v, nv, self.o_committed + (s - seat + players) % players, 1.0)
        revealed = state.revealed
        if EXCHANGING <= phase <= TAKING or (phase >= PLACING and <int>revealed[0] >= 0):
            original = state.original
            for s in range(nslots):
                r = NCARDS * self._slot(seat, nslots, s)
                put(v, nv, self.o_revealed + r + _card(revealed[s]), 1.0)
                put(v, nv, self.o_original + r + _card(original[s]), 1.0)
        base = self.o_effects
        for card in state.effects:
            put(v, nv, base + _card(card), 1.0)
        place = 0
        for slot in state.order:
            place += 1
            put(v, nv, self.o_order + self._slot(seat, nslots, slot), place / 6.0)
        put(v, nv, self.o_turn, <int>state.turn / 6.0)
        if EXCHANGING <= phase <= TAKING:
            current = state.current
            if current < 0 or current >= players:
                raise ValueError(f"no current seat {current}")
            put(v, nv, self.o_current + (current - seat + players) % players, 1.0)
        if state.took:
            put(v, nv, self.o_took, 1.0)
        if state.kept:
            put(v, nv, self.o_took + 1, 1.0)
        all_bowls = state.bowls
        shoyu = state.shoyu
        for s in range(players):
            r = (s - seat + players) % players
            bowls = all_bowls[s]
            if len(bowls) > MAX_BOWLS:
                raise ValueError(f"a seat has {len(bowls)} bowls; the encoding holds 10")
            base = self.o_bowls + NTYPES * MAX_BOWLS * r
            for cards in bowls:
                for card in cards:
                    c = _card(card)
                    put(v, nv, base + c // 9, self.value9[c])
                base += NTYPES
            n = shoyu[s]
            if n:
                put(v, nv, self.o_shoyu + r, n / <double>MAX_SHOYU)
            put(v, nv, self.o_hand_sizes + r, len(hands[s]) / 9.0)
        placed = state.placed
        if any(placed):
            for s in range(players):
                base = self.o_placed + MAX_BOWLS * ((s - seat + players) % players)
                b = 0
                for count in placed[s]:
                    if b == MAX_BOWLS:
                        break  # as the Python path's zip (more bowls raised above)
                    put(v, nv, base + b, <int>count / <double>MAX_SHOYU)
                    b += 1
        if nslots > players:
            put(v, nv, self.o_hand_sizes + GRUNCHIE, len(state.grunchie_hand) / 9.0)
        put(v, nv, self.o_supply, <int>state.shoyu_supply / <double>MAX_SHOYU)
        if phase == PLACING:
            mine = pending[seat]
            if mine is not None:
                for bowl in mine.bowls:
                    b = bowl
                    if b < 0 or b >= MAX_BOWLS:
                        raise ValueError(f"no bowl {b} in the encoding")
                    # summed in float32 one fifth at a time, as encode sums it
                    add(v, nv, self.o_my_shoyu + b, <float>(1.0 / MAX_SHOYU))
        base = self.o_removed
        for card in state.removed:
            put(v, nv, base + _card(card), 1.0)
        x = len(state.unused) / <double>NCARDS
        put(v, nv, self.o_unused, 1.0 if x > 1.0 else x)
        return 0


cdef int _placements(int[] out, int n, int base, int bit, int[] masks, int nbowls) except -1:
    """Appends to ``out`` (holding ``n`` ids) ``base + b`` for each bowl ``b`` lacking the
    type ``bit``, else for a new bowl; returns the new count."""
    cdef int b, before = n
    if n + nbowls + 1 > OUT_CAP:  # (5 offer cards and a keep fit: 6 * (MAX_BOWLS))
        raise ValueError("more placement ids than the encoding holds")
    for b in range(nbowls):
        if not masks[b] & bit:
            out[n] = base + b
            n += 1
    if n == before:
        if nbowls == MAX_BOWLS:
            raise ValueError(
                f"no id for bowl {MAX_BOWLS + 1}: the encoding holds bowls 1–{MAX_BOWLS}"
            )
        out[n] = base + nbowls
        n += 1
    return n


def placement_ids(offer, masks, int own):
    """The take ids of each card of ``offer`` into the bowls it may go into (``masks``:
    each bowl's types as bits), then the keep ids of the card ``own`` if it is not -1:
    ``RamenTipsEncoder``'s ids, in its order."""
    cdef int nbowls = len(masks)
    cdef int n = 0, k = 0, b, c
    cdef int bowls[MAX_BOWLS]
    cdef int out[OUT_CAP]  # room for 5 offer cards, then the keeps
    if nbowls > MAX_BOWLS:
        raise ValueError(f"{nbowls} bowls; the encoding holds {MAX_BOWLS}")
    for b in range(nbowls):
        bowls[b] = masks[b]
    for card in offer:
        k += 1
        if k > MAX_SEATS:
            raise ValueError("an offer of more than 5 cards")
        c = _card(card)
        n = _placements(out, n, TAKE + 10 * c, 1 << (c // 9), bowls, nbowls)
    if own != -1:
        c = _card(own)
        n = _placements(out, n, KEEP, 1 << (c // 9), bowls, nbowls)
    return tuple([out[b] for b in range(n)])
