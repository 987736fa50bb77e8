"""The OpenSpiel games: OpenSpiel's own random-simulation checks for every game and
player count, the deal's chance nodes, information states under resampling, and
OpenSpiel algorithms running on them."""

from __future__ import annotations

import numpy as np
import pytest
from envs_helpers import CASE_IDS, CASES

pyspiel = pytest.importorskip("pyspiel")

from gametable.core import OptionError, get_game  # noqa: E402
from gametable.envs.driver import GameDriver  # noqa: E402
from gametable.envs.openspiel import GAMES, short_name  # noqa: E402


def _load(game: str, players: int, **params: object):  # type: ignore[no-untyped-def]
    return pyspiel.load_game(short_name(game), {"players": players, **params})


def _play(state, rng, until=None):  # type: ignore[no-untyped-def]
    """Play random legal actions (chance by its probabilities) to the end, or ``until``."""
    n = 0
    while not state.is_terminal() and (until is None or n < until):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        n += 1
    return state


def test_every_game_is_registered() -> None:
    assert sorted(GAMES) == sorted(
        short_name(g) for g in ("ramen-ramen", "ramen-fury", "ramen-tips", "rummikub")
    )
    assert set(GAMES) <= set(pyspiel.registered_names())
    assert pyspiel.load_game("python_gametable_ramen_fury").num_players() == 2


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_openspiel_random_sim_test(game: str, players: int) -> None:
    """OpenSpiel's checks: legal actions sorted and matching the mask, unique action
    strings, clones equal, tensors of the declared sizes, returns within the utility
    bounds (summing to zero for Rummikub), the game ending within max_game_length."""
    spiel = _load(game, players)
    sims = 1 if players >= 4 else 2  # each simulation checks every seat's tensors each move
    pyspiel.random_sim_test(spiel, num_sims=sims, serialize=False, verbose=False)


def _answer(call, *args):  # type: ignore[no-untyped-def]
    """What ``call(*args)`` returns, or the type and message of what it raises."""
    try:
        return call(*args)
    except Exception as exc:
        return (type(exc).__name__, str(exc))


@pytest.mark.parametrize(("game", "players"), CASES[:-2], ids=CASE_IDS[:-2])
def test_python_calls_answer_as_openspiel_s_own_path_does(game: str, players: int) -> None:
    """``legal_actions`` and ``is_chance_node`` are answered in Python when called from
    Python; OpenSpiel's own C++ path (reached by calling ``pyspiel.State``'s methods)
    gives the same answers at every position: chance nodes, each seat's decisions, the
    end, for the player to act and for every seat by number."""
    spiel = _load(game, players)
    rng = np.random.default_rng(7)
    for _ in range(2):
        state = spiel.new_initial_state()
        checked = 0
        while True:
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for player in (int(pyspiel.PlayerId.CHANCE), *range(players)):
                assert _answer(state.legal_actions, player) == _answer(
                    pyspiel.State.legal_actions, state, player
                ), (checked, player)
            checked += 1
            if state.is_terminal():
                break
            _play(state, rng, until=1)
        assert checked > 20


def test_rummikub_is_zero_sum_and_win_rewards_are_general_sum() -> None:
    """Reference §9: each other player scores minus their rack value, the winner plus
    the sum — every game sums to zero."""
    spiel = _load("rummikub", 3)
    assert spiel.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = _play(spiel.new_initial_state(), np.random.default_rng(3))
    assert sum(state.returns()) == pytest.approx(0.0)
    wins = _load("rummikub", 3, reward="win")
    assert wins.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (wins.min_utility(), wins.max_utility()) == (0.0, 1.0)


def test_chance_picks_the_deal_seed_digit_by_digit() -> None:
    spiel = _load("ramen-ramen", 2)
    state = spiel.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    for digit in (0, 1, 42):  # deal 0x00012a = 298
        state.apply_action(digit)
    assert not state.is_chance_node()
    driver = GameDriver("ramen-ramen", 2)
    driver.reset(298)
    seat = state.current_player()
    np.testing.assert_array_equal(state.observation_tensor(seat), driver.observation(seat))


