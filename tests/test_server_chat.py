"""The table's chat, driven over loopback as two people and a spectator would: short phrases
by code, free text where the table allows it (plain, bounded, rate-limited), kept with the
table across a restart and never in the record."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server_helpers import Server, check_frame, next_frame, serving

TWO_PEOPLE = {"seats": [{"human": "Ann"}, {"human": "Bo"}], "sit": 0, "length": "single"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "chat", ["--away", "1"])


async def quiet(ws: Any, kind: str, seconds: float = 0.5) -> None:
    """No frame of ``kind`` comes within ``seconds``."""
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(seconds):
            while True:
                frame = check_frame(await ws.recv())
                assert frame["type"] != kind, frame


def say(**line: Any) -> str:
    return json.dumps({"type": "say", **line})


def seated(server: Server, **asked: Any) -> tuple[str, dict[int, str]]:
    made = server.post("/api/tables", {**TWO_PEOPLE, **asked})
    return made["table"], server.tokens(made)


def test_a_phrase_reaches_both_people_and_the_spectator_by_its_code(server: Server) -> None:
    table, tokens = seated(server)

    async def chat() -> None:
        async with (
            server.socket(table, tokens[0]) as ann,
            server.socket(table, tokens[1]) as bo,
            server.socket(table) as watcher,
        ):
            await next_frame(bo, "snapshot")
            await next_frame(watcher, "snapshot")
            await ann.send(say(phrase="well-played"))
            for ws in (ann, bo, watcher):
                frame = await next_frame(ws, "chat")
                assert frame["lines"] == [{"n": 1, "seat": 0, "phrase": "well-played"}]
            await bo.send(say(phrase="thanks"))
            for ws in (ann, bo, watcher):
                assert (await next_frame(ws, "chat"))["lines"][0] == {
                    "n": 2,
                    "seat": 1,
                    "phrase": "thanks",
                }

    asyncio.run(chat())


def test_a_spectator_reads_but_may_not_write_and_is_told_in_its_language(
    server: Server,
) -> None:
    table, _ = seated(server)

    async def chat() -> None:
        async with server.socket(table, query="?lang=nb") as watcher:
            await next_frame(watcher, "lobby")
            await watcher.send(say(phrase="oops"))
            refused = await next_frame(watcher, "error")
            assert refused["code"] == "spectator-chats"
            assert "tilskuer" in refused["message"]
            await watcher.send(say(text="hello"))
            assert (await next_frame(watcher, "error"))["code"] == "spectator-chats"

    asyncio.run(chat())


def test_free_text_is_plain_bounded_and_never_markup(server: Server) -> None:
    table, tokens = seated(server)

    async def chat() -> None:
        async with server.socket(table, tokens[0]) as ann, server.socket(table, tokens[1]) as bo:
            await next_frame(bo, "snapshot")
            markup = "<img src=x onerror=alert(1)> &amp;\n\t  hi\u202e\x00"
            await ann.send(say(text=markup))
            line = (await next_frame(bo, "chat"))["lines"][0]
            assert line["text"] == "<img src=x onerror=alert(1)> &amp; hi"  # as text, plain
            assert "phrase" not in line
            await ann.send(say(text="x" * 201))
            refused = await next_frame(ann, "error")
            assert refused["code"] == "chat-too-long"
            assert "200" in refused["message"] and "201" in refused["message"]
            await ann.send(say(text="y" * 200))
            assert (await next_frame(bo, "chat"))["lines"][0]["text"] == "y" * 200
            await ann.send(say(text=" \n\u200b "))
            assert (await next_frame(ann, "error"))["code"] == "chat-empty"
            await ann.send(say(text="hi", phrase="oops"))
            assert (await next_frame(ann, "error"))["code"] == "chat-one-thing"
            await ann.send(say(phrase="hurray"))
            assert (await next_frame(ann, "error"))["code"] == "bad-frame"
            await quiet(bo, "chat")

    asyncio.run(chat())


def test_lines_said_too_fast_are_refused_per_socket(server: Server) -> None:
    table, tokens = seated(server)

    async def chat() -> None:
        async with server.socket(table, tokens[0]) as ann, server.socket(table, tokens[1]) as bo:
            await next_frame(bo, "snapshot")
            for n in range(4):
                await ann.send(say(text=f"line {n}"))
            await ann.send(say(text="one too many"))
            refused = await next_frame(ann, "error")
            assert refused["code"] == "too-many-lines"
            assert (
                refused["message"]
                == "you are writing too fast: wait 2 seconds before the next message"
            )
            heard = [(await next_frame(bo, "chat"))["lines"][0]["text"] for _ in range(4)]
            assert heard == [f"line {n}" for n in range(4)]
            await quiet(bo, "chat")
            await bo.send(say(phrase="good-game"))  # another socket has a bucket of its own
            assert (await next_frame(ann, "chat"))["lines"][0]["phrase"] == "good-game"
            assert (await next_frame(bo, "chat"))["lines"][0]["phrase"] == "good-game"
            await asyncio.sleep(2.1)
            await ann.send(say(text="later"))
            assert (await next_frame(bo, "chat"))["lines"][0]["text"] == "later"

    asyncio.run(chat())


def test_a_table_made_without_free_text_takes_only_the_phrases(server: Server) -> None:
    table, tokens = seated(server, chat=False)
    assert server.get(f"/api/tables/{table}")["chat"] is False
    friends, _ = seated(server)
    assert server.get(f"/api/tables/{friends}")["chat"] is True

    async def chat() -> None:
        async with server.socket(table, tokens[0], query="?lang=it") as ann:
            await next_frame(ann, "lobby")  # a line may be said before the deal too
            await ann.send(say(text="ciao"))
            refused = await next_frame(ann, "error")
            assert refused["code"] == "chat-off"
            assert "frasi" in refused["message"]
            await ann.send(say(phrase="oops"))
            assert (await next_frame(ann, "chat"))["lines"][0]["phrase"] == "oops"
        async with server.socket(table, tokens[0]) as again:  # still waiting for Bo
            await next_frame(again, "lobby")
            assert (await next_frame(again, "chat"))["lines"] == [
                {"n": 1, "seat": 0, "phrase": "oops"}
            ]

    asyncio.run(chat())


def test_the_chat_is_kept_across_a_restart_and_never_in_the_record(tmp_path: Path) -> None:
    first = Server(tmp_path, options=["--away", "1"])
    try:
        made = first.post(
            "/api/tables",
            {"seats": [{"human": "Ann"}, {"bot": "easy"}], "sit": 0, "length": "single"},
        )
        table, token = made["table"], made["seats"][0]["token"]

        async def before() -> None:
            async with first.socket(table, token) as ann:
                await next_frame(ann, "snapshot")
                await ann.send(say(text="secret words"))
                await next_frame(ann, "chat")
                await ann.send(say(phrase="good-game"))
                await next_frame(ann, "chat")

        asyncio.run(before())
        port = first.port
    finally:
        first.stop()
    second = Server(tmp_path, port=port, options=["--away", "1"])
    try:

        async def after() -> dict[str, Any]:
            async with second.socket(table) as watcher:
                return await next_frame(watcher, "chat")

        lines = asyncio.run(after())["lines"]
        assert lines == [
            {"n": 1, "seat": 0, "text": "secret words"},
            {"n": 2, "seat": 0, "phrase": "good-game"},
        ]
        second.wait_over(table)  # Ann is away: the computer plays her hand out
        record = json.dumps(second.get(f"/api/tables/{table}/record"))
        assert "secret words" not in record and "good-game" not in record
        assert "chat" not in record
    finally:
        second.stop()
