"""A whole game of every game in French and in Japanese, in the browser, to the end screen:
the player picks a legal move from the shell's "All moves" list (its button, the key m's)
at each turn — whatever the game's own table —, bots play the other seats (the player's
setting "animations off": the game goes at the pace of the server). At the start, in the
middle and at the end, no English is left anywhere in the page: all its text (the game's
table and its story too, the moves list and the help) is scanned for the pieces of English
of the core's catalog and of the game's own catalog that the translation does not use.
axe-core finds no violation of any impact on the whole page mid-game and at the end.
Screenshots of the middle and the end of each game, 1280 px wide and on a 390 px phone
(artifacts/screenshots/game-<game>-<lang>-<when>-<width>.png), where the page is no wider
than the phone's screen."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from axe import described, violations
from babel.messages.pofile import read_po
from test_web_i18n import PLACEHOLDER
from webutil import shot, version, wait_version_after
from wsclient import create_table

from gametable.core.registry import get_game

LOCALE = Path(str(resources.files("gametable"))) / "locale"
LANGUAGES = ["fr", "ja"]
# The core's words a page may show (the terminal's, cli.*, never are).
CORE_WORDS = ("web.", "core.", "server.")

# (game, players, the move picked in the list: 0 the first, -1 the last — whichever ends
# the game sooner —, the player's decision at which the middle of the game is checked)
GAMES = [
    ("ramen-ramen", 2, 0, 13),
    ("rummikub", 2, 0, 20),
    ("ramen-fury", 2, -1, 12),
    ("ramen-tips", 3, 0, 8),
]
MOST_DECISIONS = 200  # a game the player has not ended after this many decisions never will

# All the page's text: every text node (hidden ones too), and the words given to
# assistive technologies and tooltips.
ALL_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    if (text) out.push(text);
  }
  const attrs = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext',
                 'title', 'placeholder', 'alt', 'data-hint'];
  for (const el of document.querySelectorAll('*')) {
    for (const a of attrs) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  out.push(document.title);
  return out;
}"""


# The elements past the right edge of the screen when the page is wider than it.
WIDER = """() => document.documentElement.scrollWidth <= window.innerWidth + 1 ? [] :
  [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
    .slice(-5)
    .map((el) => [el.tagName, el.className, Math.round(el.getBoundingClientRect().right)])"""


def _entries(path: Path, lang: str | None = None) -> list[Any]:
    if not path.is_file():
        return []  # no translation yet: every English piece counts
    with path.open("rb") as f:
        return [m for m in read_po(f, locale=lang) if m.context]


def _forms(value: Any) -> list[str]:
    return [v for v in (value if isinstance(value, tuple | list) else [value]) if v]


@cache
def english_pieces(game: str, lang: str) -> tuple[str, ...]:
    """Pieces of English (cut at the placeholders; at least two words and eight letters)
    of the core's page words and of ``game``'s own catalog that neither translation into
    ``lang`` uses: finding one in the page means a sentence was not translated."""
    folder = get_game(game).locale_dir()
    assert folder is not None, f"{game} has no catalog"
    english = [
        m for m in _entries(LOCALE / "messages.pot") if m.context.startswith(CORE_WORDS)
    ] + _entries(folder / "messages.pot")
    translated = " ".join(
        " ".join(_forms(m.string))
        for m in _entries(LOCALE / f"{lang}.po", lang) + _entries(folder / f"{lang}.po", lang)
    )
    pieces = set()
    for m in english:
        for form in _forms(m.id):
            for piece in PLACEHOLDER.split(form.replace("{{", "{").replace("}}", "}")):
                piece = piece.strip(" .,:;()·—–-…!?")
                if len(piece) >= 8 and " " in piece and piece not in translated:
                    pieces.add(piece)
    return tuple(sorted(pieces))


def assert_no_english(page: Any, game: str, lang: str, where: str) -> None:
    shown = "\n".join(page.evaluate(ALL_TEXT))
    left = [p for p in english_pieces(game, lang) if p in shown]
    assert not left, f"English left in {game}'s {where} in {lang}: {left}"


def assert_clean(page: Any, game: str, lang: str, where: str) -> None:
    found = violations(page)
    assert not found, f"axe on {game}'s {where} ({lang}):\n{described(found)}"


