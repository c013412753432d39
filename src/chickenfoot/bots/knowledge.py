"""What a seat can infer from its view, and hidden hands sampled consistently with it.

A seat that draws or passes held no tile carrying a number that was playable then. Such a
void covers the tiles the seat held at that moment, not the ones it draws later, so each
other seat's hidden hand is tracked as *cohorts*: groups of tiles that share the same
forbidden tiles (the dealt tiles, then each drawn tile that stayed in the hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

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
    to one where every consistent deal is equally likely.
    """
    pool, order = _pool_and_order(knowledge)
    for attempt in range(tries + 1):
        rng.shuffle(pool)
        filled = _fill(order, pool, voids=attempt < tries)
        if filled is not None:
            masks, taken = filled
            boneyard = [i for i in pool if not taken >> i & 1]
            if swaps and attempt < tries:
                masks = _swap(order, masks, boneyard, rng, swaps * len(pool))
            hands = [0] * len(view.players)
            hands[view.seat] = knowledge.hand
            for cohort, mask in zip(order, masks, strict=True):
                hands[cohort.seat] |= mask
            return hands, boneyard
    raise AssertionError("unreachable: the last try ignores every void")


def consistent(view: SeatView, knowledge: Knowledge, rng: Random, tries: int = 20) -> bool:
    """Whether :func:`sample_hands` finds hands that keep every void of ``knowledge`` within
    ``tries`` shuffles."""
    pool, order = _pool_and_order(knowledge)
    for _ in range(tries):
        rng.shuffle(pool)
        if _fill(order, pool, voids=True) is not None:
            return True
    return False


def _pool_and_order(knowledge: Knowledge) -> tuple[list[int], list[Cohort]]:
    """The unseen tiles' indices, and the cohorts most constrained first."""
    pool = [i for i in range(knowledge.unseen.bit_length()) if knowledge.unseen >> i & 1]
    return pool, sorted(knowledge.cohorts, key=lambda c: -c.forbidden.bit_count())


def _fill(order: list[Cohort], pool: list[int], voids: bool) -> tuple[list[int], int] | None:
    """One try: each cohort's tiles, the first in ``pool``'s order not yet taken (nor
    forbidden to it, with ``voids``), and every tile taken; None if a cohort runs short."""
    taken = 0
    masks: list[int] = []
    for cohort in order:
        forbidden = cohort.forbidden if voids else 0
        need = cohort.count
        mask = 0
        for i in pool:
            if need == 0:
                break
            bit = 1 << i
            if not (taken | forbidden) & bit:
                mask |= bit
                taken |= bit
                need -= 1
        if need:
            return None
        masks.append(mask)
    return masks, taken


def _swap(
    order: list[Cohort], masks: list[int], boneyard: list[int], rng: Random, steps: int
) -> list[int]:
    """``masks`` (and ``boneyard``, in place) after ``steps`` tries at exchanging two random
    unseen tiles held in different places, each kept only if neither lands where it is
    forbidden: a random walk whose every consistent deal is equally likely in the long run.
    The boneyard is shuffled afterwards."""
    where: dict[int, int] = {i: -1 for i in boneyard}
    for c, mask in enumerate(masks):
        while mask:
            low = mask & -mask
            mask ^= low
            where[low.bit_length() - 1] = c
    tiles = list(where)
    forbidden = [cohort.forbidden for cohort in order]
    count = len(tiles)
    random = rng.random
    for _ in range(steps):
        a = tiles[int(random() * count)]
        b = tiles[int(random() * count)]
        ca = where[a]
        cb = where[b]
        if ca == cb:
            continue
        if ca >= 0 and forbidden[ca] >> b & 1:
            continue
        if cb >= 0 and forbidden[cb] >> a & 1:
            continue
        where[a] = cb
        where[b] = ca
    out = [0] * len(masks)
    boneyard.clear()
    for i, c in where.items():
        if c >= 0:
            out[c] |= 1 << i
        else:
            boneyard.append(i)
    rng.shuffle(boneyard)
    return out


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
