"""A flat determinized Monte Carlo player: the baseline the expert is measured against.

Written apart from the project's own search (it uses nothing of ``chickenfoot.bots`` but the
``Bot`` protocol and ``Limit``; the rules come from ``chickenfoot.core``'s compact round,
:class:`~chickenfoot.core.FastRound`). Chicken Foot only (a :class:`SeatView`, any preset).

Every iteration (one "sample"):

1. **Determinize.** The tiles this seat cannot see (the set minus its hand minus the board)
   are dealt at random into the other seats' hands, each getting exactly as many as its
   hand size, and the rest go to the boneyard in random order (the first ``drawable`` of
   them may be drawn, the rest are the tiles some presets keep back). One simple *void
   rule*: a seat that drew or passed held none of the tiles playable at that moment
   (``SeatView.needed``); this holds for the tiles it still has as long as it has drawn
   nothing since, so only the draws and passes at or after the seat's last draw count (a
   tile drawn that fits must be played, so a kept tile never fitted either). It is applied
   only under rules where a drawn tile that fits must be played. Seats are filled most
   constrained first, each with random tiles it may hold; if the rule leaves a seat too few
   tiles, the seat is filled with any (the rule is a hint, never a reason to fail).
2. **Evaluate every candidate in that same deal.** Each distinct legal move (plays of the
   same tile on two open ends showing the same number are one move to the rules) is played,
   then the round is played out to its end by every seat with the same simple policy: with
   probability ``heavy`` the heaviest playable tile (penalty value, 0-0 at its penalty),
   else a uniformly random legal move; draws and passes when forced.
3. **Score.** The reward of a playout is this seat's share of the round's win: 1 for the
   lowest penalty points, 1/k for a k-way tie, else 0. Its penalty points are kept too.

**Variants** (:data:`VARIANTS`, each a named opponent of ``bench/headtohead.py``): the
playouts above are this module's own Python loop; ``compiled=True`` plays them with the
project's compiled playout function instead (:func:`chickenfoot.bots.playout.chickenfoot_
playout`, the expert's: a playout about three times as fast, the deals as before, so about
twice the samples a move), its policy given here: a playable double with probability
``doubles`` when the seat holds one, else the heaviest tile with probability ``heavy``, else
a random tile (then a random end).
``flatmc-fast`` is ``flatmc`` with those playouts, ``flatmc-doubles`` plays them with the
expert's own policy (doubles 0.8, heavy 0.3). The search stays this module's.

The candidate with the best mean reward wins; exact ties go to the lower mean penalty,
then to the first legal action. The player iterates until its time budget (``millis``,
default 80 ms, measured with ``time.perf_counter``) is spent, checked after each full
iteration (all candidates see the same number of samples): no sample cap unless
``samples`` (or ``Limit.samples``) asks for one. A position with one distinct move is
answered at once. Randomness comes from ``random.Random(seed)`` only, and nothing but the
view is read: with a sample cap and no clock the choice is a function of seed and view.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from random import Random

from chickenfoot.bots.base import Limit, View
from chickenfoot.bots.playout import chickenfoot_playout
from chickenfoot.core import Action, Draw, FastRound, Pass, SeatView
from chickenfoot.core.fast import DRAW, PASS, PLACE, weights
from chickenfoot.core.tiles import set_size

NAME = "flatmc"
VARIANTS: dict[str, dict[str, float | bool]] = {
    NAME: {},
    "flatmc-fast": {"compiled": True},
    "flatmc-doubles": {"compiled": True, "heavy": 0.3, "doubles": 0.8},
}
"""The named flat players: each one's settings (the others as :class:`FlatMonteCarlo`'s)."""


class FlatMonteCarlo:
    """Flat Monte Carlo over random deals of the unseen tiles (see the module docstring)."""

    name = NAME

    def __init__(
        self,
        seed: int | str,
        millis: float | None = 80.0,
        samples: int | None = None,
        heavy: float = 0.5,
        clock: Callable[[], float] = time.perf_counter,
        compiled: bool = False,
        doubles: float = 0.0,
    ) -> None:
        if millis is None and samples is None:
            raise ValueError("a flat Monte Carlo player needs a budget: millis, samples or both")
        self.rng = Random(seed)
        self.millis = millis
        self.samples = samples
        self.heavy = heavy
        self.clock = clock
        self.compiled = compiled
        self.doubles = doubles
        if doubles and not compiled:
            raise ValueError("only the compiled playouts play doubles first")
        self.last_samples = 0
        """Samples (deals) the last :meth:`choose` evaluated every candidate on."""

    # -- the protocol ----------------------------------------------------------------------

    def choose(self, view: View, limit: Limit | None = None) -> Action:
        started = self.clock()
        if not isinstance(view, SeatView):
            raise TypeError("the flat Monte Carlo player plays Chicken Foot only")
        if not view.legal:
            raise ValueError("choose called when the seat has no legal action")
        candidates = distinct_moves(view)
        self.last_samples = 0
        if len(candidates) == 1:
            return candidates[0][1]
        millis, samples, stop = self.millis, self.samples, None
        if limit is not None:
            if limit.millis is not None:
                millis = limit.millis if millis is None else min(millis, limit.millis)
            if limit.samples is not None:
                samples = limit.samples if samples is None else min(samples, limit.samples)
            stop = limit.stop
        deadline = math.inf if millis is None else started + millis / 1000
        wins, points = self.search(view, [m for m, _ in candidates], deadline, samples, stop)
        best = min(
            range(len(candidates)),
            key=lambda i: (-wins[i], points[i], i),
        )
        return candidates[best][1]

    # -- the search --------------------------------------------------------------------------

    def search(
        self,
        view: SeatView,
        moves: list[int],
        deadline: float,
        samples: int | None,
        stop: Callable[[], bool] | None,
    ) -> tuple[list[float], list[float]]:
        """Sums of win shares and of penalty points of every move over the samples."""
        deal = Dealer(view, self.rng)
        rules = view.rules
        me = view.seat
        wins = [0.0] * len(moves)
        points = [0.0] * len(moves)
        playout = Playout(self.rng, self.heavy, weights(rules.double_blank_points))
        rng, heavy, doubles, compiled = self.rng, self.heavy, self.doubles, self.compiled
        n = 0
        while samples is None or n < samples:
            root = deal.position()
            for i, move in enumerate(moves):
                r = root.copy()
                r.apply(move)
                if compiled:
                    final = chickenfoot_playout(r, rng, heavy, doubles=doubles)
                else:
                    playout.run(r)
                    final = r.points()
                low = min(final)
                if final[me] == low:
                    wins[i] += 1.0 / final.count(low)
                points[i] += final[me]
            n += 1
            if self.clock() >= deadline or (stop is not None and stop()):
                break
        self.last_samples = n
        return wins, points


class Playout:
    """Plays a compact round to its end: with probability ``heavy`` the heaviest playable
    tile, else a random legal move."""

    def __init__(self, rng: Random, heavy: float, weight: tuple[int, ...]) -> None:
        self.random = rng.random
        self.heavy = heavy
        self.weight = weight

    def run(self, r: FastRound) -> None:
        random = self.random
        heavy = self.heavy
        weight = self.weight
        while not r.end:
            moves = r.legal_moves()
            if len(moves) == 1:
                r.apply(moves[0])
                continue
            if random() < heavy:
                best = moves[0]
                best_weight = -1
                for move in moves:
                    if move >= 0 and weight[move >> 5] > best_weight:
                        best, best_weight = move, weight[move >> 5]
                r.apply(best)
            else:
                r.apply(moves[int(random() * len(moves))])


class Dealer:
    """Random deals of the tiles ``view``'s seat cannot see, consistent with what it saw."""

    def __init__(self, view: SeatView, rng: Random) -> None:
        self.rng = rng
        rules = view.rules
        players = len(view.hand_sizes)
        self.me = view.seat
        self.players = players
        top = rules.set_top(players)
        known = 0
        for tile in view.hand:
            known |= 1 << tile.index
        self.my_hand = known
        for placed in view.board:
            known |= 1 << placed.tile.index
        unseen = ((1 << set_size(top)) - 1) & ~known
        self.unseen = [i for i in range(set_size(top)) if unseen >> i & 1]
        self.sizes = list(view.hand_sizes)
        self.boneyard_size = view.boneyard_size
        wanted = sum(s for seat, s in enumerate(self.sizes) if seat != self.me)
        if wanted + self.boneyard_size != len(self.unseen):
            raise ValueError(
                f"{len(self.unseen)} unseen tiles for {wanted} in other hands and "
                f"{self.boneyard_size} in the boneyard"
            )
        voids = void_masks(view) if rules.drawn_tile_must_be_played else [0] * players
        self.voids = [v & unseen for v in voids]
        others = [s for s in range(players) if s != self.me]
        # the most constrained seats first: least slack (tiles it may hold minus tiles it needs)
        self.order = sorted(
            others,
            key=lambda s: ((unseen & ~self.voids[s]).bit_count() - self.sizes[s], s),
        )
        self.counts = [0] * (top + 1)
        for _, number in view.open_ends:
            self.counts[number] += 1
        centre = -1
        if view.foot is not None:
            foot, need = view.foot[1], view.foot[2]
        else:
            foot, need = -1, 0
        if not view.centre_placed:
            centre = view.double.index
            foot, need = view.double.hi, view.centre_toes
        self.foot, self.need, self.centre = foot, need, centre
        self.drawable = view.drawable
        self.turn = view.turn
        self.drew = view.drew
        self.rules = rules

    def position(self) -> FastRound:
        """A round as it could stand now: the unseen tiles dealt at random."""
        pool = self.unseen[:]
        self.rng.shuffle(pool)
        hands = [0] * self.players
        hands[self.me] = self.my_hand
        taken = 0
        for seat in self.order:
            need = self.sizes[seat]
            void = self.voids[seat]
            hand = 0
            got = 0
            for tile in pool:
                if got == need:
                    break
                bit = 1 << tile
                if not (taken | void) & bit:
                    hand |= bit
                    got += 1
            if got < need:  # the void rule asks too much: fill the seat with any tiles
                for tile in pool:
                    if got == need:
                        break
                    bit = 1 << tile
                    if not (taken | hand) & bit:
                        hand |= bit
                        got += 1
            taken |= hand
            hands[seat] = hand
        boneyard = [tile for tile in pool if not taken >> tile & 1]
        rules = self.rules
        return FastRound.position(
            counts=self.counts,
            foot=self.foot,
            need=self.need,
            hands=hands,
            boneyard=boneyard,
            drawable=self.drawable,
            turn=self.turn,
            foot_toes=rules.foot_toes,
            drawn_must_play=rules.drawn_tile_must_be_played,
            blank_points=rules.double_blank_points,
            double_out_points=rules.double_out_points,
            centre=self.centre,
            drew=self.drew,
        )


