"""The server as a real process on loopback: bot matches played over real sockets with every
frame checked against the full hands, and a server killed (SIGKILL) mid-match and started
again on the same data."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.core import games
from chickenfoot.core.table import Table
from tests.server_helpers import Server, check_frame, hidden_tiles, leaked


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path)
    yield running
    running.stop()


async def follow(
    ws: Any, seat: int | None, rng: random.Random, stop_after: int | None = None
) -> list[tuple[int, dict[str, Any]]]:
    """Frames until the match ends (or ``stop_after`` actions of this seat), acting with a
    random legal action whenever it is this seat's turn, and closing each round's summary
    as the next round is dealt."""
    seen: list[tuple[int, dict[str, Any]]] = []
    version = 0
    acted = 0
    while True:
        frame = check_frame(await asyncio.wait_for(ws.recv(), 60))
        version = frame.get("version", version)
        seen.append((version, frame))
        if frame["type"] == "event" and frame["event"]["kind"] == "match-end":
            return seen
        if frame["type"] == "error":
            raise AssertionError(frame)
        dealt = frame.get("event", {})
        if seat is not None and dealt.get("kind") == "round" and dealt["round"] > 1:
            await ws.send(json.dumps({"type": "ready", "round": dealt["round"] - 1}))
        if frame.get("legal") and seat is not None:
            if stop_after is not None and acted == stop_after:
                return seen
            await ws.send(json.dumps({"type": "act", "action": rng.choice(frame["legal"])}))
            acted += 1


TABLES = [
    {"game": "chickenfoot", "length": "single", "seats": ["Ann", "easy", "Bo", "hard"]},
    {"game": "chickenfoot", "preset": "reeves", "length": "single", "seats": ["Ann", "random"]},
    {"game": "chickenfoot", "preset": "spruce", "length": "single", "seats": ["Ann", "Bo", "Cy"]},
    {"game": "block", "seats": ["Ann", "easy", "Bo", "easy"], "options": {"partnership": True}},
    {"game": "draw", "seats": ["Ann", "hard"]},
    {"game": "all-fives", "seats": ["Ann", "easy", "Bo"], "options": {"target": 25}},
    {"game": "bergen", "seats": ["Ann", "Bo"], "options": {"target": 10}},
]


def table_body(spec: dict[str, Any], seed: int) -> dict[str, Any]:
    """The table of ``spec``: dealt from ``seed`` where one person sits (a practice table),
    from the server's own draw where more do (a seed is for practice only)."""
    people = {"Ann", "Bo", "Cy"}
    seats = [{"human": s} if s in people else {"bot": s} for s in spec["seats"]]
    body = {**{k: v for k, v in spec.items() if k != "seats"}, "seats": seats}
    if sum(s in people for s in spec["seats"]) <= 1:
        body["seed"] = seed
    return body


def test_no_frame_to_anyone_holds_a_tile_they_may_not_see(server: Server) -> None:
    async def play(spec: dict[str, Any], seed: int) -> None:
        made = server.post("/api/tables", table_body(spec, seed))
        table = made["table"]
        seats = server.tokens(made)
        viewers: list[int | None] = [*seats, None]
        sockets = [server.socket(table, seats.get(v) if v is not None else None) for v in viewers]
        opened = [await s.__aenter__() for s in sockets]
        try:
            rng = random.Random(seed)
            seen = await asyncio.gather(
                *(follow(ws, v, rng) for ws, v in zip(opened, viewers, strict=True))
            )
        finally:
            for s in sockets:
                await s.__aexit__(None, None, None)
        record = server.get(f"/api/tables/{table}/record")
        assert games.check(record).is_over
        hidden = hidden_tiles(record)
        for viewer, frames_ in zip(viewers, seen, strict=True):
            for version, frame in frames_:
                assert not leaked(frame, version, viewer, hidden), (spec, viewer, frame)

    async def everything() -> None:
        await asyncio.gather(*(play(spec, 100 + k) for k, spec in enumerate(TABLES)))

    asyncio.run(everything())


