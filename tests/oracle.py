"""The outside oracle for a record of any game: the independent checkers, written from the
rules documents alone (docs/RULES.md, docs/STANDARD.md, docs/RECORD.md), never from the
engine. ``check(record)`` lists every problem; [] for a legal record."""

from __future__ import annotations

from typing import Any

from tests import independent_checker, independent_standard_checker

STANDARD_GAMES = ("draw", "block", "all-fives", "bergen")


def check(record: Any) -> list[str]:
    if isinstance(record, dict) and record.get("game") in STANDARD_GAMES:
        return independent_standard_checker.check_record(record)
    return independent_checker.check_record(record)
