"""bench/flat_mc.py (the flat Monte Carlo baseline) and bench/headtohead.py (the harness)."""

from __future__ import annotations

import importlib
import math
import sys
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any

import pytest

from chickenfoot.arena import MatchResult
from chickenfoot.bots import BOTS, Limit, make_bot
from chickenfoot.bots.chickenfoot import ChickenFootSearch
from chickenfoot.bots.montecarlo import MonteCarloBot
from chickenfoot.core import (
    CLASSIC,
    Action,
    Deal,
    Draw,
    Match,
    Pass,
    RoundState,
    SeatView,
    seat_view,
)
from chickenfoot.core.games import new_match, view
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.tiles import set_size

BENCH = Path(__file__).resolve().parent.parent / "bench"
SINGLE = CLASSIC.with_options(length="single")


def bench_module(name: str) -> ModuleType:
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    return importlib.import_module(name)


flat_mc = bench_module("flat_mc")
headtohead = bench_module("headtohead")


def play_round(players: int, seed: int, bots: list[Any]) -> Match:
    """One seeded single round (``match.apply`` raises on anything illegal)."""
    match = new_match([f"bot:{s}" for s in range(players)], SINGLE, seed)
    state = match.deal_next(round_rng(seed, 0))
    while state.end is None:
        seen = view(match, state.turn, state)
        action = bots[state.turn].choose(seen)
        assert action in seen.legal
        match.apply(action)
    assert match.is_over
    return match


@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_flat_player_plays_only_legal_actions(players: int) -> None:
    for seed in range(2):
        bots = [flat_mc.FlatMonteCarlo(f"{seed}/{s}", millis=1.0) for s in range(players)]
        if players > 2:
            bots[1] = make_bot("greedy", 0)
        play_round(players, seed, bots)


@pytest.mark.parametrize("name", sorted(set(flat_mc.VARIANTS) - {flat_mc.NAME}))
def test_each_named_flat_player_plays_only_legal_actions_under_its_name(name: str) -> None:
    for seed in range(2):
        bots = [headtohead.make(name, f"{seed}/{s}", 1.0) for s in range(4)]
        assert {b.name for b in bots} == {name}
        bots[1] = make_bot("greedy", 0)
        play_round(4, seed, bots)
    assert name in headtohead.known_bots()


def test_a_flat_player_with_compiled_playouts_chooses_from_its_seed_and_view() -> None:
    """With a sample cap and no clock, its choice is a function of the seed and the view (as
    the module's own playouts'); a preference for doubles needs the compiled playouts."""
    _, seen = first_decision(4, 3)
    one = flat_mc.FlatMonteCarlo(7, millis=None, samples=30, compiled=True)
    two = flat_mc.FlatMonteCarlo(7, millis=None, samples=30, compiled=True)
    assert one.choose(seen) == two.choose(seen)
    assert one.last_samples == two.last_samples == 30
    with pytest.raises(ValueError, match="doubles"):
        flat_mc.FlatMonteCarlo(1, doubles=0.5)


def first_decision(players: int, seed: int) -> tuple[Match, SeatView]:
    """The first position of a seeded round where seat 0 has several distinct moves."""
    match = Match([f"p{s}" for s in range(players)], SINGLE, seed)
    state = match.deal_next(round_rng(seed, 0))
    rng = Random(seed)
    while state.end is None:
        seen = seat_view(match, state.turn, state)
        if state.turn == 0 and len(flat_mc.distinct_moves(seen)) > 1:
            return match, seen
        match.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no decision for seat 0")


