"""The server's storage on SQLite (the default) and on a real PostgreSQL server: the schema
its migrations make is the one the code declares, and a table stored there is played,
stopped and taken up again exactly where it was."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Iterator
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
from chickenfoot.server.app import Settings, create_app
from chickenfoot.server.store import Store, database_url, metadata
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


def test_the_migrations_make_the_schema_the_code_declares(db_url: str) -> None:
    async def differences() -> list[Any]:
        store = Store(db_url)
        await store.open()
        try:
            async with store.engine.connect() as conn:
                return await conn.run_sync(
                    lambda sync: compare_metadata(MigrationContext.configure(sync), metadata)
                )
        finally:
            await store.close()

    assert asyncio.run(differences()) == []


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
    body = {"seats": [{"bot": "easy"}, {"bot": "beginner"}], "length": "single", "seed": 3}
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
