"""Per-game encodings: a fixed integer action space and a flat observation vector.

Every environment wrapper (:mod:`.pettingzoo`, :mod:`.gymnasium`, :mod:`.openspiel`) is
game-agnostic: what it needs to know about one game is an :class:`Encoder`, found in a
registry keyed by the game's name (:func:`get_encoder`). An encoder

- numbers every decision of the game with a fixed integer id in ``range(num_actions)``
  and, for a seat, maps the game's legal decisions to their ids (:meth:`Encoder.legal`):
  the action mask is exactly that map's keys;
- turns a seat's view (:meth:`gametable.core.State.view`) into a float32 vector made of
  named slices (:class:`Layout`), documented in ``docs/envs.md``.

The observation and the legal ids are *defined* from views and the game's notation
(:meth:`gametable.core.Game.action_to_json`), so an observation cannot hold what its seat
may not know. An encoder may also offer a fast path that computes the same from the
game's state (:attr:`Encoder.reads_state`); it is tested equal to the view path at every
position, which carries the no-leak property over.

Why the encoders live here and not beside each game: the action numbering and the tensor
layout are choices of the environments (a researcher's interface), not rules; keeping them
in one package lets the wrappers evolve together and keeps the game packages free of
NumPy. They may move next to each game later (``docs/envs.md``).
"""

from __future__ import annotations

import importlib
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from gametable.core.compiled import compiled_module as core_compiled_module
from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng

FloatArray = np.ndarray


@dataclass(frozen=True)
class Slice:
    """One named part of an observation vector: ``vector[start:start + size]``."""

    name: str
    start: int
    size: int
    doc: str
    labels: tuple[str, ...]
    low: float = 0.0
    high: float = 1.0

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """The named slices of an observation vector, added in order."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0

    def add(
        self,
        name: str,
        size: int,
        doc: str,
        labels: Sequence[str] | None = None,
        low: float = 0.0,
        high: float = 1.0,
    ) -> int:
        """Append a slice and return its start index."""
        if any(s.name == name for s in self.slices):
            raise ValueError(f"slice {name!r} is defined twice")
        names = tuple(labels) if labels is not None else tuple(str(i) for i in range(size))
        if len(names) != size:
            raise ValueError(f"slice {name!r}: {len(names)} labels for {size} entries")
        start = self.size
        self.slices.append(Slice(name, start, size, doc, names, low, high))
        self.size += size
        return start

    def __getitem__(self, name: str) -> Slice:
        for s in self.slices:
            if s.name == name:
                return s
        raise KeyError(f"no slice {name!r} (slices: {', '.join(s.name for s in self.slices)})")

    def bounds(self) -> tuple[FloatArray, FloatArray]:
        """Per-entry lower and upper bounds (for a Gymnasium ``Box``)."""
        low = np.empty(self.size, np.float32)
        high = np.empty(self.size, np.float32)
        for s in self.slices:
            low[s.start : s.stop] = s.low
            high[s.start : s.stop] = s.high
        return low, high

    def describe(self, vector: FloatArray) -> str:
        """The non-zero entries by slice, e.g. ``hand: N4 C3 | deck_size: 0.71``.

        One line per observation: OpenSpiel's observation string is this text, so two
        observations have the same string exactly when they have the same vector.
        """
        parts = []
        for s in self.slices:
            chunk = vector[s.start : s.stop]
            nz = np.flatnonzero(chunk)
            if not len(nz):
                continue
            items = []
            for i in nz:
                v = float(chunk[i])
                items.append(s.labels[i] if v == 1.0 else f"{s.labels[i]}={v:.4g}")
            parts.append(f"{s.name}: {' '.join(items)}")
        return " | ".join(parts) if parts else "(empty)"

    def markdown(self) -> str:
        """The layout as a Markdown table (for ``docs/envs.md``)."""
        rows = ["| slice | range | size | meaning |", "|---|---|---|---|"]
        for s in self.slices:
            rows.append(f"| `{s.name}` | {s.start}–{s.stop - 1} | {s.size} | {s.doc} |")
        return "\n".join(rows)


class Delegate:
    """A decision chosen when the action id is played, not when the mask is built.

    Used by macro-actions such as Rummikub's "play what the solver bot plays": building
    the mask must stay cheap, so the action is resolved only if it is chosen.
    ``resolve(rng)`` returns the game's action (a legal one).
    """

    __slots__ = ("label", "resolve")

    def __init__(self, label: str, resolve: Callable[[Rng], Action]) -> None:
        self.label = label
        self.resolve = resolve

    def __repr__(self) -> str:
        return f"Delegate({self.label!r})"


LegalMap = Mapping[int, Any]
"""Action id -> the game's action (or a :class:`Delegate`), for the legal ids only."""


