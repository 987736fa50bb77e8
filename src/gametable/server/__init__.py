"""The online game server (``gametable serve``): see docs/server.md."""
