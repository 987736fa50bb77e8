"""Ramen (the tips game): end-of-game scoring, tips, Narutos, tie-breaks and achievements.

E6–E8 and E10 are the examples of the game's rules reference, §14 (not in this
repository); E6 reproduces the seed rulebook's final-score example (27 and 18 yen).
"""

from __future__ import annotations

import pytest

from gametable.core.words import render
from gametable.games.ramen_tips import GAME
from gametable.games.ramen_tips.cards import CARD_BY_NAME, SHOYU
from gametable.games.ramen_tips.scoring import score_game, tip_winner
from gametable.games.ramen_tips.state import OVER, TipsState
from gametable.games.ramen_tips.tables import make_state, set_bowls

C = CARD_BY_NAME.__getitem__


def slot_of(order: str) -> list[int]:
    out = [0] * 5
    for slot, letter in enumerate(order):
        out["CASNY".index(letter)] = slot
    return out


def cards(*bowls: str) -> list[list[int]]:
    return [[C(c) for c in b.split()] for b in bowls]


E6_BOWLS = [
    cards("S9 Y9 N1 C6", "S6 Y8 N2", "N3 C4 A6"),
    cards("S1 Y5 N4 C2 A1", "S3 N5 C3 A2", "S2"),
    cards("S8 Y1 N6 C1 A7", "Y3 S4 N8 A9", "Y2"),
]


def e6(p3_shoyu_bowl: int = 0, **flags: bool) -> list[int]:
    placed = [[2, 0, 0], [0, 0, 0], [1 if p3_shoyu_bowl == 0 else 0, 1 if p3_shoyu_bowl else 0, 0]]
    scores, _ = score_game(E6_BOWLS, placed, [2, 0, 1], slot_of("SYNCA"), **flags)
    return [ps.total for ps in scores]


def test_e6_seed_final_score_example_27_and_18() -> None:
    scores, tables = score_game(
        E6_BOWLS, [[2, 0, 0], [0, 0, 0], [1, 0, 0]], [2, 0, 1], slot_of("SYNCA")
    )
    p1, p2, p3 = scores
    assert (p1.valid, p1.largest, p1.tip_yen, p1.bonus, p1.penalty) == (3, 6, 5, 4, 0)
    assert p1.total == 27
    assert (p2.valid, p2.largest, p2.tip_yen, p2.bonus, p2.penalty) == (2, 5, 10, 0, 2)
    assert p2.total == 18
    assert p3.total == 24  # the seed prints 22: reference A22 (2x6 + 10 + 4 - 2 = 24)
    assert [t["winner"] for t in tables["tips"]] == [2, 1, 1, 0, 2]  # C A S N Y
    assert p1.lines() == [
        "1 | 3x6 = 18 yen",
        "2 | 5 yen tips (5 per N)",
        "3 | 4 yen (6/7/8: C6, S6, Y8, A6)",
        "4 | -0 yen (outside valid ramen: none)",
        "Total: 27 yen",
    ]


def test_e6_p3_with_shoyu_in_the_four_ingredient_bowl_scores_the_printed_22() -> None:
    assert e6(p3_shoyu_bowl=1)[2] == 22


def test_e6_spreading_the_two_shoyu_would_give_p1_only_15_plus() -> None:
    scores, _ = score_game(
        E6_BOWLS, [[1, 1, 0], [0, 0, 0], [1, 0, 0]], [2, 0, 1], slot_of("SYNCA")
    )
    assert scores[0].ramen_yen == 15


def test_e6_yasai_tip_ignores_invalid_bowls() -> None:
    _, tables = score_game(
        E6_BOWLS, [[2, 0, 0], [0, 0, 0], [1, 0, 0]], [2, 0, 1], slot_of("SYNCA")
    )
    yasai = tables["tips"][4]
    assert yasai["totals"] == [17, 5, 4] and yasai["winner"] == 2 and yasai["yen"] == 6


def test_bonus_counts_invalid_option() -> None:
    bowls = [cards("C6 A7", "S1 N2 Y3")]
    default, _ = score_game(bowls, [[0, 0]], [0], slot_of("CASNY"))
    flagged, _ = score_game(bowls, [[0, 0]], [0], slot_of("CASNY"), bonus_counts_invalid=True)
    assert default[0].bonus == 0 and flagged[0].bonus == 2
    assert default[0].penalty == 13


