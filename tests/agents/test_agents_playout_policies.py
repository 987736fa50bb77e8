"""Every bot's fast playout policy decides legally under every combination of the options.

ISMCTS applies the playout policy's decisions without checking them (that is what makes
playouts fast), so a policy that ignores an option which changes the rules — Ramen Fury's
``revealed_specials_mandatory``, Rummikub's §12 flags — crashes the search or, worse, plays
an illegal game. This test walks random games of every game, player count and option
combination and asks each policy for a decision at every step.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametable.agents import make_agent
from gametable.core import Game, OptionSpec, Rng, all_games
from gametable.core.errors import IllegalAction
from gametable.core.game import State


def _option_values(spec: OptionSpec) -> list[Any]:
    """The values of an option that change the rules (not the seat or timer settings)."""
    if spec.type is bool:
        return [False, True]
    if spec.choices:
        return list(spec.choices)
    return [spec.default]


def _combinations(game: Game) -> list[dict[str, Any]]:
    specs = [spec for spec in game.option_specs if not spec.seat]
    names = [spec.name for spec in specs]
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(_option_values(spec) for spec in specs))
    ]


def _policies(game: Game) -> list[str]:
    return [
        name
        for name, factory in game.bots.items()
        if callable(getattr(factory, "playout_action", None))
    ]


def _case(game: Game, bot: str, index: int) -> Any:
    return pytest.param(game.name, bot, index)


CASES = [
    _case(game, bot, index)
    for game in all_games()
    for bot in _policies(game)
    for index in range(len(_combinations(game)))
]


def _check_legal(state: State, seat: int, action: Any, what: str) -> None:
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction as exc:
        raise AssertionError(f"{what}: illegal decision {action!r}: {exc}") from None
    if state.game.info.enumerable_actions:
        assert action in state.legal_actions(seat), f"{what}: {action!r} is not listed as legal"


@pytest.mark.parametrize(("name", "bot", "index"), CASES)
@settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_playout_policy_is_legal_under_every_option_combination(
    name: str, bot: str, index: int, data: st.DataObject
) -> None:
    from gametable.core import get_game

    game = get_game(name)
    options = _combinations(game)[index]
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    state = game.new_state(players, seed, **options)
    policies: dict[int, Callable[..., Any]] = {
        seat: make_agent(game, bot, seat).playout_action  # type: ignore[attr-defined]
        for seat in range(players)
    }
    chooser = random.Random(seed)
    rand = chooser.random
    rng = Rng(seed)
    steps = 0
    while not state.is_over and steps < 400:
        for seat in state.to_act:
            action = policies[seat](state, seat, rand)
            what = f"{name} {players}p {options} seed {seed} step {steps} seat {seat} ({bot})"
            _check_legal(state, seat, action, what)
            # Wander off the policy's own line half the time, to reach states it would not.
            if chooser.random() < 0.5:
                state.apply(seat, action)
            else:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
