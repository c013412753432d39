"""Everything a bot written against the table's view needs, from one module (docs/BOTS.md).

A bot is a class (or function) called with a seed that returns an object with a ``name``,
``reads_table = True`` and ``choose(view, limit=None)``: ``view`` is the :class:`Snapshot`
of its seat, and ``choose`` returns one of ``view.legal`` as an :data:`Action`
(:func:`action_from_json` reads one from its JSON form).
"""

from chickenfoot.bots.base import Limit
from chickenfoot.core.actions import Action, Draw, Pass, Play
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import (
    ActionEntry,
    Foot,
    PlayChoice,
    Public,
    Snapshot,
    WirePlace,
    WirePlaced,
    action_from_json,
    action_to_json,
)

__all__ = [
    "Action",
    "ActionEntry",
    "Draw",
    "Foot",
    "Limit",
    "Pass",
    "Play",
    "PlayChoice",
    "Public",
    "Snapshot",
    "Tile",
    "WirePlace",
    "WirePlaced",
    "action_from_json",
    "action_to_json",
]
