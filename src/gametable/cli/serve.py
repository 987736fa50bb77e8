"""``gametable serve``: the online game server (needs the ``[server]`` extra), and
``gametable web``: a table in the browser against bots. Their words are messages of the
core's catalog (``cli.*``), in the run's language."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.text import Text

from gametable.cli.app import LangOpt, console, fail
from gametable.cli.help import Command, WithGameOptions
from gametable.cli.lang import say
from gametable.core.errors import OptionError
from gametable.core.words import Msg


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the ``gametable`` command."""

    @app.command(cls=Command, help="cli.help.serve")
    def serve(
        host: Annotated[
            str, typer.Option(metavar="cli.metavar.address", help="cli.help.serve.host")
        ] = "127.0.0.1",
        port: Annotated[
            int, typer.Option(metavar="N", help="cli.help.serve.port", min=0, max=65535)
        ] = 8000,
        database: Annotated[
            str | None, typer.Option(help="cli.help.serve.database", metavar="URL")
        ] = None,
        redis: Annotated[
            str | None, typer.Option(help="cli.help.serve.redis", metavar="URL")
        ] = None,
        redis_prefix: Annotated[
            str, typer.Option(metavar="cli.metavar.text", help="cli.help.serve.redis_prefix")
        ] = "gametable",
        bot_workers: Annotated[
            int, typer.Option(metavar="N", help="cli.help.serve.bot_workers", min=0)
        ] = 0,
        advice_workers: Annotated[
            int, typer.Option(metavar="N", help="cli.help.serve.advice_workers", min=0)
        ] = 0,
        message_rate: Annotated[
            float, typer.Option(help="cli.help.serve.message_rate", min=1, metavar="N")
        ] = 20.0,
        lease_seconds: Annotated[
            float,
            typer.Option(help="cli.help.serve.lease_seconds", min=1, max=3600, metavar="S"),
        ] = 10.0,
        presence_seconds: Annotated[
            float,
            typer.Option(help="cli.help.serve.presence_seconds", min=1, max=3600, metavar="S"),
        ] = 15.0,
        log_level: Annotated[
            str, typer.Option(help="cli.help.serve.log_level", metavar="cli.metavar.level")
        ] = "info",
        compression: Annotated[
            bool,
            typer.Option(
                "--compression/--no-compression", metavar="", help="cli.help.serve.compression"
            ),
        ] = True,
        lang: LangOpt = None,
    ) -> None:
        """Run the online server: lobby API, WebSocket play, bots, clocks (see docs/server.md)."""
        try:
            import uvicorn

            from gametable.server.app import create_app
            from gametable.server.service import ServerConfig
        except ImportError as exc:
            raise fail(Msg("cli.serve.needs_extra", module=str(exc.name))) from None
        config = ServerConfig(
            database=database or "",
            redis=redis,
            bot_workers=bot_workers,
            advice_workers=advice_workers,
            redis_prefix=redis_prefix,
            messages_per_second=message_rate,
            lease_seconds=lease_seconds,
            presence_seconds=presence_seconds,
        )
        url = f"http://{host}:{port}"
        console.print(Text(say("cli.serve.listening", url=url, database=str(config.database))))
        uvicorn.run(
            create_app(config, on_ready=_settle_collector),
            host=host,
            port=port,
            log_level=log_level,
            ws_max_size=1024 * 1024,
            ws_per_message_deflate=compression,
            lifespan="on",
        )


GC_THRESHOLDS = (700, 10, 100)
"""The cyclic garbage collector's thresholds in a server process (Python's are 700, 10,
10): a full collection at most every 100 collections of the middle generation instead of
every 10."""