class LazyLegal(Mapping[int, Any]):
    """A legal map whose actions are built only when asked for.

    ``ids`` are the legal ids; ``make(id)`` returns the game action of a legal id. An
    encoder uses it when the ids follow from the view alone (cheap) while finding each
    id's action would cost a lookup per legal action; the encoder checks that the ids
    are as many as the game's legal actions, and the game checks the action it is given.
    """

    __slots__ = ("ids", "make", "members")

    def __init__(
        self,
        ids: Sequence[int],
        make: Callable[[int], Action],
        members: frozenset[int] | None = None,
    ) -> None:
        self.ids = ids if type(ids) is tuple else tuple(ids)
        """The legal ids, in the encoder's order."""
        self.make = make
        """The game action of a legal id (unchecked: use ``map[id]`` to check the id)."""
        self.members = members
        """The same ids as a set, when the encoder has one ready (its fixed sets of ids):
        a membership test without scanning :attr:`ids`."""

    def __getitem__(self, action_id: int) -> Action:
        if action_id not in self:
            raise KeyError(action_id)
        return self.make(action_id)

    def __contains__(self, action_id: object) -> bool:
        members = self.members
        return action_id in (self.ids if members is None else members)

    def __iter__(self) -> Iterator[int]:
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)


class Encoder(ABC):
    """A game's action numbering and observation layout (see the module docstring).

    Subclasses set :attr:`game_name`, build :attr:`layout` and :attr:`num_actions` in
    ``__init__`` and implement :meth:`encode`, :meth:`legal` and :meth:`action_label`.
    """

    game_name: ClassVar[str]

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        self.layout = Layout()
        self.num_actions = 0

    @property
    def size(self) -> int:
        """Length of the observation vector."""
        return self.layout.size

    @abstractmethod
    def encode(self, view: View) -> FloatArray:
        """The seat's observation vector (float32, :attr:`size` long) from its view."""

    @abstractmethod
    def legal(self, seat: int, view: View, legal: Sequence[Action]) -> LegalMap:
        """Every legal action id of ``seat`` now, with the game action it plays.

        ``legal`` is :meth:`gametable.core.State.legal_actions` for the seat and ``view``
        its view. Several game actions never share an id, and every id maps to one
        action (or one :class:`Delegate`).
        """

    @abstractmethod
    def action_label(self, seat: int, action_id: int) -> str:
        """What ``action_id`` means for ``seat``, whatever the position (docs, strings)."""

    # -- the optional fast path ---------------------------------------------------------

    reads_state: ClassVar[bool] = False
    """Whether :meth:`encode_state` and :meth:`legal_state` are implemented.

    The view path above is the definition; the fast path computes the same thing straight
    from the game's state, skipping the view (which is built for people and the server and
    costs more than a whole engine decision). It must agree with the view path exactly:
    ``encode_state(state, seat)`` equal to ``encode(state.view(seat))`` and
    ``legal_state(state, seat)`` with the same ids, each playing the same action, as
    ``legal(seat, state.view(seat), state.legal_actions(seat))`` — the tests check both
    on every position of many random games of every player count, which carries the
    no-leak property of the views over to the fast path.
    """

    def encode_state(self, state: Any, seat: int) -> FloatArray:
        """:meth:`encode` of ``state.view(seat)``, computed from the state."""
        raise NotImplementedError(f"{type(self).__name__} has no fast path")

    def legal_state(self, state: Any, seat: int) -> LegalMap:
        """:meth:`legal` for ``seat`` (to act now), computed from the state."""
        raise NotImplementedError(f"{type(self).__name__} has no fast path")

    delegates: ClassVar[bool] = False
    """Whether any legal map holds a :class:`Delegate` (Rummikub's macro-actions)."""

    compiled: bool = False
    """Whether :meth:`encode_state` is the compiled one (:func:`compiled_module`)."""

    def _use_compiled(self, module: str, owner: type[Encoder]) -> Any | None:
        """Take the compiled fast path of ``gametable.envs.encoders.{module}_fast`` when it
        is built (:func:`compiled_module`): its ``Observer(encoder, zero_vector)`` gives
        ``encode`` (and ``legal`` where it has one), used in place of ``owner``'s
        :meth:`encode_state` (and :meth:`legal_state`) unless a subclass overrides them.
        Returns the module, or ``None``."""
        fast = compiled_module(module)
        if fast is not None and type(self).encode_state is owner.encode_state:
            observer = fast.Observer(self, np.zeros(self.layout.size, np.float32))
            self.encode_state = observer.encode  # type: ignore[method-assign]
            if hasattr(observer, "legal") and type(self).legal_state is owner.legal_state:
                self.legal_state = observer.legal  # type: ignore[method-assign]
            self.compiled = True
        return fast

    def secret(self, action_id: int) -> bool:
        """Whether other seats must not learn the id when it is played (a secret choice)."""
        return False

    def score_bounds(self) -> tuple[float, float]:
        """Lowest and highest final score a seat can have (for OpenSpiel's utilities)."""
        return (-1000.0, 1000.0)

    def max_decisions(self) -> int:
        """An upper bound on the decisions of one game (OpenSpiel's ``max_game_length``)."""
        return 10_000

    def zero_sum(self) -> bool:
        """Whether final scores always sum to zero (Rummikub)."""
        return False


