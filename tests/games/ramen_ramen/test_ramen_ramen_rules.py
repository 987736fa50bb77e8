"""Ramen! Ramen!: every rule, FAQ answer and resolution of the rules reference, one test each.

Reference: the game's rules reference and the two seed rulebooks it cites (neither is in
this repository; docs/rules/ramen-ramen.md records how gametable plays them).
"""

from __future__ import annotations

import pytest
from ramen_helpers import all_cards, position, snapshot

from gametable.core import IllegalAction, get_game
from gametable.games.ramen_ramen.cards import CARD_NAMES, DECK, INGREDIENTS, parse_card
from gametable.games.ramen_ramen.state import Play, RamenState, Take

GAME = get_game("ramen-ramen")


def c(name: str) -> int:
    return parse_card(name)


def play(*pairs: tuple[str, int]) -> Play:
    """A play in bowl numbers 1–3, as people write it."""
    return Play(tuple(sorted((c(card), bowl - 1) for card, bowl in pairs)))


def take(name: str) -> Take:
    return Take(c(name))


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[x] for x in cards]


# -- components and setup ---------------------------------------------------------------


def test_components_56_cards_one_of_each_ingredient_and_value() -> None:
    assert len(DECK) == 56
    assert len(INGREDIENTS) == 7
    assert {(x >> 3, x & 7) for x in DECK} == {(i, v) for i in range(7) for v in range(8)}


@pytest.mark.parametrize(("players", "deck"), [(2, 44), (3, 40), (4, 36)])
def test_setup_deals_four_cards_each_and_a_fridge_of_four(players: int, deck: int) -> None:
    state = GAME.new_state(players, seed=11)
    assert isinstance(state, RamenState)
    assert [len(h) for h in state.hands] == [4] * players
    assert len(state.fridge) == 4
    assert len(state.deck) == deck
    assert state.discards == []


def test_solo_setup_discards_four_cards_face_down_leaving_52_in_play() -> None:
    state = GAME.new_state(1, seed=3)
    assert isinstance(state, RamenState)
    assert len(state.discards) == 4
    assert len(state.hands[0]) + len(state.fridge) + len(state.deck) == 52
    # The discards are the top four cards of the shuffled deck, before the hand is drawn.
    assert names(state.discards) == state.setup["deck"][:4]


def test_same_seed_same_deal_and_different_seed_different_deal() -> None:
    a, b, other = (GAME.new_state(2, seed=s) for s in (5, 5, 6))
    assert a.setup == b.setup
    assert a.setup != other.setup


def test_first_player_option_chooses_who_starts() -> None:
    assert GAME.new_state(3, seed=1, first_player=2).to_act == (2,)
    assert GAME.new_state(3, seed=1, first_player=0).to_act == (0,)


def test_three_bowl_places_start_empty_and_playing_into_an_empty_place_starts_a_bowl() -> None:
    state = position(
        2, [["A0", "C0", "K0", "M0"], ["A1", "C1", "K1", "M1"]], fridge=["N0", "N1", "N2", "N3"]
    )
    assert [len(b) for b in state.bowls] == [0, 0, 0]
    state.apply(0, play(("A0", 1), ("C0", 3)))
    assert (
        names(state.bowls[0]) == ["A0"] and state.bowls[1] == [] and names(state.bowls[2]) == ["C0"]
    )


# -- step 1: play two cards into two different bowls --------------------------------------


def _duel() -> RamenState:
    return position(
        2,
        [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["S0"], ["S1"], []],
    )


def test_play_two_cards_into_two_different_bowls() -> None:
    state = _duel()
    state.apply(0, play(("A0", 1), ("C1", 2)))
    assert names(state.bowls[0]) == ["S0", "A0"]
    assert names(state.bowls[1]) == ["S1", "C1"]
    assert names(state.hands[0]) == ["K2", "M3"]


def test_a_play_written_with_lists_plays_like_the_tuple_one() -> None:
    # API users may build a Play from lists (e.g. decoded JSON); it is a Play like any other.
    by_lists, by_tuples = _duel(), _duel()
    a0, c1 = parse_card("A0"), parse_card("C1")
    by_lists.apply(0, Play([[a0, 1], [c1, 2]]))  # type: ignore[arg-type]
    by_tuples.apply(0, Play(((a0, 1), (c1, 2))))
    assert snapshot(by_lists) == snapshot(by_tuples)


