"""The server on a PostgreSQL server of its own that is stopped mid-match: actions are refused
(``storage-unavailable``) and not applied while it is down, play goes on when it is back
without a restart, and the finished record is exactly the replay of the accepted actions."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import asyncpg
import pytest
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from chickenfoot.core import games
from chickenfoot.core.table import Table
from chickenfoot.core.wire import action_from_json
from chickenfoot.server import frames
from chickenfoot.server.app import Settings, create_app
from chickenfoot.server.store import database_url
from tests.hub_helpers import seed_drawn
from tests.server_helpers import check_frame, client_socket, client_tokens
from tests.services import Postgres

SEED = 11
BODY = {"seats": [{"human": "Ann"}, {"bot": "easy"}], "length": "single"}
"""A table dealt from :data:`SEED`, drawn by the server (:func:`seed_drawn`): rated."""


def app_on(url: str, **settings: Any) -> TestClient:
    return TestClient(create_app(Settings(db_url=database_url(url, None), **settings)))


class Player:
    """Ann's socket: every frame read, and the actions the table accepted, in order."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.accepted: list[tuple[int, dict[str, Any]]] = []
        self.versions: list[int] = []
        self.over = False

    def read(self) -> dict[str, Any]:
        frame = check_frame(self.ws.receive_text())
        if frame["type"] == "snapshot":
            self.versions = [frame["version"]]
            for entry in frame["view"]["history"]:
                self.accepted.append((entry["seat"], entry["action"]))
        elif frame["type"] == "event":
            assert frame["version"] == self.versions[-1] + 1  # no gap, nothing twice
            self.versions.append(frame["version"])
            event = frame["event"]
            if "action" in event:
                self.accepted.append((event["seat"], event["action"]))
            self.over = event["kind"] == "match-end"
        return frame

    def turn(self) -> list[dict[str, Any]]:
        """Read until it is Ann's turn: her legal actions (none once the match is over)."""
        while True:
            frame = self.read()
            assert frame["type"] != "error", frame
            if frame.get("legal"):
                return list(frame["legal"])
            if self.over:
                return []

    def act(self, action: dict[str, Any]) -> None:
        self.ws.send_json({"type": "act", "action": action})


