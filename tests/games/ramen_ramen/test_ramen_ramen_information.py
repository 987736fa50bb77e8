"""Ramen! Ramen!: what each seat may see (the information rules of the reference)."""

from __future__ import annotations

import json

from ramen_helpers import position

from gametable.core import Rng, get_game
from gametable.games.ramen_ramen.cards import CARD_NAMES, parse_card
from gametable.games.ramen_ramen.state import Play, RamenState, Take

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


def taken(state: RamenState, seat: int) -> set[str]:
    """The cards the whole table saw ``seat`` take from the Fridge (the history)."""
    return {e.facts["card"] for e in state.events if e.kind == "take" and e.seat == seat}


def test_a_seat_sees_its_own_hand_but_only_the_sizes_of_other_hands() -> None:
    # Hands are private; what a player took from the Fridge was seen by everyone ("it's on
    # them to remember what you have in your hand", FAQ): the history remembers it.
    state = midgame(3)
    view = state.view(0)
    assert view["hand"] == [CARD_NAMES[c] for c in state.hands[0]]
    assert view["hand_sizes"] == [len(h) for h in state.hands]
    hidden = 0
    for other in (1, 2):
        for card in state.hands[other]:
            if CARD_NAMES[card] not in taken(state, other):
                assert not mentions(view, CARD_NAMES[card])
                hidden += 1
    assert hidden


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
        assert all(s["bowls"] is None and s["points"] is None for s in view["served"])
        serves = [e for e in view["history"] if e["kind"] == "serve"]
        assert serves and all("cards" not in e and "points" not in e for e in serves)
    # ... and once the game is over, the history opens them
    while not state.is_over:
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    serves = [e for e in state.view(1)["history"] if e["kind"] == "serve"]
    assert all("cards" in e and "points" in e for e in serves)
    assert len(serves) == sum(len(s) for s in state.served)


def test_served_bowls_are_open_in_solo() -> None:
    state = midgame(1, steps=40)
    view = state.view(0)
    assert view["served"][0]["bowls"] == [[CARD_NAMES[c] for c in b] for b in state.served[0]]
    assert view["served"][0]["points"] == state.side_points(0)
    serves = [e for e in view["history"] if e["kind"] == "serve"]
    assert [e["cards"] for e in serves] == view["served"][0]["bowls"]


def test_solo_discards_stay_hidden_until_the_end_then_are_revealed() -> None:
    state = midgame(1, steps=10)
    view = state.view(0)
    assert view["discards"] is None and view["discard_count"] == 4
    assert view["history"][0] == {"turn": 0, "seat": None, "kind": "discard", "count": 4}
    while not state.is_over:
        state.apply(0, state.legal_actions(0)[0])
    view = state.view(0)
    assert len(view["discards"]) == 4
    assert view["history"][0]["cards"] == view["discards"]


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
    draws = lambda seat: [e for e in state.view(seat)["history"] if e["kind"] == "draw"]  # noqa: E731
    assert draws(0) == [{"turn": 1, "seat": 0, "kind": "draw", "card": "S6"}]
    assert draws(1) == [{"turn": 1, "seat": 0, "kind": "draw"}]
    assert draws(None) == draws(1)


def test_teammates_do_not_see_each_others_hands() -> None:
    state = midgame(4)
    view = state.view(0)
    hidden = [c for c in state.hands[2] if CARD_NAMES[c] not in taken(state, 2)]
    assert hidden
    for card in hidden:
        assert not mentions(view, CARD_NAMES[card])


def test_the_history_tells_each_step_of_every_turn_from_the_start() -> None:
    # "1. Play ... 2. Serve ... 3. Take ... 4. Refill ... 5. Draw", as events of one shape.
    state = position(
        2,
        [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]],
        fridge=["N0", "N1", "N2", "N3"],
        bowls=[["S7"], [], []],
    )
    state.apply(0, Play(((parse_card("A0"), 1), (parse_card("C1"), 0))))
    assert state.view(1)["history"] == [
        {
            "turn": 1,
            "seat": 0,
            "kind": "play",
            "cards": [{"card": "A0", "bowl": 1}, {"card": "C1", "bowl": 0}],
        }
    ]
    state.apply(0, Take(parse_card("N2")))
    kinds = [(e["turn"], e["seat"], e["kind"]) for e in state.view(1)["history"]]
    assert kinds == [(1, 0, "play"), (1, 0, "take"), (1, None, "refill"), (1, 0, "draw")]
    for _ in range(3):  # a few turns later the first one is still told
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    history = state.view(1)["history"]
    assert history[0]["kind"] == "play" and history[0]["turn"] == 1
    assert [e["turn"] for e in history] == sorted(e["turn"] for e in history)


def test_a_bowl_served_face_down_seals_its_cards_until_the_end() -> None:
    # "its cards go face down ... nobody, not even their owner, may look at them until the
    # final scoring; only the number of bowls each player has served is public"
    state = position(
        2,
        [["N7", "A0", "K2", "M3"], ["A4", "C5", "K6", "M7"]],
        fridge=["S1"],
        bowls=[["C7"], [], []],
        deck=["S2", "S3"],
    )
    state.apply(0, Play(((parse_card("N7"), 0), (parse_card("A0"), 1))))
    serve = {"turn": 1, "seat": 0, "kind": "serve", "bowl": 0, "side": 0}
    assert [e for e in state.view(0)["history"] if e["kind"] == "serve"] == [serve]
    assert [e for e in state.view(1)["history"] if e["kind"] == "serve"] == [serve]
    assert state.view(0)["served"][0] == {
        "side": 0,
        "team": None,
        "seats": [0],
        "count": 1,
        "bowls": None,
        "bowl_points": None,
        "points": None,
    }


def test_a_search_keeps_the_fridge_cards_a_player_took_and_has_not_played_in_their_hand() -> None:
    # The table saw seat 1 take Nori 1 and, a turn later, Nori 3 (its last pick), and play
    # neither: both are in its hand in every state a search samples from seat 0's view.
    state = position(
        2, [["A0", "C1", "K2", "M3"], ["A4", "C5", "K6", "M7"]], fridge=["N0", "N1", "N2", "N3"]
    )

    def turn(seat: int, a: str, b: str, pick: str) -> None:
        state.apply(seat, Play(tuple(sorted(((parse_card(a), 0), (parse_card(b), 1))))))
        state.apply(seat, Take(parse_card(pick)))

    turn(0, "A0", "C1", "N0")
    turn(1, "A4", "C5", "N1")
    turn(0, "K2", "M3", "N2")
    turn(1, "K6", "M7", "N3")
    view = state.view(0)
    assert view["last_pick"][1] == ["N3"]
    sampler = GAME.determinizer(view)
    for k in range(20):
        sample = sampler(Rng(k))
        assert isinstance(sample, RamenState)
        assert {parse_card("N1"), parse_card("N3")} <= set(sample.hands[1])
        assert sample.view(0)["hand"] == view["hand"]
