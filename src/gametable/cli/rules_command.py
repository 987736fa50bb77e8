"""``gametable rules GAME``: a game's rules in the terminal, in the run's language.

The rules are the game's own (``Game.rules(locale)``: the sections of its
``rules/<language>.md``, see :mod:`gametable.core.rules`). Text blocks are drawn as
Markdown; an example is drawn by the game's text UI when it has a ``render_example``
method, else shown by its caption, else as its data. A game without rules, a section that
is not there, or rules not yet written in the reader's language are said in words.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import RenderableType
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from gametable.cli.app import LangOpt, console, err, fail, find_game
from gametable.cli.help import Command
from gametable.cli.lang import current_locale, language_name, listed, say
from gametable.cli.session import in_language
from gametable.core.errors import quote
from gametable.core.game import Game
from gametable.core.rules import RulesError, Section
from gametable.core.words import Msg


def draw_example(game: Game, example: Any, locale: str) -> RenderableType:
    """An example of the rules, drawn with the game's cards: by its text UI's
    ``render_example`` where it has one (in ``locale`` when it takes one), else its
    caption, else its data on one line."""
    draw = getattr(game.ui, "render_example", None)
    if callable(draw):
        drawn: RenderableType = in_language(draw, example, locale=locale)
        return drawn
    if isinstance(example, dict) and isinstance(example.get("caption"), str):
        return Text(example["caption"], style="italic")
    return Text(json.dumps(example, ensure_ascii=False, separators=(",", ":")), style="dim")


def print_section(game: Game, section: Section, locale: str) -> None:
    """One section: its title (with the id ``--section`` takes) and its blocks."""
    title = Text.assemble((section.title, "bold"), "  ", (f"--section {section.id}", "dim"))
    console.print(Rule(title, align="left"))
    for block in section.blocks:
        if block.kind == "example":
            console.print(Padding(draw_example(game, block.example, locale), (0, 0, 1, 4)))
        else:
            from rich.markdown import Markdown

            console.print(Markdown(block.text))
            console.print()


def register(app: typer.Typer) -> None:
    """Add the ``rules`` command to the ``gametable`` command."""

    @app.command("rules", cls=Command, help="cli.help.rules")
    def rules(
        game_name: Annotated[str, typer.Argument(metavar="cli.metavar.game", help="cli.help.game")],
        section: Annotated[
            str | None, typer.Option("--section", metavar="ID", help="cli.help.rules.section")
        ] = None,
        lang: LangOpt = None,
    ) -> None:
        """Show a game's rules (or one section of them) in the terminal."""
        game = find_game(game_name)
        locale = current_locale()
        try:
            found, sections = game.rules(locale)
        except FileNotFoundError:
            raise fail(Msg("cli.rules.none", title=game.title_words), code=1) from None
        except RulesError as exc:
            raise fail(Msg("cli.rules.broken", title=game.title_words, problem=str(exc)),
                       code=1) from None  # fmt: skip
        if not sections:
            raise fail(Msg("cli.rules.none", title=game.title_words), code=1)
        ids = [s.id for s in sections]
        if section is not None and section not in ids:
            raise fail(Msg("cli.rules.no_section", section=quote(section), title=game.title_words,
                           sections=listed(ids)))  # fmt: skip
        if found != locale:
            note = say("cli.rules.other_language", language=language_name(locale),
                       found=language_name(found))  # fmt: skip
            err.print(Text(note, style="dim"))
        console.print(Text(say("cli.rules.title", title=game.title_words), style="bold"))
        if section is None:
            contents = Table(box=None, padding=(0, 2), show_header=False)
            contents.add_column(style="dim", no_wrap=True)
            contents.add_column()
            for s in sections:
                contents.add_row("  " + s.id, s.title)
            console.print(Text(say("cli.rules.contents")))
            console.print(contents)
            console.print()
        for s in sections:
            if section is None or s.id == section:
                print_section(game, s, found)
