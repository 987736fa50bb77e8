"""Helpers shared by the Ramen Fury tests: building tables, snapshots, card accounting."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gametable.core.events import Event
from gametable.core.rng import Rng
from gametable.games.ramen_fury import GAME, FuryState
from gametable.games.ramen_fury.cards import CODES, COPIES, KINDS, parse_card
from gametable.games.ramen_fury.state import ACTION, BOWLS, Story


def cards(text: str) -> list[int]:
    """Card kinds from codes: ``cards("Bf Ch Eg")``."""
    return [parse_card(w) for w in text.split()]


def hand(text: str) -> list[int]:
    counts = [0] * KINDS
    for c in cards(text):
        counts[c] += 1
    return counts


def table(
    players: int = 2,
    *,
    hands: Sequence[str] | None = None,
    bowls: dict[str, str] | None = None,
    eaten: Sequence[str] = (),
    pantry: str | None = None,
    deck: str | None = None,
    current: int = 0,
    seed: int = 0,
    **options: Any,
) -> FuryState:
    """A position built by hand. Cards not placed anywhere go to the discard pile, so the
    89 cards stay accounted for. ``bowls`` maps ``"seat.bowl"`` (bowl 1–3) to codes;
    ``deck`` lists the deck top first; ``eaten`` names eaten bowls.
    """
    state = GAME.new_state(players, seed=seed, first_player=current, **options)
    remaining = list(state.card_counts())
    total_deck = [0] * KINDS

    def take(kinds: list[int]) -> list[int]:
        for k in kinds:
            remaining[k] -= 1
            assert remaining[k] >= 0, f"too many {CODES[k]}"
        return kinds

    if hands is not None:
        state.hands = [hand(" ".join(CODES[k] for k in take(cards(h)))) for h in hands]
        state.hand_sizes = [sum(h) for h in state.hands]
    else:
        for h in state.hands:
            take([k for k in range(KINDS) for _ in range(h[k])])
    state.bowls = [[] for _ in range(players * BOWLS)]
    state.eaten = [False] * (players * BOWLS)
    for ref, text in (bowls or {}).items():
        s, b = ref.split(".")
        state.bowls[int(s) * BOWLS + int(b) - 1] = take(cards(text))
    for ref in eaten:
        s, b = ref.split(".")
        state.eaten[int(s) * BOWLS + int(b) - 1] = True
    if pantry is not None:
        pan = [parse_card(w) if w != "-" else -1 for w in pantry.split()]
        take([k for k in pan if k >= 0])
        state.pantry = pan
    else:
        take([k for k in state.pantry if k >= 0])
    if deck is not None:
        state.deck = take(cards(deck))[::-1]
    else:
        # Whatever is left forms the deck (in a fixed order), nothing discarded.
        state.deck = [k for k in reversed(range(KINDS)) for _ in range(remaining[k])]
        remaining = [0] * KINDS
    state.discard = remaining
    del total_deck
    state.current = current
    state.actions_left = 2
    state.phase = ACTION
    state.pending = ()
    state.refill_slot = -1
    state.final_left = -1
    state.known = [[0] * KINDS for _ in range(players)]
    assert state.card_counts() == list(COPIES)
    return state


def snapshot(state: FuryState) -> tuple[Any, ...]:
    """Everything a state holds, as comparable data (to check it did not change)."""
    return tuple(
        repr(list(state.events)) if name == "story" else repr(getattr(state, name))
        for name in FuryState.__slots__
        if name not in ("game",)
    )


def act(state: FuryState, text: str) -> None:
    """Apply an action typed in notation for the player to act."""
    seat = state.current
    action = GAME.parse_action(text, state.view(seat), state.legal_actions(seat))
    state.apply(seat, action)


def legal_texts(state: FuryState) -> list[str]:
    return [GAME.format_action(a) for a in state.legal_actions(state.current)]


def hide_and_shuffle(state: FuryState, seat: int, rng: Rng) -> FuryState:
    """A state differing from ``state`` only in what ``seat`` cannot see (``-1``: what no
    one but the holders sees): other hands' unknown cards and the deck order reshuffled
    together, and the cards other seats drew from the deck (known only to them) named as
    another card in the story of the game."""
    other = state.clone()
    pool = list(other.deck)
    for s in range(other.players):
        if s == seat:
            continue
        for k in range(KINDS):
            free = other.hands[s][k] - other.known[s][k]
            pool += [k] * free
            other.hands[s][k] -= free
    rng.shuffle(pool)
    for s in range(other.players):
        if s == seat:
            continue
        while sum(other.hands[s]) < other.hand_sizes[s]:
            other.hands[s][pool.pop()] += 1
    other.deck = pool
    # Draws from the deck by other players are events: their cards are hidden from seat.
    events = []
    for e in other.events:
        if e.kind == "draw" and e.private and e.seat != seat:
            e = Event(e.turn, e.seat, e.kind, e.facts, private={e.seat: {"card": "Zz"}})
        events.append(e)
    other.story = Story.of(events)
    return other