def compiled_module(name: str) -> Any | None:
    """The compiled observation code of an encoder module, or ``None``.

    ``name`` is the encoder's module name (``"ramen_ramen"``); the compiled module is
    ``gametable.envs.encoders.{name}_fast``, built from its ``.pyx`` by Cython when the
    package is installed. ``None`` when it was not built (no C compiler) or when
    :data:`~gametable.core.compiled.PURE_PYTHON_VARIABLE` is set; the encoder then uses
    its Python fast path, which computes the same vector.
    """
    return core_compiled_module(f"gametable.envs.encoders.{name}_fast")


def relative(seat: int, other: int, players: int) -> int:
    """``other`` counted from ``seat``: 0 is the seat itself, 1 the next seat, and so on."""
    return (other - seat) % players


def scaled(value: float, top: float) -> float:
    """``value / top`` clipped to [0, 1]."""
    x = value / top
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def signed(value: float, top: float) -> float:
    """``value / top`` clipped to [-1, 1]."""
    x = value / top
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


# -- the registry -------------------------------------------------------------------------

_ENCODERS: dict[str, type[Encoder]] = {}


def register_encoder(cls: type[Encoder]) -> type[Encoder]:
    """Class decorator: make ``cls`` the encoder of the game named ``cls.game_name``."""
    _ENCODERS[cls.game_name] = cls
    return cls


_BUILTIN_ENCODERS = "gametable.envs.encoders"
"""The package whose import registers the built-in games' encoders (one module per game,
listed in its ``__init__``). Loaded by name: the encoders import this module, never the
other way round."""


def _load_builtin_encoders() -> None:
    importlib.import_module(_BUILTIN_ENCODERS)


def encoder_names() -> list[str]:
    """Names of the games that have an encoder."""
    _load_builtin_encoders()
    return sorted(_ENCODERS)


def get_encoder(game: Game, players: int, options: Mapping[str, Any] | None = None) -> Encoder:
    """The encoder of ``game`` for ``players`` seats and resolved ``options``.

    Raises :class:`KeyError` naming the games that have one.
    """
    _load_builtin_encoders()
    try:
        cls = _ENCODERS[game.name]
    except KeyError:
        raise KeyError(
            f"no environment encoding for {game.name!r} (encoded games: "
            f"{', '.join(sorted(_ENCODERS))})"
        ) from None
    return cls(game, players, options or {})


def multiset_index(
    max_items: int, bins: int
) -> tuple[dict[tuple[int, ...], int], list[tuple[int, ...]]]:
    """Every sorted tuple of at most ``max_items`` values below ``bins``, numbered.

    The count is ``C(bins + max_items, max_items)``; used for Shōyu placements.
    """
    out: list[tuple[int, ...]] = []

    def rec(start: int, left: int, acc: tuple[int, ...]) -> None:
        out.append(acc)
        if left == 0:
            return
        for b in range(start, bins):
            rec(b, left - 1, (*acc, b))

    rec(0, max_items, ())
    out.sort(key=lambda t: (len(t), t))
    assert len(out) == math.comb(bins + max_items, max_items)
    return {t: i for i, t in enumerate(out)}, out
