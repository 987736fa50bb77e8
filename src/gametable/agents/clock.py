"""A bot's time budget per turn, kept as a promise.

A bot built with ``seconds=S`` promises that none of its turns takes more than ``S`` of
wall-clock time, from the view that starts the turn to the last decision of the turn
returned. Turns of several decisions (Ramen! Ramen!'s play and Fridge picks, Ramen Fury's
two actions and the choices they bring) share the budget: the game says, through
:meth:`~gametable.core.game.Game.turn_step`, which decision starts a turn and what share of
the turn's remaining time each may spend. A share below 1 always leaves time for later
decisions, however many come, so the whole turn stays within its budget by construction;
the searches check their deadline often enough (every playout or sample batch) that the
last unit of work past it is small against the safety margin.

The margin (:data:`MARGIN` of the budget plus :data:`RESERVE` seconds) is time kept for
what the bot does not control: building the view, reading it, returning the decision, and
a loaded machine's scheduling.
"""

from __future__ import annotations

import time

from gametable.core.game import FIRST_AND_LAST, Game, View

MARGIN = 0.1
"""Part of every turn's budget left unspent."""
RESERVE = 0.01
"""Seconds of every turn's budget left unspent, besides :data:`MARGIN`."""


class TurnClock:
    """The deadlines of one seat's decisions under a per-turn budget of ``seconds``.

    >>> from gametable.core import get_game
    >>> game = get_game("ramen-ramen")
    >>> view = game.new_state(1, 0).view(0)  # a play, then a Fridge pick: half the turn
    >>> clock = TurnClock(1.0)
    >>> start = time.perf_counter()
    >>> abs(clock.deadline(game, view) - start - clock.usable / 2) < 0.01
    True
    """

    __slots__ = ("_elapsed", "_left", "_turn_end", "seconds")

    def __init__(self, seconds: float) -> None:
        if seconds <= 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        self.seconds = seconds
        self._turn_end: float | None = None
        self._elapsed: float | None = None
        self._left: float | None = None

    @property
    def usable(self) -> float:
        """The part of a turn's budget the decisions may spend (the rest is the margin)."""
        return max(self.seconds * (1.0 - MARGIN) - RESERVE, self.seconds * 0.5)

    def resume(self, elapsed: float, time_left: float | None = None) -> None:
        """Say that the coming decision's turn began ``elapsed`` seconds ago, and that the
        seat has ``time_left`` seconds on a game clock (``None``: no clock).

        For callers whose decisions of one turn may reach different copies of the bot (a
        server's worker processes): they keep the turn's start and pass it along. A game
        clock shorter than the bot's own budget wins, with the same margin.
        """
        self._elapsed = max(0.0, elapsed)
        self._left = time_left

    def deadline(self, game: Game | None, view: View, share: float | None = None) -> float:
        """The :func:`time.perf_counter` time by which the decision for ``view`` must be
        made (it may already be past when an earlier decision of the turn overran).

        ``game`` says where the decision falls in its turn (``None``: every decision is a
        whole turn); ``share``, if given, replaces the game's share of the remaining time
        (an agent that knows it will spend less on the turn's later decisions).
        """
        step = FIRST_AND_LAST if game is None else game.turn_step(view)
        return self.step_deadline(step.starts_turn, step.share if share is None else share)

    def step_deadline(self, starts_turn: bool, share: float) -> float:
        """:meth:`deadline` for a decision whose place in the turn the agent knows itself:
        whether it starts the turn, and the share of the turn's remaining time it may
        spend."""
        now = time.perf_counter()
        if self._elapsed is not None:
            self._turn_end = now - self._elapsed + self.usable
            if self._left is not None:
                table_end = now + max(0.0, self._left * (1.0 - MARGIN) - RESERVE)
                self._turn_end = min(self._turn_end, table_end)
            self._elapsed = self._left = None
        elif starts_turn or self._turn_end is None:
            self._turn_end = now + self.usable
        remaining = self._turn_end - now
        return now + remaining * share if remaining > 0 else now

    def __repr__(self) -> str:
        return f"TurnClock(seconds={self.seconds})"


class TurnTimes:
    """The wall-clock time of every turn of a game, per seat, as a promise is measured:
    from the moment the turn's first view is asked for to the return of the turn's last
    decision (everything in between included).

    :func:`~gametable.agents.play.play_game` fills one when given ``turn_times``.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.turns: list[tuple[int, float]] = []
        """(seat, seconds) of every finished turn, in order."""
        self._open: dict[int, tuple[float, float]] = {}

    def decision(self, seat: int, view: View, began: float, ended: float) -> None:
        """A decision of ``seat`` for ``view``: asked for at ``began``, returned at
        ``ended`` (:func:`time.perf_counter` times)."""
        current = self._open.get(seat)
        if current is None or self.game.turn_step(view).starts_turn:
            if current is not None:
                self.turns.append((seat, current[1] - current[0]))
            current = (began, ended)
        self._open[seat] = (current[0], ended)

    def close(self) -> list[tuple[int, float]]:
        """Finish the turns still open (the game is over) and return :attr:`turns`."""
        for seat, (began, ended) in sorted(self._open.items()):
            self.turns.append((seat, ended - began))
        self._open.clear()
        return self.turns

    def per_seat(self, seat: int) -> list[float]:
        """The seconds of ``seat``'s finished turns."""
        return [seconds for s, seconds in self.turns if s == seat]


__all__ = ["MARGIN", "RESERVE", "TurnClock", "TurnTimes"]
