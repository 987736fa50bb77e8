"""Bots for Ramen! Ramen!.

:class:`GreedyAgent` looks one decision ahead with a hand-made evaluation of the bowls:

- a served bowl is worth its points to the side that receives it (plus for its own side,
  minus for an opponent's);
- a bowl still open is worth an estimate of what it will score when served: its distinct
  ingredients now, plus the new ingredients that can still fit under the sum of 14 if low
  cards keep coming — so low cards and new ingredients keep a bowl's promise high, and a
  duplicate or a high card spends it;
- in games with communal bowls, a bowl that the next player (an opponent) could serve
  with one card counts as a gift to them.

Cards to take from the Fridge are chosen by the best play they would allow with the cards
kept in hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations, permutations

from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng
from gametable.games.ramen_ramen.cards import CARD_BY_NAME, POINTS_BY_TYPES, POPCOUNT, types_mask
from gametable.games.ramen_ramen.state import SERVE_SUM, Play, Take, side_of_seat

_POINTS = POINTS_BY_TYPES


def open_bowl_promise(
    types: int, total: int, avg_card: float, hit_rate: float, card_cost: float, cards_left: float
) -> float:
    """Estimated worth of an open bowl with ``types`` distinct ingredients and sum ``total``.

    The bowl can take about ``(13 - total) / avg_card`` more cards before the one that
    reaches 14 (no more than the cards left to play allow), each adding a new ingredient
    with probability ``hit_rate``. Its worth is the points it should reach minus
    ``card_cost`` for every card it will still absorb: cards spent here are not spent
    elsewhere.
    """
    more = min((SERVE_SUM - 1 - total) / avg_card + 1.0, cards_left)
    if more <= 0:
        return 0.0
    expected = types + more * hit_rate
    if expected >= 7:
        more = (7 - types) / hit_rate
        expected = 7.0
    low = int(expected)
    frac = expected - low
    points = _POINTS[low] * (1 - frac) + (_POINTS[low + 1] * frac if low < 7 else 0.0)
    return points - card_cost * more


def check_evaluation(**weights: float) -> None:
    """Refuse bowl-evaluation settings the estimate cannot use: every one must be a finite
    number, and ``avg_card`` and ``hit_rate`` (divisors) must be above 0."""
    for name, value in weights.items():
        if not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number, got {value}")
        if name in ("avg_card", "hit_rate") and value <= 0:
            raise ValueError(f"{name} must be above 0, got {value}")


class GreedyAgent:
    """A heuristic player: best immediate evaluation of the bowls (see the module doc).

    Parameters tune the evaluation: ``avg_card`` (value of the cards expected to go into
    a bowl), ``hit_rate`` (chance that a future card adds a new ingredient), ``promise``
    (weight of an open bowl's promise against served points) and ``gift`` (weight of a
    communal bowl the next opponent could serve).
    """

    name = "greedy"

    def __init__(
        self,
        game: Game | None = None,
        seat: int = 0,
        avg_card: float = 2.6,
        hit_rate: float = 0.8,
        promise: float = 0.8,
        gift: float = 0.9,
        card_cost: float = 1.0,
    ) -> None:
        check_evaluation(
            avg_card=avg_card, hit_rate=hit_rate, promise=promise, gift=gift, card_cost=card_cost
        )
        self.seat = seat
        self.avg_card = avg_card
        self.hit_rate = hit_rate
        self.promise = promise
        self.gift = gift
        self.card_cost = card_cost

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        ctx = _Context(view, self)
        if view["phase"] == "play":
            best = max(
                legal,
                key=lambda a: (ctx.evaluate_play(a) if isinstance(a, Play) else -1e9, rng.random()),
            )
            return best
        # Taking from the Fridge: the card that best combines with what stays in hand.
        return max(legal, key=lambda a: (ctx.evaluate_take(a), rng.random()))


class _Context:
    """The bowls and hand of a view, read once, and the evaluation over them."""

    def __init__(self, view: View, agent: GreedyAgent) -> None:
        self.agent = agent
        players: int = view["players"]
        self.players = players
        self.my_side = side_of_seat(players, view["seat"])
        self.hand = [CARD_BY_NAME[c] for c in view["hand"]]
        self.owner: list[int | None] = [b["owner"] for b in view["bowls"]]
        self.sums = [b["sum"] for b in view["bowls"]]
        self.masks = [types_mask(CARD_BY_NAME[c] for c in b["cards"]) for b in view["bowls"]]
        self.sizes = [len(b["cards"]) for b in view["bowls"]]
        # With communal bowls, the next player belongs to another side (2 players: the
        # opponent; 4 players: the other team).
        self.communal_next_is_opponent = players in (2, 4)
        # Cards still to come into each bowl, roughly: every card left, spread on 3 bowls.
        self.cards_left = (view["deck_size"] + len(view["fridge"]) + sum(view["hand_sizes"])) / 3.0

    def weight(self, place: int) -> float:
        """+1 for a bowl served to us, -1 for an opponent's, 0 for a communal one."""
        owner = self.owner[place]
        if owner is None:
            return 0.0
        return 1.0 if owner == self.my_side else -1.0 / max(1, self.players - 2)

    def bowl_value(self, place: int, total: int, mask: int) -> float:
        agent = self.agent
        types = POPCOUNT[mask]
        promise = agent.promise * open_bowl_promise(
            types, total, agent.avg_card, agent.hit_rate, agent.card_cost, self.cards_left
        )
        owner = self.owner[place]
        if owner is None:
            if self.players == 1:
                return promise
            if self.communal_next_is_opponent and (total >= 7 or types >= 6):
                # The next player can probably serve it with one card.
                return -agent.gift * _POINTS[min(7, types + 1)]
            return 0.0
        return self.weight(place) * promise

    def evaluate(self, placements: Sequence[tuple[int, int]]) -> float:
        sums = self.sums[:]
        masks = self.masks[:]
        for card, place in placements:
            sums[place] += card & 7
            masks[place] |= 1 << (card >> 3)
        value = 0.0
        for place in range(3):
            mask = masks[place]
            if sums[place] >= SERVE_SUM or mask == 127:
                points = _POINTS[POPCOUNT[mask]]
                owner = self.owner[place]
                if owner is None or owner == self.my_side:
                    value += points
                else:
                    value -= points / max(1, self.players - 2)
                value += self.bowl_value(place, 0, 0)
            else:
                value += self.bowl_value(place, sums[place], mask)
        return value

    def evaluate_play(self, action: Play) -> float:
        return self.evaluate(action.placements)

    def evaluate_take(self, action: Action) -> float:
        if not isinstance(action, Take):
            return -1e9
        cards = [*self.hand, action.card]
        best = -1e9
        n = min(2, len(cards))
        for chosen in combinations(cards, n):
            for places in permutations(range(3), n):
                best = max(best, self.evaluate(list(zip(chosen, places, strict=True))))
        return best
