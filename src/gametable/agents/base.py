"""The generic agents that work on every game, and bot settings.

The agent protocol (:class:`Agent`, :data:`AgentFactory`) is the core's
(:mod:`gametable.core.agent`); it is re-exported here and from :mod:`gametable.agents`.

A bot's *settings* are the keyword parameters of its factory after ``game`` and ``seat``
(``GreedyAgent(game, seat, avg_card=2.6, …)``), with their type annotations and
defaults. :func:`agent_settings` reads them from the signature, so every front end
checks a bot's settings the same way, before any game starts, and says what the bot
takes when a setting is unknown or of the wrong type.
"""

from __future__ import annotations

import importlib
import inspect
import math
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# The agent protocol is the core's (the game interface names it); re-exported here, where
# it used to live.
from gametable.core.agent import Agent as Agent
from gametable.core.agent import AgentFactory as AgentFactory
from gametable.core.agent import reads_view as reads_view
from gametable.core.errors import OptionError, quote
from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng


class RandomAgent:
    """Chooses uniformly among the legal actions (without looking at the view)."""

    name = "random"
    reads_view = False

    def __init__(self, game: Game | None = None, seat: int = 0) -> None:
        pass

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(legal)


class LazyAgent:
    """A factory that imports its agent class on first use (keeps start-up light).

    Its settings are those of the class it names.
    """

    def __init__(self, module: str, attribute: str) -> None:
        self.module = module
        self.attribute = attribute

    def load(self) -> AgentFactory:
        """The factory this one stands for."""
        factory: AgentFactory = getattr(importlib.import_module(self.module), self.attribute)
        return factory

    def __call__(self, game: Game, seat: int = 0, **settings: Any) -> Agent:
        return self.load()(game, seat, **settings)


GENERIC_AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "ismcts": LazyAgent("gametable.agents.ismcts", "ISMCTSAgent"),
}
"""Agents available in every game, by name."""


def agent_names(game: Game) -> list[str]:
    """Every agent name usable in ``game``: its own bots, then the generic ones."""
    return list(dict.fromkeys([*game.bots, *GENERIC_AGENTS]))


def _factory(game: Game, name: str) -> AgentFactory:
    factories: Mapping[str, AgentFactory] = {**GENERIC_AGENTS, **game.bots}
    try:
        return factories[name]
    except KeyError:
        raise KeyError(
            f"no agent {name!r} for {game.name} (available: {', '.join(agent_names(game))})"
        ) from None


# -- settings ---------------------------------------------------------------------------------


class AgentSettingError(OptionError, TypeError):
    """A bot setting the bot does not take, or a value it refuses.

    An :class:`~gametable.core.errors.OptionError` (front ends print it as one line) and a
    :class:`TypeError` (what Python raises for an unexpected keyword argument).
    """


_KINDS: dict[type, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "text",
}
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_NONE = ("none", "null")


@dataclass(frozen=True)
class AgentSetting:
    """One setting of a bot: its name, the types it accepts and its default.

    >>> s = AgentSetting("avg_card", (float,), 2.6)
    >>> s.describe(), s.coerce("3"), s.coerce(3)
    ('avg_card (a number, default 2.6)', 3.0, 3.0)
    """

    name: str
    types: tuple[type, ...]
    """``bool``, ``int``, ``float``, ``str``, and ``type(None)`` where ``None`` is allowed;
    empty when the annotation is none of these (then any value is passed on as it is)."""
    default: Any = inspect.Parameter.empty

    @property
    def kind(self) -> str:
        """What the setting takes, in words (``"a whole number or none"``)."""
        kinds = [_KINDS[t] for t in self.types if t in _KINDS]
        if type(None) in self.types:
            kinds.append("none")
        return " or ".join(kinds) or "any value"

    def describe(self) -> str:
        """``name (kind, default …)``, as error messages and listings show it."""
        if self.default is inspect.Parameter.empty:
            return f"{self.name} ({self.kind}, required)"
        default = self.default
        if default is None or isinstance(default, bool):
            shown = {None: "none", True: "true", False: "false"}[default]
        else:
            shown = str(default)
        return f"{self.name} ({self.kind}, default {shown})"

    def coerce(self, value: Any) -> Any:
        """``value`` as the setting's type (text such as ``"200"`` is read), or
        :class:`~gametable.core.errors.OptionError` saying what the setting takes."""
        if not self.types:
            return value
        given = value
        if isinstance(value, str) and str not in self.types:
            value = self._from_text(value)
        if value is None and type(None) in self.types:
            return None
        if isinstance(value, bool):
            if bool in self.types:
                return value
        elif isinstance(value, int):
            if int in self.types:
                return value
            if float in self.types:
                return self._finite(value, given)
        elif isinstance(value, float):
            if float in self.types:
                return self._finite(value, given)
        elif isinstance(value, str) and str in self.types:
            return value
        raise OptionError(f"setting {self.name} takes {self.kind}, got {quote(value)}")

    def _finite(self, value: int | float, given: Any) -> float:
        """``value`` as a float, or :class:`~gametable.core.errors.OptionError` quoting what
        was ``given`` for NaN, an infinity (text such as ``"1e400"`` reads as one) or an
        integer too large for a float."""
        try:
            if math.isfinite(value):
                return float(value)
        except OverflowError:
            pass
        raise OptionError(f"setting {self.name} takes a finite number, got {quote(given)}")

    def _from_text(self, text: str) -> Any:
        low = text.strip().lower()
        if low in _NONE and type(None) in self.types:
            return None
        if bool in self.types and low in _TRUE + _FALSE:
            return low in _TRUE
        for kind in (int, float):
            if kind in self.types:
                try:
                    return kind(low)
                except ValueError:
                    pass
        return text


