"""Ramen! Ramen!: the scoring table, the seeds' worked examples, tie-breaks, teams, solo verdict."""

from __future__ import annotations

import pytest
from ramen_helpers import position

from gametable.games.ramen_ramen.cards import bowl_points, parse_card
from gametable.games.ramen_ramen.scoring import band_label, critics_band, critics_verdict


def bowl(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (("A7", "A6", "A5"), 0),  # 1 ingredient type
        (("A7", "C7"), 1),
        (("A7", "C7", "K0"), 2),
        (("A7", "C7", "K0", "M0"), 3),
        (("A7", "C7", "K0", "M0", "G0"), 5),
        (("A1", "C1", "K1", "M1", "G1", "N1"), 7),
        (("A1", "C1", "K1", "M1", "G1", "N1", "S1"), 10),
    ],
)
def test_scoring_table_points_by_distinct_ingredients(cards: tuple[str, ...], points: int) -> None:
    assert bowl_points(bowl(*cards)) == points


def test_seed_example_1_four_types_with_a_duplicate_scores_3() -> None:
    # Nori (1), Nori (4), Chashu (3), Shiitake (0), Negi (6) = 3 pts
    assert bowl_points(bowl("N1", "N4", "C3", "S0", "G6")) == 3


def test_seed_example_2_six_types_scores_7_whatever_the_values() -> None:
    # Nori (0), Chashu (0), Shiitake (0), Ajitama (2), Kamaboko (5), Menma (7) = 7 pts
    assert bowl_points(bowl("N0", "C0", "S0", "A2", "K5", "M7")) == 7


def test_seed_example_3_all_seven_types_scores_10() -> None:
    # Nori (0), Chashu (0), Shiitake (0), Ajitama (0), Kamaboko (2), Menma (3), Negi (0) = 10 pts
    assert bowl_points(bowl("N0", "C0", "S0", "A0", "K2", "M3", "G0")) == 10


def test_values_never_matter_for_scoring() -> None:
    assert bowl_points(bowl("A0", "C0", "K0")) == bowl_points(bowl("A7", "C7", "K7"))


def finished(players: int, served: list[list[list[str]]]):  # type: ignore[no-untyped-def]
    state = position(players, [[] for _ in range(players)], fridge=[], deck=[], served=served)
    assert state.is_over
    return state.result()


def test_most_points_wins() -> None:
    result = finished(
        2, [[["A0", "C0", "K0", "M0", "G0", "N0", "S0"]], [["A1", "C1", "K1", "M1", "G1", "N1"]]]
    )
    assert result.scores == (10, 7)
    assert result.ranks == (1, 2) and result.winners == (0,) and result.tiebreak is None


def test_tie_on_points_most_bowls_served_wins() -> None:
    result = finished(2, [[["A0", "C0"], ["A1", "C1"]], [["A2", "C2", "K2"]]])
    assert result.scores == (2, 2)
    assert result.winners == (0,) and result.tiebreak == "most bowls served"


def test_tie_on_points_and_bowls_fewest_cards_wins() -> None:
    result = finished(2, [[["A2", "C2", "K2", "A3"]], [["A0", "C0", "K0"]]])
    assert result.scores == (2, 2)
    assert result.winners == (1,) and result.tiebreak == "fewest cards in served bowls"


def test_tie_on_everything_is_a_shared_victory() -> None:
    result = finished(2, [[["A0", "C0", "K0"]], [["A1", "C1", "K1"]]])
    assert result.ranks == (1, 1) and result.winners == (0, 1) and result.tiebreak is None


def test_a_one_ingredient_bowl_scores_zero_but_counts_as_a_served_bowl_for_the_tiebreak() -> None:
    # FAQ: "a pitiful excuse for a Bowl of ramen, it does count towards total Bowls served".
    result = finished(2, [[["A7", "A6", "A1"]], []])
    assert result.scores == (0, 0)
    assert result.winners == (0,) and result.tiebreak == "most bowls served"


