"""What the server's tests share: a real ``chickenfoot serve`` process on loopback, frames
checked against their schema, and an oracle of the tiles each viewer must not see, worked
out from the full record (not from the projection)."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import re
import resource
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient
from websockets.asyncio.client import connect

from chickenfoot.core.table import Table
from chickenfoot.core.wire import ActionEntry, RoundEntry
from chickenfoot.server import frames
from chickenfoot.server.app import Settings, create_app

CHICKENFOOT = Path(sys.executable).parent / "chickenfoot"


def post(server: Server, path: str, body: Any, lang: str = "en") -> tuple[int, dict[str, Any]]:
    """POST ``body`` as JSON to a server over loopback: the answer's status and its JSON."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        headers = {"Content-Type": "application/json", "Accept-Language": lang}
        connection.request("POST", path, body=json.dumps(body).encode(), headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def hello(token: str | None = None) -> str:
    """A socket's first frame: who the client is."""
    return json.dumps({"type": "hello", "token": token} if token else {"type": "hello"})


def invite_of(link: str) -> str:
    """The invite in an invite link (``.../table/ID#invite=SECRET``)."""
    return link.split("#invite=", 1)[1]


def seat_tokens(post: Callable[[str, Any], Any], made: dict[str, Any]) -> dict[int, str]:
    """The token of every person's seat of ``made`` (a new table), each invite claimed with
    ``post`` (path, JSON body: the answer's JSON)."""
    tokens = {}
    for seat in made["seats"]:
        if "token" in seat:
            tokens[seat["seat"]] = seat["token"]
        else:
            body = {"table": made["table"], "invite": invite_of(seat["invite"])}
            tokens[seat["seat"]] = post("/api/claim", body)["token"]
    return tokens


def client_tokens(client: TestClient, made: dict[str, Any]) -> dict[int, str]:
    """:func:`seat_tokens` through the app in process."""
    return seat_tokens(lambda path, body: client.post(path, json=body).json(), made)


@contextlib.contextmanager
def client_socket(
    client: TestClient, table: str, token: str | None = None, query: str = ""
) -> Iterator[Any]:
    """The app's game socket in process, its ``hello`` sent."""
    with client.websocket_connect(f"/ws/tables/{table}{query}") as ws:
        ws.send_text(hello(token))
        yield ws


def make_client(tmp_path: Path, **settings: Any) -> TestClient:
    """The server's app in process, on SQLite in ``tmp_path``, its bots without delay."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}"
    return TestClient(create_app(Settings(db_url=url, bot_delay=0, **settings)))


class Server:
    """``chickenfoot serve`` on 127.0.0.1 (on a free port unless ``port`` is given), bots
    acting at once, with ``options`` of its own (and at most ``open_files`` files and
    connections open, if given); its standard error goes to ``data/server.log``."""

    def __init__(
        self,
        data: Path,
        port: int = 0,
        options: Sequence[str] = (),
        open_files: int | None = None,
    ) -> None:
        self.log_path = data / "server.log"
        self.log = self.log_path.open("a")
        command = [str(CHICKENFOOT), "serve", "--port", str(port), "--data", str(data)]
        self.process = subprocess.Popen(
            [*command, "--bot-delay", "0", *options],
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            preexec_fn=None if open_files is None else (lambda: _open_at_most(open_files)),
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert "http://" in line, f"the server did not start: {line!r}"
        self.url = "http://" + line.split("http://", 1)[1].split("/", 1)[0]
        self.port = int(self.url.rsplit(":", 1)[1])

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=30) as response:
            return json.load(response)

    def text(self, path: str) -> str:
        with urllib.request.urlopen(self.url + path, timeout=30) as response:
            text: str = response.read().decode()
            return text

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.url + path,
            json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    @contextlib.asynccontextmanager
    async def socket(
        self, table: str, token: str | None = None, query: str = ""
    ) -> AsyncIterator[Any]:
        """A WebSocket client (``websockets``) on the table's game socket, its ``hello``
        sent (with ``token``, a seat's; none: a spectator)."""
        address = f"ws://{self.url.removeprefix('http://')}/ws/tables/{table}{query}"
        async with connect(address) as ws:
            await ws.send(hello(token))
            yield ws

    def tokens(self, made: dict[str, Any]) -> dict[int, str]:
        """The token of every person's seat of a new table: the creator's own, and one
        claimed with each invite (as each friend's browser does)."""
        return seat_tokens(lambda path, body: self.post(path, body), made)

    def wait_over(self, table: str, seconds: float = 30) -> dict[str, Any]:
        """The table's summary once its match is over."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            summary: dict[str, Any] = self.get(f"/api/tables/{table}")
            if summary["status"] == "over":
                return summary
            time.sleep(0.1)
        raise AssertionError(f"table {table} is not over after {seconds} s")

    def kill(self) -> None:
        """SIGKILL: the server has no moment to save or close anything."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self._close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._close()

    def _close(self) -> None:
        assert self.process.stdout is not None
        self.process.stdout.close()
        self.log.close()


def _open_at_most(files: int) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))


