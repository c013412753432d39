"""Advice for a seat: its best few actions, how they fare, and why, in a player's words."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from chickenfoot.bots.base import View
from chickenfoot.bots.registry import EXPERT_HEAVY, EXPERT_MILLIS
from chickenfoot.bots.search import evaluate, search_for
from chickenfoot.core import Action
from chickenfoot.core.messages import Message


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    win_share: float
    """Share of sampled rounds (hands) this action went on to win (ties shared)."""
    mean_points: float
    """Chicken Foot: mean penalty points left in the seat's hand at the end of those rounds;
    standard games: mean points the seat's side scored in those hands."""
    reason: Message
    """Why, in a player's words (a code with parameters; ``str()`` is the English)."""

    def __str__(self) -> str:
        return (
            f"{self.action}: {self.reason} (wins {self.win_share:.0%} of sampled rounds, "
            f"{self.mean_points:.1f} points on average)"
        )


POINT_WEIGHT = 0.25


def hints(
    view: View,
    count: int = 3,
    seed: int | str = 0,
    samples: int | None = None,
    millis: float | None = EXPERT_MILLIS,
    clock: Callable[[], float] = time.perf_counter,
) -> list[Hint]:
    """The ``count`` best actions for the seat to act, best first: the expert's search
    (``samples`` at most, None: no count; within ``millis``, the expert's time per move)."""
    if not view.legal:
        return []
    game = search_for(view)
    rng = Random(seed)
    found = evaluate(view, rng, samples, millis, EXPERT_HEAVY, POINT_WEIGHT, clock)
    return [Hint(e.action, e.win_share, e.mean_points, game.reason(view, e)) for e in found[:count]]


__all__ = ["Hint", "hints"]
