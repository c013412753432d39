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
from collections.abc import Sequence

from chickenfoot.core.pieces import Place, Placed, against, lines_from
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


def line_place(
    tiles: Sequence[Tile],
    ons: Sequence[int | None],
    places: Sequence[Place],
    tile: Tile,
    on: int | None,
    number: int | None,
    spinner: int | None,
) -> Place:
    """Where ``tile`` lies once played on tile ``on`` against ``number`` (the first tile:
    ``on`` None), the tiles placed so far being ``tiles`` (by id; ``ons``: what each was
    played on, ``places``: where each lies). ``spinner``: the spinner's id once one is
    placed, or the id the first double laid from now on would have where the game has a
    spinner (-1 where it has none).

    The lead is a fork: the line on its left side (0) and the one on its right (1) start
    from it; a lead that is not a double keeps its higher number on the left, so a tile laid
    against its lower number starts the line on the right. A double lead gives its first
    line the left. The spinner is a fork too: the first tile laid on it (a spinner played on
    the line) continues its line; the next two start its arms (2 and 3).
    """
    new_id = len(places)
    fork = tile.is_double and spinner == new_id
    if on is None:
        return Place(tile.hi, new_id, 0, True)
    assert number is not None
    target = places[on]
    if ons[on] is None:
        if tiles[on].is_double:
            branch = lines_from(on, ons, places)
        else:
            branch = 0 if number == target.near else 1
        return Place(number, new_id, branch, fork)
    if target.fork:
        continued = any(
            ons[i] == on and places[i].line == target.line for i in range(on + 1, new_id)
        )
        if continued:
            return Place(number, new_id, 2 + lines_from(on, ons, places), fork)
    return Place(number, target.line, 0, fork)


class Layout:
    """The tiles on the table and their open ends."""

    __slots__ = (
        "doubles",
        "ends",
        "has_spinner",
        "on",
        "open",
        "places",
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
        self.places: list[Place] = []
        """Where each tile lies, by id: worked out when first asked (:meth:`place_of`)."""

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
        other.places = self.places[:]
        return other

    def __len__(self) -> int:
        return len(self.tiles)

    # -- reading ---------------------------------------------------------------------------

    def placed(self) -> list[Placed]:
        return [self.placed_tile(i) for i in range(len(self.tiles))]

    def placed_tile(self, tile_id: int) -> Placed:
        """The tile with this id as it lies on the table now."""
        return Placed(
            tile_id,
            self.tiles[tile_id],
            self.on[tile_id],
            tuple(self.open[tile_id]),
            self.place_of(tile_id),
        )

    def place_of(self, tile_id: int) -> Place:
        """Where the tile with this id lies (see :func:`line_place`)."""
        places = self.places
        while len(places) <= tile_id:
            i = len(places)
            on = self.on[i]
            tile = self.tiles[i]
            number = None if on is None else against(tile, self.tiles[on])
            places.append(self._next_place(tile, on, number))
        return places[tile_id]

    def place_for(self, tile: Tile, on: int | None, number: int | None, upto: int) -> Place:
        """Where ``tile`` would lie, laid on tile ``on`` against ``number`` when the first
        ``upto`` tiles were all that was placed."""
        if upto:
            self.place_of(upto - 1)
        places = self.places if upto == len(self.places) else self.places[:upto]
        return self._next_place(tile, on, number, places)

    def _next_place(
        self, tile: Tile, on: int | None, number: int | None, places: list[Place] | None = None
    ) -> Place:
        if places is None:
            places = self.places
        new_id = len(places)
        spinner = self.spinner
        if spinner is None or spinner >= new_id:
            spinner = new_id if self.has_spinner else -1
        return line_place(self.tiles, self.on, places, tile, on, number, spinner)

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
