"""Friends who stay together, and strangers who sit down: a seat its creator leaves open is
listed (with no secret of any seat) and taken by whoever comes, once, as an invite's claim
takes it; Play now sits at the oldest table waiting with an open seat, or sets up a table of
two whose other seat is open and waits there. Driven over loopback against ``chickenfoot
serve``."""

from __future__ import annotations

import asyncio
import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.account_helpers import Visitor
from tests.server_helpers import (
    Server,
    check_frame,
    client_socket,
    frames_until_dealt,
    invite_of,
    make_client,
    post,
    serving,
)

OPEN = {"seats": [{"human": "Ann"}, {"human": "Anyone", "open": True}, {"bot": "easy"}], "sit": 0}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "open-seats", ["--tables-per-address", "99"])


def new_table(server: Server, body: dict[str, Any] = OPEN) -> dict[str, Any]:
    status, made = post(server, "/api/tables", body)
    assert status == 201, made
    return made


def listed(server: Server) -> dict[str, dict[str, Any]]:
    """Every table of the open seats' list, page after page, by id."""
    found: dict[str, dict[str, Any]] = {}
    after = ""
    while True:
        page = server.get(f"/api/open-seats{after}")
        found.update((t["table"], t) for t in page["tables"])
        if page["next"] is None:
            return found
        after = f"?after={page['next']}"


def sits(server: Server, table: str, token: str, seat: int) -> bool:
    """A socket holding ``token`` is taken for ``seat``: the lobby it hears says so."""

    async def sit() -> bool:
        async with server.socket(table, token) as ws:
            while True:
                frame = check_frame(await asyncio.wait_for(ws.recv(), 10))
                if frame["type"] != "lobby":
                    return False
                if frame["seats"][seat]["joined"]:
                    return True

    return asyncio.run(sit())


def test_an_open_seat_is_listed_with_no_secret_of_any_seat(server: Server) -> None:
    made = new_table(server)
    table = made["table"]
    open_seat = next(s for s in made["seats"] if s["seat"] == 1)
    assert open_seat["open"] is True and "invite" in open_seat
    text = server.text("/api/open-seats")
    entry = json.loads(text)["tables"]
    mine = next(t for t in entry if t["table"] == table)
    assert mine["open"] == [1] and mine["status"] == "waiting"
    assert [s["name"] for s in mine["seats"]] == ["Ann", "Anyone", "bot:easy"]
    for secret in (made["key"], made["seats"][0]["token"], invite_of(open_seat["invite"])):
        assert secret not in text
    private = new_table(server, {**OPEN, "seats": [{"human": "Ann"}, {"human": "Bo"}]})
    assert private["table"] not in listed(server)


def test_an_open_seat_gives_a_working_token_once(server: Server) -> None:
    made = new_table(server)
    table = made["table"]
    status, taken = post(server, f"/api/tables/{table}/take", {"seat": 1, "name": "Cy"})
    assert status == 200 and set(taken) == {"table", "seat", "token"} and taken["seat"] == 1
    assert sits(server, table, taken["token"], 1)
    assert server.get(f"/api/tables/{table}")["seats"][1]["name"] == "Cy"
    status, again = post(server, f"/api/tables/{table}/take", {"seat": 1, "name": "Di"})
    assert (status, again["code"]) == (409, "seat-taken")
    status, spent = post(
        server, "/api/claim", {"table": table, "invite": invite_of(made["seats"][1]["invite"])}
    )
    assert (status, spent["code"]) == (409, "invite-used")  # one seat, spent once either way
    assert table not in listed(server)


def test_two_takers_of_one_open_seat_at_once_give_it_to_one(server: Server) -> None:
    table = new_table(server)["table"]

    async def all_at_once() -> list[tuple[int, dict[str, Any]]]:
        return await asyncio.gather(
            *(
                asyncio.to_thread(post, server, f"/api/tables/{table}/take", {"seat": 1})
                for _ in range(6)
            )
        )

    answers = asyncio.run(all_at_once())
    assert sorted(status for status, _ in answers) == [200, 409, 409, 409, 409, 409]
    assert {a["code"] for status, a in answers if status == 409} == {"seat-taken"}


