"""The interface every computer player implements."""

from __future__ import annotations

from typing import Protocol

from chickenfoot.core import Action, SeatView


class Bot(Protocol):
    """View in, action out. A bot is built from a seed and sees nothing but its views."""

    name: str

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``; only called when it is the bot's turn."""
        ...
