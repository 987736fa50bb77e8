"""Every kind of bad message gets an error naming the problem; the state is unchanged and the
connection stays open. Tokens act only for their own seat of their own table."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from wsclient import SeatClient, create_table, drain

# Turn off the server's rate limit's effect in most tests (the fixture allows 1000/s).


def _table(server, game: str = "ramen-ramen", players: int = 2, bots: int = 1):  # type: ignore[no-untyped-def]
    seats = [{"kind": "human", "name": f"p{i}"} for i in range(players - bots)] + [
        {"kind": "bot", "bot": "random"}
    ] * bots
    return create_table(server.base, game=game, players=players, seats=seats)


def _still_works(client: SeatClient) -> None:
    pong = client.request({"type": "ping"})
    assert pong["type"] == "pong"


def test_garbage_messages_are_answered_with_errors_and_the_connection_stays_open(server) -> None:
    created = _table(server, players=1, bots=0)
    client = SeatClient(server.base, created["table"]["id"], created["seats"][0]["token"])
    state = client.my_turn()
    assert state is not None
    version = state["version"]
    cases = [
        ("{not json", "bad-json"),
        ("[1, 2, 3]", "bad-message"),
        ("[" * 100_000, "too-large"),
        ('"just a string"', "bad-message"),
        (json.dumps({"type": "teleport"}), "unknown-type"),
        (json.dumps({"type": "hello"}), "bad-message"),
        (json.dumps({"type": "act", "action": state["legal"][0]["json"]}), "bad-message"),
        (
            json.dumps({"type": "act", "seq": "0", "action": state["legal"][0]["json"]}),
            "bad-message",
        ),
        (json.dumps({"type": "act", "seq": 0}), "bad-message"),
        (json.dumps({"type": "act", "seq": 0, "action": {"play": [[1e300]]}}), "bad-action"),
        ('{"type": "act", "seq": 0, "action": {"play": [[NaN]]}}', "bad-json"),
        ('{"type": "act", "seq": 0, "action": Infinity}', "bad-json"),
        ('{"type": "act", "seq": 0, "action": [1e400]}', "bad-json"),
        ('{"type": "act", "seq": NaN, "text": "draw"}', "bad-json"),
        ('{"type": "act", "seq": 0, "index": -Infinity}', "bad-json"),
        (
            json.dumps({"type": "act", "seq": 10**400, "action": state["legal"][0]["json"]}),
            "bad-message",
        ),
        (
            json.dumps({"type": "act", "seq": -1, "action": state["legal"][0]["json"]}),
            "bad-message",
        ),
        (json.dumps({"type": "act", "seq": 0, "action": "Z9>9 Q1>1"}), "bad-action"),
        (json.dumps({"type": "act", "seq": 0, "text": "> > >"}), "bad-action illegal"),
        (json.dumps({"type": "act", "seq": 0, "text": "9" * 5000}), "bad-action illegal"),
        (json.dumps({"type": "act", "seq": 0, "index": 10**9}), "bad-action"),
        (json.dumps({"type": "act", "seq": 0, "index": True}), "bad-action"),
        (json.dumps({"type": "act", "seq": 0, "text": ["list"]}), "bad-action"),
        (json.dumps({"type": "x" * 70_000}), "too-large"),
    ]
    for text, code in cases:
        client.send(text)
        answer = client.wait(lambda f: f["type"] == "error")
        assert answer["code"] in code.split(), (text[:60], answer)
        assert answer["message"] and len(answer["message"]) < 400
    client.send(b"\xff\xfe binary garbage")
    assert client.wait(lambda f: f["type"] == "error")["code"] == "bad-json"
    _still_works(client)
    assert client.latest_state()["version"] == version
    client.close()


def test_illegal_replayed_out_of_turn_and_spectator_decisions_are_refused(server) -> None:
    created = _table(server, game="rummikub", players=2, bots=0)
    table_id = created["table"]["id"]
    a = SeatClient(server.base, table_id, created["seats"][0]["token"])
    b = SeatClient(server.base, table_id, created["seats"][1]["token"])
    watcher = SeatClient(server.base, table_id)
    drain(a)
    drain(b)
    mover, waiter = (a, b) if a.state and a.state.get("legal") else (b, a)
    state = mover.latest_state()
    version = state["version"]
    # An illegal table rearrangement: the engine's reason is passed on.
    illegal = mover.request({"type": "act", "seq": state["my_moves"], "text": "R1 R2"})
    assert illegal["type"] == "error" and illegal["code"] in ("illegal", "bad-action")
    # Out of turn.
    other = waiter.latest_state()
    out_of_turn = waiter.request({"type": "act", "seq": other["my_moves"], "text": "draw"})
    assert out_of_turn["code"] == "not-your-turn"
    # A spectator cannot play.
    assert watcher.request({"type": "act", "seq": 0, "text": "draw"})["code"] == "spectator"
    # A legal decision, then the same message replayed.
    message = {"type": "act", "seq": state["my_moves"], "text": "draw"}
    assert mover.request(message)["type"] == "ack"
    replayed = mover.request(message)
    assert replayed["code"] in ("stale", "not-your-turn")
    assert mover.latest_state()["version"] == version + 1
    for c in (a, b, watcher):
        _still_works(c)
        c.close()


def test_a_token_opens_only_its_own_seat_of_its_own_table(server) -> None:
    first = _table(server, players=2, bots=0)
    second = _table(server, players=2, bots=0)
    token = first["seats"][1]["token"]
    elsewhere = SeatClient(server.base, second["table"]["id"], token)
    assert elsewhere.welcome["type"] == "error" and elsewhere.welcome["code"] == "bad-token"
    forged = SeatClient(server.base, first["table"]["id"], token[:-2] + "xx")
    assert forged.welcome["code"] == "bad-token"
    mine = SeatClient(server.base, first["table"]["id"], token)
    assert mine.welcome["type"] == "welcome" and mine.welcome["seat"] == 1
    drain(mine)
    assert mine.state is not None and mine.state["seat"] == 1
    assert mine.state["view"]["seat"] == 1
    mine.close()


def test_no_table_and_no_hello(server) -> None:
    ghost = SeatClient(server.base, "no-such-table")
    assert ghost.welcome["type"] == "error" and ghost.welcome["code"] == "no-table"


def same_position(
    a: SeatClient, b: SeatClient, timeout: float = 10.0
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The newest state of two connections once both have the same position: the bot may
    still be moving when the first is read, so they are read again until they agree."""
    end = time.monotonic() + timeout
    while True:
        first, second = a.latest_state(), b.latest_state()
        if first["version"] == second["version"]:
            return first, second
        if time.monotonic() > end:
            raise AssertionError(
                f"two connections of one seat disagree: version {first['version']} "
                f"against {second['version']}"
            )


