"""What a round of any game is made of: its deal, the tiles placed, and how it ended."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from random import Random
from typing import TypeVar

from chickenfoot.core.fast import shuffle_drawn
from chickenfoot.core.tiles import Tile

T = TypeVar("T")


class RoundEnd(StrEnum):
    OUT = "out"
    """A player played their last tile."""
    BLOCKED = "blocked"
    """Nothing could be drawn and no player held a legal tile."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance events that start a round (a hand): every hand and the boneyard in draw
    order, with the draws that decided who starts (Chicken Foot's ``found`` double and
    wikipedia's round 1) or the seat drawn by lot (standard games whose leader is drawn)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    start_draw: tuple[tuple[int, Tile], ...] = ()
    """``(seat, tile)`` of each draw for the start, in order."""
    lot: int | None = None


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the table: its id, the tile, the id it was played on (None for the first
    tile) and the numbers its open ends show (empty once covered; a double that must be
    toed shows none: its toes are counted apart)."""

    id: int
    tile: Tile
    on: int | None
    open: tuple[int, ...]


def round_rng(seed: int, round_index: int) -> Random:
    """The randomness that deals round ``round_index`` (0-based) of the match dealt from
    ``seed``: a round's deal depends on the seed and its number alone, so a match resumed
    from its record deals what it would have dealt."""
    return Random(f"chickenfoot/{seed}/round/{round_index}")


def shuffle(items: list[T], rng: Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same draws from
    ``rng``, the same order), in fewer steps: every deal shuffles."""
    shuffle_drawn(items, rng.getrandbits)
