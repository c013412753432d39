"""Several ``chickenfoot serve`` processes on loopback sharing one PostgreSQL and one Redis
(throwaway servers the tests start, stop and kill): people of one table on different
processes play a whole match; the owner killed with SIGKILL mid-round, the match finishes on
another process exactly as an uninterrupted replay of its actions, its bots' moves those of
their seeds; Redis and PostgreSQL stopped and started mid-match. Every frame any viewer
receives is checked against the full record for tiles that viewer may not see."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from websockets.exceptions import ConnectionClosed

from chickenfoot.bots import make_bot
from chickenfoot.core import games
from chickenfoot.core.table import Table
from chickenfoot.core.wire import ActionEntry, action_from_json
from chickenfoot.play import seat_seed
from chickenfoot.server.store import (
    InviteRefused,
    SeatRow,
    StaleOwner,
    Store,
    TableRow,
    database_url,
)
from tests.account_helpers import Visitor, first_frame, play_out, signed_up
from tests.server_helpers import (
    Server,
    check_frame,
    frames_until_dealt,
    hidden_tiles,
    invite_of,
    leaked,
    next_frame,
    post,
    seat_tokens,
)
from tests.services import Postgres, Redis

LEASE = 2.0


class Cluster:
    """``chickenfoot serve`` processes on one database and one Redis."""

    def __init__(self, tmp_path: Path, db: str, redis: str) -> None:
        self.tmp_path = tmp_path
        self.db = db
        self.redis = redis
        self.servers: list[Server] = []

    def start(self) -> Server:
        data = self.tmp_path / f"server{len(self.servers)}"
        data.mkdir()
        options = ["--db", self.db, "--redis", self.redis, "--lease", str(LEASE)]
        server = Server(data, options=[*options, "--bot-processes", "1", "--away", "600"])
        self.servers.append(server)
        return server

    def stop(self) -> None:
        for server in self.servers:
            if server.process.poll() is None:
                server.stop()


@pytest.fixture
def cluster(tmp_path: Path, postgres_db: str, redis: Redis) -> Iterator[Cluster]:
    made = Cluster(tmp_path, postgres_db, redis.url)
    try:
        yield made
    finally:
        made.stop()


class Viewer:
    """A person's (or a spectator's) socket on one process, taken to another when it is
    closed: every frame read, kept with its version, and every event, each once; it plays
    a random legal action at its turn, and closes each round's summary as the next is dealt."""

    def __init__(self, servers: list[Server], table: str, seat: int | None, token: str | None):
        self.servers = servers
        self.table = table
        self.seat = seat
        self.token = token
        self.rng = random.Random(seat)
        self.frames: list[tuple[int, dict[str, Any]]] = []
        self.events: dict[int, dict[str, Any]] = {}
        self.version = -1
        self.over = False
        self.moved = 0
        self.acted = 0
        self.errors: list[dict[str, Any]] = []
        self.stop_at: int | None = None
        self.stop_at_turn = False
        """With :attr:`stop_at`: stop there only once it is this seat's turn."""

    async def play(self, until: asyncio.Event | None = None, acts: int | None = None) -> None:
        """Play until the match is over (or ``acts`` actions of this seat, or ``until`` is
        set, or the table reaches ``version`` :attr:`stop_at`)."""
        k = 0
        while not self.over:
            server = self.servers[k % len(self.servers)]
            k += 1
            if server.process.poll() is not None:
                continue
            try:
                async with server.socket(self.table, self.token) as ws:
                    if self.version >= 0:
                        await ws.send(json.dumps({"type": "sync", "since": self.version}))
                    if await self._follow(ws, until, acts):
                        return
            except (ConnectionClosed, OSError):
                pass
            self.moved += 1
            assert self.moved < 40, "no process would serve the table"
            await asyncio.sleep(0.3)

    async def _follow(self, ws: Any, until: asyncio.Event | None, acts: int | None) -> bool:
        while True:
            frame = check_frame(await asyncio.wait_for(ws.recv(), 60))
            self._read(frame)
            if self.over or (until is not None and until.is_set()):
                return True
            legal = frame.get("legal")
            mine = legal and self.seat is not None and frame.get("version") == self.version
            stop = self.stop_at is not None and self.version >= self.stop_at
            if stop and (mine or not self.stop_at_turn):
                return True
            if frame["type"] == "error":
                self.errors.append(frame)
                if frame["code"] in ("coordination-unavailable", "table-unreachable"):
                    return False
                continue
            dealt = frame.get("event", {})
            if self.seat is not None and dealt.get("kind") == "round" and dealt["round"] > 1:
                await ws.send(json.dumps({"type": "ready", "round": dealt["round"] - 1}))
            if mine:
                if acts is not None and self.acted >= acts:
                    return True
                await ws.send(json.dumps({"type": "act", "action": self.rng.choice(legal)}))
                self.acted += 1

    def _read(self, frame: dict[str, Any]) -> None:
        """Keep the frame. A socket taken to another process asks for what it missed
        (``sync``) while that process sends its snapshot: events up to the snapshot's version
        may come after it, each the first time this viewer hears of it."""
        if frame["type"] == "snapshot":
            self.version = max(self.version, frame["version"])
        if frame["type"] != "event":
            self.frames.append((self.version, frame))
            return
        version = frame["version"]
        assert version not in self.events, (version, frame)  # nothing told twice
        assert version <= self.version + 1 or self.version < 0, (self.version, frame)
        self.events[version] = frame["event"]
        self.version = max(self.version, version)
        self.frames.append((version, frame))
        self.over = self.over or frame["event"]["kind"] == "match-end"


