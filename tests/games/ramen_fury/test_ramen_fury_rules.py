"""The rules of Ramen Fury, one test per rule: given this table, when this happens, then that."""

from __future__ import annotations

import pytest
from ramen_fury_helpers import act, cards, legal_texts, snapshot, table

from gametable.core.errors import IllegalAction, NotationError, OptionError
from gametable.games.ramen_fury import GAME, Discard, Draw, Place, Prep, Spoon
from gametable.games.ramen_fury.cards import CHILI, CODES, COPIES, NORI

# -- components and setup ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "deck"), [(2, 79), (3, 76), (4, 73), (5, 70)])
def test_setup_deals_three_cards_each_four_to_the_pantry_and_the_rest_to_the_deck(players, deck):
    state = GAME.new_state(players, seed=3)
    assert state.hand_sizes == [3] * players
    assert len(state.pantry) == 4 and all(k >= 0 for k in state.pantry)
    assert len(state.deck) == deck
    assert state.spoons == [2] * players
    assert len(state.bowls) == 3 * players and not any(state.bowls)
    assert state.card_counts() == list(COPIES)
    assert state.phase == 0 and state.actions_left == 2


def test_setup_deals_from_the_top_of_the_listed_deck_in_seat_order():
    setup = GAME.random_setup(2, __import__("gametable.core.rng", fromlist=["Rng"]).Rng(5), {})
    state = GAME.state_from_setup(2, setup, GAME.resolve_options(2))
    order = cards(" ".join(setup["deck"]))
    assert state.hands[0] == [order[:3].count(k) for k in range(14)]
    assert state.hands[1] == [order[3:6].count(k) for k in range(14)]
    assert state.pantry == order[6:10]
    assert state.deck[-1] == order[10]


def test_invalid_setups_are_rejected():
    setup = GAME.random_setup(2, __import__("gametable.core.rng", fromlist=["Rng"]).Rng(1), {})
    options = GAME.resolve_options(2)
    with pytest.raises(ValueError, match="89"):
        GAME.state_from_setup(2, {**setup, "deck": setup["deck"][1:]}, options)
    with pytest.raises(ValueError, match="first_player"):
        GAME.state_from_setup(2, {**setup, "first_player": 2}, options)
    with pytest.raises(ValueError, match="card code"):
        GAME.state_from_setup(2, {**setup, "deck": ["Zz", *setup["deck"][1:]]}, options)


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players_only(players):
    with pytest.raises(OptionError):
        GAME.new_state(players)


def test_first_player_option_and_seeded_first_player():
    assert GAME.new_state(4, seed=1, first_player=3).current == 3
    assert GAME.new_state(4, seed=9).current == GAME.new_state(4, seed=9).current


def test_basic_variant_has_66_cards_without_fury_nori_chili():
    state = GAME.new_state(2, seed=1, basic=True)
    assert sum(state.card_counts()) == 66
    assert state.card_counts()[NORI] == state.card_counts()[CHILI] == 0


# -- turn structure ------------------------------------------------------------------------


def test_a_turn_is_exactly_two_actions_then_it_passes():
    state = table(2, hands=["Ch Eg Co", "Na Mu Sc"])
    act(state, "prep Ch>1")
    assert state.current == 0 and state.actions_left == 1
    act(state, "prep Eg>1")
    assert state.current == 1 and state.actions_left == 2


def test_the_same_action_may_be_taken_twice():
    state = table(2, hands=["Ch Eg Co", "Na Mu Sc"])
    act(state, "draw deck")
    act(state, "draw deck")
    assert state.current == 1
    assert state.hand_sizes[0] == 5


def test_after_two_actions_a_free_play_is_offered_with_end_turn():
    state = table(2, hands=["Ch Eg Cl", "Na Mu Sc"])
    act(state, "prep Ch>1")
    act(state, "prep Eg>1")
    assert state.phase_name() if hasattr(state, "phase_name") else True
    assert state.view(0)["phase"] == "free"
    legal = legal_texts(state)
    assert "end" in legal and "place Cl>1.1" in legal and "place Cl>0.1" in legal
    assert not any(t.startswith(("prep", "draw")) for t in legal)
    act(state, "end")
    assert state.current == 1


