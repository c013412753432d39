"""Fair play at a table open to strangers: an action sent twice is taken once (``expect``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from chickenfoot.core.actions import Draw
from chickenfoot.core.messages import CodedError
from chickenfoot.core.wire import action_from_json
from chickenfoot.server.errors import ServerError
from chickenfoot.server.hub import Connection, Hub, NewSeat
from chickenfoot.server.store import Store


def test_a_draw_sent_twice_at_the_same_version_draws_one_tile(tmp_path: Path) -> None:
    """In the draw game a seat with nothing to play draws until it can: the same draw sent
    again (after a timeout, say) would be legal and draw a second tile. Sent with the
    version it was chosen at, it is refused as ``stale`` and the table stays where the first
    one left it. Every such draw of a match is sent twice."""

    async def play() -> tuple[int, int]:
        store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}")
        await store.open()
        hub = Hub(store, bot_delay=0)
        await hub.start()
        resent = would_draw_again = 0
        try:
            seats = [NewSeat(human="Ann"), NewSeat(human="Bo")]
            table_id, _ = await hub.create("draw", None, {}, seats, 7, "x")
            live = await hub.get(table_id)
            for seat in (0, 1):
                await hub.connect(live, Connection(seat))
            table = live.table
            assert table is not None
            while not table.is_over and table.turn is not None:
                seat, version = table.turn, table.version
                legal = table.snapshot(seat).legal
                assert legal
                draws = {"draw": True} in legal
                action = Draw() if draws else action_from_json(legal[0])
                await hub.act(live, seat, action, expect=version)
                if not draws:
                    continue
                hand = len(table.view(seat).hand)
                with pytest.raises(ServerError) as refused:
                    await hub.act(live, seat, Draw(), expect=version)
                assert refused.value.code == "stale"
                assert refused.value.status == 409
                assert (table.version, len(table.view(seat).hand)) == (version + 1, hand)
                assert live.actions == len(await store.actions_of(table_id))
                resent += 1
                if table.turn == seat:
                    try:
                        table.check(seat, Draw())  # checked only, not taken
                        would_draw_again += 1
                    except CodedError:
                        pass
        finally:
            await hub.stop()
            await store.close()
        return resent, would_draw_again

    resent, would_draw_again = asyncio.run(play())
    assert resent > 0
    assert would_draw_again > 0  # without expect, those resent draws would have been taken


def test_an_action_at_the_version_it_was_chosen_at_is_taken(tmp_path: Path) -> None:
    async def play() -> tuple[int, int]:
        store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}")
        await store.open()
        hub = Hub(store, bot_delay=0)
        await hub.start()
        try:
            seats = [NewSeat(human="Ann"), NewSeat(human="Bo")]
            table_id, _ = await hub.create("chickenfoot", None, {}, seats, 5, "x")
            live = await hub.get(table_id)
            for seat in (0, 1):
                await hub.connect(live, Connection(seat))
            table = live.table
            assert table is not None and table.turn is not None
            before = table.version
            legal = table.snapshot(table.turn).legal
            assert legal
            await hub.act(live, table.turn, action_from_json(legal[0]), expect=before)
            return before, table.version
        finally:
            await hub.stop()
            await store.close()

    before, after = asyncio.run(play())
    assert after == before + 1
