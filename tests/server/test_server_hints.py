"""Hints never hold up a table's bots: they run on workers of their own at a lower priority,
one at a time per seat, from a cache when asked again, and within a bound per server.

The server here gives Ramen hints with a search of several seconds (the ``hint_bots``
setting), so that a hint is expensive and any bot waiting behind one would show it.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from serverutil import RunningServer
from wsclient import SeatClient, create_table

from gametable.server.service import ServerConfig
from gametable.server.workers import ADVICE_NICENESS

HINT_SECONDS = 3.0
"""The hint bot's budget: each hint searches about 2.7 s (the budget less its margin)."""

HUMAN = {"kind": "human"}


@pytest.fixture(scope="module")
def hint_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    db = tmp_path_factory.mktemp("hints") / "server.sqlite"
    config = ServerConfig(
        database=str(db),
        bot_workers=1,
        advice_workers=1,
        max_pending_hints=2,
        hint_bots={"ramen-tips": ("ismcts", {"seconds": HINT_SECONDS, "paired_root": False})},
    )
    with RunningServer(config) as running:
        yield running


def _advice(server: RunningServer) -> Any:
    return server.game_server.advice


def _idle(server: RunningServer) -> None:
    """Wait until no hint is being worked out (so that one test's hints leave the next
    test's bound alone)."""
    deadline = time.monotonic() + 60
    while _advice(server).pending:
        assert time.monotonic() < deadline, "hints still pending after a minute"
        time.sleep(0.05)


def _bot_decision_gaps(client: SeatClient, rng: random.Random) -> list[float] | None:
    """Make one random decision for ``client``'s seat, then follow the bot's decisions until
    the seat is to act again: the server's time between consecutive state frames, each the
    time one bot decision took (asking the workers, storing it). ``None``: the game is over.
    """
    if client.my_turn(timeout=60) is None:
        return None
    answer = client.play_random(rng)
    assert answer["type"] == "ack", answer
    gaps = []
    last = client.state  # the frame of our decision (unless a newer one replaced it unsent)
    while not (
        client.state is not None
        and client.state["version"] >= answer["version"]
        and (client.state.get("legal") or client.state["status"] == "finished")
    ):
        frame = client.wait(lambda f: f["type"] == "state", timeout=60)
        if last is not None:
            gaps.append(frame["server_time"] - last["server_time"])
        last = frame
    return gaps


def _flood(
    base: str, table_id: str, token: str, stop: threading.Event, durations: list[float]
) -> None:
    """A player asking for a hint every 0.3 s on their turn (well under the message rate),
    and playing the hint when it comes. ``durations``: how long each position's first
    request waited for its hint."""
    client = SeatClient(base, table_id, token)
    asked: dict[int, float] = {}
    acted = -1
    next_ask = 0.0
    try:
        while not stop.is_set():
            try:
                frame: dict[str, Any] | None = client.recv(timeout=0.05)
            except TimeoutError:
                frame = None
            state = client.state
            mine = state is not None and bool(state.get("legal")) and state["version"] > acted
            if frame is not None and frame["type"] == "hint":
                if frame["version"] in asked:
                    durations.append(time.monotonic() - asked.pop(frame["version"]))
                if mine and state is not None and frame["version"] == state["version"]:
                    client.send(
                        {"type": "act", "seq": state["my_moves"], "action": frame["action"]}
                    )
                    acted = state["version"]
                    continue
            if mine and state is not None and time.monotonic() >= next_ask:
                client.send({"type": "hint"})
                asked.setdefault(state["version"], time.monotonic())
                next_ask = time.monotonic() + 0.3
    finally:
        client.close()


def test_a_flood_of_hints_at_one_table_never_delays_another_tables_bot(
    hint_server: RunningServer,
) -> None:
    base, advice = hint_server.base, _advice(hint_server)
    _idle(hint_server)
    flooded = create_table(base, game="ramen-tips", players=3, seats=[HUMAN] * 3)
    rng = random.Random(28)

    def calm_table() -> SeatClient:
        """A human against a random bot at another table."""
        calm = create_table(
            base, game="ramen-fury", players=2, seats=[HUMAN, {"kind": "bot", "bot": "random"}]
        )
        return SeatClient(base, calm["table"]["id"], calm["seats"][0]["token"])

    player = calm_table()

    def measure(seconds: float, busy: list[bool] | None = None) -> list[float]:
        """The bot's decision times over ``seconds`` (a player thinking 0.3 s a turn)."""
        nonlocal player
        gaps: list[float] = []
        end = time.monotonic() + seconds
        while time.monotonic() < end or len(gaps) < 6:
            turn = _bot_decision_gaps(player, rng)
            if turn is None:  # that game is over: another one
                player.close()
                player = calm_table()
                continue
            gaps += turn
            if busy is not None:
                busy.append(advice.pending > 0)
            time.sleep(0.3)
        return gaps

    quiet = measure(2.0)

    stop = threading.Event()
    durations: list[float] = []
    flooders = [
        threading.Thread(
            target=_flood, args=(base, flooded["table"]["id"], seat["token"], stop, durations)
        )
        for seat in flooded["seats"]
    ]
    for thread in flooders:
        thread.start()
    try:
        deadline = time.monotonic() + 30
        while not advice.pending:
            assert time.monotonic() < deadline, "the flood asked for no hint"
            time.sleep(0.02)
        computed = advice.computed
        busy: list[bool] = []
        flood = measure(2 * HINT_SECONDS, busy)
        computed = advice.computed - computed
    finally:
        stop.set()
        for thread in flooders:
            thread.join(timeout=30)
        player.close()

    report = (
        f"bot decisions without the flood: {[round(g, 3) for g in quiet]}; "
        f"during it: {[round(g, 3) for g in flood]}; hints took {[round(d, 1) for d in durations]}"
    )
    # The flood was real: hints were worked out while the calm table played, most of its
    # bot's turns ended with a hint in the works, and hints took seconds.
    assert computed >= 1 and sum(busy) * 2 >= len(busy), report
    assert durations and max(durations) > HINT_SECONDS / 2, report
    # A bot that waited behind one such hint would take seconds; none did.
    assert max(flood) < HINT_SECONDS / 2, report


