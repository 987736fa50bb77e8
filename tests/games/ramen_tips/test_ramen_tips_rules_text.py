"""Ramen (the tips game)'s rules inside the game (issue 30): ``rules/en.md``, ``fr.md`` and
``ja.md`` parse, hold the same sections in the same order and the same examples, each
example's cards are the game's and its facts are what the game itself makes of them (the
rulebook's end of game scores 27, 18 and 24 yen by the game's scoring), the translations
use the glossary's words, the terminal draws every example with the game's cards by name
(``TipsTextUI.render_example``), and the "?" opens the section for the decision on screen
(``rules_section``) in every phase, with 2 players (Grunchie) and with 3."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from gametable.cli.rules_command import draw_example
from gametable.core import get_game
from gametable.core.rng import Rng
from gametable.core.rules import Section, parse_rules
from gametable.core.words import Msg, render
from gametable.games.ramen_tips.cards import CARD_BY_NAME, LETTERS, TIP_BY_SLOT, strength
from gametable.games.ramen_tips.scoring import PlayerScore, score_game, tip_winner, type_totals
from gametable.games.ramen_tips.state import bowl_facts
from gametable.games.ramen_tips.words import achievement, achievements_all, ingredient

GAME = get_game("ramen-tips")
FOLDER = Path(__file__).parents[3] / "src/gametable/games/ramen_tips/rules"
LANGUAGES = ("en", "fr", "ja")
REQUIRED = (
    "overview", "setup", "round", "effects", "take", "bowls", "final-round", "scoring", "end",
    "grunchie", "narutos", "achievements", "variants", "examples",
)  # fmt: skip


RULEBOOK_ORDER = (
    "little_bowls", "employee_of_the_month", "millionaire", "salty", "noodle", "chef", "poser",
    "hikkikomori", "analysis", "paralysis",
)  # fmt: skip
"""The achievements in the rulebook's order, as the rules' table lists them."""


def sections(lang: str) -> list[Section]:
    path = FOLDER / f"{lang}.md"
    return parse_rules(path.read_text(encoding="utf-8"), str(path))


def section(lang: str, wanted: str) -> Section:
    return next(s for s in sections(lang) if s.id == wanted)


def examples(lang: str = "en") -> list[dict[str, Any]]:
    return [e for s in sections(lang) for e in s.examples()]


def without_caption(example: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in example.items() if k != "caption"}


def cards_of(example: dict[str, Any]) -> list[str]:
    """Every card an example shows."""
    found = list(example.get("cards", [])) + list(example.get("revealed", []))
    found += list(example.get("offer", []))
    for bowl in example.get("bowls", []):
        found += bowl
    for player in example.get("players", []):
        found += player.get("cards", [])
        for bowl in player.get("bowls", []):
            found += bowl
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_the_sections_of_the_english_in_its_order(lang: str) -> None:
    english = [s.id for s in sections("en")]
    assert english == list(REQUIRED)
    assert [s.id for s in sections(lang)] == english
    found, loaded = GAME.rules(lang)
    assert found == lang and [s.id for s in loaded] == english
    for s in sections(lang):
        assert s.title and s.blocks, (lang, s.id)
        assert any(b.kind == "text" for b in s.blocks), (lang, s.id)


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_each_language_has_the_same_examples_each_captioned_in_its_own_words(lang: str) -> None:
    for english, other in zip(sections("en"), sections(lang), strict=True):
        mine, theirs = english.examples(), other.examples()
        assert [without_caption(e) for e in theirs] == [without_caption(e) for e in mine]
        for a, b in zip(mine, theirs, strict=True):
            assert b["caption"] and b["caption"] != a["caption"], (lang, other.id)
    assert len(section(lang, "examples").examples()) == 5


def test_every_example_shows_the_games_own_cards_each_once() -> None:
    every = examples()
    assert len(every) == 12
    for example in every:
        shown = cards_of(example)
        assert shown or "tips" in example["players"][0], example
        assert all(c in CARD_BY_NAME for c in shown), example
        assert len(set(shown)) == len(shown), example
        for key in ("row", "after"):
            if key in example:
                assert sorted(example[key]) == sorted(LETTERS), example
        for bowl in example.get("bowls", []):
            assert len({c[0] for c in bowl}) == len(bowl), bowl  # one card per ingredient


def test_the_strength_example_is_in_the_games_order() -> None:
    example = section("en", "overview").examples()[0]
    slot_of = [example["row"].index(t) for t in LETTERS]
    ranked = sorted(example["cards"], key=lambda c: -strength(CARD_BY_NAME[c], slot_of))
    assert ranked == example["cards"] == ["C2", "N9", "Y1", "S9", "A9"]


def test_the_five_example_swaps_two_cards_and_the_order_follows() -> None:
    example = section("en", "effects").examples()[0]
    row, after = example["row"], example["after"]
    moved = [i for i in range(5) if row[i] != after[i]]
    assert len(moved) == 2 and {row[moved[0]], row[moved[1]]} == {"C", "S"}
    # the tips stay on their places: Sūpu now lies on the 7, Chāshū on the 4
    assert TIP_BY_SLOT[after.index("S")] == 7 and TIP_BY_SLOT[after.index("C")] == 4
    slot_of = [after.index(t) for t in LETTERS]
    ranked = sorted(example["revealed"], key=lambda c: -strength(CARD_BY_NAME[c], slot_of))
    assert ranked == ["S9", "S5", "N6"]


def test_the_bowl_examples_say_what_the_game_makes_of_each_bowl() -> None:
    bowls = section("en", "bowls").examples()[0]
    facts = [
        bowl_facts([CARD_BY_NAME[c] for c in cards], shoyu)
        for cards, shoyu in zip(bowls["bowls"], bowls["shoyu"], strict=True)
    ]
    assert [f["valid"] for f in facts] == [False, True, True]
    assert [f["cards"] for f in facts] == [1, 3, 7]
    assert all(f["shoyu"] <= f["shoyu_capacity"] for f in facts)
    assert facts[0]["face_value"] == 5  # subtracted: −5
    # The placement example: where each card may go (reference E5).
    take = section("en", "take").examples()[0]
    state = GAME.new_state(3, seed=1)
    state.bowls[0] = [[CARD_BY_NAME[c] for c in b] for b in take["bowls"]]
    state.masks[0] = [sum(1 << (CARD_BY_NAME[c] // 9) for c in b) for b in take["bowls"]]
    assert state.legal_bowls(0, CARD_BY_NAME["N2"]) == [1]
    assert state.legal_bowls(0, CARD_BY_NAME["C5"]) == [2]  # a new bowl
    assert state.legal_bowls(0, CARD_BY_NAME["Y7"]) == [0, 1]


def test_the_rulebooks_end_of_game_scores_by_the_games_scoring() -> None:
    example = section("en", "scoring").examples()[0]
    players = example["players"]
    slot_of = [example["row"].index(t) for t in LETTERS]
    bowls = [[[CARD_BY_NAME[c] for c in b] for b in p["bowls"]] for p in players]
    held = [sum(1 for b in p["bowls"] for c in b if c.endswith("9")) for p in players]
    assert [sum(p["shoyu"]) for p in players] == held  # one Shōyu per 9, all placed
    scores, _ = score_game(bowls, [p["shoyu"] for p in players], held, slot_of)
    assert [s.total for s in scores] == [p["yen"] for p in players] == [27, 18, 24]
    for lang in LANGUAGES:
        caption = section(lang, "scoring").examples()[0]["caption"]
        for number in ("27", "18", "24"):
            assert number in caption, (lang, number)


def test_the_tie_examples_are_decided_as_the_game_decides() -> None:
    tip = section("en", "examples").examples()[-1]
    cards = [[CARD_BY_NAME[c] for c in p["cards"]] for p in tip["players"]]
    scores = [PlayerScore(bowls=[(c, 0, True)]) for c in cards]
    assert tip_winner(type_totals(scores, LETTERS.index("C"))) == 1
    end = section("en", "end").examples()[0]
    assert end["players"][0]["yen"] == end["players"][1]["yen"]
    lowest = [min(p["tips"]) for p in end["players"]]
    assert lowest.index(min(lowest)) == 0


def drawn(example: dict[str, Any], lang: str) -> str:
    """An example as ``gametable rules`` prints it (the game's text UI draws it), on one
    line: every run of spaces one space, however the terminal wrapped it."""
    console = Console(width=1000, color_system=None, file=io.StringIO(), record=True)
    console.print(draw_example(GAME, example, lang))
    return flat(console.export_text())


def flat(text: str) -> str:
    return " ".join(text.split())


def say(lang: str, msg_id: str, **params: Any) -> str:
    return flat(render(Msg(msg_id, **params), locale=lang))


def in_order(text: str, pieces: list[str]) -> bool:
    """Whether ``text`` shows each of ``pieces``, one after the other."""
    at = 0
    for piece in pieces:
        found = text.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


def drawn_cards(example: dict[str, Any]) -> list[str]:
    """Every card of an example in the order the terminal draws them: the cards ranked, the
    offer, the revealed cards, the bowls, then each player's cards and bowls."""
    found = list(example.get("cards", [])) + list(example.get("offer", []))
    found += list(example.get("revealed", []))
    for bowl in example.get("bowls", []):
        found += bowl
    for player in example.get("players", []):
        found += player.get("cards", [])
        for bowl in player.get("bowls", []):
            found += bowl
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_draws_every_example_with_the_games_cards_by_name(lang: str) -> None:
    """Each example is drawn by the game's text UI (not only its caption): its preference
    rows with the tip on each place, its cards named as the catalog names them, in the
    example's order, its bowls with their Shōyu and what they count as, its players with
    their yen and tips — in the reader's language, with no notation ("C6") anywhere."""
    labels = ("ui.example.strongest", "ui.example.revealed", "ui.example.after", "ui.offer")
    english = [say("en", f"ramen_tips.{label}") for label in labels]
    english += [say("en", f"ramen_tips.{k}", number=1) for k in ("ui.example.player", "ui.bowl")]
    for example in examples(lang):
        text = drawn(example, lang)
        caption = flat(example["caption"])
        assert text.endswith(caption), example
        drawing = text.removesuffix(caption)
        assert drawing.strip(), f"only the caption: {caption}"
        assert not GAME.notation_tokens.search(text), text
        names = [say(lang, "ramen_tips.card", ingredient=ingredient(c[0]), value=int(c[1]))
                 for c in drawn_cards(example)]  # fmt: skip
        assert in_order(drawing, names), (lang, names, drawing)
        for key in ("row", "after"):
            if key in example:
                slots = [say(lang, "ramen_tips.ui.slot", ingredient=ingredient(t), tip=tip)
                         for t, tip in zip(example[key], TIP_BY_SLOT, strict=True)]  # fmt: skip
                assert in_order(drawing, slots), (lang, key, drawing)
        bowls = [(example.get("bowls", []), example.get("shoyu"))]
        bowls += [(p["bowls"], p.get("shoyu")) for p in example.get("players", []) if "bowls" in p]
        for cards, shoyu in bowls:
            labels = [say(lang, "ramen_tips.ui.bowl", number=i + 1) for i in range(len(cards))]
            assert in_order(drawing, labels), (lang, drawing)
            for count in shoyu or []:
                if count:
                    assert say(lang, "ramen_tips.ui.shoyu_count", count=count) in drawing
        for number, player in enumerate(example.get("players", []), 1):
            head = say(lang, "ramen_tips.ui.example.player", number=number)
            assert head in drawing, (lang, head)
            if "yen" in player:
                assert f"{head} {say(lang, 'ramen_tips.ui.yen', yen=player['yen'])}" in drawing
            if "tips" in player:
                tips = [Msg("ramen_tips.ui.yen", yen=y) for y in player["tips"]]
                assert say(lang, "ramen_tips.ui.example.tips", tips=tips) in drawing
            if player.get("cards") == []:
                assert f"{head} {say(lang, 'ramen_tips.none')}" in drawing
        if lang != "en":
            assert not [e for e in english if e in drawing], (lang, drawing)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_says_what_the_game_makes_of_each_bowl(lang: str) -> None:
    """The bowls of an example say what the rules make of them: in play, how many cards
    each lacks; at the end (with their Shōyu), a ramen of so many cards, or no ramen."""
    take = drawn(section(lang, "take").examples()[0], lang)
    assert say(lang, "ramen_tips.ui.missing", count=1) in take
    assert say(lang, "ramen_tips.ui.missing", count=2) in take
    bowls = drawn(section(lang, "bowls").examples()[0], lang)
    assert in_order(bowls, [say(lang, "ramen_tips.ui.invalid"),
                            say(lang, "ramen_tips.ui.ramen", count=3),
                            say(lang, "ramen_tips.ui.ramen", count=7)])  # fmt: skip
    assert say(lang, "ramen_tips.ui.missing", count=2) not in bowls


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_achievements_table_names_them_as_the_game_does(lang: str) -> None:
    """The names of the rules' table are those the end of a game gives (the catalog)."""
    text = "\n".join(b.text for b in section(lang, "achievements").blocks if b.kind == "text")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    names = [row.split("|")[1].strip() for row in rows[1:]]
    assert names == [render(achievement(k), locale=lang) for k in RULEBOOK_ORDER]
    assert sorted(RULEBOOK_ORDER) == sorted(achievements_all())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_variants_are_the_tables_options_by_their_names(lang: str) -> None:
    """Each option of the table is in the variants section, by the name the table gives it
    (the catalog's ``ramen_tips.option.<name>``)."""
    text = "\n".join(b.text for b in section(lang, "variants").blocks if b.kind == "text")
    named = [line.split("**")[1] for line in text.splitlines() if line.startswith("- **")]
    options = [spec.name for spec in GAME.option_specs]
    assert named == [render(Msg(f"ramen_tips.option.{name}"), locale=lang) for name in options]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ("cartes de préférence", "offre d’ingrédients", "pourboire", "cartes Shōyu",
                "Grunchie", "Naruto", "Chāshū", "Ajitama", "Sūpu", "Nūdoru", "Yasai")),
        ("ja", ("好みカード", "具材の場", "チップ", "醤油カード", "グランチー", "なると",
                "チャーシュー", "味玉", "スープ", "野菜", "ヌードル", "円")),
    ],
)  # fmt: skip
def test_the_translations_use_the_glossarys_words(lang: str, words: tuple[str, ...]) -> None:
    text = (FOLDER / f"{lang}.md").read_text(encoding="utf-8")
    for word in words:
        assert word in text, (lang, word)
    if lang == "ja":  # the ingredients in katakana and kanji, never in romaji
        for romaji in ("Chāshū", "Ajitama", "Sūpu", "Nūdoru", "Yasai", "Shōyu"):
            assert romaji not in text, romaji


