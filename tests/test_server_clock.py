"""The move clock and the stand-in everyone can see, driven over loopback: a person out of time
has the move played for them, marked so in the frames, the record and the replay; a person who
leaves is shown away to the others at once, with the time left before the computer plays for
them; back, they are told what was played for them."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
from collections.abc import Iterator
from typing import Any

import pytest

from chickenfoot.core import games
from chickenfoot.core.record import check_text
from tests.server_helpers import Server, check_frame, next_frame, serving

AWAY = 2
"""The server's ``--away`` seconds."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "clock", ["--away", str(AWAY)])


def marked_actions(record: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Each action of the record with its number, from 0, for those marked ``stand_in``."""
    played = [a for r in record["rounds"] for a in r["actions"]]
    return [(n, a) for n, a in enumerate(played) if "stand_in" in a]


def test_a_clock_out_of_bounds_is_refused_with_its_reason(server: Server) -> None:
    for clock in (4, 601, -1):
        body = {"seats": [{"human": "Ann"}, {"bot": "easy"}], "clock": clock}
        with pytest.raises(urllib.error.HTTPError) as refused:
            server.post("/api/tables?lang=en", body)
        assert refused.value.code == 400
        answer = json.load(refused.value)
        assert answer["code"] == "bad-clock"
        assert answer["message"] == "a move clock gives each move 5 to 600 seconds"
    made = server.post("/api/tables", {"seats": [{"human": "Ann"}, {"bot": "easy"}], "clock": 30})
    assert server.get(f"/api/tables/{made['table']}")["clock"] == 30
    plain = server.post("/api/tables", {"seats": [{"human": "Ann"}, {"bot": "easy"}]})
    assert server.get(f"/api/tables/{plain['table']}")["clock"] is None


def test_out_of_time_the_stand_in_plays_and_the_move_is_marked_played_for(
    server: Server,
) -> None:
    made = server.post(
        "/api/tables",
        {"seats": [{"human": "Ann"}, {"bot": "easy"}], "clock": 5, "length": "single", "seed": 3},
    )
    table, token = made["table"], server.tokens(made)[0]

    async def play() -> tuple[int, float, list[int]]:
        async with server.socket(table, token) as ws:
            snapshot = await next_frame(ws, "snapshot")
            legal = snapshot.get("legal")
            version = snapshot["version"]
            while not legal:  # the bot's turn first, maybe
                event = await next_frame(ws, "event")
                legal, version = event.get("legal"), event["version"]
            timed = await next_frame(ws, "seats")  # the clock of Ann's turn, once it begins
            assert timed["clock"] == 5
            assert timed["seats"][0]["seat"] == 0 and not timed["seats"][0].get("away")
            assert 4 <= timed["seats"][0]["left"] <= 5
            waited = time.monotonic()
            event = await next_frame(ws, "event", seconds=10)  # Ann does nothing
            late = time.monotonic() - waited
            assert event["event"]["seat"] == 0 and event["stand_in"] is True
            assert event["event"]["action"] in legal
            stood_in = [event["version"]]
            # Ann plays her own moves from now on: none of them is marked.
            while True:
                frame = check_frame(await asyncio.wait_for(ws.recv(), 20))
                if frame["type"] == "event" and frame["event"]["kind"] == "match-end":
                    return version, late, stood_in
                if frame["type"] == "event" and frame["event"]["kind"] == "action":
                    assert "stand_in" not in frame or frame["event"]["seat"] != 0
                    if frame.get("stand_in"):
                        stood_in.append(frame["version"])
                if frame.get("legal"):
                    action = {"action": frame["legal"][0], "expect": frame["version"]}
                    await ws.send(json.dumps({"type": "act", **action}))

    _, late, stood_in = asyncio.run(play())
    assert 3.5 < late < 8
    record = server.get(f"/api/tables/{table}/record")
    marked = marked_actions(record)
    assert len(marked) == len(stood_in) >= 1
    assert all(a["seat"] == 0 and a["stand_in"] is True for _, a in marked)
    games.replay(record)  # a reader takes the record as it is, on both of its paths
    assert check_text(json.dumps(record).encode()) is not None
    replayed = server.post("/api/replay", record)
    assert replayed["stand_ins"] == stood_in
    unmarked = json.loads(json.dumps(record))
    for r in unmarked["rounds"]:
        for a in r["actions"]:
            a.pop("stand_in", None)
    assert "stand_ins" not in server.post("/api/replay", unmarked)


def test_a_person_who_leaves_is_shown_away_at_once_and_told_what_was_played_on_return(
    server: Server,
) -> None:
    made = server.post("/api/tables", {"seats": [{"human": "Ann"}, {"human": "Bo"}]})
    table = made["table"]
    ann, bo = server.tokens(made).values()

    async def play() -> None:
        async with server.socket(table, ann) as ann_ws, server.socket(table) as watcher:
            async with server.socket(table, bo) as bo_ws:
                await next_frame(bo_ws, "snapshot")
            left_at = time.monotonic()
            for ws in (ann_ws, watcher):  # Bo closed his page: both are told at once
                gone = await next_frame(ws, "seats", seconds=1)
                bo_row = gone["seats"][1]
                assert bo_row == {"seat": 1, "away": True, "left": bo_row["left"]}
                assert AWAY - 1 < bo_row["left"] <= AWAY
                assert not gone["seats"][0].get("away")
            # Ann plays her turns; the computer plays Bo's once he has been gone AWAY seconds.
            played_for: list[dict[str, Any]] = []
            await ann_ws.send(json.dumps({"type": "sync", "since": 2**31}))  # a snapshot
            while len(played_for) < 2:
                frame = check_frame(await asyncio.wait_for(ann_ws.recv(), 20))
                if frame["type"] == "event" and frame["event"].get("seat") == 1:
                    assert frame["stand_in"] is True
                    assert time.monotonic() - left_at >= AWAY - 0.1
                    played_for.append(frame["event"]["action"])
                if frame.get("legal"):
                    action = {"action": frame["legal"][0], "expect": frame["version"]}
                    await ann_ws.send(json.dumps({"type": "act", **action}))
            async with server.socket(table, bo) as bo_ws:
                await next_frame(bo_ws, "snapshot")
                mine = await next_frame(bo_ws, "seats")
                assert not mine["seats"][1].get("away")
                told = await next_frame(bo_ws, "played-for")
                assert told["actions"][: len(played_for)] == played_for
                back = await next_frame(ann_ws, "seats", seconds=2)
                while back["seats"][1].get("away"):  # told before Bo came back
                    back = await next_frame(ann_ws, "seats", seconds=2)
                assert "left" not in back["seats"][1]

    asyncio.run(play())


def test_with_no_clock_and_nobody_away_the_seats_are_not_said(server: Server) -> None:
    made = server.post("/api/tables", {"seats": [{"human": "Ann"}, {"bot": "easy"}]})

    async def visit() -> list[str]:
        async with server.socket(made["table"], server.tokens(made)[0]) as ws:
            kinds = []
            with pytest.raises(TimeoutError):
                while True:
                    kinds.append(check_frame(await asyncio.wait_for(ws.recv(), 1))["type"])
            return kinds

    kinds = asyncio.run(visit())
    assert kinds[0] == "snapshot" and not {"seats", "played-for"} & set(kinds)


def test_a_record_with_nothing_played_for_anybody_has_no_mark(server: Server) -> None:
    made = server.post(
        "/api/tables", {"seats": [{"bot": "easy"}, {"bot": "medium"}], "length": "single"}
    )
    server.wait_over(made["table"])
    record = server.get(f"/api/tables/{made['table']}/record")
    assert "stand_in" not in json.dumps(record)
    assert games.check(record).is_over
    assert "stand_ins" not in server.post("/api/replay", record)
