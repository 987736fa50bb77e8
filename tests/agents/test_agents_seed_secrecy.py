"""The seed is the deal: nothing a seat sees, bots' streams included, may lead back to it
(issue 12.1; the invariant is written in :mod:`gametable.core.rng`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from gametable.agents import RandomAgent, play_game
from gametable.core import Action, Rng, View, all_games, derive_seed, get_game

GAMES = [game.name for game in all_games()]


class Spy:
    """A bot that keeps everything it could learn: its first view and the first numbers
    of its own random stream (which it then plays from, as a random bot)."""

    name = "spy"

    def __init__(self) -> None:
        self.view: View | None = None
        self.draws: list[int] = []

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        if not self.draws:
            self.view = view
            self.draws = [rng.next64() for _ in range(3)]
        return legal[rng.randbelow(len(legal))]


# Every way a stream could have been derived from a seed (the one play_game used before
# issue 12.1 comes first).
DERIVATIONS: list[Callable[[int, int], Rng]] = [
    lambda seed, seat: Rng(f"agents:{seed}").spawn(seat),
    lambda seed, seat: Rng(seed).spawn(seat),
    lambda seed, seat: Rng(derive_seed(seed, "agents")).spawn(seat),
    lambda seed, seat: Rng(seed),
]


def seeds_matching_the_stream(draws: list[int], seat: int, candidates: range) -> list[int]:
    """The audit's attack: seeds whose derived stream gives the bot's own numbers."""
    found = []
    for seed in candidates:
        for derive in DERIVATIONS:
            stream = derive(seed, seat)
            if [stream.next64() for _ in draws] == draws:
                found.append(seed)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_cannot_recover_the_deal_seed_from_its_own_stream(name: str) -> None:
    game = get_game(name)
    players = max(game.min_players, 2)
    seed = 1234
    spy = Spy()
    record = play_game(game, [spy, *(RandomAgent() for _ in range(players - 1))], seed=seed)
    assert spy.view is not None and spy.draws
    seat = spy.view["seat"]
    # The range holds the seed: had the stream come from it, the attack would find it.
    assert seeds_matching_the_stream(spy.draws, seat, range(seed - 1000, seed + 1000)) == []
    # What the attack was after: the seed gives the whole deal.
    assert game.new_state(players, seed).setup == record.setup


def test_the_same_deal_gives_independent_bot_streams_in_interactive_play() -> None:
    game = get_game("ramen-ramen")
    spies = [Spy(), Spy()]
    deals = [play_game(game, [spy, RandomAgent()], seed=99).setup for spy in spies]
    assert deals[0] == deals[1]
    assert spies[0].draws != spies[1].draws


def test_a_seeded_job_reproduces_its_bots_from_its_own_seed() -> None:
    game = get_game("ramen-fury")
    job_seed = derive_seed("organiser's secret", 7)
    records = [
        play_game(game, [RandomAgent(), RandomAgent()], seed=5, agent_seed=job_seed).dumps()
        for _ in range(2)
    ]
    assert records[0] == records[1]
    from gametable.agents import agent_streams

    streams = agent_streams(2, job_seed)
    assert [s.next64() for s in streams] == [s.next64() for s in agent_streams(2, job_seed)]


def test_fresh_seeds_are_64_bit_and_unpredictable() -> None:
    from gametable.core import fresh_seed

    seeds = {fresh_seed() for _ in range(16)}
    assert len(seeds) == 16 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**32  # 16 draws all below 2**32: probability 2**-512
