"""Several games as a match, with running totals (§11, §12.13).

>>> m = Match(players=2)
>>> m.add(score_game([0, 12], went_out=0))
>>> m.totals, m.games_won, m.is_over
([12, -12], [1, 0], False)

The default length is one game per player (Pressman's "round"); ``match_winner`` is
``"points"`` (highest running total, the seed) or ``"games_won"`` (most games won, points
breaking ties: Pressman).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gametable.core.game import rank_by_keys
from gametable.core.match import Match as CoreMatch


class Match(CoreMatch):
    """Running totals over several games of one set of players, won by ``match_winner``."""

    def __init__(
        self,
        players: int,
        games: int | None = None,
        match_winner: str = "points",
    ) -> None:
        if match_winner not in ("points", "games_won"):
            raise ValueError(f"match_winner must be 'points' or 'games_won', got {match_winner!r}")
        super().__init__(players, games if games is not None else players)
        self.match_winner = match_winner

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, Any]) -> Match:
        """A match configured by the game options ``match_games`` and ``match_winner``."""
        return cls(players, options.get("match_games"), options.get("match_winner", "points"))

    def standings(self) -> tuple[tuple[int, ...], str | None]:
        """Ranks (1 = first) and the deciding tie-break, by the ``match_winner`` rule."""
        if self.match_winner == "points":
            # the seed names no tie-break for equal totals: equal totals share the rank
            ranks = tuple(1 + sum(1 for t in self.totals if t > mine) for mine in self.totals)
            return ranks, None
        keys2 = [(self.games_won[s], self.totals[s]) for s in range(self.players)]
        return rank_by_keys(keys2, ["games_won", "points"])
