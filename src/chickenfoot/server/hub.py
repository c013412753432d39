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
gone longer than ``away`` seconds is played by a bot (the stand-in) until they come back, and
at a table with a move clock, a person whose time for a move has run out has that move played
by the stand-in. Every action the stand-in plays is marked as played for the seat's person
(in the store, the frames and the record), every viewer is told which seats are away and how
long before the stand-in plays for them (``seats`` frames), and a person back at their seat
is told what was played for them. The owner of a table runs its timers. Each match that
ends updates its players' ratings, committed with its last action. After a restart the hub
rebuilds every table not yet over from the store, where it was.

A match is dealt from a seed drawn from :mod:`secrets` over every seed there is
(:data:`SEEDS`), which nobody is shown before the match ends (its record names it then). A
seed chosen by the creator makes a practice table: at most one person sits there, and it is
never rated. A table still waiting for its people expires ``waiting_expiry`` seconds after it
was made, and its creator may cancel it before then; either way it is never dealt, and no
longer counts towards its creator's tables. A table Play now sets up may wait for people a
while only: then bots take its open seats nobody has taken (at its owner, at the look for
waiting tables, which comes when the wait is over, after a restart too), and it deals once
every person who took a seat has come.

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
import unicodedata
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

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
    CANCELLED,
    EXPIRED,
    OVER,
    PLAYING,
    WAITING,
    AccountRow,
    ChatLine,
    InviteRefused,
    Rerating,
    SeatRow,
    StaleOwner,
    Store,
    TableClosed,
    TableRow,
    reason_of,
    token_hash,
    unreachable,
)
from chickenfoot.server.thinking import Thinkers, reads_tables

T = TypeVar("T")

