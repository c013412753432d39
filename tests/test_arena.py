"""The arena: its statistics, its seating, and the command as a user drives it."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from chickenfoot.arena import (
    ArenaError,
    Estimate,
    mean_ci,
    parse_lineup,
    percentile,
    seating,
    win_shares,
)
from chickenfoot.bots import BOTS
from chickenfoot.cli import app
from chickenfoot.core import CLASSIC, SeatView, to_record
from chickenfoot.play import play_match, play_timed_match
from tests.oracle import check as check_record

runner = CliRunner()


# The statistics, on numbers worked out by hand


def test_mean_ci_is_the_mean_plus_minus_1_96_sample_sd_over_root_n() -> None:
    # mean 5, squared deviations sum to 32, sample variance 32/7
    estimate = mean_ci([2, 4, 4, 4, 5, 5, 7, 9])
    assert estimate.mean == 5
    assert estimate.half_width == pytest.approx(1.96 * math.sqrt(32 / 7) / math.sqrt(8))
    assert estimate.interval == pytest.approx((5 - 1.4816, 5 + 1.4816), abs=1e-4)


def test_mean_ci_of_equal_values_is_exact_and_of_one_value_has_no_interval() -> None:
    assert mean_ci([7, 7, 7]) == Estimate(7.0, 0.0)
    assert mean_ci([3]) == Estimate(3.0, None)
    assert mean_ci([3]).interval is None
    with pytest.raises(ValueError, match="no values"):
        mean_ci([])


def test_mean_ci_does_not_depend_on_the_order_of_the_values() -> None:
    values = [0.1] * 10 + [1e16, 1.0, -1e16, 2.5, 1 / 3]
    shuffled = values[:]
    random.Random(4).shuffle(shuffled)
    assert mean_ci(values) == mean_ci(shuffled) == mean_ci(values[::-1])


@pytest.mark.parametrize(
    ("scores", "shares"),
    [
        ([10, 3, 7], [0, 1, 0]),
        ([0, 5, 0], [Fraction(1, 2), 0, Fraction(1, 2)]),
        ([4, 4, 4], [Fraction(1, 3)] * 3),
        ([12], [1]),
        ([0, 0, 0, 0, 1, 0, 0, 0], [Fraction(1, 7)] * 4 + [0] + [Fraction(1, 7)] * 3),
    ],
)
def test_win_shares_give_the_lowest_the_win_and_split_ties(
    scores: list[int], shares: list[Fraction]
) -> None:
    assert win_shares(scores) == shares
    assert sum(win_shares(scores)) == 1


def test_win_shares_of_nobody_is_an_error() -> None:
    with pytest.raises(ValueError, match="nobody"):
        win_shares([])


def test_percentile_interpolates_between_the_nearest_ranks() -> None:
    assert percentile(range(1, 102), 95) == 96
    assert percentile([4, 1, 3, 2], 50) == 2.5
    assert percentile([0, 10], 95) == 9.5
    assert percentile([5, 1, 9], 0) == 1
    assert percentile([5, 1, 9], 100) == 9
    assert percentile([2.5], 95) == 2.5
    with pytest.raises(ValueError, match="no values"):
        percentile([], 95)
    with pytest.raises(ValueError, match="0 to 100"):
        percentile([1, 2], 101)


# Lineups and seats


def test_one_name_fills_every_seat_and_n_names_fill_n_seats() -> None:
    assert parse_lineup("greedy", 3, BOTS) == ["greedy"] * 3
    assert parse_lineup(" greedy , random ", 2, BOTS) == ["greedy", "random"]


@pytest.mark.parametrize(
    ("text", "players", "message"),
    [
        ("greedy,random", 4, "names 2 bots for 4 players"),
        ("greedy,random,random", 2, "names 3 bots for 2 players"),
        ("greedy,nosuch", 2, "unknown bot 'nosuch'; known bots: random, greedy"),
        ("greedy,,random", 3, "empty name"),
    ],
)
def test_a_lineup_that_does_not_fit_is_refused(text: str, players: int, message: str) -> None:
    with pytest.raises(ArenaError, match=message):
        parse_lineup(text, players, BOTS)


def test_match_k_rotates_the_lineup_by_k_minus_1_seats() -> None:
    lineup = ["a", "b", "c"]
    assert seating(lineup, 1) == ["a", "b", "c"]
    assert seating(lineup, 2) == ["c", "a", "b"]  # a moved from seat 0 to seat 1
    assert seating(lineup, 3) == ["b", "c", "a"]
    assert seating(lineup, 4) == seating(lineup, 1)


@pytest.mark.parametrize("players", range(2, 9))
def test_n_consecutive_matches_put_every_bot_in_every_seat_once(players: int) -> None:
    lineup = [f"bot{i}" for i in range(players)]
    for first in (1, 5):
        tables = [seating(lineup, k) for k in range(first, first + players)]
        for seat in range(players):
            assert sorted(t[seat] for t in tables) == sorted(lineup)


def test_timing_the_moves_leaves_the_match_as_it_was() -> None:
    rules = CLASSIC.with_options(length="half")
    bots = ["greedy", "random", "random"]
    match, seconds = play_timed_match(bots, rules, 11)
    assert to_record(match) == to_record(play_match(bots, rules, 11))
    moves = Counter(e.seat for state in match.rounds for e in state.history)
    assert [len(s) for s in seconds] == [moves[seat] for seat in range(3)]
    assert all(t >= 0 for s in seconds for t in s)


# The command


def arena(*args: str) -> Result:
    return runner.invoke(app, ["arena", *args])


def report_of(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def without_timings(report: dict[str, Any]) -> dict[str, Any]:
    return {
        **report,
        "bots": [{k: v for k, v in b.items() if not k.startswith("ms_")} for b in report["bots"]],
    }


def records_in(folder: Path) -> dict[int, dict[str, Any]]:
    files = [f for f in folder.glob("*.json") if f.is_file()]
    return {int(f.stem): json.loads(f.read_text(encoding="utf-8")) for f in files}


def test_the_report_agrees_with_the_records_it_wrote(tmp_path: Path) -> None:
    result = arena(
        *("-p", "2", "-b", "random,greedy", "-m", "4", "-l", "single", "-s", "5"),
        *("-w", "1", "-r", str(tmp_path / "r"), "--json", str(tmp_path / "report.json")),
    )
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert "4 matches of 2 players (classic, single), seeds 5..8, 4 rounds" in result.stdout
    records = records_in(tmp_path / "r")
    assert sorted(records) == [1, 2, 3, 4]

    points: dict[str, list[int]] = {"random": [], "greedy": []}
    round_wins: dict[str, Fraction] = {"random": Fraction(0), "greedy": Fraction(0)}
    match_wins: dict[str, Fraction] = {"random": Fraction(0), "greedy": Fraction(0)}
    moves: Counter[str] = Counter()
    for k, record in records.items():
        assert check_record(record) == []
        assert record["seed"] == 5 + k - 1
        names = [p.removeprefix("bot:") for p in record["players"]]
        for r in record["rounds"]:
            low = min(r["points"])
            lowest = [s for s, p in enumerate(r["points"]) if p == low]
            for seat, name in enumerate(names):
                points[name].append(r["points"][seat])
                if seat in lowest:
                    round_wins[name] += Fraction(1, len(lowest))
            moves.update(names[a["seat"]] for a in r["actions"])
        for seat in record["winners"]:
            match_wins[names[seat]] += Fraction(1, len(record["winners"]))

    report = report_of(tmp_path / "report.json")
    assert report["format"] == "chickenfoot-arena/1"
    assert (report["players"], report["matches"], report["rounds"]) == (2, 4, 4)
    assert report["seeds"] == [5, 8]
    assert report["rules"]["options"]["length"] == "single"
    bots = {b["bot"]: b for b in report["bots"]}
    assert list(bots) == ["random", "greedy"]
    for name, bot in bots.items():
        n = len(points[name])
        mean = sum(points[name]) / n
        sd = math.sqrt(sum((p - mean) ** 2 for p in points[name]) / (n - 1))
        assert bot["rounds"] == n == 4
        assert bot["mean_points"] == pytest.approx(mean)
        assert bot["mean_points_ci95"] == pytest.approx(
            [mean - 1.96 * sd / math.sqrt(n), mean + 1.96 * sd / math.sqrt(n)]
        )
        assert bot["round_wins"] == float(round_wins[name])
        assert bot["round_win_share"] == float(round_wins[name]) / n
        assert bot["matches"] == 4
        assert bot["match_wins"] == float(match_wins[name])
        assert bot["seat_matches"] == [2, 2]
        assert bot["moves"] == moves[name]
        assert bot["ms_per_move_p95"] > 0 and bot["ms_per_move_mean"] > 0
    assert sum(b["round_wins"] for b in bots.values()) == 4
    assert sum(b["match_wins"] for b in bots.values()) == 4
    shown = result.stdout.split("greedy")[-1].split()
    assert shown[:2] == ["1", "4"]  # seats, rounds
    assert f"{bots['greedy']['round_win_share']:.1%}" in shown


def test_any_number_of_workers_gives_the_same_report_and_records(tmp_path: Path) -> None:
    reports = []
    for workers in ("1", "2"):
        result = arena(
            *("-p", "3", "-b", "greedy,random,random", "-m", "6", "-l", "half", "-s", "3"),
            *("-w", workers, "-r", str(tmp_path / workers)),
            *("--json", str(tmp_path / f"{workers}.json")),
        )
        assert result.exit_code == 0, result.output
        reports.append(without_timings(report_of(tmp_path / f"{workers}.json")))
    assert reports[0] == reports[1]
    for k in range(1, 7):
        one = (tmp_path / "1" / f"{k}.json").read_bytes()
        assert one == (tmp_path / "2" / f"{k}.json").read_bytes()
    assert multiprocessing.active_children() == []


def test_every_bot_sits_in_every_seat_equally_often(tmp_path: Path) -> None:
    result = arena(
        *("-b", "greedy,random,random", "-m", "6", "-l", "single"),
        *("-r", str(tmp_path / "r"), "--json", str(tmp_path / "report.json")),
    )
    assert result.exit_code == 0, result.output
    records = records_in(tmp_path / "r")
    for k, record in records.items():
        assert record["players"].index("bot:greedy") == (k - 1) % 3
    for seat in range(3):
        seated = Counter(r["players"][seat] for r in records.values())
        assert seated == {"bot:greedy": 2, "bot:random": 4}
    bots = {b["bot"]: b for b in report_of(tmp_path / "report.json")["bots"]}
    assert bots["greedy"]["seat_matches"] == [2, 2, 2]
    assert bots["random"]["seat_matches"] == [4, 4, 4]
    assert (bots["greedy"]["seats"], bots["random"]["seats"]) == (1, 2)
    assert (bots["greedy"]["rounds"], bots["random"]["rounds"]) == (6, 12)


def test_a_match_count_that_does_not_rotate_evenly_is_warned_about_and_played(
    tmp_path: Path,
) -> None:
    result = arena("-b", "greedy,random,random", "-m", "4", "-l", "single", "-r", str(tmp_path))
    assert result.exit_code == 0
    assert result.stderr.startswith("warning: 4 matches is not a multiple of 3 players")
    assert len(result.stderr.strip().splitlines()) == 1
    assert len(list(tmp_path.glob("*.json"))) == 4
    assert "4 matches of 3 players" in result.stdout


def test_one_bot_in_every_seat_defaults_to_4_players_and_10_matches_each() -> None:
    result = arena("-b", "random", "-l", "single", "-w", "1")
    assert result.exit_code == 0, result.output
    assert "40 matches of 4 players (classic, single)" in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-b", "greedy,nosuch"], "error: unknown bot 'nosuch'; known bots: random, greedy"),
        (["-p", "4", "-b", "greedy,random"], "error: --bots names 2 bots for 4 players"),
        (["-b", "greedy,random,random,greedy", "-p", "3"], "error: --bots names 4 bots for 3"),
        (["-b", "greedy", "-p", "9"], "error: classic is played by 2 to 8 players, not 9"),
        (["-b", "greedy", "--workers", "0"], "error: --workers must be at least 1, not 0"),
        (["-b", "greedy", "-m", "0"], "error: --matches must be at least 1, not 0"),
        (["-b", "greedy", "-r", "{file}/sub"], "error: cannot write records into "),
        (["-b", "greedy", "-r", "{file}"], "it is a file, not a folder"),
        (["-b", "greedy", "--json", "{tmp}/no/r.json"], "/no/r.json: there is no folder "),
        (["-b", "greedy", "--json", "{tmp}"], "is a folder; give a file name"),
    ],
)
def test_bad_input_gives_one_clear_line_and_exit_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    args = [a.format(file=tmp_path / "file", tmp=tmp_path) for a in args]
    result = arena(*args, "-l", "single")
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_record_that_cannot_be_written_stops_the_run_and_keeps_the_rest(
    tmp_path: Path, workers: str
) -> None:
    (tmp_path / "3.json").mkdir()  # os.replace onto a folder fails for match 3
    result = arena(
        *("-b", "greedy,random", "-m", "8", "-l", "single", "-w", workers, "-r", str(tmp_path))
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"error: cannot write {tmp_path / '3.json'}: Is a directory"
    ]
    written = records_in(tmp_path)
    if workers == "1":
        assert set(written) == {1, 2}
    else:  # the worker that took match 3 had finished match 1 or 2
        assert {1, 2} & set(written) and 3 not in written
    assert all(check_record(r) == [] for r in written.values())
    assert list(tmp_path.glob(".*")) == []  # no half-written files
    assert multiprocessing.active_children() == []


class FaultyBot:
    """Plays like greedy, then fails on its third move."""

    name = "faulty"

    def __init__(self, seed: int | str) -> None:
        self.greedy = BOTS["greedy"](seed)
        self.moves = 0

    def choose(self, view: SeatView) -> Any:
        self.moves += 1
        if self.moves == 3:
            raise RuntimeError("lost its marbles")
        return self.greedy.choose(view)


def test_a_bot_that_fails_is_named_with_its_match_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(BOTS, "faulty", FaultyBot)
    result = arena("-b", "random,faulty", "-m", "2", "-w", "1", "-s", "4", "-r", str(tmp_path))
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(
        "error: match 1 (seed 4, seats random,faulty) failed: RuntimeError: lost its marbles (at "
    )
    assert "test_arena.py:" in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_stops_every_worker_and_keeps_the_finished_records(tmp_path: Path) -> None:
    records = tmp_path / "r"
    command = [sys.executable, "-m", "chickenfoot", "arena", "-b", "random", "-p", "8"]
    command += ["-m", "5000", "-w", "2", "-r", str(records)]
    run = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 30
        while len(list(records.glob("*.json"))) < 2:
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        os.killpg(run.pid, signal.SIGINT)  # as Ctrl-C does: the whole process group
        stdout, stderr = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 130
    assert stderr.startswith("interrupted after ") and "Traceback" not in stderr
    assert f"the records of finished matches stay in {records}" in stderr
    assert stdout == ""
    deadline = time.monotonic() + 10
    while live_processes_in_group(run.pid):
        assert time.monotonic() < deadline, live_processes_in_group(run.pid)
        time.sleep(0.05)
    written = records_in(records)
    assert 2 <= len(written) < 5000
    assert all(check_record(r) == [] for r in written.values())
    assert list(records.glob(".*")) == []


def live_processes_in_group(group: int) -> list[str]:
    """Processes of ``group`` that are still running (not zombies waiting to be reaped)."""
    table = subprocess.run(
        ["ps", "-A", "-o", "pid=,pgid=,stat="], capture_output=True, text=True, check=True
    )
    rows = [line.split() for line in table.stdout.splitlines()]
    return [pid for pid, pgid, stat in rows if int(pgid) == group and not stat.startswith("Z")]


def test_the_help_teaches_the_arena() -> None:
    shown = runner.invoke(app, ["arena", "--help"], env={"COLUMNS": "100"})
    assert shown.exit_code == 0
    text = " ".join(shown.stdout.replace("│", " ").split())
    for words in (
        "--players",
        "--bots",
        "--matches",
        "--seed",
        "--length",
        "--records",
        "--workers",
        "--json",
        "seed SEED+k-1",
        "rotated by k-1 seats",
        "95% confidence interval",
        "1/k each",
        "95th percentile",
        "arena all cores",
        f"Known bots: {', '.join(BOTS)}",
        "chickenfoot arena --bots greedy,random",
    ):
        assert words in text, words
    assert "arena" in runner.invoke(app, ["--help"]).stdout


def _send_half_a_result(flag: str) -> None:
    """On a pool's worker: begin a result's message and stop halfway through it, as a
    worker stopped while sending a big result leaves it."""
    frame = sys._getframe()
    while "result_queue" not in frame.f_locals:
        assert frame.f_back is not None
        frame = frame.f_back
    writer = frame.f_locals["result_queue"]._writer
    os.write(writer.fileno(), (1_000_000).to_bytes(4, "big") + b"x" * 100)
    Path(flag).touch()
    time.sleep(600)


def test_stopping_a_pool_whose_worker_stopped_halfway_through_a_result_returns(
    tmp_path: Path,
) -> None:
    from concurrent.futures import ProcessPoolExecutor
    from threading import Thread

    from chickenfoot.pool import stop_pool

    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    flag = tmp_path / "sent"
    pool.submit(_send_half_a_result, str(flag))
    deadline = time.monotonic() + 30
    while not flag.exists():
        assert time.monotonic() < deadline, "the worker never started"
        time.sleep(0.01)
    stopping = Thread(target=stop_pool, args=(pool,), daemon=True)
    stopping.start()
    stopping.join(30)
    assert not stopping.is_alive(), "stop_pool waits for ever for the rest of the result"
