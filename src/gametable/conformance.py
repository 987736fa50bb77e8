"""Checks every game must pass before strangers on a network may play it.

The server hands a game's states, views, notation and error messages to untrusted clients,
so a game must hold these promises whatever it is sent (each function raises
:class:`ConformanceError` saying what broke):

- :func:`check_apply`: any object offered as a decision is either applied (it was legal)
  or refused with :class:`~gametable.core.errors.IllegalAction`, the state observably
  unchanged — never ``TypeError``, ``IndexError``, ``MemoryError`` …
- :func:`check_action_json`: any JSON offered as a decision is read by
  :meth:`~gametable.core.Game.action_from_json` or refused with ``ValueError``.
- :func:`check_parse`: any text is parsed by :meth:`~gametable.core.Game.parse_action` or
  refused with :class:`~gametable.core.errors.NotationError`.
- :func:`check_seats`: a seat outside ``0..players-1`` (negative numbers, bools, floats,
  text) is refused by ``view``, ``legal_actions`` and ``apply`` with
  :class:`~gametable.core.errors.SeatError`.
- :func:`check_views_independent`: a view is a fresh value; mutating every part of one
  changes neither the state nor any other view.
- :func:`check_same_for_seat`: two states that differ only in what a seat cannot see look
  the same to that seat in every channel it has: its view, its legal decisions, the rendered
  table, the story in words, the listed moves, the hint and the error messages its attempts
  get.

:func:`garbage_actions` and :func:`garbage_texts` make hostile inputs from a seeded
:class:`~gametable.core.rng.Rng`; a game's tests drive them (with hypothesis or seeds) over
states of every kind of decision. This module is a test kit for games — the built-in ones
and those added through entry points — and depends on the core and agents only.
"""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console, RenderableType

from gametable.core.errors import GameError, IllegalAction, NotationError, SeatError
from gametable.core.game import Action, Game, State, View
from gametable.core.rng import Rng
from gametable.core.words import hint_message, render, tell_history, tell_legal, tell_result


class ConformanceError(AssertionError):
    """A game broke one of the promises this module checks."""


