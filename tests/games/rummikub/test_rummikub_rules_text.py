"""Rummikub's rules inside the game (issue 30): ``rules/en.md``, ``fr.md`` and ``ja.md`` parse,
hold the same sections in the same order and the same examples (each captioned in its own
language), every example is a play the engine itself accepts, the colours' symbols are in
the rules of every language, and the "?" opens the section for the decision on screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rummikub_helpers import position, table

from gametable.core.rules import parse_rules
from gametable.core.words import Msg, render
from gametable.games.rummikub import GAME, check_play
from gametable.games.rummikub.tiles import COLOUR_SYMBOLS, parse_set, set_kind, set_problem

FOLDER = Path(__file__).parents[3] / "src/gametable/games/rummikub/rules"
LANGUAGES = ("en", "fr", "ja")


def sections(lang: str):  # type: ignore[no-untyped-def]
    path = FOLDER / f"{lang}.md"
    return parse_rules(path.read_text(encoding="utf-8"), str(path))


def without_caption(example: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in example.items() if k != "caption"}


def written(sets: list[list[str]]) -> str:
    return " | ".join(" ".join(s) for s in sets)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_the_sections_of_the_english_in_its_order(lang: str) -> None:
    english = [s.id for s in sections("en")]
    assert {"overview", "sets", "turn", "meld", "jokers", "scoring", "end"} <= set(english)
    assert [s.id for s in sections(lang)] == english
    found, loaded = GAME.rules(lang)
    assert found == lang and [s.id for s in loaded] == english
    for section in loaded:
        assert section.title and section.blocks, (lang, section.id)


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_each_language_has_the_same_examples_each_captioned_in_its_own_words(lang: str) -> None:
    for english, other in zip(sections("en"), sections(lang), strict=True):
        mine, theirs = english.examples(), other.examples()
        assert [without_caption(e) for e in theirs] == [without_caption(e) for e in mine]
        for a, b in zip(mine, theirs, strict=True):
            assert b["caption"] and b["caption"] != a["caption"], (lang, other.id)
        assert english.title != other.title, (lang, other.id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_show_each_colours_symbol(lang: str) -> None:
    """The tiles carry a symbol per colour (black ●, red ◆, blue ■, orange ▲): the rules
    say so in each language, with the legend drawn and its caption naming each symbol
    beside its colour as the catalog names it."""
    (overview,) = [s for s in sections(lang) if s.id == "overview"]
    (legend,) = [e for e in overview.examples() if e.get("legend")]
    caption = legend["caption"].lower()
    for colour, symbol in enumerate(COLOUR_SYMBOLS):
        name = render(
            Msg(f"rummikub.colour.{('black', 'red', 'blue', 'orange')[colour]}"), locale=lang
        )
        assert f"{name} {symbol}".lower() in caption, (lang, name, symbol)


def test_every_example_is_a_play_the_engine_accepts() -> None:
    """Rules stated once: the tiles of an example are valid sets, and an example that shows
    a move (a rack, a table before and after) is a play the engine accepts — before the
    initial meld for the initial meld's example, after it for the others."""
    examples = [(s.id, e) for s in sections("en") for e in s.examples()]
    assert len([e for _, e in examples if "after" in e]) >= 8  # the rulebook's six and more
    for section, example in examples:
        for sets in (example.get("sets"), example.get("after")):
            for tiles in sets or []:
                s = parse_set(" ".join(tiles))
                assert set_problem(s) is None, (section, tiles)
        if example.get("sets"):
            kinds = [set_kind(parse_set(" ".join(t))) for t in example["sets"]]
            assert kinds in (["group"], ["run"]), (section, kinds)
        if "after" not in example:
            continue
        melded = section != "meld"
        state = position(
            written(example.get("table", [])),
            [" ".join(example["rack"]), "R9"],
            melded=[melded, True],
        )
        laid = check_play(
            state.table, state.racks[0], melded, table(written(example["after"])), state.options
        )
        assert sum(laid) >= 1, section


def test_the_question_mark_opens_the_section_for_the_decision() -> None:
    before = position("", ["K10 R10 B10", "R9"], melded=[False, True])
    assert GAME.rules_section(before.view(0)) == "meld"
    after = position("R1 R2 R3", ["K10 R10 B10", "R9"])
    assert GAME.rules_section(after.view(0)) == "turn"
    ids = {s.id for s in sections("en")}
    assert {"meld", "turn", "scoring"} <= ids


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_draws_the_examples_with_each_tiles_symbol(lang: str) -> None:
    """``gametable rules rummikub``: an example is drawn with the tiles as the terminal's
    table draws them (symbol and number, a joker as ☺ and the tile it stands for), under
    headings in the reader's language, then its caption."""
    from rich.console import Console

    (jokers,) = [s for s in sections(lang) if s.id == "jokers"]
    (example,) = jokers.examples()
    console = Console(record=True, width=100)
    console.print(GAME.ui.render_example(example, locale=lang))
    out = console.export_text()
    rack, before, after = (render(Msg(f"rummikub.ui.example.{part}"), locale=lang)
                           for part in ("rack", "before", "after"))  # fmt: skip
    assert f"{rack} ▲13 ●1 ●2" in out
    assert f"{before} ●13 ◆13 ☺■13" in out
    assert f"{after} ●13 ◆13 ▲13   ●1 ●2 ☺●3" in out
    assert example["caption"][:20] in out.replace("\n", " ")
    (overview,) = [s for s in sections(lang) if s.id == "overview"]
    console = Console(record=True, width=200)
    console.print(GAME.ui.render_example(overview.examples()[0], locale=lang))
    assert "●7 ◆7 ■7 ▲7 ☺" in console.export_text()
