"""The four games as reinforcement-learning and game-theory environments.

- :mod:`gametable.envs.pettingzoo` — PettingZoo AEC and Parallel environments;
- :mod:`gametable.envs.gymnasium` — a Gymnasium single-agent environment (one seat
  against gametable bots, or solo Ramen! Ramen!);
- :mod:`gametable.envs.openspiel` — OpenSpiel Python games
  (``pyspiel.load_game("python_gametable_ramen_fury")``);
- :mod:`gametable.envs.encoding` — the per-game action ids and observation layouts they
  share (one encoder per game in :mod:`gametable.envs.encoders`).

They need the ``rl`` extra (``pip install 'gametable[rl]'``). Documentation:
``docs/envs.md``.
"""
