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
from chickenfoot.core.messages import Message, message
from chickenfoot.core.standard import StandardView


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    win_share: float
    """Share of sampled rounds (hands) this action went on to win (ties shared)."""
    mean_points: float
    """Chicken Foot: mean penalty points left in the seat's hand at the end of those rounds;
    standard games: mean points the seat's side scored in those hands."""
    reason: Message
    """Why, in a player's words (a code with parameters; ``str()`` is the English)."""

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


def _standard_reason(view: StandardView, action: Action, scores_now: int) -> Message:
    if isinstance(action, Draw):
        return message("hint-draw")
    if isinstance(action, Pass):
        return message("hint-keep-drawn" if view.drew else "hint-pass")
    code = "hint-lead" if action.on is None else "hint-play"
    tile, pips = str(action.tile), action.tile.pips
    if scores_now:
        return message(f"{code}-scores", tile=tile, pips=pips, score=scores_now)
    return message(code, tile=tile, pips=pips)


def reason(view: SeatView, action: Action, knowledge: Knowledge) -> Message:
    """One line a player understands: what this action does for them."""
    if isinstance(action, Draw):
        return message("hint-draw")
    if isinstance(action, Pass):
        return message("hint-pass-drawn" if view.drew else "hint-pass-empty")
    tile = action.tile
    if action.on is None:
        return message("hint-place-centre", tile=str(tile))
    f = features(view, action, knowledge)
    if tile.index == 0:
        return message("hint-double-blank", points=view.rules.double_blank_points)
    if f["double"]:
        if f["own_toes"]:
            return message(
                "hint-foot-follow", tile=str(tile), number=tile.hi, own=int(f["own_toes"])
            )
        return message("hint-foot", tile=str(tile), number=tile.hi)
    pips, playable = int(f["weight"]), int(f["playable_after"])
    if f["follow_ups"]:
        matched = view.foot[1] if view.foot else dict(view.open_ends)[action.on]
        return message(
            "hint-shed-opens",
            pips=pips,
            opened=tile.other(matched),
            follow=int(f["follow_ups"]),
            playable=playable,
        )
    return message("hint-shed", pips=pips, playable=playable)


__all__ = ["Hint", "hints", "reason"]
