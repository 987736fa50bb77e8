# cython: language_level=3, wraparound=False, boundscheck=False, cdivision=True
"""The solo planner's rollouts, compiled: the bare solo simulation and the rollout
policies of ``planner.py`` (``_Sim``, ``policy_play``, ``lookahead_play``, ``policy_take``)
in C.

The same decisions, taken in the same order with the same floating-point sums and the
same tie rules, so a rollout on a given deck scores exactly what ``_Sim.finish`` scores
(tests compare the two on many random positions, with both policies). :class:`Rollouts`
also plays one deck sample for every live candidate of a search in one call and keeps each
candidate's running sums, from which it prunes as ``prune_paired`` does. :func:`endgame`
solves a position with an empty deck exactly, as ``planner.endgame_value`` does. Built by
Cython when the package is installed; without a C compiler the planner uses the Python
rollouts (far slower, so fewer samples in the same time).

The rules' numbers are compiled in (``SERVE``, ``POINTS`` …); importing the module checks
each against the game's own definitions (:mod:`.cards`, :mod:`.state`) and refuses to load,
loudly, when they differ: a module compiled for other rules must be rebuilt, never used.
"""

from libc.math cimport INFINITY, sqrt
from libc.stdint cimport uint64_t
from libc.string cimport memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from gametable.games.ramen_ramen import cards as _cards
from gametable.games.ramen_ramen import state as _state

cdef enum:
    SERVE = 14         # a bowl of this sum is served (state.SERVE_SUM)
    FULL = 127         # the mask of all 7 ingredients (cards.ALL_INGREDIENTS_MASK)
    CARDS = 56         # cards in the game (len(cards.DECK))
    VALUES = 8         # values 0-7 of each ingredient: a card is ingredient * 8 + value
    BOWLS = 3          # bowl places (state.PLACES)
    HELD = 8           # room for a hand or a Fridge (state.HAND_SIZE, FRIDGE_SIZE and more)
    MAX_LEFT = 20
    FLAT = 21 * 128
    MAX_CANDIDATES = 256

cdef int[8] POINTS = [0, 0, 1, 2, 3, 5, 7, 10]   # by distinct ingredients (POINTS_BY_TYPES)
cdef int[128] POP
for _m in range(FULL + 1):
    POP[_m] = bin(_m).count("1")


def compiled_constants():
    """The rules' numbers compiled into this module, by their names in the game."""
    return {
        "SERVE_SUM": SERVE,
        "ALL_INGREDIENTS_MASK": FULL,
        "DECK": CARDS,
        "VALUES": VALUES,
        "PLACES": BOWLS,
        "POINTS_BY_TYPES": tuple(POINTS[k] for k in range(8)),
    }


def check_constants(cards=_cards, state=_state):
    """Raise ``RuntimeError`` naming every compiled number that differs from the game's
    (``cards`` and ``state``: the game's modules, or stand-ins in tests)."""
    game = {
        "SERVE_SUM": state.SERVE_SUM,
        "ALL_INGREDIENTS_MASK": cards.ALL_INGREDIENTS_MASK,
        "DECK": len(cards.DECK),
        "VALUES": cards.VALUES,
        "PLACES": state.PLACES,
        "POINTS_BY_TYPES": tuple(cards.POINTS_BY_TYPES),
    }
    wrong = [
        f"{name} is {value!r} here but {game[name]!r} in the game"
        for name, value in compiled_constants().items()
        if game[name] != value
    ]
    if max(state.HAND_SIZE, state.FRIDGE_SIZE) + 2 > HELD:
        wrong.append(f"a hand or a Fridge may hold more than the {HELD} cards compiled for")
    if wrong:
        raise RuntimeError(
            "gametable.games.ramen_ramen.planner_fast was compiled for other rules ("
            + "; ".join(wrong)
            + "): rebuild it (pip install -e .) or set GAMETABLE_PURE_PYTHON=1"
        )


check_constants()


cdef struct Game:
    int hand[HELD]
    int nhand
    int fridge[HELD]
    int nfridge
    int deck[CARDS]   # the top is deck[ndeck - 1]
    int ndeck
    int sums[BOWLS]
    int masks[BOWLS]
    int score


