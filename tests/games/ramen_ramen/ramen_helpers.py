"""Helpers shared by the Ramen! Ramen! tests (and the agents' tests: tests/agents/conftest.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gametable.core.registry import get_game
from gametable.games.ramen_ramen.cards import DECK, types_mask
from gametable.games.ramen_ramen.history import History
from gametable.games.ramen_ramen.state import PHASE_NAMES, PLAY, RamenState, parse_setup_card


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
        list(state.events),
        state.turn,
        state.current,
        state.phase,
    )


def position(
    players: int,
    hands: Sequence[Sequence[str]],
    fridge: Sequence[str] = (),
    bowls: Sequence[Sequence[str]] = ((), (), ()),
    deck: Sequence[str] | None = None,
    current: int = 0,
    phase: str = "play",
    served: Sequence[Sequence[Sequence[str]]] | None = None,
) -> RamenState:
    """A state set up by hand ("given this table").

    Cards are in notation (``"N4"``). ``deck`` lists the deck from the top; when it is
    omitted, every card not placed elsewhere forms the deck in card order. When it is
    given, the cards placed nowhere are set aside out of play (as the solo discards are).
    ``served`` lists, per side, the bowls already served.
    """

    def parse(names: Sequence[str]) -> list[int]:
        return [parse_setup_card(n) for n in names]

    state = get_game("ramen-ramen").new_state(players, 0)
    assert isinstance(state, RamenState)
    state.hands = [sorted(parse(h)) for h in hands]
    state.fridge = parse(fridge)
    state.bowls = [parse(b) for b in bowls]
    state.bowl_sum = [sum(c & 7 for c in b) for b in state.bowls]
    state.bowl_mask = [types_mask(b) for b in state.bowls]
    state.served = (
        [[tuple(parse(b)) for b in side] for side in served]
        if served
        else [[] for _ in range(state.sides)]
    )
    state.served_by = [[-1] * len(side) for side in state.served]
    used = [c for h in state.hands for c in h] + state.fridge + [c for b in state.bowls for c in b]
    used += [c for side in state.served for b in side for c in b]
    if deck is None:
        state.deck = [c for c in DECK if c not in used][::-1]
        state.discards = []
    else:
        state.deck = parse(deck)[::-1]
        state.discards = [c for c in DECK if c not in used and c not in state.deck]
    if len(set(used) | set(state.deck)) != len(used) + len(state.deck):
        raise ValueError("a card is placed twice")
    state.last_pick = [[] for _ in range(players)]
    state.events = History()
    state.turn = 1
    state.current = current
    state.phase = PHASE_NAMES.index(phase)
    state.setup = None
    if state.phase == PLAY:
        state._start_turn()  # an empty hand goes straight to the Fridge, or is skipped
    return state
