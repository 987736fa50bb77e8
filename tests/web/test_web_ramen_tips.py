"""Ramen (the tips game) in a real browser: whole games by clicking (3 players, and 2 with
Grunchie on a phone-sized screen), an illegal placement explained, a reload that comes back
to the same position, the secret simultaneous choice kept secret between two players and
from a spectator, the reveal animation, hints, the log in sentences and the replay viewer."""

from __future__ import annotations

import random
import re
from typing import Any

from webutil import (
    labels,
    new_table,
    open_seats,
    open_table,
    shot,
    version,
    wait_turn_or_end,
)

from gametable.core.registry import get_game

GAME = "ramen-tips"
TYPES = {"C": "Chāshū", "A": "Ajitama", "S": "Sūpu", "N": "Nūdoru", "Y": "Yasai"}


def long_name(card: str) -> str:
    return f"{TYPES[card[0]]} {card[1:]}"


def phase(page: Any) -> str:
    return page.locator(".tt-table").get_attribute("data-phase") or ""


def _decide(page: Any) -> str:
    """Make this seat's pending decision with the table's own controls, as a person does.

    Every decision of the game has its control on the table (hand cards and the Reveal
    button, the revealed cards for a 1's exchange, the preference cards for a 5's swap,
    offer card then bowl, the Shōyu buttons): the "All moves" list is never needed.
    """
    now = phase(page)
    if now == "choose":
        page.locator(".tt-hand button.tt-card.playable").first.click()
        page.locator(".tt-actions button.primary", has_text="Reveal").click()
    elif now == "exchange":
        page.locator(".tt-reveal button.tt-card.playable").first.click()
    elif now == "swap":
        prefs = page.locator(".tt-pref button.tt-pref-card")
        prefs.nth(0).click()
        prefs.nth(3).click()
    elif now == "take":
        offer = page.locator(".tt-offer button.tt-card.playable")
        if offer.count():
            offer.first.click()
        else:  # final round: my own revealed card
            page.locator(".tt-own button.tt-card").click()
        page.locator(".tt-bowl.target").first.click()
    elif now == "shoyu":
        more = page.locator("button:not([disabled])", has_text="+ Shōyu")
        while more.count():
            more.first.click()
        page.locator(".tt-actions button.primary").click()
    else:
        raise AssertionError(f"nothing to do in phase {now!r}")
    return now


def my_moves(page: Any) -> int:
    return int(page.locator(".tt-table").get_attribute("data-my-moves") or -1)


def _decide_and_wait(page: Any) -> str:
    """Decide, then wait until the server has taken *my* decision (the others choose at the
    same time, so a newer position alone may be another seat's choice)."""
    before = my_moves(page)
    kind = _decide(page)
    page.wait_for_function(
        "(n) => { const t = document.querySelector('.tt-table');"
        " return t && Number(t.dataset.myMoves) > n; }",
        arg=before,
        timeout=30_000,
    )
    return kind


def _play_to_end(page: Any, on_turn: Any = None) -> dict[str, int]:
    """Play my decisions until the end; ``on_turn(page, kinds)`` looks at each of my turns
    first (``kinds`` counts the decisions made so far by phase)."""
    kinds: dict[str, int] = {}
    while wait_turn_or_end(page) == "turn":
        if on_turn:
            on_turn(page, kinds)
        kind = _decide_and_wait(page)
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def _check_end_screen(page: Any, players: int) -> None:
    modal = page.locator(".modal")
    assert "Game over" in modal.inner_text()
    # The rulebook's four scoring steps for every player, and the tips contest per type.
    assert modal.locator(".tt-score").count() == players
    for score in modal.locator(".tt-score").all():
        steps = score.locator(".tt-steps").inner_text()
        for part in ("valid ramen ×", "Tips:", "6, 7 and 8", "Outside valid ramen", "Total"):
            assert part in steps, steps
    tips = modal.locator("table.tt-tips").first
    assert tips.locator("tbody tr").count() == 5
    assert "lowest total" in tips.locator("caption").inner_text()