def test_a_seat_not_open_is_refused_with_a_code(server: Server) -> None:
    made = new_table(server)
    table = made["table"]
    for seat in (0, 2, 9):  # the creator's, a computer player's, none
        status, refused = post(server, f"/api/tables/{table}/take", {"seat": seat})
        assert (status, refused["code"]) == (403, "not-open-seat")
    status, refused = post(server, "/api/tables/nothing/take", {"seat": 1})
    assert (status, refused["code"]) == (404, "no-such-table")
    status, refused = post(server, f"/api/tables/{table}/take", {"seat": 1, "name": "bot:x"})
    assert (status, refused["code"]) == (400, "name-reserved")
    status, refused = post(server, f"/api/tables/{table}/take", {"seat": "1"})
    assert (status, refused["code"]) == (400, "bad-request")
    status, refused = post(
        server, "/api/tables", {"seats": [{"bot": "easy", "open": True}, {"human": "Ann"}]}
    )
    assert (status, refused["code"]) == (400, "bad-request")
    status, _ = post(server, f"/api/tables/{table}/cancel", {"key": made["key"]})
    assert status == 200
    assert table not in listed(server)
    status, refused = post(server, f"/api/tables/{table}/take", {"seat": 1})
    assert (status, refused["code"]) == (410, "table-cancelled")


def test_a_full_table_leaves_the_list_and_is_dealt(server: Server) -> None:
    made = new_table(server)
    table = made["table"]
    assert table in listed(server)
    _, taken = post(server, f"/api/tables/{table}/take", {"seat": 1})
    assert table not in listed(server)

    async def both_sit() -> None:
        async with (
            server.socket(table, made["seats"][0]["token"]),
            server.socket(table, taken["token"]),
        ):
            for _ in range(100):
                if server.get(f"/api/tables/{table}")["status"] == "playing":
                    return
                await asyncio.sleep(0.05)

    asyncio.run(both_sit())
    assert server.get(f"/api/tables/{table}")["status"] == "playing"


def test_a_rated_tables_open_seat_needs_an_account(server: Server) -> None:
    ann, bo = Visitor(server), Visitor(server)
    assert ann.sign_up("Ann open")[0] == 201 and bo.sign_up("Bo open")[0] == 201
    body = {"seats": [{"human": "Ann"}, {"human": "?", "open": True}], "sit": 0, "rated": True}
    status, made = ann.request("POST", "/api/tables", body)
    assert status == 201, made
    table = made["table"]
    status, refused = post(server, f"/api/tables/{table}/take", {"seat": 1})
    assert (status, refused["code"]) == (403, "rated-needs-account")
    status, refused = ann.request("POST", f"/api/tables/{table}/take", {"seat": 1})
    assert (status, refused["code"]) == (403, "rated-one-seat")
    assert table in listed(server)  # a refusal leaves the seat open
    status, taken = bo.request("POST", f"/api/tables/{table}/take", {"seat": 1, "name": "X"})
    assert status == 200 and taken["seat"] == 1


def test_the_list_comes_a_bounded_page_at_a_time_oldest_first(server: Server) -> None:
    made = [new_table(server)["table"] for _ in range(22)]
    first = server.get("/api/open-seats")
    assert len(first["tables"]) == 20 and first["next"] is not None
    everything = list(listed(server))
    assert [t for t in everything if t in made] == made
    status, refused = _get(server, "/api/open-seats?after=x")
    assert (status, refused["code"]) == (404, "no-such-table")


