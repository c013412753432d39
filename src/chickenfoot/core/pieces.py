"""What a round of any game is made of: its deal, the tiles placed, and how it ended."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from random import Random
from typing import NamedTuple, TypeVar

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


class Place(NamedTuple):
    """Where a tile lies on the table, fixed when it is placed: every front end draws the
    board from these alone (the game decides them; see docs/TABLE.md, "The board").

    The board is made of *lines*: tiles laid one after another, each against the one before.
    A line is named by the id of its first tile; the first tile of the table is a line of
    its own. A *fork* is a tile that other lines start from (Chicken Foot's centre and every
    later double, a standard game's lead and its spinner); the lines starting from one fork
    are told apart by their ``branch``."""

    near: int
    """The number facing the tile it was played on (the first tile: its higher number, on
    its left)."""
    line: int
    """The id of the first tile of the line it lies in."""
    branch: int
    """The first tile of a line starting from a fork: which of the fork's lines it is (a
    standard game's lead: 0 on the left, 1 on the right; a spinner's arms: 2 and 3;
    Chicken Foot's toes: 0, 1, 2 ... in the order laid); 0 for every other tile."""
    fork: bool
    """Other lines start from it."""


class Placed(NamedTuple):
    """A tile on the table: its id, the tile, the id it was played on (None for the first
    tile), the numbers its open ends show (empty once covered; a double that must be toed
    shows none: its toes are counted apart) and where it lies."""

    id: int
    tile: Tile
    on: int | None
    open: tuple[int, ...]
    place: Place


def against(tile: Tile, target: Tile) -> int:
    """The number ``tile`` is laid against when played on ``target``: two different tiles
    share one number at most, and a play needs one."""
    return tile.hi if target.has(tile.hi) else tile.lo


def lines_from(fork: int, ons: Sequence[int | None], places: Sequence[Place]) -> int:
    """How many lines start from the tile ``fork`` among the tiles ``places`` names (the
    tiles placed so far, by id; ``ons[i]`` is the id tile ``i`` was played on)."""
    return sum(1 for i in range(fork + 1, len(places)) if ons[i] == fork and places[i].line == i)


def round_rng(seed: int, round_index: int) -> Random:
    """The randomness that deals round ``round_index`` (0-based) of the match dealt from
    ``seed``: a round's deal depends on the seed and its number alone, so a match resumed
    from its record deals what it would have dealt."""
    return Random(f"chickenfoot/{seed}/round/{round_index}")


def shuffle(items: list[T], rng: Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same draws from
    ``rng``, the same order), in fewer steps: every deal shuffles."""
    shuffle_drawn(items, rng.getrandbits)