cdef inline void insort(Game* g, int card) noexcept nogil:
    cdef int i = g.nhand
    while i > 0 and g.hand[i - 1] > card:
        g.hand[i] = g.hand[i - 1]
        i -= 1
    g.hand[i] = card
    g.nhand += 1


cdef inline void remove(int* cards, int* n, int card) noexcept nogil:
    """Remove ``card`` from the ``n[0]`` cards, keeping the others' order."""
    cdef int i, j
    for i in range(n[0]):
        if cards[i] == card:
            for j in range(i, n[0] - 1):
                cards[j] = cards[j + 1]
            n[0] -= 1
            return


cdef inline void place(Game* g, int card, int p) noexcept nogil:
    remove(g.hand, &g.nhand, card)
    g.sums[p] += card & 7
    g.masks[p] |= 1 << (card >> 3)


cdef inline void serve(Game* g) noexcept nogil:
    cdef int p
    for p in range(BOWLS):
        if g.sums[p] >= SERVE or g.masks[p] == FULL:
            g.score += POINTS[POP[g.masks[p]]]
            g.sums[p] = 0
            g.masks[p] = 0


cdef inline void gains_of(const double* f, int* sums, int* masks, double* base, int c,
                          double* out) noexcept nogil:
    """What card ``c`` adds to each bowl's evaluation (``base``: the bowls' own)."""
    cdef int row = (c & 7) << 7, bit = 1 << (c >> 3), p
    for p in range(BOWLS):
        out[p] = f[(sums[p] << 7) + row + (masks[p] | bit)] - base[p]


cdef inline void play_two(Game* g, int a, int p, int b, int q) noexcept nogil:
    """Card ``a`` into bowl ``p`` and ``b`` into ``q``, then the serves."""
    place(g, a, p)
    place(g, b, q)
    serve(g)


