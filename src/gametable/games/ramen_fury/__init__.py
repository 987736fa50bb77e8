"""Ramen Fury (Mixlore, 2019), 2–5 players.

Rules notes: ``docs/rules/ramen-fury.md``. The rules kernel is :mod:`.state`; the cards and
bowl scoring are :mod:`.cards`; :data:`GAME` is the registered game object.
"""

from gametable.games.ramen_fury.cards import bowl_points, parse_card
from gametable.games.ramen_fury.game import GAME, RamenFuryGame
from gametable.games.ramen_fury.notation import format_notation, parse_notation
from gametable.games.ramen_fury.state import (
    Discard,
    Draw,
    Eat,
    Empty,
    EndTurn,
    FuryState,
    Place,
    Prep,
    Restock,
    Skip,
    Spoon,
    Use,
)

__all__ = [
    "GAME",
    "Discard",
    "Draw",
    "Eat",
    "Empty",
    "EndTurn",
    "FuryState",
    "Place",
    "Prep",
    "RamenFuryGame",
    "Restock",
    "Skip",
    "Spoon",
    "Use",
    "bowl_points",
    "format_notation",
    "parse_card",
    "parse_notation",
]
