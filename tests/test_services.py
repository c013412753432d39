"""The throwaway servers of ``tests/services.py`` stop, die and come back as the outage tests
need, on the same port and data, and leave no process behind."""

from __future__ import annotations

import asyncio

import asyncpg

from tests.services import Postgres, Redis, alive, family


def count_rows(postgres: Postgres, database: str) -> int:
    async def count() -> int:
        conn = await asyncpg.connect(postgres.url(database), timeout=5)
        try:
            return int(await conn.fetchval("SELECT count(*) FROM kept"))
        finally:
            await conn.close()

    return asyncio.run(count())


def test_postgres_stops_dies_and_comes_back_with_its_data(postgres: Postgres) -> None:
    name = postgres.new_database()
    url = postgres.url(name)

    async def insert() -> None:
        conn = await asyncpg.connect(url, timeout=5)
        try:
            await conn.execute("CREATE TABLE kept (n int)")
            await conn.execute("INSERT INTO kept VALUES (1), (2)")
        finally:
            await conn.close()

    asyncio.run(insert())
    assert postgres.process is not None
    processes = family(postgres.process.pid)
    assert len(processes) > 1  # the postmaster and its helpers
    postgres.stop()
    assert not postgres.running and alive(processes) == set()
    assert not postgres._answers()
    postgres.start()
    assert count_rows(postgres, name) == 2
    assert postgres.process is not None
    processes = family(postgres.process.pid)
    postgres.kill()
    assert alive(processes) == set()
    assert not postgres._answers()
    postgres.start()  # crash recovery: the committed rows are there
    assert count_rows(postgres, name) == 2
    postgres.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def test_redis_stops_dies_and_comes_back_on_its_port(redis: Redis) -> None:
    port = redis.port
    assert redis.command("SET", "k", "v") == b"+OK"
    assert redis.process is not None
    processes = family(redis.process.pid)
    redis.kill()
    assert alive(processes) == set()
    assert not redis._answers()
    redis.start()
    assert redis.port == port
    assert redis.command("GET", "k") == b"$-1"  # nothing was kept: no persistence
    redis.stop()
    assert not redis.running
    redis.start()
    assert redis.command("PING") == b"+PONG"
