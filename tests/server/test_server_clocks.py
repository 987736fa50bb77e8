"""Clocks (per turn, bank and increment), absent players and their stand-in bots, ratings."""

from __future__ import annotations

import time

import httpx
from wsclient import SeatClient, create_table, drain

from gametable.server.clocks import Clock, ClockConfig


def test_a_per_turn_clock_spans_a_turn_of_several_decisions_and_runs_out() -> None:
    clock = Clock(ClockConfig(turn_seconds=10), players=2, game_turn_limit=None)
    clock.start([0], now=0.0)
    clock.decided(0, to_act_after=[0], now=4.0)  # first play of the turn: same turn goes on
    assert clock.remaining(0, now=4.0) == 6.0
    assert clock.next_deadline(now=4.0) == (10.0, [0])
    clock.decided(0, to_act_after=[1], now=7.0)  # the turn ends; seat 1's starts
    assert clock.running() == [1] and clock.remaining(1, now=7.0) == 10.0
    assert clock.remaining(0, now=7.0) == 10.0  # a new turn, when it comes, is full length


def test_the_game_own_turn_timer_and_the_tables_clock_the_shorter_wins() -> None:
    assert Clock(ClockConfig(turn_seconds=30), 2, game_turn_limit=60).turn_limit == 30
    assert Clock(ClockConfig(), 2, game_turn_limit=60).turn_limit == 60
    assert not Clock(ClockConfig(), 2, game_turn_limit=None).enabled


def test_a_bank_pays_for_every_turn_and_the_increment_is_added_when_the_turn_ends() -> None:
    clock = Clock(ClockConfig(bank_seconds=20, increment_seconds=5), 2, None)
    clock.start([0], 0.0)
    clock.decided(0, [1], 8.0)
    assert clock.banks[0] == 20 - 8 + 5
    clock.decided(1, [0], 30.0)  # seat 1 used 22 s of its 20: overdrawn
    assert clock.banks[1] == 0 + 5  # plays on its increment
    assert clock.remaining(0, 30.0) == 17.0


def test_simultaneous_clocks_run_together_and_stop_one_by_one() -> None:
    clock = Clock(ClockConfig(turn_seconds=10), 3, None)
    clock.start([0, 1, 2], 0.0)
    clock.decided(1, [0, 2], 3.0)
    assert clock.running() == [0, 2]
    assert clock.next_deadline(3.0) == (10.0, [0, 2])
    assert clock.next_deadline(3.0, exclude=[0]) == (10.0, [2])


def test_a_restart_does_not_charge_the_time_the_server_was_down() -> None:
    clock = Clock(ClockConfig(turn_seconds=10, bank_seconds=100), 2, None)
    clock.start([0], 0.0)
    saved = clock.to_json(now=4.0)
    resumed = Clock(ClockConfig(turn_seconds=10, bank_seconds=100), 2, None)
    resumed.restore(saved, now=5000.0)
    assert resumed.remaining(0, 5000.0) == 6.0
    assert resumed.banks[0] == 96.0


def test_rummikub_timeout_applies_the_games_penalty(server) -> None:
    # Reference §8: "the player takes back the tiles and draws 3 tiles from the pool as a
    # penalty" when the turn's time runs out.
    created = create_table(
        server.base,
        game="rummikub",
        players=2,
        seats=[{"kind": "human", "name": "slow"}, {"kind": "human", "name": "also"}],
        options={"turn_seconds": 1},  # the game's own timer: its timeout rule applies
    )
    table_id = created["table"]["id"]
    a = SeatClient(server.base, table_id, created["seats"][0]["token"])
    b = SeatClient(server.base, table_id, created["seats"][1]["token"])
    first = a.latest_state()
    mover = first["to_act"][0]
    racks_before = first["view"].get("rack_sizes", None)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        state = a.latest_state()
        if state["version"] >= 1:
            break
        time.sleep(0.1)
    state = a.latest_state()
    assert state["version"] >= 1, "nobody's clock ran out"
    assert any(e["kind"] == "timeout" and e["seat"] == mover for e in state["events"])
    if racks_before is not None:
        assert state["view"]["rack_sizes"][mover] >= racks_before[mover] + 3  # 3 penalty tiles
    a.close()
    b.close()


