"""Ramen Fury in a real browser: a whole game by clicking against bots, illegal attempts
explained, the pending choices asked in a banner, a reload that comes back to the same
position, hands kept hidden between two players and from a spectator, the phone layout,
keyboard use, the story in sentences, the bowls' scoring explanations in the engine's
words, no notation anywhere a player reads, and the replay viewer. For every eye (issue
30): axe-core finds nothing on the table mid-game and at the end; every move by a few keys
(1–5 for a card, then the arrows and Enter; p, b, u), with the focus visible; the page
never scrolls by itself. The same table in French and Japanese: test_web_ramen_fury_i18n.py;
the guided first game: test_web_ramen_fury_lesson.py."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from axe import described, violations
from playwright.sync_api import expect
from webutil import (
    labels,
    new_table,
    open_seats,
    open_table,
    shot,
    version,
    wait_turn_or_end,
    wait_version_after,
)

from gametable.core.registry import get_game
from gametable.core.words import render
from gametable.games.ramen_fury.words import breakdown

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from notation_scan import notation_leaks, page_strings

GAME = "ramen-fury"
FLAVORS = {"Bf", "Ck", "Sh", "Sy", "Fy"}
SPECIALS = {"No", "Cl"}


PROMPTS_SEED = 143
"""A deal (2 players, seat 0 first) where seat 0 holds Soy Sauce, Chili and Tofu; the
Pantry is Shrimp, Shrimp, Eggs, Tofu; the deck's top card is a Nori, then a Shrimp; and
the four cards after those are Chili, Fury, Corn, Nori."""


def _fix_the_deal(monkeypatch: Any) -> None:
    """Make the server deal :data:`PROMPTS_SEED` (it draws each table's seed with
    ``GameServer.new_seed``, in this process), so that a test can count on the cards."""
    from gametable.server.service import GameServer

    deck = get_game(GAME).new_state(2, PROMPTS_SEED, first_player=0).setup["deck"]
    assert deck[0:3] == ["Sy", "Cl", "To"] and deck[6:10] == ["Sh", "Sh", "Eg", "To"]
    assert deck[10:16] == ["No", "Sh", "Cl", "Fy", "Co", "No"]
    monkeypatch.setattr(GameServer, "new_seed", lambda self: PROMPTS_SEED)


def _cards(page: Any, selector: str) -> list[str]:
    """The card codes (``data-card``) of the elements matching ``selector``."""
    return [x.get_attribute("data-card") or "" for x in page.locator(selector).all()]


def _bowls_text(page: Any) -> str:
    """Everything written in the players' places: bowls, hands' sizes, spoons, points."""
    return str(page.locator(".rf-others").inner_text() + page.locator(".rf-mine").inner_text())


PROMPTS = {
    "Discard a card": "discard",
    "A Nori or Chili was revealed": "reveal",
    "Free plays": "free",
}


def _prompt(page: Any, name: str) -> Any:
    """The banner asking for a pending choice (by its English name, or its kind:
    ``discard``, ``reveal``, ``free``), in any language."""
    return page.locator(f'.rf-prompt[data-prompt="{PROMPTS.get(name, name)}"]')


def _click_target(page: Any, prefer: str) -> bool:
    """Click a highlighted bowl, from the ``prefer`` area first (".rf-mine" or ".rf-opp")."""
    for area in (prefer, ".rf-table"):
        target = page.locator(f"{area} .rf-bowl-body.target > button.rf-pick")
        if target.count():
            target.first.click()
            return True
    return False


def _play_one_decision(page: Any, spoons: list[int]) -> None:
    """Make one decision through the table's own controls, the way a person does: answer a
    prompt; else eat a bowl worth 2 points with 3 cards, a full one, or any in the final
    round; play a Nori/Chili free; spoon once a game;
    prep a Flavor into a bowl without one, an ingredient into a flavoured bowl; else draw."""
    discard = _prompt(page, "Discard a card")
    if discard.count():
        discard.locator("button.rf-choice").last.click()
        return
    reveal = _prompt(page, "A Nori or Chili was revealed")
    if reveal.count():
        choice = reveal.locator("button.rf-choice")
        if choice.count():  # several kinds revealed by a Restock: choose which one first
            choice.first.click()
        revealed = _cards(page, ".rf-pantry .rf-card.revealed.selected") or _cards(
            page, ".rf-pantry .rf-card.revealed"
        )
        if not _click_target(page, ".rf-mine" if revealed[0] == "No" else ".rf-opp"):
            reveal.locator("button.rf-skip").click()
        return
    free = _prompt(page, "Free plays")
    if free.count():
        free.locator("button.rf-end").click()
        return
    final = page.locator(".rf-final").count() > 0
    for bowl in page.locator(".rf-mine .rf-bowl:has(button.rf-eat.legal)").all():
        cards = bowl.locator(".rf-chip").count()
        worth = int(bowl.get_attribute("data-points") or 0)
        if final or cards == 5 or (cards >= 3 and worth >= 2):
            bowl.locator("button.rf-eat").click()
            return
    playable = _cards(page, ".rf-hand button.rf-card.playable")
    for code in ("Cl", "No"):
        if code in playable:  # a free play, before the actions
            page.locator(f'.rf-hand button.rf-card.playable[data-card="{code}"]').first.click()
            assert _click_target(page, ".rf-opp" if code == "Cl" else ".rf-mine")
            return
    spoon = page.locator("button.rf-spoonbtn.legal")
    if spoon.count() and not spoons:
        spoon.click()
        sources = page.locator(".rf-opp .rf-bowl-body.target > button.rf-pick")
        if sources.count():
            sources.first.click()
            page.locator(".rf-mine .rf-bowl-body.target > button.rf-pick").first.click()
            spoons.append(1)
            return
        spoon.click()  # nothing worth spooning: put the spoon back
    flavoured = page.locator('.rf-mine .rf-bowl[data-flavor="yes"]:not(.is-eaten)').count()
    for code in sorted(playable, key=lambda c: (c not in FLAVORS) == (flavoured == 0)):
        page.locator(f'.rf-hand button.rf-card.playable[data-card="{code}"]').first.click()
        want = '[data-flavor="no"]' if code in FLAVORS else '[data-flavor="yes"]'
        target = page.locator(f".rf-mine .rf-bowl{want} .rf-bowl-body.target > button.rf-pick")
        if target.count():
            target.first.click()
            return
        page.locator("button.rf-cancel").click()
    pantry = _cards(page, ".rf-pantry button.rf-card.playable")
    hand = _cards(page, ".rf-hand .rf-card")
    wanted = [c for c in pantry if c in FLAVORS and not any(h in FLAVORS for h in hand)]
    if wanted:
        page.locator(f'.rf-pantry button.rf-card.playable[data-card="{wanted[0]}"]').first.click()
    elif page.locator("button.rf-deckbtn").count():
        page.locator("button.rf-deckbtn").click()
    elif pantry:
        page.locator(".rf-pantry button.rf-card.playable").first.click()
    else:  # Deck and Pantry empty, no card to prep: the rare decisions (see the list)
        page.keyboard.press("m")
        page.locator(".moves li button").first.click()


def _bowl(page: Any, seat: int, bowl: int) -> str:
    return f'.rf-bowl[data-seat="{seat}"][data-bowl="{bowl}"]'


def _pick(page: Any, seat: int, bowl: int, target: bool = True) -> Any:
    """The button over a bowl that picks it (for a card, a spoon, a revealed card)."""
    return page.locator(
        f"{_bowl(page, seat, bowl)} .rf-bowl-body{'.target' if target else ''} > button.rf-pick"
    )


def _play_until(page: Any, decisions: int, spoons: list[int]) -> str:
    made = 0
    while made < decisions:
        if wait_turn_or_end(page) == "over":
            return "over"
        before = version(page)
        _play_one_decision(page, spoons)
        wait_version_after(page, before)
        made += 1
    return "turn"


def test_a_whole_game_by_clicking_against_two_bots_to_the_end_screen(web_server, page) -> None:
    """…and every string the page shows a player along the way (the table, the story, the
    moves list, hints, the end screen) holds no notation: the player typed none."""
    table = new_table(web_server.base, GAME, 3, bot="greedy")
    open_table(page, web_server.base, table, 0)
    spoons: list[int] = []
    decisions = 0
    shown: list[str] = []
    while wait_turn_or_end(page) == "turn":
        shown += page_strings(page)
        if decisions in (3, 20):  # the moves list and a hint, in words
            page.locator("button", has_text="All moves").click()
            page.locator(".moves li button").first.wait_for()
            shown += page_strings(page)
            page.keyboard.press("Escape")
            page.locator(".table-head button", has_text="Hint").click()
            page.locator(".toast.notice", has_text="Hint").wait_for(timeout=30_000)
            shown += page_strings(page)
        before = version(page)
        _play_one_decision(page, spoons)
        wait_version_after(page, before)
        decisions += 1
        if decisions == 12:
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, "ramen-fury-midgame")
            found = violations(page)  # the whole page: the shell around the table too
            assert not found, "axe mid-game:\n" + described(found)
        assert decisions < 400, "the game does not end"
    assert decisions > 12
    modal = page.locator(".modal")
    assert "Game over" in modal.inner_text()
    shown += page_strings(page)
    # The breakdown: every seat, every bowl, with the points the engine gave each eaten bowl.
    info = httpx.get(f"{web_server.base}/api/tables/{table['table']['id']}", timeout=10).json()
    details = info["result"]["details"]
    seats = modal.locator(".rf-result-seat")
    assert seats.count() == 3
    for entry in details["seats"]:
        section = modal.locator(f'.rf-result-seat[data-seat="{entry["seat"]}"]')
        assert f"{entry['cards_eaten']} card" in section.locator("h3").inner_text()
        for i, bowl in enumerate(entry["bowls"]):
            text = section.locator(".rf-result-bowl").nth(i).inner_text()
            if bowl["eaten"]:
                # why it scores, in the engine's words (the same as the terminal's)
                why = " · ".join(render(m) for m in breakdown(bowl["breakdown"]))
                assert f"{why or 'no Flavor points'} = {_pts(bowl['points'])}" in text, text
            else:
                assert "not eaten" in text
    assert "Ties are broken" in modal.inner_text() or "decided" in modal.inner_text()
    shot(page, "ramen-fury-end")
    found = violations(page)  # the end dialog over the finished table
    assert not found, "axe at the end:\n" + described(found)
    # The story speaks in sentences, never in codes or internal values; nothing shown all
    # game long holds notation.
    lines = page.locator(".log ol.lines li").all_inner_texts()
    assert len(lines) > decisions and all(line.endswith((".", "!")) for line in lines), lines
    text = " ".join(shown)
    assert not any(bad in text for bad in ("undefined", "null", "[object", "NaN", "ramen_fury."))
    leaks = notation_leaks(shown, get_game(GAME).notation_tokens)
    assert not leaks, leaks[:10]
    assert not page.js_errors, page.js_errors
    # The replay viewer draws the same table read-only, every position.
    page.goto(f"{web_server.base}/replay/{table['table']['id']}")
    page.wait_for_selector(".rf-table")
    assert page.locator(".rf-table button.rf-pick, .rf-table button.rf-card").count() == 0
    page.locator('button[aria-label="Forward one move"]').click()
    page.wait_for_selector(".rf-table .rf-hand .rf-card")
    assert all(labels(page, ".rf-table .rf-hand .rf-card")), "cards named from the components"
    assert not page.js_errors, page.js_errors


def _pts(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def test_illegal_attempts_are_explained_and_change_nothing(web_server, page, monkeypatch) -> None:
    _fix_the_deal(monkeypatch)  # seat 0 holds Soy Sauce, Chili and Tofu
    table = new_table(web_server.base, GAME, 2, options={"first_player": 0})
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    before = version(page)
    page.locator('.rf-hand button.rf-card[data-card="To"]').click()
    _pick(page, 0, 0).click()
    wait_version_after(page, before)
    attempts = [
        # Bowl 1 holds a Tofu and no Flavor: "Eat … exactly 1 Flavor card and at least 1
        # other card" (reference §2.2).
        (
            lambda: page.get_by_role("button", name="Eat your bowl 1", exact=True).click(),
            "your bowl 1 needs exactly one flavor and at least one other card",
        ),
        # Prep goes onto "one of your own non-eaten bowls" (§2.2), not another player's.
        (
            lambda: (
                page.locator('.rf-hand button.rf-card[data-card="Sy"]').click(),
                _pick(page, 1, 0, target=False).click(),
            ),
            "goes onto one of your own bowls",
        ),
    ]
    for attempt, expected in attempts:
        before = version(page)
        hand = _cards(page, ".rf-hand .rf-card")
        bowls = _bowls_text(page)
        attempt()
        toast = page.locator(".toast.error", has_text=expected[:20])
        toast.wait_for(timeout=10_000)
        assert expected in toast.inner_text().lower(), toast.inner_text()
        page.wait_for_timeout(300)
        assert version(page) == before
        assert _cards(page, ".rf-hand .rf-card") == hand
        assert _bowls_text(page) == bowls
        assert page.locator(".rf-step.done").count() == 1  # still one action done, one to do
        # in words, with no notation: the player typed nothing
        assert not notation_leaks([toast.inner_text()], get_game(GAME).notation_tokens)
    assert not page.js_errors, page.js_errors


def test_a_reload_mid_game_comes_back_to_the_same_position_and_a_hint_lights_up(
    web_server, page
) -> None:
    table = new_table(web_server.base, GAME, 2, bot="greedy", options={"first_player": 0})
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    # By keyboard: a card (Enter selects it, Escape lets it go), then a bowl.
    card = page.locator(".rf-hand button.rf-card.playable").first
    code = card.get_attribute("data-card")
    card.focus()
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(card).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".rf-bowl-body.target")).to_have_count(0)
    card.focus()
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("aria-pressed", "true")
    before = version(page)
    # The focus went to the first bowl the card can go to: Enter puts it there.
    expect(page.locator(".rf-mine .rf-bowl-body.target > button.rf-pick").first).to_be_focused()
    page.keyboard.press("Enter")
    wait_version_after(page, before)
    assert code in _cards(page, ".rf-mine .rf-chip")
    assert _play_until(page, 5, []) == "turn"
    assert wait_turn_or_end(page) == "turn"
    where = {
        "version": version(page),
        "hand": _cards(page, ".rf-hand .rf-card"),
        "pantry": _cards(page, ".rf-pantry .rf-card"),
        "table": _bowls_text(page),
        "strip": page.locator(".rf-strip").inner_text(),
    }
    page.reload()
    page.wait_for_selector(".rf-mine")  # the hand may be empty: wait for my place
    assert version(page) == where["version"]
    assert _cards(page, ".rf-hand .rf-card") == where["hand"]
    assert _cards(page, ".rf-pantry .rf-card") == where["pantry"]
    assert _bowls_text(page) == where["table"]
    assert page.locator(".rf-strip").inner_text() == where["strip"]
    # Animations (dealing a card …) follow the setting that turns them off.
    animation = (
        "getComputedStyle(document.querySelector('.rf-table .rf-card:not(.empty)')).animationName"
    )
    assert page.evaluate(animation) == "rf-deal"
    page.locator('button[aria-label="Settings"]').click()
    menu = page.locator(".settings-menu")  # the settings open as a menu of choices
    if menu.count():
        menu.get_by_label("Animations").uncheck()
    page.wait_for_function(f"{animation} === 'none'", timeout=5_000)
    # The hint (the game's hint bot) lights up the card, bowl or button it would use.
    page.locator(".table-head button", has_text="Hint").click()
    page.locator(".toast.notice", has_text="Hint").wait_for(timeout=30_000)
    page.wait_for_selector(".rf-table .hinted", timeout=5_000)


def _face_up(page: Any) -> Counter[str]:
    return Counter(_cards(page, ".rf-table [data-card]"))


def test_two_players_each_see_only_their_own_hand_and_a_spectator_sees_neither(
    web_server, browser
) -> None:
    table = new_table(web_server.base, GAME, 2, humans=2)
    pages = open_seats(browser, web_server.base, table)
    a, b, watcher = pages
    for p in pages:
        p.wait_for_selector(".rf-pantry .rf-card")
    a.wait_for_selector(".rf-hand .rf-card")
    b.wait_for_selector(".rf-hand .rf-card")
    hand_a = Counter(_cards(a, ".rf-hand .rf-card"))
    hand_b = Counter(_cards(b, ".rf-hand .rf-card"))
    pantry = Counter(_cards(watcher, ".rf-pantry .rf-card"))
    assert sum(hand_a.values()) == 3 and sum(hand_b.values()) == 3 and sum(pantry.values()) == 4
    # Every face-up card on a page is its own hand or the Pantry (bowls are empty at the
    # start, nobody has taken a Pantry card yet): the other hand is only card backs.
    assert _face_up(a) == hand_a + pantry, "seat 0 sees a card it may not"
    assert _face_up(b) == hand_b + pantry, "seat 1 sees a card it may not"
    assert _face_up(watcher) == pantry, "the spectator sees a hand"
    assert a.locator(".rf-opp .rf-back").count() == 3
    assert watcher.locator(".rf-hand").count() == 0
    assert watcher.locator(".rf-opp").count() == 2
    assert watcher.locator(".tag", has_text="spectator").count() == 1
    shot(watcher, "ramen-fury-spectator")
    for p in pages:
        p.context.close()


def test_the_table_is_usable_at_phone_width(web_server, browser) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table = new_table(web_server.base, GAME, 3, bot="random")
    open_table(page, web_server.base, table, 0)
    assert _play_until(page, 4, []) == "turn"
    wait_turn_or_end(page)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 375, f"the page is {wide} px wide at a 375 px screen"
    page.locator(".rf-mine").scroll_into_view_if_needed()
    shot(page, "ramen-fury-phone")
    assert not errors, errors
    context.close()


def _in_view(page: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and 0 <= box["y"] and box["y"] + min(box["height"], 80) <= height


def test_the_pending_choices_are_asked_in_a_banner_with_buttons(
    web_server, page, monkeypatch
) -> None:
    """The Nori/Chili a refill or a Restock reveals, the hand limit after a draw and the
    end of a turn with a free play left are each asked in a banner at the top of the table,
    with the choices as buttons (seed: "If the refilled card is Nori or Chili, the active
    player may place it at once, for free, into any non-eaten bowl of any player"; "After
    Restock … may use only one of them"; "Hand limit 5 … discard down to 5 at once")."""
    _fix_the_deal(monkeypatch)
    table = new_table(web_server.base, GAME, 2, bot="random", options={"first_player": 0})
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    assert sorted(_cards(page, ".rf-hand .rf-card")) == ["Cl", "Sy", "To"]

    # Draw the Eggs: its slot is refilled with a Nori, which may go into any bowl.
    before = version(page)
    page.locator('.rf-pantry button.rf-card[data-card="Eg"]').click()
    wait_version_after(page, before)
    prompt = _prompt(page, "A Nori or Chili was revealed")
    prompt.wait_for()
    assert "revealed Nori Garnish" in prompt.inner_text()
    assert _in_view(page, prompt)
    shot(page, "ramen-fury-reveal")
    assert page.locator(".rf-pantry .rf-card.revealed").count() == 1
    assert page.locator(".rf-bowl-body.target > button.rf-pick").count() == 6  # all have room
    before = version(page)
    _pick(page, 0, 0).click()
    wait_version_after(page, before)
    assert _cards(page, '.rf-mine .rf-bowl[data-seat="0"][data-bowl="0"] .rf-chip') == ["No"]
    assert page.locator(".rf-step.done").count() == 1  # the Nori was free: one action done

    # Restock: a Chili and a Nori are revealed; only one may be used — choose which first.
    before = version(page)
    page.locator("button.rf-restock").click()
    wait_version_after(page, before)
    prompt = _prompt(page, "A Nori or Chili was revealed")
    prompt.wait_for()
    choices = prompt.locator("button.rf-choice")
    assert sorted(choices.all_inner_texts()) == ["Use the Chili", "Use the Nori"]
    assert page.locator(".rf-bowl-body.target").count() == 0  # nothing chosen yet
    # The prompt has the keyboard focus; Tab reaches its first choice (the Chili: the
    # Pantry's order) and Enter takes it.
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
        "A Nori or Chili was revealed"
    )
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(prompt.locator("button.rf-choice", has_text="Chili")).to_have_attribute(
        "aria-pressed", "true"
    )
    before = version(page)
    _pick(page, 1, 1).click()
    wait_version_after(page, before)
    assert _cards(page, '.rf-opp .rf-bowl[data-seat="1"][data-bowl="1"] .rf-chip') == ["Cl"]
    while _prompt(page, "A Nori or Chili was revealed").count():  # a refill may chain
        before = version(page)
        page.locator("button.rf-skip").click()
        wait_version_after(page, before)

    # Both actions done, a Chili still in hand: the free plays or "End my turn".
    free = _prompt(page, "Free plays")
    free.wait_for()
    assert page.locator(".rf-step.done").count() == 2
    before = version(page)
    free.locator("button.rf-end").click()
    wait_version_after(page, before)

    # Next turn: two draws from the deck take the hand to 6; one card must go.
    assert wait_turn_or_end(page) == "turn"
    for _ in range(2):
        before = version(page)
        page.locator("button.rf-deckbtn").click()
        wait_version_after(page, before)
    prompt = _prompt(page, "Discard a card")
    prompt.wait_for()
    assert "holds 6 cards" in prompt.inner_text()
    assert _in_view(page, prompt)
    shot(page, "ramen-fury-discard")
    hand = Counter(_cards(page, ".rf-hand .rf-card"))
    before = version(page)
    prompt.get_by_role("button", name="Discard Tofu", exact=True).click()
    wait_version_after(page, before)
    assert Counter(_cards(page, ".rf-hand .rf-card")) == hand - Counter(["To"])
    assert not page.js_errors, page.js_errors


