"""The interface every computer player implements."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from chickenfoot.core import Action, SeatView
from chickenfoot.core.standard import StandardView

View = SeatView | StandardView
"""What a seat sees: of a Chicken Foot round, or of a hand of a standard game."""


@dataclass(frozen=True, slots=True)
class Limit:
    """How long one choice may take: a bot that searches stops at the first of these it
    reaches (and within its own budget); the others ignore it."""

    millis: float | None = None
    samples: int | None = None
    stop: Callable[[], bool] | None = None
    """Asked between samples: True stops the search (a player who has had enough)."""


class Bot(Protocol):
    """View in, action out. A bot is built from a seed and sees nothing but its views."""

    name: str

    def choose(self, view: View, limit: Limit | None = None) -> Action:
        """One of ``view.legal``; only called when it is the bot's turn."""
        ...
