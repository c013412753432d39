"""Bots in any language (docs/BOT-PROTOCOL.md): a program that reads a view per line and
answers an action per line plays whole matches; one that crashes, hangs, answers garbage or
an illegal action is stopped, said with its last words, and the table goes on."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from chickenfoot.arena import forfeit_shares
from chickenfoot.core.games import check, make_rules, to_record
from chickenfoot.play import play_arena_match

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "bots" / "heavy.js"
CHICKENFOOT = [sys.executable, "-m", "chickenfoot"]

MISBEHAVING = """\
import json, sys, time
mode = sys.argv[1]
turns = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "turn":
        continue
    turns += 1
    if turns < 2:
        print(json.dumps(message["view"]["legal"][0]), flush=True)
        continue
    print(f"giving up: {mode}", file=sys.stderr, flush=True)
    if mode == "crash":
        sys.exit(3)
    if mode == "hang":
        time.sleep(60)
    if mode == "garbage":
        print("hello there", flush=True)
    if mode == "illegal":
        print(json.dumps({"play": "0-0", "on": 999}), flush=True)
"""


@pytest.fixture
def misbehaving(tmp_path: Path) -> str:
    """The command of a program that answers its first turn, then misbehaves as told."""
    script = tmp_path / "misbehaving.py"
    script.write_text(MISBEHAVING)
    return f"cmd:{sys.executable} {script}"


def arena(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CHICKENFOOT, "arena", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


@pytest.mark.skipif(shutil.which("node") is None, reason="the sample bot runs on Node.js")
def test_the_sample_program_plays_a_whole_arena_on_two_workers(tmp_path: Path) -> None:
    report, records = tmp_path / "arena.json", tmp_path / "records"
    lineup = "cmd:examples/bots/heavy.js,greedy,random"
    done = arena("--bots", lineup, "-m", "3", "--workers", "2", "--json", str(report),
                 "--records", str(records))  # fmt: skip
    assert done.returncode == 0, done.stderr
    result = json.loads(report.read_text())
    assert [b["bot"] for b in result["bots"]] == lineup.split(",")
    assert result["forfeits"] == [] and result["bots"][0]["moves"] > 30
    record = json.loads((records / "1.json").read_text())
    assert record["players"][0] == "bot:cmd:examples/bots/heavy.js"
    assert check(record).is_over


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", "stopped without an answer (exit code 3)"),
        ("hang", "gave no answer within 0.5 s"),
        ("garbage", "answered 'hello there', which is not an action"),
        ("illegal", 'answered \'{"play": "0-0", "on": 999}\', which is not a legal action now'),
    ],
)
def test_a_program_that_fails_is_stopped_and_a_stand_in_finishes_the_match(
    misbehaving: str, mode: str, reason: str
) -> None:
    rules = make_rules("chickenfoot", 3, "classic", {"length": "single"})
    played = play_arena_match([f"{misbehaving} {mode}", "greedy", "random"], rules, 5, None, 0.5)
    assert played.match.is_over and check(to_record(played.match)).is_over
    (forfeit,) = played.forfeits
    assert (forfeit.seat, forfeit.round) == (0, 1)
    assert forfeit.reason.startswith(reason)
    assert forfeit.last_words == f"giving up: {mode}"
    assert len(played.seconds[0]) > 2  # the stand-in went on playing the seat


def test_the_arena_reports_a_forfeit_with_the_programs_last_words(
    misbehaving: str, tmp_path: Path
) -> None:
    report = tmp_path / "arena.json"
    lineup = f"{misbehaving} garbage,greedy"
    done = arena("--bots", lineup, "-m", "2", "--workers", "1", "--length", "single",
                 "--json", str(report))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "forfeits" in done.stdout and "giving up: garbage" in done.stdout
    result = json.loads(report.read_text())
    program, greedy = result["bots"]
    assert (program["forfeits"], program["match_wins"]) == (2, 0)
    assert (greedy["forfeits"], greedy["match_wins"]) == (0, 2)
    assert [f["match"] for f in result["forfeits"]] == [1, 2]
    assert result["forfeits"][0]["last_words"] == "giving up: garbage"


def test_a_forfeited_match_is_lost_and_the_others_share_the_win() -> None:
    assert forfeit_shares([10, 40, 40], {0}) == [0, Fraction(1, 2), Fraction(1, 2)]
    assert forfeit_shares([10, 40, 30], set()) == [1, 0, 0]
    assert forfeit_shares([10, 40], {0, 1}) == [1, 0]  # everybody forfeited: as played


def test_a_missing_or_unrunnable_program_is_said_before_anything_is_played(
    tmp_path: Path,
) -> None:
    missing = arena("--bots", "cmd:./no-such-bot --fast,random", "-m", "2")
    assert missing.returncode == 2
    assert "cmd:./no-such-bot --fast: there is no program ./no-such-bot" in missing.stderr
    assert "Traceback" not in missing.stderr
    script = tmp_path / "bot.sh"
    script.write_text("#!/bin/sh\n")
    unrunnable = arena("--bots", "cmd:./bot.sh,random", "-m", "2", cwd=tmp_path)
    assert unrunnable.returncode == 2 and "is not executable" in unrunnable.stderr
    nothing = arena("--bots", "cmd:,random", "-m", "2")
    assert nothing.returncode == 2 and "name the program to run after cmd:" in nothing.stderr
    play = [*CHICKENFOOT, "play", "--plain", "--data", str(tmp_path), "--bots", "cmd:./nope"]
    at_the_table = subprocess.run(play, capture_output=True, text=True, timeout=60, input="")
    assert at_the_table.returncode == 2
    assert "cmd:./nope: there is no program ./nope" in at_the_table.stderr


def test_a_program_takes_a_seat_at_the_terminal_but_never_from_a_resumed_record(
    misbehaving: str, tmp_path: Path
) -> None:
    from chickenfoot.terminal.session import SeatSpec, Session, SessionError

    rules = make_rules("chickenfoot", 2, "classic", {"length": "single"})
    seats = [SeatSpec("Ann"), SeatSpec("", f"{misbehaving} garbage")]
    session = Session.new(seats, rules, 4, tmp_path)
    while session.table.turn == 1 and not session.table.is_over:
        session.play_bot()
    record = tmp_path / "record.json"
    record.write_text(json.dumps(session.table.record()))
    with pytest.raises(SessionError, match="a resumed match runs no program"):
        Session.resume(record)