# -- every move by a few keys, the focus always visible (issue 30) ---------------------------

FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  return { cls: el.className, card: el.dataset.card || null, rove: el.dataset.rove || null,
           ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 };
}"""


def _focus_on(page: Any, group: str) -> dict[str, Any]:
    """Wait until the focus is on a button of ``group`` (the table draws after a key)."""
    page.wait_for_function(
        "(g) => document.activeElement && document.activeElement.dataset.rove === g",
        arg=group,
        timeout=5_000,
    )
    return _focused(page)


def _focused(page: Any) -> dict[str, Any]:
    found = page.evaluate(FOCUSED)
    assert found is not None, "nothing has the keyboard focus"
    assert found["ring"], f"the focus is not visible on {found}"
    return dict(found)


def test_every_move_by_a_few_keys_with_the_focus_always_visible(
    web_server, page, monkeypatch
) -> None:
    """1–5 choose a card and send the focus to the first bowl it can go to (the arrows
    move between those bowls, Enter puts it there); p goes to the Pantry and the deck, b to
    the Eat and Empty buttons, u takes a spoon; each group is one stop of the Tab key; the
    help lists the keys. (The issue counted 7 Tabs to reach a card and 10 more to reach a
    bowl in another game.)"""
    _fix_the_deal(monkeypatch)  # seat 0 holds Soy Sauce, Tofu, Chili (in the hand's order)
    table = new_table(web_server.base, GAME, 2, bot="random", options={"first_player": 0})
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    assert _cards(page, ".rf-hand .rf-card") == ["Sy", "To", "Cl"]
    page.locator(".table-head h1").click()  # nowhere in particular
    # "1", then Enter: Soy Sauce into bowl 1 — two keys.
    before = version(page)
    page.keyboard.press("1")
    expect(page.locator('.rf-hand button.rf-card[data-card="Sy"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    _focus_on(page, "pick")
    expect(_pick(page, 0, 0)).to_be_focused()
    page.keyboard.press("ArrowRight")  # the arrows move between the bowls it can go to …
    expect(_pick(page, 0, 1)).to_be_focused()
    page.keyboard.press("ArrowLeft")  # … and back
    expect(_pick(page, 0, 0)).to_be_focused()
    page.keyboard.press("Enter")
    wait_version_after(page, before)
    assert _cards(page, f"{_bowl(page, 0, 0)} .rf-chip") == ["Sy"]
    # The focus stayed on the table (the hand), for the next keys.
    _focus_on(page, "hand")
    # "2" is now the Chili: a free play, into any bowl — the opponent's too. Escape lets it
    # go.
    page.keyboard.press("2")
    _focus_on(page, "pick")
    assert page.locator(".rf-bowl-body.target > button.rf-pick").count() == 6
    page.keyboard.press("Escape")
    expect(page.locator(".rf-bowl-body.target")).to_have_count(0)
    # "p": the Pantry and the deck (the deck first), the arrows along them, Enter draws.
    page.keyboard.press("p")
    assert _focused(page)["cls"].startswith("rf-deckbtn")
    page.keyboard.press("ArrowRight")
    assert _focused(page)["card"] == "Sh"
    # From the Pantry, the hand is a few Tabs away: the spoon, the Eat/Empty group, the hand.
    tabs = 0
    while page.evaluate(FOCUSED)["rove"] != "hand":
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs <= 3, f"{tabs} Tabs and still not in the hand: {_focused(page)}"
    page.keyboard.press("p")
    page.keyboard.press("ArrowRight")
    before = version(page)
    page.keyboard.press("Enter")  # draw the Shrimp: the second action
    wait_version_after(page, before)
    # Its refill revealed a Nori: that banner has the focus; Tab reaches "Leave it", Enter.
    reveal = _prompt(page, "reveal")
    reveal.wait_for()
    expect(reveal).to_be_focused()
    page.keyboard.press("Tab")
    assert _focused(page)["cls"].startswith("rf-skip")
    before = version(page)
    page.keyboard.press("Enter")
    wait_version_after(page, before)
    # The Chili is still in hand: the banner of the free plays has the focus; Tab, Enter.
    free = _prompt(page, "free")
    free.wait_for()
    expect(free).to_be_focused()
    page.keyboard.press("Tab")
    assert _focused(page)["cls"].startswith("primary rf-end")
    before = version(page)
    page.keyboard.press("Enter")
    wait_version_after(page, before)
    # Next turn: "u" takes a spoon; Enter picks the bowl to take from, Enter the bowl to
    # put it on — three keys; "b" reaches the Eat and Empty buttons.
    assert wait_turn_or_end(page) == "turn"
    # the turn drawn (its legal actions shown) and its key handlers set (after the paint)
    page.locator('[data-rove="actions"].legal').first.wait_for()
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
    page.keyboard.press("b")
    focused = _focus_on(page, "actions")
    assert focused["rove"] == "actions" and "legal" in focused["cls"], focused
    page.keyboard.press("u")
    expect(page.locator("button.rf-spoonbtn")).to_have_attribute("aria-pressed", "true")
    _focus_on(page, "pick")
    before = version(page)
    page.keyboard.press("Enter")  # take the top card of the first bowl that has one
    expect(page.locator(".rf-instr")).to_have_text(
        "Now click one of your bowls to put the spooned card on. Cancel"
    )
    page.wait_for_function(
        "() => { const el = document.activeElement; return el && el.dataset.rove === 'pick'"
        " && el.closest('.rf-mine') && el.closest('.rf-bowl-body.target'); }"
    )
    page.keyboard.press("Enter")  # onto the first of my bowls it can go to
    wait_version_after(page, before)
    assert page.locator(".rf-mine .rf-spoons").get_attribute("aria-label") == "1 spoon left"
    # The help lists the keys.
    page.keyboard.press("?")
    help_text = page.locator(".modal").inner_text()
    for key in ("1 to 5", "p goes to the Pantry", "b to the bowls", "u takes a spoon"):
        assert key in help_text, help_text
    page.keyboard.press("Escape")
    assert not page.js_errors, page.js_errors


# -- nothing moves the page by itself -----------------------------------------------------------


def test_the_page_never_scrolls_by_itself_on_a_phone(web_server, browser, monkeypatch) -> None:
    """A first-time player found the page scrolling by itself: the banner of a pending
    choice took the focus (and the browser scrolled to it). Now the banner takes the focus
    without scrolling, and stays in view (sticky at the top of the table): what the player
    looks at stays where it is on the screen, and the bot's moves move nothing either."""
    _fix_the_deal(monkeypatch)
    context = browser.new_context(viewport={"width": 390, "height": 760})
    page = context.new_page()
    table = new_table(web_server.base, GAME, 2, bot="random", options={"first_player": 0})
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    # Scrolled down to the hand, as a player about to choose a card is.
    page.evaluate("document.querySelector('.rf-hand').scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") > 200
    hand_at = page.evaluate(HAND_TOP)
    before = version(page)
    # A tap that does not scroll (the way a finger taps what is on screen): draw the Eggs,
    # whose refill reveals a Nori — a banner appears at the top of the table.
    page.evaluate("document.querySelector('.rf-pantry button[data-card=\"Eg\"]').click()")
    wait_version_after(page, before)
    prompt = _prompt(page, "reveal")
    prompt.wait_for()
    page.wait_for_timeout(600)
    assert abs(page.evaluate(HAND_TOP) - hand_at) <= 2, "the page moved by itself"
    expect(prompt).to_be_focused()
    assert _in_view(page, prompt), "the banner is out of sight"
    shot(page, "ramen-fury-phone-banner")
    # Leave the Nori, draw from the deck (end the turn if a free play is offered), and watch
    # the bot's turn: nothing moves.
    for selector in ("button.rf-skip", "button.rf-deckbtn"):
        before = version(page)
        page.evaluate(f"document.querySelector('{selector}').click()")
        wait_version_after(page, before)
    if _prompt(page, "free").count():
        before = version(page)
        page.evaluate("document.querySelector('button.rf-end').click()")
        wait_version_after(page, before)
    hand_at = page.evaluate(HAND_TOP)
    samples = page.evaluate(
        "() => new Promise((done) => { const out = []; const t = setInterval(() => {"
        " out.push(document.querySelector('.rf-hand').getBoundingClientRect().top);"
        " if (out.length > 40) { clearInterval(t); done(out); } }, 50); })"
    )
    assert max(samples) - min(samples) <= 2 and abs(samples[0] - hand_at) <= 2, samples
    context.close()