def _short(value: Any, limit: int = 200) -> str:
    try:
        text = repr(value)
    except Exception as exc:  # a spoiled decision may not even print
        text = f"<{type(value).__name__} whose repr raises {type(exc).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def render_text(renderable: RenderableType, width: int = 100) -> str:
    """A rich renderable as plain text (no colour codes), as a terminal would show it."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue()


def observe(state: State) -> str:
    """Everything a front end can read of ``state``, as one comparable JSON text.

    The seats to act, whether the game is over, every seat's view and the spectator's, each
    seat's legal decisions in JSON form, and the result once over.
    """
    game = state.game
    seats: list[int | None] = [*range(state.players), None]
    data: dict[str, Any] = {
        "to_act": list(state.to_act),
        "over": state.is_over,
        "views": [state.view(seat) for seat in seats],
        "legal": [
            [game.action_to_json(a) for a in state.legal_actions(seat)]
            for seat in range(state.players)
        ],
    }
    if state.is_over:
        data["result"] = state.result().to_json()
    return json.dumps(data, sort_keys=True, default=str)


def check_apply(state: State, seat: int, action: Any) -> bool:
    """Offer ``action`` for ``seat`` on a copy of ``state``: True if it was legal (the copy
    applied it), False if it was refused cleanly. ``state`` itself is never changed.

    A refusal must be an :class:`IllegalAction` with a short message, leaving the copy
    observably unchanged (:func:`observe`), and the refused copy must still play on exactly
    like an untouched one.
    """
    before = observe(state)
    trial, twin = state.clone(), state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction as exc:
        message = str(exc)
        if not message or len(message) > 2000:
            raise ConformanceError(
                f"refusing {_short(action)} gave a message of {len(message)} characters"
            ) from None
        if observe(trial) != before:
            raise ConformanceError(f"refusing {_short(action)} changed the state") from None
        _check_plays_on_alike(trial, twin, action)
        return False
    except Exception as exc:
        raise ConformanceError(
            f"apply(seat {seat}, {_short(action)}) raised {type(exc).__name__}: {_short(exc)}"
        ) from exc
    return True


def _check_plays_on_alike(state: State, twin: State, action: Any) -> None:
    """One legal decision applied to both: the refused state and its untouched twin agree."""
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        if legal:
            state.apply(seat, legal[0])
            twin.apply(seat, legal[0])
            if observe(state) != observe(twin):
                raise ConformanceError(
                    f"after refusing {_short(action)}, the state plays on differently"
                )
            return


def check_action_json(game: Game, data: Any) -> Action | None:
    """``action_from_json(data)``: an action, or ``None`` when it was refused with ValueError."""
    try:
        return game.action_from_json(data)
    except ValueError:
        return None
    except Exception as exc:
        raise ConformanceError(
            f"action_from_json({_short(data)}) raised {type(exc).__name__}: {_short(exc)}"
        ) from exc


def check_parse(game: Game, text: str, view: View, legal: Sequence[Action]) -> Action | None:
    """``parse_action(text)``: an action, or ``None`` when refused with a NotationError."""
    try:
        return game.parse_action(text, view, legal)
    except NotationError as exc:
        if not str(exc) or len(str(exc)) > 2000:
            raise ConformanceError(
                f"parsing {_short(text)} gave a message of {len(str(exc))} characters"
            ) from None
        return None
    except Exception as exc:
        raise ConformanceError(
            f"parse_action({_short(text)}) raised {type(exc).__name__}: {_short(exc)}"
        ) from exc


BAD_SEATS: tuple[Any, ...] = (-1, -2, True, False, 1.0, "0", None, 10**30)


def check_seats(state: State) -> None:
    """Every method taking a seat refuses what is not a seat, and ``view(None)`` works."""
    before = observe(state)
    bad = (*BAD_SEATS, state.players, state.players + 1)
    legal = next((state.legal_actions(s) for s in state.to_act), [])
    probe = legal[0] if legal else None
    for seat in bad:
        calls: list[tuple[str, Any]] = [("legal_actions", lambda s=seat: state.legal_actions(s))]
        if seat is not None:
            calls.append(("view", lambda s=seat: state.view(s)))
        calls.append(("apply", lambda s=seat: state.apply(s, probe)))
        for name, call in calls:
            try:
                call()
            except SeatError:
                continue
            except Exception as exc:
                raise ConformanceError(
                    f"{name}({seat!r}) raised {type(exc).__name__} instead of SeatError: "
                    f"{_short(exc)}"
                ) from exc
            raise ConformanceError(f"{name}({seat!r}) accepted a seat that does not exist")
    state.view(None)
    if observe(state) != before:
        raise ConformanceError("refusing bad seats changed the state")


def _deface(value: Any) -> None:
    """Mutate every container inside ``value`` in place."""
    if isinstance(value, dict):
        for key in list(value):
            _deface(value[key])
            value[key] = ["defaced", value[key]]
        value["defaced"] = True
    elif isinstance(value, list):
        for item in value:
            _deface(item)
        value.append("defaced")
        value.reverse()


def check_views_independent(state: State) -> None:
    """Deface every view deeply: the state, and every other view, stay as they were."""
    before = observe(state)
    for seat in [*range(state.players), None]:
        _deface(state.view(seat))
        if observe(state) != before:
            raise ConformanceError(
                f"editing seat {seat}'s view changed the state or another seat's view"
            )


def hint_text(game: Game, view: View, legal: Sequence[Action]) -> str:
    """The hint a front end shows, in words: what the game's hint bot would play (the
    terminal's ``hint`` and the server's hints call the same function), with a fixed
    random stream."""
    from gametable.agents.hints import hint

    seat = view.get("seat")
    seat = seat if isinstance(seat, int) else 0
    action = hint(game, seat, view, legal, Rng("hint"))
    return render(hint_message(game, action, view), viewer=seat)


def _refusal(state: State, seat: int, action: Any) -> str:
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except GameError as exc:
        return f"{type(exc).__name__}: {exc}"
    return "applied"


def _parse_outcome(game: Game, text: str, view: View, legal: Sequence[Action]) -> str:
    try:
        return json.dumps(game.action_to_json(game.parse_action(text, view, legal)), default=str)
    except GameError as exc:
        return f"{type(exc).__name__}: {exc}"


def check_same_for_seat(
    a: State,
    b: State,
    seat: int,
    probes: Iterable[Any] = (),
    texts: Iterable[str] = (),
    hints: bool = True,
) -> None:
    """``a`` and ``b`` differ only in what ``seat`` cannot see: everything it is shown agrees.

    Compared: the view, the legal decisions, the rendered table, the listed moves, the hint
    (``hints``; bots decide from the view with a fixed stream, so a hint that differs read
    something hidden), and the outcome — message included — of offering each of ``probes``
    as a decision and each of ``texts`` as typed input.
    """
    game = a.game

    def same(what: str, x: Any, y: Any) -> None:
        if x != y:
            raise ConformanceError(f"seat {seat}'s {what} differs between the two states")

    view_a, view_b = a.view(seat), b.view(seat)
    same("view", json.dumps(view_a, sort_keys=True), json.dumps(view_b, sort_keys=True))
    legal_a, legal_b = a.legal_actions(seat), b.legal_actions(seat)
    same(
        "legal decisions",
        [game.action_to_json(x) for x in legal_a],
        [game.action_to_json(x) for x in legal_b],
    )
    same(
        "rendered table",
        render_text(game.ui.render_view(view_a)),
        render_text(game.ui.render_view(view_b)),
    )
    same("story", tell_history(game, view_a), tell_history(game, view_b))
    if seat in a.to_act:
        same("listed moves", tell_legal(game, view_a, legal_a), tell_legal(game, view_b, legal_b))
        if hints:
            same("hint", hint_text(game, view_a, legal_a), hint_text(game, view_b, legal_b))
        for probe in probes:
            same(f"answer to {_short(probe)}", _refusal(a, seat, probe), _refusal(b, seat, probe))
    for text in texts:
        same(
            f"answer to typing {_short(text)}",
            _parse_outcome(game, text, view_a, legal_a),
            _parse_outcome(game, text, view_b, legal_b),
        )


# -- hostile inputs ------------------------------------------------------------------------

_SCALARS: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2**31,
    -(2**63),
    10**400,
    0.5,
    1.0,
    float("nan"),
    float("inf"),
    "",
    "x",
    "0",
    "-1",
    "J",
    "\x00",
    "é" * 3,
    "9" * 5000,
    b"\xff",
)


def _junk(rng: Rng, depth: int = 0) -> Any:
    kind = rng.randbelow(8 if depth < 3 else 5)
    if kind < 4:
        return rng.choice(_SCALARS)
    if kind == 4:
        return ()
    if kind == 5:
        return [_junk(rng, depth + 1) for _ in range(rng.randbelow(4))]
    if kind == 6:
        return tuple(_junk(rng, depth + 1) for _ in range(rng.randbelow(4)))
    return {str(_junk(rng, depth + 1))[:20]: _junk(rng, depth + 1) for _ in range(rng.randbelow(3))}


def _mutated(action: Any, rng: Rng) -> Any:
    """``action`` (a dataclass) with one field replaced by junk, bypassing any validation."""
    fields = dataclasses.fields(action)
    if not fields:
        return _junk(rng)
    victim = rng.choice(fields).name
    clone = object.__new__(type(action))
    for f in fields:
        object.__setattr__(clone, f.name, getattr(action, f.name))
    replacement = _junk(rng)
    if rng.randbelow(2):
        # Sometimes junk of the field's own kind: a list holding one bad element, an int far
        # out of range, a nested value of the right shape holding junk.
        current = getattr(action, victim)
        if isinstance(current, bool):
            replacement = rng.choice((0, 1, None, "true"))
        elif isinstance(current, int):
            replacement = rng.choice((-1, -(10**6), 10**6, 10**400, current + 1000, True))
        elif isinstance(current, (tuple, list)) and current:
            items = list(current)
            items[rng.randbelow(len(items))] = _junk(rng)
            replacement = type(current)(items)
        elif isinstance(current, (tuple, list)):
            replacement = type(current)([_junk(rng)])
    object.__setattr__(clone, victim, replacement)
    return clone


def garbage_actions(legal: Sequence[Action], rng: Rng, count: int = 40) -> list[Any]:
    """Hostile decision objects: junk values and legal decisions with one field spoiled."""
    out: list[Any] = []
    shaped = [a for a in legal if dataclasses.is_dataclass(a) and not isinstance(a, type)]
    for i in range(count):
        if shaped and i % 3:
            out.append(_mutated(rng.choice(shaped), rng))
        else:
            out.append(_junk(rng))
    return out


def garbage_json(legal_json: Sequence[Any], rng: Rng, count: int = 40) -> list[Any]:
    """Hostile JSON decisions: junk, and legal decisions' JSON with one part spoiled."""
    out: list[Any] = []
    for i in range(count):
        if legal_json and i % 3:
            data = json.loads(json.dumps(rng.choice(legal_json)))
            out.append(_spoil(data, rng))
        else:
            out.append(json.loads(json.dumps(_junk(rng), default=str)))
    return out


