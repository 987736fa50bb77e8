"""Ratings: finished games between named players move openskill ratings, per game.

Every seat with an identity is rated: a human seat by the name its player gave (there
are no accounts: the name is the identity), a bot seat as ``"<bot> (bot)"``. Anonymous
human seats are left out; a game with fewer than two rated seats changes nothing. Seats
are ranked by the game's result (team-mates and shared victories tie). A table is rated
exactly once (the ``gt_rated`` row and the new ratings commit together).
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
    """Apply a finished table's result to the ratings; False if there was nothing to do."""
    row = store.load_table(table_id)
    if row is None or row.status != "finished" or not row.result:
        return False
    ranks = row.result["ranks"]
    seats = [
        (identity(s.kind, s.name, s.bot), ranks[s.seat]) for s in row.seats if s.seat < len(ranks)
    ]
    rated: dict[str, int] = {}
    for who, rank in seats:
        if who is not None and who not in rated:
            rated[who] = rank
    if len(rated) < 2:
        return store.save_ratings(table_id, row.game, {})
    names = sorted(rated)
    known = store.ratings(row.game, names)
    teams = []
    for who in names:
        mu, sigma, _ = known.get(who, (_MODEL.mu, _MODEL.sigma, 0))
        teams.append([_MODEL.rating(mu=mu, sigma=sigma, name=who)])
    new = _MODEL.rate(teams, ranks=[rated[who] for who in names])
    out = {
        who: (team[0].mu, team[0].sigma, known.get(who, (0.0, 0.0, 0))[2] + 1)
        for who, team in zip(names, new, strict=True)
    }
    return store.save_ratings(table_id, row.game, out)
