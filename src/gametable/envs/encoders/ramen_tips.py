"""Ramen (the tips game): 3,564 action ids by card identity; a float observation.

Cards (45) are numbered ``9 * type + value - 1`` with the types in the notation's order
C A S N Y (C1 = 0 … Y9 = 44). Bowls are a seat's own, numbered from 0; a seat never
holds more than 10 ingredient cards, so never more than 10 bowls.

=========  =========  =========================================================
ids        decision   id formula
=========  =========  =========================================================
0–44       choose     ``card``: the card you secretly reveal this round
45–89      exchange   ``45 + card``: your lone 1 for that revealed card
90–99      swap       ``90 + pair``: swap two preference cards (pairs of types in
                      the order CA CS CN CY AS AN AY SN SY NY)
100        pass       decline a 1 or a 5
101–550    take       ``101 + 10 * card + bowl``: an offer card into a bowl
551–560    keep       ``551 + bowl``: final round, your own card into a bowl
561–3563   shoyu      ``561 + k``: the k-th way to place Shōyu — sorted tuples of
                      at most 5 bowls, shortest first, then in order (``()`` is 561)
=========  =========  =========================================================

The choose and shoyu decisions are secret: the other seats see only that a seat has
committed (OpenSpiel's information states hide these ids from the other seats).
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
    multiset_index,
    register_encoder,
    relative,
    scaled,
)

LETTERS = "CASNY"
CARDS = tuple(f"{t}{v}" for t in LETTERS for v in range(1, 10))
CARD = {name: i for i, name in enumerate(CARDS)}
TYPE_PAIRS = tuple((a, b) for a in range(5) for b in range(a + 1, 5))
TYPE_PAIR_INDEX = {(LETTERS[a], LETTERS[b]): k for k, (a, b) in enumerate(TYPE_PAIRS)}
MAX_SEATS = 5
MAX_BOWLS = 10
MAX_SHOYU = 5
CHOOSE, EXCHANGE, SWAP, PASS, TAKE, KEEP, SHOYU = 0, 45, 90, 100, 101, 551, 561
SHOYU_INDEX, SHOYU_TUPLES = multiset_index(MAX_SHOYU, MAX_BOWLS)
NUM_ACTIONS = SHOYU + len(SHOYU_TUPLES)
PHASES = ("choose", "exchange", "swap", "take", "shoyu")
GRUNCHIE = 5
"""Position of Grunchie's revealed card among the per-seat slots (after the 5 seats)."""