def test_free_play_costs_no_action_and_may_target_any_players_bowl():
    state = table(2, hands=["Cl No Ch", "Na Mu Sc"], bowls={"1.2": "Bf Ch"})
    act(state, "place Cl>1.2")
    act(state, "place No>0.3")
    assert state.actions_left == 2
    assert state.bowls[4] == cards("Bf Ch Cl")
    assert state.bowls[2] == cards("No")


def test_free_play_respects_the_cap_and_eaten_bowls():
    state = table(2, hands=["Cl Ch Eg", ""], bowls={"1.1": "Bf Ch Eg Na To", "1.2": "Sy Co"},
                  eaten=["1.2"])
    before = snapshot(state)
    for text in ("place Cl>1.1", "place Cl>1.2"):
        with pytest.raises(IllegalAction):
            act(state, text)
    assert snapshot(state) == before
    assert "place Cl>1.3" in legal_texts(state)


def test_only_nori_and_chili_are_free_plays():
    state = table(2, hands=["Ch Eg Co", ""])
    free = "only Nori Garnish and Chili Peppers can be placed for free"
    with pytest.raises(IllegalAction, match=free):
        state.apply(0, Place(cards("Ch")[0], 1, 0))


def test_after_the_actions_a_free_play_then_the_turn_ends_by_itself_when_none_is_left():
    state = table(2, hands=["Ch Eg Cl", "Na"])
    act(state, "prep Ch>1")
    act(state, "prep Eg>1")
    act(state, "place Cl>1.1")
    assert state.current == 1


# -- Prep ----------------------------------------------------------------------------------------


def test_prep_puts_a_hand_card_on_top_of_your_own_bowl():
    state = table(2, hands=["Ch Bf Co", ""], bowls={"0.2": "Sy"})
    act(state, "prep Ch>2")
    assert state.bowls[1] == cards("Sy Ch")
    assert state.hands[0] == [0] * 14 or state.hand_sizes[0] == 2


def test_prep_only_onto_your_own_bowls():
    state = table(2, hands=["Ch Bf Co", ""])
    with pytest.raises(IllegalAction, match="no bowl"):
        state.apply(0, Prep(cards("Ch")[0], 4))
    with pytest.raises(NotationError, match="not your bowl"):
        act(state, "prep Ch>1.1")
    assert all(t.startswith("prep Ch>") for t in legal_texts(state) if "Ch" in t and "prep" in t)


def test_prep_obeys_the_five_card_cap_and_one_flavor_per_bowl():
    state = table(2, hands=["Ch Bf Co", ""], bowls={"0.1": "Sy Co Mu Sc To", "0.2": "Ck"})
    with pytest.raises(IllegalAction, match="5 cards"):
        act(state, "prep Ch>1")
    with pytest.raises(IllegalAction, match="Flavor"):
        act(state, "prep Bf>2")
    assert "prep Bf>3" in legal_texts(state)
    assert "prep Ch>2" in legal_texts(state)


def test_flavor_need_not_be_first():
    state = table(2, hands=["Ch Bf Co", ""])
    act(state, "prep Ch>1")
    act(state, "prep Bf>1")
    assert state.bowls[0] == cards("Ch Bf")


def test_prep_a_card_you_do_not_hold_is_illegal():
    state = table(2, hands=["Ch Bf Co", ""])
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(state, "prep Eg>1")


# -- Draw ------------------------------------------------------------------------------------


def test_draw_from_the_pantry_refills_the_slot_from_the_deck():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="Eg Na Bf")
    act(state, "draw Mu")
    assert state.pantry == cards("Co Eg Sc To")
    assert state.hands[0][cards("Mu")[0]] == 1
    assert state.known[0][cards("Mu")[0]] == 1  # seen taken: publicly known


def test_draw_from_the_deck_takes_the_top_card_even_a_special_without_effect():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="Cl Na Bf")
    act(state, "draw deck")
    assert state.hands[0][CHILI] == 1
    assert state.pantry == cards("Co Mu Sc To")
    assert state.view(0)["phase"] == "action"