def test_both_cards_into_the_same_bowl_is_illegal_and_changes_nothing() -> None:
    state = _duel()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="two different bowls"):
        state.apply(0, play(("A0", 1), ("C1", 1)))
    assert snapshot(state) == before


def test_playing_one_card_while_holding_several_is_illegal() -> None:
    state = _duel()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="exactly 2 cards"):
        state.apply(0, play(("A0", 1)))
    assert snapshot(state) == before


def test_a_card_not_in_hand_is_illegal_and_named() -> None:
    state = _duel()
    before = snapshot(state)
    with pytest.raises(
        IllegalAction,
        match=r"Ajitama 4 is not in your hand \(your hand: Ajitama 0, Chashu 1, Kamaboko 2, "
        r"and Menma 3\)",
    ):
        state.apply(0, play(("A4", 1), ("C1", 2)))
    assert snapshot(state) == before


def test_only_the_seat_to_act_may_play() -> None:
    state = _duel()
    with pytest.raises(IllegalAction, match="it is not your turn: Seat 0 is to play"):
        state.apply(1, play(("A4", 1), ("C5", 2)))


def test_take_is_not_a_play_and_play_is_not_a_take() -> None:
    state = _duel()
    with pytest.raises(IllegalAction, match="first play two cards"):
        state.apply(0, take("N0"))
    state.apply(0, play(("A0", 1), ("C1", 2)))
    with pytest.raises(IllegalAction, match="take a card from the Fridge"):
        state.apply(0, play(("K2", 1), ("M3", 2)))


def test_legal_plays_are_every_pair_of_cards_into_every_ordered_pair_of_bowls() -> None:
    state = _duel()
    legal = state.legal_actions(0)
    assert len(legal) == 6 * 6  # C(4, 2) pairs of cards × 3·2 placements
    assert len(set(legal)) == len(legal)
    assert state.legal_actions(1) == []


# -- step 2: serve -----------------------------------------------------------------------


