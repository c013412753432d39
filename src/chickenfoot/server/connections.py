"""What keeps a few clients from holding the server's connections: every connection from one
address counted (HTTP and game sockets alike) and refused past a limit, and a request that
does not arrive whole within :data:`REQUEST_SECONDS` closed.

uvicorn times out a connection left idle after a response (``timeout_keep_alive``) but not
one that sends nothing, or half a request, and it counts no address: its HTTP and socket
protocols are extended here with both. A connection past the limit is answered ``429``
(``too-many-connections``) and closed before anything of it is read. Connections from the
proxies trusted with ``X-Forwarded-For`` are not counted there: all their clients come
through them. Their game sockets are counted all the same, by the address the proxy names
(:class:`Sockets`, the app's middleware), as each is a connection of its own to the end.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from typing import Any

import h11
import msgspec
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from chickenfoot.core.messages import ENGLISH

REQUEST_SECONDS = 10.0
"""How long a request may take to arrive whole (its headers and its body), from the moment
its connection opens or the answer before it is sent."""

CONNECTIONS_PER_ADDRESS = 100
"""The default of ``serve --connections-per-address``: a household or a classroom behind one
address, each browser with its half-dozen connections and a socket per table."""


class Limits:
    """The open connections of each address, shared by every connection of the server."""

    def __init__(self, per_address: int, trusted: str = "") -> None:
        self.per_address = per_address
        self.trusted = [
            ipaddress.ip_network(part, strict=False) for part in trusted.split(",") if part
        ]
        self.open: Counter[str] = Counter()
        self._holders: dict[asyncio.BaseTransport, str] = {}

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection, or refuse it (False) when its address has too many."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else "unknown"
        if self._is_trusted(address):
            return True
        if self.open[address] >= self.per_address:
            return False
        self.open[address] += 1
        self._holders[transport] = address
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """The connection is closed (counted once, whichever protocol saw it close)."""
        address = self._holders.pop(transport, None)
        if address is not None:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]

    def _is_trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)


def refusal_body(limit: int) -> bytes:
    """Why a connection past the limit is refused: in English, as its request is not read."""
    text = ENGLISH["too-many-connections"].format(limit=limit)
    return msgspec.json.encode({"code": "too-many-connections", "message": text})


def refusal(limit: int) -> bytes:
    """The whole answer to a connection past the limit."""
    body = refusal_body(limit)
    head = (
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


class Sockets:
    """ASGI middleware: at most ``per_address`` game sockets open from one client address
    (behind a trusted proxy, the one it names); one more is answered ``429`` instead of
    opening."""

    def __init__(self, app: Any, per_address: int) -> None:
        self.app = app
        self.per_address = per_address
        self.open: Counter[str] = Counter()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        if self.open[address] >= self.per_address:
            body = refusal_body(self.per_address)
            headers = [(b"content-type", b"application/json")]
            await send({"type": "websocket.http.response.start", "status": 429, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
            return
        self.open[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]


def protocols(limits: Limits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP and WebSocket protocol classes, counting and timing as the module
    says, for ``uvicorn.Config(http=..., ws=...)``."""
    assert AutoWebSocketsProtocol is not None, "uvicorn serves sockets with the websockets package"

    class Socket(AutoWebSocketsProtocol):  # type: ignore[misc, valid-type]
        def connection_lost(self, exc: Exception | None) -> None:
            limits.release(self.transport)
            super().connection_lost(exc)

    class Http(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.admitted = False
            self.deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            if not limits.admit(transport):
                transport.write(refusal(limits.per_address))
                transport.close()
                return
            self.admitted = True
            super().connection_made(transport)
            self._time()

        def connection_lost(self, exc: Exception | None) -> None:
            if not self.admitted:
                return
            limits.release(self.transport)
            self._untime()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._untime_if_whole()

        def on_response_complete(self) -> None:
            self._time()
            super().on_response_complete()
            self._untime_if_whole()

        def _time(self) -> None:
            self._untime()
            if not self.transport.is_closing():
                self.deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

        def _untime(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _untime_if_whole(self) -> None:
            """The request has arrived whole, or the connection is a socket now."""
            upgraded = self.transport.get_protocol() is not self
            if upgraded or self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED):
                self._untime()

        def _too_slow(self) -> None:
            self.deadline = None
            self.transport.close()

    return Http, Socket
