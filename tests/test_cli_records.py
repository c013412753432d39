"""Where records go: a folder of another run, a disk that fills up, the umask."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from chickenfoot import files, record_files
from chickenfoot.cli import app
from tests.oracle import check as check_record

runner = CliRunner()


def simulate(records: Path, *args: str) -> Result:
    return runner.invoke(app, ["simulate", "-l", "single", "-r", str(records), *args])


def arena(records: Path, *args: str) -> Result:
    command = ["arena", "-b", "greedy,random", "-l", "single", "-w", "1", "-r", str(records)]
    return runner.invoke(app, [*command, *args])


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def assert_legal_records(folder: Path) -> None:
    for path in files.numbered_records(folder):
        assert check_record(json.loads(path.read_text(encoding="utf-8"))) == [], path


# A folder of another run (--force)


@pytest.mark.parametrize("run", [simulate, arena], ids=["simulate", "arena"])
def test_a_folder_that_already_holds_records_is_refused(tmp_path: Path, run: object) -> None:
    assert callable(run)
    first = run(tmp_path, "-m", "4", "-s", "1")
    assert first.exit_code == 0, first.output
    before = {name: (tmp_path / name).read_bytes() for name in names(tmp_path)}
    again = run(tmp_path, "-m", "2", "-s", "50")
    assert again.exit_code == 2
    assert again.stderr == (
        f"error: --records {tmp_path} already holds 4 .json files (1.json, 2.json, 3.json, "
        "...); give a new or empty folder, or add --force to replace the records in it\n"
    )
    assert again.stdout == ""
    assert {name: (tmp_path / name).read_bytes() for name in names(tmp_path)} == before


@pytest.mark.parametrize("run", [simulate, arena], ids=["simulate", "arena"])
def test_force_replaces_every_record_of_the_earlier_run_and_keeps_other_files(
    tmp_path: Path, run: object
) -> None:
    assert callable(run)
    folder, fresh = tmp_path / "records", tmp_path / "fresh"
    assert run(folder, "-m", "4", "-s", "1").exit_code == 0
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "summary.json").write_text("{}", encoding="utf-8")
    (folder / ".7.json.a1b2c3d4.tmp").write_text("{", encoding="utf-8")  # a killed run's
    forced = run(folder, "-m", "2", "-s", "50", "--force")
    assert forced.exit_code == 0, forced.output
    assert forced.stderr.splitlines()[-1] == (
        f"--force: replacing the records in {folder}: removed 4 records of an earlier run "
        "(1.json .. 4.json)"
    )
    assert names(folder) == ["1.json", "2.json", "notes.txt", "summary.json"]
    assert run(fresh, "-m", "2", "-s", "50").exit_code == 0
    for name in ("1.json", "2.json"):
        assert (folder / name).read_bytes() == (fresh / name).read_bytes()


def test_a_folder_of_other_json_files_is_refused_too(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    result = simulate(tmp_path, "-m", "1")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: --records {tmp_path} already holds 1 .json file (package.json); give a new or "
        "empty folder, or add --force to replace the records in it\n"
    )
    assert names(tmp_path) == ["package.json"]


def test_an_empty_folder_or_one_with_other_files_is_fine(tmp_path: Path) -> None:
    (tmp_path / "README").write_text("records go here", encoding="utf-8")
    (tmp_path / "3.json").mkdir()  # a folder, not a record
    result = simulate(tmp_path, "-m", "2")
    assert result.exit_code == 0, result.output
    assert names(tmp_path) == ["1.json", "2.json", "3.json", "README"]


# A records path that cannot be written


def test_a_file_where_the_records_folder_should_be_is_refused_before_playing(
    tmp_path: Path,
) -> None:
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    result = simulate(tmp_path / "file" / "records", "-m", "2")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: cannot write records into {tmp_path / 'file' / 'records'}: Not a directory\n"
    )
    assert result.stdout == ""


def test_a_record_that_cannot_be_written_stops_simulate_and_keeps_the_rest(
    tmp_path: Path,
) -> None:
    (tmp_path / "3.json").mkdir()  # os.replace onto a folder fails for match 3
    result = simulate(tmp_path, "-m", "8")
    assert result.exit_code == 1
    assert result.stderr == f"error: cannot write {tmp_path / '3.json'}: Is a directory\n"
    assert result.stdout == ""
    assert names(tmp_path) == ["1.json", "2.json", "3.json"]
    assert_legal_records(tmp_path)


def full_at_third_write(real: Callable[[int, bytes], None]) -> Callable[[int, bytes], None]:
    """``files.write_all`` on a disk that fills up during the third write: half of it fits."""
    calls = 0

    def fill_up(fd: int, payload: bytes) -> None:
        nonlocal calls
        calls += 1
        if calls < 3:
            real(fd, payload)
            return
        real(fd, payload[: len(payload) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return fill_up


@pytest.mark.parametrize("run", [simulate, arena], ids=["simulate", "arena"])
def test_a_full_disk_stops_the_run_keeps_the_records_written_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: object
) -> None:
    assert callable(run)
    monkeypatch.setattr(files, "write_all", full_at_third_write(files.write_all))
    result = run(tmp_path, "-m", "6")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"error: cannot write {tmp_path / '3.json'}: No space left on device"
    )
    assert names(tmp_path) == ["1.json", "2.json"]
    assert_legal_records(tmp_path)


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A mount point for a 160 KB tmpfs in a mount namespace of its own (root on Linux)."""
    if not sys.platform.startswith("linux") or shutil.which("unshare") is None:
        pytest.skip("needs Linux and unshare")
    disk = tmp_path / "disk"
    disk.mkdir()
    probe = subprocess.run(
        ["unshare", "--mount", "mount", "-t", "tmpfs", "-o", "size=160k", "tmpfs", str(disk)],
        capture_output=True,
    )
    if probe.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN)")
    yield disk