def test_drawing_a_sixth_card_asks_which_card_to_discard():
    state = table(2, hands=["Ch Eg Na Co Mu", ""], pantry="Sc To Bf Ck", deck="Eg Na Bf")
    act(state, "draw To")
    assert state.view(0)["phase"] == "discard"
    assert sorted(legal_texts(state)) == sorted(
        f"discard {c}" for c in ("Ch", "Eg", "Na", "Co", "Mu", "To")
    )
    # The refill waits until the discard is chosen.
    assert state.pantry[1] == -1
    with pytest.raises(IllegalAction, match="discard"):
        act(state, "prep Ch>1")
    act(state, "discard To")  # the drawn card itself may be discarded
    assert state.hand_sizes[0] == 5
    assert state.discard[cards("To")[0]] >= 1
    assert state.pantry == cards("Sc Eg Bf Ck")
    assert state.actions_left == 1


def test_pantry_draw_of_an_empty_slot_kind_is_illegal():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To")
    with pytest.raises(IllegalAction, match="not in the Pantry"):
        state.apply(0, Draw(cards("Eg")[0]))


# -- Spoon ------------------------------------------------------------------------------------


def test_spoon_moves_the_top_card_of_any_bowl_onto_your_own():
    state = table(2, hands=["Ch", ""], bowls={"1.1": "Sy Co Bf"[:5], "0.2": "Ch"})
    state.bowls[3] = cards("Co Bf")
    state.discard[cards("Sy")[0]] += 1
    act(state, "spoon 1.1>2")
    assert state.bowls[3] == cards("Co")
    assert state.bowls[1] == cards("Ch Bf")
    assert state.spoons[0] == 1


def test_spoon_may_take_from_your_own_bowl_but_not_onto_the_same_bowl():
    state = table(2, hands=["Ch", ""], bowls={"0.1": "Bf Ch"})
    with pytest.raises(IllegalAction, match="different bowl"):
        act(state, "spoon 0.1>1")
    act(state, "spoon 0.1>2")
    assert state.bowls[0] == cards("Bf") and state.bowls[1] == cards("Ch")


def test_spooning_a_flavor_removes_that_bowls_flavor():
    state = table(2, hands=["Ch", ""], bowls={"1.1": "Co Sy"})
    act(state, "spoon 1.1>1")
    assert state.bowls[3] == cards("Co") and state.bowls[0] == cards("Sy")
    assert not state.view(1)["bowls"][1][0]["flavor"]


def test_spoon_obeys_limits_and_needs_a_destination():
    state = table(
        2, hands=["Ch", ""],
        bowls={"1.1": "Co Sy", "0.1": "Bf", "0.2": "Ck", "0.3": "Fy", "1.2": "Mu"},
        eaten=["0.3"],
    )
    with pytest.raises(IllegalAction, match="Flavor"):
        act(state, "spoon 1.1>1")
    assert not any(t.startswith("spoon 1.1") for t in legal_texts(state))
    assert "spoon 1.2>1" in legal_texts(state)
    with pytest.raises(IllegalAction, match="eaten"):
        act(state, "spoon 1.2>3")
    with pytest.raises(IllegalAction, match="eaten"):
        act(state, "spoon 0.3>1")
    with pytest.raises(IllegalAction, match="empty"):
        act(state, "spoon 1.3>1")


def test_two_spoons_per_game_and_they_do_not_come_back():
    state = table(2, hands=["Ch", "Eg"], bowls={"1.1": "Co Mu Sc Co"})
    act(state, "spoon 1.1>1")
    act(state, "spoon 1.1>1")
    assert state.spoons[0] == 0
    act(state, "draw deck")
    act(state, "draw deck")
    assert state.current == 0
    with pytest.raises(IllegalAction, match="no spoons"):
        state.apply(0, Spoon(1, 0, 1))
    assert not any(t.startswith("spoon") for t in legal_texts(state))


# -- Restock and the reveal chain -----------------------------------------------------------------


