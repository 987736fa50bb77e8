"""Helpers shared by the Ramen! Ramen! tests."""

from __future__ import annotations

from collections import Counter

from gametable.games.ramen_ramen.state import RamenState


def all_cards(state: RamenState) -> Counter[int]:
    """Every card wherever it is: hands, Fridge, deck, bowls, served piles, discards."""
    cards: Counter[int] = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(state.fridge)
    cards.update(state.deck)
    for bowl in state.bowls:
        cards.update(bowl)
    for side in state.served:
        for bowl in side:
            cards.update(bowl)
    cards.update(state.discards)
    return cards


def snapshot(state: RamenState) -> tuple[object, ...]:
    """Everything a rule can change, for "the state is unchanged" checks."""
    return (
        [h[:] for h in state.hands],
        state.fridge[:],
        state.deck[:],
        [b[:] for b in state.bowls],
        state.bowl_sum[:],
        state.bowl_mask[:],
        [s[:] for s in state.served],
        [s[:] for s in state.served_by],
        state.discards[:],
        [p[:] for p in state.last_pick],
        [e[:] for e in state.history],
        state.current,
        state.phase,
    )
