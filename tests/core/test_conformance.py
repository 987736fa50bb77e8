"""The conformance kit catches the faults it promises to catch (on deliberately broken states)."""

from __future__ import annotations

from typing import Any

import pytest

from gametable import conformance as kit
from gametable.core import IllegalAction, Rng, get_game
from gametable.core.game import State

GAME = get_game("ramen-ramen")


def _state() -> State:
    state = GAME.new_state(2, seed=3)
    for _ in range(5):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_check_apply_passes_a_legal_action_and_a_clean_refusal_without_touching_the_state():
    state = _state()
    before = kit.observe(state)
    seat = state.to_act[0]
    assert kit.check_apply(state, seat, state.legal_actions(seat)[0]) is True
    assert kit.check_apply(state, seat, "no such move") is False
    assert kit.observe(state) == before


def test_check_apply_flags_a_crash_and_a_refusal_that_changed_something(monkeypatch):
    state = _state()
    seat = state.to_act[0]
    cls = type(state)
    original = cls.apply

    def crashing(self: Any, seat: int, action: Any) -> None:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(cls, "apply", crashing)
    with pytest.raises(kit.ConformanceError, match="raised TypeError"):
        kit.check_apply(state, seat, ["junk"])

    def half_done(self: Any, seat: int, action: Any) -> None:
        if action == "junk":
            original(self, seat, self.legal_actions(seat)[0])
            raise IllegalAction("junk is not a move")
        original(self, seat, action)

    monkeypatch.setattr(cls, "apply", half_done)
    with pytest.raises(kit.ConformanceError, match="changed the state"):
        kit.check_apply(state, seat, "junk")


def test_check_seats_flags_a_negative_seat_that_wraps(monkeypatch):
    state = _state()
    cls = type(state)
    original = cls.view

    def wrapping(self: Any, seat: Any) -> Any:
        if seat == -1:
            return {"hand": "the last seat's hand"}
        return original(self, seat)

    monkeypatch.setattr(cls, "view", wrapping)
    with pytest.raises(kit.ConformanceError, match=r"\(-1\)"):
        kit.check_seats(state)


def test_check_views_independent_flags_a_view_sharing_the_games_objects(monkeypatch):
    state = _state()
    cls = type(state)
    original = cls.view
    shared: dict[Any, Any] = {}

    def sharing(self: Any, seat: Any) -> Any:
        view = original(self, seat)
        view["log"] = shared.setdefault("log", [{"event": "deal"}])
        return view

    monkeypatch.setattr(cls, "view", sharing)
    with pytest.raises(kit.ConformanceError, match="changed the state or another seat's view"):
        kit.check_views_independent(state)


def test_check_same_for_seat_passes_a_determinized_twin_and_flags_a_leak(monkeypatch):
    state = _state()
    seat = state.to_act[0]
    twin = state.clone()
    twin.deck = list(reversed(twin.deck))  # type: ignore[attr-defined]  # the deck is hidden
    kit.check_same_for_seat(state, twin, seat, probes=["junk"], texts=["help me"])
    cls = type(state)
    original = cls.view

    def leaky(self: Any, seat: Any) -> Any:
        view = original(self, seat)
        view["deck_top"] = str(getattr(self, "deck", [])[-1:])
        return view

    monkeypatch.setattr(cls, "view", leaky)
    with pytest.raises(kit.ConformanceError, match="view differs"):
        kit.check_same_for_seat(state, twin, seat)


def test_check_parse_and_json_accept_only_the_documented_errors(monkeypatch):
    state = _state()
    seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    assert kit.check_parse(GAME, GAME.format_action(legal[0]), view, legal) == legal[0]
    assert kit.check_parse(GAME, "no such move", view, legal) is None
    assert kit.check_action_json(GAME, GAME.action_to_json(legal[0])) == legal[0]

    def crashing(text: str, view: Any, legal: Any) -> Any:
        raise IndexError("list index out of range")

    monkeypatch.setattr(GAME, "parse_action", crashing)
    with pytest.raises(kit.ConformanceError, match="raised IndexError"):
        kit.check_parse(GAME, ">", view, legal)


def test_garbage_is_reproducible_and_hostile():
    state = _state()
    legal = state.legal_actions(state.to_act[0])
    a = kit.garbage_actions(legal, Rng(1), 30)
    b = kit.garbage_actions(legal, Rng(1), 30)
    assert [kit._short(x) for x in a] == [kit._short(x) for x in b]
    assert any(type(x) is type(legal[0]) for x in a)  # spoiled real decisions
    texts = kit.garbage_texts([GAME.format_action(x) for x in legal], Rng(1), 40)
    assert ">" in texts and any(len(t) >= 4000 for t in texts) and len(texts) == 40
