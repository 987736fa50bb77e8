"""``gametable serve``: the online game server (needs the ``[server]`` extra)."""

from __future__ import annotations

from typing import Annotated, Any

import typer


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the ``gametable`` command."""

    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on", min=0, max=65535)] = 8000,
        database: Annotated[
            str | None,
            typer.Option(
                help="SQLite file path or URL, or postgresql://… "
                "(default: ~/.local/share/gametable/server.sqlite)",
                metavar="URL",
            ),
        ] = None,
        redis: Annotated[
            str | None,
            typer.Option(
                help="redis://… to run several server processes on one PostgreSQL database",
                metavar="URL",
            ),
        ] = None,
        redis_prefix: Annotated[
            str, typer.Option(help="Redis key and channel prefix (one per deployment)")
        ] = "gametable",
        bot_workers: Annotated[
            int, typer.Option(help="processes for bot decisions (0: one per core)", min=0)
        ] = 0,
        advice_workers: Annotated[
            int,
            typer.Option(
                help="processes for hints, at the lowest priority and never used by the "
                "tables' bots (0: one per four cores, at least one)",
                min=0,
            ),
        ] = 0,
        message_rate: Annotated[
            float,
            typer.Option(help="messages a second a connection may send", min=1, metavar="N"),
        ] = 20.0,
        lease_seconds: Annotated[
            float,
            typer.Option(
                help="with --redis: how long a process holds a table's bots and clocks without "
                "renewing (a dead process's tables are taken over after this)",
                min=1,
                max=3600,
                metavar="S",
            ),
        ] = 10.0,
        presence_seconds: Annotated[
            float,
            typer.Option(
                help="with --redis: how long a process's connected players count without a "
                "refresh (a dead process's players count as gone after this)",
                min=1,
                max=3600,
                metavar="S",
            ),
        ] = 15.0,
        log_level: Annotated[str, typer.Option(help="uvicorn log level", metavar="LEVEL")] = "info",
    ) -> None:
        """Run the online server: lobby API, WebSocket play, bots, clocks (see docs/server.md)."""
        try:
            import uvicorn

            from gametable.server.app import create_app
            from gametable.server.service import ServerConfig
        except ImportError as exc:
            typer.echo(
                f"error: the server needs its extra ({exc.name} is missing): "
                "pip install 'gametable[server]'",
                err=True,
            )
            raise typer.Exit(2) from None
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
        typer.echo(f"gametable server on http://{host}:{port}  (database: {config.database})")
        uvicorn.run(
            create_app(config),
            host=host,
            port=port,
            log_level=log_level,
            ws_max_size=1024 * 1024,
            lifespan="on",
        )


def register_web(app: typer.Typer) -> None:
    """Add the ``web`` command: play a game in the browser against bots."""

    @app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def web(
        ctx: typer.Context,
        game_name: Annotated[
            str, typer.Argument(metavar="GAME", help="e.g. ramen-ramen (see 'gametable games')")
        ] = "ramen-ramen",
        players: Annotated[int | None, typer.Option("--players", "-p", help="players")] = None,
        seats: Annotated[
            str | None,
            typer.Option(
                "--seats",
                "-s",
                help="human or a bot per seat, e.g. human,greedy,ismcts:seconds=2 "
                "(default: you against the game's strongest bots)",
            ),
        ] = None,
        port: Annotated[int, typer.Option(help="port (the next free one if taken)")] = 8000,
        database: Annotated[str | None, typer.Option(help="as for 'serve'", metavar="URL")] = None,
        browser: Annotated[
            bool, typer.Option("--browser/--no-browser", help="open the page in a browser")
        ] = True,
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
            typer.echo(
                f"error: the browser game needs the server extra ({exc.name} is missing): "
                "pip install 'gametable[server]'",
                err=True,
            )
            raise typer.Exit(2) from None
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
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        chosen = _free_port(port)
        base = f"http://127.0.0.1:{chosen}"

        async def open_table(server: GameServer) -> None:
            spec = TableSpec(game=game.name, players=count, options=options, seats=seat_specs)
            try:
                created = await server.create_table(spec)
            except Refused as exc:
                typer.echo(f"error: {exc.message}", err=True)
                raise SystemExit(2) from None
            mine = next((s for s in created["seats"] if s["seat"] == 0), created["seats"][0])
            url = base + mine["invite"]
            typer.echo(f"\n  Your table: {url}\n  Lobby:      {base}/\n")
            if browser and not _open_browser(url):
                typer.echo("  (no browser could be opened here: open the address above)")

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
        raise ValueError(f"--seats names {len(names)} seat(s) but there are {players} players")
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
    raise typer.BadParameter(f"no free port from {start} to {start + 19}")


def _open_browser(url: str) -> bool:
    import webbrowser

    try:
        return bool(webbrowser.open(url, new=2))
    except webbrowser.Error:
        return False