def agent_settings(game: Game, name: str) -> tuple[AgentSetting, ...] | None:
    """The settings of the agent ``name`` in ``game``, read from its factory's signature.

    ``None`` when the factory takes arbitrary keyword arguments (its settings cannot be
    listed, and are then passed on unchecked). Raises :class:`KeyError` for an unknown
    agent.
    """
    factory = _factory(game, name)
    target: Any = factory.load() if isinstance(factory, LazyAgent) else factory
    function = target.__init__ if inspect.isclass(target) else target
    signature = inspect.signature(target)
    try:
        hints = typing.get_type_hints(function)
    except (NameError, TypeError):  # an annotation that cannot be resolved: no types
        hints = {}
    settings = []
    for parameter in list(signature.parameters.values()):
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            return None
        if parameter.name in ("game", "seat") or parameter.kind in (
            inspect.Parameter.VAR_POSITIONAL,
            inspect.Parameter.POSITIONAL_ONLY,
        ):
            continue
        settings.append(
            AgentSetting(parameter.name, _types_of(hints.get(parameter.name)), parameter.default)
        )
    return tuple(settings)


def _types_of(annotation: Any) -> tuple[type, ...]:
    if annotation is None:
        return ()
    members = typing.get_args(annotation) if _is_union(annotation) else (annotation,)
    known = tuple(m for m in members if m in _KINDS or m is type(None))
    return known if len(known) == len(members) else ()


def _is_union(annotation: Any) -> bool:
    return isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union


def describe_settings(game: Game, name: str) -> str:
    """What the agent ``name`` takes, in words: ``"the greedy bot takes: avg_card (a
    number, default 2.6), …"`` or ``"the random bot takes no settings"``."""
    settings = agent_settings(game, name)
    if settings is None:
        return f"the {name} bot takes settings it does not list"
    if not settings:
        return f"the {name} bot takes no settings"
    return f"the {name} bot takes: " + ", ".join(s.describe() for s in settings)


def check_agent_settings(game: Game, name: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """``settings`` checked against the agent's signature and converted to its types.

    Raises :class:`AgentSettingError` naming the unknown setting or the value of the
    wrong type, and listing every setting the bot takes with its type and
    default; :class:`KeyError` for an unknown agent.
    """
    known = agent_settings(game, name)
    if known is None:
        return dict(settings)
    by_name = {s.name: s for s in known}
    checked: dict[str, Any] = {}
    for key, value in settings.items():
        setting = by_name.get(key)
        if setting is None:
            raise AgentSettingError(
                f"the {name} bot has no setting {quote(key)}; {describe_settings(game, name)}"
            )
        try:
            checked[key] = setting.coerce(value)
        except OptionError as exc:
            raise AgentSettingError(
                f"the {name} bot's {exc}; {describe_settings(game, name)}"
            ) from None
    return checked


def make_agent(game: Game, name: str, seat: int, **settings: Any) -> Agent:
    """The agent called ``name`` for ``seat``; the game's own bots take precedence.

    Settings are checked first (:func:`check_agent_settings`); a value the bot itself
    refuses (``iterations=0``) is an :class:`AgentSettingError` too.
    Raises :class:`KeyError` naming the available agents for an unknown name.
    """
    factory = _factory(game, name)
    checked = check_agent_settings(game, name, settings)
    try:
        return factory(game, seat, **checked)
    except ValueError as exc:
        raise AgentSettingError(f"the {name} bot: {exc}") from None


def parse_agent_spec(text: str) -> tuple[str, dict[str, Any]]:
    """A bot written ``name[:key=value]*`` as its name and settings.

    Values become ``int``, ``float`` or ``bool`` where they look so (the bot's own types
    are applied by :func:`check_agent_settings`).

    >>> parse_agent_spec("ismcts:iterations=200:exploration=0.5")
    ('ismcts', {'iterations': 200, 'exploration': 0.5})
    """
    parts = [p.strip() for p in text.strip().split(":")]
    name = parts[0].lower()
    if not name:
        raise OptionError(f"empty bot name in {quote(text)}")
    settings: dict[str, Any] = {}
    for part in parts[1:]:
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"bot setting {quote(part)} in {quote(text)} must be key=value")
        settings[key.strip().replace("-", "_")] = _parse_value(value.strip())
    return name, settings


def _parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
