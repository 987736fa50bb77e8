"""Whole games over real WebSockets against a real server: every game, humans and bots."""

from __future__ import annotations

import json
import random

import httpx
import pytest
from wsclient import SeatClient, create_table, play_to_end

from gametable.core.records import from_json, replay
from gametable.core.registry import get_game

CASES = [
    ("ramen-ramen", 1, 0),
    ("ramen-ramen", 2, 1),
    ("ramen-ramen", 4, 2),
    ("rummikub", 2, 1),
    ("ramen-fury", 3, 1),
    ("ramen-tips", 3, 1),
    ("ramen-tips", 2, 0),
]


def _seats(players: int, bots: int, bot: str = "random") -> list[dict[str, object]]:
    humans = players - bots
    return [{"kind": "human", "name": f"player{i}"} for i in range(humans)] + [
        {"kind": "bot", "bot": bot} for _ in range(bots)
    ]


@pytest.mark.parametrize(("game", "players", "bots"), CASES)
def test_a_whole_game_between_scripted_clients_and_bots_ends_with_a_replayable_record(
    server, game: str, players: int, bots: int
) -> None:
    created = create_table(server.base, game=game, players=players, seats=_seats(players, bots))
    table_id = created["table"]["id"]
    assert created["table"]["status"] == "open"
    clients = [
        SeatClient(server.base, table_id, seat["token"], f"player{seat['seat']}")
        for seat in created["seats"]
    ]
    watcher = SeatClient(server.base, table_id)
    final = play_to_end(clients, random.Random(7))
    assert final["status"] == "finished" and final["result"]["ranks"]
    answer = httpx.get(f"{server.base}/api/tables/{table_id}/record", timeout=30)
    assert answer.status_code == 200
    record = from_json(answer.json())
    state = replay(record)  # every decision re-validated, the stored result checked
    assert state.is_over
    assert len(record.moves) == final["version"]
    assert record.moves and record.seed is not None
    watcher.wait(lambda f: f["type"] == "state" and f["status"] == "finished")
    assert watcher.state is not None and watcher.state["seat"] is None
    for c in [*clients, watcher]:
        c.close()


def test_games_list_shows_player_counts_options_and_bots(server) -> None:
    games = httpx.get(f"{server.base}/api/games").json()
    by_name = {g["name"]: g for g in games}
    assert set(by_name) == {"ramen-ramen", "rummikub", "ramen-fury", "ramen-tips"}
    rk = by_name["rummikub"]
    assert rk["players"] == [2, 4]
    assert any(o["name"] == "turn_seconds" for o in rk["options"])
    assert {"solver", "greedy", "random", "ismcts"} <= {b["name"] for b in rk["bots"]}
    ismcts = next(b for b in rk["bots"] if b["name"] == "ismcts")
    assert any(s["name"] == "iterations" for s in ismcts["settings"])


def test_open_tables_are_listed_until_every_seat_is_taken(server) -> None:
    created = create_table(server.base, game="ramen-fury", players=2, seats=_seats(2, 0))
    table_id = created["table"]["id"]
    listed = httpx.get(f"{server.base}/api/tables", params={"status": "open"}).json()
    assert table_id in {t["id"] for t in listed}
    joined = httpx.post(f"{server.base}/api/tables/{table_id}/join", json={"name": "zed"}).json()
    assert joined["seat"] == 0 and len(joined["token"]) >= 22
    second = httpx.post(f"{server.base}/api/tables/{table_id}/join", json={"name": "amy"}).json()
    assert second["seat"] == 1
    full = httpx.post(f"{server.base}/api/tables/{table_id}/join", json={"name": "late"})
    assert full.status_code == 409 and full.json()["detail"]["code"] == "no-seat"
    playing = httpx.get(f"{server.base}/api/tables", params={"status": "playing"}).json()
    assert table_id in {t["id"] for t in playing}
    info = httpx.get(f"{server.base}/api/tables/{table_id}").json()
    assert info["status"] == "playing" and [s["name"] for s in info["seats"]] == ["zed", "amy"]
    assert "seed" not in json.dumps(info) and "setup" not in info
    # The creator's invite token for seat 0 stopped working when a stranger joined it.
    refused = SeatClient(server.base, table_id, created["seats"][0]["token"])
    assert refused.welcome["type"] == "error" and refused.welcome["code"] == "bad-token"


def test_a_record_is_refused_until_the_game_is_over(server) -> None:
    created = create_table(server.base, game="ramen-ramen", players=2, seats=_seats(2, 1))
    answer = httpx.get(f"{server.base}/api/tables/{created['table']['id']}/record")
    assert answer.status_code == 409
    assert "when the game is over" in answer.json()["detail"]["message"]


