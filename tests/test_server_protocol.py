"""The server's JSON API and game socket, in process (Starlette's test client): docs/protocol.md
point by point."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from chickenfoot.core import games
from chickenfoot.core.rules import PRESETS
from chickenfoot.core.wire import Snapshot
from chickenfoot.howto.refusals import (
    said_to_you,
    section_of,
    tile_refusal,
    turn_refusal,
    with_names,
)
from chickenfoot.i18n import translation
from chickenfoot.server import frames
from chickenfoot.server.app import FRAME_BURST, FRAME_LIMIT
from chickenfoot.server.store import Store
from tests.hub_helpers import seed_drawn
from tests.server_helpers import (
    check_frame,
    client_socket,
    client_tokens,
    hidden_tiles,
    leaked,
    make_client,
)

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def new_table(
    client: TestClient, seats: list[dict[str, str]], seed: int = 11, **more: Any
) -> dict[str, Any]:
    """A table dealt from ``seed``, drawn by the server (no practice table)."""
    body = {"seats": seats, "length": "single", **more}
    with seed_drawn(seed):
        response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def play_out(ws: Any, seat: int | None) -> list[tuple[int, dict[str, Any]]]:
    """Read frames until the match ends, playing the first legal action whenever asked;
    every frame with the version it was seen at."""
    seen = []
    version = 0
    while True:
        frame = check_frame(ws.receive_text())
        version = frame.get("version", version)
        seen.append((version, frame))
        if frame.get("legal"):
            ws.send_json({"type": "act", "action": frame["legal"][0]})
        if frame["type"] == "event" and frame["event"]["kind"] == "match-end":
            return seen


def test_a_person_plays_a_round_against_three_bots_and_downloads_the_record(
    client: TestClient,
) -> None:
    made = new_table(
        client, [{"human": "Ann"}, {"bot": "easy"}, {"bot": "medium"}, {"bot": "beginner"}], sit=0
    )
    table = made["table"]
    assert [s["seat"] for s in made["seats"]] == [0]
    token = made["seats"][0]["token"]
    assert "invite" not in made["seats"][0]
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    with client_socket(client, table, token) as ws:
        seen = play_out(ws, 0)
    assert seen[0][1]["type"] == "snapshot"
    assert seen[0][1]["view"]["hand"]
    kinds = {f["event"]["kind"] for _, f in seen if f["type"] == "event"}
    assert {"action", "round-end", "match-end"} <= kinds
    response = client.get(f"/api/tables/{table}/record")
    assert response.status_code == 200
    record = response.json()
    match = games.check(record)
    assert match.is_over
    assert client.get(f"/api/tables/{table}").json()["status"] == "over"
    hidden = hidden_tiles(record)
    assert all(not leaked(f, v, 0, hidden) for v, f in seen)


def test_the_table_waits_for_every_person_then_deals(client: TestClient) -> None:
    made = new_table(client, [{"human": "Ann"}, {"human": "Bo"}, {"bot": "easy"}])
    table = made["table"]
    ann, bo = client_tokens(client, made).values()
    assert client.get(f"/api/tables/{table}").json()["status"] == "waiting"
    with client_socket(client, table, ann) as ws_ann:
        lobby = check_frame(ws_ann.receive_text())
        assert lobby["type"] == "lobby"
        assert [s["joined"] for s in lobby["seats"]] == [True, False, True]
        with client_socket(client, table, bo) as ws_bo:
            first_ann = check_frame(ws_ann.receive_text())
            first_bo = check_frame(ws_bo.receive_text())
            assert first_ann["type"] == first_bo["type"] == "snapshot"
            assert first_ann["view"]["hand"] != first_bo["view"]["hand"]
            both = two_play_out(ws_ann, ws_bo, first_ann, first_bo)
    record = client.get(f"/api/tables/{table}/record").json()
    hidden = hidden_tiles(record)
    for seat, seen in enumerate(both):
        assert all(not leaked(f, v, seat, hidden) for v, f in seen)


def two_play_out(ws0: Any, ws1: Any, f0: dict[str, Any], f1: dict[str, Any]) -> list[Any]:
    """Two people at one table: every event reaches both, in the same order."""
    seen: list[list[tuple[int, dict[str, Any]]]] = [[], []]
    while True:
        for seat, (ws, frame) in enumerate(((ws0, f0), (ws1, f1))):
            seen[seat].append((frame["version"], frame))
            if frame.get("legal"):
                ws.send_json({"type": "act", "action": frame["legal"][0]})
        assert f0["version"] == f1["version"]
        if f0["type"] == "event" and f0["event"]["kind"] == "match-end":
            return seen
        f0, f1 = check_frame(ws0.receive_text()), check_frame(ws1.receive_text())


def test_a_spectator_sees_the_board_and_no_hand_and_cannot_act(client: TestClient) -> None:
    made = new_table(client, [{"bot": "easy"}, {"bot": "medium"}, {"bot": "easy"}])
    with client_socket(client, made["table"]) as ws:
        snapshot = check_frame(ws.receive_text())
        assert snapshot["type"] == "snapshot"
        assert snapshot["view"]["hand"] is None
        assert snapshot["view"]["viewer"] is None
        ws.send_json({"type": "act", "action": {"draw": True}})
        while (frame := check_frame(ws.receive_text()))["type"] != "error":
            pass
        assert frame["code"] == "spectator-acts"


def refusals(client: TestClient, texts: list[str]) -> list[dict[str, Any]]:
    """Send each text to seat 0 of a fresh table against bots; the error frames."""
    made = new_table(client, [{"human": "Ann"}, {"bot": "easy"}])
    token = client_tokens(client, made)[0]
    with client_socket(client, made["table"], token) as ws:
        snapshot = check_frame(ws.receive_text())
        errors = []
        for text in texts:
            ws.send_text(text)
            errors.append(check_frame(ws.receive_text()))
        ws.send_json({"type": "sync", "since": 0})
        replayed = [check_frame(ws.receive_text()) for _ in range(snapshot["version"])]
    assert [f["version"] for f in replayed] == list(range(1, snapshot["version"] + 1))
    return errors


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad-frame"),
        ('{"type": "dance"}', "bad-frame"),
        ('{"type": "act"}', "bad-frame"),
        ('{"type": "act", "action": {"play": "9-9", "on": 0}, "extra": 1}', "bad-frame"),
        ('{"type": "act", "action": {"castle": true}}', "bad-action"),
        ('{"type": "act", "action": {"play": "99-1", "on": 0}}', "bad-action"),
        ('{"type": "act", "action": {"play": "0-0", "on": 77}}', "not-held"),
        ('{"type": "sync", "since": -1}', "bad-frame"),
        ("[" * 10, "bad-frame"),
    ],
)
def test_a_malformed_or_illegal_frame_is_answered_with_an_error_and_changes_nothing(
    client: TestClient, text: str, code: str
) -> None:
    (error,) = refusals(client, [text])
    assert error["type"] == "error"
    assert error["code"] == code
    assert error["message"]


def test_acting_out_of_turn_is_refused(client: TestClient) -> None:
    made = new_table(client, [{"human": "Ann"}, {"human": "Bo"}], seed=5)
    ann, bo = client_tokens(client, made).values()
    with client_socket(client, made["table"], ann) as ws_ann:
        check_frame(ws_ann.receive_text())
        with client_socket(client, made["table"], bo) as ws_bo:
            frames_ = [check_frame(ws.receive_text()) for ws in (ws_ann, ws_bo)]
            turn = frames_[0]["view"]["public"]["turn"]
            idle = (ws_ann, ws_bo)[1 - turn]
            legal = frames_[turn]["legal"][0]
            idle.send_json({"type": "act", "action": legal})
            error = check_frame(idle.receive_text())
            assert error["code"] == "not-your-turn"
            idle.send_json({"type": "sync", "since": frames_[0]["version"]})
            idle.send_json({"type": "hint"})
            assert check_frame(idle.receive_text())["code"] == "no-hint-now"


def test_a_hint_comes_from_the_seats_own_view(client: TestClient) -> None:
    made = new_table(client, [{"human": "Ann"}, {"bot": "easy"}], seed=3)
    token = client_tokens(client, made)[0]
    with client_socket(client, made["table"], token) as ws:
        frame = check_frame(ws.receive_text())
        while not frame.get("legal"):
            frame = check_frame(ws.receive_text())
        ws.send_json({"type": "hint"})
        hint = check_frame(ws.receive_text())
    assert hint["type"] == "hint"
    assert hint["hint"]["action"] in frame["legal"]
    assert hint["hint"]["text"]


def test_a_frame_too_large_and_too_many_frames_are_refused(client: TestClient) -> None:
    too_large = json.dumps({"type": "sync", "since": 0, "pad": "x" * FRAME_LIMIT})
    (error,) = refusals(client, [too_large])
    assert error["code"] == "frame-too-large"
    made = new_table(client, [{"human": "Ann"}, {"bot": "easy"}])
    token = client_tokens(client, made)[0]
    with client_socket(client, made["table"], token) as ws:
        check_frame(ws.receive_text())
        for _ in range(FRAME_BURST + 5):
            ws.send_text('{"type": "hint", "x": 1}')
        codes = [check_frame(ws.receive_text())["code"] for _ in range(FRAME_BURST + 5)]
    assert codes.count("bad-frame") <= FRAME_BURST
    assert "too-many-frames" in codes


def test_a_wrong_token_or_table_is_refused_and_closed(client: TestClient) -> None:
    made = new_table(client, [{"human": "Ann"}, {"bot": "easy"}])
    with client_socket(client, made["table"], "guess") as ws:
        assert check_frame(ws.receive_text())["code"] == "bad-token"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_text()
    with client_socket(client, "nothing") as ws:
        assert check_frame(ws.receive_text())["code"] == "no-such-table"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"seats": [{"human": "Ann"}]}, "bad-request"),
        ({"seats": [{"human": "Ann"}, {"bot": "nobody"}]}, "unknown-bot"),
        ({"seats": [{"human": "Ann"}, {"human": "bot:x"}]}, "name-reserved"),
        ({"seats": [{"human": "Ann", "bot": "easy"}, {"bot": "easy"}]}, "bad-request"),
        ({"seats": [{"human": "Ann"}, {"bot": "easy"}], "game": "chess"}, "unknown-game"),
        ({"seats": [{"human": "Ann"}, {"bot": "easy"}], "preset": "x"}, "unknown-preset"),
        ({"seats": [{"human": "Ann"}, {"bot": "easy"}], "options": {"no": 1}}, "unknown-option"),
        ({"seats": [{"bot": "easy"}] * 5, "game": "block"}, "option-at-most"),
    ],
)
def test_a_table_the_rules_refuse_is_a_400_with_a_code(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_refusals_are_said_in_the_language_asked(client: TestClient) -> None:
    body = {"seats": [{"human": "Ann"}, {"human": "bot:x"}]}
    english = client.post("/api/tables", json=body).json()["message"]
    norwegian = client.post("/api/tables?lang=nb", json=body).json()["message"]
    italian = client.post("/api/tables", json=body, headers={"Accept-Language": "it-IT"})
    assert english != norwegian
    assert italian.json()["message"] not in (english, norwegian)


def test_tables_per_address_are_limited(tmp_path: Path) -> None:
    with make_client(tmp_path, tables_per_address=2) as client:
        body = {"seats": [{"human": "Ann"}, {"bot": "easy"}]}
        assert [client.post("/api/tables", json=body).status_code for _ in range(3)] == [
            201,
            201,
            429,
        ]


def test_the_lists_and_the_meta(client: TestClient) -> None:
    made = new_table(client, [{"human": "Ann"}, {"bot": "easy"}])
    listed = client.get("/api/tables").json()
    assert [t["table"] for t in listed["open"]] == [made["table"]]
    meta = client.get("/api/meta").json()
    assert meta["games"] == list(games.GAMES)
    assert [level["name"] for level in meta["levels"]] == [
        "beginner",
        "easy",
        "medium",
        "hard",
        "expert",
    ]
    assert meta["languages"] == ["en", "nb", "it", "nl", "sv"]


def test_the_meta_says_what_each_game_chooses_so_the_page_need_not_know_the_games(
    client: TestClient,
) -> None:
    meta = client.get("/api/meta").json()
    assert meta["choices"]["chickenfoot"] == {"preset": True, "length": True}
    assert meta["players"]["chickenfoot"] == [2, 8]
    assert meta["nouns"]["chickenfoot"] == "round"
    assert meta["layouts"]["chickenfoot"] == "feet"
    for game in ("draw", "block", "all-fives", "bergen"):
        assert meta["choices"][game] == {"preset": False, "length": False}
        assert meta["players"][game] == [2, 4]
        assert meta["nouns"][game] == "hand"
        assert meta["layouts"][game] == "line"


def test_the_presets_are_summed_up_from_their_rules_in_the_pages_language(
    client: TestClient,
) -> None:
    def summaries(lang: str) -> dict[str, str]:
        meta = client.get(f"/api/meta?lang={lang}").json()
        return {preset["name"]: preset["summary"] for preset in meta["presets"]}

    english, norwegian = summaries("en"), summaries("nb")
    assert list(english) == list(PRESETS)
    assert "one toe per player on the centre" in english["reeves"]
    assert "toes on the centre" not in english["reeves"].replace("one toe per player", "")
    assert "tiles each: 21 with 2 players" in english["reeves"]
    assert "6 toes on the centre" in english["classic"]
    assert "4 toes on the centre" in english["spruce"]
    assert "going out on a double costs 50" in english["wikipedia"]
    assert "én tå per spiller på midten" in norwegian["reeves"].lower()
    assert all(norwegian[name] != english[name] for name in PRESETS)


def test_the_page_names_each_preset_and_says_what_it_is_in_its_language(
    client: TestClient,
) -> None:
    meta = client.get("/api/meta?lang=nb").json()
    origins = {preset["name"]: preset["origin"] for preset in meta["presets"]}
    assert origins["classic"].startswith("Reglene i den norske og italienske Chicken Foot-appen")
    assert origins["wikipedia"] == "Den svenske Wikipedia-artikkelen om Chicken Foot."
    english = client.get("/api/meta?lang=en").json()["presets"]
    assert english[0]["origin"].startswith("The rules of the Norwegian and Italian")
    names = client.get("/static/i18n/nb.json").json()
    assert [names[f"preset.{name}"] for name in PRESETS] == [
        "Klassisk",
        "The Spruce",
        "Wikipedia",
        "Reeves",
    ]


def test_the_replay_of_a_record_gives_the_log_and_each_rounds_deal(client: TestClient) -> None:
    made = new_table(client, [{"bot": "easy"}, {"bot": "medium"}, {"bot": "easy"}])
    with client_socket(client, made["table"]) as ws:
        while (f := check_frame(ws.receive_text()))["type"] != "event" or f["event"][
            "kind"
        ] != "match-end":
            pass
    record = client.get(f"/api/tables/{made['table']}/record").json()
    replay = client.post("/api/replay", json=record).json()
    assert len(replay["dealt"]) == len(record["rounds"])
    first_round = record["rounds"][0]
    assert replay["dealt"][0] == [sorted(h, key=_order) for h in first_round["hands"]]
    assert replay["entries"][0]["kind"] == "round"
    broken = client.post("/api/replay", content=b"{", headers=JSON).json()
    assert broken["code"] == "bad-request"


def _order(tile: str) -> tuple[int, int]:
    high, low = tile.split("-")
    return int(high), int(low)


def test_the_schema_names_every_frame() -> None:
    schema = frames.schema()
    names = set(schema["$defs"])
    assert {"Act", "Sync", "AskHint", "Lobby", "SnapshotFrame", "EventFrame"} <= names
    event = schema["$defs"]["EventFrame"]["properties"]["event"]
    kinds = {"round": "RoundEntry", "action": "ActionEntry"}
    kinds |= {"round-end": "RoundEndEntry", "match-end": "MatchEndEntry"}
    assert event["discriminator"]["mapping"] == {k: f"#/$defs/{n}" for k, n in kinds.items()}
    assert set(kinds.values()) <= names


def test_a_player_gone_longer_than_away_is_played_by_a_bot(tmp_path: Path) -> None:
    with make_client(tmp_path, away=0.05) as client:
        made = new_table(client, [{"human": "Ann"}, {"bot": "easy"}], seed=8)
        table, token = made["table"], client_tokens(client, made)[0]
        with client_socket(client, table, token) as ws:
            assert check_frame(ws.receive_text())["type"] == "snapshot"
        with client_socket(client, table) as spectator:
            while (frame := check_frame(spectator.receive_text()))["type"] != "event" or frame[
                "event"
            ]["kind"] != "match-end":
                pass
        record = client.get(f"/api/tables/{table}/record").json()
    assert any(a["seat"] == 0 for a in record["rounds"][0]["actions"])
    assert games.check(record).is_over


def test_the_collector_sets_survivors_aside_and_walks_everything_now_and_then() -> None:
    import asyncio
    import gc
    import warnings

    from chickenfoot.server.collector import YOUNG, keep_pauses_short

    with warnings.catch_warnings():  # what earlier tests in this process left is theirs
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    counts: list[int] = []
    thresholds: list[tuple[int, ...]] = []
    kept = gc.get_threshold()  # the test processes' own (tests/conftest.py)
    gc.set_threshold(700, 10, 10)  # the interpreter's
    before = gc.get_threshold()

    async def watch() -> None:
        task = asyncio.create_task(keep_pauses_short(freeze_every=0.01, full_every=0.03))
        for _ in range(8):
            await asyncio.sleep(0.005)
            counts.append(gc.get_freeze_count())
            thresholds.append(gc.get_threshold())
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    try:
        asyncio.run(watch())
        assert max(counts) > 0
        assert gc.get_freeze_count() == 0
        assert set(thresholds) == {(YOUNG, *before[1:])}  # the young collected more seldom
        assert gc.get_threshold() == before  # and as before once the server stops
    finally:
        gc.set_threshold(*kept)


@pytest.mark.parametrize("held", ["before", "after"])
def test_a_table_is_said_over_only_once_its_last_action_is_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: str
) -> None:
    """The last commit held back for a second, before it is made or after (the action not yet
    applied here): said ``playing`` with no winners until it is made, then ``over``."""
    stored = Store.add_action

    async def slow_last(self: Store, *args: Any, **kwargs: Any) -> Any:
        last = kwargs.get("record", args[4] if len(args) > 4 else None) is not None
        if last and held == "before":
            await asyncio.sleep(1.0)  # the last commit takes a while
        done = await stored(self, *args, **kwargs)
        if last and held == "after":
            await asyncio.sleep(1.0)  # made, but the hub hears of it late
        return done

    monkeypatch.setattr(Store, "add_action", slow_last)
    with make_client(tmp_path) as client:
        made = new_table(client, [{"bot": "easy"}, {"bot": "medium"}], seed=17)
        seen = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            summary = client.get(f"/api/tables/{made['table']}").json()
            seen.append((summary["status"], summary["winners"]))
            if summary["status"] == "over":
                break
            time.sleep(0.02)
    assert seen[-1][0] == "over" and seen[-1][1], seen[-1]
    assert all(winners is None for status, winners in seen if status != "over")
    if held == "before":
        assert len(seen) > 10  # polled through the held-back commit, said "playing" all along


def test_an_action_sent_again_at_the_same_version_is_refused_as_stale(client: TestClient) -> None:
    """Ann's frame, sent twice with the version she chose at: taken once, then ``stale``."""
    made = new_table(client, [{"human": "Ann"}, {"human": "Bo"}], seed=5)
    ann, bo = client_tokens(client, made).values()
    with client_socket(client, made["table"], ann) as ws_ann:
        check_frame(ws_ann.receive_text())
        with client_socket(client, made["table"], bo) as ws_bo:
            frames_ = [check_frame(ws.receive_text()) for ws in (ws_ann, ws_bo)]
            turn = frames_[0]["view"]["public"]["turn"]
            ws = (ws_ann, ws_bo)[turn]
            version = frames_[turn]["version"]
            act = {"type": "act", "action": frames_[turn]["legal"][0], "expect": version}
            ws.send_json(act)
            taken = check_frame(ws.receive_text())
            ws.send_json(act)
            refused = check_frame(ws.receive_text())
            ws.send_json({"type": "hint"})  # answered after anything the resend made
            after = check_frame(ws.receive_text())
            other = check_frame((ws_ann, ws_bo)[1 - turn].receive_text())
    assert (taken["type"], taken["version"]) == ("event", version + 1)
    assert refused["type"] == "error" and refused["code"] == "stale"
    assert after["type"] == "error" and after["code"] == "no-hint-now"  # no second event
    assert (other["type"], other["version"]) == ("event", version + 1)


