"""How long a computer player takes to act at the server, by how many legal actions it had:
whether its timing tells its hand.

Run by hand:

    PYTHONPATH=src .venv/bin/python bench/bot_pace.py [--bot expert] [--pace 0.6] \
        [--tables 2] [--processes 1] [--hints 0]

Plays ``--tables`` single-round tables of four ``--bot`` players side by side in one hub
(SQLite in a temporary folder, the bots searching in ``--processes`` worker processes) at a
pace of ``--pace`` seconds; times each move from the one before it (the table's version
polled every 2 ms) and prints, for the moves with one legal action and those with more, how
many there were and the least, median and most of their delays, in milliseconds. With
``--hints N``, one more table meanwhile, a person and three ``--bot`` players, where the
person asks for a hint ``N`` times at once at each of their turns (as from ``N`` sockets),
then plays the first legal action.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

from chickenfoot.core.wire import action_from_json
from chickenfoot.server.hub import Connection, Hub, NewSeat
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


async def ask_hints(hub: Hub, table_id: str, hints: int) -> None:
    """The person at seat 0 asks ``hints`` hints at once at each turn, then plays."""
    live = await hub.get(table_id)
    await hub.connect(live, Connection(0))
    table = live.table
    assert table is not None
    while not table.is_over:
        if table.turn != 0:
            await asyncio.sleep(0.002)
            continue
        await asyncio.gather(*(hub.hint(live, 0) for _ in range(hints)), return_exceptions=True)
        legal = table.snapshot(0).legal
        assert legal
        await hub.act(live, 0, action_from_json(legal[0]))


async def run(
    bot: str, pace: float, tables: int, processes: int, hints: int, folder: Path
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
        asking = None
        if hints:
            seats = [NewSeat(human="Ann"), *(NewSeat(bot=bot) for _ in range(3))]
            options = {"length": "single"}
            table_id, _ = await hub.create("chickenfoot", None, options, seats, 99, "bench")
            asking = asyncio.create_task(ask_hints(hub, table_id, hints))
        await asyncio.gather(*made)
        if asking is not None:
            asking.cancel()
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
    parser.add_argument("--hints", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        delays = asyncio.run(
            run(args.bot, args.pace, args.tables, args.processes, args.hints, Path(folder))
        )
    for forced, name in ((True, "one legal action"), (False, "more than one")):
        ms = sorted(1000 * d for d in delays[forced])
        if not ms:
            print(f"{name:>18}: no moves")
            continue
        middle = statistics.median(ms)
        print(f"{name:>18}: {len(ms):4d} moves, {ms[0]:7.0f} / {middle:7.0f} / {ms[-1]:7.0f} ms")


if __name__ == "__main__":
    main()
