"""A match: rounds from the highest double down, running totals, the winners."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from random import Random

from chickenfoot.core.actions import Action, Event
from chickenfoot.core.common import MatchBase, Outcome
from chickenfoot.core.pieces import Deal
from chickenfoot.core.round import RoundState, deal, first_seat, rotation_seat
from chickenfoot.core.rules import CLASSIC, Rules, TieBreak


def places_of(totals: Sequence[int], winners: Sequence[int], lowest_first: bool) -> tuple[int, ...]:
    """Each seat's place (see :attr:`Outcome.places`): the winners first, then the lowest
    totals (Chicken Foot's penalty points) or the highest (points scored)."""

    sign = 1 if lowest_first else -1
    keys = [(seat not in winners, sign * total) for seat, total in enumerate(totals)]
    ordered = sorted(keys)
    return tuple(1 + bisect_left(ordered, key) for key in keys)


def winners_of(
    totals: Sequence[int],
    rounds: Sequence[Sequence[int]] = (),
    tie_break: TieBreak = TieBreak.NONE,
) -> tuple[int, ...]:
    """The seats sharing the lowest total (several mean a draw), after the tie-break."""
    low = min(totals)
    tied = [s for s, t in enumerate(totals) if t == low]
    if tie_break is TieBreak.ZERO_ROUNDS and len(tied) > 1:

        def rank(seat: int) -> tuple[int, int]:
            mine = [points[seat] for points in rounds]
            nonzero = [p for p in mine if p]
            return -mine.count(0), min(nonzero, default=0)

        best = min(rank(s) for s in tied)
        tied = [s for s in tied if rank(s) == best]
    return tuple(tied)


class Match(MatchBase[RoundState]):
    """A match in play. Chance is explicit: each round starts from a :class:`Deal`, made
    here from ``rng`` (:meth:`deal_next`) or given (replaying a record)."""

    rules: Rules

    def __init__(
        self,
        players: list[str],
        rules: Rules = CLASSIC,
        seed: int | None = None,
    ) -> None:
        rules.check_players(len(players))
        self.rules = rules
        self.players = list(players)
        self.seed = seed
        self.doubles = rules.round_doubles(len(players))
        """The round doubles in play order (with a target total: one cycle of them)."""
        self.rounds: list[RoundState] = []
        self.points: list[list[int]] = []
        """Points of every finished round."""
        self._totals = [0] * len(players)
        self._outcome: Outcome | None = None

    def totals(self) -> list[int]:
        """Every seat's total of the finished rounds."""
        return self._totals[:]

    @property
    def is_over(self) -> bool:
        if self.current is not None:
            return False
        if self.rules.target_total:
            return any(t > self.rules.target_total for t in self.totals())
        return len(self.points) == len(self.doubles)

    def outcome(self) -> Outcome | None:
        if self._outcome is None and self.is_over:  # once over, a match stays as it is
            totals = self.totals()
            winners = winners_of(totals, self.points, self.rules.tie_break)
            places = places_of(totals, winners, True)
            self._outcome = Outcome(tuple(totals), winners, places=places)
        return self._outcome

    def next_double(self) -> int:
        if self.current is not None or self.is_over:
            raise ValueError("no round can start now")
        return self.doubles[len(self.rounds) % len(self.doubles)]

    def rotation(self) -> int:
        """The seat the first turn has moved on to in the next round (the draw for the
        double's search, or the start where nothing else decides it)."""
        first = self.rounds[0].first if self.rounds and self.rules.starter_draw_round_one else 0
        return rotation_seat(len(self.rounds), self.seats, first)

    def first_seat(self, dealt: Deal) -> int:
        """Who starts the next round if it is dealt as ``dealt``."""
        return first_seat(self.rules, len(self.rounds), self.next_double(), dealt, self.rotation())

    def start_round(self, dealt: Deal) -> RoundState:
        """Start the next round from ``dealt``."""
        return self._start(dealt, self.next_double())

    def deal_next(self, rng: Random) -> RoundState:
        double = self.next_double()
        return self._start(deal(self.rules, self.seats, double, rng, len(self.rounds)), double)

    def _start(self, dealt: Deal, double: int) -> RoundState:
        """Start the next round, of ``double`` (:meth:`next_double`), from ``dealt``."""
        rules = self.rules
        first = first_seat(rules, len(self.rounds), double, dealt, self.rotation())
        state = RoundState(rules, double, first, dealt, placed=not rules.double_dealt)
        self.rounds.append(state)
        self.finish_round_if_over()
        return state

    def apply(self, action: Action) -> Event:
        """Apply ``action`` in the round in play; books its points when it ends."""
        state = self.current
        if state is None:
            raise ValueError("no round is in play")
        event = state.apply(action)
        self.finish_round_if_over()
        return event

    def finish_round_if_over(self) -> None:
        """Book the points of the last round if it has ended and was not booked yet."""
        if self.rounds and self.rounds[-1].end is not None and len(self.points) < len(self.rounds):
            points = self.rounds[-1].points()
            self.points.append(points)
            self._totals = [t + p for t, p in zip(self._totals, points, strict=True)]