def answer_to(ws: Any, kind: str) -> dict[str, Any]:
    """The next frame of type ``kind`` (what the table says meanwhile passed over)."""
    while (frame := check_frame(ws.receive_text()))["type"] != kind:
        pass
    return frame


def test_why_a_move_is_refused_is_said_from_the_seats_own_view_as_the_terminal_says_it(
    client: TestClient,
) -> None:
    made = new_table(client, [{"human": "Ann"}, {"bot": "easy"}], seed=3)
    token = client_tokens(client, made)[0]
    for lang in ("en", "nb"):
        with client_socket(client, made["table"], token, f"?lang={lang}") as ws:
            frame = check_frame(ws.receive_text())
            while not frame.get("legal"):
                frame = check_frame(ws.receive_text())
            view = msgspec.convert(frame["view"], Snapshot)
            plays = {a["play"] for a in frame["legal"] if "play" in a}
            stuck = [tile for tile in view.hand or [] if tile not in plays]
            assert stuck, "every tile of the hand fits: nothing to ask about"
            asked = [*stuck[:2], "draw", "pass", "0-0" if "0-0" not in (view.hand or []) else "9-9"]
            catalogue = translation(lang)
            tiles = {p.id: p.tile for p in view.board}
            codes = set()
            for move in asked:
                ws.send_json({"type": "why", "move": move})
                told = answer_to(ws, "why")
                refusal = (
                    turn_refusal(view, move)
                    if move in ("draw", "pass")
                    else tile_refusal(view, move)
                )
                words = said_to_you(with_names(refusal, tiles, view.players.__getitem__), catalogue)
                assert told == {
                    "type": "why",
                    "move": move,
                    "code": refusal.code,
                    "text": words,
                    "section": section_of(refusal),
                    "title": told["title"],
                }, move
                assert (told["title"] is None) == (told["section"] is None)
                codes.add(told["code"])
            assert {"not-held", "must-play"} <= codes
            assert codes & {"not-legal-now", "fits-nowhere", "place-centre-first", "foot-waiting"}
            ws.send_json({"type": "why", "move": "nine-four"})
            assert answer_to(ws, "error")["code"] == "bad-frame"


