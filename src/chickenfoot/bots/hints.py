"""Advice for a seat: its best few actions, how they fare, and why, in a player's words."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from chickenfoot.bots.base import View
from chickenfoot.bots.heuristic import features
from chickenfoot.bots.knowledge import Knowledge, infer
from chickenfoot.bots.montecarlo import MonteCarloBot
from chickenfoot.bots.standard import StandardSearch
from chickenfoot.core import Action, Draw, Pass, SeatView
from chickenfoot.core.standard import StandardView


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    win_share: float
    """Share of sampled rounds (hands) this action went on to win (ties shared)."""
    mean_points: float
    """Chicken Foot: mean penalty points left in the seat's hand at the end of those rounds;
    standard games: mean points the seat's side scored in those hands."""
    reason: str

    def __str__(self) -> str:
        return (
            f"{self.action}: {self.reason} (wins {self.win_share:.0%} of sampled rounds, "
            f"{self.mean_points:.1f} points on average)"
        )


def hints(view: View, count: int = 3, seed: int | str = 0, samples: int = 150) -> list[Hint]:
    """The ``count`` best actions for the seat to act, best first."""
    if not view.legal:
        return []
    if isinstance(view, StandardView):
        return _standard_hints(view, count, seed, samples)
    search = MonteCarloBot(seed, samples=samples, millis=None)
    knowledge = infer(view)
    return [
        Hint(e.action, e.win_share, e.mean_points, reason(view, e.action, knowledge))
        for e in search.evaluate(view)[:count]
    ]


def _standard_hints(view: StandardView, count: int, seed: int | str, samples: int) -> list[Hint]:
    search = StandardSearch(Random(seed), samples, None, heavy=0.5)
    return [
        Hint(o.action, o.win_share, o.mean_points, _standard_reason(view, o.action, o.scores_now))
        for o in search.evaluate(view)[:count]
    ]


def _standard_reason(view: StandardView, action: Action, scores_now: int) -> str:
    if isinstance(action, Draw):
        return "no tile fits: draw one"
    if isinstance(action, Pass):
        return "nothing fits: pass" if not view.drew else "keep the drawn tile: pass"
    verb = "leads" if action.on is None else "plays"
    scored = f", scoring {scores_now} now" if scores_now else ""
    return f"{verb} {action.tile}: sheds {action.tile.pips} pips{scored}"


def reason(view: SeatView, action: Action, knowledge: Knowledge) -> str:
    """One line a player understands: what this action does for them."""
    if isinstance(action, Draw):
        return "no tile fits: draw one"
    if isinstance(action, Pass):
        if view.drew:
            return "the drawn tile does not fit: pass"
        return "nothing fits and the boneyard is empty: pass"
    tile = action.tile
    if action.on is None:
        return f"places {tile} in the centre: the round starts"
    f = features(view, action, knowledge)
    if tile.index == 0:
        return f"gets rid of the 0-0, worth {view.rules.double_blank_points} in your hand"
    if f["double"]:
        follow = f", and you hold {int(f['own_toes'])} to follow" if f["own_toes"] else ""
        return f"starts a foot on {tile}: everyone must play a {tile.hi} on it or draw{follow}"
    parts = [f"sheds {int(f['weight'])} pips"]
    if f["follow_ups"]:
        matched = view.foot[1] if view.foot else dict(view.open_ends)[action.on]
        opened = tile.other(matched)
        parts.append(f"opens a {opened} for {int(f['follow_ups'])} of your tiles")
    parts.append(f"leaves {int(f['playable_after'])} of your tiles playable")
    return ", ".join(parts)


__all__ = ["Hint", "hints", "reason"]
