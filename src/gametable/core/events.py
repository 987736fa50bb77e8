"""Events: what happened in a game, as data, in one shape for every game.

An :class:`Event` is one thing that happened: *who* (a seat, or ``None`` when the game
itself acted: a refill, a reveal, the end), *what kind* (named as the rulebook names it:
``"play"``, ``"serve"``, ``"draw"``, ``"spoon"``), the *turn* it belongs to (front ends
group a game's story by turn), and its *facts* as plain JSON — cards and tiles by the same
names the views use. Some facts are not everyone's to know:

- ``private`` facts are known to one seat only (the card *you* drew);
- ``sealed`` facts are known to nobody until the game is over (the cards of a bowl served
  face down), then to everyone.

A state keeps its events in an :class:`EventLog`; its view carries the whole game's story
as that seat may know it (:meth:`EventLog.to_json`), under ``"history"``. Bots, the web
client and the terminal read those same events; each game's description layer
(:class:`~gametable.core.words.GameWords`) tells them in words.

>>> log = EventLog()
>>> log.append(Event(1, 0, "draw", {"count": 1}, private={0: {"card": "N4"}}))
>>> log.to_json(viewer=0, over=False)
[{'turn': 1, 'seat': 0, 'kind': 'draw', 'count': 1, 'card': 'N4'}]
>>> log.to_json(viewer=1, over=False)
[{'turn': 1, 'seat': 0, 'kind': 'draw', 'count': 1}]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

JSON = Any

RESERVED = frozenset({"turn", "seat", "kind"})
"""Fact names an event may not use: they are the event's own fields in its JSON form."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened (see the module docstring)."""

    turn: int
    """The turn it belongs to (the game's own count, from 0 or 1)."""
    seat: int | None
    """Who did it; ``None`` when the game itself acted."""
    kind: str
    """What happened, named as the rulebook names it."""
    facts: Mapping[str, JSON]
    """What everyone may know of it."""
    private: Mapping[int, Mapping[str, JSON]] | None = None
    """Per seat, what only that seat may know of it (added to its facts for that seat)."""
    sealed: Mapping[str, JSON] | None = None
    """What nobody may know until the game is over (then added to everyone's facts)."""

    def to_json(self, viewer: int | None, over: bool = False) -> dict[str, JSON]:
        """The event as ``viewer`` (``None``: a spectator) may know it."""
        out: dict[str, JSON] = {"turn": self.turn, "seat": self.seat, "kind": self.kind}
        out.update(_fresh(self.facts))
        if self.private is not None and viewer is not None:
            mine = self.private.get(viewer)
            if mine:
                out.update(_fresh(mine))
        if over and self.sealed:
            out.update(_fresh(self.sealed))
        return out


def _fresh(value: Any) -> Any:
    """A copy of JSON data that shares no list or object with ``value``: each view is a
    value of its own, which its reader may change without changing any other."""
    if isinstance(value, dict | Mapping):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_fresh(v) for v in value]
    return value


class EventLog:
    """A state's events, oldest first: append-only, and copied for free.

    :meth:`copy` shares the events with the copy (searches clone states thousands of times
    a second); whichever of the two appends first after diverging takes its own list then
    (copy on write), so neither ever sees the other's later events.
    """

    __slots__ = ("_items", "_n")

    def __init__(self) -> None:
        self._items: list[Event] = []
        self._n = 0

    def append(self, event: Event) -> None:
        if len(self._items) != self._n:
            self._items = self._items[: self._n]
        self._items.append(event)
        self._n += 1

    def copy(self) -> EventLog:
        new = EventLog.__new__(EventLog)
        new._items = self._items
        new._n = self._n
        return new

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[Event]:
        items, n = self._items, self._n
        return iter(items if len(items) == n else items[:n])

    def __getitem__(self, index: int) -> Event:
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("no such event")
        return self._items[index]

    def last(self) -> Event | None:
        """The newest event, if any."""
        return self._items[self._n - 1] if self._n else None

    def to_json(self, viewer: int | None, over: bool = False) -> list[dict[str, JSON]]:
        """The whole story as ``viewer`` may know it (what a view carries as ``history``)."""
        return [event.to_json(viewer, over) for event in self]
