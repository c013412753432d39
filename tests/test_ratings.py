"""Ratings (OpenSkill, Plackett-Luce) of the players of many records: ``chickenfoot ratings``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from openskill.models import PlackettLuce
from typer.testing import CliRunner

from chickenfoot.cli import app
from chickenfoot.core import games
from chickenfoot.core.match import places_of
from chickenfoot.play import play_match, play_recorded_match
from chickenfoot.ratings import rate

runner = CliRunner()


def test_places_put_the_winners_first_then_the_totals_in_the_games_direction() -> None:
    assert places_of((16, 19, 59, 16), (0, 3), lowest_first=True) == (1, 3, 4, 1)
    assert places_of((16, 16, 59), (1,), lowest_first=True) == (2, 1, 3)  # a tie-break
    assert places_of((0, 18, 0, 18), (1, 3), lowest_first=False) == (3, 1, 3, 1)
    partners = games.make_rules("block", 4, None, {"partnership": True})
    outcome = play_match(["random"] * 4, partners, 1).outcome()
    assert outcome is not None
    assert sorted(outcome.places) in ([1, 1, 3, 3], [1, 1, 1, 1])


def arena(folder: Path, bots: str, matches: int) -> None:
    command = ["arena", "-p", "3", "-b", bots, "-m", str(matches), "-l", "single"]
    result = runner.invoke(app, [*command, "-w", "1", "--seed", "1", "-r", str(folder)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("by", ["wins", "places"])
def test_a_seeded_arena_of_three_levels_is_rated_in_their_order(tmp_path: Path, by: str) -> None:
    arena(tmp_path, "beginner,easy,medium", 600)
    out = tmp_path / "r.out"
    result = runner.invoke(app, ["ratings", str(tmp_path), "--by", by, "--json", str(out)])
    assert result.exit_code == 0, result.output
    rated = json.loads(out.read_text(encoding="utf-8"))["ratings"]
    assert [r["name"] for r in rated] == ["bot:medium", "bot:easy", "bot:beginner"]
    assert all(r["matches"] == 600 for r in rated)
    assert sum(r["wins"] for r in rated) == 600
    assert "rated 600 matches" in result.output


def test_a_bot_in_several_seats_is_one_player(tmp_path: Path) -> None:
    arena(tmp_path, "greedy,random,random", 150)
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.glob("*.json"))]
    rated = rate(records)
    assert [r.name for r in rated] == ["bot:greedy", "bot:random"]
    assert [r.matches for r in rated] == [150, 150]


def test_a_wrong_record_is_said_and_left_out(tmp_path: Path) -> None:
    arena(tmp_path, "easy,random,random", 3)
    record = json.loads((tmp_path / "2.json").read_text(encoding="utf-8"))
    record["totals"][0] += 1
    (tmp_path / "2.json").write_text(json.dumps(record), encoding="utf-8")
    (tmp_path / "junk.json").write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["ratings", str(tmp_path)])
    assert result.exit_code == 1
    assert "2.json: " in result.output
    assert "junk.json: " in result.output
    assert "rated 2 matches" in result.output


def test_the_statistics_of_each_player_are_those_of_the_records(tmp_path: Path) -> None:
    command = ["arena", "-p", "3", "-b", "easy,random,random", "-m", "30", "-l", "half"]
    result = runner.invoke(app, [*command, "-w", "1", "--seed", "3", "-r", str(tmp_path)])
    assert result.exit_code == 0, result.output
    records = [json.loads(p.read_text(encoding="utf-8")) for p in tmp_path.glob("*.json")]
    expected: dict[str, Counter[str]] = {}
    for record in records:
        for played in record["rounds"]:
            hands = [set(hand) for hand in played["hands"]]
            for action in played["actions"]:
                if "play" in action:
                    hands[action["seat"]].discard(action["play"])
                elif "draw" in action:
                    hands[action["seat"]].add(action["draw"])
            for seat, name in enumerate(record["players"]):
                counts = expected.setdefault(name, Counter())
                counts["rounds"] += 1
                counts["points"] += played["points"][seat]
                counts["outs"] += played["end"] == "out" and not hands[seat]
                counts["double_blanks"] += "0-0" in hands[seat]
    rated = {r.name: r for r in rate(records)}
    for name, counts in expected.items():
        row = rated[name]
        assert (row.rounds, row.points, row.outs, row.double_blanks) == (
            counts["rounds"],
            counts["points"],
            counts["outs"],
            counts["double_blanks"],
        )
    assert sum(counts["double_blanks"] for counts in expected.values()) > 0
    assert sum(counts["outs"] for counts in expected.values()) > 0


@pytest.mark.parametrize("by", ["wins", "places"])
def test_the_tied_winners_of_a_match_of_three_gain_and_the_loser_falls(by: str) -> None:
    """Seed 9 of a single classic round at three: seats 0 and 1 both end on 36 points and
    share the win, seat 2 has 83. From equal ratings, a shared win is a win for both: each
    winner rises by the same amount and the loser falls."""
    rules = games.make_rules("chickenfoot", 3, None, {"length": "single"})
    record = play_recorded_match(["random"] * 3, rules, 9)[1]
    assert record["totals"] == [36, 36, 83]
    record["players"] = ["Ann", "Bo", "Cy"]
    model = PlackettLuce(tau=0.0)  # as ``rate`` rates records: no drift
    start = model.rating()
    rated = {r.name: r for r in rate([record], by=by)}
    ann, bo, cy = rated["Ann"], rated["Bo"], rated["Cy"]
    assert ann.mu > start.mu and bo.mu > start.mu
    assert ann.mu == pytest.approx(bo.mu)
    assert cy.mu < start.mu
    assert (ann.wins, bo.wins, cy.wins) == (0.5, 0.5, 0.0)
    # By hand: OpenSkill's own update of three equal players ranked first, first and last.
    first, second, last = model.rate(
        [[model.rating()] for _seat in range(3)], ranks=[1.0, 1.0, 3.0 if by == "places" else 2.0]
    )
    assert (ann.mu, bo.mu, cy.mu) == pytest.approx((first[0].mu, second[0].mu, last[0].mu))


def test_the_tied_winners_of_a_match_of_four_gain_and_both_losers_fall() -> None:
    rules = games.make_rules("chickenfoot", 4, None, {"length": "single"})
    record = play_recorded_match(["random"] * 4, rules, 1)[1]
    assert record["totals"] == [16, 19, 59, 16]
    record["players"] = ["Ann", "Bo", "Cy", "Di"]
    start = PlackettLuce(tau=0.0).rating().mu
    rated = {r.name: r.mu for r in rate([record])}
    assert rated["Ann"] == pytest.approx(rated["Di"]) and rated["Ann"] > start
    assert rated["Bo"] == pytest.approx(rated["Cy"]) and rated["Bo"] < start
