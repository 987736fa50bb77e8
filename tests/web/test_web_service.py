"""What a player sees while the server's database is restarted: a notice in words, moves
held back (not refused one by one), and play that resumes by itself when it is back."""

from __future__ import annotations

import contextlib

from private_services import PrivatePostgres
from serverutil import free_port
from test_server_crash import ServerProcess
from webutil import new_table, open_table, shot, version, wait_turn_or_end, wait_version_after


def test_a_database_restart_shows_a_notice_and_play_resumes(page) -> None:  # type: ignore[no-untyped-def]
    pg = PrivatePostgres()
    server = None
    try:
        server = ServerProcess(pg.url, free_port(), extra=["--lease-seconds", "3"])
        table = new_table(server.base, "ramen-ramen", 2)
        open_table(page, server.base, table, 0)
        assert wait_turn_or_end(page) == "turn"
        before = version(page)

        pg.stop()
        banner = page.locator(".service-banner")
        banner.wait_for(timeout=20_000)
        assert "database" in banner.inner_text()
        page.keyboard.press("m")  # a move tried meanwhile is held back, in words
        page.get_by_role("listbox", name="Legal moves").wait_for()
        page.keyboard.press("Enter")
        page.locator(".toast", has_text="database").wait_for(timeout=5_000)
        assert version(page) == before
        shot(page, "service-database-down")

        pg.start()
        banner.wait_for(state="detached", timeout=30_000)
        page.keyboard.press("m")
        page.get_by_role("listbox", name="Legal moves").wait_for()
        page.keyboard.press("Enter")
        wait_version_after(page, before)
        assert not page.js_errors, page.js_errors
    finally:
        if server is not None and server.proc.poll() is None:
            server.stop()
        with contextlib.suppress(Exception):
            pg.close()