class Ticks:
    """A clock that moves 0.1 ms each time it is read: the budget in samples is the same
    however busy the machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.0001
        return self.now


def test_the_flat_player_spends_its_whole_budget_on_many_samples() -> None:
    bot = flat_mc.FlatMonteCarlo(3, millis=5.0, clock=Ticks())
    thinking: list[float] = []
    samples: list[int] = []
    for seed in range(4):
        _, seen = first_decision(4, seed)
        start = bot.clock()
        bot.choose(seen)
        thinking.append(bot.clock() - start)
        samples.append(bot.last_samples)
    assert sum(thinking) / len(thinking) >= 0.0045  # the 5 ms, less a little clock slack
    assert min(samples) > 1


def test_a_single_distinct_move_is_answered_at_once() -> None:
    match = Match(["a", "b"], SINGLE, 1)
    state = match.deal_next(round_rng(1, 0))
    rng = Random(1)
    bot = flat_mc.FlatMonteCarlo(1, millis=1000.0)
    while state.end is None:
        seen = seat_view(match, state.turn, state)
        if len(flat_mc.distinct_moves(seen)) == 1:
            start = bot.clock()
            assert bot.choose(seen) in seen.legal
            assert bot.clock() - start < 0.5 and bot.last_samples == 0
            return
        match.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no forced move in the round")


def test_the_flat_player_sees_only_its_view() -> None:
    """Two rounds that differ only in the tiles seat 0 cannot see give it equal views, and
    (same seed, a sample cap and no clock) the same choice; its deals come from the view."""
    match, seen = first_decision(4, 3)
    state = match.rounds[-1]
    assert not state.history  # seat 0 decides before anyone else acts
    mine = state.dealt.hands[0]
    hidden = [t for h in state.dealt.hands[1:] for t in h] + list(state.dealt.boneyard)
    Random(99).shuffle(hidden)
    size = len(mine)
    other = Match(["p0", "p1", "p2", "p3"], SINGLE, 3)
    hands = (mine, *(tuple(hidden[i * size : (i + 1) * size]) for i in range(3)))
    other_state = other.start_round(Deal(hands, tuple(hidden[3 * size :])))
    other_seen = seat_view(other, 0, other_state)
    assert other_seen == seen
    assert other_state.dealt != state.dealt
    choices = []
    for position in (seen, other_seen):
        bot = flat_mc.FlatMonteCarlo(7, millis=None, samples=20)
        choices.append(bot.choose(position))
        assert bot.last_samples == 20
    assert choices[0] == choices[1]


def test_the_deals_fit_the_view_and_the_void_rule() -> None:
    match = Match(["a", "b", "c", "d"], SINGLE, 5)
    state = match.deal_next(round_rng(5, 0))
    rng = Random(5)
    checked = 0
    everyone = (1 << set_size(9)) - 1
    while state.end is None:
        seen = seat_view(match, state.turn, state)
        voids = flat_mc.void_masks(seen)
        dealer = flat_mc.Dealer(seen, Random(checked))
        seen_tiles = sum(1 << t.index for t in seen.hand)
        seen_tiles |= sum(1 << p.tile.index for p in seen.board)
        for _ in range(3):
            r = dealer.position()
            mine = sum(1 << t.index for t in seen.hand)
            assert r.hands[seen.seat] == mine
            assert [h.bit_count() for h in r.hands] == list(seen.hand_sizes)
            assert len(r.boneyard) == seen.boneyard_size and r.drawable() == seen.drawable
            everything = sum(r.hands) + sum(1 << i for i in r.boneyard)
            everything += sum(1 << p.tile.index for p in seen.board)
            assert everything == everyone  # every tile once
            assert r.legal_moves()  # the position is the view's, with moves to make
            for seat, hand in enumerate(r.hands):
                if seat != seen.seat:
                    assert dealer.voids[seat] == voids[seat] & everyone & ~seen_tiles
                    assert hand & voids[seat] == 0  # never needs the fallback here
        checked += 1
        match.apply(rng.choice(state.legal_actions()))
    assert any(isinstance(e.action, (Draw, Pass)) for e in state.history)


def test_paired_statistics_on_known_values() -> None:
    test = headtohead.paired([1.0, -1.0, 1.0, 1.0])
    assert test.n == 4 and test.mean == pytest.approx(0.5)
    assert test.half_width == pytest.approx(1.96 * 0.5)  # sd 1, n 4
    assert test.z == pytest.approx(1.0)
    assert test.p == pytest.approx(0.5 * math.erfc(1 / math.sqrt(2)))  # 0.1587
    assert test.interval == pytest.approx((0.5 - 0.98, 0.5 + 0.98))
    assert headtohead.paired([0.25]).half_width is None


def test_the_summary_pairs_the_seatings_of_each_deal() -> None:
    lineup = ["x", "y", "x", "y"]
    jobs = list(headtohead.plan(lineup, 4, 10, SINGLE, 1.0))
    assert [j.seed for j in jobs] == [10, 10, 11, 11]
    assert [j.seats for j in jobs][:2] == [("x", "y", "x", "y"), ("y", "x", "y", "x")]
    summary = headtohead.Summary("x", "y", lineup, {j.number: j.group for j in jobs})
    times = ((0.001,), (0.002,), (0.003,), (0.004,))
    # deal 10: x wins both seatings; deal 11: x wins one, ties the other with y
    summary.add(MatchResult(1, jobs[0].seats, ((0, 5, 6, 7),), (0, 5, 6, 7), times))
    summary.add(MatchResult(2, jobs[1].seats, ((5, 0, 6, 7),), (5, 0, 6, 7), times))
    summary.add(MatchResult(3, jobs[2].seats, ((1, 5, 6, 7),), (1, 5, 6, 7), times))
    summary.add(MatchResult(4, jobs[3].seats, ((3, 3, 6, 7),), (3, 3, 6, 7), times))
    a, b = summary.a.report(), summary.b.report()
    assert a["round_win_share"] == pytest.approx(3.5 / 4)
    assert b["round_win_share"] == pytest.approx(0.5 / 4)
    assert a["mean_points_per_seat"] == pytest.approx((6 + 7 + 7 + 10) / 8)
    per_round, _ = summary.tests()
    assert per_round.n == 2 and per_round.mean == pytest.approx((1.0 + 0.5) / 2)
    assert a["moves"] == 8 and a["ms_per_move_mean"] == pytest.approx(2.5)


def test_a_tiny_run_of_the_harness_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    known = dict(BOTS)
    report = headtohead.main(["--rounds", "4", "--millis", "2", "--workers", "1", "--quiet"])
    out = capsys.readouterr().out
    assert "| expert x2 | flatmc x2 | 4 | single | 4 |" in out
    assert report["rounds"] == 4 and report["per_round"]["units"] == 2
    assert report["a"]["round_win_share"] + report["b"]["round_win_share"] == pytest.approx(1)
    assert report["a"]["moves"] > 0 and report["b"]["moves"] > 0
    assert dict(BOTS) == known  # the registry is left as it was


def test_a_variant_of_the_searching_bot_is_named_by_its_settings() -> None:
    name = "mc:samples=None,millis=20,heavy=0.3,point_weight=0"
    assert headtohead.variant(name) == {
        "samples": None,
        "millis": 20.0,
        "heavy": 0.3,
        "point_weight": 0.0,
    }
    bot = headtohead.make(name, "1", None)
    assert isinstance(bot, MonteCarloBot)
    assert (bot.samples, bot.millis, bot.heavy, bot.point_weight) == (None, 20.0, 0.3, 0.0)
    assert bot.name == name
    play_round(4, 3, [headtohead.make("mc:samples=4,millis=None", str(s), None) for s in range(4)])


def a_choice_and_its_best_open_move(
    seed: int, samples: int, rng: int
) -> tuple[RoundState, SeatView, Action]:
    """The first position of a seeded round with two distinct moves or more, its round, and
    the move the open search (``Random(rng)``, ``samples`` samples) values best there."""
    open_hands = bench_module("open_hands")
    match = new_match([f"bot:{s}" for s in range(4)], SINGLE, seed)
    state = match.deal_next(round_rng(seed, 0))
    seen = view(match, state.turn, state)
    while len(ChickenFootSearch().candidates(seen)) < 2:
        match.apply(seen.legal[0])
        seen = view(match, state.turn, state)
    hands = [list(state.hand(s)) for s in range(4)]
    boneyard = list(state.boneyard_tiles())
    best = open_hands.open_estimates(seen, hands, boneyard, Random(rng), samples, None)
    return state, seen, best[0].action


def test_the_open_hand_player_is_shown_its_round_and_takes_the_best_open_value() -> None:
    """``open`` (bench/open_hands.py) reads every hand of the round the harness shows it:
    its choice is the move the same open search values best; without a round it refuses."""
    state, seen, best = a_choice_and_its_best_open_move(7, 40, 3)
    bot = bench_module("open_hands").OpenHands("1", millis=None)
    with pytest.raises(TypeError, match="shown its round"):
        bot.choose(seen, Limit(samples=40))
    bot.see(state)
    bot.rng = Random(3)
    assert bot.choose(seen, Limit(samples=40)) == best
    assert best in seen.legal


def test_the_harness_plays_the_open_hand_player_on_the_rounds_it_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--a", "open", "--b", "greedy", "--rounds", "4", "--millis", "2"]
    report = headtohead.main([*args, "--workers", "1", "--quiet"])
    assert "| open x2 | greedy x2 | 4 | single | 4 |" in capsys.readouterr().out
    assert report["a"]["moves"] > 0


def test_the_open_hand_player_with_a_sample_count_plays_as_many_samples_and_no_clock(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``open:samples=N,millis=None`` searches N samples a move, whatever the harness's
    time: its choice is the open search's at N samples."""
    name = "open:samples=30,millis=None"
    bot = headtohead.make(name, "1", 80.0)
    assert isinstance(bot, bench_module("open_hands").OpenHands)
    assert (bot.samples, bot.millis, bot.name) == (30, None, name)
    state, seen, best = a_choice_and_its_best_open_move(11, 30, 5)
    bot.see(state)
    bot.rng = Random(5)
    assert bot.choose(seen, Limit(millis=None)) == best
    assert headtohead.make("open:millis=20", "1", None).millis == 20.0
    with pytest.raises(ValueError, match="needs a limit"):
        headtohead.make("open:samples=None,millis=None", "1", None)
    args = ["--a", name, "--b", "greedy", "--rounds", "4", "--millis", "0", "--workers", "1"]
    report = headtohead.main([*args, "--quiet"])
    assert f"| {name} x2 | greedy x2 | 4 | single | 4 |" in capsys.readouterr().out
    assert report["a"]["moves"] > 0


