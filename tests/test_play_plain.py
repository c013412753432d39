"""``chickenfoot play --plain``: a whole match from a script that reads the ``legal:`` lines,
junk input, saving and resuming, and the command line's checks."""

from __future__ import annotations

import io
import json
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chickenfoot.cli import app
from chickenfoot.core.games import make_rules
from chickenfoot.terminal.plain import PlainGame
from chickenfoot.terminal.session import SeatSpec, Session, records_folder
from tests.oracle import check as check_record

runner = CliRunner()


class Script(io.TextIOBase):
    """A person at the keyboard: answers each ``legal:`` line the game printed with one of
    those moves (picked by a seeded random), after ``junk`` lines now and then; ends the
    input after ``moves`` moves."""

    def __init__(self, out: io.StringIO, seed: int, moves: int = 10**6, junk: int = 0) -> None:
        self.out = out
        self.rng = random.Random(seed)
        self.moves = moves
        self.junk = junk
        self.read_upto = 0
        self.pending: list[str] = []
        self.sent: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        if not self.pending:
            text = self.out.getvalue()[self.read_upto :]
            self.read_upto += len(text)
            legal = [line for line in text.splitlines() if line.startswith("legal: ")]
            if not legal or self.moves == 0:
                return ""
            self.moves -= 1
            moves = legal[-1].split()[1:]
            self.pending = [*JUNK[: self.rng.randint(0, self.junk)], self.rng.choice(moves)]
        line = self.pending.pop(0)
        self.sent.append(line)
        return line + "\n"


JUNK = [
    "hello",
    "",
    "   ",
    "9-9@999999999999999999999",
    "123456789012345678901234567890-1@0",
    "\u0669-\u0663@\u0660",  # Arabic-Indic digits
    "🐔 foot",
    "draw please",
    '{"play": "9-3", "on": 99999999999999999999}',
    "{not json",
    "9-",
    "@",
    "-1--1@-1",
    "pass pass",
    "\x00\x01",
]


def session(tmp_path: Path, players: int = 4, seed: int = 3, **options: object) -> Session:
    rules = make_rules("chickenfoot", players, None, {"length": "single", **options})
    seats = [SeatSpec("You")] + [SeatSpec("", "medium")] * (players - 1)
    return Session.new(seats, rules, seed, records_folder(tmp_path))


def plain_process(args: list[str]) -> subprocess.Popen[str]:
    """``chickenfoot play --plain ARGS`` started in a process of its own, its three streams
    pipes of text."""
    command = [sys.executable, "-m", "chickenfoot", "play", "--plain", *args]
    return subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


def play_by_script(args: list[str], seed: int, first_turn: str = "") -> list[str]:
    """The lines ``chickenfoot play --plain ARGS`` prints in a real process, answering each
    ``legal:`` line with one of its moves at random (``first_turn`` is typed before the
    first); the process must end by itself, cleanly."""
    with plain_process(args) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        rng = random.Random(seed)
        lines: list[str] = []
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("legal: "):
                proc.stdin.write(first_turn + rng.choice(line.split()[1:]) + "\n")
                first_turn = ""
                proc.stdin.flush()
        assert proc.wait(timeout=60) == 0
        assert proc.stderr.read() == ""
    return lines


def test_a_script_plays_a_whole_round_in_a_real_process(tmp_path: Path) -> None:
    lines = play_by_script(
        ["--seed", "11", "--data", str(tmp_path), "--bots", "easy,medium,hard"], seed=1
    )
    output = "\n".join(lines)
    assert "The match is over:" in output
    assert "Traceback" not in output
    (saved,) = records_folder(tmp_path).glob("*.json")
    assert f"its record is saved in {saved}" in output
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["players"] == ["You", "bot:easy", "bot:medium", "bot:hard"]
    assert record["seed"] == 11 and record["winners"]
    assert check_record(record) == []


