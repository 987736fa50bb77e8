"""Ramen! Ramen! bots: what the greedy player is for, and a pinned seeded game."""

from __future__ import annotations

from ramen_helpers import position

from gametable.agents import make_agent, play_game
from gametable.core import Rng, get_game
from gametable.games.ramen_ramen.cards import CARD_NAMES
from gametable.games.ramen_ramen.state import Play

GAME = get_game("ramen-ramen")


def greedy_play(state, seat: int = 0) -> dict[str, int]:  # type: ignore[no-untyped-def]
    action = make_agent(GAME, "greedy", seat).act(
        state.view(seat), state.legal_actions(seat), Rng(0)
    )
    assert isinstance(action, Play)
    return {CARD_NAMES[c]: p + 1 for c, p in action.placements}


def test_greedy_adds_new_ingredients_rather_than_duplicates() -> None:
    # Bowl 1 holds Ajitama and Chashu; a Kamaboko adds a type there, another Ajitama would not.
    state = position(
        1,
        [["A1", "K1", "M7", "G7"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["A0", "C0"], ["S7", "S6"], []],
    )
    play = greedy_play(state)
    assert play.get("K1") == 1
    assert play.get("A1") != 1


def test_greedy_plays_low_cards_into_a_promising_bowl_and_dumps_high_cards_elsewhere() -> None:
    # Bowl 1 (3 types, sum 3) can still grow towards 7 ingredients if it gets low cards;
    # bowl 2 (one type, sum 13) is a junk bowl that any card will close.
    state = position(
        1,
        [["M7", "M0", "G7", "G0"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["A0", "C1", "K2"], ["S7", "S6"], []],
    )
    play = greedy_play(state)
    into = {bowl: card for card, bowl in play.items()}
    assert into[1] in ("M0", "G0")
    assert all(card[1] == "0" or bowl == 2 for card, bowl in play.items())


def test_greedy_does_not_leave_a_communal_bowl_ready_for_the_opponent() -> None:
    # Two players: putting the 6 into bowl 1 (sum 6, 5 types) would let the next player
    # serve it with any card of 8 or more... values stop at 7, so with sum 7+ the opponent
    # can serve. Greedy keeps bowl 1 below 7 and dumps the high card elsewhere.
    state = position(
        2,
        [["A6", "C0", "S7", "S5"], ["M1", "M2", "M3", "M4"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["K0", "G0", "N4"], ["S6", "S4"], []],
    )
    play = greedy_play(state)
    assert play.get("A6") != 1
    bowl1 = 4 + sum(int(c[1]) for c, p in play.items() if p == 1)
    assert bowl1 < 7


def test_greedy_beats_random_in_every_mode() -> None:
    for players in (2, 3, 4):
        wins = 0
        for seed in range(20):
            names = ["greedy"] + ["random"] * (players - 1)
            if players == 4:
                names = ["greedy", "random", "greedy", "random"]
            record = play_game(
                GAME, [make_agent(GAME, n, s) for s, n in enumerate(names)], seed=seed,
                agent_seed=seed,
            )
            assert record.result is not None
            wins += 0 in record.result.winners
        assert wins >= 15, (players, wins)


def test_golden_seeded_game_between_greedy_bots_is_pinned() -> None:
    # A whole game fixed by its seed: any change to the deal, the rules or the bot shows here.
    agents = [make_agent(GAME, "greedy", s) for s in range(2)]
    record = play_game(GAME, agents, seed=2024, agent_seed=2024)
    assert record.result is not None
    assert (len(record.moves), record.result.scores, record.result.ranks) == GOLDEN


GOLDEN = (54, (10, 16), (2, 1))
