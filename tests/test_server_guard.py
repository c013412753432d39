"""A server that other sites and malformed input cannot use: driven over loopback as a page of
another site, or a careless client, would drive it."""

from __future__ import annotations

import asyncio
import http.client
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tests.server_helpers import CHICKENFOOT, Server, hello, serving

EVIL = "http://evil.example"
A_TABLE = {"seats": [{"human": "Ann"}, {"bot": "easy"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "guard")


def request(
    server: Server, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def post_json(server: Server, path: str, body: Any, **headers: str) -> tuple[int, dict[str, Any]]:
    status, _, data = request(
        server,
        "POST",
        path,
        json.dumps(body).encode() if not isinstance(body, bytes) else body,
        {"Content-Type": "application/json", **headers},
    )
    return status, json.loads(data)


def open_tables(server: Server) -> int:
    return len(server.get("/api/tables")["open"])


@pytest.mark.parametrize(
    "path", ["/", "/table/x", "/rules", "/static/js/home.js", "/api/meta", "/api/tables", "/nope"]
)
def test_every_response_carries_the_security_headers_and_no_banner(
    server: Server, path: str
) -> None:
    _, headers, _ = request(server, "GET", path)
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"
    assert "server" not in headers


def test_a_form_of_another_site_cannot_set_up_a_table(server: Server) -> None:
    before = open_tables(server)
    status, _, data = request(
        server,
        "POST",
        "/api/tables",
        json.dumps(A_TABLE).encode(),
        {"Content-Type": "text/plain", "Origin": EVIL},
    )
    assert (status, json.loads(data)["code"]) == (403, "cross-origin")
    status, _, data = request(
        server, "POST", "/api/tables", json.dumps(A_TABLE).encode(), {"Content-Type": "text/plain"}
    )
    assert (status, json.loads(data)["code"]) == (415, "not-json")
    status, body = post_json(server, "/api/tables", A_TABLE, Origin=EVIL)
    assert (status, body["code"]) == (403, "cross-origin")
    assert "evil.example" in body["message"]
    assert open_tables(server) == before


def test_the_servers_own_pages_and_clients_without_a_page_set_up_tables(server: Server) -> None:
    status, made = post_json(server, "/api/tables", A_TABLE, Origin=server.url)
    assert status == 201, made
    status, made = post_json(server, "/api/tables", A_TABLE)  # a script: no Origin at all
    assert status == 201, made


def test_every_post_refuses_what_is_not_json_and_another_sites_pages(server: Server) -> None:
    for path in ("/api/replay", "/api/analysis"):
        status, _, data = request(server, "POST", path, b"{}", {"Content-Type": "text/plain"})
        assert (status, json.loads(data)["code"]) == (415, "not-json"), path
        status, body = post_json(server, path, {}, Origin=EVIL)
        assert (status, body["code"]) == (403, "cross-origin"), path


def test_a_socket_opened_by_another_sites_page_is_refused(server: Server) -> None:
    status, made = post_json(server, "/api/tables", A_TABLE)
    assert status == 201
    table, token = made["table"], server.tokens(made)[0]
    address = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"

    async def opened(origin: str | None) -> dict[str, Any]:
        async with connect(address, origin=origin) as ws:  # type: ignore[arg-type]
            await ws.send(hello(token))
            frame: dict[str, Any] = json.loads(await ws.recv())
            return frame

    with pytest.raises(InvalidStatus) as refused:
        asyncio.run(opened(EVIL))
    assert refused.value.response.status_code == 403
    assert asyncio.run(opened(server.url))["type"] in ("lobby", "snapshot")
    assert asyncio.run(opened(None))["type"] in ("lobby", "snapshot")


def test_invites_are_built_on_the_servers_address_never_on_the_host_header(
    server: Server,
) -> None:
    status, made = post_json(server, "/api/tables", A_TABLE, Host="evil.example")
    assert status == 201
    links = [seat["invite"] for seat in made["seats"]] + [made["spectate"]]
    assert all(link.startswith(f"{server.url}/table/") for link in links), links


DEEP = b"[" * 1_900 + b"]" * 1_900
DEEP_OPTIONS = b'{"seats": [{"human": "Ann"}, {"bot": "easy"}], "options": {"x": ' + DEEP + b"}}"


def test_json_nested_too_deeply_is_refused_with_a_code(server: Server) -> None:
    bodies = {"/api/tables": DEEP_OPTIONS, "/api/replay": DEEP, "/api/analysis": DEEP}
    for path, deep in bodies.items():
        status, body = post_json(server, path, deep)
        assert (status, body["code"]) == (400, "bad-request"), path
        assert "nested too deeply" in body["message"]


def test_a_frame_nested_too_deeply_is_refused_and_the_socket_stays(server: Server) -> None:
    _, made = post_json(server, "/api/tables", A_TABLE)
    table, token = made["table"], server.tokens(made)[0]
    frame = b'{"type": "act", "action": ' + b"[" * 1_900 + b"]" * 1_900 + b"}"
    assert len(frame) < 4_096

    async def talk() -> list[dict[str, Any]]:
        async with server.socket(table, token) as ws:
            await ws.recv()  # the table as it is
            await ws.send(frame.decode())
            refused = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "sync", "since": 0}))
            return [refused, json.loads(await ws.recv())]

    refused, answered = asyncio.run(talk())
    assert (refused["type"], refused["code"]) == ("error", "bad-frame")
    assert answered["type"] != "error"


def test_the_server_log_holds_no_traceback(server: Server) -> None:
    test_json_nested_too_deeply_is_refused_with_a_code(server)
    server.log.flush()
    assert "Traceback" not in Path(server.log_path).read_text()


def test_behind_a_proxy_links_and_origins_are_the_public_urls(tmp_path: Path) -> None:
    public = "https://play.example"
    server = Server(tmp_path, options=["--public-url", f"{public}/"])
    try:
        status, made = post_json(server, "/api/tables", A_TABLE, Origin=public)
        assert status == 201, made
        assert made["seats"][0]["invite"].startswith(f"{public}/table/{made['table']}#invite=")
        assert made["spectate"] == f"{public}/table/{made['table']}"
        status, body = post_json(server, "/api/tables", A_TABLE, Origin=server.url)
        assert (status, body["code"]) == (403, "cross-origin")
    finally:
        server.stop()


def test_a_client_address_is_taken_from_x_forwarded_for_only_from_a_proxy_named(
    tmp_path: Path,
) -> None:
    def tables_made(*options: str) -> list[int]:
        data = tmp_path / str(len(options))
        data.mkdir()
        server = Server(data, options=["--tables-per-address", "1", *options])
        try:
            return [
                post_json(server, "/api/tables", A_TABLE, **{"X-Forwarded-For": address})[0]
                for address in ("203.0.113.7", "203.0.113.8")
            ]
        finally:
            server.stop()

    assert tables_made() == [201, 429]  # the header is anyone's to write: not believed
    assert tables_made("--forwarded-allow-ips", "127.0.0.1") == [201, 201]


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--public-url", "play.example", "--public-url play.example: not an address people open"),
        ("--public-url", "ftp://play.example", "not an address people open"),
        ("--forwarded-allow-ips", "10.0.0.1,proxy", "--forwarded-allow-ips: proxy is not"),
    ],
)
def test_a_public_url_or_a_proxy_that_is_no_address_is_said(
    option: str, value: str, said: str
) -> None:
    done = subprocess.run(
        [str(CHICKENFOOT), "serve", "--port", "0", option, value],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert said in done.stderr
    assert "Traceback" not in done.stderr
