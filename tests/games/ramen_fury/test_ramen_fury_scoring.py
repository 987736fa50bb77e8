"""Scoring of eaten bowls: every table entry and every example of the reference (§6, §8)."""

from __future__ import annotations

import pytest
from ramen_fury_helpers import cards, table

from gametable.games.ramen_fury.cards import COPIES, bowl_breakdown, bowl_points, shrimp_pairs


def pts(text: str, nori_in_fury: bool = True) -> int:
    return bowl_points(cards(text), nori_in_fury)


def test_deck_is_89_cards_as_listed():
    assert sum(COPIES) == 89
    assert COPIES[:5] == (6, 6, 6, 6, 3)  # 27 Flavor cards
    assert COPIES[5:12] == (6,) * 7
    assert COPIES[12:] == (8, 12)  # Nori, Chili


@pytest.mark.parametrize(
    ("bowl", "points"),
    [
        ("Sy", 0),
        ("Sy Ch Eg", 0),  # proteins do not count for Soy
        ("Sy Co", 2),
        ("Sy Co Co Co", 2),  # duplicates ignored
        ("Sy Co Mu", 5),
        ("Sy Co Mu Sc", 9),
        ("Sy Co Mu Sc To", 14),
    ],
)
def test_soy_sauce_scores_distinct_vegetable_types(bowl, points):
    assert pts(bowl) == points


@pytest.mark.parametrize(
    ("bowl", "points"),
    [
        ("Bf Co Mu", 0),  # vegetables do not count for Beef
        ("Bf Ch", 2),
        ("Bf Ch Ch", 2),
        ("Bf Ch Eg", 5),
        ("Bf Ch Eg Na", 9),
        ("Bf Ch Eg Na To", 14),
    ],
)
def test_beef_scores_distinct_protein_types(bowl, points):
    assert pts(bowl) == points


@pytest.mark.parametrize(
    ("bowl", "points"),
    [
        ("Sh Ch", 0),
        ("Sh Ch Co", 4),
        ("Sh Ch Eg Co", 4),  # one pair: Chashu+Eggs+Corn
        ("Sh Ch Co Eg Mu", 8),  # two pairs: the maximum
        ("Sh To To", 4),  # Tofu+Tofu: one on each side
        ("Sh Ch To", 4),  # Chashu+Tofu
        ("Sh Ch Co To To", 8),  # each Tofu takes its best side
        ("Sh To", 0),  # a Tofu counts on one side only, never both
        ("Sh Ch Eg Na To", 4),
    ],
)
def test_shrimp_scores_4_per_protein_vegetable_pair_with_tofu_on_one_side(bowl, points):
    assert pts(bowl) == points


def test_shrimp_pairs_formula_examples_of_the_reference():
    assert shrimp_pairs(0, 0, 2) == 1
    assert shrimp_pairs(1, 0, 1) == 1
    assert shrimp_pairs(2, 1, 0) == 1
    assert shrimp_pairs(1, 1, 2) == 2
    assert shrimp_pairs(0, 0, 1) == 0


@pytest.mark.parametrize(
    ("bowl", "points"),
    [
        ("Ck Ch Eg", 0),
        ("Ck Ch Ch", 6),
        ("Ck Ch Ch Eg Eg", 6),  # two pairs still score 6
        ("Ck Co Co Co", 10),
        ("Ck To To To To", 10),  # four of a kind: 10 (§8.8)
        ("Ck No No", 2),  # Nori never makes a pair: only +1 each
        ("Ck Cl Cl Ch", -2),  # nor does Chili
    ],
)
def test_chicken_scores_identical_regular_ingredients(bowl, points):
    assert pts(bowl) == points


@pytest.mark.parametrize(
    ("bowl", "points"),
    [
        ("Fy Cl", 2),
        ("Fy Cl Cl", 4),
        ("Fy Cl Cl Cl", 6),
        ("Fy Cl Cl Cl Cl", 8),
        ("Fy Ch Eg Co Mu", 0),  # regular ingredients are ignored
        ("Fy Cl Cl Cl No", 7),  # the reference's example: Fury + 3 Chili + 1 Nori = 7
    ],
)
def test_fury_scores_2_per_chili(bowl, points):
    assert pts(bowl) == points


