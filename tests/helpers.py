"""Building positions for the tests from tiles written as text."""

from __future__ import annotations

import dataclasses
import os
from random import Random
from typing import Any

from chickenfoot.core import CLASSIC, Deal, Match, RoundState, Rules, Tile


def examples(count: int) -> int:
    """``count`` Hypothesis examples, ten times as many under the ``explore`` profile."""
    return count * 10 if os.environ.get("HYPOTHESIS_PROFILE") == "explore" else count


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def make_round(
    double: int,
    hands: list[str],
    boneyard: str = "",
    first: int = 0,
    rules: Rules = CLASSIC,
) -> RoundState:
    """A round with exactly these hands and boneyard (next draw first)."""
    return RoundState(rules, double, first, Deal(tuple(tiles(h) for h in hands), tiles(boneyard)))


def random_match(players: int, seed: int, rules: Rules = CLASSIC) -> Match:
    """A whole match of uniformly random legal actions, dealt and played from ``seed``."""
    rng = Random(seed)
    match = Match([f"p{s}" for s in range(players)], rules, seed)
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            match.apply(rng.choice(state.legal_actions()))
    return match


def values_in(value: Any) -> list[Any]:
    """``value`` and everything reachable from it through dataclass fields and containers."""
    out = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += values_in(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            out += values_in(item)
    return out
