"""Invariants over seeded random matches for every player count."""

from __future__ import annotations

from collections import Counter
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.bots.playout import chickenfoot_playout
from chickenfoot.core import (
    CLASSIC,
    PRESETS,
    Draw,
    FastRound,
    Match,
    Play,
    RoundState,
    Tile,
    full_set,
    replay,
    seat_view,
    to_record,
)
from chickenfoot.core.fast import BLOCKED, OUT
from chickenfoot.core.tiles import tiles_of
from tests.helpers import assert_legal_actions_are, examples, random_match, values_in
from tests.independent_checker import check_record, legal_action_lists

players = st.integers(min_value=2, max_value=8)
seeds = st.integers(min_value=0, max_value=2**32)
SINGLE = CLASSIC.with_options(length="single")


HIDDEN = (Match, RoundState, FastRound, Random)


def check_partition(state: RoundState) -> None:
    top = state.rules.set_top(state.players)
    hands = [t for s in range(state.players) for t in state.hand(s)]
    everything = Counter(hands + state.boneyard_tiles() + [p.tile for p in state.board()])
    assert everything == Counter(full_set(top))


@settings(max_examples=examples(40), deadline=None)
@given(players, seeds)
def test_every_tile_is_exactly_once_in_a_hand_the_boneyard_or_the_board(n: int, seed: int) -> None:
    rng = Random(seed)
    match = Match(["p"] * n, SINGLE)
    state = match.deal_next(rng)
    check_partition(state)
    while state.end is None:
        match.apply(rng.choice(state.legal_actions()))
        check_partition(state)


@settings(max_examples=examples(25), deadline=None)
@given(players, seeds)
def test_every_recorded_action_replays_as_legal(n: int, seed: int) -> None:
    match = random_match(n, seed)
    record = to_record(match)
    assert to_record(replay(record)) == record
    assert check_record(record) == []


@settings(max_examples=examples(40), deadline=None)
@given(players, seeds)
def test_no_view_holds_another_seats_tile_or_the_boneyard(n: int, seed: int) -> None:
    rng = Random(seed)
    match = Match(["p"] * n, SINGLE, seed=seed)
    state = match.deal_next(rng)
    while state.end is None:
        for seat in range(n):
            view = seat_view(match, seat, state)
            assert list(view.hand) == state.hand(seat)
            own_draws = [e.drawn for e in state.history if e.seat == seat and e.drawn]
            public = {p.tile for p in state.board()}
            values = values_in(view)
            seen = {v for v in values if isinstance(v, Tile)}
            assert seen <= public | set(view.hand) | set(own_draws)
            assert view.boneyard_size == len(state.boneyard_tiles())
            assert all(
                e.drawn is None
                for e in view.history
                if e.seat != seat and isinstance(e.action, Draw)
            )
            assert not any(isinstance(v, HIDDEN) for v in values)
        match.apply(rng.choice(state.legal_actions()))


@settings(max_examples=examples(25), deadline=None)
@given(players, seeds)
def test_scores_add_up(n: int, seed: int) -> None:
    match = random_match(n, seed)
    for state, points in zip(match.rounds, match.points, strict=True):
        expected = [sum(50 if t == Tile(0, 0) else t.pips for t in state.hand(s)) for s in range(n)]
        assert points == expected
        if state.end is not None and state.end.value == "out":
            assert points[state.turn] == 0
    outcome = match.outcome()
    assert outcome is not None
    assert list(outcome.totals) == [sum(p[s] for p in match.points) for s in range(n)]
    assert min(outcome.totals) == outcome.totals[outcome.winners[0]]


@settings(max_examples=examples(60), deadline=None)
@given(players, seeds)
def test_fast_playout_ends_in_a_real_end_of_round(n: int, seed: int) -> None:
    rng = Random(seed)
    match = Match(["p"] * n, SINGLE)
    state = match.deal_next(rng)
    for _ in range(rng.randrange(40)):
        if state.end is not None:
            break
        match.apply(rng.choice(state.legal_actions()))
    fast = state.fast.copy()
    dealt = set(state.hand(0) + [t for s in range(1, n) for t in state.hand(s)])
    dealt |= set(state.boneyard_tiles())
    points = chickenfoot_playout(fast, rng)
    hands = [tiles_of(h) for h in fast.hands]
    held = [t for h in hands for t in h]
    assert len(held) == len(set(held)) and set(held) <= dealt
    left = [sum(50 if t == Tile(0, 0) else t.pips for t in hand) for hand in hands]
    assert points == left
    if fast.end == OUT:
        assert [] in hands
    else:
        assert fast.end == BLOCKED
        assert not fast.can_draw()
        assert all(fast.playable(h) == 0 for h in fast.hands)
    assert [c > 0 for c in fast.counts] == [
        bool(fast.open_mask >> k & 1) for k in range(len(fast.counts))
    ]
    # The original state is untouched by the copy's playout.
    check_partition(state)


@settings(max_examples=examples(30), deadline=None)
@given(players, seeds)
def test_every_legal_action_is_accepted_and_every_other_play_is_refused(n: int, seed: int) -> None:
    rng = Random(seed)
    match = Match(["p"] * n, SINGLE)
    state = match.deal_next(rng)
    while state.end is None:
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        assert all(state.is_legal(a) for a in legal)
        hand = state.hand(state.turn)
        for tile in hand:
            for target in range(len(state.board())):
                assert state.is_legal(Play(tile, target)) == (Play(tile, target) in legal)
        match.apply(rng.choice(legal))


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 12), seeds)
def test_legal_actions_agree_with_the_independent_checker_in_every_round(
    name: str, n: int, seed: int
) -> None:
    """Whole matches of every preset: the engine's legal actions before every action of every
    round are the ones the independent checker works out from docs/RULES.md."""
    rules = PRESETS[name].with_options(length="half")
    n = min(n, rules.max_players)
    match = random_match(n, seed, rules)
    record = to_record(match)
    assert check_record(record) == []
    assert_legal_actions_are(match, legal_action_lists(record))
