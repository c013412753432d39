"""The server's own work per action, without sockets or waiting: the CPU time the hub takes to
act, commit and tell every viewer, with spectators or without.

Run by hand:

    .venv/bin/python bench/frames.py [--tables 20] [--spectators 50] [--matches 3]
    PYTHONPATH=OTHER/src .venv/bin/python bench/frames.py ...   # another build, side by side

In this one process: a hub on SQLite (in a temporary folder), ``--tables`` tables of one
person and three ``easy`` bots (single rounds, bots without delay), each watched by
``--spectators`` spectator connections and its person's; the person takes the first of
its legal actions at once. Each table plays ``--matches`` matches one after another. Prints
the CPU time of the process (``time.process_time``: another job on the machine changes it
little) per action and per frame put on a connection's queue. CPU time counts what the
event loop does, so bots' thinking (``easy``: in the loop) is in it: ``--spectators 0``
shows that share.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from chickenfoot.server.hub import Connection, Hub, NewSeat
from chickenfoot.server.store import Store


async def one_match(hub: Hub, seed: int, spectators: int) -> tuple[int, int]:
    """A match played out: its actions, and the frames its connections were sent."""
    seats = [NewSeat(human="P"), *[NewSeat(bot="easy")] * 3]
    table_id, _ = await hub.create("chickenfoot", None, {"length": "single"}, seats, seed, "x")
    live = await hub.get(table_id)
    watching = [Connection(None) for _ in range(spectators)]
    for connection in watching:
        await hub.connect(live, connection)
    person = Connection(0)
    await hub.connect(live, person)
    while True:
        while (thinking := live.thinking) is not None:
            await asyncio.wait([thinking])
        table = live.table
        assert table is not None
        if table.is_over:
            break
        legal = table.legal
        assert legal and table.turn == 0
        await hub.act(live, 0, legal[0])
    actions = sum(len(state.history) for state in table.match.rounds)
    sent = 0
    for connection in [*watching, person]:
        sent += connection.queue.qsize()
        hub.disconnect(live, connection)
    return actions, sent


async def run(args: argparse.Namespace, db: Path) -> tuple[float, int, int]:
    store = Store(f"sqlite+aiosqlite:///{db}")
    await store.open()
    hub = Hub(store, bot_delay=0, tables_per_address=10**9)
    await hub.start()

    async def table(k: int) -> tuple[int, int]:
        actions = sent = 0
        for m in range(args.matches):
            a, s = await one_match(hub, k * 1000 + m, args.spectators)
            actions, sent = actions + a, sent + s
        return actions, sent

    try:
        began = time.process_time()
        done = await asyncio.gather(*(table(k) for k in range(args.tables)))
        cpu = time.process_time() - began
    finally:
        await hub.stop()
        await store.close()
    return cpu, sum(a for a, _ in done), sum(s for _, s in done)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=50, help="per table")
    parser.add_argument("--matches", type=int, default=3, help="per table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cpu, actions, sent = asyncio.run(run(args, Path(folder) / "tables.db"))
    print(f"tables {args.tables}, spectators per table {args.spectators}")
    print(f"actions: {actions:,}  frames queued: {sent:,}  CPU: {cpu:.2f} s")
    print(f"CPU per action: {1000 * cpu / actions:.3f} ms")
    print(f"CPU per frame queued: {1e6 * cpu / max(1, sent):.1f} us")


if __name__ == "__main__":
    main()