def test_a_spectator_asking_why_is_told_it_holds_no_tile(client: TestClient) -> None:
    made = new_table(client, [{"bot": "easy"}, {"bot": "easy"}], seed=3)
    with client_socket(client, made["table"]) as ws:
        frame = check_frame(ws.receive_text())
        while frame["type"] != "snapshot":
            frame = check_frame(ws.receive_text())
        ws.send_json({"type": "why", "move": "6-6"})
        told = answer_to(ws, "why")
    assert (told["code"], told["section"]) == ("not-held", None)


def test_a_socket_closed_while_its_chat_is_read_lets_the_read_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A query cancelled in SQLite's driver leaves its connection to be closed at the end of
    the server's loop, which then waited for that close forever: the chat read for a new
    socket is never cut short, and the server stops."""
    reads: list[str] = []
    read_chat = Store.chat_of

    async def slow_chat_of(store: Store, table_id: str, count: int) -> Any:
        try:
            await asyncio.sleep(0.3)
            found = await read_chat(store, table_id, count)
        except asyncio.CancelledError:
            reads.append("cancelled")
            raise
        reads.append("read")
        return found

    monkeypatch.setattr(Store, "chat_of", slow_chat_of)
    with make_client(tmp_path) as client:
        made = new_table(client, [{"human": "Ann"}, {"bot": "easy"}])
        token = client_tokens(client, made)[0]
        with client_socket(client, made["table"], token) as ws:
            check_frame(ws.receive_text())
        deadline = time.monotonic() + 10
        while not reads and time.monotonic() < deadline:
            time.sleep(0.02)
    assert reads == ["read"]
