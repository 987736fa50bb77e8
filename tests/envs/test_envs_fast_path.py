"""The encoders' fast path (observation and legal ids read from the state) is the view path.

The view path is the definition: an observation is built from what the seat may know. The
fast path skips the view for speed, so it must give the same vector and the same legal
ids, each playing the same action, at every position: then the no-leak tests of the view
path hold for it too. Positions come from random play and from ``greedy`` bots (which
reach the game's later situations more often), with the games' rule options varied.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from envs_helpers import random_positions

from gametable.agents import make_agent
from gametable.core import Rng, State, get_game
from gametable.core.compiled import PURE_PYTHON_VARIABLE
from gametable.envs.encoding import (
    Delegate,
    Encoder,
    encoder_names,
    get_encoder,
)

FAST = [
    ("ramen-ramen", 1, {}),
    ("ramen-ramen", 2, {}),
    ("ramen-ramen", 3, {}),
    ("ramen-ramen", 4, {}),
    ("ramen-fury", 2, {}),
    ("ramen-fury", 3, {"revealed_specials_mandatory": True}),
    ("ramen-fury", 4, {"basic": True}),
    ("ramen-fury", 5, {"tiebreak_count": "non_flavor", "nori_in_fury": False}),
    ("ramen-tips", 2, {}),
    ("ramen-tips", 3, {"narutos": True}),
    ("ramen-tips", 4, {"narutos": True, "final_round_keep_original": True}),
    ("ramen-tips", 5, {"shoyu_counts_for_validity": False, "bonus_counts_invalid": True}),
]
IDS = [f"{g}-{p}p" + ("-" + "-".join(sorted(o)) if o else "") for g, p, o in FAST]


@pytest.fixture(params=["compiled", "python"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each check runs on the compiled observation code and on the Python fast path."""
    if request.param == "python":
        monkeypatch.setenv(PURE_PYTHON_VARIABLE, "1")
    else:
        monkeypatch.delenv(PURE_PYTHON_VARIABLE, raising=False)
    return str(request.param)


def _encoder(game: str, players: int, options: dict[str, object], path: str) -> Encoder:
    g = get_game(game)
    encoder = get_encoder(g, players, g.resolve_options(players, options))
    assert encoder.reads_state
    assert encoder.compiled == (path == "compiled"), "the compiled encoders are not built"
    return encoder


def test_the_ramen_games_have_compiled_observations() -> None:
    """The installed package has the compiled observation code of every ramen game (built
    by ``pip install -e .`` with a C compiler; without it the Python path is used)."""
    for name in ("ramen-ramen", "ramen-fury", "ramen-tips"):
        game = get_game(name)
        assert get_encoder(game, 2, game.resolve_options(2)).compiled, (
            f"{name}: gametable.envs.encoders.{name.replace('-', '_')}_fast is not built "
            "(reinstall with a C compiler: pip install -e .)"
        )


def test_the_ramen_games_have_a_fast_path() -> None:
    """The environments' speed target is about the ramen games: each has a fast path."""
    for name in ("ramen-ramen", "ramen-fury", "ramen-tips"):
        game = get_game(name)
        assert get_encoder(game, 2, game.resolve_options(2)).reads_state, name
    assert {g for g, _, _ in FAST} == {
        n for n in encoder_names() if get_encoder(get_game(n), 2).reads_state
    }


def _greedy_positions(name: str, players: int, seed: int, **options: object) -> Iterator[State]:
    """The positions of one game between ``greedy`` bots, then its end."""
    game = get_game(name)
    state = game.new_state(players, seed, **options)
    bots = [make_agent(game, "greedy", seat) for seat in range(players)]
    rng = Rng(f"fast:{seed}")
    while not state.is_over:
        yield state
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat), rng))
    yield state


def _resolved(action: object, action_id: int) -> object:
    return action.resolve(Rng(action_id)) if isinstance(action, Delegate) else action


def _check(encoder: Encoder, state: State, players: int) -> int:
    for seat in range(players):
        view = state.view(seat)
        np.testing.assert_array_equal(
            encoder.encode_state(state, seat),
            encoder.encode(view),
            err_msg=f"seat {seat}: {encoder.layout.describe(encoder.encode(view))}",
        )
        if seat in state.to_act and not state.is_over:
            slow = encoder.legal(seat, view, state.legal_actions(seat))
            fast = encoder.legal_state(state, seat)
            assert sorted(fast) == sorted(slow), f"seat {seat}"
            members = getattr(fast, "members", None)
            assert members is None or members == frozenset(fast), f"seat {seat}"
            for action_id in slow:
                assert _resolved(fast[action_id], action_id) == _resolved(
                    slow[action_id], action_id
                ), f"seat {seat}, id {action_id}"
    return players


@pytest.mark.parametrize(("game", "players", "options"), FAST, ids=IDS)
def test_fast_path_equals_the_view_path_at_every_position(
    game: str, players: int, options: dict[str, object], path: str
) -> None:
    encoder = _encoder(game, players, options, path)
    checked = 0
    for seed in range(6):
        for state in random_positions(game, players, seed, **options):
            checked += _check(encoder, state, players)
        for state in _greedy_positions(game, players, 100 + seed, **options):
            checked += _check(encoder, state, players)
    assert checked > 500


REDEALT = [0, 4, 8]
"""One configuration per game for the determinized states."""


@pytest.mark.parametrize(
    ("game", "players", "options"), [FAST[i] for i in REDEALT], ids=[IDS[i] for i in REDEALT]
)
def test_fast_path_equals_the_view_path_on_determinized_states(
    game: str, players: int, options: dict[str, object], path: str
) -> None:
    """States redealt from a seat's view (as ISMCTS and OpenSpiel's resampling make them)
    are read the same way too, and the seat's fast observation and legal ids are the
    same in the redealt state as in the real one: the fast path leaks nothing either."""
    g = get_game(game)
    encoder = get_encoder(g, players, g.resolve_options(players, options))
    for seed in range(3):
        for n, state in enumerate(random_positions(game, players, seed, every=3, **options)):
            seat = n % players
            redealt = g.determinize(state.view(seat), Rng(f"redeal:{seed}:{n}"))
            _check(encoder, redealt, players)
            np.testing.assert_array_equal(
                encoder.encode_state(redealt, seat), encoder.encode_state(state, seat)
            )
            if seat in state.to_act and not state.is_over:
                assert sorted(encoder.legal_state(redealt, seat)) == sorted(
                    encoder.legal_state(state, seat)
                )


def test_a_fast_path_that_disagrees_is_caught() -> None:
    """The comparison can fail: a fast path that forgets the deck's size, or that offers
    a take where the view path offers none, is told apart."""
    from gametable.envs.encoders.ramen_ramen import RamenRamenEncoder

    class NoDeck(RamenRamenEncoder):
        def encode_state(self, state: State, seat: int) -> np.ndarray:
            obs = super().encode_state(state, seat)
            obs[self.o_deck] = 0.0
            return obs

    class ExtraTake(RamenRamenEncoder):
        def legal_state(self, state: State, seat: int) -> dict[int, object]:
            return {**super().legal_state(state, seat), 42: None}

    g = get_game("ramen-ramen")
    state = g.new_state(2, seed=1)
    for broken in (NoDeck, ExtraTake):
        with pytest.raises(AssertionError):
            _check(broken(g, 2, g.resolve_options(2)), state, 2)
    _check(RamenRamenEncoder(g, 2, g.resolve_options(2)), state, 2)
