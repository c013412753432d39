"""The outside oracle for a record of any game: the independent checkers, written from the
rules documents alone (docs/RULES.md, docs/STANDARD.md, docs/RECORD.md), never from the
engine. ``check(record)`` lists every problem; [] for a legal record.

    python -m tests.oracle FILE...    prints FILE: ok, or one line per problem (exit 1)
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tests import independent_checker, independent_standard_checker

STANDARD_GAMES = ("draw", "block", "all-fives", "bergen")


def check(record: Any) -> list[str]:
    if isinstance(record, dict) and record.get("game") in STANDARD_GAMES:
        return independent_standard_checker.check_record(record)
    return independent_checker.check_record(record)


def main(argv: list[str]) -> int:
    """Check each file named in ``argv``; return 1 if any has problems, else 0."""
    if not argv:
        print("usage: python -m tests.oracle FILE...", file=sys.stderr)
        return 2
    status = 0
    for name in argv:
        try:
            with open(name, encoding="utf-8") as handle:
                record = json.load(handle)
        except (OSError, ValueError) as error:
            problems = [f"record: cannot read: {error}"]
        else:
            problems = check(record)
        if problems:
            status = 1
            for problem in problems:
                print(f"{name}: {problem}")
        else:
            print(f"{name}: ok")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
