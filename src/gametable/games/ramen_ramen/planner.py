"""The solo planner: Monte Carlo search over the hidden deck order, for Ramen! Ramen! solo.

Solo Ramen! Ramen! is a planning puzzle: the only hidden things are the deck order and the
four cards discarded face down. :class:`PlannerAgent` decides from its view alone:

1. **Candidates.** At the play step a decision is really a pair — the two cards played
   (where) and the Fridge card taken next — since nothing new is seen between the two.
   Every pair is scored by a quick evaluation (:func:`bowl_table`: what an open bowl is
   likely to be worth: the greedy bot's formula, its values fitted to the planner's own
   choices, :data:`SOLO_EVALUATION`), pairs that leave the same bowls are counted once,
   and the best ``width`` are kept.
2. **Samples.** The unseen cards are shuffled into a possible deck order (the order
   nobody knows; the view gives only its size), the same orders for every candidate
   (common random numbers, so candidates are compared on equal luck).
3. **Rollouts.** From each candidate, the game is played to the end on that deck by a fast
   policy on a bare integer simulation of the solo rules, and the final score is
   recorded. The policy looks one play ahead (:func:`lookahead_play`): it plays the two
   cards whose gain by the bowl evaluation, plus ``lookahead`` times the best gain of the
   next play that the Fridge then allows, is highest (compiled, with a little random noise
   added to each play's value, :data:`PLANNER_NOISE`, so near-ties go either way); it
   takes the Fridge card allowing the best play with the hand. The rollouts run compiled
   (:mod:`.planner_fast`, a few hundred times faster than the same policy in Python) when
   the package was built with a C compiler; without it they run in Python with the
   one-step policy (the best two-card play by the bowl evaluation alone, no noise), which
   leaves more samples in the same time.
4. **Pruning.** After every batch of samples, candidates clearly behind the leader (by the
   paired difference of their scores, three standard errors) are dropped; the search
   stops when the time or sample budget runs out or one candidate is left.

5. **The endgame, exactly.** Once the deck is empty nothing hidden is left to come (the
   four discards never come into play), so every decision from then on is solved by a
   depth-first search of every play and pick to the end (:func:`endgame_value`, compiled
   as :func:`.planner_fast.endgame`): the rollouts' policy no longer decides the last
   turns. If that search would overrun half the decision's time, the rollouts decide.

The take step that follows takes the Fridge card the play's search chose with the play
(nothing new is seen in between); the second take, which comes only once the deck is
empty, is solved exactly (5.), or searched the same way over the Fridge cards if the exact
search runs out of time. Candidates that leave the same bowls (bowls have no order
in solo) are counted once. Time: ``seconds`` per turn, a promise kept with a
:class:`~gametable.agents.clock.TurnClock`. In games with 2 to 4 players the planner
plays as the ``greedy`` bot (its search assumes every bowl is its own).
"""

from __future__ import annotations

import math
import random
import time
from bisect import insort
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from gametable.agents.clock import TurnClock
from gametable.agents.ismcts import prune_paired
from gametable.core.compiled import compiled_module
from gametable.core.game import Action, Game, State, View
from gametable.core.rng import Rng
from gametable.games.ramen_ramen.bots import GreedyAgent, check_evaluation, open_bowl_promise
from gametable.games.ramen_ramen.cards import (
    CARD_BY_NAME,
    DECK,
    POINTS_BY_TYPES,
    POPCOUNT,
    types_mask,
)
from gametable.games.ramen_ramen.state import (
    _PLACE_PAIRS,
    OVER,
    PLAY,
    PLAYS1,
    PLAYS2,
    SERVE_SUM,
    TAKES,
    Play,
    RamenState,
    Take,
    place_owners,
    side_of_seat,
    turn_decisions,
)

SOLO_EVALUATION = (5.4535, 0.981, 0.9335, 0.7483)
"""The bowl evaluation's (avg_card, hit_rate, promise, card_cost) for the planner's
candidates and rollouts, fitted with :data:`PLANNER_LOOKAHEAD` to the planner's own
choices (``benchmarks/fit_planner_policy.py``: the rollout policy's plays made as like
the planner's as the policy's form allows, 5,280 play decisions of 240 games, seeds
12,100,100–12,100,339), so the rollouts play on as the planner would. Before, (3.491,
0.697, 0.952, 0.589), from a random search over the one-step policy's own score; the
fitted values score more for the planner (docs/search.md) and for the policies alone too
(the one-step 54.72 against 54.47, the lookahead 56.27 against 56.05, 5,000 deals)."""

PLANNER_LOOKAHEAD = 0.7634
"""Weight of the next play's gain in the rollout policy's choice of a play
(:func:`lookahead_play`; 0 is the one-step policy), fitted with
:data:`SOLO_EVALUATION` (0.75 before)."""

PLANNER_NOISE = 0.4
"""Random amount (uniform in [0, noise)) added to each play's value in the compiled
rollouts' lookahead policy before the best is taken: plays nearly as good as the best are
sometimes played. Alone the policy scores about 0.6 less for it, but the planner's
rollouts then average over its near-ties instead of repeating one fixed choice, and the
planner scores more (the width was 0.2 at first; 0.4 since a comparison of widths,
docs/search.md)."""

MAX_WIDTH = 256
"""The most candidates a search compares (the compiled rollouts' limit; a position has at
most about 150 distinct play-and-pick pairs)."""

PLAY_SHARE = 0.95
"""Part of a turn's time the play's search may spend when the pick follows the plan."""
PLAY_SHARE_BEFORE_TWO_PICKS = 0.65
"""The same when a second pick (deck empty) will be searched after the first."""

