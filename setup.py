"""Compiles the compact play loop to a C extension with mypyc (see
``src/chickenfoot/core/compact_loop.py``); everything else is in pyproject.toml.

Where no C compiler is at hand the build goes on without the extension and the loop runs as
plain Python, with the same results. ``CHICKENFOOT_PURE_PYTHON=1`` skips it on purpose.
"""

import os

from setuptools import setup

COMPILED = ["src/chickenfoot/core/compact_loop.py"]


def extensions() -> list:
    if os.environ.get("CHICKENFOOT_PURE_PYTHON"):
        return []
    from mypyc.build import mypycify

    modules = mypycify(COMPILED, opt_level="3")
    for module in modules:
        module.optional = True  # a failed compile leaves the plain Python module
    return modules


setup(ext_modules=extensions())
