"""The tables a server holds in play, and everybody connected to them.

A :class:`Live` table is a :class:`~chickenfoot.core.table.Table` with its seats (a person
holding a secret token, or a bot), the connections watching it and the bots that play for it.
A person's seat is taken with a one-time invite, which gives the browser that opens it a token
of its own; the table's creator, who proves it with its key, may give a seat a new invite,
which takes the seat from whoever held it (their sockets are told and closed).
The :class:`Hub` is the only way anything changes: it takes an action from a seat, lets the
core check it (without taking it), commits it to the store, and only then applies it to the
table and tells each connection what that connection may see (the core's projection, per
viewer). Bots think in worker processes, off the event loop, at the server's pace (a move is
taken no sooner than the pace after its turn began, however quick the choice); a person
gone longer than ``away`` seconds is played by a bot until they come back. Each match that
ends updates its players' ratings, committed with its last action. After a restart the hub
rebuilds every table not yet over from the store, where it was.

An action whose commit fails is refused, and the table is left as it was: no viewer ever
hears of an action the store may not hold. A database that cannot be reached is said as
``storage-unavailable``; the table goes on as soon as the database answers again, without a
restart. A commit cut off may yet have been made, so a table whose commit failed reads its
actions from the store again before it takes the next one, and tells its viewers of any they
were not told. A bot whose action was not saved tries again every :data:`STORAGE_RETRY`
seconds.

What depends on other processes goes through the hub's
:class:`~chickenfoot.server.channel.TableChannel`: alone, a
:class:`~chickenfoot.server.channel.LocalChannel` (every table owned here); with several
processes (``--redis``), a :class:`~chickenfoot.server.channel_redis.RedisChannel`, with
which a table is owned by one process and followed by the others that have viewers of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from chickenfoot.bots import Hint, make_bot
from chickenfoot.core import games
from chickenfoot.core.actions import Action
from chickenfoot.core.messages import CodedError
from chickenfoot.core.table import Checked, Table
from chickenfoot.core.wire import action_from_json, action_to_json
from chickenfoot.i18n import error_in, translation
from chickenfoot.play import BOT_PREFIX, seat_seed
from chickenfoot.ratings import Rating, Ratings
from chickenfoot.server import frames, logs
from chickenfoot.server.channel import Behind, LocalChannel, TableChannel
from chickenfoot.server.channel import Connection as Connection
from chickenfoot.server.channel import Live as Live
from chickenfoot.server.errors import (
    NOT_SAVED,
    STORAGE_UNAVAILABLE,
    TABLE_UNREACHABLE,
    ServerError,
    reaching_storage,
)
from chickenfoot.server.metrics import Metrics
from chickenfoot.server.store import (
    OVER,
    PLAYING,
    WAITING,
    InviteRefused,
    Rerating,
    SeatRow,
    StaleOwner,
    Store,
    TableRow,
    reason_of,
    token_hash,
    unreachable,
)
from chickenfoot.server.thinking import Thinkers, reads_tables

STAND_IN = "medium"
"""The level of the bot that plays for a person who has gone away."""
STORAGE_RETRY = 1.0
"""Seconds a bot whose action could not be saved waits before it tries again."""


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat asked for: a person by name, or a bot by level or name."""

    human: str | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class Seating:
    """The secrets of a new table, each for the one it is given to: the creator's key, the
    token of the creator's own seat (if it sits) and an invite for every other person's."""

    key: str
    tokens: dict[int, str]
    invites: dict[int, str]

    @property
    def persons(self) -> list[int]:
        """The seats people play."""
        return sorted({*self.tokens, *self.invites})