HAND_TOP = "document.querySelector('.rf-hand').getBoundingClientRect().top"


# -- every eye: text size, nothing cut off, 200% zoom ----------------------------------------

TEXT_CHECK = """() => {
  const out = { small: [], cut: [] };
  for (const el of document.querySelectorAll('.rf-table *, .rf-result *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden' || el.closest('.sr-only')) continue;
    const text = el.textContent.trim().slice(0, 40);
    if (parseFloat(s.fontSize) < 12) out.small.push([text, s.fontSize]);
    const clipped = s.overflow !== 'visible' || s.textOverflow === 'ellipsis'
      || s.webkitLineClamp !== 'none';
    if (clipped && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      out.cut.push([text, el.className]);
    }
  }
  out.wide = document.documentElement.scrollWidth;
  return out;
}"""


def check_text(page: Any, width: int, where: str) -> None:
    """No text under 12 CSS px, none cut off (flavour tags, formulas), nothing sideways."""
    found = page.evaluate(TEXT_CHECK)
    assert not found["small"], f"{where}: text under 12 px: {found['small'][:8]}"
    assert not found["cut"], f"{where}: text cut off: {found['cut'][:8]}"
    assert found["wide"] <= width, f"{where}: the page is {found['wide']} px wide at {width} px"


def test_at_390_px_and_200_percent_zoom_nothing_is_cut_off_or_too_small(
    web_server, browser
) -> None:
    """The flavour tags and the formulas were cut off at 390 px (an ellipsis, two lines at
    most): they wrap now; no text is under 12 CSS px; 200% zoom (a 1280 px window shows
    640 CSS px) works as well."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    page = context.new_page()
    table = new_table(web_server.base, GAME, 3, bot="greedy")
    open_table(page, web_server.base, table, 0)
    spoons: list[int] = []
    assert _play_until(page, 14, spoons) == "turn"
    assert page.locator(".rf-flavor").count() > 0 and page.locator(".rf-score .rf-why").count()
    check_text(page, 390, "390 px")
    page.set_viewport_size({"width": 640, "height": 430})  # 200% zoom of 1280×860
    page.wait_for_timeout(300)
    check_text(page, 640, "200% zoom")
    context.close()
