"""Short garbage-collection pauses for a server holding many tables.

Every table in play keeps its log and its rounds in memory: hundreds of tables are millions
of objects, and each full collection of CPython's garbage collector walks them all, stopping
every table for a few hundred milliseconds. The objects are freed by reference counting when
a table is done with them; the collector is only needed for reference cycles, which are
short-lived here. So, every few seconds, whatever has survived so far is set aside
(``gc.freeze``: still freed by reference counting, no longer walked by the collector), and
once every few minutes everything is walked once (``gc.unfreeze`` and a full collection), so
that no cycle set aside is kept for long.

The collector walks the youngest objects each time :data:`YOUNG` new ones have come, and
the older ones each tenth and hundredth time: a full collection is due then whenever
anything has survived since the last (what is set aside is not counted). With the
interpreter's 700, a server busy with 400 tables went through every survivor of the last few
seconds about once a second, stopping every table for 15 to 400 ms each time; with
:data:`YOUNG`, some fourteen times more seldom.
"""

from __future__ import annotations

import asyncio
import gc

FREEZE_EVERY = 5.0
"""Seconds between setting aside the objects that have survived."""
FULL_EVERY = 600.0
"""Seconds between full collections of everything."""
YOUNG = 10_000
"""New objects between two collections of the youngest."""


async def keep_pauses_short(
    freeze_every: float = FREEZE_EVERY, full_every: float = FULL_EVERY
) -> None:
    """Run for as long as the server does (see the module docstring)."""
    since_full = 0.0
    thresholds = gc.get_threshold()
    gc.set_threshold(YOUNG, *thresholds[1:])
    try:
        while True:
            await asyncio.sleep(freeze_every)
            since_full += freeze_every
            if since_full >= full_every:
                gc.unfreeze()
                gc.collect()
                since_full = 0.0
            gc.freeze()
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