def test_a_table_clock_in_rummikub_applies_the_games_penalty_too(server) -> None:
    # The table's own clock (not the game's turn_seconds option) runs out: the rulebook's
    # timeout rule is what happens when a player's time is up, whichever clock measured it.
    created = create_table(
        server.base,
        game="rummikub",
        players=2,
        seats=[{"kind": "human", "name": "slow"}, {"kind": "human", "name": "also"}],
        clocks={"turn_seconds": 1},
    )
    table_id = created["table"]["id"]
    a = SeatClient(server.base, table_id, created["seats"][0]["token"])
    b = SeatClient(server.base, table_id, created["seats"][1]["token"])
    first = a.latest_state()
    assert first["view"]["options"]["turn_seconds"] is None
    mover = first["to_act"][0]
    mine = a if a.welcome["seat"] == mover else b
    # A player cannot play the timeout as a move of their own.
    refused = mine.request({"type": "act", "seq": 0, "text": "timeout"})
    assert refused["type"] == "error" and refused["code"] == "bad-action", refused
    before = mine.latest_state()["view"]["rack_sizes"][mover]
    a.wait(lambda f: f["type"] == "state" and f["version"] >= 1, timeout=10)
    state = a.latest_state()
    assert state["view"]["rack_sizes"][mover] == before + 3
    timeouts = [e for e in state["events"] if e["kind"] == "timeout"]
    assert [e["seat"] for e in timeouts] == [mover]
    a.close()
    b.close()


def test_a_stand_in_deciding_for_a_slow_seat_is_announced_once_and_kept(server) -> None:
    created = create_table(
        server.base,
        game="ramen-fury",
        players=2,
        seats=[{"kind": "human", "name": "dreamer"}, {"kind": "bot", "bot": "random"}],
        clocks={"turn_seconds": 0.5},
    )
    table_id = created["table"]["id"]
    client = SeatClient(server.base, table_id, created["seats"][0]["token"])
    client.wait(lambda f: f["type"] == "state" and f.get("my_moves", 0) >= 3, timeout=20)
    client.close()
    stored = server.game_server.store.events(table_id, limit=1000)
    mine = [e for e in stored if e["kind"] == "timeout" and e["seat"] == 0]
    assert mine, "the deadline's announcement was not stored"
    # One announcement per turn that ran out, none for the stand-in's decisions themselves.
    assert all(e["message"].id == "server.event.timeout_stand_in" for e in mine), mine


def test_a_game_without_a_timeout_rule_lets_a_bot_decide_for_the_slow_seat(server) -> None:
    created = create_table(
        server.base,
        game="ramen-fury",
        players=2,
        seats=[{"kind": "human", "name": "dreamer"}, {"kind": "bot", "bot": "random"}],
        clocks={"turn_seconds": 0.5},
    )
    client = SeatClient(server.base, created["table"]["id"], created["seats"][0]["token"])
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        drain(client)
        state = client.state
        mine = state and any(e["kind"] == "timeout" and e["seat"] == 0 for e in state["events"])
        if mine and state["my_moves"] >= 1:  # type: ignore[index]
            break
        time.sleep(0.1)
    state = client.latest_state()
    assert any(
        e["kind"] == "timeout" and e["seat"] == 0 and "ran out of time" in e["text"]
        for e in state["events"]
    )
    assert not any(e["kind"] == "timeout" and e["seat"] == 1 for e in state["events"])
    record_moves = state["my_moves"]
    assert record_moves >= 1  # the stand-in decided for the seat
    client.close()