class Hub:
    """Every table the server holds in play (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.6,
        away: float = 60.0,
        bot_processes: int = 0,
        tables_per_address: int = 20,
        metrics: Metrics | None = None,
        channel: TableChannel | None = None,
    ) -> None:
        self.store = store
        self.metrics = metrics or Metrics()
        self.metrics.count_live_tables(lambda: len(self.live))
        self.bot_delay = bot_delay
        self.away = away
        self.tables_per_address = tables_per_address
        self.live: dict[str, Live] = {}
        self.thinkers = Thinkers(bot_processes)
        self.ratings = Ratings()
        self._closing = False
        self._opening: dict[str, asyncio.Task[Live]] = {}
        self._hints: dict[str, _Hinted] = {}
        """Each table's hint for the turn it was asked at."""
        self.metrics.count_owned_tables(lambda: sum(1 for live in self.live.values() if live.owned))
        self.channel: TableChannel = channel or LocalChannel()
        """What depends on the other processes, if any."""

    @property
    def cluster(self) -> Any:
        """The coordination through Redis (a :class:`~chickenfoot.server.cluster.Cluster`),
        None for a server alone."""
        return self.channel.cluster

    # -- starting and stopping ------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every table not yet over, where it was, and let its bots go on."""
        self.ratings.load(await self.store.ratings())
        await self.channel.start(self)

    async def resume(self, row: TableRow) -> None:
        """Hold the table in play of ``row`` as the store has it; its people are taken to be
        away until they come back, and its bots go on."""
        live = self.live.setdefault(row.id, await self.load(row))
        now = time.monotonic()
        for seat in live.persons():
            live.gone_since[seat] = now
        self.schedule(live)

    async def stop(self) -> None:
        self._closing = True
        for live in self.live.values():
            for timer in (live.wake, live.retry):
                if timer is not None:
                    timer.cancel()
            if live.thinking is not None:
                live.thinking.cancel()
            for connection in live.connections:
                connection.send(None)
        for asked in self._hints.values():
            asked.search.cancel()
        self._hints.clear()
        tasks = [live.thinking for live in self.live.values() if live.thinking is not None]
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.thinkers.close()
        await self.channel.stop([live.id for live in self.live.values() if live.owned])

    # -- making tables --------------------------------------------------------------------

    async def create(
        self,
        game: str,
        preset: str | None,
        options: dict[str, Any],
        seats: list[NewSeat],
        seed: int | None,
        creator: str,
        sit: int | None = None,
    ) -> tuple[str, Seating]:
        """A new table: its id and its secrets (the creator sits at ``sit``, a person's seat,
        if it is given)."""
        rules = games.make_rules(game, len(seats), preset, options)  # RulesError
        for spec in seats:
            if spec.bot is not None:
                make_bot(spec.bot, 0)  # an unknown name raises UnknownBotError
            if spec.human is not None and spec.human.startswith(BOT_PREFIX):
                raise ServerError("name-reserved")
        with reaching_storage():
            made = await self.store.open_tables_of(creator)
        if made >= self.tables_per_address:
            raise ServerError("too-many-tables", status=429, count=made)
        persons = [s for s, spec in enumerate(seats) if spec.bot is None]
        if sit is not None and sit not in persons:
            raise ServerError("bad-request", reason=f"seat {sit} is not a person's seat")
        tokens = {s: _secret() for s in persons if s == sit}
        invites = {s: _secret() for s in persons if s != sit}
        key = _secret()
        row = TableRow(
            id=secrets.token_urlsafe(9),
            created=time.time(),
            creator=creator,
            game=game,
            preset=rules.preset_name if games.game_named(game).presets else None,
            options=options,
            seed=secrets.randbelow(2**53) if seed is None else seed,
            status=WAITING if persons else PLAYING,
            seats=[
                SeatRow(
                    seat=s,
                    name=spec.human or f"{BOT_PREFIX}{spec.bot}",
                    bot=spec.bot,
                    token_hash=token_hash(tokens[s]) if s in tokens else None,
                    joined=spec.bot is not None,
                    invite_hash=token_hash(invites[s]) if s in invites else None,
                )
                for s, spec in enumerate(seats)
            ],
            key_hash=token_hash(key),
        )
        fence = await self.channel.claim(row.id)
        with reaching_storage():
            await self.store.add_table(row, fence=fence or 0)
        logs.event(logging.INFO, "table-created", table=row.id, game=game, seats=len(seats))
        live = self.live[row.id] = Live.of(row)
        live.fence = fence
        if not persons:
            self._deal(live)
        return row.id, Seating(key, tokens, invites)

    async def get(self, table_id: str) -> Live:
        """The table ``table_id``, held in memory (a finished one is rebuilt from its record)."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        opening = self._opening.get(table_id)
        if opening is None:  # one load, however many sockets ask meanwhile
            opening = asyncio.create_task(self._open(table_id))
            self._opening[table_id] = opening
            opening.add_done_callback(lambda _: self._opening.pop(table_id, None))
        return await asyncio.shield(opening)

    async def _open(self, table_id: str) -> Live:
        with reaching_storage(table_id):
            row = await self.store.table(table_id)
            if row is None:
                raise ServerError("no-such-table", status=404, table=table_id)
            if row.status == OVER:  # a finished table is never written again
                return self.live.setdefault(table_id, await self.load(row))
        adopted = self.live.get(table_id)  # by the channel, meanwhile
        if adopted is not None:
            return adopted
        live = await self.channel.open(row)
        return self.live.setdefault(table_id, live)

    def opening(self, table_id: str) -> bool:
        """The table is being read from the store just now."""
        return table_id in self._opening

    async def seat_of(self, live: Live, token: str | None) -> int | None:
        """The seat a token holds (None: no token, a spectator). A token not held here is
        looked for in the store (a seat claimed through another process meanwhile)."""
        if token is None:
            return None
        digest = token_hash(token)
        seat = _holder(live, digest)
        if seat is None:
            with reaching_storage(live.id):
                stored = await self.store.seat_tokens(live.id)
            for n, held in stored.items():
                if n < len(live.seats):
                    live.seats[n] = dataclasses.replace(live.seats[n], token_hash=held)
            seat = _holder(live, digest)
        if seat is None:
            raise ServerError("bad-token", status=403)
        return seat

    # -- invites --------------------------------------------------------------------------

    async def claim(self, table_id: str, invite: str) -> tuple[int, str]:
        """Spend ``invite``: the seat it was for, and the token of that seat, new and given
        only to whoever sent the invite (``invite-used`` if it was spent before)."""
        token = _secret()
        try:
            with reaching_storage(table_id):
                if await self.store.table(table_id) is None:
                    raise ServerError("no-such-table", status=404, table=table_id)
                seat = await self.store.claim(table_id, token_hash(invite), token_hash(token))
        except InviteRefused as refused:
            if refused.used:
                raise ServerError("invite-used", status=409) from None
            raise ServerError("bad-invite", status=403) from None
        live = self.live.get(table_id)
        if live is not None and seat < len(live.seats):
            live.seats[seat] = dataclasses.replace(live.seats[seat], token_hash=token_hash(token))
        logs.event(logging.INFO, "invite-claimed", table=table_id, seat=seat)
        return seat, token

    async def reissue(self, table_id: str, key: str, seat: int) -> str:
        """A new invite for a person's ``seat``, asked by the table's creator (its ``key``):
        the seat's token and any older invite no longer count, and the sockets holding the
        seat are told so and closed, on every process."""
        with reaching_storage(table_id):
            row = await self.store.table(table_id)
        if row is None:
            raise ServerError("no-such-table", status=404, table=table_id)
        if row.key_hash is None or not hmac.compare_digest(row.key_hash, token_hash(key)):
            raise ServerError("not-creator", status=403)
        if not 0 <= seat < len(row.seats) or row.seats[seat].bot is not None:
            raise ServerError("no-invite-seat", seat=seat)
        invite = _secret()
        with reaching_storage(table_id):
            await self.store.reissue(table_id, seat, token_hash(invite))
        live = self.live.get(table_id)
        if live is not None:
            self.revoked(live, seat)
        await self.channel.revoke(table_id, seat)
        logs.event(logging.INFO, "invite-reissued", table=table_id, seat=seat)
        return invite

    def revoked(self, live: Live, seat: int) -> None:
        """The seat's token no longer counts: the sockets holding the seat here are told so
        and closed."""
        live.seats[seat] = dataclasses.replace(live.seats[seat], token_hash=None)
        for connection in [c for c in live.connections if c.viewer == seat]:
            text = error_in(ServerError("seat-revoked"), translation(connection.lang))
            connection.send(frames.error("seat-revoked", text))
            connection.revoked = True
            connection.send(None)

    # -- connections ----------------------------------------------------------------------

    async def connect(self, live: Live, connection: Connection) -> None:
        """A socket has opened: it gets the table as its viewer may see it; a person's first
        visit takes their seat, and the table deals once every person has come."""
        seat = connection.viewer
        joining = seat is not None and not live.seats[seat].joined and not live.owned
        if joining and await self.channel.forward(live, {"op": "join", "seat": seat}):
            assert seat is not None
            live.seats[seat] = _joined(live.seats[seat])
        async with live.lock:
            deal = False
            if seat is not None and not live.seats[seat].joined:
                deal = await self._join(live, seat)
            live.connections.add(connection)
            if seat is not None:
                live.gone_since.pop(seat, None)
                self._say_elsewhere(live, seat)
            if deal:
                self._deal(live)
                return
            if live.table is None:
                self._send_lobby(live)
            else:
                self._send_snapshot(live, connection)

    async def _join(self, live: Live, seat: int) -> bool:
        """The person takes ``seat`` (the caller holds the lock): whether every seat is taken
        now, and the table is to deal."""
        deal = all(s.joined or s.seat == seat for s in live.seats)
        try:
            with reaching_storage(live.id):  # the seat is taken once the store has it
                await self.store.join(live.id, seat, PLAYING if deal else WAITING, live.fence)
        except StaleOwner:
            await self.channel.lost(live)
            raise ServerError(TABLE_UNREACHABLE, status=503) from None
        live.seats[seat] = _joined(live.seats[seat])
        await self.channel.publish(live, {"kind": "join", "seat": seat})
        return deal

    async def join(self, live: Live, seat: int) -> None:
        """A person takes ``seat`` at a table owned here, for another process: the table
        deals once every person has come."""
        async with live.lock:
            if not live.seats[seat].joined:
                if await self._join(live, seat):
                    self._deal(live)
                else:
                    self._send_lobby(live)

    def disconnect(self, live: Live, connection: Connection) -> None:
        held = connection in live.connections
        live.connections.discard(connection)
        seat = connection.viewer
        if seat is not None and held:
            self._say_elsewhere(live, seat)  # with several processes: the owner hears it
        if seat is not None and not live.owned and not live.here(seat):
            if not held:
                self.channel.say_present(live, seat, False, 0)
        elif seat is not None and not live.present(seat):
            live.gone_since[seat] = time.monotonic()
            self.schedule(live)
        if not live.connections and (not live.owned or live.status == OVER):
            self.drop(live)

    def sync(self, live: Live, connection: Connection, since: int) -> None:
        """What the connection missed after version ``since``, or a snapshot when that is
        not a version of the table (or the table has not been dealt)."""
        table = live.table
        if table is None:
            self._send_lobby(live)
        elif 0 <= since <= table.version:
            self._send_entries(live, connection, since)
        else:
            self._send_snapshot(live, connection)

    # -- acting ---------------------------------------------------------------------------

    async def act(
        self, live: Live, seat: int | None, action: Action, expect: int | None = None
    ) -> None:
        """A person's action; refused (nothing changes) with a :class:`CodedError`. With
        ``expect``, the version the person chose it at, it is refused as ``stale`` if the
        table is no longer there (an action sent twice is taken once)."""
        if seat is None:
            raise ServerError("spectator-acts")
        arrived = time.perf_counter()
        for _ in range(3):  # the table may change owners meanwhile
            if not live.owned:
                message = {"op": "act", "seat": seat, "action": action_to_json(action)}
                if expect is not None:
                    message["expect"] = expect
                if await self.channel.forward(live, message):
                    return
            # Once taken, an action is seen through even if the socket that sent it goes
            # away meanwhile: the table and the store must not part ways.
            taking = asyncio.create_task(self._take_action(live, seat, action, arrived, expect))
            taking.add_done_callback(_observed)
            try:
                await asyncio.shield(taking)
            except _Moved:
                continue
            return
        raise ServerError(TABLE_UNREACHABLE, status=503)

    async def _take_action(
        self, live: Live, seat: int, action: Action, arrived: float, expect: int | None
    ) -> None:
        try:
            async with live.lock:
                if not live.owned:
                    raise _Moved
                if live.table is None:
                    raise ServerError("table-waiting")
                await self._accept(live, seat, action, arrived, expect)
        finally:
            self.schedule(live)  # even refused, the action may have settled the table

    async def hint(self, live: Live, seat: int | None) -> Hint:
        """The expert's advice for ``seat``, from that seat's view alone: one search per
        turn, however many sockets of the seat ask (asked again, the same answer)."""
        table = live.table
        if seat is None or table is None or table.turn != seat:
            raise ServerError("no-hint-now")
        asked = self._hints.get(live.id)
        if asked is None or asked.table is not table or asked.version != table.version:
            search = asyncio.create_task(self.thinkers.advise(table.view(seat)))
            asked = self._hints[live.id] = _Hinted(table, table.version, search)
            search.add_done_callback(lambda done: self._hint_done(live.id, done))
        found = await asyncio.shield(asked.search)
        if found is None:
            raise ServerError("no-hint-now")
        return found

    def _hint_done(self, table_id: str, search: asyncio.Task[Hint | None]) -> None:
        """A search that failed is not kept: the next ask searches again."""
        if search.cancelled() or search.exception() is not None:
            asked = self._hints.get(table_id)
            if asked is not None and asked.search is search:
                del self._hints[table_id]

    async def _accept(
        self, live: Live, seat: int, action: Action, arrived: float, expect: int | None = None
    ) -> None:
        """Check, commit, apply, then tell: the caller holds the table's lock. A commit that
        fails refuses the action, the table left as it was (see the module docstring)."""
        if live.unsure:
            with reaching_storage(live.id):
                await self._settle(live)
        table = live.table
        assert table is not None
        if expect is not None and expect != table.version:
            raise ServerError("stale", status=409, expect=expect, version=table.version)
        checked = table.check(seat, action)  # refuses what the core refuses
        rerate = _rerating(checked) if checked.record is not None else None
        try:
            rated = await self.store.add_action(
                live.id, live.actions, seat, checked.action_json, checked.record, rerate, live.fence
            )
        except StaleOwner:
            logs.event(logging.WARNING, "table-lost", table=live.id, action=live.actions)
            await self.channel.lost(live)
            raise _Moved from None
        except Exception as exc:
            live.unsure = True
            fields: dict[str, Any] = {"table": live.id, "action": live.actions}
            fields["reason"] = reason_of(exc)
            if unreachable(exc):
                logs.event(logging.WARNING, STORAGE_UNAVAILABLE, **fields)
                raise ServerError(STORAGE_UNAVAILABLE, status=503) from None
            logs.event(logging.ERROR, "action-not-saved", error=True, **fields)
            raise ServerError(NOT_SAVED, status=503) from None
        before = table.version
        table.take(checked)
        live.actions += 1
        self.ratings.load(rated)
        for connection in live.connections:
            self._send_entries(live, connection, before)
        message = {"kind": "act", "n": live.actions - 1, "seat": seat}
        await self.channel.publish(live, {**message, "action": checked.action_json})
        self.metrics.actions.inc()
        self.metrics.broadcast_seconds.observe(time.perf_counter() - arrived)
        if checked.record is not None:
            logs.event(logging.INFO, "match-over", table=live.id, winners=checked.record["winners"])
        if table.is_over and not live.connections:
            self.drop(live)  # nobody watching: it is read from the store again

    async def _settle(self, live: Live) -> None:
        """After a failed commit: take the table's actions from the store again (the commit
        may have been made), and tell every viewer of those they were not told."""
        stored = await self.store.actions_of(live.id)
        if len(stored) != live.actions:
            rows = await self.store.ratings()  # read before anything changes here
            self.catch_up(live, stored)
            if live.table is not None and live.table.is_over:
                ratings = Ratings()
                ratings.load(rows)
                self.ratings = ratings
        live.unsure = False
        logs.event(logging.INFO, "storage-back", table=live.id, actions=live.actions)

    def catch_up(self, live: Live, stored: list[tuple[int, dict[str, Any]]]) -> None:
        """Bring ``live`` to the store's ``stored`` actions (taken without checking them
        again: they were checked before they were committed) and tell its viewers what they
        missed; a table not dealt before gets its first snapshot. The caller holds its lock."""
        table = live.table
        if table is None and live.row.status == WAITING:
            self._send_lobby(live)
            return
        if table is None or len(stored) < live.actions:
            self._apply_stored(live, stored)
            for connection in live.connections:
                self._send_snapshot(live, connection)
            return
        before = table.version
        for seat, action in stored[live.actions :]:
            table.take_known(seat, action_from_json(action))
        live.actions = len(stored)
        for connection in live.connections:
            self._send_entries(live, connection, before)

    def apply_published(self, live: Live, n: int, seat: int, action: Any) -> None:
        """Take the owner's action ``n`` (its JSON) on a table followed here, without deciding
        its legality again (the owner has), and tell the viewers here: :class:`Behind` if it
        is not the next one (one already read from the store is passed over). The caller
        holds the table's lock."""
        table = live.table
        if table is None or n > live.actions:
            raise Behind
        if n < live.actions:
            return
        before = table.version
        try:
            table.take_known(seat, action_from_json(action))
        except (CodedError, KeyError, TypeError, ValueError):
            raise Behind from None
        live.actions += 1
        for connection in live.connections:
            self._send_entries(live, connection, before)

    # -- bots -----------------------------------------------------------------------------

    def _player_for(self, live: Live, seat: int) -> str | None:
        """Who plays ``seat`` now if not a person at their screen: its bot, or a stand-in for
        a person gone longer than :attr:`away` (a timer wakes the table when that comes)."""
        bot = live.bots.get(seat)
        if bot is not None:
            return bot
        gone = live.gone_since.get(seat)
        if gone is None:
            return None
        wait = gone + self.away - time.monotonic()
        if wait > 0:
            if live.wake is None:
                live.wake = asyncio.get_running_loop().call_later(wait, self._woken, live)
            return None
        return STAND_IN

    def _woken(self, live: Live) -> None:
        live.wake = None
        self.schedule(live)

    def schedule(self, live: Live) -> None:
        """If a bot (or a stand-in) is to act and is not thinking yet, let it think."""
        if self._closing or live.thinking is not None or live.table is None or not live.owned:
            return
        seat = live.table.turn
        if seat is None:
            return
        bot = self._player_for(live, seat)
        if bot is not None:
            live.thinking = asyncio.create_task(self._bot_turn(live, seat, bot))

    async def _bot_turn(self, live: Live, seat: int, bot: str) -> None:
        """The bot thinks while its pace runs, and its action is taken when both are done:
        whatever the position (one legal action or many), it comes no sooner than
        :attr:`bot_delay` after its turn began, so its timing tells nothing of its hand."""
        try:
            loop = asyncio.get_running_loop()
            paced = loop.time() + self.bot_delay
            table = live.table
            assert table is not None
            version = table.version
            seed = f"{seat_seed(live.row.seed, seat)}/{version}"
            view = table.snapshot(seat) if reads_tables(bot) else table.view(seat)
            action = await self.thinkers.choose(bot, seed, view)
            await asyncio.sleep(max(0.0, paced - loop.time()))
            arrived = time.perf_counter()
            async with live.lock:
                current = live.table is table and table.version == version and live.owned
                if current and self._player_for(live, seat) == bot:
                    await asyncio.shield(self._accept(live, seat, action, arrived))
        except asyncio.CancelledError:
            raise
        except _Moved:
            return  # the table's new owner plays its bots
        except Exception as exc:
            if isinstance(exc, ServerError) and exc.code in (STORAGE_UNAVAILABLE, NOT_SAVED):
                self.metrics.error(exc.code)
                self._retry(live)
            else:
                logs.event(logging.ERROR, "bot-failed", error=True, table=live.id, seat=seat)
            return
        finally:
            live.thinking = None
        self.schedule(live)

    def _retry(self, live: Live) -> None:
        """Let the table's bots try again in :data:`STORAGE_RETRY` seconds."""
        if live.retry is None and not self._closing:
            loop = asyncio.get_running_loop()
            live.retry = loop.call_later(STORAGE_RETRY, self._retried, live)

    def _retried(self, live: Live) -> None:
        live.retry = None
        self.schedule(live)

    def drop(self, live: Live) -> None:
        """Let ``live`` go from memory (and its channel hear of it)."""
        if self.live.get(live.id) is live:
            del self.live[live.id]
        self._hints.pop(live.id, None)
        self.channel.forget(live)

    # -- holding tables -------------------------------------------------------------------

    async def load(self, row: TableRow) -> Live:
        """The table of ``row`` from the store: dealt from its seed, its actions applied
        again (not held: a store failing meanwhile leaves nothing half-made)."""
        live = Live.of(row)
        if row.status != WAITING:
            self._apply_stored(live, await self.store.actions_of(live.id))
        return live

    def _apply_stored(self, live: Live, stored: list[tuple[int, dict[str, Any]]]) -> None:
        """The table dealt again from its seed, and ``stored`` (as the store gives them,
        checked when they were committed) taken."""
        table = self._new_table(live)
        for seat, action in stored:
            table.take_known(seat, action_from_json(action))
        live.table = table
        live.actions = len(stored)

    def _new_table(self, live: Live) -> Table:
        return Table([s.name for s in live.seats], live.rules, live.row.seed)

    def _deal(self, live: Live) -> None:
        live.table = self._new_table(live)
        for connection in live.connections:
            self._send_snapshot(live, connection)
        self.schedule(live)

    # -- frames ---------------------------------------------------------------------------

    def _say_elsewhere(self, live: Live, seat: int) -> None:
        """The sockets of ``seat`` here have changed: at a table owned here, its sockets are
        told; at one followed here, the owner is (it tells them all, on every process)."""
        if live.owned:
            self.seat_sockets_changed(live, seat)
        else:
            self.channel.say_present(live, seat, live.here(seat), live.held(seat))

    def seat_sockets_changed(self, live: Live, seat: int) -> None:
        """Tell each socket of ``seat``, here and on the other processes, how many sockets
        hold the seat, when that is more than one (and once more when it is one again);
        nobody else hears of it."""
        sockets = live.held(seat) + live.held_elsewhere(seat)
        self.tell_elsewhere(live, seat, sockets)
        said = live.said_elsewhere.get(seat, 1)
        if self.cluster is not None and sockets != said and max(sockets, said) > 1:
            live.said_elsewhere[seat] = sockets
            message = {"kind": "elsewhere", "seat": seat, "sockets": sockets}
            task = asyncio.create_task(self.channel.publish(live, message))
            task.add_done_callback(_observed)

    def tell_elsewhere(self, live: Live, seat: int, sockets: int) -> None:
        """Tell the sockets of ``seat`` here that the seat has ``sockets`` open in all."""
        frame = frames.elsewhere(sockets)
        for connection in [c for c in live.connections if c.viewer == seat]:
            if sockets > 1 or connection.elsewhere:
                connection.elsewhere = sockets > 1
                connection.send(frame)

    def _send_lobby(self, live: Live) -> None:
        frame = frames.lobby(live.seats)
        for connection in live.connections:
            connection.send(frame)

    def _send_snapshot(self, live: Live, connection: Connection) -> None:
        table = live.table
        assert table is not None
        connection.send(live.frames().snapshot(connection.viewer))
        connection.told = (table.version, table.version)

    def _send_entries(self, live: Live, connection: Connection, since: int) -> None:
        """The events after version ``since`` the connection has not been told of."""
        table = live.table
        assert table is not None
        made, viewer, latest = live.frames(), connection.viewer, table.version
        told = connection.told
        if told is None:
            told = (since, since)
        first, last = told
        if since < first:  # missed before this socket's snapshot
            for frame in made.events(since, viewer, until=min(first, latest)):
                connection.send(frame)
            first = since
        for frame in made.events(max(since, last), viewer):
            connection.send(frame)
        connection.told = (first, max(last, latest))


@dataclass(frozen=True, slots=True)
class _Hinted:
    """The hint of a table's turn: the seat to act at ``version`` of ``table``."""

    table: Table
    version: int
    search: asyncio.Task[Hint | None]


class _Moved(Exception):
    """The table has another owner now: the action was not taken here."""


def _rerating(checked: Checked) -> Rerating:
    """How the match a checked action ends changes its players' ratings, as the store holds
    them when it commits that action (other processes rate matches too)."""
    match = checked.final
    assert match is not None
    players = list(match.players)

    def rate(stored: list[Rating]) -> list[Rating]:
        ratings = Ratings()
        ratings.load(stored)
        ratings.add_match(match)
        return ratings.of(players)

    return players, rate


def _observed(task: asyncio.Task[None]) -> None:
    """Its error was said to the sender, if the sender was still there to hear it."""
    if not task.cancelled():
        task.exception()


def _secret() -> str:
    """A new secret: a token, an invite or a creator's key (192 random bits)."""
    return secrets.token_urlsafe(24)


def _holder(live: Live, digest: str) -> int | None:
    for seat in live.seats:
        if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
            return seat.seat
    return None


def _joined(seat: SeatRow) -> SeatRow:
    return dataclasses.replace(seat, joined=True)
