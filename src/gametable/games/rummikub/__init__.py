"""Rummikub (Sabra rules), 2-4 players, with an exact move solver.

Rules notes: ``docs/rules/rummikub.md``. The rules kernel and its events are :mod:`.state`
(its decisions and their JSON form, :mod:`.actions`); tiles, sets, their notation and their
words are :mod:`.tiles`; the notation of decisions is :mod:`.notation`; the game told in
words is :mod:`.words` (sentences in ``locale/messages.pot``); the exact solver is
:mod:`.solver`; matches with running totals are :mod:`.match`; :data:`GAME` is the
registered game object.
"""

from gametable.games.rummikub.game import GAME, RummikubGame
from gametable.games.rummikub.match import Match
from gametable.games.rummikub.notation import parse_notation
from gametable.games.rummikub.state import (
    DRAW,
    PASS,
    TIMEOUT,
    Draw,
    Pass,
    Play,
    RummikubState,
    Timeout,
    check_play,
    make_play,
    score_game,
)
from gametable.games.rummikub.tiles import parse_set, parse_tile, set_error, tile_name

__all__ = [
    "DRAW",
    "GAME",
    "PASS",
    "TIMEOUT",
    "Draw",
    "Match",
    "Pass",
    "Play",
    "RummikubGame",
    "RummikubState",
    "Timeout",
    "check_play",
    "make_play",
    "parse_notation",
    "parse_set",
    "parse_tile",
    "score_game",
    "set_error",
    "tile_name",
]
