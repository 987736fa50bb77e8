"""A guided first game in the browser: "Learn to play" in the lobby opens the game's lesson
(a private table with a fixed deal and a coach), the coach's panel is read first (before the
players and the table, read out politely) and covers nothing on a phone, a move the lesson
does not want is answered kindly in the panel (not as an error), and the lesson is played
through by clicking — the "All moves" list, whatever the game's table — to the end, where
the coach explains the scoring. In English, French and Japanese: axe-core finds no violation
of any impact, no text of the shell is under 12 px, nothing overflows at 390 px.
Screenshots of a lesson in French and Japanese, wide and on a phone.

The game is the first with a lesson (Ramen Fury's first). What the test expects of the
lesson comes from the lesson itself (``Game.lesson()``: which move each step wants), and
what the page shows is compared with what the server sent it."""

from __future__ import annotations

import time
from typing import Any

import pytest
from axe import described, violations
from test_web_i18n import english_left_behind
from test_web_rules import GAME_WORDS, NO_OVERFLOW, SHELL_TEXT
from webutil import Frames, shot, version, wait_version_after

from gametable.core.game import Game
from gametable.core.lessons import Lesson
from gametable.core.registry import all_games
from gametable.core.words import Msg, render

LANGUAGES = ["en", "fr", "ja"]
PREFERRED = "ramen-fury"

SMALL_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || !walker.currentNode.textContent.trim() || el.closest('.board, .sr-only')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) out.push(`${el.tagName}.${el.className}: ${size}px`);
  }
  return out;
}"""


def lesson_game() -> tuple[Game, Lesson]:
    """The game whose lesson the tests play: Ramen Fury's, else the first written."""
    found = [(g, lesson) for g in all_games() for lesson in [g.lesson()] if lesson is not None]
    if not found:
        pytest.fail("no game has a lesson yet (Game.lesson())", pytrace=False)
    return next((f for f in found if f[0].name == PREFERRED), found[0])


def words(msg: str, lang: str, **params: Any) -> str:
    return render(Msg(msg, **params), locale=lang)


