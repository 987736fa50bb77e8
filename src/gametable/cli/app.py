"""The ``gametable`` command's typer app and the helpers every command module shares.

The command modules (:mod:`.main`: play, replay, games; :mod:`.sim_commands`: simulate,
tournament; :mod:`.serve`: serve, web) import what they share from here, and
:mod:`.main` puts the commands together: no command module imports :mod:`.main`.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from gametable.core.errors import OptionError
from gametable.core.game import Game, OptionSpec
from gametable.core.registry import get_game

app = typer.Typer(
    help="Play, replay and study table games: Ramen! Ramen!, Rummikub, Ramen Fury, Ramen.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error naming the problem and return the exit to raise.

    The message is printed literally (``pip install 'gametable[sim]'`` keeps its
    brackets): it is never read as rich markup.
    """
    err.print(Text.assemble(("error:", "red"), " ", message), soft_wrap=True)
    return typer.Exit(code)


def find_game(name: str) -> Game:
    try:
        return get_game(name)
    except KeyError as exc:
        raise fail(str(exc.args[0])) from None


def parse_game_options(game: Game, pairs: list[str], extra: list[str]) -> dict[str, Any]:
    """Options from ``--option k=v`` pairs and from ``--k v`` / ``--flag`` extra arguments."""
    specs = {spec.name: spec for spec in game.option_specs}
    options: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(f"--option takes name=value, got {pair!r}")
        key, value = pair.split("=", 1)
        options[key.strip().replace("-", "_")] = value
    i = 0
    while i < len(extra):
        arg = extra[i]
        if not arg.startswith("--"):
            raise OptionError(f"unexpected argument {arg!r}")
        key, eq, value = arg[2:].partition("=")
        name = key.replace("-", "_")
        negated = name.startswith("no_") and name[3:] in specs and specs[name[3:]].type is bool
        spec: OptionSpec | None = specs.get(name[3:] if negated else name)
        if spec is None:
            known = ", ".join("--" + s.replace("_", "-") for s in specs) or "none"
            raise OptionError(f"no such option {arg!r} for {game.name} (its options: {known})")
        if eq:
            options[spec.name] = value
        elif spec.type is bool:
            options[spec.name] = not negated
        elif i + 1 < len(extra):
            options[spec.name] = extra[i + 1]
            i += 1
        else:
            raise OptionError(f"option {arg} needs a value")
        i += 1
    return options