if TYPE_CHECKING:
    from gametable.games.ramen_ramen.planner_fast import Rollouts

_COMPILED = "gametable.games.ramen_ramen.planner_fast"
"""The compiled rollouts' module (built from ``planner_fast.pyx``; optional)."""

_FULL = 127
_MAX_LEFT = 20


@lru_cache(maxsize=16)
def bowl_table(
    avg_card: float, hit_rate: float, promise: float, card_cost: float
) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """``table[left][total][types]``: worth of an open bowl (greedy's estimate).

    ``left`` is the number of cards still to come per bowl (capped at 20), ``total`` the
    bowl's sum (0–13) and ``types`` its number of distinct ingredients.
    """
    return tuple(
        tuple(
            tuple(
                promise
                * open_bowl_promise(types, total, avg_card, hit_rate, card_cost, float(left))
                for types in range(8)
            )
            for total in range(SERVE_SUM)
        )
        for left in range(_MAX_LEFT + 1)
    )


class _Eval:
    """The bowl evaluation at one stage of the game: value of adding a card to a bowl."""

    __slots__ = ("empty", "table")

    def __init__(self, table: tuple[tuple[float, ...], ...]) -> None:
        self.table = table
        self.empty = table[0][0]

    def value(self, total: int, mask: int) -> float:
        if total >= SERVE_SUM or mask == _FULL:
            return POINTS_BY_TYPES[POPCOUNT[mask]] + self.empty
        return self.table[total][POPCOUNT[mask]]


def _best_play(
    hand: Sequence[int], sums: list[int], masks: list[int], ev: _Eval
) -> tuple[float, tuple[tuple[int, int], ...]]:
    """The best placements of two cards (one if the hand holds one) and their gain."""
    base = [ev.value(sums[p], masks[p]) for p in range(3)]
    gains = [
        [ev.value(sums[p] + (c & 7), masks[p] | (1 << (c >> 3))) - base[p] for p in range(3)]
        for c in hand
    ]
    n = len(hand)
    if n == 1:
        g = gains[0]
        p = max(range(3), key=g.__getitem__)
        return g[p], ((hand[0], p),)
    best = -1e9
    choice: tuple[tuple[int, int], ...] = ()
    for i in range(n - 1):
        gi = gains[i]
        for j in range(i + 1, n):
            gj = gains[j]
            for p in range(3):
                a = gi[p]
                for q in range(3):
                    if q != p and a + gj[q] > best:
                        best = a + gj[q]
                        choice = ((hand[i], p), (hand[j], q))
    return best, choice


Flat = tuple[float, ...]
"""A bowl evaluation as one flat table: index ``sum * 128 + mask`` for sums 0–20 (a bowl
under 14 plus one card); every sum of 14 or more is a served bowl."""

_ROWS = SERVE_SUM + 7
"""Rows of a flat table: sums 0 to 20."""


@lru_cache(maxsize=16)
def flat_tables(
    avg_card: float, hit_rate: float, promise: float, card_cost: float
) -> tuple[Flat, ...]:
    """:func:`bowl_table` per ``left`` as flat tables that also value served bowls.

    A bowl at sum 14 or more or with all seven ingredients is served: it is worth its
    points plus a fresh empty bowl's promise.
    """
    out = []
    for table in bowl_table(avg_card, hit_rate, promise, card_cost):
        empty = table[0][0]
        flat = []
        for total in range(_ROWS):
            for mask in range(128):
                if total >= SERVE_SUM or mask == _FULL:
                    flat.append(POINTS_BY_TYPES[POPCOUNT[mask]] + empty)
                else:
                    flat.append(table[total][POPCOUNT[mask]])
        out.append(tuple(flat))
    return tuple(out)


def policy_play(
    hand: Sequence[int],
    sums: Sequence[int],
    masks: Sequence[int],
    flat: Flat,
    flat1: Flat | None = None,
    flat2: Flat | None = None,
) -> tuple[tuple[int, int], ...]:
    """The rollout policy's play: the two placements (one for a lone card) gaining most.

    ``flat`` evaluates every bowl, or bowl 1 only when ``flat1`` and ``flat2`` are given
    for bowls 2 and 3 (bowls with different owners).
    """
    f1 = flat if flat1 is None else flat1
    f2 = flat if flat2 is None else flat2
    # Per card: its best bowl and gain, and its second-best bowl and gain.
    firsts = _tops(hand, sums, masks, flat, f1, f2)
    n = len(hand)
    if n == 1:
        return ((hand[0], firsts[0][1]),)
    best = -1e9
    choice: tuple[tuple[int, int], ...] = ()
    for i in range(n - 1):
        ga, pa, sa, qa = firsts[i]
        for j in range(i + 1, n):
            gb, pb, sb, qb = firsts[j]
            if pa != pb:
                if ga + gb > best:
                    best = ga + gb
                    choice = ((hand[i], pa), (hand[j], pb))
            elif ga + sb >= sa + gb:
                if ga + sb > best:
                    best = ga + sb
                    choice = ((hand[i], pa), (hand[j], qb))
            elif sa + gb > best:
                best = sa + gb
                choice = ((hand[i], qa), (hand[j], pb))
    return choice


