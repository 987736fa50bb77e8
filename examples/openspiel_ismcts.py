"""OpenSpiel's information-set MCTS playing 2-player Ramen! Ramen! against ``random``.

Everything here is OpenSpiel's own code running on the gametable game registered by
``gametable.envs.openspiel``: the game is loaded with ``pyspiel.load_game``, the bot is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts, and each search
resamples the hidden cards through the game's ``resample_from_infostate`` (gametable's
``Game.determinize`` of the seat's view), so the bot never sees the opponent's hand.

Run (about half a minute on one core with the defaults):

    python examples/openspiel_ismcts.py --games 6 --simulations 100

Optionally ``--mccfr N`` first runs N iterations of OpenSpiel's outcome-sampling MCCFR on a
tiny variant (``deals=2``: only two possible deals) and prints how many information
states it has visited.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

import gametable.envs.openspiel  # noqa: F401  (registers python_gametable_*)


def play(game, bot, bot_seat: int, rng: np.random.Generator) -> list[float]:  # type: ignore[no-untyped-def]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == bot_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return list(state.returns())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--game", default="python_gametable_ramen_ramen")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations per move")
    parser.add_argument("--mccfr", type=int, default=0, help="outcome-sampling MCCFR iterations")
    args = parser.parse_args()

    if args.mccfr:
        tiny = pyspiel.load_game(args.game, {"deals": 2})
        solver = outcome_sampling_mccfr.OutcomeSamplingSolver(tiny)
        start = time.perf_counter()
        for _ in range(args.mccfr):
            solver.iteration()
        print(
            f"outcome-sampling MCCFR: {args.mccfr} iterations on {args.game} with deals=2 in "
            f"{time.perf_counter() - start:.1f}s, {len(solver._infostates)} information states"
        )

    game = pyspiel.load_game(args.game)
    rng = np.random.default_rng(0)
    wins, margin = 0.0, 0.0
    start = time.perf_counter()
    for g in range(args.games):
        seat = g % 2  # alternate seats
        bot = ismcts.ISMCTSBot(
            game=game,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(g)),
            uct_c=2.0,
            max_simulations=args.simulations,
            random_state=np.random.RandomState(g),
        )
        returns = play(game, bot, seat, rng)
        mine, theirs = returns[seat], returns[1 - seat]
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        margin += mine - theirs
        print(f"game {g + 1}: ISMCTS (seat {seat}) {mine:g} – random {theirs:g}", flush=True)
    print(
        f"ISMCTS won {wins:g} of {args.games} games against random, mean margin "
        f"{margin / args.games:+.1f} points ({time.perf_counter() - start:.0f}s)"
    )


if __name__ == "__main__":
    main()
