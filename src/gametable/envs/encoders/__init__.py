"""The built-in games' encoders, one module per game (importing this registers them)."""

from gametable.envs.encoders import ramen_fury, ramen_ramen, ramen_tips, rummikub

__all__ = ["ramen_fury", "ramen_ramen", "ramen_tips", "rummikub"]
