"""Ratings: finished games between named players move openskill ratings, per game.

Every seat with an identity is rated: a human seat by the name its player gave (there
are no accounts: the name is the identity), a bot seat as ``"<bot> (bot)"``. Anonymous
human seats are left out; a game with fewer than two rated seats changes nothing. Seats
are ranked by the game's result (team-mates and shared victories tie).

A table is rated exactly once, and never from stale ratings: :meth:`Store.apply_ratings
<gametable.server.db.Store.apply_ratings>` reads the players' ratings, applies this
table's update and marks the table rated in one locking transaction, so tables of the
same players that end at the same moment (in one process or several) are applied one
after the other, each from the ratings the one before left, and the rating log records
the order.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

from gametable.server.db import Store

_MODEL = PlackettLuce()


def identity(kind: str, name: str | None, bot: dict | None) -> str | None:  # type: ignore[type-arg]
    """Who a seat is for the leaderboard (``None``: not rated)."""
    if kind == "bot" and bot:
        return f"{bot['name']} (bot)"
    return name.strip()[:64] if name and name.strip() else None


def rate_table(store: Store, table_id: str) -> bool:
    """Apply a finished table's result to the ratings; False if there was nothing to do
    (not finished, or already rated)."""
    row = store.load_table(table_id)
    if row is None or row.status != "finished" or not row.result:
        return False
    ranks = row.result["ranks"]
    rated: dict[str, int] = {}
    if row.config.get("rated") is False:  # a lesson: marked rated, nothing changes
        return store.apply_ratings(table_id, row.game, {}, lambda current: current, (0.0, 0.0))
    for s in row.seats:
        who = identity(s.kind, s.name, s.bot)
        if who is not None and who not in rated and s.seat < len(ranks):
            rated[who] = int(ranks[s.seat])
    if len(rated) < 2:
        rated = {}  # marked rated, nothing changes

    def update(current: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        names = sorted(current)
        teams = [[_MODEL.rating(mu=current[n][0], sigma=current[n][1], name=n)] for n in names]
        new = _MODEL.rate(teams, ranks=[rated[n] for n in names])
        return {n: (team[0].mu, team[0].sigma) for n, team in zip(names, new, strict=True)}

    return store.apply_ratings(table_id, row.game, rated, update, (_MODEL.mu, _MODEL.sigma))
