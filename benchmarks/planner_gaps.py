"""Where the solo planner loses: its choices against a long search of every candidate.

For play decisions of solo Ramen! Ramen! games (positions from games the planner plays
itself at ``--position-seconds`` per turn, seeds F … F+G-1, every ``--every``-th play
decision), the planner chooses at its play budget (``--seconds`` per turn: the play's search
gets what the clock gives it) with each ``--widths`` candidate list, and a reference search
compares every distinct candidate of the position for ``--reference-seconds`` with the same
pruning (the planner's choices never pruned). The reference's best candidate and each
choice are then scored again on fresh deck samples (``--evaluation-samples``), so the
reported gap (the reference's best minus the choice, in points of the rollout policy's
final score) carries no winner's curse.

A gap per decision splits into what the candidate list missed (the reference's best is not
among the planner's candidates: ``outside``) and what the planner's samples missed (the
best of the first 16 candidates against the choice: ``sampling``). Gaps are in the rollout
policy's points (a candidate's mean score when the policy plays the rest of the game), the
planner's own yardstick; the planner's real score is measured by ``bench_search.py``.

    python benchmarks/planner_gaps.py --first-seed 710000 --games 20 --every 5

(about 15 minutes on two cores: 104 decisions).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from multiprocessing import Pool
from typing import Any

from gametable.agents.clock import TurnClock
from gametable.core.compiled import compiled_module
from gametable.core.game import Action, View
from gametable.core.registry import get_game
from gametable.core.rng import Rng
from gametable.games.ramen_ramen.planner import (
    _COMPILED,
    MAX_WIDTH,
    PLAY_SHARE,
    PlannerAgent,
    _root,
)


def positions(job: tuple[int, float]) -> list[tuple[View, list[Action]]]:
    """The play decisions (more than one legal action) of one planner game."""
    seed, seconds = job
    game = get_game("ramen-ramen")
    state = game.new_state(1, seed)
    agent = PlannerAgent(game, 0, seconds=seconds)
    rng = Rng(seed)
    found = []
    while not state.is_over:
        view = state.view(0)
        legal = list(state.legal_actions(0))
        if view["phase"] == "play" and len(legal) > 1:
            found.append((view, legal))
        state.apply(0, agent.act(view, legal, rng))
    return found


def analyse(job: tuple[View, list[Action], int, dict[str, Any]]) -> dict[str, Any]:
    """The gaps of one decision (see the module docstring)."""
    view, legal, seed, opts = job
    game = get_game("ramen-ramen")
    from gametable.games.ramen_ramen.planner_fast import Rollouts

    root, unseen = _root(view)
    size = view["deck_size"]
    play_seconds = TurnClock(opts["seconds"]).usable * PLAY_SHARE
    every = PlannerAgent(game, 0, seconds=opts["seconds"], width=MAX_WIDTH)
    candidates = every._candidates(root, "play", legal, size)
    keys = [(a, t) for a, _, t in candidates]
    chosen = {}
    for width in opts["widths"]:
        agent = PlannerAgent(game, 0, seconds=opts["seconds"], width=width)
        mine = agent._candidates(root, "play", legal, size)
        deadline = time.perf_counter() + play_seconds
        a, _, t = agent._search(root, "play", mine, unseen, size, random.Random(seed), deadline)
        chosen[width] = keys.index((a, t))
    rollouts = Rollouts(every.flats, every.lookahead, every.noise)

    def start(among: list[int], deck_seed: int) -> None:
        """The candidates numbered ``among`` as the rollouts' candidates, in that order."""
        plays = []
        for i in among:
            _, play, take = candidates[i]
            assert play is not None  # every candidate of a play decision is a play
            plays.append((play.placements, take))
        rollouts.set_root(
            root.hand, root.fridge, root.sums, root.masks, root.score,
            unseen, size, False, plays, deck_seed,
        )  # fmt: skip

    start(list(range(len(candidates))), seed + 1)
    keep = set(chosen.values())
    alive = list(range(len(candidates)))
    done = 0
    end = time.perf_counter() + opts["reference_seconds"]
    while time.perf_counter() < end and len(alive) > len(keep):
        for _ in range(4):
            rollouts.sample(alive)
        done += 4
        if done >= 8:
            alive = sorted(set(rollouts.prune(alive)) | keep)
    totals = rollouts.totals()
    best = max(alive, key=lambda i: totals[i])
    first = [i for i in alive if i < 16] or [min(chosen.values())]
    best16 = max(first, key=lambda i: totals[i])
    scored = sorted({best, best16, *chosen.values()})
    start(scored, seed + 2)
    n = opts["evaluation_samples"]
    for _ in range(n):
        rollouts.sample(list(range(len(scored))))
    mean = {i: total / n for i, total in zip(scored, rollouts.totals(), strict=True)}
    return {
        "candidates": len(candidates),
        "reference_samples": done,
        "outside": best >= 16,
        "gap": {w: mean[best] - mean[i] for w, i in chosen.items()},
        "sampling": mean[best16] - mean[chosen[16]] if 16 in chosen else None,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first-seed", type=int, default=710000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--every", type=int, default=5, help="every N-th play decision")
    parser.add_argument("--position-seconds", type=float, default=0.15)
    parser.add_argument("--seconds", type=float, default=1.0, help="the planner's turn")
    parser.add_argument("--reference-seconds", type=float, default=6.0)
    parser.add_argument("--evaluation-samples", type=int, default=6000)
    parser.add_argument("--widths", default="16,48,256")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if compiled_module(_COMPILED) is None:
        parser.error("the compiled rollouts are not built (pip install -e . with a C compiler)")
    widths = [int(w) for w in args.widths.split(",")]
    if not all(1 <= w <= MAX_WIDTH for w in widths):
        parser.error(f"--widths: each from 1 to {MAX_WIDTH}")
    opts = {
        "seconds": args.seconds,
        "reference_seconds": args.reference_seconds,
        "evaluation_samples": args.evaluation_samples,
        "widths": widths,
    }
    seeds = range(args.first_seed, args.first_seed + args.games)
    with Pool(args.workers) as pool:
        games = pool.map(positions, [(s, args.position_seconds) for s in seeds])
        jobs = [
            (view, legal, 1000 * g + k, opts)
            for g, found in enumerate(games)
            for k, (view, legal) in enumerate(found)
            if k % args.every == g % args.every
        ]
        results = pool.map(analyse, jobs, chunksize=1)
    per_game = statistics.mean(len(found) for found in games)
    n = len(results)
    print(
        f"\nSolo planner's gaps: {n} play decisions of seeds {seeds[0]}–{seeds[-1]} "
        f"(every {args.every}th; {per_game:.1f} per game), {args.seconds:g} s per turn, "
        f"reference {args.reference_seconds:g} s "
        f"(median {statistics.median(r['reference_samples'] for r in results):.0f} samples), "
        f"{statistics.mean(r['candidates'] for r in results):.0f} candidates on average"
    )
    print("\n| candidates | gap per decision | ± 1 s.e. | per game | choice not the best |")
    print("|---|---|---|---|---|")
    for w in widths:
        gaps = [r["gap"][w] for r in results]
        se = statistics.stdev(gaps) / n**0.5 if n > 1 else float("nan")
        worse = sum(g > 0.05 for g in gaps)
        print(
            f"| {w} | {statistics.mean(gaps):.4f} | {se:.4f} | "
            f"{statistics.mean(gaps) * per_game:.2f} | {worse} of {n} by > 0.05 |"
        )
    if 16 in widths:
        sampling = statistics.mean(r["sampling"] for r in results)
        outside = sum(r["outside"] for r in results)
        print(
            f"\nWidth 16: the reference's best is outside the first 16 in {outside} of {n}; "
            f"the samples' share of the gap: {sampling:.4f} per decision"
        )


if __name__ == "__main__":
    main()