def test_a_server_killed_mid_match_goes_on_where_it_was(tmp_path: Path) -> None:
    first = Server(tmp_path)
    body = table_body(
        {"game": "chickenfoot", "length": "half", "seats": ["Ann", "easy", "medium"]}, 9
    )
    rng = random.Random(4)
    try:
        made = first.post("/api/tables", body)
        table, token = made["table"], first.tokens(made)[0]

        async def before_kill() -> list[tuple[int, dict[str, Any]]]:
            async with first.socket(table, token) as ws:
                return await follow(ws, 0, rng, stop_after=12)

        seen = asyncio.run(before_kill())
    finally:
        first.kill()
    second = Server(tmp_path)
    try:
        last = seen[-1][0]

        async def after_restart() -> list[tuple[int, dict[str, Any]]]:
            async with second.socket(table, token) as ws:
                snapshot = check_frame(await ws.recv())
                assert snapshot["type"] == "snapshot"
                assert snapshot["version"] >= last
                await ws.send(json.dumps({"type": "sync", "since": last}))
                missed = [check_frame(await ws.recv()) for _ in range(snapshot["version"] - last)]
                assert [f["version"] for f in missed] == list(
                    range(last + 1, snapshot["version"] + 1)
                )
                if snapshot.get("legal"):
                    action = rng.choice(snapshot["legal"])
                    await ws.send(json.dumps({"type": "act", "action": action}))
                synced = [(f["version"], f) for f in missed]
                return [(snapshot["version"], snapshot), *synced, *await follow(ws, 0, rng)]

        rest = asyncio.run(after_restart())
        record = second.get(f"/api/tables/{table}/record")
    finally:
        second.stop()
    assert games.check(record).is_over
    replayed = Table.from_record(record)
    expected = {e.v: json.loads(json.dumps(e, default=_builtins)) for e in replayed.entries(0, 0)}
    events = [(v, f) for v, f in seen + rest if f["type"] == "event"]
    assert events, "no event seen"
    for version, frame in events:
        event = dict(frame["event"])
        entry = dict(expected[version])
        assert event.pop("kind") and entry.pop("kind")
        assert event == entry
    assert os.path.exists(tmp_path / "chickenfoot.db")


def _builtins(value: Any) -> Any:
    import msgspec

    return msgspec.to_builtins(value)


def test_a_hint_is_worked_out_in_a_worker_process(server: Server) -> None:
    made = server.post(
        "/api/tables", table_body({"game": "chickenfoot", "seats": ["Ann", "expert"]}, 5)
    )

    async def ask() -> tuple[dict[str, Any], dict[str, Any]]:
        async with server.socket(made["table"], server.tokens(made)[0]) as ws:
            frame = check_frame(await ws.recv())
            while not frame.get("legal"):
                frame = check_frame(await asyncio.wait_for(ws.recv(), 60))
            await ws.send(json.dumps({"type": "hint"}))
            return frame, check_frame(await asyncio.wait_for(ws.recv(), 60))

    turn, hint = asyncio.run(ask())
    assert hint["type"] == "hint"
    assert hint["hint"]["action"] in turn["legal"]


def descendants(pid: int) -> set[int]:
    """Every process started under ``pid`` (Linux's /proc), now."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def _workers(pid: int) -> set[int]:
    """The server's processes that are not its own children (the fork server's): workers."""
    return {p for p in descendants(pid) if _parent(p) not in (pid, None)}


def _parent(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def test_the_workers_of_a_killed_server_exit_too(tmp_path: Path) -> None:
    server = Server(tmp_path)
    body = table_body({"game": "chickenfoot", "length": "full", "seats": ["expert", "hard"]}, 6)
    try:
        server.post("/api/tables", body)
        deadline = time.monotonic() + 30
        while not (workers := _workers(server.process.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert workers, "no worker process started"
    finally:
        server.kill()
    deadline = time.monotonic() + 30
    while (alive := {p for p in workers if Path(f"/proc/{p}").exists()}) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.1)
    assert not alive
