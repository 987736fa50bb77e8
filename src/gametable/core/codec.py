"""Decisions as data: one codec, for every game, between decision values and JSON.

A game's decisions are small frozen dataclasses (:class:`~gametable.core.game.Action`).
Their JSON form is made from their fields, named as the rulebook names them, with a
``"type"`` naming the kind of decision::

    {"type": "play", "cards": [{"card": "N4", "bowl": 0}, {"card": "C3", "bowl": 2}]}
    {"type": "take", "card": "K5"}
    {"type": "draw"}

A game declares its decisions once, as a :class:`DecisionCodec` of :class:`Decision`
entries whose fields are described by :class:`Schema` objects (:class:`Integer`,
:class:`Name` for a value from a finite table such as a card, :class:`ListOf`,
:class:`Record` for a tuple of named parts, :class:`Nullable` …). From that one
declaration come the three things every front end needs:

- :meth:`DecisionCodec.to_json`, the decision as data;
- :meth:`DecisionCodec.from_json`, the decision read back, or a :class:`DecisionError`
  that names the field at fault (``cards[1].bowl: must be a whole number from 0 to 2, not
  7``);
- :meth:`DecisionCodec.json_schema`, a JSON Schema (draft 2020-12) of every decision,
  which the server publishes with the game's description and checks incoming decisions
  against.

Whether a well-formed decision is *legal* is the rules' business
(:meth:`~gametable.core.game.State.apply`), not the codec's. Notation (what a person types)
is separate too: :meth:`~gametable.core.game.Game.parse_action` reads it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Take:
...     card: int
>>> CARD = Name("card", {0: "A0", 1: "A1"}, "a card")
>>> codec = DecisionCodec("demo", [Decision(Take, "take", {"card": ("card", CARD)})])
>>> codec.to_json(Take(1))
{'type': 'take', 'card': 'A1'}
>>> codec.from_json({"type": "take", "card": "A0"})
Take(card=0)
>>> codec.from_json({"type": "take", "card": "Z9"})
Traceback (most recent call last):
...
gametable.core.codec.DecisionError: card: must be a card (A0 or A1), not 'Z9'
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from gametable.core.errors import describe_value

JSON = Any

__all__ = [
    "Boolean",
    "Decision",
    "DecisionCodec",
    "DecisionError",
    "Integer",
    "ListOf",
    "Name",
    "Nullable",
    "Record",
    "Schema",
    "Struct",
]


class DecisionError(ValueError):
    """Data that is not a decision of the game. ``field`` is where the problem is, as a
    path (``"cards[1].bowl"``; ``""``: the data as a whole), ``problem`` what it is."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}" if field else problem)


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _shown(data: Any) -> str:
    return describe_value(data)


class Schema(ABC):
    """How one field of a decision is written as JSON, read back and described."""

    @abstractmethod
    def encode(self, value: Any) -> JSON:
        """The value as JSON-able data."""

    @abstractmethod
    def decode(self, data: JSON, path: str) -> Any:
        """The value read back from ``data`` (at ``path``), or :class:`DecisionError`."""

    @abstractmethod
    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the encoded value."""


class Integer(Schema):
    """A whole number from ``minimum`` to ``maximum`` (a seat, a bowl's index …)."""

    def __init__(self, minimum: int, maximum: int, description: str = "") -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.description = description

    def encode(self, value: Any) -> JSON:
        return int(value)

    def decode(self, data: JSON, path: str) -> Any:
        if type(data) is not int or not self.minimum <= data <= self.maximum:
            raise DecisionError(
                path,
                f"must be a whole number from {self.minimum} to {self.maximum}, not {_shown(data)}",
            )
        return data

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer", "minimum": self.minimum}
        out["maximum"] = self.maximum
        if self.description:
            out["description"] = self.description
        return out


class Boolean(Schema):
    """``true`` or ``false``."""

    def __init__(self, description: str = "") -> None:
        self.description = description

    def encode(self, value: Any) -> JSON:
        return bool(value)

    def decode(self, data: JSON, path: str) -> Any:
        if type(data) is not bool:
            raise DecisionError(path, f"must be true or false, not {_shown(data)}")
        return data

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "boolean"}
        if self.description:
            out["description"] = self.description
        return out


