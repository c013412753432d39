"""Throwaway PostgreSQL and Redis servers for the tests, on free loopback ports.

Each is a process group of its own (``start_new_session``), in a temporary folder, so that a
test may stop it, kill it with SIGKILL and start it again on the same port and data without
touching the machine's own services, and so that nothing of it outlives the tests: every
stop waits until no process of its group is left, and says so if one is.

PostgreSQL: ``initdb`` makes a cluster (trust authentication, fsync off: the tests lose
nothing to a killed server, only to a power cut), ``postgres`` serves it, ``pg_ctl stop``
stops it. ``initdb`` refuses to run as root: as root, both run as the ``postgres`` system
user, in a folder made for it. Redis: ``redis-server`` with no persistence at all.

The fixtures ``postgres_server`` and ``redis_server`` are one server each for the whole
session; ``postgres`` and ``redis`` hand them to a test and, if the test left them stopped,
start them again afterwards.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

T = TypeVar("T")
POSTGRES_USER = "postgres"
"""The system user PostgreSQL runs as when the tests run as root (initdb refuses root)."""
START_SECONDS = 30.0
STOP_SECONDS = 30.0


def _run(work: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(work)`` on a thread of its own: the caller may be running an event
    loop already (Playwright's synchronous API does)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


class ServiceError(RuntimeError):
    """A throwaway server did not start or stop as asked."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def postgres_bin() -> Path:
    """The folder of the newest PostgreSQL installed (``initdb``, ``postgres``, ``pg_ctl``)."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name)
    )
    if found:
        return found[-1].parent
    on_path = shutil.which("initdb")
    if on_path is None:
        raise ServiceError("no PostgreSQL server is installed (initdb not found)")
    return Path(on_path).parent


def _processes() -> dict[int, tuple[int, str]]:
    """Every process of the machine: its parent and state (``Z``: a zombie, gone)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # gone meanwhile
        # pid (comm) state ppid ...: comm may hold spaces and parentheses
        fields = stat.rsplit(")", 1)[1].split()
        found[int(entry.name)] = (int(fields[1]), fields[0])
    return found


def family(pid: int) -> set[int]:
    """``pid`` and every live process descending from it (PostgreSQL's helpers make
    process groups of their own, so a group is not enough)."""
    table = _processes()
    children: dict[int, list[int]] = {}
    for child, (parent, state) in table.items():
        if state != "Z":
            children.setdefault(parent, []).append(child)
    out: set[int] = set()
    todo = [pid] if pid in table and table[pid][1] != "Z" else []
    while todo:
        here = todo.pop()
        out.add(here)
        todo.extend(children.get(here, []))
    return out


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (not gone, not zombies)."""
    table = _processes()
    return {pid for pid in pids if pid in table and table[pid][1] != "Z"}


REAPER = """
import ctypes, os, signal, sys
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans come here
child = os.fork()
if child == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
signal.signal(signal.SIGTERM, lambda *_: os.kill(child, signal.SIGTERM))
status = 0
while True:
    try:
        pid, code = os.waitpid(-1, 0)
    except ChildProcessError:
        break
    if pid == child:
        status = os.waitstatus_to_exitcode(code)
