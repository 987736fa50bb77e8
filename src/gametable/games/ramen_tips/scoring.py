"""End-of-game scoring of Ramen (the tips game): valid ramen, tips, Narutos, yen.

Everything here is a pure function of the final tableaux, so the rulebook's worked
examples can be checked without playing a game (``tests/games/ramen_tips``).

Steps, in the rulebook's order (reference §8):

1. :func:`is_valid` — a bowl is a *valid ramen* with at least 3 cards (Shōyu counted,
   unless ``shoyu_counts_for_validity`` is off);
2. :func:`award_tips` — per type, the lowest total in valid ramen wins the token on that
   type's preference slot; a tie goes to the tied player holding the highest card of
   that type;
3. :func:`award_narutos` — the highest total (most Shōyu for the Shōyu Naruto), a tie gives
   it to nobody;
4. :func:`score_player` — valid × largest + tips + Narutos + 1 per 6/7/8 − invalid values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gametable.games.ramen_tips.cards import (
    CARD_NAMES,
    LETTERS,
    NTYPES,
    SHOYU,
    TIP_BY_SLOT,
)

NARUTO_YEN = 3
"""Each Naruto won is worth 3 yen."""


def is_valid(ingredients: int, shoyu: int, shoyu_counts: bool = True) -> bool:
    """Whether a bowl is a valid ramen: at least 3 cards (Shōyu included by default)."""
    return ingredients + (shoyu if shoyu_counts else 0) >= 3


@dataclass
class PlayerScore:
    """One player's final breakdown, step by step (reference §8.3)."""

    bowls: list[tuple[list[int], int, bool]]
    """Each bowl as (ingredient cards, Shōyu placed, valid)."""
    valid: int = 0
    largest: int = 0
    tips: list[tuple[int, int]] = field(default_factory=list)
    """(type, yen) of each tip token won."""
    narutos: list[int] = field(default_factory=list)
    """Naruto kinds won (a type index, or :data:`SHOYU`)."""
    bonus_cards: list[int] = field(default_factory=list)
    """The 6s, 7s and 8s that earn 1 yen each."""
    penalty_cards: list[int] = field(default_factory=list)
    """Ingredients outside valid ramen, subtracted at face value."""

    @property
    def ramen_yen(self) -> int:
        """Step 1: valid ramen × cards in the largest valid ramen."""
        return self.valid * self.largest

    @property
    def tip_yen(self) -> int:
        return sum(y for _, y in self.tips)

    @property
    def naruto_yen(self) -> int:
        return NARUTO_YEN * len(self.narutos)

    @property
    def bonus(self) -> int:
        return len(self.bonus_cards)

    @property
    def penalty(self) -> int:
        return sum(c % 9 + 1 for c in self.penalty_cards)

    @property
    def total(self) -> int:
        return self.ramen_yen + self.tip_yen + self.naruto_yen + self.bonus - self.penalty

    def lines(self) -> list[str]:
        """The breakdown as the rulebook prints it, one line per step."""
        tips = ", ".join(f"{y} per {LETTERS[t]}" for t, y in self.tips) or "none"
        out = [
            f"1 | {self.valid}x{self.largest} = {self.ramen_yen} yen",
            f"2 | {self.tip_yen} yen tips ({tips})",
        ]
        if self.narutos:
            kinds = ", ".join("Shōyu" if k == SHOYU else LETTERS[k] for k in self.narutos)
            out.append(f"  | {self.naruto_yen} yen Narutos ({kinds})")
        sixes = ", ".join(CARD_NAMES[c] for c in self.bonus_cards) or "none"
        out.append(f"3 | {self.bonus} yen (6/7/8: {sixes})")
        minus = ", ".join(CARD_NAMES[c] for c in self.penalty_cards) or "none"
        out.append(f"4 | -{self.penalty} yen (outside valid ramen: {minus})")
        out.append(f"Total: {self.total} yen")
        return out


