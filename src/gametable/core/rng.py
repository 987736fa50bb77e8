"""Seeded, platform-independent randomness, and the rule that keeps deals secret.

:class:`Rng` is SplitMix64 (Steele, Lea & Flood 2014) with unbiased bounded integers by
rejection. It depends on nothing but integer arithmetic, so the same seed gives the same
deal on every machine, operating system and Python version — unlike :mod:`random`,
whose algorithms are not promised to stay the same across releases.

**The seed is the deal** (an invariant every front end and runner keeps): whoever knows a
game's seed rebuilds every hidden card with ``game.new_state(players, seed)``. Therefore

1. no seat is shown the seed, or anything derived from it, before the game is over
   (front ends print it with the result, never at the start);
2. agents' random streams never derive from the deal seed. In interactive play they come
   from independent entropy (:func:`fresh_seed`); a seeded job (``simulate``,
   ``tournament``, ``play_game(..., agent_seed=...)``) derives them from the job's own
   seed — the organiser's secret — along a different path than its deals
   (``derive_seed(job, "agents", i)`` vs ``derive_seed(job, "deal", i)``). A bot's
   choices, which other seats and network clients see, then say nothing about the deal;
3. interactive deal seeds are 64-bit (:func:`fresh_seed`), so a seat's own cards do not
   single out the seed by brute force either.
"""

from __future__ import annotations

import hashlib
import secrets
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


def fresh_seed() -> int:
    """A 64-bit seed from the operating system's entropy (:mod:`secrets`), for deals and
    agents' streams in interactive play: nothing in the program can predict it."""
    return secrets.randbits(64)


def derive_seed(*parts: object) -> int:
    """A 64-bit seed derived from any printable parts (stable across runs and machines)."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")
