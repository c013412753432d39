"""Actions a seat takes, and the events the round's history is made of."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from chickenfoot.core.messages import CodedError
from chickenfoot.core.tiles import TILES, Tile, TileError


class ActionError(ValueError):
    """Text or data that does not describe an action."""


class IllegalActionError(CodedError):
    """A well-formed action that the rules do not allow in this position (its ``message``
    says why, with a code: see :mod:`chickenfoot.core.messages`)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Place ``tile`` against the placed tile whose id is ``on`` (an open end or a foot);
    ``on`` is None for the first tile of the table (a round's double, a lead)."""

    tile: Tile
    on: int | None

    def __str__(self) -> str:
        return str(self.tile) if self.on is None else f"{self.tile}@{self.on}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the next tile from the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without playing."""

    def __str__(self) -> str:
        return "pass"


Action = Play | Draw | Pass

# Legal actions are made of shared objects: actions are values, so an object equal to a legal
# action is that action, and a position's actions are made without making new ones.
LEADS: tuple[Play, ...] = tuple(Play(t, None) for t in TILES)
"""The first tile of the table, by tile index."""
PLAYS: dict[int, Play] = {}
"""Every play on a placed tile made so far, by ``tile_index << 8 | on`` (:func:`play_on`)."""
DRAW = Draw()
PASS = Pass()


def play_on(tile_index: int, on: int) -> Play:
    """The play of the tile of ``tile_index`` on the placed tile ``on`` (under 256), shared."""
    key = tile_index << 8 | on
    play = PLAYS.get(key)
    if play is None:
        play = PLAYS[key] = Play(TILES[tile_index], on)
    return play


_ID = re.compile(r"0|[1-9][0-9]{0,3}", re.ASCII)
"""A tile id as text: at most four digits (no set has that many tiles)."""


def parse_action(text: str) -> Action:
    """Read the notation :func:`str` writes: ``9-4@0``, ``9-9`` (placing the first tile),
    ``draw`` or ``pass``."""
    word = text.strip().lower()
    if word == "draw":
        return Draw()
    if word == "pass":
        return Pass()
    tile_text, at, on_text = word.partition("@")
    if at and not _ID.fullmatch(on_text):
        raise ActionError(f"not an action: {text!r:.40} (write 9-4@0, draw or pass)")
    try:
        return Play(Tile.parse(tile_text), int(on_text) if at else None)
    except TileError as exc:
        raise ActionError(f"not an action: {text!r:.40}: {exc}") from None


@dataclass(frozen=True, slots=True)
class Event:
    """One action as it happened: who, what, the tile drawn (if known) and what the play
    scored (games that score during play)."""

    seat: int
    action: Action
    drawn: Tile | None = None
    score: int = 0

    def hidden(self) -> Event:
        """The event as another seat sees it: a draw without its tile (draws score nothing)."""
        return Event(self.seat, self.action) if self.drawn else self

    def to_json(self) -> dict[str, Any]:
        """The record form (docs/RECORD.md): ``{"seat": s, "play": t, "on": id}`` (with
        ``"score"`` when the play scored), ``{"seat": s, "draw": t}``, ``{"seat": s, "pass":
        true}``."""
        action = self.action
        if isinstance(action, Play):
            out: dict[str, Any] = {"seat": self.seat, "play": str(action.tile), "on": action.on}
            if self.score:
                out["score"] = self.score
            return out
        if isinstance(action, Draw):
            return {"seat": self.seat, "draw": str(self.drawn) if self.drawn else None}
        return {"seat": self.seat, "pass": True}