def test_reconnecting_gets_the_current_view_and_two_connections_of_one_seat_both_work(
    server,
) -> None:
    created = _table(server, game="ramen-fury", players=2, bots=1)
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    phone = SeatClient(server.base, table_id, token)
    laptop = SeatClient(server.base, table_id, token)
    rng = random.Random(3)
    state = phone.my_turn()
    assert state is not None
    assert phone.play_random(rng)["type"] == "ack"
    after, seen = same_position(phone, laptop)
    assert seen["view"] == after["view"]
    # The laptop plays the next decision; the phone sees it.
    if laptop.my_turn() is not None:
        assert laptop.play_random(rng)["type"] == "ack"
        same_position(phone, laptop)
    phone.close()
    again = SeatClient(server.base, table_id, token)
    drain(again)
    now, seen = same_position(again, laptop)
    assert now["view"] == seen["view"]
    laptop.close()
    again.close()


@pytest.mark.parametrize("game", ["ramen-tips"])
def test_simultaneous_choices_from_several_seats(server, game: str) -> None:
    created = _table(server, game=game, players=3, bots=0)
    table_id = created["table"]["id"]
    clients = [SeatClient(server.base, table_id, s["token"]) for s in created["seats"]]
    for c in clients:
        c.my_turn()
    assert all(c.state and c.state.get("legal") for c in clients)  # everyone chooses at once
    rng = random.Random(5)
    versions = []
    for c in clients:
        answer = c.play_random(rng)
        assert answer["type"] == "ack", answer
        versions.append(answer["version"])
    assert versions == sorted(versions) and len(set(versions)) == 3
    for c in clients:
        c.close()


@pytest.mark.parametrize(
    ("game", "players"), [("ramen-ramen", 1), ("rummikub", 2), ("ramen-tips", 3)]
)
def test_a_hint_is_a_legal_decision_from_the_games_hint_bot(
    server, game: str, players: int
) -> None:
    created = _table(server, game=game, players=players, bots=players - 1)
    client = SeatClient(server.base, created["table"]["id"], created["seats"][0]["token"])
    state = client.my_turn()
    assert state is not None
    hint = client.request({"type": "hint"}, timeout=60)
    assert hint["type"] == "hint" and hint["text"] and hint["version"] == state["version"]
    expected_bot = {"ramen-ramen": "planner", "rummikub": "solver", "ramen-tips": "ismcts"}[game]
    assert hint["bot"] == expected_bot
    answer = client.request({"type": "act", "seq": state["my_moves"], "action": hint["action"]})
    assert answer["type"] == "ack"
    client.close()


def test_spectators_and_waiting_seats_get_no_hint(server) -> None:
    created = _table(server, game="ramen-fury", players=2, bots=0)
    table_id = created["table"]["id"]
    watcher = SeatClient(server.base, table_id)
    assert watcher.request({"type": "hint"})["code"] == "spectator"
    clients = [SeatClient(server.base, table_id, s["token"]) for s in created["seats"]]
    for c in clients:
        drain(c)
    waiting = next(c for c in clients if not (c.state and c.state.get("legal")))
    assert waiting.request({"type": "hint"})["code"] == "not-your-turn"
