"""Information-set Monte Carlo tree search over determinizations, for every game.

:class:`ISMCTSAgent` is the search of Cowling, Powley & Whitehouse (2012, "Information Set
Monte Carlo Tree Search"), on the core interface only:

- once per decision the agent asks the game for a sampler of states consistent with its
  own view (:meth:`~gametable.core.Game.determinizer`); every iteration draws one such
  state, so the search never reads the true state — hidden cards are whatever the sample
  says;
- one tree is shared by all samples. A node is a decision point; it keeps, *per seat
  to act*, the visits, summed rewards and availability of each action (an action that is
  legal in only some samples is judged against the samples where it was available, the
  "availability count" of the paper);
- several seats in ``to_act`` at once (the tips game's simultaneous secret choice) choose
  *decoupled*: each seat selects from its own statistics at the node, without knowing the
  others' choices, and the child is the node of the joint choice;
- games whose ``legal_actions`` is not exhaustive (``GameInfo.enumerable_actions`` false,
  e.g. Rummikub) search among the listed decisions, and at the root also among the
  decisions the game's own bots propose for the view (for Rummikub, the exact solver's
  rearrangement), so the search is never weaker in choice than the game's best bot;
- a playout finishes the game with a *fast playout policy* when one of the game's bots
  offers one (``rollout="auto"``, the default: a bot with a method
  ``playout_action(state, seat, rand)`` deciding on a full state — in a search that state
  is always a sample drawn from the searcher's view), else with random legal decisions
  (``rollout="random"``), or with one of the game's bots deciding from views
  (``rollout="greedy"`` …, much slower);
- a bot offering a fast playout policy may also offer ``playout(state, rand, depth)``,
  which plays that policy on from ``state`` for every seat (to the end, or ``depth``
  decisions) and must leave exactly the state the decision-by-decision loop leaves — a
  speed-up only (Ramen! Ramen!'s planner skips re-checking decisions it builds legal);
- a bot offering a fast playout policy may also offer ``playout_value(state)``, an
  estimate per seat of the reward a finished game would give (the share of the other
  seats beaten, in [0, 1]), and a default ``playout_depth``: a playout then stops after
  that many decisions and the estimate stands in for the end of the game (the
  ``playout_depth`` parameter overrides it; 0 values the first new node at once);
- rewards are per seat and in [0, 1]: the share of the other seats beaten (a tie counts
  half), plus ``score_weight`` times the score lead over the others' mean, scaled by
  the largest score seen; a one-player game rewards its score, scaled the same way.

Each iteration clones one sampled state (the sampler builds a fresh state per sample),
and the tree holds only statistics — no state is stored in nodes and nothing is deep
copied per node.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from gametable.agents.clock import TurnClock
from gametable.core.errors import IllegalAction
from gametable.core.game import Action, Game, Score, State, View
from gametable.core.rng import Rng

K = TypeVar("K")

_MIN_ROUNDS = 8
"""Paired root: rounds before the first pruning."""


class _Node:
    """A decision point: per-seat action statistics and the children by joint choice."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        # seat -> action -> [visits, reward sum, availability]
        self.stats: dict[int, dict[Action, list[float]]] = {}


class SearchStats:
    """What the last search did: iterations, seconds, and the root statistics."""

    __slots__ = ("iterations", "root", "seconds")

    def __init__(self) -> None:
        self.iterations = 0
        self.seconds = 0.0
        self.root: dict[Action, tuple[int, float]] = {}
        """Root action -> (visits, mean reward) for the searching seat."""

    def __repr__(self) -> str:
        return f"SearchStats(iterations={self.iterations}, seconds={self.seconds:.3f})"