def table_of(server: Server, seats: list[dict[str, str]], length: str = "single") -> dict[str, Any]:
    """A table of ``seats`` dealt from the server's own draw (rated, as a seed is not): a
    single round, or ``half`` a match where the rounds after the first are what is tried."""
    body = {"seats": seats, "length": length}
    made: dict[str, Any] = server.post("/api/tables", body)
    return made


def check_events(record: dict[str, Any], viewer: Viewer) -> None:
    """Every event the viewer received is the one the record's uninterrupted replay gives
    that viewer at that version (and it received every version from its first)."""
    replay = Table.from_record(record)
    expected = {e.v: _plain(e) for e in replay.entries(0, viewer.seat)}
    events = viewer.events
    assert events and max(events) == replay.version
    assert sorted(events) == list(range(min(events), replay.version + 1))
    for version, event in events.items():
        got, want = dict(event), dict(expected[version])
        assert got.pop("kind") and want.pop("kind")
        assert got == want, version


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=msgspec.to_builtins))


def check_no_leak(record: dict[str, Any], viewers: list[Viewer]) -> None:
    hidden = hidden_tiles(record)
    for viewer in viewers:
        for version, frame in viewer.frames:
            assert not leaked(frame, version, viewer.seat, hidden), (viewer.seat, frame)


def check_bots_reproducible(record: dict[str, Any], bots: dict[int, str]) -> None:
    """Every bot action of the record is the one its bot, seeded by its seat and the
    table's version, chooses from the seat's view: whichever process played it."""
    table = Table(record["players"], Table.from_record(record).match.rules, record["seed"])
    checked = 0
    for entry in Table.from_record(record).entries(0, None):
        if not isinstance(entry, ActionEntry):
            continue
        seat = entry.seat
        action = action_from_json(_plain(entry.action))
        if seat in bots:
            bot = make_bot(bots[seat], f"{seat_seed(record['seed'], seat)}/{table.version}")
            assert bot.choose(table.view(seat)) == action, entry.v
            checked += 1
        table.act(seat, action)
    assert checked > 5


def test_people_on_two_processes_play_one_match(cluster: Cluster) -> None:
    a, b = cluster.start(), cluster.start()
    made = table_of(a, [{"human": "Ann"}, {"bot": "easy"}, {"human": "Bo"}], "half")
    table, tokens = made["table"], a.tokens(made)
    ann = Viewer([a], table, 0, tokens[0])
    bo = Viewer([b], table, 2, tokens[2])
    watcher = Viewer([b], table, None, None)

    async def play() -> None:
        await asyncio.gather(ann.play(), bo.play(), watcher.play())

    asyncio.run(play())
    record = a.get(f"/api/tables/{table}/record")
    assert b.get(f"/api/tables/{table}/record") == record
    assert games.check(record).is_over
    for viewer in (ann, bo, watcher):
        check_events(record, viewer)
        assert viewer.moved == 0 and not viewer.errors
    check_no_leak(record, [ann, bo, watcher])
    metrics = b.text("/metrics")
    assert "chickenfoot_forwarded_total" in metrics
    assert _metric(metrics, "chickenfoot_forwarded_total") >= bo.acted
    again = table_of(b, [{"bot": "easy"}, {"human": "Ann"}])  # b owns this one
    ann_again = Viewer([a], again["table"], 1, a.tokens(again)[1])
    asyncio.run(ann_again.play())
    for server in (a, b):  # guests' matches rate nobody
        rows = {r["name"]: r for r in server.get("/api/ratings")["ratings"]}
        assert not {"Ann", "Bo", "bot:easy"} & set(rows)
    for server in (a, b):  # each process rates from the ratings the other stored
        bots = table_of(server, [{"bot": "easy"}, {"bot": "beginner"}])
        server.wait_over(bots["table"], 60)
    for server in (a, b):
        rows = {r["name"]: r for r in server.get("/api/ratings")["ratings"]}
        assert rows["bot:easy"]["matches"] == rows["bot:beginner"]["matches"] == 2
    deadline = time.monotonic() + 10
    while _metric(a.text("/metrics"), "chickenfoot_owned_tables") != 0:  # over: let go
        assert time.monotonic() < deadline, "the owner holds a finished table nobody watches"
        time.sleep(0.2)


