"""Mutation testing of a random sample of the core's mutants, for when the whole run (hours
on two cores) does not fit: the sample's score estimates the whole run's, with a 95%
interval.

    scripts/mutation sample [N] [--seed S]    test N mutants drawn at random (default 200)
    scripts/mutation report --sample          the sample's score and its survivors

The names drawn are kept in ``mutants/sample.txt``. The mutants are made first, as
``mutmut run`` makes them (with mutmut's own functions: its version is pinned).
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
from pathlib import Path
from random import Random

from mutmut.__main__ import (
    copy_also_copy_files,
    copy_src_dir,
    create_mutants,
    setup_source_paths,
    store_lines_covered_by_tests,
)
from mutmut.configuration import config
from mutmut.mutation.data import SourceFileMutationData
from mutmut.utils.file_utils import walk_mutatable_files

SAMPLE = Path("mutants/sample.txt")


def make_mutants(max_children: int) -> None:
    """What ``mutmut run`` does before it tests anything."""
    Path("mutants").mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    store_lines_covered_by_tests()
    create_mutants(max_children)


def all_mutants() -> list[str]:
    config()  # reads [tool.mutmut] from pyproject.toml in the current folder
    names: list[str] = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        names.extend(data.exit_code_by_key)
    return sorted(names)


def wilson(caught: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of the proportion ``caught / total``."""
    p = caught / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="scripts/mutation sample")
    parser.add_argument("count", nargs="?", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-children", type=int, default=2)
    args = parser.parse_args(argv)
    mutmut = [str(Path(sys.executable).parent / "mutmut"), "run"]
    make_mutants(args.max_children)
    names = all_mutants()
    chosen = Random(args.seed).sample(names, min(args.count, len(names)))
    SAMPLE.write_text("".join(f"{name}\n" for name in chosen), encoding="utf-8")
    print(f"{len(chosen)} of {len(names)} mutants drawn (seed {args.seed}): {SAMPLE}")
    run = [*mutmut, "--max-children", str(args.max_children), *chosen]
    return subprocess.run(run, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