def test_a_whole_three_player_game_by_clicking_to_the_end(web_server, page) -> None:
    table = new_table(web_server.base, GAME, 3, bot="greedy", options={"narutos": True})
    open_table(page, web_server.base, table, 0)
    shots = {"taken": False}

    def midgame(page: Any, kinds: dict[str, int]) -> None:
        if not shots["taken"] and kinds.get("choose", 0) == 4 and phase(page) == "take":
            page.locator(".tt-offer button.tt-card.playable").first.click()  # show targets
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, "ramen-tips-midgame")
            page.locator(".tt-actions button", has_text="Cancel").click()
            shots["taken"] = True

    kinds = _play_to_end(page, midgame)
    assert kinds["choose"] == 9 and kinds["take"] >= 10  # nine rounds; two placements in the last
    _check_end_screen(page, 3)
    # Narutos are in play: their contests are in the breakdown.
    assert "Narutos" in page.locator(".modal").inner_text()
    shot(page, "ramen-tips-end")
    # Every event of the log is a plain sentence.
    lines = [x.inner_text() for x in page.locator(".log li.game").all()]
    assert lines and all(line.endswith(".") and "{" not in line for line in lines), lines
    assert not page.js_errors, page.js_errors

    # The replay viewer draws the same table read-only, every bowl open at the end.
    page.goto(f"{web_server.base}/replay/{table['table']['id']}")
    page.wait_for_selector(".tt-table")
    assert page.locator(".tt-table button.tt-card").count() == 0
    page.get_by_label("Last position").click()
    page.wait_for_selector(".replay-result .tt-score")
    assert page.locator(".replay-result .tt-score").count() == 3


def test_a_two_player_game_with_grunchie_on_a_phone(web_server, browser) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    table = new_table(web_server.base, GAME, 2, bot="random")
    open_table(page, web_server.base, table, 0)
    page.wait_for_selector(".tt-table")
    # Grunchie, the dummy, is at the table: a reveal slot and a face-down pile of 9.
    assert page.locator(".tt-reveal .tt-slot.grunchie").count() == 1
    assert page.get_by_label("Grunchie has 9 face-down cards").count() == 1
    # Nothing is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    taken = []

    def phone_shot(page: Any, kinds: dict[str, int]) -> None:
        if not taken and kinds.get("choose") == 3 and phase(page) == "take":
            taken.append(shot(page, "ramen-tips-phone"))

    _play_to_end(page, phone_shot)
    assert taken
    _check_end_screen(page, 2)
    assert "Removed by Grunchie" in page.locator(".modal").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    context.close()


def _pick_a_card_that_fits_a_bowl(page: Any) -> bool:
    """Select an offer card that may go into one of my bowls (so a new bowl is illegal)."""
    if phase(page) != "take" or page.locator(".tt-tableau.me .tt-bowl").count() == 0:
        return False
    cards = page.locator(".tt-offer button.tt-card")
    for i in range(cards.count()):
        cards.nth(i).click()
        if "target" not in (page.locator("button.tt-bowl.new").get_attribute("class") or ""):
            return True
        page.locator(".tt-actions button", has_text="Cancel").click()
    return False


def test_an_illegal_placement_is_explained_and_changes_nothing(web_server, page) -> None:
    table = new_table(web_server.base, GAME, 3)
    open_table(page, web_server.base, table, 0)
    for _ in range(40):
        assert wait_turn_or_end(page) == "turn"
        if _pick_a_card_that_fits_a_bowl(page):
            break
        _decide_and_wait(page)
    else:
        raise AssertionError("never had an offer card that fits one of my bowls")
    # The highlighted bowls are exactly the legal ones (the shell's list of every legal move).
    card = page.locator(".tt-offer .tt-card.selected").get_attribute("data-card")
    targets = {
        int(b.get_attribute("data-bowl") or 0) for b in page.locator(".tt-bowl.target").all()
    }
    page.get_by_role("button", name="All moves").click()
    legal = [x.inner_text() for x in page.locator(".moves li button").all()]
    page.get_by_role("button", name="Close").click()
    assert targets == {int(t.split(">")[1]) for t in legal if t.startswith(f"take {card}>")}
    assert page.locator(".tt-offer .tt-card.selected").count() == 1
    bowls = labels(page, ".tt-tableau.me .tt-bowl .tt-card")
    offer = labels(page, ".tt-offer .tt-card")
    at = version(page)
    # The card fits an existing bowl; starting a new bowl with it breaks the rule "a new
    # bowl only when every bowl already has that ingredient" (reference §6).
    page.locator("button.tt-bowl.new").click()
    toast = page.locator(".toast.error")
    toast.wait_for(timeout=10_000)
    assert "must go into an existing bowl" in toast.inner_text()
    page.wait_for_timeout(300)
    assert version(page) == at
    assert labels(page, ".tt-tableau.me .tt-bowl .tt-card") == bowls
    # The card stays picked, its legal bowls highlighted, for the next try.
    assert page.locator(".tt-offer .tt-card.selected").count() == 1
    assert page.locator("button.tt-bowl.target").count() >= 1
    assert labels(page, ".tt-offer .tt-card") == offer
    assert page.locator(".table-page.my-turn").count() == 1  # still my pick
    shot(page, "ramen-tips-illegal")


