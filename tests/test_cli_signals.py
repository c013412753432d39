"""Stopping the commands from outside: SIGTERM, Ctrl-C and kill -9, on real processes."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from tests.oracle import check as check_record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

CHICKENFOOT = [sys.executable, "-m", "chickenfoot"]


@contextmanager
def started(*args: str) -> Iterator[subprocess.Popen[str]]:
    """The command, in a process group of its own that is killed whatever happens."""
    run = subprocess.Popen(
        [*CHICKENFOOT, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        yield run
    finally:
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(run.pid, signal.SIGKILL)
        run.communicate()


def wait_for_records(run: subprocess.Popen[str], folder: Path, count: int) -> None:
    deadline = time.monotonic() + 60
    while len(list(folder.glob("*.json"))) < count:
        assert run.poll() is None, run.communicate()
        assert time.monotonic() < deadline, "no records were written"
        time.sleep(0.01)


def assert_only_finished_records(folder: Path, finished: int) -> None:
    """``folder`` holds the records 1..finished, every one complete, and nothing else."""
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"{k}.json" for k in range(1, finished + 1)
    )
    for k in (1, finished):
        record = json.loads((folder / f"{k}.json").read_text(encoding="utf-8"))
        assert check_record(record) == []


def test_sigterm_stops_simulate_at_any_moment_and_leaves_only_finished_records(
    tmp_path: Path,
) -> None:
    rng = random.Random(20)
    for attempt in range(20):
        records = tmp_path / str(attempt)
        with started("simulate", "-p", "8", "-m", "100000", "-r", str(records)) as run:
            wait_for_records(run, records, 1)
            time.sleep(rng.uniform(0, 0.3))
            run.send_signal(signal.SIGTERM)
            stdout, stderr = run.communicate(timeout=60)
        assert run.returncode == 130, stderr
        assert stdout == ""
        finished = int(stderr.removeprefix("interrupted after ").split()[0])
        assert stderr == (
            f"interrupted after {finished} of 100000 matches; the records of finished "
            f"matches stay in {records}\n"
        )
        assert_only_finished_records(records, finished)  # no .tmp file


def test_sigterm_leaves_a_jsonl_file_of_whole_records_in_match_order(tmp_path: Path) -> None:
    rng = random.Random(21)
    for attempt in range(10):
        path = tmp_path / f"{attempt}.jsonl"
        workers = str(1 + attempt % 2)
        with started("simulate", "-p", "8", "-m", "100000", "-w", workers, "-r", str(path)) as run:
            deadline = time.monotonic() + 60
            while not path.exists() or not path.stat().st_size:
                assert run.poll() is None, run.communicate()
                assert time.monotonic() < deadline, "no records were written"
                time.sleep(0.01)
            time.sleep(rng.uniform(0, 0.3))
            run.send_signal(signal.SIGTERM)
            stdout, stderr = run.communicate(timeout=60)
        assert run.returncode == 130, stderr
        assert stdout == ""
        text = path.read_text(encoding="utf-8")
        assert text.endswith("\n")
        records = [json.loads(line) for line in text.splitlines()]
        written = len(records)
        assert written >= 1
        kept = "match 1" if written == 1 else f"matches 1..{written}"
        assert stderr.endswith(f"; the records of {kept} stay in {path}\n"), stderr
        assert [r["seed"] for r in records] == list(range(1, written + 1))
        for record in (records[0], records[-1]):
            assert check_record(record) == []


def test_ctrl_c_stops_simulate_and_keeps_the_finished_records(tmp_path: Path) -> None:
    with started("simulate", "-m", "100000", "-r", str(tmp_path)) as run:
        wait_for_records(run, tmp_path, 3)
        os.killpg(run.pid, signal.SIGINT)  # as Ctrl-C does: the whole process group
        stdout, stderr = run.communicate(timeout=60)
    assert run.returncode == 130
    assert stdout == ""
    finished = int(stderr.removeprefix("interrupted after ").split()[0])
    assert stderr == (
        f"interrupted after {finished} of 100000 matches; the records of finished matches "
        f"stay in {tmp_path}\n"
    )
    assert_only_finished_records(tmp_path, finished)


def test_sigterm_stops_the_arena_and_its_workers(tmp_path: Path) -> None:
    with started(
        "arena", "-b", "random", "-p", "8", "-m", "5000", "-w", "2", "-r", str(tmp_path)
    ) as run:
        wait_for_records(run, tmp_path, 2)
        run.send_signal(signal.SIGTERM)  # the arena's process only
        stdout, stderr = run.communicate(timeout=60)
    assert run.returncode == 130
    assert stderr.startswith("interrupted after ")
    assert stderr.endswith(
        f" of 5000 matches; the records of finished matches stay in {tmp_path}\n"
    )
    assert stdout == ""
    assert all(p.name.endswith(".json") for p in tmp_path.iterdir())  # no .tmp file


def read_to_end(stream: int, seconds: float) -> bool:
    """Read ``stream`` until its end; False if it is still open after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([stream], [], [], left)
        if ready and not os.read(stream, 65536):
            return True


def test_killing_the_arena_outright_stops_its_workers_and_helpers(tmp_path: Path) -> None:
    with started(
        "arena", "-b", "random", "-p", "8", "-m", "5000", "-w", "2", "-r", str(tmp_path)
    ) as run:
        wait_for_records(run, tmp_path, 2)
        run.kill()  # kill -9 of the arena's own process, as an OOM killer would
        assert run.stdout is not None and run.stderr is not None
        # Every process that holds the caller's stdout and stderr (workers, the fork server,
        # the resource tracker) has exited once the pipes reach their end.
        assert read_to_end(run.stdout.fileno(), 20), "a worker still holds stdout"
        assert read_to_end(run.stderr.fileno(), 20), "a worker still holds stderr"
    assert run.returncode == -signal.SIGKILL
    files = list(tmp_path.iterdir())
    assert files and all(p.name.endswith(".json") for p in files)  # no .tmp file


def read_all(stream: int, seconds: float) -> str | None:
    """All that ``stream`` gives until its end; None if it is still open after ``seconds``."""
    deadline = time.monotonic() + seconds
    data = b""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            chunk = os.read(stream, 65536)
            if not chunk:
                return data.decode("utf-8", "replace")
            data += chunk


def test_killing_simulate_on_workers_outright_leaves_no_leaked_semaphore(
    tmp_path: Path,
) -> None:
    rng = random.Random(4)
    for attempt in range(3):
        records = tmp_path / str(attempt)
        command = ["simulate", "-p", "8", "-m", "5000", "-w", "2", "-r", str(records)]
        with started(*command) as run:
            wait_for_records(run, records, 2)
            time.sleep(rng.uniform(0, 0.3))
            run.kill()  # kill -9 of simulate's own process
            assert run.stdout is not None and run.stderr is not None
            # The workers, the fork server and the resource tracker all write to this
            # stderr; it ends once every one of them has exited.
            stderr = read_all(run.stderr.fileno(), 30)
            assert read_to_end(run.stdout.fileno(), 30), "a worker still holds stdout"
        assert run.returncode == -signal.SIGKILL
        assert stderr == ""  # no "resource_tracker: There appear to be 6 leaked semaphore..."
        written = sorted(records.iterdir())
        assert written and all(p.name.endswith(".json") for p in written)  # no .tmp file
        for path in written:
            assert check_record(json.loads(path.read_text(encoding="utf-8"))) == [], path
