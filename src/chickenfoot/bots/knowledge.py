"""What a seat can infer from its view, and hidden hands sampled consistently with it.

A seat that draws or passes held no tile carrying a number that was playable then. Such a
void covers the tiles the seat held at that moment, not the ones it draws later, so each
other seat's hidden hand is tracked as *cohorts*: groups of tiles that share the same
forbidden tiles (the dealt tiles, then each drawn tile that stayed in the hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from random import Random

from chickenfoot.bots.dealing import even_out, fill, shuffle
from chickenfoot.bots.opponents import heavier
from chickenfoot.core import Draw, FastRound, Pass, Play, SeatView
from chickenfoot.core.fast import PLACE
from chickenfoot.core.tiles import mask_of, set_mask


@dataclass(frozen=True, slots=True)
class Cohort:
    seat: int
    forbidden: int
    """Bitmask of tiles none of this cohort's tiles can be."""
    count: int


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The seat's own hand, the tiles it has not seen, and the cohorts of the others."""

    hand: int
    unseen: int
    cohorts: tuple[Cohort, ...]

    def voids(self, seat: int) -> int:
        """Tiles ``seat`` surely does not hold (forbidden to all its cohorts)."""
        forbidden = -1
        for c in self.cohorts:
            if c.seat == seat:
                forbidden &= c.forbidden
        return forbidden if forbidden != -1 else 0


def infer(view: SeatView, greedy: int = 0) -> Knowledge:
    """Read the view's public history into per-seat cohorts of hidden tiles. ``greedy``:
    bitmask of the seats taken to play like the greedy player, whose every play (but of a
    tile just drawn) also forbids the heavier tiles playable then to all the tiles it held
    (:mod:`chickenfoot.bots.opponents`)."""
    players = len(view.players)
    heavy = heavier(view.rules.double_blank_points) if greedy else ()
    dealt = view.rules.hand_size(players)
    groups: list[list[list[int]]] = [[[0, dealt]] for _ in range(players)]
    must_play = view.rules.drawn_tile_must_be_played
    previous = None
    for event, needed in zip(view.history, view.needed, strict=True):
        seat = event.seat
        drew_before = (
            previous is not None and previous.seat == seat and isinstance(previous.action, Draw)
        )
        previous = event
        if seat == view.seat:
            continue
        group = groups[seat]
        action = event.action
        if isinstance(action, Play):
            if drew_before:
                group.pop()
            else:
                _take(group, 1 << action.tile.index)
                if greedy >> seat & 1:
                    passed = needed & heavy[action.tile.index]
                    for c in group:
                        c[0] |= passed
        else:
            keep_last = isinstance(action, Pass) and drew_before and not must_play
            for c in group[: -1 if keep_last else None]:
                c[0] |= needed
            if isinstance(action, Draw):
                group.append([0, 1])
    hand = mask_of(view.hand)
    board = mask_of(p.tile for p in view.board)
    unseen = set_mask(view.rules.set_top(players)) & ~hand & ~board
    cohorts: list[Cohort] = []
    for seat, seat_group in enumerate(groups):
        if seat == view.seat:
            continue
        live = [c for c in seat_group if c[1] > 0]
        if sum(c[1] for c in live) != view.hand_sizes[seat]:
            live = [[0, view.hand_sizes[seat]]]  # only reachable if the history was cut
        cohorts.extend(Cohort(seat, f & unseen, n) for f, n in live)
    return Knowledge(hand, unseen, tuple(cohorts))


def _take(cohorts: list[list[int]], bit: int) -> None:
    """A played tile came from the oldest cohort that could hold it."""
    for c in cohorts:
        if c[1] and not c[0] & bit:
            c[1] -= 1
            return
    for c in cohorts:
        if c[1]:
            c[1] -= 1
            return


