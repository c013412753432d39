"""Starting the server: check that it can listen and reach its database, then run uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import logging
import resource
import socket
from collections.abc import Callable

import sqlalchemy as sa
import uvicorn

from chickenfoot.i18n import _
from chickenfoot.server import logs
from chickenfoot.server.app import FRAME_LIMIT, Settings, create_app
from chickenfoot.server.connections import Limits, protocols
from chickenfoot.server.store import Store, database_url

__all__ = ["ServeError", "Settings", "database_url", "serve"]

BACKLOG = 256
"""Connections waiting to be accepted, and accepted at a time before any of them is served
or refused: each holds an open file meanwhile, so a burst of them cannot use them all."""


class ServeError(ValueError):
    """The server cannot start; the text says why, on one line."""


def serve(
    host: str,
    port: int,
    settings: Settings,
    db: str | None,
    say: Callable[[str], None],
    log_format: str = "text",
) -> None:
    """Serve until stopped; ``db`` is the database as the user named it (None: the default);
    the log goes to standard error as ``log_format`` (:mod:`~chickenfoot.server.logs`)."""
    _check_database(settings.db_url, db)
    if settings.redis_url is not None:
        _check_redis(settings.redis_url)
    listener = _listen(host, port)
    logs.configure(log_format)
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    port = listener.getsockname()[1]
    listening = f"http://{shown}:{port}"
    say(
        _("chickenfoot is served at http://{host}:{port}/ (Ctrl-C stops it)").format(
            host=shown, port=port
        )
    )
    if settings.public_url is not None:
        say(_("links to it say {url}").format(url=settings.public_url.rstrip("/")))
    logs.event(logging.INFO, "serving", address=f"{shown}:{port}")
    app = create_app(dataclasses.replace(settings, listening=listening))
    _open_files_as_allowed()
    http, ws = protocols(Limits(settings.connections_per_address, settings.forwarded_allow_ips))
    config = uvicorn.Config(
        app,
        http=http,
        ws=ws,
        timeout_keep_alive=5,
        backlog=BACKLOG,
        log_config=None,  # uvicorn's warnings go to the server's log, in its format
        log_level="warning",
        ws_max_size=4 * FRAME_LIMIT,
        ws_per_message_deflate=False,  # frames are small: compressing them costs more than it saves
        ws_ping_interval=20,
        ws_ping_timeout=20,
        lifespan="on",
        server_header=False,
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
    )
    server = uvicorn.Server(config)
    asyncio.run(server.serve(sockets=[listener]))


def _open_files_as_allowed() -> None:
    """As many open files (connections) as the system lets this process have."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):  # a system that caps it below "unlimited"
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound now so that a port in use is said plainly."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            reason = _("the port is in use (is chickenfoot serve running already? try --port)")
        else:
            reason = exc.strerror or str(exc)
        text = _("cannot listen on {host}:{port}: {reason}")
        raise ServeError(text.format(host=host, port=port, reason=reason)) from None
    sock.listen(BACKLOG)
    sock.set_inheritable(True)
    return sock


def _check_redis(url: str) -> None:
    """Reach Redis, or say why not."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    except ValueError as exc:
        text = _("--redis {url}: not a Redis URL (redis://HOST:PORT/DB): {reason}")
        raise ServeError(text.format(url=url, reason=exc)) from None
    try:
        client.ping()
    except redis.RedisError as exc:
        reason = " ".join(str(exc).split())[:300]
        text = _("cannot reach Redis at {url}: {reason}")
        raise ServeError(text.format(url=url, reason=reason)) from None
    finally:
        client.close()


def _check_database(url: str, db: str | None) -> None:
    """Open the database and bring its schema up to date, or say why not."""
    try:
        backend = sa.engine.make_url(url).get_backend_name()
    except sa.exc.ArgumentError:
        backend = None
    if backend not in ("sqlite", "postgresql"):
        text = _(
            "--db {db}: the tables are kept in SQLite (sqlite:///FILE) or PostgreSQL "
            "(postgresql://USER@HOST/DATABASE)"
        )
        raise ServeError(text.format(db=db))

    async def check() -> None:
        store = Store(url)
        try:
            await store.open()
        finally:
            await store.close()

    try:
        asyncio.run(check())
    except Exception as exc:
        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())[:300]
        raise ServeError(
            _("cannot use the database {db}: {reason}").format(db=db or url, reason=reason)
        ) from None
