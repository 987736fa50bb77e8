"""A fast playout policy and a position value for searches (ISMCTS) in Ramen Fury.

The ``greedy`` bot decides by applying every legal decision to a copy of the state and
judging each with :func:`~gametable.games.ramen_fury.evaluation.evaluate`: a few hundred
microseconds to a millisecond per decision, far too slow for the thousands of playout
decisions a search makes. :func:`playout_action` decides on a full state without copying
it, from rules distilled from that evaluation:

- a *plan* (:func:`plan_of`): each uneaten bowl of the seat gets the cards of its hand that
  would make it best (:func:`~gametable.games.ramen_fury.evaluation.best_fill`, each card
  promised to one bowl, the most advanced bowls first — as the evaluation values them);
- eat a bowl that is full, or good and with nothing planned for it, or anything worth
  points in the final round;
- prep a planned card (into the most valuable bowl first), or draw the Pantry card that
  improves the plan most, else draw from the deck;
- a Chili goes onto the opponents' best-scoring bowl (or into one's own Fury bowl), a
  Nori into one's own bowl when the plan wants it there; spoon a Flavor or a good card
  out of an opponent's best bowl when it helps one's own; empty a hopeless bowl;
- discard a card the plan does not use (never a Chili first).

Near-equal choices are broken at random with the ``rand`` the search passes. Every rule
reads only the state it is given (in a search: a sample drawn from the searcher's view).

:func:`playout_value` turns the evaluation into the estimate a depth-limited playout
needs: per seat, the share of the other seats it will beat, a logistic of the difference
between seats' evaluated worth (:func:`seat_worth`; slope :data:`VALUE_SLOPE`, fitted on
seeded greedy games). Plans, bowl scores and fills are cached: a search meets the same
hands and bowls over and over.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from gametable.games.ramen_fury.cards import (
    BOWL_CAP,
    CHILI,
    CHILI_POINTS,
    FURY,
    FURY_CHILI_POINTS,
    KINDS,
    NORI,
    bowl_points,
    can_eat,
    flavor_of,
)
from gametable.games.ramen_fury.evaluation import (
    CARD_COST,
    FINAL_HOPE,
    HOPE,
    RISK,
    SPOON_VALUE,
    _sub_multisets,
    bowl_prospect,
    hand_value,
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

VALUE_SLOPE = (0.08, 0.09, 0.01)
"""Logistic slope of :func:`playout_value` (the win chance per point of evaluated lead):
``a + b·e + c·e²`` with ``e`` the bowls eaten so far per two seats — a lead says more as
the game goes on. Fitted by maximum likelihood on positions of 300 seeded greedy-vs-greedy
games (every fifth decision; seeds 0–299)."""
FINAL_SLOPE = 0.18
"""The same in the final round (fitted on the same games)."""
EAT_GOOD = 6
"""A bowl worth this many points is eaten once the plan has nothing more for it."""
CHILI_TARGET = 3
"""An opponent's bowl must be worth this much to spend a Chili on it."""

FillResult = tuple[float, tuple[int, ...]]


@lru_cache(maxsize=1 << 16)
def fill(cards: tuple[int, ...], usable: tuple[int, ...], nori_in_fury: bool) -> FillResult:
    """:func:`~gametable.games.ramen_fury.evaluation.best_fill` (the same answer, a test checks),
    for a bowl's cards in sorted order (the order does not change what a bowl scores).

    Faster on a miss: each candidate bowl is valued by :func:`bowl_worth`, cached by its
    cards; and cached apart from the greedy bot's own cache, so that the many playout
    positions do not evict its entries.
    """
    flavored = any(c <= FURY for c in cards)
    best = -math.inf
    best_used: tuple[int, ...] = ()
    for used in _subsets(usable, BOWL_CAP - len(cards)):
        if sum(1 for c in used if c <= FURY) > (0 if flavored else 1):
            continue
        value = bowl_worth(tuple(sorted(cards + used)), nori_in_fury) - CARD_COST * len(used)
        if value > best:
            best, best_used = value, used
    return best, best_used


_subsets = lru_cache(maxsize=1 << 16)(_sub_multisets.__wrapped__)
"""The greedy bot's sub-multisets of a hand, in a larger cache of their own."""


