"""The hub takes an action as check, commit, then apply: a commit that fails leaves the table
as it was, nothing dealt again; a process following a table takes the owner's actions without
deciding their legality again, and an action it forwarded to an owner that then stopped
answering is not taken twice; and the hub knows nothing of Redis (its channel does)."""

from __future__ import annotations

import ast
import asyncio
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import chickenfoot.server
from chickenfoot.core.actions import Action
from chickenfoot.core.round import RoundState
from chickenfoot.core.standard.hand import HandState
from chickenfoot.core.table import Table
from chickenfoot.core.wire import action_from_json
from chickenfoot.server.channel import Behind, LocalChannel, Tables
from chickenfoot.server.errors import ServerError
from chickenfoot.server.hub import Connection, Hub, Live, NewSeat
from chickenfoot.server.store import Store
from tests.hub_helpers import seed_drawn

SERVER = Path(chickenfoot.server.__file__).parent


class Recording(LocalChannel):
    """A server alone that keeps what it would publish to other processes."""

    def __init__(self) -> None:
        super().__init__()
        self.published: list[dict[str, Any]] = []

    async def publish(self, live: Live, message: dict[str, Any]) -> None:
        self.published.append(message)


def first_legal(live: Live) -> tuple[int, Action]:
    table = live.table
    assert table is not None and table.turn is not None
    legal = table.snapshot(table.turn).legal
    assert legal
    return table.turn, action_from_json(legal[0])


def frames_waiting(connection: Connection) -> int:
    return connection.queue.qsize()


def on_a_table(
    tmp_path: Path, game: str, options: dict[str, Any], channel: LocalChannel | None = None
) -> Callable[[Callable[[Hub, Live, list[Connection]], Awaitable[None]]], None]:
    """Run a body with a hub on a new store and a dealt table of two people, both connected."""

    def run(body: Callable[[Hub, Live, list[Connection]], Awaitable[None]]) -> None:
        async def go() -> None:
            store = Store(f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}")
            await store.open()
            hub = Hub(store, bot_delay=0, channel=channel)
            await hub.start()
            try:
                seats = [NewSeat(human="Ann"), NewSeat(human="Bo")]
                with seed_drawn(7):
                    table_id, _ = await hub.create(game, None, options, seats, None, "x")
                live = await hub.get(table_id)
                sockets = [Connection(0), Connection(1)]
                for socket in sockets:
                    await hub.connect(live, socket)
                await body(hub, live, sockets)
            finally:
                await hub.stop()
                await store.close()

        asyncio.run(go())

    return run


