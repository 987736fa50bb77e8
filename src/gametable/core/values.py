"""The plain values every layer passes around: views, decisions, scores and results.

These sit below the game protocol (:mod:`gametable.core.game`), the agent protocol
(:mod:`gametable.core.agent`), matches and the text UI protocol, which all build on them;
:mod:`gametable.core.game` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

JSON = Any
"""Plain data made of dicts, lists, str, int, float, bool and None."""

View = dict[str, Any]
"""A seat's view of a state: JSON-able data."""

Action = Hashable
"""A decision: a small frozen, hashable value defined by each game."""

Score = int | Fraction
"""Scores are integers, or exact fractions where a rule shares points (Rummikub ties)."""


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores`` and ``ranks`` are per seat. Rank 1 is first; tied seats share a rank (and
    team-mates share their team's score and rank). ``tiebreak`` names the rule that decided
    first place when points alone did not (``None`` if points decided, or if the tie
    stands — then several seats have rank 1). ``details`` is the game's breakdown for
    display (per bowl, per meld …) as JSON-able data.
    """

    scores: tuple[Score, ...]
    ranks: tuple[int, ...]
    tiebreak: str | None = None
    details: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first (several when the victory is shared)."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        """A result read back from :meth:`to_json` (``ValueError`` if malformed)."""
        try:
            return cls(
                scores=tuple(score_from_json(s) for s in data["scores"]),
                ranks=tuple(int(r) for r in data["ranks"]),
                tiebreak=data.get("tiebreak"),
                details=dict(data.get("details") or {}),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a game result: {exc}") from None

    def to_json(self) -> dict[str, JSON]:
        """The result as JSON-able data (fractions become ``"n/d"`` strings)."""
        return {
            "scores": [score_to_json(s) for s in self.scores],
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
            "details": self.details,
        }


def score_to_json(score: Score) -> int | str:
    """An int as itself; a fraction as ``"n/d"`` (or an int when whole)."""
    if isinstance(score, Fraction):
        return (
            score.numerator if score.denominator == 1 else f"{score.numerator}/{score.denominator}"
        )
    return score


def score_from_json(data: Any) -> Score:
    """A score read back from :func:`score_to_json`'s form; ``ValueError`` if it is none."""
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    if isinstance(data, str) and "/" in data and len(data) <= 40:
        try:
            return Fraction(data)
        except (ValueError, ZeroDivisionError):
            pass
    raise ValueError(f"not a score: {data!r}"[:80])


def rank_by_keys(
    keys: Sequence[tuple[Any, ...]], names: Sequence[str]
) -> tuple[tuple[int, ...], str | None]:
    """Ranks from per-seat sort keys (higher is better), and which key decided first place.

    ``keys[s]`` is seat ``s``'s tuple of criteria in order (points first, then each
    tie-break); ``names[i]`` names criterion ``i``. Seats with equal keys share a rank.

    The tie-break is found the way a rulebook applies its tie-breaks: among the seats
    tied on points for first place, each criterion in turn keeps only the seats still
    best on it; the criterion that leaves one seat alone is named. ``None`` if points
    decided, or if the tie stands after every criterion (a shared victory). A criterion
    that only narrows the field (three tied seats down to two) is not named: the one
    that then separates the last two is.

    >>> rank_by_keys([(5, 1), (5, 2), (3, 0)], ["points", "bowls"])
    ((2, 1, 3), 'bowls')
    >>> rank_by_keys([(6, 3, -15), (6, 4, -17), (6, 4, -19)], ["points", "bowls", "cards"])
    ((3, 1, 2), 'cards')
    >>> rank_by_keys([(10, 4, -18), (10, 3, -15), (10, 4, -18)], ["points", "bowls", "cards"])
    ((1, 3, 1), None)
    """
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    best = max(keys)
    alive = [k for k in keys if k[0] == best[0]]
    if len(alive) > 1:
        for i in range(1, len(best)):
            top = max(k[i] for k in alive)
            alive = [k for k in alive if k[i] == top]
            if len(alive) == 1:
                return ranks, names[i]
    return ranks, None
