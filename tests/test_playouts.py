"""The bots' fast playout, checked move by move against the rules path.

Search plays thousands of rounds out on the compact state (``FastRound.playout``), with its
own loop. Every move it makes must be a legal action of ``RoundState``, and the round must
end the same way with the same points: with the loop as installed (compiled with mypyc where
a C compiler was at hand) and as plain Python, which make the very same moves.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.bots import playout
from chickenfoot.core import PRESETS, Action, Draw, Match, Pass, Play, RoundState, Tile
from chickenfoot.core.fast import BLOCKED, DRAW, OUT, PASS, PLACE, weights
from chickenfoot.core.tiles import TILES
from tests.compiled import as_plain_python
from tests.helpers import examples, make_round

PLAYOUTS = {"installed": playout, "plain-python": as_plain_python(playout)}


def action_of(state: RoundState, move: int) -> Action:
    """The legal action of ``state`` that the compact ``move`` stands for (it must be one)."""
    legal = state.legal_actions()
    if move == DRAW:
        assert Draw() in legal
        return Draw()
    if move == PASS:
        assert Pass() in legal
        return Pass()
    tile, number = TILES[move >> 5], move & 31
    if number == PLACE:
        assert Play(tile, None) in legal
        return Play(tile, None)
    foot = state.incomplete_foot()
    targets = [foot[0]] if foot and foot[1] == number else []
    targets += [i for i, n in state.open_ends() if n == number and not foot]
    plays = [Play(tile, on) for on in targets if Play(tile, on) in legal]
    assert plays, f"{tile} on a {number} is not legal here: {legal}"
    return plays[0]


@pytest.mark.parametrize("module", sorted(PLAYOUTS))
@settings(max_examples=examples(120), deadline=None)
@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 12),
    st.integers(0, 2**32),
    st.sampled_from([0.0, 0.5, 0.9, 1.0]),
    st.integers(0, 60),
    st.sampled_from([0.0, 0.6, 1.0]),
)
def test_every_playout_move_is_legal_and_the_round_ends_with_the_same_points(
    module: str, name: str, players: int, seed: int, heavy: float, plies: int, doubles: float
) -> None:
    rules = PRESETS[name].with_options(length="single")
    players = min(players, rules.max_players)
    rng = Random(seed)
    match = Match(["p"] * players, rules)
    state = match.deal_next(rng)
    for _ in range(plies):
        if state.end is not None:
            break
        match.apply(rng.choice(state.legal_actions()))
    fast = state.fast.copy()
    trace: list[int] = []
    points = PLAYOUTS[module].chickenfoot_playout(fast, rng, heavy, trace, None, doubles)
    check = state.copy()
    for i, move in enumerate(trace):
        if check.end is not None:
            # The playout notices a blocked round only once every seat has passed.
            assert fast.end == BLOCKED and set(trace[i:]) == {PASS}
            break
        check.apply(action_of(check, move))
    assert check.end is not None
    assert (fast.end == OUT) == (check.end.value == "out")
    assert check.points() == points
    assert [check.hand(s) for s in range(players)] == [
        [TILES[i] for i in range(len(TILES)) if h >> i & 1] for h in fast.hands
    ]


def test_the_double_blank_played_on_a_blank_is_move_zero_and_is_played() -> None:
    state = make_round(9, ["9-0 9-2 9-4 0-0 5-5", "9-1 9-3 9-5 8-8 7-7"])
    for toe in ("9-0", "9-1", "9-2", "9-3", "9-4", "9-5"):
        state.apply(Play(Tile.parse(toe), 0))
    fast = state.fast.copy()
    assert 0 in fast.legal_moves()  # 0-0 (tile index 0) on an end showing 0
    fast.apply(0)
    state.apply(Play(Tile.parse("0-0"), 1))
    assert [TILES[i] for i in range(len(TILES)) if fast.hands[0] >> i & 1] == state.hand(0)
    assert fast.turn == state.turn == 1


def test_a_compact_copy_keeps_the_end_and_going_out_on_a_double() -> None:
    """wikipedia: going out on a double costs 50 (docs/RULES.md section 4)."""
    rules = PRESETS["wikipedia"].with_options(length="single")
    state = make_round(9, ["9-0 9-2 0-0", "9-1 9-3 5-5 4-4"], rules=rules)
    for toe in ("9-0", "9-1", "9-2", "9-3"):
        state.apply(Play(Tile.parse(toe), 0))
    fast = state.fast.copy()
    fast.apply(0)  # 0-0 on the end showing 0: seat 0 goes out on a double
    state.apply(Play(Tile.parse("0-0"), 1))
    assert fast.end == OUT and fast.points() == state.points() == [50, 5 + 5 + 4 + 4]
    ended = fast.copy()
    assert ended.end == OUT and ended.points() == [50, 18]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_compact_legal_moves_are_the_rules_legal_actions(preset: str) -> None:
    """Each compact move is a tile with the open number it goes on (or the foot's, or the
    placing of the round's double), exactly for the legal actions of the rules path."""
    rng = Random(preset)
    match = Match(["a", "b", "c"], PRESETS[preset].with_options(length="half"))
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            ends = dict(state.open_ends())
            foot = state.incomplete_foot()
            expected: set[int] = set()
            for action in state.legal_actions():
                if isinstance(action, Play):
                    on = action.on
                    number = PLACE if on is None else foot[1] if foot else ends[on]
                    expected.add(action.tile.index << 5 | number)
                else:
                    expected.add(DRAW if isinstance(action, Draw) else PASS)
            assert set(state.fast.legal_moves()) == expected
            match.apply(rng.choice(state.legal_actions()))


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 12), st.integers(0, 2**32))
def test_the_compiled_and_the_plain_python_playouts_make_the_same_moves(
    name: str, players: int, seed: int
) -> None:
    rules = PRESETS[name].with_options(length="single")
    players = min(players, rules.max_players)
    state = Match(["p"] * players, rules).deal_next(Random(seed))
    traces = []
    for module in PLAYOUTS.values():
        trace: list[int] = []
        points = module.chickenfoot_playout(state.fast.copy(), Random(seed), 0.7, trace, None, 0.5)
        traces.append((trace, points))
    assert traces[0] == traces[1]


