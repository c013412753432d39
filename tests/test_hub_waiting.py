"""Waiting tables in process: one cancelled in the store by another process (several
processes share it) is closed here too, its sockets told, at the hub's next look; one past
its expiry is expired by the first socket that comes, whenever the next look is."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from chickenfoot.server.errors import ServerError
from chickenfoot.server.hub import Connection, NewSeat
from chickenfoot.server.store import CANCELLED
from tests.hub_helpers import running_hub


def test_a_table_another_process_cancelled_is_closed_here_at_the_next_look(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[list[object], bool]:
        async with running_hub(tmp_path, waiting_expiry=4.0) as hub:  # a look every 2 s
            seats = [NewSeat(human="Ann"), NewSeat(human="Bo")]
            table_id, _ = await hub.create("chickenfoot", None, {}, seats, None, "x")
            live = await hub.get(table_id)
            watcher = Connection(None, "sv")
            await hub.connect(live, watcher)
            await hub.store.close_waiting(table_id, CANCELLED)  # as another process does
            told = []
            while (frame := await asyncio.wait_for(watcher.queue.get(), 5)) is not None:
                told.append(json.loads(frame))
            return told, table_id in hub.live

    told, held = asyncio.run(run())
    assert [frame["type"] for frame in told] == ["lobby", "error"]
    assert told[-1]["code"] == "table-cancelled"
    assert "ställt in" in told[-1]["message"]  # in the watcher's Swedish
    assert not held


def test_a_table_past_its_expiry_is_expired_when_someone_comes_before_the_next_look(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[str, int, str | None, list[object]]:
        async with running_hub(tmp_path) as hub:  # the next look is a minute away
            seats = [NewSeat(human="Ann"), NewSeat(human="Bo")]
            table_id, _ = await hub.create("chickenfoot", None, {}, seats, None, "x")
            live = await hub.get(table_id)
            ann = Connection(0)
            await hub.connect(live, ann)
            hub.waiting_expiry = 0.0  # as if a day had passed
            with pytest.raises(ServerError) as refused:
                await hub.connect(live, Connection(1))
            row = await hub.store.table(table_id)
            told = []
            while (frame := await asyncio.wait_for(ann.queue.get(), 5)) is not None:
                told.append(json.loads(frame))
            return refused.value.code, refused.value.status, row and row.status, told

    code, status, stored, told = asyncio.run(run())
    assert (code, status, stored) == ("table-expired", 410, "expired")
    assert [(frame["type"], frame.get("code")) for frame in told] == [
        ("lobby", None),
        ("error", "table-expired"),
    ]
