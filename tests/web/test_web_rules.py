"""The rules inside the game, in the browser: the rules page (/rules/<game>) in English,
French and Japanese — the server's sections, their HTML, the examples drawn by the game's
own table module, the table of contents, a section in the address, a table's variants
first —, the lobby's links to it, and the table's "?" opening the rules over the table at
the section for the decision on screen (and the key r). axe-core finds no violation of any
impact on the rules page or the rules dialog; nothing overflows on a phone; no text of the
page is under 12 px. Screenshots of the page in French and Japanese, wide and on a phone.

The game is the first whose rules are written (Ramen Fury's first): the test compares the
page with what the server's rules API says, whatever the game."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from axe import described, violations
from test_web_i18n import english_left_behind
from webutil import Frames, shot, version
from wsclient import create_table

from gametable.agents.catalog import has_rules
from gametable.core.game import Game
from gametable.core.registry import all_games
from gametable.core.words import Msg, render

LANGUAGES = ["en", "fr", "ja"]
PREFERRED = "ramen-fury"

NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"

# Text of the page under 12 px, outside the games' own drawings (the examples).
SMALL_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || !walker.currentNode.textContent.trim()) continue;
    if (el.closest('.rules-example, .board, .sr-only')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) out.push(`${el.tagName}.${el.className}: ${size}px`);
  }
  return out;
}"""

# The shell's words on the page: everything but the rules themselves (the game's text,
# which may come in English when not translated yet) and the games' drawings.
SHELL_TEXT = """(skip) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (text && node.parentElement && !node.parentElement.closest(skip)) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title]')) {
    if (el.closest(skip)) continue;
    for (const a of ['aria-label', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  out.push(document.title);
  return out;
}"""
GAME_WORDS = (
    ".rules-body, .rules-toc li, .rules-variants dl, .board, .turns, .coach-lines, .coach h2"
)


def rules_game() -> Game:
    """The game whose rules the tests read: Ramen Fury's, else the first written."""
    found = [g for g in all_games() if has_rules(g)]
    if not found:
        pytest.fail("no game has its rules written yet (rules/en.md)", pytrace=False)
    return next((g for g in found if g.name == PREFERRED), found[0])


def words(msg: str, lang: str, **params: Any) -> str:
    return render(Msg(msg, **params), locale=lang)