class ISMCTSAgent:
    """Information-set MCTS over determinizations (see the module docstring).

    Parameters:

    - ``iterations``: playouts per decision (default 1000 when ``seconds`` is not given);
    - ``seconds``: thinking time per turn, kept as a promise (when both are given,
      whichever ends first): a turn of several decisions shares it as the game's
      :meth:`~gametable.core.game.Game.turn_step` says, with a safety margin
      (:mod:`gametable.agents.clock`);
    - ``exploration``: the UCB constant (default 0.7, rewards being in [0, 1]);
    - ``rollout``: ``"auto"`` (default: a bot's fast ``playout_action`` if the game has
      one, else random), ``"random"``, or the name of one of the game's bots;
    - ``score_weight``: weight of the score lead in the reward (default 0.25);
    - ``playout_depth``: decisions after which a playout stops and is valued by the
      playout bot's ``playout_value`` (default: that bot's own ``playout_depth``, or
      play to the end when it offers none);
    - ``bot_candidates``: add the game bots' proposals to the root's choices (default:
      only in games whose actions are not all listed);
    - ``paired_root``: search the root with paired samples — each sample played for every
      root action still in the running, actions three standard errors behind the leader
      dropped, the best mean chosen; with a fast playout policy, that policy's own choice
      is kept unless another is better by two standard errors (default: on when the game
      offers a fast playout policy, else UCB and the most visited action).
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "auto",
        score_weight: float = 0.25,
        bot_candidates: bool | None = None,
        paired_root: bool | None = None,
        playout_depth: int | None = None,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        if exploration < 0:
            raise ValueError(f"exploration must not be negative, got {exploration}")
        if playout_depth is not None and playout_depth < 0:
            raise ValueError(f"playout_depth must not be negative, got {playout_depth}")
        if iterations is None and seconds is None:
            iterations = 1000
        self.game = game
        self.seat = seat
        self.iterations = iterations
        self.seconds = seconds
        self.clock = None if seconds is None else TurnClock(seconds)
        self._timed_bots: dict[str, bool] | None = None
        self.exploration = exploration
        self.score_weight = score_weight
        self.paired_root = False
        self.bot_candidates = (
            not game.info.enumerable_actions if bot_candidates is None else bot_candidates
        )
        self._rollout_bots: dict[int, Any] | None = None
        self._fast: Callable[[State, int, Callable[[], float]], Action] | None = None
        self._value: Callable[[State], Sequence[float]] | None = None
        self._finish: Callable[[State, Callable[[], float], int | None], None] | None = None
        self.playout_depth: int | None = None
        if rollout == "auto":
            rollout = "random"
            for name, factory in game.bots.items():
                if callable(getattr(factory, "playout_action", None)):
                    from gametable.agents.base import make_agent

                    bot = make_agent(game, name, seat)
                    self._fast = bot.playout_action  # type: ignore[attr-defined]
                    self._value = getattr(bot, "playout_value", None)
                    self._finish = getattr(bot, "playout", None)
                    if self._value is not None:
                        self.playout_depth = getattr(bot, "playout_depth", None)
                    rollout = name
                    break
        elif rollout != "random":
            if rollout not in game.bots or rollout in ("ismcts", "random"):
                known = ", ".join(["auto", "random", *(b for b in game.bots if b != "ismcts")])
                raise ValueError(f"no rollout policy {rollout!r} for {game.name} (known: {known})")
            self._rollout_bots = {}
        self.rollout = rollout
        if playout_depth is not None:
            if self._value is None:
                raise ValueError(
                    f"playout_depth needs a playout policy that values positions; "
                    f"{game.name}'s {rollout!r} playouts do not"
                )
            self.playout_depth = playout_depth
        self.paired_root = self._fast is not None if paired_root is None else paired_root
        self.last = SearchStats()
        if self.clock is not None and self.bot_candidates:
            # build the candidate bots once now, so that what they set up on first use
            # (Rummikub's LP model) is not paid for inside a timed turn
            self._candidate_bots(None)

    # -- the decision ---------------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        """The most visited root action after the search budget is spent."""
        started = time.perf_counter()
        deadline = None if self.clock is None else self.clock.deadline(self.game, view)
        if len(legal) == 1 and not self.bot_candidates:
            return legal[0]
        seat = self.seat if view.get("seat") is None else int(view["seat"])
        candidates = list(legal)
        if self.bot_candidates:
            candidates = self._with_bot_candidates(view, candidates, rng, deadline)
        if len(candidates) == 1:
            return candidates[0]
        sample = self.game.determinizer(view)
        root = _Node()
        root.stats[seat] = {}
        limit = self.iterations
        lo_hi = [math.inf, -math.inf]
        done = 0
        # Playouts draw from a Mersenne Twister seeded from ``rng``: the same ``rng`` gives
        # the same search, and it is several times faster than the pure-Python Rng.
        fast = random.Random(rng.next64()).random
        paired: dict[Action, list[float]] | None = None
        incumbent: Action | None = None
        alive = candidates
        if self.paired_root:
            paired = {a: [] for a in candidates}
            rounds = 0
            while len(alive) > 1:
                if limit is not None and done >= limit:
                    break
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                base = sample(rng)
                if rounds == 0 and self._fast is not None:
                    proposal = self._fast(base.clone(), seat, fast)
                    incumbent = proposal if proposal in paired else None
                for action in alive:
                    if deadline is not None and done and time.perf_counter() >= deadline:
                        break
                    reward = self._iterate(
                        root, seat, candidates, base.clone(), fast, lo_hi, forced=action
                    )
                    paired[action].append(reward)
                    done += 1
                else:
                    rounds += 1
                    if rounds >= _MIN_ROUNDS and rounds % 2 == 0:
                        alive = prune_paired(alive, paired.__getitem__)
                    continue
                # the deadline passed within a round: compare the complete rounds only
                for rewards in paired.values():
                    del rewards[rounds:]
                break
        else:
            while True:
                if limit is not None and done >= limit:
                    break
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                self._iterate(root, seat, candidates, sample(rng), fast, lo_hi)
                done += 1
        stats = root.stats[seat]
        self.last = SearchStats()
        self.last.iterations = done
        self.last.seconds = time.perf_counter() - started
        self.last.root = {a: (int(s[0]), s[1] / s[0] if s[0] else 0.0) for a, s in stats.items()}
        if paired is not None:
            results = paired
            if not any(results.values()):
                # no complete round in time: the playout policy's choice, else a bot's
                # proposal (listed after the legal decisions), else the first decision
                if incumbent is not None:
                    return incumbent
                return candidates[len(legal)] if len(candidates) > len(legal) else candidates[0]
            best = max(alive, key=lambda a: sum(results[a]) / max(1, len(results[a])))
            # Leave the playout policy's own choice only on clear evidence.
            if (
                incumbent is not None
                and incumbent in alive
                and best != incumbent
                and not _clearly_better(results[best], results[incumbent])
            ):
                return incumbent
            return best
        best = max(
            candidates,
            key=lambda a: (stats[a][0], stats[a][1]) if a in stats else (-1.0, 0.0),
        )
        return best

    def _with_bot_candidates(
        self, view: View, candidates: list[Action], rng: Rng, deadline: float | None
    ) -> list[Action]:
        """The legal list plus the game bots' proposals (:meth:`_candidate_bots`)."""
        seen = set(candidates)
        for name, bot in self._candidate_bots(deadline):
            action = bot.act(view, candidates, rng.spawn(name))
            if action not in seen:
                seen.add(action)
                candidates.append(action)
        return candidates

    def _candidate_bots(self, deadline: float | None) -> list[tuple[str, Any]]:
        """The game's bots that propose root candidates; under a clock, a bot that keeps a
        clock itself gets a quarter of what is left of the decision's time."""
        from gametable.agents.base import agent_settings, make_agent

        if self._timed_bots is None:  # read from the bots' signatures once
            self._timed_bots = {
                name: any(s.name == "seconds" for s in agent_settings(self.game, name) or ())
                for name in self.game.bots
            }
        out = []
        for name in self.game.bots:
            if name in ("random", "ismcts"):
                continue
            settings: dict[str, Any] = {}
            if self.clock is not None and self._timed_bots[name]:
                now = time.perf_counter()
                left = self.clock.seconds if deadline is None else deadline - now
                settings["seconds"] = max(1e-3, left / 4)
            out.append((name, make_agent(self.game, name, self.seat, **settings)))
        return out

    # -- one iteration ------------------------------------------------------------------

    def _iterate(
        self,
        root: _Node,
        me: int,
        root_legal: Sequence[Action],
        state: State,
        rand: Callable[[], float],
        lo_hi: list[float],
        forced: Action | None = None,
    ) -> float:
        """One playout from ``state``; the searching seat's reward (``forced``: its root move)."""
        path: list[tuple[int, list[float]]] = []
        node = root
        first = True
        lo, hi = lo_hi
        scale = self.exploration * (hi - lo if hi > lo else 1.0)
        while not state.is_over:
            seats = state.to_act
            expanded = False
            chosen: list[tuple[int, Action]] = []
            for seat in seats:
                if first and seat == me:
                    legal: Sequence[Action] = root_legal
                else:
                    legal = state.legal_actions(seat)
                if not legal:
                    continue
                table = node.stats.get(seat)
                if table is None:
                    table = node.stats[seat] = {}
                if first and seat == me and forced is not None:
                    action = forced
                    entry = table.get(forced) or table.setdefault(forced, [0.0, 0.0, 0.0])
                    entry[2] += 1
                    new = entry[0] == 0
                else:
                    action, entry, new = _select(table, legal, scale, rand)
                expanded |= new
                chosen.append((seat, action))
                path.append((seat, entry))
            first = False
            if not chosen:  # a seat to act with nothing listed: let the game move on
                break
            try:
                for seat, action in chosen:
                    state.apply(seat, action)
            except IllegalAction:
                # A root candidate not legal in this sample (only possible when a game
                # lists decisions that depend on hidden cards): count it as a loss.
                self._backpropagate(path, {me: 0.0})
                return 0.0
            key: Hashable = chosen[0][1] if len(chosen) == 1 else tuple(chosen)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                expanded = True
            node = child
            if expanded:
                break
        if not state.is_over:
            self._playout(state, rand)
        if state.is_over:
            rewards: Sequence[float] = self._rewards(*state.standing(), lo_hi)
        else:
            assert self._value is not None
            rewards = self._value(state)
        self._backpropagate(path, rewards)
        return rewards[me]

    @staticmethod
    def _backpropagate(
        path: list[tuple[int, list[float]]], rewards: dict[int, float] | Sequence[float]
    ) -> None:
        for seat, entry in path:
            entry[0] += 1
            if isinstance(rewards, dict):
                entry[1] += rewards.get(seat, 0.0)
            else:
                entry[1] += rewards[seat]

    def _playout(self, state: State, rand: Callable[[], float]) -> None:
        """Play on from ``state``: to the end, or ``playout_depth`` decisions (by the
        playout bot's own ``playout`` when it has one)."""
        finish = self._finish
        if finish is not None:
            finish(state, rand, self.playout_depth)
            return
        fast = self._fast
        if fast is not None:
            depth = math.inf if self.playout_depth is None else self.playout_depth
            while depth > 0 and not state.is_over:
                for seat in state.to_act:
                    state.apply(seat, fast(state, seat, rand))
                    depth -= 1
            return
        bots = self._rollout_bots
        if bots is None:
            while not state.is_over:
                for seat in state.to_act:
                    legal = state.legal_actions(seat)
                    state.apply(seat, legal[int(rand() * len(legal))])
            return
        rng = Rng(int(rand() * 2**63))
        from gametable.agents.base import make_agent

        while not state.is_over:
            for seat in state.to_act:
                bot = bots.get(seat)
                if bot is None:
                    bot = bots[seat] = make_agent(self.game, self.rollout, seat)
                legal = state.legal_actions(seat)
                state.apply(seat, bot.act(state.view(seat), legal, rng))

    def _rewards(
        self, scores_: Sequence[Score], ranks: Sequence[int], lo_hi: list[float]
    ) -> list[float]:
        scores = [float(s) for s in scores_]
        n = len(scores)
        top = max(abs(s) for s in scores)
        if n == 1:
            reward = [scores[0]]
            lo_hi[0] = min(lo_hi[0], scores[0])
            lo_hi[1] = max(lo_hi[1], scores[0])
            return reward
        out = []
        weight = self.score_weight
        scale = 1.0 / top if top > 0 else 0.0
        total = sum(scores)
        for seat in range(n):
            mine = ranks[seat]
            beaten = sum(1 for r in ranks if r > mine) + 0.5 * (ranks.count(mine) - 1)
            value = beaten / (n - 1)
            if weight:
                lead = scores[seat] - (total - scores[seat]) / (n - 1)
                value += weight * lead * scale
            out.append(value)
        lo_hi[0] = min(lo_hi[0], -weight)
        lo_hi[1] = max(lo_hi[1], 1.0 + weight)
        return out


