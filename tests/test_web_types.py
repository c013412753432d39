"""The page's declarations of the server's JSON (static/js/types/) are what
scripts/protocol_types.mjs makes from docs/protocol.schema.json and docs/analysis.schema.json
now: a change to a schema without ``npm run types`` fails here, as a change to the server's
frames without scripts/regen_golden fails tests/test_records.py."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPES = ROOT / "src" / "chickenfoot" / "server" / "static" / "js" / "types"


def test_the_declarations_are_what_the_schemas_give() -> None:
    node = shutil.which("node")
    assert node is not None, "the web page's tests need Node (scripts/setup says how)"
    assert (ROOT / "node_modules").is_dir(), "run scripts/setup (it installs node_modules)"
    done = subprocess.run(
        [node, "scripts/protocol_types.mjs", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_the_declarations_name_every_frame_of_the_socket() -> None:
    declared = (TYPES / "protocol.d.ts").read_text(encoding="utf-8")
    events = ("RoundEntry", "ActionEntry", "RoundEndEntry", "MatchEndEntry")
    for name in ("ClientFrame", "ServerFrame", "Snapshot", "EventFrame", *events, "Public"):
        assert f"export type {name} " in declared or f"export interface {name} " in declared
    assert "export interface Analysis " in (TYPES / "analysis.d.ts").read_text(encoding="utf-8")
