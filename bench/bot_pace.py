"""How long a computer player takes to act at the server, by how many legal actions it had:
whether its timing tells its hand.

Run by hand:

    PYTHONPATH=src .venv/bin/python bench/bot_pace.py [--bot expert] [--pace 0.6] \
        [--tables 2] [--processes 1]

Plays ``--tables`` single-round tables of four ``--bot`` players side by side in one hub
(SQLite in a temporary folder, the bots searching in ``--processes`` worker processes) at a
pace of ``--pace`` seconds; times each move from the one before it (the table's version
polled every 2 ms) and prints, for the moves with one legal action and those with more, how
many there were and the least, median and most of their delays, in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

from chickenfoot.server.hub import Hub, NewSeat
from chickenfoot.server.store import Store


async def watch(hub: Hub, table_id: str, delays: dict[bool, list[float]]) -> None:
    """Each move's delay, filed under whether its seat had one legal action."""
    live = await hub.get(table_id)
    table = live.table
    assert table is not None
    loop = asyncio.get_running_loop()
    while not table.is_over:
        seat, version, began = table.turn, table.version, loop.time()
        legal = table.snapshot(seat).legal if seat is not None else None
        while table.version == version and not table.is_over:
            await asyncio.sleep(0.002)
        if legal:
            delays[len(legal) == 1].append(loop.time() - began)


async def run(
    bot: str, pace: float, tables: int, processes: int, folder: Path
) -> dict[bool, list[float]]:
    store = Store(f"sqlite+aiosqlite:///{folder / 'tables.db'}")
    await store.open()
    hub = Hub(store, bot_delay=pace, bot_processes=processes)
    await hub.start()
    delays: dict[bool, list[float]] = {True: [], False: []}
    try:
        made = []
        for seed in range(tables):
            seats = [NewSeat(bot=bot) for _ in range(4)]
            table_id, _ = await hub.create(
                "chickenfoot", None, {"length": "single"}, seats, seed, "bench"
            )
            made.append(watch(hub, table_id, delays))
        await asyncio.gather(*made)
    finally:
        await hub.stop()
        await store.close()
    return delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--pace", type=float, default=0.6)
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        delays = asyncio.run(run(args.bot, args.pace, args.tables, args.processes, Path(folder)))
    for forced, name in ((True, "one legal action"), (False, "more than one")):
        ms = sorted(1000 * d for d in delays[forced])
        if not ms:
            print(f"{name:>18}: no moves")
            continue
        middle = statistics.median(ms)
        print(f"{name:>18}: {len(ms):4d} moves, {ms[0]:7.0f} / {middle:7.0f} / {ms[-1]:7.0f} ms")


if __name__ == "__main__":
    main()
