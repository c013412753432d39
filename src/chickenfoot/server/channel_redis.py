"""The table channel of one of several server processes serving the same tables
(``chickenfoot serve --redis``; :mod:`~chickenfoot.server.cluster` says what travels
through Redis, :mod:`~chickenfoot.server.channel` what a channel does for the hub).

A table is held by every process that has viewers of it, and owned by one: the owner takes
the actions, commits them under its fencing number, runs the bots and publishes each action;
the others follow (take the published actions on their copy, dealt from the seed, without
deciding their legality again, and tell their own viewers what each may see) and forward
their people's actions, joins and presence to the owner. A process that finds a table's
lease lapsed takes it and goes on from the store; one that learns it has lost a table (its
lease taken, or a write refused as stale) follows it from then on. A loop of each process
renews its leases, forgets presence not said again, and adopts the tables in play that
nobody owns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from typing import Any

import msgspec

from chickenfoot.core.messages import CodedError, Message
from chickenfoot.core.wire import action_from_json
from chickenfoot.i18n import error_in, translation
from chickenfoot.server import frames, logs
from chickenfoot.server.channel import Behind, Live, Tables
from chickenfoot.server.cluster import LOST, RETAKEN, Cluster, NoAnswer, coordinating
from chickenfoot.server.errors import (
    COORDINATION_UNAVAILABLE,
    TABLE_UNREACHABLE,
    ServerError,
    reaching_storage,
)
from chickenfoot.server.store import ChatLine, TableRow, reason_of

FORWARD_WAIT = 0.2
"""Seconds between two tries to reach a table's owner."""
SWEEP_LIMIT = 50
"""Tables one process adopts at most per sweep (the others take the rest)."""
NOT_OWNER = "not-owner"
"""A forwarded request's answer from a process that does not own the table (any more)."""
HOLD_FORWARDED = 5.0
"""Seconds at most a forwarded action waits for the next round to begin (its sender waits
for the answer a while only)."""