def test_nori_in_fury_flag_off_ignores_nori_in_fury_bowls():
    assert pts("Fy Cl Cl Cl No", nori_in_fury=False) == 6
    assert pts("Sy Co No", nori_in_fury=False) == 3  # other flavors unaffected


@pytest.mark.parametrize(
    ("bowl", "points"),
    [
        ("Sy Co No", 3),
        ("Sy Co No No", 4),
        ("Sy Co Cl", 1),
        ("Bf Cl Cl", -2),  # a bowl score can be negative
        ("Sh Ch Co No Cl", 4),
    ],
)
def test_nori_plus_one_and_chili_minus_one_outside_fury(bowl, points):
    assert pts(bowl) == points


def test_breakdown_names_the_parts():
    parts = bowl_breakdown(cards("Sy Co Mu No Cl"))
    assert parts == {
        "flavor": "Sy",
        "basis": "vegetable_kinds",
        "count": 2,
        "ingredient": None,
        "base": 5,
        "nori": 1,
        "chili": -1,
        "points": 5,
    }


def test_only_eaten_bowls_score():
    state = table(
        2,
        bowls={"0.1": "Sy Co Mu Sc To", "0.2": "Bf Ch Eg Na To", "1.1": "Fy Cl Cl"},
        eaten=["0.1"],
    )
    assert state.seat_points(0) == 14
    assert state.seat_points(1) == 0


def _finish(state):
    state.phase = 4  # OVER
    return state.result()


def test_highest_total_wins():
    state = table(2, bowls={"0.1": "Sy Co", "1.1": "Sy Co Mu"}, eaten=["0.1", "1.1"])
    result = _finish(state)
    assert result.scores == (2, 5)
    assert result.ranks == (2, 1)
    assert result.tiebreak is None


def test_tie_broken_by_most_cards_eaten_counting_every_card():
    # Both 5 points; seat 1 ate 5 cards, seat 0 ate 4.
    state = table(2, bowls={"0.1": "Sy Co Mu Sc Cl", "1.1": "Sy Co Mu Co Co"}, eaten=["0.1", "1.1"])
    state.bowls[0] = cards("Sy Co Mu")
    state.discard[cards("Sc")[0]] += 1
    state.discard[cards("Cl")[0]] += 1
    result = _finish(state)
    assert result.scores == (5, 5)
    assert result.ranks == (2, 1)
    assert result.tiebreak == "most ingredient cards eaten"


def test_tiebreak_count_option_non_flavor_changes_the_winner():
    # Seat 0 ate two bowls (2 + 2 points, 4 cards, 2 of them non-Flavor);
    # seat 1 ate one bowl (4 points, 3 cards, 2 of them non-Flavor).
    bowls = {"0.1": "Sy Co", "0.2": "Bf Ch", "1.1": "Sh Ch Co"}
    result = _finish(table(2, bowls=bowls, eaten=["0.1", "0.2", "1.1"]))
    assert result.scores == (4, 4)
    assert result.ranks == (1, 2)
    assert result.tiebreak == "most ingredient cards eaten"
    state = table(2, bowls=bowls, eaten=["0.1", "0.2", "1.1"], tiebreak_count="non_flavor")
    result = _finish(state)
    assert result.ranks == (1, 1)
    assert result.tiebreak is None


def test_still_tied_is_a_shared_win():
    state = table(3, bowls={"0.1": "Sy Co", "1.1": "Bf Ch"}, eaten=["0.1", "1.1"])
    result = _finish(state)
    assert result.ranks == (1, 1, 3)
    assert result.winners == (0, 1)
    assert result.tiebreak is None


def test_three_way_tie_narrowed_but_not_decided_names_no_tiebreak():
    # "Tie -> the tied player who has eaten the most ingredient cards wins. Still tied -> the
    # game is a draw, and the tied players share the win": all on 4 points; seats 0 and 1 ate
    # 4 cards, seat 2 three; the win is shared and no tie-break decided it.
    bowls = {
        "0.1": "Sy Co", "0.2": "Bf Ch", "1.1": "Sy Co", "1.2": "Bf Ch", "2.1": "Sh Ch Co"
    }
    state = table(3, bowls=bowls, eaten=list(bowls))
    result = _finish(state)
    assert result.scores == (4, 4, 4)
    assert result.ranks == (1, 1, 3)
    assert result.winners == (0, 1)
    assert result.tiebreak is None