def test_bowl_reaching_a_sum_of_14_is_served_to_the_active_player_in_two_players() -> None:
    state = position(
        2,
        [["C7", "K0", "A1", "A2"], ["A3", "A4", "A5", "A6"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["S7"], [], []],
    )
    state.apply(0, play(("C7", 1), ("K0", 2)))
    assert [names(list(b)) for b in state.served[0]] == [["S7", "C7"]]
    assert state.bowls[0] == [] and names(state.bowls[1]) == ["K0"]


def test_a_sum_of_13_is_not_served() -> None:
    state = position(
        2,
        [["C6", "K0", "A1", "A2"], ["A3", "A4", "A5", "A6"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["S7"], [], []],
    )
    state.apply(0, play(("C6", 1), ("K0", 2)))
    assert state.served == [[], []]
    assert state.bowl_sum[0] == 13


def test_a_bowl_with_all_seven_ingredients_is_served_although_its_sum_is_below_14() -> None:
    # The seed's third scoring example: Nori 0, Chashu 0, Shiitake 0, Ajitama 0,
    # Kamaboko 2, Menma 3, Negi 0 = 10 points, served on 7 types with a sum of 5.
    state = position(
        2,
        [["G0", "A1", "K1", "M1"], ["A3", "A4", "A5", "A6"]],
        fridge=["N1", "N2", "N3", "N4"],
        bowls=[["N0", "C0", "S0", "A0", "K2", "M3"], [], []],
    )
    state.apply(0, play(("G0", 1), ("A1", 2)))
    assert len(state.served[0]) == 1
    assert sorted(names(list(state.served[0][0]))) == sorted(
        ["N0", "C0", "S0", "A0", "K2", "M3", "G0"]
    )


def test_serving_waits_until_both_cards_are_played_so_no_bowl_is_served_and_restarted() -> None:
    # FAQ: "Is a player able to play into a Bowl that was already served this turn? No."
    # The first card makes bowl 1 ready; the second card cannot land in a fresh bowl 1.
    state = position(
        2,
        [["C7", "K7", "A1", "A2"], ["A3", "A4", "A5", "A6"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["S7"], ["M7"], []],
    )
    state.apply(0, play(("C7", 1), ("K7", 2)))
    served = sorted(sorted(names(list(b))) for b in state.served[0])
    assert served == [["C7", "S7"], ["K7", "M7"]]
    assert state.bowls == [[], [], []]


def test_several_bowls_can_be_served_in_one_turn_and_serving_is_not_optional() -> None:
    state = position(
        2,
        [["C7", "K7", "A1", "A2"], ["A3", "A4", "A5", "A6"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["S7"], ["M7"], []],
    )
    legal = state.legal_actions(0)
    assert all(isinstance(a, Play) for a in legal)  # no "serve or not" choice exists
    state.apply(0, play(("C7", 1), ("K7", 2)))
    assert len(state.served[0]) == 2


def test_three_players_each_bowl_is_served_to_the_player_it_stands_before() -> None:
    # Seat 0 plays the card that makes bowl 2 (seat 1's) ready: seat 1 receives it.
    state = position(
        3,
        [["C7", "K0", "A1", "A2"], ["A3", "A4", "A5", "A6"], ["G1", "G2", "G3", "G4"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[[], ["S7"], []],
    )
    state.apply(0, play(("C7", 2), ("K0", 1)))
    assert state.served[0] == [] and len(state.served[1]) == 1 and state.served[2] == []


def test_four_players_team_bowl_scores_for_its_team_whoever_serves_it() -> None:
    # Rulebook: if a Team A player makes Team B's bowl ready, Team B gets it.
    # Place 3 (index 2) is Team B's; seat 0 is A1.
    state = position(
        4,
        [
            ["C7", "K0", "A1", "A2"],
            ["A3", "A4", "A5", "A6"],
            ["G1", "G2", "G3", "G4"],
            ["G5", "G6", "G7", "G0"],
        ],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[[], [], ["S7"]],
    )
    state.apply(0, play(("C7", 3), ("K0", 1)))
    assert state.served[0] == [] and len(state.served[1]) == 1


def test_four_players_communal_bowl_scores_for_the_team_of_the_player_who_served_it() -> None:
    state = position(
        4,
        [
            ["A3", "A4", "A5", "A6"],
            ["C7", "K0", "A1", "A2"],
            ["G1", "G2", "G3", "G4"],
            ["G5", "G6", "G7", "G0"],
        ],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["S7"], [], []],
        current=1,
    )
    state.apply(1, play(("C7", 1), ("K0", 2)))  # seat 1 is B1
    assert state.served[0] == [] and len(state.served[1]) == 1


def test_four_players_turn_order_alternates_teams_a1_b1_a2_b2() -> None:
    state = GAME.new_state(4, seed=2, first_player=0)
    order = []
    while len(order) < 5:
        seat = state.to_act[0]
        if not order or order[-1] != seat:
            order.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert order == [0, 1, 2, 3, 0]


# -- steps 3 to 5 ------------------------------------------------------------------------


def test_take_one_fridge_card_then_refill_the_fridge_then_draw_back_to_four() -> None:
    state = position(
        2,
        [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]],
        fridge=["N0", "N1", "N2", "N3"],
        deck=["S5", "S6", "S7"],
    )
    state.apply(0, play(("A0", 1), ("C1", 2)))
    assert state.to_act == (0,)
    state.apply(0, take("N2"))
    assert names(state.hands[0]) == sorted(["K2", "M3", "N2", "S6"])  # S5 refilled, S6 drawn
    assert sorted(names(state.fridge)) == ["N0", "N1", "N3", "S5"]
    assert names(state.deck) == ["S7"] and state.to_act == (1,)


def test_taking_a_card_not_in_the_fridge_is_illegal_and_changes_nothing() -> None:
    state = _duel()
    state.apply(0, play(("A0", 1), ("C1", 2)))
    before = snapshot(state)
    with pytest.raises(
        IllegalAction,
        match=r"Shiitake 5 is not in the Fridge \(the Fridge holds Nori 0, Nori 1, Nori 2, "
        r"and Nori 3\)",
    ):
        state.apply(0, take("S5"))
    assert snapshot(state) == before


def test_empty_deck_skips_refill_and_draw_and_a_second_fridge_card_replaces_the_draw() -> None:
    # FAQ: "If the draw pile is empty, select 1 card from the Fridge to add to your hand instead."
    state = position(
        2,
        [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]],
        fridge=["N0", "N1", "N2", "N3"],
        deck=[],
    )
    state.apply(0, play(("A0", 1), ("C1", 2)))
    state.apply(0, take("N0"))
    assert state.to_act == (0,) and state.phase == 2
    assert [a for a in state.legal_actions(0)] == [take("N1"), take("N2"), take("N3")]
    state.apply(0, take("N3"))
    assert names(state.hands[0]) == ["K2", "M3", "N0", "N3"]
    assert names(state.fridge) == ["N1", "N2"] and state.to_act == (1,)


def test_a_deck_of_one_card_refills_the_fridge_then_a_second_fridge_card_replaces_the_draw() -> (
    None
):
    state = position(
        2,
        [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]],
        fridge=["N0", "N1", "N2", "N3"],
        deck=["S7"],
    )
    state.apply(0, play(("A0", 1), ("C1", 2)))
    state.apply(0, take("N0"))
    assert state.deck == [] and "S7" in names(state.fridge)
    state.apply(0, take("S7"))
    assert "S7" in names(state.hands[0]) and state.to_act == (1,)


def test_an_empty_fridge_skips_step_3() -> None:
    state = position(2, [["A0", "C1"], ["A4", "C5"]], fridge=[], deck=[])
    state.apply(0, play(("A0", 1), ("C1", 2)))
    assert state.to_act == (1,)


def test_a_single_card_in_hand_is_played_into_one_bowl() -> None:
    # FAQ (solo), applied to every mode by the reference.
    state = position(2, [["A0"], ["A4", "C5"]], fridge=["N0"], deck=[])
    assert state.legal_actions(0) == [play(("A0", b)) for b in (1, 2, 3)]
    with pytest.raises(IllegalAction, match="exactly 1 card"):
        state.apply(0, play(("A0", 1), ("A4", 2)))
    state.apply(0, play(("A0", 2)))
    assert names(state.bowls[1]) == ["A0"]
    state.apply(0, take("N0"))
    assert names(state.hands[0]) == ["N0"]


def test_an_empty_hand_still_takes_from_the_fridge() -> None:
    state = position(2, [[], ["A4", "C5"]], fridge=["N0", "N1"], deck=[])
    assert state.to_act == (0,) and state.legal_actions(0) == [take("N0"), take("N1")]
    state.apply(0, take("N0"))
    state.apply(0, take("N1"))
    assert names(state.hands[0]) == ["N0", "N1"]


def test_a_player_with_nothing_to_play_and_nothing_to_take_is_skipped() -> None:
    state = position(3, [["A0", "C1"], [], ["A4", "C5"]], fridge=[], deck=[])
    state.apply(0, play(("A0", 1), ("C1", 2)))
    assert state.to_act == (2,)


# -- end of the game ---------------------------------------------------------------------


def test_game_ends_when_deck_fridge_and_hands_are_empty_and_unserved_bowls_score_nothing() -> None:
    state = position(2, [["A0", "C1"], []], fridge=[], deck=[], bowls=[["S5"], ["S1"], []])
    state.apply(0, play(("A0", 1), ("C1", 2)))
    assert state.is_over and state.to_act == ()
    result = state.result()
    assert result.scores == (0, 0)
    assert result.details["unserved"] == [["S5", "A0"], ["S1", "C1"]]


def test_actions_after_the_end_are_illegal() -> None:
    state = position(2, [["A0", "C1"], []], fridge=[], deck=[])
    state.apply(0, play(("A0", 1), ("C1", 2)))
    with pytest.raises(IllegalAction, match="over"):
        state.apply(1, take("N0"))
    assert state.legal_actions(0) == []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_mode_plays_to_the_end_with_every_card_accounted_for(players: int) -> None:
    for seed in range(20):
        state = GAME.new_state(players, seed=seed)
        assert isinstance(state, RamenState)
        full = all_cards(state)
        assert sorted(full.elements()) == list(DECK)
        steps = 0
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[(seed * 7 + steps) % len(legal)])
            assert all_cards(state) == full
            steps += 1
        # 56 cards (52 in solo) were all played, or discarded unserved at the end.
        played = sum(len(b) for side in state.served for b in side) + sum(
            len(b) for b in state.bowls
        )
        assert played == (52 if players == 1 else 56)
        assert (
            state.hands == [[] for _ in range(players)] and state.deck == [] and state.fridge == []
        )
