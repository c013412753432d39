"""A server that a few clients cannot take down by holding connections: a request that does
not arrive whole within ten seconds is closed, and one address holds a limited number of
connections (pages and game sockets alike), however many it opens. Driven on loopback, a
second client on 127.0.0.2 standing for another address."""

from __future__ import annotations

import asyncio
import json
import resource
import select
import socket
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import InvalidStatus

from chickenfoot.server.connections import CONNECTIONS_PER_ADDRESS, REQUEST_SECONDS
from tests.server_helpers import Server, hello

HALF_HEADERS = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
HALF_BODY = (
    b"POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100\r\n\r\n{"
)
WHOLE = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
ANN = "203.0.113.7"


def connect(server: Server, sent: bytes = b"", source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(
        ("127.0.0.1", server.port), timeout=30, source_address=(source, 0)
    )
    if sent:
        sock.sendall(sent)
    return sock


def answer(server: Server, sent: bytes, source: str = "127.0.0.1") -> bytes:
    """The first of the server's answer to a whole request on a connection of its own."""
    with connect(server, sent, source) as sock:
        return sock.recv(65_536)


def closed_after(
    socks: dict[str, socket.socket], started: float, seconds: float
) -> dict[str, float]:
    """When each socket was closed by the server (its answer read to the end), from
    ``started``; those still open after ``seconds`` are left out."""
    closed: dict[str, float] = {}
    while len(closed) < len(socks) and time.monotonic() < started + seconds:
        waiting = {sock: name for name, sock in socks.items() if name not in closed}
        ready, _, _ = select.select(list(waiting), [], [], 0.1)
        for sock in ready:
            if not sock.recv(65_536):
                closed[waiting[sock]] = time.monotonic() - started
    return closed


def refusals(socks: list[socket.socket], expected: int) -> int:
    """How many of ``socks`` the server refused (``429``, ``too-many-connections``), waiting
    up to 30 s for ``expected`` of them: the server answers the connections in turn."""
    refused: set[socket.socket] = set()
    deadline = time.monotonic() + 30
    while len(refused) < expected and time.monotonic() < deadline:
        for sock in socks:
            if sock in refused:
                continue
            sock.setblocking(False)
            try:
                answer = sock.recv(65_536)
            except BlockingIOError:
                continue
            finally:
                sock.setblocking(True)
            assert b" 429 " in answer and b"too-many-connections" in answer
            refused.add(sock)
        time.sleep(0.1)
    return len(refused)


def healthz_seconds(server: Server) -> float:
    started = time.monotonic()
    with urllib.request.urlopen(server.url + "/healthz", timeout=30) as response:
        assert json.load(response) == {"alive": True}
    return time.monotonic() - started


def test_idle_and_half_sent_requests_are_closed_within_ten_seconds(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        started = time.monotonic()
        answered = connect(server, WHOLE)
        assert answered.recv(12) == b"HTTP/1.1 200"
        socks = {
            "idle": connect(server),
            "half its headers": connect(server, HALF_HEADERS),
            "half its body": connect(server, HALF_BODY),
            "idle after an answer": answered,
        }
        slow = connect(server, HALF_HEADERS)
        time.sleep(1)
        slow.sendall(b"\r\n")  # a slow request that arrives whole in time is answered
        assert slow.recv(12) == b"HTTP/1.1 200"
        closed = closed_after(socks, started, REQUEST_SECONDS + 5)
        assert set(closed) == set(socks), closed
        assert all(seconds <= REQUEST_SECONDS + 1 for seconds in closed.values()), closed
        assert healthz_seconds(server) < 1
        for sock in [*socks.values(), slow]:
            sock.close()
    finally:
        server.stop()


def test_one_address_holding_2000_half_open_requests_leaves_the_server_to_others(
    tmp_path: Path,
) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2_100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4_096), hard))
    server = Server(tmp_path, open_files=1_024)  # the usual limit of a process
    held = []
    try:
        for _ in range(2_000):
            held.append(connect(server, HALF_HEADERS, source="127.0.0.2"))
        refused = refusals(held, 2_000 - CONNECTIONS_PER_ADDRESS)
        assert refused == 2_000 - CONNECTIONS_PER_ADDRESS
        seconds = [healthz_seconds(server) for _ in range(5)]
        assert max(seconds) < 1, seconds
        server.log.flush()
        assert "Too many open files" not in server.log_path.read_text()
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_pages_and_game_sockets_count_alike_and_a_closed_one_frees_its_place(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path, options=["--connections-per-address", "3"])
    try:
        made = server.post("/api/tables", {"seats": [{"human": "Ann"}, {"bot": "easy"}]})

        async def holding() -> tuple[bytes, bytes]:
            async with server.socket(made["table"]) as first, server.socket(made["table"]):
                await first.recv()
                with connect(server, HALF_HEADERS):
                    refused = answer(server, WHOLE)
                    await first.close()
                    await asyncio.sleep(0.2)
                    admitted = answer(server, WHOLE)[:12]
                return refused, admitted

        refused, admitted = asyncio.run(holding())
        head, body = refused.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 429")
        assert json.loads(body) == {
            "code": "too-many-connections",
            "message": "3 connections from your address are open: close one first",
        }
        assert admitted == b"HTTP/1.1 200"
    finally:
        server.stop()


def test_the_proxies_trusted_with_x_forwarded_for_are_not_counted(tmp_path: Path) -> None:
    options = ["--connections-per-address", "2", "--forwarded-allow-ips", "127.0.0.1"]
    server = Server(tmp_path, options=options)
    try:
        held = [connect(server, HALF_HEADERS) for _ in range(4)]
        assert answer(server, WHOLE).startswith(b"HTTP/1.1 200")
        others = [connect(server, HALF_HEADERS, source="127.0.0.2") for _ in range(2)]
        assert b" 429 " in answer(server, WHOLE, source="127.0.0.2")
        for sock in held + others:
            sock.close()
    finally:
        server.stop()


def test_behind_a_proxy_each_clients_game_sockets_are_counted_by_its_own_address(
    tmp_path: Path,
) -> None:
    options = ["--connections-per-address", "2", "--forwarded-allow-ips", "127.0.0.1"]
    server = Server(tmp_path, options=options)
    try:
        made = server.post("/api/tables", {"seats": [{"human": "Ann"}, {"bot": "easy"}]})
        address = f"ws://127.0.0.1:{server.port}/ws/tables/{made['table']}"

        def through_proxy(client: str) -> Any:
            return ws_connect(address, additional_headers={"X-Forwarded-For": client})

        async def holding() -> tuple[InvalidStatus, str]:
            async with through_proxy(ANN) as first, through_proxy(ANN):
                await first.send(hello())
                await first.recv()
                with pytest.raises(InvalidStatus) as refused:
                    async with through_proxy(ANN):
                        pass
                async with through_proxy("203.0.113.8") as other:
                    await other.send(hello())
                    kind = json.loads(await other.recv())["type"]
            return refused.value, kind

        refused, kind = asyncio.run(holding())
        assert refused.response.status_code == 429
        assert json.loads(refused.response.body or b"")["code"] == "too-many-connections"
        assert kind in ("lobby", "snapshot")

        async def again() -> str:  # the sockets closed, their places are free
            async with through_proxy(ANN) as socket_:
                await socket_.send(hello())
                kind: str = json.loads(await socket_.recv())["type"]
                return kind

        assert asyncio.run(again()) in ("lobby", "snapshot")
    finally:
        server.stop()
