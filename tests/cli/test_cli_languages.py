"""The terminal in English, French and Japanese (issue 30).

``--lang`` (or the locale's environment) chooses the language of everything the
``gametable`` command prints: its messages, prompts, tables and help. These tests run the
commands in French and Japanese and look in what they print for English: every English
sentence of the catalogs, cut at its placeholders into pieces of text (``"Dealt from seed
{seed}."`` gives ``"Dealt from seed"``), is searched for in the output. A piece is not
English-only, and so not searched for, when:

- it is one word of fewer than four letters (``"you"``, ``"of"``);
- the language writes it the same: it occurs in a translation of that language's catalogs
  (``"Options"``, ``"total"`` and ``"points"`` in French; card names);
- it is on :data:`ALLOWED`: what a person types, which is English in every language (the
  session's commands, option flags, bot names), and proper nouns.

Numbers and what a person typed are not in the catalogs, so they never count.

The terminal's own words (``cli.*``) must be in the language for every game. The games'
own words (their catalogs, and the tables their text UI draws) come from each game's
engineer: :func:`test_a_game_in_the_terminal_is_wholly_in_the_language` holds each game to
them, and fails for a game until its catalog is translated and its text UI speaks the
session's language (as ``tests/core/test_core_catalogs.py`` does for catalogs).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest
import typer
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from gametable.cli.help import is_message_id
from gametable.cli.lang import choose_language, requested_language
from gametable.cli.main import app
from gametable.cli.session import in_language
from gametable.core import all_games, get_game
from gametable.core.words import Msg, catalog_dirs, render

runner = CliRunner()

LANGUAGES = ["fr", "ja"]
GAMES = [game.name for game in all_games()]
CORE = catalog_dirs()[0]
SRC = Path(__file__).resolve().parents[2] / "src" / "gametable" / "cli"

ALLOWED = {
    # Typed in English in every language: the session's commands, the replay's keys,
    # seat kinds and bot names, the commands and flags they name.
    "help", "moves", "hint", "board", "quit", "human", "greedy", "random", "ismcts",
    "planner", "solver", "gametable", "gametable games", "gametable play", "play", "replay",
    "games", "simulate", "tournament", "serve", "web", "rules",
    # Proper nouns.
    "Ramen! Ramen!", "Rummikub", "Ramen Fury", "Ramen", "Grunchie", "Naruto", "Narutos",
    "Monte Carlo", "Plackett–Luce", "openskill", "Ray", "SQLite", "PostgreSQL", "Redis",
    "WebSocket",
}  # fmt: skip
ALLOWED |= {game.title for game in all_games()}

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*\}")
_WORD = re.compile(r"[A-Za-z]+")
_STRIP = " \t.,:;()[]{}—–-'\"…?!#>|=/*+"


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Any:
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "200", **(env or {})})
    assert "Traceback" not in result.output, result.output
    return result


def _entries(path: Path, lang: str | None = None) -> list[Any]:
    with path.open("rb") as f:
        return [m for m in read_po(f, locale=lang) if m.id and m.context]


@functools.cache
def translated_text(lang: str) -> str:
    """Every translation of ``lang`` in every catalog, as one text."""
    texts = []
    for folder in catalog_dirs():
        path = folder / f"{lang}.po"
        if path.is_file():
            for m in _entries(path, lang):
                forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
                texts.extend(str(f) for f in forms if f)
    return " ".join(" ".join(texts).split())


def _occurs(piece: str, text: str) -> bool:
    # Whole words, not part of one ("s turn" is not in "Les combinaisons turn"), nor of a
    # flag or name typed (--first-player, first_player); a piece that starts or ends
    # with something else than a letter is matched as it is there.
    before = r"(?<![A-Za-z0-9_-])" if piece[:1].isalnum() else ""
    after = r"(?![A-Za-z0-9_-])" if piece[-1:].isalnum() else ""
    if " " in piece and piece[:1].isalpha() and len(piece.split(" ", 1)[0]) == 1:
        before = "(?<=['’])"  # "s turn": the end of a possessive ("{name}'s turn")
    return re.search(before + re.escape(piece) + after, text) is not None


@functools.cache
def english_pieces(folder: Path, prefixes: tuple[str, ...], lang: str) -> dict[str, str]:
    """The English-only pieces of text of a catalog's entries (``prefixes``: only the ids
    starting so), each with the id of a message it comes from."""
    same = translated_text(lang)
    out: dict[str, str] = {}
    for m in _entries(folder / "messages.pot"):
        if prefixes and not m.context.startswith(prefixes):
            continue
        for form in m.id if isinstance(m.id, tuple | list) else (m.id,):
            for chunk in _PLACEHOLDER.split(form):
                for line in chunk.split("\n"):
                    piece = " ".join(line.split()).strip(_STRIP)
                    words = _WORD.findall(piece)
                    if not words or piece in ALLOWED:
                        continue
                    if len(words) == 1 and len(words[0]) < 4:
                        continue
                    if _occurs(piece, same):
                        continue
                    out.setdefault(piece, m.context)
    return out


def english_in(output: str, pieces: dict[str, str]) -> list[str]:
    """The English-only pieces ``output`` shows, each with its message id."""
    flat = " ".join(output.split())
    return sorted(f"{msg_id}: {piece!r}" for piece, msg_id in pieces.items()
                  if _occurs(piece, flat))  # fmt: skip


@functools.cache
def games_english(lang: str) -> str:
    """What the games may still say in English in ``lang``: every sentence of the catalogs
    of the games not translated into it yet, and what games write in code (titles, their
    modes and options' help where their catalog has no words for them)."""
    texts = []
    for game in all_games():
        texts.append(game.title)
        texts.extend(game.modes.values())
        texts.extend(spec.help for spec in game.option_specs)
        folder = game.locale_dir()
        if folder is not None and not (folder / f"{lang}.po").is_file():
            for m in _entries(folder / "messages.pot"):
                texts.extend(m.id if isinstance(m.id, tuple | list) else (m.id,))
    return " ".join(" ".join(texts).split())


def terminal_pieces(lang: str) -> dict[str, str]:
    """The terminal's own words (``cli.*``), as they can be told apart from a game's still
    in English: pieces of two words or more that no untranslated game says too."""
    games = games_english(lang)
    return {
        piece: msg_id
        for piece, msg_id in english_pieces(CORE, ("cli.",), lang).items()
        if " " in piece and not _occurs(piece, games)
    }


def all_pieces(lang: str, game_name: str | None = None) -> dict[str, str]:
    """The terminal's and the core's words, and a game's (when ``game_name`` is given)."""
    pieces = {**english_pieces(CORE, ("cli.", "core."), lang)}
    if game_name is not None:
        folder = get_game(game_name).locale_dir()
        assert folder is not None
        pieces.update(english_pieces(folder, (), lang))
    return pieces


def say(msg_id: str, lang: str, **params: Any) -> str:
    return render(Msg(msg_id, **params), locale=lang)


def flat(text: str) -> str:
    """Text on one line, every run of spaces (no-break ones too) and table borders one
    space: what a line says, however the terminal wrapped it."""
    return " ".join(text.replace("│", " ").split())


def shows(output: str, text: str) -> bool:
    """Whether ``output`` says ``text``, however the terminal wrapped it (a narrow terminal
    cuts long paths and Japanese lines anywhere)."""
    return "".join(text.split()) in "".join(output.replace("│", " ").split())


# -- the scan itself ---------------------------------------------------------------------


def test_the_scan_finds_english_and_spares_what_the_language_shares() -> None:
    pieces = english_pieces(CORE, ("cli.",), "fr")
    assert pieces["Dealt from seed"] == "cli.session.seed"
    assert "Game over" in pieces and "Match won by seat" in pieces and "Seat" in pieces
    assert "Options" not in pieces  # French writes it the same
    assert "help" not in pieces and "rules" not in pieces  # typed in English
    found = english_in("Partie terminée\nGame   over\nSeat 1", pieces)
    assert found == ["cli.session.game_over: 'Game over'", "cli.session.turn: 'Seat'"]
    assert english_in("Partie terminée. Options : moves --first-player", pieces) == []
    terminal = terminal_pieces("fr")  # told apart from what an untranslated game says
    assert "Dealt from seed" in terminal and "Seat" not in terminal


# -- play ------------------------------------------------------------------------------


@functools.cache
def bots_game(name: str, lang: str) -> str:
    game = get_game(name)
    seats = ",".join(["random"] * max(game.min_players, 2 if name != "ramen-tips" else 3))
    result = run("play", name, "--seats", seats, "--seed", "7", "--show-bots", "--lang", lang)
    assert result.exit_code == 0, result.output
    return str(result.output)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_a_game_of_bots_tells_the_terminals_words_in_the_language(name: str, lang: str) -> None:
    out = bots_game(name, lang)
    assert shows(out, say("cli.session.game_over", lang))
    assert shows(out, say("cli.session.seed", lang, seed="7"))
    found = english_in(out, terminal_pieces(lang))
    assert not found, f"English in the {lang} terminal:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_a_game_in_the_terminal_is_wholly_in_the_language(name: str, lang: str) -> None:
    """The game's story, table and result too: fails until the game's catalog is
    translated into ``lang`` and its text UI takes the session's ``locale``."""
    out = bots_game(name, lang)
    found = english_in(out, all_pieces(lang, name))
    assert not found, f"English in {name} in {lang}:\n" + "\n".join(found)


HUMAN_SCRIPT = "help\nmoves\nhint\nzzz\n#999\n#x\nboard\n#1\nquit\n"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_human_plays_through_the_session_in_the_language(lang: str, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = run("play", "ramen-ramen", "--seats", "human,greedy", "--seed", "5",
                 "--first-player", "0", "--record", str(path), "--lang", lang,
                 input=HUMAN_SCRIPT)  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    title = say("cli.play.greeting", lang, title="Ramen! Ramen!")
    assert shows(out, title)
    assert shows(out, say("cli.session.help", lang))  # help
    assert "#36 " in out  # moves: the 36 legal plays, numbered
    assert shows(out, say("core.hint", lang, move="").strip())  # hint
    assert shows(out, say("cli.session.no_such_move", lang, number="999", count=36))
    assert shows(out, say("cli.session.write_a_number", lang, text="'#x'"))
    assert shows(out, say("cli.session.prompt", lang, seat=0))
    assert shows(out, say("cli.session.left", lang))
    saved = say("cli.session.saved", lang, path=str(path), command="\x00")
    assert shows(out, saved.replace("\x00", f"gametable play --resume {path}"))
    assert len(json.loads(path.read_text())["moves"]) >= 1  # '#1' was played
    found = english_in(out, terminal_pieces(lang))
    assert not found, f"English in the {lang} session:\n" + "\n".join(found)


def test_the_language_comes_from_the_locale(tmp_path: Path) -> None:
    args = ("play", "ramen-ramen", "--seats", "greedy,random", "--seed", "3")
    french = run(*args, env={"LANG": "fr_FR.UTF-8"}).output
    assert shows(french, say("cli.session.seed", "fr", seed="3"))
    japanese = run(*args, env={"LANG": "fr_FR.UTF-8", "LC_ALL": "ja_JP.UTF-8"}).output
    assert shows(japanese, say("cli.session.seed", "ja", seed="3"))  # LC_ALL before LANG
    messages = run(*args, env={"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR"}).output
    assert shows(messages, say("cli.session.seed", "fr", seed="3"))
    english = run(*args, "--lang", "en", env={"LANG": "fr_FR.UTF-8"}).output
    assert "Dealt from seed 3." in english  # --lang before the locale
    plain = run(*args, env={"LANG": "C"}).output
    assert "Dealt from seed 3." in plain


def test_an_unknown_language_falls_back_to_english_with_a_note() -> None:
    asked = run("games", "--lang", "de")
    assert asked.exit_code == 0
    assert "note: there are no messages in 'de'; English is used (languages: en, fr, ja)" in (
        asked.stderr
    )
    assert "ramen-ramen — Ramen! Ramen! (1–4 players)" in asked.stdout
    # From the environment: English, without a note (not every command of a German
    # desktop needs to hear it).
    quiet = run("games", env={"LANG": "de_DE.UTF-8"})
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert "(1–4 players)" in quiet.stdout
    # The nearest language there is: French for Canadian French, without a note.
    canadian = run("games", "--lang", "fr_CA")
    assert canadian.stderr == "" and "(1 à 4 joueurs)" in canadian.stdout


def test_the_language_is_read_before_the_command_line() -> None:
    assert requested_language(["play", "x", "--lang", "fr"]) == "fr"
    assert requested_language(["--lang=ja", "games"]) == "ja"
    assert requested_language(["games", "--lang", "fr", "--lang", "ja"]) == "ja"
    assert requested_language(["play", "--", "--lang", "fr"]) is None
    assert requested_language(["play", "--lang"]) is None
    env = {"LANG": "fr_FR.UTF-8"}
    assert choose_language(None, env) == ("fr", None)
    assert choose_language(None, {"LC_ALL": "ja_JP.eucJP", **env}) == ("ja", None)
    assert choose_language(None, {"LANG": "en_GB@euro"}) == ("en", None)
    assert choose_language(None, {"LANG": "C.UTF-8"}) == ("en", None)
    assert choose_language("fr-CA", env) == ("fr", None)
    assert choose_language("de", env) == ("en", "de")
    assert choose_language("", env) == ("fr", None)  # an empty --lang: the locale's


# -- games, replay, rules --------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_games_lists_in_the_language(lang: str) -> None:
    result = run("games", "--lang", lang)
    assert result.exit_code == 0
    out = result.output
    assert shows(out, say("cli.games.players_range", lang, low=1, high=4))
    assert shows(out, say("cli.games.col.meaning", lang))
    assert shows(out, say("cli.games.bot.random", lang))
    assert shows(out, render(Msg("core.option.first_player"), locale=lang))  # an option's words
    pieces = terminal_pieces(lang)
    for game in all_games():  # and each game's own words, once it has them in lang
        folder = game.locale_dir()
        if folder is not None and (folder / f"{lang}.po").is_file():
            pieces = {**pieces, **english_pieces(folder, (f"{game.message_prefix}.option.",
                                                           f"{game.message_prefix}.mode.",
                                                           f"{game.message_prefix}.bot."),
                                                 lang)}  # fmt: skip
    found = english_in(out, pieces)
    assert not found, f"English in 'games' in {lang}:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_replay_check_says_in_the_language(lang: str, tmp_path: Path) -> None:
    finished, unfinished = tmp_path / "done.json", tmp_path / "half.json"
    run("play", "ramen-ramen", "--seats", "greedy,random", "--seed", "2", "--record", str(finished))
    run("play", "ramen-ramen", "--seats", "human,greedy", "--seed", "2", "--record",
        str(unfinished), input="#1\nquit\n")  # fmt: skip
    moves = len(json.loads(finished.read_text())["moves"])
    done = run("replay", str(finished), "--check", "--lang", lang)
    assert done.exit_code == 0
    assert shows(done.output, say("cli.replay.valid", lang, path=str(finished),
                                  title="Ramen! Ramen!", count=moves))  # fmt: skip
    half = run("replay", str(unfinished), "--check", "--lang", lang)
    assert half.exit_code == 0
    command = f"gametable play --resume {unfinished}"
    assert shows(half.output, say("cli.replay.unfinished", lang, count=1, seats=["0"],
                                  command=command))  # fmt: skip
    stepped = run("replay", str(finished), "--lang", lang, input="\n\nq\n")
    assert shows(stepped.output, say("cli.replay.step", lang, number="2", total=str(moves)))
    assert shows(stepped.output, say("cli.replay.prompt", lang))
    for out in (done.output, half.output, stepped.output):
        found = english_in(out, terminal_pieces(lang))
        assert not found, f"English in 'replay' in {lang}:\n" + "\n".join(found)


RULES = {
    "en": "# Test rules\n\n## The turn {#turn}\n\nPlay **one** card.\n\n```example\n"
    '{"cards": ["N4"], "caption": "One card."}\n```\n\n## The end {#end}\n\nThe end.\n',
    "fr": "# Règles\n\n## Le tour {#turn}\n\nJouez **une** carte.\n\n```example\n"
    '{"cards": ["N4"], "caption": "Une carte."}\n```\n\n## La fin {#end}\n\nLa fin.\n',
}


@pytest.fixture
def written_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Rummikub with rules in English and French (none in Japanese), from a test folder,
    and a text UI without ``render_example``."""
    from gametable.core.rules import load_rules

    for lang, text in RULES.items():
        (tmp_path / f"{lang}.md").write_text(text, encoding="utf-8")
    game = get_game("rummikub")
    monkeypatch.setattr(type(game), "rules", lambda self, locale="en": load_rules(tmp_path,
                                                                                   locale))
    monkeypatch.delattr(type(game.ui), "render_example", raising=False)
    return game


def test_rules_show_every_section_in_the_language(written_rules: Any) -> None:
    result = run("rules", "rummikub", "--lang", "fr")
    assert result.exit_code == 0, result.output
    out = result.output
    assert shows(out, say("cli.rules.title", "fr", title="Rummikub"))
    assert "Le tour" in out and "La fin" in out and "Jouez une carte." in out  # Markdown
    assert "--section turn" in out and "--section end" in out
    assert "Une carte." in out  # an example without render_example: its caption
    assert "Play" not in out and result.stderr == ""
    found = english_in(out, terminal_pieces("fr"))
    assert not found, "\n".join(found)


def test_rules_show_one_section_and_name_the_sections_when_it_is_not_there(
    written_rules: Any,
) -> None:
    one = run("rules", "rummikub", "--section", "end", "--lang", "fr")
    assert one.exit_code == 0 and "La fin" in one.output and "Le tour" not in one.output
    wrong = run("rules", "rummikub", "--section", "setup", "--lang", "fr")
    assert wrong.exit_code == 2
    assert shows(wrong.output, say("cli.rules.no_section", "fr", section="'setup'",
                                   title="Rummikub", sections="turn, end"))  # fmt: skip


def test_rules_not_written_in_the_language_are_shown_in_english_with_a_note(
    written_rules: Any,
) -> None:
    result = run("rules", "rummikub", "--lang", "ja")
    assert result.exit_code == 0
    assert "Play one card." in result.stdout
    note = say("cli.rules.other_language", "ja", language="日本語", found="英語")
    assert shows(result.stderr, note)


def test_rules_examples_are_drawn_by_the_games_text_ui(written_rules: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[Any, str]] = []

    def render_example(self: Any, example: Any, *, locale: str = "en") -> str:
        drawn.append((example, locale))
        return f"<{' '.join(example['cards'])} drawn>"

    monkeypatch.setattr(type(written_rules.ui), "render_example", render_example, raising=False)
    result = run("rules", "rummikub", "--section", "turn", "--lang", "fr")
    assert "<N4 drawn>" in result.output and "Une carte." not in result.output
    assert drawn == [({"cards": ["N4"], "caption": "Une carte."}, "fr")]


def test_a_game_without_rules_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gametable.core.rules import load_rules

    game = get_game("rummikub")
    monkeypatch.setattr(type(game), "rules", lambda self, locale="en": load_rules(tmp_path,
                                                                                   locale))
    for lang in ("en", "fr", "ja"):
        result = run("rules", "rummikub", "--lang", lang)
        assert result.exit_code == 1
        title = Msg("rummikub.title")  # the game's name in the language (ラミィキューブ)
        assert shows(result.output, say("cli.rules.none", lang, title=title))


@pytest.mark.parametrize("name", GAMES)
def test_every_game_answers_rules_in_every_language(name: str) -> None:
    """Its rules, or the clear message that they are not written yet."""
    for lang in ("en", *LANGUAGES):
        result = run("rules", name, "--lang", lang)
        title = get_game(name).title_words  # its name in the language
        if result.exit_code == 1:
            assert shows(result.output, say("cli.rules.none", lang, title=title))
            continue
        assert result.exit_code == 0, result.output
        assert shows(result.output, say("cli.rules.title", lang, title=title))
        found = english_in(result.stdout, terminal_pieces(lang)) if lang != "en" else []
        assert not found, "\n".join(found)


# -- help and usage errors -------------------------------------------------------------


TYPER_ENGLISH = ["Usage:", "Show this message", "[default:", "[required]", "Try '",
                 "Commands", "Missing argument", "No such option", "Invalid value"]  # fmt: skip


def commands() -> dict[str, Any]:
    group = typer.main.get_command(app)
    return dict(group.commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_lists_the_commands_in_the_language(lang: str) -> None:
    result = run("--help", "--lang", lang)
    assert result.exit_code == 0
    out = result.output
    for name in commands():
        assert f" {name} " in out, name
    assert shows(out, say("cli.help.commands", lang))
    assert shows(out, say("cli.usage.prefix", lang))
    assert shows(out, say("cli.help.play", lang))
    found = english_in(out, terminal_pieces(lang)) + [w for w in TYPER_ENGLISH if w in out]
    assert not found, f"English in --help in {lang}:\n" + "\n".join(found)
    assert run("--help", env={"LANG": f"{lang}_XX.UTF-8"}).output == out  # from the locale


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_every_commands_help_works_in_every_language(lang: str) -> None:
    for name in commands():
        result = run(name, "--help", "--lang", lang)
        assert result.exit_code == 0, (name, result.output)
        out = result.output
        assert "--lang" in out and shows(out, say("cli.help.help", lang))
        assert "cli." not in out, (name, out)  # every message id rendered
        if lang != "en":
            found = english_in(out, terminal_pieces(lang)) + [w for w in TYPER_ENGLISH
                                                              if w in out]  # fmt: skip
            assert not found, f"English in {name} --help in {lang}:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("args", "msg_id", "params"),
    [
        (("simulate", "ramen-ramen", "--games", "abc"), "cli.usage.not_whole", {"value": "'abc'"}),
        (("serve", "--port", "70000"), "cli.usage.at_most", {"value": "'70000'", "limit": "65535"}),
        (("replay",), "cli.usage.missing_argument", None),
        (("replay", "a", "b"), "cli.usage.extra", {"count": 1, "args": "b"}),
        (("plya",), "cli.usage.no_such_command_suggest", None),
        (("replay", "--sea", "1", "x"), "cli.usage.no_such_option_suggest", None),
        (("play", "chess"), "cli.error.unknown_game", None),
        (("play", "ramen-ramen", "--bogus"), "cli.error.no_such_game_option", None),
        (("play", "ramen-ramen", "--seats", "human,robot"), "cli.error.unknown_seat", None),
    ],
)
@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_usage_errors_are_in_the_language(
    args: tuple[str, ...], msg_id: str, params: dict[str, Any] | None, lang: str
) -> None:
    result = run(*args, "--lang", lang)
    assert result.exit_code == 2, result.output
    out = flat(result.output)
    if params is not None:
        assert shows(out, say(msg_id, lang, **params)), out
    else:  # the sentence's words around what was typed
        template = say(msg_id, lang, **dict.fromkeys(_params_of(msg_id), "\x00"))
        for piece in template.split("\x00"):
            assert shows(out, piece), (piece, out)
    if lang != "en":
        found = english_in(out, terminal_pieces(lang)) + [w for w in TYPER_ENGLISH if w in out]
        assert not found, "\n".join(found)


def _params_of(msg_id: str) -> list[str]:
    for m in _entries(CORE / "messages.pot"):
        if m.context == msg_id:
            form = m.id[0] if isinstance(m.id, tuple | list) else m.id
            return re.findall(r"\{([A-Za-z_]\w*)\}", form)
    raise KeyError(msg_id)


# -- simulate and tournament -----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_simulate_and_tournament_summaries_are_in_the_language(lang: str) -> None:
    sim = run("simulate", "ramen-ramen", "--seats", "greedy,random", "--games", "6", "--seed",
              "5", "--workers", "1", "--no-progress", "--lang", lang)  # fmt: skip
    assert sim.exit_code == 0, sim.output
    assert shows(sim.output, say("cli.sim.per_seat", lang))
    assert shows(sim.output, say("cli.sim.seat_label", lang, seat=0, bots="greedy"))
    board = run("tournament", "ramen-ramen", "--bots", "greedy,random", "--rounds", "1",
                "--workers", "1", "--no-progress", "--lang", lang)  # fmt: skip
    assert board.exit_code == 0, board.output
    assert shows(board.output, say("cli.tournament.leaderboard", lang))
    assert shows(board.output, say("cli.tournament.mode.round_robin", lang))
    for out in (sim.output, board.output):
        found = english_in(out, terminal_pieces(lang))
        assert not found, f"English in a summary in {lang}:\n" + "\n".join(found)
    if lang == "fr":  # numbers as French writes them: a decimal comma, a space before %
        assert re.search(r"\d+,\d\u202f% \[\d+,\d–\d+,\d\]", sim.output), sim.output


# -- the catalog and the code ----------------------------------------------------------


def _ids_in_code() -> tuple[set[str], set[str]]:
    """The message ids the terminal's code names, and the prefixes it builds ids from."""
    source = "\n".join(p.read_text() for p in SRC.glob("*.py"))
    literal = set(re.findall(r"""["'](cli\.[a-z0-9_.]*[a-z0-9_])["']""", source))
    prefixes = set(re.findall(r"""f?["'](cli\.[a-z0-9_.]*\.)(?:\{|["'] *\+)""", source))
    return literal, prefixes


def test_every_message_the_terminal_names_is_in_the_catalog_with_a_comment() -> None:
    entries = {m.context: m for m in _entries(CORE / "messages.pot")
               if m.context.startswith("cli.")}  # fmt: skip
    literal, prefixes = _ids_in_code()
    assert literal and prefixes
    assert not literal - entries.keys(), sorted(literal - entries.keys())
    unused = [key for key in entries
              if key not in literal and not any(key.startswith(p) for p in prefixes)]  # fmt: skip
    assert not unused, f"cli.* entries no code uses: {unused}"
    uncommented = [key for key, m in entries.items() if not m.auto_comments]
    assert not uncommented, f"cli.* entries without a comment for translators: {uncommented}"


def test_no_help_text_is_written_in_the_code() -> None:
    """Every help text, metavar and command description is a message id (or a typed
    placeholder: N, S, X, URL, ID)."""
    for name, command in commands().items():
        assert is_message_id(command.help), name
        for param in command.params:
            assert param.help is None or is_message_id(param.help), (name, param.name)
            assert param.metavar in (None, "", "N", "S", "X", "URL", "ID") or is_message_id(
                param.metavar
            ), (name, param.name, param.metavar)


def test_the_text_ui_gets_the_language_and_names_only_where_it_takes_them() -> None:
    calls: list[tuple[str, dict[str, Any]]] = []

    def old(view: str) -> str:
        calls.append(("old", {}))
        return view

    def new(view: str, *, locale: str = "en") -> str:
        calls.append(("new", {"locale": locale}))
        return view

    def both(view: str, **how: Any) -> str:
        calls.append(("both", how))
        return view

    for method in (old, new, both):
        assert in_language(method, "v", locale="fr", names=["a", "b"]) == "v"
    assert calls == [("old", {}), ("new", {"locale": "fr"}),
                     ("both", {"locale": "fr", "names": ["a", "b"]})]  # fmt: skip
