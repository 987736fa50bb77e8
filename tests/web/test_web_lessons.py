"""A guided first game in the browser: "Learn to play" in the lobby opens the game's lesson
(a private table with a fixed deal and a coach), the coach's panel is read first (before the
players and the table, read out politely) and covers nothing on a phone, a move the lesson
does not want is answered kindly in the panel (not as an error), and the lesson is played
through by clicking to the end, where the coach explains the scoring.

Every game's lesson is played through, each in the language of its rulebook: the move each
step wants is clicked in the "All moves" list, whatever the game's table — or, when the list
does not hold it (Rummikub lists simple plays only), laid out on the game's own table from
the test's answer, which the lesson checks first; axe-core finds no violation of any impact
on the whole page at the start and at the end. The first game with a lesson (Ramen Fury's
first) is also checked in English, French and Japanese: axe-core finds no violation, no
text of the shell is under 12 px, nothing overflows at 390 px; screenshots of it in French
and Japanese, wide and on a phone.

What the test expects of a lesson comes from the lesson itself (``Game.lesson()``: which
move each step wants), and what the page shows is compared with what the server sent it."""

from __future__ import annotations

from collections import Counter
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
LESSON_GAMES = [g.name for g in all_games() if g.lesson() is not None]
# Each game's lesson played through in the language of its rulebook.
PLAYED_IN = {"ramen-ramen": "fr", "rummikub": "fr", "ramen-fury": "ja", "ramen-tips": "en"}
MOST_DECISIONS = 200  # a lesson not over after this many of the learner's decisions never ends

# The moves a lesson wants that the "All moves" list does not hold (Rummikub lists a draw
# and simple plays only), by game and by the learner's step: the decision, which the lesson
# itself checks before the test makes it on the game's own table.
ANSWERS: dict[str, dict[int, dict[str, Any]]] = {
    "rummikub": {
        1: {
            "type": "play",
            "table": [["K7", "R7", "B7"], ["B8", "B9", "B10", "B11"], ["O3", "O4", "O5"]],
        },
        2: {
            "type": "play",
            "table": [
                ["K7", "R7", "B7", "O7"],
                ["B8", "B9", "B10", "B11"],
                ["O3", "O4", "O5", "O6"],
                ["K13", "R13", "J=B13"],
            ],
        },
        3: {
            "type": "play",
            "table": [
                ["K7", "R7", "B7", "O7"],
                ["K8", "R8", "B8"],
                ["K13", "R13", "J=B13"],
                ["B9", "B10", "B11", "B12"],
                ["O3", "O4", "O5", "O6"],
            ],
        },
        4: {
            "type": "play",
            "table": [
                ["K1", "K2", "J=K3", "K4"],
                ["K7", "R7", "B7", "O7"],
                ["K8", "R8", "B8"],
                ["K13", "R13", "O13"],
                ["B9", "B10", "B11", "B12"],
                ["O3", "O4", "O5", "O6"],
            ],
        },
    },
}

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


def coach_at_one_position(page: Any, frames: Frames) -> tuple[list[str], dict[str, Any]]:
    """The coach's lines on screen and the state frame of the position they were read at
    (in a game of simultaneous choices, the others' decisions move the page on meanwhile)."""
    coach = page.locator(".coach-lines p:not(.coach-note)")
    while True:
        at = version(page)
        lines = coach.all_inner_texts()
        page.wait_for_timeout(150)  # the page settled: the same position and words after a while
        if version(page) == at and coach.all_inner_texts() == lines:
            return lines, frames.shown(page)


def pick(page: Any, index: int) -> None:
    """The legal move ``index`` from the "All moves" list (its button, the key m's), clicked.
    The button's click is sent to it where it is, without scrolling the page to it: the
    page stays where the player has scrolled it."""
    page.locator(".table-page button[aria-keyshortcuts='m']").dispatch_event("click")
    options = page.locator("#legal-moves").get_by_role("option")
    options.first.wait_for()
    options.nth(index).click()


