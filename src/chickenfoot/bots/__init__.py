"""Computer opponents. Every bot sees one seat's view and answers with one of its legal actions."""

from chickenfoot.bots.base import Bot, Limit
from chickenfoot.bots.hints import Hint, hints
from chickenfoot.bots.registry import BOTS, LEVELS, UnknownBotError, make_bot

__all__ = ["BOTS", "LEVELS", "Bot", "Hint", "Limit", "UnknownBotError", "hints", "make_bot"]