@pytest.mark.parametrize("ask_forced", [False, True])
def test_a_forced_draw_or_pass_is_made_for_you_and_said_unless_asked(
    tmp_path: Path, ask_forced: bool
) -> None:
    out = io.StringIO()
    played = session(tmp_path, 4, seed=2)
    assert PlainGame(played, Script(out, 2), out, ask_forced=ask_forced).run() == 0
    lines = out.getvalue().splitlines()
    said = lines.count("No tile fits: you draw.") + lines.count("Nothing fits: you pass.")
    asked = lines.count("legal: draw") + lines.count("legal: pass")
    record = json.loads(played.path.read_text(encoding="utf-8"))
    actions = record["rounds"][0]["actions"]
    forced = [a for a in actions if a["seat"] == 0 and ("draw" in a or "pass" in a)]
    assert len(forced) >= 2  # every draw and pass in Chicken Foot is the only legal move
    assert (said, asked) == ((0, len(forced)) if ask_forced else (len(forced), 0))
    assert check_record(record) == []


def test_ask_forced_on_the_command_line_waits_for_a_typed_draw_or_pass(tmp_path: Path) -> None:
    args = ["--seed", "11", "--data", str(tmp_path), "--bots", "easy,medium,hard"]
    made = play_by_script(args, seed=1)
    asked = play_by_script([*args, "--ask-forced"], seed=1)
    assert "legal: draw" not in made and "legal: pass" not in made
    assert "No tile fits: you draw." in made
    assert "legal: draw" in asked and "No tile fits: you draw." not in asked


@pytest.mark.parametrize("players", [2, 5, 8])
def test_scripted_rounds_with_junk_between_moves(tmp_path: Path, players: int) -> None:
    out = io.StringIO()
    played = session(tmp_path, players, seed=players)
    script = Script(out, players, junk=3)
    assert PlainGame(played, script, out).run() == 0
    text = out.getvalue()
    assert "The match is over:" in text
    assert played.table.is_over
    junk_sent = [line for line in script.sent if line.strip() in JUNK or line in JUNK]
    assert junk_sent, "the script sent no junk"
    answers = [
        line
        for line in text.splitlines()
        if line.startswith(("Expected a move", "Not allowed:", "hint:"))
    ]
    assert len(answers) == len(junk_sent)
    assert check_record(json.loads(played.path.read_text(encoding="utf-8"))) == []


