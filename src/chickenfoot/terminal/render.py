"""The Textual app's pictures of the table, as Rich text: the board, a hand, the seats.

Everything is drawn from a viewer's snapshot (through :mod:`chickenfoot.terminal.board`) and
what the person has chosen so far; nothing here reads the table. Tiles always show their
numbers (``9|3``), so the picture reads without colour too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.text import Text

from chickenfoot.core.wire import Snapshot
from chickenfoot.i18n import _, ngettext
from chickenfoot.terminal.board import Foot, Layout, Line, Shown
from chickenfoot.terminal.describe import Words

TILE = Style(color="black", bgcolor="#efe6cf")
DOUBLE = Style(color="black", bgcolor="#efe6cf", bold=True)
FOOT = Style(color="black", bgcolor="#f2c14e", bold=True)
"""A double that took toes; the one still waiting for toes is drawn in :data:`WAITING`."""
WAITING = Style(color="black", bgcolor="#ff9f43", bold=True)
TARGET = Style(color="black", bgcolor="#7bdff2", bold=True)
CHOSEN = Style(color="white", bgcolor="#1f6feb", bold=True)
LEGAL = Style(color="black", bgcolor="#a8e6a1", bold=True)
DIM = Style(color="#8a8a8a", bgcolor="#3a3a3a")
LABEL = Style(dim=True)
OPEN = Style(color="#7bdff2", bold=True)
SEAT_COLOURS = (
    "#5fa8ff",
    "#5cc95c",
    "#b58cff",
    "#3fd0d0",
    "#ff7fc8",
    "#b0b0b0",
    "#8fb3ff",
    "#a0d8a0",
)
"""Each seat's colour (the seat's number modulo their count), bright on a dark background:
none of them is a mark's."""


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def fresh_style(seat: int) -> Style:
    """A tile played since the viewer's last turn, in its player's colour (and underlined,
    which reads without colour)."""
    return Style(color="black", bgcolor=seat_colour(seat), bold=True, underline=True)


def click(kind: str, value: int | str) -> Style:
    """A style that tells a click what is under the mouse: ``{kind: value}`` (the table
    screen's ``on_click`` reads it; Textual's own ``@click`` would recolour the tiles)."""
    return Style(meta={kind: value})


def tile_text(near: int, far: int, style: Style) -> Text:
    bar = "‖" if near == far else "|"
    return Text(f" {near}{bar}{far} ", style=style)


@dataclass(slots=True)
class Marks:
    """What the board highlights: places the chosen tile may go, and the one picked."""

    targets: dict[int | None, str] = field(default_factory=dict)
    """Tile id (None: the centre of an empty table) -> the key that picks it."""
    picked: int | None = None
    picking: bool = False
    tile: str | None = None
    """The tile chosen (a standard game's lone lead shows the end it would go on)."""
    fresh: dict[int, int] = field(default_factory=dict)
    """Tile id -> the seat that played it, for the tiles played since the viewer's last
    turn."""


