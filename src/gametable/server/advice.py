"""Advice for players, on worker processes of its own: hints now, and whatever else a player
may ask a bot to think about later (a post-game analysis would share this capacity).

The bots that play at live tables never wait behind advice: the :class:`Advisor` has its own
:class:`~gametable.server.workers.BotPool`, whose processes run at the lowest OS priority
(:data:`~gametable.server.workers.ADVICE_NICENESS`), so on a busy machine they get only the
CPU time the table bots, the event loop and the database leave. And advice is rationed:

- a seat has at most one hint being worked out at a time. Asking again for the same
  position (the table's version) shares that answer; asking for another position before it
  has come is refused (``hint-pending``);
- an answer is kept for its position (table, version, seat) in a small cache, so asking
  again costs nothing;
- at most ``max_pending`` hints are waiting or being worked out in the whole process;
  beyond that, requests are refused (``busy``) with a word to try again shortly.

The limits hold per server process.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gametable.agents.catalog import hint_bot
from gametable.core.game import Game
from gametable.core.words import Msg, hint_message
from gametable.server.refused import Refused
from gametable.server.workers import BotPool

if TYPE_CHECKING:
    from gametable.server.live import LiveTable

log = logging.getLogger("gametable.server")


@dataclass(frozen=True)
class Hint:
    """A hint: the hint bot's decision for a seat at one version of its table."""

    version: int
    bot: str
    action: Any
    """The decision as JSON."""
    message: Msg | str
    """The hint in words (rendered for each reader in their language)."""


class Advisor:
    """Hints for players, worked out on ``pool`` (see the module docstring).

    ``hint_bots`` maps a game's name to the bot (name, settings) that gives its hints instead
    of the game's own (:meth:`~gametable.core.game.Game.hint_bot`).
    """

    CACHE_SIZE = 256

    def __init__(
        self,
        pool: BotPool,
        max_pending: int,
        hint_bots: Mapping[str, tuple[str, Mapping[str, Any]]] | None = None,
    ) -> None:
        self.pool = pool
        self.max_pending = max(1, max_pending)
        self.hint_bots = {game: (bot, dict(s)) for game, (bot, s) in (hint_bots or {}).items()}
        self._pending: dict[tuple[str, int], tuple[int, asyncio.Task[Hint]]] = {}
        self._cache: OrderedDict[tuple[str, int, int], Hint] = OrderedDict()
        self.computed = 0
        """How many hints were worked out (not answered from the cache or shared)."""

    @property
    def pending(self) -> int:
        """Hints waiting for or being worked out by the pool now."""
        return len(self._pending)

    def check(self) -> None:
        """Build every configured hint bot once: a bad name or setting fails at start-up."""
        from gametable.agents.base import make_agent
        from gametable.core.registry import get_game

        for name, (bot, settings) in self.hint_bots.items():
            try:
                make_agent(get_game(name), bot, 0, **settings)
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"the hint bot for {name}: {exc}") from None

    def bot_for(self, game: Game, players: int) -> tuple[str, dict[str, Any]]:
        """The bot (name, settings) that gives hints at a table of ``game``."""
        override = self.hint_bots.get(game.name)
        if override is not None:
            return override[0], dict(override[1])
        bot, settings = hint_bot(game, players)
        return bot, dict(settings)

    def hint(self, live: LiveTable, seat: int) -> Awaitable[Hint]:
        """The hint for ``seat`` at ``live``'s current position, to be awaited.

        Raises :class:`Refused` at once when the seat already waits for a hint at another
        position (``hint-pending``) or the process has too many hints to work out
        (``busy``). The caller checks first that the seat is to act.
        """
        version = live.version
        cached = self._cache.get((live.id, version, seat))
        if cached is not None:
            self._cache.move_to_end((live.id, version, seat))
            done: asyncio.Future[Hint] = asyncio.get_running_loop().create_future()
            done.set_result(cached)
            return done
        pending = self._pending.get((live.id, seat))
        if pending is not None:
            if pending[0] == version:
                return asyncio.shield(pending[1])
            raise Refused(
                "hint-pending",
                "your last hint is still being worked out; ask again once it has come",
            )
        if len(self._pending) >= self.max_pending:
            raise Refused(
                "busy",
                "the server is busy working out other players' hints; try again in a few seconds",
            )
        game, state = live.game, live.state
        bot, settings = self.bot_for(game, live.players)
        view = state.view(seat)
        legal = [game.action_to_json(a) for a in state.legal_actions(seat)]
        task = asyncio.create_task(
            self._work_out(live.id, game, version, seat, bot, settings, view, legal),
            name="gametable-hint",
        )
        task.add_done_callback(_retrieve)
        self._pending[(live.id, seat)] = (version, task)
        self.computed += 1
        return asyncio.shield(task)

    async def _work_out(
        self,
        table_id: str,
        game: Game,
        version: int,
        seat: int,
        bot: str,
        settings: dict[str, Any],
        view: dict[str, Any],
        legal: list[Any],
    ) -> Hint:
        try:
            # a hint is asked for one decision: its whole budget, whatever came before
            decided = await self.pool.advise(game.name, bot, settings, seat, view, legal)
            message = hint_message(game, game.action_from_json(decided), view)
        except Exception:
            log.exception("table %s: the hint for seat %s failed", table_id, seat)
            raise Refused(
                "hint-failed", "the hint could not be worked out; please try again"
            ) from None
        finally:
            self._pending.pop((table_id, seat), None)
        hint = Hint(version, bot, decided, message)
        self._cache[(table_id, version, seat)] = hint
        while len(self._cache) > self.CACHE_SIZE:
            self._cache.popitem(last=False)
        return hint

    async def warm_up(self) -> None:
        await self.pool.warm_up()

    def close(self) -> None:
        for _, task in list(self._pending.values()):
            task.cancel()
        self._pending.clear()
        self.pool.close()


def _retrieve(task: asyncio.Task[Hint]) -> None:
    """Read a finished hint's outcome, so that one nobody waits for any more (its clients
    left) is not reported as an exception never retrieved."""
    if not task.cancelled():
        task.exception()
