"""What the engine says to players: a code with parameters, and its English text.

Front ends translate a :class:`Message` by its code (the parameters are plain strings and
numbers); :data:`ENGLISH` is the catalogue the English text is made from, and the reference
for translators: every code the engine uses is in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Param = str | int | float

ENGLISH: dict[str, str] = {
    # Actions that the rules do not allow now
    "round-over": "the round is over",
    "hand-over": "the hand is over",
    "drawn-already": "seat {seat} has drawn already this turn",
    "must-play": "seat {seat} holds a playable tile and must play",
    "nothing-to-draw": "the boneyard has no tile left to draw",
    "no-drawing": "nobody draws in {game}: seat {seat} passes",
    "must-draw": "seat {seat} must draw before passing",
    "not-held": "seat {seat} does not hold {tile}",
    "place-centre-first": "{tile} must be placed in the centre first",
    "name-target": "{tile} must be played on a tile (name its id)",
    "no-such-tile": "there is no tile {on} on the board",
    "foot-waiting": (
        "the foot on tile {foot} ({double}) needs {need} more toe(s) before anything else is played"
    ),
    "no-open-end": "tile {on} ({target}) has no open end",
    "no-match": "{tile} does not match the {number} of tile {on}",
    "no-match-ends": "{tile} does not match the open {ends} of tile {on}",
    "not-legal-now": "{tile} on tile {on} is not a legal play now",
    "led-already": "the hand has been led: play on a tile (on is its id)",
    "must-lead": "seat {seat} must lead {tile}",
    "lead-first": "nothing is on the table yet: the first tile is a lead",
    # A table refusing who acts
    "not-your-turn": "it is seat {turn}'s turn, not seat {seat}'s",
    "no-such-seat": "there is no seat {seat} at a table of {players}",
    "spectator-acts": "a spectator cannot act",
    "match-over": "the match is over",
    "no-round": "no round is in play",
    "stale-version": "the table is at version {version}, not {asked}",
    # Actions and views as JSON
    "bad-json": "not JSON: {reason}",
    "bad-action": "not an action: {reason}",
    # Hints
    "hint-draw": "no tile fits: draw one",
    "hint-pass-drawn": "the drawn tile does not fit: pass",
    "hint-keep-drawn": "keep the drawn tile: pass",
    "hint-pass-empty": "nothing fits and the boneyard is empty: pass",
    "hint-pass": "nothing fits: pass",
    "hint-place-centre": "places {tile} in the centre: the round starts",
    "hint-double-blank": "gets rid of the 0-0, worth {points} in your hand",
    "hint-foot": "starts a foot on {tile}: everyone must play a {number} on it or draw",
    "hint-foot-follow": (
        "starts a foot on {tile}: everyone must play a {number} on it or draw, and you hold "
        "{own} to follow"
    ),
    "hint-shed": "sheds {pips} pips, leaves {playable} of your tiles playable",
    "hint-shed-opens": (
        "sheds {pips} pips, opens a {opened} for {follow} of your tiles, leaves {playable} of "
        "your tiles playable"
    ),
    "hint-lead": "leads {tile}: sheds {pips} pips",
    "hint-lead-scores": "leads {tile}: sheds {pips} pips, scoring {score} now",
    "hint-play": "plays {tile}: sheds {pips} pips",
    "hint-play-scores": "plays {tile}: sheds {pips} pips, scoring {score} now",
    # Computer players' levels
    "level-beginner": "plays any legal tile at random",
    "level-easy": "plays its heaviest tile",
    "level-medium": "plays doubles first, then heavy tiles it can follow up on",
    "level-hard": "samples the hidden tiles 10 times per move and plays each option out",
    "level-expert": (
        "samples the hidden tiles up to 150 times (80 ms) per move, with greedy-minded playouts"
    ),
}
"""Every message code with its English text; ``{name}`` marks a parameter."""


@dataclass(frozen=True, slots=True)
class Message:
    """A message for a player: its code and parameters (see :data:`ENGLISH`)."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in ENGLISH:
            raise KeyError(f"no message has the code {self.code!r}")

    def __str__(self) -> str:
        return ENGLISH[self.code].format_map(dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params), "text": str(self)}


def message(code: str, **params: Param) -> Message:
    return Message(code, params)


class CodedError(ValueError):
    """An error a player reads: it carries a :class:`Message`; ``str()`` is its English."""

    def __init__(self, code: str, **params: Param) -> None:
        self.message = Message(code, params)
        super().__init__(str(self.message))

    @property
    def code(self) -> str:
        return self.message.code
