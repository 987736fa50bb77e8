"""What a front end shows in a lobby: each game's player counts, options and bots.

Game-agnostic (built from the core interface and the agent factories), so the CLI's
``gametable games --json`` and the server's ``GET /api/games`` say the same thing.
"""

from __future__ import annotations

import inspect
from typing import Any

from gametable.agents.base import agent_names, agent_settings
from gametable.core.game import Game, OptionSpec
from gametable.core.words import DEFAULT_LOCALE, render_tree


def bot_settings(game: Game, name: str) -> list[dict[str, Any]]:
    """The settings a bot takes (``ismcts:iterations=200``): name, kind and default,
    from :func:`~gametable.agents.base.agent_settings`."""
    settings = agent_settings(game, name) or ()
    return [
        {
            "name": s.name,
            "kind": s.kind,
            "default": None if s.default is inspect.Parameter.empty else s.default,
            "required": s.default is inspect.Parameter.empty,
        }
        for s in settings
    ]


def option_json(spec: OptionSpec) -> dict[str, Any]:
    """An option as JSON: name, type, default, help, choices, whether it may be empty."""
    return {
        "name": spec.name,
        "type": spec.type.__name__,
        "default": spec.default,
        "help": spec.help,
        "choices": list(spec.choices),
        "nullable": spec.nullable,
        "seat": spec.seat,
    }


def describe_game(game: Game, locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """One game as a lobby and a table show it, with its components named in ``locale``
    and the JSON Schema of its decisions."""
    try:
        schema: dict[str, Any] | None = game.decision_schema()
    except AttributeError:
        schema = None  # TRANSITION (issue 29): a game without a decision codec yet
    return {
        "name": game.name,
        "title": game.title,
        "players": [game.min_players, game.max_players],
        "modes": {str(k): v for k, v in game.modes.items()},
        "simultaneous": game.info.simultaneous,
        "enumerable_actions": game.info.enumerable_actions,
        "teams": game.info.teams,
        "options": [option_json(spec) for spec in game.option_specs],
        "bots": [{"name": n, "settings": bot_settings(game, n)} for n in agent_names(game)],
        "hint_bots": {
            str(n): {"bot": b, "settings": st}
            for n in range(game.min_players, game.max_players + 1)
            for b, st in [hint_bot(game, n)]
        },
        "components": render_tree(game.components(), locale=locale),
        "decision_schema": schema,
    }


def hint_bot(game: Game, players: int | None = None) -> tuple[str, dict[str, Any]]:
    """The bot (name, settings) that gives hints and stands in for absent players at
    ``players`` (default: the game's smallest count): :meth:`Game.hint_bot`."""
    return game.hint_bot(game.min_players if players is None else players)
