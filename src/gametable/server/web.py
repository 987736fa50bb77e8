"""Serving the browser client: the shared shell in ``gametable/web/static`` and each game's
table from its own ``web`` folder (:meth:`gametable.core.Game.web_dir`)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from gametable.core.registry import all_games


def web_root() -> Path | None:
    """The folder of the browser client's shell, or ``None`` if this install has none."""
    root = Path(str(resources.files("gametable"))) / "web" / "static"
    return root if (root / "index.html").is_file() else None


class _NoCacheStatic(StaticFiles):
    """Static files that the browser revalidates (a new version shows after a reload)."""

    def file_response(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def mount_web(app: FastAPI) -> None:
    """Serve the client: ``/static/…`` (shell), ``/static/games/<game>/…`` (each game's
    table), and ``index.html`` for the pages the client routes itself."""
    root = web_root()
    if root is None:

        @app.get("/", include_in_schema=False)
        async def no_client() -> Response:
            return PlainTextResponse(
                "gametable server: the API is at /api (schema at /docs); "
                "this install has no browser client."
            )

        return
    for game in all_games():
        folder = game.web_dir()
        if folder is not None:
            app.mount(
                f"/static/games/{game.name}",
                _NoCacheStatic(directory=folder),
                name=f"game-{game.name}",
            )
    app.mount("/static", _NoCacheStatic(directory=root), name="static")
    index = root / "index.html"

    def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return page()

    @app.get("/play/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page()

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return page()

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_table_page(table_id: str) -> FileResponse:
        return page()

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> FileResponse:
        return page()
