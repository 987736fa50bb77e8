"""What a front end shows in a lobby: each game's player counts, options and bots.

Game-agnostic (built from the core interface and the agent factories), so the CLI's
``gametable games --json`` and the server's ``GET /api/games`` say the same thing.
"""

from __future__ import annotations

import inspect
from typing import Any

from gametable.agents.base import agent_names, agent_settings
from gametable.core.game import Game, OptionSpec
from gametable.core.words import DEFAULT_LOCALE, Msg, render, render_tree


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
    schema = game.decision_schema()
    return {
        "name": game.name,
        "title": render(game.title_words, locale=locale),
        "players": [game.min_players, game.max_players],
        "modes": {
            str(n): render(Msg(f"{game.message_prefix}.mode.{n}"), locale=locale)
            for n in game.modes
        },
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
        "rules": has_rules(game),  # GET /api/games/{game}/rules answers (the lobby's link)
        "lesson": game.lesson() is not None,  # POST /api/lessons/{game} opens one
    }


def has_rules(game: Game) -> bool:
    """Whether the game brings its rules (``rules/en.md``, :meth:`Game.rules`)."""
    try:
        game.rules(DEFAULT_LOCALE)
    except FileNotFoundError:
        return False
    except ValueError:  # a rules file that breaks the format: the rules page says so
        return True
    return True


def hint_bot(game: Game, players: int | None = None) -> tuple[str, dict[str, Any]]:
    """The bot (name, settings) that gives hints and stands in for absent players at
    ``players`` (default: the game's smallest count): :meth:`Game.hint_bot`."""
    return game.hint_bot(game.min_players if players is None else players)


def option_value_words(game: Game, spec: OptionSpec, value: Any) -> Msg | str:
    """An option's value in words: on/off for a flag, the choice's own message for a
    choice (``<prefix>.option.<name>.<choice>``), "none" for an empty value, else the value."""
    if value is None:
        return Msg("core.option.none")
    if spec.type is bool:
        return Msg("core.option.on" if value else "core.option.off")
    if spec.choices:
        return Msg(f"{game.message_prefix}.option.{spec.name}.{value}")
    return str(value)


def rules_json(
    game: Game, locale: str = DEFAULT_LOCALE, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The game's rules for a browser, in ``locale`` (or English): each section's id, title
    and blocks (Markdown rendered to HTML — the game's own trusted text —, or an example
    for the game's table to draw); with ``options``, a first section listing the variants in
    use at that table, in words."""
    from markdown_it import MarkdownIt

    found, sections = game.rules(locale)
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    out = []
    for section in sections:
        blocks: list[dict[str, Any]] = []
        for block in section.blocks:
            if block.kind == "example":
                blocks.append({"kind": "example", "example": block.example})
            else:
                blocks.append({"kind": "text", "html": md.render(block.text)})
        out.append({"id": section.id, "title": section.title, "blocks": blocks})
    result: dict[str, Any] = {"game": game.name, "lang": found, "sections": out}
    if options is not None:
        specs = {spec.name: spec for spec in game.option_specs}
        variants = []
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None:
                continue
            label, help_text = game.option_words(spec)
            variants.append(
                {
                    "name": name,
                    "label": render(label, locale=locale),
                    "value": render(option_value_words(game, spec, value), locale=locale),
                    "help": render(help_text, locale=locale),
                    "default": value == spec.default,
                }
            )
        result["variants"] = variants
    return result
