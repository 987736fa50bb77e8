"""Helpers for the browser tests."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from wsclient import create_table

ARTIFACTS = Path(
    os.environ.get("GAMETABLE_ARTIFACTS", Path(__file__).parent.parent.parent / "artifacts")
)


def open_table(page: Any, base: str, table: dict[str, Any], seat: int | None) -> None:
    """Open a table page as a seat (its invite link) or as a spectator."""
    table_id = table["table"]["id"]
    if seat is None:
        page.goto(f"{base}/play/{table_id}")
    else:
        token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
        page.goto(f"{base}/play/{table_id}#seat={seat}&token={token}")
    page.wait_for_selector(".board", timeout=20_000)


def open_seats(
    browser: Any,
    base: str,
    table: dict[str, Any],
    seats: tuple[int | None, ...] = (0, 1, None),
    height: int = 800,
) -> list[Any]:
    """One browser context per seat (``None``: a spectator), each on the table page."""
    pages = []
    for seat in seats:
        page = browser.new_context(viewport={"width": 1100, "height": height}).new_page()
        open_table(page, base, table, seat)
        pages.append(page)
    return pages


def new_table(
    base: str, game: str, players: int, humans: int = 1, bot: str = "random", **extra: Any
) -> dict[str, Any]:
    seats = [{"kind": "human", "name": f"Player {i}"} for i in range(humans)] + [
        {"kind": "bot", "bot": bot}
    ] * (players - humans)
    return create_table(base, game=game, players=players, seats=seats, **extra)


def wait_turn_or_end(page: Any, timeout: float = 60.0) -> str:
    """Wait until it is this seat's turn ("turn") or the game is over ("over")."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.locator(".modal h2", has_text="Game over").count():
            return "over"
        if page.locator(".table-page.my-turn").count():
            return "turn"
        page.wait_for_timeout(50)
    raise TimeoutError("neither my turn nor the end came")


def labels(page: Any, selector: str) -> list[str]:
    return [x.get_attribute("aria-label") or "" for x in page.locator(selector).all()]


def shot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Save a screenshot as a test artifact (artifacts/screenshots/<name>.png)."""
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.wait_for_timeout(450)  # let dialogs and cards finish their entrance
    page.screenshot(path=str(path), full_page=False)
    return path


def version(page: Any) -> int:
    return int(page.locator(".table-page").get_attribute("data-version") or -1)


def wait_version_after(page: Any, before: int, timeout: float = 30.0) -> None:
    """Wait until the page shows a newer position than ``before`` (or the game is over)."""
    page.wait_for_function(
        "(v) => { const t = document.querySelector('.table-page');"
        " return t && (Number(t.dataset.version) > v || t.dataset.status === 'finished'); }",
        arg=before,
        timeout=timeout * 1000,
    )


class Frames:
    """What the server told a page on its table's WebSocket: every state frame and every
    error answer, as received (a test compares the page with what it was sent)."""

    def __init__(self, page: Any) -> None:
        self.states: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        if "/ws/tables/" in ws.url:
            ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        data = json.loads(payload)
        if data.get("type") == "state":
            self.states.append(data)
        elif data.get("type") == "error":
            self.errors.append(data)

    def shown(self, page: Any) -> dict[str, Any]:
        """The state frame of the position the page shows (its ``data-version``)."""
        at = version(page)
        for frame in reversed(self.states):
            if frame["version"] == at:
                return frame
        raise AssertionError(f"no state frame of version {at} was received")
