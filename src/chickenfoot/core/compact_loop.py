"""The hot loops of :mod:`chickenfoot.core.compact`: a round of Chicken Foot played on
integers once the round's double is in the centre, a round's log written as record actions,
and recorded actions checked on the compact state (and a recorded deal's tiles read).

This module is compiled to a C extension with mypyc when the package is installed (see
``setup.py``), where a C compiler is at hand; it runs as plain Python otherwise, with the same
results (the tests play both against the rules path).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from chickenfoot.core.fast import (
    BLOCKED,
    DRAW,
    OUT,
    PASS,
    PLACE,
    PLAYABLE,
    RUNNING,
    FastRound,
    playable_mask,
    too_long,
)
from chickenfoot.core.round import RoundState
from chickenfoot.core.tiles import HI, LO, NAMES, NUMBER_MASK, TILES, Tile

Picker = Callable[[list[int]], int]
"""Given the legal options (never empty), one of them."""

TARGET_BITS: Final = 0xFF
SEAT_BITS: Final = 4
"""A logged action keeps the seat in its low bits (12 seats at most)."""
SEAT_MASK: Final = (1 << SEAT_BITS) - 1
DRAWN: Final = -3
"""A logged draw keeps ``DRAWN - tile_index`` as its option."""


def play_placed(
    state: RoundState,
    pickers: Sequence[Picker],
    uniform: Sequence[Callable[[], float] | None],
    log: list[int],
) -> None:
    """:func:`play_out` once the round's double is in the centre: the state kept in local
    variables while the round is played (written back at its end), each step of
    :meth:`FastRound.play`, :meth:`FastRound.draw` and :meth:`FastRound.pass_turn` done in
    place, and the random players' options built only when chosen."""
    fast = state.fast
    hands = fast.hands
    counts = fast.counts
    boneyard = fast.boneyard
    open_ids = state.open_ids
    tiles = state.tiles
    stop = fast.stop
    next_draw = fast.next_draw
    open_numbers = fast.open_mask
    foot = fast.foot
    need = fast.need
    foot_toes = fast.foot_toes
    foot_id = state.foot_id
    turn = fast.turn
    drew = fast.drew
    players = fast.players
    must_play = fast.drawn_must_play
    plies = fast.plies
    limit = fast.limit
    number_mask = NUMBER_MASK
    hi = HI
    lo = LO
    playable = PLAYABLE
    append = log.append
    end = RUNNING
    try:
        while True:
            if plies >= limit:
                raise too_long(limit)
            plies += 1
            hand = hands[turn]
            if foot >= 0:
                legal = hand & number_mask[foot]
                count = legal.bit_count()
            else:
                legal = hand & (playable.get(open_numbers) or playable_mask(open_numbers))
                count = 0
                rest = legal
                while rest:
                    low = rest & -rest
                    rest ^= low
                    index = low.bit_length() - 1
                    a = hi[index]
                    b = lo[index]
                    count += counts[a] + counts[b] if a != b else counts[a]
            if drew:
                tail = PASS if not count or not must_play else 0
            elif count:
                tail = 0
            else:
                tail = DRAW if next_draw < stop else PASS
            random = uniform[turn]
            if random is None:
                options = all_options(legal, count, tail, foot, foot_id, open_ids, counts)
                option = pickers[turn](options)
            else:
                k = int(random() * (count + (tail != 0)))
                if k == count:
                    option = tail
                elif foot >= 0:
                    option = kth_tile(legal, k) << 13 | foot_id << 5 | foot
                else:
                    option = kth_open_play(k, legal, open_ids, counts)
            if option < 0:
                if option == DRAW:
                    index = boneyard[next_draw]
                    next_draw += 1
                    hands[turn] = hand | 1 << index
                    drew = True
                    append((DRAWN - index) << SEAT_BITS | turn)
                    if next_draw >= stop and _blocked(hands, foot, open_numbers):
                        end = BLOCKED
                        break
                    continue
                append(option << SEAT_BITS | turn)
                drew = False
                turn = (turn + 1) % players
                continue
            append(option << SEAT_BITS | turn)
            index = option >> 13
            number = option & 31
            hand ^= 1 << index
            hands[turn] = hand
            a = hi[index]
            b = lo[index]
            new_id = len(tiles)
            tiles.append(index)
            if foot >= 0:
                need -= 1
                if not need:
                    foot = -1
            else:
                open_ids[number].remove(option >> 5 & TARGET_BITS)
                counts[number] -= 1
                if not counts[number]:
                    open_numbers ^= 1 << number
                if a == b:
                    foot = a
                    need = foot_toes
                    foot_id = new_id
            if a != b:
                other = a + b - number
                counts[other] += 1
                open_numbers |= 1 << other
                open_ids[other].append(new_id)
            if not hand:
                end = OUT
                fast.double_out = a == b
                break
            drew = False
            turn = (turn + 1) % players
            if next_draw >= stop and _blocked(hands, foot, open_numbers):
                end = BLOCKED
                break
    finally:  # the state as the actions left it, also if a picker fails
        fast.next_draw = next_draw
        fast.open_mask = open_numbers
        fast.foot = foot
        fast.need = need
        fast.turn = turn
        fast.drew = drew
        fast.plies = plies
        fast.end = end
        state.foot_id = foot_id


