"""Damaged records of every game, through ``load``/``loads`` and ``replay`` (issue 12.7).

Real records of every game are truncated, have bytes flipped and have every field swapped
for a value of another type. Every outcome must be a replay (the damage left a valid
record) or a :class:`RecordError` in one short line: never another exception, never a
message that quotes megabytes.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametable.agents import make_agent, play_game
from gametable.core import RecordError, all_games, get_game, records
from gametable.core.errors import MAX_MESSAGE

GAMES = [game.name for game in all_games()]

FUZZ = settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@functools.cache
def real_record(name: str) -> str:
    """A finished record of ``name`` between random bots, at the largest player count."""
    game = get_game(name)
    players = game.max_players
    agents = [make_agent(game, "random", seat) for seat in range(players)]
    return play_game(game, agents, seed=11, agent_seed=f"fuzz:{name}").dumps()


def outcome(raw: bytes | str) -> str:
    """``"replayed"`` or ``"refused"``; any other exception fails the test."""
    try:
        records.replay(records.loads(raw))
    except RecordError as exc:
        message = str(exc)
        assert "\n" not in message, message[:300]
        assert len(message) <= MAX_MESSAGE + 20, message[:300]
        return "refused"
    return "replayed"


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a JSON value (keys and list indexes), the root excluded."""
    if isinstance(value, dict | list):
        children = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in children:
            yield (*prefix, key)
            yield from paths(child, (*prefix, key))


def replaced(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return copy


SWAPS: list[Any] = [None, True, False, 0, -1, 7, 10**39, 2.5, "", "x", "#1", [], [0], {}, {"a": 1}]
VALUES = st.one_of(
    st.sampled_from(SWAPS),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.lists(st.one_of(st.integers(), st.text(max_size=4)), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
)


@pytest.mark.parametrize("name", GAMES)
def test_the_real_record_replays(name: str) -> None:
    assert outcome(real_record(name)) == "replayed"


@pytest.mark.parametrize("name", GAMES)
def test_every_field_swapped_for_another_type(name: str) -> None:
    """Each top-level field, each field inside it, and a first, middle and last move."""
    data = json.loads(real_record(name))
    chosen: list[tuple[Any, ...]] = []
    for path in paths(data):
        if len(path) == 1 or (len(path) == 2 and path[0] != "moves"):
            chosen.append(path)
    moves = len(data["moves"])
    for index in sorted({0, moves // 2, moves - 1}):
        chosen += [("moves", index), ("moves", index, "seat"), ("moves", index, "action")]
    outcomes = set()
    for path in chosen:
        for value in SWAPS:
            outcomes.add(outcome(json.dumps(replaced(data, path, value))))
    assert "refused" in outcomes


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_truncated_records(name: str, data: st.DataObject) -> None:
    raw = real_record(name).encode()
    cut = data.draw(st.integers(0, len(raw) - 1), label="cut")
    assert outcome(raw[:cut]) == "refused"


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_records_with_flipped_bytes(name: str, data: st.DataObject) -> None:
    raw = bytearray(real_record(name).encode())
    flips = data.draw(
        st.lists(st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 255)), min_size=1,
                 max_size=4),
        label="flips",
    )  # fmt: skip
    for position, byte in flips:
        raw[position] = byte
    outcome(bytes(raw))


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_records_with_any_value_anywhere(name: str, data: st.DataObject) -> None:
    record = json.loads(real_record(name))
    field = data.draw(st.sampled_from(sorted(record)), label="field")
    inside = [(field,), *((field, *p) for p in paths(record[field]))]
    path = data.draw(st.sampled_from(inside), label="path")
    value = data.draw(VALUES, label="value")
    outcome(json.dumps(replaced(record, path, value)))
