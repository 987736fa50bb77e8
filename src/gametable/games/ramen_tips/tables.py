"""Build particular tables by hand: for tests, the rulebook's examples and the docs.

>>> from gametable.games.ramen_tips.tables import make_state
>>> s = make_state(3, "CNYSA", hands=[["S5"], ["N6"], ["S9"]], offer=["C1", "C2", "C3"])
>>> [len(h) for h in s.hands], s.offer
([9, 9, 9], [0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gametable.games.ramen_tips.cards import CARD_BY_NAME, CARD_NAMES, DECK
from gametable.games.ramen_tips.state import TipsState, hand_size, slots_for


def build_setup(
    players: int,
    preference: str,
    hands: Sequence[Sequence[str]] = (),
    offer: Sequence[str] = (),
    grunchie: Sequence[str] = (),
    narutos: Sequence[str] = (),
    hand_cards: int | None = None,
) -> dict[str, Any]:
    """A setup with the given cards; every hand, the offer and Grunchie's hand are filled
    up with the lowest unnamed cards, and the rest is the unused deck.

    ``hand_cards`` (default: the full hand) makes hands shorter, for end-game examples;
    the missing cards are put in the unused deck so the 45 cards stay accounted for.
    """
    named = {c for h in hands for c in h} | set(offer) | set(grunchie)
    free = [CARD_NAMES[c] for c in DECK if CARD_NAMES[c] not in named]
    size = hand_size(players) if hand_cards is None else hand_cards
    out_hands = []
    for i in range(players):
        h = list(hands[i]) if i < len(hands) else []
        while len(h) < size:
            h.append(free.pop(0))
        out_hands.append(h)
    g = list(grunchie)
    if players == 2:
        while len(g) < size:
            g.append(free.pop(0))
    o = list(offer)
    while len(o) < slots_for(players):
        o.append(free.pop(0))
    return {
        "preference": list(preference),
        "hands": out_hands,
        "grunchie": g,
        "offer": o,
        "unused": free,
        "narutos": list(narutos),
    }


def make_state(
    players: int,
    preference: str,
    hands: Sequence[Sequence[str]] = (),
    offer: Sequence[str] = (),
    grunchie: Sequence[str] = (),
    narutos: Sequence[str] = (),
    hand_cards: int | None = None,
    **options: Any,
) -> TipsState:
    """A state at the start of round 1 built with :func:`build_setup`.

    With ``hand_cards`` below the full hand, the setup is not a legal deal; the state is
    still consistent (the extra cards lie in the unused deck), which is what examples of
    the last rounds need.
    """
    from gametable.games.ramen_tips.game import GAME

    if narutos:
        options.setdefault("narutos", True)
    resolved = GAME.resolve_options(players, options)
    setup = build_setup(players, preference, hands, offer, grunchie, narutos, hand_cards)
    if hand_cards is None:
        return GAME.state_from_setup(players, setup, resolved)
    # A short game: build with full hands, then move the surplus to the unused deck.
    full = build_setup(players, preference, hands, offer, grunchie, narutos)
    state = GAME.state_from_setup(players, full, resolved)
    keep = set()
    for i, h in enumerate(setup["hands"]):
        keep |= set(h)
        state.hands[i] = sorted(CARD_BY_NAME[c] for c in h)
    state.grunchie_hand = [CARD_BY_NAME[c] for c in setup["grunchie"]]
    in_play = {c for h in state.hands for c in h} | set(state.grunchie_hand) | set(state.offer)
    state.unused = [c for c in DECK if c not in in_play]
    state.final = hand_cards == 1
    state.setup = None  # no longer a deal that state_from_setup would accept
    return state


def set_bowls(state: TipsState, seat: int, bowls: Sequence[Sequence[str]]) -> None:
    """Give ``seat`` these bowls (cards by name), e.g. ``[["C3", "N4"], ["C8"]]``.

    The cards are taken out of the unused deck; a test that names cards held elsewhere
    must account for them itself.
    """
    cards = [[CARD_BY_NAME[c] for c in b] for b in bowls]
    for b in cards:
        for c in b:
            if c in state.unused:
                state.unused.remove(c)
    state.bowls[seat] = cards
    state.masks[seat] = [_mask(b) for b in cards]


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << (c // 9)
    return m


__all__ = ["build_setup", "make_state", "set_bowls"]
