"""The chickenfoot command, driven as a user drives it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chickenfoot.cli import app
from tests.oracle import check as check_record

runner = CliRunner()


@pytest.mark.parametrize("length", ["full", "half", "single"])
@pytest.mark.parametrize("players", range(2, 9))
def test_simulate_writes_records_the_independent_checker_accepts(
    tmp_path: Path, players: int, length: str
) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "-p",
            str(players),
            "-m",
            "2",
            "-s",
            str(players),
            "-l",
            length,
            "-r",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "2 matches" in result.output
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["1.json", "2.json"]
    for f in files:
        record = json.loads(f.read_text(encoding="utf-8"))
        assert len(record["players"]) == players
        assert check_record(record) == []
    replayed = runner.invoke(app, ["replay", *map(str, files)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.count(": ok:") == 2


def test_simulate_is_repeatable_under_a_seed(tmp_path: Path) -> None:
    for run in ("a", "b"):
        result = runner.invoke(app, ["simulate", "-m", "2", "-s", "9", "-r", str(tmp_path / run)])
        assert result.exit_code == 0
    assert (tmp_path / "a" / "2.json").read_bytes() == (tmp_path / "b" / "2.json").read_bytes()


def test_simulate_summary_names_rounds_blocked_points_and_wins() -> None:
    result = runner.invoke(app, ["simulate", "-p", "3", "-m", "3", "-l", "single"])
    assert result.exit_code == 0
    assert "3 matches, 3 rounds" in result.output and "blocked" in result.output
    assert "mean points per round" in result.output and "wins" in result.output


def test_simulate_refuses_a_bad_player_count() -> None:
    result = runner.invoke(app, ["simulate", "-p", "9"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_replay_rejects_broken_files_with_one_line_each(tmp_path: Path) -> None:
    runner.invoke(app, ["simulate", "-m", "1", "-l", "single", "-r", str(tmp_path)])
    good = json.loads((tmp_path / "1.json").read_text(encoding="utf-8"))
    illegal = json.loads(json.dumps(good))
    illegal["rounds"][0]["actions"][3]["on"] = 99
    (tmp_path / "illegal.json").write_text(json.dumps(illegal), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    missing = tmp_path / "missing.json"
    names = ["1.json", "illegal.json", "broken.json", "binary.json"]
    result = runner.invoke(app, ["replay", *(str(tmp_path / n) for n in names), str(missing)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 5
    assert lines[0].endswith(
        ".json: ok: 1 round, totals "
        + str(good["totals"])
        + ", "
        + ("draw between seats " if len(good["winners"]) > 1 else "won by seat ")
        + ", ".join(map(str, good["winners"]))
    )
    assert "illegal.json: rounds[0].actions[3]: seat" in lines[1] and "no tile 99" in lines[1]
    assert "broken.json: not JSON: line 1 column 2" in lines[2]
    assert "binary.json: not UTF-8" in lines[3]
    assert "missing.json: cannot read" in lines[4]
    assert "Traceback" not in result.output


def test_the_installed_command_runs_and_teaches(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "chickenfoot", "--help"]
    shown = subprocess.run(command, capture_output=True, text=True, check=True)
    assert "simulate" in shown.stdout and "replay" in shown.stdout
    run = subprocess.run(
        [sys.executable, "-m", "chickenfoot", "simulate", "-m", "1", "-r", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.startswith("1 match, ")
    assert run.stderr == ""  # no progress bar when not on a terminal


def test_rules_lists_every_game_and_preset_with_its_origin() -> None:
    result = runner.invoke(app, ["rules"], terminal_width=200)
    assert result.exit_code == 0
    for name in ("classic", "spruce", "wikipedia", "reeves", "draw", "block", "all-fives"):
        assert name in result.output
    assert "Mario Reeves" in result.output and "pagat.com" in result.output
    assert "double_blank_points" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--preset", "spruce", "-p", "3"],
        ["--preset", "wikipedia", "-p", "12", "-l", "single"],
        ["--preset", "reeves", "-p", "2", "-o", "double_blank_points=50"],
        ["-o", "target_total=120", "-p", "3"],
        ["--game", "draw", "-p", "4"],
        ["--game", "block", "-p", "2"],
        ["--game", "all-fives", "-p", "4", "-o", "partnership=true"],
        ["--game", "bergen", "-p", "3"],
    ],
    ids=lambda a: " ".join(a),
)
def test_simulate_and_replay_play_every_game_and_preset(tmp_path: Path, args: list[str]) -> None:
    result = runner.invoke(app, ["simulate", "-m", "2", "-r", str(tmp_path), *args])
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "1.json").read_text(encoding="utf-8"))
    game = args[args.index("--game") + 1] if "--game" in args else "chickenfoot"
    assert record["game"] == game
    if "--preset" in args:
        assert record["rules"]["preset"] == args[args.index("--preset") + 1]
    check = ["replay", str(tmp_path / "1.json"), "--game", game]
    replayed = runner.invoke(app, check)
    assert replayed.exit_code == 0 and ": ok:" in replayed.output, replayed.output
    for path in sorted(tmp_path.glob("*.json")):
        assert check_record(json.loads(path.read_text(encoding="utf-8"))) == [], path


def test_the_arena_plays_a_standard_game_where_the_highest_score_wins(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    result = runner.invoke(
        app,
        [
            "arena",
            "-b",
            "greedy,random",
            "-m",
            "4",
            "--game",
            "draw",
            "-w",
            "1",
            "--json",
            str(report),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["game"] == "draw"
    assert sum(b["round_wins"] for b in data["bots"]) == pytest.approx(data["rounds"])
    assert "highest points win" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "poker"], "unknown game 'poker'"),
        (["--preset", "house"], "unknown preset 'house'"),
        (["--game", "draw", "--preset", "spruce"], "presets (classic"),
        (["--game", "bergen", "-l", "half"], "--length is for Chicken Foot"),
        (["-o", "centre_toes"], "--option takes KEY=VALUE"),
        (["-o", "colour=blue"], "unknown option colour"),
        (["--game", "draw", "-o", "colour=blue"], "unknown option colour"),
        (["-o", "centre_toes=12"], "possible toes"),
        (["-p", "12"], "2 to 8 players, not 12"),
    ],
)
def test_simulate_refuses_bad_rules_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "-m", "1", *args])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_replay_can_require_a_game_and_a_preset(tmp_path: Path) -> None:
    runner.invoke(app, ["simulate", "-m", "1", "-l", "single", "-r", str(tmp_path)])
    path = str(tmp_path / "1.json")
    wrong_game = runner.invoke(app, ["replay", path, "--game", "draw"])
    assert wrong_game.exit_code == 1 and "not of 'draw'" in wrong_game.output
    wrong_preset = runner.invoke(app, ["replay", path, "--preset", "reeves"])
    assert wrong_preset.exit_code == 1 and "not 'reeves'" in wrong_preset.output
    right = runner.invoke(app, ["replay", path, "--game", "chickenfoot", "--preset", "classic"])
    assert right.exit_code == 0