def unmatched(wanted: list[Counter[str]], shown: list[Counter[str]]) -> tuple[list, list]:
    """The sets of ``wanted`` not on the table ``shown``, and the sets of ``shown`` that are
    not in ``wanted`` (sets as multisets of tiles), each with its index in its list."""
    left = list(enumerate(shown))
    missing = []
    for i, s in enumerate(wanted):
        same = next((k for k, (_, t) in enumerate(left) if t == s), None)
        if same is None:
            missing.append((i, s))
        else:
            left.pop(same)
    return missing, left


def rummikub_lay_out(page: Any, decision: dict[str, Any]) -> None:
    """Lay Rummikub's new table out on its own table by clicking, as a player does: for
    each set still missing, select its tiles (from the rack, or from the table's sets it
    is not) and put them into the set it grows (its "+"), or into "New set"; then Play."""
    wanted = [Counter("J" if t.startswith("J") else t for t in s) for s in decision["table"]]
    board = ".rk-board .rk-set"
    for _ in range(2 * len(wanted) + 2):
        shown = [
            Counter(s)
            for s in page.eval_on_selector_all(
                board,
                "els => els.map(s => [...s.querySelectorAll('.rk-tile')].map(t => t.dataset.tile))",
            )
        ]
        missing, spare = unmatched(wanted, shown)
        if not missing:
            break
        _, goal = missing[0]
        grows = next((i for i, s in spare if s and not s - goal), None)
        bring = goal - shown[grows] if grows is not None else goal
        for tile, count in bring.items():
            for _ in range(count):
                where = [".rk-rack"] + [f"{board} >> nth={i}" for i, _s in spare if i != grows]
                found = None
                for w in where:
                    tiles = page.locator(w).locator(
                        f'button.rk-tile[data-tile="{tile}"][aria-pressed="false"]'
                    )
                    if tiles.count():
                        found = tiles
                        break
                assert found is not None, f"no {tile} to lay out"
                found.first.click()
        if grows is None:
            page.locator(".rk-new-set").click()
        else:
            page.locator(board).nth(grows).locator(".rk-place").click()
    page.wait_for_selector(".rk-table[data-preview=ready]")
    assert page.locator(".rk-set.invalid").count() == 0
    page.locator(".rk-play").click()


TABLES = {"rummikub": rummikub_lay_out}


def lay_out(page: Any, game: Game, lesson: Lesson, frame: dict[str, Any]) -> None:
    """The move the lesson wants now, which the "All moves" list does not hold: the test's
    answer (checked by the lesson), made on the game's own table."""
    step = frame["my_moves"]
    decision = ANSWERS.get(game.name, {}).get(step)
    assert decision is not None and game.name in TABLES, (
        f"{game.title}'s lesson wants a move its list does not hold at step {step + 1}"
    )
    why = lesson.check(lesson.learner, step, game.action_from_json(decision), frame["view"])
    assert why is None, render(why, locale="en")
    TABLES[game.name](page, decision)


def refuse_one(page: Any, game: Game, lesson: Lesson, frames: Frames, lang: str) -> str:
    """Play a move the rules allow and the lesson does not want: the coach says why, kindly,
    in the panel; nothing changes. Returns what the coach said."""
    frame = frames.shown(page)
    _, refused = moves(game, lesson, frame)
    assert refused, "every legal move is welcome here: nothing to refuse"
    at, made, errors = version(page), frame["my_moves"], len(frames.errors)
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
    if game.info.simultaneous:  # the others may decide meanwhile: the learner has not
        assert frames.states[-1]["my_moves"] == made, "a refused move was made"
    else:
        assert version(page) == at, "a refused move changed the game"
    return answer["message"]


