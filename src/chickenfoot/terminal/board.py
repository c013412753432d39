"""The table's tiles as lines a person reads: from a viewer's snapshot alone.

Every placed tile names the tile it was played on, so the board is a tree rooted at the first
tile. Chicken Foot's centre double and every later double take several lines (toes); a line
runs from its foot outwards until it ends or reaches a double. A standard game lays one line
with two ends (the lead in the middle), and All Fives' spinner takes lines on all four sides.

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
    """The board of a snapshot laid out in lines (see the module docstring)."""
    if not board:
        return Layout(chickenfoot, None)
    children: dict[int, list[WirePlaced]] = {}
    for placed in board:
        if placed.on is not None:
            children.setdefault(placed.on, []).append(placed)
    root = board[0]
    numbers = Tile.parse(root.tile)
    root_shown = Shown(root.id, root.tile, numbers.hi, numbers.lo, tuple(root.open))
    waiting = public.foot if public is not None else None
    spinner = public.spinner if public is not None else None

    def shown(placed: WirePlaced, touching: int) -> Shown:
        tile = Tile.parse(placed.tile)
        far = tile.lo if tile.hi == touching else tile.hi
        return Shown(placed.id, placed.tile, touching, far, tuple(placed.open))

    def need_of(tile_id: int) -> int:
        return waiting.need if waiting is not None and waiting.id == tile_id else 0

    def foot_lines(node: Shown) -> list[Line]:
        return [run(shown(child, node.far)) for child in children.get(node.id, [])]

    def run(first: Shown) -> Line:
        """The line starting with ``first``, out to its end or to a double taking toes."""
        line = Line([first])
        node = first
        while True:
            if chickenfoot and node.double:
                line.foot = Foot(node, foot_lines(node), need_of(node.id))
                line.tiles.pop()
                return line
            following = children.get(node.id, [])
            if not chickenfoot and node.id == spinner and len(following) > 1:
                line.foot = Foot(node, [run(shown(c, node.far)) for c in following[1:]])
            if not following:
                return line
            node = shown(following[0], node.far)
            line.tiles.append(node)

    if chickenfoot:
        centre = Foot(root_shown, foot_lines(root_shown), need_of(root.id))
        return Layout(True, centre)
    sides = children.get(root.id, [])
    arms = [run(shown(c, _touching(root_shown, c))) for c in sides]
    left = arms[0] if arms else Line()
    right = arms[1] if len(arms) > 1 else Line()
    middle = root_shown
    if (left.tiles and left.tiles[0].near != middle.near) or (
        right.tiles and right.tiles[0].near != middle.far
    ):
        middle = middle.reversed()
    line = [t.reversed() for t in reversed(left.tiles)] + [middle] + right.tiles
    extra = arms[2:]
    spin: Shown | None = root_shown if root.id == spinner else None
    for arm in (left, right):
        if arm.foot is not None:
            extra += arm.foot.lines
            spin = arm.foot.tile
    return Layout(False, None, line, extra, spin)


def _touching(root: Shown, child: WirePlaced) -> int:
    tile = Tile.parse(child.tile)
    return root.near if root.near in (tile.hi, tile.lo) else root.far


def of_snapshot(snapshot: Snapshot) -> Layout:
    return layout(snapshot.board, snapshot.public, game_named(snapshot.game).layout == "feet")


def open_ends(board: Sequence[WirePlaced]) -> list[tuple[int, int]]:
    """``(id, number)`` of every open end, in the order the tiles were placed."""
    return [(p.id, n) for p in board for n in p.open]
