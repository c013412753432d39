"""Whole matches of Chicken Foot played on the compact state, for players that pick one of
the legal actions from their list alone (the random and the greedy bot).

The loop keeps the round in integers (:class:`~chickenfoot.core.fast.FastRound` plus the tile
ids of the board) and builds objects only at the edges: it logs each action as an integer
(see :func:`play_out`), and the record is made of the log only when it is asked for. Its legal
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
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import Rules
from chickenfoot.core.tiles import HI, LO, NAMES, NUMBER_MASK, indices_of

Picker = Callable[[list[int]], int]
"""Given the legal options (never empty), one of them."""


class UniformPicker(Protocol):
    """A picker that takes ``options[int(random() * len(options))]``: the loop draws the
    index itself from :attr:`random` and builds only the option it names."""

    random: Callable[[], float]

    def __call__(self, options: list[int]) -> int: ...


TARGET_BITS = 0xFF
SEAT_BITS = 4
"""A logged action keeps the seat in its low bits (12 seats at most)."""
_SEAT_MASK = (1 << SEAT_BITS) - 1
_DRAWN = -3
"""A logged draw keeps ``_DRAWN - tile_index`` as its option."""


def play_out(state: RoundState, pickers: Sequence[Picker]) -> list[int]:
    """Play ``state`` (a round just started, no action yet) to its end, each seat's action
    picked by its picker; the actions logged: ``option << SEAT_BITS | seat``, a draw's
    option being ``_DRAWN - drawn_tile_index`` (see :func:`record_actions`). ``state``
    keeps no history."""
    fast = state.fast
    open_ids = state.open_ids
    hands = fast.hands
    counts = fast.counts
    number_mask = NUMBER_MASK
    must_play = fast.drawn_must_play
    limit = fast.limit
    uniform = [_uniform(p) for p in pickers]
    log: list[int] = []
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
                count = _count_plays(legal, open_numbers, counts) if legal else 0
            if fast.drew:
                tail = PASS if not count or not must_play else 0
            elif count:
                tail = 0
            else:
                tail = DRAW if fast.next_draw < fast.stop else PASS
            random = uniform[seat]
            if random is None:
                options = _options(legal, count, tail, foot, state.foot_id, open_ids, counts)
                option = pickers[seat](options)
            else:
                k = int(random() * (count + (tail != 0)))
                if k == count:
                    option = tail
                elif foot >= 0:
                    option = _kth_tile(legal, k) << 13 | state.foot_id << 5 | foot
                else:
                    option = _kth_open_play(k, legal, open_ids, counts)
        if option == DRAW:
            log.append((_DRAWN - fast.draw()) << SEAT_BITS | seat)
            continue
        log.append(option << SEAT_BITS | seat)
        if option == PASS:
            fast.pass_turn()
        else:
            _place(state, option)
    return log


def _place(state: RoundState, option: int) -> None:
    """Play the tile of a play ``option`` (legal) on the board of ``state``: its tile ids,
    open line ends and foot, and its compact state."""
    index = option >> 13
    number = option & 31
    tiles = state.tiles
    new_id = len(tiles)
    if number != PLACE and state.fast.foot < 0:
        state.open_ids[number].remove(option >> 5 & TARGET_BITS)
    state.fast.play(index, number)
    tiles.append(index)
    a = HI[index]
    b = LO[index]
    if a == b:  # the round's double placed, or a double whose foot now waits for toes
        state.foot_id = new_id
    else:
        state.open_ids[a + b - number].append(new_id)


_INDEX_OF_NAME = {name: index for index, name in enumerate(NAMES)}


def replay_out(state: RoundState, items: Sequence[Any]) -> bool:
    """Apply a round's recorded actions (``items``) to ``state`` (a round just started) on
    the compact state: True if every action is written as :func:`record_actions` writes it
    and is legal, False at the first that is not. ``state`` keeps no history; after False it
    is left half-way (replay the record the full way: that says what is wrong)."""
    fast = state.fast
    for item in items:
        if fast.end or fast.plies >= fast.limit or type(item) is not dict:
            return False
        option = _recorded_option(state, item)
        if option is None:
            return False
        if option == DRAW:
            fast.draw()
        elif option == PASS:
            fast.pass_turn()
        else:
            _place(state, option)
    return True


def _recorded_option(state: RoundState, item: dict[str, Any]) -> int | None:
    """The option ``item`` names, if it is the seat's turn, the action is written as
    :func:`record_actions` writes it and it is legal now; else None."""
    fast = state.fast
    seat = item.get("seat")
    if type(seat) is not int or seat != fast.turn:
        return None
    if len(item) == 3 and "play" in item and "on" in item:
        return _recorded_play(state, item["play"], item["on"])
    if len(item) != 2:
        return None
    if "draw" in item:
        if DRAW in fast.legal_moves() and item["draw"] == NAMES[fast.boneyard[fast.next_draw]]:
            return DRAW
        return None
    if item.get("pass") is True and PASS in fast.legal_moves():
        return PASS
    return None


def _recorded_play(state: RoundState, name: Any, on: Any) -> int | None:
    """The option of playing the tile ``name`` on the tile id ``on`` (None: placing the
    round's double), if the seat to play holds it and it fits there; else None."""
    fast = state.fast
    index = _INDEX_OF_NAME.get(name) if type(name) is str else None
    if index is None or not fast.hands[fast.turn] >> index & 1:
        return None
    if fast.centre >= 0:
        return index << 13 | PLACE if on is None and index == fast.centre else None
    if type(on) is not int:
        return None
    foot = fast.foot
    if foot >= 0:
        if on != state.foot_id or foot not in (HI[index], LO[index]):
            return None
        return index << 13 | on << 5 | foot
    for number in (HI[index], LO[index]):
        if on in state.open_ids[number]:
            return index << 13 | on << 5 | number
    return None


def record_actions(log: list[int]) -> list[dict[str, Any]]:
    """The actions of a round's log (:func:`play_out`) in record form."""
    actions: list[dict[str, Any]] = []
    for entry in log:
        seat = entry & _SEAT_MASK
        option = entry >> SEAT_BITS
        if option >= 0:
            number = option & 31
            on = None if number == PLACE else option >> 5 & TARGET_BITS
            actions.append({"seat": seat, "play": NAMES[option >> 13], "on": on})
        elif option == PASS:
            actions.append({"seat": seat, "pass": True})
        else:
            actions.append({"seat": seat, "draw": NAMES[_DRAWN - option]})
    return actions


def _uniform(picker: Picker) -> Callable[[], float] | None:
    """The ``random`` of a :class:`UniformPicker`, None for any other picker."""
    random: Callable[[], float] | None = getattr(picker, "random", None)
    return random


def _centre_options(fast: FastRound) -> list[int]:
    """The options while the round's double waits to be placed: placing it, or else the
    draw or the pass."""
    return [m if m < 0 else m >> 5 << 13 | PLACE for m in fast.legal_moves()]


def _count_plays(legal: int, open_numbers: int, counts: list[int]) -> int:
    """How many plays the tiles ``legal`` have on the open line ends (``counts`` of them per
    number, the bitmask ``open_numbers`` of the numbers they show): a tile goes on every end
    that shows one of its numbers (a double counted once)."""
    numbers = _NUMBERS.get(open_numbers)
    if numbers is None:
        numbers = _NUMBERS[open_numbers] = tuple(indices_of(open_numbers))
    count = 0
    for number in numbers:
        count += counts[number] * (legal & NUMBER_MASK[number]).bit_count()
    return count


_NUMBERS: dict[int, tuple[int, ...]] = {}
"""``_NUMBERS[open_numbers]``: the numbers of the bitmask, ascending."""


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
        index = (legal & -legal).bit_length() - 1
        legal &= legal - 1
        a = HI[index]
        b = LO[index]
        here = counts[a] + counts[b] if a != b else counts[a]
        if k < here:
            if a == b or not counts[b]:
                return index << 13 | open_ids[a][k] << 5 | a
            if not counts[a]:
                return index << 13 | open_ids[b][k] << 5 | b
            target = sorted(open_ids[a] + open_ids[b])[k]  # an end shows one number
            return index << 13 | target << 5 | (a if target in open_ids[a] else b)
        k -= here


def play_match(
    rules: Rules, players: Sequence[str], seed: int, pickers: Sequence[Picker]
) -> tuple[Match, list[list[int]]]:
    """A whole match of compact rounds, dealt as every match is (each round from the seed and
    its number): the match (for its points and outcome; its rounds keep no history) and
    each round's log (:func:`play_out`), which its record is made of."""
    match = Match(list(players), rules, seed)
    logs: list[list[int]] = []
    while not match.is_over:
        state = match.deal_next(round_rng(seed, len(match.rounds)))
        logs.append(play_out(state, pickers))
        match.finish_round_if_over()
    return match, logs
