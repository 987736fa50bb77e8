from typing import Any

import numpy as np

from gametable.envs.encoding import LegalMap

class Observer:
    def __init__(self, encoder: Any, zero: np.ndarray) -> None: ...
    def encode(self, state: Any, seat: int) -> np.ndarray: ...
    def legal(self, state: Any, seat: int) -> LegalMap: ...
