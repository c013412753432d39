"""The baselines: a random player and the greedy player everyone knows."""

from __future__ import annotations

from random import Random

from chickenfoot.bots.base import Limit, View
from chickenfoot.core import Action, Play
from chickenfoot.core.compact import TARGET_BITS, Picker
from chickenfoot.core.fast import weights
from chickenfoot.core.games import AnyRules
from chickenfoot.core.tiles import TILES


class RandomBot:
    """Any legal action, uniformly at random."""

    name = "random"

    def __init__(self, seed: int | str) -> None:
        self.rng = Random(seed)

    def choose(self, view: View, limit: Limit | None = None) -> Action:
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]

    def picker(self, rules: AnyRules) -> Picker:
        """The same choice among the legal options of the compact state."""
        return _Uniform(self.rng)


class GreedyBot:
    """The heaviest playable tile (0-0 counts as its penalty); lowest target id on ties;
    otherwise draw or pass."""

    name = "greedy"

    def __init__(self, seed: int | str) -> None:
        del seed  # deterministic: nothing to draw at random

    def choose(self, view: View, limit: Limit | None = None) -> Action:
        return heaviest(view)

    def picker(self, rules: AnyRules) -> Picker:
        """The same choice among the legal options of the compact state (of any game: each
        values a tile at its pips, 0-0 at what its :meth:`tile_value` says)."""
        weight = weights(rules.tile_value(TILES[0]))

        def pick(options: list[int]) -> int:
            best, best_key = options[0], (-1, 0)
            if len(options) == 1:
                return best
            for option in options:
                if option < 0:
                    continue
                key = (weight[option >> 13], -(option >> 5 & TARGET_BITS))
                if key > best_key:
                    best, best_key = option, key
            return best

        return pick


class _Uniform:
    """Any of the options, as :meth:`RandomBot.choose` picks among its legal actions (a
    :class:`~chickenfoot.core.compact.UniformPicker`)."""

    def __init__(self, rng: Random) -> None:
        self.random = rng.random

    def __call__(self, options: list[int]) -> int:
        return options[int(self.random() * len(options))]


def heaviest(view: View) -> Action:
    """The play of the tile worth most in hand (:meth:`tile_value`: 0-0 at its penalty in
    Chicken Foot), on the lowest target id; else the draw or the pass."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if len(view.legal) == 1 or not plays:
        return view.legal[0]
    value = view.rules.tile_value
    return max(plays, key=lambda a: (value(a.tile), -target(a)))


def target(play: Play) -> int:
    """The id a play goes on (-1 for placing the first tile): for tie-breaks."""
    return -1 if play.on is None else play.on
