"""Several ``chickenfoot serve`` processes on one PostgreSQL and one Redis: how many tables
they hold with every action reaching its players within 100 ms (p99), the memory a table
takes, and the database writes and Redis commands each action costs.

Run by hand, on an otherwise idle machine:

    .venv/bin/python bench/cluster.py [--processes 1,2,3] [--tables 100,200,400,800]
        [--seconds 30] [--bot-delay 600] [--think 1.0] [--route owner|other] [--json OUT]

For each number of processes: a throwaway PostgreSQL and Redis (``tests/services.py``: their
own servers on spare loopback ports, fsync off), that many ``chickenfoot serve --db ...
--redis ...`` on spare ports, then tables of four (one person, three ``easy`` bots, single
rounds; a finished table is followed by a new one) added step by step up to each count of
``--tables``. Table k is set up at process k mod N, which owns it, and its person plays
through the same process (``--route owner``: a load balancer that sends a table's clients to
its owner) or through process k+1 mod N (``--route other``, the default): with two processes
or more every person's action is then forwarded to the table's owner and every event fans
out through Redis, the worst case for a load balancer that sends each client anywhere. At
each step, after the new tables are dealt, ``--seconds`` of measurement: the person's
action-to-event latency (send to the event of that action: forwarded, checked, committed,
published, told), p50/p99/max; actions per second (every seat's, from the servers'
``/metrics``); the servers' resident memory per table (all processes, bot workers included,
against the same processes before any table); PostgreSQL commits and rows written per action
(``pg_stat_database``); Redis commands per action (``INFO stats``); the CPU time each part
(the servers with their workers, PostgreSQL, Redis) spent per action. A step whose p99 passes
100 ms ends that number of processes. The last line per number of processes is the largest
step held.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import asyncpg  # noqa: E402
import redis  # noqa: E402
from serve import Bench, rss_mb  # noqa: E402

from tests.services import Postgres, Redis, family  # noqa: E402

CHICKENFOOT = Path(sys.executable).parent / "chickenfoot"
TARGET_MS = 100.0


class Servers:
    """``count`` server processes on one database and one Redis."""

    def __init__(self, count: int, db: str, redis_url: str, bot_delay: int, data: Path) -> None:
        self.processes: list[subprocess.Popen[str]] = []
        self.bases: list[str] = []
        for k in range(count):
            command = [str(CHICKENFOOT), "serve", "--port", "0", "--data", str(data / str(k))]
            command += ["--db", db, "--redis", redis_url, "--bot-delay", str(bot_delay)]
            command += ["--tables-per-address", "1000000", "--bot-processes", "1"]
            command += ["--connections-per-address", "1000000"]
            process = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
            )
            assert process.stdout is not None
            line = process.stdout.readline()
            if "http://" not in line:
                raise RuntimeError(f"a server did not start: {line!r}")
            self.processes.append(process)
            self.bases.append(line.split("http://", 1)[1].split("/", 1)[0])

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(process.pid) for process in self.processes)

    def rss_mb(self) -> float:
        """Resident memory of every server process and its workers, in MB."""
        total = 0.0
        for process in self.processes:
            for pid in family(process.pid):
                with contextlib.suppress(OSError, RuntimeError):  # gone meanwhile
                    total += rss_mb(pid)
        return total

    def actions(self) -> float:
        """Actions accepted so far, all processes together."""
        total = 0.0
        for base in self.bases:
            with urllib.request.urlopen(f"http://{base}/metrics", timeout=30) as response:
                for line in response.read().decode().splitlines():
                    if line.startswith("chickenfoot_actions_total "):
                        total += float(line.split()[1])
        return total

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


async def database_writes(postgres: Postgres, database: str) -> tuple[int, int]:
    """Commits and rows inserted or updated so far in ``database``."""
    conn = await asyncpg.connect(postgres.admin_url, timeout=10)
    try:
        row = await conn.fetchrow(
            "SELECT xact_commit, tup_inserted + tup_updated AS rows "
            "FROM pg_stat_database WHERE datname = $1",
            database,
        )
    finally:
        await conn.close()
    assert row is not None
    return int(row["xact_commit"]), int(row["rows"])


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(root: int) -> float:
    """CPU time (user and system) used so far by ``root`` and every process below it."""
    total = 0
    for pid in family(root):
        with contextlib.suppress(OSError):  # gone meanwhile
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def redis_commands(url: str) -> int:
    client = redis.Redis.from_url(url)
    try:
        return int(client.info("stats")["total_commands_processed"])
    finally:
        client.close()


async def ramp(
    args: argparse.Namespace, servers: Servers, postgres: Postgres, database: str, redis: Redis
) -> list[dict[str, Any]]:
    redis_url = redis.url
    assert postgres.process is not None and redis.process is not None
    roots = {"servers": servers.cpu_seconds, "postgres": lambda: cpu_seconds(postgres.process.pid)}
    roots["redis"] = lambda: cpu_seconds(redis.process.pid)
    import random

    elsewhere = args.route == "other"
    bench = Bench(servers.bases, args.think, random.Random(1), "easy", elsewhere)
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    before = servers.rss_mb()
    steps = []
    for tables in args.tables:
        dealt = [asyncio.Event() for _ in range(len(tasks), tables)]
        for event in dealt:
            tasks.append(asyncio.create_task(bench.seat(len(tasks), event, True, stop)))
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in dealt)), 600)
        await asyncio.sleep(args.idle)
        rss = servers.rss_mb()
        bench.latencies.clear()
        actions0 = await asyncio.to_thread(servers.actions)
        commits0, rows0 = await database_writes(postgres, database)
        redis0 = await asyncio.to_thread(redis_commands, redis_url)
        cpu0 = {name: read() for name, read in roots.items()}
        bench.measuring = True
        began = time.perf_counter()
        await asyncio.sleep(args.seconds)
        bench.measuring = False
        elapsed = time.perf_counter() - began
        actions = await asyncio.to_thread(servers.actions) - actions0
        commits, rows = await database_writes(postgres, database)
        redis_ops = await asyncio.to_thread(redis_commands, redis_url) - redis0
        cpu = {name: read() - cpu0[name] for name, read in roots.items()}
        for task in tasks:
            if task.done():
                task.result()  # a seat that failed says why
        latencies = sorted(bench.latencies)
        step = {
            "processes": len(servers.bases),
            "route": args.route,
            "tables": tables,
            "actions timed": len(latencies),
            "p50 ms": 1000 * statistics.median(latencies),
            "p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
            "max ms": 1000 * latencies[-1],
            "actions/s": actions / elapsed,
            "MB per table": (rss - before) / tables,
            "commits per action": (commits - commits0) / max(actions, 1),
            "rows per action": (rows - rows0) / max(actions, 1),
            "redis commands per action": redis_ops / max(actions, 1),
            **{f"{name} CPU ms per action": 1000 * cpu[name] / max(actions, 1) for name in cpu},
        }
        steps.append(step)
        print("  " + "  ".join(_shown(k, v) for k, v in step.items()), flush=True)
        if step["p99 ms"] > TARGET_MS:
            break
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return steps


def _shown(name: str, value: Any) -> str:
    return f"{name} {value:,.1f}" if isinstance(value, float) else f"{name} {value}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", default="1,2,3", help="numbers of processes, e.g. 1,2,3")
    parser.add_argument("--tables", default="100,200,400,800", help="table counts, ascending")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bot-delay", type=int, default=600, help="ms, as serve --bot-delay")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean think time, s")
    parser.add_argument("--idle", type=float, default=3.0, help="s of quiet before measuring")
    parser.add_argument("--route", choices=("owner", "other"), default="other")
    parser.add_argument("--json", type=Path, help="write every step here too")
    args = parser.parse_args()
    args.tables = [int(t) for t in args.tables.split(",")]
    every: list[dict[str, Any]] = []
    for count in (int(p) for p in args.processes.split(",")):
        print(f"{count} process(es):", flush=True)
        postgres, redis_server = Postgres(), Redis()
        try:
            postgres.start()
            redis_server.start()
            database = postgres.new_database()
            with tempfile.TemporaryDirectory() as data:
                servers = Servers(
                    count, postgres.url(database), redis_server.url, args.bot_delay, Path(data)
                )
                try:
                    steps = asyncio.run(ramp(args, servers, postgres, database, redis_server))
                finally:
                    servers.stop()
        finally:
            redis_server.remove()
            postgres.remove()
        held = [s for s in steps if s["p99 ms"] <= TARGET_MS]
        best = held[-1]["tables"] if held else 0
        print(f"  held at p99 <= {TARGET_MS:.0f} ms: {best} tables", flush=True)
        every.extend(steps)
    if args.json is not None:
        args.json.write_text(json.dumps(every, indent=2) + "\n")


if __name__ == "__main__":
    main()