sys.exit(max(status, 0))
"""
"""Runs a server and reaps every process it leaves behind (a killed PostgreSQL leaves its
helpers to whoever adopts orphans; not every container's first process reaps them)."""


class _Process:
    """A server under a :data:`REAPER` of its own, in a session of its own."""

    name = "server"

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path: Path | None = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def _spawn(self, command: list[str], log_path: Path) -> None:
        self.log_path = log_path
        with log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", REAPER, *command],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def _wait_until(self, ready: Callable[[], bool]) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if not self.running:
                raise ServiceError(f"{self.name} exited at start:\n{self._log_tail()}")
            if ready():
                return
            time.sleep(0.05)
        self.kill()
        raise ServiceError(f"{self.name} did not answer in {START_SECONDS} s:\n{self._log_tail()}")

    def kill(self) -> None:
        """SIGKILL to the server and every process it started: no moment to save or close
        anything."""
        if self.process is None:
            return
        left = family(self.process.pid) - {self.process.pid}
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self._reap(left)

    def _reap(self, family_before: set[int]) -> None:
        """Wait for the server's reaper and every process it had started to be gone."""
        assert self.process is not None
        self.process.wait(timeout=STOP_SECONDS)
        deadline = time.monotonic() + STOP_SECONDS
        while left := alive(family_before):
            if time.monotonic() > deadline:
                raise ServiceError(f"{self.name}: processes {sorted(left)} outlived it")
            time.sleep(0.02)
        self.process = None

    def _log_tail(self) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(errors="replace")[-2000:]


class Postgres(_Process):
    """A PostgreSQL cluster of its own in a temporary folder, served on 127.0.0.1:``port``."""

    name = "PostgreSQL"

    def __init__(self) -> None:
        super().__init__()
        self.bin = postgres_bin()
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="chickenfoot-pg-"))
        self.data = self.folder / "data"
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam(POSTGRES_USER)
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._as_user = [
                "setpriv",
                f"--reuid={user.pw_uid}",
                f"--regid={user.pw_gid}",
                "--init-groups",
                "--",
            ]
        initdb = [str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust"]
        made = subprocess.run(
            [*self._as_user, *initdb, "-U", "postgres", "--no-sync", "-E", "UTF8"],
            capture_output=True,
            text=True,
            check=False,
        )
        if made.returncode != 0:
            self.remove()
            raise ServiceError(f"initdb failed: {made.stderr.strip()}")

    @property
    def admin_url(self) -> str:
        """The cluster's own database, as asyncpg takes it."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        """A database of the cluster as ``chickenfoot serve --db`` takes it."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        """Serve the cluster (again, after a stop or a kill, on the same port and data)."""
        if self.running:
            return
        command = [
            str(self.bin / "postgres"),
            "-D",
            str(self.data),
            "-p",
            str(self.port),
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            f"unix_socket_directories={self.folder}",
            "-c",
            "fsync=off",
            "-c",
            "full_page_writes=off",
            "-c",
            "max_connections=200",
        ]
        self._spawn([*self._as_user, *command], self.folder / "postgres.log")
        self._wait_until(self._answers)

    def stop(self) -> None:
        """A fast shutdown (``pg_ctl stop -m fast``): open connections are cut."""
        if not self.running:
            return
        pg_ctl = [str(self.bin / "pg_ctl"), "stop", "-D", str(self.data), "-m", "fast", "-w"]
        assert self.process is not None
        before = family(self.process.pid)
        subprocess.run([*self._as_user, *pg_ctl], capture_output=True, check=False)
        self._reap(before)

    def new_database(self) -> str:
        """A new, empty database; its name."""
        name = f"chickenfoot_{secrets.token_hex(6)}"
        self.execute(f'CREATE DATABASE "{name}"')
        return name

    def execute(self, statement: str) -> None:
        async def run() -> None:
            conn = await asyncpg.connect(self.admin_url, timeout=5)
            try:
                await conn.execute(statement)
            finally:
                await conn.close()

        _run(run())

    def remove(self) -> None:
        """Stop the server if it runs, and delete its folder."""
        try:
            self.stop()
        finally:
            if self.running:
                self.kill()
            shutil.rmtree(self.folder, ignore_errors=True)

    def _answers(self) -> bool:
        async def ping() -> bool:
            try:
                conn = await asyncpg.connect(self.admin_url, timeout=2)
            except (TimeoutError, OSError, asyncpg.PostgresError):
                return False
            await conn.close()
            return True

        return _run(ping())


class Redis(_Process):
    """``redis-server`` on 127.0.0.1:``port``, keeping nothing on disk."""

    name = "Redis"

    def __init__(self) -> None:
        super().__init__()
        binary = shutil.which("redis-server")
        if binary is None:
            raise ServiceError("no Redis server is installed (redis-server not found)")
        self.binary = binary
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="chickenfoot-redis-"))

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        if self.running:
            return
        command = [
            self.binary,
            "--bind",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.folder),
            "--daemonize",
            "no",
        ]
        self._spawn(command, self.folder / "redis.log")
        self._wait_until(self._answers)

    def stop(self) -> None:
        """SIGTERM: Redis closes its connections and exits (it saves nothing)."""
        if not self.running:
            return
        assert self.process is not None
        before = family(self.process.pid)
        self.process.terminate()
        self._reap(before)

    def command(self, *words: str) -> bytes:
        """One command in Redis's protocol; the first line of its reply."""
        parts = [f"*{len(words)}\r\n".encode()]
        for word in words:
            data = word.encode()
            parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as sock:
            sock.sendall(b"".join(parts))
            reply = b""
            while not reply.endswith(b"\r\n"):
                chunk = sock.recv(4096)
                if not chunk:
                    break
                reply += chunk
        return reply.split(b"\r\n", 1)[0]

    def remove(self) -> None:
        try:
            self.stop()
        finally:
            if self.running:
                self.kill()
            shutil.rmtree(self.folder, ignore_errors=True)

    def _answers(self) -> bool:
        try:
            return self.command("PING") == b"+PONG"
        except OSError:
            return False


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Postgres]:
    """A throwaway PostgreSQL server for the whole session."""
    server = Postgres()
    try:
        server.start()
        yield server
    finally:
        server.remove()


@pytest.fixture
def postgres(postgres_server: Postgres) -> Iterator[Postgres]:
    """The session's PostgreSQL server, running; started again after the test if the test
    stopped or killed it."""
    postgres_server.start()
    yield postgres_server
    postgres_server.start()


@pytest.fixture
def postgres_db(postgres: Postgres) -> Iterator[str]:
    """A new database of the throwaway server for one test: its URL (``--db``'s form)."""
    name = postgres.new_database()
    yield postgres.url(name)
    postgres.start()
    postgres.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Redis]:
    """A throwaway Redis server for the whole session."""
    server = Redis()
    try:
        server.start()
        yield server
    finally:
        server.remove()


@pytest.fixture
def redis(redis_server: Redis) -> Iterator[Redis]:
    """The session's Redis server, running and empty; started again after the test if the
    test stopped or killed it."""
    redis_server.start()
    redis_server.command("FLUSHALL")
    yield redis_server
    redis_server.start()
