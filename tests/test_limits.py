"""A round that cannot end is a bug: the engine stops it with an error instead of hanging."""

from __future__ import annotations

from random import Random

import pytest

from chickenfoot.bots.playout import chickenfoot_playout
from chickenfoot.core import CLASSIC, Match, RoundState
from chickenfoot.core.fast import EngineError, action_limit
from chickenfoot.core.standard import HandState, StandardGame, StandardRules


def test_no_legal_round_comes_near_the_action_limit() -> None:
    rng = Random(5)
    for players in (2, 4, 8):
        match = Match(["p"] * players, CLASSIC.with_options(length="single"))
        state = match.deal_next(rng)
        while state.end is None:
            match.apply(rng.choice(state.legal_actions()))
        tiles = 55 if players <= 6 else 91
        assert len(state.history) < action_limit(tiles, players) / 3


def test_a_round_that_runs_past_its_limit_stops_with_an_engine_error() -> None:
    # The compact round is compiled (no method of it can be replaced to hide a block): a
    # limit lower than the round needs stands for a round that would never end.
    match = Match(["p"] * 4, CLASSIC.with_options(length="single"))
    state: RoundState = match.deal_next(Random(2))
    state.fast.limit = 3
    with pytest.raises(EngineError, match="past 3 actions"):
        for _ in range(10_000):
            state.apply(state.legal_actions()[0])
    assert len(state.history) == 3


def test_a_playout_that_runs_past_the_limit_stops_with_an_engine_error() -> None:
    match = Match(["p"] * 4, CLASSIC.with_options(length="single"))
    fast = match.deal_next(Random(2)).fast.copy()
    fast.limit = 5
    with pytest.raises(EngineError, match="past 5 actions"):
        chickenfoot_playout(fast, Random(3))


def test_a_hand_of_a_standard_game_that_cannot_end_stops_with_an_engine_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(HandState, "_blocked", lambda self: False)
    game = StandardGame(["a", "b"], StandardRules.for_game("block"))
    hand = game.deal_next(Random(0))  # a hand that ends blocked when played this way
    limit = action_limit(28, 2)
    with pytest.raises(EngineError) as caught:
        for _ in range(10_000):
            game.apply(hand.legal_actions()[0])
    assert len(hand.history) == limit
    assert (
        str(caught.value) == f"a round went on past {limit} actions, which no legal round can take"
    )