@pytest.mark.parametrize("module", sorted(PLAYOUTS))
def test_a_pass_on_a_drawn_tile_that_could_be_played_does_not_block_the_round(
    module: str,
) -> None:
    """spruce: a drawn tile need not be played. A seat that passes holding it still holds a
    playable tile, so the seats passing in turn after it do not make the round blocked."""
    rules = PRESETS["spruce"].with_options(length="single")
    rng = Random(1671)
    state = Match(["p", "p"], rules).deal_next(rng)
    fast = state.fast.copy()
    trace: list[int] = []
    points = PLAYOUTS[module].chickenfoot_playout(fast, rng, 1.0, trace)
    check = state.copy()
    for move in trace:
        if check.end is not None:
            break
        check.apply(action_of(check, move))
    assert check.end is not None and check.points() == points


@pytest.mark.parametrize("module", sorted(PLAYOUTS))
@pytest.mark.parametrize("seed", range(6))
def test_a_playout_that_favours_doubles_plays_one_whenever_it_can_except_for_a_greedy_seat(
    module: str, seed: int
) -> None:
    """``doubles`` 1.0: every seat plays a double whenever it has one to play, but a seat
    played as the greedy player (``seat_heavy`` 1.0) keeps to the heaviest tile."""
    rules = PRESETS["classic"].with_options(length="single")
    rng = Random(seed)
    state = Match(["p"] * 4, rules).deal_next(rng)
    greedy = 2
    seat_heavy = [1.0 if seat == greedy else 0.0 for seat in range(4)]
    trace: list[int] = []
    PLAYOUTS[module].chickenfoot_playout(state.fast.copy(), rng, 0.0, trace, seat_heavy, 1.0)
    check = state.copy()
    could = played = greedy_heaviest = 0
    for move in trace:
        if check.end is not None:
            break
        action = action_of(check, move)
        tiles = {a.tile for a in check.legal_actions() if isinstance(a, Play) and a.on is not None}
        if isinstance(action, Play) and action.on is not None:
            if check.turn == greedy:
                weight = weights(rules.double_blank_points)
                assert weight[action.tile.index] == max(weight[t.index] for t in tiles)
                greedy_heaviest += 1
            elif any(t.is_double for t in tiles):
                assert action.tile.is_double, f"{action.tile} played while {tiles} held a double"
                played += 1
            could += 1
        check.apply(action)
    assert played and greedy_heaviest and could
