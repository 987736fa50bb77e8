"""One package per game. Each exposes ``GAME``, found by :mod:`gametable.core.registry`."""
