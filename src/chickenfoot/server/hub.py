"""The tables a server holds in play, and everybody connected to them.

A :class:`Live` table is a :class:`~chickenfoot.core.table.Table` with its seats (a person
holding a secret token, or a bot), the connections watching it and the bots that play for it.
The :class:`Hub` is the only way anything changes: it takes an action from a seat, lets the
core decide, commits it to the store, and only then tells each connection what that
connection may see (the core's projection, per viewer). Bots think in worker processes, off the
event loop, at the server's pace; a person gone longer than ``away`` seconds is played by a
bot until they come back. Each match that ends updates its players' ratings, committed with
its last action. After a restart the hub rebuilds every table not yet over from the store,
where it was.

An action whose commit fails is refused and undone: the table is dealt again from its seed
and the actions before it, so that no viewer ever hears of an action the store may not hold.
A database that cannot be reached is said as ``storage-unavailable``; the table goes on as
soon as the database answers again, without a restart. A commit cut off may yet have been
made, so a table whose commit failed reads its actions from the store again before it takes
the next one, and tells its viewers of any they were not told. A bot whose action was not
saved tries again every :data:`STORAGE_RETRY` seconds.

With several processes (``--redis``) a table is owned by one process and followed by the
others that have viewers of it: :mod:`~chickenfoot.server.sharing` does that part.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from chickenfoot.bots import Hint, make_bot
from chickenfoot.core import games
from chickenfoot.core.actions import Action
from chickenfoot.core.table import Table
from chickenfoot.core.wire import action_from_json, action_to_json
from chickenfoot.play import BOT_PREFIX, seat_seed
from chickenfoot.ratings import Rating, Ratings
from chickenfoot.server import frames, logs
from chickenfoot.server.cluster import Cluster, coordinating
from chickenfoot.server.errors import (
    COORDINATION_UNAVAILABLE,
    NOT_SAVED,
    STORAGE_UNAVAILABLE,
    TABLE_UNREACHABLE,
    ServerError,
    reaching_storage,
)
from chickenfoot.server.metrics import Metrics
from chickenfoot.server.sharing import Sharing
from chickenfoot.server.store import (
    OVER,
    PLAYING,
    WAITING,
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
QUEUE_LIMIT = 1_000
"""Frames waiting for one connection before it is taken for dead and closed."""
STORAGE_RETRY = 1.0
"""Seconds a bot whose action could not be saved waits before it tries again."""


@dataclass(eq=False)
class Connection:
    """One socket's end at a table: who it is (a seat, or None for a spectator) and the
    frames waiting to be sent to it (``None`` closes it)."""

    viewer: int | None
    lang: str = "en"
    queue: asyncio.Queue[bytes | None] = field(default_factory=asyncio.Queue)
    told: tuple[int, int] | None = None
    """The versions this socket has been told of: from its latest snapshot's (or the
    earliest a ``sync`` asked for) to its latest event's. A ``sync`` does not tell them
    again."""

    def send(self, frame: bytes | None) -> None:
        if self.queue.qsize() >= QUEUE_LIMIT:
            frame = None  # too slow to follow the table: it reconnects and syncs
        self.queue.put_nowait(frame)


@dataclass(eq=False)
class Live:
    """A table held in memory (see the module docstring)."""

    row: TableRow
    rules: games.AnyRules
    table: Table | None
    bots: dict[int, str]
    """The bot (by name) of each computer seat."""
    actions: int = 0
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    gone_since: dict[int, float] = field(default_factory=dict)
    """A person's seat with nobody connected: since when."""
    thinking: asyncio.Task[None] | None = None
    wake: asyncio.TimerHandle | None = None
    retry: asyncio.TimerHandle | None = None
    """A bot's next try after its action could not be saved."""
    unsure: bool = False
    """A commit failed: the store may hold one action more than the table."""
    owned: bool = True
    """This process owns the table (always, but with several processes)."""
    fence: int | None = None
    """The fencing number this process owns the table with (several processes only)."""
    remote: dict[int, dict[str, float]] = field(default_factory=dict)
    """A person's seat connected through other processes: each one's name, and until when
    (monotonic seconds) it counts unless it says so again."""
    following: asyncio.Task[None] | None = None
    """Applying what the owner publishes, on a table this process follows."""
    owner: str | None = None
    """The process that owned the followed table when last heard from (several processes)."""
    made: frames.TableFrames | None = None
    """The frames of ``table``, made once per version and viewer."""

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seats(self) -> list[SeatRow]:
        return self.row.seats

    @property
    def status(self) -> str:
        if self.table is None:
            return WAITING
        return OVER if self.table.is_over else PLAYING

    def present(self, seat: int) -> bool:
        """A person is at the seat: connected here or, as another process says, there."""
        if self.here(seat):
            return True
        now = time.monotonic()
        return any(until > now for until in self.remote.get(seat, {}).values())

    def here(self, seat: int) -> bool:
        return any(c.viewer == seat for c in self.connections)

    def frames(self) -> frames.TableFrames:
        """The frames of the table as it is now (it has been dealt)."""
        table = self.table
        assert table is not None
        made = self.made
        if made is None or made.table is not table:
            made = self.made = frames.TableFrames(table)
        return made


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat asked for: a person by name, or a bot by level or name."""

    human: str | None = None
    bot: str | None = None


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
        cluster: Cluster | None = None,
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
        self.metrics.count_owned_tables(lambda: sum(1 for live in self.live.values() if live.owned))
        self.sharing = Sharing(self, cluster) if cluster is not None else None
        """What this process does as one of several (None: it serves alone)."""

    @property
    def cluster(self) -> Cluster | None:
        return self.sharing.cluster if self.sharing is not None else None

    # -- starting and stopping ------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every table not yet over, where it was, and let its bots go on."""
        self.ratings.load(await self.store.ratings())
        if self.sharing is not None:
            await self.sharing.start()  # the tables are opened, or adopted, as they are asked
            return
        for row in await self.store.tables_in([WAITING, PLAYING]):
            live = await self._load(row)
            now = time.monotonic()
            for seat in self._persons(live):
                live.gone_since[seat] = now
            self._schedule(live)

    async def stop(self) -> None:
        self._closing = True
        for live in self.live.values():
            if live.following is not None:
                live.following.cancel()
            for timer in (live.wake, live.retry):
                if timer is not None:
                    timer.cancel()
            if live.thinking is not None:
                live.thinking.cancel()
            for connection in live.connections:
                connection.send(None)
        tasks = [live.thinking for live in self.live.values() if live.thinking is not None]
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.thinkers.close()
        if self.sharing is not None:
            await self.sharing.stop([live.id for live in self.live.values() if live.owned])

    # -- making tables --------------------------------------------------------------------

    async def create(
        self,
        game: str,
        preset: str | None,
        options: dict[str, Any],
        seats: list[NewSeat],
        seed: int | None,
        creator: str,
    ) -> tuple[str, dict[int, str]]:
        """A new table; its id and the token of each person's seat."""
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
        tokens = {s: secrets.token_urlsafe(24) for s, spec in enumerate(seats) if spec.bot is None}
        row = TableRow(
            id=secrets.token_urlsafe(9),
            created=time.time(),
            creator=creator,
            game=game,
            preset=rules.preset_name if game == games.CHICKENFOOT else None,
            options=options,
            seed=secrets.randbelow(2**53) if seed is None else seed,
            status=WAITING if tokens else PLAYING,
            seats=[
                SeatRow(
                    seat=s,
                    name=spec.human or f"{BOT_PREFIX}{spec.bot}",
                    bot=spec.bot,
                    token_hash=token_hash(tokens[s]) if s in tokens else None,
                    joined=spec.bot is not None,
                )
                for s, spec in enumerate(seats)
            ],
        )
        fence = None
        if self.cluster is not None:
            with coordinating(row.id):
                if not await self.cluster.acquire(row.id):
                    raise ServerError(COORDINATION_UNAVAILABLE, status=503)
            fence = 1
        with reaching_storage():
            await self.store.add_table(row, fence=fence or 0)
        logs.event(logging.INFO, "table-created", table=row.id, game=game, seats=len(seats))
        live = self._hold(row, rules)
        live.fence = fence
        if fence is not None:
            self.metrics.lease_changes.labels(change="taken").inc()
        if not tokens:
            self._deal(live)
        return row.id, tokens

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
            if self.cluster is None or row.status == OVER:
                return await self._load(row)  # a finished table is never written again
        assert self.sharing is not None
        adopted = self.live.get(table_id)  # by the sweep, meanwhile
        if adopted is not None:
            return adopted
        live = _live(row, games.make_rules(row.game, len(row.seats), row.preset, row.options))
        with coordinating(table_id):
            taken = await self.sharing.cluster.acquire(table_id)
        if taken:
            await self.sharing.take(live)
        else:
            await self.sharing.follow(live)
        self.live[table_id] = live
        return live

    def seat_of(self, live: Live, token: str | None) -> int | None:
        """The seat a token holds (None: no token, a spectator)."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat in live.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ServerError("bad-token", status=403)

    # -- connections ----------------------------------------------------------------------

    async def connect(self, live: Live, connection: Connection) -> None:
        """A socket has opened: it gets the table as its viewer may see it; a person's first
        visit takes their seat, and the table deals once every person has come."""
        seat = connection.viewer
        sharing = self.sharing
        joining = seat is not None and not live.seats[seat].joined and not live.owned
        if joining and sharing and await sharing.forward(live, {"op": "join", "seat": seat}):
            assert seat is not None
            live.seats[seat] = _joined(live.seats[seat])
        async with live.lock:
            deal = False
            if seat is not None and not live.seats[seat].joined:
                deal = await self._join(live, seat)
            if seat is not None and sharing and not live.owned and not live.here(seat):
                sharing.say_present(live, seat, True)
            live.connections.add(connection)
            if seat is not None:
                live.gone_since.pop(seat, None)
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
            assert self.sharing is not None
            await self.sharing.lose(live)
            raise ServerError(TABLE_UNREACHABLE, status=503) from None
        live.seats[seat] = _joined(live.seats[seat])
        await self._publish(live, {"kind": "join", "seat": seat})
        return deal

    def disconnect(self, live: Live, connection: Connection) -> None:
        live.connections.discard(connection)
        seat = connection.viewer
        if seat is not None and self.sharing and not live.owned and not live.here(seat):
            self.sharing.say_present(live, seat, False)
        elif seat is not None and not live.present(seat):
            live.gone_since[seat] = time.monotonic()
            self._schedule(live)
        if not live.connections and (not live.owned or live.status == OVER):
            self._drop(live)

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

    async def act(self, live: Live, seat: int | None, action: Action) -> None:
        """A person's action; refused (nothing changes) with a :class:`CodedError`."""
        if seat is None:
            raise ServerError("spectator-acts")
        arrived = time.perf_counter()
        for _ in range(3):  # the table may change owners meanwhile
            if self.sharing is not None and not live.owned:
                message = {"op": "act", "seat": seat, "action": action_to_json(action)}
                if await self.sharing.forward(live, message):
                    return
            # Once taken, an action is seen through even if the socket that sent it goes
            # away meanwhile: the table and the store must not part ways.
            taking = asyncio.create_task(self._take_action(live, seat, action, arrived))
            taking.add_done_callback(_observed)
            try:
                await asyncio.shield(taking)
            except _Moved:
                continue
            return
        raise ServerError(TABLE_UNREACHABLE, status=503)

    async def _take_action(self, live: Live, seat: int, action: Action, arrived: float) -> None:
        try:
            async with live.lock:
                if not live.owned:
                    raise _Moved
                if live.table is None:
                    raise ServerError("table-waiting")
                await self._accept(live, seat, action, arrived)
        finally:
            self._schedule(live)  # even refused, the action may have settled the table

    async def hint(self, live: Live, seat: int | None) -> Hint:
        """The expert's advice for ``seat``, from that seat's view alone."""
        table = live.table
        if seat is None or table is None or table.turn != seat:
            raise ServerError("no-hint-now")
        found = await self.thinkers.advise(table.view(seat))
        if found is None:
            raise ServerError("no-hint-now")
        return found

    async def _accept(self, live: Live, seat: int, action: Action, arrived: float) -> None:
        """Apply, commit, then tell: the caller holds the table's lock. A commit that fails
        undoes the action and refuses it (see the module docstring)."""
        if live.unsure:
            with reaching_storage(live.id):
                await self._settle(live)
        table = live.table
        assert table is not None
        before = table.version
        table.act(seat, action)  # refuses, changing nothing, what the core refuses
        action_json = table.action_json(before + 1)
        record = table.record() if table.is_over else None
        rerate = _rerating(table) if record is not None else None
        try:
            rated = await self.store.add_action(
                live.id, live.actions, seat, action_json, record, rerate, live.fence
            )
        except StaleOwner:
            live.table = self._replayed(live, table, live.actions)
            logs.event(logging.WARNING, "table-lost", table=live.id, action=live.actions)
            assert self.sharing is not None
            await self.sharing.lose(live)
            raise _Moved from None
        except Exception as exc:
            live.table = self._replayed(live, table, live.actions)
            live.unsure = True
            fields: dict[str, Any] = {"table": live.id, "action": live.actions}
            fields["reason"] = reason_of(exc)
            if unreachable(exc):
                logs.event(logging.WARNING, STORAGE_UNAVAILABLE, **fields)
                raise ServerError(STORAGE_UNAVAILABLE, status=503) from None
            logs.event(logging.ERROR, "action-not-saved", error=True, **fields)
            raise ServerError(NOT_SAVED, status=503) from None
        live.actions += 1
        self.ratings.load(rated)
        for connection in live.connections:
            self._send_entries(live, connection, before)
        message = {"kind": "act", "n": live.actions - 1, "seat": seat}
        await self._publish(live, {**message, "action": action_json})
        self.metrics.actions.inc()
        self.metrics.broadcast_seconds.observe(time.perf_counter() - arrived)
        if record is not None:
            logs.event(logging.INFO, "match-over", table=live.id, winners=record["winners"])
        if table.is_over and not live.connections:
            self._drop(live)  # nobody watching: it is read from the store again

    async def _settle(self, live: Live) -> None:
        """After a failed commit: take the table's actions from the store again (the commit
        may have been made), and tell every viewer of those they were not told."""
        stored = await self.store.actions_of(live.id)
        if len(stored) != live.actions:
            rows = await self.store.ratings()  # read before anything changes here
            table = live.table
            assert table is not None
            before = table.version
            self._apply_stored(live, stored)
            if live.table is not None and live.table.is_over:
                ratings = Ratings()
                ratings.load(rows)
                self.ratings = ratings
            for connection in live.connections:
                self._send_entries(live, connection, before)
        live.unsure = False
        logs.event(logging.INFO, "storage-back", table=live.id, actions=live.actions)

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
        self._schedule(live)

    def _schedule(self, live: Live) -> None:
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
        try:
            await asyncio.sleep(self.bot_delay)
            table = live.table
            assert table is not None
            version = table.version
            seed = f"{seat_seed(live.row.seed, seat)}/{version}"
            view = table.snapshot(seat) if reads_tables(bot) else table.view(seat)
            action = await self.thinkers.choose(bot, seed, view)
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
        self._schedule(live)

    def _retry(self, live: Live) -> None:
        """Let the table's bots try again in :data:`STORAGE_RETRY` seconds."""
        if live.retry is None and not self._closing:
            loop = asyncio.get_running_loop()
            live.retry = loop.call_later(STORAGE_RETRY, self._retried, live)

    def _retried(self, live: Live) -> None:
        live.retry = None
        self._schedule(live)

    # -- several processes ----------------------------------------------------------------

    def _drop(self, live: Live) -> None:
        """Let ``live`` go from memory (with several processes, its lease or its channel)."""
        if self.live.get(live.id) is live:
            del self.live[live.id]
        if live.following is not None and live.following is not asyncio.current_task():
            live.following.cancel()
        live.following = None
        if self.sharing is not None:
            self.sharing.forget(live)

    async def _publish(self, live: Live, message: dict[str, Any]) -> None:
        if self.sharing is not None:
            await self.sharing.publish(live, message)

    # -- holding tables -------------------------------------------------------------------

    def _hold(self, row: TableRow, rules: games.AnyRules) -> Live:
        live = _live(row, rules)
        self.live[row.id] = live
        return live

    async def _load(self, row: TableRow) -> Live:
        """A table from the store: dealt from its seed, its actions applied again; held
        once it is whole (a store failing meanwhile leaves nothing half-made)."""
        rules = games.make_rules(row.game, len(row.seats), row.preset, row.options)
        live = _live(row, rules)
        if row.status != WAITING:
            await self._rebuild(live)
        return self.live.setdefault(row.id, live)  # another socket may have loaded it first

    async def _rebuild(self, live: Live) -> None:
        self._apply_stored(live, await self.store.actions_of(live.id))

    def _apply_stored(self, live: Live, stored: list[tuple[int, dict[str, Any]]]) -> None:
        """The table dealt again from its seed, and ``stored`` (as the store gives them)
        applied."""
        table = self._new_table(live)
        for seat, action in stored:
            table.act(seat, action_from_json(action))
        live.table = table
        live.actions = len(stored)

    def _replayed(self, live: Live, table: Table, actions: int) -> Table:
        """``table`` as it was after its first ``actions`` actions, dealt again from its
        seed without the store (which may not answer)."""
        taken = [(e.seat, e.action) for state in table.match.rounds for e in state.history]
        replayed = self._new_table(live)
        for seat, action in taken[:actions]:
            replayed.act(seat, action)
        return replayed

    def _new_table(self, live: Live) -> Table:
        return Table([s.name for s in live.seats], live.rules, live.row.seed)

    def _deal(self, live: Live) -> None:
        live.table = self._new_table(live)
        for connection in live.connections:
            self._send_snapshot(live, connection)
        self._schedule(live)

    def _persons(self, live: Live) -> list[int]:
        return [s.seat for s in live.seats if s.bot is None]

    # -- frames ---------------------------------------------------------------------------

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


class _Moved(Exception):
    """The table has another owner now: the action was not taken here."""


def _rerating(table: Table) -> Rerating:
    """How the finished match of ``table`` changes its players' ratings, as the store holds
    them when it commits the match's last action (other processes rate matches too)."""
    match = table.match
    players = list(table.players)

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


def _live(row: TableRow, rules: games.AnyRules) -> Live:
    bots = {s.seat: s.bot for s in row.seats if s.bot}
    return Live(row=row, rules=rules, table=None, bots=bots)


def _joined(seat: SeatRow) -> SeatRow:
    return dataclasses.replace(seat, joined=True)
