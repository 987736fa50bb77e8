"""The ``gametable`` command's typer app and the helpers every command module shares.

The command modules (:mod:`.main`: play, replay, games; :mod:`.sim_commands`: simulate,
tournament; :mod:`.serve`: serve, web; :mod:`.rules_command`: rules) import what they
share from here, and :mod:`.main` puts the commands together: no command module imports
:mod:`.main`.

Every sentence is a message of the core's catalog (``cli.*``) in the run's language
(:mod:`.lang`); help texts are declared by message id and rendered when the command line
is read (:mod:`.help`).
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from gametable.cli.help import Group
from gametable.cli.lang import listed, say, text
from gametable.core.errors import GameError, OptionError, quote
from gametable.core.game import Game, OptionSpec
from gametable.core.registry import all_games, get_game
from gametable.core.words import Msg

app = typer.Typer(
    cls=Group,
    help="cli.help.app",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

LangOpt = Annotated[
    str | None,
    typer.Option("--lang", metavar="cli.metavar.lang", help="cli.help.lang", show_default=False),
]
"""``--lang``, taken by every command. Its value is read before the command line is parsed
(:func:`gametable.cli.lang.requested_language`), so that help and usage errors are in the
language too: the commands themselves use :func:`gametable.cli.lang.current_locale`."""


@app.callback()
def _gametable(lang: LangOpt = None) -> None:
    """The group's own options: ``gametable --lang fr COMMAND`` works as well as
    ``gametable COMMAND --lang fr``."""


def problem(error: BaseException) -> str:
    """What an error says, in the run's language when it carries a message
    (:attr:`GameError.msg`), else its text."""
    if isinstance(error, GameError) and error.msg is not None:
        return text(error.msg)
    return str(error)


def fail(message: Msg | str | BaseException, code: int = 2) -> typer.Exit:
    """Print an error naming the problem and return the exit to raise.

    The message is printed literally (``pip install 'gametable[sim]'`` keeps its
    brackets): it is never read as rich markup.
    """
    shown = problem(message) if isinstance(message, BaseException) else text(message)
    label = say("cli.error.label")
    space = "" if unicodedata.east_asian_width(label[-1:] or " ") in ("F", "W") else " "
    err.print(Text.assemble((label, "red"), space, shown), soft_wrap=True)
    return typer.Exit(code)


def find_game(name: str) -> Game:
    try:
        return get_game(name)
    except KeyError:
        games = listed([game.name for game in all_games()])
        raise fail(Msg("cli.error.unknown_game", name=quote(name), games=games)) from None


def parse_game_options(game: Game, pairs: list[str], extra: list[str]) -> dict[str, Any]:
    """Options from ``--option k=v`` pairs and from ``--k v`` / ``--flag`` extra arguments."""
    specs = {spec.name: spec for spec in game.option_specs}
    options: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(Msg("cli.error.option_pair", value=quote(pair)))
        key, value = pair.split("=", 1)
        options[key.strip().replace("-", "_")] = value
    i = 0
    while i < len(extra):
        arg = extra[i]
        if not arg.startswith("--"):
            raise OptionError(Msg("cli.error.unexpected_argument", value=quote(arg)))
        key, eq, value = arg[2:].partition("=")
        name = key.replace("-", "_")
        negated = name.startswith("no_") and name[3:] in specs and specs[name[3:]].type is bool
        spec: OptionSpec | None = specs.get(name[3:] if negated else name)
        if spec is None:
            known = listed(["--" + s.replace("_", "-") for s in specs])
            raise OptionError(
                Msg("cli.error.no_such_game_option", option=quote(arg), game=game.name,
                    known=known or Msg("cli.help.game_options.none"))
            )  # fmt: skip
        if eq:
            options[spec.name] = value
        elif spec.type is bool:
            options[spec.name] = not negated
        elif i + 1 < len(extra):
            options[spec.name] = extra[i + 1]
            i += 1
        else:
            raise OptionError(Msg("cli.error.option_needs_value", option=arg))
        i += 1
    return options
