"""Computer opponents. Every bot sees one seat's view and answers with one of its legal actions."""

from chickenfoot.bots.base import BOTS, Bot, UnknownBotError, make_bot

__all__ = ["BOTS", "Bot", "UnknownBotError", "make_bot"]
