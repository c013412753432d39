"""The server's storage on SQLite (the default) and on a real PostgreSQL server: the schema
its migrations make is the one the code declares, and a table stored there is played,
stopped and taken up again exactly where it was; a waiting table cancelled or expired
there once, for good."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from starlette.testclient import TestClient

from chickenfoot.core import games
from chickenfoot.play import play_recorded_match
from chickenfoot.ratings import Ratings
from chickenfoot.server import store as store_module
from chickenfoot.server.app import Settings, create_app
from chickenfoot.server.store import (
    CANCELLED,
    EXPIRED,
    MIGRATIONS,
    NEWEST_MIGRATION,
    PLAYING,
    WAITING,
    ChatLine,
    NameTaken,
    SeatRow,
    Store,
    TableClosed,
    TableRow,
    database_url,
    metadata,
)
from tests.server_helpers import check_frame, client_socket, client_tokens

POSTGRES = "postgresql://127.0.0.1:5432/test"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty database on the PostgreSQL server of this machine, dropped afterwards."""
    name = f"chickenfoot_{secrets.token_hex(6)}"

    async def admin(statement: str) -> None:
        conn = await asyncpg.connect(POSTGRES, timeout=5)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    try:
        asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"NO POSTGRESQL SERVER at {POSTGRES} ({exc}): the PostgreSQL path is untested")
    try:
        yield f"postgresql+asyncpg://127.0.0.1:5432/{name}"
    finally:
        asyncio.run(admin(f'DROP DATABASE "{name}" WITH (FORCE)'))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return database_url(None, tmp_path)
    url: str = request.getfixturevalue("postgres_url")
    return url


COMPARED = {"compare_type": True, "compare_server_default": True}
"""What Alembic compares of a database's schema and the code's: also each column's type and
default."""


def schema_of(sync: sa.Connection) -> dict[str, Any]:
    """Everything the database says of each of its tables, and the revision it is at."""
    seen = sa.inspect(sync)
    described: dict[str, Any] = {
        name: {
            "columns": [
                (c["name"], str(c["type"]), c["nullable"], c.get("default"))
                for c in seen.get_columns(name)
            ],
            "primary key": seen.get_pk_constraint(name),
            "foreign keys": seen.get_foreign_keys(name),
            "indexes": sorted(seen.get_indexes(name), key=lambda index: str(index["name"])),
            "unique": seen.get_unique_constraints(name),
        }
        for name in sorted(seen.get_table_names())
    }
    described["revision"] = sync.execute(sa.text("SELECT * FROM alembic_version")).all()
    return described


def test_the_migrations_make_the_schema_the_code_declares(db_url: str) -> None:
    async def differences() -> list[Any]:
        store = Store(db_url)
        await store.open(NEWEST_MIGRATION)  # every migration, from the first
        try:
            async with store.engine.connect() as conn:
                return await conn.run_sync(
                    lambda sync: compare_metadata(
                        MigrationContext.configure(sync, opts=COMPARED), metadata
                    )
                )
        finally:
            await store.close()

    assert asyncio.run(differences()) == []