def test_three_way_tie_names_the_tiebreak_that_leaves_one_side_alone() -> None:
    # "ties: most bowls served, then fewest cards in served bowls ..., then a shared victory":
    # bowls leaves seats 1 and 2 (2 bowls each), cards then decides for seat 1 (5 < 6 cards).
    result = finished(
        3,
        [
            [["A0", "C0", "K0", "M0"]],
            [["A1", "C1"], ["K1", "M1", "G1"]],
            [["A2", "C2", "M2"], ["K2", "K3", "G2"]],
        ],
    )
    assert result.scores == (3, 3, 3)
    assert result.ranks == (3, 1, 2) and result.winners == (1,)
    assert result.tiebreak == "fewest cards in served bowls"


def test_three_way_tie_still_tied_after_the_tiebreaks_is_shared() -> None:
    # Seats 0 and 2 lead seat 1 on bowls and tie on cards: a shared victory, no tie-break named.
    result = finished(
        3,
        [
            [["A0", "C0"], ["K0", "M0"]],
            [["A1", "C1", "K1"]],
            [["A2", "C2"], ["K2", "M2"]],
        ],
    )
    assert result.scores == (2, 2, 2)
    assert result.ranks == (1, 3, 1) and result.winners == (0, 2)
    assert result.tiebreak is None


def test_the_three_player_game_the_independent_check_found_names_the_right_tiebreak() -> None:
    # `gametable simulate ramen-ramen -p 3 -s greedy,greedy,greedy -n 20 --seed 302`, game 16:
    # all three on 6 points, seats 1 and 2 on 4 bowls; seat 1 wins on fewer cards.
    from pathlib import Path

    from gametable.core.records import load, replay

    record = load(Path(__file__).parent / "data" / "three-way-tie.json")
    result = replay(record).result()
    assert result.scores == (6, 6, 6) and result.winners == (1,)
    assert result.tiebreak == "fewest cards in served bowls"


def test_three_players_rank_independently() -> None:
    result = finished(3, [[["A0", "C0", "K0"]], [["A1", "C1"]], [["A2", "C2", "K2", "M2"]]])
    assert result.scores == (2, 1, 3)
    assert result.ranks == (2, 3, 1)


def test_four_players_teams_total_their_bowls_and_teammates_share_score_and_rank() -> None:
    result = finished(4, [[["A0", "C0", "K0"], ["A1", "C1"]], [["A2", "C2", "K2", "M2"]]])
    assert result.scores == (3, 3, 3, 3)
    # Team A: 2 + 1 = 3 points in 2 bowls; Team B: 3 points in 1 bowl. Tie-break: bowls.
    assert result.ranks == (1, 2, 1, 2) and result.winners == (0, 2)
    assert result.tiebreak == "most bowls served"
    assert result.details["sides"][0]["name"] == "Team A"


@pytest.mark.parametrize(
    ("points", "stars"),
    [
        (0, 0.0),
        (37, 0.0),
        (38, 1.0),
        (43, 1.0),
        (44, 2.0),
        (47, 2.0),
        (48, 2.5),
        (52, 2.5),
        (53, 3.0),
        (55, 3.0),
        (56, 3.5),
        (57, 3.5),
        (58, 4.0),
        (59, 4.0),
        (60, 4.5),
        (61, 4.5),
        (62, 5.0),
        (80, 5.0),
    ],
)
def test_solo_critics_verdict_bands(points: int, stars: float) -> None:
    assert critics_verdict(points)[0] == stars


def test_solo_verdict_words_and_band_labels() -> None:
    assert critics_verdict(37)[1] == "Was that meant to be food?"
    assert critics_verdict(62)[1].startswith("A world-class gastronomic wonder")
    assert [band_label(b) for b in (0, 3, 8)] == ["< 38", "48–52", "> 61"]
    assert critics_band(50) == 3


def test_solo_result_reports_the_verdict_and_reveals_the_discards() -> None:
    state = position(
        1, [[]], fridge=[], deck=[], served=[[["A0", "C0", "K0", "M0", "G0", "N0", "S0"]] * 1]
    )
    result = state.result()
    assert result.scores == (10,) and result.winners == (0,)
    assert result.details["verdict"] == {"stars": 0.0, "quote": "Was that meant to be food?"}
    assert len(result.details["discards"]) == 56 - 7
