"""Bad command lines: one `error:` line, exit 2, nothing played and nothing written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from chickenfoot.arena import MAX_WORKERS_PER_CORE, cores
from chickenfoot.cli import app, options

runner = CliRunner()
HUGE = "1" + "0" * 5000


def run(command: str, records: Path, *args: str) -> Result:
    """``simulate`` or ``arena`` (between random players) writing records to ``records``."""
    bots = ["-b", "random", "-w", "1"] if command == "arena" else []
    return runner.invoke(app, [command, *bots, "-m", "2", "-r", str(records), *args])


def assert_refused(result: Result, line: str, records: Path | None = None) -> None:
    assert result.exit_code == 2
    assert result.stderr == line + "\n"
    assert result.stdout == ""
    if records is not None:
        assert not records.exists() or list(records.iterdir()) == []


COMMANDS = pytest.mark.parametrize("command", ["simulate", "arena"])


# -o KEY=VALUE


@COMMANDS
@pytest.mark.parametrize(
    ("option", "line"),
    [
        (
            "set_by_players=[[Infinity,9]]",
            "error: -o set_by_players=[[Infinity,9]]: the value is not JSON: line 1 column 3: "
            "Infinity is not a JSON number",
        ),
        (
            "double_blank_points=NaN",
            "error: -o double_blank_points=NaN: the value is not JSON: line 1 column 1: "
            "NaN is not a JSON number",
        ),
        (
            "target_total=-Infinity",
            "error: -o target_total=-Infinity: the value is not JSON: line 1 column 1: "
            "Infinity is not a JSON number",
        ),
        (
            "target_total=1e400",
            "error: -o target_total=1e400: the value is not JSON we can read: line 1 column 1: "
            "a number too large for a float",
        ),
        (
            f"target_total={HUGE}",
            "error: -o target_total=1000000000000000000000000000000000000000...0000000000 "
            "(5001 characters): the value is not JSON we can read: line 1 column 1: "
            "an integer of more than 4300 digits",
        ),
        (
            "hand_sizes=[[2,20],[3,14]",
            "error: -o hand_sizes=[[2,20],[3,14]: the value is not JSON: line 1 column 15: "
            "it ends too early",
        ),
        (
            "hand_sizes=[[2,20],[3,14],[4,-5]]",
            "error: option hand_sizes [2][1]: expected a whole number of at least 1",
        ),
        (
            "double_blank_points=lots",
            "error: option double_blank_points: expected a whole number, got a string",
        ),
    ],
    ids=lambda text: text[:40],
)
def test_an_option_value_that_cannot_be_used_is_one_line_before_anything_is_played(
    tmp_path: Path, command: str, option: str, line: str
) -> None:
    records = tmp_path / "records"
    assert_refused(run(command, records, "-o", option), line, records)


@COMMANDS
def test_the_game_is_chosen_with_game_not_with_an_option(tmp_path: Path, command: str) -> None:
    records = tmp_path / "records"
    result = run(command, records, "--game", "draw", "-o", "game=block")
    assert_refused(
        result, "error: -o game=block: the game is chosen with --game, not with an option", records
    )
    result = run(command, records, "--game", "draw", "-o", "players=3")
    assert_refused(
        result, "error: -o players=3: the number of players is chosen with --players", records
    )


def test_any_value_error_of_the_rules_engine_is_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise ValueError("centre_toes cannot be\nsplit over lines")

    monkeypatch.setattr(options, "make_rules", refuse)
    result = run("simulate", tmp_path / "r", "-o", "centre_toes=5")
    assert_refused(result, "error: centre_toes cannot be split over lines", tmp_path / "r")


@COMMANDS
@pytest.mark.parametrize(
    "option",
    [
        "undrawn_by_players=[[4,-1]]",
        "hand_sizes=[[2,20],[3,14],[4,-5],[5,9],[6,7],[7,10],[8,9]]",
        "hand_sizes=[[2,0],[3,0],[4,0],[5,0],[6,0],[7,0],[8,0]]",
    ],
    ids=lambda text: text[:30],
)
def test_an_option_value_the_rules_cannot_play_is_refused_before_anything_is_played(
    tmp_path: Path, command: str, option: str
) -> None:
    records = tmp_path / "records"
    result = run(command, records, "-o", option)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert result.stdout == ""
    assert not records.exists() or list(records.iterdir()) == []


# --seed, --matches, --workers


@COMMANDS
def test_a_negative_seed_is_refused(tmp_path: Path, command: str) -> None:
    records = tmp_path / "records"
    assert_refused(
        run(command, records, "--seed", "-2"), "error: --seed must be 0 to 2^63-1, not -2", records
    )


@COMMANDS
def test_seeds_beyond_a_64_bit_integer_are_refused(tmp_path: Path, command: str) -> None:
    records = tmp_path / "records"
    assert_refused(
        run(command, records, "--seed", str(2**63)),
        "error: --seed 9223372036854775808 is too large: seeds are 0 to 2^63-1 "
        "(9223372036854775807)",
        records,
    )
    assert_refused(
        run(command, records, "--seed", str(2**63 - 1)),
        "error: --seed 9223372036854775807 with 2 matches needs seeds up to "
        "9223372036854775808, above the largest, 2^63-1 (9223372036854775807)",
        records,
    )
    result = runner.invoke(app, ["simulate", "-m", "1", "-s", HUGE])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: --seed 1000000000000000000000000000000000000000...0000000000 (5001 characters) "
        "is too large\n"
    )


def test_the_largest_seed_plays_and_its_record_replays(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["simulate", "-m", "1", "-l", "single", "-s", str(2**63 - 1), "-r", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    replayed = runner.invoke(app, ["replay", str(tmp_path / "1.json")])
    assert replayed.exit_code == 0 and ": ok: 1 round, " in replayed.stdout


@COMMANDS
@pytest.mark.parametrize("matches", ["0", "-5"])
def test_no_matches_or_a_negative_number_of_matches_is_refused(
    tmp_path: Path, command: str, matches: str
) -> None:
    records = tmp_path / "records"
    assert_refused(
        run(command, records, "-m", matches),
        f"error: --matches must be at least 1, not {matches}",
        records,
    )


def test_more_workers_than_4_per_core_are_refused(tmp_path: Path) -> None:
    most = MAX_WORKERS_PER_CORE * cores()
    records = tmp_path / "records"
    result = runner.invoke(app, ["arena", "-b", "random", "-w", str(most + 1), "-r", str(records)])
    assert_refused(
        result,
        f"error: --workers {most + 1} is too many: at most 4 per core, {most} on this machine",
        records,
    )


def test_a_mistyped_option_is_one_line_too() -> None:
    result = runner.invoke(app, ["simulate", "--sed", "3"], prog_name="chickenfoot")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: No such option: --sed (Possible options: --preset, --seed) "
        "(see chickenfoot simulate --help)\n"
    )
    result = runner.invoke(app, ["simulate", "--matches", "many"])
    assert result.exit_code == 2
    assert result.stderr == "error: --matches must be a whole number, not 'many'\n"


# Smaller things


def test_version_is_the_installed_package_version() -> None:
    from importlib.metadata import version

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"chickenfoot {version('chickenfoot')}\n"


@COMMANDS
def test_the_help_says_where_the_player_range_comes_from(command: str) -> None:
    shown = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    text = " ".join(shown.stdout.replace("│", " ").split())
    assert "Chicken Foot 2 to 8 (12 with --preset wikipedia;" in text
    assert "the standard games 2 to 4" in text


def test_one_match_is_a_match_and_one_round_a_round(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "-m", "1", "-l", "single", "-r", str(tmp_path)])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert re.fullmatch(r"1 match, 1 round, (0\.0|100\.0)% of rounds blocked, [01] drawn", lines[0])
    assert lines[-1] == f"records: {tmp_path}/1.json"


def test_the_arena_says_one_match_and_counts_hands_in_a_standard_game() -> None:
    result = runner.invoke(
        app, ["arena", "-b", "greedy,random", "-m", "1", "-g", "draw", "-w", "1"]
    )
    assert result.exit_code == 0
    assert result.stdout.startswith("1 match of 2 players (draw), seed 1, 1 hand\n")
    assert "points per hand" in " ".join(result.stdout.split())
    assert result.stderr.startswith("warning: 1 match is not a multiple of 2 players")
