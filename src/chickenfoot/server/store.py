"""Where the server keeps its tables: SQLite in the data folder by default, PostgreSQL by URL.

Six tables (the schema is upgraded by the Alembic migrations in ``migrations/``; an empty
database is given the newest schema at once, as :data:`metadata` declares it):
``tables`` (one per match: game, rules, seed, whether it is rated, status, the record,
totals and winners once it is over, the hash of its creator's key), ``seats`` (who sits
where; a person's seat keeps only hashes of its secrets: the token of the browser that holds
it and its one-time invite, and whether the invite has been used; and the account that took
it, if any), ``actions`` (every accepted action, in order), ``ratings`` (every rated player's
rating and statistics, updated in the commit of each rated match's last action),
``accounts`` (a name, the name as compared, the password's argon2id hash) and ``sessions``
(the hash of each signed-in browser's session id). A table in play is rebuilt by dealing
from its seed and applying its actions again: the deal depends on the seed and the round
number alone, so the rebuilt table is the one that was played. An action is committed before
anybody hears of it.

An SQLite file's queries are made in a thread of their own, each transaction whole and
one after another (:class:`_Sqlite`); PostgreSQL's, on the asynchronous engine's pool, by the
same functions of a connection (``run_sync``).

A database that cannot be reached (stopped, restarting, the connection cut) raises what the
driver raises; :func:`unreachable` tells those errors apart from a statement refused, and
the pool checks a connection before lending it, so that the first statement after an outage
does not fail on a connection the outage cut.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import hashlib
import json
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
import sqlalchemy as sa

from chickenfoot.ratings import Rating

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"
NEWEST_MIGRATION = "0013"
"""The newest of :data:`MIGRATIONS`: a database at it is opened without Alembic."""

T = TypeVar("T")

_encode = msgspec.json.Encoder().encode


def _json_text(data: Any) -> str:
    """``data`` as the JSON text stored (compact, as record files are written)."""
    return _encode(data).decode()


metadata = sa.MetaData()
"""The newest schema, each table's columns in the order the migrations added them (a
database made at once and one upgraded are the same, column for column)."""

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("creator", sa.String(64), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("preset", sa.String(32), nullable=True),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("record", sa.Text, nullable=True),
    sa.Column("totals", sa.Text, nullable=True),
    sa.Column("winners", sa.Text, nullable=True),
    sa.Column("fence", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("key_hash", sa.String(64), nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("seeded", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("clock", sa.Integer, nullable=True),
    sa.Column("chat", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("bots_at", sa.Float, nullable=True),
    sa.Column("pace", sa.String(8), nullable=True),
    sa.Index("tables_by_status", "status", "created"),
    sa.Index("tables_by_creator", "creator", "status"),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("joined", sa.Boolean, nullable=False),
    sa.Column("invite_hash", sa.String(64), nullable=True),
    sa.Column("invite_used", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("account", sa.Integer, nullable=True),
    sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("fence", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false()),
)
_ADD_ACTIONS = actions.insert()
"""Made once: every group commit of actions is this statement."""

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("matches", sa.Integer, nullable=False),
    sa.Column("wins", sa.Float, nullable=False),
    sa.Column("rounds", sa.Integer, nullable=False),
    sa.Column("points", sa.Integer, nullable=False),
    sa.Column("outs", sa.Integer, nullable=False),
    sa.Column("double_blanks", sa.Integer, nullable=False),
)

chats = sa.Table(
    "chats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("phrase", sa.String(16), nullable=True),
    sa.Column("text", sa.String(800), nullable=True),
    sa.Column("at", sa.Float, nullable=False),
)

rematches = sa.Table(
    "rematches",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("accepted", sa.String(64), nullable=False),
    sa.Column("rematch", sa.String(32), nullable=True),
)

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("key", sa.String(256), nullable=False, unique=True),
    sa.Column("password", sa.String(256), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("account", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("sessions_by_account", "account"),
)

WAITING, PLAYING, OVER = "waiting", "playing", "over"
CANCELLED, EXPIRED = "cancelled", "expired"
"""A waiting table its creator called off, or that nobody joined in time: never dealt."""

CONNECT_SECONDS = 5.0
"""How long opening a connection to PostgreSQL may take before the database counts as down."""
PING_SECONDS = 2.0
"""How long :meth:`Store.ping` waits for an answer."""
IDLE_TRANSACTION_SECONDS = 5.0
"""How long PostgreSQL lets one of this server's sessions idle in a transaction before it
ends the session: a process paused in the middle of one (a stalled machine) would otherwise
hold the rows it wrote, and no other process could take its tables until it woke."""

_UNREACHABLE = (
    OSError,  # refused, reset, no route: the server is not there
    TimeoutError,
    sa.exc.TimeoutError,  # no connection of the pool came free
    sa.exc.InterfaceError,
    sa.exc.OperationalError,
)


def _unreachable_errors() -> tuple[type[BaseException], ...]:
    """The errors that say a database is not there: PostgreSQL's driver's too, once it is
    loaded (it is imported only to reach PostgreSQL, so before that none of them is raised)."""
    asyncpg = sys.modules.get("asyncpg")
    if asyncpg is None:
        return _UNREACHABLE
    return (
        *_UNREACHABLE,
        asyncpg.PostgresConnectionError,
        asyncpg.CannotConnectNowError,  # starting up or shutting down
        asyncpg.AdminShutdownError,
        asyncpg.InterfaceError,
    )


class StaleOwner(RuntimeError):
    """A write of a process that no longer owns the table: another process has taken it
    since (its fencing number is higher); nothing was written."""

    def __init__(self, table_id: str, fence: int, current: int) -> None:
        super().__init__(f"table {table_id}: fence {fence} is stale, the table's is {current}")
        self.table_id = table_id


Rerating = tuple[Sequence[str], Callable[[list[Rating]], Sequence[Rating]]]
"""A finished match's players, and how their ratings as stored become their new ones."""


