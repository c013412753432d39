"""``POST /api/replay``: an answer in proportion to the record, from which the replay page
steps every hand as the engine does; records bounded in size, replays in number at once."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import msgspec
import pytest

from chickenfoot.core import games
from chickenfoot.core.rules import PRESETS
from chickenfoot.core.table import Table
from chickenfoot.server.app import RECORD_REQUEST_LIMIT, REPLAYS_AT_ONCE, replay_json
from tests.server_helpers import Server, serving
from tests.test_server_guard import post_json
from tests.test_web_ports import RECORDS

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "replay")


def golden(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return record


def random_match(preset: str, players: int, seed: int) -> dict[str, Any]:
    """A full match of uniformly random legal actions: they draw and pass more than any bot
    does, so their records are the longest."""
    rng = Random(seed)
    rules = PRESETS[preset].with_options(length="full")
    match = games.new_match([f"player {s + 1}" for s in range(players)], rules, seed)
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            match.apply(rng.choice(state.legal_actions()))
    return games.to_record(match)


def stepped_by_the_page(answers: list[Any]) -> list[list[list[list[str]]]]:
    node = shutil.which("node")
    assert node is not None, "the web page's tests need Node (scripts/setup says how)"
    done = subprocess.run(
        [node, str(ROOT / "tests" / "js" / "replayed.mjs")],
        input=msgspec.json.encode(answers),
        capture_output=True,
        check=True,
        cwd=ROOT,
    )
    stepped: list[list[list[list[str]]]] = json.loads(done.stdout)
    return stepped


def test_the_page_steps_every_hand_at_every_version_as_the_engine_holds_it() -> None:
    records = [golden(name) for name in RECORDS]
    answers = [json.loads(replay_json(record)) for record in records]
    for record, answer, hands in zip(records, answers, stepped_by_the_page(answers), strict=True):
        _, held = Table.with_hands(record)
        assert hands == [[[str(t) for t in hand] for hand in at] for at in held]
        assert len(hands) == len(answer["entries"]) + 1


def test_a_draw_names_its_tile_and_otherwise_the_entries_are_the_spectators() -> None:
    record = golden("4p-half-greedy")
    answer = json.loads(replay_json(record))
    table, _ = Table.with_hands(record)
    seen = [msgspec.to_builtins(e) for e in table.entries(0, None)]
    draws = [a["draw"] for r in record["rounds"] for a in r["actions"] if "draw" in a]
    named = [e["drawn"] for e in answer["entries"] if "draw" in e.get("action", {})]
    assert named == draws and draws
    assert [{**e, "drawn": None} if e["kind"] == "action" else e for e in answer["entries"]] == seen
    assert len(answer["dealt"]) == len(record["rounds"])


def test_the_answer_grows_with_the_record_not_with_its_versions_times_its_hands() -> None:
    record = random_match("wikipedia", 12, 3)
    text = json.dumps(record)
    answer = replay_json(record)
    _, held = Table.with_hands(record)
    every_hand = len(json.dumps([[[str(t) for t in h] for h in at] for at in held]))
    assert len(answer) < 12 * len(text)
    assert len(json.dumps(json.loads(answer)["dealt"])) < every_hand / 50


def test_the_largest_legal_record_is_well_within_the_limit() -> None:
    largest = max(
        (random_match("wikipedia", 12, seed) for seed in range(3)), key=lambda r: len(json.dumps(r))
    )
    assert 4 * len(json.dumps(largest, indent=2)) < RECORD_REQUEST_LIMIT


def test_a_record_larger_than_the_limit_is_refused_with_a_code(server: Server) -> None:
    status, body = post_json(server, "/api/replay", b" " * RECORD_REQUEST_LIMIT + b"{}")
    assert (status, body["code"]) == (413, "frame-too-large")
    assert f"{RECORD_REQUEST_LIMIT}" in body["message"]
    indented = json.dumps(golden("3p-full-greedy-random"), indent=4).encode()
    status, body = post_json(server, "/api/replay", indented)
    assert status == 200, body
    assert body["players"] == golden("3p-full-greedy-random")["players"]


def test_replays_past_the_limit_at_once_are_refused_until_one_ends(server: Server) -> None:
    record = json.dumps(golden("2p-single-random")).encode()
    held = []
    for _ in range(REPLAYS_AT_ONCE):  # each sends half its record and waits
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        sock.sendall(
            b"POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(record)}\r\n\r\n".encode()
            + record[: len(record) // 2]
        )
        held.append(sock)
    try:
        status, body = post_json(server, "/api/replay", record)
        assert (status, body["code"]) == (429, "too-many-replays")
        assert str(REPLAYS_AT_ONCE) in body["message"]
        held[0].sendall(record[len(record) // 2 :])
        assert held[0].recv(100).startswith(b"HTTP/1.1 200")
        status, body = post_json(server, "/api/replay", record)
        assert status == 200, body
    finally:
        for sock in held:
            sock.close()