@lru_cache(maxsize=1 << 16)
def bowl_worth(cards: tuple[int, ...], nori_in_fury: bool) -> float:
    """What a bowl (sorted cards) is worth as it stands: its score plus a point of hope
    per free slot, or, without a Flavor, a little per card and a point off per Chili
    (as :func:`~gametable.games.ramen_fury.evaluation.bowl_prospect`)."""
    return bowl_prospect(cards, nori_in_fury)


class Plan:
    """The seat's uneaten bowls (index ``0``–``2`` of the seat) with what its hand would
    best make of them; built by :func:`plan_of`.

    As :func:`~gametable.games.ramen_fury.evaluation.own_prospects`: each card of the hand is
    promised to one bowl, the most advanced bowls choosing first.
    """

    __slots__ = ("held", "left", "targets", "total", "used", "value")

    def __init__(
        self, hand: tuple[int, ...], bowls: tuple[tuple[int, ...] | None, ...], nif: bool
    ) -> None:
        # Bowls with a Flavor first, then the fuller (cards are sorted: a Flavor first).
        order = [b for b in range(BOWLS) if bowls[b] is not None]
        if len(order) > 1:
            order.sort(key=lambda b: _rank(bowls[b]), reverse=True)
        held = [k for k in range(KINDS) for _ in range(hand[k])]
        self.held = tuple(held)
        self.value: dict[int, float] = {}
        """Own bowl (0–2) -> the best it could become with the cards promised to it."""
        self.used: dict[int, tuple[int, ...]] = {}
        """Own bowl (0–2) -> the cards of the hand promised to it."""
        total = 0.0
        targets = []
        for b in order:
            cards = bowls[b]
            assert cards is not None
            usable = (
                tuple(held)
                if CHILI not in held or FURY in cards
                else tuple(k for k in held if k != CHILI)
            )
            value, used = fill(cards, usable, nif)
            if len(cards) + len(used) < BOWL_CAP:
                targets.append(tuple(sorted(cards + used)))
            self.value[b] = value
            self.used[b] = used
            if len(cards) + len(used) >= BOWL_CAP and value > 0:
                total += value * (1 - RISK)
            else:
                total += value
            for k in used:
                held.remove(k)
        self.left = tuple(held)
        """Cards the plan does not use."""
        self.total = total
        """The bowls' prospects as the evaluation counts them (full bowls at risk)."""
        self.targets = tuple(targets)
        """The bowls with room left once the promised cards are in (sorted cards)."""


def _rank(cards: tuple[int, ...] | None) -> tuple[bool, int]:
    assert cards is not None
    return (bool(cards) and cards[0] <= FURY, len(cards))


@lru_cache(maxsize=1 << 16)
def _plan(hand: tuple[int, ...], bowls: tuple[tuple[int, ...] | None, ...], nif: bool) -> Plan:
    return Plan(hand, bowls, nif)


def plan_of(state: FuryState, seat: int) -> Plan:
    """``seat``'s :class:`Plan` (cached by hand and bowls — each bowl's cards sorted, as
    their order does not matter; plans are never changed)."""
    base = seat * BOWLS
    bowls = state.bowls
    eaten = state.eaten
    key = (
        None if eaten[base] else tuple(sorted(bowls[base])),
        None if eaten[base + 1] else tuple(sorted(bowls[base + 1])),
        None if eaten[base + 2] else tuple(sorted(bowls[base + 2])),
    )
    return _plan(tuple(state.hands[seat]), key, state.nori_in_fury)


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
            gain = float(FURY_CHILI_POINTS if flavor == FURY else CHILI_POINTS)
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
        if plan is not None and NORI in plan.used.get(i - base, ()):
            return i
        # A free slot is worth about a point too: take the Nori where the bowl is done.
        wanted = BOWL_CAP - len(cards) - len(plan.used.get(i - base, ())) if plan else 1
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
    plan = plan_of(state, seat)
    # Free plays first: they cost no action.
    if hand[CHILI]:
        target, gain = _chili_target(state, seat)
        if target >= 0 and gain >= 1.0 and rand() < 0.8:
            return PLACES[CHILI][target]
    if hand[NORI]:
        base = seat * BOWLS
        for b, used in plan.used.items():
            if NORI in used and len(state.bowls[base + b]) < BOWL_CAP:
                return PLACES[NORI][base + b]
    if phase == FREE or state.actions_left <= 0:
        return END_TURN
    assert phase == ACTION
    return _action(state, seat, plan, rand)


