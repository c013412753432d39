"""Computer opponents. Every bot sees one seat's view and answers with one of its legal actions."""

from chickenfoot.bots.base import Bot, Limit, reads_table, view_for
from chickenfoot.bots.hints import Hint, hints
from chickenfoot.bots.plugins import PluginError
from chickenfoot.bots.registry import BOTS, LEVELS, UnknownBotError, known_bots, make_bot

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