def test_the_owner_killed_mid_round_the_match_goes_on_elsewhere(cluster: Cluster) -> None:
    owner, b, c = cluster.start(), cluster.start(), cluster.start()
    bots = {1: "easy", 3: "medium"}
    seats = [{"human": "Ann"}, {"bot": "easy"}, {"human": "Bo"}, {"bot": "medium"}]
    made = table_of(owner, seats)
    table, tokens = made["table"], c.tokens(made)
    ann = Viewer([b, c], table, 0, tokens[0])
    bo = Viewer([c, b], table, 2, tokens[2])
    watcher = Viewer([b, c], table, None, None)

    ann.stop_at = bo.stop_at = 15

    async def first_half() -> None:
        await asyncio.gather(ann.play(), bo.play())

    asyncio.run(first_half())
    ann.stop_at = bo.stop_at = None
    assert _metric(owner.text("/metrics"), "chickenfoot_owned_tables") == 1
    killed_at = max(ann.version, bo.version)
    owner.kill()
    started = time.monotonic()

    async def second_half() -> None:
        await asyncio.gather(ann.play(), bo.play(), watcher.play())

    asyncio.run(second_half())
    assert time.monotonic() - started < 60
    record = b.get(f"/api/tables/{table}/record")
    assert games.check(record).is_over
    after = {e["seat"] for v, e in ann.events.items() if v > killed_at and "action" in e}
    assert {0, 2} <= after and after & set(bots)  # people and bots played on after the kill
    for viewer in (ann, bo, watcher):
        check_events(record, viewer)
    check_no_leak(record, [ann, bo, watcher])
    check_bots_reproducible(record, bots)
    taken = 'chickenfoot_lease_changes_total{change="taken"}'
    assert sum(_metric(s.text("/metrics"), taken) for s in (b, c)) == 1


def test_redis_down_the_owner_goes_on_and_no_table_is_taken(cluster: Cluster, redis: Redis) -> None:
    a, b = cluster.start(), cluster.start()
    made = table_of(a, [{"human": "Ann"}, {"bot": "easy"}])
    table, token = made["table"], b.tokens(made)[0]
    other = table_of(a, [{"human": "Cy"}, {"bot": "easy"}])["table"]
    ann = Viewer([a], table, 0, token)
    asyncio.run(ann.play(acts=3))
    redis.stop()
    ready = _status(a, "/readyz")
    assert ready[0] == 503 and ready[1]["redis"].startswith("down") and ready[1]["database"] == "up"
    refused = _status(a, "/api/tables", {"seats": [{"human": "X"}, {"bot": "easy"}]})
    assert refused[0] == 503 and refused[1]["code"] == "coordination-unavailable"

    async def elsewhere() -> dict[str, Any]:
        async with b.socket(other) as ws:
            return check_frame(await asyncio.wait_for(ws.recv(), 30))

    said = asyncio.run(elsewhere())
    assert said["type"] == "error" and said["code"] == "coordination-unavailable"
    asyncio.run(ann.play(acts=6))  # the owner goes on with its table
    assert ann.acted == 6
    redis.start()
    deadline = time.monotonic() + 30
    while _status(b, "/readyz")[0] != 200:
        assert time.monotonic() < deadline, "not ready again after Redis came back"
        time.sleep(0.2)
    asyncio.run(ann.play())
    record = a.get(f"/api/tables/{table}/record")
    check_events(record, ann)
    check_no_leak(record, [ann])
    opened = asyncio.run(elsewhere())  # b opens it now: a lobby, waiting for Cy
    assert opened["type"] == "lobby", opened


