"""Progress: by matches and by rounds (hands), on a terminal only."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from chickenfoot.cli import app, output

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """What a terminal on stderr would show, escape codes removed by ``shown``."""
    screen = io.StringIO()
    monkeypatch.setattr(output, "err", Console(file=screen, force_terminal=True, width=100))
    return screen


def shown(screen: io.StringIO) -> str:
    return ANSI.sub("", screen.getvalue())


def rounds_in(folder: Path) -> int:
    return sum(
        len(json.loads(p.read_text(encoding="utf-8"))["rounds"]) for p in folder.glob("*.json")
    )


def test_a_long_standard_game_shows_its_hands_going_by(
    tmp_path: Path, terminal: io.StringIO
) -> None:
    args = ["simulate", "--game", "draw", "-o", "target=300", "-m", "1", "-r", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    hands = rounds_in(tmp_path)
    assert hands > 1
    screen = shown(terminal)
    assert re.search(rf"\bhands\b.* {hands}/\?", screen), screen  # no total known ahead
    assert re.search(r"\bmatches\b.* 1/1", screen), screen


def test_chicken_foot_shows_rounds_out_of_the_rounds_the_matches_take(
    tmp_path: Path, terminal: io.StringIO
) -> None:
    args = ["simulate", "-p", "3", "-l", "half", "-m", "2", "-r", str(tmp_path)]
    assert runner.invoke(app, args).exit_code == 0
    assert rounds_in(tmp_path) == 10
    assert re.search(r"\brounds\b.* 10/10", shown(terminal))


def test_the_arena_counts_the_hands_its_workers_play(tmp_path: Path, terminal: io.StringIO) -> None:
    args = ["arena", "-b", "random", "-p", "2", "-m", "4", "-w", "2", "-r", str(tmp_path)]
    result = runner.invoke(app, [*args, "--game", "draw", "-o", "target=100"])
    assert result.exit_code == 0, result.output
    hands = rounds_in(tmp_path)
    assert re.search(rf"\bhands\b.* {hands}/\?", shown(terminal))


def test_no_progress_is_shown_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    for command in (["simulate"], ["arena", "-b", "random", "-p", "2", "-w", "2"]):
        run = subprocess.run(
            [sys.executable, "-m", "chickenfoot", *command, "--game", "draw", "-m", "2"],
            capture_output=True,
            text=True,
            check=True,
        )
        assert run.stderr == ""
        assert run.stdout.startswith("2 matches, " if command == ["simulate"] else "2 matches of")
