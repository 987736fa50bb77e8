"""The page in the reader's language: chosen in the page (and remembered), else the
browser's; the shell's words, the server's words (from the core catalog: its events), and
no English left behind in French or Japanese; bots named in the reader's language, and
French sentences that read well whatever the names. Screenshots of the lobby and a table in
French and Japanese, wide and on a phone; Rummikub's rack in view on a phone."""

from __future__ import annotations

import random
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from webutil import new_table, shot
from wsclient import SeatClient, create_table, play_to_end

from gametable.core.words import Msg, render

LOCALE = Path(str(resources.files("gametable"))) / "locale"
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")

# Every word the page shows, outside the game's own table (.board: the games' engineers')
# and the game's story (.turns: the game catalogs' words): text, names, hints, options.
SHOWN_TEXT = """() => {
  const skip = (el) => el.closest('.board, .turns');
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (node.parentElement && !skip(node.parentElement) && text) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [data-hint]')) {
    if (skip(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'data-hint']) {
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
  }
  out.push(document.title);
  return out;
}"""


@cache
def english_left_behind(lang: str) -> list[str]:
    """Pieces of the shell's English sentences (the web.* entries, cut at their
    placeholders; at least two words and eight letters) that the ``lang`` translation does
    not use: finding one in the page means a sentence was not translated."""
    with (LOCALE / "messages.pot").open("rb") as f:
        english = [m for m in read_po(f) if m.context and m.context.startswith("web.")]
    with (LOCALE / f"{lang}.po").open("rb") as f:
        translated = " ".join(
            " ".join(m.string) if isinstance(m.string, tuple | list) else m.string
            for m in read_po(f, locale=lang)
            if m.context
        )
    pieces = set()
    for m in english:
        for form in m.id if isinstance(m.id, tuple | list) else [m.id]:
            for piece in PLACEHOLDER.split(form):
                piece = piece.strip(" .,:;()·—–-…")
                if len(piece) >= 8 and " " in piece and piece not in translated:
                    pieces.add(piece)
    return sorted(pieces)


def assert_no_english(page: Any, lang: str, where: str) -> None:
    shown = "\n".join(page.evaluate(SHOWN_TEXT))
    left = [p for p in english_left_behind(lang) if p in shown]
    assert not left, f"English left in the {where} in {lang}: {left}"


