"""What keeps other sites and malformed input out: the headers every response carries,
requests and sockets from another site refused, bodies read only as bounded JSON.

A page of another site can make a visitor's browser send requests here (a form's ``POST``,
a ``WebSocket``); the browser then names that site in ``Origin``. A request whose ``Origin``
is not this server's, or a body that is not declared as JSON (which a form cannot send
without the browser asking first), is refused with a code before anything is read. Clients
that are not browsers (bots, scripts) send no ``Origin`` and are not concerned.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import msgspec

from chickenfoot.server.errors import ServerError

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; "
        b"form-action 'self'; "
        b"object-src 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
"""Sent with every HTTP response: scripts, styles and connections from this server only, no
page of it in another site's frame, no type guessed from content, no address given away."""


class Headers:
    """ASGI middleware adding :data:`HEADERS` to every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *HEADERS]}
            await send(message)

        await self.app(scope, receive, sending)


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, as a browser says it in ``Origin``."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def check_origin(headers: Mapping[str, str], public_url: str | None) -> None:
    """Refuse (``cross-origin``, 403) a request or socket that a page of another site made:
    its ``Origin`` is not ``public_url``'s, or (no public URL set) names another host than
    the one the request was sent to."""
    origin = headers.get("origin")
    if origin is None:
        return
    if public_url is not None:
        same = origin.lower() == origin_of(public_url)
    else:
        same = urlsplit(origin).netloc.lower() == headers.get("host", "").lower()
    if not same:
        raise ServerError("cross-origin", status=403, origin=origin[:100])


def check_json(headers: Mapping[str, str]) -> None:
    """Refuse (``not-json``, 415) a body not declared as ``application/json``."""
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ServerError("not-json", status=415, kind=kind[:100] or "none")


def decode(data: str | bytes, code: str = "bad-request", kind: Any = Any) -> Any:
    """``data`` decoded as JSON (of ``kind``), or ``code`` refused with why: malformed,
    not of the kind, or nested deeper than any message of the protocol could be."""
    try:
        return msgspec.json.decode(data, type=kind)
    except msgspec.DecodeError as exc:
        raise ServerError(code, reason=str(exc)) from None
    except RecursionError:
        raise ServerError(code, reason="nested too deeply") from None
