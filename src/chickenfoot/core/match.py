"""A match: rounds from the highest double down, running totals, the winners."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from chickenfoot.core.actions import Action, Event
from chickenfoot.core.round import Deal, RoundState, deal
from chickenfoot.core.rules import CLASSIC, Rules


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended: every seat's total and the seats with the lowest."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return len(self.winners) > 1


def winners_of(totals: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """The seats sharing the lowest total (several mean a draw)."""
    low = min(totals)
    return tuple(s for s, t in enumerate(totals) if t == low)


class Match:
    """A match in play. Chance is explicit: each round starts from a :class:`Deal`, made
    here from ``rng`` (:meth:`deal_next`) or given (replaying a record)."""

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
        self.rounds: list[RoundState] = []
        self.points: list[list[int]] = []
        """Points of every finished round."""

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def current(self) -> RoundState | None:
        """The round in play, if any."""
        if self.rounds and self.rounds[-1].end is None:
            return self.rounds[-1]
        return None

    def totals(self) -> list[int]:
        return [sum(p[s] for p in self.points) for s in range(self.seats)]

    @property
    def is_over(self) -> bool:
        return len(self.points) == len(self.doubles)

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        totals = self.totals()
        return Outcome(tuple(totals), winners_of(totals))

    def next_double(self) -> int:
        if self.current is not None or self.is_over:
            raise ValueError("no round can start now")
        return self.doubles[len(self.rounds)]

    def start_round(self, dealt: Deal) -> RoundState:
        """Start the next round from ``dealt`` (its first seat moves one seat each round)."""
        double = self.next_double()
        first = len(self.rounds) % self.seats
        state = RoundState(self.rules, double, first, dealt)
        self.rounds.append(state)
        self.finish_round_if_over()
        return state

    def deal_next(self, rng: Random) -> RoundState:
        return self.start_round(deal(self.rules, self.seats, self.next_double(), rng))

    def apply(self, action: Action) -> Event:
        """Apply ``action`` in the round in play; books its points when it ends."""
        state = self.current
        if state is None:
            raise ValueError("no round is in play")
        event = state.apply(action)
        self.finish_round_if_over()
        return event

    def finish_round_if_over(self) -> bool:
        """Book the points of the last round if it has ended and was not booked yet."""
        if self.rounds and self.rounds[-1].end is not None and len(self.points) < len(self.rounds):
            self.points.append(self.rounds[-1].points())
            return True
        return False