def test_junk_bytes_and_huge_lines_from_a_pipe_end_cleanly(tmp_path: Path) -> None:
    junk = (
        "\n".join(JUNK).encode() + b"\n\xff\xfe\xc3(\n" + b"9" * 200_000 + b"\nhelp\nhint\nboard\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "chickenfoot", "play", "--plain", "--data", str(tmp_path)],
        input=junk,
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    text = result.stdout.decode()
    assert "Traceback" not in text
    assert text.count("Expected a move") == len(JUNK) + 2
    assert "End of input: the match is saved in" in text
    assert "Continue it with: chickenfoot play --resume" in text
    (saved,) = records_folder(tmp_path).glob("*.json")
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert "totals" not in record  # still in play
    assert check_record(record) == []


def test_quit_saves_mid_round_and_resume_continues_where_it_stopped(tmp_path: Path) -> None:
    out = io.StringIO()
    first = session(tmp_path, 4, seed=21)
    assert PlainGame(first, Script(out, 5, moves=4), out).run() == 0
    version = first.table.version
    before = first.table.snapshot(0)
    assert not first.table.is_over and first.table.turn == 0
    record = json.loads(first.path.read_text(encoding="utf-8"))
    assert "end" not in record["rounds"][-1]

    resumed = Session.resume(first.path)
    assert resumed.table.version == version
    assert resumed.table.snapshot(0) == before
    again = io.StringIO()
    assert PlainGame(resumed, Script(again, 6), again).run(resumed=True) == 0
    text = again.getvalue()
    assert f"Resumed from {first.path}." in text
    assert f"your hand: {' '.join(before.hand or [])}" in text
    final = json.loads(first.path.read_text(encoding="utf-8"))
    assert (
        final["rounds"][0]["actions"][: len(record["rounds"][0]["actions"])]
        == (record["rounds"][0]["actions"])
    )
    assert final["winners"] and check_record(final) == []


def test_resume_from_the_command_line(tmp_path: Path) -> None:
    out = io.StringIO()
    first = session(tmp_path, 3, seed=8)
    PlainGame(first, Script(out, 2, moves=3), out).run()
    result = runner.invoke(app, ["play", "--plain", "--resume", str(first.path)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert f"Resumed from {first.path}." in result.output
    assert "legal: " in result.output
    assert f"The match is saved in {first.path}" in result.output


def test_a_finished_match_or_a_bad_file_is_not_resumed(tmp_path: Path) -> None:
    out = io.StringIO()
    done = session(tmp_path, 2, seed=4)
    PlainGame(done, Script(out, 1), out).run()
    result = runner.invoke(app, ["play", "--plain", "--resume", str(done.path)])
    assert result.exit_code == 2
    assert "that match is over" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["play", "--plain", "--resume", str(bad)])
    assert result.exit_code == 2 and "cannot resume" in result.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bots", "greedy,nobody"], "unknown bot 'nobody'"),
        (["--bots", "easy,easy", "--players", "4"], "names 2 bots for 4 players"),
        (["--bots", "easy,,easy"], "a name is missing"),
        (["--players", "1"], "at least 2 players"),
        (["--players", "9"], "classic is played by 2 to 8 players, not 9"),
        (["--seed", "-1"], "--seed must be 0 to 2^63-1"),
        (["--game", "draw", "--length", "full"], "--length is for Chicken Foot"),
        (["--resume", "x.json", "--bots", "easy"], "--resume continues the match"),
        (["--pace", "-1"], "--pace must be 0 to"),
        (["--name", "bot:x"], "--name"),
        (["-o", "nonsense=1"], "unknown option"),
    ],
)
def test_bad_table_options_are_one_line_and_exit_2(
    tmp_path: Path, args: list[str], says: str
) -> None:
    result = runner.invoke(app, ["play", "--plain", "--data", str(tmp_path), *args], input="")
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_app_needs_a_terminal(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--data", str(tmp_path)], input="")
    assert result.exit_code == 2
    assert "use --plain" in result.output


@pytest.mark.parametrize(
    ("args", "players", "bots"),
    [
        ([], 4, ["medium"] * 3),
        (["--bots", "expert"], 4, ["expert"] * 3),
        (["--bots", "easy", "--players", "6"], 6, ["easy"] * 5),
        (["--bots", "beginner,hard"], 3, ["beginner", "hard"]),
        (["--game", "block", "--players", "2"], 2, ["medium"]),
        (["--preset", "wikipedia", "--players", "10", "--bots", "greedy"], 10, ["greedy"] * 9),
    ],
)
def test_the_table_is_set_up_from_the_command_line(
    tmp_path: Path, args: list[str], players: int, bots: list[str]
) -> None:
    result = runner.invoke(
        app, ["play", "--plain", "--data", str(tmp_path), "--seed", "5", *args], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    (saved,) = records_folder(tmp_path).glob("*.json")
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["players"] == ["You"] + [f"bot:{b}" for b in bots]
    assert record["seed"] == 5
    if "--game" not in args:
        assert record["rules"]["options"]["length"] == "single"


def test_ctrl_c_saves_the_match_and_exits_130(tmp_path: Path) -> None:
    with plain_process(["--data", str(tmp_path)]) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        for line in proc.stdout:
            if line.startswith("legal: "):
                break
        proc.send_signal(signal.SIGINT)
        rest = proc.stdout.read()
        assert proc.wait(timeout=30) == 130
        assert "Traceback" not in proc.stderr.read()
    assert "Interrupted: the match is saved in" in rest
    (saved,) = records_folder(tmp_path).glob("*.json")
    assert check_record(json.loads(saved.read_text(encoding="utf-8"))) == []
