"""What differs between a server that serves its tables alone and one of several processes
serving them together: a table's channel.

The :class:`~chickenfoot.server.hub.Hub` holds the tables (:class:`Live`) and takes their
actions; it asks its :class:`TableChannel` only what depends on the other processes: whether
a table opened here is owned here or followed, the fencing number a new table is written
with, and to pass on what a table's owner has committed, a person's action or presence at a
table owned elsewhere, and a lease lost. The channel reaches the hub only through the
:class:`Tables` it is given at :meth:`TableChannel.start`.

:class:`LocalChannel` is the channel of a server alone: it owns every table, has nobody to
tell and nothing to forward. :class:`~chickenfoot.server.channel_redis.RedisChannel` shares
the tables with other processes through Redis (``chickenfoot serve --redis``).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from chickenfoot.core import games
from chickenfoot.core.actions import Action
from chickenfoot.core.table import Table
from chickenfoot.server import frames
from chickenfoot.server.metrics import Metrics
from chickenfoot.server.store import (
    OVER,
    PLAYING,
    WAITING,
    AccountRow,
    ChatLine,
    SeatRow,
    Store,
    TableRow,
)

if TYPE_CHECKING:
    from chickenfoot.server.cluster import Cluster

QUEUE_LIMIT = 1_000
"""Frames waiting for one connection before it is taken for dead and closed."""


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
    elsewhere: bool = False
    """The socket has been told that its seat is open on other sockets too."""
    revoked: bool = False
    """Its seat has been given a new invite: the socket holds it no more, and is closed."""
    chat_told: int | None = None
    """The number of the latest chat line this socket has been told, once its backlog has
    been (None before)."""
    chat_early: set[int] = field(default_factory=set)
    """The lines told before its backlog: not told again in it."""

    def send(self, frame: bytes | None) -> None:
        if self.queue.qsize() >= QUEUE_LIMIT:
            frame = None  # too slow to follow the table: it reconnects and syncs
        self.queue.put_nowait(frame)


@dataclass(eq=False)
class Live:
    """A table held in memory: its :class:`~chickenfoot.core.table.Table` (None until every
    person has come), its seats, the connections watching it and the bots that play for it."""

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
    wake_at: float = 0.0
    """When ``wake`` wakes the table (monotonic seconds)."""
    turn_since: tuple[int, float] | None = None
    """The version whose turn the move clock times, and since when (monotonic seconds)."""
    stand_ins: set[int] = field(default_factory=set)
    """The actions (by number, from 0) the computer played for a person."""
    heard_seats: tuple[bytes, float] | None = None
    """On a table followed here: the owner's latest ``seats`` frame, and when it came."""
    retry: asyncio.TimerHandle | None = None
    """A bot's next try after its turn failed (its action not saved, or otherwise)."""
    failed: int = 0
    """The bots' turns that failed in a row otherwise than in storage."""
    unsure: bool = False
    """A commit failed: the store may hold one action more than the table."""
    owned: bool = True
    """This process owns the table: it takes the actions (always, for a server alone)."""
    fence: int | None = None
    """The fencing number this process owns the table with (several processes only)."""
    remote: dict[int, dict[str, float]] = field(default_factory=dict)
    """A person's seat connected through other processes: each one's name, and until when
    (monotonic seconds) it counts unless it says so again."""
    remote_sockets: dict[int, dict[str, int]] = field(default_factory=dict)
    """How many sockets of a person's seat each other process holds, as it last said."""
    said_elsewhere: dict[int, int] = field(default_factory=dict)
    """The sockets of each seat, as last told to the followers (several processes)."""
    following: asyncio.Task[None] | None = None
    """Applying what the owner publishes, on a table this process follows."""
    owner: str | None = None
    """The process that owned the followed table when last heard from (several processes)."""
    made: frames.TableFrames | None = None
    """The frames of ``table``, made once per version and viewer."""
    begun: int | None = None
    """How many rounds have begun to be played (owned here): a round dealt after them waits
    for its people to close the summary of the round before it."""
    waits_until: float | None = None
    """While a new round waits for its people: until when at most (monotonic seconds)."""
    ready: set[int] = field(default_factory=set)
    """The people who have closed the summary of the round just ended."""
    round_begins: asyncio.Event | None = None
    """Set when the round that waits begins to be played (None: no round waits)."""
    pace: str | None = None
    """The bots' pace at this table, as its creator chose it (None: the server's)."""

    @classmethod
    def of(cls, row: TableRow) -> Live:
        """The table of ``row``, not dealt yet."""
        rules = games.make_rules(row.game, len(row.seats), row.preset, row.options)
        bots = {s.seat: s.bot for s in row.seats if s.bot}
        return cls(row=row, rules=rules, table=None, bots=bots, pace=row.pace)

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

    def persons(self) -> list[int]:
        """The seats people play (the others are bots')."""
        return [s.seat for s in self.seats if s.bot is None]

    def present(self, seat: int) -> bool:
        """A person is at the seat: connected here or, as another process says, there."""
        if self.here(seat):
            return True
        now = time.monotonic()
        return any(until > now for until in self.remote.get(seat, {}).values())

    def here(self, seat: int) -> bool:
        return any(c.viewer == seat for c in self.connections)

    def held(self, seat: int) -> int:
        """The sockets of ``seat`` open on this process."""
        return sum(1 for c in self.connections if c.viewer == seat)

    def held_elsewhere(self, seat: int) -> int:
        """The sockets of ``seat`` open on the other processes that still count."""
        now = time.monotonic()
        present = self.remote.get(seat, {})
        counts = self.remote_sockets.get(seat, {})
        return sum(n for process, n in counts.items() if present.get(process, 0.0) > now)

    def frames(self) -> frames.TableFrames:
        """The frames of the table as it is now (it has been dealt)."""
        table = self.table
        assert table is not None
        made = self.made
        if made is None or made.table is not table:
            made = self.made = frames.TableFrames(table, self.stand_ins)
        return made


