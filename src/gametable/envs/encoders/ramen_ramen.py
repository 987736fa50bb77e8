"""Ramen! Ramen!: 43 action ids by hand and Fridge position; a 663-float observation.

Actions (a seat's hand holds at most 4 cards, listed in its view's order; the Fridge at
most 4, in its view's order):

- ids 0–35, *play two*: hand positions ``i < j`` (6 pairs: 01 02 03 12 13 23) times the
  bowls ``p != q`` they go into (6 ordered pairs: 12 13 21 23 31 32), ``id = 6 * pair +
  bowls``: the card at position ``i`` goes into bowl ``p``, the one at ``j`` into ``q``;
- ids 36–38, *play one*: the last card of the hand into bowl 1, 2 or 3;
- ids 39–42, *take*: the Fridge card at position 0–3 (the first or the second take of a
  turn alike).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gametable.core.game import Action, View
from gametable.envs.encoding import (
    Encoder,
    FloatArray,
    LazyLegal,
    LegalMap,
    register_encoder,
    scaled,
)
from gametable.games.ramen_ramen.cards import ALL_INGREDIENTS_MASK, CARD_NAMES, DECK, INGREDIENTS
from gametable.games.ramen_ramen.cards import LETTERS as _LETTERS
from gametable.games.ramen_ramen.state import (
    FRIDGE_SIZE,
    HAND_SIZE,
    PLACES,
    PLAYS1,
    PLAYS2,
    SERVE_SUM,
    TAKES,
)

# The rules' numbers, from the game (the compiled twin checks its own against these).
DECK_SIZE = len(DECK)
INGREDIENT_COUNT = len(INGREDIENTS)
LETTERS = "".join(_LETTERS)
CARDS = CARD_NAMES
CARD = {name: i for i, name in enumerate(CARDS)}
SLOTS = 4
"""Hand and Fridge positions in actions and observations (the most either holds)."""
if max(HAND_SIZE, FRIDGE_SIZE) != SLOTS or PLACES != 3:
    raise RuntimeError("the Ramen! Ramen! encoding is laid out for 4 cards in hand and 3 bowls")
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
PAIR_INDEX = {pair: k for k, pair in enumerate(PAIRS)}
BOWL_PAIRS = ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))
BOWL_PAIR_INDEX = {pair: k for k, pair in enumerate(BOWL_PAIRS)}
_PAIR_BASE = tuple(
    tuple(6 * PAIR_INDEX[i, j] if (i, j) in PAIR_INDEX else -1 for j in range(SLOTS))
    for i in range(SLOTS)
)
"""``6 * pair`` for hand positions ``i < j``: the first id of that pair's six plays."""
_PLAY_IDS = (
    (),
    (36, 37, 38),
    *(
        tuple(6 * k + m for k, (_, j) in enumerate(PAIRS) if j < n for m in range(6))
        for n in (2, 3, 4)
    ),
)
"""The legal ids of the play step by the number of cards in hand."""
_TAKE_IDS = tuple(tuple(range(39, 39 + n)) for n in range(5))
"""The legal ids of a take by the number of cards in the Fridge."""
_PLAY_SETS = tuple(frozenset(ids) for ids in _PLAY_IDS)
_TAKE_SETS = tuple(frozenset(ids) for ids in _TAKE_IDS)
_VALUE = tuple((c & 7) / 7 for c in range(DECK_SIZE))
"""A card's value / 7 (its hand or Fridge position's last entry)."""
_TYPES = tuple(bin(mask).count("1") / INGREDIENT_COUNT for mask in range(ALL_INGREDIENTS_MASK + 1))
"""A bowl's number of ingredients / 7, by the bit mask of its ingredients."""
PLAY1 = 36
TAKE = 39
NUM_ACTIONS = 43
PHASES = ("play", "take", "take2")
MODES = ("solo", "duel", "three", "teams")


_STATE_PLAY, _STATE_OVER = 0, 3
"""The state's ``phase`` numbers for the play step and the end (``RamenState.phase``;
the take steps are 1 and 2, in the order of ``PHASES``)."""
_BY_CARDS: dict[int, tuple[list[Action], list[Action], list[Action | None]]] = {}
"""The game's actions by card numbers (:meth:`RamenRamenEncoder._actions_by_cards`)."""


