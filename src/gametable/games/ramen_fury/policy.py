"""A fast playout policy and a position value for searches (ISMCTS) in Ramen Fury.

The ``greedy`` bot decides by applying every legal decision to a copy of the state and
judging each with :func:`~gametable.games.ramen_fury.bots.evaluate`: a few hundred
microseconds to a millisecond per decision, far too slow for the thousands of playout
decisions a search makes. :func:`playout_action` decides on a full state without copying
it, from rules distilled from that evaluation:

- a *plan* (:func:`plan`): each uneaten bowl of the seat gets the cards of its hand that
  would make it best (:func:`~gametable.games.ramen_fury.bots.best_fill`, each card
  promised to one bowl, the most advanced bowls first — as the evaluation values them);
- eat a bowl that is full, or good and with nothing planned for it, or anything worth
  points in the final round;
- prep a planned card (into the most valuable bowl first), or draw the Pantry card that
  improves the plan most, else draw from the deck;
- a Chili goes onto the leading opponent's best bowl (or into one's own Fury bowl), a
  Nori into one's own bowl when the plan wants it there; spoon a Flavor or a good card
  out of an opponent's best bowl when it helps one's own; empty a hopeless bowl;
- discard a card the plan does not use (never a Chili first).

Near-equal choices are broken at random with the ``rand`` the search passes. Every rule
reads only the state it is given (in a search: a sample drawn from the searcher's view).

:func:`playout_value` turns the evaluation into the estimate a depth-limited playout
needs: per seat, the share of the other seats it will beat, a logistic of the difference
between seats' evaluated worth (:data:`VALUE_SLOPE`, calibrated on seeded greedy games).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from gametable.games.ramen_fury.bots import (
    FINAL_HOPE,
    HOPE,
    SPOON_VALUE,
    best_fill,
    hand_value,
    seat_value,
)
from gametable.games.ramen_fury.cards import (
    BOWL_CAP,
    CHILI,
    FURY,
    KINDS,
    NORI,
    bowl_points,
    can_eat,
    flavor_of,
)
from gametable.games.ramen_fury.state import (
    ACTION,
    BOWLS,
    DISCARD,
    DISCARDS,
    DRAW_DECK,
    DRAWS,
    EATS,
    EMPTIES,
    END_TURN,
    FREE,
    HAND_LIMIT,
    PLACES,
    PREPS,
    REVEAL,
    SKIP,
    SPOONS_,
    USES,
    FuryAction,
    FuryState,
)

VALUE_SLOPE = 0.25
"""Logistic slope of :func:`playout_value`: the win chance per point of evaluated lead."""
EAT_GOOD = 6
"""A bowl worth this many points is eaten once the plan has nothing more for it."""
CHILI_TARGET = 3
"""An opponent's bowl must be worth this much to spend a Chili on it."""


class Plan:
    """The seat's uneaten bowls with what its hand would best make of them."""

    __slots__ = ("held", "left", "used", "value")

    def __init__(self, state: FuryState, seat: int) -> None:
        hand = state.hands[seat]
        base = seat * BOWLS
        bowls = state.bowls
        eaten = state.eaten
        order = [i for i in range(base, base + BOWLS) if not eaten[i]]
        order.sort(key=lambda i: (flavor_of(bowls[i]) is not None, len(bowls[i])), reverse=True)
        held = [k for k in range(KINDS) for _ in range(hand[k])]
        self.held = tuple(held)
        self.value: dict[int, float] = {}
        self.used: dict[int, tuple[int, ...]] = {}
        nif = state.nori_in_fury
        for i in order:
            cards = bowls[i]
            usable = tuple(k for k in held if k != CHILI or FURY in cards)
            value, used = best_fill(tuple(cards), usable, nif)
            self.value[i] = value
            self.used[i] = used
            for k in used:
                held.remove(k)
        self.left = held
        """Cards the plan does not use."""


