"""Bots installed as Python packages: each names a factory in the entry-point group
``chickenfoot.bots`` (docs/BOTS.md), so every process finds them, worker processes included.

A package's ``pyproject.toml`` says, for a bot named ``mybot``::

    [project.entry-points."chickenfoot.bots"]
    mybot = "mybot.bot:MyBot"

The object named is called with a seed (an int or a string) and returns the bot. A bot's
name is its entry point's name: it is what records and reports call it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "chickenfoot.bots"
NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,39}")
"""What a plug-in bot may be called: lower-case letters, digits, ``_``, ``.`` and ``-``,
at most 40 characters (so it can never be read as a list of bots or a ``cmd:`` program)."""


class PluginError(Exception):
    """An installed bot that cannot be loaded; the message says which and why."""


@cache
def installed() -> dict[str, EntryPoint]:
    """The entry points of the group by name, those with a name a bot may have; the first
    of two of the same name (in the order of ``sys.path``)."""
    from importlib.metadata import entry_points  # slow to import: only when looked for

    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        if NAME.fullmatch(point.name) and point.name not in found:
            found[point.name] = point
    return found


def load(point: EntryPoint) -> Callable[[int | str], Any]:
    """The factory an entry point names, or :class:`PluginError`."""
    where = f"{point.value} (package {point.dist.name if point.dist else '?'})"
    try:
        factory = point.load()
    except Exception as exc:
        raise PluginError(
            f"the bot {point.name!r} cannot be loaded from {where}: {type(exc).__name__}: {exc}"
        ) from None
    if not callable(factory):
        raise PluginError(f"the bot {point.name!r} from {where} is not a class or function")
    return factory  # type: ignore[no-any-return]
