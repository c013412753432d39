"""The main job's speed, measured side by side with a naive implementation of the same rules.

Run by hand (a few minutes; one core at a time, so run it on an otherwise idle machine):

    .venv/bin/python bench/simulate.py [--matches 20000] [--repeat 1] [--naive PATH] [--dir DIR]
                                       [--chickenfoot PATH]

Times, each as a whole process, in this order in one run: the naive baseline (a plain
set-based player of classic rounds that builds a record of each, ``--naive``; skipped if the
file is not there); ``chickenfoot simulate --players 4 --matches N --length single``
without ``--records``, with ``--records FILE.jsonl`` (every record a line of one file) and
with ``--records DIR`` (a file per match); ``chickenfoot replay`` of the records file and of
the folder's N files; the naive baseline again. With ``--repeat R`` the whole sequence runs
R times and each line keeps its fastest run. Prints rounds per second (by the wall clock
and by the CPU time the process used), the peak memory of each process, the machine's load
before and after, and the ratios the targets are stated in. The records go to a temporary
folder in ``--dir`` (default: the system's temporary folder): creating 20,000 files costs
what the file system there makes it cost, so a folder in memory (``--dir /dev/shm``) shows
what the program itself adds. Run ``scripts/setup`` first: it byte-compiles the package's
modules, as an installed package's are, so that starting does not compile them again.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHICKENFOOT = ROOT / ".venv" / "bin" / "chickenfoot"


@dataclass
class Run:
    """One process: wall seconds, CPU seconds (user and system), the system's share of them
    (the kernel's work: files created, written, renamed) and peak memory (MB)."""

    wall: float
    cpu: float
    system: float
    mb: float


def timed(command: list[str]) -> tuple[Run, str]:
    """A whole process's times and memory, and its output."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as errors:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True)
        assert process.stdout is not None
        output = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode not in (0, 1):
            errors.seek(0)
            sys.exit(f"{' '.join(command[:3])} ... failed: {errors.read().strip()[:300]}")
    cpu = usage.ru_utime + usage.ru_stime
    return Run(seconds, cpu, usage.ru_stime, usage.ru_maxrss / 1024), output


def _load(load: tuple[float, float, float]) -> str:
    return ", ".join(f"{x:.1f}" for x in load)


def fastest(runs: list[Run]) -> Run:
    quickest = min(runs, key=lambda r: r.cpu)
    return Run(min(r.wall for r in runs), quickest.cpu, quickest.system, max(r.mb for r in runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument(
        "--naive", type=Path, default=ROOT.parent / "shared" / "bench" / "naive_classic.py"
    )
    parser.add_argument("--dir", type=Path, default=None, help="where the records go")
    parser.add_argument(
        "--chickenfoot", type=Path, default=CHICKENFOOT, help="the command to time (another build)"
    )
    args = parser.parse_args()
    n = args.matches
    has_naive = args.naive.is_file()
    simulate = [str(args.chickenfoot), "simulate", "-p", "4", "-m", str(n), "-l", "single"]
    naive = [sys.executable, str(args.naive), "4", str(n)]
    load_before = os.getloadavg()
    runs: dict[str, list[Run]] = {}

    def measure(name: str, command: list[str]) -> str:
        run, output = timed(command)
        runs.setdefault(name, []).append(run)
        return output

    for _ in range(args.repeat):
        folder = Path(tempfile.mkdtemp(prefix="chickenfoot-bench-", dir=args.dir))
        try:
            if has_naive:
                measure("naive baseline", naive)
            measure("simulate", simulate)
            lines = folder / "records.jsonl"
            measure("simulate --records FILE", [*simulate, "-r", str(lines)])
            measure("simulate --records DIR", [*simulate, "-r", str(folder / "records")])
            text = measure("replay of the file", [str(args.chickenfoot), "replay", str(lines)])
            if len(re.findall(r": ok:", text)) != n:
                sys.exit("replay did not accept every record of the file")
            names = [str(p) for p in sorted((folder / "records").glob("*.json"))]
            text = measure("replay of the folder", [str(args.chickenfoot), "replay", *names])
            if len(re.findall(r": ok:", text)) != n:
                sys.exit("replay did not accept every record of the folder")
            if has_naive:
                measure("naive baseline", naive)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    best = {name: fastest(found) for name, found in runs.items()}
    load_after = os.getloadavg()
    print(
        f"{n} single rounds of 4 players, whole processes, "
        f"{'each the fastest of ' + str(args.repeat) + ' runs' if args.repeat > 1 else 'one run'}"
    )
    print(f"machine load (1, 5, 15 min): before {_load(load_before)}, after {_load(load_after)}")
    print(f"{args.chickenfoot}; records written in {args.dir or tempfile.gettempdir()}")
    print(f"{'':26} {'rounds/s':>10} {'by CPU time':>12} {'system %':>9} {'peak MB':>8}")
    for name, run in best.items():
        system = run.system / run.cpu
        print(f"{name:26} {n / run.wall:10,.0f} {n / run.cpu:12,.0f} {system:9.0%} {run.mb:8.0f}")
    plain = best["simulate"]
    if has_naive:
        baseline = best["naive baseline"]
        print(
            f"simulate / naive: {baseline.wall / plain.wall:.2f} "
            f"(by CPU time {baseline.cpu / plain.cpu:.2f}; target at least 2.5, goal 4)"
        )
    for where in ("FILE", "DIR"):
        recorded = best[f"simulate --records {where}"]
        replayed = best[f"replay of the {'file' if where == 'FILE' else 'folder'}"]
        print(
            f"--records {where}: simulate slower by {recorded.wall / plain.wall:.2f} "
            f"(by CPU time {recorded.cpu / plain.cpu:.2f}; target at most 1.3); "
            f"replay / simulate --records: {recorded.wall / replayed.wall:.2f} "
            f"(by CPU time {recorded.cpu / replayed.cpu:.2f}; target at least 1)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
