"""Matches between the random and the greedy bot, played on the compact state, are the very
matches the rules path plays: record for record; with the loop as installed (compiled with
mypyc where a C compiler was at hand) and as plain Python."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.core import PRESETS, Match, compact, compact_loop
from chickenfoot.core.compact import play_out
from chickenfoot.core.fast import DRAW, PASS, EngineError
from chickenfoot.core.games import to_record
from chickenfoot.core.pieces import round_rng
from chickenfoot.play import play_match, play_recorded_match
from tests.compiled import as_plain_python
from tests.helpers import examples
from tests.oracle import check

LOOPS = {"installed": compact_loop, "plain-python": as_plain_python(compact_loop)}


@pytest.mark.parametrize("loop", sorted(LOOPS))
@pytest.mark.parametrize("name", sorted(PRESETS))
@settings(max_examples=examples(10), deadline=None)
@given(
    st.integers(2, 12),
    st.integers(0, 2**32),
    st.lists(st.sampled_from(["random", "greedy"]), min_size=12, max_size=12),
)
def test_the_compact_path_plays_the_same_match_as_the_rules_path(
    loop: str, name: str, players: int, seed: int, bots: list[str]
) -> None:
    rules = PRESETS[name].with_options(length="half")
    players = min(players, rules.max_players)
    lineup = bots[:players]
    with patch.object(compact, "play_placed", LOOPS[loop].play_placed):
        fast, record = play_recorded_match(lineup, rules, seed)
    assert not any(state.history for state in fast.rounds)  # played on the compact state
    slow = play_match(lineup, rules, seed)
    assert record == to_record(slow)
    assert fast.points == slow.points and fast.totals() == slow.totals()
    assert fast.outcome() == slow.outcome()
    assert check(record) == []


@pytest.mark.parametrize("option", [{"target_total": 120}, {"double_blank_points": 0}])
def test_the_compact_path_follows_the_options_too(option: dict[str, int]) -> None:
    rules = PRESETS["classic"].with_options(**option)
    for seed in range(3):
        record = play_recorded_match(["greedy", "random", "random"], rules, seed)[1]
        assert record == to_record(play_match(["greedy", "random", "random"], rules, seed))


def test_a_bot_without_a_compact_form_plays_the_rules_path() -> None:
    rules = PRESETS["classic"].with_options(length="single")
    match, record = play_recorded_match(["heuristic", "random"], rules, 3)
    assert match.rounds[0].history and record == to_record(match)


def test_a_whole_spruce_match_down_to_the_double_blank_is_the_same_on_both_paths() -> None:
    """Spruce deals each round's double, 0-0 last, and its holder places it first."""
    rules = PRESETS["spruce"].with_options(length="full")
    for seed in range(2):
        record = play_recorded_match(["greedy", "random"], rules, seed)[1]
        assert record["rounds"][-1]["double"] == "0-0"
        assert record == to_record(play_match(["greedy", "random"], rules, seed))


def test_a_compact_round_stops_at_its_action_limit() -> None:
    match = Match(["a", "b"], PRESETS["classic"].with_options(length="single"))
    state = match.deal_next(round_rng(1, 0))
    state.fast.limit = 5
    with pytest.raises(EngineError) as caught:
        play_out(state, [lambda options: options[0]] * 2)
    assert state.fast.plies == 5
    assert str(caught.value) == "a round went on past 5 actions, which no legal round can take"


@pytest.mark.parametrize("loop", sorted(LOOPS))
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_recorded_draw_or_pass_is_accepted_exactly_when_the_rules_allow_it(
    loop: str, name: str
) -> None:
    """At every position of random rounds (spruce: players draw until one holds the round's
    double, which must then be placed first), the compact check of a recorded draw and pass
    says what :meth:`FastRound.legal_moves` says."""
    recorded_option = LOOPS[loop]._recorded_option
    rules = PRESETS[name].with_options(length="single")
    positions = 0
    for seed in range(12):
        players = 2 + seed % min(4, rules.max_players - 1)
        match = Match([f"p{s}" for s in range(players)], rules, seed)
        state = match.deal_next(round_rng(seed, 0))
        rng = round_rng(seed, 1)
        while state.end is None:
            fast = state.fast
            moves = fast.legal_moves()
            upcoming = state.upcoming_draw()
            draw = {"seat": fast.turn, "draw": str(upcoming) if upcoming else "0-0"}
            assert (recorded_option(state, draw) is not None) == (DRAW in moves)
            passing = {"seat": fast.turn, "pass": True}
            assert (recorded_option(state, passing) is not None) == (PASS in moves)
            positions += 1
            legal = state.legal_actions()
            match.apply(legal[int(rng.random() * len(legal))])
    assert positions > 300
