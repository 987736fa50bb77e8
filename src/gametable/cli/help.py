"""How ``gametable COMMAND --help`` and usage errors read, in the run's language.

Help texts are messages of the catalog. The commands declare them by id
(``typer.Option(help="cli.help.play.seats", metavar="cli.metavar.list")``): every help,
metavar and command description that is a message id (``cli.…``, no space) is rendered
in the run's language by :func:`localise` when the command line is read, before typer
draws anything. The ``gametable`` group (:class:`Group`) decides the language first
(:mod:`gametable.cli.lang`: ``--lang`` anywhere on the line, else the locale), so help,
usage lines and usage errors come in it:

- typer's own words around the help (the panels' titles "Arguments", "Options",
  "Commands", "[default: …]", "[required]", the error panel, "Try … for help") are set
  from the catalog while the command runs (:func:`typer_words`), and "Usage:",
  ``[OPTIONS]`` and ``COMMAND [ARGS]...`` by the command classes;
- typer's usage errors (no such option, a missing argument, a value that is not a
  number …) are rewritten from their data (:func:`localised_error`): the option, the value
  typed, the limit.

Metavars say what to type, without type placeholders (``<bool>``, ``<list[str]>``), and
commands taking game options list every game's options after their help.
"""

from __future__ import annotations

import contextlib
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from difflib import get_close_matches
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

# typer carries its own copy of click: its exceptions are the ones raised while parsing.
from typer._click import exceptions as click_errors
from typer.core import TyperArgument, TyperCommand, TyperGroup

from gametable.cli.lang import (
    choose_language,
    either,
    languages,
    listed,
    requested_language,
    say,
    set_locale,
)
from gametable.core.errors import quote
from gametable.core.game import OptionSpec
from gametable.core.registry import all_games


def is_message_id(text: object) -> bool:
    """Whether a help text or metavar is a message id of the terminal's (``cli.…``)."""
    return isinstance(text, str) and text.startswith("cli.") and " " not in text


def _localise_attr(obj: Any, attr: str, markup: bool) -> None:
    """Render ``obj.attr`` in the run's language if it names a message (the id is kept, so
    that a second run in another language renders it again)."""
    ids: dict[str, Any] = obj.__dict__.setdefault("_gametable_ids", {})
    source = ids.setdefault(attr, getattr(obj, attr, None))
    if isinstance(source, str) and is_message_id(source):
        words = say(source)
        setattr(obj, attr, escape(words) if markup else words)


def localise(command: Any) -> None:
    """Every help text, metavar and usage word of ``command`` (and, for a group, of its
    commands) in the run's language."""
    _localise_attr(command, "help", markup=True)
    _localise_attr(command, "short_help", markup=True)
    command.options_metavar = say("cli.usage.options_metavar")
    for param in command.params:
        _localise_attr(param, "help", markup=True)
        _localise_attr(param, "metavar", markup=False)
    if isinstance(command, TyperGroup):
        command.subcommand_metavar = say("cli.usage.command_metavar")
        for sub in command.commands.values():
            localise(sub)


# -- typer's own words -------------------------------------------------------------------


def _format_template(msg_id: str, **slots: str) -> str:
    """A message made into a ``str.format`` template for typer: the braces of the
    translation escaped, and ``slots`` (``{name}`` in the message) made into typer's
    own fields (``{}``, ``{command_path}``)."""
    marks = {name: f"\x00{i}\x00" for i, name in enumerate(slots)}
    text = say(msg_id, **marks)
    text = text.replace("{", "{{").replace("}", "}}")
    for name, mark in marks.items():
        text = text.replace(mark, slots[name])
    return text


def _typer_strings() -> dict[str, str]:
    """typer's words (module constants of :mod:`typer.rich_utils`) in the run's language."""
    try_help = _format_template("cli.usage.try_help", command="\x01")
    return {
        "ARGUMENTS_PANEL_TITLE": escape(say("cli.help.arguments")),
        "OPTIONS_PANEL_TITLE": escape(say("cli.help.options")),
        "COMMANDS_PANEL_TITLE": escape(say("cli.help.commands")),
        "DEFAULT_STRING": _format_template("cli.help.default", value="{}"),
        "REQUIRED_LONG_STRING": say("cli.help.required"),
        "ERRORS_PANEL_TITLE": escape(say("cli.usage.error")),
        "ABORTED_TEXT": escape(say("cli.usage.aborted")),
        "RICH_HELP": escape(try_help).replace(
            "\x01", "[blue]{command_path} {help_option}[/]"
        ),
    }