def in_language(browser: Any, lang: str, width: int = 1280, height: int = 860, own: bool = True):
    """A page in ``lang``; ``own`` False: the game's own table is not served (the shell's
    generic table draws it, as in test_web_a11y: the games' tables are their engineers')."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    if not own:
        page.route("**/static/games/*/table.js", lambda r: r.fulfill(status=404, body="no"))
    return context, page


def start_lesson(page: Any, base: str, game: Game, lang: str) -> Frames:
    """From the lobby: the game's "Learn to play"; the lesson's table opens."""
    frames = Frames(page)
    page.goto(base + "/")
    entry = page.locator(".game-entry", has=page.locator(f"#game-title-{game.name}"))
    entry.get_by_role("button", name=words("web.lobby.learn", lang)).click()
    page.wait_for_url("**/play/**")
    page.locator(".coach").wait_for(timeout=20_000)
    return frames


def wait_turn_or_end(page: Any, timeout: float = 60.0) -> str:
    page.wait_for_function(
        "() => { const t = document.querySelector('.table-page');"
        " return t && (t.classList.contains('my-turn') || t.dataset.status === 'finished'); }",
        timeout=timeout * 1000,
    )
    return "over" if page.locator(".table-page[data-status='finished']").count() else "turn"


def moves(game: Game, lesson: Lesson, frame: dict[str, Any]) -> tuple[list[int], list[int]]:
    """The indices (in frame.legal) of the moves the lesson wants now, and of the others."""
    made = frame["my_moves"]
    wanted, refused = [], []
    for i, m in enumerate(frame["legal"]):
        action = game.action_from_json(m["json"])
        why = lesson.check(lesson.learner, made, action, frame["view"])
        (wanted if why is None else refused).append(i)
    return wanted, refused


def pick(page: Any, index: int) -> None:
    """The legal move ``index`` from the "All moves" list (the key m), clicked."""
    page.keyboard.press("m")
    page.get_by_role("listbox").wait_for()
    page.get_by_role("option").nth(index).click()


def refuse_one(page: Any, game: Game, lesson: Lesson, frames: Frames, lang: str) -> str:
    """Play a move the rules allow and the lesson does not want: the coach says why, kindly,
    in the panel; nothing changes. Returns what the coach said."""
    frame = frames.shown(page)
    wanted, refused = moves(game, lesson, frame)
    assert wanted, "the lesson wants none of the legal moves"
    assert refused, "every legal move is welcome here: nothing to refuse"
    at, errors = version(page), len(frames.errors)
    pick(page, refused[0])
    note = page.locator(".coach-note")
    note.wait_for()
    for _ in range(40):
        if len(frames.errors) > errors:
            break
        page.wait_for_timeout(50)
    answer = frames.errors[errors]
    assert answer["code"] == "lesson"
    assert note.inner_text() == answer["message"]
    # kindly: in the coach's panel, read out by its live region; never as an error
    assert note.locator("xpath=ancestor::*[@aria-live='polite']").count() == 1
    page.wait_for_timeout(300)
    assert page.locator(".toast.error").count() == 0
    assert version(page) == at, "a refused move changed the game"
    return answer["message"]


def test_a_lesson_is_played_through_in_the_browser_to_the_scoring(web_server, browser) -> None:
    game, lesson = lesson_game()
    context, page = in_language(browser, "en")
    try:
        frames = start_lesson(page, web_server.base, game, "en")
        assert wait_turn_or_end(page) == "turn"
        frame = frames.shown(page)
        names = [s["name"] for s in frame["seats"]]
        coach = page.locator(".coach")
        # the coach: the lesson's title, its first words (the game's goal, then what to do)
        title = render(lesson.title, locale="en", names=names, viewer=lesson.learner)
        assert coach.get_by_role("heading").inner_text() == title
        lines = coach.locator(".coach-lines p:not(.coach-note)").all_inner_texts()
        assert lines == frame["lesson"]["lines"]
        if lesson.intro is not None:
            intro = render(lesson.intro, locale="en", names=names, viewer=lesson.learner)
            assert lines[0] == intro
        first = lesson.step(lesson.learner, 0)
        if first is not None and first.say is not None:
            said = render(first.say, locale="en", names=names, viewer=lesson.learner)
            assert said in lines
        steps = len(lesson.script[lesson.learner])
        assert coach.locator(".coach-step").inner_text() == f"Step 1 of {steps}"
        # read first: the panel comes before the players and the table, and is read out
        assert page.evaluate(
            "document.querySelector('.coach').compareDocumentPosition("
            "document.querySelector('.board')) & Node.DOCUMENT_POSITION_FOLLOWING"
        )
        assert page.locator(".coach-lines").get_attribute("aria-live") == "polite"
        # beside the table on a wide screen: it covers none of it
        c, b = coach.bounding_box(), page.locator(".board").bounding_box()
        assert c and b and (c["x"] >= b["x"] + b["width"] or c["y"] + c["height"] <= b["y"])

        refuse_one(page, game, lesson, frames, "en")

        # the lesson, step by step: the move each step wants, clicked in "All moves"
        made = 0
        deadline = time.monotonic() + 240
        while wait_turn_or_end(page) == "turn":
            assert time.monotonic() < deadline, "the lesson never ended"
            frame = frames.shown(page)
            wanted, _ = moves(game, lesson, frame)
            if frame["my_moves"] < steps:
                shown = coach.locator(".coach-step").inner_text()
                assert shown == f"Step {frame['my_moves'] + 1} of {steps}"
            # the panel shows what the server's coach says now
            assert (
                coach.locator(".coach-lines p:not(.coach-note)").all_inner_texts()
                == frame["lesson"]["lines"]
            )
            before = version(page)
            pick(page, wanted[0])
            wait_version_after(page, before)
            made += 1
        assert made >= steps

        # the end: the coach explains the scoring, in the end screen and in the panel
        frame = frames.shown(page)
        end = render(lesson.end, locale="en", names=names, viewer=lesson.learner)
        assert end in frame["lesson"]["lines"]
        dialog = page.get_by_role("dialog", name="Game over")
        dialog.wait_for()
        assert dialog.locator(".coach-end").get_by_text(end).count() == 1
        assert coach.locator(".coach-step").inner_text() == "Lesson complete"
        assert end in coach.locator(".coach-lines").inner_text()
        # "?" now opens the rules at the part the end is about
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        if frame.get("rules_section"):
            page.keyboard.press("r")
            rules = page.locator(".rules-dialog")
            rules.locator(".rules-section").first.wait_for()
            page.wait_for_function(
                "(id) => document.activeElement.closest('.rules-section')?.dataset.section === id",
                arg=frame["rules_section"],
            )
        assert not page.js_errors, page.js_errors
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_in_each_language_is_accessible_and_fits_a_phone(
    web_server, browser, lang
) -> None:
    game, lesson = lesson_game()
    steps = len(lesson.script[lesson.learner])
    # the shell's whole page, with the generic table (the game's own table is its engineers')
    context, page = in_language(browser, lang, own=False)
    try:
        frames = start_lesson(page, web_server.base, game, lang)
        assert wait_turn_or_end(page) == "turn"
        coach = page.locator(".coach")
        assert (
            coach.locator(".coach-kicker").inner_text().lower()
            == words("web.coach.kicker", lang).lower()
        )
        assert coach.locator(".coach-step").inner_text() == words(
            "web.coach.step", lang, number=1, total=steps
        )
        frame = frames.shown(page)
        assert coach.get_by_role("heading").inner_text() == frame["lesson"]["title"]
        found = violations(page)
        assert not found, f"axe on a lesson's table page ({lang}):\n{described(found)}"
        said = refuse_one(page, game, lesson, frames, lang)
        assert said
        found = violations(page)
        assert not found, f"axe on a lesson's refusal ({lang}):\n{described(found)}"
        assert page.evaluate(SMALL_TEXT) == []
        if lang != "en":
            shown = "\n".join(page.evaluate(SHELL_TEXT, GAME_WORDS + ", .coach-note"))
            left = [p for p in english_left_behind(lang) if p in shown]
            assert not left, f"English left in the lesson's page in {lang}: {left}"
        page.keyboard.press("?")
        page.get_by_role("dialog").wait_for()
        found = violations(page)
        assert not found, f"axe on a lesson's help ({lang}):\n{described(found)}"
        page.keyboard.press("Escape")
    finally:
        context.close()

    # the game's own table: the shell's parts of the page are clean around it; screenshots
    for width, height in ((1280, 860), (390, 844)):
        context, page = in_language(browser, lang, width, height)
        try:
            frames = start_lesson(page, web_server.base, game, lang)
            assert wait_turn_or_end(page) == "turn"
            regions = [".table-head", ".coach-area", ".seats-area", ".log"]
            found = violations(page, regions)
            assert not found, (
                f"axe on the shell around {game.title}'s table ({lang}):\n{described(found)}"
            )
            assert page.evaluate(NO_OVERFLOW), (lang, width)
            coach, board = page.locator(".coach-area"), page.locator(".board")
            c, b = coach.bounding_box(), board.bounding_box()
            assert c and b
            if width < 900:
                # on a phone: above the players and the table, in the page's flow — it
                # covers nothing, and scrolls away with the page
                seats = page.locator(".seats-area").bounding_box()
                assert seats and c["y"] + c["height"] <= seats["y"] + 1 <= b["y"] + 1
                assert (
                    page.evaluate(
                        "getComputedStyle(document.querySelector('.coach-area')).position"
                    )
                    == "static"
                )
                assert c["x"] >= 0 and c["x"] + c["width"] <= width + 1
            else:
                assert c["x"] >= b["x"] + b["width"] - 1
            if lang != "en":
                shot(page, f"lesson-{lang}-{width}")
            if width < 900:
                # scrolled down to the table, the panel out of sight: the coach's word
                # also shows at the top of the screen (not read out twice)
                page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
                said = refuse_one(page, game, lesson, frames, lang)
                toast = page.locator(".toast.coach", has_text=said)
                toast.wait_for()
                assert toast.get_attribute("aria-hidden") == "true"
                if lang != "en":
                    shot(page, f"lesson-refused-{lang}-{width}")
            else:
                refuse_one(page, game, lesson, frames, lang)
                assert page.locator(".toast.coach").count() == 0
                if lang != "en":
                    shot(page, f"lesson-refused-{lang}-{width}")
            assert not page.js_errors, page.js_errors
        finally:
            context.close()
