"""Invariants of the standard games over seeded random games of every game, size and set."""

from __future__ import annotations

import json
from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.core import Draw, IllegalActionError, Pass, Play, Tile, full_set
from chickenfoot.core.standard import (
    SETS,
    Deal,
    Game,
    HandState,
    StandardGame,
    StandardRules,
    replay,
    standard_view,
    to_record,
)
from tests.helpers import assert_legal_actions_are, examples, values_in
from tests.independent_standard_checker import check_record, legal_action_lists


@st.composite
def games(draw: st.DrawFn) -> tuple[StandardRules, int]:
    """Options of any named game (2 to 4 players, partners where allowed, any set), a seed."""
    game = draw(st.sampled_from([g.value for g in Game]))
    players = draw(st.integers(min_value=2, max_value=4))
    partnership = players == 4 and game != "bergen" and draw(st.booleans())
    top = draw(st.sampled_from(SETS))
    rules = StandardRules.for_game(game, players=players, partnership=partnership, set_top=top)
    return rules, draw(st.integers(min_value=0, max_value=2**32))


def play(rules: StandardRules, seed: int) -> StandardGame:
    rng = Random(seed)
    game = StandardGame([f"p{s}" for s in range(rules.players)], rules, seed)
    while not game.is_over:
        hand = game.deal_next(rng)
        while hand.end is None:
            game.apply(rng.choice(hand.legal_actions()))
    return game


def check_partition(hand: HandState) -> None:
    held = [x for s in range(hand.players) for x in hand.hand(s)]
    on_table = [p.tile for p in hand.layout.placed()]
    everything = Counter(held + hand.boneyard_tiles() + on_table)
    assert everything == Counter(full_set(hand.rules.set_top))


@settings(max_examples=examples(100), deadline=None)
@given(games())
def test_every_tile_is_exactly_once_in_a_hand_the_boneyard_or_the_layout(
    config: tuple[StandardRules, int],
) -> None:
    rules, seed = config
    rng = Random(seed)
    game = StandardGame(["p"] * rules.players, rules)
    hand = game.deal_next(rng)
    check_partition(hand)
    while hand.end is None:
        game.apply(rng.choice(hand.legal_actions()))
        check_partition(hand)


@settings(max_examples=examples(40), deadline=None)
@given(games())
def test_legal_actions_are_in_order_and_every_one_applies(
    config: tuple[StandardRules, int],
) -> None:
    rules, seed = config
    rng = Random(seed)
    game = StandardGame(["p"] * rules.players, rules)
    hand = game.deal_next(rng)
    while hand.end is None:
        legal = hand.legal_actions()
        plays = [(a.tile.index, a.on or 0) for a in legal if isinstance(a, Play)]
        assert plays == sorted(set(plays))
        assert [a for a in legal if not isinstance(a, Play)] in ([], [Draw()], [Pass()])
        for action in legal:
            hand.copy().apply(action)
        stranger = Play(Tile(rules.set_top, rules.set_top), len(hand.layout) + 1)
        with pytest.raises(IllegalActionError):
            hand.copy().apply(stranger)
        game.apply(rng.choice(legal))


@settings(max_examples=examples(100), deadline=None)
@given(games())
def test_every_record_replays_and_passes_the_independent_checker(
    config: tuple[StandardRules, int],
) -> None:
    """The independent checker works out every legal action, score, point, total and the
    winners again from docs/STANDARD.md alone."""
    record = to_record(play(*config))
    assert to_record(replay(json.loads(json.dumps(record)))) == record
    assert check_record(record) == []


@settings(max_examples=examples(40), deadline=None)
@given(games())
def test_legal_actions_agree_with_the_independent_checker_in_every_hand(
    config: tuple[StandardRules, int],
) -> None:
    game = play(*config)
    assert_legal_actions_are(game, legal_action_lists(to_record(game)))


@settings(max_examples=examples(60), deadline=None)
@given(games())
def test_what_a_play_scores_is_what_its_game_can_score(config: tuple[StandardRules, int]) -> None:
    """All Fives scores multiples of five, Bergen 1 to 3 for a header, the others nothing."""
    rules, seed = config
    game = play(rules, seed)
    scores = {e.score for hand in game.rounds for e in hand.history}
    if rules.play_scoring.value == "fives":
        assert all(score % 5 == 0 for score in scores)
    elif rules.play_scoring.value == "headers":
        assert scores <= {0, 1, 2, 3}
    else:
        assert scores == {0}
    outcome = game.outcome()
    assert outcome is not None and outcome.winners
    if rules.target:
        assert max(outcome.totals) >= rules.target


HIDDEN = (StandardGame, HandState, Deal, Random)


@settings(max_examples=examples(30), deadline=None)
@given(games())
def test_no_view_holds_another_seats_tile_or_the_boneyard(
    config: tuple[StandardRules, int],
) -> None:
    rules, seed = config
    rng = Random(seed)
    game = StandardGame(["p"] * rules.players, rules, seed)
    hand = game.deal_next(rng)
    while hand.end is None:
        for seat in range(rules.players):
            view = standard_view(game, seat)
            assert list(view.hand) == hand.hand(seat)
            own_draws = {e.drawn for e in hand.history if e.seat == seat and e.drawn}
            public = {p.tile for p in hand.layout.placed()}
            values = values_in(view)
            seen = {v for v in values if isinstance(v, Tile)}
            assert seen <= public | set(view.hand) | own_draws
            assert view.boneyard_size == len(hand.boneyard_tiles())
            assert all(
                e.drawn is None
                for e in view.history
                if e.seat != seat and isinstance(e.action, Draw)
            )
            assert not any(isinstance(v, HIDDEN) for v in values)
            assert view.legal == (tuple(hand.legal_actions()) if view.my_turn else ())
        game.apply(rng.choice(hand.legal_actions()))
