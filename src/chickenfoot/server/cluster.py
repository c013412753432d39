"""Several server processes serving the same tables, on one machine or many: what they say to
each other through Redis (``chickenfoot serve --redis URL``).

- **Leases.** A table has one owner process at a time: the one holding the Redis key
  ``chickenfoot:lease:TABLE`` (its value is the process's name), which expires unless the
  owner renews it (every third of :data:`LEASE_SECONDS`). A process that takes a lease also
  takes a new fencing number from the database (:meth:`~chickenfoot.server.store.Store.take`),
  and writes every action with it: a process that has lost its lease without knowing it
  (paused, cut off from Redis) has its next write refused, so a table never has two writers.
  Redis keeps nothing on disk; fencing numbers live in the database, so a restarted Redis
  cannot hand out a number twice.
- **Fan-out.** The owner publishes each action it has committed on the table's channel
  (``chickenfoot:table:TABLE``); a process with viewers of a table it does not own follows
  it: it holds a copy of the table, takes the same actions (without deciding their legality
  again: the owner has) and tells its own viewers what each may see (the same projection as
  the owner's). An action never travels with hidden
  tiles: each process deals the table from its seed itself.
- **Forwarding.** A person's action reaching a follower goes to the owner on the owner's own
  channel (``chickenfoot:process:NAME``) and the owner's answer comes back on the follower's:
  accepted, or refused with the owner's code. Joining a seat and a person's presence go the
  same way.

Every message is a JSON object; see docs/scaling.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from chickenfoot.server import logs
from chickenfoot.server.errors import COORDINATION_UNAVAILABLE, ServerError

LEASE_SECONDS = 5.0
"""How long a table's lease lasts unless renewed: how soon another process takes a table
whose owner has died."""
FORWARD_SECONDS = 10.0
"""How long a forwarded request waits for the owner's answer: longer than the owner may take
to find its database down (a process that has died is known at once: nobody hears)."""
GIVE_UP_EVERY = 0.2
"""Seconds between two looks, while a request waits, at whether its sender still needs the
answer (:meth:`Cluster.request`)."""
REDIS_SECONDS = 3.0
"""How long one Redis command may take before Redis counts as down (a Redis that is not
there refuses at once; this is for one that hangs, and for a process too busy to read)."""
PREFIX = "chickenfoot:"

_RENEW = """
local held = redis.call('get', KEYS[1])
if held == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 1
end
if not held then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 2
end
return 0
"""
"""Renew a lease held (1), take it again if it has lapsed (2), or say it is another's (0)."""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""

RENEWED, RETAKEN, LOST = 1, 2, 0


class NoAnswer(Exception):
    """A process that listens did not answer a request in time."""