cdef class Rollouts:
    """The planner's rollouts for one bowl evaluation (``flat_tables``), in C.

    ``noise`` (0 or more) makes the lookahead policy random: each two-card play's value
    gets a uniform random amount in [0, ``noise``) added before the best is taken, so
    plays within ``noise`` of the best are sometimes chosen (0: the deterministic policy
    of ``planner.lookahead_play``). The amounts come from the search's own random
    stream, so a search stays reproducible from its seed."""

    cdef double flats[MAX_LEFT + 1][FLAT]
    cdef Game root
    cdef bint take2
    cdef int unseen[CARDS]
    cdef int nunseen
    cdef int deck_size
    cdef int ncand
    cdef int cards1[MAX_CANDIDATES]
    cdef int places1[MAX_CANDIDATES]
    cdef int cards2[MAX_CANDIDATES]
    cdef int places2[MAX_CANDIDATES]
    cdef int takes[MAX_CANDIDATES]
    cdef uint64_t state
    cdef long done
    cdef double sums_of[MAX_CANDIDATES]
    cdef double squares_of[MAX_CANDIDATES]
    cdef double cross[MAX_CANDIDATES][MAX_CANDIDATES]
    cdef int last[MAX_CANDIDATES]
    cdef public double lookahead
    cdef public double noise

    def __init__(self, flats, double lookahead=0.0, double noise=0.0):
        cdef int left, i
        if not 0.0 <= noise < INFINITY:
            raise ValueError(f"noise must be 0 or more, got {noise}")
        self.lookahead = lookahead
        self.noise = noise
        if len(flats) != MAX_LEFT + 1:
            raise ValueError(f"expected {MAX_LEFT + 1} flat tables, got {len(flats)}")
        for left in range(MAX_LEFT + 1):
            table = flats[left]
            if len(table) != FLAT:
                raise ValueError(f"a flat table has {FLAT} entries, got {len(table)}")
            for i in range(FLAT):
                self.flats[left][i] = table[i]

    # -- the policy ----------------------------------------------------------------------

    cdef inline const double* flat_for(self, Game* g) noexcept nogil:
        cdef int left = (g.ndeck + g.nfridge + g.nhand) // 3
        if left > MAX_LEFT:
            left = MAX_LEFT
        return self.flats[left]

    cdef void policy_play(self, Game* g, const double* f) noexcept nogil:
        """``policy_play`` for one flat table (solo), applied to ``g`` with the serves."""
        cdef int o0 = g.sums[0] << 7, o1 = g.sums[1] << 7, o2 = g.sums[2] << 7
        cdef int m0 = g.masks[0], m1 = g.masks[1], m2 = g.masks[2]
        cdef double b0 = f[o0 + m0], b1 = f[o1 + m1], b2 = f[o2 + m2]
        cdef double tg[HELD]
        cdef double ts[HELD]
        cdef int tp[HELD]
        cdef int tq[HELD]
        cdef int i, j, c, row, bit, n = g.nhand
        cdef double g0, g1, g2, best, ga, gb, sa, sb
        cdef int pa, pb, qa, qb, ci = -1, pi = 0, cj = -1, pj = 0
        for i in range(n):
            c = g.hand[i]
            row = (c & 7) << 7
            bit = 1 << (c >> 3)
            g0 = f[o0 + row + (m0 | bit)] - b0
            g1 = f[o1 + row + (m1 | bit)] - b1
            g2 = f[o2 + row + (m2 | bit)] - b2
            if g0 >= g1:
                if g1 >= g2:
                    tg[i] = g0; tp[i] = 0; ts[i] = g1; tq[i] = 1
                elif g0 >= g2:
                    tg[i] = g0; tp[i] = 0; ts[i] = g2; tq[i] = 2
                else:
                    tg[i] = g2; tp[i] = 2; ts[i] = g0; tq[i] = 0
            elif g0 >= g2:
                tg[i] = g1; tp[i] = 1; ts[i] = g0; tq[i] = 0
            elif g1 >= g2:
                tg[i] = g1; tp[i] = 1; ts[i] = g2; tq[i] = 2
            else:
                tg[i] = g2; tp[i] = 2; ts[i] = g1; tq[i] = 1
        if n == 1:
            ci = g.hand[0]
            place(g, ci, tp[0])
            serve(g)
            return
        best = -1e9
        for i in range(n - 1):
            ga = tg[i]; pa = tp[i]; sa = ts[i]; qa = tq[i]
            for j in range(i + 1, n):
                gb = tg[j]; pb = tp[j]; sb = ts[j]; qb = tq[j]
                if pa != pb:
                    if ga + gb > best:
                        best = ga + gb
                        ci = i; pi = pa; cj = j; pj = pb
                elif ga + sb >= sa + gb:
                    if ga + sb > best:
                        best = ga + sb
                        ci = i; pi = pa; cj = j; pj = qb
                elif sa + gb > best:
                    best = sa + gb
                    ci = i; pi = qa; cj = j; pj = pb
        play_two(g, g.hand[ci], pi, g.hand[cj], pj)

    cdef void lookahead_play(self, Game* g, const double* f) noexcept nogil:
        """The two-card play maximizing its gain plus ``lookahead`` times the best gain of
        the next play, with the Fridge card taken that allows the best one (the card drawn
        after it unknown, left out)."""
        cdef int n = g.nhand, nf = g.nfridge, nc = g.nhand + g.nfridge
        cdef int cards[2 * HELD]
        cdef double base[BOWLS]
        # every card's (the hand's, then the Fridge's) gain into each bowl as it is, and
        # into bowl p once hand card i is in it (or served): a play changes two bowls, each
        # by one card, so these hold every gain the next play can have
        cdef double now[2 * HELD][BOWLS]
        cdef double after[HELD][BOWLS][2 * HELD]
        cdef double rest_gain[HELD][BOWLS]
        cdef double card_gain[BOWLS]
        cdef double outside[BOWLS]
        cdef double value, follow, best = -1e18, top, inner, x, b
        cdef int i, j, k, p, q, r, s, m, o, c, d, nrest
        cdef int rest[HELD]
        cdef int bi = 0, bj = 1, bp = 0, bq = 1
        for k in range(n):
            cards[k] = g.hand[k]
        for k in range(nf):
            cards[n + k] = g.fridge[k]
        for p in range(BOWLS):
            base[p] = f[(g.sums[p] << 7) + g.masks[p]]
        for k in range(nc):
            gains_of(f, g.sums, g.masks, base, cards[k], now[k])
        for i in range(n):
            c = cards[i]
            for p in range(BOWLS):
                s = g.sums[p] + (c & 7)
                m = g.masks[p] | (1 << (c >> 3))
                if s >= SERVE or m == FULL:
                    s = 0
                    m = 0
                o = s << 7
                b = f[o + m]
                for k in range(nc):
                    d = cards[k]
                    after[i][p][k] = f[o + ((d & 7) << 7) + (m | (1 << (d >> 3)))] - b
        for i in range(n - 1):
            for j in range(i + 1, n):
                nrest = 0
                for k in range(n):
                    if k != i and k != j:
                        rest[nrest] = k
                        nrest += 1
                for p in range(BOWLS):
                    for q in range(BOWLS):
                        if q == p:
                            continue
                        r = 3 - p - q
                        value = now[i][p] + now[j][q]
                        # best_pair of the kept cards and each Fridge card, by parts:
                        # the best pair of kept cards alone, and per bowl r the best gain
                        # of a kept card outside r, which a Fridge card in r pairs with
                        # (the same sums as best_pair's, so the same maximum exactly;
                        # with no kept card, 0: the Fridge card alone)
                        x = -1e18 if nrest else 0.0
                        outside[0] = outside[1] = outside[2] = x
                        for k in range(nrest):
                            rest_gain[k][p] = after[i][p][rest[k]]
                            rest_gain[k][q] = after[j][q][rest[k]]
                            rest_gain[k][r] = now[rest[k]][r]
                            if rest_gain[k][1] > outside[0]:
                                outside[0] = rest_gain[k][1]
                            if rest_gain[k][2] > outside[0]:
                                outside[0] = rest_gain[k][2]
                            if rest_gain[k][0] > outside[1]:
                                outside[1] = rest_gain[k][0]
                            if rest_gain[k][2] > outside[1]:
                                outside[1] = rest_gain[k][2]
                            if rest_gain[k][0] > outside[2]:
                                outside[2] = rest_gain[k][0]
                            if rest_gain[k][1] > outside[2]:
                                outside[2] = rest_gain[k][1]
                        inner = best_pair(rest_gain, nrest) if nrest >= 2 else -1e18
                        follow = -1e18
                        for k in range(n, nc):
                            card_gain[p] = after[i][p][k]
                            card_gain[q] = after[j][q][k]
                            card_gain[r] = now[k][r]
                            top = inner
                            for s in range(BOWLS):
                                if card_gain[s] + outside[s] > top:
                                    top = card_gain[s] + outside[s]
                            if top > follow:
                                follow = top
                        value += self.lookahead * follow
                        if self.noise > 0.0:  # 53 random bits as a double in [0, 1)
                            value += self.noise * ((self.next64() >> 11) * (1.0 / 9007199254740992.0))
                        if value > best:
                            best = value
                            bi = i; bj = j; bp = p; bq = q
        play_two(g, g.hand[bi], bp, g.hand[bj], bq)

    cdef int policy_take(self, Game* g, const double* f) noexcept nogil:
        """``policy_take`` for one flat table (solo): the card to take from the Fridge."""
        cdef int o0 = g.sums[0] << 7, o1 = g.sums[1] << 7, o2 = g.sums[2] << 7
        cdef int m0 = g.masks[0], m1 = g.masks[1], m2 = g.masks[2]
        cdef double b0 = f[o0 + m0], b1 = f[o1 + m1], b2 = f[o2 + m2]
        cdef double best0, best1, best2, g0, g1, g2, v, w, top
        cdef int i, c, row, bit, choice
        if g.nhand:
            best0 = best1 = best2 = -1e9
            for i in range(g.nhand):
                c = g.hand[i]
                row = (c & 7) << 7
                bit = 1 << (c >> 3)
                g0 = f[o0 + row + (m0 | bit)] - b0
                g1 = f[o1 + row + (m1 | bit)] - b1
                g2 = f[o2 + row + (m2 | bit)] - b2
                if g1 > best0:
                    best0 = g1
                if g2 > best0:
                    best0 = g2
                if g0 > best1:
                    best1 = g0
                if g2 > best1:
                    best1 = g2
                if g0 > best2:
                    best2 = g0
                if g1 > best2:
                    best2 = g1
        else:
            best0 = best1 = best2 = 0.0
        top = -1e18
        choice = g.fridge[0]
        for i in range(g.nfridge):
            c = g.fridge[i]
            row = (c & 7) << 7
            bit = 1 << (c >> 3)
            v = f[o0 + row + (m0 | bit)] - b0 + best0
            w = f[o1 + row + (m1 | bit)] - b1 + best1
            if w > v:
                v = w
            w = f[o2 + row + (m2 | bit)] - b2 + best2
            if w > v:
                v = w
            if v > top:
                top = v
                choice = c
        return choice

    cdef inline void take(self, Game* g, int card) noexcept nogil:
        remove(g.fridge, &g.nfridge, card)
        insort(g, card)

    cdef bint refill_and_draw(self, Game* g) noexcept nogil:
        """Refill the Fridge and draw; true if a second take is due (deck empty)."""
        if g.ndeck:
            g.ndeck -= 1
            g.fridge[g.nfridge] = g.deck[g.ndeck]
            g.nfridge += 1
        if g.ndeck:
            g.ndeck -= 1
            insort(g, g.deck[g.ndeck])
            return False
        return g.nfridge > 0

    cdef int finish(self, Game* g, bint second) noexcept nogil:
        """``_Sim.finish``: play to the end with the policy from a take step."""
        cdef int left
        if second and g.nfridge:
            self.take(g, self.policy_take(g, self.flat_for(g)))
        while True:
            if g.nhand:
                if self.lookahead > 0.0 and g.nhand > 1 and g.nfridge:
                    self.lookahead_play(g, self.flat_for(g))
                else:
                    self.policy_play(g, self.flat_for(g))
            elif not g.nfridge:
                return g.score
            if not g.nfridge:
                continue
            self.take(g, self.policy_take(g, self.flat_for(g)))
            if g.ndeck:
                g.ndeck -= 1
                g.fridge[g.nfridge] = g.deck[g.ndeck]
                g.nfridge += 1
            if g.ndeck:
                g.ndeck -= 1
                insort(g, g.deck[g.ndeck])
            elif g.nfridge:
                left = (g.nfridge + g.nhand) // 3
                self.take(g, self.policy_take(g, self.flats[left]))

    # -- Python entry points ---------------------------------------------------------------

    def finish_from(self, hand, fridge, sums, masks, deck, int score, bint second):
        """The score of ``_Sim(hand, fridge, sums, masks, deck, score).finish(flats, second)``
        (``deck``'s top last), for tests."""
        cdef Game g
        load(&g, hand, fridge, sums, masks, deck, score)
        return self.finish(&g, second)

    def set_root(self, hand, fridge, sums, masks, int score, unseen, int deck_size,
                 bint take2, candidates, uint64_t seed):
        """The position a search starts from: the planner's root ``_Sim`` fields, the unseen
        cards (``deck_size`` of them make the deck), whether the decision is the second
        pick, and the candidates as ``(placements or None, Fridge card or None)``."""
        cdef int i, k
        load(&self.root, hand, fridge, sums, masks, (), score)
        if len(unseen) > CARDS or not 0 <= deck_size <= len(unseen):
            raise ValueError(f"{len(unseen)} unseen cards cannot make a deck of {deck_size}")
        self.nunseen = len(unseen)
        for i in range(self.nunseen):
            self.unseen[i] = check_card(unseen[i])
        self.deck_size = deck_size
        self.take2 = take2
        if not 0 < len(candidates) <= MAX_CANDIDATES:
            raise ValueError(f"1 to {MAX_CANDIDATES} candidates, got {len(candidates)}")
        self.ncand = len(candidates)
        for k, (placements, card) in enumerate(candidates):
            self.cards1[k] = self.cards2[k] = -1
            self.places1[k] = self.places2[k] = 0
            if placements is not None:
                if not 1 <= len(placements) <= 2:
                    raise ValueError(f"a play places one or two cards, not {placements!r}")
                self.cards1[k] = check_card(placements[0][0])
                self.places1[k] = check_place(placements[0][1])
                if len(placements) == 2:
                    self.cards2[k] = check_card(placements[1][0])
                    self.places2[k] = check_place(placements[1][1])
            self.takes[k] = -1 if card is None else check_card(card)
        self.state = seed ^ 0x9E3779B97F4A7C15ULL
        if self.state == 0:
            self.state = 1
        self.done = 0
        memset(self.sums_of, 0, sizeof(self.sums_of))
        memset(self.squares_of, 0, sizeof(self.squares_of))
        for k in range(self.ncand):
            memset(self.cross[k], 0, self.ncand * sizeof(double))

    cdef inline uint64_t next64(self) noexcept nogil:
        # splitmix64
        cdef uint64_t z
        self.state += 0x9E3779B97F4A7C15ULL
        z = self.state
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
        return z ^ (z >> 31)

    def sample(self, alive, list out=None, given=None):
        """Draw one deck order from the unseen cards (or take the ``given`` one, top last)
        and play every candidate in ``alive`` on it to the end; append each one's final
        score to ``out[candidate]`` when ``out`` is given, and count it in the statistics
        :meth:`prune` and :meth:`totals` read (``alive`` must only lose candidates from one
        sample to the next: they compare candidates on the samples they all played)."""
        cdef int order[CARDS]
        cdef int deck[CARDS]
        cdef int played[MAX_CANDIDATES]
        cdef int i, j, t, k, a, b, nplayed = 0, n = self.nunseen, size = self.deck_size
        cdef Game g
        cdef bint second
        cdef double x
        if len(alive) > self.ncand:
            raise ValueError(f"{len(alive)} candidates alive of {self.ncand}")
        if given is not None:
            if len(given) != size:
                raise ValueError(f"a deck of {size} cards, not {len(given)}")
            for i in range(size):
                deck[i] = check_card(given[i])
        else:
            for i in range(n):
                order[i] = self.unseen[i]
            # Partial Fisher-Yates: the first `size` cards of a uniform random order.
            for i in range(size):
                j = i + <int>(self.next64() % <uint64_t>(n - i))
                t = order[i]; order[i] = order[j]; order[j] = t
                deck[i] = order[i]
        for k in alive:
            if not 0 <= k < self.ncand:
                raise IndexError(f"no candidate {k}")
            g = self.root
            for i in range(size):
                g.deck[i] = deck[i]
            g.ndeck = size
            second = self.take2
            if self.cards1[k] >= 0:
                place(&g, self.cards1[k], self.places1[k])
                if self.cards2[k] >= 0:
                    place(&g, self.cards2[k], self.places2[k])
                serve(&g)
                if self.takes[k] < 0:
                    second = self.refill_and_draw(&g)
            if self.takes[k] >= 0:
                self.take(&g, self.takes[k])
                if not second:
                    second = self.refill_and_draw(&g)
                else:
                    second = False
            if second and not g.nfridge:
                second = False
            self.last[k] = self.finish(&g, second)
            played[nplayed] = k
            nplayed += 1
        for i in range(nplayed):
            a = played[i]
            x = self.last[a]
            self.sums_of[a] += x
            self.squares_of[a] += x * x
            for j in range(i + 1, nplayed):
                b = played[j]
                self.cross[a][b] += x * self.last[b]
                self.cross[b][a] = self.cross[a][b]
            if out is not None:
                out[a].append(self.last[a])
        self.done += 1

    def totals(self):
        """Each candidate's summed score over the samples it played."""
        return [self.sums_of[k] for k in range(self.ncand)]

    def prune(self, alive):
        """``prune_paired`` on the samples played so far (every candidate in ``alive`` has
        played them all): the candidates whose paired score difference to the leader (the
        best sum; the first in ``alive`` on a tie) is within 3 standard errors of zero."""
        cdef int k, lead = -1
        cdef double n = self.done, mean, var, d2
        cdef list keep = []
        if self.done < 2:
            return list(alive)
        for k in alive:
            if not 0 <= k < self.ncand:
                raise IndexError(f"no candidate {k}")
            if lead < 0 or self.sums_of[k] > self.sums_of[lead]:
                lead = k
        for k in alive:
            if k == lead:
                keep.append(k)
                continue
            mean = (self.sums_of[k] - self.sums_of[lead]) / n
            d2 = self.squares_of[k] - 2.0 * self.cross[k][lead] + self.squares_of[lead]
            var = (d2 - n * mean * mean) / (n - 1.0)
            if var < 0.0:
                var = 0.0
            if mean + 3.0 * sqrt(var / n) >= 0.0:
                keep.append(k)
        return keep


