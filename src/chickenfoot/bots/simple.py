"""The baselines: a random player and the greedy player everyone knows."""

from __future__ import annotations

from random import Random

from chickenfoot.bots.base import View
from chickenfoot.bots.standard import greedy_choice
from chickenfoot.core import Action, Play
from chickenfoot.core.standard import StandardView


class RandomBot:
    """Any legal action, uniformly at random."""

    name = "random"

    def __init__(self, seed: int | str) -> None:
        self.rng = Random(seed)

    def choose(self, view: View) -> Action:
        return self.rng.choice(view.legal)


class GreedyBot:
    """The heaviest playable tile (0-0 counts as its penalty); lowest target id on ties;
    otherwise draw or pass."""

    name = "greedy"

    def __init__(self, seed: int | str) -> None:
        del seed  # deterministic: nothing to draw at random

    def choose(self, view: View) -> Action:
        if isinstance(view, StandardView):
            return greedy_choice(view)
        plays = [a for a in view.legal if isinstance(a, Play)]
        if len(view.legal) == 1 or not plays:
            return view.legal[0]
        blank = view.rules.double_blank_points
        return max(plays, key=lambda a: (blank if a.tile.index == 0 else a.tile.pips, -target(a)))


def target(play: Play) -> int:
    """The id a play goes on (-1 for placing the first tile): for tie-breaks."""
    return -1 if play.on is None else play.on
