"""gametable: play, simulate and study table games on one small game-agnostic core.

The core (:mod:`gametable.core`) defines what a game is; each game lives in its own
package under :mod:`gametable.games`; agents, the CLI and other front ends only talk to
games through the core interface.
"""

__version__ = "0.1.0"
