"""Each person their own seat (issue 29, finding 1): the creator gets its own seat's token and
an invite for every other person's; an invite takes its seat once and gives that browser a
token of its own; the creator may give a seat a new invite, which takes it from whoever held
it; a token travels in no socket's address; a seat open on several sockets says so on each.
Driven over loopback against ``chickenfoot serve``, as the creator, a friend and an attacker
would drive it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.server_helpers import Server, check_frame, invite_of, post, serving

PEOPLE = {"seats": [{"human": "Ann"}, {"human": "Bo"}, {"bot": "easy"}], "sit": 0}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "invites")


def new_table(server: Server, body: dict[str, Any] = PEOPLE) -> dict[str, Any]:
    status, made = post(server, "/api/tables", body)
    assert status == 201, made
    return made


def claim(server: Server, made: dict[str, Any], seat: int, lang: str = "en") -> Any:
    link = next(s["invite"] for s in made["seats"] if s["seat"] == seat)
    return post(server, "/api/claim", {"table": made["table"], "invite": invite_of(link)}, lang)


async def first_frame(server: Server, table: str, token: str | None) -> dict[str, Any]:
    """The first frame a socket saying ``hello`` with ``token`` hears."""
    async with server.socket(table, token) as ws:
        return check_frame(await asyncio.wait_for(ws.recv(), 10))


async def frames_until_quiet(ws: Any, seconds: float = 0.5) -> list[dict[str, Any]]:
    """The frames a socket hears until it has heard nothing for ``seconds``."""
    heard = []
    while True:
        try:
            heard.append(check_frame(await asyncio.wait_for(ws.recv(), seconds)))
        except TimeoutError:
            return heard


def test_the_creator_cannot_open_a_friends_seat_with_anything_it_received(
    server: Server,
) -> None:
    """Finding 1 as the creator would try it: every secret in its answer, used as a token or
    to claim the friend's seat again, gives it the friend's seat never; the friend's token is
    in no answer, list or log."""
    made = new_table(server)
    table = made["table"]
    assert made["seats"] == [
        {"seat": 0, "token": made["seats"][0]["token"]},
        {"seat": 1, "invite": made["seats"][1]["invite"]},
    ]
    assert "#invite=" in made["seats"][1]["invite"]
    status, claimed = claim(server, made, 1)  # Bo's browser
    assert status == 200 and claimed["seat"] == 1
    bo_token = claimed["token"]
    received = [made["key"], made["seats"][0]["token"], invite_of(made["seats"][1]["invite"])]
    assert bo_token not in received

    async def attacker() -> list[dict[str, Any]]:
        return [await first_frame(server, table, secret) for secret in received]

    ann_key, ann_token, invite = asyncio.run(attacker())
    assert ann_key["code"] == "bad-token" and invite["code"] == "bad-token"
    assert ann_token["type"] == "lobby"  # its own seat, and the lobby shows no hand
    status, again = claim(server, made, 1)
    assert (status, again["code"]) == (409, "invite-used")
    assert asyncio.run(first_frame(server, table, bo_token))["type"] == "snapshot"
    said = [server.text(f"/api/tables/{table}"), server.text("/api/tables")]
    server.log.flush()
    said.append(Path(server.log_path).read_text())
    assert not any(bo_token in text for text in said)
    assert not any(made["seats"][0]["token"] in text for text in said)


def test_an_invite_takes_its_seat_once(server: Server) -> None:
    made = new_table(server)
    status, first = claim(server, made, 1)
    assert status == 200 and set(first) == {"table", "seat", "token"}
    status, english = claim(server, made, 1)
    assert (status, english["code"]) == (409, "invite-used")
    assert english["message"].startswith("that invite has been used already")
    status, norwegian = claim(server, made, 1, lang="nb")
    assert (status, norwegian["code"]) == (409, "invite-used")
    assert norwegian["message"] != english["message"]
    status, wrong = post(server, "/api/claim", {"table": made["table"], "invite": "guess"})
    assert (status, wrong["code"]) == (403, "bad-invite")
    status, elsewhere = post(server, "/api/claim", {"table": "nothing", "invite": "guess"})
    assert (status, elsewhere["code"]) == (404, "no-such-table")
    status, malformed = post(server, "/api/claim", {"table": made["table"], "invite": 3})
    assert (status, malformed["code"]) == (400, "bad-request")


def test_invites_claimed_at_once_give_the_seat_to_one(server: Server) -> None:
    made = new_table(server)

    async def both() -> list[tuple[int, dict[str, Any]]]:
        return await asyncio.gather(*(asyncio.to_thread(claim, server, made, 1) for _ in range(6)))

    statuses = sorted(status for status, _ in asyncio.run(both()))
    assert statuses == [200, 409, 409, 409, 409, 409]


def test_a_new_invite_takes_the_seat_from_its_old_token(server: Server) -> None:
    """Bo has lost his phone: Ann (the creator, by its key) gives seat 1 a new invite; the
    socket Bo's old token holds is told and closed, the old token and invite count no
    more, and the new invite takes the seat."""
    made = new_table(server)
    table = made["table"]
    _, claimed = claim(server, made, 1)
    old = claimed["token"]
    status, refused = post(server, f"/api/tables/{table}/invite", {"key": "guess", "seat": 1})
    assert (status, refused["code"]) == (403, "not-creator")
    ann = made["seats"][0]["token"]
    status, refused = post(server, f"/api/tables/{table}/invite", {"key": ann, "seat": 1})
    assert (status, refused["code"]) == (403, "not-creator")  # a seat's token is no key
    status, refused = post(server, f"/api/tables/{table}/invite", {"key": made["key"], "seat": 2})
    assert (status, refused["code"]) == (400, "no-invite-seat")

    async def lose_the_phone() -> tuple[list[dict[str, Any]], int | None, dict[str, Any]]:
        async with server.socket(table, old) as phone, server.socket(table, ann) as ann_ws:
            await frames_until_quiet(phone)
            await frames_until_quiet(ann_ws)
            status, renewed = await asyncio.to_thread(
                post, server, f"/api/tables/{table}/invite", {"key": made["key"], "seat": 1}
            )
            assert status == 201 and renewed["seat"] == 1, renewed
            heard = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    heard.append(check_frame(await asyncio.wait_for(phone.recv(), 10)))
            ann_heard = await frames_until_quiet(ann_ws)
            assert all(f["type"] != "error" for f in ann_heard), ann_heard
            assert closed.value.rcvd is not None
            return heard, closed.value.rcvd.code, renewed

    heard, code, renewed = asyncio.run(lose_the_phone())
    assert [f["code"] for f in heard if f["type"] == "error"] == ["seat-revoked"]
    assert code == 4403
    assert asyncio.run(first_frame(server, table, old))["code"] == "bad-token"
    status, spent = claim(server, made, 1)
    assert (status, spent["code"]) == (403, "bad-invite")  # replaced by the new one
    new = {"table": table, "invite": invite_of(renewed["invite"])}
    status, found = post(server, "/api/claim", new)
    assert status == 200 and found["seat"] == 1
    assert asyncio.run(first_frame(server, table, found["token"]))["type"] == "snapshot"


def test_a_table_the_creator_does_not_sit_at_gives_it_only_invites_and_its_key(
    server: Server,
) -> None:
    body = {"seats": [{"human": "Ann"}, {"human": "Bo"}]}
    made = new_table(server, body)
    assert [set(s) for s in made["seats"]] == [{"seat", "invite"}] * 2
    assert made["key"]
    status, refused = post(server, "/api/tables", {**body, "sit": 5})
    assert (status, refused["code"]) == (400, "bad-request")
    status, refused = post(server, "/api/tables", {"seats": [{"bot": "easy"}] * 2, "sit": 0})
    assert (status, refused["code"]) == (400, "bad-request")


def test_a_seat_open_on_two_sockets_says_so_on_each_and_to_nobody_else(server: Server) -> None:
    made = new_table(server)
    table = made["table"]
    ann = made["seats"][0]["token"]
    _, claimed = claim(server, made, 1)

    async def talk() -> tuple[list[list[dict[str, Any]]], list[dict[str, Any]]]:
        async with server.socket(table, claimed["token"]) as bo, server.socket(table) as watcher:
            async with server.socket(table, ann) as first:
                await frames_until_quiet(first)
                async with server.socket(table, ann) as second:
                    heard = [await frames_until_quiet(ws) for ws in (first, second, bo, watcher)]
                heard.append(await frames_until_quiet(first))
            return heard, await frames_until_quiet(bo) + await frames_until_quiet(watcher)

    (first, second, bo, watcher, after), later = asyncio.run(talk())
    assert [f for f in first if f["type"] == "elsewhere"] == [{"type": "elsewhere", "sockets": 2}]
    assert {"type": "elsewhere", "sockets": 2} in second
    assert [f for f in after if f["type"] == "elsewhere"] == [{"type": "elsewhere", "sockets": 1}]
    assert all(f["type"] != "elsewhere" for f in bo + watcher + later)


def test_a_token_travels_in_no_socket_address(server: Server) -> None:
    """A token in the socket's address is refused (and nothing is served on it); the token
    goes in the first frame, and a first frame that is not a hello is refused."""
    made = new_table(server)
    table, token = made["table"], made["seats"][0]["token"]
    address = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"

    async def opened(query: str, first: str | None) -> tuple[dict[str, Any], int | None]:
        async with connect(address + query) as ws:
            if first is not None:
                await ws.send(first)
            frame = check_frame(await asyncio.wait_for(ws.recv(), 10))
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 10)
            return frame, closed.value.rcvd.code if closed.value.rcvd else None

    in_url, code = asyncio.run(opened(f"?token={token}", None))  # refused before any frame
    assert (in_url["code"], code) == ("token-in-url", 4400)
    not_hello, code = asyncio.run(opened("", json.dumps({"type": "sync", "since": 0})))
    assert (not_hello["code"], code) == ("hello-first", 4400)
    assert asyncio.run(first_frame(server, table, token))["type"] == "lobby"
    server.log.flush()
    assert token not in Path(server.log_path).read_text()
