"""The games as PettingZoo environments: AEC (:func:`env`) and Parallel (:func:`parallel_env`).

>>> from gametable.envs.pettingzoo import env
>>> e = env("ramen-ramen", players=2)
>>> e.reset(seed=42)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["observation"].dtype.name, int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], 'float32', True)

Agents are ``player_0`` … ``player_{n-1}`` (the game's seats). Every observation is a dict
``{"observation": float32 vector, "action_mask": int8 vector}`` built from the agent's
view only; with ``info_view=True``, ``info["view"]`` is that view (JSON-able data; it costs
more than the observation, so it is off unless asked for) and, at the end, ``info["result"]``
is the game's result. Actions are the encoder's integer ids (``docs/envs.md``). Rewards come
once, at the end: the final score (``reward="score"``, the default) or 1 for a seat ranked
first (``reward="win"``). A simultaneous secret choice (the tips game) is played the AEC way:
the seats still to choose are selected one after the other, and nothing of a committed
choice shows in another agent's observation until the game reveals it.

An illegal or malformed action raises :class:`gametable.core.IllegalAction` naming the
id, its meaning and the legal ids; the game is left as it was.
"""

from __future__ import annotations

from io import StringIO
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from gametable.core.errors import IllegalAction
from gametable.core.rng import Rng
from gametable.envs.driver import GameDriver

__all__ = ["GametableAEC", "GametableParallel", "env", "parallel_env", "raw_env"]


def _spaces(driver: GameDriver) -> tuple[spaces.Dict, spaces.Discrete]:
    low, high = driver.encoder.layout.bounds()
    observation = spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(driver.num_actions,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(driver.num_actions)


def render_text(driver: GameDriver, seat: int | None, width: int = 100) -> str:
    """The game's terminal rendering of ``seat``'s view (and the result once over), as plain
    text without colour."""
    from rich.console import Console

    out = StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False)
    ui = driver.game.ui
    console.print(ui.render_view(driver.view(seat)))
    if driver.is_over:
        console.print(ui.render_result(driver.result()))
    return out.getvalue()


class _SeedStream:
    """Deal seeds: a given seed, else the next of a stream (itself seeded by the last seed)."""

    def __init__(self) -> None:
        self._rng = Rng("gametable-envs")

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self._rng = Rng(f"gametable-envs:{seed}")
            return int(seed)
        return self._rng.next64() >> 1


class GametableAEC(AECEnv):  # type: ignore[misc]
    """A gametable game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (the API's class attribute)
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": "gametable",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        *,
        render_mode: str | None = None,
        reward: str = "score",
        info_view: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.driver = GameDriver(game, players, reward=reward, info_view=info_view, **options)
        self.layout = self.driver.encoder.layout
        """The observation's named slices (``docs/envs.md``)."""
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"gametable_{self.driver.game.name}"}
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agents: list[str] = []
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        observation, action = _spaces(self.driver)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._seeds = _SeedStream()
        self._over = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.driver.reset(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._over = False  # agents are terminated only when the game is over
        self._select()

    def _select(self) -> None:
        """Select the next seat to decide (the lowest of several deciding at once)."""
        driver = self.driver
        if driver.is_over:
            self._over = True
            for agent in self.agents:
                self.terminations[agent] = True
                self.infos[agent] = driver.info(self._seat[agent])
            for agent, reward in zip(self.possible_agents, driver.rewards(), strict=True):
                if agent in self.rewards:
                    self.rewards[agent] = reward
            return
        agent = self.possible_agents[driver.to_act[0]]
        self.agent_selection = agent
        for other in self.agents:
            self.infos[other] = {}
        self.infos[agent] = driver.info(self._seat[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.driver.observe(self._seat[agent])

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """What ``AECEnv.last`` returns (observation, cumulative reward, termination,
        truncation and info of the agent to act), one call shorter."""
        agent = self.agent_selection
        return (
            self.driver.observe(self._seat[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._over and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} is to decide: None is only for finished agents")
        driver = self.driver
        driver.step(self._seat[agent], action)
        to_act = driver.to_act
        if to_act:
            # rewards come only at the end: nothing to clear or accumulate before it
            following = self.possible_agents[to_act[0]]
            self.agent_selection = following
            if driver.info_view:  # (otherwise every info is {} until the end)
                self.infos[agent] = {}
                self.infos[following] = driver.info(to_act[0])
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._select()
        self._accumulate_rewards()
        if self.driver.is_over:
            self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.driver.state is None:
            raise RuntimeError("call reset() before render()")
        seat = None if self.driver.is_over else self._seat[self.agent_selection]
        return render_text(self.driver, seat)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


raw_env = GametableAEC


def env(game: str, players: int = 2, **kwargs: Any) -> GametableAEC:
    """The AEC environment of ``game`` (a registered name such as ``"ramen-ramen"``).

    Keyword arguments: ``render_mode`` (``None`` or ``"ansi"``), ``reward`` (``"score"``
    or ``"win"``), ``info_view`` (put the agent's view in its info), and the game's own
    options (``gametable games`` lists them).
    """
    return GametableAEC(game, players, **kwargs)


class GametableParallel(ParallelEnv):  # type: ignore[misc]
    """A gametable game as a PettingZoo Parallel environment.

    Each step, every agent the game waits for (several at once during a simultaneous
    choice, one otherwise) must give a legal action id; actions of the other agents are
    ignored (their action masks are all zeros). Decisions are applied in seat order, and
    a secret choice stays hidden from the others until the game reveals it.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (the API's class attribute)
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": "gametable_parallel",
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        *,
        render_mode: str | None = None,
        reward: str = "score",
        info_view: bool = False,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.driver = GameDriver(game, players, reward=reward, info_view=info_view, **options)
        self.layout = self.driver.encoder.layout
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"gametable_{self.driver.game.name}_parallel"}
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agents: list[str] = []
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        observation, action = _spaces(self.driver)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._seeds = _SeedStream()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        seat = self._seat
        return {a: self.driver.observe(seat[a]) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.driver.reset(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {a: self.driver.info(self._seat[a]) for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        driver = self.driver
        if not self.agents:
            raise RuntimeError("the game is over: call reset() first")
        deciding = [self.possible_agents[s] for s in driver.to_act]
        missing = [a for a in deciding if actions.get(a) is None]
        if missing:
            raise IllegalAction(
                f"missing actions for {', '.join(missing)} (the game waits for them)"
            )
        # check every id before applying any, so a bad one changes nothing
        for agent in deciding:
            driver.check_id(self._seat[agent], actions[agent])
        for agent in deciding:
            driver.step(self._seat[agent], actions[agent])
        observations = self._observations()
        over = driver.is_over
        rewards = dict(zip(self.possible_agents, driver.rewards(), strict=True))
        rewards = {a: rewards[a] for a in self.agents}
        terminations = {a: over for a in self.agents}
        truncations = {a: False for a in self.agents}
        infos = {a: driver.info(self._seat[a]) for a in self.agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.driver.state is None:
            raise RuntimeError("call reset() before render()")
        return render_text(self.driver, None if self.driver.is_over else self.driver.to_act[0])

    def close(self) -> None:
        pass


def parallel_env(game: str, players: int = 2, **kwargs: Any) -> GametableParallel:
    """The Parallel environment of ``game`` (same keyword arguments as :func:`env`)."""
    return GametableParallel(game, players, **kwargs)