def test_postgres_down_a_forwarded_action_is_refused_then_play_resumes(
    cluster: Cluster, postgres: Postgres
) -> None:
    a, b = cluster.start(), cluster.start()
    made = table_of(a, [{"human": "Ann"}, {"bot": "easy"}])
    table, token = made["table"], b.tokens(made)[0]
    ann = Viewer([b], table, 0, token)  # on the follower: each action is forwarded
    watcher = Viewer([b], table, None, None)  # keeps b following the table throughout

    async def refused() -> dict[str, Any]:
        async with b.socket(table, token) as ws:
            await ws.send(json.dumps({"type": "sync", "since": ann.version}))
            while True:
                frame = check_frame(await asyncio.wait_for(ws.recv(), 30))
                if frame.get("legal") and frame["type"] == "snapshot":
                    await ws.send(json.dumps({"type": "act", "action": frame["legal"][0]}))
                elif frame["type"] == "error":
                    return frame

    async def play() -> None:
        watching = asyncio.create_task(watcher.play())
        await ann.play(acts=3)
        await asyncio.to_thread(postgres.stop)
        frame = await refused()
        assert frame["code"] == "storage-unavailable", frame
        assert _status(a, "/readyz")[1]["database"].startswith("down")
        await asyncio.to_thread(postgres.start)
        await ann.play()
        await watching

    asyncio.run(play())
    record = a.get(f"/api/tables/{table}/record")
    check_events(record, ann)
    check_events(record, watcher)
    check_no_leak(record, [ann, watcher])


def _metric(text: str, name: str) -> float:
    """The value of the sample ``name`` (with its labels, if any) in Prometheus's text."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def _status(server: Server, path: str, body: Any = None) -> tuple[int, dict[str, Any]]:
    try:
        got = server.post(path, body) if body is not None else server.get(path)
        return 200, got
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_stale_owner_cannot_write(postgres_db: str) -> None:
    """The store refuses an action written with a fencing number an owner taking the table
    has since passed; in a group commit, only that table's action is refused."""

    async def run() -> None:
        store = Store(database_url(postgres_db, Path(".")))
        await store.open()
        try:
            rows = [_row(name) for name in ("stale", "fresh")]
            for row in rows:
                await store.add_table(row, fence=1)
            assert await store.take("stale") == 2  # another process takes it
            move = {"draw": True}
            results = await asyncio.gather(
                store.add_action("stale", 0, 0, move, fence=1),
                store.add_action("fresh", 0, 0, move, fence=1),
                return_exceptions=True,
            )
            assert isinstance(results[0], StaleOwner) and results[1] == ()
            assert await store.actions_of("stale") == []
            assert await store.actions_of("fresh") == [(0, move)]
            await store.add_action("stale", 0, 1, move, fence=2)  # the new owner writes
            assert await store.actions_of("stale") == [(1, move)]
            with pytest.raises(StaleOwner):
                await store.join("stale", 0, "playing", fence=1)
        finally:
            await store.close()

    asyncio.run(run())


def _row(table_id: str) -> TableRow:
    seats = [SeatRow(s, f"p{s}", None, None, True) for s in range(2)]
    return TableRow(table_id, 0.0, "test", "chickenfoot", "classic", {}, 1, "playing", seats)


def test_an_owner_paused_past_its_lease_loses_the_table_and_writes_nothing(
    cluster: Cluster,
) -> None:
    """SIGSTOP: the owner neither renews nor answers; another process takes the table and
    plays on, and an action forwarded to the owner meanwhile is taken there once its lease
    has lapsed (the person is not told the table cannot be reached). SIGCONT: the old owner
    learns it has lost the table (its lease, or a write of its refused as stale) and writes
    nothing more."""
    a, b = cluster.start(), cluster.start()
    made = table_of(a, [{"human": "Ann"}, {"bot": "easy"}, {"bot": "easy"}])
    table, token = made["table"], b.tokens(made)[0]
    ann = Viewer([b], table, 0, token)
    ann.stop_at, ann.stop_at_turn = 6, True  # paused at her turn: her action is forwarded
    asyncio.run(ann.play())
    ann.stop_at = None
    a.process.send_signal(signal.SIGSTOP)
    try:
        asyncio.run(ann.play(acts=ann.acted + 3))
    finally:
        a.process.send_signal(signal.SIGCONT)
    assert ann.moved == 0 and "table-unreachable" not in {e["code"] for e in ann.errors}
    asyncio.run(ann.play())
    record = b.get(f"/api/tables/{table}/record")
    check_events(record, ann)
    check_no_leak(record, [ann])
    check_bots_reproducible(record, {1: "easy", 2: "easy"})
    lost = 'chickenfoot_lease_changes_total{change="lost"}'
    deadline = time.monotonic() + 10
    while _metric(a.text("/metrics"), lost) != 1:
        assert time.monotonic() < deadline, "the paused owner did not learn it lost the table"
        time.sleep(0.2)


