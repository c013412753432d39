"""A socket that asks what it missed (``sync``) is told every event once, however the table
moves between its snapshot and its question."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from chickenfoot.server.hub import Connection, NewSeat
from tests.hub_helpers import act_once, running_hub, seed_drawn


def _events(connection: Connection) -> list[int]:
    versions = []
    while not connection.queue.empty():
        frame = connection.queue.get_nowait()
        if frame is not None and json.loads(frame)["type"] == "event":
            versions.append(json.loads(frame)["version"])
    return versions


def test_a_reconnected_socket_is_not_told_again_what_came_after_its_snapshot(
    tmp_path: Path,
) -> None:
    """Ann's first socket heard the table up to version ``seen``. Her new socket gets the
    snapshot of a later version; Bo acts; only then is her ``sync`` from ``seen`` read: it
    tells the events up to the snapshot, not Bo's action a second time."""

    async def play() -> tuple[int, int, list[int]]:
        async with running_hub(tmp_path) as hub:
            seats = [NewSeat(human="Ann"), NewSeat(human="Bo")]
            with seed_drawn(5):
                table_id, _ = await hub.create("chickenfoot", None, {}, seats, None, "x")
            live = await hub.get(table_id)
            first, bo = Connection(0), Connection(1)
            await hub.connect(live, first)
            await hub.connect(live, bo)
            for _ in range(3):
                await act_once(hub, live)
            hub.disconnect(live, first)
            assert live.table is not None
            seen = live.table.version
            for _ in range(2):
                await act_once(hub, live)
            again = Connection(0)
            await hub.connect(live, again)  # its snapshot
            snapshot = live.table.version
            await act_once(hub, live)
            async with live.lock:
                hub.sync(live, again, seen)
            return seen, snapshot, _events(again)

    seen, snapshot, told = asyncio.run(play())
    assert seen < snapshot
    assert sorted(told) == list(range(seen + 1, snapshot + 2))  # each once, none missing
    assert told[0] == snapshot + 1  # Bo's action as it happened, then what the sync asked