def test_restock_discards_the_pantry_and_reveals_four():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="Eg Na Bf Ck Sy")
    act(state, "restock")
    assert state.pantry == cards("Eg Na Bf Ck")
    assert state.deck == cards("Sy")
    assert state.discard[cards("Co")[0]] >= 1
    assert state.actions_left == 1


def test_restock_reveals_specials_only_one_may_be_used_then_the_refill_chains():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="Cl Eg No Na Cl Bf Ck")
    act(state, "restock")
    assert state.view(0)["phase"] == "reveal"
    assert state.pending == (0, 2)
    legal = legal_texts(state)
    assert "use Cl>1.1" in legal and "use No>0.2" in legal and "skip" in legal
    act(state, "use Cl>1.1")
    # Slot 0 was refilled with the next card, a Chili: that refill may be used again...
    assert state.pantry == cards("Cl Eg No Na")
    assert state.pending == (0,)
    assert not any(t.startswith("use No") for t in legal_texts(state))  # the other special stays
    act(state, "use Cl>1.1")
    # ...and the refill after it is a normal card: the chain stops; the Nori stays.
    assert state.pantry == cards("Bf Eg No Na")
    assert state.bowls[3] == cards("Cl Cl")
    assert state.view(0)["phase"] == "action" and state.actions_left == 1


def test_revealed_specials_may_be_declined():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="Cl Eg No Na Bf")
    act(state, "restock")
    act(state, "skip")
    assert state.pantry == cards("Cl Eg No Na")
    assert state.view(0)["phase"] == "action"
    act(state, "draw Cl")  # a declined special is an ordinary Pantry card
    assert state.hands[0][CHILI] == 1


def test_pantry_draw_refill_chain_repeats_until_a_normal_card():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="No Cl Eg Bf")
    act(state, "draw Co")
    assert state.pending == (0,) and state.pantry[0] == NORI
    act(state, "use No>0.1")
    assert state.pantry[0] == CHILI
    act(state, "use Cl>1.3")
    assert state.pantry == cards("Eg Mu Sc To")
    assert state.bowls[0] == [NORI] and state.bowls[5] == [CHILI]
    assert state.actions_left == 1 and state.view(0)["phase"] == "action"


def test_nothing_but_the_pending_choice_is_legal_during_a_reveal():
    state = table(2, hands=["Ch Cl", ""], pantry="Co Mu Sc To", deck="No Eg")
    act(state, "draw Co")
    for text in ("prep Ch>1", "place Cl>1.1", "draw deck", "end"):
        with pytest.raises(IllegalAction):
            act(state, text)
    with pytest.raises(IllegalAction, match="not just revealed"):
        act(state, "use Cl>1.1")


def test_mandatory_option_forbids_skipping_a_revealed_special():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="No Eg",
                  revealed_specials_mandatory=True)
    act(state, "draw Co")
    assert "skip" not in legal_texts(state)
    with pytest.raises(IllegalAction, match="must go into a bowl"):
        act(state, "skip")


def test_revealed_special_with_no_bowl_with_room_stays_in_the_pantry():
    bowls = {
        "0.1": "Ch Eg Na Co Mu", "0.2": "Ch Eg Na Co Mu", "0.3": "Sc To Sy Sc To",
        "1.1": "Ch Eg Na Co Mu", "1.2": "Sc To Bf Sc To", "1.3": "Fy",
    }
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="No Eg", bowls=bowls,
                  eaten=["1.3"])
    act(state, "draw Co")
    assert state.pantry[0] == NORI
    assert state.view(0)["phase"] == "action" and state.pending == ()


def test_initial_pantry_specials_have_no_effect():
    for seed in range(40):
        state = GAME.new_state(2, seed=seed)
        if any(k in (NORI, CHILI) for k in state.pantry):
            assert state.view(state.current)["phase"] == "action"
            return
    pytest.fail("no seed with a special in the opening Pantry")


# -- Eat and Empty -----------------------------------------------------------------------------


