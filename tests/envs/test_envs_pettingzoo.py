"""The PettingZoo environments: PettingZoo's own API, seed and parallel tests, plus the
behaviour a user relies on (rewards, errors, hidden simultaneous choices, rendering)."""

from __future__ import annotations

import re
import warnings
from io import StringIO

import numpy as np
import pytest
from envs_helpers import CASE_IDS, CASES
from rich.console import Console

from gametable.core import IllegalAction, OptionError
from gametable.core.words import render
from gametable.games.ramen_ramen.words import card

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, seed_test

from gametable.envs.pettingzoo import env, parallel_env


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation "is not a NumPy array" and that its space
        # is not a Box, as for its own classic environments with action masks; any other
        # warning fails the test
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(env(game, players), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(lambda: env(game, players), num_cycles=40)


@pytest.mark.parametrize(
    ("game", "players"),
    [("ramen-tips", 2), ("ramen-tips", 3), ("ramen-tips", 5), ("ramen-ramen", 2)],
)
def test_pettingzoo_parallel_api_test(game: str, players: int) -> None:
    parallel_api_test(parallel_env(game, players), num_cycles=400)


def _play_out(e, pick=lambda ids, n: ids[n % len(ids)]):  # type: ignore[no-untyped-def]
    """Play an AEC env to the end with masked actions; returns the rewards seen by last()."""
    totals = {a: 0.0 for a in e.possible_agents}
    n = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        ids = np.flatnonzero(obs["action_mask"])
        e.step(int(pick(ids, n)))
        n += 1
    return totals


@pytest.mark.parametrize(
    ("game", "players"), [("ramen-ramen", 2), ("rummikub", 2), ("ramen-tips", 3)]
)
def test_rewards_are_the_final_scores(game: str, players: int) -> None:
    e = env(game, players)
    e.reset(seed=5)
    totals = _play_out(e)
    result = e.driver.result()
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in result.scores]


def test_win_rewards_give_one_to_the_winners_only() -> None:
    e = env("ramen-fury", 3, reward="win")
    e.reset(seed=2)
    totals = _play_out(e)
    ranks = e.driver.result().ranks
    assert [totals[a] for a in e.possible_agents] == [1.0 if r == 1 else 0.0 for r in ranks]


def test_info_holds_the_view_when_asked_and_at_the_end_the_result() -> None:
    plain = env("ramen-ramen", 2)
    plain.reset(seed=1)
    assert plain.last()[4] == {}  # the view costs more than the observation: asked for
    e = env("ramen-ramen", 2, info_view=True)
    e.reset(seed=1)
    _obs, _r, _t, _tr, info = e.last()
    seat = e.possible_agents.index(e.agent_selection)
    assert info["view"]["seat"] == seat
    assert info["view"]["hand"] == e.driver.live.view(seat)["hand"]
    _play_out(e)
    e.reset(seed=1)
    for _agent in e.agent_iter():
        obs, _r, terminated, _tr, info = e.last()
        if terminated:
            assert info["result"]["scores"] == e.driver.result().to_json()["scores"]
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_an_illegal_action_id_raises_and_changes_nothing() -> None:
    e = env("ramen-ramen", 2)
    e.reset(seed=3)
    obs, *_ = e.last()
    agent = e.agent_selection
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match=rf"action id {illegal} \(.*\) is not legal"):
        e.step(illegal)
    with pytest.raises(IllegalAction, match="out of range"):
        e.step(10_000)
    with pytest.raises(IllegalAction, match="integer id"):
        e.step("N4>1")
    with pytest.raises(IllegalAction, match="only for finished agents"):
        e.step(None)
    assert e.agent_selection == agent
    again, *_ = e.last()
    np.testing.assert_array_equal(again["observation"], obs["observation"])
    np.testing.assert_array_equal(again["action_mask"], obs["action_mask"])


def test_bad_options_and_reward_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="unknown option"):
        env("ramen-ramen", 2, colour="red")
    with pytest.raises(OptionError, match="for 1–4 players"):
        env("ramen-ramen", 7)
    with pytest.raises(ValueError, match="reward must be one of"):
        env("ramen-ramen", 2, reward="money")
    with pytest.raises(KeyError, match="unknown game"):
        env("chess", 2)


