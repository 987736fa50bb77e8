"""What happened in a game of Ramen! Ramen!, as events (:mod:`gametable.core.events`).

Every event a view's ``history`` carries, its *kind* as the rulebook names the step, and
its facts (cards by the names the views use, bowls as places 0–2):

=============  ======  ======================================================================
kind           seat    facts
=============  ======  ======================================================================
``discard``    —       setup: ``count`` cards set aside face down (solo: 4, their
                       ``cards`` sealed until the end; a short game's, such as a
                       lesson's, stay out of the story)
``play``       player  step 1: ``cards``, a list of ``{"card", "bowl"}`` (as the decision)
``serve``      player  step 2: ``bowl`` served to ``side`` (a seat; in 4 players a team, also
                       named by ``team``, ``"A"`` or ``"B"``); its ``cards``,
                       ``ingredients`` and ``points`` are public in solo and sealed (face
                       down) with 2–4 players until the end
``take``       player  step 3: ``card`` taken from the Fridge; ``second`` when it is the
                       second pick that replaces the draw once the deck is empty
``refill``     —       step 4: the Fridge refilled with ``card``
``draw``       player  step 5: a card drawn; the ``card`` is private to the player
``skip``       player  nothing to play and nothing to take: the turn is skipped
``end``        —       the game is over; the bowls still open (``unserved``: ``{"bowl",
                       "cards"}``) are discarded and score nothing
=============  ======  ======================================================================

The rules record each event as a small tuple (:meth:`History.record`), which costs what
appending to a list costs; it becomes an :class:`~gametable.core.events.Event` the first
time it is read. A random game's engine loop thus pays almost nothing for its story
(``benchmarks/bench_engine.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from gametable.core.events import JSON, Event, EventLog
from gametable.games.ramen_ramen.cards import CARD_NAMES, POINTS_BY_TYPES, POPCOUNT, types_mask

TEAM_NAMES = ("A", "B")
"""The teams of the 4-player game: seats 0 and 2 are team A, seats 1 and 3 team B."""

Raw = tuple[Any, ...]
"""An event as the rules record it: its kind, its turn, then what the kind needs."""

_Copy = Callable[[dict[str, JSON]], dict[str, JSON]]
"""How to copy an event's JSON for a view (:func:`_copier`)."""


def _names(cards: Any) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def bowl_facts(cards: Any) -> dict[str, JSON]:
    """A served bowl's cards, its number of distinct ingredients and its points."""
    ingredients = POPCOUNT[types_mask(cards)]
    return {
        "cards": _names(cards),
        "ingredients": ingredients,
        "points": POINTS_BY_TYPES[ingredients],
    }


def _discard(raw: Raw) -> Event:
    _, turn, cards, shown_at_end = raw
    if not shown_at_end:  # a short game's cards left out: never part of the story
        return Event(turn, None, "discard", {"count": len(cards)})
    return Event(turn, None, "discard", {"count": len(cards)}, sealed={"cards": _names(cards)})


def _play(raw: Raw) -> Event:
    _, turn, seat, placements = raw
    facts = {"cards": [{"card": CARD_NAMES[c], "bowl": p} for c, p in placements]}
    return Event(turn, seat, "play", facts)


def _serve(raw: Raw) -> Event:
    _, turn, seat, place, side, cards, players = raw
    facts: dict[str, JSON] = {"bowl": place, "side": side}
    if players == 4:
        facts["team"] = TEAM_NAMES[side]
    if players == 1:  # solo: served bowls stay open
        facts.update(bowl_facts(cards))
        return Event(turn, seat, "serve", facts)
    return Event(turn, seat, "serve", facts, sealed=bowl_facts(cards))


def _take(raw: Raw) -> Event:
    _, turn, seat, card, second = raw
    return Event(turn, seat, "take", {"card": CARD_NAMES[card], "second": second})


def _refill(raw: Raw) -> Event:
    _, turn, card = raw
    return Event(turn, None, "refill", {"card": CARD_NAMES[card]})


def _draw(raw: Raw) -> Event:
    _, turn, seat, card = raw
    return Event(turn, seat, "draw", {}, private={seat: {"card": CARD_NAMES[card]}})


def _skip(raw: Raw) -> Event:
    _, turn, seat = raw
    return Event(turn, seat, "skip", {})


