"""The game-agnostic engine behind every environment wrapper.

A :class:`GameDriver` holds one game in progress and speaks only the core interface:
:func:`gametable.core.get_game`, :meth:`Game.new_state`, ``State.to_act / legal_actions /
apply / view / result / is_over``. It adds what the wrappers share: the game's encoder
(:mod:`.encoding`), observations and action masks from views (computed once per position
and seat), integer action ids checked before they reach the game, and rewards.
"""

from __future__ import annotations

import copy
import copyreg
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from gametable.core import IllegalAction, get_game
from gametable.core.game import Action, Game, Result, State, View
from gametable.core.rng import Rng
from gametable.envs.encoding import (
    Delegate,
    Encoder,
    FloatArray,
    LazyLegal,
    LegalMap,
    get_encoder,
)

REWARDS = ("score", "win")
"""Reward schemes: the final score, or 1 for a seat ranked first (shared wins too) else 0."""


def reward_bounds(encoder: Encoder, reward: str) -> tuple[float, float]:
    """Lowest and highest final reward of a seat under ``reward``."""
    return encoder.score_bounds() if reward == "score" else (0.0, 1.0)


class GameDriver:
    """One game of a registered gametable game, played by action ids.

    ``options`` are the game's options (checked by the game: a bad one raises
    :class:`~gametable.core.OptionError` naming it); ``reward`` is ``"score"`` or ``"win"``.
    ``info_view`` puts the seat's view in every :meth:`info` (it costs more than the
    observation: leave it off when training). Call :meth:`reset` before playing.
    """

    def __init__(
        self,
        game: str | Game,
        players: int,
        reward: str = "score",
        *,
        info_view: bool = False,
        **options: Any,
    ) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        if type(players) is not int:
            raise TypeError(f"players must be a whole number, got {players!r}")
        self.options = self.game.resolve_options(players, options)
        self.players = players
        self.reward = reward
        self.encoder = get_encoder(self.game, players, self.options)
        self.num_actions = self.encoder.num_actions
        self.info_view = bool(info_view)
        self._fast = self.encoder.reads_state
        self._encode_state = self.encoder.encode_state
        self._delegates = self.encoder.delegates
        self._masks_by_tuple: dict[int, tuple[tuple[int, ...], np.ndarray]] = {}
        self.state: State | None = None
        self.seed: int | None = None
        self._rng = Rng(0)
        self._version = 0
        self._views: dict[int | None, tuple[int, View]] = {}
        self._legal: dict[int, tuple[int, LegalMap]] = {}
        self._obs: dict[int, tuple[int, FloatArray]] = {}
        self._result: tuple[int, Result] | None = None
        self._to_act: tuple[int, tuple[int, ...]] = (-1, ())
        self._steps = 0

    # -- the game ---------------------------------------------------------------------

    def reset(self, seed: int) -> None:
        """Deal a new game from ``seed`` (the same seed deals the same game)."""
        self.state = self.game.new_state(self.players, seed, **self.options)
        self.seed = seed
        self._rng = Rng(f"envs:{seed}")
        self._steps = 0
        self._touch()

    def load(self, state: State, rng: Rng) -> None:
        """Continue from ``state`` (e.g. a determinized sample), with ``rng`` for macro-actions."""
        self.state = state
        self._rng = rng
        self._touch()

    def clone(self) -> GameDriver:
        """An independent copy of this game in progress (the game state is cloned)."""
        other = copy.copy(self)
        other.state = None if self.state is None else self.state.clone()
        other._views = {}
        other._legal = {}
        other._obs = {}
        return other

    def __copy__(self) -> GameDriver:
        """A shallow copy sharing the game, its encoder and their tables (without this,
        ``copy.copy`` would go through :meth:`__reduce__` and build a new encoder)."""
        other = object.__new__(GameDriver)
        other.__dict__.update(self.__dict__)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> GameDriver:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the game in progress (the state by value, the game by its name)."""
        copyreg.pickle(type(self.game), _reduce_game)
        return (
            _restore_driver,
            (
                self.game.name,
                self.players,
                self.reward,
                self.info_view,
                self.options,
                self.state,
                self._rng,
                self.seed,
                self._steps,
            ),
        )

    def _touch(self) -> None:
        self._version += 1

    @property
    def live(self) -> State:
        if self.state is None:
            raise RuntimeError("the environment has no game: call reset() first")
        return self.state

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats to decide now (kept per position: some games work it out)."""
        cached = self._to_act
        if cached[0] == self._version:
            return cached[1]
        to_act = self.live.to_act
        self._to_act = (self._version, to_act)
        return to_act

    @property
    def is_over(self) -> bool:
        return self.live.is_over

    def result(self) -> Result:
        """The game's result (computed once per position: scoring is not free)."""
        cached = self._result
        if cached is None or cached[0] != self._version:
            result = self.live.result()
            cached = self._result = (self._version, result)
        return cached[1]

    # -- per-seat information (cached until the next decision) --------------------------

    def view(self, seat: int | None) -> View:
        """``seat``'s view of the current position (shared: do not modify it)."""
        cached = self._views.get(seat)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        view = self.live.view(seat)
        self._views[seat] = (self._version, view)
        return view

    def observation(self, seat: int) -> FloatArray:
        """``seat``'s observation vector (a fresh array each call)."""
        if self._fast:  # computing it again costs about what keeping and copying it would
            state = self.state
            return self._encode_state(self.live if state is None else state, seat)
        cached = self._obs.get(seat)
        if cached is None or cached[0] != self._version:
            cached = self._obs[seat] = (self._version, self.encoder.encode(self.view(seat)))
        return cached[1].copy()

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """What the wrappers hand an agent: ``{"observation": vector, "action_mask":
        mask}`` for ``seat`` (fresh arrays)."""
        state = self.state
        if self._fast and state is not None:
            return {"observation": self._encode_state(state, seat), "action_mask": self.mask(seat)}
        return {"observation": self.observation(seat), "action_mask": self.mask(seat)}

    def legal_map(self, seat: int) -> LegalMap:
        """``seat``'s legal action ids, each with the game action it plays."""
        cached = self._legal.get(seat)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        state = self.state
        if state is None:
            state = self.live  # raises
        if seat not in self.to_act:
            found: LegalMap = {}
        elif self._fast:
            found = self.encoder.legal_state(state, seat)
        else:
            legal = state.legal_actions(seat)
            found = self.encoder.legal(seat, self.view(seat), legal) if legal else {}
        self._legal[seat] = (self._version, found)
        return found

    def legal_ids(self, seat: int) -> list[int]:
        """``seat``'s legal action ids, sorted."""
        legal = self.legal_map(seat)
        return sorted(legal.ids if type(legal) is LazyLegal else legal)

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask: ``int8`` with a 1 at each legal id (a fresh array)."""
        legal = self.legal_map(seat)
        ids: Any = legal.ids if type(legal) is LazyLegal else legal
        # An encoder that hands out the same tuple objects for its few sets of legal ids
        # (Ramen! Ramen!) gets its masks back by the tuple's identity, which spares even
        # hashing it; the first tuples met fill the cache, and for games whose sets of ids
        # are new each time (most) it stays a lookup that misses.
        known = self._masks_by_tuple.get(id(ids))
        if known is not None and known[0] is ids:
            return known[1].copy()
        mask = np.zeros(self.num_actions, np.int8)
        if len(ids) < 32:  # item by item through the memoryview beats a fancy index here
            out: Any = mask.data
            for i in ids:
                out[i] = 1
        else:
            mask[list(ids)] = 1
        if type(ids) is tuple and len(self._masks_by_tuple) < 64:
            self._masks_by_tuple[id(ids)] = (ids, mask.copy())
        return mask

    # -- playing ------------------------------------------------------------------------

    def check_id(self, seat: int, action_id: Any) -> int:
        """``action_id`` as an int if it is legal for ``seat`` now, else a clear error.

        Raises :class:`~gametable.core.IllegalAction` (a ``GameError``) naming the id,
        what it means, and the legal ids; nothing is changed.
        """
        if type(action_id) is int and action_id in self.legal_map(seat):
            return action_id
        if isinstance(action_id, np.ndarray) and action_id.shape == ():
            action_id = action_id.item()
        if isinstance(action_id, np.integer):
            action_id = int(action_id)
        if type(action_id) is not int:
            raise IllegalAction(
                f"an action is an integer id from 0 to {self.num_actions - 1}, got {action_id!r}"
            )
        state = self.live
        if state.is_over:
            raise IllegalAction("the game is over")
        if seat not in state.to_act:
            raise IllegalAction(
                f"seat {seat} is not to act now (to act: {', '.join(str(s) for s in state.to_act)})"
            )
        legal = self.legal_map(seat)
        if action_id not in legal:
            if not 0 <= action_id < self.num_actions:
                raise IllegalAction(
                    f"action id {action_id} is out of range (ids 0–{self.num_actions - 1})"
                )
            shown = ", ".join(str(i) for i in sorted(legal)[:20])
            more = f" and {len(legal) - 20} more" if len(legal) > 20 else ""
            raise IllegalAction(
                f"action id {action_id} ({self.encoder.action_label(seat, action_id)}) is not "
                f"legal for seat {seat} now; legal ids: {shown}{more}"
            )
        return action_id

    def resolve(self, seat: int, action_id: int) -> Action:
        """The game action ``action_id`` plays now (a macro-action is decided here)."""
        action: Action = self.legal_map(seat)[action_id]
        if isinstance(action, Delegate):
            return action.resolve(self._rng.spawn(f"{self._steps}:{seat}:{action_id}"))
        return action

    def step(self, seat: int, action_id: Any) -> Action:
        """Play ``action_id`` for ``seat``; returns the game action played.

        An illegal id raises :class:`~gametable.core.IllegalAction` and changes nothing.
        """
        cached = self._legal.get(seat)
        legal = cached[1] if cached is not None and cached[0] == self._version else None
        if legal is None:
            legal = self.legal_map(seat)
        action: Action
        if (
            type(legal) is LazyLegal
            and type(action_id) is int
            and action_id in (legal.ids if legal.members is None else legal.members)
        ):
            action = legal.make(action_id)
        else:
            if type(action_id) is not int or action_id not in legal:
                action_id = self.check_id(seat, action_id)
            action = legal[action_id]
        if self._delegates and isinstance(action, Delegate):
            action = action.resolve(self._rng.spawn(f"{self._steps}:{seat}:{action_id}"))
        state = self.state
        assert state is not None  # (a legal map was found for it)
        state.apply(seat, action)
        self._steps += 1
        self._version += 1
        return action

    def apply(self, seat: int, action: Action) -> None:
        """Play a game action directly (a bot's decision); the game checks it."""
        self.live.apply(seat, action)
        self._steps += 1
        self._touch()

    def action_string(self, seat: int, action_id: int) -> str:
        """A name for ``action_id``: its notation when legal now, else its fixed meaning."""
        legal = self.legal_map(seat) if self.state is not None else {}
        action = legal.get(action_id)
        if action is None or isinstance(action, Delegate):
            return self.encoder.action_label(seat, action_id)
        return self.game.format_action(action)

    # -- rewards --------------------------------------------------------------------------

    def rewards(self) -> list[float]:
        """Each seat's final reward (zeros before the end)."""
        state = self.live
        if not state.is_over:
            return [0.0] * self.players
        result = self.result()
        if self.reward == "win":
            return [1.0 if rank == 1 else 0.0 for rank in result.ranks]
        return [_float(score) for score in result.scores]

    def info(self, seat: int) -> dict[str, Any]:
        """What the wrappers put in ``info``: the seat's view when ``info_view`` is on, and
        at the end the result (and the critics' verdict where the game gives one).

        The view is a fresh value each time (views share nothing with the state or with
        each other), so changing it changes nothing else.
        """
        out: dict[str, Any] = {}
        state = self.live
        if self.info_view:
            out["view"] = state.view(seat)
        if state.is_over:
            result = self.result()
            out["result"] = result.to_json()  # fresh: infos share no objects
            verdict = result.details.get("verdict") if isinstance(result.details, Mapping) else None
            if verdict is not None:
                out["verdict"] = copy.deepcopy(verdict)  # the result is kept: not shared
        return out


def _reduce_game(game: Game) -> tuple[Any, ...]:
    """Games are registry singletons: pickled by name."""
    return (get_game, (game.name,))


def _restore_driver(
    name: str,
    players: int,
    reward: str,
    info_view: bool,
    options: dict[str, Any],
    state: State | None,
    rng: Rng,
    seed: int | None,
    steps: int,
) -> GameDriver:
    driver = GameDriver(name, players, reward=reward, info_view=info_view, **options)
    driver.state = state
    driver._rng = rng
    driver.seed = seed
    driver._steps = steps
    driver._touch()
    return driver


def _float(score: int | Fraction) -> float:
    return float(score)
