"""The page in a real Chromium, behind a load balancer of two ``chickenfoot serve --redis``
processes: the process owning the table is killed (SIGKILL) mid-round, the balancer sends
the page's next connection to the other, and the page reconnects, catches up and plays the
match to its end there."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.services import Redis
from tests.test_cluster import Cluster
from tests.web_helpers import MY_TURN, chromium, need_chromium, open_tab, play_round

need_chromium()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


class Balancer:
    """A TCP load balancer on a free loopback port: each connection goes to the first of
    ``ports`` that accepts it, and is relayed both ways until either end closes."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.loop = asyncio.new_event_loop()
        self.relays: set[asyncio.Task[None]] = set()
        self.writers: set[asyncio.StreamWriter] = set()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        ready.wait(10)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        self.port = listener.getsockname()[1]
        self.server = self.loop.run_until_complete(asyncio.start_server(self._relay, sock=listener))
        ready.set()
        self.loop.run_forever()
        self.loop.close()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.relays.add(task)
        self.writers.add(writer)
        try:
            for port in self.ports:
                try:
                    back_reader, back_writer = await asyncio.open_connection("127.0.0.1", port)
                    break
                except OSError:
                    continue
            else:
                return
            self.writers.add(back_writer)
            await asyncio.gather(_pipe(reader, back_writer), _pipe(back_reader, writer))
        finally:
            writer.close()
            self.relays.discard(task)

    async def _shut(self) -> None:
        self.server.close()
        for task in list(self.relays):
            task.cancel()
        await asyncio.gather(*self.relays, return_exceptions=True)
        for writer in self.writers:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
        await self.server.wait_closed()

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._shut(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError):
        while data := await source.read(65536):
            sink.write(data)
            await sink.drain()
    sink.close()


def test_the_page_plays_on_when_the_owner_dies(
    browser: Browser, tmp_path: Path, postgres_db: str, redis: Redis
) -> None:
    cluster = Cluster(tmp_path, postgres_db, redis.url)
    balancer = None
    try:
        owner, other = cluster.start(), cluster.start()
        balancer = Balancer([owner.port, other.port])
        body = {"seats": [{"human": "Ann"}, {"bot": "easy"}, {"bot": "easy"}], "seed": 17}
        made = owner.post("/api/tables", {**body, "length": "single"})
        invite = made["seats"][0]["invite"].replace(f":{owner.port}/", f":{balancer.port}/")
        ann = open_tab(browser, invite)
        page = ann.page
        page.wait_for_selector("#hand [data-tile]")
        play_round([page], ["click"], actions=3)
        page.wait_for_function(MY_TURN)
        owner.kill()
        page.wait_for_selector("#connection:not([hidden])")
        page.wait_for_selector("#connection", state="hidden")
        play_round([page], ["click"], seconds=90)
        assert page.locator("[data-round-end]").count()
        page.wait_for_selector("[data-match-end]")
        ann.shot("cluster-failover")
        record = other.get(f"/api/tables/{made['table']}/record")
        assert record["winners"] is not None
        assert ann.errors == [], ann.errors
        ann.close()
    finally:
        if balancer is not None:
            balancer.close()
        cluster.stop()
