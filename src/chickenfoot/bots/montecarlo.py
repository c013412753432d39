"""Determinized Monte Carlo search over the hidden tiles.

Each iteration samples the other hands and the boneyard consistently with everything the
seat has seen (:mod:`chickenfoot.bots.knowledge`), then plays every candidate move in that
same sample to the end of the round with fast playouts. The move with the best mean reward
is chosen. The budget is a number of samples and a time limit, whichever comes first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random

from chickenfoot.bots.base import View
from chickenfoot.bots.estimate import Estimate
from chickenfoot.bots.knowledge import determinize, fast_move, infer
from chickenfoot.bots.standard import StandardSearch
from chickenfoot.core import Action, SeatView
from chickenfoot.core.standard import StandardView


class MonteCarloBot:
    """Samples the hidden tiles, then plays every candidate out in each sample.

    ``samples``: samples per move at most; ``millis``: time per move at most (None: no
    limit, fully determined by the seed); ``heavy``: share of playout moves that take the
    heaviest tile instead of a random one; ``point_weight``: how much a point in hand
    counts against a round won.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | str,
        *,
        samples: int = 150,
        millis: float | None = 80.0,
        heavy: float = 0.9,
        point_weight: float = 0.25,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.rng = Random(seed)
        self.samples = samples
        self.millis = millis
        self.heavy = heavy
        self.point_weight = point_weight
        self.clock = clock

    def candidates(self, view: SeatView) -> list[Action]:
        """One action per distinct outcome: targets showing the same number are alike."""
        seen: set[int] = set()
        out = []
        for action in view.legal:
            move = fast_move(view, action)
            if move not in seen:
                seen.add(move)
                out.append(action)
        return out

    def evaluate(self, view: SeatView) -> list[Estimate]:
        """Estimates for every candidate, best first (ties keep the legal order)."""
        actions = self.candidates(view)
        estimates = [Estimate(a) for a in actions]
        if len(actions) == 1:
            return estimates
        moves = [fast_move(view, a) for a in actions]
        knowledge = infer(view)
        me = view.seat
        rng = self.rng
        heavy = self.heavy
        clock = self.clock
        deadline = None if self.millis is None else clock() + self.millis / 1000
        for _ in range(self.samples):
            sample = determinize(view, knowledge, rng)
            for move, estimate in zip(moves, estimates, strict=True):
                state = sample.copy()
                state.apply(move)
                points = state.playout(rng, heavy) if not state.end else state.points()
                mine = points[me]
                low = min(points)
                if mine == low:
                    estimate.wins += 1.0 / points.count(low)
                estimate.points += mine
                estimate.samples += 1
            if deadline is not None and clock() >= deadline:
                break
        weight = self.point_weight
        return sorted(estimates, key=lambda e: -e.value(weight))

    def choose(self, view: View) -> Action:
        if isinstance(view, StandardView):
            search = StandardSearch(self.rng, self.samples, self.millis, self.heavy, self.clock)
            return search.choose(view)
        return self.evaluate(view)[0].action