def rules_api(base: str, game: str, lang: str, table: str | None = None) -> dict[str, Any]:
    params = {"lang": lang} | ({"table": table} if table else {})
    response = httpx.get(f"{base}/api/games/{game}/rules", params=params, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


def in_language(browser: Any, lang: str, width: int = 1280, height: int = 860):
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return context, page


def assert_no_english(page: Any, lang: str, where: str) -> None:
    if lang == "en":
        return
    shown = "\n".join(page.evaluate(SHELL_TEXT, GAME_WORDS))
    left = [p for p in english_left_behind(lang) if p in shown]
    assert not left, f"English left in the {where} in {lang}: {left}"


def module_has_example(page: Any, game: str) -> bool:
    return bool(
        page.evaluate(
            "(g) => import(`/static/games/${g}/table.js`)"
            ".then((m) => !!(m.Example || (m.default && m.default.Example)), () => false)",
            game,
        )
    )


def title_in_view(page: Any, scroller: str | None = None) -> bool:
    """The focused element (a section's title) is on screen (in the scrolling box)."""
    return bool(
        page.evaluate(
            """(scroller) => {
              const r = document.activeElement.getBoundingClientRect();
              const box = scroller ? document.querySelector(scroller).getBoundingClientRect()
                                   : { top: 0, bottom: window.innerHeight };
              return r.top >= box.top - 1 && r.top < box.bottom - 20;
            }""",
            scroller,
        )
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_shows_the_servers_sections_in_the_readers_language(
    web_server, browser, lang
) -> None:
    game = rules_game()
    data = rules_api(web_server.base, game.name, lang)
    sections = data["sections"]
    assert len(sections) >= 2
    context, page = in_language(browser, lang)
    try:
        # from the lobby: the game's "Rules" link
        page.goto(web_server.base + "/")
        entry = page.locator(".game-entry", has=page.locator(f"#game-title-{game.name}"))
        entry.get_by_role("link", name=words("web.lobby.rules_link", lang)).click()
        page.wait_for_url(f"**/rules/{game.name}")
        page.locator(".rules-section").first.wait_for()
        assert page.evaluate("document.documentElement.lang") == lang
        heading = page.get_by_role("heading", level=1)
        assert heading.inner_text() == words("web.rules.title", lang, game=game.title_words)
        assert page.title() == words("web.rules.doc_title", lang, game=game.title)

        # every section of the server's, in order, with its blocks
        titles = [s["title"] for s in sections]
        assert page.locator(".rules-section .rules-title").all_inner_texts() == titles
        assert [t.strip() for t in page.locator(".rules-toc li a").all_inner_texts()] == titles
        for s in sections:
            where = page.locator(f".rules-section[data-section='{s['id']}']")
            kinds = [b["kind"] for b in s["blocks"]]
            assert where.locator(".rules-text").count() == kinds.count("text"), s["id"]
            assert where.locator("figure.rules-example").count() == kinds.count("example"), s["id"]
        # the text blocks are HTML (the game's Markdown, written by the server), not text
        html = "".join(b.get("html", "") for s in sections for b in s["blocks"])
        body = page.locator(".rules-body")
        for tag in ("strong", "table", "li"):
            assert body.locator(f".rules-text {tag}").count() == html.count(f"<{tag}>"), tag
        assert "<strong>" not in body.inner_text() and "<p>" not in body.inner_text()
        # the examples are drawn by the game's own table module when it has an Example
        examples = page.locator("figure.rules-example")
        if examples.count() and module_has_example(page, game.name):
            assert page.locator(".rules-example-plain").count() == 0
            for i in range(examples.count()):
                box = examples.nth(i).bounding_box()
                assert box and box["height"] > 40, f"example {i} is empty"
        # in the reader's language, or in English with a note saying so
        note = page.locator(".rules-fallback")
        if data["lang"] == lang:
            assert note.count() == 0
        else:
            assert note.inner_text() == words("web.rules.fallback", lang)
        assert body.get_attribute("lang") == data["lang"]

        # the contents: a link scrolls to its section and gives its title the focus
        last = sections[-1]
        page.locator(".rules-toc a").nth(len(sections) - 1).click()
        page.wait_for_function("(id) => location.hash === '#' + id", arg=last["id"])
        assert page.evaluate("document.activeElement.textContent") == last["title"]
        assert title_in_view(page)
        assert page.url.endswith(f"/rules/{game.name}#{last['id']}")

        found = violations(page)
        assert not found, f"axe on the rules page ({lang}):\n{described(found)}"
        assert page.evaluate(SMALL_TEXT) == []
        assert_no_english(page, lang, "rules page")
        page.goto(f"{web_server.base}/rules/{game.name}")
        page.locator(".rules-section").first.wait_for()
        if lang != "en":
            shot(page, f"rules-{lang}-1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(200)
        assert page.evaluate(NO_OVERFLOW), lang
        assert page.evaluate(SMALL_TEXT) == []
        found = violations(page)
        assert not found, f"axe on the rules page at 390 px ({lang}):\n{described(found)}"
        if lang != "en":
            shot(page, f"rules-{lang}-390")
        assert not page.js_errors, page.js_errors
    finally:
        context.close()


RULES_GAMES = [g.name for g in all_games() if has_rules(g)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", RULES_GAMES)
def test_every_games_rules_page_is_accessible_in_each_language(
    web_server, browser, name, lang
) -> None:
    """Each game's rules page, whole (its examples drawn by the game's table module): axe
    finds no violation of any impact, wide and on a phone; the shell's words are in the
    reader's language; nothing overflows on a phone."""
    game = next(g for g in all_games() if g.name == name)
    sections = rules_api(web_server.base, name, lang)["sections"]
    context, page = in_language(browser, lang)
    try:
        page.goto(f"{web_server.base}/rules/{name}")
        page.locator(".rules-section").nth(len(sections) - 1).wait_for()
        assert page.evaluate("document.documentElement.lang") == lang
        heading = page.get_by_role("heading", level=1)
        assert heading.inner_text() == words("web.rules.title", lang, game=game.title_words)
        found = violations(page)
        assert not found, f"axe on {name}'s rules page ({lang}):\n{described(found)}"
        assert_no_english(page, lang, f"{name}'s rules page")
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate(NO_OVERFLOW), (name, lang)
        found = violations(page)
        assert not found, f"axe on {name}'s rules page at 390 px ({lang}):\n{described(found)}"
        assert not page.js_errors, page.js_errors
    finally:
        context.close()


def test_a_section_in_the_address_opens_there_and_a_tables_variants_come_first(
    web_server, browser
) -> None:
    game = rules_game()
    if not game.option_specs:
        pytest.fail(f"{game.title} has no options: pick a game with variants", pytrace=False)
    spec = next(s for s in game.option_specs if s.type is bool)
    table = create_table(
        web_server.base,
        game=game.name,
        players=game.min_players,
        options={spec.name: not spec.default},
        seats=[{"kind": "human", "name": "Ana"}]
        + [{"kind": "bot", "bot": "random"}] * (game.min_players - 1),
    )
    table_id = table["table"]["id"]
    data = rules_api(web_server.base, game.name, "en", table_id)
    variants = data["variants"]
    assert {v["name"] for v in variants} >= {spec.name}
    section = data["sections"][2]
    context, page = in_language(browser, "en", 1280, 700)
    try:
        page.goto(f"{web_server.base}/rules/{game.name}?table={table_id}#{section['id']}")
        page.locator(".rules-section").first.wait_for()
        # the variants at this table, before the rules: each in words, the changed one marked
        box = page.locator(".rules-variants")
        assert box.get_by_role("heading").inner_text() == "The variants at this table"
        assert page.evaluate(
            "document.querySelector('.rules-variants').compareDocumentPosition("
            "document.querySelector('.rules-section')) & Node.DOCUMENT_POSITION_FOLLOWING"
        )
        assert box.locator("dt").all_inner_texts() == [v["label"] for v in variants]
        for i, v in enumerate(variants):
            row = box.locator(".variant").nth(i)
            assert v["value"] in row.locator("dd").inner_text()
            assert row.locator(".tag").count() == (0 if v["default"] else 1), v["name"]
        assert box.locator(".variant.changed").count() == sum(not v["default"] for v in variants)
        # the section in the address is on screen, and marked in the contents
        page.wait_for_function(
            "(id) => { const r = document.querySelector(`[data-section='${id}']`)"
            ".getBoundingClientRect(); return r.top >= -1 && r.top < 100; }",
            arg=section["id"],
        )
        current = page.locator(".rules-toc a[aria-current]")
        assert current.inner_text().strip() == section["title"]
        # the way back to the table
        back = page.get_by_role("link", name="Back to the table")
        assert back.get_attribute("href") == f"/play/{table_id}"
        # the browser's Back returns to the section before
        page.locator(".rules-toc a").first.click()
        page.wait_for_function("(id) => location.hash === '#' + id", arg=data["sections"][0]["id"])
        page.go_back()
        page.wait_for_function("(id) => location.hash === '#' + id", arg=section["id"])
        page.wait_for_function(
            "(id) => { const r = document.querySelector(`[data-section='${id}']`)"
            ".getBoundingClientRect(); return r.top >= -1 && r.top < 100; }",
            arg=section["id"],
        )
        found = violations(page)
        assert not found, f"axe on the rules page with variants:\n{described(found)}"
    finally:
        context.close()


def test_an_example_the_game_cannot_draw_shows_its_caption(web_server, browser) -> None:
    """Without the game's table module (or without its Example), each example is a plain
    box: its caption when it has one, else the word "Example" — and nothing breaks."""
    game = rules_game()
    data = rules_api(web_server.base, game.name, "en")
    examples = [
        b["example"] for s in data["sections"] for b in s["blocks"] if b["kind"] == "example"
    ]
    if not examples:
        pytest.fail(f"{game.title}'s rules have no example", pytrace=False)
    context, page = in_language(browser, "en")
    try:
        page.route("**/static/games/*/table.js", lambda r: r.fulfill(status=404, body="no"))
        page.goto(f"{web_server.base}/rules/{game.name}")
        page.locator(".rules-section").first.wait_for()
        plain = page.locator("figure.rules-example .rules-example-plain")
        assert plain.count() == len(examples)
        for i, example in enumerate(examples):
            shown = plain.nth(i)
            assert shown.locator(".rules-example-tag").inner_text().lower() == "example"
            caption = example.get("caption") if isinstance(example, dict) else None
            assert (shown.locator("p").inner_text() if caption else shown.locator("p").count()) == (
                caption or 0
            )
        assert not page.js_errors, page.js_errors
    finally:
        context.close()


def test_the_lobby_links_the_rules_and_lessons_of_the_games_that_have_them(
    web_server, page
) -> None:
    page.goto(web_server.base + "/")
    page.wait_for_selector(".game-entry")
    for game in all_games():
        entry = page.locator(".game-entry", has=page.locator(f"#game-title-{game.name}"))
        link = entry.get_by_role("link", name="Rules")
        assert link.count() == (1 if has_rules(game) else 0), game.name
        if has_rules(game):
            assert link.get_attribute("href") == f"/rules/{game.name}"
            # the link says which game's rules it opens
            assert link.get_attribute("aria-describedby") == f"game-title-{game.name}"
        learn = entry.get_by_role("button", name="Learn to play")
        assert learn.count() == (1 if game.lesson() is not None else 0), game.name
    page.goto(f"{web_server.base}/rules/no-such-game")
    page.locator(".rules-missing").wait_for()


def open_at_my_turn(page: Any, base: str, game: Game) -> tuple[str, Frames]:
    frames = Frames(page)
    table = create_table(
        base,
        game=game.name,
        players=game.min_players,
        seats=[{"kind": "human", "name": "Ana"}]
        + [{"kind": "bot", "bot": "random"}] * (game.min_players - 1),
        options={"first_player": 0}
        if any(s.name == "first_player" for s in game.option_specs)
        else {},
    )
    table_id, token = table["table"]["id"], table["seats"][0]["token"]
    page.goto(f"{base}/play/{table_id}#seat=0&token={token}")
    page.wait_for_selector(".table-page.my-turn", timeout=30_000)
    return table_id, frames


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_opens_the_rules_over_the_table_at_the_decision_on_screen(
    web_server, browser, lang
) -> None:
    game = rules_game()
    data = rules_api(web_server.base, game.name, lang, None)
    context, page = in_language(browser, lang)
    try:
        table_id, frames = open_at_my_turn(page, web_server.base, game)
        frame = frames.shown(page)
        section_id = frame["rules_section"]
        section = next(s for s in data["sections"] if s["id"] == section_id)
        at = version(page)

        page.keyboard.press("?")
        help_dialog = page.get_by_role("dialog")
        help_dialog.get_by_role("heading", name=words("web.help.rules", lang)).wait_for()
        help_dialog.get_by_text(
            words("web.help.rules_now", lang, section=section["title"])
        ).wait_for()
        help_dialog.get_by_role("button", name=words("web.help.rules_open", lang)).click()
        dialog = page.get_by_role("dialog", name=words("web.rules.title", lang, game=game.title))
        dialog.locator(".rules-section").first.wait_for()
        page.wait_for_function(
            "(title) => document.activeElement.textContent === title", arg=section["title"]
        )
        assert title_in_view(page, ".rules-dialog .modal-body")
        titles = dialog.locator(".rules-section .rules-title")
        assert titles.all_inner_texts() == [s["title"] for s in data["sections"]]
        assert dialog.locator(".rules-section h3.rules-title").count() == len(data["sections"])
        assert dialog.locator(".rules-toc a[aria-current]").inner_text().strip() == section["title"]
        # a link to the same rules as a page of their own, at the same section, in a new tab
        link = dialog.locator(".rules-page-link a")
        assert link.get_attribute("href") == f"/rules/{game.name}?table={table_id}#{section_id}"
        assert link.get_attribute("target") == "_blank"
        found = violations(page, [".rules-dialog"])
        assert not found, f"axe on the rules dialog ({lang}):\n{described(found)}"
        assert_no_english(page, lang, "rules dialog")
        # the contents scroll the dialog, not the page under it
        other = data["sections"][-1]
        dialog.locator(".rules-toc a").nth(len(data["sections"]) - 1).click()
        page.wait_for_function(
            "(title) => document.activeElement.textContent === title", arg=other["title"]
        )
        assert title_in_view(page, ".rules-dialog .modal-body")
        assert "#seat=0&token=" in page.url  # the table's address is untouched
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        # the table is as it was (the same position, the same connection)
        assert version(page) == at and len(frames.states) >= 1

        # the key r opens them at once, at the same section
        page.keyboard.press("r")
        dialog.locator(".rules-section").first.wait_for()
        page.wait_for_function(
            "(title) => document.activeElement.textContent === title", arg=section["title"]
        )
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        assert page.evaluate("document.activeElement.tagName") in ("BODY", "BUTTON")

        # on a phone, the rules fill the screen over the table
        page.set_viewport_size({"width": 390, "height": 844})
        page.keyboard.press("r")
        dialog.locator(".rules-section").first.wait_for()
        page.wait_for_function(  # the dialog's entrance is over
            "document.getAnimations().every((a) => a.playState !== 'running'"
            " || a.effect.getComputedTiming().iterations === Infinity)"
        )
        box = page.locator(".rules-dialog").bounding_box()
        assert box and box["x"] <= 1 and box["width"] >= 389 and box["height"] >= 843
        assert page.evaluate(NO_OVERFLOW)
        if lang != "en":
            shot(page, f"rules-dialog-{lang}-390")
        assert not page.js_errors, page.js_errors
    finally:
        context.close()
