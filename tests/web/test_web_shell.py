"""The shell in a real browser: the lobby, invitations, joining, the replay viewer, the
keyboard move list and the animation setting — whatever the game."""

from __future__ import annotations

import json
import random

import httpx
from webutil import new_table, open_table, shot, version, wait_turn_or_end, wait_version_after
from wsclient import SeatClient, play_to_end


def test_the_lobby_creates_a_table_against_bots_and_opens_it(web_server, page) -> None:
    page.goto(web_server.base + "/")
    page.get_by_role("button", name="Ramen! Ramen!").click()
    form = page.locator("form.new-table")
    form.get_by_label("Players").select_option("3")
    form.get_by_label("Your name").fill("Zoë")
    form.get_by_label("Player 2", exact=True).select_option("bot:random")
    form.get_by_label("Player 3", exact=True).select_option("bot:greedy")
    form.get_by_label("Games").select_option("2")
    shot(page, "lobby-new-table")
    form.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/play/**")
    page.wait_for_selector(".board")
    assert page.locator(".seat.me .name").inner_text() == "Zoë (you)"
    assert page.locator(".seat").count() == 3
    assert "Game 1 of 2" in page.get_by_label("Match").inner_text()
    page.goto(web_server.base + "/")
    page.locator(".list", has_text="My games").get_by_role("link", name="Resume").first.wait_for()


def test_inviting_a_friend_gives_a_link_that_opens_their_seat(web_server, browser, page) -> None:
    page.goto(web_server.base + "/")
    page.get_by_role("button", name="Ramen! Ramen!").click()
    form = page.locator("form.new-table")
    form.get_by_label("Player 2", exact=True).select_option("friend")
    form.get_by_role("button", name="Create table").click()
    link = page.get_by_label("Invite link for Player 2")
    link.wait_for()
    url = link.input_value()
    assert "#seat=1&token=" in url and len(url.split("token=")[1]) >= 30
    shot(page, "lobby-invite")
    friend = browser.new_context().new_page()
    friend.goto(url)
    friend.get_by_role("textbox", name="Your name").fill("Ana")  # a guest says their name first
    friend.get_by_role("button", name="Take my seat").click()
    friend.wait_for_selector(".board")
    assert friend.locator(".seat.me").get_attribute("data-seat") == "1"
    page.get_by_role("link", name="Go to my seat").click()
    page.wait_for_selector(".board")
    assert page.locator(".seat.me").get_attribute("data-seat") == "0"
    page.wait_for_function("document.querySelector('.table-page').dataset.status === 'playing'")
    friend.context.close()


def test_a_stranger_joins_an_open_table_from_the_lobby(web_server, page) -> None:
    table = new_table(web_server.base, "ramen-ramen", 3, humans=2)
    host = SeatClient(web_server.base, table["table"]["id"], table["seats"][0]["token"])
    page.goto(web_server.base + "/")
    row = page.locator(".list", has_text="Open tables").locator("li", has_text="Player 0")
    row.get_by_role("button", name="Join").click()
    page.wait_for_url("**/play/**")
    page.wait_for_selector(".board")
    assert page.locator(".seat.me").get_attribute("data-seat") == "1"
    host.close()


def _finished_game(base: str) -> str:
    table = new_table(base, "ramen-ramen", 2, humans=2)
    clients = [SeatClient(base, table["table"]["id"], s["token"]) for s in table["seats"]]
    play_to_end(clients, random.Random(3))
    for c in clients:
        c.close()
    return table["table"]["id"]


def test_the_replay_viewer_steps_through_a_finished_game_as_any_seat(web_server, page) -> None:
    table_id = _finished_game(web_server.base)
    page.goto(f"{web_server.base}/replay/{table_id}")
    page.wait_for_selector(".replay-controls")
    assert "Position 0 of" in page.locator(".status").inner_text()
    page.get_by_label("Forward one move").click()
    assert "Position 1 of" in page.locator(".status").inner_text()
    page.keyboard.press("ArrowRight")
    assert "Position 2 of" in page.locator(".status").inner_text()
    page.get_by_label("Back one move").click()
    assert "Position 1 of" in page.locator(".status").inner_text()
    hand0 = page.locator(".rr-hand").inner_text()
    page.get_by_label("See the game as").select_option("1")
    assert page.locator(".rr-hand").inner_text() != hand0  # the other seat's hand, open
    page.get_by_label("Last position").click()
    assert "the end" in page.locator(".status").inner_text()
    page.locator(".replay-result").wait_for()
    shot(page, "replay-viewer")


def test_a_record_file_opens_in_the_replay_viewer_and_a_bad_file_is_explained(
    web_server, page, tmp_path
) -> None:
    table_id = _finished_game(web_server.base)
    record = httpx.get(f"{web_server.base}/api/tables/{table_id}/record").json()
    good = tmp_path / "game.json"
    good.write_text(json.dumps(record))
    bad = tmp_path / "bad.json"
    record["moves"][3]["action"] = "Z9>1 Q1>2"
    bad.write_text(json.dumps(record))
    page.goto(f"{web_server.base}/replay")
    page.get_by_label("Record file").set_input_files(str(bad))
    assert "does not replay" in page.locator(".error").inner_text()
    page.get_by_label("Record file").set_input_files(str(good))
    page.wait_for_selector(".replay-controls")
    assert "Position 0 of" in page.locator(".status").inner_text()


def test_every_move_is_reachable_from_the_keyboard(web_server, page) -> None:
    table = new_table(web_server.base, "ramen-ramen", 1)
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    before = version(page)
    page.keyboard.press("m")
    listbox = page.get_by_role("listbox", name="Legal moves")
    listbox.wait_for()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    wait_version_after(page, before)
    assert version(page) == before + 1


def test_animations_can_be_turned_off_and_the_choice_is_remembered(web_server, page) -> None:
    table = new_table(web_server.base, "ramen-ramen", 1)
    open_table(page, web_server.base, table, 0)
    assert page.evaluate("document.documentElement.classList.contains('no-anim')") is False
    page.get_by_label("Settings").click()  # the settings menu
    page.get_by_label("Animations").uncheck()
    assert page.evaluate("document.documentElement.classList.contains('no-anim')") is True
    page.reload()
    page.wait_for_selector(".board")
    assert page.evaluate("document.documentElement.classList.contains('no-anim')") is True


# Presses "m" as soon as the page shows the player's turn again (the moment the class
# my-turn comes back on the table page, before anything else runs): the key must see the
# position on screen, not the one before it (which had no legal moves).
PRESS_M_WHEN_MY_TURN_COMES = """() => {
  const page = document.querySelector('.table-page');
  window.__pressed = false;
  let mine = page.classList.contains('my-turn');
  new MutationObserver(() => {
    const now = page.classList.contains('my-turn');
    if (now && !mine && !window.__pressed) {
      window.__pressed = true;
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'm', bubbles: true }));
    }
    mine = now;
  }).observe(page, { attributes: true, attributeFilter: ['class'] });
}"""


def test_the_moves_key_works_as_soon_as_the_turn_is_shown(web_server, page) -> None:
    table = new_table(web_server.base, "ramen-ramen", 2)
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    page.evaluate(PRESS_M_WHEN_MY_TURN_COMES)
    listbox = page.get_by_role("listbox", name="Legal moves")
    for _ in range(8):  # decisions until the bot has played and the turn comes back
        before = version(page)
        page.locator(".table-page button[aria-keyshortcuts='m']").click()
        listbox.wait_for()
        page.keyboard.press("Enter")
        wait_version_after(page, before)
        assert wait_turn_or_end(page) == "turn"
        if page.evaluate("window.__pressed"):
            break
    assert page.evaluate("window.__pressed"), "the turn never came back"
    listbox.wait_for()  # the key pressed at once opened the list of the new position
    options = listbox.get_by_role("option")
    assert options.count() > 0
    assert not page.js_errors, page.js_errors