# -- the endgame, solved exactly ------------------------------------------------------------

cdef enum:
    E_PLAY = 0
    E_TAKE = 1
    E_TAKE2 = 2
    CHECK_EVERY = 4096


cdef struct Solver:
    long nodes
    double stop      # CLOCK_MONOTONIC seconds; 0: no limit
    bint late


cdef inline double monotonic() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef inline bint same_bowls(Game* a, Game* b) noexcept nogil:
    """Whether two games (the same cards played) have the same score and bowls, the
    bowls as a multiset of (sum, mask)."""
    cdef int p, q
    cdef bint used[BOWLS]
    if a.score != b.score:
        return False
    used[0] = used[1] = used[2] = False
    for p in range(BOWLS):
        for q in range(BOWLS):
            if not used[q] and a.sums[p] == b.sums[q] and a.masks[p] == b.masks[q]:
                used[q] = True
                break
        else:
            return False
    return True


cdef struct Entry:
    uint64_t hand
    uint64_t fridge
    uint64_t rest    # the bowls as a multiset, the phase, and 1 (an empty entry is 0)
    int gain


cdef enum:
    MEMO_BITS = 18

cdef Entry MEMO[1 << MEMO_BITS]
# The best future points of an endgame position depend on nothing but its cards, bowls and
# phase (the deck is empty: nothing hidden is left to come), so entries stay true for
# every later search; a colliding position replaces the entry. Searches hold the GIL, so
# one runs at a time.