_TILE = re.compile(r'"([0-9]+-[0-9]+)"')
_FRAME = msgspec.json.Decoder(frames.ServerFrame)


def check_frame(data: str | bytes) -> dict[str, Any]:
    """A server frame as JSON, after checking it has the form docs/protocol.md gives."""
    frame: dict[str, Any] = json.loads(data)
    decoded = _FRAME.decode(data)
    if isinstance(decoded, frames.EventFrame):
        assert decoded.event.v == decoded.version
        assert decoded.legal == getattr(decoded.event, "legal", None)
    return frame


def hidden_tiles(record: dict[str, Any]) -> list[list[set[str]]]:
    """For each version (from 1; index 0 is empty) and each viewer (seats, then the spectator
    last), the tiles that viewer must not see then: every other hand and the boneyard,
    taken from the full record (the draws for the start are face up)."""
    table, hands = Table.with_hands(record)
    seats = len(record["players"])
    rounds = record["rounds"]
    out: list[list[set[str]]] = [[]]
    k, i = -1, 0
    drawn: set[str] = set()
    for entry in table.entries(0, None):
        if isinstance(entry, RoundEntry):
            k, i, drawn = k + 1, 0, set()
        elif isinstance(entry, ActionEntry):
            action = rounds[k]["actions"][i]
            i += 1
            if "draw" in action:
                drawn.add(action["draw"])
        face_up = {d["draw"] for d in rounds[k].get("start_draw", [])}
        boneyard = set(rounds[k]["boneyard"]) - drawn
        at = hands[entry.v]
        per_viewer = []
        for viewer in [*range(seats), None]:
            hidden = set(boneyard)
            for other in range(seats):
                if other != viewer:
                    hidden |= {str(t) for t in at[other]}
            per_viewer.append(hidden - face_up)
        out.append(per_viewer)
    return out


def leaked(frame: dict[str, Any], version: int, viewer: int | None, hidden: Any) -> set[str]:
    """The tiles of ``frame`` (seen at ``version``) that ``viewer`` must not see. The hands
    shown at a round's end are shown to everybody, the draws for the start face up, and
    which double a round is played on (``double``) is known before it is found."""
    if frame["type"] == "event" and frame["event"]["kind"] in ("round-end", "match-end"):
        return set()
    if frame["type"] in ("lobby", "error"):
        return set()
    shown = dict(frame)
    if "view" in shown:
        public = ("shown", "start_draw", "double")
        view = {k: v for k, v in shown["view"].items() if k not in public}
        shown["view"] = view
    if "event" in shown:
        public = ("start_draw", "double")
        shown["event"] = {k: v for k, v in shown["event"].items() if k not in public}
    tiles = set(_TILE.findall(json.dumps(shown)))
    return tiles & hidden[version][-1 if viewer is None else viewer]


async def next_frame(ws: Any, kind: str, seconds: float = 20) -> dict[str, Any]:
    """The socket's next frame of type ``kind`` (the others passed over)."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no {kind} frame in {seconds} s"
        frame = check_frame(await asyncio.wait_for(ws.recv(), left))
        if frame["type"] == kind:
            return frame


def frames_until_dealt(
    server: Server, table: str, token: str, wait: float = 10
) -> list[dict[str, Any]]:
    """What a seat's socket hears until the table is dealt (a snapshot), each frame within
    ``wait`` seconds of the one before."""

    async def listen() -> list[dict[str, Any]]:
        heard = []
        async with server.socket(table, token) as ws:
            while True:
                frame = check_frame(await asyncio.wait_for(ws.recv(), wait))
                heard.append(frame)
                if frame["type"] == "snapshot":
                    return heard

    return asyncio.run(listen())


def serving(
    tmp_path_factory: pytest.TempPathFactory, name: str = "serve", options: Sequence[str] = ()
) -> Iterator[Server]:
    """A module's server with ``options`` (``yield from`` it in a fixture), its data in a
    folder named after ``name``: stopped at the module's end."""
    running = Server(tmp_path_factory.mktemp(name), options=options)
    try:
        yield running
    finally:
        running.stop()
