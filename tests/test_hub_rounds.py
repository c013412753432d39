"""Between two rounds, in process on SQLite: the next round is played once every person has
closed the summary of the one before (or a while has passed; a table of bots goes on by
itself), and the bots' pace a table's creator chooses."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.core.wire import action_from_json
from chickenfoot.server import frames
from chickenfoot.server.errors import ServerError
from chickenfoot.server.hub import Connection, Hub, Live, NewSeat
from tests.hub_helpers import act_once, running_hub, two_people


def rounds(live: Live) -> int:
    assert live.table is not None
    return len(live.table.match.rounds)


async def end_the_first_round(hub: Hub, live: Live) -> None:
    while rounds(live) == 1:
        await act_once(hub, live)


def latest_seats(connection: Connection) -> dict[str, Any]:
    """The last ``seats`` frame the connection was sent (its queue emptied)."""
    seats: dict[str, Any] = {}
    while not connection.queue.empty():
        frame = connection.queue.get_nowait()
        told = json.loads(frame) if frame is not None else {}
        if told.get("type") == "seats":
            seats = told
    return seats


def reading(seats: dict[str, Any]) -> list[int]:
    return [s["seat"] for s in seats["seats"] if s.get("reading")]


def test_the_next_round_is_played_once_every_person_has_closed_the_summary(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[list[int], list[int], bool, list[int], int]:
        async with running_hub(tmp_path) as hub:
            live = await two_people(hub)
            watcher = Connection(None)
            await hub.connect(live, watcher)
            await end_the_first_round(hub, live)
            assert live.table is not None and live.table.turn is not None
            first, other = live.table.turn, 1 - live.table.turn
            both = reading(latest_seats(watcher))
            before = live.table.version
            acting = asyncio.create_task(act_once(hub, live))  # closed it by acting
            await asyncio.sleep(0.2)
            held = not acting.done() and live.table.version == before
            one = reading(latest_seats(watcher))
            await hub.ready(live, other, 1)
            await asyncio.wait_for(acting, 5)
            assert first not in one
            return both, one, held, reading(latest_seats(watcher)), live.table.version - before

    both, one, held, none, played = asyncio.run(run())
    assert both == [0, 1] and len(one) == 1
    assert held, "the first action of the round was taken while a summary was open"
    assert none == []
    assert played == 1


def test_a_round_waits_for_nobody_longer_than_its_limit(tmp_path: Path) -> None:
    async def run() -> tuple[bool, float, int]:
        async with running_hub(tmp_path, round_wait=0.5) as hub:
            live = await two_people(hub)
            await end_the_first_round(hub, live)
            waited = live.waits_until is not None
            assert live.table is not None
            before, began = live.table.version, time.monotonic()
            await asyncio.wait_for(act_once(hub, live), 5)  # the other never closes it
            return waited, time.monotonic() - began, live.table.version - before

    waited, took, played = asyncio.run(run())
    assert waited and played == 1
    assert 0.3 < took < 2


def test_a_table_with_a_clock_waits_for_its_people_a_move_clock_long(tmp_path: Path) -> None:
    async def run() -> float:
        async with running_hub(tmp_path) as hub:
            seats = [NewSeat(human="Ann"), NewSeat(human="Bo")]
            table_id, _ = await hub.create("chickenfoot", None, {}, seats, None, "x", clock=20)
            live = await hub.get(table_id)
            for seat in (0, 1):
                await hub.connect(live, Connection(seat))
            await end_the_first_round(hub, live)
            assert live.waits_until is not None
            return live.waits_until - time.monotonic()

    assert 15 < asyncio.run(run()) <= 20


def test_a_table_of_bots_plays_its_next_round_by_itself(tmp_path: Path) -> None:
    async def run() -> int:
        async with running_hub(tmp_path, bot_delay=0.002) as hub:
            seats = [NewSeat(bot="easy"), NewSeat(bot="easy")]
            table_id, _ = await hub.create("chickenfoot", None, {}, seats, None, "x")
            live = await hub.get(table_id)
            await hub.connect(live, Connection(None))
            for _ in range(500):
                if live.table is not None and (rounds(live) >= 3 or live.table.is_over):
                    break
                await asyncio.sleep(0.02)
            return rounds(live)

    assert asyncio.run(run()) >= 3


def test_a_ready_for_a_round_not_ended_or_from_a_spectator_is_refused(tmp_path: Path) -> None:
    async def run() -> list[str]:
        async with running_hub(tmp_path) as hub:
            live = await two_people(hub)
            codes = []
            for seat, ended in ((0, 1), (None, 1)):
                with pytest.raises(ServerError) as refused:
                    await hub.ready(live, seat, ended)
                codes.append(refused.value.code)
            return codes

    assert asyncio.run(run()) == ["ready-not-ended", "spectator-ready"]
    for bad in (
        '{"type": "ready", "round": 0}',
        '{"type": "ready"}',
        '{"type": "ready", "round": 1, "x": 1}',
    ):
        with pytest.raises(ServerError) as refused:
            frames.decode(bad)
        assert refused.value.code == "bad-frame"
    with pytest.raises(ServerError) as refused:
        frames.decode('{"type": "pace", "pace": "warp"}')
    assert refused.value.code == "bad-frame"


def test_the_creator_or_the_only_person_chooses_the_bots_pace_and_nobody_else(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[list[str], float, str | None]:
        async with running_hub(tmp_path, bot_delay=30) as hub:
            seats = [NewSeat(human="Ann"), NewSeat(human="Bo"), NewSeat(bot="easy")]
            table_id, seating = await hub.create("chickenfoot", None, {}, seats, None, "x")
            three = await hub.get(table_id)
            refused = []
            for seat, pace, key in ((1, "slow", None), (None, "slow", "wrong"), (1, "warp", None)):
                with pytest.raises(ServerError) as refusal:
                    await hub.set_pace(three, seat, pace, key)
                refused.append(refusal.value.code)
            await hub.set_pace(three, None, "slow", seating.key)
            alone_id, _ = await hub.create(
                "chickenfoot", None, {}, [NewSeat(human="Ann"), NewSeat(bot="easy")], None, "x"
            )
            alone = await hub.get(alone_id)
            ann = Connection(0)
            await hub.connect(alone, ann)
            await hub.set_pace(alone, 0, "fast")
            assert alone.table is not None
            if alone.table.turn == 0:
                await act_once(hub, alone)
            loop = asyncio.get_running_loop()
            began, version = loop.time(), alone.table.version
            while alone.table.version == version:  # the bot's move, at the fast pace
                assert loop.time() - began < 5, "the bot kept the server's pace of 30 s"
                await asyncio.sleep(0.02)
            return refused, loop.time() - began, three.pace

    refused, took, pace = asyncio.run(run())
    assert refused == ["not-pace-setter", "not-pace-setter", "bad-pace"]
    assert took < 5
    assert pace == "slow"


def test_the_bots_pace_chosen_is_kept_across_a_restart(tmp_path: Path) -> None:
    seats = [NewSeat(human="Ann"), NewSeat(human="Bo"), NewSeat(bot="easy")]

    async def choose() -> str:
        async with running_hub(tmp_path) as hub:
            table_id, seating = await hub.create("chickenfoot", None, {}, seats, None, "x")
            await hub.set_pace(await hub.get(table_id), None, "slow", seating.key)
            return table_id

    async def after(table_id: str) -> tuple[str | None, list[dict[str, Any]]]:
        async with running_hub(tmp_path) as hub:
            live = await hub.get(table_id)
            watcher = Connection(None)
            await hub.connect(live, watcher)
            await hub.tell_chat(live, watcher)
            told = []
            while not watcher.queue.empty():
                frame = watcher.queue.get_nowait()
                assert frame is not None
                told.append(json.loads(frame))
            return live.pace, [f for f in told if f["type"] == "pace"]

    table_id = asyncio.run(choose())
    pace, told = asyncio.run(after(table_id))
    assert pace == "slow"
    assert told == [{"type": "pace", "pace": "slow"}]


def test_a_rated_table_keeps_the_servers_pace(tmp_path: Path) -> None:
    async def run() -> str:
        async with running_hub(tmp_path) as hub:
            ann = await hub.store.add_account("Ann", "ann", "not a hash")
            seats = [NewSeat(human="Ann"), NewSeat(bot="easy")]
            table_id, seating = await hub.create(
                "chickenfoot", None, {}, seats, None, "x", 0, account=ann, rated=True
            )
            live = await hub.get(table_id)
            with pytest.raises(ServerError) as refused:
                await hub.set_pace(live, 0, "slow", seating.key)
            return refused.value.code

    assert asyncio.run(run()) == "pace-rated"


def test_an_action_that_may_wait_only_a_while_is_refused_and_its_person_counted_ready(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[str, set[int], int]:
        async with running_hub(tmp_path) as hub:
            live = await two_people(hub)
            await end_the_first_round(hub, live)
            assert live.table is not None and live.table.turn is not None
            seat, before = live.table.turn, live.table.version
            legal = live.table.snapshot(seat).legal
            assert legal
            with pytest.raises(ServerError) as refused:
                await hub.act(live, seat, action_from_json(legal[0]), hold=0.1)
            return refused.value.code, set(live.ready), live.table.version - before

    code, ready, played = asyncio.run(run())
    assert code == "round-waits"
    assert len(ready) == 1 and played == 0