def test_bad_table_requests_are_refused_naming_the_problem(server) -> None:
    cases = [
        ({"game": "chess", "players": 2}, "unknown game 'chess'"),
        ({"game": "rummikub", "players": 7}, "2–4 players, not 7"),
        ({"game": "rummikub", "players": 2, "options": {"jokers": 3}}, "unknown option"),
        (
            {
                "game": "rummikub",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep-blue"}],
            },
            "no bot 'deep-blue'",
        ),
        (
            {
                "game": "rummikub",
                "players": 2,
                "seats": [
                    {"kind": "human"},
                    {"kind": "bot", "bot": "ismcts", "settings": {"depth": 3}},
                ],
            },
            "seat 1 (ismcts)",
        ),
        ({"game": "rummikub", "players": 2, "seats": [{"kind": "human"}]}, "1 seats given"),
    ]
    for body, words in cases:
        answer = httpx.post(f"{server.base}/api/tables", json=body)
        assert answer.status_code == 422, (body, answer.text)
        assert words in json.dumps(answer.json(), ensure_ascii=False), (words, answer.text)


def test_every_game_can_be_played_by_notation_text_and_by_list_index(server) -> None:
    game = get_game("ramen-fury")
    created = create_table(server.base, game=game.name, players=2, seats=_seats(2, 1))
    client = SeatClient(server.base, created["table"]["id"], created["seats"][0]["token"])
    state = client.my_turn()
    assert state is not None
    typed = game.format_action(game.action_from_json(state["legal"][0]["json"]))
    by_text = client.request({"type": "act", "seq": state["my_moves"], "text": typed})
    assert by_text["type"] == "ack"
    state = client.my_turn()
    assert state is not None
    by_index = client.request({"type": "act", "seq": state["my_moves"], "index": 0})
    assert by_index["type"] == "ack"
    client.close()


def test_seats_holding_the_same_bot_are_told_apart(server) -> None:
    created = create_table(server.base, game="ramen-fury", players=3, seats=_seats(3, 2))
    names = [s["name"] for s in created["table"]["seats"]]
    assert names == ["player0", "random 1", "random 2"]


def test_a_match_deals_its_games_one_after_the_other_with_running_totals(server) -> None:
    created = create_table(server.base, game="ramen-ramen", players=2, seats=_seats(2, 0), games=2)
    first = created["table"]["id"]
    assert created["table"]["match"]["number"] == 1 and created["table"]["match"]["games"] == 2
    tokens = [s["token"] for s in created["seats"]]
    clients = [SeatClient(server.base, first, t) for t in tokens]
    end1 = play_to_end(clients, random.Random(1))
    match1 = end1["match"]
    assert match1["number"] == 1 and match1["scores"] == [end1["result"]["scores"]]
    assert match1["totals"] == end1["result"]["scores"] and not match1["over"]
    for c in clients:
        if not (c.state and c.state.get("match", {}).get("next")):
            c.wait(lambda f: f["type"] == "state" and bool(f.get("match", {}).get("next")))
    second = clients[0].state["match"]["next"]
    for c in clients:
        c.close()
    # The same seat tokens open the next game, which starts at once.
    clients = [SeatClient(server.base, second, t) for t in tokens]
    assert [c.welcome["seat"] for c in clients] == [0, 1]
    start = clients[0].latest_state()
    assert start["status"] == "playing" and start["match"]["number"] == 2
    assert start["match"]["tables"] == [first]
    end2 = play_to_end(clients, random.Random(2))
    match2 = end2["match"]
    assert match2["scores"] == [end1["result"]["scores"], end2["result"]["scores"]]
    totals = [
        a + b for a, b in zip(end1["result"]["scores"], end2["result"]["scores"], strict=True)
    ]
    assert match2["totals"] == totals and match2["over"] and match2.get("next") is None
    best = max(totals)
    assert [r == 1 for r in match2["ranks"]][totals.index(best)]
    record = httpx.get(f"{server.base}/api/tables/{second}/record").json()
    assert record["meta"]["match"] == {"number": 2, "games": 2, "tables": [first]}
    for c in clients:
        c.close()


def test_a_rummikub_match_is_as_long_as_its_rules_say_and_bad_lengths_are_refused(server) -> None:
    created = create_table(server.base, game="rummikub", players=3, seats=_seats(3, 2), match=True)
    assert created["table"]["match"]["games"] == 3  # one game per player (§11)
    capped = create_table(
        server.base,
        game="rummikub",
        players=2,
        seats=_seats(2, 1),
        options={"match_games": 4},
        match=True,
    )
    assert capped["table"]["match"]["games"] == 4
    too_long = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "ramen-fury", "players": 2, "seats": _seats(2, 1), "games": 50},
    )
    assert too_long.status_code == 422
