"""Summaries of a batch of games: win rates with 95% intervals, scores, first-player
advantage, game length, tie-breaks and verdict bands.

A seat *wins* when it is ranked first: alone, with its team-mates (team games), or in a
tie that no tie-break separated — the share of such shared first places is reported
beside every win rate.
Intervals are Wilson score intervals for rates and normal intervals (mean ± 1.96·s/√n)
for means — accurate at the sample sizes simulations use.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gametable.sim.jobs import GameRow, verdict_stars

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson interval."""

    successes: float
    trials: int

    @property
    def value(self) -> float:
        """The observed rate (0 when there were no trials)."""
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval (``(0, 1)`` with no trials)."""
        return wilson(self.successes, self.trials)

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{100 * self.value:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials``.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= trials else min(1.0, centre + half)
    return lo, hi


@dataclass(frozen=True)
class Distribution:
    """Mean (with its 95% interval), spread and quantiles of a sample."""

    n: int
    mean: float
    ci: tuple[float, float]
    stdev: float
    minimum: float
    p10: float
    p25: float
    median: float
    p75: float
    p90: float
    maximum: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        """Describe ``values`` (which must not be empty)."""
        if not values:
            raise ValueError("no values to describe")
        n = len(values)
        mean = statistics.fmean(values)
        stdev = statistics.stdev(values) if n > 1 else 0.0
        half = Z95 * stdev / math.sqrt(n) if n > 1 else 0.0
        ordered = sorted(values)
        return cls(
            n=n,
            mean=mean,
            ci=(mean - half, mean + half),
            stdev=stdev,
            minimum=ordered[0],
            p10=quantile(ordered, 0.10),
            p25=quantile(ordered, 0.25),
            median=quantile(ordered, 0.50),
            p75=quantile(ordered, 0.75),
            p90=quantile(ordered, 0.90),
            maximum=ordered[-1],
        )


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolating linearly (numpy's default)."""
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


@dataclass(frozen=True)
class SeatStats:
    """How one seat (or one bot over all its seats) did."""

    label: str
    games: int
    wins: Rate
    shared: Rate
    """Games this seat won together with another seat (team-mates or a tie that stood)."""
    scores: Distribution
    mean_rank: float


@dataclass(frozen=True)
class FirstPlayer:
    """How the seat that decides first did, against the 1/players a fair game would give.

    Only games with a single first decider count (not simultaneous starts).
    """

    games: int
    players: int
    wins: Rate
    by_seat: dict[int, int]
    """How often each seat went first."""

    expected: float
    """The average seat's win rate in the same games: what the first player would get if
    going first neither helped nor hurt (1/players, more with teams and ties)."""

    @property
    def advantage(self) -> float:
        """Observed minus expected win rate of the first player."""
        return self.wins.value - self.expected


@dataclass(frozen=True)
class Summary:
    """Everything :func:`summarise` computes from a batch of rows."""

    games: int
    players: int
    per_seat: list[SeatStats]
    per_bot: list[SeatStats]
    first_player: FirstPlayer | None
    length: Distribution
    shared_wins: Rate
    """Games with several seats ranked first (team-mates, or a tie no tie-break separated)."""
    tiebreaks: Rate
    """Games whose first place was decided by a tie-break rather than points."""
    tiebreak_names: dict[str, int] = field(default_factory=dict)
    verdicts: list[tuple[str, int]] = field(default_factory=list)
    """Verdict bands (e.g. the critics' stars) with their counts, lowest band first."""
    seconds_per_game: float = 0.0

    def to_json(self) -> dict[str, object]:
        """The summary as JSON-able data."""

        def seat(s: SeatStats) -> dict[str, object]:
            return {
                "label": s.label,
                "games": s.games,
                "win_rate": s.wins.value,
                "win_rate_ci": list(s.wins.interval),
                "shared_win_rate": s.shared.value,
                "mean_rank": s.mean_rank,
                "score": dist(s.scores),
            }

        def dist(d: Distribution) -> dict[str, object]:
            return {
                "mean": d.mean,
                "mean_ci": list(d.ci),
                "stdev": d.stdev,
                "min": d.minimum,
                "p10": d.p10,
                "p25": d.p25,
                "median": d.median,
                "p75": d.p75,
                "p90": d.p90,
                "max": d.maximum,
            }

        fp = self.first_player
        return {
            "games": self.games,
            "players": self.players,
            "per_seat": [seat(s) for s in self.per_seat],
            "per_bot": [seat(s) for s in self.per_bot],
            "first_player": None
            if fp is None
            else {
                "games": fp.games,
                "win_rate": fp.wins.value,
                "win_rate_ci": list(fp.wins.interval),
                "expected": fp.expected,
                "advantage": fp.advantage,
                "first_by_seat": {str(k): v for k, v in fp.by_seat.items()},
            },
            "length": dist(self.length),
            "shared_wins": self.shared_wins.value,
            "tiebreak_rate": self.tiebreaks.value,
            "tiebreaks": self.tiebreak_names,
            "verdicts": [{"band": band, "games": count} for band, count in self.verdicts],
            "seconds_per_game": self.seconds_per_game,
        }


