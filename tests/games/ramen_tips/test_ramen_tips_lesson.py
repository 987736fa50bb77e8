"""Ramen (the tips game)'s guided first game (issue 30), by the rules and through a real
server on loopback.

The lesson (``gametable.games.ramen_tips.lesson``): two players and Grunchie, the learner
against one scripted opponent, on a fixed deal, over the nine rounds a game has. Every kind
of decision comes up — choose, exchange a lone 1, swap two preference cards with a lone 5,
take (into the bowl that lacks the ingredient, into a new bowl, into a bowl of the
learner's choice), keep the own card in the final round, place Shōyu — and, on the way, a 9
bringing a Shōyu card, two 1s cancelling, Grunchie's lone 1 doing nothing, the opponent
letting a 5 go unused, Grunchie removing the weakest offer card. The learner wins 36 yen to
26, as the coach explains at the end.

A scripted client plays it as a learner would: each step's move is acknowledged, moves the
rules allow but the lesson does not want are refused with code ``lesson`` and the coach's
reason (nothing changes), the opponent plays its script, and at the end the coach explains
the scoring. The coach speaks English, French and Japanese.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))

from serverutil import RunningServer
from wsclient import SeatClient

from gametable.core.lessons import Lesson
from gametable.core.words import Msg, render
from gametable.games.ramen_tips import GAME
from gametable.games.ramen_tips.cards import CARD_NAMES
from gametable.games.ramen_tips.lesson import (
    FINAL_BOWLS,
    FINAL_SHOYU,
    LEARNER_MOVES,
    OPPONENT_MOVES,
    final_scores,
)
from gametable.games.ramen_tips.state import TipsState
from gametable.server.service import ServerConfig


def the_lesson() -> Lesson:
    found = GAME.lesson()
    assert found is not None
    return found


LESSON = the_lesson()


def start() -> TipsState:
    state = GAME.state_from_setup(
        LESSON.players, LESSON.setup, GAME.resolve_options(LESSON.players, LESSON.options)
    )
    assert isinstance(state, TipsState)
    return state


def said(msg: Msg | None, lang: str = "en", names: list[str] | None = None) -> str:
    assert msg is not None
    return render(msg, locale=lang, names=names, viewer=LESSON.learner)


def play_through() -> tuple[TipsState, list[dict[str, Any]]]:
    """The lesson played by the rules: the learner makes the one move its step accepts, the
    opponent its script. Returns the end and, per learner step, what the lesson accepted and
    refused among the legal moves."""
    state = start()
    made = {0: 0, 1: 0}
    steps = []
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if seat == LESSON.learner:
            checked = {a: LESSON.check(seat, made[seat], a, view) for a in legal}
            accepted = [a for a, why in checked.items() if why is None]
            refused = {a: why for a, why in checked.items() if why is not None}
            steps.append({"view": view, "accepted": accepted, "refused": refused})
            assert len(accepted) == 1, (made[seat], accepted)
            action = accepted[0]
        else:
            scripted = LESSON.scripted(seat, made[seat])
            assert scripted is not None, "the opponent's script runs out before the end"
            assert scripted in legal, (made[seat], scripted)
            action = scripted
        state.apply(seat, action)
        made[seat] += 1
    assert made == {0: len(LEARNER_MOVES), 1: len(OPPONENT_MOVES)}
    return state, steps


# -- the lesson by the rules -----------------------------------------------------------


def test_the_deal_is_an_ordinary_setup_with_grunchie() -> None:
    assert (LESSON.players, LESSON.learner) == (2, 0)
    setup = LESSON.setup
    every = [c for h in setup["hands"] for c in h]
    every += setup["grunchie"] + setup["offer"] + setup["unused"]
    assert sorted(every) == sorted(CARD_NAMES)  # every card, once
    assert [len(h) for h in setup["hands"]] == [9, 9] and len(setup["grunchie"]) == 9
    view = start().view(0)
    assert view["grunchie"] and view["rounds"] == 9 and view["unused_count"] == 15
    assert [p["type"] for p in view["preference"]] == ["C", "N", "Y", "S", "A"]
    # the script is every decision of the two seats, to the end
    assert len(LESSON.script[0]) == len(LEARNER_MOVES) == 22
    assert len(LESSON.script[1]) == len(OPPONENT_MOVES)
    assert all(step.play is None and step.say is not None for step in LESSON.script[0])
    assert all(step.play is not None for step in LESSON.script[1])


def test_the_learner_makes_every_kind_of_decision_and_meets_every_rule() -> None:
    end, steps = play_through()
    assert [GAME.action_to_json(s["accepted"][0]) for s in steps] == list(LEARNER_MOVES)
    kinds = [m["type"] for m in LEARNER_MOVES]
    assert {k: kinds.count(k) for k in set(kinds)} == {
        "choose": 9, "take": 9, "exchange": 1, "swap": 1, "keep": 1, "place_shoyu": 1
    }  # fmt: skip
    history = end.view(0)["history"]
    seen = [e["kind"] for e in history]
    for kind in ("exchange", "swap", "cancel", "no_effect", "pass", "grunchie_removes", "end"):
        assert kind in seen, kind
    mine = [e for e in history if e.get("seat") == 0]
    assert [e["card"] for e in mine if e["kind"] == "gain_shoyu"] == ["Y9", "N9"]
    assert sum(e["kind"] == "take" and e["new"] for e in mine) == 3  # three bowls started
    # a take with a choice of bowls (round 4: bowls 1 and 2 both lacked Sūpu)
    choice = steps[9]
    assert choice["view"]["phase"] == "take"
    bowls = {p["bowl"] for p in choice["view"]["placements"] if p["card"] == "S5"}
    assert bowls == {0, 1}
    # the two 1s that cancel are the learner's and Grunchie's
    cancel = next(e for e in history if e["kind"] == "cancel")
    assert cancel["value"] == 1 and cancel["slots"] == [0, 2]
    assert end.view(0)["paralysis"] == [1, 0]
    # the final round: the learner took and kept, Grunchie removed his own card too
    final = [e for e in history if e["turn"] == 9 and e.get("seat") == 0]
    assert [e["kind"] for e in final] == ["choose", "take", "keep", "place_shoyu", "shoyu_placed"]
    assert any(e["kind"] == "grunchie_removes" and e["own"] for e in history)


def test_the_game_ends_as_the_coach_explains_it() -> None:
    end, _ = play_through()
    view = end.view(0)
    assert view["bowls"] == [[list(b) for b in bs] for bs in FINAL_BOWLS]
    assert view["placed"] == [list(s) for s in FINAL_SHOYU]
    assert [p["type"] for p in view["preference"]] == ["S", "N", "Y", "C", "A"]
    result = end.result()
    assert tuple(result.scores) == (36, 26) and result.winners == (0,)
    mine, theirs = final_scores()
    assert (mine.total, theirs.total) == (36, 26)
    assert (mine.valid, mine.largest, mine.tip_yen, mine.bonus, mine.penalty) == (3, 6, 16, 2, 0)
    ending = said(LESSON.end, names=["Ana", "Ben"])
    for part in ("3 ramen × 6 cards", "= 18 yen", "16 yen of tips", "2 yen", "36 yen", "26"):
        assert part in ending, (part, ending)
    assert "Sūpu" in ending and "Nūdoru" in ending and "Ajitama" in ending


def test_every_other_move_is_refused_kindly_with_the_move_the_lesson_wants() -> None:
    _, steps = play_through()
    refusals = 0
    for n, step in enumerate(steps):
        wanted = step["accepted"][0]
        why = Msg("ramen_tips.lesson.not_now", move=GAME.words.decision(wanted, step["view"]))
        for action, refused in step["refused"].items():
            assert refused == why, (n, action)
            refusals += 1
        # a move the rules refuse here (no step asks for a pass) gets the lesson's reason too
        assert LESSON.check(0, n, GAME.action_from_json({"type": "pass"}), step["view"]) == why
    assert refusals > 50
    text = said(
        Msg("ramen_tips.lesson.not_now",
            move=GAME.words.decision(steps[1]["accepted"][0], steps[1]["view"]))
    )  # fmt: skip
    assert text.startswith("Not this move yet") and "Take Yasai 9 into" in text


def test_every_sentence_of_the_lesson_is_a_catalog_message_in_english() -> None:
    messages = [LESSON.title, LESSON.intro, LESSON.end]
    for steps in LESSON.script.values():
        for step in steps:
            messages += [m for m in (step.say, step.then) if m is not None]
    for msg in messages:
        assert msg is not None and msg.id.startswith("ramen_tips.lesson.")
        text = said(msg, names=["Ana", "Ben"])
        assert text and msg.id not in text and "{" not in text, msg.id
    assert len({m.id for m in messages if m is not None}) >= 30


# -- the lesson through a server ---------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    db = tmp_path_factory.mktemp("lesson") / "lesson.sqlite"
    config = ServerConfig(database=str(db), bot_workers=1, messages_per_second=1000.0)
    with RunningServer(config) as running:
        yield running


def open_lesson(server: RunningServer, lang: str = "en") -> SeatClient:
    answer = httpx.post(f"{server.base}/api/lessons/ramen-tips", json={"name": "Ana"}, timeout=30)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    (seat,) = body["seats"]
    assert seat["seat"] == LESSON.learner == 0
    return SeatClient(server.base, body["table"]["id"], seat["token"], lang=lang)


REFUSED_AT = (1, 7, 21)
"""The steps where the test first tries a move the lesson does not want: a take from the
offer, a take into a new bowl, the Shōyu placement."""


def test_the_lesson_through_the_server_from_the_first_move_to_the_scoring(
    server: RunningServer,
) -> None:
    client = open_lesson(server)
    try:
        assert client.welcome["type"] == "welcome" and client.welcome["seat"] == 0
        frame = client.my_turn(timeout=60)
        assert frame is not None
        lesson = frame["lesson"]
        assert lesson["title"] == said(LESSON.title)
        assert lesson["steps"] == len(LEARNER_MOVES) and lesson["step"] == 0
        names = [s["name"] for s in frame["seats"]]
        assert lesson["lines"][0] == said(LESSON.intro, names=names)
        assert frame["rules_section"] == "round"
        refused = 0
        for n, move in enumerate(LEARNER_MOVES):
            assert frame["lesson"]["step"] == n
            step = LESSON.script[0][n]
            assert frame["lesson"]["lines"][-1] == said(step.say, names=names), (n, frame["lesson"])
            legal = [entry["json"] for entry in frame["legal"]]
            assert move in legal, (n, move)
            version = frame["version"]
            if n in REFUSED_AT:
                # A move the rules allow but the lesson does not want: the coach says which
                # move it wants, kindly, and nothing changes.
                wrong = next(m for m in legal if m != move)
                answer = client.request({"type": "act", "seq": frame["my_moves"], "action": wrong})
                assert answer["type"] == "error" and answer["code"] == "lesson", answer
                wanted = GAME.words.decision(GAME.action_from_json(move), frame["view"])
                expected = said(Msg("ramen_tips.lesson.not_now", move=wanted), names=names)
                assert answer["message"] == expected
                refused += 1
            client.state = None
            answer = client.request({"type": "act", "seq": frame["my_moves"], "action": move})
            assert answer["type"] == "ack", (n, move, answer)
            # the refused move changed nothing: the wanted one is still the learner's next
            # decision (``seq``); the opponent may have chosen meanwhile
            assert answer["version"] >= version + 1
            if n + 1 < len(LEARNER_MOVES):
                frame = client.my_turn(timeout=60)
                assert frame is not None and frame["status"] == "playing", n
        assert refused == len(REFUSED_AT)
        if client.state is None or client.state["status"] != "finished":
            client.wait(lambda f: f["type"] == "state" and f["status"] == "finished", 60)
        end = client.state
        assert end is not None and end["status"] == "finished"
        assert end["result"]["scores"] == [36, 26]
        assert end["lesson"]["lines"][-1] == said(LESSON.end, names=names)
        assert "36 yen in all" in end["lesson"]["lines"][-1]
        assert end["rules_section"] == "scoring"
        told = " ".join(entry["text"] for entry in end["log"])
        assert "Grunchie" in told
    finally:
        client.close()


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_coach_speaks_the_learners_language(server: RunningServer, lang: str) -> None:
    client = open_lesson(server, lang)
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
        assert answer["message"] == said(Msg("ramen_tips.lesson.not_now", move=wanted), lang)
        assert answer["message"] != said(Msg("ramen_tips.lesson.not_now", move=wanted))
        assert "ramen_tips." not in json.dumps(answer, ensure_ascii=False)
    finally:
        client.close()
