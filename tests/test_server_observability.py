"""What a server process tells those who run it: Prometheus metrics at ``/metrics`` that move
with the play over real sockets, and a log of one JSON object per line
(``--log-format json``)."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from chickenfoot.server.logs import JsonFormatter, TextFormatter
from tests.server_helpers import CHICKENFOOT, Server, check_frame


def samples(metrics: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape: (name, labels) -> value."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(metrics)
        for sample in family.samples
    }


async def play_and_err(server: Server, table: str, token: str) -> tuple[int, str]:
    """Ann plays three turns against the bot, then sends an action the rules refuse; the
    actions the table accepted meanwhile (hers and the bot's), and the refusal's code."""
    async with server.socket(table, token) as ws:
        actions = 0
        turns = 0
        while True:
            frame = check_frame(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] == "event" and frame["event"]["kind"] == "action":
                actions += 1
            if not frame.get("legal"):
                continue
            if turns == 3:
                break
            await ws.send(json.dumps({"type": "act", "action": frame["legal"][0]}))
            turns += 1
        await ws.send(json.dumps({"type": "act", "action": {"play": "0-0", "on": 999}}))
        refused = check_frame(await asyncio.wait_for(ws.recv(), 30))
    assert refused["type"] == "error"
    return actions, refused["code"]


def test_metrics_and_json_log_follow_the_play(tmp_path: Path) -> None:
    server = Server(tmp_path, options=["--log-format", "json"])
    try:
        before = samples(server.text("/metrics"))
        body = {"seats": [{"human": "Ann"}, {"bot": "easy"}], "length": "single", "seed": 9}
        made = server.post("/api/tables", body)
        table = made["table"]
        actions, code = asyncio.run(play_and_err(server, table, server.tokens(made)[0]))
        after = samples(server.text("/metrics"))
    finally:
        server.stop()
    assert before[("chickenfoot_actions_total", ())] == 0
    assert before[("chickenfoot_live_tables", ())] == 0
    assert actions >= 3
    assert after[("chickenfoot_actions_total", ())] == actions
    assert after[("chickenfoot_action_broadcast_seconds_count", ())] == actions
    assert 0 < after[("chickenfoot_action_broadcast_seconds_sum", ())] < actions
    assert after[("chickenfoot_errors_total", (("code", code),))] == 1
    assert after[("chickenfoot_live_tables", ())] == 1

    lines = [json.loads(line) for line in server.log_path.read_text().splitlines()]
    assert lines, "the server logged nothing"
    for line in lines:
        assert {"time", "level", "event"} <= line.keys()
        assert line["time"].endswith("Z")
    events = {line["event"]: line for line in lines}
    assert events["serving"]["level"] == "info"
    assert events["table-created"]["table"] == table
    assert events["table-created"]["seats"] == 2


def test_the_text_log_is_one_line_per_event_with_its_fields() -> None:
    record = logging.LogRecord("chickenfoot.server", logging.WARNING, "", 0, "x", None, None)
    record.chickenfoot_fields = {"table": "T1", "reason": "gone"}
    text = TextFormatter().format(record)
    assert text.split(" ", 1)[1] == "warning x table=T1 reason=gone"
    assert json.loads(JsonFormatter().format(record)) == {
        "time": text.split(" ", 1)[0],
        "level": "warning",
        "event": "x",
        "table": "T1",
        "reason": "gone",
    }


def test_an_unknown_log_format_is_refused_in_one_line() -> None:
    done = subprocess.run(
        [str(CHICKENFOOT), "serve", "--log-format", "xml"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "--log-format" in done.stderr and "'xml'" in done.stderr
    assert "Traceback" not in done.stderr