def type_totals(scores: Sequence[PlayerScore], type_index: int) -> list[tuple[int, int, int]]:
    """Per player: (total, cards, highest card) of a type in their valid ramen."""
    out = []
    for ps in scores:
        total = count = 0
        high = -1
        for cards, _, valid in ps.bowls:
            if not valid:
                continue
            for c in cards:
                if c // 9 == type_index:
                    total += c % 9 + 1
                    count += 1
                    high = max(high, c)
        out.append((total, count, high))
    return out


def tip_winner(totals: Sequence[tuple[int, int, int]]) -> int | None:
    """The player winning a tip: lowest total among those holding the type; ties to the
    highest card of the type. ``None`` when nobody holds the type in a valid ramen."""
    eligible = [p for p, (_, count, _) in enumerate(totals) if count > 0]
    if not eligible:
        return None
    low = min(totals[p][0] for p in eligible)
    tied = [p for p in eligible if totals[p][0] == low]
    return max(tied, key=lambda p: totals[p][2])


def naruto_winner(amounts: Sequence[int]) -> int | None:
    """The player with the strictly highest amount; any tie gives it to nobody."""
    best = max(amounts)
    holders = [p for p, a in enumerate(amounts) if a == best]
    return holders[0] if len(holders) == 1 and best > 0 else None


def score_game(
    bowls: Sequence[Sequence[Sequence[int]]],
    placed: Sequence[Sequence[int]],
    shoyu_held: Sequence[int],
    slot_of: Sequence[int],
    narutos: Sequence[int] = (),
    *,
    shoyu_counts_for_validity: bool = True,
    bonus_counts_invalid: bool = False,
) -> tuple[list[PlayerScore], dict[str, object]]:
    """Every player's breakdown, and the tips and Narutos tables.

    ``bowls[p]`` lists player ``p``'s bowls (ingredient cards), ``placed[p][b]`` the Shōyu
    put in bowl ``b``, ``shoyu_held[p]`` the Shōyu cards gained, ``slot_of[type]`` the
    final preference slot of each type and ``narutos`` the Naruto kinds in play.
    """
    scores: list[PlayerScore] = []
    for p, player_bowls in enumerate(bowls):
        ps = PlayerScore(bowls=[])
        for b, cards in enumerate(player_bowls):
            sh = placed[p][b] if b < len(placed[p]) else 0
            valid = is_valid(len(cards), sh, shoyu_counts_for_validity)
            ps.bowls.append((list(cards), sh, valid))
            if valid:
                ps.valid += 1
                ps.largest = max(ps.largest, len(cards) + sh)
            else:
                ps.penalty_cards.extend(cards)
            if valid or bonus_counts_invalid:
                ps.bonus_cards.extend(c for c in cards if 6 <= c % 9 + 1 <= 8)
        scores.append(ps)
    tips: list[dict[str, object]] = []
    for t in range(NTYPES):
        totals = type_totals(scores, t)
        winner = tip_winner(totals)
        yen = TIP_BY_SLOT[slot_of[t]]
        if winner is not None:
            scores[winner].tips.append((t, yen))
        tips.append(
            {"type": LETTERS[t], "yen": yen, "totals": [tot for tot, _, _ in totals],
             "eligible": [cnt > 0 for _, cnt, _ in totals], "winner": winner}
        )
    for ps in scores:
        ps.tips.sort(key=lambda ty: -ty[1])
    naruto_rows: list[dict[str, object]] = []
    for kind in narutos:
        if kind == SHOYU:
            amounts = list(shoyu_held)
        else:
            amounts = [tot for tot, _, _ in type_totals(scores, kind)]
        winner = naruto_winner(amounts)
        if winner is not None:
            scores[winner].narutos.append(kind)
        naruto_rows.append(
            {"kind": "Shōyu" if kind == SHOYU else LETTERS[kind], "amounts": amounts,
             "winner": winner}
        )
    return scores, {"tips": tips, "narutos": naruto_rows}


__all__ = [
    "NARUTO_YEN",
    "PlayerScore",
    "is_valid",
    "naruto_winner",
    "score_game",
    "tip_winner",
    "type_totals",
]
