"""Ramen Fury's guided first game (issue 30), through a real server on loopback.

The lesson (``gametable.games.ramen_fury.lesson``): two players, the learner against one
scripted opponent, on a stacked deck, in eleven turns; every kind of move comes up (Prep,
Draw from the Pantry and from the deck, Spoon, Restock, Eat, Empty, a Nori placed from a
refill, a Chili placed from the hand and from a Restock, the hand limit's discard, the end
of a turn with a free play left), and the game ends when the opponent eats a third bowl.

A scripted client plays it as a learner would: each step's move is acknowledged, one move
the rules allow but the lesson does not want is refused with code ``lesson`` and the
coach's reason (nothing changes), the opponent plays its script, and at the end the coach
explains the scoring. The coach speaks English, French and Japanese.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))

from serverutil import RunningServer
from wsclient import SeatClient

from gametable.core.rng import Rng
from gametable.core.words import Msg, render
from gametable.games.ramen_fury import GAME
from gametable.games.ramen_fury.cards import bowl_points, setup_card
from gametable.games.ramen_fury.lesson import LEARNER_MOVES, OPPONENT_MOVES, deck
from gametable.server.service import ServerConfig

LESSON = GAME.lesson()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    db = tmp_path_factory.mktemp("lesson") / "lesson.sqlite"
    config = ServerConfig(database=str(db), bot_workers=1, messages_per_second=1000.0)
    with RunningServer(config) as running:
        yield running


def start(server: RunningServer, lang: str = "en") -> SeatClient:
    answer = httpx.post(f"{server.base}/api/lessons/ramen-fury", json={"name": "Ana"}, timeout=30)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    (seat,) = body["seats"]
    assert seat["seat"] == LESSON.learner == 0
    return SeatClient(server.base, body["table"]["id"], seat["token"], lang=lang)


def said(msg: Msg | None, lang: str = "en", names: list[str] | None = None) -> str:
    assert msg is not None
    return render(msg, locale=lang, names=names, viewer=LESSON.learner)


def test_the_lesson_is_short_and_every_kind_of_move_comes_up() -> None:
    """Two players, eleven turns; the learner makes every kind of decision the game has."""
    assert LESSON.players == 2 and LESSON.learner == 0
    assert LESSON.setup["deck"] == deck()
    assert sorted(deck()) == sorted(GAME.random_setup(2, Rng(1), {})["deck"])  # all 89 cards
    kinds = {move["type"] for move in LEARNER_MOVES}
    assert kinds == {
        "prep", "draw", "spoon", "restock", "eat", "empty", "place", "discard", "use", "end"
    }  # fmt: skip
    assert {m["card"] for m in LEARNER_MOVES if m["type"] == "draw"} == {"Mu", None, "Fy"}
    assert {m["card"] for m in LEARNER_MOVES if m["type"] in ("use", "place")} == {"No", "Cl"}
    state = GAME.state_from_setup(2, LESSON.setup, GAME.resolve_options(2, LESSON.options))
    made = {0: 0, 1: 0}
    while not state.is_over:
        seat = state.current
        script = LEARNER_MOVES if seat == LESSON.learner else OPPONENT_MOVES
        action = GAME.action_from_json(script[made[seat]])
        assert action in state.legal_actions(seat), (seat, made[seat], script[made[seat]])
        state.apply(seat, action)
        made[seat] += 1
    assert made == {0: len(LEARNER_MOVES), 1: len(OPPONENT_MOVES)}
    assert state.view(None)["turn"] == 11
    history = state.view(0)["history"]
    kinds_seen = {e["kind"] for e in history}
    assert {"refill", "restock", "final_round", "game_over"} <= kinds_seen
    final = next(e for e in history if e["kind"] == "final_round")
    assert final["reason"] == "all_bowls_eaten" and final["player"] == 1
    # The scoring the coach explains is the engine's.
    result = state.result()
    soy = bowl_points([setup_card(c) for c in ("No", "Sy", "Co", "Mu")])
    fury = bowl_points([setup_card(c) for c in ("Cl", "Fy", "Cl")])
    assert tuple(result.scores) == (soy + fury, 3) == (10, 3)
    end = said(LESSON.end)
    assert "6 points" in end and "4" in end and "10 in all" in end, end


def test_the_lesson_through_the_server_from_the_first_move_to_the_scoring(
    server: RunningServer,
) -> None:
    client = start(server)
    try:
        assert client.welcome["type"] == "welcome" and client.welcome["seat"] == 0
        frame = client.my_turn(timeout=60)
        assert frame is not None
        lesson = frame["lesson"]
        assert lesson["title"] == said(LESSON.title)
        assert lesson["steps"] == len(LEARNER_MOVES) and lesson["step"] == 0
        names = [s["name"] for s in frame["seats"]]
        assert lesson["lines"] == [
            said(LESSON.intro, names=names),
            said(LESSON.script[0][0].say, names=names),
        ]
        refused = False
        for n, move in enumerate(LEARNER_MOVES):
            assert frame["lesson"]["step"] == n
            step = LESSON.script[0][n]
            # What the last decision showed (if the lesson says), then what to do now.
            assert frame["lesson"]["lines"][-1] == said(step.say, names=names), (n, frame["lesson"])
            legal = [entry["json"] for entry in frame["legal"]]
            assert move in legal, (n, move)
            version = frame["version"]
            if n == 1:
                # A move the rules allow but the lesson does not want: the coach says which
                # move it wants, kindly, and nothing changes.
                wrong = next(m for m in legal if m != move)
                answer = client.request({"type": "act", "seq": frame["my_moves"], "action": wrong})
                assert answer["type"] == "error" and answer["code"] == "lesson", answer
                wanted = GAME.words.decision(GAME.action_from_json(move), frame["view"])
                expected = said(Msg("ramen_fury.lesson.not_now", move=wanted), names=names)
                assert answer["message"] == expected
                refused = True
            client.state = None
            answer = client.request({"type": "act", "seq": frame["my_moves"], "action": move})
            assert answer["type"] == "ack", (n, move, answer)
            assert answer["version"] == version + 1  # the refused move changed nothing
            if step.then is not None:
                assert client.state is not None
                assert said(step.then, names=names) in client.state["lesson"]["lines"]
            if n + 1 < len(LEARNER_MOVES):
                frame = client.my_turn(timeout=60)
                assert frame is not None and frame["status"] == "playing", n
        assert refused
        if client.state is None or client.state["status"] != "finished":
            client.wait(lambda f: f["type"] == "state" and f["status"] == "finished", 60)
        end = client.state
        assert end is not None and end["status"] == "finished"
        assert end["result"]["scores"] == [10, 3]
        assert end["result_text"][0] == "You win with 10 points!"
        assert end["lesson"]["lines"][-1] == said(LESSON.end, names=names)
        assert "10 in all" in end["lesson"]["lines"][-1]
        # The opponent played its script to the last move: the final round came from its
        # third bowl.
        told = " ".join(entry["text"] for entry in end["log"])
        assert "final round" in told
    finally:
        client.close()


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_coach_speaks_the_learners_language(server: RunningServer, lang: str) -> None:
    client = start(server, lang)
    try:
        first = client.my_turn(timeout=60)
        assert first is not None
        names = [s["name"] for s in first["seats"]]
        lesson = first["lesson"]
        assert lesson["title"] == said(LESSON.title, lang) != said(LESSON.title)
        assert lesson["lines"] == [
            said(LESSON.intro, lang, names),
            said(LESSON.script[0][0].say, lang, names),
        ]
        english = {said(LESSON.intro, names=names), said(LESSON.script[0][0].say, names=names)}
        assert not english & set(lesson["lines"])
        # A wrong move is refused in the learner's language too.
        move = LEARNER_MOVES[0]
        wrong = next(e["json"] for e in first["legal"] if e["json"] != move)
        answer = client.request({"type": "act", "seq": first["my_moves"], "action": wrong})
        assert answer["code"] == "lesson"
        wanted = GAME.words.decision(GAME.action_from_json(move), first["view"])
        assert answer["message"] == said(Msg("ramen_fury.lesson.not_now", move=wanted), lang)
        assert "ramen_fury." not in json.dumps(answer, ensure_ascii=False)
    finally:
        client.close()