def test_a_forwarded_action_keeps_the_version_it_was_chosen_at(cluster: Cluster) -> None:
    """Both people on a process that does not own the table: each action is forwarded to the
    owner with its ``expect``, so the same frame sent again is refused there as ``stale``
    (not as another seat's turn: the owner compares the versions first)."""
    owner, b = cluster.start(), cluster.start()
    made = table_of(owner, [{"human": "Ann"}, {"human": "Bo"}])
    table, tokens = made["table"], b.tokens(made)

    async def play() -> tuple[int, dict[str, Any], dict[str, Any]]:
        async with b.socket(table, tokens[0]) as ann, b.socket(table, tokens[1]) as bo:
            sockets = (ann, bo)
            firsts = []
            for ws in sockets:
                frame = check_frame(await asyncio.wait_for(ws.recv(), 30))
                while frame["type"] != "snapshot":
                    frame = check_frame(await asyncio.wait_for(ws.recv(), 30))
                firsts.append(frame)
            turn = firsts[0]["view"]["public"]["turn"]
            ws, frame = sockets[turn], firsts[turn]
            act = json.dumps(
                {"type": "act", "action": frame["legal"][0], "expect": frame["version"]}
            )
            await ws.send(act)
            taken = check_frame(await asyncio.wait_for(ws.recv(), 30))
            await ws.send(act)
            refused = check_frame(await asyncio.wait_for(ws.recv(), 30))
            return frame["version"], taken, refused

    version, taken, refused = asyncio.run(play())
    assert (taken["type"], taken["version"]) == ("event", version + 1)
    assert (refused["type"], refused["code"]) == ("error", "stale")
    assert _metric(b.text("/metrics"), "chickenfoot_forwarded_total") >= 2


def test_the_owner_runs_the_move_clock_and_the_other_processes_show_it(cluster: Cluster) -> None:
    """Ann on a process that does not own her table: the owner's clock runs out on her, its
    stand-in's move reaches her marked as played for her, the owner's seats frames reach
    everybody there, her leaving is seen there at once, and back, she is told."""
    owner, b = cluster.start(), cluster.start()
    body = {"seats": [{"human": "Ann"}, {"bot": "easy"}], "seed": 43, "clock": 5}
    made = owner.post("/api/tables", body)
    table, token = made["table"], owner.tokens(made)[0]

    async def play() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with b.socket(table) as watcher:
            async with b.socket(table, token) as ann:
                timed = await next_frame(ann, "seats", 15)
                while timed["seats"][0].get("left") is None:
                    timed = await next_frame(ann, "seats", 15)
                event = await next_frame(ann, "event", 15)
                while event["event"].get("seat") != 0:
                    event = await next_frame(ann, "event", 15)
            gone = await next_frame(watcher, "seats", seconds=5)
            while not gone["seats"][0].get("away"):
                gone = await next_frame(watcher, "seats", seconds=5)
            async with b.socket(table, token) as ann:
                told = await next_frame(ann, "played-for", 15)
        return timed, event, gone, told

    timed, event, gone, told = asyncio.run(play())
    assert timed["clock"] == 5 and 0 < timed["seats"][0]["left"] <= 5
    assert event["stand_in"] is True
    assert gone["seats"][0]["away"] is True
    assert told["actions"][0] == event["event"]["action"]