def test_a_small_number_of_deals_weights_digits_by_the_deals_they_start() -> None:
    spiel = _load("ramen-tips", 3, deals=300)
    state = spiel.new_initial_state()
    first = dict(state.chance_outcomes())
    assert first == {0: pytest.approx(256 / 300), 1: pytest.approx(44 / 300)}
    state.apply_action(1)
    assert len(state.chance_outcomes()) == 44
    few = _load("ramen-ramen", 1, deals=3)
    assert few.max_chance_outcomes() == 3
    assert dict(few.new_initial_state().chance_outcomes()) == pytest.approx(
        {0: 1 / 3, 1: 1 / 3, 2: 1 / 3}
    )


def test_bad_parameters_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="deals must be at least 1"):
        _load("ramen-ramen", 2, deals=0)
    with pytest.raises(ValueError, match="reward must be one of"):
        _load("ramen-ramen", 2, reward="money")
    with pytest.raises(OptionError, match="for 1–4 players, not 9"):
        _load("ramen-ramen", 9)


@pytest.mark.parametrize(
    ("game", "players"),
    [("ramen-ramen", 2), ("ramen-fury", 3), ("ramen-tips", 3), ("rummikub", 2)],
)
def test_resampling_keeps_the_information_state(game: str, players: int) -> None:
    """OpenSpiel's ResampleInfostateTest: a state resampled for a player has the same
    information state string and tensor for that player and the same player to move."""
    spiel = _load(game, players)
    rng = np.random.default_rng(5)
    state = spiel.new_initial_state()
    n = 0
    while not state.is_terminal():
        if not state.is_chance_node() and n % 6 == 0:
            for p in range(players):
                sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
                other = state.resample_from_infostate(p, sampler)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                assert other.current_player() == state.current_player()
        _play(state, rng, until=1)
        n += 1


def test_information_state_hides_other_seats_secret_choices() -> None:
    spiel = _load("ramen-tips", 3)
    state = spiel.new_initial_state()
    for digit in (0, 0, 7):
        state.apply_action(digit)
    choice = state.legal_actions()[0]
    state.apply_action(choice)  # seat 0 chooses in secret
    assert state.information_state_string(0).endswith(f"0:{choice}")
    assert state.information_state_string(1).endswith("0:?")


def test_same_chance_and_actions_give_the_same_observations_and_returns() -> None:
    runs = []
    for _ in range(2):
        spiel = _load("ramen-fury", 2)
        state = spiel.new_initial_state()
        rng = np.random.default_rng(9)
        seen = []
        while not state.is_terminal():
            if not state.is_chance_node():
                seen.append(state.observation_string(state.current_player()))
            _play(state, rng, until=1)
        runs.append((seen, state.returns()))
    assert runs[0] == runs[1]


def test_openspiel_algorithms_run_on_a_gametable_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

    spiel = _load("ramen-ramen", 2, deals=2)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel)
    for _ in range(5):
        solver.iteration()
    policy = solver.average_policy()
    state = _play(spiel.new_initial_state(), np.random.default_rng(0), until=2)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    bot = ismcts.ISMCTSBot(
        game=spiel,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        uct_c=2.0,
        max_simulations=8,
        random_state=np.random.RandomState(0),
    )
    assert bot.step(state) in state.legal_actions()


def test_deal_k_is_gametable_seed_k() -> None:
    g = get_game("ramen-fury")
    spiel = _load("ramen-fury", 2, deals=256)
    state = spiel.new_initial_state()
    state.apply_action(77)
    assert str(state).startswith("deal=77 ")
    expected = g.new_state(2, seed=77).view(state.current_player())
    assert state._driver.view(state.current_player()) == expected


@pytest.mark.parametrize("game", ["ramen-ramen", "ramen-fury", "ramen-tips", "rummikub"])
def test_states_serialize_and_deserialize(game: str) -> None:
    spiel = _load(game, 2)
    state = _play(spiel.new_initial_state(), np.random.default_rng(2), until=30)
    again = spiel.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    player = state.current_player()
    assert again.observation_tensor(player) == state.observation_tensor(player)
    assert again.information_state_string(player) == state.information_state_string(player)


def test_states_and_their_clones_share_one_encoder_but_not_the_game() -> None:
    """A new state or a clone (as OpenSpiel's searches make by the thousand) reuses the
    game's encoder and its tables; the game in progress is its own."""
    spiel = _load("ramen-fury", 2)
    state = _play(spiel.new_initial_state(), np.random.default_rng(0), until=10)
    clone = state.clone()
    assert clone._driver.encoder is state._driver.encoder is spiel.prototype.encoder
    before = state.observation_tensor(state.current_player())
    _play(clone, np.random.default_rng(1), until=5)
    assert state.observation_tensor(state.current_player()) == before
