"""Ramen Fury bots.

:class:`GreedyAgent` looks one decision ahead: it samples the hidden cards consistently
with its view (:func:`~gametable.games.ramen_fury.game.determinize`), plays each legal
decision on a copy, and keeps the one whose position
:func:`~gametable.games.ramen_fury.evaluation.evaluate` likes best (the evaluation, in
:mod:`.evaluation`, is what makes it play like a person with a plan). Its search playouts
use the fast policy distilled from that evaluation (:mod:`.policy`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gametable.core.game import Action, Game, State, View
from gametable.core.rng import Rng
from gametable.games.ramen_fury import policy
from gametable.games.ramen_fury.evaluation import evaluate
from gametable.games.ramen_fury.state import FuryState


class GreedyAgent:
    """One-decision lookahead on a sampled state, judged by :func:`evaluate`."""

    name = "greedy"
    playout_depth = 2
    """Search playouts with this bot's policy stop after this many decisions and are valued
    by :meth:`playout_value`."""

    def __init__(self, game: Game, seat: int = 0) -> None:
        self.game = game
        self.seat = seat
        self._policy = policy

    def playout_action(self, state: State, seat: int, rand: Callable[[], float]) -> Action:
        """A fast decision on a full (sampled) state, for search playouts (ISMCTS): rules
        distilled from :func:`evaluate`, no copy of the state
        (:func:`~gametable.games.ramen_fury.policy.playout_action`)."""
        if not isinstance(state, FuryState):
            raise TypeError(f"not a Ramen Fury state: {state!r}")
        return self._policy.playout_action(state, seat, rand)

    def playout_value(self, state: State) -> list[float]:
        """Per seat, the estimated share of the other seats it will beat
        (:func:`~gametable.games.ramen_fury.policy.playout_value`)."""
        if not isinstance(state, FuryState):
            raise TypeError(f"not a Ramen Fury state: {state!r}")
        return self._policy.playout_value(state)

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