async def _settle_collector(_server: Any) -> None:
    """Once the server has started: everything made so far (modules, the app, the games)
    lives as long as the process, so it is moved out of the collector's sight
    (``gc.freeze``), and full collections are made rarer. A full collection walks every
    object, and with 1,000 connections open it stopped the event loop for a tenth of a
    second or more, every few seconds: the round trips' 99th percentile (docs/server.md,
    Benchmark). The young generations are still collected as often as before."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def register_web(app: typer.Typer) -> None:
    """Add the ``web`` command: play a game in the browser against bots."""

    @app.command(
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
        cls=WithGameOptions,
        help="cli.help.web",
    )
    def web(
        ctx: typer.Context,
        game_name: Annotated[
            str, typer.Argument(metavar="cli.metavar.game", help="cli.help.game")
        ] = "ramen-ramen",
        players: Annotated[
            int | None, typer.Option("--players", "-p", metavar="N", help="cli.help.players")
        ] = None,
        seats: Annotated[
            str | None,
            typer.Option("--seats", "-s", metavar="cli.metavar.list", help="cli.help.web.seats"),
        ] = None,
        port: Annotated[int, typer.Option(metavar="N", help="cli.help.web.port")] = 8000,
        database: Annotated[
            str | None, typer.Option(help="cli.help.web.database", metavar="URL")
        ] = None,
        browser: Annotated[
            bool,
            typer.Option("--browser/--no-browser", metavar="", help="cli.help.web.browser"),
        ] = True,
        lang: LangOpt = None,
    ) -> None:
        """Play in the browser: start a local server, open a table against bots, open it.

        Game options go as for 'play' (--narutos, --turn-seconds 60 …). The server keeps
        running for invited friends and more games until Ctrl-C.
        """
        try:
            import uvicorn

            from gametable.server.app import create_app
            from gametable.server.refused import Refused
            from gametable.server.service import GameServer, ServerConfig
            from gametable.server.specs import TableSpec
        except ImportError as exc:
            raise fail(Msg("cli.web.needs_extra", module=str(exc.name))) from None
        from gametable.agents.catalog import hint_bot
        from gametable.cli.app import find_game, parse_game_options
        from gametable.core.errors import GameError

        game = find_game(game_name)
        # Against a bot by default (Ramen! Ramen! has a solo game too: --players 1).
        count = players if players is not None else max(game.min_players, min(2, game.max_players))
        try:
            options = parse_game_options(game, [], list(ctx.args))
            seat_specs = _seat_specs(seats, count, hint_bot(game, count))
        except (GameError, ValueError) as exc:
            raise fail(exc) from None
        chosen = _free_port(port)
        base = f"http://127.0.0.1:{chosen}"

        async def open_table(server: GameServer) -> None:
            spec = TableSpec(game=game.name, players=count, options=options, seats=seat_specs)
            try:
                created = await server.create_table(spec)
            except Refused as exc:
                fail(exc.msg if exc.msg is not None else exc.message)
                raise SystemExit(2) from None
            mine = next((s for s in created["seats"] if s["seat"] == 0), created["seats"][0])
            url = base + mine["invite"]
            console.print()
            console.print(Text("  " + say("cli.web.your_table", url=url)))
            console.print(Text("  " + say("cli.web.lobby", url=base + "/")))
            console.print()
            if browser and not _open_browser(url):
                console.print(Text("  " + say("cli.web.no_browser")))

        config = ServerConfig(database=database or "")
        uvicorn.run(
            create_app(config, on_ready=open_table),
            host="127.0.0.1",
            port=chosen,
            log_level="warning",
            ws_max_size=1024 * 1024,
        )


def _seat_specs(
    text: str | None, players: int, strong: tuple[str, dict[str, Any]]
) -> list[dict[str, Any]]:
    """``human,greedy,ismcts:seconds=2`` as the server's seat specs (the bots' settings are
    checked when the table is created)."""
    from gametable.agents.base import parse_agent_spec

    if text is None:
        bot, settings = strong
        return [{"kind": "human"}] + [
            {"kind": "bot", "bot": bot, "settings": dict(settings)} for _ in range(players - 1)
        ]
    names = [s.strip() for s in text.split(",") if s.strip()]
    if len(names) != players:
        raise OptionError(Msg("cli.error.seats_count", count=len(names), players=players))
    out: list[dict[str, Any]] = []
    for name in names:
        if name.lower() == "human":
            out.append({"kind": "human"})
            continue
        bot, settings = parse_agent_spec(name)
        out.append({"kind": "bot", "bot": bot, "settings": settings})
    return out


def _free_port(start: int) -> int:
    import socket

    for port in range(start, start + 20):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise fail(Msg("cli.error.no_free_port", first=str(start), last=str(start + 19)))


def _open_browser(url: str) -> bool:
    import webbrowser

    try:
        return bool(webbrowser.open(url, new=2))
    except webbrowser.Error:
        return False
