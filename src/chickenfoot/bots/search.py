"""Determinized Monte Carlo search, for any game.

Each iteration samples the hidden tiles consistently with everything the seat has seen,
then plays every candidate action in that same sample to the end of the round (hand) with
fast playouts; the action with the best mean reward is chosen. The budget is a number of
samples and a time limit, whichever comes first. What differs from game to game (how to
sample, play out, reward and explain) is a :class:`GameSearch`, found by the game's name.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Literal, Protocol, TypeVar

from chickenfoot.bots.base import View
from chickenfoot.bots.chickenfoot import ChickenFootSearch
from chickenfoot.bots.estimate import Estimate
from chickenfoot.bots.standard import StandardGameSearch
from chickenfoot.core import Action
from chickenfoot.core.games import CHICKENFOOT
from chickenfoot.core.messages import Message
from chickenfoot.core.standard import GAMES as STANDARD_GAMES
from chickenfoot.core.tiles import Tile

V = TypeVar("V", contravariant=True)
"""The view a game's search reads."""


class Searcher(Protocol):
    """The search of one view: samples of the hidden tiles, and candidates played out."""

    def sample(self, rng: Random) -> Any | None:
        """A full state consistent with the view (None: none could be found)."""
        ...

    def play_out(self, sample: Any, k: int, rng: Random, heavy: float, into: Estimate) -> None:
        """Play candidate ``k`` in (a copy of) ``sample`` to the end; add the result."""
        ...


class GameSearch(Protocol[V]):
    """What searching, hinting and rule-of-thumb play need to know of one game."""

    unit: Literal["percent", "points"]
    """What :meth:`value` counts: a share of rounds won (in percentage points once scaled),
    or points of margin."""

    def candidates(self, view: V) -> list[Action]:
        """The actions worth comparing (one per distinct outcome), in the legal order."""
        ...

    def alike(self, view: V, a: Action, b: Action) -> bool:
        """Do ``a`` and ``b`` lead to the same position?"""
        ...

    def searcher(self, view: V, actions: list[Action]) -> Searcher: ...

    def open_searcher(
        self,
        view: V,
        actions: list[Action],
        hands: Sequence[Sequence[Tile]],
        drawn: Sequence[Tile],
        boneyard: Sequence[Tile],
    ) -> Searcher:
        """The search of ``view`` with every hand open: ``hands`` (every seat's tiles now),
        ``drawn`` (the tiles drawn so far in the round or hand, in order) and ``boneyard``
        (the tiles still in it). Only the boneyard's order is left to chance: each sample
        shuffles it. For analysing a finished game, never for a player."""
        ...

    def value(self, estimate: Estimate, point_weight: float) -> float:
        """How good an estimate is: the higher the better."""
        ...

    def reason(self, view: V, estimate: Estimate) -> Message:
        """Why a player might take the action, in a player's words."""
        ...

    def heuristic(self, view: V) -> Action:
        """A good action found without search."""
        ...


SEARCHES: dict[str, GameSearch[Any]] = {
    CHICKENFOOT: ChickenFootSearch(),
    **{name: StandardGameSearch() for name in STANDARD_GAMES},
}
"""Every game's search, by the game's name."""


def search_for(view: View) -> GameSearch[Any]:
    return SEARCHES[view.rules.game_name]


SearcherFactory = Callable[[View, list[Action]], Searcher]
"""What makes the search of a view for its candidates (:meth:`GameSearch.searcher`)."""


def evaluate(
    view: View,
    rng: Random,
    samples: int | None,
    millis: float | None,
    heavy: float,
    point_weight: float,
    clock: Callable[[], float],
    stop: Callable[[], bool] | None = None,
    searcher: SearcherFactory | None = None,
) -> list[Estimate]:
    """Estimates for every candidate, best first (ties keep the legal order); the search
    ends after ``samples`` (None: no count), or ``millis``, or as soon as ``stop()`` says
    so. ``searcher`` makes the search instead of the game's own (:meth:`GameSearch.searcher`,
    which samples the hidden tiles from the view alone), e.g.
    :meth:`GameSearch.open_searcher`."""
    if samples is None and millis is None and stop is None:
        raise ValueError("a search needs a limit: samples, millis or stop")
    game = search_for(view)
    actions = game.candidates(view)
    estimates = [Estimate(a) for a in actions]
    if len(actions) == 1:
        return estimates
    search = (searcher or game.searcher)(view, actions)
    deadline = None if millis is None else clock() + millis / 1000
    for _ in range(samples) if samples is not None else itertools.count():
        sample = search.sample(rng)
        if sample is None:
            break
        for k, estimate in enumerate(estimates):
            search.play_out(sample, k, rng, heavy, estimate)
        if deadline is not None and clock() >= deadline:
            break
        if stop is not None and stop():
            break
    return sorted(estimates, key=lambda e: -game.value(e, point_weight))
