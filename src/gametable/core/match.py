"""Matches: several games between the same seats, with running totals.

:class:`Match` is the default every game gets from :meth:`Game.new_match`: it adds up each
game's scores, counts games won (a shared win counts for each winner) and ranks the seats
by total points, games won breaking ties. A game whose rules define matches differently
(Rummikub's ``match_winner``) returns its own subclass.
"""

from __future__ import annotations

from gametable.core.values import Result, Score, rank_by_keys


class Match:
    """Running totals over ``games`` games of ``players`` seats."""

    def __init__(self, players: int, games: int) -> None:
        if games < 1:
            raise ValueError(f"a match has at least one game, not {games}")
        self.players = players
        self.games = games
        self.results: list[Result] = []
        self.totals: list[Score] = [0] * players
        self.games_won: list[int] = [0] * players

    def __repr__(self) -> str:
        return f"<Match {len(self.results)}/{self.games} games, totals {self.totals}>"

    def add(self, result: Result) -> None:
        """Record a finished game."""
        if self.is_over:
            raise ValueError(f"the match is over after {self.games} games")
        if len(result.scores) != self.players:
            raise ValueError(f"a {len(result.scores)}-seat result in a {self.players}-seat match")
        self.results.append(result)
        for seat in range(self.players):
            self.totals[seat] += result.scores[seat]
        for seat in result.winners:
            self.games_won[seat] += 1

    @property
    def is_over(self) -> bool:
        """Whether every game of the match has been played."""
        return len(self.results) >= self.games

    def standings(self) -> tuple[tuple[int, ...], str | None]:
        """Ranks (1 = first) and the tie-break that decided first place, if any."""
        keys = [(self.totals[s], self.games_won[s]) for s in range(self.players)]
        return rank_by_keys(keys, ["points", "games won"])
