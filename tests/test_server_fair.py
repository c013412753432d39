"""Fair play at a table open to strangers, over loopback: a real ``chickenfoot serve`` driven
by WebSocket clients as a player, a spectator and a player's forty tabs would drive it.

Issue 29's findings 13 (an action sent twice was applied twice), 12 (a bot's timing told its
hand) and 6 (hints on forty sockets starved another table) are tests here; the hub's own
tests of them, in process, are in ``test_hub_fair``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from chickenfoot.core.table import Table
from chickenfoot.core.wire import ActionEntry
from tests.server_helpers import Server, check_frame, next_frame

DRAW_SEED = 3
"""The deal of the draw game of the tables of Ann against a bot."""

Resent = tuple[dict[str, Any], dict[str, Any], tuple[dict[str, Any], dict[str, Any]], int]
"""A draw sent twice: the seat's snapshot before and after, the two answers, the version."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path)
    try:
        yield running
    finally:
        running.stop()


def practice_table(server: Server, bot: str = "easy") -> tuple[str, str]:
    """A table of the draw game, Ann (the creator, seat 0) against ``bot``, dealt from
    :data:`DRAW_SEED`: its id and Ann's token."""
    body = {"game": "draw", "seats": [{"human": "Ann"}, {"bot": bot}], "sit": 0}
    made = server.post("/api/tables", {**body, "seed": DRAW_SEED})
    return made["table"], server.tokens(made)[0]


async def seen_now(server: Server, table: str, token: str) -> dict[str, Any]:
    """The snapshot a new socket of the seat is sent: the table as the seat sees it now."""
    async with server.socket(table, token) as ws:
        return await next_frame(ws, "snapshot")


async def frames_until_legal(ws: Any) -> dict[str, Any]:
    """The socket's next frame offering its seat something to do (its other frames passed
    over)."""
    while True:
        frame = check_frame(await asyncio.wait_for(ws.recv(), 30))
        assert frame["type"] != "error", frame
        assert not (frame["type"] == "event" and frame["event"]["kind"] == "match-end")
        if frame.get("legal"):
            return frame


async def answer(ws: Any) -> dict[str, Any]:
    """The socket's next event or error (notes that the seat is open elsewhere passed over)."""
    while True:
        frame = check_frame(await asyncio.wait_for(ws.recv(), 10))
        if frame["type"] in ("event", "error"):
            return frame


# -- finding 13: an action sent twice is taken once --------------------------------------------


def test_a_draw_sent_twice_at_one_version_draws_one_tile_and_the_second_is_stale(
    server: Server,
) -> None:
    """Ann plays the draw game, and sends each draw twice, as a client would after a timeout,
    until one leaves her a second draw to make: each first draw takes a tile, each second is
    refused ``stale``, and her hand and the boneyard change by that one tile."""

    async def play() -> list[Resent]:
        table, token = practice_table(server)
        resent: list[Resent] = []
        async with server.socket(table, token) as ws:
            frame = await frames_until_legal(ws)
            while not resent or {"draw": True} not in resent[-1][1]["legal"]:
                version = frame["version"]
                if {"draw": True} not in frame["legal"]:
                    act = {"type": "act", "action": frame["legal"][0], "expect": version}
                    await ws.send(json.dumps(act))
                    frame = await frames_until_legal(ws)
                    continue
                before = await seen_now(server, table, token)
                draw = json.dumps({"type": "act", "action": {"draw": True}, "expect": version})
                await ws.send(draw)
                await ws.send(draw)
                answers = (await answer(ws), await answer(ws))
                frame = await seen_now(server, table, token)
                resent.append((before, frame, answers, version))
        return resent

    resent = asyncio.run(play())
    for before, after, (drawn, refused), version in resent:
        assert drawn["type"] == "event" and drawn["version"] == version + 1
        assert drawn["event"]["kind"] == "action" and drawn["event"]["seat"] == 0
        assert refused["type"] == "error" and refused["code"] == "stale"
        assert before["version"] == version and after["version"] == version + 1
        hand_before, hand_after = before["view"]["hand"], after["view"]["hand"]
        assert len(hand_after) == len(hand_before) + 1 and set(hand_before) < set(hand_after)
        assert after["view"]["public"]["boneyard"] == before["view"]["public"]["boneyard"] - 1
        assert after["view"]["public"]["turn"] == 0
    # the last time, without expect, the second draw would have been taken
    assert {"draw": True} in resent[-1][1]["legal"]