cdef inline uint64_t cards_mask(int* cards, int n) noexcept nogil:
    cdef uint64_t m = 0
    cdef int i
    for i in range(n):
        m |= (<uint64_t>1) << cards[i]
    return m


cdef inline uint64_t bowls_key(Game* g, int phase) noexcept nogil:
    """The bowls as a sorted multiset of (sum, mask), with the phase and a set low bit."""
    cdef uint64_t a = (g.sums[0] << 7) | g.masks[0]
    cdef uint64_t b = (g.sums[1] << 7) | g.masks[1]
    cdef uint64_t c = (g.sums[2] << 7) | g.masks[2]
    cdef uint64_t t
    if a > b:
        t = a; a = b; b = t
    if b > c:
        t = b; b = c; c = t
    if a > b:
        t = a; a = b; b = t
    return (((((a << 11) | b) << 11) | c) << 3) | (<uint64_t>phase << 1) | 1


cdef int solve(Game* g, int phase, int first, Solver* s) noexcept nogil:
    """The best points still to come from ``g`` (deck empty) at ``phase``, every decision
    exact (-1 once the time is up). A second pick only takes a Fridge card from index
    ``first`` on (the two picks of a turn are a set: taking B then A is taking A then B)."""
    cdef Game h
    cdef Game seen[6]
    cdef int nseen, i, j, p, q, k, v, best = -1, card
    cdef uint64_t hand, fridge, rest, z
    cdef Entry* e = NULL
    s.nodes += 1
    if s.stop > 0.0 and s.nodes % CHECK_EVERY == 0 and monotonic() >= s.stop:
        s.late = True
    if s.late:
        return -1
    if phase == E_PLAY and g.nhand == 0:
        if g.nfridge == 0:
            return 0
        return solve(g, E_TAKE, 0, s)
    hand = cards_mask(g.hand, g.nhand)
    fridge = cards_mask(g.fridge, g.nfridge)
    rest = bowls_key(g, phase)
    if phase != E_TAKE2 or first == 0:
        z = hand * 0x9E3779B97F4A7C15ULL ^ fridge * 0xBF58476D1CE4E5B9ULL ^ rest
        z = (z ^ (z >> 31)) * 0x94D049BB133111EBULL
        e = &MEMO[z >> (64 - MEMO_BITS)]
        if e.rest == rest and e.hand == hand and e.fridge == fridge:
            return e.gain
    if phase == E_PLAY:
        if g.nhand == 1:
            for p in range(BOWLS):
                h = g[0]
                place(&h, h.hand[0], p)
                serve(&h)
                v = after_play(&h, s) + h.score - g.score
                if v > best:
                    best = v
        else:
            for i in range(g.nhand - 1):
                for j in range(i + 1, g.nhand):
                    nseen = 0
                    for p in range(BOWLS):
                        for q in range(BOWLS):
                            if q == p:
                                continue
                            h = g[0]
                            play_two(&h, g.hand[i], p, g.hand[j], q)
                            for k in range(nseen):
                                if same_bowls(&h, &seen[k]):
                                    break
                            else:
                                seen[nseen] = h
                                nseen += 1
                                v = after_play(&h, s) + h.score - g.score
                                if v > best:
                                    best = v
    else:
        # a pick: the first (then a second if the Fridge still holds a card) or the second
        for k in range(first, g.nfridge):
            card = g.fridge[k]
            h = g[0]
            remove(h.fridge, &h.nfridge, card)
            insort(&h, card)
            if phase == E_TAKE and h.nfridge:
                v = solve(&h, E_TAKE2, k, s)
            else:
                v = solve(&h, E_PLAY, 0, s)
            if v > best:
                best = v
    if s.late:
        return -1
    if e != NULL:
        e.hand = hand
        e.fridge = fridge
        e.rest = rest
        e.gain = best
    return best