def choose_language(page: Any, lang: str) -> None:
    page.locator("#site-language").select_option(lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


def test_the_check_finds_english_in_a_page(web_server, page) -> None:
    page.goto(web_server.base + "/")
    page.wait_for_selector(".game-card")
    assert len(english_left_behind("fr")) > 80
    try:
        assert_no_english(page, "fr", "English lobby")
    except AssertionError as exc:
        assert "Start a game" in str(exc) and "No table is waiting for players" in str(exc)
    else:
        raise AssertionError("the English lobby passed as French")


def test_choosing_french_draws_the_lobby_and_the_table_in_french_and_is_remembered(
    web_server, browser
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-US")
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.get_by_role("heading", name="Start a game").wait_for()
    choose_language(page, "fr")
    page.get_by_role("heading", name="Lancer une partie").wait_for()
    page.reload()
    page.get_by_role("heading", name="Lancer une partie").wait_for()
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.get_by_role("button", name="Ramen! Ramen!").click()
    page.locator("form.new-table").get_by_role("button", name="Créer la table").wait_for()
    assert_no_english(page, "fr", "lobby")
    shot(page, "i18n-lobby-fr-1280")

    # A table waiting for a nameless guest: "Joueur 2", never "Seat 1"; then the guest
    # comes, and the server says so from the core catalog, in French.
    table = create_table(
        web_server.base,
        game="ramen-ramen",
        players=3,
        seats=[
            {"kind": "human", "name": "Ana"},
            {"kind": "human"},
            {"kind": "bot", "bot": "random"},
        ],
    )
    table_id = table["table"]["id"]
    page.goto(f"{web_server.base}/play/{table_id}#seat=0&token={table['seats'][0]['token']}")
    page.wait_for_selector(".board")
    status = page.locator(".table-head .status")
    assert status.inner_text() == "En attente des joueurs (Joueur 2)."
    assert page.locator(".seat[data-seat='1'] .name").inner_text() == "Joueur 2"
    assert "Seat" not in page.locator(".seats").inner_text()
    guest = SeatClient(web_server.base, table_id, table["seats"][1]["token"], name="Bea")
    try:
        # (the name comes last: "vous", or a name beginning with a vowel, reads well there)
        page.locator(".table-events", has_text="Arrivée à la table\u00a0: Bea.").wait_for()
        page.locator(".seat[data-seat='1'] .name", has_text="Bea").wait_for()
        assert page.locator(".table-head .back").inner_text().endswith("Salon")
        page.keyboard.press("?")
        page.get_by_role("dialog", name="Comment jouer à Ramen! Ramen! ici").wait_for()
        assert_no_english(page, "fr", "table page and its help")
        page.keyboard.press("Escape")
        page.keyboard.press("s")
        page.get_by_role("group", name="Réglages").wait_for()
        assert_no_english(page, "fr", "table's settings menu")
        shot(page, "i18n-table-fr-1280")
        # The table page changes language from its settings: the page and the server's
        # words (over a new connection) come in Japanese.
        page.locator("#table-language").select_option("ja")
        page.locator(".table-events", has_text="Beaが着席しました。").wait_for()
        assert page.locator(".table-head .back").inner_text().endswith("ロビー")
        assert_no_english(page, "ja", "table page")
    finally:
        guest.close()
        context.close()


def test_the_browsers_language_is_used_when_none_was_chosen(web_server, browser) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    page = context.new_page()
    page.goto(web_server.base + "/")
    page.get_by_role("heading", name="ゲームを始める").wait_for()
    assert page.evaluate("document.documentElement.lang") == "ja"
    page.get_by_role("button", name="Ramen! Ramen!").click()
    assert_no_english(page, "ja", "lobby")
    shot(page, "i18n-lobby-ja-390")
    context.close()


def test_screenshots_of_the_lobby_and_a_table_in_french_and_japanese(web_server, browser) -> None:
    table = new_table(web_server.base, "ramen-ramen", 2)
    table_id, token = table["table"]["id"], table["seats"][0]["token"]
    for lang in ("fr", "ja"):
        for width, height in ((1280, 860), (390, 844)):
            context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
            page = context.new_page()
            page.goto(web_server.base + "/")
            page.wait_for_selector(".game-card")
            shot(page, f"i18n-lobby-{lang}-{width}")
            page.goto(f"{web_server.base}/play/{table_id}#seat=0&token={token}")
            page.wait_for_selector(".board")
            page.wait_for_function("document.querySelector('.table-page.my-turn')")
            assert_no_english(page, lang, f"table page at {width} px")
            shot(page, f"i18n-table-{lang}-{width}")
            context.close()


def test_bots_are_named_in_the_readers_language_and_told_apart(web_server, browser) -> None:
    """A bot seat goes by the bot's name in the reader's language (the game's own word for
    its bot, the core's for a bot every game has), numbered when two seats hold the same
    bot — in the seats, the game's own table and the story; never by its code name."""
    table = create_table(
        web_server.base,
        game="ramen-fury",
        players=4,
        options={"first_player": 1},  # the bots play first: the story names them
        seats=[
            {"kind": "human", "name": "Ana"},
            {"kind": "bot", "bot": "greedy"},
            {"kind": "bot", "bot": "greedy"},
            {"kind": "bot", "bot": "random"},
        ],
    )
    table_id, token = table["table"]["id"], table["seats"][0]["token"]
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="fr")
    page = context.new_page()
    try:
        page.goto(f"{web_server.base}/play/{table_id}#seat=0&token={token}")
        page.wait_for_selector(".board")
        for lang in ("fr", "ja"):
            if lang == "ja":
                page.keyboard.press("s")
                page.locator("#table-language").select_option("ja")
                page.wait_for_function("document.documentElement.lang === 'ja'")
                page.keyboard.press("Escape")
            greedy = Msg("ramen_fury.bot.greedy")
            wanted = [
                render(Msg("server.seat.bot_numbered", bot=greedy, number=1), locale=lang),
                render(Msg("server.seat.bot_numbered", bot=greedy, number=2), locale=lang),
                render(Msg("server.bot.random"), locale=lang),
            ]
            for seat, name in enumerate(wanted, start=1):
                page.locator(f".seat[data-seat='{seat}'] .name", has_text=name).wait_for()
                assert page.locator(f".seat[data-seat='{seat}'] .name").inner_text() == name
            page.locator(".log li li[data-seat='1']").first.wait_for()  # the bots have played
            for where in (".seats", ".board", ".log"):
                text = page.locator(where).inner_text()
                assert "greedy" not in text and "random" not in text, f"{where} in {lang}: {text}"
            assert wanted[0] in page.locator(".board").inner_text()  # the game's own table
    finally:
        context.close()


def test_french_sentences_read_well_whatever_the_winners_name(web_server, browser) -> None:
    """The end's status line names the winner where no elision is needed ("victoire de
    Ana" is wrong French, "victoire d'Ines" too hard to get right for every name)."""
    names = ["Ana", "Ines"]
    table = create_table(
        web_server.base,
        game="ramen-ramen",
        players=2,
        seats=[{"kind": "human", "name": n} for n in names],
    )
    table_id = table["table"]["id"]
    clients = [SeatClient(web_server.base, table_id, s["token"]) for s in table["seats"]]
    try:
        end = play_to_end(clients, random.Random(5))
    finally:
        for client in clients:
            client.close()
    winners = end["result"]["winners"]
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="fr")
    page = context.new_page()
    try:
        page.goto(f"{web_server.base}/play/{table_id}")  # as a spectator
        page.wait_for_selector(".table-page[data-status='finished']")
        status = page.locator(".table-head .status").inner_text()
        if len(winners) == 1:
            assert status == f"Partie terminée — victoire\u00a0: {names[winners[0]]}."
        for name in names:
            assert f" de {name}" not in status
    finally:
        context.close()


