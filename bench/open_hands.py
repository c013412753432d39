"""A player that sees every hand: what a player of the expert's playouts could win if it
knew the hidden tiles, the ceiling for any player that plays out as the expert does.

It reads the round it plays in (every hand, and which tiles the boneyard holds: only its
order is left to chance), which no player may: for measuring in ``bench/`` only, never a
level. Its search is the expert's (:func:`chickenfoot.bots.search.evaluate`) over
``GameSearch.open_searcher``: every distinct move played out in the same sample, the one with
the best share of the round won chosen, until ``millis`` is spent (or a ``Limit``'s samples
are played). ``bench/headtohead.py`` plays it as ``open`` (handing it the round before each
choice), ``bench/decisions.py`` values moves with it.
"""

from __future__ import annotations

import time
from random import Random

from chickenfoot.bots import Limit
from chickenfoot.bots.base import View
from chickenfoot.bots.chickenfoot import ChickenFootSearch
from chickenfoot.bots.estimate import Estimate
from chickenfoot.bots.registry import EXPERT_HEAVY
from chickenfoot.bots.search import Searcher, evaluate
from chickenfoot.core import Action, RoundState, SeatView, Tile

OPEN = "open"


def open_tiles(state: RoundState) -> tuple[list[list[Tile]], list[Tile]]:
    """What the open-hand search is told of ``state``: every seat's hand, and the tiles left
    in the boneyard."""
    return [state.hand(s) for s in range(len(state.hand_sizes()))], state.boneyard_tiles()


def open_estimates(
    seen: SeatView,
    hands: list[list[Tile]],
    boneyard: list[Tile],
    rng: Random,
    samples: int | None,
    millis: float | None,
) -> list[Estimate]:
    """Every distinct move's estimate, searched knowing every hand, best first by the share
    of the round won."""
    game = ChickenFootSearch()

    def searcher(v: View, actions: list[Action]) -> Searcher:
        assert isinstance(v, SeatView)
        return game.open_searcher(v, actions, hands, [], boneyard)

    return evaluate(
        seen,
        rng,
        samples,
        millis,
        EXPERT_HEAVY,
        0.0,  # rounds won alone
        time.perf_counter,
        searcher=searcher,
    )


class OpenHands:
    """The open-hand player: :meth:`see` gives it the round before each :meth:`choose`.
    It searches until ``millis`` is spent or ``samples`` are played (None: no such limit;
    with neither, each ``Limit`` must give one)."""

    name = OPEN

    def __init__(
        self, seed: int | str, millis: float | None = 80.0, samples: int | None = None
    ) -> None:
        self.rng = Random(seed)
        self.millis = millis
        self.samples = samples
        self.round: RoundState | None = None

    def see(self, state: RoundState) -> None:
        self.round = state

    def choose(self, view: View, limit: Limit | None = None) -> Action:
        state = self.round
        if state is None or not isinstance(view, SeatView):
            raise TypeError("the open-hand player plays Chicken Foot, shown its round first")
        millis, samples = self.millis, self.samples
        if limit is not None:
            if limit.samples is not None:
                samples = limit.samples if samples is None else min(samples, limit.samples)
            if limit.millis is not None:
                millis = limit.millis if millis is None else min(millis, limit.millis)
        hands, boneyard = open_tiles(state)
        return open_estimates(view, hands, boneyard, self.rng, samples, millis)[0].action
