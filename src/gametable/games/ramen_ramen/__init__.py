"""Ramen! Ramen! (Brendan Hansen): solo, 2, 3 and 4 players (teams).

Rules notes: ``docs/rules/ramen-ramen.md``. The rules kernel is :mod:`.state`, its story
:mod:`.history` (the events); the cards and their notation are :mod:`.cards`; everything
said to a person is in :mod:`.words` (sentences in ``locale/messages.pot``); :data:`GAME` is
the registered game object, with the decisions' data (``GAME.decisions``).
"""

from gametable.games.ramen_ramen.cards import bowl_points, card_name, parse_card
from gametable.games.ramen_ramen.game import GAME, RamenRamenGame, parse_notation
from gametable.games.ramen_ramen.state import Play, RamenState, Take

__all__ = [
    "GAME",
    "Play",
    "RamenRamenGame",
    "RamenState",
    "Take",
    "bowl_points",
    "card_name",
    "parse_card",
    "parse_notation",
]