def replayed(accepted: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    """The record of the match the accepted actions make, played without any server."""
    rules = games.make_rules("chickenfoot", 2, None, {"length": "single"})
    table = Table(["Ann", "bot:easy"], rules, SEED)
    for seat, action in accepted:
        table.act(seat, action_from_json(action))
    return table.record()


def test_an_action_is_refused_while_the_database_is_down_and_play_resumes(
    postgres: Postgres, postgres_db: str
) -> None:
    with app_on(postgres_db, bot_delay=0) as client:
        with seed_drawn(SEED):
            made = client.post("/api/tables", json=BODY).json()
        table, token = made["table"], client_tokens(client, made)[0]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with client_socket(client, table, token, "?lang=nb") as ws:
            ann = Player(ws)
            for _ in range(3):
                ann.act(ann.turn()[0])
            legal = ann.turn()
            version = ann.versions[-1]
            postgres.stop()
            for _ in range(2):  # the failed commit, then the table asking the store again
                ann.act(legal[0])
                refused = ann.read()
                assert refused["type"] == "error"
                assert refused["code"] == "storage-unavailable"
                assert "databasen" in refused["message"]  # said in Ann's language
                assert hub.live[table].table.version == version  # not applied
            down = client.get(f"/api/tables/{table}")
            assert down.status_code == 503
            assert down.json()["code"] == "storage-unavailable"
            postgres.start()
            ann.act(legal[0])
            while legal := ann.turn():
                ann.act(legal[0])
        record = client.get(f"/api/tables/{table}/record").json()
    assert record == replayed(ann.accepted)


def test_a_commit_the_server_could_not_confirm_is_read_back_from_the_store(
    postgres: Postgres, postgres_db: str
) -> None:
    """The database may die after committing an action and before saying so: the table
    then reads its actions again before taking another, and tells of that one."""
    with app_on(postgres_db, bot_delay=0) as client:
        with seed_drawn(SEED):
            made = client.post("/api/tables", json=BODY).json()
        table, token = made["table"], client_tokens(client, made)[0]
        with client_socket(client, table, token) as ws:
            ann = Player(ws)
            legal = ann.turn()
            stored = len(ann.accepted)
            postgres.stop()
            ann.act(legal[0])
            assert ann.read()["code"] == "storage-unavailable"
            postgres.start()
            commit_made_after_all(postgres_db, table, stored, legal[0])
            ann.act({"play": "0-0", "on": 999})  # refused, but the stored action is told first
            told = ann.read()
            assert told["type"] == "event"
            assert told["event"]["seat"] == 0 and told["event"]["action"] == legal[0]
            while ann.read()["type"] != "error":
                pass
            while legal := ann.turn():
                ann.act(legal[0])
        record = client.get(f"/api/tables/{table}/record").json()
    assert record == replayed(ann.accepted)


def commit_made_after_all(url: str, table: str, n: int, action: dict[str, Any]) -> None:
    """Write Ann's action ``n`` to the store as the server would have."""

    async def insert() -> None:
        conn = await asyncpg.connect(url, timeout=5)
        try:
            await conn.execute(
                "INSERT INTO actions (table_id, n, seat, action) VALUES ($1, $2, 0, $3)",
                table,
                n,
                json.dumps(action),
            )
        finally:
            await conn.close()

    asyncio.run(insert())


def test_bots_wait_for_the_database_and_finish_the_match(
    postgres: Postgres, postgres_db: str
) -> None:
    body = {"seats": [{"bot": "easy"}] * 4, "length": "single", "seed": 4}
    with app_on(postgres_db, bot_delay=0.02) as client:
        table = client.post("/api/tables", json=body).json()["table"]
        with client_socket(client, table) as ws:
            seen = [check_frame(ws.receive_text())]
            while len(seen) < 4:
                seen.append(check_frame(ws.receive_text()))
            postgres.stop()
            time.sleep(0.5)
            postgres.start()
            while not (seen[-1]["type"] == "event" and seen[-1]["event"]["kind"] == "match-end"):
                seen.append(check_frame(ws.receive_text()))
        record = client.get(f"/api/tables/{table}/record").json()
        metrics = client.get("/metrics").text
    assert seen[0]["type"] == "snapshot"
    start = seen[0]["version"]
    events = [frame["event"] for frame in seen[1:]]
    told = Table.from_record(record).entries(start, None)
    assert events == [frames.event_json(entry) for entry in told]
    assert errors_counted(metrics, "storage-unavailable") >= 1


def errors_counted(metrics: str, code: str) -> float:
    for family in text_string_to_metric_families(metrics):
        for sample in family.samples:
            if sample.name == "chickenfoot_errors_total" and sample.labels == {"code": code}:
                return sample.value
    return 0.0


def test_a_seat_cannot_be_taken_while_the_database_is_down(
    postgres: Postgres, postgres_db: str
) -> None:
    body = {"seats": [{"human": "Ann"}, {"human": "Bo"}], "length": "single"}
    with app_on(postgres_db, bot_delay=0) as client, seed_drawn(2):
        made = client.post("/api/tables", json=body).json()
        table, token = made["table"], client_tokens(client, made)[0]
        postgres.stop()
        with client_socket(client, table, token) as ws:
            frame = check_frame(ws.receive_text())
            assert frame["code"] == "storage-unavailable"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4503
        postgres.start()
        with client_socket(client, table, token) as ws:
            assert check_frame(ws.receive_text())["type"] == "lobby"
        assert client.get(f"/api/tables/{table}").json()["seats"][0]["joined"]
