"""What a search found for one candidate action, added up over its samples."""

from __future__ import annotations

from dataclasses import dataclass

from chickenfoot.core import Action


@dataclass
class Estimate:
    """What the search found for one candidate action."""

    action: Action
    samples: int = 0
    wins: float = 0.0
    """Rounds (hands) the seat (its side) went on to win, ties shared."""
    points: float = 0.0
    """Chicken Foot: penalty points left in the seat's hand; standard games: points its side
    scored in the hand."""
    margin: float = 0.0
    """Standard games: its side's points minus the best other side's."""
    scores_now: int = 0
    """Points the action scores as it is played (All Fives, Bergen)."""

    @property
    def win_share(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.samples if self.samples else 0.0

    @property
    def mean_margin(self) -> float:
        return self.margin / self.samples if self.samples else 0.0
