"""One ``chickenfoot serve`` process under a steady load of people and spectators: how soon
a person hears of their own action, and how many actions a second the server takes.

Run by hand, on an otherwise idle machine:

    .venv/bin/python bench/load.py --tables 400 [--seconds 60] [--spectators 50 --watched 20]
                                   [--src DIR] [--profile FILE] [--log FILE]

Starts ``chickenfoot serve`` (SQLite in a temporary folder, bots without delay) on a free port
of 127.0.0.1, with ``--src`` first on its ``PYTHONPATH`` when given (to time another build
of the same machine). Sets up ``--tables`` tables of four: one person and three ``easy`` bots
playing single rounds; a finished table is followed by a new one. The person's client, all in
this one process, waits 0.5 s (+-50%, uniformly) after its turn comes, then sends a random
legal action and times it until the event of that action comes back (checked, committed to
the database, broadcast). ``--watched`` of the tables also have ``--spectators`` spectator
sockets each, which read every frame. Measured for ``--seconds`` once every table is dealt.

Prints the p50, p95 and p99 of that latency, the p50 and p99 of a new table's setting up
(from asking for it to its first snapshot), the actions per second every table took (the
bots' and the people's), the frames per second the clients received, and the CPU time of the
server and of this client per second (2.0 is both cores). ``--profile FILE`` runs the server
under cProfile (slower: compare its shares, not its times) and prints where its time went.
Goal: 400 tables at p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pstats
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import connect

ACTION_KINDS = ("play", "draw", "pass", "action")
"""The kinds an event of an action has had on the socket."""
LAST_KINDS = ("match_end", "match-end")

_decode = msgspec.json.Decoder().decode


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(share * len(values)))]


class Load:
    def __init__(self, base: str, args: argparse.Namespace) -> None:
        self.base = base
        self.args = args
        self.rng = random.Random(1)
        self.latencies: list[float] = []
        self.setups: list[float] = []
        """Seconds from asking for a new table to its first snapshot."""
        self.actions = 0
        self.frames = 0
        self.measuring = False
        self.stop = asyncio.Event()
        self.asking = ThreadPoolExecutor(64)
        """Where new tables are asked for (a request blocks its thread): enough threads
        that a table never waits for another's request."""

    def new_table(self, seed: int) -> tuple[str, str]:
        body = {"seats": [{"human": "P"}, *[{"bot": "easy"}] * 3], "length": "single", "sit": 0}
        request = urllib.request.Request(
            f"http://{self.base}/api/tables",
            json.dumps({**body, "seed": seed}).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                made = json.load(response)
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"a table refused: {exc.code} {exc.read()!r}") from None
        return made["table"], made["seats"][0]["token"]

    async def person(self, k: int, dealt: asyncio.Event) -> None:
        """Table ``k``'s person: a table after another until the end."""
        seed = k
        while not self.stop.is_set():
            asked = time.perf_counter()
            loop = asyncio.get_running_loop()
            table, token = await loop.run_in_executor(self.asking, self.new_table, seed)
            seed += 100_000
            watchers = []
            if k < self.args.watched:
                watchers = [
                    asyncio.create_task(self.spectator(table)) for _ in range(self.args.spectators)
                ]
            try:
                await self.play(table, token, dealt, asked)
            finally:
                for watcher in watchers:
                    watcher.cancel()

    async def play(self, table: str, token: str, dealt: asyncio.Event, asked: float) -> None:
        async with connect(f"ws://{self.base}/ws/tables/{table}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent_at: float | None = None
            seen = False
            while not self.stop.is_set():
                frame = _decode(await ws.recv())
                measuring = self.measuring
                if measuring:
                    self.frames += 1
                if frame["type"] == "snapshot":
                    dealt.set()
                    if measuring and not seen:
                        self.setups.append(time.perf_counter() - asked)
                    seen = True
                if frame["type"] == "event":
                    event = frame["event"]
                    kind = event["kind"]
                    if kind in ACTION_KINDS:
                        if measuring:
                            self.actions += 1
                        if sent_at is not None and event["seat"] == 0:
                            if measuring:
                                self.latencies.append(time.perf_counter() - sent_at)
                            sent_at = None
                    elif kind in LAST_KINDS:
                        return
                if frame.get("legal"):
                    await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.args.think)
                    action = self.rng.choice(frame["legal"])
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": action}))

    async def spectator(self, table: str) -> None:
        async with connect(f"ws://{self.base}/ws/tables/{table}") as ws:
            await ws.send(json.dumps({"type": "hello"}))
            async for _ in ws:
                if self.measuring:
                    self.frames += 1