class Cluster:
    """This process's side of the coordination (see the module docstring). ``on_table``
    receives the messages of the tables followed, ``on_request`` the requests sent to this
    process (and returns the answer), ``on_down``/``on_up`` hear of Redis going and coming
    back."""

    def __init__(self, url: str, lease_seconds: float = LEASE_SECONDS) -> None:
        self.url = url
        self.lease_seconds = lease_seconds
        self.name = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.redis = aioredis.from_url(
            url,
            socket_timeout=REDIS_SECONDS,
            socket_connect_timeout=REDIS_SECONDS,
            decode_responses=False,
        )
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self.on_table: Callable[[str, dict[str, Any]], None] = lambda table, message: None
        self.on_request: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]] | None = None
        self.on_down: Callable[[], None] = lambda: None
        self.on_up: Callable[[], None] = lambda: None
        self.up = False
        self.operations = 0
        """Redis commands sent (a script or a publish counts one)."""
        self._followed: set[str] = set()
        self._confirmed: dict[bytes, asyncio.Event] = {}
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._pubsub: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._closing = False

    @property
    def own_channel(self) -> str:
        return f"{PREFIX}process:{self.name}"

    # -- running ------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on this process's channel (and every table followed), reconnecting
        whenever Redis comes back."""
        self._listener = asyncio.create_task(self._listen())

    async def close(self) -> None:
        self._closing = True
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self._drop_pubsub()
        await self.redis.aclose()

    async def ping(self) -> None:
        await asyncio.wait_for(self.redis.ping(), REDIS_SECONDS * 2)

    # -- leases ---------------------------------------------------------------------------

    async def acquire(self, table: str) -> bool:
        """Take the table's lease if nobody holds it; whether this process holds it now."""
        self.operations += 1
        key = _lease(table)
        millis = int(self.lease_seconds * 1000)
        if await self.redis.set(key, self.name, nx=True, px=millis):
            return True
        held = await self.redis.get(key)
        return held is not None and _text(held) == self.name

    async def renew(self, tables: list[str]) -> dict[str, int]:
        """Renew the leases of ``tables``: each one :data:`RENEWED`, :data:`RETAKEN` (it
        had lapsed and nobody else took it) or :data:`LOST`."""
        if not tables:
            return {}
        millis = int(self.lease_seconds * 1000)
        async with self.redis.pipeline(transaction=False) as pipe:
            for table in tables:
                await self._renew(keys=[_lease(table)], args=[self.name, millis], client=pipe)
            results = await pipe.execute()
        self.operations += len(tables)
        return {table: int(result) for table, result in zip(tables, results, strict=True)}

    async def release(self, table: str) -> None:
        self.operations += 1
        await self._release(keys=[_lease(table)], args=[self.name])

    async def owner(self, table: str) -> str | None:
        """The process holding the table's lease (None: nobody)."""
        self.operations += 1
        held = await self.redis.get(_lease(table))
        return None if held is None else _text(held)

    async def unleased(self, tables: list[str]) -> list[str]:
        """Those of ``tables`` whose lease nobody holds."""
        out: list[str] = []
        for start in range(0, len(tables), 500):
            chunk = tables[start : start + 500]
            self.operations += 1
            held = await self.redis.mget([_lease(t) for t in chunk])
            out.extend(t for t, h in zip(chunk, held, strict=True) if h is None)
        return out

    # -- channels -------------------------------------------------------------------------

    async def publish(self, table: str, message: dict[str, Any]) -> None:
        """Tell the followers of ``table``."""
        self.operations += 1
        await self.redis.publish(_table_channel(table), msgspec.json.encode(message))

    async def follow(self, table: str) -> None:
        """Receive the table's messages from now on (returns once Redis has the
        subscription: nothing published after this returns is missed)."""
        self._followed.add(table)
        await self._subscribe(_table_channel(table))

    async def unfollow(self, table: str) -> None:
        self._followed.discard(table)
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                self.operations += 1
                await self._pubsub.unsubscribe(_table_channel(table))

    def forget(self, table: str) -> None:
        """Stop following ``table`` without telling Redis (which cannot be reached)."""
        self._followed.discard(table)

    async def request(
        self, process: str, message: dict[str, Any], give_up: Callable[[], bool] | None = None
    ) -> dict[str, Any] | None:
        """Send ``message`` to ``process`` and wait for its answer; None if no process of
        that name listens. The request carries its deadline (``until``, seconds since the
        epoch), past which the process does not take it; :class:`NoAnswer` if no answer
        has come a second after it (then nothing was done), or as soon as ``give_up()`` is
        true (looked at every :data:`GIVE_UP_EVERY` seconds)."""
        ident = secrets.token_hex(8)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = answer
        body = {**message, "id": ident, "reply": self.name, "until": time.time() + FORWARD_SECONDS}
        deadline = time.monotonic() + FORWARD_SECONDS + 1
        try:
            self.operations += 1
            heard = await self.redis.publish(_process_channel(process), msgspec.json.encode(body))
            if not heard:
                return None
            while (left := deadline - time.monotonic()) > 0:
                if give_up is not None and give_up():
                    break
                step = left if give_up is None else min(left, GIVE_UP_EVERY)
                await asyncio.wait([answer], timeout=step)
                if answer.done():
                    return answer.result()
            raise NoAnswer(process)
        finally:
            self._waiting.pop(ident, None)

    async def tell(self, process: str, message: dict[str, Any]) -> None:
        """Send ``message`` to ``process``, expecting no answer."""
        self.operations += 1
        await self.redis.publish(_process_channel(process), msgspec.json.encode(message))

    # -- listening ------------------------------------------------------------------------

    async def _listen(self) -> None:
        while not self._closing:
            try:
                await self._connect()
                while True:
                    message = await self._pubsub.get_message(timeout=1.0)
                    if message is not None:
                        self._dispatch(message)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                await self._drop_pubsub()
                if self.up:
                    self.up = False
                    logs.event(logging.WARNING, "redis-down", reason=str(exc)[:200])
                    self.on_down()
                await asyncio.sleep(0.5)

    async def _connect(self) -> None:
        self._pubsub = self.redis.pubsub()
        self._confirmed.clear()
        await self._subscribe(self.own_channel)
        if not self.up:
            self.up = True
            logs.event(logging.INFO, "redis-up", process=self.name)
            self.on_up()

    async def _subscribe(self, channel: str) -> None:
        if self._pubsub is None:
            raise ConnectionError("not connected to Redis")
        key = channel.encode()
        event = self._confirmed.setdefault(key, asyncio.Event())
        self.operations += 1
        await self._pubsub.subscribe(channel)
        if self._listener is None or asyncio.current_task() is self._listener:
            # the listener itself reads the confirmation
            while not event.is_set():
                message = await self._pubsub.get_message(timeout=REDIS_SECONDS)
                if message is None:
                    raise ConnectionError("Redis did not confirm a subscription")
                self._dispatch(message)
            return
        try:
            await asyncio.wait_for(event.wait(), REDIS_SECONDS * 2)
        except TimeoutError:
            raise ConnectionError("Redis did not confirm a subscription") from None

    async def _drop_pubsub(self) -> None:
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(Exception):
                await pubsub.aclose()
        for answer in self._waiting.values():
            if not answer.done():
                answer.set_exception(ConnectionError("Redis went away"))

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        channel: bytes = message.get("channel") or b""
        if kind == "subscribe":
            self._confirmed.setdefault(channel, asyncio.Event()).set()
            return
        if kind != "message":
            return
        try:
            body = msgspec.json.decode(message["data"])
        except msgspec.DecodeError:
            return
        if not isinstance(body, dict):
            return
        text = channel.decode()
        if text == self.own_channel:
            if "answer" in body:
                waiting = self._waiting.get(str(body.get("id")))
                if waiting is not None and not waiting.done():
                    waiting.set_result(body["answer"])
            elif self.on_request is not None:
                task = asyncio.create_task(self._answer(body))
                task.add_done_callback(_quiet)
        elif text.startswith(f"{PREFIX}table:"):
            self.on_table(text.removeprefix(f"{PREFIX}table:"), body)

    async def _answer(self, body: dict[str, Any]) -> None:
        assert self.on_request is not None
        answer = await self.on_request(body)
        if "reply" in body and "id" in body:
            with contextlib.suppress(RedisError, OSError):
                self.operations += 1
                await self.redis.publish(
                    _process_channel(str(body["reply"])),
                    msgspec.json.encode({"id": body["id"], "answer": answer}),
                )

    def followed(self) -> set[str]:
        return set(self._followed)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _lease(table: str) -> str:
    return f"{PREFIX}lease:{table}"


def _table_channel(table: str) -> str:
    return f"{PREFIX}table:{table}"


def _process_channel(process: str) -> str:
    return f"{PREFIX}process:{process}"


def _quiet(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        logs.event(logging.ERROR, "request-failed", error=True, reason=str(task.exception()))


@contextlib.contextmanager
def coordinating(table: str | None = None) -> Iterator[None]:
    """Say Redis out of reach as ``coordination-unavailable`` (503, logged as a warning)."""
    try:
        yield
    except (RedisError, OSError, TimeoutError) as exc:
        fields: dict[str, Any] = {"table": table} if table is not None else {}
        logs.event(logging.WARNING, COORDINATION_UNAVAILABLE, reason=str(exc)[:200], **fields)
        raise ServerError(COORDINATION_UNAVAILABLE, status=503) from None
