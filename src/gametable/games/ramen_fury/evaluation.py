"""The position evaluation of Ramen Fury's ``greedy`` bot, shared with the search policy.

:func:`evaluate` is what makes the greedy bot (:mod:`.bots`) play like a person with a
plan, and what the fast playout policy (:mod:`.policy`) is distilled from:

- it builds toward the flavors it holds: each of its uneaten bowls is worth the best score
  it could reach with the cards in hand (:func:`best_fill`, each card promised to one
  bowl), less a cost per card still to play, plus a little hope for slots left over;
- it eats a bowl once that score beats the hope (a full bowl, a good score, or the final
  round, when uneaten bowls are about to become worthless);
- it compares itself with the leading opponent, so a Chili (or a spoon) spent to spoil the
  leader's bowl is worth more than one spent on someone trailing.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from gametable.games.ramen_fury.cards import (
    BOWL_CAP,
    CHILI,
    FLAVORS,
    FURY,
    IS_FLAVOR,
    KINDS,
    bowl_points,
    flavor_of,
)
from gametable.games.ramen_fury.state import BOWLS, FuryState

GROWTH = dict.fromkeys(FLAVORS, 1.0)
"""Rough points a free slot of a bowl of each flavor may still bring."""
CARD_COST = 0.8
"""What playing one more card into a bowl costs (an action, and the risk meanwhile)."""
HELD = 0.15
"""Worth of any card held (its use is counted in the bowls)."""
CHILI_HELD = 0.3
"""Extra worth of a Chili held: a weapon for later."""
SPOON_VALUE = 2.0
"""Worth of an unused spoon: spend it only for a bigger gain."""
RISK = 0.3
"""Share of an uneaten bowl's points at risk (spoons and Chili) until it is eaten."""
HOPE = 0.95
"""How much an uneaten bowl's prospects count, compared with points already eaten."""
FINAL_HOPE = 0.15
"""The same in the final round (calibrated over seeded games against the random bot)."""


@lru_cache(maxsize=1 << 16)
def best_fill(
    cards: tuple[int, ...], hand: tuple[int, ...], nori_in_fury: bool
) -> tuple[float, tuple[int, ...]]:
    """The best a bowl could become with cards from ``hand`` (kinds, sorted), less a cost
    per card still to be played, plus a little hope for the slots left after that."""
    room = BOWL_CAP - len(cards)
    best = float("-inf")
    best_used: tuple[int, ...] = ()
    flavored = any(IS_FLAVOR[c] for c in cards)
    for used in _sub_multisets(hand, room):
        if sum(1 for c in used if IS_FLAVOR[c]) > (0 if flavored else 1):
            continue
        after = cards + used
        left = room - len(used)
        flavor = flavor_of(after)
        if flavor is None:
            value = 0.3 * sum(1 for c in after if c != CHILI) - after.count(CHILI)
        else:
            value = bowl_points(after, nori_in_fury) + left * GROWTH[flavor]
        value -= CARD_COST * len(used)
        if value > best:
            best, best_used = value, used
    return best, best_used


@lru_cache(maxsize=1 << 12)
def _sub_multisets(hand: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    out: set[tuple[int, ...]] = {()}
    for k in hand:
        out |= {(*t, k) for t in out if len(t) < size}
    return tuple(sorted(out))


def bowl_prospect(cards: Sequence[int], nori_in_fury: bool) -> float:
    """What an opponent's uneaten bowl is worth: its score now plus hope for its free slots."""
    flavor = flavor_of(cards)
    room = BOWL_CAP - len(cards)
    if flavor is None:
        return 0.3 * sum(1 for c in cards if c != CHILI) - cards.count(CHILI)
    return bowl_points(cards, nori_in_fury) + room * GROWTH[flavor]


def own_prospects(state: FuryState, seat: int) -> float:
    """What ``seat``'s uneaten bowls could become with the cards in its hand, each card
    promised to one bowl only (the most advanced bowls choose first). A bowl that is full
    (or will be) gains nothing by waiting: its points are at risk until it is eaten."""
    hand = state.hands[seat]
    base = seat * BOWLS
    bowls = [state.bowls[i] for i in range(base, base + BOWLS) if not state.eaten[i]]
    bowls.sort(key=lambda b: (flavor_of(b) is not None, len(b)), reverse=True)
    held = [k for k in range(KINDS) for _ in range(hand[k])]
    total = 0.0
    for cards in bowls:
        usable = tuple(k for k in held if k != CHILI or FURY in cards)
        value, used = best_fill(tuple(cards), usable, state.nori_in_fury)
        if len(cards) + len(used) >= BOWL_CAP and value > 0:
            value *= 1 - RISK
        total += value
        for k in used:
            held.remove(k)
    return total


def hand_value(state: FuryState, seat: int) -> float:
    """A small worth for holding cards at all (their use is counted in the bowls)."""
    hand = state.hands[seat]
    return HELD * state.hand_sizes[seat] + CHILI_HELD * hand[CHILI]


def seat_value(state: FuryState, seat: int, hope: float, own: bool = False) -> float:
    """Points eaten plus the hoped-for worth of ``seat``'s uneaten bowls."""
    total = 0.0
    base = seat * BOWLS
    for i in range(base, base + BOWLS):
        if state.eaten[i]:
            total += bowl_points(state.bowls[i], state.nori_in_fury)
        elif state.bowls[i] and not own:
            total += hope * bowl_prospect(state.bowls[i], state.nori_in_fury)
    if own:
        total += hope * own_prospects(state, seat)
    return total


def evaluate(state: FuryState, seat: int) -> float:
    """How good ``state`` looks for ``seat`` (higher is better)."""
    if state.is_over:
        scores = [state.seat_points(s) for s in range(state.players)]
        best_other = max(scores[s] for s in range(state.players) if s != seat)
        return 1000.0 * (scores[seat] > best_other) + scores[seat] - best_other
    hope = FINAL_HOPE if state.final_left >= 0 else HOPE
    mine = (
        seat_value(state, seat, hope, own=True)
        + hand_value(state, seat)
        + SPOON_VALUE * state.spoons[seat]
    )
    others = [seat_value(state, s, hope) for s in range(state.players) if s != seat]
    return mine - max(others) - 0.2 * (sum(others) - max(others))
