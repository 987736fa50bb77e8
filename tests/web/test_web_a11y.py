"""Accessibility of the shell, in every language: axe-core finds no violation of any impact
on the lobby, the replay viewer (a record file) and a table page; nothing overflows at 200%
zoom or on a phone; no text of the shell is smaller than 12 CSS px; the keyboard focus is
visible; the "?" help lists the keys, and each works; a screen reader hears the others'
moves and whose turn it is.

The table pages here draw the generic table (the game's own table.js is not served, as
for a game without one): the games' own tables are their engineers' and are checked by
their own tests; everything else on the page — the shell — is checked whole.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from axe import described, violations
from webutil import new_table, open_table, version, wait_turn_or_end, wait_version_after
from wsclient import SeatClient, play_to_end

LANGUAGES = ["en", "fr", "ja"]
GAME_TABLES = "**/static/games/*/table.js"


def generic_tables(page: Any) -> None:
    """Serve no game's own table: every game draws the shell's generic table."""
    page.route(GAME_TABLES, lambda route: route.fulfill(status=404, body="not here"))


def in_language(browser: Any, lang: str, width: int = 1280, height: int = 860, scale: float = 1):
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=scale, locale=lang
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    generic_tables(page)
    return context, page


def assert_clean(page: Any, where: str, include: list[str] | None = None) -> None:
    found = violations(page, include)
    assert not found, f"axe on the {where}:\n{described(found)}"


@pytest.fixture(scope="module")
def record_file(web_server, tmp_path_factory) -> str:
    table = new_table(web_server.base, "ramen-ramen", 2, humans=2)
    clients = [
        SeatClient(web_server.base, table["table"]["id"], s["token"]) for s in table["seats"]
    ]
    play_to_end(clients, random.Random(5))
    for c in clients:
        c.close()
    record = httpx.get(f"{web_server.base}/api/tables/{table['table']['id']}/record").json()
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(record))
    return str(path)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_nothing_on_the_lobby_the_replay_viewer_and_a_table(
    web_server, browser, record_file, lang
) -> None:
    context, page = in_language(browser, lang)
    try:
        page.goto(web_server.base + "/")
        page.wait_for_selector(".game-card")
        assert page.evaluate("document.documentElement.lang") == lang
        page.locator(".game-card").first.click()
        page.wait_for_selector("form.new-table")
        assert_clean(page, f"lobby ({lang})")

        page.goto(web_server.base + "/replay")
        page.wait_for_selector("#record-file")
        assert_clean(page, f"replay picker ({lang})")
        page.locator("#record-file").set_input_files(record_file)
        page.wait_for_selector(".replay-controls")
        page.keyboard.press("End")
        page.wait_for_selector(".replay-result")
        assert_clean(page, f"replay viewer ({lang})")

        table = new_table(web_server.base, "ramen-ramen", 2)
        open_table(page, web_server.base, table, 0)
        page.wait_for_selector(".generic-table")
        assert wait_turn_or_end(page) == "turn"
        assert_clean(page, f"table page ({lang})")
        page.keyboard.press("m")
        page.get_by_role("listbox").wait_for()
        assert_clean(page, f"table page's moves dialog ({lang})")
        page.keyboard.press("Escape")
        page.keyboard.press("?")
        page.get_by_role("dialog").wait_for()
        assert_clean(page, f"table page's help ({lang})")
        page.keyboard.press("Escape")
        page.keyboard.press("s")
        page.locator(".settings-menu").wait_for()
        assert_clean(page, f"table page's settings ({lang})")
        assert not page.js_errors, page.js_errors
    finally:
        context.close()


def test_axe_itself_reports_a_violation(web_server, page) -> None:
    page.goto(web_server.base + "/")
    page.wait_for_selector(".game-card")
    page.evaluate(
        "() => { const i = document.createElement('input'); i.id = 'x-unlabelled';"
        " document.querySelector('main').appendChild(i);"
        " const p = document.createElement('p'); p.textContent = 'faint';"
        " p.style.color = '#ddd'; document.querySelector('main').appendChild(p); }"
    )
    ids = {v["id"] for v in violations(page)}
    assert {"label", "color-contrast"} <= ids


NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"
WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter((el) => !el.closest('.board') && el.getBoundingClientRect().right > window.innerWidth + 1)
  .slice(0, 5)
  .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)"""