class Behind(Exception):
    """A followed table cannot apply a message (it has missed one): it reads the store."""


class Tables(Protocol):
    """What the hub lets its channel do to the tables it holds."""

    store: Store
    metrics: Metrics
    live: dict[str, Live]
    """The tables held in memory, by id."""

    def opening(self, table_id: str) -> bool:
        """The table is being opened (read from the store) just now."""
        ...

    async def get(self, table_id: str) -> Live:
        """The table, opened if it is not held yet."""
        ...

    async def load(self, row: TableRow) -> Live:
        """The table of ``row`` as the store has it, owned here, not held yet."""
        ...

    async def resume(self, row: TableRow) -> None:
        """Hold the table in play of ``row`` as the store has it, and let its bots go on."""
        ...

    async def act(
        self,
        live: Live,
        seat: int,
        action: Action,
        expect: int | None = None,
        hold: float | None = None,
    ) -> None:
        """A person's action at a table owned here, refused as the hub refuses it."""
        ...

    async def ready(self, live: Live, seat: int | None, ended: int) -> None:
        """The person of ``seat`` has closed the summary of round ``ended`` (a table owned
        here), refused as the hub refuses it."""
        ...

    async def set_pace(
        self, live: Live, seat: int | None, pace: str, key: str | None = None
    ) -> None:
        """The bots' pace at a table owned here, refused as the hub refuses it."""
        ...

    async def say(self, live: Live, seat: int | None, phrase: str | None, text: str | None) -> None:
        """A line in the chat of a table owned here, refused as the hub refuses it."""
        ...

    async def rematch(self, live: Live, seat: int | None) -> None:
        """The person of ``seat`` accepts a rematch of a finished table owned here, refused as
        the hub refuses it."""
        ...

    def heard_chat(self, live: Live, line: ChatLine) -> None:
        """A line said at a table followed here, as its owner stored it: told to the viewers
        here."""
        ...

    def heard_pace(self, live: Live, pace: str) -> None:
        """The bots' pace at a table followed here, as its owner set it: told to the viewers
        here."""
        ...

    def heard_rematch(
        self, live: Live, accepted: list[int], table: str | None, tokens: dict[int, str]
    ) -> None:
        """Where the rematch of a table followed here stands, as its owner says: told to the
        viewers here."""
        ...

    async def join(self, live: Live, seat: int, account: AccountRow | None = None) -> None:
        """A person takes ``seat`` at a table owned here (signed in: as ``account``; the
        table deals once every person has come)."""
        ...

    def catch_up(self, live: Live, stored: list[tuple[int, dict[str, Any]]]) -> None:
        """Bring the table to the store's ``stored`` actions and tell its viewers what they
        missed (the caller holds its lock)."""
        ...

    def revoked(self, live: Live, seat: int) -> None:
        """The seat's token no longer counts: its sockets here are told and closed."""
        ...

    def seat_sockets_changed(self, live: Live, seat: int) -> None:
        """The sockets of ``seat`` at a table owned here have changed (here or on another
        process): each of them, on every process, is told how many there are if several."""
        ...

    def tell_elsewhere(self, live: Live, seat: int, sockets: int) -> None:
        """Tell the sockets of ``seat`` here that the seat has ``sockets`` open in all."""
        ...

    def apply_published(
        self, live: Live, n: int, seat: int, action: Any, stand_in: bool = False
    ) -> None:
        """Take the owner's action ``n`` (JSON) on a table followed here, without deciding
        its legality again, and tell the viewers here: :class:`Behind` if it is not the next
        one (an earlier one is ignored). ``stand_in``: the computer played it for the seat's
        person. The caller holds the table's lock."""
        ...

    def presence_changed(self, live: Live) -> None:
        """A person has come to a table owned here or gone from it (through another
        process): every viewer is told, here and elsewhere."""
        ...

    def relay_seats(self, live: Live, frame: bytes) -> None:
        """The owner's ``seats`` frame of a table followed here: told to the viewers here."""
        ...

    def schedule(self, live: Live) -> None:
        """Let the bot (or stand-in) whose turn it is think, if it is one's."""
        ...

    def drop(self, live: Live) -> None:
        """Let the table go from memory (its channel hears of it: :meth:`TableChannel.forget`)."""
        ...


