"""Ramen! Ramen!: what each seat may see (the information rules of the reference)."""

from __future__ import annotations

import json

from ramen_helpers import position

from gametable.core import get_game
from gametable.games.ramen_ramen.cards import CARD_NAMES, parse_card
from gametable.games.ramen_ramen.state import Play, RamenState

GAME = get_game("ramen-ramen")


def mentions(view: dict, card: str) -> bool:  # type: ignore[type-arg]
    return f'"{card}"' in json.dumps(view)


def midgame(players: int, seed: int = 4, steps: int = 25) -> RamenState:
    state = GAME.new_state(players, seed=seed)
    assert isinstance(state, RamenState)
    for i in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[(i * 5) % len(legal)])
    return state


def test_a_seat_sees_its_own_hand_but_only_the_sizes_of_other_hands() -> None:
    state = midgame(3)
    view = state.view(0)
    assert view["hand"] == [CARD_NAMES[c] for c in state.hands[0]]
    assert view["hand_sizes"] == [len(h) for h in state.hands]
    for other in (1, 2):
        for card in state.hands[other]:
            if card not in state.last_pick[other]:
                assert not mentions(view, f"{'ACKMGNS'[card >> 3]}{card & 7}")


def test_the_deck_is_hidden_except_its_size() -> None:
    state = midgame(2)
    view = state.view(1)
    assert view["deck_size"] == len(state.deck)
    for card in state.deck:
        assert not mentions(view, f"{'ACKMGNS'[card >> 3]}{card & 7}")


def test_served_bowls_are_face_down_for_everyone_until_the_end_but_their_count_is_public() -> None:
    state = midgame(2, steps=40)
    served = [b for side in state.served for b in side]
    assert served, "the test needs a served bowl"
    for seat in (0, 1, None):
        view = state.view(seat)
        assert [s["count"] for s in view["served"]] == [len(s) for s in state.served]
        assert all(s["bowls"] is None for s in view["served"])
        assert all(e["cards"] is None for e in view["log"] if e["event"] == "serve")


def test_served_bowls_are_open_in_solo() -> None:
    state = midgame(1, steps=40)
    view = state.view(0)
    assert view["served"][0]["bowls"] == [
        [f"{'ACKMGNS'[c >> 3]}{c & 7}" for c in b] for b in state.served[0]
    ]


def test_solo_discards_stay_hidden_until_the_end_then_are_revealed() -> None:
    state = midgame(1, steps=10)
    view = state.view(0)
    assert view["discards"] is None and view["discard_count"] == 4
    while not state.is_over:
        state.apply(0, state.legal_actions(0)[0])
    assert len(state.view(0)["discards"]) == 4


def test_everything_is_revealed_at_the_end() -> None:
    state = midgame(2, steps=400)
    assert state.is_over
    view = state.view(None)
    assert all(s["bowls"] is not None for s in view["served"])
    assert view["result"]["scores"] == list(state.result().scores)


def test_the_last_fridge_pick_of_each_player_is_public() -> None:
    state = position(
        2, [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]], fridge=["N0", "N1", "N2", "N3"]
    )
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, next(a for a in state.legal_actions(0) if a.card == 41))  # N1
    assert state.view(1)["last_pick"][0] == ["N1"]
    assert state.view(None)["last_pick"][0] == ["N1"]


def test_a_drawn_card_shows_only_to_the_player_who_drew_it() -> None:
    state = position(
        2,
        [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]],
        fridge=["N0", "N1", "N2", "N3"],
        deck=["S5", "S6"],
    )
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, state.legal_actions(0)[0])
    draws = lambda seat: [e for e in state.view(seat)["log"] if e["event"] == "draw"]  # noqa: E731
    assert draws(0) == [{"event": "draw", "seat": 0, "card": "S6"}]
    assert draws(1) == [{"event": "draw", "seat": 0, "card": None}]


def test_teammates_do_not_see_each_others_hands() -> None:
    state = midgame(4)
    view = state.view(0)
    hidden = [c for c in state.hands[2] if c not in state.last_pick[2]]
    assert hidden
    for card in hidden:
        assert not mentions(view, f"{'ACKMGNS'[card >> 3]}{card & 7}")


def test_the_log_shows_what_just_happened_since_the_seats_last_turn() -> None:
    state = position(
        2,
        [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["S7"], [], []],
    )
    state.apply(0, Play(((parse_card("A0"), 1), (parse_card("C1"), 0))))
    kinds = [e["event"] for e in state.view(1)["log"]]
    assert kinds == ["play", "play"]
    state.apply(0, state.legal_actions(0)[0])
    kinds = [e["event"] for e in state.view(1)["log"]]
    assert kinds == ["play", "play", "take", "refill", "draw"]
