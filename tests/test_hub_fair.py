"""Fair play at a table open to strangers: an action sent twice is taken once (``expect``);
a bot's move comes after its pace whatever it holds, its thinking done meanwhile; a seat's
hints cost one search a turn, on workers of their own."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.core.actions import Draw
from chickenfoot.core.messages import CodedError
from chickenfoot.core.wire import action_from_json
from chickenfoot.server import thinking
from chickenfoot.server.errors import ServerError
from chickenfoot.server.hub import Connection, Hub, NewSeat
from tests.hub_helpers import running_hub, two_people


def test_a_draw_sent_twice_at_the_same_version_draws_one_tile(tmp_path: Path) -> None:
    """In the draw game a seat with nothing to play draws until it can: the same draw sent
    again (after a timeout, say) would be legal and draw a second tile. Sent with the
    version it was chosen at, it is refused as ``stale`` and the table stays where the first
    one left it. Every such draw of a match is sent twice."""

    async def play() -> tuple[int, int]:
        resent = would_draw_again = 0
        async with running_hub(tmp_path) as hub:
            live = await two_people(hub, "draw", 7)
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
                assert live.actions == len(await hub.store.actions_of(live.id))
                resent += 1
                if table.turn == seat:
                    try:
                        table.check(seat, Draw())  # checked only, not taken
                        would_draw_again += 1
                    except CodedError:
                        pass
        return resent, would_draw_again

    resent, would_draw_again = asyncio.run(play())
    assert resent > 0
    assert would_draw_again > 0  # without expect, those resent draws would have been taken


def test_an_action_at_the_version_it_was_chosen_at_is_taken(tmp_path: Path) -> None:
    async def play() -> tuple[int, int]:
        async with running_hub(tmp_path) as hub:
            live = await two_people(hub)
            table = live.table
            assert table is not None and table.turn is not None
            before = table.version
            legal = table.snapshot(table.turn).legal
            assert legal
            await hub.act(live, table.turn, action_from_json(legal[0]), expect=before)
            return before, table.version

    before, after = asyncio.run(play())
    assert after == before + 1


PACE = 0.8
"""Seconds of the bots' pace in the tests of timing: far more than a loaded machine takes to
start a task, so that "thinking began before the pace ran out" cannot fail by chance."""


@pytest.mark.parametrize("thinking", [0.0, PACE / 2], ids=["forced", "searching"])
def test_a_bots_move_comes_after_its_pace_and_its_thinking_runs_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, thinking: float
) -> None:
    """Ann acts; the bot's choice (instant, as with one legal action, or taking half the
    pace, as a search) starts at once, and its move is taken no sooner than the pace: the
    same delay either way, so the delay says nothing of the bot's hand."""

    async def play() -> tuple[float, float]:
        async with running_hub(tmp_path, bot_delay=PACE) as hub:
            return await timed(hub)

    async def timed(hub: Hub) -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        asked: list[float] = []

        async def choose(name: str, seed: str, view: Any) -> Any:
            asked.append(loop.time())
            await asyncio.sleep(thinking)
            table = live.table
            assert table is not None and table.turn is not None
            legal = table.snapshot(table.turn).legal
            assert legal
            return action_from_json(legal[0])

        monkeypatch.setattr(hub.thinkers, "choose", choose)
        seats = [NewSeat(human="Ann"), NewSeat(bot="expert")]
        table_id, _ = await hub.create("chickenfoot", None, {}, seats, 3, "x")
        live = await hub.get(table_id)
        await hub.connect(live, Connection(0))
        table = live.table
        assert table is not None
        while table.turn != 0:  # the bot may lead: its move, then Ann's turn
            await asyncio.sleep(0.01)
        legal = table.snapshot(0).legal
        assert legal
        asked.clear()
        await hub.act(live, 0, action_from_json(legal[0]))
        turn_began, version = loop.time(), table.version
        assert table.turn == 1
        while table.version == version:
            await asyncio.sleep(0.01)
        taken = loop.time()
        assert asked
        return asked[0] - turn_began, taken - turn_began

    asked_after, taken_after = asyncio.run(play())
    assert asked_after < PACE  # the thinking did not wait for the pace
    assert taken_after >= PACE  # and the move did not come before it


def test_forty_sockets_asking_a_hint_for_one_turn_cost_one_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann asks for a hint on 40 sockets at once, then once more: the expert searches once,
    and every answer is that search's; at her next turn she is advised afresh."""

    async def play() -> tuple[list[int], int, int]:
        async with running_hub(tmp_path) as hub:
            return await asked(hub)

    async def asked(hub: Hub) -> tuple[list[int], int, int]:
        searched = []
        advise = hub.thinkers.advise

        async def counted(view: Any) -> Any:
            searched.append(view)
            return await advise(view)

        monkeypatch.setattr(hub.thinkers, "advise", counted)
        live = await two_people(hub)
        table = live.table
        assert table is not None and table.turn is not None
        seat = table.turn
        found = await asyncio.gather(*(hub.hint(live, seat) for _ in range(40)))
        again = await hub.hint(live, seat)
        answers = {id(hint) for hint in [*found, again]}
        first_turn = len(searched)
        while table.turn == seat:  # this turn played out, to the seat's next one
            legal = table.snapshot(seat).legal
            assert legal
            await hub.act(live, seat, action_from_json(legal[0]))
        while table.turn != seat:
            other = table.turn
            assert other is not None
            legal = table.snapshot(other).legal
            assert legal
            await hub.act(live, other, action_from_json(legal[0]))
        await hub.hint(live, seat)
        return list(answers), first_turn, len(searched)

    answers, first_turn, searches = asyncio.run(play())
    assert len(answers) == 1  # 41 answers, one hint
    assert first_turn == 1
    assert searches == 2  # the next turn is a new question


def test_hints_have_workers_of_their_own_and_bots_search_while_they_are_busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every hint worker held up by a search that does not end: a bot's search still runs."""
    release = threading.Event()

    def stuck(view: Any) -> None:
        release.wait(60)

    monkeypatch.setattr(thinking, "advise", stuck)

    async def play() -> bool:
        async with running_hub(tmp_path) as hub:
            try:
                return await held_up(hub)
            finally:
                release.set()

    async def held_up(hub: Hub) -> bool:
        thinkers = hub.thinkers
        assert thinkers.hint_executor is not thinkers.executor
        live = await two_people(hub)
        table = live.table
        assert table is not None and table.turn is not None
        view = table.view(table.turn)
        held = [asyncio.create_task(thinkers.advise(view)) for _ in range(4)]
        await asyncio.sleep(0)
        action = await asyncio.wait_for(thinkers.choose("expert", "1", view), 60)
        busy = not any(task.done() for task in held)
        release.set()
        await asyncio.gather(*held)
        return busy and action is not None

    assert asyncio.run(play())


def test_with_worker_processes_hints_and_bots_have_separate_pools() -> None:
    thinkers = thinking.Thinkers(1)
    try:
        bots, hints = thinkers.executor, thinkers.hint_executor
        assert isinstance(bots, ProcessPoolExecutor)
        assert isinstance(hints, ProcessPoolExecutor)
        assert bots is not hints
    finally:
        thinkers.close()
