"""A standard game: hands until one decides it (``target`` 0) or a side reaches the target."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from chickenfoot.core.actions import Action, Event
from chickenfoot.core.common import MatchBase, Outcome
from chickenfoot.core.match import places_of
from chickenfoot.core.options import RulesError
from chickenfoot.core.pieces import Deal, RoundEnd
from chickenfoot.core.standard.hand import HandState, deal, leader_of
from chickenfoot.core.standard.rules import Leader, NextLeader, StandardRules
from chickenfoot.core.tiles import Tile


class StandardGame(MatchBase[HandState]):
    """A game in play. Chance is explicit: each hand starts from a :class:`Deal`, made here
    from ``rng`` (:meth:`deal_next`) or given (:meth:`start_round`, replaying a record).

    Scores belong to sides; every per-seat list (:meth:`totals`, :attr:`points`) shows each
    seat its side's score, so partners show the same numbers."""

    rules: StandardRules

    def __init__(
        self,
        players: Sequence[str],
        rules: StandardRules,
        seed: int | None = None,
    ) -> None:
        if len(players) != rules.players:
            raise RulesError("rules-for-players", players=rules.players, count=len(players))
        self.rules = rules
        self.players = list(players)
        self.seed = seed
        self.rounds: list[HandState] = []
        """Every hand dealt so far, the one in play last."""
        self.points: list[list[int]] = []
        """Points per seat of every finished hand."""
        self._booked = [0] * len(rules.sides)
        """Each side's total of the finished hands."""

    def side_totals(self) -> list[int]:
        """Each side's total, the hand in play included."""
        hand = self.current
        if hand is None:
            return self._booked[:]
        return [a + b for a, b in zip(self._booked, hand.points(), strict=True)]

    def totals(self) -> list[int]:
        """Each seat's side total, the hand in play included."""
        totals = self.side_totals()
        return [totals[side] for side in self.rules.seat_sides]

    @property
    def is_over(self) -> bool:
        return self.winning_sides() is not None

    def winning_sides(self) -> tuple[int, ...] | None:
        """The sides that won (several: a draw), or None while the game goes on.

        With ``target`` 0 the first hand decides: its winner, or the sides that tied for it.
        Otherwise the game ends after a hand when a side has reached the target and has the
        highest total alone."""
        if not self.points:
            return None
        if self.rules.target == 0:
            first = self.rounds[0]
            return (first.winner,) if first.winner is not None else first.tied
        totals = self.side_totals()
        top = max(totals)
        leaders = tuple(i for i, t in enumerate(totals) if t == top)
        if top >= self.rules.target and len(leaders) == 1 and self.current is None:
            return leaders
        return None

    def outcome(self) -> Outcome | None:
        sides = self.winning_sides()
        if sides is None:
            return None
        seat_sides = self.rules.seat_sides
        winners = tuple(s for s in range(self.seats) if seat_sides[s] in sides)
        totals = self.totals()
        return Outcome(tuple(totals), winners, sides, places_of(totals, winners, False))

    # -- hands -----------------------------------------------------------------------------

    def first_seat(self, dealt: Deal) -> int:
        """Who leads the next hand if it is dealt as ``dealt``."""
        return self._leader(dealt)[0]

    def _leader(self, dealt: Deal) -> tuple[int, Tile | None]:
        """``(seat, tile it must lead or None)`` for the next hand if dealt as ``dealt``."""
        return leader_of(self.rules, dealt, len(self.rounds), self._last_out())

    def _last_out(self) -> int | None:
        if not self.rounds or self.rounds[-1].end is not RoundEnd.OUT:
            return None
        return self.rounds[-1].turn

    def start_round(self, dealt: Deal, check: bool = True) -> HandState:
        """Start the next hand from ``dealt``; its leader follows the rules. ``check``
        False: ``dealt`` is known to be a deal for these rules (:func:`deal` made it)."""
        if self.current is not None or self.is_over:
            raise ValueError("no hand can start now")
        first, lead = self._leader(dealt)
        hand = HandState(self.rules, dealt, first, lead, self.side_totals(), check)
        self.rounds.append(hand)
        return hand

    def deal_next(self, rng: Random) -> HandState:
        """Deal the next hand from ``rng`` (the chance event) and start it; the lot is drawn
        only when it decides who leads."""
        return self.start_round(deal(self.rules, rng, self.lot_decides_next()), check=False)

    def lot_decides_next(self) -> bool:
        """Is the next hand's leader drawn by lot (not named by the previous hand)?"""
        rules = self.rules
        by_winner = bool(self.rounds) and rules.next_leader is NextLeader.WINNER
        return rules.leader is Leader.LOT and not (by_winner and self._last_out() is not None)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the hand in play (empty between hands and at the end)."""
        hand = self.current
        return hand.legal_actions() if hand is not None else []

    @property
    def turn(self) -> int | None:
        """The seat to act, or None when no hand is in play."""
        hand = self.current
        return hand.turn if hand is not None else None

    def apply(self, action: Action) -> Event:
        """Apply ``action`` in the hand in play; books its points when it ends."""
        hand = self.rounds[-1] if self.rounds else None
        if hand is None or hand.end is not None:
            raise ValueError("no hand is in play")
        event = hand.apply(action)
        if hand.end is not None:
            self._book(hand)
        return event

    def finish_round_if_over(self) -> None:
        """Book the points of the last hand if it has ended and was not booked yet (a hand
        played out on the compact state ends there, not through :meth:`apply`)."""
        if self.rounds and self.rounds[-1].end is not None and len(self.points) < len(self.rounds):
            self._book(self.rounds[-1])

    def _book(self, hand: HandState) -> None:
        points = hand.points()
        self.points.append([points[side] for side in self.rules.seat_sides])
        self._booked = [a + b for a, b in zip(self._booked, points, strict=True)]
