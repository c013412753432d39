"""The rules core: pure, deterministic, no I/O. Everything else is built on it."""

from chickenfoot.core.actions import (
    Action,
    ActionError,
    Draw,
    Event,
    IllegalActionError,
    Pass,
    Play,
    parse_action,
)
from chickenfoot.core.common import Outcome
from chickenfoot.core.fast import FastRound
from chickenfoot.core.match import Match, winners_of
from chickenfoot.core.options import RulesError
from chickenfoot.core.pieces import Deal, Placed, RoundEnd
from chickenfoot.core.record import FORMAT, replay, to_record
from chickenfoot.core.record_fields import RecordError
from chickenfoot.core.round import RoundState, deal
from chickenfoot.core.rules import CLASSIC, PRESETS, MatchLength, Rules, preset
from chickenfoot.core.tiles import Tile, TileError, full_set
from chickenfoot.core.view import SeatView, seat_view

__all__ = [
    "CLASSIC",
    "FORMAT",
    "PRESETS",
    "Action",
    "ActionError",
    "Deal",
    "Draw",
    "Event",
    "FastRound",
    "IllegalActionError",
    "Match",
    "MatchLength",
    "Outcome",
    "Pass",
    "Placed",
    "Play",
    "RecordError",
    "RoundEnd",
    "RoundState",
    "Rules",
    "RulesError",
    "SeatView",
    "Tile",
    "TileError",
    "deal",
    "full_set",
    "parse_action",
    "preset",
    "replay",
    "seat_view",
    "to_record",
    "winners_of",
]
