"""Tiles, double-N sets and the integer encodings the engine computes with.

A tile ``a-b`` (``a >= b``) has the index ``a * (a + 1) // 2 + b``, so the double-N set is
exactly the indices ``0 .. (N+1)(N+2)/2 - 1`` and a smaller set is a prefix of a larger one.
Sets of tiles are kept as ``int`` bitmasks over these indices.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from chickenfoot.core.messages import CodedError, Message, message

MAX_NUMBER = 18
"""The largest number on any supported set (double-18)."""

_TILE = re.compile(r"(0|[1-9][0-9]?)-(0|[1-9][0-9]?)", re.ASCII)


class TileError(CodedError):
    """A tile written in a way that cannot be read, or not part of the set in use (a
    ``ValueError`` with a code, see :mod:`chickenfoot.core.messages`)."""


def tile_index(hi: int, lo: int) -> int:
    """Index of the tile ``hi-lo`` (``hi >= lo``) in the order 0-0, 1-0, 1-1, 2-0, ..."""
    return hi * (hi + 1) // 2 + lo


def set_size(top: int) -> int:
    """Number of tiles in the double-``top`` set."""
    return (top + 1) * (top + 2) // 2


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """A domino tile; ``hi >= lo`` always holds (the constructor accepts either order)."""

    hi: int
    lo: int
    index: int = field(init=False, repr=False, compare=False)
    """The tile's place in the order 0-0, 1-0, 1-1, 2-0, ... (see :func:`tile_index`)."""

    def __post_init__(self) -> None:
        if not (0 <= self.lo <= MAX_NUMBER and 0 <= self.hi <= MAX_NUMBER):
            raise TileError("tile-numbers", most=MAX_NUMBER, tile=f"{self.hi}-{self.lo}")
        if self.hi < self.lo:
            hi, lo = self.lo, self.hi
            object.__setattr__(self, "hi", hi)
            object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "index", tile_index(self.hi, self.lo))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"9-3"`` (or ``"3-9"``): ASCII digits without leading zeros or spaces;
        raises :class:`TileError` on anything else."""
        known = _BY_NAME.get(text) if isinstance(text, str) else None
        if known is not None:
            return known
        if not isinstance(text, str):
            raise TileError("tile-not-text", value=f"{text!r:.40}")
        match = _TILE.fullmatch(text)
        if match is None:
            raise TileError("not-a-tile", value=f"{text!r:.40}")
        return cls(int(match[1]), int(match[2]))

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def is_double(self) -> bool:
        return self.hi == self.lo

    @property
    def pips(self) -> int:
        return self.hi + self.lo

    def has(self, number: int) -> bool:
        return number in (self.hi, self.lo)

    def other(self, number: int) -> int:
        """The number at the other end when ``number`` is the matched end."""
        if number == self.hi:
            return self.lo
        if number == self.lo:
            return self.hi
        raise TileError("tile-has-no", tile=str(self), number=number)

    def __str__(self) -> str:
        return NAMES[self.index]

    def __repr__(self) -> str:
        return f"Tile({self.hi}, {self.lo})"


TILES: tuple[Tile, ...] = tuple(Tile(a, b) for a in range(MAX_NUMBER + 1) for b in range(a + 1))
"""Every tile up to double-18, in index order."""

NAMES: tuple[str, ...] = tuple(f"{t.hi}-{t.lo}" for t in TILES)
"""``NAMES[i]``: how tile ``i`` is written."""
_BY_NAME: dict[str, Tile] = {
    **{f"{t.lo}-{t.hi}": t for t in TILES},
    **{name: t for name, t in zip(NAMES, TILES, strict=True)},
}
"""Every tile by how it may be written: larger number first, or smaller first."""
HI: tuple[int, ...] = tuple(t.hi for t in TILES)
LO: tuple[int, ...] = tuple(t.lo for t in TILES)
PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)

NUMBER_MASK: tuple[int, ...] = tuple(
    sum(1 << i for i, t in enumerate(TILES) if t.has(n)) for n in range(MAX_NUMBER + 1)
)
"""``NUMBER_MASK[n]``: the tiles that carry the number ``n``."""

DOUBLES_MASK: int = sum(1 << i for i, t in enumerate(TILES) if t.is_double)
"""The doubles, as a mask of tile indexes."""


def full_set(top: int) -> list[Tile]:
    """The double-``top`` set in index order."""
    if not 0 <= top <= MAX_NUMBER:
        raise TileError("no-such-set", most=MAX_NUMBER, top=top)
    return list(TILES[: set_size(top)])


def set_mask(top: int) -> int:
    """The bit mask (bit ``t.index`` for tile ``t``) of the whole double-``top`` set."""
    return (1 << set_size(top)) - 1


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for t in tiles:
        mask |= 1 << t.index
    return mask


def indices_of(mask: int) -> Iterator[int]:
    """Tile indices in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def tiles_of(mask: int) -> list[Tile]:
    """Tiles in ``mask`` in index order."""
    return [TILES[i] for i in indices_of(mask)]


def deal_problem(tiles: Iterable[Tile], top: int) -> str | None:
    """What is wrong with ``tiles`` as the whole double-``top`` set, each tile once (tiles
    of a larger set, tiles twice, tiles missing), or None."""
    problem = deal_message(tiles, top)
    return None if problem is None else str(problem)


def deal_message(tiles: Iterable[Tile], top: int) -> Message | None:
    """:func:`deal_problem` as a message with a code."""
    counts = [0] * set_size(MAX_NUMBER)
    for tile in tiles:
        counts[tile.index] += 1
    size = set_size(top)
    foreign = [TILES[i] for i in range(size, len(counts)) if counts[i]]
    if foreign:
        return message("deal-foreign", top=top, tiles=", ".join(map(str, foreign)))
    twice = [TILES[i] for i in range(size) if counts[i] > 1]
    if twice:
        return message("deal-twice", tiles=", ".join(map(str, twice)))
    missing = [TILES[i] for i in range(size) if not counts[i]]
    if missing:
        return message("deal-missing", tiles=", ".join(map(str, missing)))
    return None


_IN_SET: dict[int, dict[str, Tile]] = {}
"""The names :func:`parse_tile_in_set` reads as tiles of the double-``top`` set, by ``top``."""


def tiles_in_set(texts: list[Any], top: int) -> tuple[Tile, ...] | None:
    """The tiles ``texts`` name, if each is a string :func:`parse_tile_in_set` reads as a
    tile of the double-``top`` set; else None (read them one by one to say what is wrong)."""
    names = _IN_SET.get(top)
    if names is None:
        size = set_size(top)
        names = _IN_SET[top] = {k: t for k, t in _BY_NAME.items() if t.index < size}
    try:
        return tuple([names[text] for text in texts])
    except (KeyError, TypeError):  # not a name of the set's tiles, or not even hashable
        return None


def parse_tile_in_set(text: str, top: int) -> Tile:
    """Parse a tile and check it belongs to the double-``top`` set."""
    tile = Tile.parse(text)
    if tile.hi > top:
        raise TileError("tile-not-in-set", tile=str(tile), top=top)
    return tile
