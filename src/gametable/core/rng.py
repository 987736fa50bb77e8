"""Seeded, platform-independent randomness.

:class:`Rng` is SplitMix64 (Steele, Lea & Flood 2014) with unbiased bounded integers by
rejection. It depends on nothing but integer arithmetic, so the same seed gives the same
deal on every machine, operating system and Python version — unlike :mod:`random`,
whose algorithms are not promised to stay the same across releases.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small deterministic random generator.

    >>> Rng(7).randbelow(10) == Rng(7).randbelow(10)
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int | str = 0) -> None:
        self._state = derive_seed(seed) if isinstance(seed, str) else seed & _MASK

    def __repr__(self) -> str:
        return f"Rng(state={self._state:#x})"

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self._state = z = (self._state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        limit = ((1 << 64) // n) * n
        x = self.next64()
        while x >= limit:
            x = self.next64()
        return x % n

    def random(self) -> float:
        """A uniform float in [0, 1) with 53 bits of precision."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        """A shuffled copy."""
        out = list(seq)
        self.shuffle(out)
        return out

    def spawn(self, label: str | int) -> Rng:
        """An independent generator derived from this one's state and a label.

        Used to give each seat's agent, or each game of a batch, its own stream without
        disturbing this one.
        """
        return Rng(derive_seed(f"{self._state}:{label}"))


def derive_seed(*parts: object) -> int:
    """A 64-bit seed derived from any printable parts (stable across runs and machines)."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")