class Name(Schema):
    """A value from a finite table, written as its name: a card (``"N4"``), a tile
    (``"R12"``), an ingredient. ``names`` maps each value to its name (names unique).

    The names are identifiers, the same the game's views use for the same things, so a
    front end matches a decision to what it shows without parsing anything.
    """

    def __init__(self, kind: str, names: Mapping[Hashable, str], description: str = "") -> None:
        self.kind = kind
        self.names = dict(names)
        self.values = {name: value for value, name in self.names.items()}
        if len(self.values) != len(self.names):
            raise ValueError(f"the names of {kind} are not unique")
        self.description = description or f"a {kind}"

    def encode(self, value: Any) -> JSON:
        try:
            return self.names[value]
        except (KeyError, TypeError):
            raise ValueError(f"{_shown(value)} is not a {self.kind}") from None

    def decode(self, data: JSON, path: str) -> Any:
        if isinstance(data, str) and data in self.values:
            return self.values[data]
        names = list(self.values)
        if len(names) <= 6:
            choices = f" ({', '.join(names[:-1])} or {names[-1]})" if len(names) > 1 else ""
        else:
            choices = f" (such as {names[0]} or {names[1]})"
        raise DecisionError(path, f"must be {self.description}{choices}, not {_shown(data)}")

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.values), "description": self.description}


class Nullable(Schema):
    """``inner``, or ``null`` (for example a card not known to the seat)."""

    def __init__(self, inner: Schema) -> None:
        self.inner = inner

    def encode(self, value: Any) -> JSON:
        return None if value is None else self.inner.encode(value)

    def decode(self, data: JSON, path: str) -> Any:
        return None if data is None else self.inner.decode(data, path)

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.inner.json_schema(), {"type": "null"}]}


class ListOf(Schema):
    """A list of ``item`` (a tuple in the decision), of ``min_items`` to ``max_items``."""

    def __init__(
        self, item: Schema, min_items: int = 0, max_items: int | None = None, description: str = ""
    ) -> None:
        self.item = item
        self.min_items = min_items
        self.max_items = max_items
        self.description = description

    def encode(self, value: Any) -> JSON:
        return [self.item.encode(v) for v in value]

    def decode(self, data: JSON, path: str) -> Any:
        if not isinstance(data, list):
            raise DecisionError(path, f"must be a list, not {_shown(data)}")
        count = len(data)
        if count < self.min_items or (self.max_items is not None and count > self.max_items):
            most = "" if self.max_items is None else f" to {self.max_items}"
            raise DecisionError(path, f"must hold {self.min_items}{most} items, not {count}")
        return tuple(self.item.decode(d, _at(path, i)) for i, d in enumerate(data))

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        out["minItems"] = self.min_items
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        if self.description:
            out["description"] = self.description
        return out


def _object(data: JSON, path: str, names: Sequence[str], optional: Iterable[str] = ()) -> None:
    """Check that ``data`` is an object with exactly the fields ``names`` (``optional``
    may be missing)."""
    if not isinstance(data, dict):
        raise DecisionError(path, f"must be an object, not {_shown(data)}")
    extra = [k for k in data if k not in names]
    if extra:
        raise DecisionError(_at(path, str(extra[0])[:40]), "is not a field of this decision")
    missing = [k for k in names if k not in data and k not in optional]
    if missing:
        raise DecisionError(_at(path, missing[0]), "is missing")


class Record(Schema):
    """A tuple of parts written as an object with a name for each part: the pair
    ``(card, place)`` as ``{"card": "N4", "bowl": 0}``."""

    def __init__(self, *parts: tuple[str, Schema], description: str = "") -> None:
        self.parts = parts
        self.description = description

    def encode(self, value: Any) -> JSON:
        return {name: schema.encode(v) for (name, schema), v in zip(self.parts, value, strict=True)}

    def decode(self, data: JSON, path: str) -> Any:
        _object(data, path, [name for name, _ in self.parts])
        return tuple(schema.decode(data[name], _at(path, name)) for name, schema in self.parts)

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "object",
            "properties": {name: schema.json_schema() for name, schema in self.parts},
            "required": [name for name, _ in self.parts],
            "additionalProperties": False,
        }
        if self.description:
            out["description"] = self.description
        return out


