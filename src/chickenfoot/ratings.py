"""Ratings of the players of many records: OpenSkill's Plackett-Luce model, made for matches
of more than two players.

Each finished match, in the order given, updates the rating of every player in it from its
result, counted one of two ways: ``wins`` (the default: the winners first, everybody else
shares the next place, as the rules say only who won) or ``places`` (the winners first, then
by total: :attr:`Outcome.places`). They can disagree: the searching bots play for the win
and give away points in the rounds they lose. A player is
a name of the records: a person by name, a computer player as ``bot:<level>``. A name that
holds several seats of one match (an arena's ``greedy,random,random,random``) takes each seat
as a player of its own rating for that match, and keeps the mean of their new ratings. The
rating shown is ``mu - 3 sigma``: what the player is at least, with 99.7% confidence.

Skill may drift or not. A server's players change as they play (people learn), so their
ratings drift: OpenSkill's default ``tau`` widens every sigma a little before each match,
and recent matches weigh more. The records of an arena are one population whose skill does
not change from the first record to the last: rated without drift (``tau`` 0), every match
weighs alike and the order of the records matters far less.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

from chickenfoot.core import games
from chickenfoot.core.pieces import RoundEnd
from chickenfoot.core.projection import RoundLike

COUNTED_BY = ("wins", "places")
"""How a match's result is counted (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating after every match given."""

    name: str
    mu: float
    sigma: float
    matches: int
    wins: float
    """Matches won; a match shared by k winners (k sides, with partners) counts 1/k each."""
    rounds: int = 0
    """Rounds (hands) played, once per seat held."""
    points: int = 0
    """Points over those rounds: penalty points in Chicken Foot, points scored otherwise."""
    outs: int = 0
    """Rounds the player went out in (played the last tile of their hand)."""
    double_blanks: int = 0
    """Rounds that ended with the 0-0 in the player's hand (caught with it)."""

    @property
    def points_per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rating": self.rating,
            "mu": self.mu,
            "sigma": self.sigma,
            "matches": self.matches,
            "wins": self.wins,
            "rounds": self.rounds,
            "points_per_round": self.points_per_round,
            "outs": self.outs,
            "double_blanks": self.double_blanks,
        }


class Ratings:
    """The ratings of every player met so far (see the module docstring)."""

    def __init__(self, by: str = "wins", drift: bool = True) -> None:
        if by not in COUNTED_BY:
            raise ValueError(f"ratings are counted by {' or '.join(COUNTED_BY)}, not {by!r}")
        self.by = by
        self.model = PlackettLuce() if drift else PlackettLuce(tau=0.0)
        self._mu: dict[str, float] = {}
        self._sigma: dict[str, float] = {}
        self._matches: dict[str, int] = {}
        self._wins: dict[str, float] = {}
        self._counts: dict[str, Counter[str]] = {}

    def add(self, record: Mapping[str, Any]) -> bool:
        """Rate the match of ``record`` (checked move by move first: a
        :class:`~chickenfoot.core.record_fields.RecordError` if it is wrong); False, and
        nothing changed, if the match is not over."""
        return self.add_match(games.check(record))

    def add_match(self, match: games.AnyMatch) -> bool:
        """:meth:`add` for a match played here (a server's): nothing to check."""
        outcome = match.outcome()
        if outcome is None:
            return False
        names: list[str] = list(match.players)
        start = self.model.rating()
        teams = [
            [self.model.rating(mu=self._mu.get(n, start.mu), sigma=self._sigma.get(n, start.sigma))]
            for n in names
        ]
        if self.by == "places":
            ranks = [float(p) for p in outcome.places]
        else:
            ranks = [1.0 if s in outcome.winners else 2.0 for s in range(len(names))]
        rated = self.model.rate(teams, ranks=ranks)
        shares = len(outcome.winning_sides or outcome.winners)  # partners win as one
        for name in dict.fromkeys(names):
            seats = [s for s, n in enumerate(names) if n == name]
            self._mu[name] = fmean(rated[s][0].mu for s in seats)
            self._sigma[name] = fmean(rated[s][0].sigma for s in seats)
            self._matches[name] = self._matches.get(name, 0) + 1
            won = sum(s in outcome.winners for s in seats) / shares
            self._wins[name] = self._wins.get(name, 0.0) + min(1.0, won)
        rounds: list[RoundLike] = list(match.rounds)
        for state, points in zip(rounds, match.points, strict=True):
            for seat, name in enumerate(names):
                hand = state.hand(seat)
                counts = self._counts.setdefault(name, Counter())
                counts["rounds"] += 1
                counts["points"] += points[seat]
                counts["outs"] += state.end is RoundEnd.OUT and not hand
                counts["double_blanks"] += any(tile.index == 0 for tile in hand)
        return True

    def load(self, rows: Iterable[Rating]) -> None:
        """Go on from ratings kept earlier (a server's)."""
        for row in rows:
            self._mu[row.name] = row.mu
            self._sigma[row.name] = row.sigma
            self._matches[row.name] = row.matches
            self._wins[row.name] = row.wins
            self._counts[row.name] = Counter(
                rounds=row.rounds, points=row.points, outs=row.outs, double_blanks=row.double_blanks
            )

    def of(self, names: Iterable[str]) -> list[Rating]:
        """The ratings of these players (each once)."""
        return [self._rating(n) for n in dict.fromkeys(names)]

    def _rating(self, name: str) -> Rating:
        return Rating(
            name,
            self._mu[name],
            self._sigma[name],
            self._matches[name],
            self._wins[name],
            **self._counts[name],
        )

    def table(self) -> list[Rating]:
        """Every player, the highest rating first."""
        return sorted(self.of(self._mu), key=lambda r: (-r.rating, r.name))


def rate(records: Iterable[Mapping[str, Any]], by: str = "wins") -> list[Rating]:
    """The ratings after ``records`` (finished matches; others are left out), in order, as
    one population whose skill does not drift."""
    ratings = Ratings(by, drift=False)
    for record in records:
        ratings.add(record)
    return ratings.table()
