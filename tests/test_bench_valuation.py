"""bench/valuation.py: how well playouts and learned values predict who wins, and what the
other seats' plays tell of their hands."""

from __future__ import annotations

import importlib
import math
import sys
from pathlib import Path
from random import Random

import numpy as np
import pytest

from chickenfoot.core import CLASSIC, Draw, Play, RoundState
from chickenfoot.core.fast import weights
from chickenfoot.core.games import new_match, view
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.tiles import TILES, mask_of

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))
valuation = importlib.import_module("valuation")
open_hands = importlib.import_module("open_hands")


def a_round_in_play(seed: int, actions: int) -> tuple[Match, RoundState]:
    """A classic 4-player round after ``actions`` actions of random legal play."""
    match = new_match([f"bot:r{s}" for s in range(4)], CLASSIC, seed)
    state = match.deal_next(round_rng(seed, 0))
    rng = Random(seed)
    for _ in range(actions):
        if state.end is not None:
            break
        seen = view(match, state.turn, state)
        match.apply(seen.legal[rng.randrange(len(seen.legal))])
    assert isinstance(match, Match)
    return match, state


def test_each_seat_has_a_row_that_counts_its_tiles_and_its_place_in_the_turn() -> None:
    match, state = a_round_in_play(5, 12)
    seen = view(match, state.turn, state)
    hands, boneyard = open_hands.open_tiles(state)
    r = valuation.position(seen, [mask_of(h) for h in hands], [t.index for t in boneyard])
    rows = valuation.seat_features(r)
    assert len(rows) == 4
    for s, row in enumerate(rows):
        assert row[:4] == [1.0 if (s - state.turn) % 4 == p else 0.0 for p in range(4)]
        assert row[4] == len(hands[s])


def test_the_choice_model_gives_the_tiles_that_fit_probabilities_that_add_up_to_one() -> None:
    weight = weights(CLASSIC.double_blank_points)
    hand = mask_of(open_hands.open_tiles(a_round_in_play(9, 0)[1])[0][0])
    needed = hand  # every tile of the hand fits
    tiles = [t for t in range(hand.bit_length()) if hand >> t & 1]
    policy = (2.7, 0.5, -1.5, 0.3, -0.9)
    total = sum(valuation.choice_probability(policy, hand, needed, t, weight) for t in tiles)
    assert total == pytest.approx(1.0)
    flat = [valuation.choice_probability((0, 0, 0, 0, 0), hand, needed, t, weight) for t in tiles]
    assert flat == pytest.approx([1 / len(tiles)] * len(tiles))


def test_the_inference_reads_each_other_seats_plays_since_its_last_draw() -> None:
    read = 0
    for seed, actions in ((3, 12), (4, 20), (5, 30), (6, 45)):
        match, state = a_round_in_play(seed, actions)
        seen = view(match, 0, state)
        expected = set()
        for seat in (1, 2, 3):
            mine = [e for e in seen.history if e.seat == seat]
            draws = [k for k, e in enumerate(mine) if isinstance(e.action, Draw)]
            since = mine[draws[-1] + 1 :] if draws else mine
            tiles = [e.action.tile.index for e in since if isinstance(e.action, Play)]
            played = [e for e in since if isinstance(e.action, Play) and e.action.on is not None]
            for e in played[-valuation.LAST_PLAYS :]:
                assert isinstance(e.action, Play)
                expected.add((seat, e.action.tile.index))
                later = tiles[tiles.index(e.action.tile.index) :]
                found = [
                    p
                    for p in valuation.plays_since_draw(seen)
                    if (p[0], p[2]) == (seat, e.action.tile.index)
                ]
                assert found and found[0][3] == mask_of(TILES[t] for t in later)
        assert {(p[0], p[2]) for p in valuation.plays_since_draw(seen)} == expected
        read += len(expected)
    assert read


def test_the_linear_value_finds_the_weights_outcomes_were_drawn_from() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(20000, 4, 3))
    truth = np.array([1.0, -0.5, 0.25])
    p = valuation.softmax(x @ truth)
    y = np.zeros_like(p)
    y[np.arange(len(p)), [rng.choice(4, p=row) for row in p]] = 1.0
    assert valuation.fit_linear(x, y) == pytest.approx(truth, abs=0.08)
    net = valuation.fit_net(x, y, 1, epochs=3)
    assert valuation.log_loss(net.predict(x), y) < math.log(4) - 0.1


def test_a_tiny_run_prints_both_tables(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--train", "3", "--test", "2", "--playouts", "3", "--samples", "4"]
    result = valuation.main([*args, "--workers", "1", "--seed", "11"])
    out = capsys.readouterr().out
    assert "| 3 playouts from the true position |" in out
    assert "| a learned neural value of the hands (32 hidden units) |" in out
    assert result["uniform"] == pytest.approx(math.log(4))
    assert all(0 < loss < 5 for loss in result["playouts"].values())


@pytest.mark.parametrize("bad", [["--train", "0"], ["--players", "9"], ["--workers", "0"]])
def test_bad_arguments_are_refused_with_exit_2(bad: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        valuation.parse(bad)
    assert exit_.value.code == 2
