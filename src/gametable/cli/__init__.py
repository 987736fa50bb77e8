"""Front end: the ``gametable`` command line."""