@dataclass(slots=True)
class _Pending:
    row: dict[str, Any]
    record: Any | None
    rerate: Rerating | None
    fence: int | None
    done: asyncio.Future[Sequence[Rating]]


def token_hash(token: str) -> str:
    """What is stored of a secret (a seat's token or invite, a creator's key): the secret
    itself is only ever given to the one it is for."""
    return hashlib.sha256(token.encode()).hexdigest()


class InviteRefused(Exception):
    """An invite that takes no seat: ``used`` if it has been used already, else it is not an
    invite of the table (or a newer invite has replaced it)."""

    def __init__(self, used: bool) -> None:
        super().__init__("used" if used else "unknown")
        self.used = used


def database_url(db: str | None, data: Path) -> str:
    """The SQLAlchemy URL of ``--db`` (``postgresql://...``, ``sqlite:///...``), or the SQLite
    file in the data folder when none is given."""
    if db is None:
        return f"sqlite+aiosqlite:///{data / 'chickenfoot.db'}"
    for plain, driver in (
        ("postgresql://", "postgresql+asyncpg://"),
        ("postgres://", "postgresql+asyncpg://"),
        ("sqlite://", "sqlite+aiosqlite://"),
    ):
        if db.startswith(plain):
            return driver + db.removeprefix(plain)
    return db


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    name: str
    bot: str | None
    token_hash: str | None
    joined: bool
    account: int | None = None
    """The account that took the seat (None: a guest's or a bot's seat, or not taken yet)."""
    invite_hash: str | None = None
    invite_used: bool = False
    open: bool = False
    """Anybody may take it from the list of waiting tables (once: its invite spent)."""


@dataclass(frozen=True, slots=True)
class AccountRow:
    id: int
    name: str
    key: str
    """The name as names are compared (:func:`chickenfoot.server.accounts.name_key`)."""
    password: str
    """The password's argon2id hash."""
    created: float


class NameTaken(ValueError):
    """Another account has that name (as names are compared)."""


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    created: float
    creator: str
    game: str
    preset: str | None
    options: dict[str, Any]
    seed: int
    status: str
    seats: list[SeatRow]
    totals: list[int] | None = None
    """Once the match is over: the totals, and the winning seats."""
    winners: list[int] | None = None
    clock: int | None = None
    """Seconds each person has for a move before the computer plays it for them (None: no
    clock)."""
    seeded: bool = False
    """Dealt from a seed its creator chose: a practice table, never rated."""
    rated: bool = False
    """Its match is rated: accounts and bots only, no hints until it ends."""
    key_hash: str | None = None
    """The hash of the creator's key (None: a table made before invites)."""
    chat: bool = False
    """Its people may write free text in its chat (short phrases are always allowed)."""
    bots_at: float | None = None
    """When (``time.time()``) bots take the seats still open, if it is still waiting (None:
    never)."""
    pace: str | None = None
    """The bots' pace its creator chose (None: the server's)."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line said at a table: a short phrase (by its code) or free text, by a seat."""

    n: int
    seat: int
    phrase: str | None
    text: str | None
    at: float
    """When (``time.time()``)."""


class TableClosed(RuntimeError):
    """The table is no longer waiting: it was cancelled, expired or dealt meanwhile."""

    def __init__(self, table_id: str, status: str) -> None:
        super().__init__(f"table {table_id} is {status}")
        self.status = status