def _side(players: int, seat: int) -> int:
    """The scoring side of a seat (teams A = seats 0 and 2, B = 1 and 3 with 4 players)."""
    return seat % 2 if players == 4 else seat


@register_encoder
class RamenRamenEncoder(Encoder):
    """See the module docstring; the slices are listed in ``docs/envs.md``."""

    game_name = "ramen-ramen"

    def __init__(self, game: Any, players: int, options: Any) -> None:
        super().__init__(game, players, options)
        add = self.layout.add
        rel = [f"+{k}" for k in range(4)]
        self.o_mode = add("mode", 4, "one-hot: solo, duel, three players, teams", MODES)
        self.o_phase = add("phase", 3, "one-hot turn step: play, take, second take", PHASES)
        self.o_to_act = add("to_act", 1, "1 when this seat is to decide")
        self.o_hand = add("hand", 56, "cards in hand (one per card, A0…S7)", CARDS)
        self.o_hand_slots = add(
            "hand_slots",
            4 * 8,
            "per hand position 0–3 (the action ids' positions): ingredient one-hot "
            "(A C K M G N S), then value / 7",
            [f"h{i}.{x}" for i in range(4) for x in (*LETTERS, "value")],
        )
        self.o_fridge = add("fridge", 56, "cards in the Fridge", CARDS)
        self.o_fridge_slots = add(
            "fridge_slots",
            4 * 8,
            "per Fridge position 0–3: ingredient one-hot, then value / 7",
            [f"f{i}.{x}" for i in range(4) for x in (*LETTERS, "value")],
        )
        self.o_bowls = add(
            "bowls",
            3 * 62,
            "per bowl 1–3: its cards (56), sum / 14, ingredients / 7, then whom it is "
            "served to: communal, this seat's side, the next side, the side after",
            [
                f"b{p + 1}.{x}"
                for p in range(3)
                for x in (*CARDS, "sum", "types", *("communal", "mine", "side+1", "side+2"))
            ],
        )
        self.o_deck = add("deck_size", 1, "cards in the deck / 56")
        self.o_hand_sizes = add("hand_sizes", 4, "cards in hand / 4, by seat from this one", rel)
        self.o_served = add("served_counts", 4, "bowls served / 10, by side from this seat's", rel)
        self.o_last_pick = add(
            "last_pick",
            4 * 56,
            "each seat's last Fridge pick(s) (public), by seat from this one",
            [f"{r}.{c}" for r in rel for c in CARDS],
        )
        self.o_open_served = add(
            "open_served",
            56,
            "cards of this side's served bowls when they are open (solo; everyone at the end)",
            CARDS,
        )
        self.o_served_types = add(
            "open_served_types",
            7,
            "this side's open served bowls by their number of ingredients 1–7, count / 8 "
            "(at most 1)",
            [f"{k}types" for k in range(1, 8)],
        )
        self.o_discards = add("discard_count", 1, "solo discards set aside / 4")
        self.num_actions = NUM_ACTIONS
        self._use_compiled("ramen_ramen", RamenRamenEncoder)  # the same, in C, when built
        self._comps: dict[Action, tuple[Any, ...]] = {}
        self._table: tuple[list[Action], list[Action], list[Action | None]] | None = None
        self._by_data: dict[tuple[Any, ...], Action] = {}

    # -- observation ------------------------------------------------------------------

    def encode(self, view: View) -> FloatArray:
        seat = view["seat"]
        players = view["players"]
        card = CARD
        # (index, value) pairs, written into the vector at once at the end
        idx: list[int] = [self.o_mode + MODES.index(view["mode"])]
        val: list[float] = [1.0]
        phase = view["phase"]
        if phase in PHASES:
            idx.append(self.o_phase + PHASES.index(phase))
            val.append(1.0)
        if seat in view["to_act"]:
            idx.append(self.o_to_act)
            val.append(1.0)
        for base, slots, names in (
            (self.o_hand, self.o_hand_slots, view["hand"]),
            (self.o_fridge, self.o_fridge_slots, view["fridge"]),
        ):
            for i, name in enumerate(names):
                c = card[name]
                s = slots + 8 * i
                idx += (base + c, s + (c >> 3), s + 7)
                val += (1.0, 1.0, _VALUE[c])
        my_side = _side(players, seat)
        sides = 2 if players == 4 else players
        for p, bowl in enumerate(view["bowls"]):
            b = self.o_bowls + 62 * p
            for name in bowl["cards"]:
                idx.append(b + card[name])
                val.append(1.0)
            owner = bowl["owner"]
            where = 0 if owner is None else 1 + (owner - my_side) % sides
            idx += (b + 56, b + 57, b + 58 + where)
            val += (
                scaled(bowl["sum"], bowl["serve_sum"]),
                bowl["ingredients"] / bowl["all_ingredients"],
                1.0,
            )
        idx.append(self.o_deck)
        val.append(view["deck_size"] / DECK_SIZE)
        sizes = view["hand_sizes"]
        picks = view["last_pick"]
        for s in range(players):
            r = (s - seat) % players
            idx.append(self.o_hand_sizes + r)
            val.append(sizes[s] / HAND_SIZE)
            for name in picks[s]:
                idx.append(self.o_last_pick + 56 * r + card[name])
                val.append(1.0)
        types = [0.0] * 7
        for entry in view["served"]:
            side = entry["side"]
            idx.append(self.o_served + (side - my_side) % sides)
            val.append(scaled(entry["count"], 10))
            if side == my_side and entry["bowls"] is not None:
                for bowl_cards in entry["bowls"]:
                    types[len({name[0] for name in bowl_cards}) - 1] += 1 / 8
                    for name in bowl_cards:
                        idx.append(self.o_open_served + card[name])
                        val.append(1.0)
        idx += range(self.o_served_types, self.o_served_types + 7)
        val += [min(t, 1.0) for t in types]  # (a solo game can serve 9 of a kind)
        idx.append(self.o_discards)
        val.append(view["discard_count"] / 4)
        obs = np.zeros(self.layout.size, np.float32)
        obs[idx] = val
        return obs

    # -- the fast path: the same vector, read from the state -----------------------------

    reads_state = True

    def encode_state(self, state: Any, seat: int) -> FloatArray:
        """:meth:`encode` of ``state.view(seat)``, read from the state (equal by test).

        Reads only what the view shows the seat: its own hand, the other hands' sizes,
        the Fridge, the bowls in play, the deck's size, the last picks, the count of
        served bowls and their cards only when the view opens them (solo, or the end).
        Writes each entry straight into the vector (cheaper than collecting them).
        """
        players = self.players
        obs = np.zeros(self.layout.size, np.float32)
        # writing an item through the array's memoryview is cheaper than into the array
        # (typed Any: typeshed has a memoryview take ints only)
        v: Any = obs.data
        phase = state.phase
        over = phase == _STATE_OVER
        v[self.o_mode + (3 if players == 4 else players - 1)] = 1.0
        if not over:
            v[self.o_phase + phase] = 1.0
            if seat == state.current:
                v[self.o_to_act] = 1.0
        for base, slots, cards in (
            (self.o_hand, self.o_hand_slots, state.hands[seat]),
            (self.o_fridge, self.o_fridge_slots, state.fridge),
        ):
            for c in cards:
                v[base + c] = 1.0
                v[slots + (c >> 3)] = 1.0
                v[slots + 7] = _VALUE[c]
                slots += 8
        my_side = seat % 2 if players == 4 else seat
        sides = state.sides
        owners = state.owners
        bowl_sum = state.bowl_sum
        bowl_mask = state.bowl_mask
        b = self.o_bowls
        for p, cards in enumerate(state.bowls):
            for c in cards:
                v[b + c] = 1.0
            owner = owners[p]
            total = bowl_sum[p]
            v[b + 56] = 1.0 if total >= SERVE_SUM else total / SERVE_SUM
            v[b + 57] = _TYPES[bowl_mask[p]]
            v[b + 58 + (0 if owner is None else 1 + (owner - my_side) % sides)] = 1.0
            b += 62
        v[self.o_deck] = len(state.deck) / DECK_SIZE
        hands = state.hands
        picks = state.last_pick
        for s in range(players):
            r = (s - seat) % players
            v[self.o_hand_sizes + r] = len(hands[s]) / HAND_SIZE
            base = self.o_last_pick + 56 * r
            for c in picks[s]:
                v[base + c] = 1.0
        for side, bowls in enumerate(state.served):
            count = len(bowls)
            v[self.o_served + (side - my_side) % sides] = 1.0 if count >= 10 else count / 10
            if side == my_side and bowls and (over or players == 1):
                types = [0.0] * 7
                for bowl_cards in bowls:
                    types[len({c >> 3 for c in bowl_cards}) - 1] += 1 / 8
                    for c in bowl_cards:
                        v[self.o_open_served + c] = 1.0
                obs[self.o_served_types : self.o_served_types + 7] = [min(t, 1.0) for t in types]
        v[self.o_discards] = len(state.discards) / 4
        return obs

    # -- actions ------------------------------------------------------------------------

    def _components(self, action: Action) -> tuple[Any, ...]:
        """``("take", card)``, ``("one", card, bowl)`` or ``(card_a, card_b, k, k_swapped)``:
        a play's two cards and the index of its bowl pair, as is and with the cards swapped
        (read once per action from the game's decision data)."""
        comps = self._comps.get(action)
        if comps is None:
            data = self.game.action_to_json(action)
            if data["type"] == "take":
                comps = ("take", data["card"])
            else:
                placements = [(x["card"], x["bowl"]) for x in data["cards"]]
                if len(placements) == 1:
                    comps = ("one", *placements[0])
                else:
                    (ca, pa), (cb, pb) = placements
                    comps = (ca, cb, BOWL_PAIR_INDEX[pa, pb], BOWL_PAIR_INDEX[pb, pa])
            self._comps[action] = comps
        return comps

    def legal(self, seat: int, view: View, legal: Sequence[Action]) -> LegalMap:
        """The legal ids follow from the view: in the play step, every pair of hand
        positions into every two different bowls (the last card into any bowl); in a take
        step, every Fridge position. When they are as many as the game's legal actions
        (always, unless the rules and this encoding disagree), each id's action is built
        only if it is played; otherwise every legal action is mapped one by one."""
        if not legal:
            return {}
        hand = view["hand"]
        fridge = view["fridge"]
        if len(hand) > SLOTS or len(fridge) > SLOTS:
            raise ValueError("a Ramen! Ramen! hand or Fridge holds more than 4 cards")
        phase = view["phase"]
        ids = _PLAY_IDS[len(hand)] if phase == "play" else _TAKE_IDS[len(fridge)]
        if len(ids) == len(legal):
            cards = (tuple(hand), tuple(fridge))  # the view may be handed out and changed
            return LazyLegal(ids, lambda action_id: self._action(cards, action_id))
        return self._mapped(view, legal)

    def legal_state(self, state: Any, seat: int) -> LegalMap:
        """:meth:`legal` from the state: the ids follow from the number of cards in hand
        (play step) or in the Fridge (take steps); an id's action is built if played."""
        hand = tuple(state.hands[seat])
        fridge = tuple(state.fridge)
        if state.phase == _STATE_PLAY:
            ids, members = _PLAY_IDS[len(hand)], _PLAY_SETS[len(hand)]
        else:
            ids, members = _TAKE_IDS[len(fridge)], _TAKE_SETS[len(fridge)]
        if not ids:
            return {}
        return LazyLegal(
            ids, lambda action_id: self._state_action(hand, fridge, action_id), members
        )

    def _state_action(
        self, hand: tuple[int, ...], fridge: tuple[int, ...], action_id: int
    ) -> Action:
        """The game action of a legal id, given the hand and Fridge as card numbers."""
        table = self._table or self._actions_by_cards()
        if action_id >= TAKE:
            return table[1][fridge[action_id - TAKE]]
        if action_id >= PLAY1:
            return table[0][hand[0] * 3 + action_id - PLAY1]
        i, j = PAIRS[action_id // 6]
        return table[2][(hand[i] * 56 + hand[j]) * 6 + action_id % 6]

    def _actions_by_cards(self) -> tuple[list[Action], list[Action], list[Action | None]]:
        """Every game action by card numbers: a lone card into each bowl, each Fridge
        take, each ordered pair of cards into each pair of bowls (``BOWL_PAIRS``): the
        game's own decision values (the ones its ``legal_actions`` lists), built once per
        process and shared by every encoder of the game."""
        table = _BY_CARDS.get(id(self.game))
        if table is None:
            ones: list[Action] = [PLAYS1[c][p] for c in range(DECK_SIZE) for p in range(3)]
            takes: list[Action] = list(TAKES)
            pairs: list[Action | None] = [None] * (DECK_SIZE * DECK_SIZE * 6)
            for a in range(DECK_SIZE):
                for b in range(DECK_SIZE):
                    if a != b:
                        for m, (p, q) in enumerate(BOWL_PAIRS):
                            # PLAYS2[low][high] lists the bowl pairs of the lower card first
                            low, high = (a, b) if a < b else (b, a)
                            pair = (p, q) if a < b else (q, p)
                            pairs[(a * DECK_SIZE + b) * 6 + m] = PLAYS2[low][high][
                                BOWL_PAIR_INDEX[pair]
                            ]
            table = _BY_CARDS[id(self.game)] = (ones, takes, pairs)
        self._table = table
        return table

    def _action(self, cards: tuple[tuple[str, ...], tuple[str, ...]], action_id: int) -> Action:
        """The game action of a legal id, read from its decision data (each read once)."""
        hand, fridge = cards
        data: dict[str, Any]
        if action_id >= TAKE:
            data = {"type": "take", "card": fridge[action_id - TAKE]}
        elif action_id >= PLAY1:
            data = {"type": "play", "cards": [{"card": hand[0], "bowl": action_id - PLAY1}]}
        else:
            (i, j), (p, q) = PAIRS[action_id // 6], BOWL_PAIRS[action_id % 6]
            data = {
                "type": "play",
                "cards": [{"card": hand[i], "bowl": p}, {"card": hand[j], "bowl": q}],
            }
        key = (
            (data["card"],)
            if action_id >= TAKE
            else tuple((x["card"], x["bowl"]) for x in data["cards"])
        )
        action = self._by_data.get(key)
        if action is None:
            action = self._by_data[key] = self.game.action_from_json(data)
        return action

    def _mapped(self, view: View, legal: Sequence[Action]) -> LegalMap:
        """Each legal action mapped to its id through its notation."""
        out: dict[int, Action] = {}
        components = self._components
        first = components(legal[0])
        if first[0] == "take":
            fridge = {name: i for i, name in enumerate(view["fridge"])}
            for action in legal:
                out[TAKE + fridge[components(action)[1]]] = action
            return out
        if first[0] == "one":  # a lone card
            for action in legal:
                out[PLAY1 + components(action)[2]] = action
            return out
        hand = {name: i for i, name in enumerate(view["hand"])}
        get = self._comps.get
        pair_base = _PAIR_BASE
        for action in legal:
            comps = get(action) or components(action)
            i = hand[comps[0]]
            j = hand[comps[1]]
            if i < j:
                out[pair_base[i][j] + comps[2]] = action
            else:
                out[pair_base[j][i] + comps[3]] = action
        return out

    def action_label(self, seat: int, action_id: int) -> str:
        if not 0 <= action_id < NUM_ACTIONS:
            raise ValueError(f"no Ramen! Ramen! action id {action_id} (ids 0–{NUM_ACTIONS - 1})")
        if action_id >= TAKE:
            return f"take Fridge card #{action_id - TAKE}"
        if action_id >= PLAY1:
            return f"play the last card into bowl {action_id - PLAY1 + 1}"
        (i, j), (p, q) = PAIRS[action_id // 6], BOWL_PAIRS[action_id % 6]
        return f"hand #{i} into bowl {p + 1}, hand #{j} into bowl {q + 1}"

    def score_bounds(self) -> tuple[float, float]:
        # 56 cards make at most 8 bowls of 7 ingredients (10 points each)
        return (0.0, 80.0)

    def max_decisions(self) -> int:
        # at most 3 decisions a turn; each turn plays a card or empties the Fridge
        return 3 * 56 + 8
