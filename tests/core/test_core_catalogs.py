"""Every catalog is translated: for each folder of catalogs (the core's, and each game's,
from :func:`gametable.core.words.catalog_dirs`) and each language there are catalogs for
besides English (:func:`gametable.core.words.available_locales`: French and Japanese), every
message of ``messages.pot`` has a translation in ``<language>.po`` — not empty, not fuzzy,
with every plural form the language has, and exactly the placeholders of the English.

One test per folder and language, so that a game's missing translations are reported as
that game's, entry by entry. The games' catalogs are being written by their engineers:
their cases fail until their translations land (they are not skipped).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from gametable.agents.base import agent_names
from gametable.core.game import Game
from gametable.core.registry import all_games
from gametable.core.words import DEFAULT_LOCALE, available_locales, catalog_dirs, load_catalog

all_games()  # each game registers its catalogs' folder when it is loaded

FOLDERS = catalog_dirs()
LANGUAGES = [lang for lang in available_locales() if lang != DEFAULT_LOCALE]
CORE = FOLDERS[0]
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")
# Kept in the header of every translation: the language's gettext plural rule.
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);", "ja": "nplurals=1; plural=0;"}


def _name(folder: Path) -> str:
    return "core" if folder == CORE else folder.parent.name


def placeholders(text: str) -> Counter[str]:
    return Counter(m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1))


def problems(folder: Path, lang: str) -> list[str]:
    """What is wrong with ``<folder>/<lang>.po`` against ``<folder>/messages.pot``, one
    line per message."""
    template = folder / "messages.pot"
    with template.open("rb") as f:
        source = {m.context: m for m in read_po(f) if m.id and m.context}
    path = folder / f"{lang}.po"
    if not path.is_file():
        return [f"{path} is missing ({len(source)} messages to translate)"]
    with path.open("rb") as f:
        po = read_po(f, locale=lang)
    found = {m.context: m for m in po if m.id and m.context}
    plurals = po.num_plurals  # as its header says (checked just below)
    out = []
    header = PLURAL_FORMS.get(lang)
    if header is not None and po.plural_forms != header:
        out.append(f"the header's Plural-Forms is {po.plural_forms!r}, not {header!r}")
    for key, english in source.items():
        message = found.get(key)
        if message is None:
            out.append(f"{key}: no entry")
            continue
        if message.fuzzy:
            out.append(f"{key}: fuzzy")
            continue
        if isinstance(english.id, tuple | list):
            forms = list(message.string) if isinstance(message.string, tuple | list) else []
            if len(forms) != plurals or not all(forms):
                out.append(f"{key}: needs {plurals} plural form(s), has {forms!r}")
                continue
            want = placeholders(english.id[0]) | placeholders(english.id[1])
        else:
            forms = [message.string] if isinstance(message.string, str) else []
            if not forms or not forms[0]:
                out.append(f"{key}: not translated")
                continue
            want = placeholders(english.id)
        for form in forms:
            got = placeholders(form)
            if set(got) != set(want):
                out.append(
                    f"{key}: placeholders {sorted(got)} in {form!r}, the English has {sorted(want)}"
                )
    for key in found.keys() - source.keys():
        if not found[key].obsolete:
            out.append(f"{key}: not in messages.pot (left over: run pybabel update)")
    return out


def test_there_are_languages_to_check() -> None:
    assert {"fr", "ja"} <= set(LANGUAGES)
    assert CORE.name == "locale" and (CORE / "messages.pot").is_file()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("folder", FOLDERS, ids=_name)
def test_every_message_is_translated_with_the_same_placeholders(folder: Path, lang: str) -> None:
    found = problems(folder, lang)
    assert not found, f"{_name(folder)} catalog, {lang}: {len(found)} problem(s)\n" + "\n".join(
        found
    )


def test_the_check_finds_what_is_wrong(tmp_path: Path) -> None:
    (tmp_path / "messages.pot").write_text(
        'msgctxt "a"\nmsgid "Hello {name}"\nmsgstr ""\n\n'
        'msgctxt "b"\nmsgid "{count} card"\nmsgid_plural "{count} cards"\n'
        'msgstr[0] ""\nmsgstr[1] ""\n\n'
        'msgctxt "c"\nmsgid "Bye"\nmsgstr ""\n\n'
        'msgctxt "d"\nmsgid "Wait"\nmsgstr ""\n',
        encoding="utf-8",
    )
    (tmp_path / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgctxt "a"\nmsgid "Hello {name}"\nmsgstr "Bonjour {nom}"\n\n'
        'msgctxt "b"\nmsgid "{count} card"\nmsgid_plural "{count} cards"\n'
        'msgstr[0] "{count} carte"\nmsgstr[1] ""\n\n'
        '#, fuzzy\nmsgctxt "c"\nmsgid "Bye"\nmsgstr "Au revoir"\n',
        encoding="utf-8",
    )
    found = "\n".join(problems(tmp_path, "fr"))
    assert "Plural-Forms" in found
    assert "a: placeholders ['nom']" in found
    assert "b: needs 2 plural form(s)" in found
    assert "c: fuzzy" in found
    assert "d: no entry" in found
    assert problems(tmp_path, "ja") == [
        f"{tmp_path / 'ja.po'} is missing (4 messages to translate)"
    ]


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("fr", 0, "0 joueur"),
        ("fr", 1, "1 joueur"),
        ("fr", 2, "2 joueurs"),
        ("fr", 1_000_000, "1\u202f000\u202f000 joueurs"),
        ("ja", 1, "1人"),
        ("ja", 5, "5人"),
        ("en", 1, "1 player"),
        ("en", 0, "0 players"),
    ],
)
def test_plurals_follow_the_rule_in_the_catalogs_header(lang: str, count: int, text: str) -> None:
    from gametable.core.words import Msg, catalog_json, plural_forms, render

    assert render(Msg("web.lobby.players", count=count), locale=lang) == text
    if lang in PLURAL_FORMS:
        n, expression = plural_forms(lang)
        assert f"nplurals={n}; plural={expression};" == PLURAL_FORMS[lang]
        assert catalog_json(lang)["plural"] == {"count": n, "expression": expression}


# -- the ids front ends make from a game's data -------------------------------------------


def made_ids(game: Game) -> list[str]:
    """The message ids a front end builds from a game's data rather than naming them in
    code: the game's name, each player count's mode, each option's label and help and
    each of its choices, and each bot's words (the game's own, or the core's for the
    generic bots)."""
    ids = [game.title_words.id, *(f"{game.message_prefix}.mode.{n}" for n in game.modes)]
    for spec in game.option_specs:
        label, help_text = game.option_words(spec)
        ids += [label.id, help_text.id]
        ids += [f"{game.message_prefix}.option.{spec.name}.{c}" for c in spec.choices or ()]
    for name in agent_names(game):
        own = f"{game.message_prefix}.bot.{name}"
        ids.append(own if own in load_catalog(DEFAULT_LOCALE).entries else f"cli.games.bot.{name}")
    return ids


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_mode_option_choice_and_bot_of_a_game_has_words(game: Game) -> None:
    """The lobby, ``gametable games`` and the rules' variants say these in words in every
    language: none may fall back to the code's English or its identifiers."""
    for lang in [DEFAULT_LOCALE, *LANGUAGES]:
        entries = load_catalog(lang).entries
        missing = [i for i in made_ids(game) if i not in entries]
        assert not missing, f"{game.name} in {lang}: no message {missing}"
