"""What the core offers those who decide its chance themselves (another library's chance
nodes, a searcher sampling what a seat cannot see): the next tile drawn chosen, the hidden
tiles laid otherwise in a copy, and a match copied, each leaving the original as it was."""

from __future__ import annotations

from random import Random

import pytest

from chickenfoot.core.actions import Draw
from chickenfoot.core.match import Match
from chickenfoot.core.record import replay, to_record
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import CLASSIC

SINGLE = CLASSIC.with_options(length="single")


def until_a_draw(seed: int) -> tuple[Match, RoundState]:
    """A round of four played at random up to a turn whose only action is to draw."""
    rng = Random(seed)
    match = Match(["a", "b", "c", "d"], SINGLE, seed=seed)
    state = match.deal_next(rng)
    while state.end is None:
        legal = state.legal_actions()
        if legal == [Draw()]:
            return match, state
        match.apply(rng.choice(legal))
    raise AssertionError("no draw in this round")


def test_the_tile_chosen_is_the_next_drawn_and_the_record_replays() -> None:
    match, state = until_a_draw(3)
    waiting = state.boneyard_tiles()
    chosen = waiting[-1]
    state.draw_next(chosen)
    assert state.boneyard_tiles() == [chosen, *waiting[:-1]]
    seat = state.turn
    match.apply(Draw())
    assert chosen in state.hand(seat)
    assert to_record(replay(to_record(match))) == to_record(match)


def test_a_tile_not_in_the_boneyard_cannot_be_drawn_next() -> None:
    _match, state = until_a_draw(3)
    with pytest.raises(ValueError, match="not in the boneyard"):
        state.draw_next(state.hand(0)[0])


def test_a_redeal_lays_the_hidden_tiles_otherwise_in_a_copy_only() -> None:
    _match, state = until_a_draw(5)
    one, two = [seat for seat in range(4) if seat != state.turn][:2]
    hidden = state.hand(one) + state.hand(two) + state.boneyard_tiles()
    before = (state.hand(one), state.hand(two), state.boneyard_tiles())
    sizes = len(state.hand(one)), len(state.hand(two))
    swapped = hidden[::-1]
    hands = {one: swapped[: sizes[0]], two: swapped[sizes[0] : sum(sizes)]}
    other = state.redealt(hands, swapped[sum(sizes) :])
    assert sorted(other.hand(one)) == sorted(hands[one])
    assert sorted(other.hand(two)) == sorted(hands[two])
    assert other.boneyard_tiles() == swapped[sum(sizes) :]
    assert other.hand(state.turn) == state.hand(state.turn) and other.board() == state.board()
    assert (state.hand(one), state.hand(two), state.boneyard_tiles()) == before
    assert other.legal_actions() == state.legal_actions()  # the seat to act kept its hand


def test_a_redeal_keeps_every_hands_size_and_the_same_hidden_tiles() -> None:
    _match, state = until_a_draw(5)
    one, boneyard = state.hand(1), state.boneyard_tiles()
    with pytest.raises(ValueError, match="keep its size"):
        state.redealt({1: one[:-1]}, [one[-1], *boneyard])
    with pytest.raises(ValueError, match="same hidden tiles"):
        state.redealt({1: [*one[:-1], state.hand(0)[0]]}, boneyard)


def test_a_copied_match_plays_on_alone() -> None:
    match, state = until_a_draw(7)
    before = to_record(match)
    other = match.copy()
    other.apply(Draw())
    assert to_record(match) == before
    assert other.current is not None and other.current is not state
    assert len(other.current.history) == len(state.history) + 1