def _chili_target(state: FuryState, seat: int) -> tuple[int, float]:
    """The best bowl for a Chili (an opponent's good bowl, or one's own Fury bowl) and
    how much it is worth; ``(-1, 0)`` when none is worth it."""
    bowls = state.bowls
    eaten = state.eaten
    nif = state.nori_in_fury
    best, best_gain = -1, 0.0
    base = seat * BOWLS
    for i in range(len(bowls)):
        cards = bowls[i]
        if eaten[i] or len(cards) >= BOWL_CAP or not cards:
            continue
        flavor = flavor_of(cards)
        if base <= i < base + BOWLS:
            gain = 2.0 if flavor == FURY else -1.0
        elif flavor is None or flavor == FURY:
            continue
        else:
            points = bowl_points(cards, nif)
            gain = 1.0 if points >= CHILI_TARGET else 0.0
            gain += 0.1 * points
        if gain > best_gain:
            best, best_gain = i, gain
    return best, best_gain


def _nori_target(state: FuryState, seat: int, plan: Plan | None) -> int:
    """One's own bowl where a Nori does best now, or -1."""
    bowls = state.bowls
    base = seat * BOWLS
    best, best_points = -1, -1
    for i in range(base, base + BOWLS):
        cards = bowls[i]
        if state.eaten[i] or len(cards) >= BOWL_CAP:
            continue
        flavor = flavor_of(cards)
        if flavor is None:
            continue
        if plan is not None and NORI in plan.used.get(i, ()):
            return i
        # A free slot is worth about a point too: take the Nori where the bowl is done.
        wanted = BOWL_CAP - len(cards) - len(plan.used.get(i, ())) if plan else 1
        if wanted <= 0:
            continue
        points = bowl_points(cards, state.nori_in_fury)
        if points > best_points:
            best, best_points = i, points
    return best


def playout_action(state: FuryState, seat: int, rand: Callable[[], float]) -> FuryAction:
    """A fast decision for ``seat`` on a full state (see the module docstring)."""
    phase = state.phase
    if phase == DISCARD:
        return _discard(state, seat, rand)
    if phase == REVEAL:
        return _reveal(state, seat)
    hand = state.hands[seat]
    plan = Plan(state, seat)
    # Free plays first: they cost no action.
    if hand[CHILI]:
        target, gain = _chili_target(state, seat)
        if target >= 0 and gain >= 1.0 and rand() < 0.8:
            return PLACES[CHILI][target]
    if hand[NORI]:
        for i, used in plan.used.items():
            if NORI in used and len(state.bowls[i]) < BOWL_CAP:
                return PLACES[NORI][i]
    if phase == FREE or state.actions_left <= 0:
        return END_TURN
    assert phase == ACTION
    return _action(state, seat, plan, rand)


def _action(state: FuryState, seat: int, plan: Plan, rand: Callable[[], float]) -> FuryAction:
    bowls = state.bowls
    nif = state.nori_in_fury
    final = state.final_left >= 0
    best: FuryAction | None = None
    best_score = -math.inf

    def offer(action: FuryAction, score: float) -> None:
        nonlocal best, best_score
        score += 0.5 * rand()
        if score > best_score:
            best, best_score = action, score

    base = seat * BOWLS
    for i, value in plan.value.items():
        cards = bowls[i]
        b = i - base
        if not cards:
            continue
        used = plan.used[i]
        if can_eat(cards):
            points = bowl_points(cards, nif)
            if final and points > 0:
                offer(EATS[b], 20.0 + points)
            elif len(cards) >= BOWL_CAP:
                offer(EATS[b], 12.0 + points if points > 0 else 1.0)
            elif not used and points >= EAT_GOOD:
                offer(EATS[b], 8.0 + points)
            elif points >= value + 1.0:
                offer(EATS[b], 4.0 + points - value)
        if value < -1.5 and not used and (flavor_of(cards) is None or len(cards) >= BOWL_CAP):
            offer(EMPTIES[b], 1.0 - value)
        room = BOWL_CAP - len(cards)
        if used and room > 0:
            # A Flavor first (it decides the bowl), then the others.
            flavored = any(c <= FURY for c in cards)
            for k in used:
                if k == NORI:
                    continue
                if k <= FURY and flavored:
                    continue
                offer(PREPS[k][b], 5.0 + (1.0 if k <= FURY else 0.0) + 0.1 * value)
                break
    hand_size = state.hand_sizes[seat]
    if state.deck:
        offer(DRAW_DECK, 2.0 if hand_size < HAND_LIMIT else 0.5)
    # The Pantry card that would improve the plan most.
    pantry = state.pantry
    seen = 0
    held = plan.held
    for k in pantry:
        if k < 0 or seen & (1 << k) or k == CHILI:
            continue
        seen |= 1 << k
        gain = 0.0
        more = tuple(sorted((*held, k)))
        for i, value in plan.value.items():
            cards = bowls[i]
            if len(cards) >= BOWL_CAP:
                continue
            usable = tuple(c for c in more if c != CHILI or FURY in cards)
            after = best_fill(tuple(cards), usable, nif)[0]
            if after - value > gain:
                gain = after - value
        if gain >= 1.0:
            offer(DRAWS[k], 2.0 + gain - (1.5 if hand_size >= HAND_LIMIT else 0.0))
    if state.spoons[seat]:
        _offer_spoon(state, seat, plan, offer)
    if best is None:
        legal = state.legal_actions(seat)
        actions = [a for a in legal if a is not END_TURN]
        return actions[int(rand() * len(actions))] if actions else legal[0]
    return best


