"""Play for the standard domino games (draw, block, All Fives, Bergen).

Search here samples the hidden tiles, rebuilds the hand's deal from the sample and the
public history, replays that history through the rules (a sample the history refutes is
drawn again), and plays each candidate out to the end of the hand.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from chickenfoot.bots.estimate import Estimate
from chickenfoot.core import Action, Draw, IllegalActionError, Play
from chickenfoot.core.standard import Deal, HandState, StandardView
from chickenfoot.core.tiles import Tile, full_set


def greedy_choice(view: StandardView) -> Action:
    """The play that scores most now, then the heaviest tile; else draw or pass."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if len(view.legal) == 1 or not plays:
        return view.legal[0]
    return max(plays, key=lambda a: (a.tile.pips, -(a.on if a.on is not None else -1)))


def sample_hand(view: StandardView, rng: Random, tries: int = 30) -> HandState | None:
    """A full hand state consistent with the view, or None if none was found in ``tries``."""
    rules = view.rules
    players = len(view.players)
    mine = set(view.hand)
    on_table = {p.tile for p in view.layout}
    unseen = [t for t in full_set(rules.set_top) if t not in mine and t not in on_table]
    played: list[list[Tile]] = [[] for _ in range(players)]
    draws: list[tuple[int, Tile | None]] = []
    for k, event in enumerate(view.history):
        if isinstance(event.action, Play):
            played[event.seat].append(event.action.tile)
            if draws and draws[-1][1] is None and _drew_just_before(view, k):
                draws[-1] = (event.seat, event.action.tile)
        elif isinstance(event.action, Draw):
            draws.append((event.seat, event.drawn))
    lead = _lead(view)
    base = [view.totals[side[0]] for side in view.sides]
    for _ in range(tries):
        rng.shuffle(unseen)
        hands: list[list[Tile]] = [[] for _ in range(players)]
        hands[view.seat] = list(view.hand)
        at = 0
        for seat in range(players):
            if seat != view.seat:
                hands[seat] = unseen[at : at + view.hand_sizes[seat]]
                at += view.hand_sizes[seat]
        rest = unseen[at:]
        drawn = _drawn_tiles(draws, hands, rng)
        if drawn is None:
            continue
        dealt_hands = []
        for seat in range(players):
            taken = [t for s, t in drawn if s == seat]
            start = [t for t in hands[seat] + played[seat] if t not in taken]
            dealt_hands.append(tuple(start))
        dealt = Deal(tuple(dealt_hands), tuple(t for _, t in drawn) + tuple(rest))
        try:
            state = HandState(rules, dealt, view.first, lead, base)
            for event in view.history:
                state.apply(event.action)
        except (IllegalActionError, ValueError):
            continue
        return state
    return None


def _drew_just_before(view: StandardView, k: int) -> bool:
    if k == 0:
        return False
    before, now = view.history[k - 1], view.history[k]
    return before.seat == now.seat and isinstance(before.action, Draw)


def _lead(view: StandardView) -> Tile | None:
    if not view.rules.lead_deciding_tile or not view.history:
        return None
    first = view.history[0].action
    return first.tile if isinstance(first, Play) and first.on is None else None


def _drawn_tiles(
    draws: list[tuple[int, Tile | None]],
    hands: list[list[Tile]],
    rng: Random,
) -> list[tuple[int, Tile]] | None:
    """Which tile each draw took: known ones as they are, the others picked at random from
    what that seat holds now."""
    out: list[tuple[int, Tile]] = []
    free = [list(h) for h in hands]
    for seat, tile in draws:
        if tile is not None:
            out.append((seat, tile))
            if tile in free[seat]:
                free[seat].remove(tile)
            continue
        if not free[seat]:
            return None
        out.append((seat, free[seat].pop(int(rng.random() * len(free[seat])))))
    return out


def playout(state: HandState, rng: Random, heavy: float) -> None:
    while state.end is None:
        legal = state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        if plays and rng.random() < heavy:
            state.apply(max(plays, key=lambda a: a.tile.pips))
        else:
            state.apply(legal[int(rng.random() * len(legal))])


class StandardSearch:
    """Determinized Monte Carlo for the standard games; reward: the seat's hand points
    minus the best other side's."""

    def __init__(
        self,
        rng: Random,
        samples: int,
        millis: float | None,
        heavy: float,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.rng = rng
        self.samples = samples
        self.millis = millis
        self.heavy = heavy
        self.clock = clock

    def evaluate(self, view: StandardView) -> list[Outlook]:
        """What each legal action led to in the samples, best first (the best mean margin
        of the seat's side over the best other side, in this hand's points)."""
        outlooks = [Outlook(a) for a in view.legal]
        if len(outlooks) == 1:
            return outlooks
        deadline = None if self.millis is None else self.clock() + self.millis / 1000
        mine = view.rules.side_of(view.seat)
        for _ in range(self.samples):
            sample = sample_hand(view, self.rng)
            if sample is None:
                break
            for outlook in outlooks:
                state = sample.copy()
                outlook.scores_now = state.apply(outlook.action).score
                playout(state, self.rng, self.heavy)
                points = state.points()
                best_other = max((p for side, p in enumerate(points) if side != mine), default=0)
                outlook.samples += 1
                outlook.points += points[mine]
                outlook.margin += points[mine] - best_other
                outlook.wins += state.winner == mine
            if deadline is not None and self.clock() >= deadline:
                break
        return sorted(outlooks, key=lambda o: -o.mean_margin)

    def choose(self, view: StandardView) -> Action:
        outlooks = self.evaluate(view)
        if outlooks[0].samples == 0:
            return greedy_choice(view)
        return outlooks[0].action


@dataclass
class Outlook(Estimate):
    """What the search found for one action in a standard game (``points``: what the
    seat's side scored in the hand; ``wins``: hands its side won)."""

    margin: float = 0.0
    scores_now: int = 0
    """Points the action scores as it is played (All Fives, Bergen)."""

    @property
    def mean_margin(self) -> float:
        return self.margin / self.samples if self.samples else 0.0
