"""A rule-of-thumb player: what a good club player does without calculating."""

from __future__ import annotations

from random import Random

from chickenfoot.bots.base import View
from chickenfoot.bots.knowledge import Knowledge, after, fast_move, infer
from chickenfoot.bots.simple import target
from chickenfoot.bots.standard import greedy_choice
from chickenfoot.core import Action, Play, SeatView
from chickenfoot.core.standard import StandardView
from chickenfoot.core.tiles import NUMBER_MASK, PIPS


def features(view: SeatView, play: Play, knowledge: Knowledge) -> dict[str, float]:
    """What a play on a tile (not the placing of the centre) does, in the terms the
    heuristic (and a hint) weighs."""
    assert play.on is not None, "placing the centre is forced: nothing to weigh"
    tile = play.tile
    index = tile.index
    blank = view.rules.double_blank_points
    board = after(view, play)
    rest = board.hands[view.seat]
    opened = tile.hi + tile.lo - (fast_move(view, play) & 31)
    playable_after = board.playable(rest)
    own_toes = (rest & NUMBER_MASK[tile.hi]).bit_count() if tile.is_double else 0
    others_toes = (knowledge.unseen & NUMBER_MASK[tile.hi]).bit_count() if tile.is_double else 0
    return {
        "weight": float(blank if index == 0 else PIPS[index]),
        "follow_ups": float((rest & NUMBER_MASK[opened]).bit_count()) if not tile.is_double else 0,
        "playable_after": float(playable_after.bit_count()),
        "double": float(tile.is_double),
        "own_toes": float(own_toes),
        "others_toes": float(others_toes),
    }


def score(f: dict[str, float]) -> float:
    """Doubles first (every other seat must toe them or draw), then heavy tiles, then tiles
    that leave the hand playable and open numbers the hand can follow up on."""
    return 30.0 * f["double"] + f["weight"] + f["playable_after"] + f["follow_ups"]


class HeuristicBot:
    """Doubles first, then heavy tiles (and the 0-0) that keep the hand playable and open
    numbers it can follow up on. In the standard games: the play scoring most, then the
    heaviest tile."""

    name = "heuristic"

    def __init__(self, seed: int | str) -> None:
        self.rng = Random(seed)

    def choose(self, view: View) -> Action:
        if isinstance(view, StandardView):
            return greedy_choice(view)
        plays = [a for a in view.legal if isinstance(a, Play)]
        if len(view.legal) == 1 or not plays:
            return view.legal[0]
        knowledge = infer(view)
        return max(plays, key=lambda a: (score(features(view, a, knowledge)), -target(a)))