@register_encoder
class RamenTipsEncoder(Encoder):
    """See the module docstring; the slices are listed in ``docs/envs.md``."""

    game_name = "ramen-tips"

    def __init__(self, game: Any, players: int, options: Any) -> None:
        super().__init__(game, players, options)
        add = self.layout.add
        rel = [f"+{r}" for r in range(MAX_SEATS)]
        slots = [*rel, "grunchie"]
        self.o_players = add("players", 4, "one-hot player count 2–5", ["2p", "3p", "4p", "5p"])
        self.o_phase = add("phase", 5, "one-hot: choose, exchange, swap, take, shoyu", PHASES)
        self.o_to_act = add("to_act", 1, "1 when this seat is to decide")
        self.o_round = add("round", 2, "round / 9; 1 in the final round", ["round", "final_round"])
        self.o_pref = add(
            "preference",
            5 * 6 + 1,
            "per preference slot (tip 7, 6, 5, 4, 3): the type one-hot and its Naruto; "
            "then the Shōyu Naruto",
            [f"slot{i}.{x}" for i in range(5) for x in (*LETTERS, "naruto")] + ["shoyu_naruto"],
        )
        self.o_offer = add("offer", 45, "cards in the offer", CARDS)
        self.o_hand = add("hand", 45, "cards in hand", CARDS)
        self.o_chosen = add("chosen", 45, "the card this seat has chosen (until the reveal)", CARDS)
        self.o_committed = add(
            "committed", 5, "seats that have chosen (or placed Shōyu), from this one", rel
        )
        self.o_revealed = add(
            "revealed",
            6 * 45,
            "revealed card per seat from this one, then Grunchie's",
            [f"{s}.{c}" for s in slots for c in CARDS],
        )
        self.o_original = add(
            "revealed_original",
            6 * 45,
            "the card each seat revealed before any exchange",
            [f"{s}.{c}" for s in slots for c in CARDS],
        )
        self.o_effects = add("pending_effects", 45, "1s and 5s whose effect waits", CARDS)
        self.o_order = add(
            "order", 6, "place in the order of choice / 6 (0: not in it), per slot", slots
        )
        self.o_turn = add("turn", 1, "turns taken in the order of choice / 6")
        self.o_current = add("current", 5, "the seat deciding now (effects, takes)", rel)
        self.o_took = add("took_kept", 2, "this round's take done; keep done", ["took", "kept"])
        self.o_bowls = add(
            "bowls",
            5 * MAX_BOWLS * 5,
            "per seat from this one, per bowl 1–10: the value / 9 of its card of each type",
            [f"{r}.b{b + 1}.{t}" for r in rel for b in range(MAX_BOWLS) for t in LETTERS],
        )
        self.o_placed = add(
            "placed_shoyu",
            5 * MAX_BOWLS,
            "Shōyu placed in each bowl / 5 (shown at the end)",
            [f"{r}.b{b + 1}" for r in rel for b in range(MAX_BOWLS)],
        )
        self.o_shoyu = add("shoyu", 5, "Shōyu cards held / 5, per seat", rel)
        self.o_supply = add("shoyu_supply", 1, "Shōyu cards left / 5")
        self.o_my_shoyu = add(
            "my_shoyu_placement",
            MAX_BOWLS,
            "this seat's committed Shōyu per bowl / 5",
            [f"b{b + 1}" for b in range(MAX_BOWLS)],
        )
        self.o_hand_sizes = add("hand_sizes", 6, "cards in hand / 9, per slot", slots)
        self.o_removed = add("removed", 45, "cards Grunchie removed", CARDS)
        self.o_unused = add("unused_count", 1, "cards out of the game / 45")
        self.num_actions = NUM_ACTIONS
        self._ids: dict[Action, int] = {}

    # -- observation ------------------------------------------------------------------

    def _slot(self, seat: int, slot: int) -> int:
        return GRUNCHIE if slot >= self.players else relative(seat, slot, self.players)

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
        obs[self.o_round] = view["round"] / 9
        if view["final_round"]:
            ones.append(self.o_round + 1)
        for i, entry in enumerate(view["preference"]):
            ones.append(self.o_pref + 6 * i + LETTERS.index(entry["type"]))
            if entry["naruto"]:
                ones.append(self.o_pref + 6 * i + 5)
        if view["shoyu_naruto"]:
            ones.append(self.o_pref + 30)
        ones.extend(self.o_offer + CARD[c] for c in view["offer"])
        ones.extend(self.o_hand + CARD[c] for c in view["hand"])
        if view["chosen"] is not None:
            ones.append(self.o_chosen + CARD[view["chosen"]])
        for s, flag in enumerate(view["committed"]):
            if flag:
                ones.append(self.o_committed + relative(seat, s, players))
        for key, base in (("revealed", self.o_revealed), ("revealed_original", self.o_original)):
            cards = view[key]
            if cards is not None:
                for slot, name in enumerate(cards):
                    if name is not None and name in CARD:
                        ones.append(base + 45 * self._slot(seat, slot) + CARD[name])
        ones.extend(self.o_effects + CARD[c] for c in view["pending_effects"])
        for k, slot in enumerate(view["order"]):
            obs[self.o_order + self._slot(seat, slot)] = (k + 1) / 6
        obs[self.o_turn] = view["turn"] / 6
        if view["current"] is not None:
            ones.append(self.o_current + relative(seat, view["current"], players))
        if view["took"]:
            ones.append(self.o_took)
        if view["kept"]:
            ones.append(self.o_took + 1)
        for s in range(players):
            r = relative(seat, s, players)
            bowls = view["bowls"][s]
            if len(bowls) > MAX_BOWLS:
                raise ValueError(f"seat {s} has {len(bowls)} bowls; the encoding holds 10")
            for b, cards in enumerate(bowls):
                base = self.o_bowls + 5 * (MAX_BOWLS * r + b)
                for name in cards:
                    card = CARD[name]
                    obs[base + card // 9] = (card % 9 + 1) / 9
            for b, n in enumerate(view["placed"][s]):
                obs[self.o_placed + MAX_BOWLS * r + b] = n / 5
            obs[self.o_shoyu + r] = view["shoyu"][s] / 5
            obs[self.o_hand_sizes + r] = view["hand_sizes"][s] / 9
        if view["grunchie"]:
            obs[self.o_hand_sizes + GRUNCHIE] = view["grunchie_hand_size"] / 9
        obs[self.o_supply] = view["shoyu_supply"] / 5
        if view["shoyu_placement"] is not None:
            for b in view["shoyu_placement"]:
                obs[self.o_my_shoyu + b] += 1 / 5
        ones.extend(self.o_removed + CARD[c] for c in view["removed"])
        obs[self.o_unused] = scaled(view["unused_count"], 45)
        obs[ones] = 1.0
        return obs

    # -- actions ------------------------------------------------------------------------

    def action_id(self, action: Action) -> int:
        """The id of one of the game's actions (the same for every seat)."""
        found = self._ids.get(action)
        if found is not None:
            return found
        text = self.game.action_to_json(action)
        verb, _, arg = text.partition(" ")
        if verb == "play":
            out = CHOOSE + CARD[arg]
        elif verb == "exchange":
            out = EXCHANGE + CARD[arg]
        elif verb == "swap":
            a, b = arg.split()
            out = SWAP + TYPE_PAIR_INDEX[a, b]
        elif verb == "pass":
            out = PASS
        elif verb in ("take", "keep"):
            card, bowl = arg.split(">")
            b = int(bowl) - 1
            if b >= MAX_BOWLS:
                raise ValueError(f"{text!r}: the encoding holds bowls 1–{MAX_BOWLS}")
            out = TAKE + 10 * CARD[card] + b if verb == "take" else KEEP + b
        elif verb == "shoyu":
            bowls = () if arg == "none" else tuple(int(x) - 1 for x in arg.split())
            out = SHOYU + SHOYU_INDEX[bowls]
        else:
            raise ValueError(f"no ramen-tips action id for {text!r}")
        self._ids[action] = out
        return out

    def legal(self, seat: int, view: View, legal: Sequence[Action]) -> LegalMap:
        ids = self._ids
        out: dict[int, Any] = {}
        for action in legal:
            found = ids.get(action)
            out[self.action_id(action) if found is None else found] = action
        return out

    def action_label(self, seat: int, action_id: int) -> str:
        a = action_id
        if not 0 <= a < NUM_ACTIONS:
            raise ValueError(f"no ramen-tips action id {a} (ids 0–{NUM_ACTIONS - 1})")
        if a < EXCHANGE:
            return f"play {CARDS[a]}"
        if a < SWAP:
            return f"exchange {CARDS[a - EXCHANGE]}"
        if a < PASS:
            x, y = TYPE_PAIRS[a - SWAP]
            return f"swap {LETTERS[x]} {LETTERS[y]}"
        if a == PASS:
            return "pass"
        if a < KEEP:
            k = a - TAKE
            return f"take {CARDS[k // 10]}>{k % 10 + 1}"
        if a < SHOYU:
            return f"keep own card>{a - KEEP + 1}"
        bowls = SHOYU_TUPLES[a - SHOYU]
        return "shoyu " + (" ".join(str(b + 1) for b in bowls) or "none")

    def secret(self, action_id: int) -> bool:
        return action_id < EXCHANGE or action_id >= SHOYU

    def score_bounds(self) -> tuple[float, float]:
        # 10 cards: at most 3 valid ramen of at most 15 cards with Shōyu, 25 yen of tips,
        # 9 of Narutos, 10 of bonus; at worst every card (≤ 90) in invalid bowls
        return (-90.0, 90.0)

    def max_decisions(self) -> int:
        # per round: every seat chooses, two effects, every seat takes (and keeps)
        return 9 * (5 + 2 + 2 * 5) + 5
