"""A rematch, driven over loopback as two people and a spectator would: asked for once the
match is over, by the people only; made when every person has accepted, with the same seats
and settings and a new secret deal; each person's socket given its new seat's token in a
frame."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server_helpers import Server, next_frame, serving

AWAY = 1
"""The server's ``--away`` seconds: a person gone that long is played by the computer."""
SETTINGS = {
    "game": "chickenfoot",
    "preset": "spruce",
    "length": "single",
    "clock": 60,
    "chat": False,
    "seats": [{"human": "Ann"}, {"human": "Bo"}, {"bot": "easy"}],
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "rematch", ["--away", str(AWAY)])


def played_out(server: Server, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The table's people come once (so that it deals) and go: the computer plays for them
    until the match is over; its record."""

    async def visit() -> None:
        async with server.socket(table, tokens[0]) as ann, server.socket(table, tokens[1]) as bo:
            await next_frame(ann, "snapshot")
            await next_frame(bo, "snapshot")
            await ann.send(json.dumps({"type": "rematch"}))
            refused = await next_frame(ann, "error")
            assert refused["code"] == "rematch-not-over"

    asyncio.run(visit())
    server.wait_over(table, 60)
    record: dict[str, Any] = server.get(f"/api/tables/{table}/record")
    return record


def test_a_rematch_accepted_by_both_people_moves_them_to_a_new_deal(server: Server) -> None:
    made = server.post("/api/tables", SETTINGS)
    old = made["table"]
    old_tokens = server.tokens(made)
    first = played_out(server, old, old_tokens)

    async def rematch(old_tokens: dict[int, str]) -> tuple[dict[str, Any], ...]:
        async with (
            server.socket(old, old_tokens[0]) as ann,
            server.socket(old, old_tokens[1]) as bo,
            server.socket(old) as watcher,
        ):
            for ws in (ann, bo, watcher):
                await next_frame(ws, "snapshot")
            await watcher.send(json.dumps({"type": "rematch"}))
            assert (await next_frame(watcher, "error"))["code"] == "spectator-rematch"
            await ann.send(json.dumps({"type": "rematch"}))
            for ws in (ann, bo, watcher):
                assert await next_frame(ws, "rematch") == {"type": "rematch", "accepted": [0]}
            await ann.send(json.dumps({"type": "rematch"}))  # twice is once
            for ws in (ann, bo, watcher):
                assert (await next_frame(ws, "rematch"))["accepted"] == [0]
            await bo.send(json.dumps({"type": "rematch"}))
            return tuple([await next_frame(ws, "rematch") for ws in (ann, bo, watcher)])

    to_ann, to_bo, to_watcher = asyncio.run(rematch(old_tokens))
    new = to_ann["table"]
    assert new != old and to_bo["table"] == new and to_watcher["table"] == new
    assert to_ann["accepted"] == to_bo["accepted"] == [0, 1]
    assert "token" not in to_watcher
    assert to_ann["token"] != to_bo["token"]
    assert {to_ann["token"], to_bo["token"]}.isdisjoint(old_tokens.values())

    summary = server.get(f"/api/tables/{new}")
    before = server.get(f"/api/tables/{old}")
    for key in ("game", "preset", "length", "clock", "chat", "rated"):
        assert summary[key] == before[key], key
    assert [(s["name"], s["bot"]) for s in summary["seats"]] == [
        ("Ann", None),
        ("Bo", None),
        ("bot:easy", "easy"),
    ]
    assert summary["status"] == "waiting" and summary["seeded"] is False

    async def late_ann() -> dict[str, Any]:  # a socket opened after: told all the same
        async with server.socket(old, old_tokens[0]) as ann:
            return await next_frame(ann, "rematch")

    assert asyncio.run(late_ann())["token"] == to_ann["token"]

    async def seated() -> list[Any]:
        async with (
            server.socket(new, to_ann["token"]) as ann,
            server.socket(new, to_bo["token"]) as bo,
        ):
            views = [(await next_frame(ws, "snapshot"))["view"] for ws in (ann, bo)]
            return [view["viewer"] for view in views]

    assert asyncio.run(seated()) == [0, 1]
    second = played_out(server, new, {0: to_ann["token"], 1: to_bo["token"]})
    assert second["seed"] != first["seed"]
    assert second["players"] == first["players"]


def test_a_rematch_accepted_before_a_restart_is_made_when_the_last_person_accepts_after(
    tmp_path: Path,
) -> None:
    first = Server(tmp_path, options=["--away", str(AWAY)])
    try:
        made = first.post("/api/tables", SETTINGS)
        old, tokens = made["table"], first.tokens(made)
        played_out(first, old, tokens)

        async def ann_accepts() -> None:
            async with first.socket(old, tokens[0]) as ann:
                await ann.send(json.dumps({"type": "rematch"}))
                assert (await next_frame(ann, "rematch"))["accepted"] == [0]

        asyncio.run(ann_accepts())
        port = first.port
    finally:
        first.stop()
    second = Server(tmp_path, port=port, options=["--away", str(AWAY)])
    try:

        async def bo_accepts() -> tuple[dict[str, Any], ...]:
            async with second.socket(old, tokens[0]) as ann, second.socket(old, tokens[1]) as bo:
                for ws in (ann, bo):
                    assert await next_frame(ws, "rematch") == {"type": "rematch", "accepted": [0]}
                await bo.send(json.dumps({"type": "rematch"}))
                return tuple([await next_frame(ws, "rematch") for ws in (ann, bo)])

        to_ann, to_bo = asyncio.run(bo_accepts())
        assert to_ann["accepted"] == to_bo["accepted"] == [0, 1]
        assert to_ann["table"] == to_bo["table"] != old
        assert to_ann["token"] != to_bo["token"]
        assert second.get(f"/api/tables/{to_ann['table']}")["status"] == "waiting"
    finally:
        second.stop()
