"""Ramen (the tips game) as a :class:`~gametable.core.Game`: setup, decisions, components,
previews, determinization.

Decisions travel as data (:data:`.state.DECISIONS`: ``{"type": "take", "card": "Y4",
"bowl": 1}``); the notation people type (``play C6``, ``take Y4>2``, ``shoyu 1 1 3`` …) is in
:mod:`.notation`, below this module and the terminal UI; the words every front end shows are
in :mod:`.words`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from gametable.core.codec import DecisionCodec
from gametable.core.errors import NotationError, OptionError
from gametable.core.events import RESERVED, Event, EventLog
from gametable.core.game import (
    JSON,
    Action,
    Game,
    GameInfo,
    OptionSpec,
    Preview,
    State,
    TurnStep,
    View,
)
from gametable.core.rng import Rng
from gametable.core.words import Msg
from gametable.games.ramen_tips.cards import (
    CARD_BY_NAME,
    CARD_MSGS,
    CARD_NAMES,
    COLOURS,
    DECK,
    GLOSS_MSGS,
    INGREDIENT_MSGS,
    LETTERS,
    NTYPES,
    SHOYU,
    SHOYU_MSG,
    TIP_BY_SLOT,
)
from gametable.games.ramen_tips.notation import format_notation, parse_notation
from gametable.games.ramen_tips.scoring import NARUTO_YEN, score_game
from gametable.games.ramen_tips.state import (
    ACHIEVEMENTS,
    CHOOSE,
    DECISIONS,
    OTHER_ACHIEVEMENTS,
    PHASE_NAMES,
    RAMEN_CARDS,
    SHOYU_PHASE,
    PlaceShoyu,
    TipsState,
    bowl_facts,
    hand_size,
    private_facts,
    shoyu_placements,
    shoyu_refusal,
    slots_for,
)
from gametable.games.ramen_tips.words import (
    GRUNCHIE,
    WORDS,
    TipsWords,
    achievement,
    achievement_means,
)

if TYPE_CHECKING:
    from gametable.core.agent import AgentFactory
    from gametable.core.lessons import Lesson
    from gametable.core.textui import TextUI

NOTATION_TOKENS = re.compile(
    r"\b[CASNY][1-9]\b"  # a card code: C6
    r"|>\s*(?:\d|new\b)"  # a placement: Y4>2, >new
    r"|\bswap [CASNY] [CASNY]\b"  # a swap written short
    r"|\bshoyu (?:none\b|\d)"  # a Shōyu placement: shoyu 1 1 3
)
"""A piece of the game's notation as it could leak into text a player reads (card codes,
placements, decisions written short), and never an ordinary word or number of a sentence
("bowl 2", "7 yen", "Chāshū 6")."""


class RamenTipsGame(Game):
    """Ramen (Israel Cendrero & Sheila Santos): 2 (with Grunchie) to 5 players."""

    name = "ramen-tips"
    title = "Ramen (the tips game)"
    decisions: ClassVar[DecisionCodec] = DECISIONS
    notation_tokens: ClassVar[re.Pattern[str] | None] = NOTATION_TOKENS
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

    def action_from_notation(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(Msg("ramen_tips.notation.not_text", kind=type(text).__name__))
        return parse_notation(text)

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

    # -- what front ends show -----------------------------------------------------------

    @property
    def words(self) -> TipsWords:
        return WORDS

    def components(self) -> dict[str, Any]:
        """The cards (by the ids views use: ``C6``), the ingredient types (``C`` …) with
        their names, what each is and their colour, the Shōyu card, Grunchie, the Narutos,
        the tips, the ten achievements of the rulebook, and the rules a table explains —
        every name and sentence a message of the catalog."""
        return {
            "cards": {
                CARD_NAMES[c]: {
                    "ingredient": LETTERS[c // 9],
                    "value": c % 9 + 1,
                    "name": CARD_MSGS[c],
                }
                for c in DECK
            },
            "ingredients": {
                LETTERS[t]: {
                    "name": INGREDIENT_MSGS[t],
                    "gloss": GLOSS_MSGS[t],
                    "colour": COLOURS[t],
                }
                for t in range(NTYPES)
            },
            "shoyu": {"name": SHOYU_MSG, "about": Msg("ramen_tips.about.shoyu")},
            "grunchie": {"name": GRUNCHIE, "about": Msg("ramen_tips.about.grunchie")},
            "naruto": {
                "name": Msg("ramen_tips.naruto"),
                "about": Msg("ramen_tips.about.naruto", yen=NARUTO_YEN),
                "about_shoyu": Msg("ramen_tips.about.shoyu_naruto", yen=NARUTO_YEN),
            },
            "tips": {"about": Msg("ramen_tips.about.tips", tips=list(TIP_BY_SLOT))},
            "achievements": {
                key: {
                    "name": achievement(key),
                    "means": achievement_means(key),
                    "checked": key in ACHIEVEMENTS,
                }
                for key in (*ACHIEVEMENTS, *OTHER_ACHIEVEMENTS)
            },
            "rules": {
                "strength": Msg("ramen_tips.rule.strength"),
                "effects": Msg("ramen_tips.rule.effects"),
                "placement": Msg("ramen_tips.rule.placement"),
                "ramen": Msg("ramen_tips.rule.ramen", count=RAMEN_CARDS),
                "shoyu": Msg("ramen_tips.rule.shoyu", count=RAMEN_CARDS),
                "final_round": Msg("ramen_tips.rule.final_round"),
                "offer": Msg("ramen_tips.rule.offer"),
            },
        }

    def preview(self, view: View, draft: JSON) -> Preview:
        """What a Shōyu placement being put together would make of the seat's bowls: each
        bowl's facts with those Shōyu (valid ramen or not), the yen the seat would score
        with it (the others' bowls as the view shows them), and whether it is legal — or
        why not. Only the Shōyu placement has previews (the view carries the facts of
        every other decision)."""
        if not isinstance(draft, Mapping) or draft.get("type") != "place_shoyu":
            raise ValueError("Ramen (the tips game) previews only a Shōyu placement")
        action = self.decisions.from_json(draft)
        seat = view.get("seat")
        if not isinstance(seat, int):
            raise ValueError("a preview is for a seat's view, not a spectator's")
        bowls = [[CARD_BY_NAME[c] for c in b] for b in view["bowls"][seat]]
        held = view["shoyu"][seat]
        refusal = shoyu_refusal([len(b) for b in bowls], held, action.bowls)
        if refusal is None and (view["phase"] != "shoyu" or seat not in view["to_act"]):
            refusal = Msg("ramen_tips.illegal.not_placing_now")
        placed = [0] * len(bowls)
        for b in action.bowls:
            if 0 <= b < len(bowls):
                placed[b] += 1
        counts = bool(view["options"].get("shoyu_counts_for_validity", True))
        every_placed = [list(p) for p in view["placed"]]
        every_placed[seat] = placed
        slot_of = [0] * NTYPES
        for i, p in enumerate(view["preference"]):
            slot_of[LETTERS.index(p["type"])] = i
        narutos = [LETTERS.index(p["type"]) for p in view["preference"] if p["naruto"]]
        if view["shoyu_naruto"]:
            narutos.append(SHOYU)
        every = [[[CARD_BY_NAME[c] for c in b] for b in bs] for bs in view["bowls"]]
        scores, _ = score_game(
            every,
            every_placed,
            view["shoyu"],
            slot_of,
            sorted(narutos),
            shoyu_counts_for_validity=counts,
            bonus_counts_invalid=bool(view["options"].get("bonus_counts_invalid", False)),
        )
        yen = scores[seat].total
        facts = {
            "bowls": [bowl_facts(c, n, counts) for c, n in zip(bowls, placed, strict=True)],
            "placed": len(action.bowls),
            "held": held,
            "yen": yen,
            "change": yen - view["yen"][seat]["total"],
        }
        if refusal is not None:
            return Preview(facts, Msg("core.illegal", reason=refusal), legal=False)
        return Preview(facts, WORDS.decision(action, view), legal=True)

    # -- front ends ---------------------------------------------------------------------

    @cached_property
    def bots(self) -> Mapping[str, AgentFactory]:
        from gametable.agents.base import RandomAgent
        from gametable.games.ramen_tips.bots import GreedyAgent

        return {"greedy": GreedyAgent, "random": RandomAgent}

    def rules_section(self, view: View) -> str:
        """The section of the rules (``rules/<language>.md``) for the decision ``view``
        asks for: the secret choice is a round's (``round``); the use of a lone 1 or 5, the
        effects' (``effects``); a take, the taking and the bowls (``take``), or the final
        round's (``final-round``); the Shōyu placement and the end, the scoring
        (``scoring``)."""
        phase = view.get("phase")
        if phase in ("exchange", "swap"):
            return "effects"
        if phase == "take":
            return "final-round" if view.get("final_round") else "take"
        if phase in ("shoyu", "over"):
            return "scoring"
        return "round"

    def lesson(self) -> Lesson:
        """A guided first game with Grunchie against one scripted opponent (:mod:`.lesson`)."""
        from gametable.games.ramen_tips.lesson import lesson

        return lesson()

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
        self.original = [parse(c) for c in view["revealed_original"]] if names is not None else None
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
        self._read_history(view["history"])

    def _read_history(self, history: Sequence[Mapping[str, Any]]) -> None:
        """The view's story as events: the settled part once (:attr:`past`), and the secret
        commitments not yet revealed (:attr:`pending`, at the end of the story), whose
        other seats' facts each sample fills in."""
        seat = self.seat
        past = EventLog()
        pending: list[tuple[int, int, str, dict[str, Any]]] = []
        revealed: dict[int, list[str]] = {}
        for data in history:
            if data["kind"] == "reveal":
                revealed[data["turn"]] = data["cards"]
        secret_from = len(history)
        if self.phase in (CHOOSE, SHOYU_PHASE):  # the last commitments are still secret
            kind = "choose" if self.phase == CHOOSE else "place_shoyu"
            while secret_from > 0 and history[secret_from - 1]["kind"] == kind:
                secret_from -= 1
        for index, data in enumerate(history):
            turn, who, kind = data["turn"], data["seat"], data["kind"]
            facts = {k: v for k, v in data.items() if k not in RESERVED}
            mine = {k: facts.pop(k) for k in private_facts(kind) if k in facts}
            if index >= secret_from:
                pending.append((turn, who, kind, mine))
                continue
            private = None
            if who == seat and mine:
                private = {who: mine}
            elif kind == "choose" and turn in revealed:
                private = {who: {"card": revealed[turn][who]}}
            past.append(Event(turn, who, kind, facts, private))
        self.past = past
        self.pending = pending

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
        events = self.past.copy()
        for turn, who, kind, mine in self.pending:
            if who != seat:  # another seat's secret, as this sample has it
                if kind == "choose":
                    mine = {"card": CARD_NAMES[chosen[who]]}
                else:
                    placement = pending[who]
                    mine = {"bowls": list(placement.bowls) if placement is not None else []}
            events.append(Event(turn, who, kind, {}, {who: mine} if mine else None))
        state.events = events
        return state


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << (c // 9)
    return mask


GAME = RamenTipsGame()