def test_an_empty_database_is_given_the_schema_the_migrations_make_at_once(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    upgrades: list[str] = []
    monkeypatch.setattr(store_module, "_upgrade", lambda _conn, revision: upgrades.append(revision))

    async def made(revision: str) -> dict[str, Any]:
        store = Store(db_url)
        try:
            await store.open(revision)
            async with store.engine.begin() as conn:
                schema = await conn.run_sync(schema_of)
                await conn.run_sync(metadata.drop_all)
                await conn.execute(sa.text("DROP TABLE alembic_version"))
            return schema
        finally:
            await store.close()

    at_once = asyncio.run(made("head"))
    assert upgrades == []
    monkeypatch.undo()
    migrated = asyncio.run(made(NEWEST_MIGRATION))
    assert at_once == migrated
    assert at_once["revision"] == [(NEWEST_MIGRATION,)]
    assert set(at_once) == {*metadata.tables, "alembic_version", "revision"}


def test_opening_twice_upgrades_nothing_and_keeps_the_tables(db_url: str) -> None:
    async def tables_after_two_opens() -> set[str]:
        for _ in range(2):
            store = Store(db_url)
            await store.open()
            await store.close()
        store = Store(db_url)
        try:
            async with store.engine.connect() as conn:
                return set(await conn.run_sync(lambda sync: sa.inspect(sync).get_table_names()))
        finally:
            await store.close()

    assert {"tables", "seats", "actions", "alembic_version"} <= asyncio.run(
        tables_after_two_opens()
    )


def test_the_newest_migration_named_in_the_code_is_alembics_head() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_heads() == [NEWEST_MIGRATION]


def test_a_database_at_the_newest_migration_opens_without_alembic_and_an_older_one_upgrades(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    upgrades: list[str] = []
    upgrade = store_module._upgrade

    def counted(connection: sa.Connection, revision: str) -> None:
        upgrades.append(revision)
        upgrade(connection, revision)

    monkeypatch.setattr(store_module, "_upgrade", counted)

    async def open_at(revision: str) -> None:
        store = Store(db_url)
        try:
            await store.open(revision)
        finally:
            await store.close()

    asyncio.run(open_at("0012"))  # a database made by the release before
    asyncio.run(open_at("head"))  # upgraded
    asyncio.run(open_at("head"))  # at the newest: only looked at
    assert upgrades == ["0012", "head"]


def test_a_transaction_a_stalled_process_left_open_does_not_keep_its_table_from_others(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process paused in the middle of a transaction (SIGSTOP, a stalled machine) holds the
    rows it wrote; PostgreSQL ends its session once it has idled in the transaction for
    ``IDLE_TRANSACTION_SECONDS``, and another process takes the table then, not when the
    paused one wakes."""
    monkeypatch.setattr(store_module, "IDLE_TRANSACTION_SECONDS", 1.0)

    async def run() -> tuple[int, float]:
        stalled, other = Store(postgres_url), Store(postgres_url)
        await stalled.open()
        await other.open()
        try:
            seats = [SeatRow(0, "Ann", None, "ann", False), SeatRow(1, "bot", "easy", None, True)]
            row = TableRow("held", 1.0, "test", "chickenfoot", "classic", {}, 1, PLAYING, seats)
            await stalled.add_table(row)
            held = await stalled.engine.connect()
            await held.begin()
            await held.execute(sa.text("UPDATE tables SET fence = fence WHERE id = 'held'"))
            started = time.monotonic()
            fence = await asyncio.wait_for(other.take("held"), 30)
            waited = time.monotonic() - started
            with pytest.raises(sa.exc.DBAPIError):  # its session is gone
                await held.execute(sa.text("SELECT 1"))
            await held.close()
            return fence, waited
        finally:
            await stalled.close()
            await other.close()

    fence, waited = asyncio.run(run())
    assert fence == 1
    assert 0.5 < waited < 10


def test_a_table_is_played_stopped_and_taken_up_again(db_url: str) -> None:
    settings = Settings(db_url=db_url, bot_delay=0)
    body = {"seats": [{"human": "Ann"}, {"bot": "easy"}, {"bot": "medium"}], "seed": 21}
    with TestClient(create_app(settings)) as client:
        made = client.post("/api/tables", json={**body, "length": "half"}).json()
        table, token = made["table"], client_tokens(client, made)[0]
        with client_socket(client, table, token) as ws:
            acted = 0
            while acted < 6:
                frame = check_frame(ws.receive_text())
                if frame.get("legal"):
                    ws.send_json({"type": "act", "action": frame["legal"][0]})
                    acted += 1
        stopped_at = client.get(f"/api/tables/{table}").json()["version"]
        assert stopped_at > 6
    with TestClient(create_app(settings)) as client:
        rebuilt = client.get(f"/api/tables/{table}").json()["version"]
        assert rebuilt >= stopped_at  # the bots may have moved on before the server stopped
        with client_socket(client, table, token) as ws:
            snapshot = check_frame(ws.receive_text())
            assert snapshot["version"] >= rebuilt
            frame = snapshot
            while not (frame["type"] == "event" and frame["event"]["kind"] == "match-end"):
                dealt = frame.get("event", {})
                if dealt.get("kind") == "round" and dealt["round"] > 1:  # the summary closed
                    ws.send_json({"type": "ready", "round": dealt["round"] - 1})
                if frame.get("legal"):
                    ws.send_json({"type": "act", "action": frame["legal"][0]})
                frame = check_frame(ws.receive_text())
        record = client.get(f"/api/tables/{table}/record").json()
    assert games.check(record).is_over
    assert record["seed"] == 21


def test_an_older_database_is_upgraded_and_its_finished_matches_get_their_results(
    db_url: str, tmp_path: Path
) -> None:
    record = play_recorded_match(["easy", "easy"], games.make_rules("chickenfoot", 2), 4)[1]

    async def at_first_revision() -> None:
        store = Store(db_url)
        await store.open("0001")
        async with store.engine.begin() as conn:
            await conn.execute(
                sa.text(
                    "INSERT INTO tables (id, created, creator, game, preset, options, seed, "
                    "status, record) VALUES ('old', 1.0, 'x', 'chickenfoot', 'classic', '{}', "
                    "4, 'over', :record)"
                ),
                {"record": json.dumps(record)},
            )
        await store.close()

    asyncio.run(at_first_revision())
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0))) as client:
        summary = client.get("/api/tables/old").json()
        listed = client.get("/api/tables").json()["finished"]
    assert summary["totals"] == record["totals"]
    assert summary["winners"] == record["winners"]
    assert [t["table"] for t in listed] == ["old"]


def test_ratings_are_kept_with_the_match_that_made_them(db_url: str) -> None:
    settings = Settings(db_url=db_url, bot_delay=0)
    body = {"seats": [{"bot": "easy"}, {"bot": "beginner"}], "length": "single"}  # rated
    with TestClient(create_app(settings)) as client:
        made = client.post("/api/tables", json=body).json()
        with client_socket(client, made["table"]) as ws:
            while (frame := check_frame(ws.receive_text()))["type"] != "event" or frame["event"][
                "kind"
            ] != "match-end":
                pass
        before = client.get("/api/ratings").json()["ratings"]
    assert sorted(row["name"] for row in before) == ["bot:beginner", "bot:easy"]
    assert all(row["matches"] == 1 for row in before)
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/ratings").json()["ratings"] == before
        record = client.get(f"/api/tables/{made['table']}/record").json()
    served = Ratings()  # a server's players go on playing: their skill may drift
    served.add(record)
    assert before == [row.to_json() for row in served.table()]


def test_a_tables_clock_and_the_moves_played_for_a_person_are_kept(db_url: str) -> None:
    settings = Settings(db_url=db_url, bot_delay=0, away=0.1)
    body = {"seats": [{"human": "Ann"}, {"bot": "easy"}], "seed": 8, "length": "single"}
    with TestClient(create_app(settings)) as client:
        made = client.post("/api/tables", json={**body, "clock": 30}).json()
        table, token = made["table"], client_tokens(client, made)[0]
        with client_socket(client, table, token) as ws:
            assert check_frame(ws.receive_text())["type"] == "snapshot"
        deadline = time.monotonic() + 30  # Ann has gone: the computer plays for her
        while client.get(f"/api/tables/{table}").json()["status"] != "over":
            assert time.monotonic() < deadline
            time.sleep(0.05)
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/api/tables/{table}").json()["clock"] == 30
        record = client.get(f"/api/tables/{table}/record").json()
        with client_socket(client, table, token) as ws:
            told = [check_frame(ws.receive_text()) for _ in range(3)]
    acts = [a for r in record["rounds"] for a in r["actions"]]
    anns = [a for a in acts if a["seat"] == 0]
    assert anns and all(a["stand_in"] is True for a in anns)
    assert not any("stand_in" in a for a in acts if a["seat"] == 1)
    assert games.check(record).is_over
    assert [f["type"] for f in told] == ["snapshot", "seats", "played-for"]
    assert told[1]["clock"] == 30 and told[1]["seats"] == [{"seat": 0}]  # here again
    assert len(told[2]["actions"]) == len(anns)
    marked = told[0]["stand_ins"]
    history = told[0]["view"]["history"]
    assert marked == [e["v"] for e in history if e["seat"] == 0]


def test_a_waiting_table_is_cancelled_or_expired_once_and_then_counts_no_longer(
    db_url: str,
) -> None:
    def waiting(table_id: str, created: float, seeded: bool = False) -> TableRow:
        people = [
            SeatRow(s, name, None, f"hash-{table_id}-{s}", False)
            for s, name in ((0, "Ann"), (1, "Bo"))
        ]
        return TableRow(
            table_id,
            created,
            "10.0.0.1",
            "chickenfoot",
            "classic",
            {},
            2**63 - 1,
            WAITING,
            people,
            seeded=seeded,
        )

    async def run() -> None:
        store = Store(db_url)
        await store.open()
        try:
            for row in (
                waiting("old", 100.0),
                waiting("new", 200.0, seeded=True),
                waiting("mine", 200.0),
            ):
                await store.add_table(row)
            assert await store.open_tables_of("10.0.0.1", waiting_since=0.0) == 3
            assert await store.open_tables_of("10.0.0.1", waiting_since=150.0) == 2
            stored = await store.table("new")
            assert stored is not None and stored.seeded and stored.seed == 2**63 - 1
            await store.close_waiting("mine", CANCELLED)
            with pytest.raises(TableClosed) as again:
                await store.close_waiting("mine", CANCELLED)
            assert again.value.status == CANCELLED
            assert await store.open_tables_of("10.0.0.1", waiting_since=0.0) == 2
            assert await store.expire_waiting(made_before=150.0) == ["old"]
            assert await store.expire_waiting(made_before=150.0) == []
            with pytest.raises(TableClosed) as late:
                await store.join("old", 1, WAITING)
            assert late.value.status == EXPIRED
            old = await store.table("old")
            assert old is not None and old.status == EXPIRED
            assert not any(seat.joined for seat in old.seats)  # the late join wrote nothing
            await store.join("new", 0, WAITING)
            await store.join("new", 1, PLAYING)
            with pytest.raises(TableClosed) as dealt:
                await store.close_waiting("new", CANCELLED)
            assert dealt.value.status == PLAYING
            assert await store.open_tables_of("10.0.0.1", waiting_since=0.0) == 1
        finally:
            await store.close()

    asyncio.run(run())


def test_accounts_sessions_and_seats_are_kept_and_let_go(db_url: str) -> None:
    async def run() -> None:
        store = Store(db_url)
        await store.open()
        try:
            ann = await store.add_account("Ann", "ann", "hash-1")
            with pytest.raises(NameTaken):
                await store.add_account("ANN", "ann", "hash-2")
            assert await store.account("ann") == ann
            assert await store.account_by_id(ann.id) == ann
            await store.add_session("s1", ann.id)
            assert await store.session("s1", since=0.0) == ann
            assert await store.session("s1", since=ann.created + 3600) is None  # too old
            assert await store.session("nope", since=0.0) is None
            assert await store.set_password("ann", "hash-3")
            assert await store.session("s1", since=0.0) is None  # a new password: signed out
            assert (await store.account("ann") or ann).password == "hash-3"
            row = TableRow(
                id="t1",
                created=1.0,
                creator="x",
                game="chickenfoot",
                preset="classic",
                options={},
                seed=1,
                status="waiting",
                seats=[
                    SeatRow(0, "Ann", None, "h0", False, ann.id),
                    SeatRow(1, "Bo", None, "h1", False),
                ],
                rated=True,
            )
            await store.add_table(row)
            bo = await store.add_account("Bo Ek", "bo ek", "hash-4")
            await store.join("t1", 1, "playing", account=bo)
            kept = await store.table("t1")
            assert kept is not None and kept.rated
            assert [(s.name, s.account, s.joined) for s in kept.seats] == [
                ("Ann", ann.id, False),
                ("Bo Ek", bo.id, True),
            ]
            await store.add_session("s2", ann.id)
            assert await store.remove_account("ann")
            assert not await store.remove_account("ann")
            assert await store.session("s2", since=0.0) is None
            kept = await store.table("t1")
            assert kept is not None and kept.seats[0].account is None
            assert [a.name for a in await store.accounts()] == ["Bo Ek"]
        finally:
            await store.close()

    asyncio.run(run())


def test_upgrading_drops_the_ratings_of_names_and_keeps_the_computer_players(db_url: str) -> None:
    async def run() -> list[str]:
        store = Store(db_url)
        await store.open("0004")
        async with store.engine.begin() as conn:
            for name in ("Magnus", "bot:easy", "bot:expert"):
                await conn.execute(
                    sa.text(
                        "INSERT INTO ratings (name, mu, sigma, matches, wins, rounds, points, "
                        "outs, double_blanks) VALUES (:name, 25, 8, 1, 0, 1, 3, 0, 0)"
                    ),
                    {"name": name},
                )
        await store.close()
        store = Store(db_url)
        await store.open()
        try:
            return sorted(r.name for r in await store.ratings())
        finally:
            await store.close()

    assert asyncio.run(run()) == ["bot:easy", "bot:expert"]


def test_chat_lines_are_numbered_per_table_and_the_latest_are_given_in_order(
    db_url: str,
) -> None:
    def row(table_id: str, chat: bool) -> TableRow:
        seats = [SeatRow(0, "Ann", None, None, False), SeatRow(1, "Bo", None, None, False)]
        return TableRow(
            table_id, 1.0, "x", "chickenfoot", "classic", {}, 1, WAITING, seats, chat=chat
        )

    async def run() -> None:
        store = Store(db_url)
        await store.open()
        try:
            await store.add_table(row("talk", True))
            await store.add_table(row("quiet", False))
            for n in range(5):
                said = await store.add_chat("talk", ChatLine(0, n % 2, None, f"line {n}", 2.0))
                assert said.n == n + 1
            said = await store.add_chat("quiet", ChatLine(0, 1, "oops", None, 3.0))
            assert said == ChatLine(1, 1, "oops", None, 3.0)
            latest = await store.chat_of("talk", 3)
            assert [(c.n, c.seat, c.text) for c in latest] == [
                (3, 0, "line 2"),
                (4, 1, "line 3"),
                (5, 0, "line 4"),
            ]
            assert await store.chat_of("quiet", 50) == [said]
            assert await store.chat_of("nobody", 50) == []
            stored = {t: await store.table(t) for t in ("talk", "quiet")}
            assert {t: r.chat for t, r in stored.items() if r is not None} == {
                "talk": True,
                "quiet": False,
            }
        finally:
            await store.close()

    asyncio.run(run())


def waiting_table(table_id: str) -> TableRow:
    seats = [SeatRow(0, "Ann", None, None, False), SeatRow(1, "Bo", None, None, False)]
    return TableRow(table_id, 1.0, "x", "chickenfoot", "classic", {}, 1, WAITING, seats)


@contextlib.asynccontextmanager
async def thread_held(store: Store) -> AsyncIterator[None]:
    """The store's SQLite thread busy with a job until the block ends: what is asked
    meanwhile waits in its queues."""
    busy, free = threading.Event(), threading.Event()

    def hold(_conn: sa.Connection) -> None:
        busy.set()
        free.wait(10)

    held = asyncio.create_task(store._write(hold))
    await asyncio.to_thread(busy.wait, 10)
    try:
        yield
    finally:
        free.set()
        await held


def test_an_sqlite_files_actions_are_committed_before_the_queries_that_waited_longer(
    tmp_path: Path,
) -> None:
    """An SQLite file's queries are made one after another in a thread of their own; a
    group commit of actions goes before the other queries waiting there: a read asked for
    before the action sees it."""

    async def run() -> list[tuple[int, dict[str, Any]]]:
        store = Store(database_url(None, tmp_path))
        await store.open()
        try:
            await store.add_table(waiting_table("t"))
            async with thread_held(store):
                reading = asyncio.create_task(store.actions_of("t"))
                await asyncio.sleep(0.05)  # the read waits in the thread's queue
                acting = asyncio.create_task(store.add_action("t", 0, 0, {"draw": True}))
                await asyncio.sleep(0.05)
            await acting
            return await reading
        finally:
            await store.close()

    assert asyncio.run(run()) == [(0, {"draw": True})]


def test_an_sqlite_files_commits_of_actions_let_the_other_queries_waiting_in_between(
    tmp_path: Path,
) -> None:
    """Under load there is nearly always a group commit to make: the other queries waiting
    are not left for a lull, each goes after one commit."""

    async def run() -> list[str]:
        store = Store(database_url(None, tmp_path))
        await store.open()
        try:
            made: list[str] = []

            def job(name: str) -> Callable[[sa.Connection], None]:
                return lambda _conn: made.append(name)

            async with thread_held(store):
                jobs = [store._write(job(f"commit {k}"), first=True) for k in range(3)]
                jobs += [store._read(job(f"query {k}")) for k in range(2)]
                waiting = [asyncio.ensure_future(job) for job in jobs]
                await asyncio.sleep(0.05)  # every job is in the thread's queues
            await asyncio.gather(*waiting)
            return made
        finally:
            await store.close()

    assert asyncio.run(run()) == ["commit 0", "query 0", "commit 1", "query 1", "commit 2"]


def test_an_sqlite_query_refused_is_raised_to_its_caller_and_the_next_one_is_made(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        store = Store(database_url(None, tmp_path))
        await store.open()
        try:
            await store.add_account("Ann", "ann", "hash")
            with pytest.raises(NameTaken):
                await store.add_account("ANN", "ann", "other")
            with pytest.raises(sa.exc.IntegrityError):  # no such table: its actions refused
                await store.add_action("nowhere", 0, 0, {"draw": True})
            await store.add_table(waiting_table("t"))
            assert (await store.account("ann")) is not None
            assert (await store.table("t")) is not None
        finally:
            await store.close()
        with pytest.raises(RuntimeError, match="closed"):
            await store.table("t")

    asyncio.run(run())
