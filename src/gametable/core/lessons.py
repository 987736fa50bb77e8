"""A guided first game: a fixed deal and a short script that asks the learner to make each
kind of move, explains each rule as it comes up, refuses a wrong move kindly with the
reason, and ends with the scoring explained.

A game provides its lesson (:meth:`~gametable.core.game.Game.lesson`) as a :class:`Lesson`:
the player count and options, an explicit setup (the deal), the learner's seat, and per
seat a script of :class:`Step` objects, one per decision of that seat in order: the
learner's ``n``-th decision is ``script[learner][n]`` (per seat, not per game: in a game
of simultaneous choices, seats decide in any order):

- a learner's step says what to do (``say``) and checks the move (``expect``): a move the
  rules allow but the lesson does not want is refused kindly, with the reason, and nothing
  changes; a move the rules refuse gets the rules' own reason;
- another seat's step makes its scripted decision (``play``);
- ``then`` is said once the decision is made (what happened, which rule it showed).

When the script runs out the game goes on freely (the other seats' bots decide) until the
end, where ``end`` explains the scoring. Everything said is a :class:`~gametable.core.words.Msg`
from the game's catalog, so a lesson exists in every language its catalog has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gametable.core.values import JSON, Action, View
from gametable.core.words import Msg

Expectation = Callable[[Action, View], Msg | None]
"""Whether a learner's move is the one the step asks for: ``None`` (yes), or why not."""


@dataclass(frozen=True)
class Step:
    """One decision of a seat in the lesson (see the module docstring)."""

    say: Msg | None = None
    """What the coach tells the learner before this decision (their turn, or what the
    other seat is about to show)."""
    expect: Expectation | None = None
    """For a learner's step: the check of their move (``None``: any legal move)."""
    play: Action | None = None
    """For another seat's step: the decision it makes."""
    then: Msg | None = None
    """What the coach says once the decision is made."""


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game (see the module docstring)."""

    title: Msg
    players: int
    learner: int
    setup: JSON
    script: Mapping[int, Sequence[Step]]
    """Per seat, its steps in the order of its decisions."""
    end: Msg
    """The scoring explained, said when the game is over."""
    options: Mapping[str, Any] = field(default_factory=dict)
    intro: Msg | None = None
    """What the coach says before the first decision (the goal of the game)."""
    bot: str = "greedy"
    """The bot that decides for the other seats once the script has run out."""

    def step(self, seat: int, made: int) -> Step | None:
        """The step of ``seat``'s decision after ``made`` decisions (``None`` once its
        script has run out)."""
        steps = self.script.get(seat, ())
        return steps[made] if 0 <= made < len(steps) else None

    def check(self, seat: int, made: int, action: Action, view: View) -> Msg | None:
        """Why the lesson refuses ``seat``'s ``action`` as its decision after ``made``
        decisions (``None``: it is welcome)."""
        step = self.step(seat, made)
        if step is None or step.expect is None:
            return None
        return step.expect(action, view)

    def scripted(self, seat: int, made: int) -> Action | None:
        """The decision a scripted seat makes after ``made`` decisions, if the script
        says (``None``: its bot decides)."""
        step = self.step(seat, made)
        return None if step is None else step.play


def exactly(wanted: Action, why: Msg) -> Expectation:
    """An expectation met by one decision only; ``why`` explains any other."""

    def check(action: Action, _view: View) -> Msg | None:
        return None if action == wanted else why

    return check


def one_of(wanted: Sequence[Action], why: Msg) -> Expectation:
    """An expectation met by any of ``wanted``; ``why`` explains any other."""
    allowed = set(wanted)

    def check(action: Action, _view: View) -> Msg | None:
        return None if action in allowed else why

    return check
