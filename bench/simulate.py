"""The main job's speed, measured side by side with a naive implementation of the same rules.

Run by hand (a few minutes; one core at a time, so run it on an otherwise idle machine):

    .venv/bin/python bench/simulate.py [--matches 20000] [--naive PATH]

Times, each as a whole process in this same run: ``chickenfoot simulate --players 4
--matches N --length single`` without and with ``--records``; ``chickenfoot replay`` of
those N records; and the naive baseline (a plain set-based player of classic rounds that
builds a record of each, ``--naive``; skipped if the file is not there). Prints rounds per
second, the peak memory of each process and the ratios the targets are stated in.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHICKENFOOT = ROOT / ".venv" / "bin" / "chickenfoot"


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, peak memory (MB) and output of a whole process."""
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
    return seconds, usage.ru_maxrss / 1024, output


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument(
        "--naive", type=Path, default=ROOT.parent / "shared" / "bench" / "naive_classic.py"
    )
    args = parser.parse_args()
    n = args.matches
    folder = Path(tempfile.mkdtemp(prefix="chickenfoot-bench-"))
    try:
        simulate = [str(CHICKENFOOT), "simulate", "-p", "4", "-m", str(n), "-l", "single"]
        rows: list[tuple[str, float, float]] = []
        plain, plain_mb, _ = timed(simulate)
        rows.append(("simulate", n / plain, plain_mb))
        recorded, recorded_mb, _ = timed([*simulate, "-r", str(folder / "records")])
        rows.append(("simulate --records", n / recorded, recorded_mb))
        names = [str(p) for p in sorted((folder / "records").glob("*.json"))]
        replayed, replay_mb, text = timed([str(CHICKENFOOT), "replay", *names])
        if len(re.findall(r": ok:", text)) != n:
            sys.exit("replay did not accept every record")
        rows.append(("replay of those records", n / replayed, replay_mb))
        naive = None
        if args.naive.is_file():
            naive_seconds, naive_mb, _ = timed([sys.executable, str(args.naive), "4", str(n)])
            naive = n / naive_seconds
            rows.append(("naive baseline", naive, naive_mb))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{n} single rounds of 4 players, whole processes, one run:")
    print(f"{'':28} {'rounds/s':>10} {'peak MB':>8}")
    for name, rate, mb in rows:
        print(f"{name:28} {rate:10,.0f} {mb:8.0f}")
    if naive is not None:
        print(f"simulate / naive: {rows[0][1] / naive:.2f} (target at least 2.5, goal 4)")
    print(f"simulate --records slower by: {plain and recorded / plain:.2f} (target at most 1.3)")
    print(f"replay / simulate --records: {rows[2][1] / rows[1][1]:.2f} (target at least 1)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