@lru_cache(maxsize=1 << 16)
def _draw_gain(targets: tuple[tuple[int, ...], ...], kind: int, nori_in_fury: bool) -> float:
    """What a card of ``kind`` adds at best to one of the planned bowls ``targets`` (each
    bowl's sorted cards with those promised to it, when room is left), less a card's cost."""
    gain = 0.0
    flavor = kind <= FURY
    for after in targets:
        if flavor and any(c <= FURY for c in after):
            continue
        g = (
            bowl_worth(tuple(sorted((*after, kind))), nori_in_fury)
            - bowl_worth(after, nori_in_fury)
            - CARD_COST
        )
        if g > gain:
            gain = g
    return gain


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
    for b, value in plan.value.items():
        cards = bowls[base + b]
        if not cards:
            continue
        used = plan.used[b]
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
    # The Pantry card that would improve the plan most: what it adds to a bowl once the
    # bowl has the cards promised to it.
    seen = 0
    targets = plan.targets
    for k in state.pantry:
        if k < 0 or seen & (1 << k) or k == CHILI:
            continue
        seen |= 1 << k
        gain = _draw_gain(targets, k, nif)
        if gain >= 0.5:
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
        for b in plan.value:
            mine = bowls[base + b]
            if len(mine) >= BOWL_CAP or (top <= FURY and any(c <= FURY for c in mine)):
                continue
            if top == CHILI and FURY not in mine:
                continue
            gain = bowl_points([*mine, top], nif) - bowl_points(mine, nif) if mine else 0.0
            total = gain + loss
            if total >= 4.0:
                offer(SPOONS_[src // BOWLS][src % BOWLS][b], 1.0 + 0.5 * total)


def _discard(state: FuryState, seat: int, rand: Callable[[], float]) -> FuryAction:
    plan = plan_of(state, seat)
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
        target = _nori_target(state, seat, plan_of(state, seat))
        if target >= 0:
            return USES[NORI][target]
    if state.mandatory:
        forced = _forced_use(state, seat, kinds)
        if forced is not None:
            return forced
    return SKIP


def _forced_use(state: FuryState, seat: int, kinds: set[int]) -> FuryAction | None:
    """Option ``revealed_specials_mandatory``: the revealed special must go somewhere when
    a bowl has room. The least bad place: a Nori into one's own bowl (flavored first),
    else anyone's; a Chili into one's own Fury bowl, an opponent's flavored bowl (the
    best first), an opponent's unflavored one, and one's own bowl only when nothing else
    has room. ``None`` when no bowl has room (then skipping is legal)."""
    bowls = state.bowls
    eaten = state.eaten
    base = seat * BOWLS
    best: FuryAction | None = None
    best_score = -math.inf
    for i in range(len(bowls)):
        cards = bowls[i]
        if eaten[i] or len(cards) >= BOWL_CAP:
            continue
        mine = base <= i < base + BOWLS
        flavor = flavor_of(cards)
        for kind in kinds:
            if kind == NORI:
                score = (3.0 if flavor is not None else 2.0) if mine else 0.0
            elif flavor == FURY:
                score = 4.0 if mine else -1.0
            elif mine:
                score = -2.0 if flavor is not None else -1.5
            else:
                score = 1.0 + 0.1 * bowl_points(cards, state.nori_in_fury) if flavor else 0.5
            if score > best_score:
                best, best_score = USES[kind][i], score
    return best


def seat_worth(state: FuryState, seat: int, hope: float) -> float:
    """What the evaluation thinks ``seat`` has: points eaten, its bowls' prospects with its
    hand (:class:`Plan`), its hand and its spoons — the ``mine`` of
    :func:`~gametable.games.ramen_fury.evaluation.evaluate`."""
    base = seat * BOWLS
    eaten = 0
    for i in range(base, base + BOWLS):
        if state.eaten[i]:
            eaten += bowl_points(state.bowls[i], state.nori_in_fury)
    return (
        eaten
        + hope * plan_of(state, seat).total
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
    if state.final_left >= 0:
        hope = FINAL_HOPE
        slope = FINAL_SLOPE
    else:
        hope = HOPE
        a, b, c = VALUE_SLOPE
        e = 2.0 * sum(state.eaten) / players
        slope = a + b * e + c * e * e
    worth = [seat_worth(state, s, hope) for s in range(players)]
    out = []
    for s in range(players):
        total = 0.0
        for o in range(players):
            if o != s:
                total += 1.0 / (1.0 + math.exp(-slope * (worth[s] - worth[o])))
        out.append(total / (players - 1))
    return out