def sample_hands(
    view: SeatView, knowledge: Knowledge, rng: Random, tries: int = 20, swaps: int = 0
) -> tuple[list[int], list[int]]:
    """Hidden hands and a boneyard order drawn at random, consistent with ``knowledge``.

    Cohorts are filled most constrained first from a shuffled pool; after ``tries``
    failures the voids are dropped (the history then allows no better guess cheaply).
    Filling in that order favours the first cohorts with the tiles several could hold;
    ``swaps`` tries per unseen tile at exchanging two random tiles between cohorts (or the
    boneyard), each made when both tiles may go where the other was, bring the sample close
    to one where every consistent deal is equally likely (:mod:`chickenfoot.bots.dealing`).
    """
    groups = _groups(knowledge)
    pool = list(groups.pool)
    for attempt in range(tries + 1):
        shuffle(pool, rng)
        filled = fill(groups.forbidden if attempt < tries else groups.free, groups.counts, pool)
        if filled is not None:
            masks, taken = filled
            boneyard = [i for i in pool if not taken >> i & 1]
            if swaps and attempt < tries:
                masks = even_out(groups.forbidden, masks, boneyard, rng, swaps * len(pool))
            hands = [0] * len(view.players)
            hands[view.seat] = knowledge.hand
            for seat, mask in zip(groups.seats, masks, strict=True):
                hands[seat] |= mask
            return hands, boneyard
    raise AssertionError("unreachable: the last try ignores every void")


def consistent(view: SeatView, knowledge: Knowledge, rng: Random, tries: int = 20) -> bool:
    """Whether :func:`sample_hands` finds hands that keep every void of ``knowledge`` within
    ``tries`` shuffles."""
    groups = _groups(knowledge)
    pool = list(groups.pool)
    for _ in range(tries):
        shuffle(pool, rng)
        if fill(groups.forbidden, groups.counts, pool) is not None:
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Groups:
    """What sampling needs of a :class:`Knowledge`, worked out once: the unseen tiles'
    indices, and the cohorts most constrained first (each one's seat, forbidden tiles and
    count, and ``free``: no tile forbidden, for the try that drops the voids). No list here
    is changed once made."""

    pool: tuple[int, ...]
    seats: list[int]
    forbidden: list[int]
    counts: list[int]
    free: list[int]


@lru_cache(maxsize=8)
def _groups(knowledge: Knowledge) -> _Groups:
    unseen = knowledge.unseen
    order = sorted(knowledge.cohorts, key=lambda c: -c.forbidden.bit_count())
    return _Groups(
        tuple(i for i in range(unseen.bit_length()) if unseen >> i & 1),
        [c.seat for c in order],
        [c.forbidden for c in order],
        [c.count for c in order],
        [0] * len(order),
    )


def determinize(view: SeatView, knowledge: Knowledge, rng: Random, swaps: int = 0) -> FastRound:
    """A full round state that agrees with everything ``view`` shows (``swaps``: see
    :func:`sample_hands`)."""
    hands, boneyard = sample_hands(view, knowledge, rng, swaps=swaps)
    return position(view, hands, boneyard)


def after(view: SeatView, action: Play | Draw | Pass) -> FastRound:
    """The board once the seat to act has taken ``action``, with only its own hand known
    (the other hands are left empty: read the board and that hand, nothing else)."""
    hands = [0] * len(view.players)
    hands[view.seat] = mask_of(view.hand)
    state = position(view, hands, [])
    state.apply(fast_move(view, action))
    return state


def position(view: SeatView, hands: list[int], boneyard: list[int]) -> FastRound:
    """The round ``view`` shows, with these hands and boneyard."""
    counts = [0] * (view.rules.set_top(len(view.players)) + 1)
    for _, number in view.open_ends:
        counts[number] += 1
    if not view.centre_placed:
        foot, need, centre = view.double.hi, view.centre_toes, view.double.index
    else:
        foot, need = (view.foot[1], view.foot[2]) if view.foot else (-1, 0)
        centre = -1
    return FastRound.position(
        counts=counts,
        foot=foot,
        need=need,
        hands=hands,
        boneyard=boneyard,
        drawable=view.drawable,
        turn=view.turn,
        foot_toes=view.rules.foot_toes,
        drew=view.drew,
        drawn_must_play=view.rules.drawn_tile_must_be_played,
        blank_points=view.rules.double_blank_points,
        double_out_points=view.rules.double_out_points,
        centre=centre,
    )


def fast_move(view: SeatView, action: Play | Draw | Pass) -> int:
    """The compact move (see chickenfoot.core.fast) of one of the view's legal actions."""
    if isinstance(action, Draw):
        return -1
    if isinstance(action, Pass):
        return -2
    if action.on is None:
        return action.tile.index << 5 | PLACE
    number = view.foot[1] if view.foot else dict(view.open_ends)[action.on]
    return action.tile.index << 5 | number