class TableChannel(Protocol):
    """What a hub asks of the other processes, if any (see the module docstring)."""

    @property
    def cluster(self) -> Cluster | None:
        """The coordination through Redis (None: the server is alone)."""
        ...

    async def start(self, tables: Tables) -> None:
        """Serve ``tables``: a server alone resumes every table in play now, one of several
        opens or adopts them as they are asked for."""
        ...

    async def stop(self, owned: list[str]) -> None:
        """Let the ``owned`` tables go and stop."""
        ...

    async def claim(self, table_id: str) -> int | None:
        """Own a new table: its fencing number (None: no other writer can be)."""
        ...

    async def open(self, row: TableRow) -> Live:
        """A table in play, opened here: owned (and read from the store) or followed."""
        ...

    async def forward(self, live: Live, message: dict[str, Any]) -> bool:
        """Have the owner of a table not owned here take a person's ``message`` (an
        ``act`` or a ``join``): True once taken; False if this process owns the table now
        (the caller takes it); refused as the owner refuses it."""
        ...

    def say_present(self, live: Live, seat: int, here: bool, sockets: int = 1) -> None:
        """Tell the owner of a table not owned here that a person is at ``seat`` through
        this process (or no longer is), on ``sockets`` sockets."""
        ...

    async def publish(self, live: Live, message: dict[str, Any]) -> None:
        """Tell the followers of a table owned here what has been committed."""
        ...

    async def revoke(self, table_id: str, seat: int) -> None:
        """Tell the other processes holding the table that the seat's token no longer
        counts (its sockets there are told and closed)."""
        ...

    async def lost(self, live: Live) -> None:
        """A write of the table was refused as stale: another process owns it now (the
        caller holds its lock)."""
        ...

    def forget(self, live: Live) -> None:
        """The table has been let go from memory."""
        ...


class LocalChannel:
    """The channel of a server alone: every table is owned here, and nobody else is told."""

    cluster: Cluster | None = None

    def __init__(self) -> None:
        self._tables: Tables | None = None

    async def start(self, tables: Tables) -> None:
        self._tables = tables
        for row in await tables.store.tables_in([WAITING, PLAYING]):
            await tables.resume(row)

    async def stop(self, owned: list[str]) -> None:
        return None

    async def claim(self, table_id: str) -> int | None:
        return None

    async def open(self, row: TableRow) -> Live:
        assert self._tables is not None, "started"
        return await self._tables.load(row)

    async def forward(self, live: Live, message: dict[str, Any]) -> bool:
        return False

    def say_present(self, live: Live, seat: int, here: bool, sockets: int = 1) -> None:
        return None

    async def publish(self, live: Live, message: dict[str, Any]) -> None:
        return None

    async def revoke(self, table_id: str, seat: int) -> None:
        return None

    async def lost(self, live: Live) -> None:
        raise AssertionError("a table written without a fencing number is never stale")

    def forget(self, live: Live) -> None:
        return None
