"""The compiled twins of Ramen! Ramen!'s hot code (the solo planner's rollouts and the
observation encoder) hold the rules' numbers as C constants: each checks them against the
game's own definitions when it is imported, and refuses to load when one differs (issue 29:
"rules stated once")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from gametable.core.compiled import compiled_module
from gametable.envs.encoders import ramen_ramen as encoder
from gametable.games.ramen_ramen import cards, state

PLANNER = compiled_module("gametable.games.ramen_ramen.planner_fast")
ENCODER = compiled_module("gametable.envs.encoders.ramen_ramen_fast")


def like(module: Any, **changed: Any) -> SimpleNamespace:
    """A stand-in for ``module`` with some of its numbers changed."""
    names = {k: getattr(module, k) for k in dir(module) if k.isupper()}
    return SimpleNamespace(**{**names, **changed})


@pytest.mark.skipif(PLANNER is None, reason="the planner's rollouts are not compiled here")
def test_the_compiled_planner_holds_the_rules_numbers_of_the_game() -> None:
    assert PLANNER is not None
    assert PLANNER.compiled_constants() == {
        "SERVE_SUM": state.SERVE_SUM,
        "ALL_INGREDIENTS_MASK": cards.ALL_INGREDIENTS_MASK,
        "DECK": len(cards.DECK),
        "VALUES": cards.VALUES,
        "PLACES": state.PLACES,
        "POINTS_BY_TYPES": cards.POINTS_BY_TYPES,
    }
    PLANNER.check_constants(cards, state)  # what its import does


@pytest.mark.skipif(PLANNER is None, reason="the planner's rollouts are not compiled here")
@pytest.mark.parametrize(
    ("where", "changed", "named"),
    [
        ("state", {"SERVE_SUM": 15}, "SERVE_SUM is 14 here but 15"),
        ("cards", {"POINTS_BY_TYPES": (0, 0, 1, 2, 3, 5, 7, 11)}, "POINTS_BY_TYPES"),
        ("state", {"PLACES": 4}, "PLACES is 3 here but 4"),
        ("state", {"HAND_SIZE": 7}, "a hand or a Fridge may hold more"),
    ],
)
def test_the_compiled_planner_refuses_rules_it_was_not_compiled_for(
    where: str, changed: dict[str, Any], named: str
) -> None:
    assert PLANNER is not None
    game = {"cards": cards, "state": state}
    game[where] = like(game[where], **changed)  # type: ignore[assignment]
    with pytest.raises(RuntimeError, match="rebuild it") as info:
        PLANNER.check_constants(game["cards"], game["state"])
    assert named in str(info.value)


def test_the_encoder_takes_its_rules_numbers_from_the_game() -> None:
    assert encoder.SERVE_SUM == state.SERVE_SUM == 14
    assert encoder.HAND_SIZE == state.HAND_SIZE
    assert encoder.DECK_SIZE == len(cards.DECK)
    assert encoder.CARDS == cards.CARD_NAMES


@pytest.mark.skipif(ENCODER is None, reason="the encoder is not compiled here")
def test_the_compiled_encoder_holds_the_rules_numbers_of_the_game() -> None:
    assert ENCODER is not None
    for name, value in ENCODER.compiled_constants().items():
        assert getattr(encoder, name) == value, name


@pytest.mark.skipif(ENCODER is None, reason="the encoder is not compiled here")
@pytest.mark.parametrize(
    ("changed", "named"),
    [
        ({"SERVE_SUM": 13}, "SERVE_SUM is 14 here but 13"),
        ({"HAND_SIZE": 5}, "HAND_SIZE is 4 here but 5"),
        ({"TAKE": 40}, "TAKE is 39 here but 40"),
    ],
)
def test_the_compiled_encoder_refuses_rules_it_was_not_compiled_for(
    changed: dict[str, Any], named: str
) -> None:
    assert ENCODER is not None
    with pytest.raises(RuntimeError, match="rebuild it") as info:
        ENCODER.check_constants(like(encoder, **changed))
    assert named in str(info.value)