def test_an_absent_player_is_replaced_after_the_grace_period_and_takes_over_on_return(
    server,
) -> None:
    created = create_table(
        server.base,
        game="ramen-fury",
        players=2,
        seats=[{"kind": "human", "name": "leaver"}, {"kind": "human", "name": "stayer"}],
        grace_seconds=0.3,
    )
    table_id = created["table"]["id"]
    leaver_token = created["seats"][0]["token"]
    leaver = SeatClient(server.base, table_id, leaver_token)
    stayer = SeatClient(server.base, table_id, created["seats"][1]["token"])
    first = stayer.latest_state()
    leaver.close()
    # Seat 0's stand-in plays seat 0's turns; the game then waits for seat 1, who idles.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        state = stayer.latest_state()
        waiting = state["seats"][0]["replaced"] and state["to_act"] == [1] and state.get("legal")
        if waiting and (first["to_act"] == [1] or state["version"] > 0):
            break
        time.sleep(0.05)
    state = stayer.latest_state()
    assert state["seats"][0]["replaced"], "the absent player was not replaced"
    assert not state["seats"][0]["connected"]
    assert any(e["kind"] == "replaced" and e["seat"] == 0 for e in state["events"])
    if first["to_act"] == [0]:
        assert state["version"] > 0  # the stand-in played seat 0's turn
    back = SeatClient(server.base, table_id, leaver_token)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        drain(back)
        if back.state and not back.state["seats"][0]["replaced"]:
            break
        time.sleep(0.05)
    assert back.state is not None and not back.state["seats"][0]["replaced"]
    assert back.state["seats"][0]["connected"]
    assert any(e["kind"] == "returned" for e in back.state["events"])
    back.close()
    stayer.close()


def test_finished_games_between_named_players_move_the_leaderboard(server) -> None:
    import random

    from wsclient import play_to_end

    created = create_table(
        server.base,
        game="ramen-tips",
        players=3,
        seats=[
            {"kind": "human", "name": "ana"},
            {"kind": "human", "name": "ben"},
            {"kind": "bot", "bot": "random"},
        ],
    )
    table_id = created["table"]["id"]
    clients = [SeatClient(server.base, table_id, s["token"]) for s in created["seats"]]
    final = play_to_end(clients, random.Random(1))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        board = httpx.get(f"{server.base}/api/leaderboard/ramen-tips").json()["players"]
        if {"ana", "ben", "random (bot)"} <= {p["player"] for p in board}:
            break
        time.sleep(0.1)
    names = {p["player"]: p for p in board}
    assert {"ana", "ben", "random (bot)"} <= set(names)
    winner = final["seats"][final["result"]["winners"][0]]["name"]
    loser_ranks = [r for r in final["result"]["ranks"] if r > 1]
    if winner in ("ana", "ben") and loser_ranks:
        assert names[winner]["mu"] > 25.0
    assert all(p["games"] >= 1 for p in names.values())
    for c in clients:
        c.close()


def _solo_position(seed: int) -> tuple[dict, list[str]]:  # type: ignore[type-arg]
    """The first decision of a solo Ramen! Ramen! deal: the view and the legal moves as
    the server hands them to a worker."""
    from gametable.core import get_game

    game = get_game("ramen-ramen")
    state = game.new_state(1, seed)
    return state.view(0), [game.action_to_json(a) for a in state.legal_actions(0)]


def test_a_bot_told_its_turn_is_nearly_spent_decides_at_once() -> None:
    # The decisions of one turn may reach different worker processes: the table passes
    # how long ago the turn began, and the bot's per-turn budget counts it.
    from gametable.server import workers

    view, legal = _solo_position(3)
    key = ("ramen-ramen", "planner", '{"seconds": 0.5}', 0)
    workers.decide("ramen-ramen", "planner", {"seconds": 0.5}, 0, view, legal, 1, 0.49)
    assert workers._AGENTS[key].last_samples == 1  # one deck sample, then the deadline
    workers.decide("ramen-ramen", "planner", {"seconds": 0.5}, 0, view, legal, 1, 0.0)
    assert workers._AGENTS[key].last_samples > 1


def test_a_bot_keeps_within_the_tables_clock_when_it_is_shorter_than_its_budget() -> None:
    from gametable.server import workers

    view, legal = _solo_position(4)
    key = ("ramen-ramen", "planner", '{"seconds": 5.0}', 0)
    # 5 s of its own, but 10 ms left on the table's clock: one deck sample, then it answers
    workers.decide("ramen-ramen", "planner", {"seconds": 5.0}, 0, view, legal, 1, 0.0, 0.01)
    assert workers._AGENTS[key].last_samples == 1
