"""The registry of games. Front ends find games here by name, never by importing them.

Built-in games are the subpackages of :mod:`gametable.games`; each exposes a ``GAME``
object. Third-party packages can add games through the ``gametable.games`` entry-point
group (each entry point names a :class:`~gametable.core.game.Game` instance).
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from collections.abc import Callable
from functools import partial
from importlib.metadata import entry_points

from gametable.core.game import Game

_GAMES: dict[str, Game] = {}
_LOADED = False


def register(game: Game) -> Game:
    """Add a game to the registry (idempotent for the same object)."""
    existing = _GAMES.get(game.name)
    if existing is not None and existing is not game:
        raise ValueError(f"a different game is already registered as {game.name!r}")
    _GAMES[game.name] = game
    return game


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    # By name: the core never imports a game (or the games package) statically.
    games_pkg = importlib.import_module("gametable.games")
    for info in sorted(pkgutil.iter_modules(games_pkg.__path__), key=lambda m: m.name):
        module_name = f"{games_pkg.__name__}.{info.name}"
        _try_register(module_name, partial(importlib.import_module, module_name))
    for ep in entry_points(group="gametable.games"):
        _try_register(ep.value, ep.load)


def _try_register(where: str, load: Callable[[], object]) -> None:
    """Register the game ``load`` returns (or its ``GAME``); a broken game only warns.

    One game failing to import must not take the others (and the CLI) down with it.
    """
    try:
        loaded = load()
    except Exception as exc:
        warnings.warn(f"game {where} could not be loaded: {exc!r}", RuntimeWarning, stacklevel=3)
        return
    game = loaded if isinstance(loaded, Game) else getattr(loaded, "GAME", None)
    if isinstance(game, Game):
        register(game)


def get_game(name: str) -> Game:
    """The game registered as ``name``; raises :class:`KeyError` naming the known games."""
    _load()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


def all_games() -> list[Game]:
    """Every registered game, sorted by name."""
    _load()
    return [_GAMES[name] for name in sorted(_GAMES)]
