"""The searching player: determinized Monte Carlo over the hidden tiles, for any game
(:mod:`chickenfoot.bots.search`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from random import Random

from chickenfoot.bots.base import Limit, View
from chickenfoot.bots.chickenfoot import POLICY, ChickenFootSearch, Policy
from chickenfoot.bots.estimate import Estimate
from chickenfoot.bots.search import evaluate
from chickenfoot.bots.simple import heaviest
from chickenfoot.core import Action, SeatView


class MonteCarloBot:
    """Samples the hidden tiles, then plays every candidate out in each sample.

    ``samples``: samples per move at most (None: as many as ``millis`` allows);
    ``millis``: time per move at most (None: no limit, fully determined by the seed);
    ``heavy``: share of playout moves that take the heaviest tile instead of a random one;
    ``point_weight``: how much a point in hand counts against a round won (Chicken Foot);
    ``greedy``: Chicken Foot: seats that play like the greedy player are played and
    sampled as such, once they made ``greedy_tests`` plays that could have shown otherwise
    (:class:`~chickenfoot.bots.chickenfoot.Policy`); ``own_heavy``: the
    share of heaviest-tile moves of the bot's own seat in its playouts (None: ``heavy``);
    ``doubles``: the share of playout moves that play a double when one is playable;
    ``swaps``: exchanges of two tiles per unseen tile that even out each sample.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | str,
        *,
        samples: int | None = 150,
        millis: float | None = 80.0,
        heavy: float = 0.9,
        point_weight: float = 0.25,
        greedy: bool = False,
        greedy_tests: int = 1,
        own_heavy: float | None = None,
        doubles: float = 0.0,
        swaps: int = 0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if samples is None and millis is None:
            raise ValueError("a search needs a limit: samples, millis or both")
        self.rng = Random(seed)
        self.samples = samples
        self.millis = millis
        self.heavy = heavy
        self.point_weight = point_weight
        self.policy = Policy(bool(greedy), int(greedy_tests), own_heavy, float(doubles), int(swaps))
        self.clock = clock

    def evaluate(self, view: View, limit: Limit | None = None) -> list[Estimate]:
        """Estimates for every candidate, best first (ties keep the legal order), within the
        bot's budget and ``limit``."""
        samples, millis, stop = self.samples, self.millis, None
        if limit is not None:
            if limit.samples is not None:
                samples = limit.samples if samples is None else min(samples, limit.samples)
            if limit.millis is not None:
                millis = limit.millis if millis is None else min(millis, limit.millis)
            stop = limit.stop
        searcher = None
        if isinstance(view, SeatView) and self.policy != POLICY:
            searcher = partial(ChickenFootSearch().searcher, policy=self.policy)
        return evaluate(
            view,
            self.rng,
            samples,
            millis,
            self.heavy,
            self.point_weight,
            self.clock,
            stop,
            searcher,
        )

    def choose(self, view: View, limit: Limit | None = None) -> Action:
        estimates = self.evaluate(view, limit)
        if estimates[0].samples == 0 and len(estimates) > 1:
            return heaviest(view)  # no sample of the hidden tiles could be found
        return estimates[0].action
