"""Ramen! Ramen!'s rules inside the game (issue 30): ``rules/en.md``, ``fr.md`` and ``ja.md``
parse, hold the same sections in the same order and the same examples, each example states
what the game itself says of its bowl, the critics' verdicts read as the catalog says them,
and the "?" opens the section for the decision on screen (``rules_section``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gametable.core import get_game
from gametable.core.rules import parse_rules
from gametable.core.words import Msg, render
from gametable.games.ramen_ramen.cards import CARD_BY_NAME, POPCOUNT, bowl_points, types_mask
from gametable.games.ramen_ramen.scoring import CRITICS_BANDS
from gametable.games.ramen_ramen.words import STARS, VERDICTS

GAME = get_game("ramen-ramen")
FOLDER = Path(__file__).parents[3] / "src/gametable/games/ramen_ramen/rules"
LANGUAGES = ("en", "fr", "ja")
REQUIRED = ("overview", "turn", "scoring", "end", "variants", "examples")


def sections(lang: str):  # type: ignore[no-untyped-def]
    path = FOLDER / f"{lang}.md"
    return parse_rules(path.read_text(encoding="utf-8"), str(path))


def without_caption(example: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in example.items() if k != "caption"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_the_sections_of_the_english_in_its_order(lang: str) -> None:
    english = [s.id for s in sections("en")]
    assert set(REQUIRED) <= set(english)
    assert [s.id for s in sections(lang)] == english
    found, loaded = GAME.rules(lang)
    assert found == lang and [s.id for s in loaded] == english
    for section in sections(lang):
        assert section.title and section.blocks, (lang, section.id)


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_each_language_has_the_same_examples_each_captioned_in_its_own_words(lang: str) -> None:
    for english, other in zip(sections("en"), sections(lang), strict=True):
        mine, theirs = english.examples(), other.examples()
        assert [without_caption(e) for e in theirs] == [without_caption(e) for e in mine]
        for a, b in zip(mine, theirs, strict=True):
            assert b["caption"] and b["caption"] != a["caption"], (lang, other.id)
    assert len(next(s for s in sections(lang) if s.id == "examples").examples()) == 3


def test_the_examples_are_the_rulebooks_three_bowls_and_say_what_the_game_says() -> None:
    """Rules stated once: an example's sum, ingredients and points are written in the rules
    files (the page draws them as they are), and they are what the game says of the bowl."""
    examples = [e for s in sections("en") for e in s.examples()]
    assert [e["points"] for e in examples] == [3, 7, 10]  # the rulebook's three bowls
    for example in examples:
        cards = [CARD_BY_NAME[c] for c in example["cards"]]
        assert example["sum"] == sum(c & 7 for c in cards)
        assert example["ingredients"] == POPCOUNT[types_mask(cards)]
        assert example["points"] == bowl_points(cards)
    # the last is served on its 7 ingredients, its sum below 14
    assert examples[-1]["ingredients"] == 7 and examples[-1]["sum"] < 14


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_critics_table_reads_as_the_game_tells_the_verdict(lang: str) -> None:
    """The critics' words of the rules file are those the end of a solo game quotes (the
    catalog: the French rulebook's « Le verdict des gastronomes » in French)."""
    critics = next(s for s in sections(lang) if s.id == "critics")
    text = "\n".join(b.text for b in critics.blocks if b.kind == "text")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) == 1 + len(CRITICS_BANDS)
    for band, row in enumerate(rows[1:]):
        verdict = row.split("|")[3].strip()
        assert verdict == render(Msg(VERDICTS[band]), locale=lang), (lang, band)
        stars = row.split("|")[2].strip()
        assert stars.count("★") == int(CRITICS_BANDS[band][1]), (lang, band)
        assert render(Msg(STARS[band]), locale=lang)  # the stars in words exist too


def test_the_french_rules_quote_the_french_rulebook() -> None:
    text = " ".join((FOLDER / "fr.md").read_text(encoding="utf-8").replace("**", "").split())
    for quoted in (
        "Montrez-vous plus malin que les autres cuisiniers",
        "Choisissez 2 cartes de votre main et placez-les",
        "Un Bol est prêt à être servi si la somme des cartes qu’il contient est supérieure ou"
        " égale à 14",
        "Ces Bols sont simplement annulés",
        "Un plat réalisé à la perfection",
        "Le verdict des gastronomes",
    ):
        assert quoted in text, quoted


def phases() -> list[tuple[int, str, dict[str, object]]]:
    """A view of each phase of a game, in each player count (a random game to the end)."""
    from gametable.core import Rng

    found = []
    for players in (1, 2):
        state = GAME.new_state(players, seed=players)
        rng = Rng(players)
        seen: set[str] = set()
        while True:
            seat = state.to_act[0] if state.to_act else 0
            view = state.view(seat)
            if view["phase"] not in seen:
                seen.add(view["phase"])
                found.append((players, view["phase"], view))
            if state.is_over:
                break
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
    return found


def test_the_help_opens_the_section_for_the_decision_on_screen() -> None:
    ids = {s.id for s in sections("en")}
    said = {(players, phase): GAME.rules_section(view) for players, phase, view in phases()}
    assert said == {
        (1, "play"): "turn",
        (1, "take"): "turn",
        (1, "take2"): "end",  # the second Fridge card once the deck is empty
        (1, "over"): "critics",
        (2, "play"): "turn",
        (2, "take"): "turn",
        (2, "take2"): "end",
        (2, "over"): "scoring",
    }
    assert set(said.values()) <= ids
