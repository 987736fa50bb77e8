"""Game clocks: a time limit per turn, a bank with an increment (Fischer), or both.

A *turn* of a seat lasts while the seat stays in ``to_act``: Ramen! Ramen!'s turn of two
plays and a Fridge take is one turn for the clock, and in the tips game every seat's clock
runs at once during the simultaneous choice. When a seat's time runs out the server plays
the game's ``timeout_action`` for it (Rummikub: undo the turn and draw three tiles) or, in
games without one, lets the seat's bot decide.

With a bank: the time a seat uses is taken from its bank; when its turn ends the increment
is added. A seat whose bank runs out gets the timeout decision for that turn and then
plays on its increment alone (its bank restarts from zero at the end of each turn).

Times are seconds on the server's monotonic clock. The state that survives a restart
(:meth:`Clock.to_json`) holds the banks and the time already used in the current turn;
the time the server was down is not charged to anyone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ClockConfig:
    """A table's clock settings (all ``None``: no clock)."""

    turn_seconds: float | None = None
    bank_seconds: float | None = None
    increment_seconds: float = 0.0

    @property
    def enabled(self) -> bool:
        return self.turn_seconds is not None or self.bank_seconds is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "turn_seconds": self.turn_seconds,
            "bank_seconds": self.bank_seconds,
            "increment_seconds": self.increment_seconds,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> ClockConfig:
        data = data or {}
        return cls(
            data.get("turn_seconds"),
            data.get("bank_seconds"),
            float(data.get("increment_seconds") or 0.0),
        )


class Clock:
    """The clocks of one table's seats."""

    def __init__(self, config: ClockConfig, players: int, game_turn_limit: float | None) -> None:
        self.config = config
        limits = [x for x in (config.turn_seconds, game_turn_limit) if x is not None]
        self.turn_limit: float | None = min(limits) if limits else None
        self.players = players
        bank = config.bank_seconds
        self.banks: list[float | None] = [bank] * players
        self.used = [0.0] * players
        """Seconds used in the current turn, up to :attr:`since`."""
        self.since: list[float | None] = [None] * players
        """When each running clock was last charged (``None``: not running)."""

    @property
    def enabled(self) -> bool:
        return self.turn_limit is not None or self.config.bank_seconds is not None

    def running(self) -> list[int]:
        return [s for s in range(self.players) if self.since[s] is not None]

    def start(self, seats: Iterable[int], now: float) -> None:
        """Start the turns of ``seats`` that are not already running."""
        for seat in seats:
            if self.since[seat] is None:
                self.since[seat] = now
                self.used[seat] = 0.0

    def _charge(self, seat: int, now: float) -> None:
        since = self.since[seat]
        if since is None:
            return
        elapsed = max(0.0, now - since)
        self.used[seat] += elapsed
        bank = self.banks[seat]
        if bank is not None:
            self.banks[seat] = bank - elapsed
        self.since[seat] = now

    def decided(self, seat: int, to_act_after: Iterable[int], now: float) -> None:
        """``seat`` made a decision at ``now``; ``to_act_after`` are the seats to act next."""
        after = set(to_act_after)
        self._charge(seat, now)
        for other in range(self.players):
            if self.since[other] is not None and other not in after:
                self._end_turn(other, now)
        self.start(sorted(after), now)

    def _end_turn(self, seat: int, now: float) -> None:
        self._charge(seat, now)
        bank = self.banks[seat]
        if bank is not None:
            self.banks[seat] = max(bank, 0.0) + self.config.increment_seconds
        self.since[seat] = None
        self.used[seat] = 0.0

    def remaining(self, seat: int, now: float) -> float | None:
        """Seconds ``seat`` has left before its time runs out (``None``: no limit)."""
        since = self.since[seat]
        elapsed = 0.0 if since is None else max(0.0, now - since)
        left: list[float] = []
        if self.turn_limit is not None:
            left.append(self.turn_limit - self.used[seat] - elapsed)
        bank = self.banks[seat]
        if bank is not None:
            left.append(bank - elapsed)
        return min(left) if left else None

    def next_deadline(
        self, now: float, exclude: Iterable[int] = ()
    ) -> tuple[float, list[int]] | None:
        """The earliest moment a running clock (not in ``exclude``) runs out, and the seats
        whose time is up then."""
        best: float | None = None
        seats: list[int] = []
        skip = set(exclude)
        for seat in self.running():
            if seat in skip:
                continue
            left = self.remaining(seat, now)
            if left is None:
                continue
            at = now + max(0.0, left)
            if best is None or at < best - 1e-9:
                best, seats = at, [seat]
            elif abs(at - best) <= 1e-9:
                seats.append(seat)
        return None if best is None else (best, seats)

    def public(self, now: float) -> dict[str, Any]:
        """What every client is shown: per seat the seconds left and whether it runs."""
        return {
            "config": self.config.to_json(),
            "turn_limit": self.turn_limit,
            "seats": [
                {
                    "running": self.since[s] is not None,
                    "remaining": _round(self.remaining(s, now)),
                    "bank": _round(
                        None
                        if self.banks[s] is None
                        else self.banks[s] - (0.0 if self.since[s] is None else now - self.since[s])  # type: ignore[operator]
                    ),
                }
                for s in range(self.players)
            ],
        }

    def to_json(self, now: float) -> dict[str, Any]:
        """The clock state to store (running clocks charged up to ``now``)."""
        for seat in self.running():
            self._charge(seat, now)
        return {
            "banks": list(self.banks),
            "used": list(self.used),
            "running": [self.since[s] is not None for s in range(self.players)],
        }

    def restore(self, data: dict[str, Any] | None, now: float) -> None:
        """Resume from :meth:`to_json` (the time between the two is not charged)."""
        if not data:
            return
        self.banks = [None if b is None else float(b) for b in data["banks"]]
        self.used = [float(u) for u in data["used"]]
        self.since = [now if r else None for r in data["running"]]


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