def test_an_account_takes_a_rated_seat_through_a_process_that_does_not_own_the_table(
    cluster: Cluster,
) -> None:
    a, b = cluster.start(), cluster.start()
    olga = signed_up(a, "Olga")
    pia = signed_up(a, "Pia")
    pia.server = b  # the session is the database's: good on every process
    assert pia.me() == "Pia"
    body = {
        "seats": [{"human": "x"}, {"human": "y"}],
        "length": "single",
        "rated": True,
        "sit": 0,
    }
    status, made = olga.request("POST", "/api/tables", body)
    assert status == 201
    table, olgas, invite = made["table"], made["seats"][0]["token"], made["seats"][1]["invite"]
    claim = {"table": table, "invite": invite_of(invite)}
    refused = Visitor(b).request("POST", "/api/claim", claim)  # a guest: the invite stays
    status, claimed = pia.request("POST", "/api/claim", claim)
    assert status == 200

    async def play() -> None:
        async with olga.socket(table, olgas) as mine:  # on a, the owner
            assert (await first_frame(mine))["type"] == "lobby"
            async with pia.socket(table, claimed["token"]) as theirs:  # on b: forwarded
                assert (await first_frame(theirs))["type"] == "snapshot"
                await asyncio.gather(play_out(mine), play_out(theirs))

    asyncio.run(play())
    assert refused[0] == 403 and refused[1]["code"] == "rated-needs-account"
    summary = b.wait_over(table)
    assert [(s["name"], s["account"]) for s in summary["seats"]] == [("Olga", True), ("Pia", True)]
    for server in (a, b):
        rows = {r["name"]: r for r in server.get("/api/ratings")["ratings"]}
        assert rows["Olga"]["matches"] == rows["Pia"]["matches"] == 1


def test_a_new_invite_closes_the_seats_sockets_on_every_process(cluster: Cluster) -> None:
    """Bo's seat claimed through one process and open on the owner and on a follower; the
    creator asks a third process for a new invite: both of Bo's sockets hear ``seat-revoked``
    and are closed, Ann's hears nothing of it, and the new invite takes the seat anywhere."""
    owner, b, c = cluster.start(), cluster.start(), cluster.start()
    made = owner.post("/api/tables", {"seats": [{"human": "Ann"}, {"human": "Bo"}], "sit": 0})
    table, tokens = made["table"], b.tokens(made)

    async def until_closed(ws: Any) -> tuple[list[str], int | None]:
        codes = []
        try:
            while True:
                frame = check_frame(await asyncio.wait_for(ws.recv(), 30))
                if frame["type"] == "error":
                    codes.append(frame["code"])
        except ConnectionClosed as closed:
            return codes, closed.rcvd.code if closed.rcvd else None

    async def lose_the_phone() -> tuple[Any, ...]:
        async with (
            owner.socket(table, tokens[1]) as on_owner,
            b.socket(table, tokens[1]) as on_b,
            b.socket(table, tokens[0]) as ann,
        ):
            for ws in (on_owner, on_b, ann):
                assert check_frame(await asyncio.wait_for(ws.recv(), 30))["type"] in (
                    "lobby",
                    "snapshot",
                )
            renewed = await asyncio.to_thread(
                c.post, f"/api/tables/{table}/invite", {"key": made["key"], "seat": 1}
            )
            closed = await asyncio.gather(until_closed(on_owner), until_closed(on_b))
            heard = []
            with contextlib.suppress(TimeoutError):
                while True:
                    heard.append(check_frame(await asyncio.wait_for(ann.recv(), 1)))
            return renewed, closed, heard

    renewed, closed, heard = asyncio.run(lose_the_phone())
    assert closed == [(["seat-revoked"], 4403)] * 2
    assert all(f["type"] != "error" for f in heard)
    new_token = seat_tokens(lambda path, body: b.post(path, body), {**made, "seats": [renewed]})
    assert list(new_token) == [1]

    async def first(server: Server, token: str) -> dict[str, Any]:
        async with server.socket(table, token) as ws:
            return check_frame(await asyncio.wait_for(ws.recv(), 30))

    assert asyncio.run(first(owner, tokens[1]))["code"] == "bad-token"
    assert asyncio.run(first(b, tokens[1]))["code"] == "bad-token"
    assert asyncio.run(first(c, new_token[1]))["type"] == "snapshot"