_SAVED: dict[str, Any] = {}
"""typer's own words while they are replaced by the run's language's."""


def use_typer_words() -> None:
    """Put typer's words in the run's language (typer reads them from module constants of
    :mod:`typer.rich_utils`, imported only when a help or an error is shown — so this is
    called then); :func:`restore_typer_words` puts them back. A constant a later typer no
    longer has is left alone."""
    if _SAVED:
        return
    from typer import rich_utils

    for name, value in _typer_strings().items():
        if hasattr(rich_utils, name):
            _SAVED[name] = getattr(rich_utils, name)
            setattr(rich_utils, name, value)


def restore_typer_words() -> None:
    """Put back typer's own words (at the end of a run)."""
    if not _SAVED:
        return
    from typer import rich_utils

    for name, value in _SAVED.items():
        setattr(rich_utils, name, value)
    _SAVED.clear()


@contextlib.contextmanager
def typer_words() -> Iterator[None]:
    """typer's words in the run's language for the time of a block."""
    use_typer_words()
    try:
        yield
    finally:
        restore_typer_words()


# -- usage errors ------------------------------------------------------------------------


def _hint(exc: Any) -> str:
    """How a usage error names its parameter: ``'--games' / '-n'``, ``'FILE'``."""
    hint = getattr(exc, "param_hint", None)
    if hint is None and getattr(exc, "param", None) is not None:
        hint = exc.param.get_error_hint()
    if hint is None:
        return ""
    if not isinstance(hint, str):
        return " / ".join(repr(x) for x in hint)
    return str(hint)


def _value_problem(exc: Any) -> str:
    """What is wrong with a value typed for a parameter, from typer's validation data."""
    cause = exc.__cause__
    errors = getattr(cause, "errors", None)
    if not callable(errors):
        return str(exc.message)
    try:
        first = errors()[0]
    except (IndexError, TypeError):
        return str(exc.message)
    kind, value, limits = first.get("type"), first.get("input"), first.get("ctx") or {}
    shown = quote(value)
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return say("cli.usage.not_whole", value=shown)
    if kind in ("float_parsing", "float_type", "finite_number"):
        return say("cli.usage.not_number", value=shown)
    for key, msg_id in (
        ("le", "cli.usage.at_most"),
        ("lt", "cli.usage.below"),
        ("ge", "cli.usage.at_least"),
        ("gt", "cli.usage.above"),
    ):
        if key in limits:
            return say(msg_id, value=shown, limit=str(limits[key]))
    return str(exc.message)


def localised_error(exc: Exception) -> Exception:
    """A usage error of typer's in the run's language (the same exit code and context);
    one it does not know is kept as it is."""
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click_errors.NoSuchOption):
        if exc.possibilities:
            options = listed(sorted(exc.possibilities))
            message = say("cli.usage.no_such_option_suggest", option=exc.option_name,
                          options=options)  # fmt: skip
        else:
            message = say("cli.usage.no_such_option", option=exc.option_name)
    elif isinstance(exc, click_errors.BadOptionUsage):
        if "requires" in exc.message:
            message = say("cli.usage.needs_value", option=repr(exc.option_name))
        elif "does not take a value" in exc.message:
            message = say("cli.usage.takes_no_value", option=repr(exc.option_name))
        else:
            return exc
    elif isinstance(exc, click_errors.MissingParameter):
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "")
        msg_id = "cli.usage.missing_option" if kind == "option" else "cli.usage.missing_argument"
        message = say(msg_id, name=_hint(exc))
    elif isinstance(exc, click_errors.BadParameter):
        message = say("cli.usage.bad_value", option=_hint(exc), problem=_value_problem(exc))
    else:
        return exc
    localised = click_errors.UsageError(message, ctx)
    localised.exit_code = getattr(exc, "exit_code", 2)
    return localised


