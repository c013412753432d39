"""The standard domino games (docs/STANDARD.md): ``draw``, ``block``, ``all-fives``, ``bergen``.

A second game of the core, built like Chicken Foot's: :class:`StandardRules` (every option,
named games), :func:`deal` (the chance event), :class:`HandState` (one hand: legal actions in a
fixed order, ``apply``, the end and its points), :class:`StandardGame` (hands to the end of
the game), :func:`standard_view` (what one seat may know), records
(:func:`to_record` / :func:`replay`), and whole games on integers for the bots that pick from
the legal list alone (:mod:`chickenfoot.core.standard.compact`). ``docs/STANDARD.md`` gives
the rules played and every decision taken where the sources are silent.
"""

from chickenfoot.core.actions import Event
from chickenfoot.core.pieces import Deal, Placed
from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import (
    DealError,
    HandState,
    check_deal,
    deal,
    leader_of,
)
from chickenfoot.core.standard.layout import Layout
from chickenfoot.core.standard.record import replay, to_record
from chickenfoot.core.standard.rules import (
    GAMES,
    SETS,
    BlockedScore,
    BlockedWinner,
    Game,
    HandScoring,
    Leader,
    NextLeader,
    PlayScoring,
    StandardRules,
)
from chickenfoot.core.standard.view import StandardView, standard_view

__all__ = [
    "GAMES",
    "SETS",
    "BlockedScore",
    "BlockedWinner",
    "Deal",
    "DealError",
    "Event",
    "Game",
    "HandScoring",
    "HandState",
    "Layout",
    "Leader",
    "NextLeader",
    "Placed",
    "PlayScoring",
    "StandardGame",
    "StandardRules",
    "StandardView",
    "check_deal",
    "deal",
    "leader_of",
    "replay",
    "standard_view",
    "to_record",
]