def test_eat_needs_one_flavor_and_at_least_one_other_card():
    state = table(2, hands=["Ch", ""], bowls={"0.1": "Sy", "0.2": "Co Mu", "0.3": "Fy Cl"})
    with pytest.raises(IllegalAction, match="one Flavor"):
        act(state, "eat 1")
    with pytest.raises(IllegalAction, match="one Flavor"):
        act(state, "eat 2")
    act(state, "eat 3")  # a Fury bowl with a single Chili can be eaten
    assert state.eaten[2]


def test_nori_counts_as_the_other_card_for_eating():
    state = table(2, hands=["Ch", ""], bowls={"0.1": "Sy No"})
    act(state, "eat 1")
    assert state.seat_points(0) == 1


def test_an_eaten_bowl_is_locked():
    state = table(2, hands=["Ch No", ""], bowls={"0.1": "Sy Co"}, eaten=["0.1"])
    before = snapshot(state)
    for text in ("prep Ch>1", "place No>0.1", "eat 1", "empty 1", "spoon 0.1>2"):
        with pytest.raises(IllegalAction):
            act(state, text)
    assert snapshot(state) == before


def test_empty_discards_every_card_of_the_bowl():
    state = table(2, hands=["Ch", ""], bowls={"0.1": "Sy Co Cl"})
    before = list(state.discard)
    act(state, "empty 1")
    assert state.bowls[0] == []
    assert sum(state.discard) == sum(before) + 3


def test_emptying_an_empty_bowl_is_illegal():
    state = table(2, hands=["Ch", ""])
    with pytest.raises(IllegalAction, match="already empty"):
        act(state, "empty 2")


# -- end of the game ---------------------------------------------------------------------------


def test_eating_the_third_bowl_starts_the_final_round_each_other_player_gets_one_turn():
    state = table(
        3, hands=["Ch", "Eg", "Na"],
        bowls={"0.1": "Sy Co", "0.2": "Bf Ch", "0.3": "Sh Ch Co"}, eaten=["0.1", "0.2"],
    )
    act(state, "eat 3")
    assert state.final_left == 2
    assert state.view(None)["final_round"] is True
    act(state, "draw deck")  # the current player finishes the turn
    assert state.current == 1
    act(state, "draw deck")
    act(state, "draw deck")
    assert state.current == 2 and not state.is_over
    act(state, "draw deck")
    act(state, "draw deck")
    assert state.is_over
    assert state.result().scores == (8, 0, 0)


def test_the_deck_running_out_starts_the_final_round():
    state = table(2, hands=["Ch", "Eg"], pantry="Co Mu Sc To", deck="Na")
    act(state, "draw deck")
    assert state.final_left == 1 and not state.deck
    assert "draw deck" not in legal_texts(state) and "restock" not in legal_texts(state)
    act(state, "draw Co")  # the slot stays empty: nothing to refill from
    assert state.pantry[0] == -1
    assert state.current == 1
    act(state, "draw Mu")
    act(state, "draw Sc")
    assert state.is_over


def test_a_second_trigger_during_the_final_round_changes_nothing():
    state = table(
        2, hands=["Ch", "Eg"], pantry="Co Mu Sc To", deck="Na Bf",
        bowls={"1.1": "Sy Co", "1.2": "Bf Ch", "1.3": "Sh Ch Co"}, eaten=["1.1", "1.2"],
    )
    act(state, "draw deck")
    act(state, "draw deck")  # the deck is now empty: final round, seat 1 gets one turn
    assert state.current == 1 and state.view(None)["final_turns_left"] == 0
    act(state, "eat 3")  # seat 1 has eaten all three: no new countdown
    act(state, "draw Co")
    assert state.is_over


def test_with_no_legal_action_the_rest_of_the_turn_is_forfeited():
    state = table(2, hands=["", ""], pantry="- - - -", deck="")
    state.final_left = 1
    state._continue()
    assert state.current == 1
    assert any(e.kind == "forfeit" for e in state.events)


def test_discard_is_only_a_pending_choice():
    state = table(2, hands=["Ch", ""])
    with pytest.raises(IllegalAction, match="nothing to discard now"):
        state.apply(0, Discard(cards("Ch")[0]))