def _end(raw: Raw) -> Event:
    _, turn, unserved = raw
    bowls = [{"bowl": p, "cards": _names(cards)} for p, cards in unserved]
    return Event(turn, None, "end", {"unserved": bowls})


_MAKE: dict[str, Callable[[Raw], Event]] = {
    "discard": _discard,
    "play": _play,
    "serve": _serve,
    "take": _take,
    "refill": _refill,
    "draw": _draw,
    "skip": _skip,
    "end": _end,
}

KINDS = tuple(_MAKE)
"""Every kind of event, in the order of a turn."""


def make_event(raw: Raw) -> Event:
    """The event a raw record stands for."""
    return _MAKE[raw[0]](raw)


class History(EventLog):
    """A game's events (an :class:`~gametable.core.events.EventLog`), recorded cheaply.

    The rules call :meth:`record` with a raw tuple: it is the list's own ``append``, with
    no Python call around it. Reading (iteration, indexing, :meth:`to_json`) turns each raw
    tuple into its :class:`Event` once, in place. A :meth:`copy` takes its own list of the
    entries (a few hundred pointers at most, copied at C speed: cheaper than sharing the
    list and checking for a divergence at every record, in a game's engine loop and in the
    searches that clone states); events are immutable, so copies share them.
    """

    __slots__ = ("_entries", "_told", "record")

    record: Callable[[Raw], None]
    """Add an event as its raw tuple (the rules' hot path)."""

    def __init__(self) -> None:
        self._entries: list[Raw | Event] = []
        self._told: dict[tuple[int | None, bool], list[tuple[dict[str, JSON], _Copy]]] = {}
        self.record = self._entries.append

    def append(self, event: Event) -> None:
        self._entries.append(event)

    def copy(self) -> History:
        new = History.__new__(History)
        new._entries = entries = self._entries[:]
        new._told = {}
        new.record = entries.append
        return new

    def __len__(self) -> int:
        return len(self._entries)

    def __eq__(self, other: object) -> bool:
        """The same events, in the same order."""
        if not isinstance(other, EventLog):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def _event(self, index: int) -> Event:
        item = self._entries[index]
        if type(item) is tuple:
            item = self._entries[index] = make_event(item)
        assert isinstance(item, Event)
        return item

    def __iter__(self) -> Iterator[Event]:
        return (self._event(i) for i in range(len(self._entries)))

    def __getitem__(self, index: int) -> Event:
        count = len(self._entries)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("no such event")
        return self._event(index)

    def last(self) -> Event | None:
        return self._event(len(self._entries) - 1) if self._entries else None

    def to_json(self, viewer: int | None, over: bool = False) -> list[dict[str, JSON]]:
        """The whole story as ``viewer`` may know it: fresh values (a view may be edited
        without touching the events or another view).

        Each event is told to each reader once (its JSON kept, since events never change),
        then copied for every view: a view of a long game costs a copy of its story, not
        the story's telling."""
        key = (viewer, over)
        told = self._told.get(key)
        if told is None:
            told = self._told[key] = []
        event = self._event
        for i in range(len(told), len(self._entries)):
            data = event(i).to_json(viewer, over)
            told.append((data, _copier(data)))
        return [copy(data) for data, copy in told]


def _copier(data: dict[str, JSON]) -> _Copy:
    """The cheapest way to copy an event's JSON so that no list or object is shared."""
    nested = [k for k, v in data.items() if type(v) is list]
    if not nested:
        return dict.copy
    if nested == ["cards"] and all(type(x) is str for x in data["cards"]):  # cards by name
        return _copy_cards
    if nested == ["cards"] and all(  # a play's placements
        type(x) is dict and all(type(v) is not list for v in x.values()) for x in data["cards"]
    ):
        return _copy_placements
    return _fresh


def _copy_cards(data: dict[str, JSON]) -> dict[str, JSON]:
    out = data.copy()
    out["cards"] = data["cards"][:]
    return out


def _copy_placements(data: dict[str, JSON]) -> dict[str, JSON]:
    out = data.copy()
    out["cards"] = [x.copy() for x in data["cards"]]
    return out


def _fresh(value: Any) -> Any:
    """A copy of nested lists and objects (the facts' cards and bowls)."""
    if type(value) is list:
        return [_fresh(v) for v in value]
    if type(value) is dict:
        return {k: _fresh(v) for k, v in value.items()}
    return value


__all__ = ["KINDS", "TEAM_NAMES", "History", "bowl_facts", "make_event"]
