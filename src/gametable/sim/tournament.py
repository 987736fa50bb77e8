"""Tournaments between bots: round robin or gauntlet, seat rotation, openskill ratings.

A tournament is a list of *line-ups* (which bots sit down together), each played in every
cyclic rotation of its seats so every bot in a line-up takes every seat equally often,
for ``rounds`` rounds. Every game of a round is dealt from the same seed
(``derive_seed(seed, "deal", round)``), so each line-up and rotation meets the same deals
— luck of the deal cancels out between bots (as in duplicate bridge). Agents' seeds
differ per game (``derive_seed(seed, "agents", index)``).

- **round robin**: every set of ``players`` distinct bots (with fewer bots than seats,
  every multiset that mixes at least two bots);
- **gauntlet**: the first bot against each of the others, alone against a full table of
  that bot (``a`` vs ``b``; 3 players: ``a`` vs ``b, b``);
- **solo games** (one player): every bot plays the same deals; each deal is a match
  ranking the bots by score.

Ratings are openskill's Plackett–Luce model, updated game by game in index order (so
they do not depend on which worker finished first, nor on resuming). A bot in several
seats of one game moves by the mean of its seats' updates; games between copies of
one bot carry no information and are not rated.
"""

from __future__ import annotations

import itertools
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import quote
from gametable.core.game import Game
from gametable.core.rng import derive_seed
from gametable.sim.jobs import (
    MAX_GAMES,
    BotSpec,
    GameRow,
    GameTask,
    JobSpec,
    SimError,
    resolve_options,
)
from gametable.sim.stats import Distribution, Rate

MODES = ("round-robin", "gauntlet")
"""Names accepted by ``--mode``."""


def lineups(bots: Sequence[str], players: int, mode: str = "round-robin") -> list[tuple[str, ...]]:
    """The line-ups of a tournament (before seat rotation).

    >>> lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> lineups(["a", "b", "c"], 3, "gauntlet")
    [('a', 'b', 'b'), ('a', 'c', 'c')]
    """
    if len(set(bots)) != len(bots):
        raise SimError("each bot may be named only once in a tournament")
    if players == 1:
        return [(b,) for b in bots]
    if len(bots) < 2:
        raise SimError("a tournament needs at least two bots")
    if mode == "gauntlet":
        return [(bots[0],) + (other,) * (players - 1) for other in bots[1:]]
    if mode != "round-robin":
        raise SimError(f"unknown tournament mode {mode!r} (choose from: {', '.join(MODES)})")
    if len(bots) >= players:
        return list(itertools.combinations(bots, players))
    return [
        combo
        for combo in itertools.combinations_with_replacement(bots, players)
        if len(set(combo)) > 1
    ]


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct cyclic rotations of a line-up: each bot takes each seat equally often.

    >>> rotations(("a", "b", "b"))
    [('a', 'b', 'b'), ('b', 'b', 'a'), ('b', 'a', 'b')]
    """
    seen: dict[tuple[str, ...], None] = {}
    for k in range(len(lineup)):
        seen.setdefault(tuple(lineup[k:]) + tuple(lineup[:k]), None)
    return list(seen)


def tournament_tasks(
    game: Game,
    players: int,
    bots: Sequence[BotSpec],
    rounds: int,
    seed: int,
    options: Mapping[str, Any],
    mode: str = "round-robin",
) -> tuple[JobSpec, list[GameTask]]:
    """The spec and tasks of a tournament, round by round.

    Each round plays every line-up in every rotation on the same deal.
    """
    if rounds < 1:
        raise SimError(f"--rounds must be at least 1, got {rounds}")
    names = [str(b) for b in bots]
    ups = lineups(names, players, mode)
    per_round = sum(len(rotations(lineup)) for lineup in ups)
    if rounds * per_round > MAX_GAMES:
        raise SimError(
            f"{quote(rounds)} rounds of {per_round} games are more than {MAX_GAMES:,} games "
            f"per run; at most {MAX_GAMES // per_round:,} rounds"
        )
    resolved = resolve_options(game, players, options)
    frozen = tuple(sorted(resolved.items()))
    spec = JobSpec(
        "tournament",
        game.name,
        players,
        frozen,
        seed,
        (("bots", tuple(names)), ("mode", mode)),
    )
    tasks: list[GameTask] = []
    for rnd in range(rounds):
        deal = derive_seed(seed, "deal", rnd)
        for group, lineup in enumerate(ups):
            for seats in rotations(lineup):
                index = len(tasks)
                tasks.append(
                    GameTask(
                        index=index,
                        game=game.name,
                        players=players,
                        options=frozen,
                        bots=seats,
                        deal_seed=deal,
                        agent_seed=derive_seed(seed, "agents", index),
                        group=group,
                    )
                )
    return spec, tasks


@dataclass(frozen=True)
class Standing:
    """One bot's line of the leaderboard."""

    bot: str
    mu: float
    sigma: float
    games: int
    """Seats played (a bot in two seats of one game counts twice)."""
    wins: Rate
    scores: Distribution
    mean_rank: float

    @property
    def rating(self) -> float:
        """The conservative rating ``mu − 3·sigma`` (openskill's ordinal), used to rank."""
        return self.mu - 3 * self.sigma