def _seat_stats(label: str, entries: Sequence[tuple[GameRow, int]]) -> SeatStats:
    return SeatStats(
        label=label,
        games=len(entries),
        wins=Rate(sum(row.won(seat) for row, seat in entries), len(entries)),
        shared=Rate(sum(row.shared(seat) for row, seat in entries), len(entries)),
        scores=Distribution.of([row.scores[seat] for row, seat in entries]),
        mean_rank=statistics.fmean(row.ranks[seat] for row, seat in entries),
    )


def summarise(rows: Iterable[GameRow]) -> Summary:
    """Summarise finished games (all with the same player count)."""
    rows = sorted(rows, key=lambda r: r.index)
    if not rows:
        raise ValueError("no games to summarise")
    players = rows[0].players
    if any(r.players != players for r in rows):
        raise ValueError("games with different player counts cannot be summarised together")
    per_seat = []
    for seat in range(players):
        names = sorted({r.bots[seat] for r in rows})
        label = f"seat {seat} ({', '.join(names)})"
        per_seat.append(_seat_stats(label, [(r, seat) for r in rows]))
    by_bot: dict[str, list[tuple[GameRow, int]]] = defaultdict(list)
    for row in rows:
        for seat, bot in enumerate(row.bots):
            by_bot[bot].append((row, seat))
    per_bot = [_seat_stats(bot, entries) for bot, entries in sorted(by_bot.items())]
    first_rows = [r for r in rows if r.first_seat is not None]
    first = None
    if first_rows and players > 1:
        first = FirstPlayer(
            games=len(first_rows),
            players=players,
            wins=Rate(
                sum(r.won(r.first_seat) for r in first_rows if r.first_seat is not None),
                len(first_rows),
            ),
            by_seat=dict(
                sorted(
                    Counter(r.first_seat for r in first_rows if r.first_seat is not None).items()
                )
            ),
            expected=sum(len(r.winners) for r in first_rows) / (players * len(first_rows)),
        )
    verdict_counts = Counter(r.verdict for r in rows if r.verdict is not None)
    verdicts = sorted(
        verdict_counts.items(),
        key=lambda item: (verdict_stars(item[0]) is None, verdict_stars(item[0]) or 0.0, item[0]),
    )
    return Summary(
        games=len(rows),
        players=players,
        per_seat=per_seat,
        per_bot=per_bot,
        first_player=first,
        length=Distribution.of([float(r.decisions) for r in rows]),
        shared_wins=Rate(sum(1 for r in rows if len(r.winners) > 1), len(rows)),
        tiebreaks=Rate(sum(1 for r in rows if r.tiebreak is not None), len(rows)),
        tiebreak_names=dict(Counter(r.tiebreak for r in rows if r.tiebreak is not None)),
        verdicts=verdicts,
        seconds_per_game=statistics.fmean(r.seconds for r in rows),
    )
