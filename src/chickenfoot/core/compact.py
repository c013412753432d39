"""Whole matches of Chicken Foot played on the compact state, for players that pick one of
the legal actions from their list alone (the random and the greedy bot).

The loop keeps the round in integers (:class:`~chickenfoot.core.fast.FastRound` plus the tile
ids of the board) and builds objects only at the edges: the record at the end. Its legal
actions are exactly :meth:`RoundState.legal_actions`, in the same order, each written as an
*option*: ``tile_index << 13 | target_id << 5 | number`` for a play (``number`` the open
number it is played on, :data:`~chickenfoot.core.fast.PLACE` for placing the round's double),
:data:`~chickenfoot.core.fast.DRAW` and :data:`~chickenfoot.core.fast.PASS`. A picker given
the same list as a bot's view makes the same choice, so the match is the one the rules path
plays (the tests play both and compare the records).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from chickenfoot.core.fast import (
    DRAW,
    PASS,
    PLACE,
    PLAYABLE,
    FastRound,
    playable_mask,
    too_long,
)
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.record import to_record
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import Rules
from chickenfoot.core.tiles import HI, LO, NAMES, NUMBER_MASK

Picker = Callable[[list[int]], int]
"""Given the legal options (never empty), one of them."""


class UniformPicker(Protocol):
    """A picker that takes ``options[int(random() * len(options))]``: the loop draws the
    index itself from :attr:`random` and builds only the option it names."""

    random: Callable[[], float]

    def __call__(self, options: list[int]) -> int: ...


TARGET_BITS = 0xFF


def play_out(state: RoundState, pickers: Sequence[Picker]) -> list[dict[str, Any]]:
    """Play ``state`` (a round just started, no action yet) to its end, each seat's action
    picked by its picker; the actions in record form. ``state`` keeps no history."""
    fast = state.fast
    tiles = state.tiles
    open_ids = state.open_ids
    hands = fast.hands
    counts = fast.counts
    names, hi, lo, number_mask = NAMES, HI, LO, NUMBER_MASK
    must_play = fast.drawn_must_play
    limit = fast.limit
    uniform = [_uniform(p) for p in pickers]
    foot_id = state.foot_id
    actions: list[dict[str, Any]] = []
    while not fast.end:
        if fast.plies >= limit:
            raise too_long(limit)
        seat = fast.turn
        if fast.centre >= 0:  # the round's double waits to be placed: rare, the plain way
            option = pickers[seat](_centre_options(fast))
        else:
            foot = fast.foot
            if foot >= 0:
                legal = hands[seat] & number_mask[foot]
                count = legal.bit_count()
            else:
                open_numbers = fast.open_mask
                legal = hands[seat] & (PLAYABLE.get(open_numbers) or playable_mask(open_numbers))
                count = _count_plays(legal, counts) if legal else 0
            if fast.drew:
                tail = PASS if not count or not must_play else 0
            elif count:
                tail = 0
            else:
                tail = DRAW if fast.next_draw < fast.stop else PASS
            random = uniform[seat]
            if random is None:
                options = _options(legal, count, tail, foot, foot_id, open_ids, counts)
                option = pickers[seat](options)
            else:
                k = int(random() * (count + (tail != 0)))
                if k == count:
                    option = tail
                elif foot >= 0:
                    option = _kth_tile(legal, k) << 13 | foot_id << 5 | foot
                else:
                    option = _kth_open_play(k, legal, open_ids, counts)
        if option == DRAW:
            actions.append({"seat": seat, "draw": names[fast.draw()]})
        elif option == PASS:
            fast.pass_turn()
            actions.append({"seat": seat, "pass": True})
        else:
            index = option >> 13
            number = option & 31
            if number == PLACE:
                fast.play(index, number)
                tiles.append(index)
                actions.append({"seat": seat, "play": names[index], "on": None})
                continue
            target = option >> 5 & TARGET_BITS
            if fast.foot < 0:
                open_ids[number].remove(target)
            new_id = len(tiles)
            fast.play(index, number)
            tiles.append(index)
            a = hi[index]
            if a == lo[index]:
                foot_id = new_id
            else:
                open_ids[a + lo[index] - number].append(new_id)
            actions.append({"seat": seat, "play": names[index], "on": target})
    state.foot_id = foot_id
    return actions


def _uniform(picker: Picker) -> Callable[[], float] | None:
    """The ``random`` of a :class:`UniformPicker`, None for any other picker."""
    random: Callable[[], float] | None = getattr(picker, "random", None)
    return random


def _centre_options(fast: FastRound) -> list[int]:
    """The options while the round's double waits to be placed: placing it, or else the
    draw or the pass."""
    return [m if m < 0 else m >> 5 << 13 | PLACE for m in fast.legal_moves()]


def _count_plays(legal: int, counts: list[int]) -> int:
    """How many plays the tiles ``legal`` have on the open line ends (``counts`` of them
    per number): a tile may go on every end showing one of its numbers."""
    count = 0
    while legal:
        low = legal & -legal
        legal ^= low
        index = low.bit_length() - 1
        a, b = HI[index], LO[index]
        count += counts[a] + (counts[b] if a != b else 0)
    return count


def _options(
    legal: int,
    count: int,
    tail: int,
    foot: int,
    foot_id: int,
    open_ids: list[list[int]],
    counts: list[int],
) -> list[int]:
    """Every option in order: the ``count`` plays of the tiles ``legal``, then ``tail``
    (the draw or the pass, 0 for neither)."""
    if foot >= 0:
        options = [_kth_tile(legal, k) << 13 | foot_id << 5 | foot for k in range(count)]
    else:
        options = [_kth_open_play(k, legal, open_ids, counts) for k in range(count)]
    if tail:
        options.append(tail)
    return options


def _kth_tile(legal: int, k: int) -> int:
    """The index of the ``k``-th lowest tile of the bitmask ``legal``."""
    while k:
        legal &= legal - 1
        k -= 1
    return (legal & -legal).bit_length() - 1


def _kth_open_play(k: int, legal: int, open_ids: list[list[int]], counts: list[int]) -> int:
    """The ``k``-th play of the tiles ``legal`` on the open line ends, in the order of
    :meth:`RoundState.legal_actions`: by tile index, then by target id."""
    while True:
        low = legal & -legal
        legal ^= low
        index = low.bit_length() - 1
        a, b = HI[index], LO[index]
        here = counts[a] + (counts[b] if a != b else 0)
        if k < here:
            if a == b or not counts[b]:
                return index << 13 | open_ids[a][k] << 5 | a
            if not counts[a]:
                return index << 13 | open_ids[b][k] << 5 | b
            both = sorted([t << 5 | b for t in open_ids[b]] + [t << 5 | a for t in open_ids[a]])
            return index << 13 | both[k]
        k -= here


def play_match(
    rules: Rules, players: Sequence[str], seed: int, pickers: Sequence[Picker]
) -> tuple[Match, dict[str, Any]]:
    """A whole match of compact rounds, dealt as every match is (each round from the seed and
    its number); the match (for its points and outcome; its rounds keep no history) and its
    record."""
    match = Match(list(players), rules, seed)
    actions: list[list[dict[str, Any]]] = []
    while not match.is_over:
        state = match.deal_next(round_rng(seed, len(match.rounds)))
        actions.append(play_out(state, pickers) if state.end is None else [])
        match.finish_round_if_over()
    return match, to_record(match, actions)
