"""No frame tells a seat anything it may not know.

Full games of every game and player count are played through the server by scripted
clients (every seat a client, plus a spectator). Afterwards the published record is
replayed, and every frame each client received is checked against the engine:

- its ``view`` is exactly ``state.view(seat)`` at that version (the engine's views are
  themselves checked in each game's tests to depend only on what the seat may know);
- its ``legal`` list is exactly that seat's legal decisions;
- what it says in words — the story (``log``), the legal decisions' ``text``, the end
  (``result_text``) — is exactly what the game's description layer makes of that seat's
  own view and decisions (so it can tell nothing the view does not hold);
- everything else in it is the same for every seat and the spectator at that version
  (the server adds nothing seat-specific: no other hand, no deck, no seed);
- before the game is over no frame holds the seed or the order of the deck.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from wsclient import SeatClient, create_table, play_to_end

from gametable.core.records import from_json
from gametable.core.registry import all_games, get_game
from gametable.core.words import tell_history, tell_legal

CASES = [
    (game.name, players)
    for game in all_games()
    for players in range(game.min_players, game.max_players + 1)
]

GAMES = 1
"""Full games per game and player count (each one checks thousands of frames)."""

SEAT_SPECIFIC = {"view", "legal", "legal_complete", "seat", "my_moves", "log", "result_text"}
SEAT_SPECIFIC |= {"rules_section"}
PUBLIC = {"type", "table", "version", "status", "to_act", "seats", "events", "result", "clocks"}
PUBLIC |= {"server_time"}


def _normal(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_frame_leaks_what_its_seat_cannot_see(server, name: str, players: int) -> None:
    game = get_game(name)
    rng = random.Random(f"{name}-{players}")
    for _ in range(GAMES):
        created = create_table(
            server.base,
            game=name,
            players=players,
            seats=[{"kind": "human", "name": f"p{i}"} for i in range(players)],
        )
        table_id = created["table"]["id"]
        clients = [SeatClient(server.base, table_id, s["token"]) for s in created["seats"]]
        watcher = SeatClient(server.base, table_id)
        play_to_end(clients, rng)
        watcher.latest_state()
        record_json = httpx.get(f"{server.base}/api/tables/{table_id}/record").json()
        record = from_json(record_json)
        # Replay and keep each version's views and legal decisions.
        views: list[dict[int | None, str]] = []
        legal: list[dict[int, list[Any]]] = []
        for state, _move in record.states():
            views.append({s: _normal(state.view(s)) for s in [*range(players), None]})
            legal.append(
                {s: [game.action_to_json(a) for a in state.legal_actions(s)] for s in state.to_act}
            )
        secrets_text = [str(record_json["seed"])]
        for who, client in [*((c.welcome.get("seat"), c) for c in clients), (None, watcher)]:
            for raw, frame in zip(client.raw, client.frames, strict=True):
                if frame["type"] == "state" and frame["status"] != "finished":
                    for secret in secrets_text:
                        assert secret not in raw, f"the seed reached seat {who}"
                if frame["type"] != "state":
                    assert "view" not in frame and "setup" not in raw
                    continue
                version = frame["version"]
                assert frame["seat"] == who
                assert _normal(frame["view"]) == views[version][who], (
                    f"seat {who}'s view at version {version} is not the engine's view"
                )
                names = [s["name"] for s in frame["seats"]]
                assert frame["log"] == tell_history(game, frame["view"], names=names)
                if "legal" in frame:
                    assert who is not None and frame["status"] == "playing"
                    assert [x["json"] for x in frame["legal"]] == legal[version][who]
                    actions = [game.action_from_json(x["json"]) for x in frame["legal"]]
                    texts = tell_legal(game, frame["view"], actions, names=names)
                    assert [x["text"] for x in frame["legal"]] == texts
                rest = {k for k in frame if k not in SEAT_SPECIFIC}
                assert rest <= PUBLIC, f"unexpected fields {rest - PUBLIC}"
                # The table's own events name seats ("you" for the reader): the same facts.
                frame = {**frame, "events": [{**e, "text": None} for e in frame["events"]]}
                assert ("result" in frame) == (frame["status"] == "finished")
        for c in [*clients, watcher]:
            c.close()