class Store:
    """The server's database (see the module docstring)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._pending: list[_Pending] = []
        self._writer: asyncio.Task[None] | None = None
        self._sqlite: _Sqlite | None = None
        """Where an SQLite file's queries are made (None: on the engine's pool)."""
        self._engine: AsyncEngine | None = None
        parsed = sa.engine.make_url(url)
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            self._sqlite = _Sqlite(parsed)
        else:
            self._engine = self._new_engine()

    @property
    def engine(self) -> AsyncEngine:
        """The database's asyncio engine. An SQLite file's queries are made in its thread
        instead: its engine (and asyncio's part of SQLAlchemy) is made only if a tool asks."""
        if self._engine is None:
            self._engine = self._new_engine()
        return self._engine

    def _new_engine(self) -> AsyncEngine:
        from sqlalchemy.ext.asyncio import create_async_engine

        if sa.engine.make_url(self.url).get_backend_name() == "sqlite":
            # One connection: SQLite lets one writer in at a time, and writers waiting on
            # its lock back off in sleeps of up to 100 ms; queueing costs nothing.
            engine = create_async_engine(self.url, pool_size=1, max_overflow=0)
            sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
            return engine
        return create_async_engine(
            self.url,
            pool_size=10,
            max_overflow=10,
            pool_pre_ping=True,
            connect_args={
                "timeout": CONNECT_SECONDS,
                "server_settings": {
                    "idle_in_transaction_session_timeout": str(
                        round(IDLE_TRANSACTION_SECONDS * 1000)
                    )
                },
            },
        )

    async def open(self, revision: str = "head") -> None:
        """Create or upgrade the schema (Alembic's migrations, to the newest unless a
        ``revision`` is named). A database already at the newest is only looked at; an empty
        one is made at the newest at once, without running every migration."""

        def work(conn: sa.Connection) -> None:
            if revision == "head" and _is_empty(conn):
                _create_newest(conn)
            elif revision != "head" or not _at_newest(conn):
                _upgrade(conn, revision)

        await self._write(work)

    async def ping(self) -> None:
        """Ask the database for an answer; raises if none comes within :data:`PING_SECONDS`."""

        def ask(conn: sa.Connection) -> None:
            conn.execute(sa.text("SELECT 1"))

        await asyncio.wait_for(self._read(ask), PING_SECONDS)

    async def _write(self, work: Callable[[sa.Connection], T], first: bool = False) -> T:
        """``work`` done in one transaction, committed: for an SQLite file, whole in its
        thread (:class:`_Sqlite`; ``first``: before the other work waiting there), else on
        a connection of the pool."""
        if self._sqlite is not None:
            return await self._sqlite.run(work, commit=True, first=first)
        async with self.engine.begin() as conn:
            return await conn.run_sync(work)

    async def _read(self, work: Callable[[sa.Connection], T]) -> T:
        """``work`` that only reads, as :meth:`_write` does it."""
        if self._sqlite is not None:
            return await self._sqlite.run(work, commit=False)
        async with self.engine.connect() as conn:
            return await conn.run_sync(work)

    async def close(self) -> None:
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
        if self._sqlite is not None:
            await self._sqlite.close()
        if self._engine is not None:
            await self._engine.dispose()

    async def add_table(self, row: TableRow, fence: int = 0) -> None:
        """A new table, owned with ``fence`` (several processes) or by the only one (0)."""

        def work(conn: sa.Connection) -> None:
            conn.execute(
                tables.insert().values(
                    id=row.id,
                    created=row.created,
                    creator=row.creator,
                    game=row.game,
                    preset=row.preset,
                    options=_json_text(row.options),
                    seed=row.seed,
                    status=row.status,
                    record=None,
                    fence=fence,
                    clock=row.clock,
                    seeded=row.seeded,
                    rated=row.rated,
                    key_hash=row.key_hash,
                    chat=row.chat,
                    bots_at=row.bots_at,
                    pace=row.pace,
                )
            )
            conn.execute(
                seats.insert(),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "name": s.name,
                        "bot": s.bot,
                        "token_hash": s.token_hash,
                        "joined": s.joined,
                        "account": s.account,
                        "invite_hash": s.invite_hash,
                        "invite_used": s.invite_used,
                        "open": s.open,
                    }
                    for s in row.seats
                ],
            )

        await self._write(work)

    async def join(
        self,
        table_id: str,
        seat: int,
        status: str,
        fence: int | None = None,
        account: AccountRow | None = None,
    ) -> str:
        """A person has taken ``seat`` (signed in: as ``account``, whose name the seat takes);
        the table's status is now ``status``. With a ``fence``, only if the table has had no
        other owner since (else :class:`StaleOwner`); only while it is waiting (else
        :class:`TableClosed`, nothing written). Returns the seat's name as stored: an open
        seat's is its taker's, whichever process took it."""
        values: dict[str, Any] = {"joined": True}
        if account is not None:
            values.update(account=account.id, name=account.name)

        def work(conn: sa.Connection) -> str:
            if fence is not None:
                _check_fences(conn, {table_id: fence})
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(**values)
            )
            waiting = conn.execute(
                tables.update()
                .where(tables.c.id == table_id, tables.c.status == WAITING)
                .values(status=status)
            )
            if waiting.rowcount != 1:  # the seat stays free: the transaction is rolled back
                raise TableClosed(table_id, _status_of(conn, table_id))
            named = conn.execute(
                sa.select(seats.c.name).where(seats.c.table_id == table_id, seats.c.seat == seat)
            )
            return str(named.scalar_one())

        return await self._write(work)

    async def claim(self, table_id: str, invite_hash: str, token_hash: str) -> int:
        """Spend the seat's invite whose hash is ``invite_hash``: the seat's token is now
        ``token_hash`` (the seat it is, returned); :class:`InviteRefused` if no unused invite
        of the table has that hash. Two claims of one invite: one takes the seat."""

        def work(conn: sa.Connection) -> int:
            result = conn.execute(
                seats.update()
                .where(
                    seats.c.table_id == table_id,
                    seats.c.invite_hash == invite_hash,
                    seats.c.invite_used == sa.false(),
                )
                .values(token_hash=token_hash, invite_used=True)
                .returning(seats.c.seat)
            )
            seat = result.scalar_one_or_none()
            if seat is not None:
                return int(seat)
            used = conn.execute(
                sa.select(seats.c.seat).where(
                    seats.c.table_id == table_id, seats.c.invite_hash == invite_hash
                )
            )
            raise InviteRefused(used.first() is not None)

        return await self._write(work)

    async def take_open(
        self, table_id: str, seat: int, token_hash: str, name: str | None = None
    ) -> None:
        """Take the open ``seat`` of a waiting table, as a claim of its invite would: its
        token is now ``token_hash`` (and its name ``name``, if given); :class:`InviteRefused`
        (``used``) if it has been taken already, or the table is no longer waiting, else (not
        an open seat of the table) not used. Two takers of one seat: one takes it."""
        values: dict[str, Any] = {"token_hash": token_hash, "invite_used": True}
        if name is not None:
            values["name"] = name
        waiting = sa.select(tables.c.id).where(tables.c.id == table_id, tables.c.status == WAITING)

        def work(conn: sa.Connection) -> None:
            result = conn.execute(
                seats.update()
                .where(
                    seats.c.table_id.in_(waiting.scalar_subquery()),
                    seats.c.seat == seat,
                    seats.c.open == sa.true(),
                    seats.c.invite_used == sa.false(),
                )
                .values(**values)
            )
            if result.rowcount == 1:
                return
            found = conn.execute(
                sa.select(seats.c.seat).where(
                    seats.c.table_id == table_id, seats.c.seat == seat, seats.c.open == sa.true()
                )
            )
            raise InviteRefused(found.first() is not None)

        return await self._write(work)

    async def open_seats(
        self,
        waiting_since: float,
        after: tuple[float, str] | None,
        limit: int,
        kind: tuple[str, str | None, int] | None = None,
    ) -> list[TableRow]:
        """Waiting tables made at ``waiting_since`` or later with a seat still open, the
        oldest first, from just after ``after`` (a table's ``(created, id)``); with a
        ``kind``, only those of that game, preset and number of seats."""
        free = sa.exists().where(
            seats.c.table_id == tables.c.id,
            seats.c.open == sa.true(),
            seats.c.invite_used == sa.false(),
        )
        where = sa.and_(tables.c.status == WAITING, tables.c.created >= waiting_since, free)
        if kind is not None:
            game, preset, players = kind
            counted = (
                sa.select(sa.func.count()).where(seats.c.table_id == tables.c.id).scalar_subquery()
            )
            same_preset = tables.c.preset.is_(None) if preset is None else tables.c.preset == preset
            where = sa.and_(where, tables.c.game == game, same_preset, counted == players)
        if after is not None:
            where = sa.and_(
                where,
                sa.or_(
                    tables.c.created > after[0],
                    sa.and_(tables.c.created == after[0], tables.c.id > after[1]),
                ),
            )

        def work(conn: sa.Connection) -> list[TableRow]:
            return _tables(conn, where, limit, oldest_first=True)

        return await self._read(work)

    async def reissue(self, table_id: str, seat: int, invite_hash: str) -> None:
        """A new invite for a person's ``seat``: its token and any older invite no longer
        count."""

        def work(conn: sa.Connection) -> None:
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(token_hash=None, invite_hash=invite_hash, invite_used=False)
            )

        await self._write(work)

    async def seat_tokens(self, table_id: str) -> dict[int, str | None]:
        """The hash of each seat's token, as stored now."""

        def work(conn: sa.Connection) -> dict[int, str | None]:
            result = conn.execute(
                sa.select(seats.c.seat, seats.c.token_hash).where(seats.c.table_id == table_id)
            )
            return {int(seat): digest for seat, digest in result}

        return await self._read(work)

    async def take(self, table_id: str) -> int:
        """Make this process the table's owner in the store: its new fencing number, higher
        than every earlier owner's, whose writes are refused from now on."""

        def work(conn: sa.Connection) -> Any:
            result = conn.execute(
                tables.update()
                .where(tables.c.id == table_id)
                .values(fence=tables.c.fence + 1)
                .returning(tables.c.fence)
            )
            return result.scalar_one_or_none()

        fence = await self._write(work)
        if fence is None:
            raise KeyError(table_id)
        return int(fence)

    async def playing(self) -> list[str]:
        """The ids of every table in play."""

        def work(conn: sa.Connection) -> list[str]:
            result = conn.execute(sa.select(tables.c.id).where(tables.c.status == PLAYING))
            return [row for (row,) in result]

        return await self._read(work)

    async def add_action(
        self,
        table_id: str,
        n: int,
        seat: int,
        action: dict[str, Any],
        record: Any | None = None,
        rerate: Rerating | None = None,
        fence: int | None = None,
        stand_in: bool = False,
    ) -> Sequence[Rating]:
        """Action ``n`` (0-based) of the table, committed when this returns; with ``record``
        the match is over, and ``rerate`` makes its players' new ratings from their ratings
        as stored, read and written in the same transaction with their rows locked (another
        process may be rating a match of the same players): the new ratings are returned. With a
        ``fence`` (a process of several), it is written only if the table has had no other
        owner since that fencing number was given, else :class:`StaleOwner` is raised; the
        table's row is locked meanwhile, so that an owner taking it waits for the write.

        Actions of all tables that arrive while a commit is under way are committed together
        in the next transaction (a group commit): one commit for many tables under load; a
        stale one among them fails alone. ``stand_in``: the computer played the action for
        the seat's person."""
        row = {
            "table_id": table_id,
            "n": n,
            "seat": seat,
            "action": _json_text(action),
            "fence": fence or 0,
            "stand_in": stand_in,
        }
        done: asyncio.Future[Sequence[Rating]] = asyncio.get_running_loop().create_future()
        self._pending.append(_Pending(row, record, rerate, fence, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_pending())
        return await done

    async def _write_pending(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                work = partial(_write_batch, batch=batch)
                stale, rated = await self._write(work, first=True)
            except Exception as exc:
                for p in batch:
                    if not p.done.done():
                        p.done.set_exception(exc)
            else:
                for p in batch:
                    if p.done.done():
                        continue
                    refused = stale.get(p.row["table_id"])
                    if refused is not None:
                        p.done.set_exception(refused)
                    else:
                        p.done.set_result(rated.get(id(p), ()))

    async def table(self, table_id: str) -> TableRow | None:
        found = await self._read(partial(_tables, where=tables.c.id == table_id))
        return found[0] if found else None

    async def tables_in(self, statuses: Sequence[str], limit: int | None = None) -> list[TableRow]:
        """Tables of those statuses, the newest first."""

        def work(conn: sa.Connection) -> list[TableRow]:
            return _tables(conn, tables.c.status.in_(statuses), limit)

        return await self._read(work)

    async def actions_of(self, table_id: str) -> list[tuple[int, dict[str, Any]]]:
        """Every action of a table, in order: (seat, action as JSON)."""

        def work(conn: sa.Connection) -> list[tuple[int, dict[str, Any]]]:
            result = conn.execute(
                sa.select(actions.c.seat, actions.c.action)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.n)
            )
            return [(seat, json.loads(text)) for seat, text in result]

        return await self._read(work)

    async def stand_ins(self, table_id: str) -> set[int]:
        """The actions of a table (their numbers, from 0) the computer played for a person."""

        def work(conn: sa.Connection) -> set[int]:
            result = conn.execute(
                sa.select(actions.c.n).where(actions.c.table_id == table_id, actions.c.stand_in)
            )
            return {n for (n,) in result}

        return await self._read(work)

    async def add_chat(self, table_id: str, line: ChatLine) -> ChatLine:
        """A line said at a table, numbered after the table's last one."""

        def work(conn: sa.Connection) -> ChatLine:
            last = conn.execute(
                sa.select(sa.func.max(chats.c.n)).where(chats.c.table_id == table_id)
            )
            n = (last.scalar_one_or_none() or 0) + 1
            numbered = dataclasses.replace(line, n=n)
            conn.execute(
                chats.insert().values(
                    table_id=table_id,
                    n=n,
                    seat=numbered.seat,
                    phrase=numbered.phrase,
                    text=numbered.text,
                    at=numbered.at,
                )
            )
            return numbered

        return await self._write(work)

    async def chat_of(self, table_id: str, limit: int) -> list[ChatLine]:
        """The last ``limit`` lines said at a table, in order."""

        def work(conn: sa.Connection) -> list[ChatLine]:
            result = conn.execute(
                sa.select(chats.c.n, chats.c.seat, chats.c.phrase, chats.c.text, chats.c.at)
                .where(chats.c.table_id == table_id)
                .order_by(chats.c.n.desc())
                .limit(limit)
            )
            return [ChatLine(n, seat, phrase, text, at) for n, seat, phrase, text, at in result][
                ::-1
            ]

        return await self._read(work)

    async def set_rematch(self, table_id: str, accepted: set[int], rematch: str | None) -> None:
        """Who has accepted a rematch of a finished table, and its new table once made."""
        said = ",".join(str(seat) for seat in sorted(accepted))

        def work(conn: sa.Connection) -> None:
            conn.execute(rematches.delete().where(rematches.c.table_id == table_id))
            conn.execute(
                rematches.insert().values(table_id=table_id, accepted=said, rematch=rematch)
            )

        await self._write(work)

    async def rematch_of(self, table_id: str) -> tuple[set[int], str | None] | None:
        """Who has accepted a rematch of a finished table, and its new table if made (None:
        nobody has asked for one)."""
        query = sa.select(rematches.c.accepted, rematches.c.rematch).where(
            rematches.c.table_id == table_id
        )
        row = await self._read(partial(_first, query=query))
        if row is None:
            return None
        accepted = {int(seat) for seat in row.accepted.split(",") if seat}
        return accepted, row.rematch

    async def ratings(self) -> list[Rating]:
        """Every player's rating as stored."""

        def work(conn: sa.Connection) -> list[Rating]:
            result = conn.execute(sa.select(ratings))
            return [Rating(**row._mapping) for row in result]

        return await self._read(work)

    async def record(self, table_id: str) -> str | None:
        """The record of a finished match, as stored (JSON text)."""

        def work(conn: sa.Connection) -> str | None:
            result = conn.execute(sa.select(tables.c.record).where(tables.c.id == table_id))
            return result.scalar_one_or_none()

        return await self._read(work)

    async def open_tables_of(self, creator: str, waiting_since: float) -> int:
        """How many tables not yet over ``creator`` (an address, or ``account:ID``) has made:
        those in play, and those waiting that were made at ``waiting_since`` or later (older
        ones have expired)."""

        def work(conn: sa.Connection) -> int:
            result = conn.execute(
                sa.select(sa.func.count())
                .select_from(tables)
                .where(
                    tables.c.creator == creator,
                    sa.or_(
                        tables.c.status == PLAYING,
                        sa.and_(tables.c.status == WAITING, tables.c.created >= waiting_since),
                    ),
                )
            )
            return int(result.scalar_one())

        return await self._read(work)

    async def set_pace(self, table_id: str, pace: str) -> None:
        """The bots' pace at the table, kept for a restart or another process."""

        def work(conn: sa.Connection) -> None:
            conn.execute(tables.update().where(tables.c.id == table_id).values(pace=pace))

        await self._write(work)

    async def close_waiting(self, table_id: str, status: str) -> None:
        """The waiting table ends ``status`` (:data:`CANCELLED`, :data:`EXPIRED`) without
        being dealt; :class:`TableClosed` if it is not waiting (any more)."""

        def work(conn: sa.Connection) -> None:
            result = conn.execute(
                tables.update()
                .where(tables.c.id == table_id, tables.c.status == WAITING)
                .values(status=status)
            )
            if result.rowcount != 1:
                raise TableClosed(table_id, _status_of(conn, table_id))

        await self._write(work)

    async def closed_among(self, table_ids: Sequence[str]) -> dict[str, str]:
        """Those of ``table_ids`` that were cancelled or have expired: their status."""
        if not table_ids:
            return {}

        def work(conn: sa.Connection) -> dict[str, str]:
            result = conn.execute(
                sa.select(tables.c.id, tables.c.status).where(
                    tables.c.id.in_(sorted(table_ids)),
                    tables.c.status.in_([CANCELLED, EXPIRED]),
                )
            )
            return {table_id: status for table_id, status in result}

        return await self._read(work)

    async def bots_due(self, now: float, waiting_since: float) -> list[str]:
        """The waiting tables (made at ``waiting_since`` or later) whose bots are due to take
        their seats still open by ``now``."""

        def work(conn: sa.Connection) -> list[str]:
            result = conn.execute(
                sa.select(tables.c.id).where(
                    tables.c.status == WAITING,
                    tables.c.created >= waiting_since,
                    tables.c.bots_at <= now,
                )
            )
            return [table_id for (table_id,) in result]

        return await self._read(work)

    async def fill_open(
        self, table_id: str, bot: str, name: str, fence: int | None = None
    ) -> tuple[list[int], bool]:
        """Bots of level ``bot``, named ``name``, take every open seat of the waiting table
        nobody has taken (as a taker would: ``seat-taken`` for whoever comes next), and it no
        longer waits for bots: the seats they took (none if they sat down before), and
        whether every seat is joined now (the table is then in play). With a ``fence``, only if the
        table has had no other owner since (else :class:`StaleOwner`); :class:`TableClosed`
        (nothing written) if it is not waiting."""

        def work(conn: sa.Connection) -> tuple[list[int], bool]:
            if fence is not None:
                _check_fences(conn, {table_id: fence})
            waiting = conn.execute(
                tables.update()
                .where(
                    tables.c.id == table_id,
                    tables.c.status == WAITING,
                    tables.c.bots_at.is_not(None),
                )
                .values(bots_at=None)
            )
            if waiting.rowcount != 1:
                status = _status_of(conn, table_id)
                if status == WAITING:  # its bots have sat down already
                    return [], False
                raise TableClosed(table_id, status)
            free = conn.execute(
                sa.select(seats.c.seat).where(
                    seats.c.table_id == table_id,
                    seats.c.open == sa.true(),
                    seats.c.invite_used == sa.false(),
                )
            )
            taken = sorted(int(seat) for (seat,) in free)
            if taken:
                conn.execute(
                    seats.update()
                    .where(seats.c.table_id == table_id, seats.c.seat.in_(taken))
                    .values(
                        bot=bot,
                        name=name,
                        joined=True,
                        invite_used=True,
                        token_hash=None,
                        invite_hash=None,
                    )
                )
            left = conn.execute(
                sa.select(sa.func.count()).where(
                    seats.c.table_id == table_id, seats.c.joined == sa.false()
                )
            )
            full = int(left.scalar_one()) == 0
            if full:
                conn.execute(tables.update().where(tables.c.id == table_id).values(status=PLAYING))
            return taken, full

        return await self._write(work)

    async def expire_waiting(self, made_before: float) -> list[str]:
        """Every table still waiting that was made before ``made_before`` is expired: their
        ids."""

        def work(conn: sa.Connection) -> list[str]:
            result = conn.execute(
                sa.select(tables.c.id).where(
                    tables.c.status == WAITING, tables.c.created < made_before
                )
            )
            ids = [table_id for (table_id,) in result]
            if ids:
                conn.execute(
                    tables.update()
                    .where(tables.c.id.in_(ids), tables.c.status == WAITING)
                    .values(status=EXPIRED)
                )
            return ids

        return await self._write(work)

    # -- accounts and sessions ------------------------------------------------------------

    async def add_account(self, name: str, key: str, password: str) -> AccountRow:
        """A new account (``password`` is the hash); :class:`NameTaken` if ``key`` is."""
        created = time.time()
        try:

            def work(conn: sa.Connection) -> int:
                result = conn.execute(
                    accounts.insert()
                    .values(name=name, key=key, password=password, created=created)
                    .returning(accounts.c.id)
                )
                return int(result.scalar_one())

            account_id = await self._write(work)
        except sa.exc.IntegrityError:
            raise NameTaken(name) from None
        return AccountRow(account_id, name, key, password, created)

    async def account(self, key: str) -> AccountRow | None:
        """The account of a name as names are compared."""
        row = await self._read(
            partial(_first, query=sa.select(accounts).where(accounts.c.key == key))
        )
        return None if row is None else AccountRow(**row._mapping)

    async def account_by_id(self, account_id: int) -> AccountRow | None:
        query = sa.select(accounts).where(accounts.c.id == account_id)
        row = await self._read(partial(_first, query=query))
        return None if row is None else AccountRow(**row._mapping)

    async def matches_of(self, account_id: int, limit: int) -> list[TableRow]:
        """The finished matches the account played, the newest first."""
        played = sa.select(seats.c.table_id).where(seats.c.account == account_id)

        def work(conn: sa.Connection) -> list[TableRow]:
            return _tables(conn, sa.and_(tables.c.status == OVER, tables.c.id.in_(played)), limit)

        return await self._read(work)

    async def accounts(self) -> list[AccountRow]:
        """Every account, by name."""

        def work(conn: sa.Connection) -> list[AccountRow]:
            result = conn.execute(sa.select(accounts).order_by(accounts.c.key))
            return [AccountRow(**row._mapping) for row in result]

        return await self._read(work)

    async def set_password(self, key: str, password: str) -> bool:
        """A new password (its hash) for the account; its sessions end. False: no account."""

        def work(conn: sa.Connection) -> bool:
            result = conn.execute(
                accounts.update()
                .where(accounts.c.key == key)
                .values(password=password)
                .returning(accounts.c.id)
            )
            account_id = result.scalar_one_or_none()
            if account_id is not None:
                conn.execute(sessions.delete().where(sessions.c.account == account_id))
            return account_id is not None

        return await self._write(work)

    async def remove_account(self, key: str) -> bool:
        """The account gone, with its sessions and its rating; the seats it took are a
        guest's from now on. False: no account."""

        def work(conn: sa.Connection) -> bool:
            result = conn.execute(
                accounts.delete()
                .where(accounts.c.key == key)
                .returning(accounts.c.id, accounts.c.name)
            )
            found = result.first()
            if found is None:
                return False
            conn.execute(sessions.delete().where(sessions.c.account == found.id))
            conn.execute(seats.update().where(seats.c.account == found.id).values(account=None))
            conn.execute(ratings.delete().where(ratings.c.name == found.name))
            return True

        return await self._write(work)

    async def add_session(self, session_hash: str, account_id: int) -> None:
        def work(conn: sa.Connection) -> None:
            conn.execute(
                sessions.insert().values(id=session_hash, account=account_id, created=time.time())
            )

        await self._write(work)

    async def session(self, session_hash: str, since: float) -> AccountRow | None:
        """The account of a session begun after ``since`` (seconds since 1970)."""
        query = (
            sa.select(accounts)
            .join(sessions, sessions.c.account == accounts.c.id)
            .where(sessions.c.id == session_hash, sessions.c.created > since)
        )
        row = await self._read(partial(_first, query=query))
        return None if row is None else AccountRow(**row._mapping)

    async def remove_session(self, session_hash: str) -> None:
        def work(conn: sa.Connection) -> None:
            conn.execute(sessions.delete().where(sessions.c.id == session_hash))

        await self._write(work)


def unreachable(error: BaseException) -> bool:
    """Whether ``error`` says the database could not be reached (rather than that it
    refused a statement)."""
    if isinstance(error, sa.exc.DBAPIError) and error.connection_invalidated:
        return True
    seen: BaseException | None = error
    for _ in range(8):  # SQLAlchemy's error, its driver adapter's, the driver's own
        if seen is None:
            break
        if isinstance(seen, _unreachable_errors()):
            return True
        seen = getattr(seen, "orig", None) or seen.__cause__
    return False


def reason_of(error: BaseException) -> str:
    """What went wrong, on one line of at most 200 characters."""
    inner = getattr(error, "orig", None) or error
    text = " ".join(str(inner).split()) or type(inner).__name__
    return text[:200]


def _check_fences(
    conn: sa.Connection, fences: dict[str, int], raise_stale: bool = True
) -> dict[str, StaleOwner]:
    """Lock the rows of the tables (until the transaction ends) and compare each one's
    fencing number with the writer's: those that have had another owner since."""
    result = conn.execute(
        sa.select(tables.c.id, tables.c.fence)
        .where(tables.c.id.in_(sorted(fences)))
        .order_by(tables.c.id)  # the same order everywhere: no deadlock between writers
        .with_for_update()
    )
    current = dict(result.all())
    stale = {
        table_id: StaleOwner(table_id, fence, int(current.get(table_id, -1)))
        for table_id, fence in fences.items()
        if current.get(table_id) != fence
    }
    if stale and raise_stale:
        raise next(iter(stale.values()))
    return stale


def _rerate(conn: sa.Connection, rerate: Rerating) -> Sequence[Rating]:
    names, rate = rerate
    result = conn.execute(
        sa.select(ratings)
        .where(ratings.c.name.in_(sorted(set(names))))
        .order_by(ratings.c.name)
        .with_for_update()
    )
    rated = rate([Rating(**row._mapping) for row in result])
    _set_ratings(conn, rated)
    return rated


def _set_ratings(conn: sa.Connection, rated: Sequence[Rating]) -> None:
    if not rated:
        return
    conn.execute(ratings.delete().where(ratings.c.name.in_([r.name for r in rated])))
    conn.execute(ratings.insert(), [dataclasses.asdict(r) for r in rated])


def _status_of(conn: sa.Connection, table_id: str) -> str:
    result = conn.execute(sa.select(tables.c.status).where(tables.c.id == table_id))
    return str(result.scalar_one_or_none() or "missing")


def _set_status(conn: sa.Connection, table_id: str, status: str, record: Any) -> None:
    values: dict[str, Any] = {"status": status}
    if record is not None:
        values["record"] = _json_text(record)
        values["totals"] = _json_text(record["totals"])
        values["winners"] = _json_text(record["winners"])
    conn.execute(tables.update().where(tables.c.id == table_id).values(**values))


class _Sqlite:
    """The queries of an SQLite file, each transaction made whole on one connection in a
    thread of its own, one after another: the event loop hands a transaction over once and
    hears once that it is done. (Through the asynchronous driver each statement is a turn of
    the event loop, and a transaction holds the one connection over all its turns: a server
    busy with hundreds of tables kept an action waiting there most of the time it took,
    ``bench/load.py``.) The group commits of actions go before the other jobs waiting, but
    never twice in a row while another waits: under load there is nearly always a commit
    to make, and a table being set up would wait for a lull."""

    def __init__(self, url: sa.URL) -> None:
        self.engine = sa.create_engine(url.set(drivername="sqlite"), pool_size=1, max_overflow=0)
        sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self._first: collections.deque[Callable[[], None]] = collections.deque()
        self._rest: collections.deque[Callable[[], None]] = collections.deque()
        self._waiting = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name="chickenfoot-sqlite", daemon=True)
        self._thread.start()

    async def run(self, work: Callable[[sa.Connection], T], commit: bool, first: bool = False) -> T:
        """``work`` done in its turn (``first``: a group commit, see the class docstring);
        refused once the store is closed (:class:`RuntimeError`)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()

        def job() -> None:
            try:
                with self.engine.begin() if commit else self.engine.connect() as conn:
                    told = partial(_succeed, done, work(conn))
            except Exception as exc:  # raised to the waiting coroutine
                told = partial(_fail, done, exc)
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
                loop.call_soon_threadsafe(told)

        with self._waiting:
            if self._closed:
                raise RuntimeError("the store is closed")
            (self._first if first else self._rest).append(job)
            self._waiting.notify()
        return await done

    def _serve(self) -> None:
        first = True
        while True:
            with self._waiting:
                while not (self._first or self._rest or self._closed):
                    self._waiting.wait()
                if self._first and (first or not self._rest):
                    job = self._first.popleft()
                    first = False
                elif self._rest:
                    job = self._rest.popleft()
                    first = True
                else:
                    break  # closed, and every job given is done
            job()
        self.engine.dispose()

    async def close(self) -> None:
        """Once every job given is done."""
        with self._waiting:
            self._closed = True
            self._waiting.notify()
        await asyncio.to_thread(self._thread.join)


def _succeed(done: asyncio.Future[T], result: T) -> None:
    if not done.done():  # not cancelled meanwhile
        done.set_result(result)


def _fail(done: asyncio.Future[Any], error: BaseException) -> None:
    if not done.done():
        done.set_exception(error)


def _write_batch(
    conn: sa.Connection, batch: Sequence[_Pending]
) -> tuple[dict[str, StaleOwner], dict[int, Sequence[Rating]]]:
    """One group commit's statements: the actions of the tables whose owners are not stale
    (those that are: returned), the records of the matches they end, the new ratings of
    those rated (by ``id`` of their :class:`_Pending`)."""
    fences = {p.row["table_id"]: p.fence for p in batch if p.fence is not None}
    stale = _check_fences(conn, fences, raise_stale=False) if fences else {}
    kept = [p for p in batch if p.row["table_id"] not in stale]
    rated: dict[int, Sequence[Rating]] = {}
    if kept:
        conn.execute(_ADD_ACTIONS, [p.row for p in kept])
    for p in kept:
        if p.record is not None:
            _set_status(conn, p.row["table_id"], OVER, p.record)
        if p.rerate is not None:
            rated[id(p)] = _rerate(conn, p.rerate)
    return stale, rated


def _first(conn: sa.Connection, query: sa.Select[Any]) -> sa.Row[Any] | None:
    return conn.execute(query).first()


def _tables(
    conn: sa.Connection,
    where: sa.ColumnElement[bool],
    limit: int | None = None,
    oldest_first: bool = False,
) -> list[TableRow]:
    listed = [column for column in tables.c if column.name != "record"]  # records are large
    order = tables.c.created.asc() if oldest_first else tables.c.created.desc()
    query = sa.select(*listed).where(where).order_by(order, tables.c.id)
    if limit is not None:
        query = query.limit(limit)
    rows = conn.execute(query).all()
    ids = [row.id for row in rows]
    by_table: dict[str, list[SeatRow]] = {i: [] for i in ids}
    if ids:
        result = conn.execute(
            sa.select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
        )
        for s in result:
            by_table[s.table_id].append(
                SeatRow(
                    s.seat,
                    s.name,
                    s.bot,
                    s.token_hash,
                    s.joined,
                    s.account,
                    s.invite_hash,
                    s.invite_used,
                    s.open,
                )
            )
    return [
        TableRow(
            id=row.id,
            created=row.created,
            creator=row.creator,
            game=row.game,
            preset=row.preset,
            options=json.loads(row.options),
            seed=row.seed,
            status=row.status,
            seats=by_table[row.id],
            totals=None if row.totals is None else json.loads(row.totals),
            winners=None if row.winners is None else json.loads(row.winners),
            clock=row.clock,
            seeded=bool(row.seeded),
            rated=bool(row.rated),
            key_hash=row.key_hash,
            chat=bool(row.chat),
            bots_at=row.bots_at,
            pace=row.pace,
        )
        for row in rows
    ]


def _at_newest(connection: sa.Connection) -> bool:
    """Whether the schema is at :data:`NEWEST_MIGRATION` already."""
    if not sa.inspect(connection).has_table("alembic_version"):
        return False
    versions = connection.execute(sa.text("SELECT version_num FROM alembic_version"))
    return list(versions.scalars()) == [NEWEST_MIGRATION]


_alembic_version = sa.Table(
    "alembic_version",
    sa.MetaData(),
    sa.Column("version_num", sa.String(32), nullable=False),
    sa.PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
)
"""Alembic's own table of the revision a database is at, as Alembic makes it."""


def _is_empty(connection: sa.Connection) -> bool:
    return not sa.inspect(connection).get_table_names()


def _create_newest(connection: sa.Connection) -> None:
    """The newest schema in an empty database, marked as at :data:`NEWEST_MIGRATION`."""
    metadata.create_all(connection)
    _alembic_version.create(connection)
    connection.execute(_alembic_version.insert().values(version_num=NEWEST_MIGRATION))


def _upgrade(connection: sa.Connection, revision: str) -> None:
    from alembic import command  # Alembic only when the schema is made or upgraded
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
