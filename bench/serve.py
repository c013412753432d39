"""Many tables at once on one ``chickenfoot serve``: how fast every action reaches the
players, how many frames a second the server sends, how much memory a table takes.

Run by hand, on an otherwise idle machine:

    .venv/bin/python bench/serve.py [--tables 500] [--seconds 60] [--bot-delay 600] [--think 1.0]

Starts ``chickenfoot serve`` (SQLite in a temporary folder) on a free port of 127.0.0.1, then
sets up ``--tables`` tables of four (one person, three bots of level ``--bots``, default
``easy``, single rounds;
a finished table is followed by a new one) and opens a WebSocket client for each person's
seat, all in this one process. A client waits ``--think`` seconds (on average) before it
plays a random legal action, and times it: from sending the action to receiving the event of
that action (the server has checked it, committed it to the database and broadcast it).
Measured for ``--seconds`` after every table has been dealt. Prints p50, p99 and the largest
latency, the frames per second the clients received, and the server's resident memory before
any table, with every table dealt and idle (each waiting for its person; ``--idle`` seconds
after the last deal) and at the end, per table. Targets: p99 under 100 ms at 500 tables,
under 1 MB per idle table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

CHICKENFOOT = Path(sys.executable).parent / "chickenfoot"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class Bench:
    """Clients of ``bases`` (server addresses): table ``k`` is set up at one and its person
    plays through the same one, or with ``elsewhere`` through the next."""

    def __init__(
        self,
        bases: list[str],
        think: float,
        rng: random.Random,
        level: str,
        elsewhere: bool = False,
    ) -> None:
        self.bases = bases
        self.elsewhere = elsewhere
        self.level = level
        self.think = think
        self.rng = rng
        self.latencies: list[float] = []
        self.frames = 0
        self.measuring = False
        self.matches = 0

    def new_table(self, seed: int) -> tuple[str, str]:
        body = {
            "seats": [{"human": "P"}, *[{"bot": self.level}] * 3],
            "sit": 0,
            "length": "single",
            "seed": seed,
        }
        base = self.bases[seed % len(self.bases)]
        request = urllib.request.Request(
            f"http://{base}/api/tables",
            json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                made = json.load(response)
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"{base} refused a table: {exc.code} {exc.read()!r}") from None
        return made["table"], made["seats"][0]["token"]

    async def seat(self, k: int, dealt: asyncio.Event, first: bool, stop: asyncio.Event) -> None:
        """One person's seat: play matches until ``stop``."""
        seed = k
        while not stop.is_set():
            table, token = await asyncio.to_thread(self.new_table, seed)
            seed += 100_000
            base = self.bases[(seed + self.elsewhere) % len(self.bases)]
            async with connect(f"ws://{base}/ws/tables/{table}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                sent_at: float | None = None
                while not stop.is_set():
                    frame = json.loads(await ws.recv())
                    if self.measuring:
                        self.frames += 1
                    if first and frame["type"] == "snapshot":
                        dealt.set()
                        first = False
                    if sent_at is not None and frame["type"] == "event":
                        event = frame["event"]
                        if event.get("seat") == 0 and event["kind"] == "action":
                            if self.measuring:
                                self.latencies.append(time.perf_counter() - sent_at)
                            sent_at = None
                    if frame["type"] == "event" and frame["event"]["kind"] == "match-end":
                        self.matches += 1
                        break
                    if frame.get("legal"):
                        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                        action = self.rng.choice(frame["legal"])
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "act", "action": action}))


async def run(args: argparse.Namespace, base: str, pid: int) -> dict[str, Any]:
    bench = Bench([base], args.think, random.Random(1), args.bots)
    before = rss_mb(pid)
    stop = asyncio.Event()
    dealt = [asyncio.Event() for _ in range(args.tables)]
    tasks = [asyncio.create_task(bench.seat(k, dealt[k], True, stop)) for k in range(args.tables)]
    start = time.perf_counter()
    for k, event in enumerate(dealt):
        waiting = asyncio.create_task(event.wait())
        await asyncio.wait([waiting, tasks[k]], return_when=asyncio.FIRST_COMPLETED)
        if tasks[k].done():
            tasks[k].result()  # a seat that failed says why
        if k % 100 == 99:
            print(f"  {k + 1} tables dealt ({time.perf_counter() - start:.1f} s)", flush=True)
    await asyncio.sleep(args.idle)
    with_tables = rss_mb(pid)
    bench.measuring = True
    began = time.perf_counter()
    await asyncio.sleep(args.seconds)
    bench.measuring = False
    elapsed = time.perf_counter() - began
    end = rss_mb(pid)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(bench.latencies)
    return {
        "tables": args.tables,
        "actions timed": len(latencies),
        "p50 ms": 1000 * statistics.median(latencies),
        "p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "max ms": 1000 * latencies[-1],
        "frames/s": bench.frames / elapsed,
        "matches finished": bench.matches,
        "rss before MB": before,
        "rss with tables MB": with_tables,
        "rss at end MB": end,
        "MB per table": (with_tables - before) / args.tables,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--bot-delay", type=int, default=600, help="ms, as serve --bot-delay")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean think time, s")
    parser.add_argument("--idle", type=float, default=3.0, help="s of quiet before measuring")
    parser.add_argument("--bots", default="easy", help="the level of the three bots")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        command = [str(CHICKENFOOT), "serve", "--port", "0", "--data", data]
        command += ["--bot-delay", str(args.bot_delay), "--tables-per-address", "1000000"]
        command += ["--connections-per-address", "1000000"]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            base = line.split("http://", 1)[1].split("/", 1)[0]
            figures = asyncio.run(run(args, base, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=60)
    for name, value in figures.items():
        print(f"{name:>20}: {value:,.1f}" if isinstance(value, float) else f"{name:>20}: {value}")
    print(
        f"target p99 < 100 ms: {'met' if figures['p99 ms'] < 100 else 'NOT met'}; "
        f"target < 1 MB per idle table: {'met' if figures['MB per table'] < 1 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
