"""The layout of the standard games: one line with two ends, or a line through one spinner.

Placed tiles have ids in play order; the lead is tile 0. A tile's *open ends* are the numbers
on it that still take a tile: both numbers of a lone lead, the far number of a tile played
on a line, the free side of a double. A spinner (the first double, where the game has one)
takes tiles on its two sides first; once both are covered its two ends open as well.

The open ends are also kept as integers, the form the engine computes with: an *end* is
``tile_id << 5 | number``, one per tile id and number, ascending; a tile id open twice on
the same number (a double open on both sides) has one end, and is named apart (``twice``).
A tile fits at most one end of a tile id (the only tile id open on two numbers is a lone
lead, and only the lead itself has both). The functions below read this form.
"""

from __future__ import annotations

from bisect import insort

from chickenfoot.core.pieces import Placed
from chickenfoot.core.tiles import NUMBER_MASK, Tile


def playable_of(ends: list[int]) -> int:
    """Bitmask of the tiles (of any set) that fit one of the open ``ends``."""
    mask = 0
    for end in ends:
        mask |= NUMBER_MASK[end & 31]
    return mask


def plays_of(tiles: int, ends: list[int]) -> list[int]:
    """Every play of the tiles ``tiles`` (a bitmask) on the open ``ends``, by tile index,
    then tile id: each ``tile_index << 13 | end``."""
    plays: list[int] = []
    if len(ends) == 2:  # a line: each tile fits one end, unless it fits both
        a, b = ends
        on_a = tiles & NUMBER_MASK[a & 31]
        on_b = tiles & NUMBER_MASK[b & 31]
        legal = on_a | on_b
        both = on_a & on_b
        while legal:
            low = legal & -legal
            legal ^= low
            index = (low.bit_length() - 1) << 13
            if low & both:
                plays += (index | a, index | b)
            else:
                plays.append(index | (a if low & on_a else b))
        return plays
    number_mask = NUMBER_MASK
    legal = 0
    for end in ends:
        legal |= tiles & number_mask[end & 31]
    while legal:
        low = legal & -legal
        legal ^= low
        index = (low.bit_length() - 1) << 13
        for end in ends:
            if low & number_mask[end & 31]:
                plays.append(index | end)
    return plays


def ends_total_of(ends: list[int], doubles: int, spinner: int, spinner_sides: int) -> int:
    """What All Fives counts on the open ``ends`` (see :meth:`Layout.ends_total`); ``doubles``
    is the bitmask of the tile ids that are doubles, ``spinner`` the spinner's id (-1:
    none)."""
    total = 0
    for end in ends:
        tile_id = end >> 5
        if tile_id == spinner:
            if spinner_sides:
                total += 2 * (end & 31)
        elif doubles >> tile_id & 1:
            total += 2 * (end & 31)
        else:
            total += end & 31
    return total


def headers_of(ends: list[int], twice: int, doubles: int) -> int:
    """What Bergen scores for the open ``ends`` (see :meth:`Layout.headers`); ``twice`` is
    the tile id open twice (-1: none), ``doubles`` the bitmask of the tile ids that are
    doubles."""
    if twice >= 0:  # a lone double: its two ends match
        return 2 if len(ends) == 1 else 0
    if len(ends) != 2 or (ends[0] ^ ends[1]) & 31:
        return 0
    if (doubles >> (ends[0] >> 5) | doubles >> (ends[1] >> 5)) & 1:
        return 3
    return 2


