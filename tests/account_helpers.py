"""What the tests of accounts share: a client that keeps its session cookie as a browser
does, and sockets that play a match out."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
from collections.abc import AsyncIterator
from typing import Any

from websockets.asyncio.client import connect

from tests.server_helpers import Server, check_frame, hello, invite_of

PASSWORD = "correct horse battery"


class Visitor:
    """A client of the server that keeps its session cookie, as a browser does."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.cookie: str | None = None
        self.set_cookie: str | None = None

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, Any]]:
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.cookie is not None:
            sent["Cookie"] = self.cookie
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        try:
            data = json.dumps(body).encode() if body is not None else None
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            answer = json.loads(response.read())
            cookie = response.getheader("Set-Cookie")
        finally:
            connection.close()
        if cookie is not None:
            self.set_cookie = cookie
            pair = cookie.split(";", 1)[0]
            self.cookie = None if pair.endswith('=""') or pair.endswith("=") else pair
        return response.status, answer

    def sign_up(self, name: str, password: str = PASSWORD) -> tuple[int, dict[str, Any]]:
        return self.request("POST", "/api/signup", {"name": name, "password": password})

    def sign_in(self, name: str, password: str = PASSWORD) -> tuple[int, dict[str, Any]]:
        return self.request("POST", "/api/signin", {"name": name, "password": password})

    def me(self) -> str | None:
        status, answer = self.request("GET", "/api/me")
        assert status == 200
        name: str | None = answer["name"]
        return name

    @contextlib.asynccontextmanager
    async def socket(self, table: str, token: str | None = None) -> AsyncIterator[Any]:
        """The table's game socket with this visitor's cookie, its ``hello`` sent (with
        ``token``, a seat's, if given)."""
        headers = {"Cookie": self.cookie} if self.cookie else {}
        address = f"ws://127.0.0.1:{self.server.port}/ws/tables/{table}"
        async with connect(address, additional_headers=headers) as ws:
            await ws.send(hello(token))
            yield ws

    def claim(self, made: dict[str, Any], seat: int) -> str:
        """Open the invite of ``seat`` of ``made`` (a new table) as this visitor: its token."""
        invite = next(s["invite"] for s in made["seats"] if s["seat"] == seat)
        body = {"table": made["table"], "invite": invite_of(invite)}
        status, answer = self.request("POST", "/api/claim", body)
        assert status == 200, answer
        token: str = answer["token"]
        return token


def signed_up(server: Server, name: str) -> Visitor:
    visitor = Visitor(server)
    status, answer = visitor.sign_up(name)
    assert status == 201, answer
    return visitor


async def first_frame(ws: Any) -> dict[str, Any]:
    return check_frame(await asyncio.wait_for(ws.recv(), 30))


async def play_out(ws: Any) -> list[dict[str, Any]]:
    """Take the first legal action whenever it is this socket's turn, until the match ends;
    every frame received."""
    seen = []
    while True:
        frame = check_frame(await asyncio.wait_for(ws.recv(), 60))
        seen.append(frame)
        if frame["type"] == "event" and frame["event"]["kind"] == "match-end":
            return seen
        if frame.get("legal"):
            action = frame["legal"][0]
            await ws.send(json.dumps({"type": "act", "action": action, "expect": frame["version"]}))