async def measure(args: argparse.Namespace, base: str, pid: int) -> dict[str, Any]:
    load = Load(base, args)
    dealt = [asyncio.Event() for _ in range(args.tables)]
    tasks = [asyncio.create_task(load.person(k, dealt[k])) for k in range(args.tables)]
    for k, event in enumerate(dealt):
        waiting = asyncio.create_task(event.wait())
        await asyncio.wait([waiting, tasks[k]], return_when=asyncio.FIRST_COMPLETED)
        if tasks[k].done():
            tasks[k].result()  # a table that failed says why
    await asyncio.sleep(args.settle)
    server_cpu, client_cpu = cpu_seconds(pid), time.process_time()
    load.measuring = True
    began = time.perf_counter()
    await asyncio.sleep(args.seconds)
    load.measuring = False
    elapsed = time.perf_counter() - began
    server_cpu = cpu_seconds(pid) - server_cpu
    client_cpu = time.process_time() - client_cpu
    load.stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(load.latencies)
    setups = sorted(load.setups) or [0.0]
    return {
        "tables": args.tables,
        "spectators": args.spectators * min(args.watched, args.tables),
        "own actions timed": len(latencies),
        "p50 ms": 1000 * percentile(latencies, 0.50),
        "p95 ms": 1000 * percentile(latencies, 0.95),
        "p99 ms": 1000 * percentile(latencies, 0.99),
        "max ms": 1000 * latencies[-1],
        "new tables timed": len(load.setups),
        "new table p50 ms": 1000 * percentile(setups, 0.50),
        "new table p99 ms": 1000 * percentile(setups, 0.99),
        "actions/s": load.actions / elapsed,
        "frames/s": load.frames / elapsed,
        "server CPU s/s": server_cpu / elapsed,
        "client CPU s/s": client_cpu / elapsed,
        "server CPU ms/action": 1000 * server_cpu / max(1, load.actions),
    }


def profile_shares(path: str) -> list[tuple[str, float]]:
    """The server's time in what a bench reader wants to tell apart, as shares of the whole."""
    stats = pstats.Stats(path)
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = stats.total_tt  # type: ignore[attr-defined]
    wanted = {
        "bots choosing (thinking.choose)": ("chickenfoot/server/thinking.py", "choose"),
        "taking an action (Hub._accept)": ("chickenfoot/server/hub.py", "_accept"),
        "the table acting (Table.act)": ("chickenfoot/core/table.py", "act"),
        "projecting entries (Table.entry / entries)": ("chickenfoot/core/table.py", "_project"),
        "snapshots (Table.snapshot)": ("chickenfoot/core/table.py", "snapshot"),
        "storing (Store.add_action)": ("chickenfoot/server/store.py", "add_action"),
        "socket writes (app._write)": ("chickenfoot/server/app.py", "_write"),
        "socket reads (app._read)": ("chickenfoot/server/app.py", "_read"),
    }
    out = []
    for label, (file, name) in wanted.items():
        cumulative = sum(
            value[3]
            for (filename, _line, function), value in entries.items()
            if filename.endswith(file) and function == name
        )
        out.append((label, cumulative / total))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.5, help="a person's mean wait, s")
    parser.add_argument("--spectators", type=int, default=0, help="per watched table")
    parser.add_argument("--watched", type=int, default=0, help="tables with spectators")
    parser.add_argument("--settle", type=float, default=5.0, help="s after the deals")
    parser.add_argument("--src", help="a source folder to run the server from")
    parser.add_argument("--profile", help="run the server under cProfile, into this file")
    parser.add_argument("--log", default=os.devnull, help="the server's log (standard error)")
    args = parser.parse_args()
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = os.pathsep.join([args.src, env.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory() as data:
        server_args = ["serve", "--port", "0", "--data", data, "--bot-delay", "0"]
        server_args += ["--tables-per-address", "1000000", "--connections-per-address", "1000000"]
        profiling = ["-m", "cProfile", "-o", args.profile] if args.profile else []
        command = [sys.executable, *profiling, "-m", "chickenfoot", *server_args]
        log = open(args.log, "a")  # noqa: SIM115 (open while the server runs)
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, env=env)
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            base = line.split("http://", 1)[1].split("/", 1)[0]
            figures = asyncio.run(measure(args, base, server.pid))
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            log.close()
    for name, value in figures.items():
        print(f"{name:>22}: {value:,.2f}" if isinstance(value, float) else f"{name:>22}: {value}")
    print(f"goal p99 < 100 ms: {'met' if figures['p99 ms'] < 100 else 'NOT met'}")
    if args.profile:
        print("the server's time (cumulative, shares overlap):")
        for label, share in profile_shares(args.profile):
            print(f"  {share:6.1%}  {label}")


if __name__ == "__main__":
    main()