def require_ratings() -> None:
    """Raise :class:`SimError` with the install advice unless openskill can be imported
    (checked before a tournament plays its games, not after)."""
    try:
        import openskill.models  # noqa: F401
    except ImportError:
        raise SimError(
            "tournament ratings need openskill: pip install 'gametable[sim]' "
            "(or run 'make play', which installs it)"
        ) from None


def rate(rows: Sequence[GameRow], bots: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Openskill (Plackett–Luce) ``(mu, sigma)`` per bot from the rows, in index order."""
    require_ratings()
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in bots}
    ordered = sorted(rows, key=lambda r: r.index)
    if ordered and ordered[0].players == 1:
        matches = _solo_matches(ordered)
    else:
        matches = [(list(r.bots), list(r.ranks)) for r in ordered if len(set(r.bots)) > 1]
    for seat_bots, ranks in matches:
        for bot in seat_bots:
            ratings.setdefault(bot, model.rating(name=bot))
        updated = model.rate([[ratings[b]] for b in seat_bots], ranks=[float(r) for r in ranks])
        deltas: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for bot, team in zip(seat_bots, updated, strict=True):
            deltas[bot].append((team[0].mu, team[0].sigma))
        for bot, values in deltas.items():
            ratings[bot] = model.rating(
                mu=statistics.fmean(v[0] for v in values),
                sigma=statistics.fmean(v[1] for v in values),
                name=bot,
            )
    return {b: (r.mu, r.sigma) for b, r in ratings.items()}


def _solo_matches(rows: Sequence[GameRow]) -> list[tuple[list[str], list[int]]]:
    """Solo tournaments: each deal is one match ranking the bots that played it by score."""
    by_deal: dict[int, list[GameRow]] = defaultdict(list)
    order: list[int] = []
    for row in rows:
        if row.deal_seed not in by_deal:
            order.append(row.deal_seed)
        by_deal[row.deal_seed].append(row)
    matches = []
    for deal in order:
        group = by_deal[deal]
        if len({r.bots[0] for r in group}) < 2:
            continue
        scores = [r.scores[0] for r in group]
        ranks = [1 + sum(1 for other in scores if other > mine) for mine in scores]
        matches.append(([r.bots[0] for r in group], ranks))
    return matches


def leaderboard(rows: Sequence[GameRow], bots: Sequence[str]) -> list[Standing]:
    """Every bot's standing, best rating first (bots without games are left out).

    In solo tournaments "won" and "rank" are among the bots that played the same deal
    (best score on the deal, ties included).
    """
    ratings = rate(rows, bots)
    seats: dict[str, list[tuple[GameRow, int]]] = defaultdict(list)
    for row in rows:
        for seat, bot in enumerate(row.bots):
            seats[bot].append((row, seat))
    deal_ranks: dict[str, list[int]] = defaultdict(list)
    if rows and rows[0].players == 1:
        for match_bots, ranks in _solo_matches(sorted(rows, key=lambda r: r.index)):
            for bot, rank in zip(match_bots, ranks, strict=True):
                deal_ranks[bot].append(rank)
    standings = []
    for bot, entries in seats.items():
        mu, sigma = ratings[bot]
        ranks = deal_ranks.get(bot) or [row.ranks[seat] for row, seat in entries]
        if bot in deal_ranks:
            wins = Rate(sum(1 for r in ranks if r == 1), len(ranks))
        else:
            wins = Rate(sum(row.won(seat) for row, seat in entries), len(entries))
        standings.append(
            Standing(
                bot=bot,
                mu=mu,
                sigma=sigma,
                games=len(entries),
                wins=wins,
                scores=Distribution.of([row.scores[seat] for row, seat in entries]),
                mean_rank=statistics.fmean(ranks),
            )
        )
    return sorted(standings, key=lambda s: (-s.rating, s.bot))


def head_to_head(rows: Sequence[GameRow]) -> dict[tuple[str, str], Rate]:
    """For each ordered pair of different bots met at one table: how often the first ranked
    ahead of the second (a tie counts half).

    Solo tournaments compare the bots' scores on the same deal.
    """
    tally: dict[tuple[str, str], list[float]] = defaultdict(list)
    if rows and rows[0].players == 1:
        for seat_bots, ranks in _solo_matches(sorted(rows, key=lambda r: r.index)):
            _tally(tally, seat_bots, ranks)
    else:
        for row in rows:
            _tally(tally, list(row.bots), list(row.ranks))
    return {pair: Rate(sum(v), len(v)) for pair, v in sorted(tally.items())}


def _tally(tally: dict[tuple[str, str], list[float]], bots: list[str], ranks: list[int]) -> None:
    for i, j in itertools.permutations(range(len(bots)), 2):
        if bots[i] != bots[j]:
            outcome = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            tally[(bots[i], bots[j])].append(outcome)