def test_shoyu_counts_for_validity_option() -> None:
    bowls = [cards("C6 A7", "S1 N2 Y3")]
    default, _ = score_game(bowls, [[1, 0]], [1], slot_of("CASNY"))
    strict, _ = score_game(bowls, [[1, 0]], [1], slot_of("CASNY"), shoyu_counts_for_validity=False)
    assert default[0].valid == 2 and default[0].largest == 3 and default[0].penalty == 0
    assert strict[0].valid == 1 and strict[0].penalty == 13


def test_e7_tip_tie_goes_to_the_highest_card_of_that_type() -> None:
    # Chāshū: P1 {C3, C4} = 7, P2 {C7} = 7, P3 {C9} = 9, P4 none.
    totals = [(7, 2, C("C4")), (7, 1, C("C7")), (9, 1, C("C9")), (0, 0, -1)]
    assert tip_winner(totals) == 1


def test_tip_goes_to_nobody_when_no_one_has_the_type() -> None:
    assert tip_winner([(0, 0, -1), (0, 0, -1)]) is None


def test_a_player_without_the_type_does_not_win_its_tip_with_zero() -> None:
    bowls = [cards("C3 A4 S5"), cards("C9 A8 S7 N1")]
    _, tables = score_game(bowls, [[0], [0]], [0, 0], slot_of("CASNY"))
    assert tables["tips"][3]["winner"] == 1  # only P2 has Nūdoru
    assert tables["tips"][4]["winner"] is None  # Yasai: nobody


def _finished(players: int, bowls: list[list[str]], shoyu: list[int] | None = None,
              placed: list[list[int]] | None = None, order: str = "CASNY",
              **options: object) -> TipsState:
    s = make_state(players, order, **options)  # type: ignore[arg-type]
    for seat, bs in enumerate(bowls):
        set_bowls(s, seat, [b.split() for b in bs])  # type: ignore[attr-defined]
    s.hands = [[] for _ in range(players)]
    s.shoyu = shoyu or [0] * players
    s.placed = placed or [[0] * len(s.bowls[p]) for p in range(players)]
    s.phase = OVER
    s.result_cache = s._compute_result()
    return s


def test_e8_lowest_tip_token_decides_a_tie_on_yen() -> None:
    # P1 holds the 7 and 3 tokens, P2 the 5: P1's 3 is the lowest token, P1 wins.
    from gametable.core.game import rank_by_keys

    ranks, decided = rank_by_keys([(20, 10 - 3), (20, 10 - 5)], ["yen", "lowest tip token"])
    assert ranks == (1, 2) and decided == "lowest tip token"


def test_tips_follow_lowest_totals_on_small_tables() -> None:
    # Order CASNY: tips C7 A6 S5 N4 Y3. Each table: 1 valid bowl of 3 (3 yen) each.
    s = _finished(2, [["C1 A2 S3"], ["C2 A1 S4"]])
    # C -> P1 (7); A -> P2 (6); S -> P1 (5). P1 = 3 + 12, P2 = 3 + 6
    assert s.result().scores == (15, 9)
    z = _finished(2, [["C2 A1 Y1", "N9 S9 A9"], ["C1 A2 S1", "Y9 N8 A8"]])
    # A: 1+9 = 10 vs 2+8 = 10, a tie -> highest Ajitama: P1's A9 -> P1 (6).
    # C -> P2 (7); Y: 1 vs 9 -> P1 (3); S: 9 vs 1 -> P2 (5); N: 9 vs 8 -> P2 (4)
    # P1 = 2x3 + 6 + 3 = 15; P2 = 2x3 + 7 + 5 + 4 + 2 (N8, A8) = 24
    assert z.result().scores == (15, 24)
    assert z.result().details["tips"][1]["winner"] == 0