def _get(server: Server, path: str) -> tuple[int, dict[str, Any]]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_play_now_waits_at_a_new_table_until_the_next_player_joins_it(server: Server) -> None:
    """Whatever earlier tests left waiting, Play now sits there first; once none is left it
    sets up a table of two, and the next Play now sits at its open seat."""
    for _ in range(100):
        status, first = post(server, "/api/play-now", {"name": "Eve"})
        assert status in (200, 201), first
        if status == 201:
            break
    else:
        pytest.fail("Play now never set up a table")
    table = first["table"]
    assert first["seat"] == 0 and "key" in first
    summary = server.get(f"/api/tables/{table}")
    assert (summary["game"], summary["preset"], len(summary["seats"])) == (
        "chickenfoot",
        "classic",
        2,
    )
    assert listed(server)[table]["open"] == [1]
    status, second = post(server, "/api/play-now", {"name": "Fay"})
    assert status == 200 and (second["table"], second["seat"]) == (table, 1)
    assert second["token"] != first["token"]
    assert server.get(f"/api/tables/{table}")["seats"][1]["name"] == "Fay"
    assert table not in listed(server)
    assert sits(server, table, second["token"], 1)
    status, third = post(server, "/api/play-now", {"name": "Gus"})
    assert status == 201 and third["table"] != table


def test_play_now_sets_up_no_more_tables_than_an_address_may_make(tmp_path: Path) -> None:
    with make_client(tmp_path, tables_per_address=1) as client:
        first = client.post("/api/play-now", json={"name": "Ann"})
        assert first.status_code == 201
        joined = client.post("/api/play-now", json={"name": "Bo"})
        assert joined.status_code == 200 and joined.json()["table"] == first.json()["table"]
        refused = client.post("/api/play-now", json={"name": "Cy"})
        assert (refused.status_code, refused.json()["code"]) == (429, "too-many-tables")


def test_a_seat_taken_through_another_process_sits_under_its_takers_name(
    tmp_path: Path,
) -> None:
    """Two processes on one database: the table is held by the first, its open seat taken
    through the second; the first seats its taker under the name the taker gave."""
    with make_client(tmp_path) as holder, make_client(tmp_path) as other:
        made = holder.post("/api/play-now", json={"name": "Ann"}).json()
        table = made["table"]
        taken = other.post(f"/api/tables/{table}/take", json={"seat": 1, "name": "Bo"})
        assert taken.status_code == 200
        with client_socket(holder, table, taken.json()["token"]) as ws:
            frame = check_frame(ws.receive_text())
            while not (frame["type"] == "lobby" and frame["seats"][1]["joined"]):
                frame = check_frame(ws.receive_text())
        assert [s["name"] for s in frame["seats"]] == ["Ann", "Bo"]