def test_a_failed_commit_refuses_the_action_and_leaves_the_table_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[Table] = []
    dealt = Table.__init__

    def counted_init(self: Table, *args: Any, **kwargs: Any) -> None:
        made.append(self)
        dealt(self, *args, **kwargs)

    async def body(hub: Hub, live: Live, sockets: list[Connection]) -> None:
        for _ in range(3):
            await hub.act(live, *first_legal(live))
        table = live.table
        assert table is not None
        before = table.record(), table.version, live.actions
        told = [frames_waiting(s) for s in sockets]
        committing = hub.store.add_action

        async def refused(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("the disk is full")

        monkeypatch.setattr(Table, "__init__", counted_init)
        monkeypatch.setattr(hub.store, "add_action", refused)
        seat, action = first_legal(live)
        with pytest.raises(ServerError) as caught:
            await hub.act(live, seat, action)
        assert caught.value.code == "not-saved"
        assert live.table is table
        assert (table.record(), table.version, live.actions) == before
        assert [frames_waiting(s) for s in sockets] == told  # nobody heard of it
        assert made == []  # nothing dealt again, nothing replayed

        monkeypatch.setattr(hub.store, "add_action", committing)
        await hub.act(live, seat, action)
        assert live.actions == before[2] + 1
        assert live.table is table
        assert made == []
        assert [frames_waiting(s) for s in sockets] > told

    on_a_table(tmp_path, "chickenfoot", {"length": "single"})(body)


@pytest.mark.parametrize(("game", "options"), [("chickenfoot", {"length": "single"}), ("draw", {})])
def test_a_follower_takes_the_owners_actions_without_deciding_their_legality(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, options: dict[str, Any]
) -> None:
    checks: list[object] = []

    def counting(checked: Callable[..., Any]) -> Callable[..., Any]:
        def check(*args: Any, **kwargs: Any) -> Any:
            checks.append(checked)
            return checked(*args, **kwargs)

        return check

    channel = Recording()

    async def body(owner: Hub, live: Live, sockets: list[Connection]) -> None:
        row = await owner.store.table(live.id)
        assert row is not None
        follower_hub = Hub(owner.store, bot_delay=0)
        followed = await follower_hub.load(row)  # dealt, no action yet
        viewer = Connection(1)
        followed.connections.add(viewer)
        followed_table = followed.table
        assert followed_table is not None
        start = followed_table.version
        viewer.told = (start, start)
        table = live.table
        assert table is not None
        while not table.is_over:
            await owner.act(live, *first_legal(live))

        for kind, name in [(RoundState, "_check"), (HandState, "_check"), (Table, "check")]:
            monkeypatch.setattr(kind, name, counting(getattr(kind, name)))
        monkeypatch.setattr(Table, "act", counting(Table.act))
        acts = [m for m in channel.published if m["kind"] == "act"]
        assert len(acts) == live.actions
        with pytest.raises(Behind):  # one missed: the follower reads the store again
            follower_hub.apply_published(followed, 1, acts[1]["seat"], acts[1]["action"])
        for message in acts:
            async with followed.lock:
                follower_hub.apply_published(
                    followed, message["n"], message["seat"], message["action"]
                )
        assert checks == []
        assert followed_table.record() == table.record()
        assert viewer.told == (start, table.version)  # told every version once
        assert frames_waiting(viewer) == table.version - start

    on_a_table(tmp_path, game, options, channel)(body)


def test_the_hub_does_not_import_the_redis_side() -> None:
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, chickenfoot.server.hub; print(sorted(m for m in sys.modules "
            "if m == 'redis' or m.startswith(('redis.', 'chickenfoot.server.c'))))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.split() == ["['chickenfoot.server.channel']"]


@pytest.mark.parametrize("helper", ["channel.py", "channel_redis.py", "cluster.py"])
def test_no_helper_of_the_hub_imports_it_not_even_for_its_types(helper: str) -> None:
    tree = ast.parse((SERVER / helper).read_text(encoding="utf-8"))
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    imported |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert "chickenfoot.server.hub" not in imported


def test_the_redis_channel_uses_only_what_the_hub_lends_it() -> None:
    tree = ast.parse((SERVER / "channel_redis.py").read_text(encoding="utf-8"))
    reached = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "tables"
    }
    assert reached  # it does use the tables
    lent = {name for name in dir(Tables) if not name.startswith("_")} | set(Tables.__annotations__)
    assert reached <= lent


class TakenOverAfterCommit(LocalChannel):
    """A follower whose forwarded action the owner commits, after which the owner stops
    answering and this process takes the table over (as a sweep does)."""

    def __init__(self, owner: Hub, owned: Live) -> None:
        super().__init__()
        self.owner, self.owned = owner, owned
        self.follower: Hub | None = None

    async def forward(self, live: Live, message: dict[str, Any]) -> bool:
        action = action_from_json(message["action"])
        await self.owner.act(self.owned, message["seat"], action, message.get("expect"))
        assert self.follower is not None
        async with live.lock:
            live.owned = True
            self.follower.catch_up(live, await self.owner.store.actions_of(live.id))
        return False


async def legal_twice_in_a_row(hub: Hub, live: Live) -> tuple[int, Action]:
    """Play on until the seat to act has an action it could take twice in a row (a draw):
    that seat and action."""
    while True:
        table = live.table
        assert table is not None and table.turn is not None
        seat = table.turn
        for legal in table.snapshot(seat).legal:
            action = action_from_json(legal)
            copy = Table.from_record(table.record())
            copy.act(seat, action)
            if copy.turn == seat and legal in copy.snapshot(seat).legal:
                return seat, action
        await hub.act(live, *first_legal(live))


@pytest.mark.parametrize("expect", [False, True])
def test_an_action_the_old_owner_committed_is_not_taken_again_after_a_takeover(
    tmp_path: Path, expect: bool
) -> None:
    async def body(owner: Hub, live: Live, sockets: list[Connection]) -> None:
        row = await owner.store.table(live.id)
        assert row is not None
        channel = TakenOverAfterCommit(owner, live)
        follower = channel.follower = Hub(owner.store, bot_delay=0, channel=channel)
        seat, action = await legal_twice_in_a_row(owner, live)
        followed = await follower.load(row)
        followed.owned = False
        table = followed.table
        assert table is not None
        before = followed.actions
        with pytest.raises(ServerError) as caught:
            await follower.act(followed, seat, action, table.version if expect else None)
        assert caught.value.code == "stale"
        assert followed.actions == live.actions == len(await owner.store.actions_of(live.id))
        assert followed.actions == before + 1  # taken once, by the old owner

    on_a_table(tmp_path, "draw", {})(body)
