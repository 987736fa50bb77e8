"""Ramen Fury: 185 action ids (card kinds, seats counted from the actor); a float observation.

Card kinds (14, the notation's order): Bf Ck Sh Sy Fy Ch Eg Na Co Mu Sc To No Cl. Seats are
relative: ``+0`` is the seat deciding, ``+1`` the next seat clockwise, and so on (ids for
seats a game does not have are never legal). Bowls are 1–3.

======  =========  ==============================================================
ids     decision   id formula
======  =========  ==============================================================
0–41    prep       ``3 * kind + bowl``: a card of ``kind`` onto your bowl
42–55   draw       ``42 + kind``: that card from the Pantry
56      draw deck  the deck's top card
57–101  spoon      ``57 + 9 * seat + 3 * bowl + to``: the top card of that seat's bowl
102     restock
103–105 eat        ``103 + bowl``
106–108 empty      ``106 + bowl``
109–138 place      ``109 + 15 * special + 3 * seat + bowl`` (special 0 = Nori, 1 = Chili)
139–152 discard    ``139 + kind`` (hand over 5)
153–182 use        ``153 + 15 * special + 3 * seat + bowl`` (a revealed Nori or Chili)
183     skip       leave the revealed special(s) in the Pantry
184     end        end the turn after both actions
======  =========  ==============================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gametable.core.game import Action, View
from gametable.envs.encoding import (
    Encoder,
    FloatArray,
    LegalMap,
    register_encoder,
    relative,
    scaled,
    signed,
)

KINDS = ("Bf", "Ck", "Sh", "Sy", "Fy", "Ch", "Eg", "Na", "Co", "Mu", "Sc", "To", "No", "Cl")
KIND = {code: k for k, code in enumerate(KINDS)}
SPECIAL = {"No": 0, "Cl": 1}
MAX_SEATS = 5
PREP, DRAW, DRAW_DECK, SPOON, RESTOCK, EAT, EMPTY = 0, 42, 56, 57, 102, 103, 106
PLACE, DISCARD, USE, SKIP, END = 109, 139, 153, 183, 184
NUM_ACTIONS = 185
PHASES = ("action", "discard", "reveal", "free")


@register_encoder
class RamenFuryEncoder(Encoder):
    """See the module docstring; the slices are listed in ``docs/envs.md``."""

    game_name = "ramen-fury"

    def __init__(self, game: Any, players: int, options: Any) -> None:
        super().__init__(game, players, options)
        add = self.layout.add
        rel = [f"+{r}" for r in range(MAX_SEATS)]
        bowls = [f"{r}.{b}" for r in rel for b in (1, 2, 3)]
        self.o_players = add("players", 4, "one-hot player count 2–5", ["2p", "3p", "4p", "5p"])
        self.o_phase = add("phase", 4, "one-hot: action, discard, reveal, free", PHASES)
        self.o_to_act = add("to_act", 1, "1 when this seat is to decide")
        self.o_actions = add("actions_left", 1, "actions left this turn / 2")
        self.o_hand = add("hand", 14, "cards in hand per kind / 6", KINDS)
        self.o_hand_sizes = add("hand_sizes", 5, "hand sizes / 6, by seat from this one", rel)
        self.o_known = add(
            "known_hands",
            5 * 14,
            "cards each seat is publicly known to hold (taken from the Pantry) / 6",
            [f"{r}.{k}" for r in rel for k in KINDS],
        )
        self.o_pantry = add(
            "pantry",
            4 * 15,
            "per Pantry slot: the kind one-hot, or empty",
            [f"slot{i}.{k}" for i in range(4) for k in (*KINDS, "empty")],
        )
        self.o_revealed = add("revealed", 4, "Pantry slots whose revealed special waits")
        self.o_refill = add("refill_slot", 4, "the slot refilled after the discard")
        self.o_deck = add("deck_size", 1, "cards in the deck / 89")
        self.o_discard = add("discard", 14, "discard pile per kind / 12", KINDS)
        self.o_spoons = add("spoons", 5, "spoons left / 2, by seat from this one", rel)
        self.o_bowl_cards = add(
            "bowl_cards",
            15 * 14,
            "cards in each bowl per kind / 5, by seat from this one then bowl 1–3",
            [f"{b}.{k}" for b in bowls for k in KINDS],
        )
        self.o_bowl_top = add(
            "bowl_top",
            15 * 14,
            "the top card of each bowl (what a spoon takes)",
            [f"{b}.top.{k}" for b in bowls for k in KINDS],
        )
        self.o_bowl_state = add(
            "bowl_state",
            15 * 2,
            "per bowl: eaten, can be eaten now",
            [f"{b}.{x}" for b in bowls for x in ("eaten", "eatable")],
        )
        self.o_bowl_points = add(
            "bowl_points",
            15,
            "per bowl: its points / 20 when eaten or eatable (else 0)",
            bowls,
            low=-1.0,
        )
        self.o_points = add("points", 5, "points eaten / 45, by seat from this one", rel, low=-1.0)
        self.o_eaten = add("cards_eaten", 5, "tie-break count / 15, by seat", rel)
        self.o_final = add(
            "final_round",
            2,
            "final round started; turns left after this one / 4",
            ["final", "turns_left"],
        )
        self.o_options = add(
            "options",
            4,
            "rules flags: nori_in_fury, revealed_specials_mandatory, non_flavor tie-break, basic",
            ["nori_in_fury", "mandatory", "non_flavor", "basic"],
        )
        self.num_actions = NUM_ACTIONS
        self._ids: dict[tuple[int, Action], int] = {}

    # -- observation ------------------------------------------------------------------

    def encode(self, view: View) -> FloatArray:
        seat = view["seat"]
        players = view["players"]
        obs = np.zeros(self.layout.size, np.float32)
        ones: list[int] = [self.o_players + players - 2]
        phase = view["phase"]
        if phase in PHASES:
            ones.append(self.o_phase + PHASES.index(phase))
        if seat in view["to_act"]:
            ones.append(self.o_to_act)
        obs[self.o_actions] = view["actions_left"] / 2
        for code in view["hand"]:
            obs[self.o_hand + KIND[code]] += 1 / 6
        for s in range(players):
            r = relative(seat, s, players)
            obs[self.o_hand_sizes + r] = scaled(view["hand_sizes"][s], 6)
            known = self.o_known + 14 * r
            for code in view["known_hands"][s]:
                obs[known + KIND[code]] += 1 / 6
            obs[self.o_spoons + r] = view["spoons"][s] / 2
            obs[self.o_points + r] = signed(view["points"][s], 45)
            obs[self.o_eaten + r] = scaled(view["cards_eaten"][s], 15)
            for b, bowl in enumerate(view["bowls"][s]):
                i = 3 * r + b
                cards = bowl["cards"]
                base = self.o_bowl_cards + 14 * i
                for code in cards:
                    obs[base + KIND[code]] += 1 / 5
                if cards:
                    ones.append(self.o_bowl_top + 14 * i + KIND[cards[-1]])
                if bowl["eaten"]:
                    ones.append(self.o_bowl_state + 2 * i)
                if bowl["eatable"]:
                    ones.append(self.o_bowl_state + 2 * i + 1)
                if bowl["points"] is not None:
                    obs[self.o_bowl_points + i] = signed(bowl["points"], 20)
        for slot, code in enumerate(view["pantry"]):
            ones.append(self.o_pantry + 15 * slot + (14 if code is None else KIND[code]))
        for slot in view["revealed"]:
            ones.append(self.o_revealed + slot)
        if view["refill_slot"] is not None:
            ones.append(self.o_refill + view["refill_slot"])
        obs[self.o_deck] = view["deck_size"] / 89
        for code, n in view["discard"].items():
            obs[self.o_discard + KIND[code]] = scaled(n, 12)
        if view["final_round"]:
            ones.append(self.o_final)
            obs[self.o_final + 1] = scaled(view["final_turns_left"] or 0, 4)
        opts = view["options"]
        for k, flag in enumerate(
            (
                opts["nori_in_fury"],
                opts["revealed_specials_mandatory"],
                opts["tiebreak_count"] == "non_flavor",
                opts["basic"],
            )
        ):
            if flag:
                ones.append(self.o_options + k)
        obs[ones] = 1.0
        return obs

    # -- actions ------------------------------------------------------------------------

    def _bowl(self, seat: int, text: str) -> tuple[int, int]:
        owner, bowl = text.split(".")
        return relative(seat, int(owner), self.players), int(bowl) - 1

    def action_id(self, seat: int, action: Action) -> int:
        """The id of one of the game's actions when ``seat`` plays it."""
        key = (seat, action)
        found = self._ids.get(key)
        if found is not None:
            return found
        text = self.game.action_to_json(action)
        verb, _, arg = text.partition(" ")
        if verb == "prep":
            card, bowl = arg.split(">")
            out = PREP + 3 * KIND[card] + int(bowl) - 1
        elif verb == "draw":
            out = DRAW_DECK if arg == "deck" else DRAW + KIND[arg]
        elif verb == "spoon":
            src, to = arg.split(">")
            r, b = self._bowl(seat, src)
            out = SPOON + 9 * r + 3 * b + int(to) - 1
        elif verb == "restock":
            out = RESTOCK
        elif verb == "eat":
            out = EAT + int(arg) - 1
        elif verb == "empty":
            out = EMPTY + int(arg) - 1
        elif verb in ("place", "use"):
            card, target = arg.split(">")
            r, b = self._bowl(seat, target)
            out = (PLACE if verb == "place" else USE) + 15 * SPECIAL[card] + 3 * r + b
        elif verb == "discard":
            out = DISCARD + KIND[arg]
        elif verb == "skip":
            out = SKIP
        elif verb == "end":
            out = END
        else:
            raise ValueError(f"no Ramen Fury action id for {text!r}")
        self._ids[key] = out
        return out

    def legal(self, seat: int, view: View, legal: Sequence[Action]) -> LegalMap:
        ids = self._ids
        out: dict[int, Any] = {}
        for action in legal:
            found = ids.get((seat, action))
            out[self.action_id(seat, action) if found is None else found] = action
        return out

    def action_label(self, seat: int, action_id: int) -> str:
        if not 0 <= action_id < NUM_ACTIONS:
            raise ValueError(f"no Ramen Fury action id {action_id} (ids 0–{NUM_ACTIONS - 1})")

        def bowl(i: int) -> str:
            return f"{(seat + i // 3) % self.players}.{i % 3 + 1}"

        a = action_id
        if a < DRAW:
            return f"prep {KINDS[a // 3]}>{a % 3 + 1}"
        if a < DRAW_DECK:
            return f"draw {KINDS[a - DRAW]}"
        if a == DRAW_DECK:
            return "draw deck"
        if a < RESTOCK:
            k = a - SPOON
            return (
                f"spoon {bowl(k // 3)}>{k % 3 + 1}"
                if k // 9 < self.players
                else (f"spoon seat+{k // 9} (no such seat)")
            )
        if a == RESTOCK:
            return "restock"
        if a < EMPTY:
            return f"eat {a - EAT + 1}"
        if a < PLACE:
            return f"empty {a - EMPTY + 1}"
        if a < DISCARD or USE <= a < SKIP:
            verb, k = ("place", a - PLACE) if a < DISCARD else ("use", a - USE)
            card = ("No", "Cl")[k // 15]
            i = k % 15
            if i // 3 >= self.players:
                return f"{verb} {card} seat+{i // 3} (no such seat)"
            return f"{verb} {card}>{bowl(i)}"
        if a < USE:
            return f"discard {KINDS[a - DISCARD]}"
        return "skip" if a == SKIP else "end"

    def score_bounds(self) -> tuple[float, float]:
        # a bowl scores at most 14 (Soy Sauce) and at least -4 (four Chili)
        return (-15.0, 45.0)

    def max_decisions(self) -> int:
        # every decision moves a card, spends a spoon, an action or a turn; generous bound
        return 4000