def test_tied_players_lowest_tip_wins_and_shared_option() -> None:
    # Order CASNY (tips C7 A6 S5 N4 Y3).
    # P1: {C1 S8 N8} -> C tip 7; 3 + 7 + 2 = 12.
    # P2: {A1 Y1 S2 N9} -> A 6, Y 3, S? S2 vs S8 -> P2 (5), N: 9 vs 8 -> P1 (4)...
    bowls = [["C1 A9 Y9"], ["C2 A8 Y8"]]
    # C -> P1 (7); A: 9 vs 8 -> P2 (6); Y: 9 vs 8 -> P2 (3).
    # P1 = 3 + 7 = 10; P2 = 3 + 9 + 2 = 14. Add a penalty card to P2: {S4} invalid.
    s = _finished(2, [bowls[0], [*bowls[1], "S4"]])
    # S4 invalid: -4 -> P2 = 10. Tie at 10: P1 holds the 7, P2 the 6 and 3 -> P2's 3 lowest.
    res = s.result()
    assert res.scores == (10, 10)
    assert res.ranks == (2, 1) and res.tiebreak == "lowest tip token"
    shared = _finished(2, [bowls[0], [*bowls[1], "S4"]], tiebreak="shared")
    assert shared.result().ranks == (1, 1) and shared.result().tiebreak is None


def test_tied_players_without_tips_share_the_win() -> None:
    s = _finished(3, [["C9"], ["A9"], ["S1 N1 Y1"]])
    res = s.result()
    # P3 wins everything; P1 and P2 both -9 with no tip: they share second place.
    assert res.ranks[0] == res.ranks[1] == 2


def test_e10_narutos_highest_total_ties_give_nobody() -> None:
    p1 = cards("C9 A1 S1", "C3 Y9 N1")
    p2 = cards("C8 A2 S2", "C4 Y5 N2", "Y9 A3 S3")
    p3 = cards("C5 A4 S5")
    scores, tables = score_game(
        [p1, p2, p3], [[0, 0], [0, 0, 0], [0]], [2, 1, 0], slot_of("CASNY"),
        narutos=[0, 4, SHOYU],
    )
    rows = {r["kind"]: r for r in tables["narutos"]}
    assert rows["C"]["amounts"] == [12, 12, 5] and rows["C"]["winner"] is None
    assert rows["Y"]["amounts"] == [9, 14, 0] and rows["Y"]["winner"] == 1
    assert rows["Shōyu"]["amounts"] == [2, 1, 0] and rows["Shōyu"]["winner"] == 0
    assert scores[1].naruto_yen == 3 and scores[0].naruto_yen == 3 and scores[2].naruto_yen == 0


def test_achievements_reported_in_the_result() -> None:
    s = _finished(
        2,
        [["C1 A1 S1", "C2 A2 S2", "C3 N1", "A3 N2", "S3"], ["C9 A9 S9 N9 Y9"]],
        shoyu=[4, 0],
        placed=[[0, 0, 1, 1, 0], [0]],
    )
    s.analysis[0] = 1
    s.paralysis[1] = 1
    res = s._compute_result()
    got = [p["achievements"] for p in res.details["players"]]
    assert "little_bowls" in got[0] and "salty" in got[0] and "analysis" in got[0]
    assert "paralysis" in got[1] and "analysis" not in got[1]
    winner = res.winners[0]
    assert "noodle" in got[winner]


def test_employee_of_the_month_and_millionaire() -> None:
    s = _finished(2, [["C6 A6 S6 N6 Y6", "C7 A7 S1"], ["C9"]])
    res = s.result()
    got = res.details["players"][0]["achievements"]
    assert "employee_of_the_month" in got and "millionaire" in got


@pytest.mark.parametrize("tiebreak", ["lowest_tip", "shared"])
def test_the_result_is_told_line_by_line_as_the_rulebook_scores(tiebreak: str) -> None:
    # The result holds data (issue 29); the breakdown is told in words from it.
    s = _finished(3, [["C1 A1 S1"], ["A9"], ["N3 Y3"]], tiebreak=tiebreak)
    player = s.result().details["players"][0]
    assert "lines" not in player
    lines = [render(m) for m in GAME.words.breakdown(player)]
    assert lines[0] == "1 | 1 × 3 = 3 yen" and lines[-1] == f"Total: {player['total']} yen"