def void_masks(view: SeatView) -> list[int]:
    """Per seat, the tiles it cannot hold by the void rule (see the module docstring): the
    union of the tiles playable at each of its draws and passes since its last draw."""
    voids = [0] * len(view.hand_sizes)
    for event, needed in zip(view.history, view.needed, strict=True):
        if isinstance(event.action, Draw):
            voids[event.seat] = needed
        elif isinstance(event.action, Pass):
            voids[event.seat] |= needed
    return voids


def distinct_moves(view: SeatView) -> list[tuple[int, Action]]:
    """The compact move of every legal action, each move once (with its first action)."""
    open_number = dict(view.open_ends)
    seen: dict[int, Action] = {}
    for action in view.legal:
        if isinstance(action, Draw):
            move = DRAW
        elif isinstance(action, Pass):
            move = PASS
        elif action.on is None:
            move = action.tile.index << 5 | PLACE
        elif view.foot is not None and action.on == view.foot[0]:
            move = action.tile.index << 5 | view.foot[1]
        else:
            move = action.tile.index << 5 | open_number[action.on]
        seen.setdefault(move, action)
    return list(seen.items())


def make(seed: int | str, name: str = NAME, millis: float | None = 80.0) -> FlatMonteCarlo:
    """The flat player called ``name`` (one of :data:`VARIANTS`) at ``millis`` a move."""
    bot = FlatMonteCarlo(seed, millis=millis, **VARIANTS[name])  # type: ignore[arg-type]
    bot.name = name
    return bot


__all__ = [
    "NAME",
    "VARIANTS",
    "Dealer",
    "FlatMonteCarlo",
    "Playout",
    "distinct_moves",
    "make",
    "void_masks",
]
