"""Bots for Ramen (the tips game).

:class:`GreedyAgent` reads only its view and looks one decision ahead with a hand-made
evaluation of its own tableau (:func:`evaluate`):

- the yen its bowls would score now (valid ramen × largest, +1 per 6/7/8, − cards outside
  valid ramen), with the Shōyu it holds placed at best; while the game goes on, small
  bowls are only half penalised, since they may still grow;
- the tips it would win now against the other players' bowls (lowest total of a type),
  weighted by how sure that looks.

It bids (chooses the card to reveal) by the value of the offer cards it could still use:
the gain of the best placement of each offer card, expected over the position its card is
likely to reach in the order of choice; it plays a 1 or a 5 for its effect when that looks
better, exchanges a 1 for the strongest revealed card, and swaps preference cards to move
up the order or to put its likely tips on the richest slots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng
from gametable.games.ramen_tips.cards import CARD_BY_NAME, DECK, LETTERS, NTYPES, TIP_BY_SLOT
from gametable.games.ramen_tips.state import (
    Choose,
    Exchange,
    Keep,
    Pass,
    PlaceShoyu,
    Swap,
    Take,
)

_C = CARD_BY_NAME


def _bowls_of(view: View, seat: int) -> list[list[int]]:
    return [[_C[c] for c in b] for b in view["bowls"][seat]]


def own_score(
    bowls: Sequence[Sequence[int]], placed: Sequence[int], progress: float
) -> float:
    """Yen of a tableau without tips; while the game goes on (``progress`` < 1) a bowl of
    fewer than 3 cards counts as a ramen in the making: partly valid, partly penalised,
    the more so the nearer the end."""
    valid = 0.0
    largest = 0
    bonus = 0.0
    penalty = 0.0
    hope = 0.0 if progress >= 1 else (1.0 - progress) * 0.8
    for b, cards in enumerate(bowls):
        n = len(cards) + (placed[b] if b < len(placed) else 0)
        sixes = sum(1 for c in cards if 6 <= c % 9 + 1 <= 8)
        if n >= 3:
            valid += 1
            largest = max(largest, n)
            bonus += sixes
        else:
            q = hope * (0.6 if n == 2 else 0.35)
            valid += q
            bonus += q * sixes
            penalty += (1 - q) * sum(c % 9 + 1 for c in cards)
    return valid * largest + bonus - penalty


def best_placement(bowls: Sequence[Sequence[int]], shoyu: int) -> list[int]:
    """A good Shōyu placement: complete 2-ingredient bowls first, then fill the largest."""
    placed = [0] * len(bowls)
    left = shoyu
    for b in sorted(range(len(bowls)), key=lambda i: -len(bowls[i])):
        if left and len(bowls[b]) == 2:
            placed[b] = 1
            left -= 1
    order = sorted(range(len(bowls)), key=lambda i: -len(bowls[i]))
    for b in order:
        while left and placed[b] < len(bowls[b]) // 2 and len(bowls[b]) >= 3:
            placed[b] += 1
            left -= 1
    return placed


def tip_estimate(
    mine: Sequence[Sequence[int]],
    others: Sequence[Sequence[Sequence[int]]],
    slot_of: Sequence[int],
    placed: Sequence[int] | None = None,
) -> float:
    """Tips this tableau would win now against the others' (bowls of 2+ count as valid)."""
    def totals(bowls: Sequence[Sequence[int]], pl: Sequence[int] | None) -> list[int]:
        out = [-1] * NTYPES
        for b, cards in enumerate(bowls):
            extra = pl[b] if pl is not None and b < len(pl) else 0
            if len(cards) + extra < 2 or (pl is not None and len(cards) + extra < 3):
                continue
            for c in cards:
                t = c // 9
                out[t] = (0 if out[t] < 0 else out[t]) + c % 9 + 1
        return out

    me = totals(mine, placed)
    rivals = [totals(o, None) for o in others]
    yen = 0.0
    for t in range(NTYPES):
        if me[t] < 0:
            continue
        best_other = min((r[t] for r in rivals if r[t] >= 0), default=99)
        if me[t] < best_other:
            yen += TIP_BY_SLOT[slot_of[t]]
        elif me[t] == best_other:
            yen += TIP_BY_SLOT[slot_of[t]] / 2
    return yen