def play_now(server: Server, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return post(server, "/api/play-now", body)


def test_play_now_joins_only_a_table_of_the_game_preset_and_players_asked_for(
    server: Server,
) -> None:
    status, four = play_now(server, {"name": "Hal", "game": "chickenfoot", "players": 4})
    assert status == 201 and [s.get("open") for s in four["seats"][1:]] == [True] * 3
    summary = server.get(f"/api/tables/{four['table']}")
    assert (summary["game"], summary["preset"], len(summary["seats"])) == (
        "chickenfoot",
        "classic",
        4,
    )
    assert [s["open"] for s in summary["seats"]] == [False, True, True, True]
    status, three = play_now(server, {"name": "Ida", "players": 3})
    assert status in (200, 201) and three["table"] != four["table"]
    status, other = play_now(server, {"name": "Jo", "players": 4, "preset": "spruce"})
    assert status in (200, 201) and other["table"] != four["table"]
    status, same = play_now(server, {"name": "Kim", "players": 4})
    assert (status, same["table"], same["seat"]) == (200, four["table"], 1)
    status, refused = play_now(server, {"players": 9})
    assert (status, refused["code"]) == (400, "players-out-of-range")


def test_a_wait_out_of_bounds_is_refused_with_a_code(server: Server) -> None:
    status, _ = play_now(server, {"players": 5})
    assert status in (200, 201)  # a table for five is waiting: refused all the same
    for wait in (0, -5, 601, 86_400):
        status, refused = play_now(server, {"players": 5, "bots_after": wait})
        assert (status, refused["code"]) == (400, "bad-wait")
    status, refused = play_now(server, {"players": 5, "bots_after": "soon"})
    assert (status, refused["code"]) == (400, "bad-request")


def test_bots_take_the_seats_nobody_came_for_after_the_wait_and_it_deals(server: Server) -> None:
    status, made = play_now(server, {"name": "Lea", "players": 6, "bots_after": 1})
    assert status == 201
    table = made["table"]
    heard = frames_until_dealt(server, table, made["token"])
    lobby = heard[0]
    assert lobby["type"] == "lobby" and 0 < lobby["bots_in"] <= 1
    assert [s.get("open", False) for s in lobby["seats"]] == [False] + [True] * 5
    summary = server.get(f"/api/tables/{table}")
    assert summary["status"] == "playing"
    assert [s["bot"] for s in summary["seats"]] == [None] + ["medium"] * 5
    assert table not in listed(server)


def test_a_person_who_comes_before_the_wait_keeps_their_seat(server: Server) -> None:
    status, made = play_now(server, {"name": "Max", "players": 7, "bots_after": 2})
    assert status == 201
    table = made["table"]
    status, came = play_now(server, {"name": "Ned", "players": 7})
    assert status == 200 and (came["table"], came["seat"]) == (table, 1)

    async def until_bots_sit() -> dict[str, Any]:
        async with server.socket(table, made["token"]) as ws:
            while True:
                frame = check_frame(await asyncio.wait_for(ws.recv(), 10))
                if frame["seats"][-1]["bot"] is not None:
                    return frame

    lobby = asyncio.run(until_bots_sit())
    assert lobby["type"] == "lobby" and "bots_in" not in lobby
    assert [s["name"] for s in lobby["seats"][:2]] == ["Max", "Ned"]
    assert not lobby["seats"][1]["joined"]  # taken, not yet come: still waited for
    summary = server.get(f"/api/tables/{table}")
    assert [s["bot"] for s in summary["seats"]] == [None, None] + ["medium"] * 5
    assert summary["status"] == "waiting"  # until Ned sits down
    status, late = post(server, f"/api/tables/{table}/take", {"seat": 2, "name": "Oz"})
    assert (status, late["code"]) == (409, "seat-taken")
    assert sits_then_deals(server, table, came["token"])


def sits_then_deals(server: Server, table: str, token: str) -> bool:
    return frames_until_dealt(server, table, token)[-1]["type"] == "snapshot"


def test_bots_still_take_the_seats_after_the_server_starts_again(tmp_path: Path) -> None:
    """The wait is kept with the table: the server stopped before it ran out, the one
    started again on the same database seats the bots."""
    first = Server(tmp_path)
    try:
        status, made = play_now(first, {"name": "Ola", "players": 3, "bots_after": 3})
        assert status == 201
        assert [s["open"] for s in first.get(f"/api/tables/{made['table']}")["seats"]] == [
            False,
            True,
            True,
        ]
    finally:
        first.stop()
    before = (tmp_path / "server.log").read_text()
    assert "bots-seated" not in before
    again = Server(tmp_path)
    try:
        heard = frames_until_dealt(again, made["table"], made["token"])
        assert heard[-1]["type"] == "snapshot"
        summary = again.get(f"/api/tables/{made['table']}")
        assert [s["bot"] for s in summary["seats"]] == [None, "medium", "medium"]
    finally:
        again.stop()
    assert "bots-seated" in (tmp_path / "server.log").read_text().removeprefix(before)


def test_play_now_joins_only_a_table_of_the_length_asked_for_and_without_a_clock(
    server: Server,
) -> None:
    status, single = play_now(server, {"name": "Max", "players": 8, "length": "single"})
    assert status == 201
    assert server.get(f"/api/tables/{single['table']}")["length"] == "single"
    status, full = play_now(server, {"name": "Ned", "players": 8, "length": "full"})
    assert status == 201 and full["table"] != single["table"]
    body = {
        "seats": [{"human": "Ola"}, *[{"human": "?", "open": True}] * 7],
        "length": "half",
        "clock": 60,
        "sit": 0,
    }
    status, clocked = post(server, "/api/tables", body)
    assert status == 201, clocked
    status, half = play_now(server, {"name": "Pia", "players": 8, "length": "half"})
    assert status == 201 and half["table"] != clocked["table"]
    status, same = play_now(server, {"name": "Rut", "players": 8, "length": "single"})
    assert (status, same["table"]) == (200, single["table"])
    status, refused = play_now(server, {"players": 2, "length": "forever"})
    assert (status, refused["code"]) == (400, "bad-request")
