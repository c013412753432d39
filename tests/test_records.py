"""Records (RECORD.md): writing, replaying, golden files, and rejecting what is wrong."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.core import CLASSIC, RecordError, replay, to_record
from scripts.regen_golden import GOLDEN, PERFT, expected_files
from tests.helpers import random_match
from tests.independent_checker import check_record

Record = dict[str, Any]


@pytest.fixture(scope="module")
def legal() -> Record:
    return to_record(random_match(4, 21, CLASSIC.with_options(length="half")))


@functools.cache
def regenerated() -> dict[Path, str]:
    return expected_files()


@pytest.mark.parametrize("path", [*sorted(GOLDEN.glob("*.json")), PERFT], ids=lambda p: p.name)
def test_golden_records_and_the_perft_table_are_what_the_engine_produces_now(path: Path) -> None:
    """On a deliberate change: python -m scripts.regen_golden, then review git diff."""
    assert set(regenerated()) == {*GOLDEN.glob("*.json"), PERFT}
    assert path.read_text(encoding="utf-8") == regenerated()[path]


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.name)
def test_golden_records_replay_and_pass_the_independent_checker(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    assert to_record(replay(record)) == record
    if record["rules"]["preset"] == "classic":  # the checker knows the classic rules only
        assert check_record(record) == []


def test_a_record_has_the_keys_record_md_names(legal: Record) -> None:
    assert legal["format"] == "chickenfoot-record/1"
    assert legal["game"] == "chickenfoot"
    assert legal["rules"]["preset"] == "classic"
    assert legal["rules"]["options"]["centre_toes"] == 6
    assert [r["double"] for r in legal["rounds"]] == ["9-9", "8-8", "7-7", "6-6", "5-5"]
    first = legal["rounds"][0]
    assert set(first) == {"double", "first", "hands", "boneyard", "actions", "end", "points"}
    assert first["actions"][0]["on"] == 0 and first["actions"][0]["seat"] == 0
    assert legal["totals"] == [sum(r["points"][s] for r in legal["rounds"]) for s in range(4)]
    assert "winners" in legal


def test_a_record_written_by_another_program_is_accepted(legal: Record) -> None:
    other = copy.deepcopy(legal)
    other["rules"]["options"] = {"toes": "six", "their-own-key": 1, "length": "half"}
    del other["seed"]
    other["app"] = {"name": "somebody else's app"}
    other["rounds"][0]["comment"] = "extra keys are ignored"
    assert replay(other).totals() == legal["totals"]


def test_a_match_record_without_a_length_option_gets_it_from_its_rounds(legal: Record) -> None:
    other = copy.deepcopy(legal)
    other["rules"] = {"preset": "classic"}
    assert replay(other).rules.length.value == "half"


def test_an_unfinished_record_replays_to_the_position_it_stops_at(legal: Record) -> None:
    cut = copy.deepcopy(legal)
    cut["rounds"] = cut["rounds"][:2]
    last = cut["rounds"][1]
    del last["end"], last["points"], cut["winners"]
    last["actions"] = last["actions"][:15]
    cut["totals"] = legal["rounds"][0]["points"]
    match = replay(cut)
    assert match.current is not None and len(match.current.history) == 15
    assert check_record(cut) == []


def _set(path: str, value: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        *parents, last = path.split(".")
        target: Any = record
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        if value is _DELETE:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value

    return change


_DELETE = object()


def _swap_first_two_actions(record: Record) -> None:
    actions = record["rounds"][0]["actions"]
    actions[0], actions[1] = actions[1], actions[0]


def _deal_a_tile_twice(record: Record) -> None:
    hands = record["rounds"][0]["hands"]
    hands[1][0] = hands[0][0]


def _draw_the_wrong_tile(record: Record) -> None:
    round0 = record["rounds"][0]
    for action in round0["actions"]:
        if "draw" in action:
            action["draw"] = round0["boneyard"][-1]
            return
    raise AssertionError("no draw in the first round")


def _play_after_the_end(record: Record) -> None:
    round0 = record["rounds"][0]
    round0["actions"].append({"seat": 0, "pass": True})


def _double_in_a_hand(record: Record) -> None:
    record["rounds"][0]["hands"][0][0] = "9-9"


BAD: dict[str, tuple[Callable[[Record], None], str]] = {
    "wrong format": (_set("format", "chickenfoot-record/2"), "format: unknown format"),
    "missing players": (_set("players", _DELETE), "missing key 'players'"),
    "nine players": (_set("players", ["x"] * 9), "2 to 8 players"),
    "unknown preset": (_set("rules.preset", "mystery"), "unknown preset"),
    "unknown tile": (_set("rounds.0.hands.0.0", "x-y"), "not a tile"),
    "tile of a bigger set": (_set("rounds.0.hands.0.0", "10-3"), "not in the double-9 set"),
    "a tile dealt twice": (_deal_a_tile_twice, "dealt more than once"),
    "round double dealt": (_double_in_a_hand, "set aside"),
    "wrong round double": (_set("rounds.1.double", "7-7"), "played with 8-8"),
    "wrong first seat": (_set("rounds.1.first", 0), "starts with seat 1"),
    "illegal action": (_set("rounds.0.actions.0.on", 5), "rounds[0].actions[0]"),
    "wrong seat": (_swap_first_two_actions, "rounds[0].actions[0]: it is seat 0's turn"),
    "draw of the wrong tile": (_draw_the_wrong_tile, "next boneyard tile is"),
    "action after the end": (_play_after_the_end, "already ended"),
    "wrong end": (_set("rounds.0.end", "sideways"), "not 'sideways'"),
    "wrong points": (_set("rounds.0.points", [0, 0, 0, 0]), "rounds[0].points: points are"),
    "wrong totals": (_set("totals", [1, 2, 3, 4]), "totals: totals are"),
    "wrong winners": (_set("winners", [3, 2]), "winners: winners are"),
    "too many rounds": (lambda r: r["rounds"].append(r["rounds"][-1]), "rounds"),
    "not an object": (lambda r: r["rounds"].__setitem__(0, 5), "rounds[0]: a round is"),
    "pass not true": (_set("rounds.0.actions.0", {"seat": 0, "pass": "yes"}), "'pass' must"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_wrong_record_is_rejected_with_where_and_what(legal: Record, name: str) -> None:
    change, message = BAD[name]
    bad = copy.deepcopy(legal)
    change(bad)
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)
    assert check_record(bad) != []


def test_not_a_record_at_all() -> None:
    for value in (None, [], "x", 5):
        with pytest.raises(RecordError, match="JSON object"):
            replay(value)