class GreedyAgent:
    """The one-step heuristic player described in the module docstring.

    ``tip_weight`` scales the tips estimate during the game (1.0 at the end);
    ``card_cost`` is the yen a bid card is worth kept in hand, per point of strength/45.
    """

    name = "greedy"

    def __init__(
        self, game: Game | None = None, seat: int = 0, tip_weight: float = 0.6,
        card_cost: float = 1.5,
    ) -> None:
        self.seat = seat
        self.tip_weight = tip_weight
        self.card_cost = card_cost

    # -- evaluation ---------------------------------------------------------------------

    def _context(self, view: View) -> dict[str, Any]:
        seat = view["seat"]
        slot_of = [0] * NTYPES
        for slot, p in enumerate(view["preference"]):
            slot_of[LETTERS.index(p["type"])] = slot
        progress = (view["round"] - 1) / max(1, view["rounds"] - 1)
        return {
            "seat": seat,
            "slot_of": slot_of,
            "progress": progress,
            "bowls": _bowls_of(view, seat),
            "others": [_bowls_of(view, s) for s in range(view["players"]) if s != seat],
            "shoyu": view["shoyu"][seat],
        }

    def evaluate(self, ctx: dict[str, Any], bowls: list[list[int]], shoyu: int,
                 slot_of: Sequence[int] | None = None) -> float:
        """Estimated worth of a tableau (own yen + weighted tips)."""
        placed = best_placement(bowls, shoyu)
        weight: float = self.tip_weight + (1 - self.tip_weight) * ctx["progress"]
        tips = tip_estimate(bowls, ctx["others"], slot_of or ctx["slot_of"])
        progress: float = ctx["progress"]
        return own_score(bowls, placed, progress) + weight * tips

    def _gain(self, ctx: dict[str, Any], card: int) -> float:
        """Best gain from adding ``card`` to the bowls, under the placement obligation."""
        bowls = ctx["bowls"]
        base = self.evaluate(ctx, bowls, ctx["shoyu"])
        best = -1e9
        for b in _legal_bowls(bowls, card):
            trial = [x[:] for x in bowls]
            if b == len(trial):
                trial.append([card])
            else:
                trial[b].append(card)
            shoyu = ctx["shoyu"] + (1 if card % 9 == 8 else 0)
            best = max(best, self.evaluate(ctx, trial, shoyu) - base)
        return best

    # -- decisions ----------------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        ctx = self._context(view)
        if phase == "choose":
            return self._choose(view, ctx, legal)
        if phase == "exchange":
            return self._exchange(view, ctx, legal)
        if phase == "swap":
            return self._swap(view, ctx, legal)
        if phase == "take":
            return self._take(ctx, legal)
        if phase == "shoyu":
            return self._shoyu(ctx, legal)
        return legal[0]

    def _take(self, ctx: dict[str, Any], legal: Sequence[Action]) -> Action:
        best: Action = legal[0]
        best_value = -1e9
        for action in legal:
            if not isinstance(action, Take | Keep):
                continue
            trial = [x[:] for x in ctx["bowls"]]
            if action.bowl == len(trial):
                trial.append([action.card])
            else:
                trial[action.bowl].append(action.card)
            shoyu = ctx["shoyu"] + (1 if action.card % 9 == 8 else 0)
            value = self.evaluate(ctx, trial, shoyu)
            if value > best_value:
                best, best_value = action, value
        return best

    def _shoyu(self, ctx: dict[str, Any], legal: Sequence[Action]) -> Action:
        best: Action = legal[0]
        best_value = -1e9
        bowls = ctx["bowls"]
        for action in legal:
            if not isinstance(action, PlaceShoyu):
                continue
            placed = [0] * len(bowls)
            for b in action.bowls:
                placed[b] += 1
            value = own_score(bowls, placed, 1.0) + tip_estimate(
                bowls, ctx["others"], ctx["slot_of"], placed
            )
            if value > best_value:
                best, best_value = action, value
        return best

    def _order_values(self, view: View, ctx: dict[str, Any]) -> list[float]:
        """Gain by position in the order of choice: the k-th seat gets the k-th best card."""
        gains = sorted((self._gain(ctx, _C[c]) for c in view["offer"]), reverse=True)
        return gains

    def _choose(self, view: View, ctx: dict[str, Any], legal: Sequence[Action]) -> Action:
        slot_of = ctx["slot_of"]
        hand = [_C[c] for c in view["hand"]]
        gains = self._order_values(view, ctx)
        nslots = len(gains)
        known = set(hand) | {_C[c] for c in view["offer"]} | {_C[c] for c in view["removed"]}
        for bs in view["bowls"]:
            for b in bs:
                known.update(_C[c] for c in b)
        unknown = [c for c in DECK if c not in known]
        n_unknown = max(1, len(unknown))
        others = nslots - 1
        final = view["final_round"]
        ones_out = sum(1 for c in unknown if c % 9 == 0) / n_unknown
        fives_out = sum(1 for c in unknown if c % 9 == 4) / n_unknown
        best: Action = legal[0]
        best_value = -1e9
        for action in legal:
            if not isinstance(action, Choose):
                continue
            card = action.card
            st = (4 - slot_of[card // 9]) * 9 + card % 9 + 1
            p_beaten = sum(1 for c in unknown if (4 - slot_of[c // 9]) * 9 + c % 9 + 1 > st)
            p = p_beaten / n_unknown
            value = _expected_at(gains, others, p)
            value_lone = value
            if card % 9 == 0:  # a lone 1 trades for the strongest card: about first place
                lone = (1 - ones_out) ** others
                value_lone = lone * gains[0] + (1 - lone) * value
            elif card % 9 == 4:  # a lone 5 can lift its type to the top
                lone = (1 - fives_out) ** others
                value_lone = lone * _expected_at(gains, others, p * 0.3) + (1 - lone) * value
            value = max(value, value_lone)
            if final:
                value += self._gain(ctx, card)
            else:
                value -= self.card_cost * st / 45
            if value > best_value:
                best, best_value = action, value
        return best

    def _exchange(self, view: View, ctx: dict[str, Any], legal: Sequence[Action]) -> Action:
        slot_of = ctx["slot_of"]
        best: Action = legal[0]
        best_value = -1e9
        for action in legal:
            if isinstance(action, Exchange):
                card = action.card
                value = float((4 - slot_of[card // 9]) * 9 + card % 9 + 1)
                if view["final_round"] and not view["options"].get("final_round_keep_original"):
                    value += 3 * self._gain(ctx, card)
                if card % 9 == 4 and not view["pending_effects"]:
                    value += 5  # the 5's swap comes along if it has not resolved yet
            elif isinstance(action, Pass):
                value = -1.0
            else:
                continue
            if value > best_value:
                best, best_value = action, value
        return best

    def _swap(self, view: View, ctx: dict[str, Any], legal: Sequence[Action]) -> Action:
        revealed = [_C[c] for c in view["revealed"]]
        seat = ctx["seat"]
        gains = self._order_values(view, ctx)
        best: Action = legal[0]
        best_value = -1e9
        weight = self.tip_weight + (1 - self.tip_weight) * ctx["progress"]
        for action in legal:
            slot_of = ctx["slot_of"][:]
            if isinstance(action, Swap):
                slot_of[action.a], slot_of[action.b] = slot_of[action.b], slot_of[action.a]
            elif not isinstance(action, Pass):
                continue

            def st(c: int, so: list[int] = slot_of) -> int:
                return (4 - so[c // 9]) * 9 + c % 9 + 1

            mine = st(revealed[seat])
            position = sum(1 for c in revealed if st(c) > mine)
            value = gains[position] if position < len(gains) else 0.0
            value += weight * tip_estimate(ctx["bowls"], ctx["others"], slot_of)
            if isinstance(action, Pass):
                value += 0.01
            if value > best_value:
                best, best_value = action, value
        return best


def _expected_at(gains: Sequence[float], others: int, p: float) -> float:
    """Expected gain when each of ``others`` cards beats ours with probability ``p``."""
    from math import comb

    total = 0.0
    for k in range(others + 1):
        prob = comb(others, k) * p**k * (1 - p) ** (others - k)
        total += prob * (gains[k] if k < len(gains) else 0.0)
    return total


def _legal_bowls(bowls: Sequence[Sequence[int]], card: int) -> list[int]:
    t = card // 9
    out = [i for i, b in enumerate(bowls) if all(c // 9 != t for c in b)]
    return out or [len(bowls)]


__all__ = ["GreedyAgent", "best_placement", "own_score", "tip_estimate"]
