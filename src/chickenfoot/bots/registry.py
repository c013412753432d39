"""Every bot by name, and the difficulty levels players choose from."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import Any

from chickenfoot.bots import plugins
from chickenfoot.bots.base import Bot
from chickenfoot.bots.simple import GreedyBot, RandomBot
from chickenfoot.core.messages import CodedError, Message, message


class UnknownBotError(CodedError):
    """A bot name that is no bot (code ``unknown-bot``)."""


def _named(name: str, factory: Callable[[int | str], Bot]) -> Callable[[int | str], Bot]:
    def make(seed: int | str) -> Bot:
        bot = factory(seed)
        bot.name = name
        return bot

    return make


def _heuristic(seed: int | str) -> Bot:
    from chickenfoot.bots.heuristic import HeuristicBot

    return HeuristicBot(seed)


def _searching(seed: int | str, **settings: Any) -> Bot:
    """A :class:`~chickenfoot.bots.montecarlo.MonteCarloBot`: the searching bots are imported
    when one is made, not by every command that names a bot."""
    from chickenfoot.bots.montecarlo import MonteCarloBot

    return MonteCarloBot(seed, **settings)


def _expert(seed: int | str) -> Bot:
    from chickenfoot.bots.chickenfoot import POLICY

    return _searching(
        seed,
        samples=None,
        millis=EXPERT_MILLIS,
        heavy=EXPERT_HEAVY,
        greedy=POLICY.greedy,
        greedy_tests=POLICY.greedy_tests,
        doubles=POLICY.doubles,
        swaps=POLICY.swaps,
    )


EXPERT_MILLIS = 80.0
"""The expert's time per move: it searches as many samples as that allows."""
EXPERT_HEAVY = 0.3
"""The share of the expert's playout moves that take the heaviest tile (the others: any)."""

LEVELS: dict[str, tuple[Message, Callable[[int | str], Bot]]] = {
    "beginner": (message("level-beginner"), RandomBot),
    "easy": (message("level-easy"), GreedyBot),
    "medium": (message("level-medium"), _heuristic),
    "hard": (message("level-hard"), partial(_searching, samples=10, heavy=0.5)),
    "expert": (message("level-expert"), _expert),
}
"""Difficulty levels, weakest first: ``name -> (what it does, factory)``."""

BOTS: dict[str, Callable[[int | str], Bot]] = {
    RandomBot.name: RandomBot,
    GreedyBot.name: GreedyBot,
    "heuristic": _heuristic,
    "ismcts": _searching,
    **{level: _named(level, factory) for level, (_, factory) in LEVELS.items()},
}
"""Every bot by name: the bots themselves, then the levels."""


def known_bots() -> list[str]:
    """Every bot's name: the built-in ones, then those installed as plug-ins
    (:mod:`chickenfoot.bots.plugins`; a plug-in never replaces a built-in bot)."""
    return [*BOTS, *(name for name in plugins.installed() if name not in BOTS)]


def make_bot(name: str, seed: int | str) -> Bot:
    """The bot ``name`` (built in, or a plug-in) seeded with ``seed``, called ``name``
    whatever its factory calls it; :class:`UnknownBotError` for a name that is no bot,
    :class:`~chickenfoot.bots.plugins.PluginError` for a plug-in that cannot be loaded."""
    factory = BOTS.get(name)
    if factory is None:
        point = plugins.installed().get(name)
        if point is None:
            known = ", ".join(known_bots())
            raise UnknownBotError("unknown-bot", name=repr(name), known=known)
        factory = plugins.load(point)
    bot = factory(seed)
    if getattr(bot, "name", None) != name:
        with contextlib.suppress(AttributeError):  # records name it by ``name`` all the same
            bot.name = name
    return bot