def phases() -> dict[tuple[int, str, bool], str]:
    """What the "?" opens in each phase (and, for a take, in the final round or not), in
    random games of 2 and 3 players, until every phase has come up."""
    said: dict[tuple[int, str, bool], str] = {}
    for players in (2, 3):
        for seed in range(40):
            state = GAME.new_state(players, seed=seed)
            rng = Rng(seed)
            while True:
                seat = state.to_act[0] if state.to_act else 0
                view = state.view(seat)
                said[(players, view["phase"], view["final_round"])] = GAME.rules_section(view)
                if state.is_over:
                    break
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randbelow(len(legal))])
            if len({k[1] for k in said if k[0] == players}) == 6:
                break
    return said


def test_the_help_opens_the_section_for_the_decision_on_screen() -> None:
    ids = {s.id for s in sections("en")}
    said = phases()
    for players in (2, 3):
        assert said[(players, "choose", False)] == "round"
        assert said[(players, "choose", True)] == "round"
        assert said[(players, "exchange", False)] == "effects"
        assert said[(players, "swap", False)] == "effects"
        assert said[(players, "take", False)] == "take"
        assert said[(players, "take", True)] == "final-round"
        assert said[(players, "shoyu", True)] == "scoring"
        assert said[(players, "over", True)] == "scoring"
    assert set(said.values()) <= ids
