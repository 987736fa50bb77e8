"""Whole games and hypothesis properties: conservation, rejection without change, hidden
information, determinization and record replay."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rummikub_helpers import all_tiles_of, snapshot

from gametable.agents.base import make_agent
from gametable.agents.play import play_game
from gametable.core import records
from gametable.core.errors import IllegalAction
from gametable.core.rng import Rng
from gametable.games.rummikub import GAME, TIMEOUT, Play, make_play
from gametable.games.rummikub.state import check_play
from gametable.games.rummikub.tiles import ALL_TILES

SORTED_TILES = sorted(ALL_TILES)


def run_random_game(players: int, seed: int, **options):
    state = GAME.new_state(players, seed=seed, **options)
    rng = Rng(seed)
    steps = 0
    while not state.is_over:
        seat = state.current
        legal = state.legal_actions(seat)
        assert legal, "a seat to act always has a decision"
        action = legal[rng.randbelow(len(legal))]
        state.apply(seat, action)
        assert all_tiles_of(state) == SORTED_TILES
        steps += 1
        assert steps < 2000
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_random_games_account_for_all_106_tiles(players):
    for seed in range(3):
        state = run_random_game(players, seed)
        r = state.result()
        assert sum(r.scores) == 0
        assert min(r.ranks) == 1


def test_listed_plays_are_all_legal():
    state = GAME.new_state(3, seed=5)
    rng = Rng(9)
    checked = 0
    while not state.is_over:
        seat = state.current
        legal = state.legal_actions(seat)
        for a in legal:
            if isinstance(a, Play):
                check_play(
                    state.table, state.racks[seat], state.melded[seat], a.table, state.options
                )
                checked += 1
        state.apply(seat, legal[rng.randbelow(len(legal))])
    assert checked > 10


def _garbage_plays(state, rng: Rng):
    """Plays that must be illegal: a table tile dropped, a tile not on the rack added,
    a two-tile set, nothing laid."""
    seat = state.current
    out = []
    if state.table:
        i = rng.randbelow(len(state.table))
        s = state.table[i]
        out.append(make_play([*state.table[:i], *state.table[i + 1 :]]))
        if len(s) > 3:
            out.append(make_play([*state.table[:i], s[:-1], *state.table[i + 1 :]]))
        out.append(make_play(state.table))  # nothing laid
    rack = state.racks[seat]
    absent = [c for c in range(52) if rack[c] == 0]
    if absent:
        c = absent[rng.randbelow(len(absent))]
        out.append(make_play([*state.table, (c,)]))
    have = [c for c in range(52) if rack[c]]
    if len(have) >= 2:
        out.append(make_play([*state.table, (have[0], have[1])]))
    return out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 60))
def test_illegal_plays_are_rejected_with_the_state_unchanged(seed, players, steps):
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions(state.current)
        state.apply(state.current, legal[rng.randbelow(len(legal))])
    if state.is_over:
        return
    for bad in _garbage_plays(state, rng):
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(state.current, bad)
        assert snapshot(state) == before
    # the wrong seat is rejected too
    other = (state.current + 1) % players
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(other, state.legal_actions(state.current)[0])
    assert snapshot(state) == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 40))
def test_views_hide_racks_and_pool_and_determinize_agrees(seed, players, steps):
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions(state.current)
        state.apply(state.current, legal[rng.randbelow(len(legal))])
    for seat in range(players):
        view = state.view(seat)
        json.dumps(view)
        for k in ("game", "players", "seat", "to_act", "phase"):
            assert k in view
        # another state differing only in what this seat cannot see has the same view
        other = GAME.determinize(view, Rng(seed + 1))
        assert other.view(seat) == view
        assert all_tiles_of(other) == SORTED_TILES
        for s in range(players):
            if s != seat:
                assert sum(other.racks[s]) == sum(state.racks[s])
    spectator = state.view(None)
    assert spectator["rack"] is None
    text = json.dumps(spectator)
    # a spectator's view names no rack tile beyond the table and the last action
    assert "racks" not in spectator or state.is_over
    assert len(text) < 20_000


def test_view_of_a_seat_does_not_show_other_racks():
    state = GAME.new_state(2, seed=1)
    v0 = state.view(0)
    changed = state.clone()
    changed.racks[1], changed.pool = changed.racks[1][:], changed.pool[::-1]
    assert changed.view(0) == v0
    assert changed.view(1)["rack"] == state.view(1)["rack"]
    assert changed.view(0)["rack_sizes"] == v0["rack_sizes"]


def test_determinize_samples_vary_the_hidden_tiles_only():
    state = GAME.new_state(3, seed=4)
    view = state.view(0)
    a = GAME.determinize(view, Rng(1))
    b = GAME.determinize(view, Rng(2))
    assert a.racks[0] == b.racks[0] == state.racks[0]
    assert a.racks[1] != b.racks[1] or a.pool != b.pool


@pytest.mark.parametrize("seats", [("random", "greedy"), ("solver", "greedy", "random")])
def test_record_replay_reproduces_the_result(seats):
    agents = [make_agent(GAME, name, seat) for seat, name in enumerate(seats)]
    record = play_game(GAME, agents, seed=21, agent_seed=21)
    loaded = records.from_json(json.loads(record.dumps()))
    final = records.replay(loaded)
    assert final.is_over
    assert final.result() == record.result


def test_timer_games_replay_with_timeouts():
    state = GAME.new_state(2, seed=3, turn_seconds=60)
    rec = records.Recorder(GAME, 2, 3, turn_seconds=60)
    timeout = rec.state.timeout_action(rec.state.current)
    assert timeout is not None
    rec.apply(rec.state.current, timeout)
    loaded = records.from_json(json.loads(rec.record.dumps()))
    replayed = records.replay(loaded)
    assert sum(replayed.racks[state.current]) == 17


def test_golden_transcript_of_a_seeded_random_game():
    """Pins the deal, the first player and the listed decisions of seed 7 (2 players)."""
    state = GAME.new_state(2, seed=7)
    assert state.setup["first_draws"] == [["O3", "O11"]]  # seat 1 drew 11: it starts
    rng = Rng(7)
    transcript = []
    for _ in range(10):
        seat = state.current
        legal = state.legal_actions(seat)
        action = legal[rng.randbelow(len(legal))]
        transcript.append((seat, len(legal), GAME.format_action(action)))
        state.apply(seat, action)
    assert transcript == [
        (1, 2, "= K10 R10 B10"),
        (0, 1, "draw"),
        (1, 1, "draw"),
        (0, 1, "draw"),
        (1, 2, "draw"),
        (0, 1, "draw"),
        (1, 2, "draw"),
        (0, 1, "draw"),
        (1, 2, "= K10 R10 B10 O10"),
        (0, 1, "draw"),
    ]


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_every_flag_on(players):
    flags = {
        "initial_meld_allows_manipulation": True,
        "joker_group3_needs_both_colours": True,
        "freed_joker_needs_rack_tile": True,
        "joker_penalty": 100,
        "turn_seconds": 45,
    }
    for seed in range(3):
        state = run_random_game(players, seed, **flags)
        assert sum(state.result().scores) == 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 80))
def test_the_history_is_the_whole_game_and_each_seat_knows_only_its_own_draws(
    seed, players, steps
):
    """Issue 29: a view carries the whole game's story, one event per decision (and the
    end); the tiles a seat drew are named to that seat only, and a state sampled from a
    seat's view tells that seat the same story."""
    state = GAME.new_state(players, seed=seed, turn_seconds=60)
    rng = Rng(seed)
    decisions = 0
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions(state.current)
        action = TIMEOUT if rng.randbelow(9) == 0 else legal[rng.randbelow(len(legal))]
        state.apply(state.current, action)
        decisions += 1
    for seat in [*range(players), None]:
        history = state.view(seat)["history"]
        assert len(history) == decisions + (1 if state.is_over else 0)
        assert [e["turn"] for e in history[:decisions]] == list(range(1, decisions + 1))
        for event in history:
            if "tiles" in event:
                assert seat is not None and event["seat"] == seat
            elif event["kind"] == "draw" and event["seat"] == seat:
                raise AssertionError("a seat's own draw is told without its tile")
        if seat is not None and not state.is_over:
            sampled = GAME.determinize(state.view(seat), Rng(seed + 3))
            assert sampled.view(seat)["history"] == history
