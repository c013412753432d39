"""The table's tiles as lines a person reads: from a viewer's snapshot alone.

Every placed tile says where it lies (``at``: docs/TABLE.md, "The board"): the line it lies
in, which of a fork's lines that line is, whether lines start from it, and the number facing
the tile it was played on. The engine decides these; this module only groups the tiles by
them: Chicken Foot's centre and every later double take several lines (toes), a line running
from its fork outwards until it ends or reaches a double; a standard game lays one line with
two ends (the lead in the middle), and All Fives' spinner takes arms above and below.

Each tile is shown the way it lies: ``near`` is the number touching the tile it was played
on, ``far`` the number pointing away from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chickenfoot.core.games import game_named
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import Public, Snapshot, WirePlaced


@dataclass(frozen=True, slots=True)
class Shown:
    """A placed tile as it lies on the table."""

    id: int
    tile: str
    """As the engine names it (larger number first): what a move names."""
    near: int
    far: int
    open: tuple[int, ...]
    """The numbers of its open ends (empty once covered)."""

    @property
    def double(self) -> bool:
        return self.near == self.far

    def reversed(self) -> Shown:
        return Shown(self.id, self.tile, self.far, self.near, self.open)


@dataclass(slots=True)
class Line:
    """Tiles laid one after another, from the tile they start on outwards. ``foot`` is the
    double that ends it and takes lines of its own (Chicken Foot), if one does."""

    tiles: list[Shown] = field(default_factory=list)
    foot: Foot | None = None

    @property
    def last(self) -> Shown | None:
        return self.tiles[-1] if self.tiles else None


@dataclass(slots=True)
class Foot:
    """A tile that takes several lines: the centre, a Chicken Foot double, a spinner."""

    tile: Shown
    lines: list[Line] = field(default_factory=list)
    need: int = 0
    """Toes it still needs before anything else may be played (the foot waiting)."""


@dataclass(slots=True)
class Layout:
    """The board: Chicken Foot's feet from the centre, or a standard game's line."""

    chickenfoot: bool
    centre: Foot | None
    """Chicken Foot: the centre and its lines; None until a tile is placed."""
    line: list[Shown] = field(default_factory=list)
    """A standard game: the line from its left end to its right end."""
    arms: list[Line] = field(default_factory=list)
    """A standard game: the spinner's lines beyond the two of the main line."""
    spinner: Shown | None = None

    @property
    def empty(self) -> bool:
        return self.centre is None and not self.line

    def order(self) -> list[int]:
        """Every tile id in the order the board is read: top to bottom, left to right."""
        ids: list[int] = []

        def walk_line(line: Line) -> None:
            ids.extend(t.id for t in line.tiles)
            if line.foot is not None:
                walk_foot(line.foot)

        def walk_foot(foot: Foot) -> None:
            ids.append(foot.tile.id)
            for line in foot.lines:
                walk_line(line)

        if self.centre is not None:
            walk_foot(self.centre)
        ids.extend(t.id for t in self.line)
        for arm in self.arms:
            walk_line(arm)
        return list(dict.fromkeys(ids))


def layout(board: Sequence[WirePlaced], public: Public | None, chickenfoot: bool) -> Layout:
    """The board of a snapshot laid out in lines: each tile's place (``at``) says which line
    it lies in and which of a fork's lines that is, so this only groups them."""
    if not board:
        return Layout(chickenfoot, None)
    lines: dict[int, list[WirePlaced]] = {}
    """Each line's tiles, by the id of its first tile, in the order laid."""
    starts: dict[int, list[WirePlaced]] = {}
    """The first tiles of the lines starting from each fork, by the fork's id."""
    for placed in board:
        lines.setdefault(placed.at.line, []).append(placed)
        if placed.on is not None and placed.at.line == placed.id:
            starts.setdefault(placed.on, []).append(placed)
    for firsts in starts.values():
        firsts.sort(key=lambda p: p.at.branch)
    waiting = public.foot if public is not None else None

    def foot(placed: WirePlaced) -> Foot:
        need = waiting.need if waiting is not None and waiting.id == placed.id else 0
        return Foot(_shown(placed), [line(first) for first in starts.get(placed.id, [])], need)

    def line(first: WirePlaced) -> Line:
        tiles = lines[first.id]
        if tiles[-1].at.fork and chickenfoot:
            return Line([_shown(p) for p in tiles[:-1]], foot(tiles[-1]))
        return Line([_shown(p) for p in tiles])

    root = board[0]
    if chickenfoot:
        return Layout(True, foot(root))
    sides = {first.at.branch: line(first) for first in starts.get(root.id, [])}
    left, right = sides.get(0, Line()), sides.get(1, Line())
    spinner = public.spinner if public is not None else None
    spin = _shown(root) if root.id == spinner else None
    arms = [sides[b] for b in sorted(sides) if b > 1]
    line_tiles = [t.reversed() for t in reversed(left.tiles)] + [_shown(root)] + right.tiles
    for side in (left, right):
        for shown in side.tiles:
            from_it = [line(f) for f in starts.get(shown.id, []) if f.at.branch > 1]
            if from_it:
                arms += from_it
                spin = shown
    return Layout(False, None, line_tiles, arms, spin)


def _shown(placed: WirePlaced) -> Shown:
    near = placed.at.near
    tile = Tile.parse(placed.tile)
    far = tile.lo if tile.hi == near else tile.hi
    return Shown(placed.id, placed.tile, near, far, tuple(placed.open))


def of_snapshot(snapshot: Snapshot) -> Layout:
    return layout(snapshot.board, snapshot.public, game_named(snapshot.game).layout == "feet")


def open_ends(board: Sequence[WirePlaced]) -> list[tuple[int, int]]:
    """``(id, number)`` of every open end, in the order the tiles were placed."""
    return [(p.id, n) for p in board for n in p.open]
