"""Playouts: rounds played on to their end by a fixed policy, for the searching bots.

The policy (mostly the heaviest tile, else a random one) is the bots'; the moves and their
effects are the core's compact state (:class:`~chickenfoot.core.fast.FastRound`), whose
fields this loop reads and updates in place for speed. The tests replay every move of a
playout through the rules path.
"""

from __future__ import annotations

from random import Random

from chickenfoot.core.actions import Play
from chickenfoot.core.fast import (
    BLOCKED,
    DRAW,
    OUT,
    PASS,
    PLAYABLE,
    FastRound,
    playable_mask,
    too_long,
    weights,
)
from chickenfoot.core.standard import HandState
from chickenfoot.core.tiles import DOUBLES_MASK, HI, LO, NUMBER_MASK


def chickenfoot_playout(
    state: FastRound,
    rng: Random,
    heavy: float = 0.0,
    trace: list[int] | None = None,
    seat_heavy: list[float] | None = None,
    doubles: float = 0.0,
) -> list[int]:
    """Play to the end of the round; the points. Each play is a playable double with
    probability ``doubles`` (when the seat holds one, unless it plays as the greedy
    player), else the heaviest playable tile
    with probability ``heavy``, else a uniformly random one (then a random end).
    ``seat_heavy``, if given, is that probability per seat instead; a seat at 1.0 plays
    like the greedy player: always the heaviest tile, and a drawn tile that fits is always
    played.

    ``state`` is consumed: call it on a :meth:`~FastRound.copy`. A blocked round is noticed
    when every seat has passed in turn holding no playable tile, so ``plies`` may count up to
    one pass per seat more than the move-by-move path; the hands and points are the same.
    ``trace``, if given, receives every move made, in order (for checking the playout move by
    move).
    """
    while state.centre >= 0 and not state.end:
        move = state.legal_moves()[0]  # placing the centre leaves no choice
        if trace is not None:
            trace.append(move)
        state.apply(move)
    hands = state.hands
    counts = state.counts
    boneyard = state.boneyard
    number_mask = NUMBER_MASK
    hi = HI
    lo = LO
    random = rng.random
    players = state.players
    foot_toes = state.foot_toes
    stop = state.stop
    must = state.drawn_must_play
    playable = PLAYABLE
    weight = weights(state.blank_points)
    seat = state.turn
    foot = state.foot
    need = state.need
    open_mask = state.open_mask
    next_draw = state.next_draw
    drew = state.drew
    end = state.end
    passes = 0
    plies = state.plies
    limit = state.limit
    i = 0
    h = heavy
    double_mask = DOUBLES_MASK
    while not end:
        plies += 1
        if plies > limit:
            raise too_long(limit)
        if seat_heavy is not None:
            h = seat_heavy[seat]
        hand = hands[seat]
        if foot >= 0:
            legal = hand & number_mask[foot]
        else:
            mask = playable.get(open_mask)
            if mask is None:
                mask = playable_mask(open_mask)
            legal = hand & mask
        if legal and (must or not drew or h >= 1.0 or random() < 0.5):
            if doubles and h < 1.0 and legal & double_mask and random() < doubles:
                legal &= double_mask
                heaviest = False
            else:
                heaviest = h >= 1.0 or (h > 0.0 and random() < h)
            if heaviest:
                best = -1
                while legal:
                    low = legal & -legal
                    legal ^= low
                    j = low.bit_length() - 1
                    w = weight[j]
                    if w > best:
                        best = w
                        i = j
                low = 1 << i
            else:
                k = int(random() * legal.bit_count())
                while k:
                    legal &= legal - 1
                    k -= 1
                low = legal & -legal
                i = low.bit_length() - 1
            hand ^= low
            hands[seat] = hand
            a = hi[i]
            b = lo[i]
            if foot >= 0:
                number = foot
                need -= 1
                if not need:
                    foot = -1
            else:
                if open_mask >> a & 1:
                    number = b if (b != a and open_mask >> b & 1 and random() < 0.5) else a
                else:
                    number = b
                counts[number] -= 1
                if not counts[number]:
                    open_mask ^= 1 << number
                if a == b:
                    foot = a
                    need = foot_toes
            if a != b:
                other = a + b - number
                counts[other] += 1
                open_mask |= 1 << other
            if trace is not None:
                trace.append(i << 5 | number)
            if not hand:
                end = OUT
                state.double_out = a == b
                break
            passes = 0
            drew = False
            seat = (seat + 1) % players
        elif not drew and next_draw < stop:
            hands[seat] = hand | 1 << boneyard[next_draw]
            next_draw += 1
            drew = True
            if trace is not None:
                trace.append(DRAW)
        else:
            if trace is not None:
                trace.append(PASS)
            drew = False
            seat = (seat + 1) % players
            if next_draw >= stop:
                if legal:  # passed on a drawn tile it need not play: nothing is blocked yet
                    passes = 0
                else:
                    passes += 1
                    if passes >= players:
                        end = BLOCKED
    state.turn = seat
    state.foot = foot
    state.need = need
    state.open_mask = open_mask
    state.next_draw = next_draw
    state.drew = drew
    state.end = end
    state.plies = plies
    return state.points()


def standard_playout(state: HandState, rng: Random, heavy: float) -> None:
    """Play a hand of a standard game on to its end: the heaviest play with probability
    ``heavy``, else any legal action at random."""
    while state.end is None:
        legal = state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        if plays and rng.random() < heavy:
            state.apply(max(plays, key=lambda a: a.tile.pips))
        else:
            state.apply(legal[int(rng.random() * len(legal))])
