"""Ramen Fury bots.

:class:`GreedyAgent` looks one decision ahead: it samples the hidden cards consistently
with its view (:func:`~gametable.games.ramen_fury.game.determinize`), plays each legal
decision on a copy, and keeps the one whose position :func:`evaluate` likes best. The
evaluation is what makes it play like a person with a plan:

- it builds toward the flavors in its bowls (a flavored bowl is worth its current score
  plus a share of what its free slots could still add, and cards in hand that fit one of
  its flavors are worth more than cards that do not);
- it eats a bowl once its score beats that hope (a full bowl, a good score, or the final
  round, when uneaten bowls are about to become worthless);
- it compares itself with the leading opponent, so a Chili (or a spoon) spent to spoil the
  leader's bowl is worth more than one spent on someone trailing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng
from gametable.games.ramen_fury.cards import (
    BEEF,
    BOWL_CAP,
    CHICKEN,
    CHILI,
    FURY,
    IS_FLAVOR,
    KINDS,
    NORI,
    PROTEINS,
    SHRIMP,
    SOY,
    VEGETABLES,
    bowl_points,
    flavor_of,
)
from gametable.games.ramen_fury.state import BOWLS, FuryState

GROWTH = {BEEF: 1.6, SOY: 1.6, SHRIMP: 1.6, CHICKEN: 1.4, FURY: 1.5}
"""Rough points one more good card adds to a bowl of each flavor."""
SPOON_VALUE = 0.8
HOPE = 0.7
"""How much an uneaten bowl's prospects count, compared with points already eaten."""
FINAL_HOPE = 0.15


def _fits_flavor(kind: int, flavor: int) -> bool:
    if flavor in (SOY,):
        return kind in VEGETABLES
    if flavor == BEEF:
        return kind in PROTEINS
    if flavor == SHRIMP:
        return kind in PROTEINS or kind in VEGETABLES
    if flavor == CHICKEN:
        return kind in PROTEINS or kind in VEGETABLES
    return kind == CHILI  # Fury


def bowl_prospect(cards: Sequence[int], nori_in_fury: bool) -> float:
    """What an uneaten bowl is worth to its owner: its score now plus hope for its free slots."""
    flavor = flavor_of(cards)
    room = BOWL_CAP - len(cards)
    if flavor is None:
        useful = sum(1 for c in cards if not IS_FLAVOR[c] and c != CHILI)
        return 0.4 * useful - sum(1 for c in cards if c == CHILI) + 0.5 * (room > 0)
    return bowl_points(cards, nori_in_fury) + 0.5 * room * GROWTH[flavor]


def hand_value(state: FuryState, seat: int) -> float:
    """How useful ``seat``'s hand looks for its open bowls."""
    hand = state.hands[seat]
    base = seat * BOWLS
    flavors = []
    flavorless_room = False
    for i in range(base, base + BOWLS):
        if state.eaten[i]:
            continue
        f = flavor_of(state.bowls[i])
        if f is None:
            flavorless_room = flavorless_room or len(state.bowls[i]) < BOWL_CAP
        elif len(state.bowls[i]) < BOWL_CAP:
            flavors.append(f)
    value = 0.0
    for k in range(KINDS):
        n = hand[k]
        if not n:
            continue
        if IS_FLAVOR[k]:
            each = 1.0 if flavorless_room else 0.1
            value += each + 0.2 * (n - 1)
        elif k == NORI:
            value += 0.9 * n
        elif k == CHILI:
            value += (0.9 if FURY in flavors else 0.4) * n
        else:
            each = 0.7 if any(_fits_flavor(k, f) for f in flavors) else 0.25
            value += each * n
    return value


def seat_value(state: FuryState, seat: int, hope: float) -> float:
    """Points eaten plus the hoped-for worth of ``seat``'s uneaten bowls."""
    total = 0.0
    base = seat * BOWLS
    for i in range(base, base + BOWLS):
        if state.eaten[i]:
            total += bowl_points(state.bowls[i], state.nori_in_fury)
        elif state.bowls[i]:
            total += hope * bowl_prospect(state.bowls[i], state.nori_in_fury)
    return total


def evaluate(state: FuryState, seat: int) -> float:
    """How good ``state`` looks for ``seat`` (higher is better)."""
    if state.is_over:
        scores = [state.seat_points(s) for s in range(state.players)]
        best_other = max(scores[s] for s in range(state.players) if s != seat)
        return 1000.0 * (scores[seat] > best_other) + scores[seat] - best_other
    hope = FINAL_HOPE if state.final_left >= 0 else HOPE
    mine = (
        seat_value(state, seat, hope) + hand_value(state, seat) + SPOON_VALUE * state.spoons[seat]
    )
    others = [seat_value(state, s, hope) for s in range(state.players) if s != seat]
    return mine - max(others) - 0.2 * (sum(others) - max(others))


class GreedyAgent:
    """One-decision lookahead on a sampled state, judged by :func:`evaluate`."""

    name = "greedy"

    def __init__(self, game: Game, seat: int = 0, **params: Any) -> None:
        if params:
            raise TypeError(f"the greedy bot takes no parameters, got {sorted(params)}")
        self.game = game
        self.seat = seat

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        root = self.game.determinize(view, rng)
        assert isinstance(root, FuryState)
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            child = root.clone()
            child.apply(seat, action)
            value = evaluate(child, seat)
            if value > best_value + 1e-9:
                best_value = value
                best = [action]
            elif value > best_value - 1e-9:
                best.append(action)
        return best[rng.randbelow(len(best))]