# Whether an element stays over the page as it scrolls (it, or a box it is in, is sticky).
STUCK = """(el) => { for (let e = el; e; e = e.parentElement) {
  if (getComputedStyle(e).position === 'sticky') return true; } return false; }"""


def test_rummikubs_rack_is_in_view_on_a_phone_in_french(web_server, browser) -> None:
    """On a phone, the turn's buttons stay at the bottom of the screen; the instructions
    (three lines in French) scroll with the page: the bar covers little of the rack."""
    table = new_table(web_server.base, "rummikub", 2)
    table_id, token = table["table"]["id"], table["seats"][0]["token"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr")
    page = context.new_page()
    try:
        page.goto(f"{web_server.base}/play/{table_id}#seat=0&token={token}")
        page.wait_for_selector(".table-page.my-turn .rk-rack .rk-tile")
        play = page.locator(".rk-play")
        instruction = page.locator(".rk-instruction")
        assert len(instruction.inner_text()) > 60  # the long French instruction
        assert play.evaluate(STUCK)  # Play and Draw stay in reach …
        assert not instruction.evaluate(STUCK)  # … the words scroll with the page
        bar = page.locator(".rk-buttons").bounding_box()
        assert bar and bar["height"] < 844 * 0.15
        # scrolled to the rack's top: its first row of tiles is not under the bar
        page.locator(".rk-rack").evaluate("(el) => el.scrollIntoView({ block: 'start' })")
        tile = page.locator(".rk-rack .rk-tile").first.bounding_box()
        bar = page.locator(".rk-buttons").bounding_box()
        assert tile and bar and tile["y"] + tile["height"] <= bar["y"]
        shot(page, "i18n-rummikub-fr-390")
    finally:
        context.close()
