"""What a few connections do to ``chickenfoot serve``: one address opening many half-sent
requests, and how long an idle or half-sent connection stays open.

Run by hand (the server and this script each hold the connections: raise the open-file
limit of the shell first if it is under 2,100):

    .venv/bin/python bench/connections.py [--src src] [--half-open 2000] [--open-files 1024]

Starts ``chickenfoot serve`` of the checkout whose ``src`` folder ``--src`` names (its
``PYTHONPATH``) in a fresh data folder, allowed ``--open-files`` open files as a process
usually is; opens ``--half-open`` connections from 127.0.0.2, each sending half a request's
headers, as fast as it can; then asks ``/healthz`` from 127.0.0.1 five times (5 s each at
most) and prints each answer's time, how many of the connections the server answered (and
with what), and whether its log says it ran out of open files. Then, on a fresh address, it
times how long the server keeps an idle connection, one with half its headers and one with
half its body open (30 s at most).
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HALF_HEADERS = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
HALF_BODY = (
    b"POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100\r\n\r\n{"
)
CHICKENFOOT = Path(sys.executable).parent / "chickenfoot"


def start(src: Path, data: Path, open_files: int) -> tuple[subprocess.Popen[str], int]:
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    server = subprocess.Popen(
        [str(CHICKENFOOT), "serve", "--port", "0", "--data", str(data), "--bot-delay", "0"],
        stdout=subprocess.PIPE,
        stderr=(data / "server.log").open("w"),
        text=True,
        env={**os.environ, "PYTHONPATH": str(src.resolve())},
        preexec_fn=limited,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    return server, int(line.split("http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])


def healthz(port: int) -> str:
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(HALF_HEADERS + b"\r\n")
            answer = sock.recv(100)
    except OSError as exc:
        return f"{type(exc).__name__} after {time.monotonic() - started:.3f} s"
    status = answer.split(b"\r\n", 1)[0].decode() or "closed"
    return f"{time.monotonic() - started:.3f} s ({status})"


def answered(socks: list[socket.socket]) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for sock in socks:
        sock.setblocking(False)
        try:
            data = sock.recv(65_536)
        except BlockingIOError:
            kind = "still open"
        except OSError as exc:
            kind = type(exc).__name__
        else:
            kind = data.split(b"\r\n", 1)[0].decode() or "closed"
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def kept_open(port: int) -> dict[str, str]:
    socks = {}
    for name, sent in (
        ("idle", b""),
        ("half its headers", HALF_HEADERS),
        ("half its body", HALF_BODY),
    ):
        sock = socket.create_connection(
            ("127.0.0.1", port), timeout=30, source_address=("127.0.0.3", 0)
        )
        sock.sendall(sent)
        socks[name] = sock
    started = time.monotonic()
    kept = {}
    for name, sock in socks.items():
        try:
            while sock.recv(65_536):
                pass
            kept[name] = f"closed after {time.monotonic() - started:.1f} s"
        except TimeoutError:
            kept[name] = "open after 30 s"
        sock.close()
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src")
    parser.add_argument("--half-open", type=int, default=2_000)
    parser.add_argument("--open-files", type=int, default=1_024)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        server, port = start(args.src, data, args.open_files)
        held = []
        try:
            started = time.monotonic()
            for _ in range(args.half_open):
                try:
                    sock = socket.create_connection(
                        ("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0)
                    )
                    sock.sendall(HALF_HEADERS)
                except OSError as exc:
                    print(f"connection {len(held) + 1}: {type(exc).__name__}")
                    break
                held.append(sock)
            took = time.monotonic() - started
            print(f"{len(held)} half-open connections from 127.0.0.2 in {took:.2f} s")
            for k in range(5):
                print(f"/healthz {k + 1}: {healthz(port)}")
            time.sleep(1)
            print("the half-open connections:", answered(held))
            log = (data / "server.log").read_text()
            print(
                "out of open files in the log:",
                log.count("out of system resource") + log.count("Too many open files"),
            )
            print("kept open:", kept_open(port))
        finally:
            for sock in held:
                sock.close()
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
