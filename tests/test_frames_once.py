"""The frames of a table are made once per version and viewer, and every socket receives what
it received when each socket's frames were projected and encoded for it alone."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.core.table import Table
from chickenfoot.core.wire import action_from_json
from chickenfoot.server import frames
from chickenfoot.server.hub import Connection, Hub, NewSeat
from chickenfoot.server.store import Store
from tests.frame_tables import GOLDEN, recorded


def test_every_socket_of_the_seeded_tables_receives_the_frames_kept_in_the_golden_file() -> None:
    kept = json.loads(GOLDEN.read_text(encoding="utf-8"))
    now = recorded()
    assert now.keys() == kept.keys()
    for name, sockets in kept.items():
        assert now[name].keys() == sockets.keys(), name
        for socket, sent in sockets.items():
            assert now[name][socket] == sent, f"{name}: {socket}"


class Counted:
    """How many projections and encodings a table's frames took."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entries = 0
        self.snapshots = 0
        self.encoded = 0
        entry, snapshot = Table.entry, Table.snapshot
        event, snapshot_frame = frames.event, frames.snapshot

        def counted_entry(table: Table, version: int, viewer: int | None) -> Any:
            self.entries += 1
            return entry(table, version, viewer)

        def counted_snapshot(table: Table, viewer: int | None) -> Any:
            self.snapshots += 1
            return snapshot(table, viewer)

        def counted_event(made: Any, *marked: Any) -> bytes:
            self.encoded += 1
            return event(made, *marked)

        def counted_snapshot_frame(view: Any, *marked: Any) -> bytes:
            self.encoded += 1
            return snapshot_frame(view, *marked)

        monkeypatch.setattr(Table, "entry", counted_entry)
        monkeypatch.setattr(Table, "snapshot", counted_snapshot)
        monkeypatch.setattr(frames, "event", counted_event)
        monkeypatch.setattr(frames, "snapshot", counted_snapshot_frame)


def test_fifty_spectators_share_one_frame_per_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play() -> tuple[list[Connection], Connection, int, Counted]:
        store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}")
        await store.open()
        hub = Hub(store, bot_delay=0)
        await hub.start()
        try:
            seats = [NewSeat(human="Ann"), NewSeat(bot="easy"), NewSeat(bot="easy")]
            table_id, _ = await hub.create("chickenfoot", None, {"length": "single"}, seats, 3, "x")
            live = await hub.get(table_id)
            spectators = [Connection(None) for _ in range(50)]
            for spectator in spectators:
                await hub.connect(live, spectator)
            counted = Counted(monkeypatch)
            ann = Connection(0)
            await hub.connect(live, ann)  # every seat taken: the table deals
            while True:
                while live.thinking is not None:
                    await asyncio.sleep(0)
                table = live.table
                assert table is not None
                if table.is_over:
                    return spectators, ann, table.version, counted
                legal = table.snapshot(0).legal
                counted.snapshots -= 1  # the test's own look at the table
                assert legal and table.turn == 0
                await hub.act(live, 0, action_from_json(legal[0]))
        finally:
            await hub.stop()
            await store.close()

    spectators, ann, versions, counted = asyncio.run(play())
    # Each spectator came while the others waited: it missed the lobby frames before it.
    told = [[f for f in _drained(s) if f is not None and b'"lobby"' not in f] for s in spectators]
    assert len(told[0]) > 10
    for other in told[1:]:
        assert len(other) == len(told[0])
        assert all(a is b for a, b in zip(told[0], other, strict=True))  # the same bytes
    # Two viewers (the spectators, seat 0): one snapshot each at the deal (version 1), then
    # one event each per later version.
    assert counted.snapshots == 2
    assert counted.entries == 2 * (versions - 1)
    assert counted.encoded == counted.snapshots + counted.entries
    assert len([f for f in _drained(ann) if f is not None]) == versions  # None: the hub stopped


def _drained(connection: Connection) -> list[bytes | None]:
    out = []
    while not connection.queue.empty():
        out.append(connection.queue.get_nowait())
    return out
