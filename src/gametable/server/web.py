"""Serving the browser client: the static files shipped in ``gametable/web`` (if present)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles


def web_root() -> Path | None:
    """The folder of the browser client's files, or ``None`` if this install has none."""
    root = Path(str(resources.files("gametable"))) / "web" / "static"
    return root if (root / "index.html").is_file() else None


def mount_web(app: FastAPI) -> None:
    """Serve the client: ``/static/…`` files, and ``index.html`` for the pages it routes."""
    root = web_root()
    if root is None:

        @app.get("/", include_in_schema=False)
        async def no_client() -> Response:
            return PlainTextResponse(
                "gametable server: the API is at /api (schema at /docs); "
                "this install has no browser client."
            )

        return
    app.mount("/static", StaticFiles(directory=root), name="static")
    index = root / "index.html"

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(index)

    @app.get("/play/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(index)

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return FileResponse(index)
