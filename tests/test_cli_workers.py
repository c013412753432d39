"""`simulate --workers K`: the same matches, summary and records whatever K is."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from chickenfoot.cli import app

runner = CliRunner()


@pytest.mark.parametrize("game", ["chickenfoot", "all-fives"])
def test_simulate_on_workers_plays_the_same_matches_as_in_one_process(
    tmp_path: Path, game: str
) -> None:
    outputs = {}
    for workers in ("1", "2"):
        folder = tmp_path / workers
        result = runner.invoke(
            app,
            ["simulate", "-g", game, "-m", "6", "-s", "3", "-r", str(folder), "-w", workers],
        )
        assert result.exit_code == 0, result.output
        outputs[workers] = result.stdout.replace(str(folder), "DIR")
        assert sorted(p.name for p in folder.iterdir()) == [f"{k}.json" for k in range(1, 7)]
    assert outputs["1"] == outputs["2"]
    for k in range(1, 7):
        one = (tmp_path / "1" / f"{k}.json").read_bytes()
        assert one == (tmp_path / "2" / f"{k}.json").read_bytes()


def test_simulate_refuses_a_number_of_workers_it_cannot_use() -> None:
    result = runner.invoke(app, ["simulate", "-m", "2", "-w", "0"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --workers must be at least 1, not 0"