STAND_IN = "medium"
"""The level of the bot that plays for a person who has gone away."""
STORAGE_RETRY = 1.0
"""Seconds a bot whose action could not be saved waits before it tries again."""
BOT_RETRY_LONGEST = 60.0
"""Seconds at most a bot waits before it tries again after its turns failed (otherwise than
in storage): each failure in a row doubles the wait, from :data:`STORAGE_RETRY`."""
CLOCK_SECONDS = (5, 600)
"""The move clocks a table may have: seconds per move, at least and at most."""
ACCOUNT_CREATOR = "account:"
"""How a table made signed in names its creator (``account:ID``), whose quota it counts in;
one made by a guest names the address it came from."""
PLAYED_FOR_LIMIT = 200
"""The most actions a person back at their seat is told were played for them."""
SEEDS = 2**63
"""How many seeds a match may be dealt from (0 to 2^63-1: every seed a record and the store
hold); the server draws from all of them."""
WAITING_EXPIRY = 86_400.0
"""Seconds a table waits for its people before it expires (``serve --waiting-expiry``)."""
CHAT_LIMIT = 200
"""The most characters a free-text chat line holds."""
CHAT_KEPT = 50
"""How many of a table's latest chat lines a socket is given when it opens."""
REMATCHES_KEPT = 1_000
"""How many tables' rematches the hub remembers (the oldest forgotten first)."""
EXPIRY_CHECKS = 60.0
"""Seconds between two looks for tables that have waited too long (at most)."""
STOP_LOOK_SECONDS = 10.0
"""How long a stopping hub lets its look at the waiting tables, and then its errands, finish."""
ROUND_WAIT = 60.0
"""Seconds a new round waits at most for its people to close the summary of the round before
it, at a table without a move clock (with one: the clock's seconds)."""
BOTS_ROUND_WAIT = 3.0
"""Seconds a new round at a table of bots alone waits at most (less at a quicker pace)."""
PACES = {"fast": 0.2, "normal": 0.6, "slow": 1.5}
"""The bots' paces a table's creator may choose (seconds a bot's move takes at least)."""
BOTS_WAIT = (1, 600)
"""The seconds a Play now table may wait for people before bots take its seats still open,
at least and at most (the page offers a few; a test's second costs nothing more than a table
of bots)."""
FILLING_BOT = "medium"
"""The level of the bots that take a Play now table's seats nobody came for."""


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat asked for: a person by name, or a bot by level or name."""

    human: str | None = None
    bot: str | None = None
    open: bool = False
    """A person's seat anybody may take from the list of waiting tables."""


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
        waiting_expiry: float = WAITING_EXPIRY,
        round_wait: float = ROUND_WAIT,
    ) -> None:
        self.store = store
        self.metrics = metrics or Metrics()
        self.metrics.count_live_tables(lambda: len(self.live))
        self.bot_delay = bot_delay
        self.away = away
        self.round_wait = round_wait
        self.tables_per_address = tables_per_address
        self.waiting_expiry = waiting_expiry
        self._expiring: asyncio.Task[None] | None = None
        self._look_soon = asyncio.Event()
        """Set when a table is made whose bots may be due before the next look."""
        self.live: dict[str, Live] = {}
        self.thinkers = Thinkers(bot_processes)
        self.ratings = Ratings()
        self._closing = False
        self._errands: set[asyncio.Task[Any]] = set()
        self._opening: dict[str, asyncio.Task[Live]] = {}
        self._hints: dict[str, _Hinted] = {}
        """Each table's hint for the turn it was asked at."""
        self._rematches: dict[str, _Rematch] = {}
        """The rematch asked for at each finished table (held here, not in the store)."""
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
        self._expiring = asyncio.create_task(self._expire_now_and_then())

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
        if self._expiring is not None:
            # A look under way ends its queries (cancelled in one, the database's thread
            # would answer a loop already closed); a look slower than that is cancelled.
            self._look_soon.set()
            try:
                await asyncio.wait_for(asyncio.shield(self._expiring), STOP_LOOK_SECONDS)
            except TimeoutError:
                self._expiring.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._expiring
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
        if self._errands:
            await asyncio.wait(set(self._errands), timeout=STOP_LOOK_SECONDS)
        self.thinkers.close()
        await self.channel.stop([live.id for live in self.live.values() if live.owned])

    def errand(self, work: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """``work`` done to its end, whoever stops waiting for it: the hub waits for it before
        it stops. A database query is never cut short, for SQLite's driver, cancelled in a
        query, leaves its connection to be closed when the loop ends, which can then wait
        for that close forever."""
        task = asyncio.create_task(work)
        self._errands.add(task)
        task.add_done_callback(self._errands.discard)
        return task

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
        clock: int | None = None,
        *,
        account: AccountRow | None = None,
        rated: bool = False,
        chat: bool | None = None,
        bots_after: int | None = None,
    ) -> tuple[str, Seating]:
        """A new table: its id and its secrets (the creator sits at ``sit``, a person's seat,
        if it is given). ``clock``: the seconds each person has for a move (None: as long as
        they like). A ``seed`` chosen makes it a practice table, for at most one person. Made
        by someone signed in (``account``), the creator's own seat is that account's. A
        ``rated`` table is made only so, and deals from a seed of the server's. ``chat``: its
        people may write free text in the chat (None: yes, unless it is rated).
        ``bots_after``: seconds after which bots take the open seats nobody has taken, if
        it still waits (None: never)."""
        rules = games.make_rules(game, len(seats), preset, options)  # RulesError
        check_wait(bots_after)
        if clock is not None and not CLOCK_SECONDS[0] <= clock <= CLOCK_SECONDS[1]:
            raise ServerError("bad-clock", low=CLOCK_SECONDS[0], high=CLOCK_SECONDS[1])
        if rated and account is None:
            raise ServerError("rated-needs-account", status=403)
        if rated and seed is not None:
            raise ServerError("rated-no-seed")
        people = sum(1 for spec in seats if spec.bot is None)
        if seed is not None and people > 1:
            raise ServerError("seed-for-practice", people=people)
        own = sit if account is not None else None  # the creator's own seat, signed in
        for spec in seats:
            if spec.bot is not None:
                make_bot(spec.bot, 0)  # an unknown name raises UnknownBotError
            if spec.human is not None and spec.human.startswith(BOT_PREFIX):
                raise ServerError("name-reserved")
        if account is not None:  # counted by account, whatever address it comes from
            creator = f"{ACCOUNT_CREATOR}{account.id}"
        with reaching_storage():
            made = await self.store.open_tables_of(creator, self.waiting_since())
        if made >= self.tables_per_address:
            raise ServerError("too-many-tables", status=429, count=made)
        persons = [s for s, spec in enumerate(seats) if spec.bot is None]
        if sit is not None and sit not in persons:
            raise ServerError("bad-request", reason=f"seat {sit} is not a person's seat")
        if sit is not None and seats[sit].open:
            raise ServerError("bad-request", reason=f"seat {sit} is the creator's, not open")
        tokens = {s: _secret() for s in persons if s == sit}
        invites = {s: _secret() for s in persons if s != sit}
        key = _secret()
        now = time.time()
        row = TableRow(
            id=secrets.token_urlsafe(9),
            created=now,
            creator=creator,
            game=game,
            preset=rules.preset_name if games.game_named(game).presets else None,
            options=options,
            seed=secrets.randbelow(SEEDS) if seed is None else seed,
            status=WAITING if persons else PLAYING,
            seats=[
                SeatRow(
                    seat=s,
                    name=spec.human or f"{BOT_PREFIX}{spec.bot}",
                    bot=spec.bot,
                    token_hash=token_hash(tokens[s]) if s in tokens else None,
                    joined=spec.bot is not None,
                    invite_hash=token_hash(invites[s]) if s in invites else None,
                    open=spec.open and spec.bot is None,
                )
                if s != own or account is None
                else _held(s, account, token_hash(tokens[s]))
                for s, spec in enumerate(seats)
            ],
            clock=clock,
            seeded=seed is not None,
            rated=rated,
            key_hash=token_hash(key),
            chat=not rated if chat is None else chat,
            bots_at=None if bots_after is None else now + bots_after,
        )
        fence = await self.channel.claim(row.id)
        with reaching_storage():
            await self.store.add_table(row, fence=fence or 0)
        logs.event(logging.INFO, "table-created", table=row.id, game=game, seats=len(seats))
        live = self.live[row.id] = Live.of(row)
        live.fence = fence
        if not persons:
            self._deal(live)
        if row.bots_at is not None:
            self._look_soon.set()
        return row.id, Seating(key, tokens, invites)

    async def get(self, table_id: str) -> Live:
        """The table ``table_id``, held in memory (a finished one is rebuilt from its record)."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        opening = self._opening.get(table_id)
        if opening is None:  # one load, however many sockets ask meanwhile
            opening = self.errand(self._open(table_id))
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
            if row.status in (CANCELLED, EXPIRED):
                raise _closed(row.status, table_id)
        adopted = self.live.get(table_id)  # by the channel, meanwhile
        if adopted is not None:
            return adopted
        live = self.live.setdefault(table_id, await self.channel.open(row))
        self._heed_bots_wait(live)
        return live

    def _heed_bots_wait(self, live: Live) -> None:
        """A waiting table with a wait for bots, new to this process (opened here, or taken
        over from a process gone): the look at waiting tables comes when its wait runs out,
        not at its usual pace."""
        if live.table is None and live.row.bots_at is not None:
            self._look_soon.set()

    def opening(self, table_id: str) -> bool:
        """The table is being read from the store just now."""
        return table_id in self._opening

    def seat_of_account(self, live: Live, account: AccountRow | None) -> int | None:
        """The seat of the table that ``account`` has taken (None: none, or not signed in)."""
        if account is None:
            return None
        return next((s.seat for s in live.seats if s.account == account.id), None)

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

    async def claim(
        self, table_id: str, invite: str, account: AccountRow | None = None
    ) -> tuple[int, str]:
        """Spend ``invite``: the seat it was for, and the token of that seat, new and given
        only to whoever sent the invite (``invite-used`` if it was spent before). Whoever
        may not take that seat (:func:`may_take`; signed in as ``account``) leaves the invite
        unspent."""
        token = _secret()
        try:
            with reaching_storage(table_id):
                row = await self.store.table(table_id)
                if row is None:
                    raise ServerError("no-such-table", status=404, table=table_id)
                asked = _invited(row, token_hash(invite))
                if asked is not None:
                    may_take(self.live.get(table_id) or Live.of(row), asked, account)
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

    async def take_open(
        self,
        table_id: str,
        seat: int,
        name: str | None = None,
        account: AccountRow | None = None,
    ) -> str:
        """Take the open ``seat`` of a waiting table, as its invite's claim would: its token,
        new and given only to whoever took it (``seat-taken`` if somebody took it before,
        ``not-open-seat`` if anybody may not). A guest's seat takes the guest's ``name``;
        an account's, the account's when it joins."""
        token = _secret()
        with reaching_storage(table_id):
            row = await self.store.table(table_id)
            if row is None:
                raise ServerError("no-such-table", status=404, table=table_id)
            if row.status in (CANCELLED, EXPIRED) or (
                row.status == WAITING and row.created < self.waiting_since()
            ):
                raise _closed(EXPIRED if row.status == WAITING else row.status, table_id)
            if not 0 <= seat < len(row.seats) or not row.seats[seat].open:
                raise ServerError("not-open-seat", status=403, seat=seat)
            if row.seats[seat].invite_used or row.status != WAITING:
                raise ServerError("seat-taken", status=409, seat=seat)
            may_take(self.live.get(table_id) or Live.of(row), seat, account)
            named = plain(name)[:40] if name is not None and account is None else None
            if named is not None and named.startswith(BOT_PREFIX):
                raise ServerError("name-reserved")
            try:
                await self.store.take_open(table_id, seat, token_hash(token), named or None)
            except InviteRefused as refused:
                if refused.used:
                    raise ServerError("seat-taken", status=409, seat=seat) from None
                raise ServerError("not-open-seat", status=403, seat=seat) from None
        live = self.live.get(table_id)
        if live is not None and seat < len(live.seats):
            changed: dict[str, Any] = {"token_hash": token_hash(token), "invite_used": True}
            if named:
                changed["name"] = named
            live.seats[seat] = dataclasses.replace(live.seats[seat], **changed)
        logs.event(logging.INFO, "open-seat-taken", table=table_id, seat=seat)
        return token

    async def open_seats(
        self,
        after: tuple[float, str] | None = None,
        limit: int = 20,
        kind: tuple[str, str | None, int] | None = None,
    ) -> list[TableRow]:
        """Waiting tables with a seat anybody may take, the oldest first (with a ``kind``:
        of that game, preset and number of seats only)."""
        with reaching_storage():
            return await self.store.open_seats(self.waiting_since(), after, limit, kind)

    async def _of_creator(self, table_id: str, key: str) -> TableRow:
        """The table, asked of by its creator: ``not-creator`` unless ``key`` is its key."""
        with reaching_storage(table_id):
            row = await self.store.table(table_id)
        if row is None:
            raise ServerError("no-such-table", status=404, table=table_id)
        if row.key_hash is None or not hmac.compare_digest(row.key_hash, token_hash(key)):
            raise ServerError("not-creator", status=403)
        return row

    async def reissue(self, table_id: str, key: str, seat: int) -> str:
        """A new invite for a person's ``seat``, asked by the table's creator (its ``key``):
        the seat's token and any older invite no longer count, and the sockets holding the
        seat are told so and closed, on every process."""
        row = await self._of_creator(table_id, key)
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

    async def connect(
        self, live: Live, connection: Connection, account: AccountRow | None = None
    ) -> None:
        """A socket has opened: it gets the table as its viewer may see it; a person's first
        visit takes their seat (signed in: as ``account``), and the table deals once every
        person has come."""
        seat = connection.viewer
        if live.table is None and live.row.created < self.waiting_since():
            await self._close_waiting(live, EXPIRED)
        if seat is not None and not live.seats[seat].joined:
            may_take(live, seat, account)
        joining = seat is not None and not live.seats[seat].joined and not live.owned
        asked: dict[str, Any] = {"op": "join", "seat": seat}
        if account is not None:
            asked["account"] = account.id
        if joining and await self.channel.forward(live, asked):
            assert seat is not None
            live.seats[seat] = _joined(live.seats[seat], account)
        async with live.lock:
            deal = False
            if seat is not None and not live.seats[seat].joined:
                may_take(live, seat, account)
                deal = await self._join(live, seat, account)
            if seat is not None and not live.owned and not live.here(seat):
                self.channel.say_present(live, seat, True)
            live.connections.add(connection)
            back = seat is not None and live.gone_since.pop(seat, None) is not None
            if seat is not None:
                self._say_elsewhere(live, seat)
            if deal:
                self._deal(live)
                return
            if live.table is None:
                self._send_lobby(live)
                return
            self._send_snapshot(live, connection)
            if back and live.owned:
                self.presence_changed(live)  # every viewer, this one included
            else:
                self._send_seats(live, connection)
            if seat is not None:
                played = self._played_for(live, seat)
                if played:
                    connection.send(frames.played_for(played))

    async def _join(self, live: Live, seat: int, account: AccountRow | None = None) -> bool:
        """The person takes ``seat`` (the caller holds the lock): whether every seat is taken
        now, and the table is to deal."""
        deal = all(s.joined or s.seat == seat for s in live.seats)
        status = PLAYING if deal else WAITING
        try:
            with reaching_storage(live.id):  # the seat is taken once the store has it
                name = await self.store.join(live.id, seat, status, live.fence, account)
        except TableClosed as closed:
            if closed.status not in (CANCELLED, EXPIRED):  # dealt meanwhile: every seat taken
                live.seats[seat] = _joined(live.seats[seat], account)
                return False
            self._say_closed(live, closed.status)
            raise _closed(closed.status, live.id) from None
        except StaleOwner:
            await self.channel.lost(live)
            raise ServerError(TABLE_UNREACHABLE, status=503) from None
        live.seats[seat] = dataclasses.replace(_joined(live.seats[seat], account), name=name)
        await self.channel.publish(live, {"kind": "join", "seat": seat})
        return deal

    async def join(self, live: Live, seat: int, account: AccountRow | None = None) -> None:
        """A person takes ``seat`` at a table owned here, for another process: the table
        deals once every person has come."""
        async with live.lock:
            if not live.seats[seat].joined:
                may_take(live, seat, account)
                if await self._join(live, seat, account):
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
            self.presence_changed(live)
        if not live.connections and (not live.owned or live.status == OVER):
            self.drop(live)

    # -- tables that are never dealt ------------------------------------------------------

    def waiting_since(self) -> float:
        """The time (``time.time()``) before which a table still waiting has expired."""
        return time.time() - self.waiting_expiry

    async def cancel(self, table_id: str, key: str) -> None:
        """The creator (its ``key``) calls off a table that is still waiting: it is never
        dealt, and everyone watching it is told."""
        row = await self._of_creator(table_id, key)
        live = self.live.get(table_id) or Live.of(row)
        await self._close_waiting(live, CANCELLED)
        logs.event(logging.INFO, "table-cancelled", table=table_id)

    async def _close_waiting(self, live: Live, status: str) -> None:
        """End the waiting table ``status`` (cancelled or expired) in the store, then tell
        its sockets and let it go; raises the :class:`ServerError` that says it is closed
        (or, for one dealt meanwhile, ``table-started``)."""
        async with live.lock:
            try:
                with reaching_storage(live.id):
                    await self.store.close_waiting(live.id, status)
            except TableClosed as closed:
                status = closed.status
                if status not in (CANCELLED, EXPIRED):
                    raise ServerError("table-started", status=409) from None
            self._say_closed(live, status)
        if status == CANCELLED:
            return
        raise _closed(status, live.id)

    def _say_closed(self, live: Live, status: str) -> None:
        """Tell every socket of ``live`` (in its language) that it will never be dealt,
        close them and let the table go."""
        code = "table-cancelled" if status == CANCELLED else "table-expired"
        for connection in list(live.connections):
            text = error_in(ServerError(code), translation(connection.lang))
            connection.send(frames.error(code, text))
            connection.send(None)
        if self.live.get(live.id) is live:
            self.drop(live)

    async def _expire_now_and_then(self) -> None:
        """Expire the tables that have waited too long, at least every :data:`EXPIRY_CHECKS`
        seconds (and every half expiry, where that is shorter); the waiting tables held here
        that another process has closed meanwhile are closed here too. Bots take the open
        seats of the tables whose wait is over (sooner when one held here is due)."""
        every = min(EXPIRY_CHECKS, self.waiting_expiry / 2)
        while not self._closing:
            self._look_soon.clear()
            try:
                for table_id in await self.store.expire_waiting(self.waiting_since()):
                    logs.event(logging.INFO, "table-expired", table=table_id)
                held = [live.id for live in self.live.values() if live.table is None]
                closed = await self.store.closed_among(held)
                due = await self.store.bots_due(time.time(), self.waiting_since())
            except Exception as exc:  # the database is away: the next look will do
                logs.event(logging.WARNING, "expiry-deferred", reason=reason_of(exc))
                closed, due = {}, []
            for table_id, status in closed.items():
                live = self.live.get(table_id)
                if live is not None and live.table is None:
                    self._say_closed(live, status)
            for table_id in due:
                try:
                    await self._bots_take(table_id)
                except Exception as exc:  # the next look tries again
                    logs.event(logging.WARNING, "bots-deferred", reason=reason_of(exc))
            pause = every
            for live in self.live.values():
                if live.table is None and live.row.bots_at is not None:
                    pause = min(pause, max(0.25, live.row.bots_at - time.time()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._look_soon.wait(), pause)

    async def _bots_take(self, table_id: str) -> None:
        """Bots take the seats of a waiting table nobody has taken, at its owner (another
        process's table is left to it), and it deals once every seat is joined."""
        live = await self.get(table_id)
        if not live.owned:
            if not live.connections:
                self.drop(live)
            return
        async with live.lock:
            if live.table is not None:
                return
            try:
                with reaching_storage(table_id):
                    name = f"{BOT_PREFIX}{FILLING_BOT}"
                    taken, full = await self.store.fill_open(
                        table_id, FILLING_BOT, name, live.fence
                    )
            except TableClosed:
                return
            except StaleOwner:
                await self.channel.lost(live)
                return
            live.row = dataclasses.replace(live.row, bots_at=None)
            if not taken and not full:
                return
            for seat in taken:
                live.seats[seat] = dataclasses.replace(
                    live.seats[seat],
                    bot=FILLING_BOT,
                    name=name,
                    joined=True,
                    invite_used=True,
                    token_hash=None,
                    invite_hash=None,
                )
                live.bots[seat] = FILLING_BOT
            logs.event(logging.INFO, "bots-seated", table=table_id, seats=len(taken))
            await self.channel.publish(live, {"kind": "bots", "seats": taken})
            if full:
                self._deal(live)
            else:
                self._send_lobby(live)

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
        self,
        live: Live,
        seat: int | None,
        action: Action,
        expect: int | None = None,
        hold: float | None = None,
    ) -> None:
        """A person's action; refused (nothing changes) with a :class:`CodedError`. With
        ``expect``, the version the person chose it at, it is refused as ``stale`` if the
        table is no longer there (an action sent twice is taken once). While the next round
        waits, the action is held until it begins, or ``hold`` seconds at most (then refused
        as ``round-waits``: one forwarded from another process, whose sender would not wait
        longer)."""
        if seat is None:
            raise ServerError("spectator-acts")
        arrived = time.perf_counter()
        for _ in range(3):  # the table may change owners meanwhile
            if not live.owned:
                message = {"op": "act", "seat": seat, "action": action_to_json(action)}
                if expect is not None:
                    message["expect"] = expect
                seen = live.table.version if live.table is not None else None
                if await self.channel.forward(live, message):
                    return
                # Taken over here meanwhile: the old owner may have committed the action
                # before it stopped answering, so it is taken only if nothing has happened
                # since it was sent (else refused as stale, never taken twice).
                expect = seen if expect is None else expect
            await self._round_begun(live, seat, hold)
            # Once taken, an action is seen through even if the socket that sent it goes
            # away meanwhile: the table and the store must not part ways.
            taking = self.errand(self._take_action(live, seat, action, arrived, expect))
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

    # -- between rounds -------------------------------------------------------------------

    async def ready(self, live: Live, seat: int | None, ended: int) -> None:
        """The person of ``seat`` has closed the summary of round ``ended`` (numbered from 1):
        once every person has (or the wait is over), the next round is played. A round that
        has not ended is refused (``ready-not-ended``); one played already is let be."""
        if seat is None:
            raise ServerError("spectator-ready")
        for _ in range(3):  # the table may change owners meanwhile
            if not live.owned:
                message = {"op": "ready", "seat": seat, "round": ended}
                if await self.channel.forward(live, message):
                    return
            async with live.lock:
                if not live.owned:
                    continue
                table = live.table
                if table is None or ended >= len(table.match.rounds) + table.is_over:
                    raise ServerError("ready-not-ended", round=ended)
                rounds = len(table.match.rounds)
                if ended < rounds - 1:
                    return  # a round played already
                if live.waits_until is None and (live.begun is None or rounds <= live.begun):
                    return  # no round waits (nor is about to: its wait counts this one)
                live.ready.add(seat)
                self.schedule(live)
                if live.waits_until is not None:
                    self.presence_changed(live)
            return
        raise ServerError(TABLE_UNREACHABLE, status=503)

    async def _round_begun(self, live: Live, seat: int, hold: float | None = None) -> None:
        """A person who acts while the new round waits has closed the summary: their action
        is taken once the round begins (refused as ``round-waits`` if it has not by the
        end of the wait)."""
        begins = live.round_begins
        if begins is None or live.waits_until is None:
            return
        if seat not in live.ready:
            live.ready.add(seat)
            self.schedule(live)
            if live.waits_until is not None:
                self.presence_changed(live)
        wait = live.waits_until
        if wait is None:
            return
        longest = max(0.0, wait - time.monotonic()) + 1.0
        try:
            await asyncio.wait_for(begins.wait(), longest if hold is None else hold)
        except TimeoutError:
            raise ServerError("round-waits", status=409) from None

    def _waits(self, live: Live) -> bool:
        """Whether the round just dealt waits for its people to close the summary of the one
        before it (a timer wakes the table when the wait is over); the wait begins with the
        first look after the round is dealt, and ends with the last person ready."""
        table = live.table
        assert table is not None
        rounds = len(table.match.rounds)
        if live.begun is None or table.is_over:
            live.begun = rounds  # as the table was held (after a restart too): not waited
        if rounds <= live.begun:
            return False
        now = time.monotonic()
        persons = set(live.persons())
        if live.waits_until is None:
            clock = live.row.clock
            longest = self.round_wait if clock is None else float(clock)
            if not persons:
                longest = min(BOTS_ROUND_WAIT, 5 * self._pace(live))
            live.waits_until = now + longest  # a ready heard already counts
            live.round_begins = asyncio.Event()
            self.presence_changed(live)
        if live.ready >= persons or now >= live.waits_until:
            live.begun = rounds
            live.waits_until = None
            live.ready = set()
            if live.round_begins is not None:
                live.round_begins.set()
                live.round_begins = None
            live.turn_since = None  # the move clock starts with the play
            self.presence_changed(live)
            return False
        self._wake_at(live, live.waits_until)
        return True

    def _pace(self, live: Live) -> float:
        """Seconds a bot's move takes at least at ``live``: its own pace, or the server's."""
        return self.bot_delay if live.pace is None else PACES[live.pace]

    async def set_pace(
        self, live: Live, seat: int | None, pace: str, key: str | None = None
    ) -> None:
        """The bots' pace at ``live`` (one of :data:`PACES`), chosen by its creator (who
        proves it with ``key``) or, at a table of one person, by that person; a rated table
        keeps the server's (refused with a :class:`ServerError`). Every viewer is told, on
        every process."""
        if pace not in PACES:
            raise ServerError("bad-pace", pace=pace, paces=", ".join(PACES))
        if live.row.rated:
            raise ServerError("pace-rated")
        hashed = live.row.key_hash
        creator = key is not None and hashed is not None
        creator = creator and hmac.compare_digest(hashed or "", token_hash(key or ""))
        if not creator and (seat is None or live.persons() != [seat]):
            raise ServerError("not-pace-setter", status=403)
        for _ in range(3):  # the table may change owners meanwhile
            if not live.owned:
                message: dict[str, Any] = {"op": "pace", "seat": seat or 0, "pace": pace}
                if key is not None:
                    message["key"] = key
                if await self.channel.forward(live, message):
                    return  # the owner tells every process
            async with live.lock:
                if not live.owned:
                    continue
                with reaching_storage(live.id):
                    await self.store.set_pace(live.id, pace)
                live.pace = pace
                live.row = dataclasses.replace(live.row, pace=pace)
                logs.event(logging.INFO, "pace", table=live.id, pace=pace)
                await self.channel.publish(live, {"kind": "pace", "pace": pace})
                self.heard_pace(live, pace)
            return
        raise ServerError(TABLE_UNREACHABLE, status=503)

    def heard_pace(self, live: Live, pace: str) -> None:
        """The bots' pace at ``live`` has changed (here, or at its owner): its viewers here
        are told."""
        if pace not in PACES:
            return
        live.pace = pace
        frame = frames.pace(pace)
        for connection in live.connections:
            connection.send(frame)

    # -- rematches ------------------------------------------------------------------------

    async def rematch(self, live: Live, seat: int | None) -> None:
        """The person of ``seat`` accepts a rematch of the finished table ``live``: a new
        table with the same seats, people and settings and a new secret deal, made once every
        person has accepted (who has is kept in the store). Every viewer, on every process, is
        told who has accepted; then each socket of a person's seat is given the token of its
        seat at the new table, and every socket the new table (refused with a
        :class:`ServerError`)."""
        if seat is None:
            raise ServerError("spectator-rematch")
        if live.table is None or not live.table.is_over:
            raise ServerError("rematch-not-over")
        for _ in range(3):  # the table may change owners meanwhile
            asked_owner = {"op": "rematch", "seat": seat}
            if not live.owned and await self.channel.forward(live, asked_owner):
                return  # the owner tells every process
            async with live.lock:
                if not live.owned:
                    continue
                asked = await self._rematch_of(live)
                if asked is None:
                    asked = _Rematch()
                if asked.table is None:
                    accepted = asked.accepted | {seat}
                    made: tuple[str, dict[int, str]] | None = None
                    if accepted >= set(live.persons()):
                        made = await self._rematch_table(live)
                        logs.event(logging.INFO, "rematch", table=live.id, rematch=made[0])
                    new = None if made is None else made[0]
                    with reaching_storage(live.id):
                        await self.store.set_rematch(live.id, accepted, new)
                    asked.accepted = accepted
                    if made is not None:
                        asked.table, asked.tokens = made
                self._remember_rematch(live.id, asked)
                tokens = {str(s): token for s, token in asked.tokens.items()}
                told = {"accepted": sorted(asked.accepted), "table": asked.table, "tokens": tokens}
                await self.channel.publish(live, {"kind": "rematch", **told})
            for connection in live.connections:
                self._tell_rematch(live, connection)
            return
        raise ServerError(TABLE_UNREACHABLE, status=503)

    def heard_rematch(
        self, live: Live, accepted: list[int], table: str | None, tokens: dict[int, str]
    ) -> None:
        """Where the rematch of ``live`` stands, as its owner says: its viewers here are
        told."""
        self._remember_rematch(live.id, _Rematch(set(accepted), table, tokens))
        for connection in live.connections:
            self._tell_rematch(live, connection)

    def _remember_rematch(self, table_id: str, asked: _Rematch) -> None:
        self._rematches[table_id] = asked
        if len(self._rematches) > REMATCHES_KEPT:
            del self._rematches[next(iter(self._rematches))]

    async def _rematch_of(self, live: Live) -> _Rematch | None:
        """The rematch asked for at ``live``: as held here, else as the store has it."""
        asked = self._rematches.get(live.id)
        if asked is not None or live.table is None or not live.table.is_over:
            return asked
        with reaching_storage(live.id):
            stored = await self.store.rematch_of(live.id)
        if stored is None:
            return None
        asked = _Rematch(stored[0], stored[1])
        self._remember_rematch(live.id, asked)
        return asked

    def _tell_rematch(self, live: Live, connection: Connection) -> None:
        """Where the rematch of ``live`` stands, to one socket (nothing if none is asked)."""
        asked = self._rematches.get(live.id)
        if asked is None:
            return
        viewer = connection.viewer
        token = None if viewer is None else asked.tokens.get(viewer)
        connection.send(frames.rematch(sorted(asked.accepted), asked.table, token))

    async def _rematch_table(self, live: Live) -> tuple[str, dict[int, str]]:
        """The new table of a rematch of ``live``, and a token for each person's seat; it
        deals once every person has opened it."""
        old = live.row
        tokens = {s: _secret() for s in live.persons()}
        row = dataclasses.replace(
            old,
            id=secrets.token_urlsafe(9),
            created=time.time(),
            seed=secrets.randbelow(SEEDS),
            status=WAITING if tokens else PLAYING,
            seats=[
                SeatRow(
                    s.seat,
                    s.name,
                    s.bot,
                    token_hash(tokens[s.seat]) if s.seat in tokens else None,
                    s.bot is not None,
                    s.account,
                )
                for s in old.seats
            ],
            totals=None,
            winners=None,
            seeded=False,
            key_hash=old.key_hash,  # the same creator gives its seats new invites
        )
        fence = await self.channel.claim(row.id)
        with reaching_storage(row.id):
            await self.store.add_table(row, fence=fence or 0)
        made = self.live[row.id] = Live.of(row)
        made.fence = fence
        if not tokens:
            self._deal(made)
        return row.id, tokens

    async def tell_chat(self, live: Live, connection: Connection) -> None:
        """Where a rematch stands and the table's latest chat lines, to a socket that has
        just opened (if there are any; none while the database cannot be reached)."""
        if live.pace is not None:
            connection.send(frames.pace(live.pace))
        with contextlib.suppress(ServerError):
            await self._rematch_of(live)
        self._tell_rematch(live, connection)
        try:
            with reaching_storage(live.id):
                said = await self.store.chat_of(live.id, CHAT_KEPT)
        except ServerError:
            said = []
        early = connection.chat_early
        connection.chat_told = max([-1, *early, *(line.n for line in said)])
        said = [line for line in said if line.n not in early]
        early.clear()
        if said:
            connection.send(frames.chat(said))

    async def say(self, live: Live, seat: int | None, phrase: str | None, text: str | None) -> None:
        """A line in the table's chat from ``seat``: a short phrase, or free text where the
        table allows it (made plain: no control or formatting characters, spaces as one);
        kept in the store (once, by the table's owner), never in the record, and told to every
        viewer of the table on every process (refused with a :class:`ServerError`)."""
        if seat is None:
            raise ServerError("spectator-chats")
        if (phrase is None) == (text is None):
            raise ServerError("chat-one-thing")
        if text is not None:
            if not live.row.chat:
                raise ServerError("chat-off")
            text = plain(text)
            if not text:
                raise ServerError("chat-empty")
            if len(text) > CHAT_LIMIT:
                raise ServerError("chat-too-long", limit=CHAT_LIMIT, length=len(text))
        for _ in range(3):  # the table may change owners meanwhile
            if not live.owned:
                message = {"op": "say", "seat": seat, "phrase": phrase, "text": text}
                if await self.channel.forward(live, message):
                    return  # the owner tells every process
            async with live.lock:  # one line at a time: each numbered after the last
                if not live.owned:
                    continue
                with reaching_storage(live.id):
                    line = await self.store.add_chat(
                        live.id, ChatLine(0, seat, phrase, text, time.time())
                    )
                said = {"n": line.n, "seat": seat, "phrase": phrase, "text": text, "at": line.at}
                await self.channel.publish(live, {"kind": "chat", "line": said})
            self.heard_chat(live, line)
            return
        raise ServerError(TABLE_UNREACHABLE, status=503)

    def heard_chat(self, live: Live, line: ChatLine) -> None:
        """A line said at ``live`` (here, or through its owner): its viewers here are told."""
        frame = frames.chat([line])
        for connection in live.connections:
            if connection.chat_told is None:  # its backlog is on its way
                connection.chat_early.add(line.n)
            elif line.n > connection.chat_told:
                connection.chat_told = line.n
            else:
                continue
            connection.send(frame)

    async def hint(self, live: Live, seat: int | None) -> Hint:
        """The expert's advice for ``seat``, from that seat's view alone: one search per
        turn, however many sockets of the seat ask (asked again, the same answer)."""
        table = live.table
        if seat is None or table is None or table.turn != seat:
            raise ServerError("no-hint-now")
        if live.row.rated and not table.is_over:
            raise ServerError("rated-no-hints")
        asked = self._hints.get(live.id)
        if asked is None or asked.table is not table or asked.version != table.version:
            search = asyncio.create_task(self.thinkers.advise(table.view(seat)))
            self.metrics.hint_searches.inc()
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
        self,
        live: Live,
        seat: int,
        action: Action,
        arrived: float,
        expect: int | None = None,
        stand_in: bool = False,
    ) -> None:
        """Check, commit, apply, then tell: the caller holds the table's lock. A commit that
        fails refuses the action, the table left as it was (see the module docstring).
        ``stand_in``: the computer plays the action for the seat's person."""
        if live.unsure:
            with reaching_storage(live.id):
                await self._settle(live)
        table = live.table
        assert table is not None
        if expect is not None and expect != table.version:
            raise ServerError("stale", status=409, expect=expect, version=table.version)
        checked = table.check(seat, action)  # refuses what the core refuses
        n = live.actions
        record = checked.record
        rerate = None
        if record is not None:
            record = _marked(record, live.stand_ins | ({n} if stand_in else set()))
            if live.row.seeded:
                record = {**record, "seeded": True}  # a practice match: never rated
            elif rates(live):
                rerate = _rerating(checked)
        try:
            rated = await self.store.add_action(
                live.id, n, seat, checked.action_json, record, rerate, live.fence, stand_in
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
        if stand_in:
            live.stand_ins.add(n)  # before the frames of its version are made
            logs.event(logging.INFO, "played-for", table=live.id, seat=seat, action=n)
        table.take(checked)
        live.actions += 1
        self.ratings.load(rated)
        for connection in live.connections:
            self._send_entries(live, connection, before)
        message: dict[str, Any] = {"kind": "act", "n": n, "seat": seat}
        if stand_in:
            message["stand_in"] = True
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
        live.stand_ins |= await self.store.stand_ins(live.id)
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
            self._heed_bots_wait(live)
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

    def apply_published(
        self, live: Live, n: int, seat: int, action: Any, stand_in: bool = False
    ) -> None:
        """Take the owner's action ``n`` (its JSON) on a table followed here, without deciding
        its legality again (the owner has), and tell the viewers here: :class:`Behind` if it
        is not the next one (one already read from the store is passed over). ``stand_in``:
        the computer played it for the seat's person. The caller holds the table's lock."""
        table = live.table
        if table is None or n > live.actions:
            raise Behind
        if n < live.actions:
            return
        before = table.version
        if stand_in:
            live.stand_ins.add(n)
        try:
            table.take_known(seat, action_from_json(action))
        except (CodedError, KeyError, TypeError, ValueError):
            live.stand_ins.discard(n)
            raise Behind from None
        live.actions += 1
        for connection in live.connections:
            self._send_entries(live, connection, before)

    # -- bots -----------------------------------------------------------------------------

    def _player_for(self, live: Live, seat: int) -> str | None:
        """Who plays ``seat`` now if not a person at their screen: its bot, or a stand-in for
        a person gone longer than :attr:`away` or out of time for the move (a timer wakes the
        table when that comes)."""
        bot = live.bots.get(seat)
        if bot is not None:
            return bot
        deadline = self._deadline(live, seat)
        if deadline is None:
            return None
        if deadline > time.monotonic():
            self._wake_at(live, deadline)
            return None
        return STAND_IN

    def _deadline(self, live: Live, seat: int) -> float | None:
        """When the stand-in is to play for the person of ``seat`` (monotonic seconds): the
        earlier of their being gone :attr:`away` seconds and, on their turn at a table with a
        clock, their time for the move running out; None while neither can come."""
        times = []
        gone = live.gone_since.get(seat)
        if gone is not None:
            times.append(gone + self.away)
        clock, timed = live.row.clock, live.turn_since
        table = live.table
        if clock is not None and timed is not None and table is not None and table.turn == seat:
            times.append(timed[1] + clock)
        return min(times, default=None)

    def _wake_at(self, live: Live, when: float) -> None:
        """Wake the table at ``when`` (monotonic seconds), unless it wakes sooner already."""
        if live.wake is not None:
            if live.wake_at <= when:
                return
            live.wake.cancel()
        wait = max(0.0, when - time.monotonic())
        live.wake = asyncio.get_running_loop().call_later(wait, self._woken, live)
        live.wake_at = when

    def _woken(self, live: Live) -> None:
        live.wake = None
        self.schedule(live)

    def schedule(self, live: Live) -> None:
        """If a bot (or a stand-in) is to act and is not thinking yet, let it think; a new
        turn starts its move clock."""
        if self._closing or live.table is None or not live.owned:
            return
        if self._waits(live):
            return
        self._time_turn(live)
        if live.thinking is not None:
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
            paced = loop.time() + self._pace(live)
            table = live.table
            assert table is not None
            version = table.version
            seed = f"{seat_seed(live.row.seed, seat)}/{version}"
            view = table.snapshot(seat) if reads_tables(bot) else table.view(seat)
            action = await self.thinkers.choose(bot, seed, view)
            wait = paced - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            arrived = time.perf_counter()
            async with live.lock:
                current = live.table is table and table.version == version and live.owned
                if current and self._player_for(live, seat) == bot:
                    stand_in = seat not in live.bots
                    accepting = self._accept(live, seat, action, arrived, stand_in=stand_in)
                    await asyncio.shield(self.errand(accepting))
                    live.failed = 0
        except asyncio.CancelledError:
            raise
        except _Moved:
            return  # the table's new owner plays its bots
        except Exception as exc:
            if isinstance(exc, ServerError) and exc.code in (STORAGE_UNAVAILABLE, NOT_SAVED):
                self.metrics.error(exc.code)
                self._retry(live, STORAGE_RETRY)
            else:
                # A table must not stall on one failure: the turn is tried again (the table
                # as it is then), later after each failure in a row.
                live.failed += 1
                wait = min(BOT_RETRY_LONGEST, STORAGE_RETRY * 2 ** (live.failed - 1))
                logs.event(
                    logging.ERROR,
                    "bot-failed",
                    error=True,
                    table=live.id,
                    seat=seat,
                    reason=reason_of(exc),
                    retry=wait,
                )
                self._retry(live, wait)
            return
        finally:
            live.thinking = None
        self.schedule(live)

    def _retry(self, live: Live, wait: float) -> None:
        """Let the table's bots try again in ``wait`` seconds."""
        if live.retry is None and not self._closing:
            loop = asyncio.get_running_loop()
            live.retry = loop.call_later(wait, self._retried, live)

    def _retried(self, live: Live) -> None:
        live.retry = None
        self.schedule(live)

    # -- who is here, and the move clock --------------------------------------------------

    def _time_turn(self, live: Live) -> None:
        """A table at a new version starts the move clock of its turn; its viewers are told
        the time left, if there is a clock or somebody is away."""
        table = live.table
        assert table is not None
        if live.turn_since is not None and live.turn_since[0] == table.version:
            return
        live.turn_since = (table.version, time.monotonic())
        if live.row.clock is not None or live.gone_since:
            self.presence_changed(live)

    def presence_changed(self, live: Live) -> None:
        """Tell every viewer of a table owned here (here and through other processes) who
        is away and how long before the computer plays for each person."""
        if live.table is None or not live.owned or self._closing:
            return
        frame = self._seats_frame(live)
        for connection in live.connections:
            connection.send(frame)
        told = asyncio.create_task(
            self.channel.publish(live, {"kind": "seats", "frame": frame.decode()})
        )
        told.add_done_callback(_observed)

    def relay_seats(self, live: Live, frame: bytes) -> None:
        """The owner's ``seats`` frame, on a table followed here: told to every viewer here."""
        live.heard_seats = (frame, time.monotonic())
        for connection in live.connections:
            connection.send(frame)

    def _send_seats(self, live: Live, connection: Connection) -> None:
        """The seats as they are now, to one socket, if there is a clock or somebody is
        away (else nothing: everybody is here; on a table followed here: as the owner last
        said, the time since taken off)."""
        if live.owned:
            if live.row.clock is not None or live.gone_since or live.waits_until is not None:
                connection.send(self._seats_frame(live))
        elif live.heard_seats is not None:
            frame, heard = live.heard_seats
            connection.send(frames.seats_later(frame, time.monotonic() - heard))

    def _seats_frame(self, live: Live) -> bytes:
        now = time.monotonic()
        states = []
        waiting = live.waits_until is not None
        for seat in live.persons():
            deadline = None if waiting else self._deadline(live, seat)
            left = None if deadline is None else round(max(0.0, deadline - now), 1)
            reading = waiting and seat not in live.ready
            states.append(frames.SeatState(seat, seat in live.gone_since, left, reading))
        return frames.seats(states, live.row.clock)

    def _played_for(self, live: Live, seat: int) -> list[dict[str, Any]]:
        """The actions the computer has played for the person of ``seat`` since their own
        last one, in order."""
        table = live.table
        if table is None or not live.stand_ins:
            return []
        played: list[dict[str, Any]] = []
        for n in range(table.actions - 1, -1, -1):
            entry = table.entry(table.action_version(n), seat)
            if getattr(entry, "seat", None) != seat:
                continue
            if n not in live.stand_ins or len(played) == PLAYED_FOR_LIMIT:
                break
            played.append(table.action_json(entry.v))
        return played[::-1]

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
            live.stand_ins |= await self.store.stand_ins(live.id)
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
        bots_at = live.row.bots_at
        if not any(s.open and not s.invite_used for s in live.seats):
            bots_at = None
        bots_in = None if bots_at is None else max(0.0, bots_at - time.time())
        frame = frames.lobby(live.seats, bots_in)
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


@dataclass(slots=True)
class _Rematch:
    """A rematch asked for: the persons' seats that have accepted, and once all have, the
    new table and each person's token there."""

    accepted: set[int] = dataclasses.field(default_factory=set)
    table: str | None = None
    tokens: dict[int, str] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Hinted:
    """The hint of a table's turn: the seat to act at ``version`` of ``table``."""

    table: Table
    version: int
    search: asyncio.Task[Hint | None]


def _closed(status: str, table_id: str) -> ServerError:
    """The refusal of a socket or a request to a table never dealt."""
    code = "table-cancelled" if status == CANCELLED else "table-expired"
    return ServerError(code, status=410, table=table_id)


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


def plain(text: str) -> str:
    """Chat text without control or formatting characters (bidirectional overrides among
    them), its runs of white space made one space, trimmed."""
    kept = "".join(
        " " if c.isspace() else c
        for c in text
        if unicodedata.category(c) not in ("Cc", "Cf") or c.isspace()
    )
    return " ".join(kept.split())


def _secret() -> str:
    """A new secret: a token, an invite or a creator's key (192 random bits)."""
    return secrets.token_urlsafe(24)


def _invited(row: TableRow, digest: str) -> int | None:
    """The seat whose invite hashes to ``digest`` (None: no seat's, or spent)."""
    for seat in row.seats:
        if seat.invite_hash is not None and hmac.compare_digest(seat.invite_hash, digest):
            return seat.seat
    return None


def _holder(live: Live, digest: str) -> int | None:
    for seat in live.seats:
        if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
            return seat.seat
    return None


def _marked(record: dict[str, Any], stand_ins: set[int]) -> dict[str, Any]:
    """The record with each action the computer played for a person marked
    ``"stand_in": true`` (RECORD.md); unchanged when there is none."""
    if not stand_ins:
        return record
    n = 0
    rounds = []
    for entry in record["rounds"]:
        acts = []
        for act in entry["actions"]:
            acts.append({**act, "stand_in": True} if n in stand_ins else act)
            n += 1
        rounds.append({**entry, "actions": acts})
    return {**record, "rounds": rounds}


def _joined(seat: SeatRow, account: AccountRow | None = None) -> SeatRow:
    if account is None:
        return dataclasses.replace(seat, joined=True)
    return dataclasses.replace(seat, joined=True, account=account.id, name=account.name)


def _held(seat: int, account: AccountRow, hashed: str) -> SeatRow:
    """The seat of the person who makes a table signed in: their account's from the start."""
    return SeatRow(seat, account.name, None, hashed, False, account.id)


def rates(live: Live) -> bool:
    """Whether the match of ``live`` changes ratings: a rated table's, or one that only
    computer players play (no person, so nobody to have helped or to be someone else)."""
    return live.row.rated or not live.persons()


def check_wait(bots_after: int | None) -> None:
    """Refuse (``bad-wait``) a wait before bots take the open seats out of :data:`BOTS_WAIT`."""
    if bots_after is not None and not BOTS_WAIT[0] <= bots_after <= BOTS_WAIT[1]:
        raise ServerError("bad-wait", low=BOTS_WAIT[0], high=BOTS_WAIT[1])


def may_take(live: Live, seat: int, account: AccountRow | None) -> None:
    """Refuse a person who may not take ``seat``: at a rated table only someone signed in,
    one seat each (``rated-needs-account``, ``rated-one-seat``); at any table, a seat that is
    one account's by no other account (``seat-of-another``). Whatever path takes a seat (a
    socket's first visit, an invite claimed) asks this first."""
    held = live.seats[seat].account
    if held is not None and account is not None and account.id != held:
        raise ServerError("seat-of-another", status=403)
    if not live.row.rated:
        return
    if account is None:
        raise ServerError("rated-needs-account", status=403)
    if any(s.account == account.id and s.seat != seat for s in live.seats):
        raise ServerError("rated-one-seat", status=403)
