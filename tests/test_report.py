"""``chickenfoot report``: the rounds of many records, counted by position from the first
player, as the records say."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from statistics import fmean
from typing import Any

from typer.testing import CliRunner

from chickenfoot.cli import app
from chickenfoot.report import Report

runner = CliRunner()


def arena(folder: Path, *args: str) -> None:
    command = ["arena", "-w", "1", "--seed", "2", "-r", str(folder), *args]
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output


def reported(folder: Path) -> tuple[list[Any], dict[str, Any]]:
    """The records of ``folder`` and the one group of rounds their report has."""
    records = [json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")]
    report = Report()
    for record in records:
        report.add(record)
    (group,) = report.to_json()
    return records, group


def test_the_figures_are_those_of_the_records(tmp_path: Path) -> None:
    arena(tmp_path, "-p", "3", "-b", "easy,random,random", "-m", "12", "-l", "half")
    records, group = reported(tmp_path)
    rounds = [r for record in records for r in record["rounds"]]
    assert (group["game"], group["preset"], group["players"]) == ("chickenfoot", "classic", 3)
    assert group["matches"] == 12
    assert group["rounds"] == len(rounds)
    assert group["blocked_share"] == sum(r["end"] == "blocked" for r in rounds) / len(rounds)
    assert group["mean_actions"] == fmean(len(r["actions"]) for r in rounds)
    wins: defaultdict[int, list[float]] = defaultdict(list)
    for r in rounds:
        low = min(r["points"])
        winners = [s for s, p in enumerate(r["points"]) if p == low]
        for seat, points in enumerate(r["points"]):
            wins[(seat - r["first"]) % 3].append(1 / len(winners) if points == low else 0.0)
    assert [p["win_share"] for p in group["positions"]] == [fmean(wins[k]) for k in range(3)]


def test_the_standard_games_count_the_highest_points_as_the_win(tmp_path: Path) -> None:
    arena(tmp_path, "-g", "draw", "-p", "2", "-b", "easy,random", "-m", "6")
    records, group = reported(tmp_path)
    hands = [r for record in records for r in record["rounds"]]
    won = [0.0, 0.0]
    for hand in hands:
        top = max(hand["points"])
        winners = [s for s, p in enumerate(hand["points"]) if p == top]
        for seat in winners:
            won[(seat - hand["first"]) % 2] += 1 / len(winners)
    assert [p["win_share"] for p in group["positions"]] == [w / len(hands) for w in won]


def test_the_command_writes_a_page_with_its_charts_and_the_figures(tmp_path: Path) -> None:
    records = tmp_path / "records"
    arena(records, "-p", "4", "-b", "easy", "-m", "8", "-l", "single")
    (records / "junk.json").write_text("[", encoding="utf-8")
    page, figures = tmp_path / "report.html", tmp_path / "report.json"
    result = runner.invoke(
        app, ["report", str(records), "--html", str(page), "--json", str(figures)]
    )
    assert result.exit_code == 1  # the junk file, said and left out
    assert "junk.json: " in result.output
    assert "chickenfoot, classic, 4 players: 8 rounds" in result.output
    text = page.read_text(encoding="utf-8")
    assert text.count('src="data:image/png;base64,') == 1
    assert "<h2>chickenfoot, classic, 4 players</h2>" in text
    assert json.loads(figures.read_text(encoding="utf-8"))["groups"][0]["rounds"] == 8