# -- finding 12: a bot's move comes after its pace, whatever it holds ---------------------------

PACE_MS = 200
TOLERANCE = 0.1
"""Seconds a frame may reach the spectator early relative to the frame before it (one
delivered late, the next on time)."""


def legal_counts(record: dict[str, Any]) -> dict[int, int]:
    """For each version an action made, how many legal actions its seat had to choose from,
    worked out from the record (which shows every hand)."""
    table = Table.of_record(record)
    counts = {}
    for entry in table.entries(0, None):
        if isinstance(entry, ActionEntry):
            offered = table.entry(entry.v - 1, entry.seat)
            legal = getattr(offered, "legal", None)
            assert legal, f"version {entry.v - 1} offered seat {entry.seat} nothing"
            counts[entry.v] = len(legal)
    return counts


async def watch(server: Server, table: str, seconds: float = 120) -> dict[int, float]:
    """When each event of ``table`` reached a spectator, by version, until the match ended
    (the version of the snapshot on connecting left out: it was not timed)."""
    arrived: dict[int, float] = {}
    async with server.socket(table) as ws:
        deadline = time.monotonic() + seconds
        while True:
            frame = check_frame(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            if frame["type"] != "event":
                continue
            arrived[frame["version"]] = time.monotonic()
            if frame["event"]["kind"] == "match-end":
                return arrived


def test_a_bots_move_comes_after_its_pace_whether_it_had_one_legal_action_or_many(
    tmp_path: Path,
) -> None:
    """Two bots play the draw game out, watched by a spectator, with a pace of 200 ms: each
    action's delay after the event before it, sorted by how many legal actions its seat had
    (from the record, once the match is over). The forced moves (one legal action: a draw,
    a pass, a single fitting tile) come no sooner than the pace, as the chosen ones do."""
    server = Server(tmp_path, options=["--bot-delay", str(PACE_MS)])
    try:
        body = {"game": "draw", "seats": [{"bot": "hard"}, {"bot": "easy"}], "seed": DRAW_SEED}
        table = server.post("/api/tables", body)["table"]
        arrived = asyncio.run(watch(server, table))
        record = server.get(f"/api/tables/{table}/record")
    finally:
        server.stop()
    counts = legal_counts(record)
    delays: dict[bool, list[float]] = {True: [], False: []}
    for version, count in counts.items():
        if version in arrived and version - 1 in arrived:
            delays[count == 1].append(arrived[version] - arrived[version - 1])
    forced, chosen = delays[True], delays[False]
    assert len(forced) >= 3 and len(chosen) >= 3, (forced, chosen)
    pace = PACE_MS / 1000
    assert min(forced) >= pace - TOLERANCE, sorted(forced)
    assert min(chosen) >= pace - TOLERANCE, sorted(chosen)
    assert min(forced) >= min(chosen) - TOLERANCE


# -- finding 6: forty sockets asking a hint cost one search, on workers of their own -----------

FLOOD_PACE_MS = 400
WINDOW = 4.0
"""Seconds each pace of the bots-only table is measured over."""


def hint_searches(server: Server) -> float:
    """The hint searches the server has made (``chickenfoot_hint_searches_total``)."""
    for line in server.text("/metrics").splitlines():
        if line.startswith("chickenfoot_hint_searches_total "):
            return float(line.split()[1])
    raise AssertionError("no chickenfoot_hint_searches_total in /metrics")


async def actions_per_second(server: Server, table: str, seconds: float) -> float:
    """The actions a spectator of ``table`` is sent a second, over ``seconds``."""
    async with server.socket(table) as ws:
        await next_frame(ws, "snapshot")
        first: float | None = None
        count = 0
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                frame = check_frame(await asyncio.wait_for(ws.recv(), left))
            except TimeoutError:
                break
            if frame["type"] == "event" and frame["event"]["kind"] == "action":
                now = time.monotonic()
                if first is None:
                    first = now
                else:
                    count += 1
                last = now
        assert first is not None and count >= 3, "the bots' table did not play"
        return count / (last - first)


@contextlib.asynccontextmanager
async def seat_sockets(server: Server, table: str, token: str, count: int) -> AsyncIterator[Any]:
    """``count`` sockets of one seat, each past its snapshot; at the end each is read while
    all are closed at once (a socket not read, its queue full of the others' notes that the
    seat is open elsewhere, would not see the server's answer to its close)."""
    async with contextlib.AsyncExitStack() as stack:
        sockets = [server.socket(table, token) for _ in range(count)]
        opened = [await stack.enter_async_context(socket) for socket in sockets]
        for ws in opened:
            await next_frame(ws, "snapshot")
        yield opened
        drains = [asyncio.create_task(drained(ws)) for ws in opened]
        await asyncio.gather(*(ws.close() for ws in opened))
        await asyncio.gather(*drains)


async def drained(ws: Any) -> None:
    """Every frame of the socket read, until it is closed."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await ws.recv()


async def hints_flood(ws_all: list[Any], until: float) -> list[dict[str, Any]]:
    """Each socket asks a hint, then again every half second until ``until``: every
    hint frame answered."""

    async def ask(ws: Any) -> list[dict[str, Any]]:
        answers: list[dict[str, Any]] = []
        asked, next_ask = 0, time.monotonic()
        while True:
            now = time.monotonic()
            if now >= next_ask and (now < until or asked == 0):
                await ws.send(json.dumps({"type": "hint"}))
                asked, next_ask = asked + 1, now + 0.5
            if len(answers) == asked and now >= until:
                return answers
            wait = max(0.01, min(next_ask, until) - now) if now < until else 10
            try:
                frame = check_frame(await asyncio.wait_for(ws.recv(), wait))
            except TimeoutError:
                continue
            assert frame["type"] != "error", frame
            if frame["type"] == "hint":
                answers.append(frame)

    found = await asyncio.gather(*(ask(ws) for ws in ws_all))
    return [answer for answers in found for answer in answers]


def test_forty_sockets_of_a_seat_asking_a_hint_cost_one_search_and_leave_a_bots_pace(
    tmp_path: Path,
) -> None:
    """A bots-only table's pace is measured by a spectator for 4 s; then Ann asks for a hint
    on 40 sockets of her seat at one turn, again and again for 4 s, while the pace is measured
    once more: every answer is the same hint, /metrics counts one search, and the bots' pace
    is within 20% of what it was."""
    pace = FLOOD_PACE_MS / 1000
    server = Server(tmp_path, options=["--bot-delay", str(FLOOD_PACE_MS)])

    async def measure() -> tuple[float, float, list[dict[str, Any]], float]:
        bots = {"game": "chickenfoot", "seats": [{"bot": "hard"}, {"bot": "medium"}]}
        busy = server.post("/api/tables", bots)["table"]
        quiet = await actions_per_second(server, busy, WINDOW)
        table, token = practice_table(server, bot="hard")
        async with server.socket(table, token) as ws:
            await frames_until_legal(ws)  # Ann's turn, which stays hers
            searched_before = hint_searches(server)
            async with seat_sockets(server, table, token, 40) as opened:
                until = time.monotonic() + WINDOW
                flood = asyncio.create_task(hints_flood(opened, until))
                flooded = await actions_per_second(server, busy, WINDOW)
                answers = await flood
            await asyncio.gather(ws.close(), drained(ws))  # read, or its close is not seen
            return quiet, flooded, answers, hint_searches(server) - searched_before

    try:
        quiet, flooded, answers, searches = asyncio.run(measure())
    finally:
        server.stop()
    assert len(answers) >= 40
    assert len({json.dumps(answer["hint"], sort_keys=True) for answer in answers}) == 1
    assert searches == 1
    assert quiet <= 1 / pace * 1.05  # the bots keep their pace
    assert 0.8 * quiet <= flooded <= 1.2 * quiet, (quiet, flooded)
