"""The interface every computer player implements."""

from __future__ import annotations

from typing import Protocol

from chickenfoot.core import Action, SeatView
from chickenfoot.core.standard import StandardView

View = SeatView | StandardView
"""What a seat sees: of a Chicken Foot round, or of a hand of a standard game."""


class Bot(Protocol):
    """View in, action out. A bot is built from a seed and sees nothing but its views."""

    name: str

    def choose(self, view: View) -> Action:
        """One of ``view.legal``; only called when it is the bot's turn."""
        ...
