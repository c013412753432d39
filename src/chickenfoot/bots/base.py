"""The bot interface and the registry of bots by name."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Protocol

from chickenfoot.core import Action, Play, SeatView


class Bot(Protocol):
    """View in, action out. A bot is built from a seed and sees nothing but its views."""

    name: str

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``; only called when it is the bot's turn."""
        ...


class UnknownBotError(ValueError):
    pass


class RandomBot:
    """Any legal action, uniformly at random."""

    name = "random"

    def __init__(self, seed: int | str) -> None:
        self.rng = Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)


class GreedyBot:
    """The heaviest playable tile (lowest target id on ties); else draw or pass."""

    name = "greedy"

    def __init__(self, seed: int | str) -> None:
        self.rng = Random(seed)

    def choose(self, view: SeatView) -> Action:
        plays = [a for a in view.legal if isinstance(a, Play)]
        if not plays:
            return view.legal[0]
        return max(plays, key=lambda a: (_weight(a), -a.on))


def _weight(play: Play) -> int:
    return 50 if play.tile.index == 0 else play.tile.pips


BOTS: dict[str, Callable[[int | str], Bot]] = {
    RandomBot.name: RandomBot,
    GreedyBot.name: GreedyBot,
}


def make_bot(name: str, seed: int | str) -> Bot:
    try:
        factory = BOTS[name]
    except KeyError:
        raise UnknownBotError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None
    return factory(seed)