def test_a_reload_mid_game_comes_back_to_the_same_position(web_server, page) -> None:
    table = new_table(web_server.base, GAME, 3)
    open_table(page, web_server.base, table, 0)
    for _ in range(5):
        assert wait_turn_or_end(page) == "turn"
        _decide_and_wait(page)
    wait_turn_or_end(page)

    def position() -> tuple[Any, ...]:
        return (
            labels(page, ".tt-hand .tt-card"),
            page.locator(".tt-pref").inner_text(),
            labels(page, ".tt-offer .tt-card"),
            [t.inner_text() for t in page.locator(".tt-tableau .tt-bowls").all()],
            page.locator(".tt-round").inner_text(),
            phase(page),
        )

    seen = position()
    page.reload()
    page.wait_for_selector(".tt-hand .tt-card")
    assert position() == seen


def test_my_chosen_card_waits_for_the_others_and_survives_a_reload(web_server, browser) -> None:
    table = new_table(web_server.base, GAME, 3, humans=2)
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1100, "height": 850})
        page = context.new_page()
        open_table(page, web_server.base, table, seat)
        page.wait_for_selector(".tt-hand .tt-card")
        pages.append(page)
    a, b = pages
    # The cards were dealt once: mark their elements, to see below that choosing does not
    # deal them again (the dealing animation plays when an element is created).
    a.evaluate("document.querySelectorAll('.tt-hand .tt-deal').forEach((e) => { e.dealt = 1; })")
    # Choose with the keyboard alone: Tab to a card, Enter picks it, Enter again reveals it.
    card = a.locator(".tt-hand button.tt-card").first
    chosen = card.get_attribute("data-card")
    card.focus()
    a.keyboard.press("Enter")
    assert card.get_attribute("aria-pressed") == "true"
    a.keyboard.press("Enter")
    a.wait_for_selector(".tt-slot.me .tt-card[data-card]")
    prompt = a.locator(".tt-prompt").inner_text()
    assert f"You chose {long_name(chosen)}" in prompt and "Waiting for Player 1" in prompt
    assert a.locator(".table-page.my-turn").count() == 0
    assert a.locator(".tt-hand button.tt-card").count() == 0  # nothing to choose now
    assert a.evaluate(
        "[...document.querySelectorAll('.tt-hand .tt-deal')].every((e) => e.dealt === 1)"
    ), "the hand was dealt again"
    a.reload()
    a.wait_for_selector(".tt-slot.me .tt-card[data-card]")
    assert a.locator(".tt-slot.me .tt-card").get_attribute("data-card") == chosen
    assert chosen not in labels(a, ".tt-hand .tt-card")
    b.wait_for_selector(".tt-slot[data-slot='0'] .tt-check")
    assert "has chosen" in b.locator(".tt-slot[data-slot='0']").inner_text()
    for p in pages:
        p.context.close()


