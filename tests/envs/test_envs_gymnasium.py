"""The Gymnasium environment: Gymnasium's env checker, one seat against bots, solo
Ramen! Ramen! with the critics' verdict, and what happens with illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

from gametable.core import IllegalAction

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import gametable.envs.gymnasium  # noqa: E402,F401  (registers the ids)
from gametable.envs.gymnasium import GametableEnv  # noqa: E402

IDS = [
    "gametable/RamenRamenSolo-v0",
    "gametable/RamenRamen-v0",
    "gametable/RamenFury-v0",
    "gametable/RamenTips-v0",
    "gametable/Rummikub-v0",
]


def _play(env: GametableEnv, seed: int) -> tuple[float, dict, int]:  # type: ignore[type-arg]
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        action = int(np.flatnonzero(obs["action_mask"])[steps % int(obs["action_mask"].sum())])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        assert not truncated
        if terminated:
            return total, info, steps


@pytest.mark.filterwarnings("error")  # Gymnasium's checker warns about any doubtful point
@pytest.mark.parametrize("env_id", IDS)
def test_gymnasium_check_env(env_id: str) -> None:
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)  # the render check too: render_mode="ansi"


@pytest.mark.parametrize(
    ("game", "players"), [("ramen-fury", 3), ("ramen-tips", 5), ("rummikub", 4)]
)
def test_check_env_at_other_player_counts(game: str, players: int) -> None:
    check_env(GametableEnv(game, players, opponents="random"), skip_render_check=True)


def test_solo_reward_is_the_final_score_and_info_has_the_critics_verdict() -> None:
    """Reference (solo): "The critics' verdict by final score: < 38: 0 stars; 38–43: 1;
    44–47: 2; 48–52: 2½; 53–55: 3; 56–57: 3½; 58–59: 4; 60–61: 4½; > 61: 5 stars"."""
    env = gymnasium.make("gametable/RamenRamenSolo-v0")
    total, info, steps = _play(env.unwrapped, seed=21)
    score = info["result"]["scores"][0]
    assert total == float(score)
    bands = [(38, 0.0), (44, 1.0), (48, 2.0), (53, 2.5), (56, 3.0), (58, 3.5), (60, 4.0), (62, 4.5)]
    stars = next((s for top, s in bands if score < top), 5.0)
    assert info["verdict"]["stars"] == stars
    assert isinstance(info["verdict"]["quote"], str) and info["verdict"]["quote"]
    assert steps >= 26  # 52 cards in play, at most two a turn


def test_opponents_play_their_own_seats_from_their_views() -> None:
    env = GametableEnv("ramen-ramen", 3, seat=1, opponents=["greedy", "random"], info_view=True)
    _obs, info = env.reset(seed=3)
    assert env.opponent_names == {0: "greedy", 2: "random"}
    assert 1 in info["view"]["to_act"]
    _total, info, _ = _play(env, seed=3)
    assert len(info["result"]["scores"]) == 3


class _Recorder:
    """Plays the first legal action and keeps the views it is handed."""

    name = "recorder"

    def __init__(self, reads_view: bool) -> None:
        self.reads_view = reads_view
        self.views: list[dict] = []  # type: ignore[type-arg]

    def act(self, view: dict, legal: list, rng: object) -> object:  # type: ignore[type-arg]
        self.views.append(view)
        return legal[0]


@pytest.mark.parametrize("reads", [True, False])
def test_a_bot_that_never_reads_its_view_is_handed_an_empty_one(reads: bool) -> None:
    """Building a view costs more than a random bot's whole decision: a bot that says it
    does not read it (``reads_view = False``, as ``random``) gets ``{}``; any other bot
    gets its seat's real view."""
    from gametable.agents.base import RandomAgent
    from gametable.core.agent import reads_view

    assert not reads_view(RandomAgent()) and reads_view(object())
    env = GametableEnv("ramen-ramen", 2, opponents="random")
    bot = _Recorder(reads)
    env.opponents[1] = bot
    _play(env, seed=5)
    assert bot.views
    if reads:
        assert all(v["seat"] == 1 and len(v["hand"]) <= 4 for v in bot.views)
    else:
        assert all(v == {} for v in bot.views)


def test_bad_construction_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"2 opponent\(s\) needed for seats 1, 2"):
        GametableEnv("ramen-ramen", 3, opponents=["greedy", "random", "greedy"])
    with pytest.raises(KeyError, match="no agent 'genius'"):
        GametableEnv("ramen-ramen", 2, opponents=["genius"])
    with pytest.raises(ValueError, match="seat must be a seat from 0 to 1"):
        GametableEnv("ramen-ramen", 2, seat=2)
    with pytest.raises(ValueError, match="illegal_action must be"):
        GametableEnv("ramen-ramen", 1, illegal_action="ignore")


def test_an_illegal_id_is_penalized_and_changes_nothing() -> None:
    env = GametableEnv("ramen-ramen", 2, opponents="greedy", illegal_reward=-2.0, info_view=True)
    obs, info = env.reset(seed=8)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -2.0 and not terminated and not truncated
    assert f"action id {illegal}" in info2["illegal_action"]
    np.testing.assert_array_equal(obs2["observation"], obs["observation"])
    assert info2["view"] == info["view"]


def test_illegal_ids_raise_when_asked_and_non_ids_always_raise() -> None:
    env = GametableEnv("ramen-ramen", 1, illegal_action="raise")
    obs, _ = env.reset(seed=8)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="is not legal for seat 0"):
        env.step(illegal)
    for bad in ("take K5", 43, -1, 2.5):
        with pytest.raises(IllegalAction, match="integer id from 0 to 42"):
            env.step(bad)
    np.testing.assert_array_equal(env.action_masks(), obs["action_mask"].astype(bool))


def test_same_seed_same_game_and_rewards() -> None:
    a = _play(GametableEnv("ramen-fury", 2, opponents="greedy"), seed=4)
    b = _play(GametableEnv("ramen-fury", 2, opponents="greedy"), seed=4)
    assert a[0] == b[0] and a[2] == b[2]
    assert a[1]["result"] == b[1]["result"]


def test_ansi_render() -> None:
    env = GametableEnv("ramen-fury", 2, opponents="random", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "\x1b[" not in text and text.strip()