def test_wrong_seat_and_game_over_are_rejected():
    state = table(2, hands=["Ch", ""])
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(1, Draw(None))
    state.phase = 4
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, Draw(None))
    assert state.legal_actions(0) == []


def test_card_codes_are_unique_and_case_insensitive():
    assert len({c.lower() for c in CODES}) == 14


def test_restock_with_fewer_than_four_cards_left_reveals_what_is_left_and_starts_the_end():
    state = table(2, hands=["Ch", "Eg"], pantry="Co Mu Sc To", deck="Na Bf")
    act(state, "restock")
    assert state.pantry == [*cards("Na Bf"), -1, -1]
    assert state.final_left == 1
    assert "restock" not in legal_texts(state)


def test_a_restock_revealing_one_special_can_chain_only_through_its_own_slot():
    state = table(2, hands=["Ch", ""], pantry="Co Mu Sc To", deck="Eg Na No Bf Cl Sy")
    act(state, "restock")
    assert state.pending == (2,)
    act(state, "use No>0.1")
    assert state.pantry == cards("Eg Na Cl Bf")  # the refill of slot 3 is a Chili...
    assert state.pending == (2,)
    act(state, "skip")  # ...which may be left there
    assert state.pantry == cards("Eg Na Cl Bf") and state.view(0)["phase"] == "action"


def test_nori_in_fury_option_changes_the_game_score():
    bowls = {"0.1": "Fy Cl Cl Cl No"}
    on = table(2, bowls=bowls, eaten=["0.1"])
    off = table(2, bowls=bowls, eaten=["0.1"], nori_in_fury=False)
    assert on.seat_points(0) == 7
    assert off.seat_points(0) == 6
    assert off.view(0)["options"]["nori_in_fury"] is False


def test_golden_legal_action_counts_from_a_fixed_position():
    # Seat 0 holds Ch Bf Cl; its bowl 1 has a Soy Sauce; seat 1's bowl 2 is full.
    state = table(
        2, hands=["Ch Bf Cl", "Eg"], pantry="Co Mu Co No",
        bowls={"0.1": "Sy", "1.1": "Na", "1.2": "Ck Co Co Mu Mu"},
    )
    legal = legal_texts(state)
    counts: dict[str, int] = {}
    for text in legal:
        verb = text.split()[0]
        counts[verb] = counts.get(verb, 0) + 1
    # prep: Ch x3 bowls, Bf x2 (bowl 1 has a Flavor), Cl x3 = 8; draw: deck + Co Mu No = 4;
    # spoon: top of 0.1 (Sy) onto 2, 3; top of 1.1 (Na) onto 1, 2, 3; top of 1.2 (Mu) onto
    # 1, 2, 3 = 8; restock 1; eat: none; empty: bowl 1 = 1; place: Cl into 5 open bowls = 5.
    assert counts == {"prep": 8, "draw": 4, "spoon": 8, "restock": 1, "empty": 1, "place": 5}
    assert len(legal) == 27


def test_pantry_draws_are_public_until_the_card_is_played():
    state = table(2, hands=["Ch", "Eg"], pantry="Co Mu Sc To", deck="Na Bf Sy Ck")
    act(state, "draw Mu")
    assert state.view(1)["known_hands"][0] == ["Mu"]
    act(state, "prep Mu>1")
    assert state.view(1)["known_hands"][0] == []


def test_deck_draws_are_seen_only_by_the_drawer():
    state = table(2, hands=["Ch", "Eg"], pantry="Co Mu Sc To", deck="Na Bf Sy Ck")
    act(state, "draw deck")
    mine = [e for e in state.view(0)["history"] if e["kind"] == "draw"]
    theirs = [e for e in state.view(1)["history"] if e["kind"] == "draw"]
    spectator = [e for e in state.view(None)["history"] if e["kind"] == "draw"]
    assert mine[0]["card"] == "Na" and mine[0]["from"] == "deck"
    assert "card" not in theirs[0] and "card" not in spectator[0]
    assert state.view(1)["known_hands"][0] == []
