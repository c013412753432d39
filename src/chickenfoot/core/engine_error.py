"""The error of an engine that broke its own guarantees (kept apart from the compiled engine
modules: mypyc compiles no subclass of a built-in exception)."""

from __future__ import annotations


class EngineError(RuntimeError):
    """The engine broke one of its own guarantees: a bug, never a player's mistake."""
