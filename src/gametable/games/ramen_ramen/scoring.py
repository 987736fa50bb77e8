"""Scoring helpers beyond the bowl table: the solo critics' verdict."""

from __future__ import annotations

from fractions import Fraction

# (lowest score of the band, stars, the critics' words). English seed, with the star
# counts of 53–55 and 56–57 taken from the French seed (the English one is garbled there).
CRITICS_BANDS: tuple[tuple[int, Fraction, str], ...] = (
    (0, Fraction(0), "Was that meant to be food?"),
    (38, Fraction(1), "Diners left disappointed, not delighted."),
    (44, Fraction(2), "Ramen declared exceptionally average."),
    (48, Fraction(5, 2), "You've got some regulars."),
    (53, Fraction(3), "Lovely noodles and broth. Great service."),
    (56, Fraction(7, 2), "The smells alone are worth the wait."),
    (58, Fraction(4), "True elevation of the humble ramen bowl."),
    (60, Fraction(9, 2), "Not to be missed. Edible transcendence."),
    (62, Fraction(5), "A world-class gastronomic wonder. Ramen redefined."),
)


def critics_band(points: int) -> int:
    """Index into :data:`CRITICS_BANDS` of a solo score."""
    band = 0
    for i, (low, _, _) in enumerate(CRITICS_BANDS):
        if points >= low:
            band = i
    return band


def critics_verdict(points: int) -> tuple[float, str]:
    """Stars (0 to 5 in halves) and the critics' words for a solo score.

    >>> critics_verdict(50)
    (2.5, "You've got some regulars.")
    """
    _, stars, quote = CRITICS_BANDS[critics_band(points)]
    return float(stars), quote


def band_label(band: int) -> str:
    """The score range of a band, e.g. ``"48–52"``."""
    low = CRITICS_BANDS[band][0]
    if band == 0:
        return f"< {CRITICS_BANDS[1][0]}"
    if band == len(CRITICS_BANDS) - 1:
        return f"> {low - 1}"
    return f"{low}–{CRITICS_BANDS[band + 1][0] - 1}"


def stars_text(stars: float) -> str:
    """Stars as ★/½/☆ characters."""
    full = int(stars)
    half = stars - full >= 0.5
    return "★" * full + ("½" if half else "") + "☆" * (5 - full - (1 if half else 0))