def lookahead_play(
    hand: Sequence[int],
    sums: Sequence[int],
    masks: Sequence[int],
    fridge: Sequence[int],
    flat: Flat,
    weight: float,
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The lookahead policy's play (two cards or more in hand, a Fridge not empty): the two
    placements maximizing their gain plus ``weight`` times the best gain of the next play
    with the Fridge card that allows the best one (the card drawn after it is unknown and
    left out). Solo (one table for every bowl)."""
    n = len(hand)
    base = [flat[(sums[p] << 7) + masks[p]] for p in range(3)]
    gains = [_gains(c, sums, masks, base, flat) for c in hand]
    best = -1e18
    choice = ((hand[0], 0), (hand[1], 1))
    for i in range(n - 1):
        for j in range(i + 1, n):
            rest = [hand[k] for k in range(n) if k != i and k != j]
            a, b = hand[i], hand[j]
            for p in range(3):
                for q in range(3):
                    if q == p:
                        continue
                    value = gains[i][p] + gains[j][q]
                    after_sums = list(sums)
                    after_masks = list(masks)
                    after_sums[p] += a & 7
                    after_masks[p] |= 1 << (a >> 3)
                    after_sums[q] += b & 7
                    after_masks[q] |= 1 << (b >> 3)
                    for r in range(3):
                        if after_sums[r] >= SERVE_SUM or after_masks[r] == _FULL:
                            after_sums[r] = 0
                            after_masks[r] = 0
                    nb = [flat[(after_sums[r] << 7) + after_masks[r]] for r in range(3)]
                    rows = [_gains(c, after_sums, after_masks, nb, flat) for c in rest]
                    follow = -1e18
                    for c in fridge:
                        top = _best_gain([*rows, _gains(c, after_sums, after_masks, nb, flat)])
                        if top > follow:
                            follow = top
                    value += weight * follow
                    if value > best:
                        best = value
                        choice = ((a, p), (b, q))
    return choice


def _gains(
    card: int, sums: Sequence[int], masks: Sequence[int], base: Sequence[float], flat: Flat
) -> list[float]:
    """What ``card`` adds to each bowl's evaluation (``base``: the bowls' own)."""
    row = (card & 7) << 7
    bit = 1 << (card >> 3)
    return [flat[(sums[p] << 7) + row + (masks[p] | bit)] - base[p] for p in range(3)]


def _best_gain(gains: Sequence[Sequence[float]]) -> float:
    """The best gain of one card, or of two cards into two different bowls."""
    best = -1e18
    if len(gains) == 1:
        for v in gains[0]:
            if v > best:
                best = v
        return best
    for i in range(len(gains) - 1):
        gi = gains[i]
        for j in range(i + 1, len(gains)):
            gj = gains[j]
            for p in range(3):
                for q in range(3):
                    if p != q and gi[p] + gj[q] > best:
                        best = gi[p] + gj[q]
    return best


def _tops(
    cards: Sequence[int],
    sums: Sequence[int],
    masks: Sequence[int],
    f0: Flat,
    f1: Flat,
    f2: Flat,
) -> list[tuple[float, int, float, int]]:
    """Per card: (best gain, its bowl, second-best gain, its bowl)."""
    s0, s1, s2 = sums
    m0, m1, m2 = masks
    o0 = s0 << 7
    o1 = s1 << 7
    o2 = s2 << 7
    b0 = f0[o0 + m0]
    b1 = f1[o1 + m1]
    b2 = f2[o2 + m2]
    out: list[tuple[float, int, float, int]] = []
    append = out.append
    for c in cards:
        row = (c & 7) << 7
        bit = 1 << (c >> 3)
        g0 = f0[o0 + row + (m0 | bit)] - b0
        g1 = f1[o1 + row + (m1 | bit)] - b1
        g2 = f2[o2 + row + (m2 | bit)] - b2
        if g0 >= g1:
            if g1 >= g2:
                append((g0, 0, g1, 1))
            elif g0 >= g2:
                append((g0, 0, g2, 2))
            else:
                append((g2, 2, g0, 0))
        elif g0 >= g2:
            append((g1, 1, g0, 0))
        elif g1 >= g2:
            append((g1, 1, g2, 2))
        else:
            append((g2, 2, g1, 1))
    return out


def policy_take(
    fridge: Sequence[int],
    sums: Sequence[int],
    masks: Sequence[int],
    flat: Flat,
    flat1: Flat | None = None,
    flat2: Flat | None = None,
    hand: Sequence[int] = (),
) -> int:
    """The rollout policy's Fridge pick, as the greedy bot picks.

    The card allowing the best two-card play with the ``hand`` kept (ties: the first in
    the Fridge); with an empty hand, the card that adds most to one bowl. (The greedy bot
    ranks cards by the best play with or without the card: that card is among its best.)
    """
    f0 = flat
    f1 = flat if flat1 is None else flat1
    f2 = flat if flat2 is None else flat2
    s0, s1, s2 = sums
    m0, m1, m2 = masks
    o0 = s0 << 7
    o1 = s1 << 7
    o2 = s2 << 7
    b0 = f0[o0 + m0]
    b1 = f1[o1 + m1]
    b2 = f2[o2 + m2]
    # The best play with a Fridge card c in bowl p and a hand card elsewhere is
    # gain(c, p) + best[p], best[p] being the best gain of a hand card outside bowl p.
    if hand:
        best0 = best1 = best2 = -1e9
        for c in hand:
            row = (c & 7) << 7
            bit = 1 << (c >> 3)
            g0 = f0[o0 + row + (m0 | bit)] - b0
            g1 = f1[o1 + row + (m1 | bit)] - b1
            g2 = f2[o2 + row + (m2 | bit)] - b2
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
    choice = fridge[0]
    for c in fridge:
        row = (c & 7) << 7
        bit = 1 << (c >> 3)
        v = f0[o0 + row + (m0 | bit)] - b0 + best0
        w = f1[o1 + row + (m1 | bit)] - b1 + best1
        if w > v:
            v = w
        w = f2[o2 + row + (m2 | bit)] - b2 + best2
        if w > v:
            v = w
        if v > top:
            top = v
            choice = c
    return choice


@lru_cache(maxsize=64)
def seat_tables(
    players: int,
    side: int,
    avg_card: float = 2.6,
    hit_rate: float = 0.8,
    promise: float = 0.8,
    card_cost: float = 1.0,
    gift: float = 0.9,
) -> tuple[tuple[Flat, Flat, Flat], ...]:
    """Per ``left``, one flat table per bowl place, valued for ``side`` (greedy's rules).

    A bowl served to us is worth its points, one served to an opponent costs them; an
    open bowl is worth its promise to its owner (its own side: plus; another: minus;
    communal: nothing, but a communal bowl the next player could probably serve with one
    card counts as a gift with 2 or 4 players) — the evaluation of :mod:`.bots`.
    """
    owners = place_owners(players)
    share = 1.0 / max(1, players - 2)
    out = []
    for left in range(_MAX_LEFT + 1):
        per_place = []
        for place in range(3):
            owner = owners[place]
            # open[total][types]: the worth of an open bowl to this side
            open_worth = [[0.0] * 8 for _ in range(SERVE_SUM)]
            for total in range(SERVE_SUM):
                for types in range(8):
                    worth = promise * open_bowl_promise(
                        types, total, avg_card, hit_rate, card_cost, float(left)
                    )
                    if players == 1:
                        value = worth
                    elif owner is None:
                        gives = players in (2, 4) and (total >= 7 or types >= 6)
                        value = -gift * POINTS_BY_TYPES[min(7, types + 1)] if gives else 0.0
                    else:
                        value = worth if owner == side else -share * worth
                    open_worth[total][types] = value
            mine = owner is None or owner == side
            served = [
                (points if mine else -share * points) + open_worth[0][0]
                for points in POINTS_BY_TYPES
            ]
            flat: list[float] = []
            for total in range(_ROWS):
                row = open_worth[total] if total < SERVE_SUM else served
                flat.extend(
                    served[POPCOUNT[mask]] if mask == _FULL else row[POPCOUNT[mask]]
                    for mask in range(128)
                )
            per_place.append(tuple(flat))
        out.append((per_place[0], per_place[1], per_place[2]))
    return tuple(out)


_TABLES: dict[tuple[int, int], tuple[tuple[Flat, Flat, Flat], ...]] = {}
_PAIR_INDEX = {p * 3 + q: i for i, (p, q) in enumerate(_PLACE_PAIRS)}
"""Index in ``PLAYS2[a][b]`` of the play putting ``a`` into place p and ``b`` into q."""


def _seat_tables(players: int, seat: int) -> tuple[tuple[Flat, Flat, Flat], ...]:
    tables = _TABLES.get((players, seat))
    if tables is None:
        tables = _TABLES[(players, seat)] = seat_tables(players, side_of_seat(players, seat))
    return tables


def playout_action(state: RamenState, seat: int) -> Play | Take:
    """The fast one-step policy's decision for ``seat`` on a full state, for playouts.

    For searches only: it reads the state it is given, which in a search is a sample
    drawn from the searching seat's view (:meth:`~gametable.core.Game.determinizer`),
    never the true game.
    """
    players = state.players
    tables = _seat_tables(players, seat)
    hands = state.hands
    hand = hands[seat]
    left = len(state.deck) + len(state.fridge)
    for h in hands:
        left += len(h)
    left //= 3
    f0, f1, f2 = tables[left if left < _MAX_LEFT else _MAX_LEFT]
    if state.phase == PLAY:
        placements = policy_play(hand, state.bowl_sum, state.bowl_mask, f0, f1, f2)
        if len(placements) == 1:
            card, place = placements[0]
            return PLAYS1[card][place]
        (a, p), (b, q) = placements
        if a > b:
            a, p, b, q = b, q, a, p
        return PLAYS2[a][b][_PAIR_INDEX[p * 3 + q]]
    return TAKES[policy_take(state.fridge, state.bowl_sum, state.bowl_mask, f0, f1, f2, hand)]


def playout(state: RamenState, depth: int | None = None) -> None:
    """Play on from ``state`` with :func:`playout_action` for every seat: to the end, or
    ``depth`` decisions.

    The same game as applying :func:`playout_action`'s decisions one by one (the final
    state is equal, history included), without checking decisions the policy builds legal.
    """
    per_seat = [_seat_tables(state.players, seat) for seat in range(state.players)]
    hands = state.hands
    deck = state.deck
    fridge = state.fridge
    sums = state.bowl_sum
    masks = state.bowl_mask
    budget = -1 if depth is None else depth
    while budget and state.phase != OVER:
        budget -= 1
        seat = state.current
        hand = hands[seat]
        left = len(deck) + len(fridge)
        for h in hands:
            left += len(h)
        left //= 3
        f0, f1, f2 = per_seat[seat][left if left < _MAX_LEFT else _MAX_LEFT]
        if state.phase == PLAY:
            # Hands are kept sorted, so the placements come in card order, as in a Play.
            state._play_cards(policy_play(hand, sums, masks, f0, f1, f2))
        else:
            state._take_from_fridge(policy_take(fridge, sums, masks, f0, f1, f2, hand))


class _Sim:
    """A bare solo game: hand, Fridge, three bowls (sum, mask), deck (top last), score."""

    __slots__ = ("deck", "fridge", "hand", "masks", "score", "sums")

    def __init__(
        self,
        hand: list[int],
        fridge: list[int],
        sums: list[int],
        masks: list[int],
        deck: list[int],
        score: int,
    ) -> None:
        self.hand = hand
        self.fridge = fridge
        self.sums = sums
        self.masks = masks
        self.deck = deck
        self.score = score

    def copy(self, deck: list[int]) -> _Sim:
        return _Sim(self.hand[:], self.fridge[:], self.sums[:], self.masks[:], deck, self.score)

    def play(self, placements: Sequence[tuple[int, int]]) -> None:
        sums, masks = self.sums, self.masks
        for card, place in placements:
            self.hand.remove(card)
            sums[place] += card & 7
            masks[place] |= 1 << (card >> 3)
        for place in range(3):
            if sums[place] >= SERVE_SUM or masks[place] == _FULL:
                self.score += POINTS_BY_TYPES[POPCOUNT[masks[place]]]
                sums[place] = 0
                masks[place] = 0

    def take(self, card: int, second: bool) -> bool:
        """Take ``card``; then refill and draw. True if a second take is due (deck empty)."""
        self.fridge.remove(card)
        insort(self.hand, card)
        if second:
            return False
        return self.refill_and_draw()

    def refill_and_draw(self) -> bool:
        deck = self.deck
        if deck:
            self.fridge.append(deck.pop())
        if deck:
            insort(self.hand, deck.pop())
            return False
        return bool(self.fridge)

    def finish(self, flats: tuple[Flat, ...], second: bool, lookahead: float = 0.0) -> int:
        """Play to the end with the rollout policy from a take step (``second``: TAKE2):
        the one-step policy, or the lookahead policy (:func:`lookahead_play`) with a
        positive ``lookahead`` weight."""
        hand, fridge, sums, masks, deck = self.hand, self.fridge, self.sums, self.masks, self.deck
        if second and fridge:
            left = (len(deck) + len(fridge) + len(hand)) // 3
            card = policy_take(
                fridge, sums, masks, flats[left if left < _MAX_LEFT else _MAX_LEFT], hand=hand
            )
            fridge.remove(card)
            insort(hand, card)
        points = POINTS_BY_TYPES
        popcount = POPCOUNT
        while True:
            left = (len(deck) + len(fridge) + len(hand)) // 3
            flat = flats[left if left < _MAX_LEFT else _MAX_LEFT]
            if hand:
                placements: tuple[tuple[int, int], ...]
                if lookahead > 0.0 and len(hand) > 1 and fridge:
                    placements = lookahead_play(hand, sums, masks, fridge, flat, lookahead)
                else:
                    placements = policy_play(hand, sums, masks, flat)
                for card, place in placements:
                    hand.remove(card)
                    sums[place] += card & 7
                    masks[place] |= 1 << (card >> 3)
                for place in range(3):
                    if sums[place] >= SERVE_SUM or masks[place] == _FULL:
                        self.score += points[popcount[masks[place]]]
                        sums[place] = 0
                        masks[place] = 0
            elif not fridge:
                return self.score
            if not fridge:
                continue  # the deck is empty too: play on from hand
            left = (len(deck) + len(fridge) + len(hand)) // 3
            flat = flats[left if left < _MAX_LEFT else _MAX_LEFT]
            card = policy_take(fridge, sums, masks, flat, hand=hand)
            fridge.remove(card)
            insort(hand, card)
            if deck:
                fridge.append(deck.pop())
            if deck:
                insort(hand, deck.pop())
            elif fridge:
                left = (len(fridge) + len(hand)) // 3
                card = policy_take(fridge, sums, masks, flats[left], hand=hand)
                fridge.remove(card)
                insort(hand, card)


class _OutOfTime(Exception):
    """The endgame search ran past its deadline."""


_Memo = dict[tuple[frozenset[int], tuple[int, ...], tuple[tuple[int, int], ...], str], int]


def endgame_value(
    hand: Sequence[int],
    fridge: Sequence[int],
    sums: Sequence[int],
    masks: Sequence[int],
    score: int,
    phase: str,
    deadline: float | None = None,
) -> int | None:
    """The best final score of a solo position whose deck is empty, every play and pick
    taken exactly: nothing is hidden any more (the four discards never come into play), so
    a depth-first search of every decision to the end solves it (positions met again are
    looked up, bowls alike are one choice). ``phase``: ``"play"``, ``"take"`` (the turn's
    first pick) or ``"take2"`` (its second). ``None`` if the ``deadline``
    (:func:`time.perf_counter`) passed first. The compiled
    :func:`~.planner_fast.endgame` finds the same values far faster."""
    if phase not in ("play", "take", "take2"):
        raise ValueError(f"no phase {phase!r}: play, take or take2")
    if phase != "play" and not fridge:
        raise ValueError("a pick with an empty Fridge")
    sim = _Sim(sorted(hand), list(fridge), list(sums), list(masks), [], score)
    try:
        return score + _solve(sim, phase, 0, deadline, {}, [0])
    except _OutOfTime:
        return None


def _solve(
    sim: _Sim, phase: str, first: int, deadline: float | None, memo: _Memo, nodes: list[int]
) -> int:
    """The best points still to come (see :func:`endgame_value`); a second pick takes a
    Fridge card from index ``first`` on (a turn's two picks are a set)."""
    nodes[0] += 1
    if deadline is not None and nodes[0] % 256 == 0 and time.perf_counter() >= deadline:
        raise _OutOfTime
    hand = sim.hand
    if phase == "play" and not hand:
        return 0 if not sim.fridge else _solve(sim, "take", 0, deadline, memo, nodes)
    key = None
    if phase != "take2" or first == 0:
        bowls = tuple(sorted(zip(sim.sums, sim.masks, strict=True)))
        key = (frozenset(hand), tuple(sorted(sim.fridge)), bowls, phase)
        if key in memo:
            return memo[key]
    best = -1
    if phase == "play":
        plays: list[tuple[tuple[int, int], ...]]
        if len(hand) == 1:
            plays = [((hand[0], p),) for p in range(3)]
        else:
            plays = [
                ((hand[i], p), (hand[j], q))
                for i in range(len(hand) - 1)
                for j in range(i + 1, len(hand))
                for p, q in _PLACE_PAIRS
            ]
        for placements in plays:
            after = sim.copy([])
            after.play(placements)
            follow = "take" if after.fridge else "play"
            gain = after.score - sim.score + _solve(after, follow, 0, deadline, memo, nodes)
            best = max(best, gain)
    else:
        for k in range(first, len(sim.fridge)):
            card = sim.fridge[k]
            after = sim.copy([])
            del after.fridge[k]
            insort(after.hand, card)
            if phase == "take" and after.fridge:
                gain = _solve(after, "take2", k, deadline, memo, nodes)
            else:
                gain = _solve(after, "play", 0, deadline, memo, nodes)
            best = max(best, gain)
    if key is not None:
        memo[key] = best
    return best


def _root(view: View) -> tuple[_Sim, list[int]]:
    """A solo view as the search's root simulation (no deck) and the cards it cannot see
    (the deck and the four discards)."""
    parse = CARD_BY_NAME.__getitem__
    hand = [parse(c) for c in view["hand"]]
    fridge = [parse(c) for c in view["fridge"]]
    bowls = [[parse(c) for c in b["cards"]] for b in view["bowls"]]
    seen = set(hand) | set(fridge)
    for b in bowls:
        seen.update(b)
    score = 0
    for side in view["served"]:
        for bowl in side["bowls"] or ():
            cards = [parse(c) for c in bowl]
            seen.update(cards)
            score += POINTS_BY_TYPES[POPCOUNT[types_mask(cards)]]
    unseen = [c for c in DECK if c not in seen]
    sums = [sum(c & 7 for c in b) for b in bowls]
    masks = [types_mask(b) for b in bowls]
    return _Sim(hand, fridge, sums, masks, [], score), unseen


class PlannerAgent:
    """Monte Carlo planner for solo games (see the module docstring).

    Parameters: ``seconds`` (time per turn, default 1.0, kept as a promise: see
    :mod:`gametable.agents.clock`), ``samples`` (a cap on deck samples per decision, for
    reproducible tests), ``width`` (candidates kept after the quick evaluation, 1 to
    :data:`MAX_WIDTH`),
    ``replan`` (search the Fridge pick again after the play instead of taking the card the
    play's search chose with it), ``exact_endgame`` (solve every decision exactly once the
    deck is empty; on by default), ``lookahead`` (the rollout policy's weight of the next
    play: by default :data:`PLANNER_LOOKAHEAD` with the compiled rollouts, 0 — the
    one-step policy — without them), ``noise`` (the compiled rollout policy's random
    perturbation: :data:`PLANNER_NOISE`; 0 makes it deterministic), and the bowl
    evaluation's ``avg_card``, ``hit_rate``,
    ``promise`` and ``card_cost`` (as the greedy bot's; by default :data:`SOLO_EVALUATION`).

    The play's search chooses a (play, Fridge card) pair, and nothing new is seen before
    the pick, so the pick normally follows the plan at once and the play's search gets
    :data:`PLAY_SHARE` of the turn; a second pick (deck empty) is searched with what is left.
    """

    name = "planner"

    def __init__(
        self,
        game: Game | None = None,
        seat: int = 0,
        seconds: float | None = 1.0,
        samples: int | None = None,
        width: int = 16,
        replan: bool = False,
        lookahead: float | None = None,
        noise: float | None = None,
        exact_endgame: bool = True,
        avg_card: float = SOLO_EVALUATION[0],
        hit_rate: float = SOLO_EVALUATION[1],
        promise: float = SOLO_EVALUATION[2],
        card_cost: float = SOLO_EVALUATION[3],
    ) -> None:
        if seconds is None and samples is None:
            raise ValueError("the planner needs a budget: seconds or samples")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        if samples is not None and samples < 1:
            raise ValueError(f"samples must be at least 1, got {samples}")
        if not 1 <= width <= MAX_WIDTH:
            raise ValueError(f"width must be 1 to {MAX_WIDTH}, got {width}")
        self.seconds = seconds
        self.clock = None if seconds is None else TurnClock(seconds)
        self.samples = samples
        self.width = width
        self.replan = replan
        self.exact_endgame = exact_endgame
        self._plan: tuple[tuple[str, ...], tuple[str, ...], Action] | None = None
        check_evaluation(avg_card=avg_card, hit_rate=hit_rate, promise=promise, card_cost=card_cost)
        self.tables = bowl_table(avg_card, hit_rate, promise, card_cost)
        self.flats = flat_tables(avg_card, hit_rate, promise, card_cost)
        self.greedy = GreedyAgent(game, seat)
        self.last_samples = 0
        if lookahead is not None and lookahead < 0:
            raise ValueError(f"lookahead must be 0 or more, got {lookahead}")
        self._rollouts: Rollouts | None = None  # made at the first search
        self.compiled = compiled_module(_COMPILED) is not None
        """Whether the rollouts run compiled (:mod:`.planner_fast`) or in Python (when
        the module is not built or :data:`~gametable.core.compiled.PURE_PYTHON_VARIABLE`
        is set: the Python rollouts play the same games for the same policy, without
        noise)."""
        if lookahead is None:
            lookahead = PLANNER_LOOKAHEAD if self.compiled else 0.0
        self.lookahead = lookahead
        if noise is not None and not 0 <= noise < math.inf:
            raise ValueError(f"noise must be 0 or more (and finite), got {noise}")
        self.noise = (PLANNER_NOISE if self.compiled else 0.0) if noise is None else noise
        """The compiled rollouts' policy noise (:data:`PLANNER_NOISE`; the Python rollouts
        have none: their one-step policy is deterministic)."""

    def __getstate__(self) -> dict[str, object]:
        """Copies and pickles leave the compiled rollouts out (made again when needed)."""
        state = self.__dict__.copy()
        state["_rollouts"] = None
        return state

    def playout_action(self, state: State, seat: int, rand: Callable[[], float]) -> Action:
        """A fast decision on a full (sampled) state, for search playouts (ISMCTS).

        The one-step policy of the planner's rollouts, valued for the seat's side in every
        mode (see :func:`seat_tables`). Searches call it only on states sampled from
        their own view.
        """
        if not isinstance(state, RamenState):
            raise TypeError(f"not a Ramen! Ramen! state: {state!r}")
        return playout_action(state, seat)

    def playout(self, state: State, rand: Callable[[], float], depth: int | None = None) -> None:
        """Play on from a full (sampled) state with :meth:`playout_action` for every seat,
        to the end or ``depth`` decisions: the same game, faster (see :func:`playout`)."""
        if not isinstance(state, RamenState):
            raise TypeError(f"not a Ramen! Ramen! state: {state!r}")
        playout(state, depth)

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        """The best decision found within the budget (``greedy``'s when not solo)."""
        deadline = None
        if self.clock is not None:
            starts, left = turn_decisions(view)
            share = 1.0 / left
            if view["phase"] == "play" and left > 1:
                if self.replan:
                    share = 0.7 if left == 2 else 0.5
                else:
                    share = PLAY_SHARE if left == 2 else PLAY_SHARE_BEFORE_TWO_PICKS
            deadline = self.clock.step_deadline(starts, share)
        if view["players"] != 1:
            return self.greedy.act(view, legal, rng)
        plan, self._plan = self._plan, None
        if len(legal) == 1:
            return legal[0]
        if (
            plan is not None
            and view["phase"] == "take"
            and (tuple(view["hand"]), tuple(view["fridge"])) == plan[:2]
            and plan[2] in legal
        ):
            return plan[2]
        parse = CARD_BY_NAME.__getitem__
        root, unseen = _root(view)
        deck_size: int = view["deck_size"]
        phase = view["phase"]
        if deck_size == 0 and self.exact_endgame:
            exact = self._endgame(root, phase, legal, deadline)
            if exact is not None:
                return exact
        candidates = self._candidates(root, phase, legal, deck_size)
        if len(candidates) == 1:
            chosen = candidates[0]
        else:
            fast = random.Random(rng.next64())
            chosen = self._search(root, phase, candidates, unseen, deck_size, fast, deadline)
        action, play, take = chosen
        if play is not None and take is not None and not self.replan:
            played = {card for card, _ in play.placements}
            rest = tuple(c for c in view["hand"] if parse(c) not in played)
            self._plan = (rest, tuple(view["fridge"]), TAKES[take])
        return action

    # -- the endgame -----------------------------------------------------------------------

    def _endgame(
        self, root: _Sim, phase: str, legal: Sequence[Action], deadline: float | None
    ) -> Action | None:
        """With the deck empty, the decision whose exact best final score is highest (the
        first on a tie), or ``None`` if the exact search ran out of time (the rollouts
        then decide)."""
        module = compiled_module(_COMPILED) if self.compiled else None
        if deadline is not None:
            # at most half the decision's time: the rollouts decide in the rest if need be
            deadline = (time.perf_counter() + deadline) / 2.0

        def solve(after: _Sim, follow: str) -> int | None:
            if module is None:
                return endgame_value(
                    after.hand, after.fridge, after.sums, after.masks, after.score, follow,
                    deadline,
                )  # fmt: skip
            left = 0.0 if deadline is None else deadline - time.perf_counter()
            if deadline is not None and left <= 0.0:
                return None
            return module.endgame(  # type: ignore[no-any-return]
                after.hand, after.fridge, after.sums, after.masks, after.score, follow, left
            )

        best: tuple[int, Action] | None = None
        for action in legal:
            after = root.copy([])
            if isinstance(action, Play):
                after.play(action.placements)
                follow = "take" if after.fridge else "play"
            else:
                assert isinstance(action, Take)  # a solo decision is a play or a pick
                after.fridge.remove(action.card)
                insort(after.hand, action.card)
                follow = "take2" if phase == "take" and after.fridge else "play"
            value = solve(after, follow)
            if value is None:
                return None
            if best is None or value > best[0]:
                best = (value, action)
        return None if best is None else best[1]

    # -- candidates ------------------------------------------------------------------------

    def _candidates(
        self, root: _Sim, phase: str, legal: Sequence[Action], deck_size: int
    ) -> list[tuple[Action, Play | None, int | None]]:
        """(action to return, play to simulate, take to simulate), best ``width`` first."""
        tables = self.tables
        left = min(_MAX_LEFT, (deck_size + len(root.fridge) + len(root.hand)) // 3)
        ev = _Eval(tables[left])
        if phase != "play":
            return [(a, None, a.card) for a in legal if isinstance(a, Take)]
        scored: list[tuple[float, Action, Play | None, int | None]] = []
        base = [ev.value(root.sums[p], root.masks[p]) for p in range(3)]
        outcomes: set[tuple[frozenset[int], tuple[tuple[int, int], ...], int]] = set()
        for action in legal:
            if not isinstance(action, Play):
                continue
            sums = root.sums[:]
            masks = root.masks[:]
            gain = 0.0
            served = 0
            for card, place in action.placements:
                sums[place] += card & 7
                masks[place] |= 1 << (card >> 3)
            for place in range(3):
                gain += ev.value(sums[place], masks[place]) - base[place]
                if sums[place] >= SERVE_SUM or masks[place] == _FULL:
                    served += POINTS_BY_TYPES[POPCOUNT[masks[place]]]
                    sums[place] = 0
                    masks[place] = 0
            # Bowls have no order in solo: plays that leave the same bowls (the same cards
            # into bowls alike, e.g. two empty ones) are one candidate, not several.
            outcome = (
                frozenset(card for card, _ in action.placements),
                tuple(sorted(zip(sums, masks, strict=True))),
                served,
            )
            if outcome in outcomes:
                continue
            outcomes.add(outcome)
            rest = [c for c in root.hand if all(c != p[0] for p in action.placements)]
            if not root.fridge:
                scored.append((gain, action, action, None))
                continue
            for card in root.fridge:
                after = [*rest, card]
                follow, _ = _best_play(after, sums, masks, ev) if after else (0.0, ())
                scored.append((gain + 0.5 * follow, action, action, card))
        scored.sort(key=lambda t: -t[0])
        return [(a, p, t) for _, a, p, t in scored[: self.width]]

    # -- search ----------------------------------------------------------------------------

    def _search(
        self,
        root: _Sim,
        phase: str,
        candidates: list[tuple[Action, Play | None, int | None]],
        unseen: list[int],
        deck_size: int,
        fast: random.Random,
        deadline: float | None,
    ) -> tuple[Action, Play | None, int | None]:
        sampler: Rollouts | _Rollouts
        if self._rollouts is not None:
            sampler = self._rollouts
        elif self.compiled and (module := compiled_module(_COMPILED)) is not None:
            sampler = self._rollouts = module.Rollouts(self.flats, self.lookahead, self.noise)
        else:
            sampler = _Rollouts(self.flats, self.lookahead, deadline)
        sampler.set_root(
            root.hand,
            root.fridge,
            root.sums,
            root.masks,
            root.score,
            unseen,
            deck_size,
            phase == "take2",
            [(None if p is None else p.placements, t) for _, p, t in candidates],
            fast.getrandbits(64),
        )
        alive = list(range(len(candidates)))
        done = 0
        clock = time.perf_counter
        late = False
        while True:
            for _ in range(4):
                if deadline is not None and done and clock() >= deadline:
                    late = True  # checked between deck orders: a sample is a few ms
                    break
                sampler.sample(alive)
                if isinstance(sampler, _Rollouts) and sampler.abandoned:
                    late = True
                    break
                done += 1
            if self.samples is not None and done >= self.samples:
                break
            if late or (deadline is not None and clock() >= deadline):
                break
            if done >= 8:
                alive = sampler.prune(alive)
            if len(alive) == 1:
                break
        self.last_samples = done
        totals = sampler.totals()
        best = max(alive, key=lambda i: (totals[i], -i))
        return candidates[best]


class _Rollouts:
    """The search's deck samples and statistics in Python, with the interface of the
    compiled :class:`~.planner_fast.Rollouts` (which plays the same games, faster, when its
    ``noise`` is 0).

    A sample of the lookahead policy in Python can take half a second, so past the
    ``deadline`` a sample is given up between candidates, unrecorded (``abandoned`` then
    says so); with no sample complete, the search plays its first candidate, the best by
    the quick evaluation."""

    def __init__(
        self, flats: tuple[Flat, ...], lookahead: float, deadline: float | None = None
    ) -> None:
        self.flats = flats
        self.lookahead = lookahead
        self.deadline = deadline
        self.abandoned = False
        self.results: list[list[int]] = []

    def set_root(
        self,
        hand: list[int],
        fridge: list[int],
        sums: list[int],
        masks: list[int],
        score: int,
        unseen: list[int],
        deck_size: int,
        take2: bool,
        candidates: list[tuple[tuple[tuple[int, int], ...] | None, int | None]],
        seed: int,
    ) -> None:
        self.root = _Sim(hand, fridge, sums, masks, [], score)
        self.unseen = unseen
        self.deck_size = deck_size
        self.take2 = take2
        self.candidates = candidates
        self.random = random.Random(seed)
        self.results = [[] for _ in candidates]

    def sample(
        self,
        alive: list[int],
        out: list[list[int]] | None = None,
        given: list[int] | None = None,
    ) -> None:
        """One deck order (or the ``given`` one, top last), every candidate in ``alive``
        played to the end on it; each score also appended to ``out[candidate]``."""
        if given is None:
            order = self.unseen[:]
            self.random.shuffle(order)
            deck = order[: self.deck_size]
        else:
            deck = given
        scores = []
        for i in alive:
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                self.abandoned = True
                return
            play, take = self.candidates[i]
            sim = self.root.copy(deck[:])
            second = self.take2
            if play is not None:
                sim.play(play)
                if take is None:
                    second = sim.refill_and_draw()
            if take is not None:
                second = sim.take(take, second)
            if second and not sim.fridge:
                second = False
            scores.append(sim.finish(self.flats, second, self.lookahead))
        for i, score in zip(alive, scores, strict=True):
            self.results[i].append(score)
            if out is not None:
                out[i].append(score)

    def prune(self, alive: list[int]) -> list[int]:
        return prune_paired(alive, self.results.__getitem__)

    def totals(self) -> list[float]:
        return [float(sum(r)) for r in self.results]


__all__ = [
    "MAX_WIDTH",
    "PLANNER_LOOKAHEAD",
    "PLANNER_NOISE",
    "PlannerAgent",
    "bowl_table",
    "endgame_value",
    "flat_tables",
    "lookahead_play",
    "playout_action",
    "policy_play",
    "policy_take",
    "seat_tables",
]
