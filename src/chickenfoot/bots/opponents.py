"""How the other seats play, read from the public history of a round: which of them play
like the greedy player (the heaviest playable tile, every time).

A greedy seat that plays a tile held no heavier tile that was playable then. Such a play
forbids those heavier tiles to every tile the seat held at that moment, as a draw or a pass
forbids the playable ones (:mod:`chickenfoot.bots.knowledge`). A seat that later plays one
of them, having drawn nothing it kept since, held it then: it is not greedy. So is a seat
that plays a tile on an open end when another end the tile fitted had a lower id (the greedy
player takes the lowest). A seat is judged greedy-like while the history shows no such play
and enough plays that could have shown one; only what the seat's view shows is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chickenfoot.core import Draw, Pass, Play, SeatView
from chickenfoot.core.fast import weights
from chickenfoot.core.pieces import Placed
from chickenfoot.core.tiles import MAX_NUMBER, Tile, mask_of, set_size

_HEAVIER: dict[int, tuple[int, ...]] = {}


def heavier(blank_points: int) -> tuple[int, ...]:
    """Per tile index, the bitmask of the tiles worth strictly more in hand (0-0 valued at
    ``blank_points``)."""
    masks = _HEAVIER.get(blank_points)
    if masks is None:
        weight = weights(blank_points)[: set_size(MAX_NUMBER)]
        masks = tuple(sum(1 << k for k, v in enumerate(weight) if v > w) for w in weight)
        _HEAVIER[blank_points] = masks
    return masks


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the history shows of one seat's plays against the greedy rule."""

    tests: int
    """Plays on which a heavier playable tile could have been in the seat's hand."""
    breaks: int
    """Plays of a tile that the seat held, and that was heavier and playable, when it
    played a lighter one."""

    def greedy(self, tests: int = 1) -> bool:
        """Whether the seat plays like the greedy player: no play against the rule, and at
        least ``tests`` plays that could have been."""
        return self.breaks == 0 and self.tests >= tests


def evidence(view: SeatView) -> list[Evidence]:
    """Per seat (the viewer's own included, as every other), what its plays show."""
    players = len(view.players)
    heavy = heavier(view.rules.double_blank_points)
    tests = [0] * players
    breaks = [0] * players
    watch = [0] * players
    """Per seat: heavier playable tiles passed over since it last kept a drawn tile."""
    drew = [False] * players
    board = view.board
    shown = _shown(view)
    placed = len(board) - sum(isinstance(e.action, Play) for e in view.history)
    """Tiles on the board by then (the centre may have been placed before any action)."""
    seen = mask_of(p.tile for p in board[:placed])
    mine = mask_of(view.hand)  # never in another seat's hand: the viewer held or drew them
    for event, needed in zip(view.history, view.needed, strict=True):
        seat = event.seat
        action = event.action
        if isinstance(action, Play):
            bit = 1 << action.tile.index
            if action.on is not None and not board[action.on].tile.is_double:
                lower = _lower_targets(board, shown, placed, action.on, action.tile)
                if lower is not None:
                    tests[seat] += 1
                    breaks[seat] += lower
            placed += 1
            if drew[seat]:
                drew[seat] = False  # the tile it drew: nothing passed over
            else:
                if watch[seat] & bit:
                    breaks[seat] += 1
                passed = needed & heavy[action.tile.index] & ~seen & ~mine
                if passed:
                    tests[seat] += 1
                    watch[seat] |= passed
            seen |= bit
        elif isinstance(action, Draw):
            drew[seat] = True
        elif isinstance(action, Pass):
            if drew[seat]:
                watch[seat] = 0  # a tile kept: it may be any of them
            drew[seat] = False
    return [Evidence(t, b) for t, b in zip(tests, breaks, strict=True)]


def _shown(view: SeatView) -> list[int]:
    """Per tile on the board, the number its open end shows (or showed before it was
    covered; -1 for a double)."""
    out: list[int] = []
    for p in view.board:
        tile = p.tile
        if tile.is_double:
            out.append(-1)
            continue
        on = p.on
        assert on is not None, "only a double is placed first"
        below = view.board[on].tile
        matched = below.hi if below.is_double else out[on]
        out.append(tile.hi + tile.lo - matched)
    return out


def _lower_targets(
    board: Sequence[Placed], shown: list[int], placed: int, on: int, tile: Tile
) -> bool | None:
    """Whether a tile played on end ``on`` (no foot to toe: the first ``placed`` tiles on
    the board) fitted an open end with a lower id, which the greedy player takes; None when
    it fitted no other end at all."""
    covered = {p.on for p in board[:placed]}
    other = False
    for i in range(placed):
        if i == on or i in covered or shown[i] < 0:
            continue
        if tile.has(shown[i]):
            if i < on:
                return True
            other = True
    return False if other else None


def greedy_seats(view: SeatView, tests: int = 1) -> int:
    """Bitmask of the other seats that play like the greedy player so far (see
    :meth:`Evidence.greedy`)."""
    found = 0
    for seat, e in enumerate(evidence(view)):
        if seat != view.seat and e.greedy(tests):
            found |= 1 << seat
    return found


__all__ = ["Evidence", "evidence", "greedy_seats", "heavier"]
