"""Rummikub rules: the seed's examples and the engine checklist, as named tests."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rummikub_helpers import play, position, snapshot, table, tiles

from gametable.core.errors import IllegalAction
from gametable.games.rummikub import DRAW, GAME, PASS, TIMEOUT, score_game
from gametable.games.rummikub.state import first_player_from_draws
from gametable.games.rummikub.tiles import ALL_TILES, JOKER, counts_of


def rejected(state, text, match, seat=None):
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match):
        play(state, text, seat)
    assert snapshot(state) == before


# -- components and setup ----------------------------------------------------------------


def test_106_tiles_104_numbers_and_2_jokers():
    assert len(ALL_TILES) == 106
    assert ALL_TILES.count(JOKER) == 2
    assert all(ALL_TILES.count(c) == 2 for c in range(52))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_14_each_rest_is_the_pool(players):
    s = GAME.new_state(players, seed=11)
    assert [sum(r) for r in s.racks] == [14] * players
    assert len(s.pool) == 106 - 14 * players


def test_highest_drawn_tile_starts_joker_counts_zero():
    # seat 0 draws a joker (0), seat 1 draws R5: seat 1 starts
    assert first_player_from_draws(2, [[JOKER, tiles("R5")[0]]]) == 1


def test_tied_first_draw_draws_again():
    r1 = tiles("K9 R9 B2")
    r2 = tiles("B3 O4")  # seats 0 and 1 redraw; seat 1 wins
    assert first_player_from_draws(3, [r1, r2]) == 1
    with pytest.raises(ValueError, match="do not decide"):
        first_player_from_draws(3, [r1])


def test_setup_is_reproducible_and_validated():
    a = GAME.new_state(3, seed="x")
    b = GAME.new_state(3, seed="x")
    assert a.setup == b.setup and a.racks == b.racks and a.current == b.current
    bad = dict(a.setup)
    bad["tiles"] = [*bad["tiles"][:-1], "R1"]
    with pytest.raises(ValueError, match="106 tiles"):
        GAME.state_from_setup(3, bad, GAME.resolve_options(3))
    with pytest.raises(ValueError):
        GAME.state_from_setup(3, {"tiles": []}, GAME.resolve_options(3))


# -- sets ----------------------------------------------------------------------------------


def test_group_of_four_colours_is_a_set():
    s = position("", ["K8 R8 B8 O8", "R1"], melded=[False, False])
    play(s, "K8 R8 B8 O8")  # 32: a valid initial meld
    assert s.table == table("K8 R8 B8 O8")
    s = position("", ["K7 R7 B7 O7", "R1"])
    play(s, "K7 R7 B7 O7")
    assert s.table == table("K7 R7 B7 O7")


def test_run_blue_3_to_6_is_a_set_but_wrap_13_1_is_not():
    s = position("", ["B11 B12 B13 B1 B2 B3", "R1"])
    play(s, "B11 B12 B13")
    rejected(s, "B12 B13 B1", "13 to 1|gap|go up")  # B11-B13 is on the table now
    s2 = position("", ["B12 B13 B1", "R1"])
    rejected(s2, "B12 B13 B1", "1 is always low, no run goes from 13 to 1")


def test_run_with_a_gap_is_explained():
    s = position("", ["B4 B5 B7", "R1"])
    rejected(s, "B4 B5 B7", r"blue 4, blue 5,? and blue 7 is not a run: it has a gap at 6")


def test_group_with_a_repeated_colour_is_explained():
    s = position("", ["K7 K7 R7", "R1"])
    rejected(s, "K7 K7 R7", "a group needs different colours, and it has black 7 twice")


def test_two_tile_set_is_explained():
    s = position("", ["K7 R7", "R1"])
    rejected(s, "K7 R7", "black 7 and red 7 is not a set: a set needs at least 3 tiles")


def test_mixed_set_is_neither_group_nor_run():
    s = position("", ["K7 R8 B9", "R1"])
    rejected(
        s, "K7 R8 B9", r"black 7, red 8,? and blue 9 is neither a group \(the numbers differ\)"
    )


# -- initial meld -----------------------------------------------------------------------


def test_initial_meld_worth_27_is_rejected_with_its_value():
    s = position("", ["R8 R9 R10 K1", "R1"], melded=[False, False])
    rejected(s, "R8 R9 R10", "initial meld is worth 27, it needs 30")


def test_initial_meld_of_groups_only():
    s = position("", ["K6 R6 B6 O6 K3 R3 B3", "R1"], melded=[False, False])
    play(s, "K6 R6 B6 O6 | K3 R3 B3")  # 24 + 9 = 33
    assert s.melded[0]


def test_initial_meld_joker_counts_as_the_tile_it_stands_for():
    s = position("", ["R9 R10 J", "R1"], melded=[False, False])
    play(s, "R9 R10 J")  # J = R11: 30
    assert s.table == table("R9 R10 J=R11")
    s2 = position("", ["R9 R10 J", "R1"], melded=[False, False])
    rejected(s2, "J R9 R10", "worth 27")  # J = R8: 27


def test_initial_meld_may_not_use_or_change_table_sets_by_default():
    s = position("R1 R2 R3", ["R4 K10 R10 B10", "R1"], melded=[False, False])
    rejected(s, "s1 R1 R2 R3 R4 | K10 R10 B10", "before your initial meld you may not change")
    play(s, "K10 R10 B10")
    assert s.table == table("R1 R2 R3 | K10 R10 B10")


def test_initial_meld_with_manipulation_flag_allows_table_play():
    s = position(
        "R1 R2 R3", ["R4 K10 R10 B10", "R1"], melded=[False, False],
        initial_meld_allows_manipulation=True,
    )
    play(s, "s1 R1 R2 R3 R4 | K10 R10 B10")
    assert s.table == table("R1 R2 R3 R4 | K10 R10 B10")


def test_initial_meld_value_counts_only_rack_tiles_even_with_manipulation():
    s = position(
        "K10 R10 B10", ["O10 R8 R9", "R1"], melded=[False, False],
        initial_meld_allows_manipulation=True,
    )
    # O10 R8 R9 from the rack make no set of their own, though the new sets hold more
    rejected(s, "s1 K10 B10 O10 | R8 R9 R10", "sets of their own worth at least 30")


MELD_RULES = (
    "§5: 'Your first play must be one or more sets whose tiles add up to at least 30 points' "
    "and 'The 30 points must come from your own rack. You may not use tiles already on the "
    "table.' §12.3: 'Only the values of the rack tiles in the new sets count. Jokers count "
    "as the tile they stand for.'"
)


def test_initial_meld_with_manipulation_needs_sets_of_the_players_own():
    """Issue 11.2. The rules reference (docs/rules/rummikub.md) """ + MELD_RULES + """

    With the flag on, adding three rack tiles worth 32 to other players' sets is not an
    initial meld: O11, R11 and B10 make no set of their own."""
    s = position(
        "K11 R11 B11 | R7 R8 R9 R10 | B7 B8 B9", ["O11 R11 B10 K1", "R1"],
        melded=[False, False], initial_meld_allows_manipulation=True,
    )
    rejected(
        s, "K11 R11 B11 O11 | R7 R8 R9 R10 R11 | B7 B8 B9 B10",
        "tiles you lay from your rack must form sets of their own worth at least 30",
    )
    assert not s.melded[0]


def test_initial_meld_with_manipulation_counts_own_sets_then_allows_rework():
    """Issue 11.2 (reference as above): the laid tiles hold disjoint sets of their own worth
    30 — K10 R10 B10 — and the rest (R4) may go to a table set in the same turn."""
    s = position(
        "R1 R2 R3", ["R4 K10 R10 B10", "R1"], melded=[False, False],
        initial_meld_allows_manipulation=True,
    )
    play(s, "s1 R1 R2 R3 R4 | K10 R10 B10")
    assert s.melded[0] and s.table == table("R1 R2 R3 R4 | K10 R10 B10")
    # The own sets need not stand on the table as such: O12 R12 B12 (36) is a set of the
    # player's own even though the tiles end up spread over other sets.
    s2 = position(
        "K12 R12 B12 | R9 R10 R11 | B9 B10 B11", ["O12 R12 B12 K1", "R1"],
        melded=[False, False], initial_meld_allows_manipulation=True,
    )
    play(s2, "K12 R12 B12 O12 | R9 R10 R11 R12 | B9 B10 B11 B12")
    assert s2.melded[0]


def test_initial_meld_with_manipulation_counts_a_joker_as_the_tile_it_stands_for():
    """Issue 11.2 (reference as above): R9 R10 J is worth 30 with the joker as R11, and B3
    goes to a table run; R1 R2 J (J as R3: 6) with the same B3 is far from 30."""
    s = position(
        "B4 B5 B6", ["R9 R10 J B3", "R1"], melded=[False, False],
        initial_meld_allows_manipulation=True,
    )
    play(s, "R9 R10 J | B3 B4 B5 B6")
    assert s.melded[0]
    s2 = position(
        "B4 B5 B6", ["R1 R2 J B3 K13", "R1"], melded=[False, False],
        initial_meld_allows_manipulation=True,
    )
    rejected(s2, "R1 R2 J | B3 B4 B5 B6", "sets of their own worth at least 30")


def test_no_joker_retrieval_before_the_initial_meld_even_with_the_flag():
    s = position(
        "R4 J=R5 R6", ["R5 K11 R11 B11", "R1"], melded=[False, False],
        initial_meld_allows_manipulation=True,
    )
    rejected(s, "s1 R4 R5 R6 | K11 R11 B11 J", "may not take a joker")


def test_a_player_with_30_points_may_still_draw():
    s = position("", ["K10 R10 B10", "R1"], melded=[False, False])
    s.apply(0, DRAW)
    assert sum(s.racks[0]) == 4 and s.current == 1


def test_a_drawn_tile_ends_the_turn():
    s = position("", ["K10 R10 B10", "R1"])
    s.apply(0, DRAW)
    assert s.current == 1
    with pytest.raises(IllegalAction, match="it is not your turn: Seat 1 plays now"):
        play(s, "K10 R10 B10", seat=0)


# -- the seed's manipulations -----------------------------------------------------------


def test_seed_add_blue_3_to_blue_4_5_6_and_blue_8_to_the_group_of_8s():
    s = position("B4 B5 B6 | K8 R8 O8", ["B3 B8 K1", "R1"])
    play(s, "B3 B4 B5 B6 | K8 R8 B8 O8")
    assert s.table == table("B3 B4 B5 B6 | K8 R8 B8 O8")
    assert s.racks[0] == counts_of(tiles("K1"))


def test_seed_take_the_fourth_tile_of_a_group_for_a_new_run():
    s = position("K4 R4 B4 O4", ["B3 B5 B6 K1", "R1"])
    play(s, "s1 K4 R4 O4 | B3 B4 B5 B6")
    assert s.table == table("K4 R4 O4 | B3 B4 B5 B6")


def test_seed_add_blue_11_then_take_the_freed_8_for_a_group():
    s = position("B8 B9 B10", ["B11 R8 O8 K1", "R1"])
    play(s, "s1 B9 B10 B11 | B8 R8 O8")
    assert s.table == table("B9 B10 B11 | R8 B8 O8")


def test_seed_split_a_run_and_insert_red_6():
    s = position("R3 R4 R5 R6 R7 R8", ["R6 K1", "R1"])
    play(s, "s1 R3 R4 R5 R6 | R6 R7 R8")
    assert s.table == table("R3 R4 R5 R6 | R6 R7 R8")


def test_seed_combine_blue_1_orange_1_from_a_run_and_red_1_from_a_group():
    s = position("O1 O2 O3 O4 | K1 R1 B1 O1", ["B1 K13", "R1"])
    play(s, "s1 s2 O2 O3 O4 | K1 B1 O1 | R1 B1 O1")
    assert s.table == table("O2 O3 O4 | K1 B1 O1 | R1 B1 O1")


def test_seed_rebuild_three_sets_with_black_10_and_blue_5():
    # three table sets reworked with black 10 and blue 5 from the rack: three groups and a
    # new run
    s = position("R8 R9 R10 | B6 B7 B8 B9 B10 | O8 O9 O10", ["K10 B5 R1", "R2"])
    play(s, "s1 s2 s3 R8 B8 O8 | R9 B9 O9 | K10 R10 B10 O10 | B5 B6 B7")
    assert s.table == table("R8 B8 O8 | R9 B9 O9 | K10 R10 B10 O10 | B5 B6 B7")
    assert s.racks[0] == counts_of(tiles("R1"))


def test_rebuild_rejected_when_a_set_is_invalid_and_state_unchanged():
    s = position("R8 R9 R10 | B6 B7 B8 B9 B10 | O8 O9 O10", ["K10 B5 R1", "R2"])
    rejected(
        s,
        "s1 s2 s3 R8 B8 O8 | R9 B9 O9 | K10 R10 B10 O10 | B5 B6",
        "blue 5 and blue 6 is not a set",
    )


def test_missing_table_tile_is_named():
    s = position("K8 K9 K10 K11", ["K12", "R1"])
    rejected(s, "s1 K10 K11 K12", "black 8 and black 9 from the table are missing")
    s2 = position("K9 R9 B9 | K10 K11 K12", ["O9", "R1"])
    rejected(s2, "s1 K10 K11 K12 | R9 B9 O9", "black 9 from the table is missing")


def test_tiles_not_on_the_rack_are_named():
    s = position("", ["R1 R2", "B1"])
    rejected(s, "R1 R2 R3", "lays a tile your rack does not have: red 3")


def test_a_play_must_lay_a_rack_tile():
    s = position("R1 R2 R3 R4 R5 R6", ["K1", "B1"])
    rejected(s, "s1 R1 R2 R3 | R4 R5 R6", "at least one tile from your rack")


# -- jokers -------------------------------------------------------------------------------


def test_swap_a_joker_with_the_exact_tile_and_replay_it():
    s = position("R4 J=R5 R6", ["R5 K13 O13", "R1"])
    play(s, "s1 R4 R5 R6 | K13 O13 J")
    assert s.table == table("R4 R5 R6 | K13 J=R13 O13")


def test_joker_in_a_group_of_three_freed_by_either_missing_colour():
    for colour in ("B", "O"):
        s = position("K7 R7 J=B7", [f"{colour}7 K1 K2", "R1"])
        play(s, f"s1 K7 R7 {colour}7 | K1 K2 J")
        assert s.table == table(f"K7 R7 {colour}7 | K1 K2 J=K3")


def test_group3_flag_needs_both_missing_colours():
    s = position(
        "K7 R7 J=B7", ["O7 K1 K2", "R1"], joker_group3_needs_both_colours=True
    )
    rejected(s, "s1 K7 R7 O7 | K1 K2 J", "both missing colours")
    s2 = position(
        "K7 R7 J=B7", ["O7 B7 K1 K2", "R1"], joker_group3_needs_both_colours=True
    )
    play(s2, "s1 K7 R7 B7 O7 | K1 K2 J")
    assert s2.table == table("K7 R7 B7 O7 | K1 K2 J=K3")


def test_group_of_four_with_a_joker():
    s = position("", ["K7 R7 B7 J", "R1"])
    play(s, "K7 R7 B7 J")
    assert s.table == table("K7 R7 B7 J=O7")


def test_joker_freed_by_rearranging_may_end_in_any_set_by_default():
    # R3 J=R4 R5: the joker is freed by moving the run into groups ... here simply
    # re-placed at the end of the same colour run
    s = position("R3 J=R4 R5", ["R4", "R1"])
    play(s, "s1 R3 R4 R5 J")
    assert s.table == table("R3 R4 R5 J=R6")


def test_freed_joker_needs_rack_tile_flag():
    s = position(
        "R3 J=R4 R5 | K9 K10 K11", ["R4 B1", "R1"], freed_joker_needs_rack_tile=True
    )
    # the joker goes to K9-K11 with no rack tile there: rejected
    rejected(s, "s1 s2 R3 R4 R5 | K9 K10 K11 J", "must be played with a tile from your rack")
    # the joker joins the run that gets the rack's R4: fine
    play(s, "s2 R3 R4 R5 J")  # sets are numbered as shown: s1 is K9-K11
    assert s.table == table("R3 R4 R5 J=R6 | K9 K10 K11")


FREED_JOKER_RULE = (
    "Reference §12.5: flag freed_joker_needs_rack_tile 'When true, a joker that ends the turn "
    "in a different set than it started in must share that set with a tile played from the "
    "rack this turn.' §7: 'In a group of three (two tiles and a joker), either missing colour "
    "may replace the joker.'"
)


def test_freed_joker_flag_lets_a_joker_change_colour_within_its_own_group():
    """Issue 11.3. """ + FREED_JOKER_RULE + """

    K5 R5 J=B5 becoming K5 R5 J=O5 keeps the joker in its own set: it is not freed, so no
    rack tile has to join it."""
    s = position("K5 R5 J=B5", ["R1 R2 R3 K9", "R1"], freed_joker_needs_rack_tile=True)
    play(s, "s1 K5 R5 J=O5 | R1 R2 R3")
    assert s.table == table("K5 R5 J=O5 | R1 R2 R3")
    # A joker that really leaves its set still needs a rack tile beside it.
    s2 = position(
        "K5 R5 J=B5 | R7 R8 R9", ["B5 K1", "R1"], freed_joker_needs_rack_tile=True
    )
    rejected(s2, "s1 s2 K5 R5 B5 | R7 R8 R9 J", "must be played with a tile from your rack")


def test_freed_joker_flag_accepts_the_solver_bots_rearrangement():
    """Issue 11.3 (rule as above): the solver splits R3-R8 to place its R6 and writes the
    untouched group's joker as J=B5 rather than J=O5; the play is legal under the flag, so
    the bot plays it instead of falling back to a draw."""
    from gametable.core.rng import Rng
    from gametable.games.rummikub.bots import SolverAgent
    from gametable.games.rummikub.state import Play

    s = position(
        "R3 R4 R5 R6 R7 R8 | K5 R5 J=O5", ["R6 K1", "R1"], freed_joker_needs_rack_tile=True
    )
    action = SolverAgent().act(s.view(0), s.legal_actions(0), Rng(0))
    assert isinstance(action, Play)
    s.apply(0, action)
    assert sorted(s.table) == sorted(table("K5 R5 J=B5 | R3 R4 R5 R6 | R6 R7 R8"))


def test_sets_holding_a_joker_may_be_split_and_extended():
    s = position("R2 R3 J=R4 R5 R6 R7", ["R8 K1", "R1"])
    play(s, "s1 R2 R3 J=R4 | R5 R6 R7 R8")
    assert s.table == table("R2 R3 J=R4 | R5 R6 R7 R8")


def test_joker_on_the_table_keeps_explicit_face_in_the_view():
    s = position("R4 J=R5 R6", ["K1", "R1"])
    assert s.view(0)["table"] == [["R4", "J=R5", "R6"]]


# -- turn timer ---------------------------------------------------------------------------


def test_timeout_draws_three_penalty_tiles_and_keeps_the_table():
    s = position("R1 R2 R3", ["K5 K6 K7", "R9"], pool=10, turn_seconds=60)
    assert s.turn_time_limit() == 60.0
    assert s.timeout_action(0) == TIMEOUT
    before_table = s.table
    s.apply(0, TIMEOUT)
    assert s.table == before_table
    assert sum(s.racks[0]) == 6 and len(s.pool) == 7 and s.current == 1
    mine, theirs = s.view(0)["history"][-1], s.view(1)["history"][-1]
    assert mine["kind"] == theirs["kind"] == "timeout" and mine["count"] == theirs["count"] == 3
    assert len(mine["tiles"]) == 3 and "tiles" not in theirs


def test_timeout_with_a_short_pool_draws_what_is_there():
    s = position("", ["K5", "R9"], pool=2, turn_seconds=30)
    s.apply(0, TIMEOUT)
    assert sum(s.racks[0]) == 3 and s.pool == []
    s.apply(1, TIMEOUT)  # empty pool: no penalty beyond the lost turn; counts as a pass
    assert sum(s.racks[1]) == 1 and s.passes == 1


def test_the_timeout_rule_applies_whichever_clock_ran_out():
    # Without the rulebook's timer (option turn_seconds) a table's own clock may still run
    # out (the online server's per-turn clock or bank): the same rule, undo and draw 3.
    s = position("", ["K5", "R9"], pool=10)
    assert s.turn_time_limit() is None and s.timeout_action(0) == TIMEOUT
    s.apply(0, TIMEOUT)
    assert sum(s.racks[0]) == 4 and len(s.pool) == 7 and s.current == 1


# -- end of game and scoring ------------------------------------------------------------


def test_emptying_the_rack_ends_the_game_winner_scores_the_others_racks():
    s = position("", ["K5 K6 K7", "R9 J", "B1 B2"], melded=[True] * 3)
    play(s, "K5 K6 K7")
    assert s.is_over
    r = s.result()
    assert r.scores == (42, -39, -3) and r.ranks == (1, 3, 2)
    assert sum(r.scores) == 0
    assert s.view(1)["result"]["winners"] == [0]


def test_pressman_score_example_losers_5_16_3_winner_24():
    r = score_game([0, 5, 16, 3], went_out=0)
    assert r.scores == (24, -5, -16, -3)


def test_joker_penalty_flag():
    s = position("", ["K5 K6 K7", "J"], joker_penalty=100)
    play(s, "K5 K6 K7")
    assert s.result().scores == (100, -100)


def test_pool_empty_draw_becomes_pass_and_a_full_cycle_ends_the_game():
    s = position("", ["K5 K9", "R2", "B1 B3"], pool=0, melded=[True] * 3)
    with pytest.raises(IllegalAction, match="pool is empty"):
        s.apply(0, DRAW)
    s.apply(0, PASS)
    s.apply(1, PASS)
    assert not s.is_over
    s.apply(2, PASS)
    assert s.is_over
    r = s.result()
    # lowest rack 2 wins; others -(own - 2): -12, -2; winner +14
    assert r.scores == (-12, 14, -2) and r.details["end"] == "blocked"


def test_pass_is_illegal_while_the_pool_has_tiles():
    s = position("", ["K5", "R2"], pool=3)
    with pytest.raises(IllegalAction, match="draw instead"):
        s.apply(0, PASS)


def test_a_play_resets_the_pass_cycle():
    s = position("", ["K5 K1", "R2 R3 R4 B1"], pool=0)
    s.apply(0, PASS)
    play(s, "R2 R3 R4")
    s.apply(0, PASS)
    assert not s.is_over and s.passes == 1
    s.apply(1, PASS)
    assert s.is_over


def test_lowest_rack_tie_shares_the_total_as_fractions():
    r = score_game([4, 4, 9], went_out=None)
    assert r.scores == (Fraction(5, 2), Fraction(5, 2), -5)
    assert r.ranks == (1, 1, 3) and r.winners == (0, 1)
    assert sum(r.scores) == 0
    r2 = score_game([4, 4, 10], went_out=None)
    assert r2.scores == (3, 3, -6) and all(isinstance(x, int) for x in r2.scores)


def test_all_tied_blocked_game_everyone_wins_zero():
    r = score_game([7, 7], went_out=None)
    assert r.scores == (0, 0) and r.winners == (0, 1)