def test_game_options_reach_the_game() -> None:
    e = env("ramen-tips", 3, narutos=True)
    e.reset(seed=0)
    assert e.driver.live.options["narutos"] is True


def test_tips_secret_choice_is_chosen_in_turn_and_hidden_until_the_reveal() -> None:
    """Rulebook (reference §5): every player chooses a card in secret; all are revealed
    together. In the AEC environment the seats choose one after the other, and the
    next seat's observation is the same whichever card the first seat committed."""
    observed = []
    for pick in (0, -1):
        e = env("ramen-tips", 3)
        e.reset(seed=11)
        assert e.agent_selection == "player_0"
        obs, *_ = e.last()
        ids = np.flatnonzero(obs["action_mask"])
        e.step(int(ids[pick]))
        assert e.agent_selection == "player_1"
        observed.append(e.observe("player_1")["observation"])
        observed.append(e.observe("player_2")["observation"])
    np.testing.assert_array_equal(observed[0], observed[2])
    np.testing.assert_array_equal(observed[1], observed[3])


def test_parallel_env_plays_simultaneous_choices_in_one_step() -> None:
    p = parallel_env("ramen-tips", 3, info_view=True)
    obs, infos = p.reset(seed=4)
    assert all(int(o["action_mask"].sum()) == 9 for o in obs.values())  # 9 cards in hand
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    obs, _rewards, terms, _truncs, infos = p.step(actions)
    assert infos["player_0"]["view"]["revealed"] is not None  # all three revealed at once
    assert not any(terms.values())


def test_parallel_env_wants_every_deciding_agent_and_checks_all_first() -> None:
    p = parallel_env("ramen-tips", 3)
    obs, _ = p.reset(seed=4)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    with pytest.raises(IllegalAction, match="missing actions for player_2"):
        p.step({k: v for k, v in actions.items() if k != "player_2"})
    bad = dict(actions, player_2=3563)
    with pytest.raises(IllegalAction, match="not legal for seat 2"):
        p.step(bad)
    # nothing was applied: every seat still has to choose
    assert p.driver.to_act == (0, 1, 2)


def test_ansi_render_is_the_games_text_without_colour() -> None:
    """The render is what the terminal game shows the seat to act (its cards in words, as a
    player reads them, not notation), the same text without the colour codes."""
    e = env("ramen-ramen", 2, render_mode="ansi")
    e.reset(seed=9)
    text = e.render()
    seat = e.possible_agents.index(e.agent_selection)
    assert isinstance(text, str)
    assert "\x1b[" not in text
    view = e.driver.view(seat)
    hand = view["hand"]
    assert hand
    in_words = ", ".join(render(card(c)) for c in hand)  # "Ajitama 0, Ajitama 6, …"
    assert f"Your hand: {in_words}" in text
    assert not set(hand) & set(re.findall(r"\b[A-Z]\d\b", text))  # no card in notation
    # the terminal's drawing of the same view, in colour, with its colour codes taken out
    out = StringIO()
    Console(file=out, width=100, color_system="truecolor", force_terminal=True).print(
        e.driver.game.ui.render_view(view)
    )
    coloured = out.getvalue()
    assert "\x1b[" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == text
    assert env("ramen-ramen", 2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        env("ramen-ramen", 2, render_mode="human")


@pytest.mark.parametrize(("game", "players"), [("rummikub", 3), ("ramen-tips", 4)])
def test_same_seed_and_actions_give_the_same_observations_and_rewards(
    game: str, players: int
) -> None:
    """Rummikub's bot macro-actions included (picks cycle through every legal id)."""
    runs = []
    for _ in range(2):
        e = env(game, players)
        e.reset(seed=13)
        seen = []
        for n, _agent in enumerate(e.agent_iter()):
            obs, reward, terminated, _tr, _info = e.last()
            seen.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
            if terminated:
                e.step(None)
                continue
            ids = np.flatnonzero(obs["action_mask"])
            e.step(int(ids[n % len(ids)]))
        runs.append(seen)
    assert runs[0] == runs[1]
