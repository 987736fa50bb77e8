"""The encoders: no leak of hidden information, masks that are exactly the legal decisions,
observations within their documented bounds, fixed action meanings."""

from __future__ import annotations

import numpy as np
import pytest
from envs_helpers import CASE_IDS, CASES, random_positions
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.core import Rng, get_game
from gametable.envs.driver import GameDriver
from gametable.envs.encoding import Delegate, Layout, encoder_names, get_encoder


def test_every_registered_game_has_an_encoder() -> None:
    from gametable.core import all_games

    assert encoder_names() == sorted(g.name for g in all_games())


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_no_leak_states_differing_in_hidden_cards_give_the_same_observation(
    game: str, players: int
) -> None:
    """Two states that differ only in what a seat cannot see (``Game.determinize`` of the
    seat's view redeals every hidden card) give that seat the same observation vector and,
    when it is to act, the same legal action ids."""
    g = get_game(game)
    encoder = get_encoder(g, players, g.resolve_options(players))
    checked = 0
    for seed in range(2):
        every = 9 if game == "rummikub" else 4
        for state in random_positions(game, players, seed, every=every):
            for seat in range(players):
                view = state.view(seat)
                other = g.determinize(view, Rng(f"leak:{seed}:{checked}"))
                np.testing.assert_array_equal(
                    encoder.encode(other.view(seat)), encoder.encode(view), err_msg=f"seat {seat}"
                )
                if seat in state.to_act and not state.is_over:
                    mine = encoder.legal(seat, view, state.legal_actions(seat))
                    theirs = encoder.legal(seat, other.view(seat), other.legal_actions(seat))
                    assert sorted(mine) == sorted(theirs)
                checked += 1
    assert checked > 20


def test_no_leak_the_encoder_reads_nothing_the_view_hides() -> None:
    """The hidden parts really differ between such pairs (so the test above can fail):
    another seat's hand changes while the observation does not."""
    g = get_game("ramen-ramen")
    state = g.new_state(2, seed=3)
    other = g.determinize(state.view(0), Rng(1))
    assert other.view(1)["hand"] != state.view(1)["hand"]


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_mask_is_exactly_the_legal_decisions(game: str, players: int) -> None:
    """Enumerable games: one id per legal action, each mapping back to that action.
    Rummikub: every id in the mask plays legally (the game accepts it)."""
    g = get_game(game)
    encoder = get_encoder(g, players, g.resolve_options(players))
    for state in random_positions(game, players, seed=7, every=1 if game != "rummikub" else 3):
        if state.is_over:
            assert encoder.legal(0, state.view(0), []) == {}
            continue
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        found = encoder.legal(seat, state.view(seat), legal)
        assert all(0 <= i < encoder.num_actions for i in found)
        if g.info.enumerable_actions:
            assert len(found) == len(set(legal))
            assert set(found.values()) == set(legal)
        else:
            for action_id, action in _sampled(found, state.turn):
                if isinstance(action, Delegate):
                    action = action.resolve(Rng(action_id))
                trial = state.clone()
                trial.apply(seat, action)  # raises IllegalAction if the mask lied


def _sampled(found: dict, turn: int) -> list:  # type: ignore[type-arg]
    """Every id of the mask, but the three bot ids (whose answers take milliseconds and
    which check their own plays) only at one position in five."""
    from gametable.envs.encoders.rummikub import GREEDY, SOLVER, SOLVER_JOKERS

    bots = {SOLVER, SOLVER_JOKERS, GREEDY}
    return [(i, a) for i, a in found.items() if i not in bots or turn % 5 == 0]


@pytest.mark.parametrize(
    "options",
    [
        {"initial_meld_allows_manipulation": True},
        {"joker_group3_needs_both_colours": True, "freed_joker_needs_rack_tile": True},
    ],
)
def test_rummikub_macro_actions_stay_legal_under_the_rules_flags(options: dict) -> None:
    g = get_game("rummikub")
    encoder = get_encoder(g, 3, g.resolve_options(3, options))
    tried = 0
    for seed in (1, 2):
        for state in random_positions("rummikub", 3, seed, every=3, **options):
            if state.is_over:
                continue
            seat = state.to_act[0]
            found = encoder.legal(seat, state.view(seat), state.legal_actions(seat))
            for action_id, action in _sampled(found, state.turn):
                if isinstance(action, Delegate):
                    action = action.resolve(Rng(action_id))
                state.clone().apply(seat, action)
                tried += 1
    assert tried > 50


