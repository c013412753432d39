"""``chickenfoot analyse`` (docs/ANALYSIS.md): every decision of a record searched from the
seat's knowledge and with every hand open, the losses, marks and accuracy, the JSON and its
schema, the chart, and the command line."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner

from chickenfoot import analysis
from chickenfoot.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    AnalysisStopped,
    Decision,
    DecisionPoint,
    Settings,
    accuracy_of,
    analyse,
    analyse_decision,
    mark_of,
    plan,
)
from chickenfoot.bots.search import search_for
from chickenfoot.cli import app
from chickenfoot.core import CLASSIC, RecordError, Tile, games
from chickenfoot.core.pieces import Deal
from chickenfoot.core.standard import GAMES as STANDARD_GAMES
from chickenfoot.core.tiles import full_set
from chickenfoot.play import play_recorded_match
from scripts.regen_golden import ANALYSIS_SCHEMA, analysis_files
from tests.helpers import tiles

runner = CliRunner()
Record = dict[str, Any]

FEW = Settings(samples=6, seed=1)
"""Few samples: enough to exercise every path, quick."""

TINY = CLASSIC.with_options(
    min_players=2,
    max_players=2,
    hand_sizes=[[2, 3]],
    undrawn_by_players=[[2, 48]],
    centre_toes=1,
    length="single",
)
"""Two players with three tiles each, nothing to draw, one toe on the 9-9: positions small
enough to work out by hand."""


def tiny_record(first: str, second: str, actions: list[str]) -> Record:
    """The record of a TINY round dealt ``first`` and ``second`` (seat 0 starts), stopped
    after ``actions`` (in ``play --plain``'s notation)."""
    hands = (tiles(first), tiles(second))
    used = {*hands[0], *hands[1], Tile(9, 9)}
    rest = tuple(t for t in full_set(9) if t not in used)
    match = games.new_match(["ann", "bob"], TINY, 0)
    state = match.start_round(Deal(hands, rest))
    for text in actions:
        match.apply(next(a for a in state.legal_actions() if str(a) == text))
    return games.to_record(match)


def only_decision(record: Record, settings: Settings) -> Decision:
    found = plan(record)
    (point,) = found.decisions
    return analyse_decision(point, settings)


@pytest.fixture(scope="module")
def classic_record() -> Record:
    """A single round of classic between four medium bots."""
    rules = CLASSIC.with_options(length="single")
    return play_recorded_match(["medium"] * 4, rules, 5)[1]


@pytest.fixture(scope="module")
def classic_file(tmp_path_factory: pytest.TempPathFactory, classic_record: Record) -> Path:
    path = tmp_path_factory.mktemp("records") / "match.json"
    path.write_text(json.dumps(classic_record), encoding="utf-8")
    return path


# -- positions worked out by hand -------------------------------------------------------------


def test_keeping_the_double_blank_when_it_can_be_shed_is_a_blunder() -> None:
    """Ann holds 9-0, 9-5, 0-0; Bob 9-3, 3-1, 8-7; nothing can be drawn and the 9-9 takes one
    toe. 9-0 opens the 0 for her 0-0: Bob cannot follow, the round blocks with her holding 9-5
    (14 points against his 31) and she wins. 9-5 opens a 5 nobody can follow: she is caught
    with 9-0 and the 0-0 (59) and loses."""
    record = tiny_record("9-0 9-5 0-0", "9-3 3-1 8-7", ["9-5@0"])
    decision = only_decision(record, Settings(samples=40, seed=2))
    assert (decision.round, decision.index, decision.seat) == (1, 0, 0)
    assert decision.played == "9-5@0"
    assert decision.best == decision.open_best == "9-0@0"
    assert decision.loss is not None and decision.loss >= BLUNDER
    assert decision.mark == "blunder"
    best, played = decision.candidates
    assert (best.action, played.action) == ("9-0@0", "9-5@0")
    # Every hand open, the only chance left is the playouts': none here, the result is exact.
    assert (best.open.win_share, best.open.mean_points) == (1.0, 14.0)
    assert (played.open.win_share, played.open.mean_points) == (0.0, 59.0)
    assert decision.open_loss == pytest.approx(100 * (1 + 0.25 * (59 - 14) / 100), abs=1e-3)
    assert decision.expected_points == played.knowledge.mean_points
    assert decision.accuracy == pytest.approx(accuracy_of(decision.loss), abs=1e-3)
    assert decision.accuracy is not None and decision.accuracy < 25.0


def test_a_good_decision_that_went_wrong_knowledge_and_open_disagree() -> None:
    """Ann holds 9-1, 9-2, 1-8: opening the 1 lets her follow with 1-8. From her knowledge
    the two are as good as each other (about as many rounds won, five points fewer kept
    after the 1: which comes first depends on the samples), so playing the 1 is no
    inaccuracy. But Bob holds 1-4, 4-5, 5-6: on a 1 he goes out in three turns, while a 2
    blocks the round at once with Ann lower (19 against 25)."""
    record = tiny_record("9-1 9-2 1-8", "1-4 4-5 5-6", ["9-1@0"])
    decision = only_decision(record, Settings(samples=1000, seed=1))
    assert decision.played == "9-1@0" and decision.best in ("9-1@0", "9-2@0")
    assert decision.loss is not None and decision.loss < INACCURACY / 2
    assert decision.mark is None and decision.accuracy is not None and decision.accuracy > 90
    assert decision.open_best == "9-2@0"
    assert decision.open_loss is not None and decision.open_loss >= BLUNDER
    opened = {c.action: c.open for c in decision.candidates}
    assert (opened["9-1@0"].win_share, opened["9-2@0"].win_share) == (0.0, 1.0)


# -- knowledge only ---------------------------------------------------------------------------


def swapped_hidden_tiles(record: Record, upto: int, seat: int) -> Iterator[Record]:
    """``record`` stopped after action ``upto`` of round 1, with two tiles swapped between the
    hands two other seats were dealt (tiles not played nor drawn by then) and the boneyard's
    undrawn tiles reversed: every version whose history is still legal."""
    stopped = cut(record, upto + 1)
    first = stopped["rounds"][0]
    seen = {a.get("play") or a.get("draw") for a in first["actions"]}
    drawn = sum(1 for a in first["actions"] if "draw" in a)
    others = [s for s in range(len(record["players"])) if s != seat]
    for a, b in combinations(others, 2):
        for x in first["hands"][a]:
            for y in first["hands"][b]:
                if x in seen or y in seen:
                    continue
                changed = copy.deepcopy(stopped)
                hands = changed["rounds"][0]["hands"]
                hands[a] = [y if t == x else t for t in hands[a]]
                hands[b] = [x if t == y else t for t in hands[b]]
                boneyard = changed["rounds"][0]["boneyard"]
                boneyard[drawn:] = boneyard[drawn:][::-1]
                try:
                    games.replay(changed)
                except RecordError:
                    continue
                yield changed


def cut(record: Record, actions: int, rounds: int = 1) -> Record:
    """``record`` stopped after ``rounds`` rounds, the last one after ``actions`` actions."""
    stopped = copy.deepcopy(record)
    stopped["rounds"] = stopped["rounds"][:rounds]
    last = stopped["rounds"][-1]
    if actions < len(last["actions"]):
        last["actions"] = last["actions"][:actions]
        del last["end"], last["points"]
    if stopped != record:  # a match still in play
        del stopped["totals"], stopped["winners"]
    return stopped


def decision_at(record: Record, index: int) -> DecisionPoint:
    return next(p for p in plan(record).decisions if p.round == 1 and p.index == index)


def test_the_knowledge_evaluation_never_reads_a_hidden_tile(classic_record: Record) -> None:
    """Other hands and the boneyard changed, consistently with everything the seat saw: the
    same view, the same evaluation from it; the open one sees the change."""
    point = next(p for p in plan(classic_record).decisions if p.index >= 12)
    original = decision_at(cut(classic_record, point.index + 1), point.index)
    changed = decision_at(
        next(swapped_hidden_tiles(classic_record, point.index, point.seat)), point.index
    )
    assert original.truth != changed.truth
    assert original.view == changed.view
    before, after = analyse_decision(original, FEW), analyse_decision(changed, FEW)
    assert [c.knowledge for c in before.candidates] == [c.knowledge for c in after.candidates]
    assert (before.best, before.loss, before.expected_points) == (
        after.best,
        after.loss,
        after.expected_points,
    )
    assert [c.open for c in before.candidates] != [c.open for c in after.candidates]


def test_each_decision_is_the_same_whichever_seats_are_analysed(classic_record: Record) -> None:
    whole = analyse(classic_record, FEW)
    alone = analyse(classic_record, FEW, seat=2)
    assert alone.seats == [2] and [s.seat for s in alone.summary] == [2]
    mine = [d for r in whole.rounds for d in r.decisions if d.seat == 2]
    assert [d for r in alone.rounds for d in r.decisions] == mine
    assert alone.summary[0] == whole.summary[2]
    assert alone.rounds[0].accuracy[2] == whole.rounds[0].accuracy[2]
    assert alone.rounds[0].accuracy[0] is None


# -- losses, marks, accuracy ------------------------------------------------------------------


def test_marks_and_accuracy_follow_the_documented_thresholds() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (5.0, 10.0, 20.0)
    assert [mark_of(x) for x in (0.0, 4.999, 5.0, 9.999, 10.0, 19.999, 20.0, 90.0)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert [accuracy_of(x) for x in (0.0, 10.0, 20.0)] == [100.0, 50.0, 25.0]
    assert accuracy_of(5.0) == pytest.approx(70.7107, abs=1e-4)


def check_consistent(result: analysis.Analysis, samples: int) -> list[Decision]:
    """Every decision's figures agree with each other and with the thresholds."""
    decisions = [d for r in result.rounds for d in r.decisions]
    for d in decisions:
        known = [c.knowledge.value for c in d.candidates]
        opened = [c.open.value for c in d.candidates]
        assert len(d.candidates) > 1
        assert known == sorted(known, reverse=True) and d.best == d.candidates[0].action
        assert d.loss is not None and d.open_loss is not None and d.accuracy is not None
        played = next((c for c in d.candidates if c.action == d.played), None)
        if played is not None:
            assert d.loss == pytest.approx(known[0] - played.knowledge.value, abs=2e-3)
            assert d.open_loss == pytest.approx(max(opened) - played.open.value, abs=2e-3)
            assert d.expected_points == played.knowledge.mean_points
        assert d.mark == mark_of(d.loss)
        assert d.accuracy == pytest.approx(accuracy_of(d.loss), abs=1e-3)
        for c in d.candidates:
            assert c.knowledge.samples == c.open.samples == samples
            assert 0 <= c.knowledge.win_share <= 1 and 0 <= c.open.win_share <= 1
    for r in result.rounds:
        for seat in result.seats:
            mine = [d.accuracy or 0.0 for d in r.decisions if d.seat == seat]
            expected = round(sum(mine) / len(mine), 3) if mine else None
            assert r.accuracy[seat] == pytest.approx(expected, abs=1e-3)
    return decisions


def test_a_classic_round_is_analysed_for_every_seat(classic_record: Record) -> None:
    result = analyse(classic_record, FEW)
    assert (result.format, result.game, result.preset, result.unit) == (
        "chickenfoot-analysis/1",
        "chickenfoot",
        "classic",
        "percent",
    )
    decisions = check_consistent(result, FEW.samples)
    assert {d.seat for d in decisions} == {0, 1, 2, 3}
    (only,) = result.rounds
    assert only.double == "9-9" and only.points == classic_record["rounds"][0]["points"]
    assert only.actions == len(classic_record["rounds"][0]["actions"])
    # Every decision is a turn with more than one distinct choice, and every such turn is in.
    expected = [p.index for p in plan(classic_record).decisions if p.round == 1]
    assert [d.index for d in only.decisions] == expected
    actions = classic_record["rounds"][0]["actions"]
    assert all(actions[d.index]["seat"] == d.seat for d in decisions)


def test_progress_and_stop(classic_record: Record) -> None:
    seen: list[tuple[int, int]] = []
    analyse(classic_record, FEW, seat=0, on_progress=lambda done, total: seen.append((done, total)))
    total = len(plan(classic_record).of_seat(0))
    assert seen == [(k, total) for k in range(1, total + 1)]
    with pytest.raises(AnalysisStopped):
        analyse(classic_record, FEW, stop=lambda: True)
    with pytest.raises(ValueError, match="seat 4 is not at the table"):
        analyse(classic_record, FEW, seat=4)


class _NoSample:
    """A search that finds no sample of the hidden tiles (as the standard games' sampler,
    which works by rejection, sometimes does)."""

    def sample(self, rng: object) -> None:
        return None

    def play_out(self, *args: object) -> None:
        raise AssertionError("nothing to play out without a sample")


def test_a_decision_without_a_sample_is_not_graded(
    classic_record: Record, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No made-up loss: it is left out of the marks and the accuracy, and said."""
    found = plan(classic_record)
    point = found.of_seat(1)[0]
    before = analyse(classic_record, FEW, seat=1, workers=1)
    game = type(search_for(point.view))
    monkeypatch.setattr(game, "searcher", lambda self, view, actions: _NoSample())
    ungraded = analyse_decision(point, FEW)
    assert (ungraded.loss, ungraded.best, ungraded.mark, ungraded.accuracy) == (None,) * 4
    assert ungraded.expected_points is None
    assert ungraded.open_loss is not None and ungraded.open_best is not None
    assert all(c.knowledge.samples == 0 for c in ungraded.candidates)
    after = analyse(classic_record, FEW, seat=1, workers=1)
    assert after.summary[0].decisions == before.summary[0].decisions
    assert after.summary[0].ungraded == before.summary[0].decisions
    assert after.summary[0].accuracy is None and after.rounds[0].accuracy[1] is None
    assert before.summary[0].ungraded == 0


@pytest.mark.parametrize("game", list(STANDARD_GAMES))
def test_the_standard_games_are_analysed_in_points(game: str) -> None:
    rules = games.make_rules(game, 3)
    record = cut(play_recorded_match(["medium"] * 3, rules, 7)[1], 10**6, rounds=1)
    result = analyse(record, Settings(samples=4, seed=1))
    assert (result.game, result.unit) == (game, "points")
    decisions = check_consistent(result, 4)
    assert decisions, "a hand of three medium bots has decisions"
    assert result.rounds[0].double is None
    for d in decisions:
        # Points scored in the hand by the seat's side: never negative.
        assert all(c.knowledge.mean_points >= 0 and c.open.mean_points >= 0 for c in d.candidates)


# -- the JSON, its schema and the chart -------------------------------------------------------


def test_the_schema_file_is_what_the_code_makes_now() -> None:
    """On a deliberate change: python -m scripts.regen_golden, then review git diff."""
    ((path, text),) = analysis_files().items()
    assert path == ANALYSIS_SCHEMA
    assert path.read_text(encoding="utf-8") == text


def validate(value: Any, schema: dict[str, Any], root: dict[str, Any], at: str = "$") -> None:
    """Check ``value`` against ``schema`` (the keywords msgspec's schemas use); raise
    AssertionError saying where it does not fit."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        validate(value, root["$defs"][name], root, at)
        return
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            try:
                validate(value, option, root, at)
                return
            except AssertionError:
                continue
        raise AssertionError(f"{at}: {value!r} fits none of {schema['anyOf']}")
    if "enum" in schema:
        assert value in schema["enum"], f"{at}: {value!r} not in {schema['enum']}"
    kinds: dict[str, type | tuple[type, ...]] = {
        "object": dict,
        "array": list,
        "string": str,
        "integer": int,
        "number": (int, float),
        "boolean": bool,
        "null": type(None),
    }
    kind = schema.get("type")
    if kind is not None:
        ok = isinstance(value, kinds[kind]) and (kind == "boolean" or not isinstance(value, bool))
        assert ok, f"{at}: {value!r} is not of type {kind}"
    if "minimum" in schema:
        assert value >= schema["minimum"], f"{at}: {value} < {schema['minimum']}"
    if "maximum" in schema:
        assert value <= schema["maximum"], f"{at}: {value} > {schema['maximum']}"
    if "pattern" in schema:
        assert re.search(schema["pattern"], value), f"{at}: {value!r} !~ {schema['pattern']}"
    if kind == "object":
        properties = schema.get("properties", {})
        missing = set(schema.get("required", ())) - set(value)
        assert not missing, f"{at}: missing {sorted(missing)}"
        if schema.get("additionalProperties") is False:
            extra = set(value) - set(properties)
            assert not extra, f"{at}: unexpected {sorted(extra)}"
        for key, item in value.items():
            if key in properties:
                validate(item, properties[key], root, f"{at}.{key}")
    if kind == "array" and "items" in schema:
        for k, item in enumerate(value):
            validate(item, schema["items"], root, f"{at}[{k}]")


def test_the_validator_refuses_what_the_schema_does_not_allow() -> None:
    schema = json.loads(ANALYSIS_SCHEMA.read_text(encoding="utf-8"))
    decision = schema["$defs"]["Decision"]
    with pytest.raises(AssertionError, match="not of type"):
        validate({"round": "1"}, decision["properties"]["round"], schema)
    with pytest.raises(AssertionError, match="missing"):
        validate({"round": 1}, decision, schema)
    with pytest.raises(AssertionError, match="!~"):
        validate("9-4 on 0", decision["properties"]["played"], schema)


def test_the_command_writes_a_table_json_that_fits_the_schema_and_a_chart(
    tmp_path: Path, classic_file: Path
) -> None:
    out_json, png, svg = tmp_path / "a.json", tmp_path / "a.png", tmp_path / "a.svg"
    args = ["analyse", str(classic_file), "-n", "4", "-w", "1", "--json", str(out_json)]
    result = runner.invoke(app, [*args, "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar when stderr is not a terminal
    text = result.stdout
    assert "round 1 (9-9): seat 0 first" in text
    assert "accuracy (0-100)" in text and "match" in text
    assert f"analysis: {out_json}" in text and f"chart: {png}" in text
    data = json.loads(out_json.read_text(encoding="utf-8"))
    schema = json.loads(ANALYSIS_SCHEMA.read_text(encoding="utf-8"))
    validate(data, schema, schema)
    parsed = analysis.decode(out_json.read_bytes())
    assert msgspec.to_builtins(parsed) == data
    first = parsed.rounds[0].decisions[0]
    assert f"{first.index}" in text and first.played in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000
    again = runner.invoke(
        app, ["analyse", str(classic_file), "-n", "4", "-w", "1", "--plot", str(svg), "--seat", "1"]
    )
    assert again.exit_code == 0, again.output
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_the_command_gives_the_same_analysis_on_any_number_of_workers(
    tmp_path: Path, classic_file: Path
) -> None:
    outputs = {}
    for workers in ("1", "2"):
        target = tmp_path / f"{workers}.json"
        result = runner.invoke(
            app,
            [
                "analyse",
                str(classic_file),
                "-n",
                "3",
                "-s",
                "9",
                "-w",
                workers,
                "--json",
                str(target),
            ],
        )
        assert result.exit_code == 0, result.output
        outputs[workers] = (result.stdout.replace(str(target), "OUT"), target.read_bytes())
    assert outputs["1"] == outputs["2"]


def one_error_line(result: Any, code: int) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return str(lines[0])


def test_bad_input_is_one_clear_line(
    tmp_path: Path, classic_file: Path, classic_record: Record
) -> None:
    missing = tmp_path / "nothing.json"
    line = one_error_line(runner.invoke(app, ["analyse", str(missing)]), 1)
    assert line.startswith(f"error: {missing}: ")
    not_json = tmp_path / "broken.json"
    not_json.write_text("{", encoding="utf-8")
    line = one_error_line(runner.invoke(app, ["analyse", str(not_json)]), 1)
    assert "not JSON" in line
    wrong = copy.deepcopy(classic_record)
    wrong["rounds"][0]["actions"][0]["play"] = "0-0"
    wrong_file = tmp_path / "wrong.json"
    wrong_file.write_text(json.dumps(wrong), encoding="utf-8")
    line = one_error_line(runner.invoke(app, ["analyse", str(wrong_file)]), 1)
    assert "rounds[0].actions[0]" in line
    line = one_error_line(runner.invoke(app, ["analyse", str(classic_file), "--seat", "4"]), 2)
    assert line == "error: --seat 4: the record has 4 seats, 0 to 3"
    line = one_error_line(runner.invoke(app, ["analyse", str(classic_file), "--seat", "-1"]), 2)
    assert "--seat" in line
    line = one_error_line(runner.invoke(app, ["analyse", str(classic_file), "-n", "0"]), 2)
    assert line == "error: --samples must be at least 1, not 0"
    line = one_error_line(runner.invoke(app, ["analyse", str(classic_file), "--time", "0"]), 2)
    assert "--time" in line
    gif = tmp_path / "chart.gif"
    line = one_error_line(runner.invoke(app, ["analyse", str(classic_file), "--plot", str(gif)]), 2)
    assert ".png or .svg" in line
    folder = tmp_path / "no" / "such" / "a.json"
    line = one_error_line(
        runner.invoke(app, ["analyse", str(classic_file), "--json", str(folder)]), 2
    )
    assert "there is no folder" in line
    assert not gif.exists()


def test_a_time_limit_bounds_each_decision(tmp_path: Path) -> None:
    record = tiny_record("9-0 9-5 0-0", "9-3 3-1 8-7", ["9-5@0"])
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "-n", "10000000", "--time", "20", "-w", "1"])
    assert result.exit_code == 0, result.output
    assert "blunder" in result.stdout


def test_the_help_names_the_default_samples() -> None:
    result = runner.invoke(app, ["analyse", "--help"])
    assert result.exit_code == 0
    assert f"[default: {analysis.DEFAULT_SAMPLES}]" in " ".join(result.stdout.split())
