"""Invariants of the standard games over seeded random games of every game, size and set."""

from __future__ import annotations

import json
from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.core import Draw, IllegalActionError, Pass, Play, RoundEnd, Tile, full_set
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
from tests.helpers import examples, values_in


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
def test_every_recorded_action_replays_as_legal(config: tuple[StandardRules, int]) -> None:
    record = to_record(play(*config))
    assert to_record(replay(json.loads(json.dumps(record)))) == record


@settings(max_examples=examples(100), deadline=None)
@given(games())
def test_scores_add_up(config: tuple[StandardRules, int]) -> None:
    rules, seed = config
    game = play(rules, seed)
    for hand, points in zip(game.rounds, game.points, strict=True):
        in_play = [0] * len(rules.sides)
        for event in hand.history:
            in_play[rules.side_of(event.seat)] += event.score
            if rules.play_scoring.value == "fives":
                assert event.score % 5 == 0
            elif rules.play_scoring.value == "headers":
                assert event.score in (0, 1, 2, 3)
            else:
                assert event.score == 0
        assert in_play == hand.scored
        assert hand.points() == [a + b for a, b in zip(in_play, _end_points(hand), strict=True)]
        assert points == [hand.points()[rules.side_of(s)] for s in range(rules.players)]
    totals = [sum(p[s] for p in game.points) for s in range(rules.players)]
    outcome = game.outcome()
    assert outcome is not None and list(outcome.totals) == totals == game.totals()
    if not rules.target:
        (hand,) = game.rounds
        sides = (hand.winner,) if hand.winner is not None else hand.tied
        assert outcome.winners == tuple(
            s for s in range(rules.players) if rules.side_of(s) in sides
        )
    else:
        assert max(totals) >= rules.target
        assert all(totals[w] == max(totals) for w in outcome.winners)
        assert totals.count(max(totals)) == len(outcome.winners)


def _end_points(hand: HandState) -> list[int]:
    """What the end of ``hand`` scores, worked out again from the hands left."""
    rules = hand.rules
    points = [0] * len(rules.sides)
    if hand.winner is None:
        assert hand.end is RoundEnd.BLOCKED and len(hand.tied) > 1
        return points
    if hand.end is RoundEnd.OUT:
        assert hand.hand(hand.turn) == [] and rules.side_of(hand.turn) == hand.winner
    pips = [sum(hand.pips(s) for s in side) for side in rules.sides]
    if rules.hand_scoring.value == "bonus":
        points[hand.winner] = rules.bonus
        return points
    won = sum(pips) - pips[hand.winner]
    if hand.end is RoundEnd.BLOCKED:
        assert pips[hand.winner] == min(pips)
        won -= pips[hand.winner]
    points[hand.winner] = round(won / rules.round_to) * rules.round_to
    return points


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
            seen = {v for v in values_in(view) if isinstance(v, Tile)}
            assert seen <= public | set(view.hand) | own_draws
            assert view.boneyard_size == len(hand.boneyard_tiles())
            assert all(
                e.drawn is None
                for e in view.history
                if e.seat != seat and isinstance(e.action, Draw)
            )
            assert not any(isinstance(v, HIDDEN) for v in values_in(view))
            assert view.legal == (tuple(hand.legal_actions()) if view.my_turn else ())
        game.apply(rng.choice(hand.legal_actions()))