def test_a_seat_open_on_two_processes_says_so_on_each_socket(cluster: Cluster) -> None:
    """Ann's seat open on the owner and on a follower (two devices behind a balancer): both
    sockets hear that the seat is open twice, Bo's hears nothing of it, and Ann's socket left
    hears when it is alone again."""
    owner, b = cluster.start(), cluster.start()
    made = owner.post("/api/tables", {"seats": [{"human": "Ann"}, {"human": "Bo"}], "sit": 0})
    table, tokens = made["table"], b.tokens(made)

    async def elsewhere(ws: Any, until: int | None = None) -> list[int]:
        """The ``elsewhere`` frames a socket hears (until one says ``until``, else quiet)."""
        said: list[int] = []
        with contextlib.suppress(TimeoutError):
            while until is None or until not in said:
                frame = check_frame(await asyncio.wait_for(ws.recv(), 2 if until is None else 30))
                if frame["type"] == "elsewhere":
                    said.append(frame["sockets"])
        return said

    async def two_devices() -> tuple[list[int], ...]:
        async with owner.socket(table, tokens[0]) as phone, b.socket(table, tokens[1]) as bo:
            async with b.socket(table, tokens[0]) as laptop:
                heard = await asyncio.gather(
                    elsewhere(phone, until=2), elsewhere(laptop, until=2), elsewhere(bo)
                )
            alone = await elsewhere(phone, until=1)
            return (*heard, alone, await elsewhere(bo))

    phone, laptop, bo, alone, bo_later = asyncio.run(two_devices())
    assert phone[-1] == 2 and laptop[-1] == 2
    assert alone[-1] == 1
    assert bo == [] and bo_later == []


def test_an_open_seat_is_taken_once_whichever_process_takes_it(postgres_db: str) -> None:
    """Six processes (each a store of its own on one PostgreSQL) take one open seat at once:
    one takes it, the others are told it is taken, and the table leaves the list."""

    async def run() -> None:
        stores = [Store(database_url(postgres_db, Path("."))) for _ in range(6)]
        for store in stores:
            await store.open()
        try:
            seats = [
                SeatRow(0, "Ann", None, "ann", False),
                SeatRow(1, "?", None, None, False, invite_hash="invite", open=True),
            ]
            row = TableRow("open", 1.0, "test", "chickenfoot", "classic", {}, 1, "waiting", seats)
            await stores[0].add_table(row)
            assert [r.id for r in await stores[1].open_seats(0.0, None, 10)] == ["open"]
            results = await asyncio.gather(
                *(
                    store.take_open("open", 1, f"token{n}", f"p{n}")
                    for n, store in enumerate(stores)
                ),
                return_exceptions=True,
            )
            assert results.count(None) == 1
            assert all(isinstance(r, InviteRefused) and r.used for r in results if r is not None)
            assert await stores[2].open_seats(0.0, None, 10) == []
            (stored,) = [r for r in [await stores[3].table("open")] if r is not None]
            assert stored.seats[1].invite_used and stored.seats[1].name != "?"
        finally:
            for store in stores:
                await store.close()

    asyncio.run(run())


def test_a_chat_line_said_on_either_process_reaches_every_socket_at_once_and_is_kept_once(
    cluster: Cluster,
) -> None:
    """Ann on the owner and Bo on a follower: each one's line reaches both sockets as said
    (numbered in turn), and a socket opened later reads the two lines, each once."""
    owner, b = cluster.start(), cluster.start()
    made = owner.post("/api/tables", {"seats": [{"human": "Ann"}, {"human": "Bo"}], "sit": 0})
    table, tokens = made["table"], b.tokens(made)

    async def chat() -> list[dict[str, Any]]:
        async with owner.socket(table, tokens[0]) as ann, b.socket(table, tokens[1]) as bo:
            for ws in (ann, bo):
                await next_frame(ws, "snapshot", 30)
            await ann.send(json.dumps({"type": "say", "phrase": "well-played"}))
            for ws in (ann, bo):
                assert (await next_frame(ws, "chat", 5))["lines"] == [
                    {"n": 1, "seat": 0, "phrase": "well-played"}
                ]
            await bo.send(json.dumps({"type": "say", "text": "hi Ann"}))
            for ws in (ann, bo):
                assert (await next_frame(ws, "chat", 5))["lines"] == [
                    {"n": 2, "seat": 1, "text": "hi Ann"}
                ]
            async with b.socket(table) as later:
                lines: list[dict[str, Any]] = (await next_frame(later, "chat", 5))["lines"]
                return lines

    assert asyncio.run(chat()) == [
        {"n": 1, "seat": 0, "phrase": "well-played"},
        {"n": 2, "seat": 1, "text": "hi Ann"},
    ]


