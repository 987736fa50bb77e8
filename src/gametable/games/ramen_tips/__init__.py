"""Ramen, the tips game (Israel Cendrero & Sheila Santos): 2 (with Grunchie) to 5 players.

Called ``ramen-tips`` in this project. Rules notes: ``docs/rules/ramen-tips.md``. The rules
kernel is :mod:`.state`, end scoring :mod:`.scoring`, the card notation :mod:`.cards`;
:data:`GAME` is the registered game object.
"""

from gametable.games.ramen_tips.cards import card_name, parse_card, strength
from gametable.games.ramen_tips.game import GAME, RamenTipsGame
from gametable.games.ramen_tips.notation import format_notation, parse_notation
from gametable.games.ramen_tips.scoring import score_game
from gametable.games.ramen_tips.state import (
    Choose,
    Exchange,
    Keep,
    Pass,
    PlaceShoyu,
    Swap,
    Take,
    TipsState,
)

__all__ = [
    "GAME",
    "Choose",
    "Exchange",
    "Keep",
    "Pass",
    "PlaceShoyu",
    "RamenTipsGame",
    "Swap",
    "Take",
    "TipsState",
    "card_name",
    "format_notation",
    "parse_card",
    "parse_notation",
    "score_game",
    "strength",
]
