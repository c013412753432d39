"""How long the command line takes to start: whole processes of ``chickenfoot --version``,
``chickenfoot simulate -m 1`` and ``chickenfoot --help``.

Run by hand, on an otherwise idle machine:

    .venv/bin/python bench/startup.py [--runs 21] [--chickenfoot PATH]

Runs each command ``--runs`` times, the three in turn (so that a burst of load elsewhere
falls on all of them alike), output to a pipe that is read and dropped, and prints per
command the median and the fastest of the wall-clock times, the median CPU time the process
used (user and system: less moved by other work on the machine than the wall clock), and
the machine's load before and after. The commands are ``python -m chickenfoot`` of the
checkout this file lives in (its ``src`` first on ``PYTHONPATH``), in this Python; or, with
``--chickenfoot PATH``, that command (an installed ``chickenfoot``). Run ``scripts/setup``
(or ``python -m compileall src``) first: modules without their bytecode are compiled at
every start when ``PYTHONDONTWRITEBYTECODE`` is set. Target: ``--version`` and ``simulate
-m 1`` at most 0.15 s each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = (["--version"], ["simulate", "-m", "1"], ["--help"])
TARGET = 0.15
"""Seconds: the most ``--version`` and ``simulate -m 1`` are to take, whole process."""


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one process (its output read and dropped)."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, env=env)
        assert process.stdout is not None
        process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.stdout.close()
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            said = errors.read().decode(errors="replace").strip()[:300]
            sys.exit(f"{' '.join(command)} failed: {said}")
    return seconds, usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--chickenfoot", type=Path, default=None, help="the command to time")
    args = parser.parse_args()
    env = dict(os.environ)
    if args.chickenfoot is None:
        start = [sys.executable, "-m", "chickenfoot"]
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")])
        )
        where = f"{sys.executable} -m chickenfoot, {ROOT / 'src'}"
    else:
        start = [str(args.chickenfoot)]
        where = str(args.chickenfoot)
    load_before = os.getloadavg()
    runs: dict[str, list[tuple[float, float]]] = {" ".join(c): [] for c in COMMANDS}
    for _ in range(args.runs):
        for command in COMMANDS:
            runs[" ".join(command)].append(timed([*start, *command], env))
    load_after = os.getloadavg()
    print(f"{where}: {args.runs} runs of each, whole processes")
    print(f"machine load (1, 5, 15 min): before {_load(load_before)}, after {_load(load_after)}")
    print(f"{'chickenfoot':22} {'median s':>9} {'fastest s':>10} {'CPU s':>7}")
    for name, found in runs.items():
        wall = statistics.median(w for w, _ in found)
        cpu = statistics.median(c for _, c in found)
        fastest = min(w for w, _ in found)
        print(f"{name:22} {wall:9.3f} {fastest:10.3f} {cpu:7.3f}")
    for name in ("--version", "simulate -m 1"):
        wall = statistics.median(w for w, _ in runs[name])
        print(f"{name}: median {wall:.3f} s, target at most {TARGET} s: {wall / TARGET:.2f} of it")
    return 0


def _load(load: tuple[float, float, float]) -> str:
    return ", ".join(f"{x:.1f}" for x in load)


if __name__ == "__main__":
    sys.exit(main())
