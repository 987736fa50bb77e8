"""A Gymnasium single-agent environment: one seat of a game against gametable bots.

>>> import gymnasium
>>> import gametable.envs.gymnasium  # registers the gametable/... ids
>>> env = gymnasium.make("gametable/RamenRamenSolo-v0")
>>> obs, info = env.reset(seed=7)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((667,), True)

:class:`GametableEnv` plays ``seat`` of ``game``; the other seats are gametable agents
named by ``opponents`` (``["greedy"]``, ``["random", "ismcts"]`` …, one per other seat in
seat order; a single name is used for every other seat), which decide from their own
views when it is their turn. Observations are ``{"observation", "action_mask"}`` as in
the PettingZoo environments, the action is an integer id, and the reward comes once at
the end: the seat's final score (``reward="score"``) or 1 for a win (``reward="win"``).
With ``info_view=True``, ``info["view"]`` is the seat's view (off by default: it costs
more than the observation); at the end ``info["result"]`` is the result and, in solo
Ramen! Ramen!, ``info["verdict"]`` the critics' stars and words.

Registered ids (``gymnasium.make(id, **kwargs)`` overrides any argument):
``gametable/RamenRamenSolo-v0`` (solo), ``gametable/RamenRamen-v0``,
``gametable/RamenFury-v0``, ``gametable/RamenTips-v0`` and ``gametable/Rummikub-v0``
(2 players against ``greedy``; the tips game 3 players against two ``greedy``).

Gymnasium lets an agent send any action of the action space, so an id that is not legal
now (its mask entry is 0) is not played: with ``illegal_action="penalize"`` (the default)
the step leaves the game unchanged and returns the same observation, the reward
``illegal_reward`` (default -1.0), ``terminated=False`` and ``info["illegal_action"]``,
the reason (the id, what it means, the legal ids); with ``illegal_action="raise"`` it
raises :class:`gametable.core.IllegalAction` with that reason instead. Something that is
not an action id at all (a string, an id out of range) always raises.
:meth:`GametableEnv.action_masks` returns the current mask (the method that
maskable-policy libraries such as sb3-contrib's ``MaskablePPO`` call).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from gametable.agents.base import make_agent
from gametable.core.agent import Agent, reads_view
from gametable.core.errors import IllegalAction
from gametable.core.rng import Rng
from gametable.envs.driver import GameDriver
from gametable.envs.pettingzoo import render_text

__all__ = ["GametableEnv"]


class GametableEnv(gymnasium.Env):
    """One seat of a gametable game against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        game: str = "ramen-ramen",
        players: int = 1,
        seat: int = 0,
        opponents: str | Sequence[str] | None = None,
        reward: str = "score",
        render_mode: str | None = None,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        info_view: bool = False,
        **options: Any,
    ) -> None:
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(
                f"illegal_action must be 'penalize' or 'raise', got {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.driver = GameDriver(game, players, reward=reward, info_view=info_view, **options)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be a seat from 0 to {players - 1}, got {seat!r}")
        others = [s for s in range(players) if s != seat]
        if opponents is None:
            names = ["random"] * len(others)
        elif isinstance(opponents, str):
            names = [opponents] * len(others)
        else:
            names = list(opponents)
            if len(names) == 1 and len(others) > 1:
                names = names * len(others)
        if len(names) != len(others):
            raise ValueError(
                f"{len(others)} opponent(s) needed for seats "
                f"{', '.join(map(str, others)) or 'none'}, got {len(names)}: {names}"
            )
        game_obj = self.driver.game
        self.opponents: dict[int, Agent] = {
            s: make_agent(game_obj, name, s) for s, name in zip(others, names, strict=True)
        }
        self.opponent_names = dict(zip(others, names, strict=True))
        self.seat = seat
        self.layout = self.driver.encoder.layout
        """The observation's named slices (``layout["hand"].start`` …; ``docs/envs.md``)."""
        self.render_mode = render_mode
        low, high = self.driver.encoder.layout.bounds()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.driver.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.driver.num_actions)
        self._rngs: dict[int, Rng] = {}

    def _observation(self) -> dict[str, np.ndarray]:
        return self.driver.observe(self.seat)

    def _play_opponents(self) -> None:
        """Let the bots decide until it is this seat's turn or the game is over."""
        driver = self.driver
        state = driver.live
        while not state.is_over and self.seat not in state.to_act:
            for other in state.to_act:
                bot = self.opponents[other]
                # a bot that never looks at its view gets an empty one (a view costs more
                # than the bot's whole decision)
                view = driver.view(other) if reads_view(bot) else {}
                driver.apply(other, bot.act(view, state.legal_actions(other), self._rngs[other]))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(0, 2**63 - 1))
        self.driver.reset(deal)
        base = Rng(f"opponents:{deal}")
        self._rngs = {s: base.spawn(s) for s in self.opponents}
        self._play_opponents()
        return self._observation(), self.driver.info(self.seat)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        driver = self.driver
        if type(action) is int:  # the common case, checked without the space's machinery
            if not 0 <= action < driver.num_actions:
                raise IllegalAction(
                    f"an action is an integer id from 0 to {driver.num_actions - 1}, "
                    f"got {action!r}"
                )
        elif not self.action_space.contains(action) and not isinstance(action, np.ndarray):
            raise IllegalAction(
                f"an action is an integer id from 0 to {driver.num_actions - 1}, got {action!r}"
            )
        try:
            driver.step(self.seat, action)  # checks the id first: a bad one changes nothing
        except IllegalAction as exc:
            if self.illegal_action == "raise" or driver.is_over:
                raise
            info = driver.info(self.seat)
            info["illegal_action"] = str(exc)
            return self._observation(), self.illegal_reward, False, False, info
        if self.opponents:
            self._play_opponents()
        if driver.is_over:
            reward = float(driver.rewards()[self.seat])
            return self._observation(), reward, True, False, driver.info(self.seat)
        info = driver.info(self.seat) if driver.info_view else {}
        return self._observation(), 0.0, False, False, info

    def action_masks(self) -> np.ndarray:
        """The current action mask as booleans (for maskable-policy libraries)."""
        return self.driver.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.driver.state is None:
            raise RuntimeError("call reset() before render()")
        return render_text(self.driver, self.seat)


_IDS = {
    "gametable/RamenRamenSolo-v0": {"game": "ramen-ramen", "players": 1},
    "gametable/RamenRamen-v0": {"game": "ramen-ramen", "players": 2, "opponents": "greedy"},
    "gametable/RamenFury-v0": {"game": "ramen-fury", "players": 2, "opponents": "greedy"},
    "gametable/RamenTips-v0": {"game": "ramen-tips", "players": 3, "opponents": "greedy"},
    "gametable/Rummikub-v0": {"game": "rummikub", "players": 2, "opponents": "greedy"},
}

for _id, _kwargs in _IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point=f"{__name__}:GametableEnv", kwargs=_kwargs)
