"""What a table is made of before anyone plays: the lobby's request (:class:`TableSpec`)
checked into seats and settings (:func:`check_spec`), seat tokens and table ids, and the
names seats go by."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gametable.agents.catalog import hint_bot
from gametable.core.errors import GameError
from gametable.core.game import Game
from gametable.core.registry import get_game
from gametable.core.words import DEFAULT_LOCALE, Msg, load_catalog, render
from gametable.server.clocks import ClockConfig
from gametable.server.db import SeatRow
from gametable.server.refused import Refused, cut


def token_hash(token: str) -> str:
    """How a seat token is stored: its SHA-256 (a leaked database holds no usable token)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A secret seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def bot_label(game: Game, name: str) -> Msg | str:
    """A bot's name as people read it: the game's own word for its bot
    (``<prefix>.bot.<name>``, "Greedy cook"), else the core's word for a bot every game has
    (``server.bot.<name>``, "Random"), else its code name."""
    entries = load_catalog(DEFAULT_LOCALE).entries
    for msg_id in (f"{game.message_prefix}.bot.{name}", f"server.bot.{name}"):
        if msg_id in entries:
            return Msg(msg_id)
    return name


def seat_labels(
    seats: Sequence[SeatRow], locale: str = DEFAULT_LOCALE, game: Game | None = None
) -> list[str]:
    """Display names: the player's name, else "Player N" in ``locale`` (N from 1); bots by
    their name — in ``locale`` when the ``game`` is given (:func:`bot_label`), else their
    code name —, numbered when several seats hold the same bot (``Greedy 1``, ``Greedy 2``)."""
    bots = [s.bot["name"] for s in seats if s.kind == "bot" and s.bot]
    seen: dict[str, int] = {}
    out = []
    for s in seats:
        if s.name:
            out.append(s.name)
        elif s.kind == "bot" and s.bot:
            name = s.bot["name"]
            seen[name] = seen.get(name, 0) + 1
            label = name if game is None else render(bot_label(game, name), locale=locale)
            if bots.count(name) > 1:
                numbered = Msg("server.seat.bot_numbered", bot=label, number=seen[name])
                label = f"{label} {seen[name]}" if game is None else render(numbered, locale=locale)
            out.append(label)
        else:
            out.append(render(Msg("server.seat.player", number=s.seat + 1), locale=locale))
    return out


@dataclass
class TableSpec:
    """What a lobby asks for when it creates a table (checked by :func:`check_spec`)."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[dict[str, Any]] = field(default_factory=list)
    clocks: dict[str, Any] = field(default_factory=dict)
    grace_seconds: float | None = 60.0
    replacement_bot: str | None = None
    public: bool = True
    title: str | None = None
    games: int | None = None
    """A match of this many games (with running totals); ``None``: one game, unless
    ``match`` asks for a match as long as the game's rules and options say."""
    match: bool = False


MAX_MATCH_GAMES = 20


MAX_SECONDS = 7 * 86_400


def _check_seconds(label: str, value: object) -> None:
    """Refuse (:class:`Refused`) a time that is not a number of seconds from 0 to a week:
    NaN and the infinities too (``1e400`` reads as infinity); ``None`` is allowed."""
    if value is None:
        return
    in_range = isinstance(value, int | float) and 0 <= value <= MAX_SECONDS  # False for NaN
    if isinstance(value, bool) or not in_range:
        raise Refused(
            "bad-table",
            f"{label} must be between 0 and a week ({MAX_SECONDS} seconds), not {cut(value, 40)}",
        )


def check_spec(spec: TableSpec) -> tuple[Game, dict[str, Any], list[SeatRow], dict[str, Any]]:
    """The game, resolved options, seats and config of a requested table, or :class:`Refused`.

    Every bot is built once here, so a bad bot name or setting is refused at creation with
    the bot's own message rather than failing mid-game.
    """
    from gametable.agents.base import agent_names, make_agent

    try:
        game = get_game(spec.game)
    except KeyError as exc:
        raise Refused("bad-table", str(exc.args[0])) from None
    try:
        options = game.resolve_options(spec.players, spec.options)
    except GameError as exc:
        raise Refused("bad-table", str(exc)) from None
    default_bot, default_settings = hint_bot(game, spec.players)
    seats_in = spec.seats or [{"kind": "human"}] + [
        {"kind": "bot", "bot": default_bot, "settings": default_settings}
        for _ in range(spec.players - 1)
    ]
    if len(seats_in) != spec.players:
        raise Refused("bad-table", f"{len(seats_in)} seats given for {spec.players} players")
    names = agent_names(game)
    seats: list[SeatRow] = []
    for i, raw in enumerate(seats_in):
        kind = raw.get("kind")
        if kind == "human":
            name = raw.get("name")
            seats.append(SeatRow(i, "human", None, None, name, False, False))
        elif kind == "bot":
            bot, settings = raw.get("bot"), raw.get("settings") or {}
            if bot not in names:
                raise Refused(
                    "bad-table", f"seat {i}: no bot {bot!r} (choose from {', '.join(names)})"
                )
            if not isinstance(settings, dict):
                raise Refused("bad-table", f"seat {i}: bot settings must be an object")
            try:
                make_agent(game, bot, i, **settings)
            except (TypeError, ValueError, GameError) as exc:
                raise Refused("bad-table", f"seat {i} ({bot}): {exc}") from None
            seats.append(
                SeatRow(i, "bot", {"name": bot, "settings": settings}, None, None, True, False)
            )
        else:
            raise Refused("bad-table", f"seat {i}: kind must be 'human' or 'bot', not {kind!r}")
    if not any(s.kind == "human" for s in seats):
        raise Refused(
            "bad-table", "a table needs at least one human seat (use `simulate` for bots)"
        )
    for label in ("turn_seconds", "bank_seconds", "increment_seconds"):
        _check_seconds(label, (spec.clocks or {}).get(label))
    clocks = ClockConfig.from_json(spec.clocks)
    if spec.replacement_bot is None:
        replacement = {"name": default_bot, "settings": default_settings}
    elif spec.replacement_bot in names:
        replacement = {"name": spec.replacement_bot, "settings": {}}
    else:
        raise Refused(
            "bad-table", f"no bot {spec.replacement_bot!r} to stand in for absent players"
        )
    _check_seconds("grace_seconds", spec.grace_seconds)
    config: dict[str, Any] = {
        "clocks": clocks.to_json(),
        "grace_seconds": spec.grace_seconds,
        "replacement_bot": replacement,
        "public": bool(spec.public),
        "title": (spec.title or "")[:80] or None,
    }
    if spec.games is not None or spec.match:
        if spec.games is not None and not 1 <= spec.games <= MAX_MATCH_GAMES:
            raise Refused(
                "bad-table", f"a match has 1 to {MAX_MATCH_GAMES} games, not {spec.games}"
            )
        length = game.new_match(spec.players, options, spec.games).games
        if not 1 <= length <= MAX_MATCH_GAMES:
            raise Refused("bad-table", f"a match has 1 to {MAX_MATCH_GAMES} games, not {length}")
        if length > 1:
            config["match"] = {"games": length, "number": 1, "results": [], "tables": []}
    return game, options, seats, config
