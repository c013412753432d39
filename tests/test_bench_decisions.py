"""bench/decisions.py: each player's loss at positions of self-play, by open-hand values."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from random import Random

import pytest

from chickenfoot.bots.knowledge import fast_move

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))
decisions = importlib.import_module("decisions")


def test_every_position_has_a_value_for_each_distinct_move_and_fits_its_truth() -> None:
    found = decisions.positions(1, 11, 20)
    assert found
    for p in found:
        moves = {fast_move(p.view, a) for a in p.view.legal}
        assert set(p.values) == moves and len(moves) > 1
        assert sorted(p.hands[p.view.seat]) == sorted(p.view.hand)
        assert [len(h) for h in p.hands] == list(p.view.hand_sizes)
        assert len(p.boneyard) == p.view.boneyard_size


def test_the_values_come_from_the_position_and_seed_and_every_choice_is_one_of_them() -> None:
    found = decisions.positions(1, 11, 20)
    p = found[0]
    again = decisions.values_of(
        p.view, decisions.open_estimates(p.view, p.hands, p.boneyard, Random(0), 20, None)
    )
    assert again == p.values  # the first position's values were searched from Random(0)
    for name in ("open", "greedy", "random"):
        choose = decisions.chooser(name, 2.0)
        assert all(choose(p) in p.values for p in found)


def test_a_tiny_run_prints_a_row_per_player_and_keeps_its_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "positions.pickle"
    args = ["--rounds", "1", "--truth-samples", "20", "--millis", "2", "--seed", "11"]
    decisions.main([*args, "--bots", "greedy", "open", "--positions", str(kept)])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("| greedy", "| open"))]
    assert len(rows) == 2
    for row in rows:
        loss = float(row.split("|")[2].split()[0])
        assert loss >= 0
    assert kept.exists()

    def made_again(*args: object) -> None:
        raise AssertionError("the kept positions are read, not made again")

    monkeypatch.setattr(decisions, "positions", made_again)
    decisions.main([*args, "--bots", "random", "--positions", str(kept)])
    assert "| random |" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--rounds", "0"], "must be positive"),
        (["--bots", "nobody"], "--bots"),
        (["--bots", "mc:colour=1"], "--bots"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_played(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        decisions.main(args)
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err