cdef inline int after_play(Game* h, Solver* s) noexcept nogil:
    """A play's continuation with the deck empty: a pick if the Fridge holds a card, else
    the next turn."""
    return solve(h, E_TAKE if h.nfridge else E_PLAY, 0, s)


def endgame(hand, fridge, sums, masks, int score, str phase, double seconds=0.0):
    """The best final score of a solo position with an empty deck, every decision taken
    exactly (a depth-first search of every play and pick; bowls alike are one choice), or
    None if ``seconds`` (> 0) ran out first. ``phase``: ``"play"``, ``"take"`` (the
    first pick of the turn) or ``"take2"`` (the second)."""
    cdef Game g
    cdef Solver s
    cdef int ph, v
    if phase == "play":
        ph = E_PLAY
    elif phase == "take":
        ph = E_TAKE
    elif phase == "take2":
        ph = E_TAKE2
    else:
        raise ValueError(f"no phase {phase!r}: play, take or take2")
    load(&g, hand, fridge, sums, masks, (), score)
    if ph != E_PLAY and not g.nfridge:
        raise ValueError("a pick with an empty Fridge")
    s.nodes = 0
    s.late = False
    s.stop = monotonic() + seconds if seconds > 0.0 else 0.0
    v = solve(&g, ph, 0, &s)
    return None if s.late else g.score + v