class RedisChannel:
    """A hub's :class:`~chickenfoot.server.channel.TableChannel` as one of several processes,
    through ``cluster`` (see the module docstring)."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.inboxes: dict[str, asyncio.Queue[dict[str, Any]]] = {}
        self.unpublished = False
        self._tending: asyncio.Task[None] | None = None
        self._tables: Tables | None = None

    @property
    def tables(self) -> Tables:
        assert self._tables is not None, "started"
        return self._tables

    async def start(self, tables: Tables) -> None:
        """Listen to Redis and tend the leases; the tables are opened, or adopted, as they
        are asked for."""
        self._tables = tables
        self.cluster.on_table = self.heard
        self.cluster.on_request = self.requested
        self.cluster.on_down = self.redis_down
        await self.cluster.start()
        self._tending = asyncio.create_task(self.tend())

    async def stop(self, owned: list[str]) -> None:
        """Stop tending, let the ``owned`` tables go (the others need not wait for their
        leases to lapse) and leave Redis."""
        for live in self.tables.live.values():
            if live.following is not None:
                live.following.cancel()
        if self._tending is not None:
            self._tending.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._tending
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.release_all(owned), 2.0)
        await self.cluster.close()

    async def claim(self, table_id: str) -> int | None:
        """Take the lease of a table just made: its first fencing number."""
        with coordinating(table_id):
            if not await self.cluster.acquire(table_id):
                raise ServerError(COORDINATION_UNAVAILABLE, status=503)
        self.tables.metrics.lease_changes.labels(change="taken").inc()
        return 1

    async def open(self, row: TableRow) -> Live:
        """A table in play asked for here: owned if its lease is free, else followed."""
        live = Live.of(row)
        with coordinating(row.id):
            taken = await self.cluster.acquire(row.id)
        if taken:
            await self.take(live)
        else:
            await self.follow(live)
        return live

    def forget(self, live: Live) -> None:
        """``live`` is let go from memory: its lease too if this process owns it, else its
        channel."""
        if live.following is not None and live.following is not asyncio.current_task():
            live.following.cancel()
        live.following = None
        self.inboxes.pop(live.id, None)
        if live.owned and live.fence is not None:
            task = asyncio.create_task(self.release_all([live.id]))
        else:
            task = asyncio.create_task(self.cluster.unfollow(live.id))
        task.add_done_callback(_observed)

    async def take(self, live: Live) -> None:
        """Own ``live``, whose lease this process has just taken: a new fencing number, and
        the table as the store has it (the caller holds its lock if others can see it)."""
        try:
            with reaching_storage(live.id):
                fence = await self.tables.store.take(live.id)
                row = await self.tables.store.table(live.id)
                stored = await self.tables.store.actions_of(live.id)
                live.stand_ins |= await self.tables.store.stand_ins(live.id)
        except Exception:
            with contextlib.suppress(Exception):
                await self.cluster.release(live.id)
            raise
        assert row is not None
        if live.following is not None and live.following is not asyncio.current_task():
            live.following.cancel()
        live.following = None
        self.inboxes.pop(live.id, None)
        with contextlib.suppress(Exception):
            await self.cluster.unfollow(live.id)
        live.owned, live.fence, live.row = True, fence, row
        self.tables.catch_up(live, stored)
        live.remote.clear()
        live.remote_sockets.clear()
        now = time.monotonic()
        for seat in live.persons():
            if not live.here(seat):
                live.gone_since[seat] = now
        self.tables.metrics.lease_changes.labels(change="taken").inc()
        logs.event(logging.INFO, "table-taken", table=live.id, fence=fence, actions=live.actions)
        await self.publish(live, {"kind": "owner", "owner": self.cluster.name})
        self.tables.schedule(live)
        self.tables.presence_changed(live)

    async def follow(self, live: Live) -> None:
        """Follow ``live``, which another process owns: its messages from now on, then the
        table as the store has it (nothing published meanwhile is missed: the messages wait
        in the table's inbox)."""
        live.owned, live.fence = False, None
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.inboxes[live.id] = inbox
        try:
            with coordinating(live.id):
                await self.cluster.follow(live.id)
            with reaching_storage(live.id):
                row = await self.tables.store.table(live.id)
                stored = await self.tables.store.actions_of(live.id) if row is not None else []
                live.stand_ins |= await self.tables.store.stand_ins(live.id)
        except Exception:
            self.inboxes.pop(live.id, None)
            self.cluster.forget(live.id)
            raise
        if row is not None:
            live.row = row
        self.tables.catch_up(live, stored)
        live.following = asyncio.create_task(self._follow_inbox(live, inbox))

    async def lost(self, live: Live) -> None:
        """This process no longer owns ``live`` (the caller holds its lock): its viewers are
        served by following the table; a table nobody watches here is let go."""
        if not live.owned:
            return
        live.owned, live.fence = False, None
        for timer in (live.wake, live.retry):
            if timer is not None:
                timer.cancel()
        live.wake = live.retry = None
        self.tables.metrics.lease_changes.labels(change="lost").inc()
        logs.event(logging.WARNING, "lease-lost", table=live.id)
        if not live.connections:
            self.tables.drop(live)
            return
        try:
            await self.follow(live)
        except ServerError:
            self.close_all(live, COORDINATION_UNAVAILABLE)

    def close_all(self, live: Live, code: str) -> None:
        """Tell every viewer of ``live`` why, close their sockets (they reconnect), and let
        the table go."""
        for connection in list(live.connections):
            text = error_in(ServerError(code), translation(connection.lang))
            connection.send(frames.error(code, text))
            connection.send(None)
        live.connections.clear()
        live.owned = False
        self.tables.drop(live)

    async def _follow_inbox(self, live: Live, inbox: asyncio.Queue[dict[str, Any]]) -> None:
        """Apply what the owner of ``live`` publishes, in order."""
        while True:
            message = await inbox.get()
            async with live.lock:
                if live.owned:
                    return
                if message.get("kind") == "seats":
                    if isinstance(message.get("frame"), str):
                        self.tables.relay_seats(live, message["frame"].encode())
                    continue
                if message.get("kind") in ("chat", "pace", "rematch"):
                    self._heard_told(live, message)
                    continue
                try:
                    if message.get("kind") == "revoked":
                        self._heard_revoked(live, message.get("seat"))
                    elif message.get("kind") == "elsewhere":
                        self._heard_elsewhere(live, message.get("seat"), message.get("sockets"))
                    else:
                        self._heard_one(live, message)
                except Behind:
                    await self._resync(live)
                if message.get("kind") == "owner":
                    live.owner = str(message.get("owner"))
                    for seat in live.persons():
                        if live.here(seat):
                            self.say_present(live, seat, True, live.held(seat))

    def _heard_told(self, live: Live, message: dict[str, Any]) -> None:
        """What the owner tells the viewers of ``live`` beside its actions: a chat line, the
        bots' pace, where a rematch stands (a message not understood is let be)."""
        kind = message.get("kind")
        if kind == "pace" and isinstance(message.get("pace"), str):
            self.tables.heard_pace(live, message["pace"])
        elif kind == "chat":
            try:
                line = msgspec.convert(message.get("line"), ChatLine)
            except msgspec.ValidationError:
                return
            self.tables.heard_chat(live, line)
        elif kind == "rematch":
            try:
                told = msgspec.convert(message, _RematchTold, strict=False)
            except msgspec.ValidationError:
                return
            self.tables.heard_rematch(live, told.accepted, told.table, told.tokens)

    def _heard_revoked(self, live: Live, seat: Any) -> None:
        if isinstance(seat, int) and 0 <= seat < len(live.seats):
            self.tables.revoked(live, seat)

    def _heard_elsewhere(self, live: Live, seat: Any, sockets: Any) -> None:
        if isinstance(seat, int) and 0 <= seat < len(live.seats) and isinstance(sockets, int):
            self.tables.tell_elsewhere(live, seat, sockets)

    def _heard_one(self, live: Live, message: dict[str, Any]) -> None:
        n = message.get("n")
        if message.get("kind") != "act" or not isinstance(n, int):
            raise Behind
        try:
            seat = int(message["seat"])
        except (KeyError, TypeError, ValueError):
            raise Behind from None
        stand_in = message.get("stand_in") is True
        self.tables.apply_published(live, n, seat, message.get("action"), stand_in)

    async def _resync(self, live: Live) -> None:
        """Read ``live`` from the store again (a message missed, or one that says the table
        has changed beyond its actions); a store out of reach: the next message tries again."""
        try:
            with reaching_storage(live.id):
                row = await self.tables.store.table(live.id)
                stored = await self.tables.store.actions_of(live.id)
                live.stand_ins |= await self.tables.store.stand_ins(live.id)
        except ServerError:
            return
        if row is not None:
            live.row = row
            self.tables.catch_up(live, stored)

    def heard(self, table: str, message: dict[str, Any]) -> None:
        inbox = self.inboxes.get(table)
        if inbox is not None:
            inbox.put_nowait(message)

    async def forward(self, live: Live, message: dict[str, Any]) -> bool:
        """Send a person's ``message`` for ``live`` to its owner: True once the owner has
        taken it, False if this process has taken the table meanwhile (its owner gone: the
        caller does it here); refused as the owner refuses it."""
        deadline = time.monotonic() + self.cluster.lease_seconds + 1  # a lease lapses by then
        while True:
            owner = live.owner
            if owner is None:
                with coordinating(live.id):
                    owner = await self.cluster.owner(live.id)
            live.owner = None  # asked again next time unless this one answers
            if owner is None or owner == self.cluster.name:
                if await self.take_over(live):
                    return False
            else:
                try:
                    with coordinating(live.id):
                        answer = await self.cluster.request(
                            owner, {**message, "table": live.id}, give_up=lambda: live.owned
                        )
                except NoAnswer:
                    if live.owned:  # taken here meanwhile (the owner's lease lapsed): its
                        return False  # writes are refused from now on, so the caller does it
                    logs.event(logging.WARNING, TABLE_UNREACHABLE, table=live.id, owner=owner)
                    raise ServerError(TABLE_UNREACHABLE, status=503) from None
                self.tables.metrics.forwarded.inc()
                if answer is not None and answer.get("code") != NOT_OWNER:
                    live.owner = owner
                if answer is not None and answer.get("ok"):
                    return True
                if answer is not None and answer.get("code") != NOT_OWNER:
                    raise _refusal(answer)
            if time.monotonic() > deadline:
                raise ServerError(TABLE_UNREACHABLE, status=503)
            await asyncio.sleep(FORWARD_WAIT)

    async def take_over(self, live: Live) -> bool:
        """Take ``live``'s lease if it has lapsed, and own the table: whether it is owned here
        now."""
        async with live.lock:
            if live.owned:
                return True
            with coordinating(live.id):
                if not await self.cluster.acquire(live.id):
                    return False
            await self.take(live)
            return True

    async def requested(self, body: dict[str, Any]) -> dict[str, Any]:
        """Another process's request for a table this process owns: its answer."""
        until = body.get("until")
        if isinstance(until, int | float) and time.time() > until:
            return {"code": TABLE_UNREACHABLE}  # its sender has given up: not taken
        live = self.tables.live.get(str(body.get("table")))
        if live is None or not live.owned:
            return {"code": NOT_OWNER}
        seat = body.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(live.seats):
            return {"code": "bad-frame", "params": {"reason": "no such seat"}, "status": 400}
        try:
            if body.get("op") == "act":
                action = action_from_json(body.get("action"))
                expect = body.get("expect")
                await self.tables.act(
                    live,
                    seat,
                    action,
                    expect if isinstance(expect, int) else None,
                    hold=HOLD_FORWARDED,
                )
            elif body.get("op") == "ready":
                ended = body.get("round")
                if not isinstance(ended, int):
                    return {"code": "bad-frame", "params": {"reason": "no round"}, "status": 400}
                await self.tables.ready(live, seat, ended)
            elif body.get("op") == "pace":
                key = body.get("key")
                key = key if isinstance(key, str) else None
                await self.tables.set_pace(live, seat, str(body.get("pace")), key)
            elif body.get("op") == "say":
                phrase, text = body.get("phrase"), body.get("text")
                phrase = phrase if isinstance(phrase, str) else None
                text = text if isinstance(text, str) else None
                await self.tables.say(live, seat, phrase, text)
            elif body.get("op") == "rematch":
                await self.tables.rematch(live, seat)
            elif body.get("op") == "join":
                account_id = body.get("account")
                account = None
                if isinstance(account_id, int):
                    with reaching_storage(live.id):
                        account = await self.tables.store.account_by_id(account_id)
                await self.tables.join(live, seat, account)
            elif body.get("op") == "presence":
                here = bool(body.get("here"))
                sockets = body.get("sockets")
                if not isinstance(sockets, int) or not 0 <= sockets <= 1_000_000:
                    sockets = 1 if here else 0
                self._heard_present(live, seat, str(body.get("from")), here, sockets)
            elif body.get("op") == "revoked":
                self.tables.revoked(live, seat)
        except CodedError as exc:
            status = exc.status if isinstance(exc, ServerError) else 400
            return {"code": exc.code, "params": dict(exc.message.params), "status": status}
        return {"ok": True}

    def say_present(self, live: Live, seat: int, here: bool, sockets: int = 1) -> None:
        """Tell the owner of ``live`` that a person is at ``seat`` through this process (or
        no longer is), on ``sockets`` sockets."""
        cluster = self.cluster

        async def say() -> None:
            owner = await cluster.owner(live.id)
            if owner is not None and owner != cluster.name:
                message = {"op": "presence", "table": live.id, "seat": seat, "here": here}
                message["sockets"] = sockets if here else 0
                await cluster.tell(owner, {**message, "from": cluster.name})

        task = asyncio.create_task(say())
        task.add_done_callback(_observed)

    def _heard_present(
        self, live: Live, seat: int, process: str, here: bool, sockets: int = 1
    ) -> None:
        seen = live.remote.setdefault(seat, {})
        counts = live.remote_sockets.setdefault(seat, {})
        told = counts.get(process, 0)
        if here:
            seen[process] = time.monotonic() + 3 * self.cluster.lease_seconds
            counts[process] = sockets
            if live.gone_since.pop(seat, None) is not None:
                self.tables.presence_changed(live)
            if sockets != told:
                self.tables.seat_sockets_changed(live, seat)
            return
        seen.pop(process, None)
        counts.pop(process, None)
        if told:
            self.tables.seat_sockets_changed(live, seat)
        if not live.present(seat) and seat not in live.gone_since:
            live.gone_since[seat] = time.monotonic()
            self.tables.schedule(live)
            self.tables.presence_changed(live)

    async def tend(self) -> None:
        """Every third of a lease: renew this process's leases, hold on to the presence of
        the people connected here, forget presence not renewed; every lease: adopt the
        tables in play that nobody owns."""
        step = self.cluster.lease_seconds / 3
        swept = -math.inf
        untended = False
        while True:
            try:
                await self._renew()
                self._expire_presence()
                if time.monotonic() - swept >= self.cluster.lease_seconds:
                    swept = time.monotonic()
                    for live in list(self.tables.live.values()):
                        if not live.owned:
                            for seat in live.persons():
                                if live.here(seat):
                                    self.say_present(live, seat, True, live.held(seat))
                    await self._sweep()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis or the store out of reach: next time
                if not untended:  # said once an outage
                    logs.event(logging.WARNING, "tending-failed", reason=reason_of(exc))
                untended = True
            else:
                untended = False
            await asyncio.sleep(step)

    async def _renew(self) -> None:
        owned = [
            live.id for live in self.tables.live.values() if live.owned and live.fence is not None
        ]
        for table, result in (await self.cluster.renew(owned)).items():
            live = self.tables.live.get(table)
            if live is None:
                continue
            if result == RETAKEN:
                self.tables.metrics.lease_changes.labels(change="retaken").inc()
            elif result == LOST:
                async with live.lock:
                    await self.lost(live)

    def _expire_presence(self) -> None:
        now = time.monotonic()
        for live in list(self.tables.live.values()):
            if not live.owned:
                continue
            for seat, seen in live.remote.items():
                gone = [process for process, until in seen.items() if until <= now]
                for process in gone:
                    del seen[process]
                    if live.remote_sockets.get(seat, {}).pop(process, 0):
                        self.tables.seat_sockets_changed(live, seat)
                if gone and not live.present(seat) and seat not in live.gone_since:
                    live.gone_since[seat] = now
                    self.tables.schedule(live)
                    self.tables.presence_changed(live)

    async def _sweep(self) -> None:
        """Adopt the tables in play whose lease nobody holds (their owner has died), and take
        those this process follows whose owner is gone."""
        with reaching_storage():
            playing = await self.tables.store.playing()
        free = await self.cluster.unleased(playing)
        for table in free[:SWEEP_LIMIT]:
            if self.tables.opening(table):
                continue
            live = self.tables.live.get(table)
            if live is not None:
                if not live.owned:
                    await self.take_over(live)
                continue
            adopted = await self.tables.get(table)  # takes the lease, unless another was quicker
            if not adopted.owned and not adopted.connections:
                self.tables.drop(adopted)

    def redis_down(self) -> None:
        """Redis cannot be reached: the tables followed here can no longer be followed (their
        viewers are told and reconnect); the tables owned here go on."""
        for live in list(self.tables.live.values()):
            if not live.owned:
                self.close_all(live, COORDINATION_UNAVAILABLE)
                self.cluster.forget(live.id)

    async def release_all(self, tables: list[str]) -> None:
        for table in tables:
            await self.cluster.release(table)
            self.tables.metrics.lease_changes.labels(change="released").inc()

    async def revoke(self, table_id: str, seat: int) -> None:
        """Tell the followers of the table, and its owner if it is another process, that the
        seat's token no longer counts (the store says so already: a process that does not
        hear it reads the seat's token from the store when a socket names it)."""
        cluster = self.cluster
        with coordinating(table_id):
            await cluster.publish(table_id, {"kind": "revoked", "seat": seat})
            owner = await cluster.owner(table_id)
            if owner is not None and owner != cluster.name:
                message = {"op": "revoked", "table": table_id, "seat": seat}
                await cluster.tell(owner, {**message, "from": cluster.name})

    async def publish(self, live: Live, message: dict[str, Any]) -> None:
        """Tell the followers of ``live``; with Redis down they read the store when it is back."""
        try:
            await self.cluster.publish(live.id, message)
        except Exception as exc:
            self.tables.metrics.error(COORDINATION_UNAVAILABLE)
            if not self.unpublished:  # said once an outage
                logs.event(logging.WARNING, "publish-failed", table=live.id, reason=reason_of(exc))
            self.unpublished = True
        else:
            self.unpublished = False


class _RematchTold(msgspec.Struct):
    """Where a rematch stands, as a table's owner publishes it."""

    accepted: list[int]
    table: str | None = None
    tokens: dict[int, str] = {}


def _refusal(answer: dict[str, Any]) -> ServerError:
    """The owner's refusal, as the owner said it (a code this process does not know: the
    owner is taken as not answering)."""
    try:
        refused = Message(str(answer.get("code")), dict(answer.get("params") or {}))
    except KeyError:
        return ServerError(TABLE_UNREACHABLE, status=503)
    return ServerError(refused, status=int(answer.get("status", 400)))


def _observed(task: asyncio.Task[None]) -> None:
    if not task.cancelled():
        task.exception()
