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
    points: float = 0.0

    @property
    def win_share(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.samples if self.samples else 0.0

    def value(self, point_weight: float) -> float:
        return self.win_share - point_weight * self.mean_points / 100.0
