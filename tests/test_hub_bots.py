"""A table of bots never stalls on one failure: a bot whose turn fails (otherwise than in
storage, which has its own retry) tries again, later after each failure in a row, and the
log says why."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.server import hub as hub_module
from chickenfoot.server.hub import Connection, NewSeat
from chickenfoot.server.logs import LOGGER
from tests.hub_helpers import running_hub

RETRY = 0.02
"""The first wait after a failure in these tests (the server's is a second)."""


def failures_logged(caplog: pytest.LogCaptureFixture) -> list[dict[str, Any]]:
    """The fields of each ``bot-failed`` event logged, in order."""
    logged = [r for r in caplog.records if r.getMessage() == "bot-failed"]
    return [r.__dict__["chickenfoot_fields"] for r in logged]


@pytest.mark.parametrize("failures", [1, 3])
def test_a_bot_whose_turn_fails_tries_again_later_after_each_failure_in_a_row(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failures: int,
) -> None:
    monkeypatch.setattr(hub_module, "STORAGE_RETRY", RETRY)
    caplog.set_level(logging.ERROR, LOGGER)

    async def run() -> tuple[int, int, int]:
        async with running_hub(tmp_path, bot_delay=0.001) as hub:
            choose = hub.thinkers.choose
            asked: list[str] = []

            async def failing(name: str, seed: str, view: Any) -> Any:
                asked.append(seed)
                if len(asked) <= failures:
                    raise RuntimeError(f"failure {len(asked)}")
                return await choose(name, seed, view)

            monkeypatch.setattr(hub.thinkers, "choose", failing)
            seats = [NewSeat(bot="easy"), NewSeat(bot="easy")]
            table_id, _ = await hub.create("chickenfoot", None, {}, seats, None, "x")
            live = await hub.get(table_id)
            await hub.connect(live, Connection(None))
            table = live.table
            assert table is not None
            for _ in range(500):
                if live.actions >= 5:
                    break
                await asyncio.sleep(0.01)
            return live.actions, live.failed, len(set(asked[: failures + 1]))

    actions, failed, seeds = asyncio.run(run())
    assert actions >= 5  # the bots played on
    assert failed == 0  # counted again from nought once a turn went through
    assert seeds == 1  # every try was of the same turn
    fields = failures_logged(caplog)
    assert [f["reason"] for f in fields] == [f"failure {n}" for n in range(1, failures + 1)]
    assert [f["retry"] for f in fields] == [RETRY * 2**n for n in range(failures)]


def test_a_bots_wait_after_failures_has_a_ceiling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(hub_module, "STORAGE_RETRY", RETRY)
    monkeypatch.setattr(hub_module, "BOT_RETRY_LONGEST", RETRY * 4)
    caplog.set_level(logging.ERROR, LOGGER)

    async def run() -> None:
        async with running_hub(tmp_path, bot_delay=0.001) as hub:

            async def failing(name: str, seed: str, view: Any) -> Any:
                raise RuntimeError("always")

            monkeypatch.setattr(hub.thinkers, "choose", failing)
            seats = [NewSeat(bot="easy"), NewSeat(bot="easy")]
            table_id, _ = await hub.create("chickenfoot", None, {}, seats, None, "x")
            live = await hub.get(table_id)
            for _ in range(500):
                if live.failed >= 5:
                    break
                await asyncio.sleep(0.01)

    asyncio.run(run())
    waits = [fields["retry"] for fields in failures_logged(caplog)[:5]]
    assert waits == [RETRY, RETRY * 2, RETRY * 4, RETRY * 4, RETRY * 4]
