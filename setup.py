"""Build the compiled fast paths (Cython); everything else is in pyproject.toml.

Every ``src/gametable/**/*_fast.pyx`` becomes the extension module of its path: the
observation encoders (``gametable.envs.encoders.*_fast``) and the solo planner's rollouts
(``gametable.games.ramen_ramen.planner_fast``). The extensions are optional: without a C
compiler the install still succeeds and the pure-Python code runs instead (the same
results, slower; ``docs/envs.md``, ``docs/search.md``).
"""

from pathlib import Path

from setuptools import Extension, setup

SOURCES = sorted(Path("src").glob("gametable/**/*_fast.pyx"))

setup(
    ext_modules=[
        Extension(
            ".".join(path.relative_to("src").with_suffix("").parts),
            [path.as_posix()],
            optional=True,
        )
        for path in SOURCES
    ]
)