def test_rummikub_adds_a_tile_to_the_first_set_it_extends_and_lays_new_sets() -> None:
    g = get_game("rummikub")
    encoder = get_encoder(g, 2, g.resolve_options(2))
    state = g.new_state(2, seed=0)
    view = state.view(state.to_act[0])
    view = {
        **view,
        "rack": ["R1", "R2", "R3", "K5", "J"],
        "table": [["B4", "B5", "B6"], ["K7", "R7", "O7"]],
        "melded": [True, True],
    }
    seat = view["seat"]
    found = encoder.legal(seat, view, state.legal_actions(seat))
    from gametable.envs.encoders.rummikub import ADD_TILE, NEW_RUN, RUN_INDEX

    assert NEW_RUN + RUN_INDEX[1, 1, 3] in found  # R1 R2 R3 as a new run
    joker = g.format_action(found[ADD_TILE + 52].resolve(Rng(0)))
    assert sorted(joker[2:].split(" | ")) == ["B4 B5 B6 J=B7", "K7 R7 O7"]
    assert ADD_TILE + 4 not in found  # K5 extends nothing


@pytest.mark.parametrize(("game", "players"), [(g, p) for g, p in CASES if p <= 3], ids=str)
def test_every_action_id_has_a_fixed_label(game: str, players: int) -> None:
    g = get_game(game)
    encoder = get_encoder(g, players, g.resolve_options(players))
    labels = [encoder.action_label(0, a) for a in range(encoder.num_actions)]
    assert all(isinstance(x, str) and x for x in labels)
    with pytest.raises(ValueError, match=r"no .* action id"):
        encoder.action_label(0, encoder.num_actions)


def test_layout_names_every_slice_and_describes_vectors() -> None:
    layout = Layout()
    layout.add("hand", 3, "cards", ["A", "B", "C"])
    layout.add("size", 1, "deck / 10")
    v = np.array([1, 0, 1, 0.5], np.float32)
    assert layout.describe(v) == "hand: A C | size: 0=0.5"
    assert layout["hand"].stop == 3
    assert "| `size` | 3–3 | 1 | deck / 10 |" in layout.markdown()
    with pytest.raises(ValueError, match="defined twice"):
        layout.add("hand", 1, "again")
    with pytest.raises(KeyError, match="no slice"):
        layout["nothing"]


@settings(max_examples=15, deadline=None)
@given(
    case=st.sampled_from([c for c in CASES if c[0] != "rummikub"]),
    seed=st.integers(0, 10_000),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
)
def test_property_observations_stay_in_bounds_and_masks_match_legal_counts(
    case: tuple[str, int], seed: int, picks: list[int]
) -> None:
    game, players = case
    driver = GameDriver(game, players)
    driver.reset(seed)
    low, high = driver.encoder.layout.bounds()
    for pick in picks:
        if driver.is_over:
            break
        for seat in range(players):
            obs = driver.observation(seat)
            assert obs.dtype == np.float32 and obs.shape == low.shape
            assert np.all(obs >= low) and np.all(obs <= high)
        seat = driver.to_act[0]
        ids = driver.legal_ids(seat)
        assert int(driver.mask(seat).sum()) == len(ids) == len(set(driver.live.legal_actions(seat)))
        driver.step(seat, ids[pick % len(ids)])


def test_a_solo_game_with_nine_served_bowls_of_a_kind_stays_in_bounds() -> None:
    """Random solo game 231 serves nine bowls of three ingredients: the count / 8 entry
    is clipped at 1 (it was 1.125, outside the observation space, and PettingZoo's API
    test failed on the games that reached it), the same on the view path and the fast."""
    from collections import Counter

    game = get_game("ramen-ramen")
    encoder = get_encoder(game, 1, game.resolve_options(1))
    low, high = encoder.layout.bounds()
    for state in random_positions("ramen-ramen", 1, 231):
        for obs in (encoder.encode(state.view(0)), encoder.encode_state(state, 0)):
            assert np.all(obs >= low) and np.all(obs <= high)
    kinds = Counter(len({card >> 3 for card in bowl}) for bowl in state.served[0])
    assert kinds[3] == 9
    types = encoder.layout["open_served_types"]
    assert obs[types.start + 2] == 1.0


def test_docs_show_every_game_s_observation_layout() -> None:
    """docs/envs.md lists each layout exactly as the code builds it."""
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "envs.md").read_text(encoding="utf-8")
    for game, players in (
        ("ramen-ramen", 2),
        ("ramen-fury", 2),
        ("ramen-tips", 3),
        ("rummikub", 2),
    ):
        g = get_game(game)
        encoder = get_encoder(g, players, g.resolve_options(players))
        assert encoder.layout.markdown() in docs, game
        assert f"Observation: {encoder.size} floats." in docs


def test_ramen_ramen_maps_each_action_when_the_counts_disagree() -> None:
    """The view-derived ids are used only when they are as many as the game's legal
    actions; otherwise every legal action is mapped through its notation."""
    g = get_game("ramen-ramen")
    encoder = get_encoder(g, 2, g.resolve_options(2))
    state = g.new_state(2, seed=4)
    seat = state.to_act[0]
    legal = list(state.legal_actions(seat))
    full = encoder.legal(seat, state.view(seat), legal)
    part = encoder.legal(seat, state.view(seat), legal[:5])
    assert isinstance(part, dict) and len(part) == 5
    assert all(full[i] == a for i, a in part.items())
    with pytest.raises(KeyError):
        full[42]  # a take id during the play step
