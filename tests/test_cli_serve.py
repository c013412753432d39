"""``chickenfoot serve`` refusing to start says why in one line (exit 2), never a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

CHICKENFOOT = Path(sys.executable).parent / "chickenfoot"


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CHICKENFOOT), "serve", *args], capture_output=True, text=True, timeout=60
    )


def test_a_port_in_use_is_said_plainly(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = serve("--port", str(port), "--data", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"error: cannot listen on 127.0.0.1:{port}: the port is in use "
        "(is chickenfoot serve running already? try --port)"
    )


@pytest.mark.parametrize(
    ("db", "says"),
    [
        ("mysql://x/y", "the tables are kept in SQLite (sqlite:///FILE) or PostgreSQL"),
        ("nonsense", "the tables are kept in SQLite (sqlite:///FILE) or PostgreSQL"),
        ("postgresql://127.0.0.1:1/x", "cannot use the database postgresql://127.0.0.1:1/x: "),
    ],
)
def test_a_database_that_cannot_be_used_is_said_plainly(db: str, says: str) -> None:
    done = serve("--db", db, "--port", "0")
    assert done.returncode == 2
    assert done.stderr.startswith("error: ")
    assert says in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_data_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "file"
    file.write_text("")
    done = serve("--data", str(file), "--port", "0")
    assert done.returncode == 2
    assert "it is a file, not a folder" in done.stderr


def test_redis_without_postgresql_is_refused(tmp_path: Path) -> None:
    done = serve("--data", str(tmp_path), "--port", "0", "--redis", "redis://127.0.0.1:1/0")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "error: --redis: several processes share their tables in PostgreSQL: give "
        "--db postgresql://USER@HOST/DATABASE too"
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--redis", "nonsense"], "error: --redis nonsense: not a Redis URL"),
        (
            ["--redis", "redis://127.0.0.1:1/0"],
            "error: cannot reach Redis at redis://127.0.0.1:1/0: ",
        ),
        (["--redis", "redis://127.0.0.1:1/0", "--lease", "0.5"], "--lease"),
    ],
)
def test_redis_that_cannot_be_used_is_said_plainly(
    postgres_db: str, args: list[str], says: str
) -> None:
    done = serve("--db", postgres_db, "--port", "0", *args)
    assert done.returncode == 2
    assert says in done.stderr
    assert "Traceback" not in done.stderr