def test_one_hint_at_a_time_per_seat_shared_when_asked_again_then_cached(
    hint_server: RunningServer,
) -> None:
    base, advice = hint_server.base, _advice(hint_server)
    _idle(hint_server)
    created = create_table(
        base, game="ramen-tips", players=3, seats=[HUMAN, HUMAN, {"kind": "bot", "bot": "random"}]
    )
    me, other = (SeatClient(base, created["table"]["id"], s["token"]) for s in created["seats"])
    state, _ = me.my_turn(), other.my_turn()
    assert state is not None
    computed = advice.computed

    me.send({"type": "hint", "id": "first"})
    me.send({"type": "hint", "id": "again"})  # the same position: shares the first's answer
    assert me.request({"type": "ping"})["type"] == "pong"  # both requests were read
    # Another seat makes its secret choice: the table moves on, my seat still has to choose.
    assert other.play_random(random.Random(1))["type"] == "ack"
    moved = me.wait(lambda f: f["type"] == "state" and f["version"] > state["version"])
    assert moved.get("legal"), moved
    refused = me.request({"type": "hint"})
    early = [f for f in me.frames if f["type"] == "hint"]
    assert not early, "the first hint came before the second position was asked about"
    assert refused["type"] == "error" and refused["code"] == "hint-pending", refused
    assert "still being worked out" in refused["message"]

    first = me.wait(lambda f: f.get("ref") == "first", timeout=60)
    again = me.wait(lambda f: f.get("ref") == "again", timeout=60)
    assert first["type"] == again["type"] == "hint", (first, again)
    assert (first["version"], first["action"]) == (again["version"], again["action"])
    assert advice.computed == computed + 1, "the repeated request was worked out again"

    # The position now: worked out once, then answered from the cache.
    fresh = me.request({"type": "hint"}, timeout=60)
    assert fresh["type"] == "hint" and fresh["version"] > first["version"], fresh
    assert advice.computed == computed + 2
    cached = me.request({"type": "hint"}, timeout=5)
    assert cached["type"] == "hint", cached
    assert (cached["version"], cached["action"]) == (fresh["version"], fresh["action"])
    assert advice.computed == computed + 2, "a cached hint was worked out again"
    me.close()
    other.close()


def test_hints_beyond_the_servers_bound_are_refused_as_busy(hint_server: RunningServer) -> None:
    base = hint_server.base
    _idle(hint_server)
    created = create_table(base, game="ramen-tips", players=3, seats=[HUMAN] * 3)
    clients = [SeatClient(base, created["table"]["id"], s["token"]) for s in created["seats"]]
    for client in clients:
        assert client.my_turn() is not None
    for client in clients[:2]:  # the server's bound here: two hints at a time
        client.send({"type": "hint", "id": "wanted"})
        assert client.request({"type": "ping"})["type"] == "pong"
    refused = clients[2].request({"type": "hint"})
    assert refused["type"] == "error" and refused["code"] == "busy", refused
    assert "try again" in refused["message"]
    for client in clients[:2]:
        assert client.wait(lambda f: f.get("ref") == "wanted", timeout=60)["type"] == "hint"
    assert clients[2].request({"type": "hint"}, timeout=60)["type"] == "hint"
    for client in clients:
        client.close()


def test_hint_workers_are_their_own_and_run_at_a_lower_priority(
    hint_server: RunningServer,
) -> None:
    server = hint_server.game_server
    bots, hints = server.pool.pids(), server.advice.pool.pids()
    assert bots and hints and not set(bots) & set(hints)
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert [os.getpriority(os.PRIO_PROCESS, p) for p in bots] == [mine] * len(bots)
    lowered = min(19, mine + ADVICE_NICENESS)
    assert [os.getpriority(os.PRIO_PROCESS, p) for p in hints] == [lowered] * len(hints)