def test_the_bots_pace_set_on_the_owner_is_told_to_the_sockets_of_every_process(
    cluster: Cluster,
) -> None:
    """Ann, alone with a bot, sets the pace through the owner, then through a follower: her
    socket and a spectator's on the follower hear each change, and a socket opened on the
    follower meanwhile is told the pace as it opens."""
    owner, b = cluster.start(), cluster.start()
    made = owner.post("/api/tables", {"seats": [{"human": "Ann"}, {"bot": "easy"}], "sit": 0})
    table, token = made["table"], b.tokens(made)[0]

    async def pace() -> None:
        async with b.socket(table) as watcher:
            await next_frame(watcher, "lobby", 30)
            async with owner.socket(table, token) as ann:
                await next_frame(ann, "snapshot", 30)
                await ann.send(json.dumps({"type": "pace", "pace": "slow"}))
                for ws in (ann, watcher):
                    assert await next_frame(ws, "pace", 5) == {"type": "pace", "pace": "slow"}
            async with b.socket(table, token) as ann:  # told the pace as it opens
                assert await next_frame(ann, "pace", 5) == {"type": "pace", "pace": "slow"}
                await ann.send(json.dumps({"type": "pace", "pace": "fast"}))
                for ws in (ann, watcher):
                    assert await next_frame(ws, "pace", 5) == {"type": "pace", "pace": "fast"}

    asyncio.run(pace())


def test_a_rematch_accepted_on_a_follower_is_made_by_the_owner_and_told_everywhere(
    cluster: Cluster,
) -> None:
    """Ann on the owner and Bo (with a spectator) on a follower play a match out; Bo accepts
    the rematch first, through the follower, then Ann: every socket hears who has accepted,
    then the new table, and each person's socket its own new token."""
    owner, b = cluster.start(), cluster.start()
    asked = {"seats": [{"human": "Ann"}, {"human": "Bo"}], "sit": 0, "length": "single"}
    made = owner.post("/api/tables", asked)
    table, tokens = made["table"], b.tokens(made)
    ann_plays = Viewer([owner], table, 0, tokens[0])
    bo_plays = Viewer([b], table, 1, tokens[1])

    async def rematch() -> list[dict[str, Any]]:
        async with (
            owner.socket(table, tokens[0]) as ann,
            b.socket(table, tokens[1]) as bo,
            b.socket(table) as watcher,
        ):
            await asyncio.gather(
                ann_plays._follow(ann, None, None),
                bo_plays._follow(bo, None, None),
                Viewer([b], table, None, None)._follow(watcher, None, None),
            )
            await bo.send(json.dumps({"type": "rematch"}))
            for ws in (ann, bo, watcher):
                assert await next_frame(ws, "rematch", 5) == {"type": "rematch", "accepted": [1]}
            await ann.send(json.dumps({"type": "rematch"}))
            return [await next_frame(ws, "rematch", 10) for ws in (ann, bo, watcher)]

    to_ann, to_bo, to_watcher = asyncio.run(rematch())
    new = to_ann["table"]
    assert new != table and to_bo["table"] == to_watcher["table"] == new
    assert to_ann["accepted"] == to_bo["accepted"] == to_watcher["accepted"] == [0, 1]
    assert "token" not in to_watcher and to_ann["token"] != to_bo["token"]
    assert b.get(f"/api/tables/{new}")["status"] == "waiting"


def test_bots_take_a_play_now_tables_seats_once_whichever_process_the_person_is_on(
    cluster: Cluster,
) -> None:
    """Play now on one process, its person on another: the owner seats the bots when the
    wait runs out and both processes deal the same table; an owner that dies before the wait
    runs out leaves it to the process that takes the table over."""
    a, b = cluster.start(), cluster.start()

    status, made = post(a, "/api/play-now", {"name": "Lea", "players": 3, "bots_after": 1})
    assert status == 201
    snapshot = frames_until_dealt(b, made["table"], made["token"], wait=30)[-1]
    assert snapshot["view"]["players"] == ["Lea", "bot:medium", "bot:medium"]
    for server in (a, b):
        seats = server.get(f"/api/tables/{made['table']}")["seats"]
        assert [s["bot"] for s in seats] == [None, "medium", "medium"]

    status, made = post(a, "/api/play-now", {"name": "Max", "players": 4, "bots_after": 3})
    assert status == 201 and made["seat"] == 0
    a.kill()  # the owner dies while the table waits
    snapshot = frames_until_dealt(b, made["table"], made["token"], wait=30)[-1]
    assert snapshot["view"]["players"] == ["Max", "bot:medium", "bot:medium", "bot:medium"]
    seats = b.get(f"/api/tables/{made['table']}")["seats"]
    assert [s["bot"] for s in seats] == [None, "medium", "medium", "medium"]
