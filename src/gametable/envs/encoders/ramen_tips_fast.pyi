from collections.abc import Sequence
from typing import Any

import numpy as np

class Observer:
    def __init__(self, encoder: Any, zero: np.ndarray) -> None: ...
    def encode(self, state: Any, seat: int) -> np.ndarray: ...

def placement_ids(offer: Sequence[int], masks: Sequence[int], own: int) -> tuple[int, ...]: ...
