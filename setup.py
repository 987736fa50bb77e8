"""Build the compiled observation encoders (Cython); everything else is in pyproject.toml.

Every ``src/gametable/envs/encoders/*_fast.pyx`` becomes the extension module
``gametable.envs.encoders.*_fast``. The extensions are optional: without a C compiler the
install still succeeds and the environments use the pure-Python encoders (the same
observations, slower; ``docs/envs.md``).
"""

from pathlib import Path

from setuptools import Extension, setup

SOURCES = sorted(Path("src/gametable/envs/encoders").glob("*_fast.pyx"))

setup(
    ext_modules=[
        Extension(f"gametable.envs.encoders.{path.stem}", [path.as_posix()], optional=True)
        for path in SOURCES
    ]
)