def _select(
    table: dict[Action, list[float]],
    legal: Sequence[Action],
    scale: float,
    rand: Callable[[], float],
) -> tuple[Action, list[float], bool]:
    """UCB1 with availability counts; an untried action is expanded first (at random).

    Every listed action's availability goes up by one; the third element of the answer
    says whether the chosen action was untried (the iteration expands the tree there).
    """
    untried: list[Action] = []
    best: Action = legal[0]
    best_value = -math.inf
    sqrt = math.sqrt
    log = math.log
    for a in legal:
        entry = table.get(a)
        if entry is None:
            entry = table[a] = [0.0, 0.0, 0.0]
        entry[2] += 1
        visits = entry[0]
        if visits == 0:
            untried.append(a)
        elif not untried:
            value = entry[1] / visits + scale * sqrt(log(entry[2]) / visits)
            if value > best_value:
                best_value = value
                best = a
    if untried:
        action = untried[int(rand() * len(untried))]
        return action, table[action], True
    return best, table[best], False


def _clearly_better(challenger: list[float], incumbent: list[float]) -> bool:
    """Whether the paired mean difference is more than two standard errors above zero."""
    n = len(challenger)
    if n < 2:
        return False
    diffs = [x - y for x, y in zip(challenger, incumbent, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 2.0 * math.sqrt(var / n)


def prune_paired(alive: list[K], results: Callable[[K], Sequence[float]]) -> list[K]:
    """The candidates whose paired result difference to the leader (the best sum of
    ``results(c)``, all of equal length, at least 2) is within 3 standard errors of zero.

    Shared with the Ramen! Ramen! solo planner, which prunes its candidates the same way.
    """
    leader = max(alive, key=lambda a: sum(results(a)))
    lead = results(leader)
    n = len(lead)
    keep = []
    for action in alive:
        if action == leader:
            keep.append(action)
            continue
        diffs = [x - y for x, y in zip(results(action), lead, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean + 3.0 * math.sqrt(var / n) >= 0:
            keep.append(action)
    return keep


__all__ = ["ISMCTSAgent", "SearchStats", "prune_paired"]
