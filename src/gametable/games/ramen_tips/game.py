"""Ramen (the tips game) as a :class:`~gametable.core.Game`: setup, notation, determinization.

The notation (``play C6``, ``take Y4>2``, ``shoyu 1 1 3`` …) is in :mod:`.notation`,
below this module and the terminal UI.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from gametable.core.errors import NotationError, OptionError
from gametable.core.game import (
    JSON,
    Action,
    Game,
    GameInfo,
    OptionSpec,
    State,
    TurnStep,
    View,
)
from gametable.core.rng import Rng
from gametable.games.ramen_tips.cards import (
    CARD_BY_NAME,
    CARD_NAMES,
    DECK,
    LETTERS,
    NTYPES,
    SHOYU,
    shown,
)
from gametable.games.ramen_tips.notation import format_notation, parse_notation
from gametable.games.ramen_tips.state import (
    PHASE_NAMES,
    PlaceShoyu,
    TipsState,
    hand_size,
    shoyu_placements,
    slots_for,
)

if TYPE_CHECKING:
    from gametable.core.agent import AgentFactory
    from gametable.core.textui import TextUI


class RamenTipsGame(Game):
    """Ramen (Israel Cendrero & Sheila Santos): 2 (with Grunchie) to 5 players."""

    name = "ramen-tips"
    title = "Ramen (the tips game)"
    min_players = 2
    max_players = 5
    info = GameInfo(simultaneous=True, enumerable_actions=True, teams=False)
    option_specs = (
        OptionSpec("narutos", bool, False, "play with the Naruto expansion (3 of 6 Narutos)"),
        OptionSpec(
            "shoyu_counts_for_validity",
            bool,
            True,
            "Shōyu cards count toward a valid ramen's 3 cards (reference A1)",
        ),
        OptionSpec(
            "bonus_counts_invalid",
            bool,
            False,
            "6/7/8 cards in invalid bowls still earn +1 (reference A8)",
        ),
        OptionSpec(
            "tiebreak",
            str,
            "lowest_tip",
            "tie on yen: 'lowest_tip' (the tied player with the lowest tip token wins) "
            "or 'shared' (reference A10)",
            choices=("lowest_tip", "shared"),
        ),
        OptionSpec(
            "final_round_keep_original",
            bool,
            False,
            "final round: keep the card you revealed even if a 1 exchanged it (reference A13)",
        ),
    )
    modes: ClassVar[Mapping[int, str]] = {
        2: "two players and Grunchie, the dummy (3 offer cards, 9 rounds)",
        3: "three players, 9 cards each, 9 rounds",
        4: "four players, 9 cards each, 9 rounds",
        5: "five players, 8 cards each, 8 rounds",
    }

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        if options.get("tiebreak") not in ("lowest_tip", "shared"):
            raise OptionError("tiebreak must be 'lowest_tip' or 'shared'")

    def random_setup(self, players: int, rng: Rng, options: Mapping[str, Any]) -> JSON:
        pref = rng.shuffled(range(NTYPES))
        deck = rng.shuffled(DECK)
        size = hand_size(players)
        pos = 0
        hands = []
        for _ in range(players):
            hands.append(deck[pos : pos + size])
            pos += size
        grunchie: list[int] = []
        if players == 2:
            # Grunchie's face-down cards, in the order they will be revealed.
            grunchie = deck[pos : pos + size]
            pos += size
        nslots = slots_for(players)
        offer = deck[pos : pos + nslots]
        pos += nslots
        narutos: list[str] = []
        if options.get("narutos"):
            drawn = rng.shuffled(range(NTYPES + 1))[:3]
            narutos = ["shoyu" if k == SHOYU else LETTERS[k] for k in sorted(drawn)]
        return {
            "preference": [LETTERS[t] for t in pref],
            "hands": [[CARD_NAMES[c] for c in sorted(h)] for h in hands],
            "grunchie": [CARD_NAMES[c] for c in grunchie],
            "offer": [CARD_NAMES[c] for c in offer],
            "unused": [CARD_NAMES[c] for c in deck[pos:]],
            "narutos": narutos,
        }

    def state_from_setup(self, players: int, setup: JSON, options: Mapping[str, Any]) -> TipsState:
        return TipsState(self, players, setup, options)

    # -- actions ------------------------------------------------------------------------

    def action_to_json(self, action: Action) -> JSON:
        return self.format_action(action)

    def action_from_notation(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"a decision in notation is text, not {type(text).__name__}")
        return parse_notation(text)

    def action_from_json(self, data: JSON) -> Action:
        if not isinstance(data, str):
            raise ValueError(
                "a decision of Ramen (the tips game) is written as text such as 'play C6' or "
                f"'take Y4>2', not {shown(data)}"
            )
        try:
            return parse_notation(data)
        except NotationError as exc:
            raise ValueError(str(exc)) from None

    def format_action(self, action: Action) -> str:
        return format_notation(action)

    def parse_action(self, text: str, view: View, legal: Sequence[Action]) -> Action:
        return parse_notation(text, view, legal)

    # -- hidden information -------------------------------------------------------------

    def determinize(self, view: View, rng: Rng) -> State:
        return determinize(self, view, rng)

    def turn_step(self, view: View) -> TurnStep:
        """Every decision is a turn (a secret choice, the use of a lone 1 or 5, a Shōyu
        placement) except in the final round's taking, where a seat takes from the offer
        and places its own card, in either order: each of the two may spend half of what
        is left of that turn, the second all of it."""
        if view["phase"] != "take":
            return TurnStep()
        left = (not view["took"]) + (not view["kept"])
        starts = not view["took"] and view["kept"] != view["final_round"]
        return TurnStep(starts_turn=starts, share=1.0 / max(1, left))

    def determinizer(self, view: View) -> Callable[[Rng], State]:
        return Determinizer(self, view)

    # -- front ends ---------------------------------------------------------------------

    @cached_property
    def bots(self) -> Mapping[str, AgentFactory]:
        from gametable.agents.base import RandomAgent
        from gametable.games.ramen_tips.bots import GreedyAgent

        return {"greedy": GreedyAgent, "random": RandomAgent}

    @cached_property
    def ui(self) -> TextUI:
        from gametable.games.ramen_tips.ui import TipsTextUI

        return TipsTextUI()


# -- determinization --------------------------------------------------------------------


def determinize(game: Game, view: View, rng: Rng) -> TipsState:
    """A full state consistent with ``view``; every hidden card placed at random.

    Known and kept: the viewer's hand and chosen card, the offer, revealed cards, bowls,
    cards Grunchie removed, the preference row, Shōyu counts. Shuffled among the unknown
    cards: the other hands, the other seats' chosen-but-unrevealed cards, Grunchie's
    face-down cards and the unused deck. Other seats' hidden Shōyu placements are
    replaced by random legal ones.
    """
    return Determinizer(game, view)(rng)


class Determinizer:
    """Reads a view once, then samples consistent states (see :func:`determinize`)."""

    def __init__(self, game: Game, view: View) -> None:
        seat = view["seat"]
        if seat is None:
            raise ValueError("determinize needs a seat's view, not a spectator's")
        self.game = game
        self.view = view
        self.seat: int = seat
        players: int = view["players"]
        self.players = players
        parse = CARD_BY_NAME.__getitem__
        self.phase = PHASE_NAMES.index(view["phase"])
        self.hand = [parse(c) for c in view["hand"]]
        known: set[int] = set(self.hand)
        self.offer = [parse(c) for c in view["offer"]]
        known.update(self.offer)
        names = view["revealed"]
        self.revealed = [parse(c) for c in names] if names is not None else None
        self.original = (
            [parse(c) for c in view["revealed_original"]] if names is not None else None
        )
        if self.revealed is not None:
            known.update(self.revealed)
        self.bowls = [[[parse(c) for c in b] for b in bs] for bs in view["bowls"]]
        for bs in self.bowls:
            for b in bs:
                known.update(b)
        self.removed = [parse(c) for c in view["removed"]]
        known.update(self.removed)
        self.my_choice = -1
        if self.phase == 0 and view["chosen"] is not None:  # the viewer has chosen
            self.my_choice = parse(view["chosen"])
            known.add(self.my_choice)
        self.unknown = [c for c in DECK if c not in known]
        need = sum(view["hand_sizes"][s] for s in range(players) if s != seat)
        need += view["grunchie_hand_size"] + view["unused_count"]
        if self.phase == 0:
            need += sum(1 for s in range(players) if s != seat and view["committed"][s])
        if need != len(self.unknown):
            raise ValueError("view is inconsistent: cards unaccounted for")
        pref = [LETTERS.index(p["type"]) for p in view["preference"]]
        self.pref = pref
        self.slot_of = [0] * NTYPES
        for slot, t in enumerate(pref):
            self.slot_of[t] = slot
        narutos = [t for t in pref if view["preference"][self.slot_of[t]]["naruto"]]
        if view["shoyu_naruto"]:
            narutos.append(SHOYU)
        self.narutos = tuple(sorted(narutos))
        log = view["log"]
        self.history = []
        start = 0
        for n in view["log_rounds"]:
            self.history.append(list(log[start : start + n]))
            start += n

    def __call__(self, rng: Rng) -> TipsState:
        view, seat, players = self.view, self.seat, self.players
        unknown = self.unknown[:]
        rng.shuffle(unknown)
        chosen = [-1] * players
        chosen[seat] = self.my_choice
        if self.phase == 0:
            for s in range(players):
                if s != seat and view["committed"][s]:
                    chosen[s] = unknown.pop()
        hands: list[list[int]] = []
        for s in range(players):
            if s == seat:
                hands.append(self.hand[:])
            else:
                hands.append(sorted(unknown.pop() for _ in range(view["hand_sizes"][s])))
        grunchie = [unknown.pop() for _ in range(view["grunchie_hand_size"])]

        state = TipsState.__new__(TipsState)
        state.game = self.game
        state.players = players
        state.options = dict(view["options"])
        state.setup = None
        state.nslots = slots_for(players)
        state.pref = self.pref[:]
        state.slot_of = self.slot_of[:]
        state.narutos = self.narutos
        state.hands = hands
        state.grunchie_hand = grunchie
        state.offer = self.offer[:]
        state.unused = unknown
        state.removed = self.removed[:]
        state.bowls = [[b[:] for b in bs] for bs in self.bowls]
        state.masks = [[_mask(b) for b in bs] for bs in state.bowls]
        state.shoyu = list(view["shoyu"])
        state.shoyu_supply = view["shoyu_supply"]
        state.placed = [list(p) for p in view["placed"]]
        state.chosen = chosen
        nslots = state.nslots
        state.revealed = self.revealed[:] if self.revealed is not None else [-1] * nslots
        state.original = self.original[:] if self.original is not None else [-1] * nslots
        state.effects = [CARD_BY_NAME[c] for c in view["pending_effects"]]
        state.order = list(view["order"])
        state.turn = view["turn"]
        state.current = view["current"] if view["current"] is not None else -1
        state.took = view["took"]
        state.kept = view["kept"]
        state.final = view["final_round"]
        state.round_no = view["round"] - 1
        state.waiting = sum(1 for c in chosen if c < 0)
        state.analysis = list(view["analysis"])
        state.paralysis = list(view["paralysis"])
        state.history = [r[:] for r in self.history]
        state.result_cache = None
        state.phase = self.phase
        pending: list[PlaceShoyu | None] = [None] * players
        if view["phase"] == "shoyu":
            for s in range(players):
                if s == seat:
                    mine = view["shoyu_placement"]
                    pending[s] = PlaceShoyu(tuple(mine)) if mine is not None else None
                elif view["committed"][s]:
                    sizes = [len(b) for b in state.bowls[s]]
                    if state.shoyu[s] == 0 or all(n < 2 for n in sizes):
                        pending[s] = PlaceShoyu(())
                    else:
                        pending[s] = rng.choice(shoyu_placements(sizes, state.shoyu[s]))
        state.shoyu_pending = pending
        if view["phase"] == "over":
            state.shoyu_pending = [PlaceShoyu(()) for _ in range(players)]
            state.result_cache = state._compute_result()
        return state


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << (c // 9)
    return mask


GAME = RamenTipsGame()