cdef double best_pair(double[HELD][BOWLS] gains, int n) noexcept nogil:
    """The best gain of one card (``n`` = 1) or two cards into two different bowls."""
    cdef int i, j, p, q
    cdef double best = -1e18, v
    if n == 1:
        for p in range(BOWLS):
            if gains[0][p] > best:
                best = gains[0][p]
        return best
    for i in range(n - 1):
        for j in range(i + 1, n):
            for p in range(BOWLS):
                for q in range(BOWLS):
                    if p != q:
                        v = gains[i][p] + gains[j][q]
                        if v > best:
                            best = v
    return best


cdef int check_card(object card) except -1:
    cdef int c = card
    if c < 0 or c >= CARDS:
        raise ValueError(f"no Ramen! Ramen! card number {c}")
    return c


cdef int check_place(object p) except -1:
    cdef int q = p
    if q < 0 or q >= BOWLS:
        raise ValueError(f"no bowl place {q}")
    return q


cdef int load(Game* g, hand, fridge, sums, masks, deck, int score) except -1:
    cdef int i
    if len(hand) > HELD or len(fridge) > HELD or len(deck) > CARDS:
        raise ValueError("more cards than a solo game holds")
    if len(sums) != BOWLS or len(masks) != BOWLS:
        raise ValueError("three bowls")
    g.nhand = len(hand)
    for i in range(g.nhand):
        g.hand[i] = check_card(hand[i])
    g.nfridge = len(fridge)
    for i in range(g.nfridge):
        g.fridge[i] = check_card(fridge[i])
    g.ndeck = len(deck)
    for i in range(g.ndeck):
        g.deck[i] = check_card(deck[i])
    for i in range(BOWLS):
        g.sums[i] = sums[i]
        g.masks[i] = masks[i]
        if not 0 <= g.sums[i] < SERVE or not 0 <= g.masks[i] < FULL:
            raise ValueError(f"bowl {i} cannot be open at sum {g.sums[i]}, mask {g.masks[i]}")
    g.score = score
    return 0
