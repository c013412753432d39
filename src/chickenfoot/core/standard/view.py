"""What one seat of a standard game may know: its own hand and everything public."""

from __future__ import annotations

from dataclasses import dataclass

from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import HandState
from chickenfoot.core.standard.rules import StandardRules
from chickenfoot.core.view import ViewBase, latest, view_fields


@dataclass(frozen=True, slots=True)
class StandardView(ViewBase):
    """What one seat sees of a hand of a standard game."""

    rules: StandardRules
    sides: tuple[tuple[int, ...], ...]
    spinner: int | None
    """Id of the spinner, if one has been placed."""
    ends_total: int
    """What All Fives counts on the ends now."""
    hand_points: tuple[int, ...]
    """Points per seat scored so far in this hand (final once it ended)."""


def standard_view(game: StandardGame, seat: int, hand: HandState | None = None) -> StandardView:
    """The view of ``seat`` of the game's latest hand (or of ``hand``)."""
    hand = latest(game, hand)
    return StandardView(
        **view_fields(game, seat, hand),
        rules=game.rules,
        sides=game.rules.sides,
        spinner=hand.layout.spinner,
        ends_total=hand.layout.ends_total(),
        hand_points=tuple(hand.seat_points()),
    )
