"""The interface every computer player implements."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from chickenfoot.core import Action
from chickenfoot.core.view import ViewBase

if TYPE_CHECKING:
    from chickenfoot.core.table import Table

View = ViewBase
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
    """View in, action out. A bot is built from a seed and sees nothing but its views.

    A bot with ``reads_table = True`` is given the table's view of its seat instead of a
    :data:`View`: the :class:`~chickenfoot.core.wire.Snapshot` every program at a table
    reads, in public terms (docs/BOTS.md)."""

    name: str

    def choose(self, view: View, limit: Limit | None = None) -> Action:
        """One of ``view.legal``; only called when it is the bot's turn."""
        ...


def reads_table(bot: object) -> bool:
    """Whether ``bot`` reads the table's view (a snapshot) rather than a :data:`View`."""
    return getattr(bot, "reads_table", False) is True


def view_for(bot: object, table: Table, seat: int) -> Any:
    """What ``bot`` in ``seat`` of ``table`` is given to choose from now."""
    return table.snapshot(seat) if reads_table(bot) else table.view(seat)
