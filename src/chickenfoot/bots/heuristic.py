"""A rule-of-thumb player: what a good club player does without calculating."""

from __future__ import annotations

from random import Random

from chickenfoot.bots.base import Limit, View
from chickenfoot.bots.search import search_for
from chickenfoot.core import Action


class HeuristicBot:
    """Each game's rule of thumb (:meth:`~chickenfoot.bots.search.GameSearch.heuristic`):
    in Chicken Foot doubles first, then heavy tiles that keep the hand playable and open
    numbers it can follow up on; in the standard games the heaviest tile."""

    name = "heuristic"

    def __init__(self, seed: int | str) -> None:
        self.rng = Random(seed)

    def choose(self, view: View, limit: Limit | None = None) -> Action:
        return search_for(view).heuristic(view)
