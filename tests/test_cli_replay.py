"""`chickenfoot replay` on files that are not records: one line per file, and on to the next.

The bad files are kept in tests/fixtures/bad/ (see its README.md).
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from chickenfoot import files
from chickenfoot.cli import app

runner = CliRunner()
BAD = Path(__file__).parent / "fixtures" / "bad"
GOOD = Path(__file__).parent / "golden" / "2p-single-random.json"
_GOOD = json.loads(GOOD.read_text(encoding="utf-8"))
GOOD_LINE = f"{GOOD}: ok: 1 round, totals {_GOOD['totals']}, won by seat {_GOOD['winners'][0]}"
NO_RECORDS = "a folder with no .json or .jsonl file in it"


def replay(*paths: Path | str) -> Result:
    return runner.invoke(app, ["replay", *map(str, paths)])


def assert_reports(result: Result, *lines: str) -> None:
    assert result.exit_code == 1
    assert result.stdout.splitlines() == list(lines)
    assert result.stderr == ""


def test_replay_reports_a_deeply_nested_file_and_checks_the_next_one() -> None:
    nested = BAD / "nested-5000-deep.json"
    result = replay(nested, GOOD)
    assert_reports(result, f"{nested}: not JSON we can read: nested too deeply", GOOD_LINE)


def test_replay_reports_an_integer_of_5000_digits_and_checks_the_next_one() -> None:
    huge = BAD / "integer-5000-digits.json"
    result = replay(huge, GOOD)
    assert_reports(
        result,
        f"{huge}: not JSON we can read: line 67 column 10: an integer of more than 4300 digits",
        GOOD_LINE,
    )


def test_replay_reports_nan_and_infinity_where_they_are() -> None:
    nan, infinity = BAD / "nan.json", BAD / "infinity.json"
    result = replay(nan, infinity, GOOD)
    assert_reports(
        result,
        f"{nan}: not JSON: line 67 column 10: NaN is not a JSON number",
        f"{infinity}: not JSON: line 391 column 13: Infinity is not a JSON number",
        GOOD_LINE,
    )


def test_replay_reports_a_file_that_is_not_utf8_where_the_first_bad_byte_is() -> None:
    latin = BAD / "latin-1.json"
    result = replay(latin, GOOD)
    offset = latin.read_bytes().index(b"\xe9")
    assert_reports(result, f"{latin}: not UTF-8 text: line 64 column 7 (byte {offset})", GOOD_LINE)


def test_replay_reads_a_folder_named_like_a_record_as_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "1.json"
    folder.mkdir()
    result = replay(folder, GOOD)
    assert_reports(result, f"{folder}: {NO_RECORDS}", GOOD_LINE)


def test_replay_refuses_an_endless_input_at_the_limit_and_checks_the_next_one() -> None:
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    result = replay(zero, GOOD)
    assert_reports(result, "/dev/zero: larger than the 256 MB limit", GOOD_LINE)


def test_replay_refuses_a_huge_file_without_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as fh:
        fh.truncate(files.RECORD_LIMIT + 1)  # sparse: takes no room on the disk
    result = replay(huge, GOOD)
    assert_reports(result, f"{huge}: larger than the 256 MB limit", GOOD_LINE)


def test_a_record_of_exactly_the_limit_replays_and_one_byte_more_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "RECORD_LIMIT", 2**20)
    text = GOOD.read_bytes().rstrip()
    padded = tmp_path / "padded.json"
    padded.write_bytes(text + b" " * (2**20 - len(text)))  # JSON allows trailing spaces
    assert replay(padded).stdout == GOOD_LINE.replace(str(GOOD), str(padded)) + "\n"
    padded.write_bytes(text + b" " * (2**20 + 1 - len(text)))
    assert_reports(replay(padded), f"{padded}: larger than the 1 MB limit")


def test_replay_reports_empty_and_truncated_files(tmp_path: Path) -> None:
    empty, cut = tmp_path / "empty.json", tmp_path / "cut.json"
    empty.write_bytes(b"")
    cut.write_bytes(GOOD.read_bytes()[:100])
    result = replay(empty, cut, GOOD)
    assert_reports(
        result,
        f"{empty}: not JSON: the file is empty",
        f"{cut}: not JSON: line 6 column 5: it ends too early",
        GOOD_LINE,
    )


def test_replay_names_what_is_wrong_with_a_game_that_is_a_list() -> None:
    odd = BAD / "game-is-a-list.json"
    result = replay(odd, GOOD)
    assert result.exit_code == 1
    first, second = result.stdout.splitlines()
    assert first.startswith(f"{odd}: ")
    assert "a bug in chickenfoot" not in first
    assert second == GOOD_LINE


def test_a_bug_in_the_rules_engine_is_one_line_and_the_next_file_is_still_checked() -> None:
    # Whatever the core raises, replay says so in one line and goes on.
    odd = BAD / "game-is-a-list.json"
    result = replay(odd, GOOD)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{odd}: ")
    assert lines[1] == GOOD_LINE
    assert "Traceback" not in result.output


def test_replay_counts_hands_in_a_standard_game(tmp_path: Path) -> None:
    runner.invoke(app, ["simulate", "--game", "draw", "-m", "1", "-r", str(tmp_path)])
    record = json.loads((tmp_path / "1.json").read_text(encoding="utf-8"))
    result = replay(tmp_path / "1.json")
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{tmp_path / '1.json'}: ok: 1 hand, totals ")
    assert str(record["totals"]) in result.stdout


def test_replay_help_shows_where_errors_are_named_and_the_size_limit() -> None:
    shown = runner.invoke(app, ["replay", "--help"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0
    text = " ".join(shown.stdout.split())
    assert "(rounds[i].actions[j])" in text
    assert "larger than 256 MB is refused" in text


def test_replay_refuses_an_unknown_game_or_preset_before_reading_anything() -> None:
    result = runner.invoke(app, ["replay", str(GOOD), "--preset", "house"])
    assert result.exit_code == 2
    assert (
        result.stderr
        == "error: unknown preset 'house'; known: classic, spruce, wikipedia, reeves\n"
    )
    assert result.stdout == ""


# Records files (.jsonl): one record per line


def test_replay_checks_every_line_of_a_records_file_and_names_each_by_its_line(
    tmp_path: Path,
) -> None:
    good = GOOD.read_bytes().replace(b"\n", b"")  # one line, as a records file holds it
    wrong = json.loads(good)
    wrong["totals"][0] += 1
    path = tmp_path / "run.jsonl"
    lines = [good, b"", json.dumps(wrong).encode(), b"{", good[:100], b"[1, 2]", good]
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = replay(path)
    assert result.exit_code == 1
    shown = result.stdout.splitlines()
    ok = GOOD_LINE.removeprefix(f"{GOOD}: ")
    assert shown[0] == f"{path}:1: {ok}"  # line 2 is blank: skipped
    assert shown[1].startswith(f"{path}:3: totals")
    assert shown[2] == f"{path}:4: not JSON: line 1 column 2: it ends too early"
    assert shown[3] == f"{path}:5: not JSON: line 1 column 101: it ends too early"
    assert shown[4].startswith(f"{path}:6: ")
    assert shown[5] == f"{path}:7: {ok}"
    assert len(shown) == 6


def test_replay_reads_a_records_file_written_by_simulate_and_a_folder_of_them(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "runs"
    for name, seed in (("a.jsonl", "1"), ("b.jsonl", "40")):
        made = runner.invoke(app, ["simulate", "-m", "3", "-s", seed, "-r", str(folder / name)])
        assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["ratings", str(folder)])
    assert result.exit_code == 0, result.output
    assert "rated 6 matches" in result.output
    checked = replay(folder / "a.jsonl", folder / "b.jsonl")
    assert checked.exit_code == 0, checked.output
    assert [line.split(": ok: ")[0] for line in checked.stdout.splitlines()] == [
        f"{folder / name}:{k}" for name in ("a.jsonl", "b.jsonl") for k in (1, 2, 3)
    ]


def test_replay_says_a_records_file_that_cannot_be_read(tmp_path: Path) -> None:
    missing = tmp_path / "missing.jsonl"
    assert_reports(
        replay(missing, GOOD), f"{missing}: cannot read: No such file or directory", GOOD_LINE
    )


# Folders: every .json and .jsonl file in them, by name


def simulated(folder: Path, *args: str) -> None:
    made = runner.invoke(app, ["simulate", "-p", "2", "-l", "single", "-r", str(folder), *args])
    assert made.exit_code == 0, made.output


def test_replay_reads_every_record_of_a_folder_by_name_and_names_each_bad_one(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "runs"
    simulated(folder, "-m", "3")
    simulated(folder / "b.jsonl", "-m", "2", "-s", "40")
    (folder / "a.json").write_bytes(b"{")
    (folder / "c.jsonl").write_bytes(b"[1, 2]\n")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    (folder / "inner").mkdir()
    (folder / "inner" / "4.json").write_bytes(GOOD.read_bytes())
    result = replay(folder)
    assert result.exit_code == 1
    shown = result.stdout.splitlines()
    assert [line.split(": ")[0] for line in shown] == [
        *(str(folder / f"{k}.json") for k in (1, 2, 3)),
        str(folder / "a.json"),
        f"{folder / 'b.jsonl'}:1",
        f"{folder / 'b.jsonl'}:2",
        f"{folder / 'c.jsonl'}:1",
    ]
    verdicts = [line.split(": ")[1] for line in shown]
    assert verdicts == ["ok", "ok", "ok", "not JSON", "ok", "ok", "a record is a JSON object"]
    assert shown[3] == f"{folder / 'a.json'}: not JSON: line 1 column 2: it ends too early"
    assert result.stderr == ""


def test_replay_of_folders_of_legal_records_exits_0(tmp_path: Path) -> None:
    simulated(tmp_path / "runs", "-m", "2")
    simulated(tmp_path / "lines" / "run.jsonl", "-m", "2")
    result = replay(tmp_path / "runs", tmp_path / "lines", GOOD)
    assert result.exit_code == 0, result.output
    assert [line.split(": ")[0] for line in result.stdout.splitlines()] == [
        str(tmp_path / "runs" / "1.json"),
        str(tmp_path / "runs" / "2.json"),
        f"{tmp_path / 'lines' / 'run.jsonl'}:1",
        f"{tmp_path / 'lines' / 'run.jsonl'}:2",
        str(GOOD),
    ]


def test_replay_says_a_folder_without_records_and_goes_on(tmp_path: Path) -> None:
    empty, others = tmp_path / "empty", tmp_path / "others"
    empty.mkdir()
    others.mkdir()
    (others / "notes.txt").write_text("not a record", encoding="utf-8")
    assert_reports(
        replay(empty, others, GOOD),
        f"{empty}: {NO_RECORDS}",
        f"{others}: {NO_RECORDS}",
        GOOD_LINE,
    )


def test_replay_says_a_folder_it_cannot_read_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "locked"
    simulated(folder, "-m", "1")
    scandir = os.scandir

    def refusing(path: Any) -> Any:
        if Path(path) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    assert_reports(replay(folder, GOOD), f"{folder}: cannot read: Permission denied", GOOD_LINE)


def test_replay_help_says_it_reads_folders() -> None:
    shown = runner.invoke(app, ["replay", "--help"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0
    text = " ".join(shown.stdout.split())
    assert "or folders: every .json and .jsonl file in them, by name" in text


def test_analyse_takes_one_record_of_a_records_file_by_its_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    made = runner.invoke(app, ["simulate", "-m", "3", "-p", "2", "-l", "single", "-r", str(path)])
    assert made.exit_code == 0, made.output
    out = tmp_path / "a.json"
    result = runner.invoke(app, ["analyse", f"{path}:2", "-n", "3", "-w", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    second = json.loads(path.read_text(encoding="utf-8").splitlines()[1])
    assert json.loads(out.read_text(encoding="utf-8"))["players"] == second["players"]
    for name, problem in (
        (f"{path}:7", "the file has no record on that line"),
        (str(path), f"a file of 3 records: name one by its line, as {path}:LINE"),
    ):
        refused = runner.invoke(app, ["analyse", name, "-w", "1"])
        assert refused.exit_code == 1
        assert refused.stderr.startswith(f"error: {name}: {problem}")