def _blocked(hands: list[int], foot: int, open_numbers: int) -> bool:
    """No hand holds a tile that fits (:meth:`FastRound._check_blocked`, once nothing can be
    drawn)."""
    fits = NUMBER_MASK[foot] if foot >= 0 else playable_mask(open_numbers)
    for hand in hands:  # noqa: SIM110 (a loop: no generator to start)
        if hand & fits:
            return False
    return True


def all_options(
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
        options = [kth_tile(legal, k) << 13 | foot_id << 5 | foot for k in range(count)]
    else:
        options = [kth_open_play(k, legal, open_ids, counts) for k in range(count)]
    if tail:
        options.append(tail)
    return options


def kth_tile(legal: int, k: int) -> int:
    """The index of the ``k``-th lowest tile of the bitmask ``legal``."""
    while k:
        legal &= legal - 1
        k -= 1
    return (legal & -legal).bit_length() - 1


def kth_open_play(k: int, legal: int, open_ids: list[list[int]], counts: list[int]) -> int:
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


def place(state: RoundState, option: int) -> None:
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
        _take(state, option)
    return True


def replay_decoded(state: RoundState, items: list[Any], absent: object) -> bool:
    """:func:`replay_out` for actions decoded into objects rather than dicts: each has the
    attributes ``seat`` (an int), ``play``, ``on``, ``draw`` and ``pass_``, which are
    ``absent`` where the action has no such key. Once the round's double is in the centre
    the state is kept in local variables, as :func:`play_placed` keeps it."""
    fast = state.fast
    count = len(items)
    j = 0
    while j < count and fast.centre >= 0:
        if fast.end or fast.plies >= fast.limit:
            return False
        option = _decoded_option(state, items[j], absent)
        if option is None:
            return False
        _take(state, option)
        j += 1
    if j == count:
        return True
    if fast.end:
        return False
    hands = fast.hands
    counts = fast.counts
    boneyard = fast.boneyard
    open_ids = state.open_ids
    tiles = state.tiles
    stop = fast.stop
    next_draw = fast.next_draw
    open_numbers = fast.open_mask
    foot = fast.foot
    need = fast.need
    foot_toes = fast.foot_toes
    foot_id = state.foot_id
    turn = fast.turn
    drew = fast.drew
    players = fast.players
    must_play = fast.drawn_must_play
    plies = fast.plies
    limit = fast.limit
    index_of = _INDEX_OF_NAME
    hi = HI
    lo = LO
    end = RUNNING
    try:
        while j < count:
            item = items[j]
            seat = item.seat
            if plies >= limit or type(seat) is not int or seat != turn:
                return False
            hand = hands[turn]
            play = item.play
            if play is not absent:
                on = item.on
                if on is absent or item.draw is not absent or item.pass_ is not absent:
                    return False
                found = index_of.get(play) if type(play) is str else None
                if found is None or not hand >> found & 1 or type(on) is not int:
                    return False
                index: int = found
                target: int = on
                a = hi[index]
                b = lo[index]
                if foot >= 0:
                    if target != foot_id or (foot != a and foot != b):
                        return False
                    number = foot
                elif target in open_ids[a]:
                    number = a
                elif target in open_ids[b]:
                    number = b
                else:
                    return False
                j += 1
                plies += 1
                hand ^= 1 << index
                hands[turn] = hand
                new_id = len(tiles)
                tiles.append(index)
                if foot >= 0:
                    need -= 1
                    if not need:
                        foot = -1
                else:
                    open_ids[number].remove(target)
                    counts[number] -= 1
                    if not counts[number]:
                        open_numbers ^= 1 << number
                    if a == b:
                        foot = a
                        need = foot_toes
                if a != b:
                    other = a + b - number
                    counts[other] += 1
                    open_numbers |= 1 << other
                    open_ids[other].append(new_id)
                else:
                    foot_id = new_id
                if not hand:
                    end = OUT
                    fast.double_out = a == b
                    return j == count
                drew = False
                turn = (turn + 1) % players
                if next_draw >= stop and _blocked(hands, foot, open_numbers):
                    end = BLOCKED
                    return j == count
                continue
            draw = item.draw
            passed = item.pass_
            if item.on is not absent or (draw is absent) == (passed is absent):
                return False
            fits = NUMBER_MASK[foot] if foot >= 0 else playable_mask(open_numbers)
            plays = hand & fits != 0
            if draw is not absent:
                if drew or plays or next_draw >= stop or draw != NAMES[boneyard[next_draw]]:
                    return False
                j += 1
                plies += 1
                hands[turn] = hand | 1 << boneyard[next_draw]
                next_draw += 1
                drew = True
                if next_draw >= stop and _blocked(hands, foot, open_numbers):
                    end = BLOCKED
                    return j == count
                continue
            if passed is not True or (plays and (must_play or not drew)):
                return False
            if not drew and next_draw < stop:
                return False
            j += 1
            plies += 1
            drew = False
            turn = (turn + 1) % players
        return True
    finally:  # the state as the actions taken left it
        fast.next_draw = next_draw
        fast.open_mask = open_numbers
        fast.foot = foot
        fast.need = need
        fast.turn = turn
        fast.drew = drew
        fast.plies = plies
        fast.end = end
        state.foot_id = foot_id


def read_tiles(
    names: list[str], index_of: dict[str, int], seen: int
) -> tuple[tuple[Tile, ...], int] | None:
    """The tiles of a record's hand or boneyard by their ``names`` (``index_of`` gives each
    name's tile index), and ``seen`` (a bitmask of tiles) with theirs added; None if a name
    is not in ``index_of`` or names a tile in ``seen`` or named before."""
    tiles: list[Tile] = []
    for name in names:
        index = index_of.get(name)
        if index is None or seen >> index & 1:
            return None
        seen |= 1 << index
        tiles.append(TILES[index])
    return tuple(tiles), seen


def _take(state: RoundState, option: int) -> None:
    if option == DRAW:
        state.fast.draw()
    elif option == PASS:
        state.fast.pass_turn()
    else:
        place(state, option)


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
        return _draw_or_pass(fast, seat, item["draw"], None)
    return _draw_or_pass(fast, seat, None, item.get("pass"))


def _decoded_option(state: RoundState, item: Any, absent: object) -> int | None:
    """:func:`_recorded_option` of an action decoded into an object."""
    fast = state.fast
    seat = item.seat
    if type(seat) is not int or seat != fast.turn:
        return None
    play = item.play
    on = item.on
    draw = item.draw
    passed = item.pass_
    if play is not absent:
        if on is absent or draw is not absent or passed is not absent:
            return None
        return _recorded_play(state, play, on)
    if on is not absent or (draw is absent) == (passed is absent):
        return None
    if draw is not absent:
        return _draw_or_pass(fast, seat, draw, None)
    return _draw_or_pass(fast, seat, None, passed)


def _draw_or_pass(fast: FastRound, seat: int, draw: Any, passed: Any) -> int | None:
    """The option of a draw naming the tile ``draw`` (not None), else of a pass written
    ``passed``, if it is legal now; else None."""
    plays = fast.playable(fast.hands[seat]) != 0  # as in :meth:`FastRound.legal_moves`
    if plays and fast.centre >= 0:  # the round's double is held: placing it is all
        return None
    if draw is not None:
        drawable = not fast.drew and not plays and fast.next_draw < fast.stop
        if drawable and draw == NAMES[fast.boneyard[fast.next_draw]]:
            return DRAW
        return None
    if passed is not True:
        return None
    if fast.drew:  # after a draw: pass unless the drawn tile fits and must be played
        return PASS if not plays or not fast.drawn_must_play else None
    return PASS if not plays and fast.next_draw >= fast.stop else None


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
        seat = entry & SEAT_MASK
        option = entry >> SEAT_BITS
        if option >= 0:
            number = option & 31
            on = None if number == PLACE else option >> 5 & TARGET_BITS
            actions.append({"seat": seat, "play": NAMES[option >> 13], "on": on})
        elif option == PASS:
            actions.append({"seat": seat, "pass": True})
        else:
            actions.append({"seat": seat, "draw": NAMES[DRAWN - option]})
    return actions


_SEATS: Final = range(SEAT_MASK + 1)
_PLAY_BY: Final = [b'{"seat":%d,"play":' % s for s in _SEATS]
_DRAW_BY: Final = [b'{"seat":%d,"draw":' % s for s in _SEATS]
_PASS_BY: Final = [b'{"seat":%d,"pass":true}' % s for s in _SEATS]
_TILE_TEXT: Final = [b'"%s"' % name.encode() for name in NAMES]
_ON_TEXT: Final = [b',"on":%d}' % n for n in range(TARGET_BITS + 1)]
_ON_NULL: Final = b',"on":null}'
_DRAWN_END: Final = b"}"


def record_actions_json(log: list[int]) -> bytes:
    """:func:`record_actions` as compact JSON text, as msgspec encodes it, put together
    from the texts of its parts."""
    parts: list[bytes] = [b"["]
    for entry in log:
        if len(parts) > 1:
            parts.append(b",")
        seat = entry & SEAT_MASK
        option = entry >> SEAT_BITS
        if option >= 0:
            parts.append(_PLAY_BY[seat])
            parts.append(_TILE_TEXT[option >> 13])
            number = option & 31
            parts.append(_ON_NULL if number == PLACE else _ON_TEXT[option >> 5 & TARGET_BITS])
        elif option == PASS:
            parts.append(_PASS_BY[seat])
        else:
            parts.append(_DRAW_BY[seat])
            parts.append(_TILE_TEXT[DRAWN - option])
            parts.append(_DRAWN_END)
    parts.append(b"]")
    return b"".join(parts)