def _spoil(data: Any, rng: Rng) -> Any:
    if isinstance(data, dict) and data:
        key = rng.choice(sorted(data))
        if rng.randbelow(4) == 0:
            del data[key]
        else:
            data[key] = _spoil(data[key], rng) if rng.randbelow(2) else _junk(rng)
        return data
    if isinstance(data, list) and data:
        i = rng.randbelow(len(data))
        data[i] = _spoil(data[i], rng) if rng.randbelow(2) else _junk(rng)
        return data
    return json.loads(json.dumps(_junk(rng), default=str))


_SEPARATORS = (">", "@", ",", "into", "to", "-", "+", "|", ":", "#", "=", ";", ".", "/", "*")


def garbage_texts(samples: Sequence[str], rng: Rng, count: int = 40) -> list[str]:
    """Hostile typed input: separators alone, numbers of thousands of digits, control and
    wide characters, very long lines, and real notation (``samples``) cut and shuffled."""
    pieces = [p for s in samples for p in s.split()] or ["x"]
    out = [
        ">",
        "@",
        " , ",
        "into",
        "> > >",
        "9" * 4000,
        "-" + "9" * 4000,
        "1" * 100000,
        "\x00\x1b[2J",
        "😀",
        "#",
        "#1",
        "#0",
        "#-1",
        "#" + "9" * 500,
    ]
    while len(out) < count:
        kind = rng.randbelow(4)
        if kind == 0:
            out.append(" ".join(rng.choice(_SEPARATORS) for _ in range(1 + rng.randbelow(5))))
        elif kind == 1:
            words = [rng.choice(pieces) for _ in range(1 + rng.randbelow(6))]
            words.insert(rng.randbelow(len(words) + 1), rng.choice(_SEPARATORS))
            out.append(" ".join(words))
        elif kind == 2:
            word = rng.choice(pieces)
            cut = rng.randbelow(len(word) + 1)
            out.append(word[:cut] + rng.choice(("9" * 3000, "", "-", "J", "?", "\t")))
        else:
            out.append("".join(chr(32 + rng.randbelow(0x2FF)) for _ in range(rng.randbelow(30))))
    return out[:count] if count >= 15 else out


