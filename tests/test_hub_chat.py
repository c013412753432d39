"""The hub's chat and rematch settings, in process on SQLite: which tables take free text in
their chat, and how many rematches the hub remembers."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from chickenfoot.server import hub as hub_module
from chickenfoot.server.hub import Connection, NewSeat
from tests.hub_helpers import act_once, running_hub

SEATS = [NewSeat(human="Ann"), NewSeat(bot="easy")]


def test_free_text_is_on_for_friends_off_for_a_rated_table_unless_chosen(
    tmp_path: Path,
) -> None:
    async def made() -> dict[str, bool]:
        async with running_hub(tmp_path) as hub:
            ann = await hub.store.add_account("Ann", "ann", "not a hash")
            tables = {
                "friends": await hub.create("chickenfoot", None, {}, SEATS, None, "x"),
                "quiet": await hub.create("chickenfoot", None, {}, SEATS, None, "x", chat=False),
                "rated": await hub.create(
                    "chickenfoot", None, {}, SEATS, None, "x", 0, account=ann, rated=True
                ),
                "rated, chosen": await hub.create(
                    "chickenfoot",
                    None,
                    {},
                    SEATS,
                    None,
                    "x",
                    0,
                    account=ann,
                    rated=True,
                    chat=True,
                ),
            }
            chats = {}
            for name, (table, _) in tables.items():
                row = await hub.store.table(table)
                assert row is not None
                chats[name] = row.chat
            return chats

    assert asyncio.run(made()) == {
        "friends": True,
        "quiet": False,
        "rated": False,
        "rated, chosen": True,
    }


def test_the_hub_holds_few_rematches_and_reads_a_forgotten_one_from_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "REMATCHES_KEPT", 1)
    people = [NewSeat(human="Ann"), NewSeat(human="Bo")]

    async def told() -> list[list[str]]:
        async with running_hub(tmp_path) as hub:
            lives = []
            for _ in range(2):
                table, _seating = await hub.create(
                    "chickenfoot", None, {"length": "single"}, people, None, "x"
                )
                live = await hub.get(table)
                for seat in (0, 1):
                    await hub.connect(live, Connection(seat))
                assert live.table is not None
                while not live.table.is_over:
                    await act_once(hub, live)
                await hub.rematch(live, 0)
                lives.append(live)
            kinds = []
            for live in lives:
                opened = Connection(1)
                await hub.tell_chat(live, opened)
                frames = []
                while not opened.queue.empty():
                    frame = opened.queue.get_nowait()
                    assert frame is not None
                    frames.append(json.loads(frame)["type"])
                kinds.append(frames)
                assert len(hub._rematches) == 1
            return kinds

    assert asyncio.run(told()) == [["rematch"], ["rematch"]]


def test_a_line_said_while_a_sockets_backlog_is_read_is_told_to_it_once(tmp_path: Path) -> None:
    people = [NewSeat(human="Ann"), NewSeat(human="Bo")]

    async def heard() -> list[int]:
        async with running_hub(tmp_path) as hub:
            table, _seating = await hub.create("chickenfoot", None, {}, people, None, "x")
            live = await hub.get(table)
            await hub.say(live, 0, "thanks", None)  # line 1: in the backlog only
            bo = Connection(1)
            await hub.connect(live, bo)
            await hub.say(live, 0, "oops", None)  # line 2: told at once, and in the backlog
            await hub.tell_chat(live, bo)
            await hub.say(live, 0, "good-game", None)  # line 3: after the backlog
            numbers = []
            while not bo.queue.empty():
                frame = bo.queue.get_nowait()
                assert frame is not None
                data = json.loads(frame)
                if data["type"] == "chat":
                    numbers += [line["n"] for line in data["lines"]]
            return numbers

    assert sorted(asyncio.run(heard())) == [1, 2, 3]