class Struct(Schema):
    """A dataclass value inside a decision, written as an object of its fields."""

    def __init__(
        self,
        cls: type,
        fields: Mapping[str, tuple[str, Schema]],
        build: Callable[..., Any] | None = None,
        description: str = "",
    ) -> None:
        self.cls = cls
        self.fields = dict(fields)
        self.build = build or cls
        self.description = description

    def encode(self, value: Any) -> JSON:
        return {
            name: schema.encode(getattr(value, attr))
            for name, (attr, schema) in self.fields.items()
        }

    def decode(self, data: JSON, path: str) -> Any:
        _object(data, path, list(self.fields))
        kwargs = {
            attr: schema.decode(data[name], _at(path, name))
            for name, (attr, schema) in self.fields.items()
        }
        return self.build(**kwargs)

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "object",
            "properties": {name: s.json_schema() for name, (_, s) in self.fields.items()},
            "required": list(self.fields),
            "additionalProperties": False,
        }
        if self.description:
            out["description"] = self.description
        return out


@dataclasses.dataclass(frozen=True)
class Decision:
    """One kind of decision of a game.

    ``cls`` is its value class, ``kind`` the name written as ``"type"`` (as the rulebook
    names the move: ``"play"``, ``"take"``, ``"spoon"``), ``fields`` maps each JSON field
    name to the value's attribute and that attribute's :class:`Schema`. ``build`` makes the
    value from the decoded attributes (default: ``cls(**attributes)``), for classes whose
    values are normalised (sorted) or shared (one instance per decision). ``describe`` says
    in a few words what the decision is (for the JSON Schema).
    """

    cls: type
    kind: str
    fields: Mapping[str, tuple[str, Schema]] = dataclasses.field(default_factory=dict)
    build: Callable[..., Any] | None = None
    describe: str = ""

    def encode(self, action: Any) -> dict[str, JSON]:
        out: dict[str, JSON] = {"type": self.kind}
        for name, (attr, schema) in self.fields.items():
            out[name] = schema.encode(getattr(action, attr))
        return out

    def decode(self, data: dict[str, JSON]) -> Any:
        _object(data, "", ["type", *self.fields])
        kwargs = {
            attr: schema.decode(data[name], name) for name, (attr, schema) in self.fields.items()
        }
        build = self.build or self.cls
        try:
            return build(**kwargs)
        except (ValueError, TypeError) as exc:
            raise DecisionError("", f"not a {self.kind} decision: {exc}") from None

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "object",
            "properties": {
                "type": {"const": self.kind},
                **{name: schema.json_schema() for name, (_, schema) in self.fields.items()},
            },
            "required": ["type", *self.fields],
            "additionalProperties": False,
        }
        if self.describe:
            out["description"] = self.describe
        return out


class DecisionCodec:
    """Every kind of decision of one game (see the module docstring)."""

    def __init__(self, game: str, decisions: Sequence[Decision]) -> None:
        self.game = game
        self.decisions = tuple(decisions)
        self._by_class: dict[type, Decision] = {}
        self._by_kind: dict[str, Decision] = {}
        for d in self.decisions:
            if d.cls in self._by_class or d.kind in self._by_kind:
                raise ValueError(f"{game}: the decision {d.kind!r} is declared twice")
            self._by_class[d.cls] = d
            self._by_kind[d.kind] = d

    @property
    def kinds(self) -> tuple[str, ...]:
        """The names of the kinds of decision, in declaration order."""
        return tuple(d.kind for d in self.decisions)

    def to_json(self, action: Any) -> dict[str, JSON]:
        """The decision as data (``ValueError`` if it is no decision of this game)."""
        entry = self._by_class.get(type(action))
        if entry is None:
            raise ValueError(f"{_shown(action)} is not a decision of {self.game}")
        return entry.encode(action)

    def from_json(self, data: JSON) -> Any:
        """The decision ``data`` describes, or :class:`DecisionError` naming the field at
        fault."""
        if not isinstance(data, dict):
            raise DecisionError(
                "", f"a decision is a JSON object with a 'type', not {_shown(data)}"
            )
        kind = data.get("type")
        entry = self._by_kind.get(kind) if isinstance(kind, str) else None
        if entry is None:
            kinds = ", ".join(self.kinds)
            raise DecisionError("type", f"must be one of {kinds}, not {_shown(kind)}")
        return entry.decode(data)

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of every decision of the game."""
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://gametable.invalid/schemas/{self.game}/decision.json",
            "title": f"A decision of {self.game}",
            "oneOf": [d.json_schema() for d in self.decisions],
        }
