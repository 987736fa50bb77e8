"""Ramen! Ramen!'s guided first game (issue 30): a duel against a scripted cook on a short
deal (16 cards in play, 40 set aside), in which the learner plays cards into bowls, takes
from the Fridge, takes a second Fridge card once the deck is empty, serves a bowl at 14 and
one on its 7 ingredients, sees the other cook serve one face down, and meets the end and
the scoring — in English, French and Japanese.

The lesson is played by the rules (every scripted move legal, the deal an ordinary setup),
and through a real server on loopback by a scripted client: each step's move acknowledged,
a move the lesson does not want refused with code ``lesson`` and the coach's kind reason,
nothing changed by it, and the end explained."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from gametable.core import get_game
from gametable.core.lessons import Lesson
from gametable.core.words import Msg, render
from gametable.games.ramen_ramen.cards import CARD_NAMES
from gametable.games.ramen_ramen.state import RamenState

sys.path.insert(0, str(Path(__file__).parents[2] / "server"))

from serverutil import RunningServer
from wsclient import SeatClient

from gametable.server.service import ServerConfig

GAME = get_game("ramen-ramen")
LANGUAGES = ("en", "fr", "ja")


def lesson() -> Lesson:
    found = GAME.lesson()
    assert found is not None
    return found


def start(found: Lesson) -> RamenState:
    state = GAME.state_from_setup(
        found.players, found.setup, GAME.resolve_options(found.players, found.options)
    )
    assert isinstance(state, RamenState)
    return state


def messages(msg: object) -> Iterator[Msg]:
    """A message and every message among its parameters."""
    if isinstance(msg, Msg):
        yield msg
        for value in msg.params.values():
            yield from messages(value)
    elif isinstance(msg, list | tuple):
        for value in msg:
            yield from messages(value)


def play_through(found: Lesson) -> tuple[RamenState, list[dict[str, Any]]]:
    """The lesson played by the rules: the learner makes the moves the lesson wants, the
    cook its script. Returns the end and, per learner step, what the lesson accepted and
    refused there."""
    state = start(found)
    made = {0: 0, 1: 0}
    steps = []
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(seat)
        if seat == found.learner:
            legal = state.legal_actions(seat)
            accepted = [a for a in legal if found.check(seat, made[seat], a, view) is None]
            refused = {
                a: found.check(seat, made[seat], a, view)
                for a in legal
                if found.check(seat, made[seat], a, view)
            }
            steps.append({"view": view, "accepted": accepted, "refused": refused})
            action = accepted[0]
        else:
            action = found.scripted(seat, made[seat])
            assert action is not None, "the cook's script runs out before the end"
            assert action in state.legal_actions(seat), (made[seat], action)
        state.apply(seat, action)
        made[seat] += 1
    assert made == {0: len(found.script[0]), 1: len(found.script[1])}
    return state, steps


# -- the lesson by the rules -----------------------------------------------------------


def test_the_deal_is_an_ordinary_setup_of_sixteen_cards_in_play() -> None:
    found = lesson()
    assert (found.players, found.learner) == (2, 0)
    setup = found.setup
    assert sorted(setup["deck"]) == sorted(CARD_NAMES)  # every card, once
    assert setup["set_aside"] == 40 and setup["first_player"] == 0
    state = start(found)
    view = state.view(0)
    assert view["hand"] == ["C5", "K1", "N0", "S0"]
    assert view["fridge"] == ["M6", "M2", "S3", "N6"]
    assert view["deck_size"] == 4 and view["discard_count"] == 40
    # the cards set aside are out of the game and of the story, for every seat, to the end
    assert view["history"] == [{"turn": 0, "seat": None, "kind": "discard", "count": 40}]
    end, _ = play_through(found)
    told = [e for e in end.view(None)["history"] if e["kind"] == "discard"]
    assert told == [{"turn": 0, "seat": None, "kind": "discard", "count": 40}]


def test_a_setup_sets_aside_a_whole_number_of_cards_that_leaves_a_deal() -> None:
    deck = list(CARD_NAMES)
    for bad in (-1, 45, 1.5, "4", True):
        with pytest.raises(ValueError, match="set_aside"):
            GAME.state_from_setup(2, {"deck": deck, "first_player": 0, "set_aside": bad}, {})
    # solo sets 4 aside by the rules, the others none, unless the setup says
    assert start_of(1, {}).view(0)["discard_count"] == 4
    assert start_of(2, {}).view(0)["discard_count"] == 0
    assert start_of(2, {"set_aside": 44}).view(0)["deck_size"] == 0


def start_of(players: int, extra: dict[str, Any]) -> RamenState:
    state = GAME.state_from_setup(
        players, {"deck": list(CARD_NAMES), "first_player": 0, **extra}, {}
    )
    assert isinstance(state, RamenState)
    return state


def test_the_learner_meets_every_kind_of_move_and_wins_twelve_to_two() -> None:
    end, steps = play_through(lesson())
    history = end.view(0)["history"]
    mine = [e for e in history if e.get("seat") == 0]
    kinds = [e["kind"] for e in mine]
    assert kinds.count("play") == 4 and kinds.count("take") == 3
    assert any(e["kind"] == "take" and e["second"] for e in mine)  # instead of drawing
    served = [e for e in mine if e["kind"] == "serve"]
    assert [(e["ingredients"], e["points"]) for e in served] == [(3, 2), (7, 10)]
    sums = [sum(int(c[1]) for c in e["cards"]) for e in served]
    assert sums[0] == 14 and sums[1] < 14  # at 14, then on all 7 ingredients
    cook = [e for e in history if e.get("seat") == 1 and e["kind"] == "serve"]
    assert len(cook) == 1  # the other cook serves one, face down until the end
    last = history[-1]
    assert last["kind"] == "end" and last["unserved"]  # open bowls score nothing
    result = end.result()
    assert result.scores == (12, 2) and result.winners == (0,)
    assert len(steps) == 7 and len(end.events) < 40


def test_each_step_wants_one_move_and_says_kindly_why_not_another() -> None:
    found = lesson()
    _, steps = play_through(found)
    for n, step in enumerate(steps):
        assert len(step["accepted"]) == (2 if n == 6 else 1), n  # the last: bowl 2 or 3
        assert step["refused"] or n == 4, n  # one card left to take: nothing to refuse
        for why in step["refused"].values():
            for lang in LANGUAGES:
                text = render(why, locale=lang, viewer=0)
                assert "ramen_ramen." not in text and "{" not in text, (n, lang, text)
    first = steps[0]
    why = next(iter(first["refused"].values()))
    assert render(why) == (
        "Nearly: this lesson asks for another move here. Put Chashu 5 into bowl 2 and "
        "Nori 0 into bowl 1, as the coach says."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_everything_the_coach_says_is_in_the_catalog_of_each_language(lang: str) -> None:
    found = lesson()
    said: list[Msg] = [found.title, found.end]
    if found.intro is not None:
        said.append(found.intro)
    for script in found.script.values():
        for step in script:
            said += [m for m in (step.say, step.then) if m is not None]
    for msg in said:
        for inner in messages(msg):
            assert render(inner, locale=lang) != inner.id, (lang, inner.id)
        text = render(msg, locale=lang, viewer=0, names=["Aiko", "Chef"])
        assert "{" not in text and "ramen_ramen." not in text, text
    if lang == "ja":  # the cards named as the glossary names them
        assert "海苔0" in render(found.script[0][0].say, locale="ja")


# -- the lesson through a server -------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    db = tmp_path_factory.mktemp("lesson") / "lesson.sqlite"
    config = ServerConfig(database=str(db), bot_workers=1, messages_per_second=1000.0)
    with RunningServer(config) as running:
        yield running


def wait_step(client: SeatClient, step: int) -> dict[str, Any]:
    """The state frame that asks the learner for the lesson's ``step`` (or the end).

    The server sends the state a move made before the move's ack, so the frame may already
    have arrived (read while waiting for the ack): the newest state is looked at first."""

    def asks(f: dict[str, Any]) -> bool:
        return f["type"] == "state" and (
            f["status"] == "finished" or (bool(f.get("legal")) and f["lesson"]["step"] == step)
        )

    if client.state is not None and asks(client.state):
        return client.state
    return client.wait(asks, timeout=30)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_is_played_through_a_server_to_the_scoring(server, lang: str) -> None:
    found = lesson()
    answer = httpx.post(f"{server.base}/api/lessons/ramen-ramen", json={"name": "Aiko"})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    table = created["table"]["id"]
    seat = created["seats"][0]
    assert seat["seat"] == found.learner
    client = SeatClient(server.base, table, seat["token"], lang=lang)
    try:
        said = lambda msg: render(msg, locale=lang, viewer=0, names=["Aiko", "greedy"])  # noqa: E731
        refused_once = False
        for n, step in enumerate(found.script[found.learner]):
            frame = wait_step(client, n)
            coach = frame["lesson"]
            assert coach["title"] == said(found.title)
            assert (coach["step"], coach["steps"]) == (n, 7)
            assert coach["lines"][-1] == said(step.say)  # what to do now, last
            if n == 0:
                assert coach["lines"][0] == said(found.intro)
            view = frame["view"]
            wanted = [
                m["json"]
                for m in frame["legal"]
                if found.check(0, n, GAME.action_from_json(m["json"]), view) is None
            ]
            others = [m["json"] for m in frame["legal"] if m["json"] not in wanted]
            if others and not refused_once:
                # a move the rules allow and the lesson does not want: refused, kindly
                wrong = others[0]
                why = found.check(0, n, GAME.action_from_json(wrong), view)
                assert why is not None
                error = client.request({"type": "act", "seq": frame["my_moves"], "action": wrong})
                assert error["type"] == "error" and error["code"] == "lesson", error
                assert error["message"] == said(why)
                client.send({"type": "state"})
                again = client.wait(lambda f: f["type"] == "state")
                assert again["version"] == frame["version"] and again["view"] == view
                refused_once = True
            ack = client.request({"type": "act", "seq": frame["my_moves"], "action": wanted[0]})
            assert ack["type"] == "ack", ack
            if step.then is not None:  # what the move showed, said with the position it made
                after = [
                    f
                    for f in client.frames
                    if f["type"] == "state" and f["version"] == ack["version"]
                ]
                assert after and after[-1]["lesson"]["lines"][0] == said(step.then)
        assert refused_once
        end = client.wait(lambda f: f["type"] == "state" and f["status"] == "finished", 30)
        assert end["result"]["scores"] == [12, 2]
        assert end["lesson"]["lines"][-1] == said(found.end)
        assert said(found.script[1][-1].then) in end["lesson"]["lines"]
        assert end["result_text"] and end["result_text"][0] == said(
            Msg("ramen_ramen.result.wins.you")
        )
    finally:
        client.close()