class Layout:
    """The tiles on the table and their open ends."""

    __slots__ = (
        "doubles",
        "ends",
        "has_spinner",
        "on",
        "open",
        "spinner",
        "spinner_sides",
        "tiles",
        "twice",
    )

    def __init__(self, spinner: bool) -> None:
        self.has_spinner = spinner
        """Whether the first double becomes a spinner."""
        self.tiles: list[Tile] = []
        self.on: list[int | None] = []
        self.open: list[list[int]] = []
        """The open ends of each placed tile, by id."""
        self.spinner: int | None = None
        """Id of the spinner, once one is placed."""
        self.spinner_sides = 0
        """Sides of the spinner still uncovered; its ends open when this reaches 0."""
        self.ends: list[int] = []
        """The open ends as integers (see the module's docstring), ascending."""
        self.twice = -1
        """The tile id open twice on one number (its one end in :attr:`ends` stands for
        two), or -1."""
        self.doubles = 0
        """Bitmask of the tile ids that are doubles."""

    def copy(self) -> Layout:
        other = Layout(self.has_spinner)
        other.tiles = self.tiles[:]
        other.on = self.on[:]
        other.open = [ends[:] for ends in self.open]
        other.spinner = self.spinner
        other.spinner_sides = self.spinner_sides
        other.ends = self.ends[:]
        other.twice = self.twice
        other.doubles = self.doubles
        return other

    def __len__(self) -> int:
        return len(self.tiles)

    # -- reading ---------------------------------------------------------------------------

    def placed(self) -> list[Placed]:
        return [Placed(i, t, self.on[i], tuple(self.open[i])) for i, t in enumerate(self.tiles)]

    def open_ends(self) -> list[tuple[int, int]]:
        """``(id, number)`` of every open end, by id (a lone lead has two)."""
        return [(i, n) for i, ends in enumerate(self.open) for n in sorted(ends)]

    def playable_mask(self) -> int:
        """Bitmask of the tiles (of any set) that fit some open end."""
        return playable_of(self.ends)

    def targets(self, tile: Tile) -> list[int]:
        """Ids of the placed tiles with an open end that ``tile`` fits, ascending."""
        ids: list[int] = []
        for end in self.ends:
            if tile.bit & NUMBER_MASK[end & 31] and (not ids or ids[-1] != end >> 5):
                ids.append(end >> 5)
        return ids

    def number_for(self, tile: Tile, on: int) -> int | None:
        """The number of an open end of tile ``on`` that ``tile`` fits, if any."""
        for n in self.open[on]:
            if tile.has(n):
                return n
        return None

    def ends_total(self) -> int:
        """The sum All Fives scores: every open end of a line counts its number, a double on
        the end of a line counts both halves, and so does the spinner until both its sides
        are covered (after that only the tiles played on its ends count)."""
        spinner = -1 if self.spinner is None else self.spinner
        return ends_total_of(self.ends, self.doubles, spinner, self.spinner_sides)

    def headers(self) -> int:
        """What Bergen scores for the line as it stands: 3 when both ends show the same
        number and one of them is a double (a triple header), 2 when they match otherwise
        (a double header, also a lone double), else 0."""
        return headers_of(self.ends, self.twice, self.doubles)

    # -- placing ---------------------------------------------------------------------------

    def lead(self, tile: Tile) -> None:
        """Place the first tile (id 0)."""
        self.tiles.append(tile)
        self.on.append(None)
        self.open.append([tile.hi, tile.lo])
        if tile.is_double:
            self.ends = [tile.hi]
            self.twice = 0
            self.doubles = 1
            if self.has_spinner:
                self.spinner = 0
                self.spinner_sides = 2
        else:
            self.ends = [tile.lo, tile.hi]

    def place(self, tile: Tile, on: int, number: int) -> int:
        """Play ``tile`` against the open ``number`` of tile ``on``; returns the new id."""
        self.open[on].remove(number)
        end = on << 5 | number
        if on == self.twice:
            self.twice = -1
        else:
            self.ends.remove(end)
        if on == self.spinner and self.spinner_sides:
            self.spinner_sides -= 1
            if not self.spinner_sides:  # both sides covered: its two ends open
                self.open[on] = [number, number]
                self.twice = on
                insort(self.ends, end)
        new_id = len(self.tiles)
        other = tile.hi + tile.lo - number
        self.tiles.append(tile)
        self.on.append(on)
        self.open.append([other])
        self.ends.append(new_id << 5 | other)
        if tile.hi == tile.lo:
            self.doubles |= 1 << new_id
            if self.has_spinner and self.spinner is None:
                self.spinner = new_id
                self.spinner_sides = 1
        return new_id
