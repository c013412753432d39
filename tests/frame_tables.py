"""Seeded tables played through the hub, and every frame each socket of them was sent.

Each scenario seats people and bots (``easy``, deciding in the event loop, so the play is the
same every run), opens sockets for seats and spectators at fixed moments (before the deal,
after it, a second socket of a seat, a socket that reconnects and syncs) and lets each person
take the first of its legal actions. :func:`recorded` gives, per scenario and socket, the
frames (JSON texts) as the socket received them; tests/golden/frames/sockets.json holds them as
the server sent them, and ``python -m tests.frame_tables`` writes that file again.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chickenfoot.core.wire import action_from_json
from chickenfoot.server.hub import Connection, Hub, Live, NewSeat
from chickenfoot.server.store import Store
from tests.hub_helpers import seed_drawn

GOLDEN = Path(__file__).parent / "golden" / "frames" / "sockets.json"


@dataclass
class Scenario:
    game: str
    preset: str | None
    options: dict[str, Any]
    seats: list[NewSeat]
    seed: int
    spectators_first: int = 1
    """Spectators connected before any person joins."""
    moments: dict[int, list[str]] = field(default_factory=dict)
    """After the n-th action of a person (from 0): what happens then (see :func:`_do`)."""


SCENARIOS: dict[str, Scenario] = {
    "chickenfoot-two-people-two-bots": Scenario(
        "chickenfoot",
        "classic",
        {"length": "single"},
        [NewSeat(human="Ann"), NewSeat(bot="easy"), NewSeat(human="Bob"), NewSeat(bot="easy")],
        seed=11,
        spectators_first=2,
        moments={
            2: ["spectator late"],
            4: ["seat 0 second", "close seat 0 first"],
            6: ["seat 2 reconnects 5", "seat 2 reconnects far"],
            9: ["spectator late2", "close spectator 0"],
        },
    ),
    "chickenfoot-one-person-spruce": Scenario(
        "chickenfoot",
        "spruce",
        {"length": "single"},
        [NewSeat(human="Cy"), NewSeat(bot="easy"), NewSeat(bot="easy")],
        seed=5,
        moments={3: ["seat 0 reconnects 2"], 12: ["spectator late"]},
    ),
    "draw-two-people": Scenario(
        "draw",
        None,
        {},
        [NewSeat(human="Di"), NewSeat(human="Ed")],
        seed=8,
        moments={1: ["spectator late", "seat 1 reconnects 0"]},
    ),
}


class Recorder:
    """The sockets of one table, by name, and the frames each was sent."""

    def __init__(self, hub: Hub, live: Live) -> None:
        self.hub = hub
        self.live = live
        self.sockets: dict[str, Connection] = {}

    async def open(self, name: str, viewer: int | None) -> Connection:
        connection = Connection(viewer)
        self.sockets[name] = connection
        await self.hub.connect(self.live, connection)
        return connection

    def close(self, name: str) -> None:
        self.hub.disconnect(self.live, self.sockets[name])

    def frames(self) -> dict[str, list[str | None]]:
        out: dict[str, list[str | None]] = {}
        for name, connection in self.sockets.items():
            sent = []
            while not connection.queue.empty():
                frame = connection.queue.get_nowait()
                sent.append(None if frame is None else frame.decode())
            out[name] = sent
        return out


async def _quiet(live: Live, persons: set[int]) -> None:
    """Until a person is to act, or the match is over, and no bot is thinking."""
    for _ in range(100_000):
        table = live.table
        if table is not None and live.thinking is None and (table.is_over or table.turn in persons):
            return
        await asyncio.sleep(0)
    raise AssertionError("the bots did not stop")


async def _do(recorder: Recorder, what: str) -> None:
    words = what.split()
    table = recorder.live.table
    assert table is not None
    if words[0] == "spectator":
        await recorder.open(what, None)
    elif words[0] == "close":
        recorder.close(" ".join(words[1:]))
    elif words[2] == "second":
        await recorder.open(what, int(words[1]))
    else:  # "seat N reconnects K": a new socket, then sync from K versions back (or far on)
        connection = await recorder.open(what, int(words[1]))
        since = 10**6 if words[3] == "far" else max(0, table.version - int(words[3]))
        async with recorder.live.lock:
            recorder.hub.sync(recorder.live, connection, since)


async def play(scenario: Scenario, db: Path, hub_of: Callable[[Store], Hub]) -> dict[str, Any]:
    store = Store(f"sqlite+aiosqlite:///{db}")
    await store.open()
    hub = hub_of(store)
    await hub.start()
    try:
        with seed_drawn(scenario.seed):  # as the server would draw it: two people may sit
            table_id, seating = await hub.create(
                scenario.game, scenario.preset, scenario.options, scenario.seats, None, "127.0.0.1"
            )
        live = await hub.get(table_id)
        recorder = Recorder(hub, live)
        for n in range(scenario.spectators_first):
            await recorder.open(f"spectator {n}", None)
        for seat in seating.persons:
            await recorder.open(f"seat {seat} first", seat)
        persons = set(seating.persons)
        acted = 0
        while True:
            await _quiet(live, persons)
            table = live.table
            assert table is not None
            if table.is_over:
                break
            seat = table.turn
            assert seat is not None
            legal = table.snapshot(seat).legal
            assert legal
            await hub.act(live, seat, action_from_json(legal[0]))
            for what in scenario.moments.get(acted, []):
                await _do(recorder, what)
            acted += 1
        return recorder.frames()
    finally:
        await hub.stop()
        await store.close()


def recorded(hub_of: Callable[[Store], Hub] | None = None) -> dict[str, Any]:
    """Every scenario played on a hub made by ``hub_of`` (bots acting at once)."""
    make = hub_of or (lambda store: Hub(store, bot_delay=0))
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, scenario in SCENARIOS.items():
            out[name] = asyncio.run(play(scenario, Path(tmp) / f"{name}.db", make))
    return out


def main() -> int:
    GOLDEN.write_text(json.dumps(recorded(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
