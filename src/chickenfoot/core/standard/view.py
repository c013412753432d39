"""What one seat of a standard game may know: its own hand and everything public."""

from __future__ import annotations

from dataclasses import dataclass

from chickenfoot.core.actions import Action, Event
from chickenfoot.core.pieces import Placed
from chickenfoot.core.projection import check_viewer
from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import HandState
from chickenfoot.core.standard.rules import StandardRules
from chickenfoot.core.tiles import Tile


@dataclass(frozen=True, slots=True)
class StandardView:
    seat: int
    rules: StandardRules
    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    hand_number: int
    """1-based number of the hand shown."""
    first: int
    """The seat that led this hand."""
    turn: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    """Tiles left in the boneyard (drawable or not)."""
    drawable: int
    """Tiles that may still be drawn."""
    layout: tuple[Placed, ...]
    open_ends: tuple[tuple[int, int], ...]
    """``(id, number)`` of every open end (two for a line; up to four with a spinner)."""
    spinner: int | None
    """Id of the spinner, if one has been placed."""
    ends_total: int
    """What All Fives counts on the ends now."""
    drew: bool
    """The seat to act has drawn this turn."""
    history: tuple[Event, ...]
    """This hand's actions; other seats' drawn tiles are hidden (``drawn`` is None)."""
    legal: tuple[Action, ...]
    """The seat's legal actions (empty when it is not its turn)."""
    hand_points: tuple[int, ...]
    """Points per seat scored so far in this hand (final once it ended)."""
    round_points: tuple[tuple[int, ...], ...]
    """Points per seat of every finished hand."""
    totals: tuple[int, ...]
    end: str | None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.end is None


def standard_view(game: StandardGame, seat: int, hand: HandState | None = None) -> StandardView:
    """The view of ``seat`` of the game's latest hand (or of ``hand``)."""
    if hand is None:
        if not game.rounds:
            raise ValueError("no hand has been dealt")
        hand = game.rounds[-1]
    check_viewer(seat, game.seats)
    my_turn = hand.turn == seat and hand.end is None
    return StandardView(
        seat=seat,
        rules=game.rules,
        players=tuple(game.players),
        sides=game.rules.sides,
        hand_number=game.rounds.index(hand) + 1,
        first=hand.first,
        turn=hand.turn,
        hand=tuple(hand.hand(seat)),
        hand_sizes=tuple(hand.hand_sizes()),
        boneyard_size=len(hand.boneyard) - hand.next_draw,
        drawable=hand.drawable,
        layout=tuple(hand.layout.placed()),
        open_ends=tuple(hand.layout.open_ends()),
        spinner=hand.layout.spinner,
        ends_total=hand.layout.ends_total(),
        drew=hand.drew,
        history=hand.seen_history(seat),
        legal=tuple(hand.legal_actions()) if my_turn else (),
        hand_points=tuple(hand.seat_points()),
        round_points=tuple(tuple(p) for p in game.points),
        totals=tuple(game.totals()),
        end=hand.end.value if hand.end else None,
    )
