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

from chickenfoot.core.fast import DRAW, PASS, PLACE, PLAYABLE, playable_mask, too_long
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.record import to_record
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import Rules
from chickenfoot.core.tiles import HI, LO, NAMES, NUMBER_MASK

Picker = Callable[[list[int]], int]
"""Given the legal options (never empty), one of them."""


class IndexPicker(Protocol):
    """A picker that needs only how many legal options there are: it names the k-th."""

    def __call__(self, options: list[int]) -> int: ...

    def pick_index(self, count: int) -> int:
        """An index in ``range(count)``; ``self(options)`` is ``options[self.pick_index(n)]``."""
        ...


TARGET_BITS = 0xFF


def play_out(state: RoundState, pickers: Sequence[Picker]) -> list[dict[str, Any]]:
    """Play ``state`` (a round just started, no action yet) to its end, each seat's action
    picked by its picker; the actions in record form. ``state`` keeps no history."""
    fast = state.fast
    tiles = state.tiles
    open_ids = state.open_ids
    counts = fast.counts
    names = NAMES
    hi, lo = HI, LO
    number_mask = NUMBER_MASK
    playable = PLAYABLE
    must_play = fast.drawn_must_play
    limit = fast.limit
    by_index = [getattr(p, "pick_index", None) for p in pickers]
    foot_id = state.foot_id
    actions: list[dict[str, Any]] = []
    while not fast.end:
        if fast.plies >= limit:
            raise too_long(limit)
        seat = fast.turn
        if fast.centre >= 0:  # the round's double waits to be placed: rare, the plain way
            moves = fast.legal_moves()
            option = pickers[seat]([m if m < 0 else m >> 5 << 13 | PLACE for m in moves])
        else:
            hand = fast.hands[seat]
            foot = fast.foot
            if foot >= 0:
                legal = hand & number_mask[foot]
                count = legal.bit_count()
            else:
                held = fast.open_mask
                mask = playable.get(held)
                legal = hand & (mask if mask is not None else playable_mask(held))
                count = 0
                rest = legal
                while rest:
                    low = rest & -rest
                    rest ^= low
                    index = low.bit_length() - 1
                    a, b = hi[index], lo[index]
                    count += counts[a] + (counts[b] if a != b else 0)
            tail = 0
            if fast.drew:
                if not count or not must_play:
                    tail = PASS
            elif not count:
                tail = DRAW if fast.next_draw < fast.stop else PASS
            pick_index = by_index[seat]
            if pick_index is not None:
                k = pick_index(count + (tail != 0))
                option = tail if k == count else _kth(k, legal, foot, foot_id, open_ids, counts)
            else:
                options = [_kth(k, legal, foot, foot_id, open_ids, counts) for k in range(count)]
                if tail:
                    options.append(tail)
                option = pickers[seat](options)
        if option == DRAW:
            actions.append({"seat": seat, "draw": names[fast.draw()]})
            continue
        if option == PASS:
            fast.pass_turn()
            actions.append({"seat": seat, "pass": True})
            continue
        index = option >> 13
        number = option & 31
        new_id = len(tiles)
        if number == PLACE:
            fast.play(index, number)
            tiles.append(index)
            actions.append({"seat": seat, "play": names[index], "on": None})
            continue
        target = option >> 5 & TARGET_BITS
        if fast.foot < 0:
            open_ids[number].remove(target)
        fast.play(index, number)
        tiles.append(index)
        a, b = hi[index], lo[index]
        if a == b:
            foot_id = new_id
        else:
            open_ids[a + b - number].append(new_id)
        actions.append({"seat": seat, "play": names[index], "on": target})
    return actions


def _kth(
    k: int, legal: int, foot: int, foot_id: int, open_ids: list[list[int]], counts: list[int]
) -> int:
    """The ``k``-th legal play, in the order of :meth:`RoundState.legal_actions`."""
    if foot >= 0:
        while k:
            legal &= legal - 1
            k -= 1
        return ((legal & -legal).bit_length() - 1) << 13 | foot_id << 5 | foot
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
        actions.append(play_out(state, pickers))
        match.finish_round_if_over()
    return match, to_record(match, actions)