@pytest.mark.parametrize(
    ("width", "scale"), [(640, 2), (390, 3)], ids=["200 percent zoom", "phone 390 px"]
)
def test_nothing_overflows_sideways_at_200_percent_zoom_or_on_a_phone(
    web_server, browser, record_file, width, scale
) -> None:
    """A 1280 px wide window at 200% zoom lays the page out in 640 CSS px (device scale 2)."""
    for lang in ("fr", "ja"):
        context, page = in_language(browser, lang, width, 800, scale)
        try:
            page.goto(web_server.base + "/")
            page.locator(".game-card").first.click()
            page.wait_for_selector("form.new-table")
            assert page.evaluate(NO_OVERFLOW), (lang, "lobby", page.evaluate(WIDEST))
            page.goto(web_server.base + "/replay")
            page.locator("#record-file").set_input_files(record_file)
            page.wait_for_selector(".replay-controls")
            assert page.evaluate(NO_OVERFLOW), (lang, "replay", page.evaluate(WIDEST))
            table = new_table(web_server.base, "ramen-ramen", 2)
            open_table(page, web_server.base, table, 0)
            page.wait_for_selector(".generic-table")
            assert page.evaluate(NO_OVERFLOW), (lang, "table", page.evaluate(WIDEST))
            # the header's tools and the story's last line are on screen, not cut off
            head = page.locator(".table-head").bounding_box()
            assert head and head["x"] >= 0 and head["x"] + head["width"] <= width + 1
            last = page.locator(".log .turns li li").last
            if last.count():
                last.scroll_into_view_if_needed()
                box, story = last.bounding_box(), page.locator(".log .turns").bounding_box()
                assert (
                    box and story and box["y"] + box["height"] <= story["y"] + story["height"] + 1
                )
        finally:
            context.close()


SMALL_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || !walker.currentNode.textContent.trim() || el.closest('.board, .sr-only')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    const text = walker.currentNode.textContent.trim().slice(0, 30);
    if (size < 12) out.push(`${el.tagName}.${el.className}: ${size}px "${text}"`);
  }
  return out;
}"""


def test_no_text_of_the_shell_is_smaller_than_12_px(web_server, browser) -> None:
    for width in (1280, 390):
        context, page = in_language(browser, "ja", width)
        try:
            page.goto(web_server.base + "/")
            page.locator(".game-card").first.click()
            page.wait_for_selector("form.new-table")
            assert page.evaluate(SMALL_TEXT) == [], width
            table = new_table(web_server.base, "ramen-ramen", 2)
            open_table(page, web_server.base, table, 0)
            assert wait_turn_or_end(page) == "turn"
            page.keyboard.press("m")
            page.get_by_role("listbox").wait_for()
            assert page.evaluate(SMALL_TEXT) == [], width
        finally:
            context.close()


def test_the_keyboard_focus_is_visible_and_the_help_lists_the_keys_that_work(
    web_server, page
) -> None:
    generic_tables(page)
    table = new_table(web_server.base, "ramen-ramen", 2)
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    outline = (
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    page.keyboard.press("Tab")  # the first stop: the link back to the lobby
    assert page.evaluate("document.activeElement.classList.contains('back')")
    style, width = page.evaluate(outline)
    assert style != "none" and width >= 2
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") == "BUTTON"
    style, width = page.evaluate(outline)
    assert style != "none" and width >= 2

    page.keyboard.press("?")
    keys = page.get_by_role("dialog").locator(".keys kbd").all_inner_texts()
    assert {"m", "h", "l", "s", "?"} <= set(keys)
    page.keyboard.press("Escape")
    page.get_by_role("dialog").wait_for(state="detached")
    page.keyboard.press("l")
    assert page.evaluate("document.activeElement.id") == "story"
    style, width = page.evaluate(outline)
    assert style != "none" and width >= 2
    page.keyboard.press("s")
    page.locator(".settings-menu").wait_for()
    assert page.evaluate("document.activeElement.id") == "table-language"
    page.keyboard.press("Escape")
    page.locator(".settings-menu").wait_for(state="detached")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Settings"
    page.keyboard.press("h")
    page.locator(".toast.notice", has_text="Hint").wait_for(timeout=30_000)
    before = version(page)
    page.keyboard.press("m")
    page.get_by_role("listbox", name="Legal moves").wait_for()
    page.keyboard.press("Enter")
    wait_version_after(page, before)


def test_a_screen_reader_hears_the_bots_move_and_whose_turn_it_is(web_server, page) -> None:
    table = new_table(web_server.base, "ramen-ramen", 2)
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    news = page.locator("#news")
    assert news.get_attribute("aria-live") == "polite"
    page.wait_for_function(
        "document.querySelector('#news').innerText.trim().endsWith('Your turn.')"
    )
    bot = ".log .turns li li[data-seat='1']"
    mine = ".log .turns li li[data-seat='0']"
    bot_before = page.locator(bot).count()
    mine_before = page.locator(mine).count()
    # my turn's decisions (cards, then the Fridge), until the bot (seat 1) has answered
    for _ in range(6):
        before = version(page)
        page.keyboard.press("m")
        page.get_by_role("listbox", name="Legal moves").wait_for()
        page.keyboard.press("Enter")
        wait_version_after(page, before)
        assert wait_turn_or_end(page) == "turn"
        if page.locator(bot).count() > bot_before:
            break
    else:
        raise AssertionError("the bot never played")
    page.wait_for_function("document.querySelector('#news').innerText.includes('Your turn.')")
    heard = news.inner_text()
    bot_lines = page.locator(bot).all_inner_texts()[bot_before:]
    assert bot_lines and all(line in heard for line in bot_lines), (bot_lines, heard)
    my_lines = page.locator(mine).all_inner_texts()[mine_before:]
    assert my_lines and not any(line in heard for line in my_lines), (my_lines, heard)
    assert heard.strip().endswith("Your turn.")
