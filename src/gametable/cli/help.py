"""How ``gametable COMMAND --help`` reads: metavars that say what to type, no type
placeholders (``<bool>``, ``<list[str]>``), and every game's options where a command takes
them."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from typer.core import TyperArgument, TyperCommand

from gametable.core.game import OptionSpec
from gametable.core.registry import all_games


class _Argument(TyperArgument):
    """An argument whose help shows its name (``GAME``) and no ``<str>`` beside it."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


class Command(TyperCommand):
    """A command whose options show their metavar (``N``, ``FILE``; nothing for flags and
    ``--help``) rather than Python types."""

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)
        for param in params:
            if type(param) is TyperArgument:
                param.__class__ = _Argument
            elif param.name == "help" and param.metavar is None:
                param.metavar = ""
        return params


class WithGameOptions(Command):
    """A command taking game options: its ``--help`` ends with every game's options
    (read from the registry when the help is asked for)."""

    @property
    def epilog(self) -> str:
        return game_options_help()

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        pass


def game_options_help() -> str:
    """Every game's options as ``--help`` lists them (rich markup, escaped)."""
    lines = [
        "[bold]Game options[/bold] — as --name value, --flag / --no-flag, or --option "
        "name=value ('gametable games' explains each one):"
    ]
    for game in all_games():
        flags = [escape(option_flag(spec)) for spec in game.option_specs]
        lines.append(f"  {game.name}: {', '.join(flags) or 'none'}")
    return "\n".join(lines)


def option_flag(spec: OptionSpec) -> str:
    """How an option is typed: ``--narutos``, ``--turn-seconds N``, ``--tiebreak a|b``."""
    flag = "--" + spec.name.replace("_", "-")
    if spec.type is bool:
        return flag
    if spec.choices:
        return f"{flag} {'|'.join(map(str, spec.choices))}"
    return f"{flag} {'N' if spec.type is int else 'X' if spec.type is float else 'TEXT'}"