@pytest.mark.parametrize("name", LESSON_GAMES)
def test_a_lesson_is_played_through_in_the_browser_to_the_scoring(
    web_server, browser, name
) -> None:
    game, lesson = next((g, g.lesson()) for g in all_games() if g.name == name)
    assert lesson is not None
    lang = PLAYED_IN.get(name, "en")
    context, page = in_language(browser, lang)
    try:
        frames = start_lesson(page, web_server.base, game, lang)
        assert wait_turn_or_end(page) == "turn"
        frame = frames.shown(page)
        names = [s["name"] for s in frame["seats"]]
        coach = page.locator(".coach")
        # the coach: the lesson's title, its first words (the game's goal, then what to do)
        title = render(lesson.title, locale=lang, names=names, viewer=lesson.learner)
        assert coach.get_by_role("heading").inner_text() == title
        lines, frame = coach_at_one_position(page, frames)
        assert lines == frame["lesson"]["lines"]
        # at the start (the first position; in a game of simultaneous choices the others
        # may already have moved on): the intro, then what to do first
        opening = frames.states[0]["lesson"]["lines"]
        if lesson.intro is not None:
            intro = render(lesson.intro, locale=lang, names=names, viewer=lesson.learner)
            assert opening[0] == intro
        first = lesson.step(lesson.learner, 0)
        if first is not None and first.say is not None:
            said = render(first.say, locale=lang, names=names, viewer=lesson.learner)
            assert said in opening
        steps = len(lesson.script[lesson.learner])
        assert coach.locator(".coach-step").inner_text() == words(
            "web.coach.step", lang, number=1, total=steps
        )
        # read first: the panel comes before the players and the table, and is read out
        assert page.evaluate(
            "document.querySelector('.coach').compareDocumentPosition("
            "document.querySelector('.board')) & Node.DOCUMENT_POSITION_FOLLOWING"
        )
        assert page.locator(".coach-lines").get_attribute("aria-live") == "polite"
        # beside the table on a wide screen: it covers none of it
        c, b = coach.bounding_box(), page.locator(".board").bounding_box()
        assert c and b and (c["x"] >= b["x"] + b["width"] or c["y"] + c["height"] <= b["y"])
        # the whole page, the game's own table too: no violation of any impact
        found = violations(page)
        assert not found, f"axe on {game.title}'s lesson ({lang}):\n{described(found)}"

        # the lesson, step by step: the move each step wants, clicked in "All moves" (or,
        # when the list does not hold it, laid on the game's own table); once, a move the
        # rules allow and the lesson does not want, refused kindly
        made, refused_once = 0, False
        while wait_turn_or_end(page) == "turn":
            assert made < MOST_DECISIONS, "the lesson never ended"
            frame = frames.shown(page)
            wanted, refused = moves(game, lesson, frame)
            # (refused when nobody else is to decide: a refusal's note is shown at the
            # position it answers, and another player's decision moves the page on)
            alone = frame["to_act"] == [lesson.learner]
            if refused and not refused_once and alone:
                refuse_one(page, game, lesson, frames, lang)
                refused_once = True
                frame = frames.shown(page)  # the others may have decided meanwhile
                wanted, _ = moves(game, lesson, frame)
            if frame["my_moves"] < steps:
                shown = coach.locator(".coach-step").inner_text()
                assert shown == words(
                    "web.coach.step", lang, number=frame["my_moves"] + 1, total=steps
                )
            # the panel shows what the server's coach says now
            lines, frame = coach_at_one_position(page, frames)
            assert lines == frame["lesson"]["lines"]
            before = version(page)
            if wanted:
                pick(page, wanted[0])
            else:
                assert not frame["legal_complete"], "the lesson wants none of the legal moves"
                lay_out(page, game, lesson, frame)
            wait_version_after(page, before)
            made += 1
        assert made >= steps
        assert refused_once, "the lesson never refused a move"

        # the end: the coach explains the scoring, in the end screen and in the panel
        frame = frames.shown(page)
        end = render(lesson.end, locale=lang, names=names, viewer=lesson.learner)
        assert end in frame["lesson"]["lines"]
        dialog = page.get_by_role("dialog", name=words("web.table.end.title", lang))
        dialog.wait_for()
        assert dialog.locator(".coach-end").get_by_text(end).count() == 1
        assert coach.locator(".coach-step").inner_text() == words("web.coach.done", lang)
        assert end in coach.locator(".coach-lines").inner_text()
        shot(page, f"lesson-{name}-{lang}-end-1280")
        found = violations(page)
        assert not found, f"axe on {game.title}'s lesson's end ({lang}):\n{described(found)}"
        # "?" now opens the rules at the part the end is about
        page.wait_for_function("() => !!document.activeElement?.closest('.modal')")
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
