"""What a first-time player met, in the shell: a guest opening an invite link says their
name before sitting (no seat is ever "Seat 1" in words), the lobby's lists follow the
server by themselves, messages never cover a dialog, the sounds setting (off by default,
made by the page) is remembered, and a lesson's reason for refusing a move stays while the
others decide."""

from __future__ import annotations

from typing import Any

from test_web_lessons import moves, pick, start_lesson
from webutil import Frames, new_table, open_table, version, wait_turn_or_end, wait_version_after
from wsclient import SeatClient, create_table

from gametable.core.registry import get_game
from gametable.server import seats as seat_services

# Counts the notes the page plays (each sound is oscillators started in the Web Audio API).
COUNT_NOTES = """
window.__notes = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__notes += 1;
  return start.apply(this, args);
};
"""


def invite(table: dict[str, Any], seat: int) -> str:
    token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
    return f"/play/{table['table']['id']}#seat={seat}&token={token}"


def test_a_guest_says_their_name_before_taking_the_seat(web_server, browser, page) -> None:
    table = create_table(
        web_server.base,
        game="ramen-ramen",
        players=2,
        seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"}],
    )
    page.goto(web_server.base + invite(table, 0))
    page.wait_for_selector(".board")
    assert page.locator(".seat[data-seat='1'] .name").inner_text() == "Player 2"
    assert (
        page.locator(".table-head .status").inner_text()
        == "Waiting for players to join (Player 2)."
    )

    guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    guest.goto(web_server.base + invite(table, 1))
    dialog = guest.get_by_role("dialog", name="Your name at this table")
    dialog.wait_for()
    assert "seat of Player 2" in dialog.inner_text()
    take = dialog.get_by_role("button", name="Take my seat")
    assert take.is_disabled()  # no seat without a name
    # the seat is not taken until the guest has answered
    page.wait_for_timeout(300)
    assert page.locator(".table-page").get_attribute("data-status") == "open"
    dialog.get_by_role("textbox", name="Your name").fill("  Mireille ")
    take.click()
    guest.wait_for_selector(".board")
    assert guest.locator(".seat.me .name").inner_text() == "Mireille (you)"
    page.locator(".seat[data-seat='1'] .name", has_text="Mireille").wait_for()
    page.wait_for_function("document.querySelector('.table-page').dataset.status === 'playing'")
    page.locator(".table-events", has_text="Mireille joined the table.").wait_for()
    for p in (page, guest):
        assert "Seat " not in p.locator(".seats").inner_text()
        assert "Seat " not in p.locator(".log").inner_text()
    # the name is remembered: the next link opens the seat at once
    second = create_table(
        web_server.base,
        game="ramen-ramen",
        players=2,
        seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"}],
    )
    guest.goto(web_server.base + invite(second, 1))
    guest.wait_for_selector(".board")
    assert guest.locator(".seat.me .name").inner_text() == "Mireille (you)"
    guest.context.close()


def test_a_guest_may_watch_instead(web_server, browser) -> None:
    table = create_table(
        web_server.base,
        game="ramen-ramen",
        players=2,
        seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"}],
    )
    guest = browser.new_context().new_page()
    guest.goto(web_server.base + invite(table, 1))
    guest.get_by_role("link", name="Just watch").click()
    guest.wait_for_selector(".board")
    assert guest.locator(".tag", has_text="spectator").count() == 1
    assert guest.locator(".seat.me").count() == 0
    guest.context.close()


def test_the_lobby_lists_new_tables_without_a_reload(web_server, page) -> None:
    page.goto(web_server.base + "/")
    open_list = page.locator(".list", has_text="Open tables")
    open_list.wait_for()
    table = create_table(
        web_server.base,
        game="rummikub",
        players=2,
        seats=[{"kind": "human", "name": "Zhou Live"}, {"kind": "human"}],
    )
    row = open_list.locator("li", has_text="Zhou Live")
    row.wait_for(timeout=8_000)  # the lobby reads its lists every few seconds
    assert "Rummikub" in row.inner_text() and "Player 2" in row.inner_text()
    assert "Seat" not in row.inner_text()
    playing = page.locator(".list", has_text="Games in progress")
    players = [
        SeatClient(web_server.base, table["table"]["id"], table["seats"][0]["token"]),
        SeatClient(web_server.base, table["table"]["id"], table["seats"][1]["token"], name="Ito"),
    ]
    try:  # both seats are taken: the game starts, and the lobby moves it by itself
        playing.locator("li", has_text="Zhou Live").wait_for(timeout=8_000)
        assert "Ito" in playing.locator("li", has_text="Zhou Live").inner_text()
        row.wait_for(state="detached", timeout=8_000)
    finally:
        for client in players:
            client.close()