def test_simulate_on_a_disk_that_really_fills_up(tiny_disk: Path) -> None:
    records = tiny_disk / "records"
    script = (
        f'mount -t tmpfs -o size=160k tmpfs "{tiny_disk}" || exit 99; '
        f'"{sys.executable}" -m chickenfoot simulate -p 4 -m 40 -r "{records}" >/dev/null; '
        f'echo "exit $?"; ls -A "{records}"'
    )
    shown = subprocess.run(
        ["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True, timeout=100
    )
    lines = shown.stdout.splitlines()
    assert lines[0] == "exit 1", shown
    left = lines[1:]
    assert left and all(name.endswith(".json") for name in left)  # no .tmp file
    full = len(left) + 1
    assert sorted(left) == sorted(f"{k}.json" for k in range(1, full))
    assert shown.stderr == (
        f"error: cannot write {records / f'{full}.json'}: No space left on device\n"
    )


# The umask


def test_records_and_reports_are_created_as_the_umask_says(tmp_path: Path, umask: int) -> None:
    records, report = tmp_path / "records", tmp_path / "report.json"
    assert simulate(records / "s", "-m", "2").exit_code == 0
    assert arena(records / "a", "-m", "2", "--json", str(report)).exit_code == 0
    created = [*(records / "s").iterdir(), *(records / "a").iterdir(), report]
    assert len(created) == 5
    for path in created:
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask, path


@pytest.mark.parametrize("run", [simulate, arena], ids=["simulate", "arena"])
def test_the_records_of_a_run_are_compact_json_one_line_each(tmp_path: Path, run: object) -> None:
    assert callable(run)
    assert run(tmp_path, "-m", "2").exit_code == 0
    written = files.numbered_records(tmp_path)
    assert len(written) == 2
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert text.endswith("}\n") and text.count("\n") == 1
    assert_legal_records(tmp_path)


# A records file (.jsonl): every record on one line of it


def lines_of(path: Path) -> list[dict[str, object]]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n")
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("run", [simulate, arena], ids=["simulate", "arena"])
def test_a_jsonl_file_holds_the_records_a_folder_would_one_per_line_in_match_order(
    tmp_path: Path, run: object
) -> None:
    assert callable(run)
    folder, lines = tmp_path / "folder", tmp_path / "run.jsonl"
    assert run(folder, "-m", "5", "-s", "9").exit_code == 0
    result = run(lines, "-m", "5", "-s", "9")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == f"records: {lines} (5 lines, match 1 first)"
    expected = b"".join((folder / f"{k}.json").read_bytes() for k in range(1, 6))
    assert lines.read_bytes() == expected
    for record in lines_of(lines):
        assert check_record(record) == []


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_a_jsonl_file_is_the_same_whatever_the_number_of_workers(
    tmp_path: Path, command: str
) -> None:
    written = {}
    for workers in ("1", "2"):
        path = tmp_path / f"{workers}.jsonl"
        args = [command, "-m", "9", "-s", "4", "-l", "single", "-r", str(path), "-w", workers]
        if command == "arena":
            args += ["-b", "greedy,random,medium"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        written[workers] = path.read_bytes()
    assert written["1"] == written["2"]
    assert len(written["1"].splitlines()) == 9


def test_a_jsonl_file_that_holds_records_is_refused_and_force_replaces_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "run.jsonl"
    assert simulate(path, "-m", "3", "-s", "1").exit_code == 0
    before = path.read_bytes()
    again = simulate(path, "-m", "2", "-s", "50")
    assert again.exit_code == 2
    assert again.stderr == (
        f"error: --records {path} already holds records of another run; give a new file "
        "name, or add --force to replace it\n"
    )
    assert path.read_bytes() == before
    forced = simulate(path, "-m", "2", "-s", "50", "--force")
    assert forced.exit_code == 0, forced.output
    assert forced.stderr == f"--force: replacing the records in {path}\n"
    assert [r["seed"] for r in lines_of(path)] == [50, 51]


def test_an_empty_jsonl_file_is_fine_and_a_folder_of_that_name_is_refused(
    tmp_path: Path,
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    assert simulate(empty, "-m", "1").exit_code == 0
    assert len(lines_of(empty)) == 1
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    refused = simulate(folder, "-m", "1")
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"error: cannot write records into {folder}: it is a folder; a name ending in .jsonl "
        "is one file of records\n"
    )


@pytest.mark.parametrize("run", [simulate, arena], ids=["simulate", "arena"])
def test_a_full_disk_leaves_a_jsonl_file_with_whole_records_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: object
) -> None:
    assert callable(run)
    monkeypatch.setattr(files, "write_all", full_at_third_write(files.write_all))
    monkeypatch.setattr(record_files, "FLUSH_BYTES", 0)  # every record written at once
    path = tmp_path / "run.jsonl"
    result = run(path, "-m", "6")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"error: cannot write {path} (match 3): No space left on device"
    )
    records = lines_of(path)  # the half line was cut off again
    assert len(records) == 2
    for record in records:
        assert check_record(record) == []


def test_the_records_gathered_for_a_jsonl_file_are_written_when_the_run_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes: list[int] = []
    real = files.write_all

    def counted(fd: int, payload: bytes | bytearray) -> None:
        writes.append(payload.count(b"\n"))
        real(fd, payload)

    monkeypatch.setattr(files, "write_all", counted)
    monkeypatch.setattr(record_files, "FLUSH_BYTES", 3 * 2**10)  # about one record
    path = tmp_path / "run.jsonl"
    assert simulate(path, "-m", "7", "-p", "2").exit_code == 0
    assert sum(writes) == 7 and len(writes) > 1  # gathered, written in parts, none lost
    assert len(lines_of(path)) == 7


def test_a_jsonl_file_that_cannot_take_the_last_records_fails_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int, payload: bytes | bytearray) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "write_all", full)
    path = tmp_path / "run.jsonl"
    result = simulate(path, "-m", "3")
    assert result.exit_code == 1
    assert result.stderr == f"error: cannot write {path} (match 1): No space left on device\n"
    assert path.read_bytes() == b""
