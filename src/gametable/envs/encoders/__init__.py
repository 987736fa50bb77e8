"""The built-in games' encoders, one module per game: importing this package registers
them. The registry (:mod:`gametable.envs.encoding`) loads it by name, so the dependency goes
one way: each encoder imports the registry, never the reverse."""

from gametable.envs.encoders import ramen_fury, ramen_ramen, ramen_tips, rummikub

__all__ = ["ramen_fury", "ramen_ramen", "ramen_tips", "rummikub"]
