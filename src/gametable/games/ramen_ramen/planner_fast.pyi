from collections.abc import Sequence

class Rollouts:
    lookahead: float
    noise: float
    def __init__(
        self, flats: Sequence[Sequence[float]], lookahead: float = 0.0, noise: float = 0.0
    ) -> None: ...
    def finish_from(
        self,
        hand: Sequence[int],
        fridge: Sequence[int],
        sums: Sequence[int],
        masks: Sequence[int],
        deck: Sequence[int],
        score: int,
        second: bool,
    ) -> int: ...
    def set_root(
        self,
        hand: Sequence[int],
        fridge: Sequence[int],
        sums: Sequence[int],
        masks: Sequence[int],
        score: int,
        unseen: Sequence[int],
        deck_size: int,
        take2: bool,
        candidates: Sequence[tuple[Sequence[tuple[int, int]] | None, int | None]],
        seed: int,
    ) -> None: ...
    def sample(
        self,
        alive: Sequence[int],
        out: list[list[int]] | None = None,
        given: Sequence[int] | None = None,
    ) -> None: ...
    def totals(self) -> list[float]: ...
    def prune(self, alive: Sequence[int]) -> list[int]: ...

def endgame(
    hand: Sequence[int],
    fridge: Sequence[int],
    sums: Sequence[int],
    masks: Sequence[int],
    score: int,
    phase: str,
    seconds: float = 0.0,
) -> int | None: ...
