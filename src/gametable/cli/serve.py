"""``gametable serve``: the online game server (needs the ``[server]`` extra)."""

from __future__ import annotations

from typing import Annotated

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
        message_rate: Annotated[
            float,
            typer.Option(help="messages a second a connection may send", min=1, metavar="N"),
        ] = 20.0,
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
            redis_prefix=redis_prefix,
            messages_per_second=message_rate,
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
