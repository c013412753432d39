"""Computer opponents. Every bot sees one seat's view and answers with one of its legal actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chickenfoot.bots.base import Bot, Limit, reads_table, view_for
from chickenfoot.bots.plugins import PluginError
from chickenfoot.bots.registry import BOTS, LEVELS, UnknownBotError, known_bots, make_bot

if TYPE_CHECKING:
    from chickenfoot.bots.hinting import Hint, hints

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "Hint",
    "Limit",
    "PluginError",
    "UnknownBotError",
    "hints",
    "known_bots",
    "make_bot",
    "reads_table",
    "view_for",
]


def __getattr__(name: str) -> Any:
    """``Hint`` and ``hints`` (:mod:`chickenfoot.bots.hinting`), imported when first asked
    for: they search as the expert does, which a command that plays only random or greedy
    bots never needs."""
    if name in ("Hint", "hints"):
        from chickenfoot.bots import hinting

        value = getattr(hinting, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
