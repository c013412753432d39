"""``/healthz`` says the process serves; ``/readyz`` says whether its database answers, and
which is down when it does not, without a restart either way."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from chickenfoot.server.app import Settings, create_app
from chickenfoot.server.store import database_url
from tests.server_helpers import make_client
from tests.services import Postgres


def test_a_server_on_sqlite_is_alive_and_ready(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        alive = client.get("/healthz")
        ready = client.get("/readyz")
    assert (alive.status_code, alive.json()) == (200, {"alive": True})
    assert (ready.status_code, ready.json()) == (200, {"ready": True, "database": "up"})
    assert ready.headers["cache-control"] == "no-store"


def test_readiness_follows_the_database_down_and_back(postgres: Postgres, postgres_db: str) -> None:
    with TestClient(create_app(Settings(db_url=database_url(postgres_db, None)))) as client:
        assert client.get("/readyz").json() == {"ready": True, "database": "up"}
        postgres.kill()
        down = client.get("/readyz")
        assert down.status_code == 503
        body = down.json()
        assert body["ready"] is False
        assert body["database"].startswith("down: ")
        assert "\n" not in body["database"] and len(body["database"]) <= 210
        assert client.get("/healthz").status_code == 200  # alive all the same
        postgres.start()
        assert client.get("/readyz").json() == {"ready": True, "database": "up"}