def _shown(exc: Exception) -> Exception:
    """An error about to be shown by typer, in the run's language (typer's words too)."""
    use_typer_words()
    if type(exc).__name__ == "NoArgsIsHelpError":  # the help, already written
        return exc
    return localised_error(exc)


# -- the command classes ---------------------------------------------------------------


class _Argument(TyperArgument):
    """An argument whose help shows its name (``GAME``) and no ``<str>`` beside it."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


def _plain_params(params: list[Any]) -> list[Any]:
    for param in params:
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif param.name == "help" and param.metavar is None:
            param.metavar = ""
    return params


class _Words:
    """What the group and its commands share: the usage line and the help option in the
    run's language."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        use_typer_words()
        super().format_help(ctx, formatter)  # type: ignore[misc]

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        prefix = say("cli.usage.prefix")
        if unicodedata.east_asian_width(prefix[-1:] or " ") not in ("F", "W"):
            prefix += " "  # no space after a full-width colon
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = escape(say("cli.help.help"))
        return option


class Command(_Words, TyperCommand):
    """A command whose options show their metavar (``N``, ``FILE``; nothing for flags and
    ``--help``) rather than Python types, and whose usage errors are in words."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_params(super().get_params(ctx))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            raise click_errors.UsageError(
                say("cli.usage.extra", count=len(rest), args=" ".join(map(str, rest))), ctx
            )
        return rest


class WithGameOptions(Command):
    """A command taking game options: its ``--help`` ends with every game's options
    (read from the registry when the help is asked for)."""

    @property
    def epilog(self) -> str:
        return game_options_help()

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        pass


class Group(_Words, TyperGroup):
    """The ``gametable`` command: it decides the run's language before reading the command
    line (so that help and usage errors are in it too), and says the errors of typer's in
    that language."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        locale, refused = choose_language(requested_language(argv))
        set_locale(locale)
        if refused is not None:
            note = say("cli.lang.unknown", lang=quote(refused), languages=listed(languages()))
            Console(stderr=True, highlight=False, soft_wrap=True).print(Text(note, style="dim"))
        localise(self)
        try:
            return super().main(
                argv, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        finally:
            restore_typer_words()

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_params(super().get_params(ctx))

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None,
                     **extra: Any) -> Any:  # fmt: skip
        try:
            return super().make_context(info_name, args, parent, **extra)
        except (click_errors.ClickException, typer.Abort) as exc:
            raise _shown(exc) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (click_errors.ClickException, typer.Abort) as exc:
            raise _shown(exc) from None

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0]
        missing = self.get_command(ctx, name) is None and not ctx.resilient_parsing
        if missing and not name.startswith("-"):
            commands = list(self.commands)
            close = get_close_matches(name, commands)
            if close:
                message = say("cli.usage.no_such_command_suggest", name=quote(name),
                              suggestions=either([repr(c) for c in close]))  # fmt: skip
            else:
                message = say("cli.usage.no_such_command", name=quote(name),
                              commands=listed(commands))  # fmt: skip
            raise click_errors.UsageError(message, ctx)
        return super().resolve_command(ctx, args)


# -- game options ----------------------------------------------------------------------


def game_options_help() -> str:
    """Every game's options as ``--help`` lists them (rich markup, escaped)."""
    lines = [f"[bold]{escape(say('cli.help.game_options.title'))}[/bold] "
             + escape(say("cli.help.game_options.how"))]  # fmt: skip
    for game in all_games():
        flags = [escape(option_flag(spec)) for spec in game.option_specs]
        shown = listed(flags) or escape(say("cli.help.game_options.none"))
        lines.append(f"  {game.name}: {shown}")
    return "\n".join(lines)


def option_flag(spec: OptionSpec) -> str:
    """How an option is typed: ``--narutos``, ``--turn-seconds N``, ``--tiebreak a|b``."""
    flag = "--" + spec.name.replace("_", "-")
    if spec.type is bool:
        return flag
    if spec.choices:
        return f"{flag} {'|'.join(map(str, spec.choices))}"
    kind = {int: "N", float: "X"}.get(spec.type)
    return f"{flag} {kind or say('cli.metavar.text')}"