def shots(page: Any, name: str) -> None:
    """Screenshots 1280 px wide and on a 390 px phone (its screen, and the whole page
    scrolled through: ``-390-full``), then back to the wide page. On the phone, the page
    is no wider than the screen (nothing is cut off at its right edge)."""
    shot(page, f"{name}-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    path = shot(page, f"{name}-390")
    page.screenshot(path=str(path.with_name(f"{name}-390-full.png")), full_page=True)
    wider = page.evaluate(WIDER)
    page.set_viewport_size({"width": 1280, "height": 860})
    assert not wider, f"{name}: wider than a 390 px phone: {wider}"


def wait_turn_or_end(page: Any) -> str:
    page.wait_for_function(
        "() => { const t = document.querySelector('.table-page');"
        " return t && (t.classList.contains('my-turn') || t.dataset.status === 'finished'); }",
        timeout=60_000,
    )
    return "over" if page.locator(".table-page[data-status='finished']").count() else "turn"


def open_moves(page: Any) -> Any:
    """The "All moves" list (its button, the key m's), open; its options."""
    page.locator(".table-page button[aria-keyshortcuts='m']").click()
    options = page.locator("#legal-moves").get_by_role("option")
    options.first.wait_for()
    return options


def dialog_ready(page: Any) -> None:
    """A dialog has the keyboard once its focus is in it (then Escape closes it)."""
    page.wait_for_function("() => !!document.activeElement?.closest('.modal')")


def check_the_middle(page: Any, game: str, lang: str) -> None:
    shots(page, f"game-{game}-{lang}-mid")  # first: for the eyes, even when a check fails
    assert_no_english(page, game, lang, "table mid-game")
    assert_clean(page, game, lang, "table mid-game")
    open_moves(page)
    dialog_ready(page)
    assert_no_english(page, game, lang, "moves list")
    page.keyboard.press("Escape")
    page.locator("#legal-moves").wait_for(state="detached")
    page.keyboard.press("?")
    page.locator(".modal .keys").wait_for()
    dialog_ready(page)
    assert_no_english(page, game, lang, "help")
    page.keyboard.press("Escape")
    page.locator(".modal .keys").wait_for(state="detached")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "players", "pick", "middle"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_in_the_readers_language(
    web_server, browser, game, players, pick, middle, lang
) -> None:
    options = (
        {"first_player": 0}
        if any(s.name == "first_player" for s in get_game(game).option_specs)
        else {}
    )
    table = create_table(
        web_server.base,
        game=game,
        players=players,
        options=options,
        seats=[{"kind": "human", "name": "Ana"}]
        + [{"kind": "bot", "bot": "random"}] * (players - 1),
    )
    table_id, token = table["table"]["id"], table["seats"][0]["token"]
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale=lang)
    # the player's setting "animations off": the game goes at the pace of the server
    context.add_init_script(
        "localStorage.setItem('gametable.settings', JSON.stringify({animations: false}))"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{web_server.base}/play/{table_id}#seat=0&token={token}")
        page.wait_for_selector(".board", timeout=20_000)
        assert page.evaluate("document.documentElement.lang") == lang
        decisions = 0
        while wait_turn_or_end(page) == "turn":
            assert decisions < MOST_DECISIONS, f"{game} did not end"
            if decisions == 0:
                assert_no_english(page, game, lang, "table at the start")
            if decisions == middle:
                check_the_middle(page, game, lang)
            before = version(page)
            options_shown = open_moves(page)
            (options_shown.last if pick < 0 else options_shown.nth(pick)).click()
            wait_version_after(page, before)
            decisions += 1
        assert decisions > middle, f"{game} ended before its middle was checked"

        # the end screen opens by itself: the scores, the game's breakdown, in words
        dialog = page.locator(".modal")
        dialog.wait_for()
        assert dialog.locator("table.scores").count() == 1
        shots(page, f"game-{game}-{lang}-end")
        assert_no_english(page, game, lang, "end screen")
        assert_clean(page, game, lang, "end screen")
        # closed: the table as the game left it, and its whole story
        dialog_ready(page)
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        shot(page, f"game-{game}-{lang}-over-1280")
        assert_no_english(page, game, lang, "finished table")
        assert_clean(page, game, lang, "finished table")
        assert not errors, errors
    finally:
        context.close()


def test_the_scan_finds_a_games_own_english(web_server, browser) -> None:
    """The check can fail: a table drawn in English holds pieces of the game's own catalog
    (not only the shell's) that the French translation does not use."""
    game = "ramen-fury"
    table = create_table(
        web_server.base,
        game=game,
        players=2,
        options={"first_player": 0},
        seats=[{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}],
    )
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en")
    page = context.new_page()
    try:
        page.goto(
            f"{web_server.base}/play/{table['table']['id']}#seat=0&token={table['seats'][0]['token']}"
        )
        assert wait_turn_or_end(page) == "turn"
        folder = get_game(game).locale_dir()
        assert folder is not None
        games_english = (folder / "messages.pot").read_text()
        shown = "\n".join(page.evaluate(ALL_TEXT))
        found = [p for p in english_pieces(game, "fr") if p in shown]
        assert any(p in games_english for p in found), found
        try:
            assert_no_english(page, game, "fr", "English table")
        except AssertionError:
            pass
        else:
            raise AssertionError("the English table passed as French")
    finally:
        context.close()