def test_a_flat_player_with_another_playout_policy_is_named_by_its_settings() -> None:
    name = "flatmc:heavy=0.6,doubles=1"
    bot = headtohead.make(name, "1", 20.0)
    assert isinstance(bot, flat_mc.FlatMonteCarlo)
    assert (bot.heavy, bot.doubles, bot.compiled, bot.millis) == (0.6, 1.0, True, 20.0)
    assert bot.name == name
    bots = [
        headtohead.make("flatmc:samples=3,millis=None,doubles=0.5", str(s), 9.0) for s in range(4)
    ]
    assert all(b.samples == 3 and b.millis is None for b in bots)
    play_round(4, 3, bots)


@pytest.mark.parametrize(
    "name",
    [
        "mc:colour=1",
        "mc:heavy=much",
        "mc:samples=None,millis=None",
        "flatmc:colour=1",
        "open:colour=1",
        "open:samples=None,millis=None",
    ],
)
def test_a_variant_that_cannot_be_made_is_refused_before_anything_is_played(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        headtohead.main(["--a", name, "--rounds", "4", "--quiet"])
    assert stopped.value.code == 2
    assert f"bad variant {name!r}" in capsys.readouterr().err


def test_bench_choices_counts_how_often_a_bot_plays_the_heaviest_tile_and_a_double() -> None:
    """The greedy player always plays its heaviest tile; the heuristic (medium) plays a
    double whenever it can; chance does neither every time."""
    choices = bench_module("choices")
    found = choices.count(["easy", "medium", "beginner"], 8, 1, 0.0)
    for name in ("easy", "medium", "beginner"):
        assert found[name, "turns"] > 0 and found[name, "double turns"] > 0
    assert found["easy", "heaviest"] == found["easy", "turns"]
    assert found["medium", "double"] == found["medium", "double turns"]
    assert found["beginner", "heaviest"] < found["beginner", "turns"]
    assert found["beginner", "double"] < found["beginner", "double turns"]
    assert found["easy", "heaviest at random"] < found["easy", "turns"]
