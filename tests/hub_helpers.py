"""What the hub's tests in process share: a hub on SQLite, started and stopped with its store,
and a table of two people with their sockets open."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from chickenfoot.core.wire import action_from_json
from chickenfoot.server.hub import Connection, Hub, Live, NewSeat
from chickenfoot.server.store import Store


@contextlib.asynccontextmanager
async def running_hub(tmp_path: Path, bot_delay: float = 0, **options: Any) -> AsyncIterator[Hub]:
    """A hub on SQLite in ``tmp_path`` (bots at once unless ``bot_delay`` says otherwise)."""
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}")
    await store.open()
    hub = Hub(store, bot_delay=bot_delay, **options)
    await hub.start()
    try:
        yield hub
    finally:
        await hub.stop()
        await store.close()


@contextlib.contextmanager
def seed_drawn(seed: int) -> Iterator[None]:
    """The server's next deals are dealt from ``seed``, as if :mod:`secrets` had drawn it: a
    test's matches the same every time, at tables no seed may be chosen for (two people)
    or that are not for practice."""
    with mock.patch.object(secrets, "randbelow", return_value=seed):
        yield


async def two_people(hub: Hub, game: str = "chickenfoot", seed: int = 5) -> Live:
    """A table of Ann and Bo dealt from ``seed`` (:func:`seed_drawn`), each with a socket
    open."""
    seats = [NewSeat(human="Ann"), NewSeat(human="Bo")]
    with seed_drawn(seed):
        table_id, _ = await hub.create(game, None, {}, seats, None, "x")
    live = await hub.get(table_id)
    for seat in (0, 1):
        await hub.connect(live, Connection(seat))
    assert live.table is not None
    return live


async def act_once(hub: Hub, live: Live) -> None:
    """The seat to act takes its first legal action."""
    table = live.table
    assert table is not None and table.turn is not None
    legal = table.snapshot(table.turn).legal
    assert legal
    await hub.act(live, table.turn, action_from_json(legal[0]))
