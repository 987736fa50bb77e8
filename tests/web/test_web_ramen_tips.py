"""Ramen (the tips game) in a real browser: whole games by clicking (3 players with the
Narutos, and 2 with Grunchie on a phone-sized screen) with every string the page shows
scanned for notation, an illegal placement explained, a reload that comes back to the same
position, the secret simultaneous choice kept secret between two players and from a
spectator, the reveal animation, hints, the Shōyu placement previewed by the rules, the story
in sentences and the replay viewer; and the rules page drawing every example of the rules
with the table's cards (French and Japanese, axe, a phone's width)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import httpx
from axe import described, violations
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
from gametable.core.words import Msg, render

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from notation_scan import notation_leaks, page_strings

GAME = "ramen-tips"
TOKENS = get_game(GAME).notation_tokens
COMPONENTS = get_game(GAME).components()


def card_name(card: str) -> str:
    """A card's name in words, as the game's components give it."""
    return render(COMPONENTS["cards"][card]["name"])


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
            # the rules' preview of the placement so far: the yen it would score
            page.locator(".tt-preview", has_text="you would score").wait_for(timeout=10_000)
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


def _play_to_end(page: Any, on_turn: Any = None) -> tuple[dict[str, int], list[str]]:
    """Play my decisions until the end; ``on_turn(page, kinds)`` looks at each of my turns
    first (``kinds`` counts the decisions made so far by phase). Returns the counts and
    every string the page showed on my turns."""
    kinds: dict[str, int] = {}
    shown: list[str] = []
    while wait_turn_or_end(page) == "turn":
        shown += page_strings(page)
        if on_turn:
            on_turn(page, kinds)
        kind = _decide_and_wait(page)
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds, shown


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
    seen = {"shot": False, "moves": False}
    extra: list[str] = []

    def midgame(page: Any, kinds: dict[str, int]) -> None:
        if not seen["moves"] and kinds.get("choose", 0) == 2:
            # the moves list and a hint, in words
            page.get_by_role("button", name="All moves").click()
            page.locator(".moves li button").first.wait_for()
            extra.extend(page_strings(page))
            page.keyboard.press("Escape")
            seen["moves"] = True
        if not seen["shot"] and kinds.get("choose", 0) == 4 and phase(page) == "take":
            page.locator(".tt-offer button.tt-card.playable").first.click()  # show targets
            # each target bowl says what the card would make of my yen, from the view
            assert page.locator(".tt-bowl.target .tt-bowl-gain").count() >= 1
            extra.extend(page_strings(page))
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, "ramen-tips-midgame")
            page.locator(".tt-actions button", has_text="Cancel").click()
            seen["shot"] = True

    kinds, shown = _play_to_end(page, midgame)
    assert kinds["choose"] == 9 and kinds["take"] >= 10  # nine rounds; two placements in the last
    _check_end_screen(page, 3)
    # Narutos are in play: their contests are in the breakdown.
    assert "Narutos" in page.locator(".modal").inner_text()
    shot(page, "ramen-tips-end")
    shown += extra + page_strings(page)
    # The story is the whole game in sentences; nothing shown all game long is notation.
    lines = [x.inner_text() for x in page.locator(".log ol.lines li").all()]
    assert len(lines) > 9 * 5, lines
    for line in lines:  # a sentence (it may start with a bot's name: "greedy 1 took …")
        assert line.endswith(".") and "{" not in line and "ramen_tips." not in line, line
    assert any(line.startswith("Round 1 of 9") for line in lines)  # from the very start
    leaks = notation_leaks(shown, TOKENS)
    assert not leaks, leaks[:10]
    assert not page.js_errors, page.js_errors

    # The replay viewer draws the same table read-only, every bowl open at the end.
    page.goto(f"{web_server.base}/replay/{table['table']['id']}")
    page.wait_for_selector(".tt-table")
    assert page.locator(".tt-table button.tt-card").count() == 0
    page.get_by_label("Last position").click()
    page.wait_for_selector(".replay-result .tt-score")
    assert page.locator(".replay-result .tt-score").count() == 3
    assert not notation_leaks(page_strings(page), TOKENS)


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

    _, shown = _play_to_end(page, phone_shot)
    assert taken
    _check_end_screen(page, 2)
    assert "Removed by Grunchie" in page.locator(".modal").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert not notation_leaks(shown + page_strings(page), TOKENS)
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
    # The highlighted bowls are exactly the legal ones (the shell's list of every legal move,
    # in words: "Take Yasai 4 into bowl 2").
    card = page.locator(".tt-offer .tt-card.selected").get_attribute("data-card") or ""
    targets = {
        int(b.get_attribute("data-bowl") or 0) + 1 for b in page.locator(".tt-bowl.target").all()
    }
    page.get_by_role("button", name="All moves").click()
    legal = [x.inner_text() for x in page.locator(".moves li button").all()]
    page.get_by_role("button", name="Close").click()
    into = re.compile(rf"Take {re.escape(card_name(card))} into bowl (\d+)$")
    assert targets == {int(m.group(1)) for t in legal if (m := into.match(t))}
    assert page.locator(".tt-offer .tt-card.selected").count() == 1
    bowls = labels(page, ".tt-tableau.me .tt-bowl .tt-card")
    offer = labels(page, ".tt-offer .tt-card")
    at = version(page)
    # The card fits an existing bowl; starting a new bowl with it breaks the rule "a new
    # bowl only when every bowl already has that ingredient" (reference §6).
    page.locator("button.tt-bowl.new").click()
    toast = page.locator(".toast.error")
    toast.wait_for(timeout=10_000)
    said = toast.inner_text()
    assert "must go into an existing bowl" in said and card_name(card) in said
    assert not notation_leaks([said], TOKENS)
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
    chosen = card.get_attribute("data-card") or ""
    card.focus()
    a.keyboard.press("Enter")
    assert card.get_attribute("aria-pressed") == "true"
    a.keyboard.press("Enter")
    a.wait_for_selector(".tt-slot.me .tt-card[data-card]")
    prompt = a.locator(".tt-prompt").inner_text()
    assert f"You chose {card_name(chosen)}" in prompt and "Waiting for Player 1" in prompt
    assert a.locator(".table-page.my-turn").count() == 0
    assert a.locator(".tt-hand button.tt-card").count() == 0  # nothing to choose now
    assert a.evaluate(
        "[...document.querySelectorAll('.tt-hand .tt-deal')].every((e) => e.dealt === 1)"
    ), "the hand was dealt again"
    # The story tells me my own choice, and the other player only that I have chosen.
    mine = a.locator(".log ol.lines li").all_inner_texts()
    assert f"You chose {card_name(chosen)} (face down until everyone has chosen)." in mine
    a.reload()
    a.wait_for_selector(".tt-slot.me .tt-card[data-card]")
    assert a.locator(".tt-slot.me .tt-card").get_attribute("data-card") == chosen
    assert card_name(chosen) not in labels(a, ".tt-hand .tt-card")
    b.wait_for_selector(".tt-slot[data-slot='0'] .tt-check")
    assert "has chosen" in b.locator(".tt-slot[data-slot='0']").inner_text()
    theirs = b.locator(".log ol.lines li").all_inner_texts()
    assert any(line.endswith("chose a card (face down).") for line in theirs)
    assert card_name(chosen) not in " ".join(theirs)
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
        assert card_name(chosen) not in page_html, "the chosen card shows on another page"
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
    toast.wait_for(timeout=30_000)
    said = toast.inner_text()
    hinted = re.search(r"Hint: Choose (.+) to reveal", said)
    assert hinted, said
    assert not notation_leaks([said], TOKENS)
    card = page.locator(".tt-hand .tt-card.hinted").get_attribute("data-card") or ""
    assert card_name(card) == hinted.group(1)


# -- the rules' examples, drawn with the table's cards ------------------------------------

NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"


def rules_examples(base: str, lang: str) -> list[tuple[str, dict[str, Any]]]:
    """Every example of the game's rules in ``lang`` (the server's rules API), with the id of
    its section."""
    response = httpx.get(f"{base}/api/games/{GAME}/rules", params={"lang": lang}, timeout=30)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["lang"] == lang
    return [
        (s["id"], b["example"])
        for s in data["sections"]
        for b in s["blocks"]
        if b["kind"] == "example"
    ]


def example_cards(example: dict[str, Any]) -> list[str]:
    """Every card an example shows (ranked cards, offer, revealed, bowls, players')."""
    found = list(example.get("cards", [])) + list(example.get("offer", []))
    found += list(example.get("revealed", []))
    for bowl in example.get("bowls", []):
        found += bowl
    for player in example.get("players", []):
        found += player.get("cards", [])
        for bowl in player.get("bowls", []):
            found += bowl
    return found


def check_example(figure: Any, example: dict[str, Any], lang: str) -> None:
    """One example as the rules page draws it: the game's own pieces, not a caption alone —
    each card of the example as a card face named in the reader's language, the preference
    rows in the example's order, each bowl with its Shōyu cards, each player with the yen
    and tips the example gives — then the caption."""
    assert figure.locator(".rules-example-plain").count() == 0
    drawing = figure.locator(".tt-example")
    assert drawing.count() == 1
    faces = drawing.locator(".tt-card[data-card]")
    shown = [faces.nth(i).get_attribute("data-card") for i in range(faces.count())]
    assert sorted(shown) == sorted(example_cards(example)), (shown, example)
    for i, code in enumerate(shown):
        name = render(COMPONENTS["cards"][code]["name"], locale=lang)
        assert faces.nth(i).get_attribute("aria-label") == name, (code, lang)
    if "cards" in example:  # ranked: in the example's order
        line = drawing.locator(".tt-ex-line", has_text=words("example_strongest", lang))
        assert (
            line.locator("[data-card]").evaluate_all("(els) => els.map((e) => e.dataset.card)")
            == example["cards"]
        )
    rows = drawing.locator(".tt-ex-row")
    wanted = [example[k] for k in ("row", "after") if k in example]
    assert rows.count() == len(wanted)
    for i, row in enumerate(wanted):
        types = (
            rows.nth(i)
            .locator("[data-type]")
            .evaluate_all("(els) => els.map((e) => e.dataset.type)")
        )
        assert types == row, (types, row)
        first = render(COMPONENTS["ingredients"][row[0]]["name"], locale=lang)
        assert rows.nth(i).locator("[data-type]").first.get_attribute("aria-label") == words(
            "example_place", lang, ingredient=first, place=1
        )
    bowls = list(example.get("bowls", []))
    shoyu = list(example.get("shoyu", []))
    for player in example.get("players", []):
        bowls += player.get("bowls", [])
        shoyu += player.get("shoyu", [])
    assert drawing.locator(".tt-ex-bowl").count() == len(bowls)
    assert drawing.locator(".tt-ex-bowl .tt-card.shoyu").count() == sum(shoyu)
    players = drawing.locator(".tt-ex-player")
    assert players.count() == len(example.get("players", []))
    for i, player in enumerate(example.get("players", [])):
        who = players.nth(i).locator(".tt-ex-who")
        assert words("example_player", lang, number=i + 1) in who.inner_text()
        if "yen" in player:
            assert who.locator(".tt-ex-yen").inner_text() == words("yen", lang, yen=player["yen"])
        tips = who.locator(".tt-coin")
        assert [tips.nth(k).get_attribute("aria-label") for k in range(tips.count())] == [
            words("tip", lang, yen=y) for y in player.get("tips", [])
        ]
    assert drawing.locator(".tt-ex-caption").inner_text() == example["caption"]


def words(key: str, lang: str, **params: Any) -> str:
    """The table's own words (``ramen_tips.web.<key>``) in ``lang``."""
    return render(Msg(f"ramen_tips.web.{key}", **params), locale=lang)


def test_the_rules_examples_are_drawn_with_the_tables_cards(web_server, browser) -> None:
    """The rules page, in French and Japanese, draws every example of the rules with the
    table's cards (each example checked against the server's data), with no accessibility
    violation and nothing wider than a phone; screenshots wide and on a phone."""
    for lang in ("fr", "ja"):
        examples = rules_examples(web_server.base, lang)
        assert len(examples) == 12
        context = browser.new_context(viewport={"width": 1280, "height": 860}, locale=lang)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        try:
            page.goto(f"{web_server.base}/rules/{GAME}")
            page.locator(".tt-example").first.wait_for()
            figures = page.locator("figure.rules-example")
            assert figures.count() == len(examples)
            assert page.locator(".rules-example-plain").count() == 0
            for i, (_, example) in enumerate(examples):
                check_example(figures.nth(i), example, lang)
            found = violations(page)
            assert not found, f"axe on the rules' examples ({lang}):\n{described(found)}"
            for width, height in ((1280, 860), (390, 844)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(200)
                assert page.evaluate(NO_OVERFLOW), (lang, width)
                if width == 390:
                    found = violations(page)
                    assert not found, f"axe at 390 px ({lang}):\n{described(found)}"
                for section in ("effects", "scoring"):
                    at = next(i for i, (s, _) in enumerate(examples) if s == section)
                    figures.nth(at).scroll_into_view_if_needed()
                    page.evaluate("window.scrollBy(0, -60)")
                    shot(page, f"ramen-tips-rules-{section}-{lang}-{width}")
            assert not errors, errors
        finally:
            context.close()
