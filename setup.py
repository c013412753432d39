"""Compiles the engine's compact round and its play loop, and the searching bots' playouts
and sampling loops, to C extensions with mypyc (see ``src/chickenfoot/core/fast.py``,
``compact_loop.py``, ``src/chickenfoot/bots/playout.py`` and ``dealing.py``); everything else
is in pyproject.toml.

Where no C compiler is at hand the build goes on without the extensions and the modules run
as plain Python, with the same results. ``CHICKENFOOT_PURE_PYTHON=1`` skips it on purpose.
"""

import os

from setuptools import setup

COMPILED = [
    "src/chickenfoot/core/compact_loop.py",
    "src/chickenfoot/core/fast.py",
    "src/chickenfoot/bots/playout.py",
    "src/chickenfoot/bots/dealing.py",
]


def extensions() -> list:
    if os.environ.get("CHICKENFOOT_PURE_PYTHON"):
        return []
    from mypyc.build import mypycify

    modules = mypycify(COMPILED, opt_level="3")
    for module in modules:
        module.optional = True  # a failed compile leaves the plain Python module
    return modules


setup(ext_modules=extensions())
