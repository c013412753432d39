"""The layout of the standard games: one line with two ends, or a line through one spinner.

Placed tiles have ids in play order; the lead is tile 0. A tile's *open ends* are the numbers
on it that still take a tile: both numbers of a lone lead, the far number of a tile played
on a line, the free side of a double. A spinner (the first double, where the game has one)
takes tiles on its two sides first; once both are covered its two ends open as well.
"""

from __future__ import annotations

from chickenfoot.core.pieces import Placed
from chickenfoot.core.tiles import NUMBER_MASK, Tile


class Layout:
    """The tiles on the table and their open ends."""

    __slots__ = ("has_spinner", "on", "open", "spinner", "spinner_sides", "tiles")

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

    def copy(self) -> Layout:
        other = Layout(self.has_spinner)
        other.tiles = self.tiles[:]
        other.on = self.on[:]
        other.open = [ends[:] for ends in self.open]
        other.spinner = self.spinner
        other.spinner_sides = self.spinner_sides
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
        mask = 0
        for ends in self.open:
            for n in ends:
                mask |= NUMBER_MASK[n]
        return mask

    def targets(self, tile: Tile) -> list[int]:
        """Ids of the placed tiles with an open end that ``tile`` fits, ascending."""
        return [i for i, ends in enumerate(self.open) if tile.hi in ends or tile.lo in ends]

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
        total = 0
        for i, ends in enumerate(self.open):
            if i == self.spinner:
                if self.spinner_sides:
                    total += self.tiles[i].pips
            elif ends:
                tile = self.tiles[i]
                total += tile.pips if tile.is_double else sum(ends)
        return total

    def headers(self) -> int:
        """What Bergen scores for the line as it stands: 3 when both ends show the same
        number and one of them is a double (a triple header), 2 when they match otherwise
        (a double header, also a lone double), else 0."""
        ends = self.open_ends()
        if len(ends) != 2 or ends[0][1] != ends[1][1]:
            return 0
        (a, _), (b, _) = ends
        if a != b and (self.tiles[a].is_double or self.tiles[b].is_double):
            return 3
        return 2

    # -- placing ---------------------------------------------------------------------------

    def lead(self, tile: Tile) -> None:
        """Place the first tile (id 0)."""
        self.tiles.append(tile)
        self.on.append(None)
        self.open.append([tile.hi, tile.lo])
        if tile.is_double and self.has_spinner:
            self.spinner = 0
            self.spinner_sides = 2

    def place(self, tile: Tile, on: int, number: int) -> int:
        """Play ``tile`` against the open ``number`` of tile ``on``; returns the new id."""
        self.open[on].remove(number)
        if on == self.spinner and self.spinner_sides:
            self.spinner_sides -= 1
            if not self.spinner_sides:
                self.open[on] = [number, number]  # both sides covered: its two ends open
        new_id = len(self.tiles)
        self.tiles.append(tile)
        self.on.append(on)
        self.open.append([tile.other(number)])
        if tile.is_double and self.has_spinner and self.spinner is None:
            self.spinner = new_id
            self.spinner_sides = 1
        return new_id