class BoardView:
    """The board as a Rich renderable, folded to the width it is given."""

    def __init__(self, layout: Layout, marks: Marks) -> None:
        self.layout = layout
        self.marks = marks

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(max(20, options.max_width))

    def row_of(self, tile_id: int | None, width: int) -> int | None:
        """The row (folded to ``width``) that shows the place ``tile_id``, if any."""
        wanted = -1 if tile_id is None else tile_id
        for row, line in enumerate(self.lines(max(20, width))):
            for span in line.spans:
                if isinstance(span.style, Style) and span.style.meta.get("place") == wanted:
                    return row
        return None

    # -- building blocks ---------------------------------------------------------------

    def _tile(self, shown: Shown, style: Style) -> list[Text]:
        marks = self.marks
        if shown.id in marks.fresh:
            style = fresh_style(marks.fresh[shown.id])
        parts = [tile_text(shown.near, shown.far, style)]
        if shown.id in marks.targets:
            key = marks.targets[shown.id]
            chosen = marks.picking and marks.picked == shown.id
            lone = len(self.layout.line) == 1 and self._fits_left(shown)
            label = Text(
                f"{key}▸" if lone else f"◂{key}",
                style=(CHOSEN if chosen else TARGET) + click("place", shown.id),
            )
            parts[0].stylize(click("place", shown.id))
            parts.append(label)
        return parts

    def _foot_style(self, foot: Foot) -> Style:
        return WAITING if foot.need else FOOT

    def _line_parts(self, line: Line) -> list[Text]:
        parts: list[Text] = []
        for shown in line.tiles:
            parts += self._tile(shown, DOUBLE if shown.double else TILE)
        last = line.last
        if line.foot is not None:
            parts += self._tile(line.foot.tile, self._foot_style(line.foot))
            parts.append(self._need_text(line.foot))
        elif last is not None and last.open and last.id not in self.marks.targets:
            parts.append(Text("▸", style=OPEN))
        return [p for p in parts if p.plain]

    def _need_text(self, foot: Foot) -> Text:
        if not foot.need:
            return Text(_("foot"), style=LABEL)
        text = ngettext("needs {n} more toe", "needs {n} more toes", foot.need).format(n=foot.need)
        return Text(text, style=Style(color="#ff9f43", bold=True))

    def _fold(self, head: Text, parts: Sequence[Text], indent: int, width: int) -> Iterator[Text]:
        """``head`` then ``parts`` separated by spaces, folded at ``width`` under ``indent``."""
        line = head.copy()
        for part in parts:
            if line.cell_len + 1 + part.cell_len > width and line.cell_len > indent:
                yield line
                line = Text(" " * indent)
            elif line.cell_len and not line.plain.endswith(" "):
                line.append(" ")
            line.append_text(part)
        yield line

    # -- the board ---------------------------------------------------------------------

    def lines(self, width: int) -> Iterator[Text]:
        layout = self.layout
        if layout.empty:
            text = Text(_("Nothing on the table yet."), style=LABEL)
            if None in self.marks.targets:
                text.append(" ")
                text.append(
                    Text(
                        f"◂{self.marks.targets[None]} " + _("centre"),
                        style=TARGET + click("place", -1),
                    )
                )
            yield text
            return
        if layout.centre is not None:
            yield from self._centre(layout.centre, width)
        else:
            yield from self._standard(layout, width)

    def _centre(self, centre: Foot, width: int) -> Iterator[Text]:
        head = Text(_("centre") + " ", style=LABEL)
        parts = self._tile(centre.tile, self._foot_style(centre))
        if centre.need:
            parts.append(self._need_text(centre))
        yield from self._fold(head, parts, 2, width)
        yield from self._feet(centre, 1, width)

    def _feet(self, foot: Foot, depth: int, width: int) -> Iterator[Text]:
        pad = "  " * depth
        for k, line in enumerate(foot.lines, start=1):
            head = Text(pad) + Text(f"{k:>2} ", style=LABEL)
            yield from self._fold(head, self._line_parts(line), len(pad) + 3, width)
            if line.foot is not None:
                yield from self._feet(line.foot, depth + 2, width)

    def _fits_left(self, lead: Shown) -> bool:
        """Whether the chosen tile goes on the left end of a lone lead."""
        chosen = self.marks.tile
        if chosen is None or lead.double:
            return False
        numbers = {int(n) for n in chosen.split("-")}
        return lead.near in numbers and lead.far not in numbers

    def _standard(self, layout: Layout, width: int) -> Iterator[Text]:
        parts: list[Text] = []
        ends = {layout.line[0].id, layout.line[-1].id}
        for k, shown in enumerate(layout.line):
            style = TILE
            if layout.spinner is not None and shown.id == layout.spinner.id:
                style = FOOT
            elif shown.double:
                style = DOUBLE
            if k == 0 and shown.open and shown.id not in self.marks.targets:
                parts.append(Text("◂", style=OPEN))
            tile = (
                self._tile(shown, style)
                if shown.id in ends
                else [tile_text(shown.near, shown.far, style)]
            )
            parts += tile
            if k == len(layout.line) - 1 and shown.open and shown.id not in self.marks.targets:
                parts.append(Text("▸", style=OPEN))
        yield from self._fold(Text(), parts, 0, width)
        if layout.spinner is not None and layout.arms:
            yield Text(_("spinner") + f" {layout.spinner.tile}:", style=LABEL)
            for k, arm in enumerate(layout.arms, start=1):
                head = Text(f"  {k:>2} ", style=LABEL)
                yield from self._fold(head, self._line_parts(arm), 5, width)


def hand_text(
    hand: Sequence[str],
    playable: set[str],
    chosen: str | None,
    extra: Sequence[tuple[str, str]] = (),
) -> Text:
    """The viewer's tiles, the playable ones marked, the chosen one highlighted; ``extra``
    are ``(key, label)`` of the draw and pass buttons when those are legal."""
    text = Text()
    for k, tile in enumerate(hand):
        hi, _sep, lo = tile.partition("-")
        if tile == chosen:
            style = CHOSEN
        elif tile in playable:
            style = LEGAL
        else:
            style = DIM
        shown = tile_text(int(hi), int(lo), style)
        shown.stylize(click("tile", k))
        if k:
            text.append(" ")
        text.append_text(shown)
    for key, label in extra:
        style = CHOSEN if chosen == key else LEGAL
        text.append(" ")
        text.append(Text(f" {label} ", style=style + click("choose", key)))
    return text


def seats_text(snapshot: Snapshot, words: Words, width: int = 26) -> Text:
    """One line per seat: whose turn it is, name, tiles in hand, total."""
    public = snapshot.public
    text = Text()
    if public is None:
        return text
    name_width = max(6, width - 10)
    for seat, size in enumerate(public.hand_sizes):
        turn = seat == public.turn and snapshot.end is None
        name = words.who(seat)
        if len(name) > name_width:
            name = name[: name_width - 1] + "…"
        line = Text("▶ " if turn else "  ", style="bold" if turn else "")
        line.append(f"{name:<{name_width}}", style=Style(color=seat_colour(seat), bold=turn))
        line.append(f"{size:>3}", style="")
        line.append(f"{snapshot.totals[seat]:>5}", style=LABEL)
        if seat:
            text.append("\n")
        text.append_text(line)
    return text


def fresh_tiles(snapshot: Snapshot) -> dict[int, int]:
    """The tiles played in the round since the viewer last acted in it (every play of the
    round if it has not yet, none for a spectator): tile id -> the seat that played it."""
    viewer = snapshot.viewer
    if viewer is None:
        return {}
    fresh: dict[int, int] = {}
    for entry in reversed(snapshot.history):
        if entry.seat == viewer:
            break
        if entry.placed is not None:
            fresh[entry.placed.id] = entry.seat
    return fresh
