"""The games as OpenSpiel Python games, registered with ``pyspiel.register_game``.

>>> import pyspiel
>>> import gametable.envs.openspiel  # registers python_gametable_<game> for every game
>>> game = pyspiel.load_game("python_gametable_ramen_fury", {"players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 185)

Short names: ``python_gametable_ramen_ramen``, ``python_gametable_ramen_fury``,
``python_gametable_ramen_tips``, ``python_gametable_rummikub``. Parameters: ``players``
(default 2), ``deals`` (default 2**24), ``reward`` (``"score"`` or ``"win"``) and every
game option whose default is not "unset" (``gametable games`` lists them; an option
without a default, such as ``first_player``, keeps its gametable default: drawn from
the seed).

Chance: gametable draws all chance at setup from a seed (``state.setup``), so the
OpenSpiel game begins with chance nodes that choose the deal's seed uniformly among
``0 … deals - 1``, one base-256 digit per node (most significant first; 3 nodes for the
default 2**24 deals, 1 node for 256 deals or fewer). Deal ``k`` is exactly
``Game.new_state(players, seed=k)``. After them, every node is a decision of the seat
the game waits for (a simultaneous secret choice is asked seat by seat, hidden from the
others until the reveal). Why not a chance node per card drawn: the engine's deck order
is fixed at setup and cannot be changed from outside the game; a seed is the one
complete, replayable description of its chance, and a small ``deals`` makes a small
variant on which tabular algorithms (CFR, exploitability) become meaningful.

Observations (the default observer) are the encoder's float vector of the seat's view,
exposed as one named tensor per slice, and its text
(:meth:`gametable.envs.encoding.Layout.describe`). The information state (the perfect-
recall observer) is the same tensor, and as text the observation plus every decision
played so far as that seat saw it (``seat:id``; another seat's secret choice as
``seat:?``) — so two histories a seat can tell apart by the decisions it saw have
different strings. ``resample_from_infostate`` (used by OpenSpiel's ISMCTS) samples
the hidden cards with the game's own ``Game.determinize`` from the seat's view.
Returns are the final scores (``reward="score"``; Rummikub is then zero-sum) or 1 for
a first place (``reward="win"``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from gametable.core import all_games
from gametable.core.game import Game
from gametable.core.rng import Rng
from gametable.envs.driver import REWARDS, GameDriver, reward_bounds
from gametable.envs.encoding import encoder_names, get_encoder

__all__ = ["DEFAULT_DEALS", "GametableSpielGame", "GametableSpielState", "register", "short_name"]

DEFAULT_DEALS = 1 << 24
RADIX = 256


def short_name(game_name: str) -> str:
    """The OpenSpiel short name of a gametable game, e.g. ``python_gametable_ramen_fury``."""
    return "python_gametable_" + game_name.replace("-", "_")


def _default_players(game: Game) -> int:
    return min(max(2, game.min_players), game.max_players)


def _option_params(game: Game) -> dict[str, Any]:
    return {
        spec.name: spec.default
        for spec in game.option_specs
        if spec.default is not None and isinstance(spec.default, bool | int | float | str)
    }


def _game_type(game: Game, utility: Any) -> pyspiel.GameType:
    params: dict[str, Any] = {
        "players": _default_players(game),
        "deals": DEFAULT_DEALS,
        "reward": "score",
        **_option_params(game),
    }
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"gametable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


_UNIFORM = tuple((d, 1 / RADIX) for d in range(RADIX))
"""The outcomes of a digit whose every value starts as many deals."""
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def _digits(deals: int) -> int:
    """Chance nodes needed to choose one of ``deals`` seeds, one base-256 digit each."""
    k = 1
    while RADIX**k < deals:
        k += 1
    return k


class GametableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One gametable game as an OpenSpiel game (see the module docstring)."""

    def __init__(self, game: Game, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.pop("players", _default_players(game)))
        deals = int(params.pop("deals", DEFAULT_DEALS))
        reward = str(params.pop("reward", "score"))
        if deals < 1:
            raise ValueError(f"deals must be at least 1, got {deals}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        known = {spec.name for spec in game.option_specs}
        unknown = sorted(set(params) - known)
        if unknown:
            raise ValueError(f"unknown parameter(s) {', '.join(unknown)} for {game.name}")
        self.gametable = game
        self.players = players
        self.deals = deals
        self.chance_nodes = _digits(deals)
        self.reward = reward
        self.options = params
        self.resamples = 0
        self.prototype = GameDriver(game, players, reward=reward, **params)
        encoder = self.prototype.encoder
        self.encoder = encoder
        self.secret = tuple(encoder.secret(i) for i in range(encoder.num_actions))
        """Per action id: whether the other seats must not learn it when it is played."""
        zero_sum = encoder.zero_sum() and reward == "score"
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        )
        low, high = reward_bounds(encoder, reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=encoder.num_actions,
            max_chance_outcomes=min(RADIX, deals),
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=encoder.max_decisions() + self.chance_nodes,
        )
        full = {"players": players, "deals": deals, "reward": reward, **params}
        super().__init__(_game_type(game, utility), info, full)

    def new_initial_state(self) -> GametableSpielState:
        return GametableSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> GametableObserver:
        return GametableObserver(self, iig_obs_type, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> GametableSpielGame:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name and parameters (OpenSpiel pickles a state's attributes)."""
        return (_load_game, (short_name(self.gametable.name), self.get_parameters()))


def _load_game(name: str, params: dict[str, Any]) -> GametableSpielGame:
    game: GametableSpielGame = pyspiel.load_game(name, params)
    return game


class GametableSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deal's chance digits, then the gametable game."""

    def __init__(self, game: GametableSpielGame) -> None:
        super().__init__(game)
        self._spiel = game
        self._digits: list[int] = []
        self._driver = game.prototype.clone()
        self._player = _CHANCE
        """The player to act (OpenSpiel asks several times per decision: kept, not
        recomputed); updated by every action."""
        self._moves: list[tuple[int, int, bool]] = []
        """The decisions played: (seat, id, secret), the id -1 where it is not known
        (another seat's secret choice, in a state resampled for one player)."""

    # -- chance -------------------------------------------------------------------------

    def _dealt(self) -> bool:
        return len(self._digits) == self._spiel.chance_nodes

    def _update_player(self) -> None:
        if self._dealt():
            to_act = self._driver.to_act  # empty exactly when the game is over
            self._player = to_act[0] if to_act else _TERMINAL
        else:
            self._player = _CHANCE

    def _prefix(self) -> int:
        value = 0
        for d in self._digits:
            value = value * RADIX + d
        return value

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """This digit's outcomes, each weighted by how many deals begin with it."""
        deals = self._spiel.deals
        below = RADIX ** (self._spiel.chance_nodes - len(self._digits) - 1)
        prefix = self._prefix() * RADIX
        if (prefix + RADIX) * below <= deals:  # every digit starts as many deals
            return list(_UNIFORM)
        counts = []
        for d in range(RADIX):
            lo = (prefix + d) * below
            if lo >= deals:
                break
            counts.append((d, min(deals, lo + below) - lo))
        total = sum(n for _, n in counts)
        return [(d, n / total) for d, n in counts]

    # -- the protocol ---------------------------------------------------------------------

    def current_player(self) -> int:
        return self._player

    # Called from Python, these two answer without going through OpenSpiel's C++ and back
    # (each crossing costs about a microsecond: a third of a bare engine decision); from
    # C++ the same answers come through current_player and _legal_actions. A test holds
    # both ways equal at every position.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (by default the player to act): sorted action
        ids, none for another seat or at the end, and at a chance node the chance
        outcomes (for any player; OpenSpiel's own answers, error included)."""
        current = self._player
        if current == _CHANCE:  # the deal is being drawn (whoever asks, as OpenSpiel)
            return [outcome for outcome, _ in self.chance_outcomes()]
        if current == _TERMINAL:
            return []
        if player is None:
            return self._driver.legal_ids(current)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return self._driver.legal_ids(player) if player == current else []

    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        if player < 0 or self._player == _CHANCE:  # chance (the deal is being drawn)
            return []
        return self._driver.legal_ids(player)  # (none for a seat not to act)

    def _apply_action(self, action: int) -> None:
        seat = self._player
        if seat == _CHANCE:
            self._digits.append(int(action))
            if self._dealt():
                self._driver.reset(self._prefix())
            self._update_player()
            return
        action = int(action)
        driver = self._driver
        driver.step(seat, action)
        to_act = driver.to_act
        self._player = to_act[0] if to_act else _TERMINAL
        self._moves.append((seat, action, self._spiel.secret[action]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal digit {action}"
        if self._dealt() and not self._driver.is_over and player in self._driver.to_act:
            return self._driver.action_string(player, int(action))
        return self._spiel.encoder.action_label(player, int(action))

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._spiel.players
        return self._driver.rewards()

    def __str__(self) -> str:
        deal = self._prefix() if self._dealt() else None
        moves = " ".join(f"{s}:{a}" if a >= 0 else f"{s}:?" for s, a, _ in self._moves)
        return f"deal={deal} digits={self._digits} moves={moves}"

    # -- for ISMCTS -----------------------------------------------------------------------

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> GametableSpielState:
        """A state ``player`` cannot tell from this one: the hidden cards sampled again
        (``Game.determinize`` of the player's view), the same information state."""
        clone = GametableSpielState(self._spiel)
        clone._digits = list(self._digits)
        if not self._dealt():
            clone._player = self._player
            return clone
        clone._moves = [
            (s, a if s == player or not secret else -1, secret) for s, a, secret in self._moves
        ]
        # OpenSpiel's ISMCTS hands every call a new sampler with the same default seed:
        # a per-game counter makes successive samples differ (and stay reproducible)
        game = self._spiel
        game.resamples += 1
        seed = int(probability_sampler() * (1 << 53))
        view = self._driver.view(player)
        rng = Rng(f"resample:{seed}:{game.resamples}")
        sample = self._spiel.gametable.determinize(view, rng)
        clone._driver.load(sample, rng.spawn("macro"))
        clone._update_player()
        return clone

    # -- information ------------------------------------------------------------------------

    def observation_vector(self, player: int) -> np.ndarray:
        """``player``'s observation vector (zeros while the deal is drawn)."""
        if not self._dealt():
            return np.zeros(self._spiel.encoder.size, np.float32)
        return self._driver.observation(player)

    def seen(self, player: int) -> list[str]:
        """The decisions played so far as ``player`` saw them (``seat:id`` or ``seat:?``)."""
        return [
            f"{s}:{a}" if a >= 0 and (s == player or not secret) else f"{s}:?"
            for s, a, secret in self._moves
        ]


class GametableObserver:
    """OpenSpiel's PyObserver for a gametable game: ``tensor``, ``dict``, ``set_from``,
    ``string_from`` (see the module docstring)."""

    def __init__(self, game: GametableSpielGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "gametable observations are one seat's view: public information plus "
                "that seat's private information (PrivateInfoType.SINGLE_PLAYER)"
            )
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        layout = game.encoder.layout
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {s.name: self.tensor[s.start : s.stop] for s in layout.slices}

    def set_from(self, state: GametableSpielState, player: int) -> None:
        self.tensor[:] = state.observation_vector(player)

    def string_from(self, state: GametableSpielState, player: int) -> str:
        text = f"p{player} " + (
            self.layout.describe(state.observation_vector(player))
            if state._dealt()
            else "(the deal is being drawn)"
        )
        if self.perfect_recall:
            text += " || " + " ".join(state.seen(player))
        return text


class _Registered(GametableSpielGame):
    """Base of the per-game classes handed to ``pyspiel.register_game``."""

    GAMETABLE: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.GAMETABLE, params)


_CLASSES: list[type] = []


def register() -> list[str]:
    """Register every game that has an encoder (idempotent); returns the short names."""
    names = []
    registered = set(pyspiel.registered_names())
    encoded = set(encoder_names())
    for game in all_games():
        if game.name not in encoded:
            continue
        name = short_name(game.name)
        names.append(name)
        if name in registered:
            continue
        # the registered type; an instance's own type may differ (reward="win")
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM
            if get_encoder(game, _default_players(game)).zero_sum()
            else pyspiel.GameType.Utility.GENERAL_SUM
        )
        # A class, as OpenSpiel's own Python games register: the registry keeps it until
        # the process exits (a plain function there is freed after the interpreter
        # has shut down, which aborts the process).
        cls = type(
            f"GametableSpielGame_{game.name.replace('-', '_')}",
            (_Registered,),
            {"__module__": __name__, "GAMETABLE": game},
        )
        _CLASSES.append(cls)
        globals()[cls.__name__] = cls  # importable by name, so states can be pickled
        pyspiel.register_game(_game_type(game, utility), cls)
    return names


GAMES = register()
"""The short names registered on import."""