def test_the_secret_choice_stays_secret_until_all_reveal_together(web_server, browser) -> None:
    table = new_table(web_server.base, GAME, 3, humans=2)
    pages = open_seats(browser, web_server.base, table, height=850)
    a, b, watcher = pages
    a.wait_for_selector(".tt-hand .tt-card")
    b.wait_for_selector(".tt-hand .tt-card")
    hand_a = labels(a, ".tt-hand .tt-card")
    hand_b = labels(b, ".tt-hand .tt-card")
    assert len(hand_a) == 9 and len(hand_b) == 9 and not set(hand_a) & set(hand_b)
    assert not set(hand_a) & set(labels(b, "[aria-label]")), "seat 1 can see seat 0's hand"
    assert not set(hand_b) & set(labels(a, "[aria-label]")), "seat 0 can see seat 1's hand"
    seen_by_watcher = set(labels(watcher, "[aria-label]"))
    assert not set(hand_a + hand_b) & seen_by_watcher, "a spectator sees a hand"
    assert watcher.locator(".tt-hand").count() == 0
    assert watcher.locator(".tag", has_text="spectator").count() == 1

    # Seat 0 chooses: seat 1 and the spectator learn that it has chosen, never what.
    card = a.locator(".tt-hand button.tt-card").first
    chosen = card.get_attribute("data-card") or ""
    card.click()
    a.locator(".tt-actions button.primary", has_text="Reveal").click()
    a.wait_for_selector(".tt-slot.me .tt-card[data-card]")
    for other in (b, watcher):
        other.wait_for_selector(".tt-slot[data-slot='0'] .tt-check")
        page_html = other.content()
        assert long_name(chosen) not in page_html, "the chosen card shows on another page"
        assert f'data-card="{chosen}"' not in page_html
        assert other.locator(".tt-reveal .tt-card[data-card]").count() == 0  # all face down
    shot(watcher, "ramen-tips-choosing")

    # Seat 1 chooses too: all cards turn over at once, with the flip animation …
    b.locator(".tt-hand button.tt-card").first.click()
    b.locator(".tt-actions button.primary", has_text="Reveal").click()
    for p in (a, b):
        p.wait_for_selector(".tt-reveal .tt-flip .tt-card[data-card]")
        assert p.locator(".tt-reveal .tt-flip").count() == 3  # two seats and the bot
        assert p.locator(f".tt-reveal [data-card='{chosen}']").count() == 1
        animation = p.evaluate(
            "getComputedStyle(document.querySelector('.tt-flip-inner')).animationName"
        )
        assert animation == "tt-flip"
    # … which the animation setting turns off.
    a.evaluate("document.documentElement.classList.add('no-anim')")
    assert (
        a.evaluate("getComputedStyle(document.querySelector('.tt-flip-inner')).animationName")
        == "none"
    )
    for p in pages:
        p.context.close()


def test_a_hint_is_highlighted_on_the_table(web_server, page) -> None:
    table = new_table(web_server.base, GAME, 3)
    open_table(page, web_server.base, table, 0)
    assert wait_turn_or_end(page) == "turn"
    page.get_by_role("button", name="Hint").click()
    toast = page.locator(".toast.notice")
    toast.wait_for(timeout=20_000)
    hinted = re.search(r"play ([CASNY][1-9])", toast.inner_text())
    assert hinted, toast.inner_text()
    assert page.locator(".tt-hand .tt-card.hinted").get_attribute("data-card") == hinted.group(1)


def _every_kind_of_event() -> dict[str, tuple[int, dict[str, Any]]]:
    """One log event of each kind (with its game's player count), from seeded games."""
    game = get_game(GAME)
    found: dict[str, tuple[int, dict[str, Any]]] = {}
    rng = random.Random(5)
    for seed in range(40):
        players = 2 + seed % 4
        state = game.new_state(players, seed=seed, narutos=True)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
            for event in state.view(None)["log"]:
                found.setdefault(event["event"], (players, event))
    return found


def test_every_kind_of_log_event_reads_as_a_sentence(web_server, page) -> None:
    events = _every_kind_of_event()
    assert set(events) == {
        "reveal",
        "cancel",
        "grunchie_ignores",
        "exchange",
        "pass",
        "swap",
        "order",
        "take",
        "keep",
        "shoyu",
        "grunchie_removes",
        "place_shoyu",
    }
    page.goto(web_server.base + "/")
    sentences = page.evaluate(
        """async (events) => {
            const m = (await import('/static/games/ramen-tips/table.js')).default;
            const out = {};
            for (const [kind, [players, event]] of Object.entries(events)) {
              const ctx = { mySeat: 0, view: { players }, name: (s) => `Seat ${s}` };
              out[kind] = m.describe(event, ctx);
            }
            return out;
        }""",
        events,
    )
    for kind, text in sentences.items():
        assert isinstance(text, str) and re.fullmatch(r"[A-Z].*\.", text), (kind, text)
        assert "undefined" not in text and "[object" not in text, (kind, text)
    assert long_name(events["take"][1]["card"]) in sentences["take"]
    assert "Grunchie" in sentences["grunchie_removes"]