def _offer_spoon(
    state: FuryState, seat: int, plan: Plan, offer: Callable[[FuryAction, float], None]
) -> None:
    """Spoon a card off an opponent's good bowl when one's own bowl wants it."""
    bowls = state.bowls
    eaten = state.eaten
    nif = state.nori_in_fury
    base = seat * BOWLS
    for src in range(len(bowls)):
        if base <= src < base + BOWLS or eaten[src]:
            continue
        cards = bowls[src]
        if len(cards) < 2:
            continue
        flavor = flavor_of(cards)
        if flavor is None or flavor == FURY:
            continue
        before = bowl_points(cards, nif)
        if before < EAT_GOOD:
            continue
        top = cards[-1]
        loss = before - bowl_points(cards[:-1], nif)
        for i in plan.value:
            mine = bowls[i]
            if len(mine) >= BOWL_CAP or (top <= FURY and any(c <= FURY for c in mine)):
                continue
            if top == CHILI and FURY not in mine:
                continue
            gain = bowl_points([*mine, top], nif) - bowl_points(mine, nif) if mine else 0.0
            total = gain + loss
            if total >= 4.0:
                offer(SPOONS_[src // BOWLS][src % BOWLS][i - base], 1.0 + 0.5 * total)


def _discard(state: FuryState, seat: int, rand: Callable[[], float]) -> FuryAction:
    plan = Plan(state, seat)
    spare = [k for k in plan.left if k != CHILI] or plan.left
    if not spare:
        hand = state.hands[seat]
        spare = [k for k in range(KINDS) if hand[k] and k != CHILI] or [
            k for k in range(KINDS) if hand[k]
        ]
    return DISCARDS[spare[int(rand() * len(spare))]]


def _reveal(state: FuryState, seat: int) -> FuryAction:
    kinds = {state.pantry[s] for s in state.pending}
    if CHILI in kinds:
        target, gain = _chili_target(state, seat)
        if target >= 0 and gain >= 1.0:
            return USES[CHILI][target]
    if NORI in kinds:
        target = _nori_target(state, seat, Plan(state, seat))
        if target >= 0:
            return USES[NORI][target]
    return SKIP


def seat_worth(state: FuryState, seat: int, hope: float) -> float:
    """What the evaluation thinks ``seat`` has: points eaten, its bowls' prospects with its
    hand, its hand and its spoons."""
    return (
        seat_value(state, seat, hope, own=True)
        + hand_value(state, seat)
        + SPOON_VALUE * state.spoons[seat]
    )


def playout_value(state: FuryState) -> list[float]:
    """Per seat, the estimated share of the other seats it will beat, in [0, 1]."""
    players = state.players
    if state.is_over:
        scores = [(state.seat_points(s), state.eaten_cards(s)) for s in range(players)]
        return [
            sum(
                1.0 if scores[s] > scores[o] else 0.5 if scores[s] == scores[o] else 0.0
                for o in range(players)
                if o != s
            )
            / (players - 1)
            for s in range(players)
        ]
    hope = FINAL_HOPE if state.final_left >= 0 else HOPE
    worth = [seat_worth(state, s, hope) for s in range(players)]
    out = []
    for s in range(players):
        total = 0.0
        for o in range(players):
            if o != s:
                total += 1.0 / (1.0 + math.exp(-VALUE_SLOPE * (worth[s] - worth[o])))
        out.append(total / (players - 1))
    return out