__all__ = [
    "BAD_SEATS",
    "ConformanceError",
    "check_action_json",
    "check_apply",
    "check_parse",
    "check_same_for_seat",
    "check_seats",
    "check_views_independent",
    "garbage_actions",
    "garbage_json",
    "garbage_texts",
    "hint_text",
    "observe",
    "render_text",
]


# -- playthroughs (golden transcripts) -----------------------------------------------------


def playthrough(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    bots: Sequence[str] = ("random",),
    legal_limit: int = 40,
) -> str:
    """A whole seeded game written out line by line, as OpenSpiel's playthrough files are:
    the setup; then, for every decision, the deciding seat's view (JSON, without the story,
    which is written once as it happens), its legal decisions in words with their data
    (the first ``legal_limit``), the decision made, the public events it led to (data) and
    what each seat (and a spectator) is then told, in words; at the end every seat's view
    and the result in words. The bots (``bots``, one name per seat or one for all) decide
    with streams derived from ``seed``, so the same arguments always give the same text.

    Pinned in ``tests/golden/`` (``scripts/golden.py`` writes them; a reviewer reads the
    diff): any change to the rules, the views, the decisions' data or the words shows.
    """
    from gametable.agents.base import make_agent, parse_agent_spec
    from gametable.agents.play import agent_streams

    state = game.new_state(players, seed, **(options or {}))
    names = [f"Seat {s}" for s in range(players)]
    specs = list(bots) if len(bots) == players else [bots[0]] * players
    agents = []
    for seat, spec in enumerate(specs):
        name, settings = parse_agent_spec(spec)
        agents.append(make_agent(game, name, seat, **settings))
    rngs = agent_streams(players, seed)
    viewers: list[int | None] = [*range(players), None]
    told: dict[Any, int] = dict.fromkeys([*viewers, "events"], 0)
    last_view: dict[int, Any] = {}
    out = [
        f"game: {game.name}",
        f"players: {players}",
        f"options: {json.dumps(dict(state.options), sort_keys=True)}",
        f"seed: {seed}",
        f"bots: {', '.join(specs)}",
        f"decision schema kinds: {', '.join(_schema_kinds(game))}",
    ]

    def dump(value: Any) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    def tell() -> None:
        public = state.view(None).get("history") or []
        for event in public[told["events"] :]:
            out.append(f"  event: {dump(event)}")
        told["events"] = len(public)
        for viewer in viewers:
            view = state.view(viewer)
            who = "spectator" if viewer is None else f"seat {viewer}"
            for entry in tell_history(game, view, names=names, start=told[viewer]):
                out.append(f"  told to {who}: {entry['text']}")
            told[viewer] = len(view.get("history") or [])

    step = 0
    while not state.is_over:
        for seat in state.to_act:
            if state.is_over:
                break
            view = state.view(seat)
            legal = state.legal_actions(seat)
            out.append("")
            out.append(f"step {step}: seat {seat} to act (of {list(state.to_act)})")
            # The story is written once, as it happens (below), not again in every view; a
            # seat's view is written whole the first time, then as what changed since.
            shown = {k: v for k, v in view.items() if k != "history"}
            before = last_view.get(seat)
            if before is None:
                out.append(f"  view: {dump(shown)}")
            else:
                for path, value in _changes(before, shown):
                    out.append(f"  view {path}: {dump(value)}")
            last_view[seat] = shown
            words = tell_legal(game, view, legal, names=names)
            out.append(f"  legal ({len(legal)}):")
            for action, text in list(zip(legal, words, strict=True))[:legal_limit]:
                out.append(f"    {text}  {dump(game.action_to_json(action))}")
            if len(legal) > legal_limit:
                out.append(f"    … and {len(legal) - legal_limit} more")
            action = agents[seat].act(view, legal, rngs[seat])
            out.append(
                f"  decision: {render(game.words.decision(action, view), names=names, viewer=seat)}"
                f"  {dump(game.action_to_json(action))}"
            )
            state.apply(seat, action)
            step += 1
            tell()
    out.append("")
    out.append("the end")
    for viewer in viewers:
        who = "spectator" if viewer is None else f"seat {viewer}"
        view = {k: v for k, v in state.view(viewer).items() if k != "history"}
        out.append(f"  view of {who}: {dump(view)}")
    result = state.result()
    out.append(f"  result: {dump(result.to_json())}")
    for line in tell_result(game, result, players, names=names):
        out.append(f"  result in words: {line}")
    return "\n".join(out) + "\n"


def _changes(old: Any, new: Any, path: str = "") -> list[tuple[str, Any]]:
    """Where ``new`` differs from ``old`` (JSON data): each changed place as a path
    (``/bowls/1/cards``) with its new value; objects and lists of the same length are
    compared item by item, anything else replaced whole."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[tuple[str, Any]] = []
        for key in sorted(set(old) | set(new)):
            if key not in new:
                out.append((f"{path}/{key}", "<gone>"))
            else:
                out += _changes(old.get(key), new[key], f"{path}/{key}")
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [
            c
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            for c in _changes(a, b, f"{path}/{i}")
        ]
    return [(path or "/", new)]


def _schema_kinds(game: Game) -> list[str]:
    schema = game.decision_schema()
    return [entry["properties"]["type"]["const"] for entry in schema["oneOf"]]