def test_a_message_never_covers_a_dialog(web_server, page) -> None:
    table = new_table(web_server.base, "ramen-ramen", 2)
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    page.keyboard.press("h")  # a hint is worked out …
    page.keyboard.press("m")  # … while the moves dialog opens
    dialog = page.get_by_role("dialog", name="Your legal moves")
    dialog.wait_for()
    toast = dialog.locator(".toast.notice", has_text="Hint")
    toast.wait_for(timeout=30_000)  # drawn inside the dialog, under its content
    assert page.locator(".toasts .toast").count() == 0
    box, modal = toast.bounding_box(), page.locator(".modal").bounding_box()
    body = page.locator(".modal-body").bounding_box()
    assert box and modal and body
    assert box["y"] >= body["y"] + body["height"] - 1  # below the list, not over it
    assert box["y"] + box["height"] <= modal["y"] + modal["height"] + 1
    assert dialog.locator(".moves li.hinted").count() == 1  # the hinted move is marked
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    # without a dialog, messages are at the top of the page again
    before = version(page)
    page.evaluate("import('gametable/ui.js').then((ui) => ui.showToast('a test notice', 'notice'))")
    page.locator(".toasts .toast", has_text="a test notice").wait_for()
    assert version(page) == before


def test_sounds_are_off_until_turned_on_and_the_choice_is_remembered(web_server, page) -> None:
    page.context.add_init_script(COUNT_NOTES)
    table = new_table(web_server.base, "ramen-ramen", 2)
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"

    def play_a_turn() -> None:
        for _ in range(4):
            before = version(page)
            page.keyboard.press("m")
            page.get_by_role("listbox", name="Legal moves").wait_for()
            page.keyboard.press("Enter")
            wait_version_after(page, before)
            if (
                wait_turn_or_end(page) == "turn"
                and page.locator(".log li li[data-seat='1']").count()
            ):
                return

    play_a_turn()
    assert page.evaluate("window.__notes") == 0  # off by default: not a sound
    page.get_by_role("button", name="Settings").click()
    sounds = page.get_by_label("Sounds")
    assert not sounds.is_checked()
    sounds.check()
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector(".board")
    page.keyboard.press("s")
    assert page.get_by_label("Sounds").is_checked()  # remembered
    page.keyboard.press("Escape")
    assert wait_turn_or_end(page) == "turn"
    bot_lines = page.locator(".log li li[data-seat='1']").count()
    for _ in range(4):
        before = version(page)
        page.keyboard.press("m")
        page.get_by_role("listbox", name="Legal moves").wait_for()
        page.keyboard.press("Enter")
        wait_version_after(page, before)
        assert wait_turn_or_end(page) == "turn"
        if page.locator(".log li li[data-seat='1']").count() > bot_lines:
            break
    # moves were heard, and the turn coming back (the turn's two notes)
    page.wait_for_function("window.__notes >= 3", timeout=5_000)


def test_a_lessons_refusal_stays_while_the_others_decide(web_server, page, monkeypatch) -> None:
    """In a step where everyone chooses at once (the tips game's lesson), the scripted seat
    decides just after the learner's refused move: the reason stays in the coach's panel
    until the learner makes another move."""
    monkeypatch.setattr(seat_services, "LESSON_PAUSE", 2.0)  # time to refuse before it decides
    game = get_game("ramen-tips")
    lesson = game.lesson()
    assert lesson is not None and game.info.simultaneous
    frames: Frames = start_lesson(page, web_server.base, game, "en")
    for _ in range(len(lesson.script[lesson.learner])):
        assert wait_turn_or_end(page) == "turn"
        frame = frames.shown(page)
        wanted, refused = moves(game, lesson, frame)
        if refused and any(s != lesson.learner for s in frame["to_act"]):
            break  # the others have yet to decide: a move to refuse now
        before = version(page)
        pick(page, wanted[0])
        wait_version_after(page, before)
    else:
        raise AssertionError("the lesson never had a step where everyone chooses at once")
    at, made = frame["version"], frame["my_moves"]
    pick(page, refused[0])
    note = page.locator(".coach-note")
    note.wait_for()
    said = note.inner_text()
    assert said
    wait_version_after(page, at)  # the others decided (now or before the answer came)
    shown = frames.shown(page)
    assert shown["version"] > at and shown["my_moves"] == made
    assert note.count() == 1 and note.inner_text() == said  # the reason stays
    wanted, _ = moves(game, lesson, shown)
    before = version(page)
    pick(page, wanted[0])
    wait_version_after(page, before)
    assert frames.shown(page)["my_moves"] == made + 1
    assert note.count() == 0  # the learner moved on: the reason is gone
    assert not page.js_errors, page.js_errors
