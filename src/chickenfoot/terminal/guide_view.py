"""How to play at the terminal: the guide's sections as Rich renderables (the app's help
screen, ``chickenfoot rules --explain``) or as lines of plain text (``play --plain``), and a
refused move said with the rule behind it.

The pictures are drawn by the table's own board (:class:`~chickenfoot.terminal.render.
BoardView`) from the seeded positions the guide names, so they look as the game does.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text

from chickenfoot.core.messages import Message
from chickenfoot.howto import TITLES, Section, section_of
from chickenfoot.howto.guide import Block, Grid, Guide, Items, Paragraph, Picture
from chickenfoot.howto.positions import Position
from chickenfoot.howto.refusals import said_to_you
from chickenfoot.i18n import _, catalogue
from chickenfoot.terminal.board import layout
from chickenfoot.terminal.render import BoardView, Marks

TITLE = Style(bold=True, color="#f2c14e")
CHANGED = Style(bold=True, color="black", bgcolor="#ff9f43")
CAPTION = Style(italic=True, dim=True)
PICTURE_WIDTH = 64
"""The columns a picture is folded to, wherever it is shown."""


def picture(position: Position) -> BoardView:
    """A seeded position as the table's board draws it."""
    snapshot = position.snapshot
    return BoardView(layout(snapshot.board, snapshot.public, True), Marks())


def heading(section: Section, guide: Guide) -> Text:
    text = Text(section.title, style=TITLE)
    if section.changed:
        text.append("  ")
        text.append(f" {guide.changed_note} ", style=CHANGED)
    return text


def block_renderable(block: Block) -> RenderableType:
    if isinstance(block, Paragraph):
        return Text(block.text)
    if isinstance(block, Items):
        items = Table.grid()
        items.add_column(width=4)
        items.add_column()
        for text in block.texts:
            items.add_row(Text("  •", style="bold"), Text(text))
        return Group(Text(block.lead, style="bold"), items) if block.lead else items
    if isinstance(block, Grid):
        table = Table(*block.header, box=None, header_style="bold", pad_edge=False)
        for row in block.rows:
            table.add_row(*row)
        return table
    return Group(
        Padding(picture(block.position), (0, 0, 0, 2)),
        Text(block.caption, style=CAPTION),
    )


def section_renderable(section: Section, guide: Guide) -> RenderableType:
    parts: list[RenderableType] = [heading(section, guide)]
    for block in section.blocks:
        parts.append(Padding(block_renderable(block), (1, 0, 0, 0)))
    return Group(*parts)


def section_lines(section: Section, guide: Guide) -> Iterator[str]:
    """A section as plain lines (the pictures as the board's text)."""
    title = section.title + (f" [{guide.changed_note}]" if section.changed else "")
    yield title
    yield "=" * len(title)
    for block in section.blocks:
        if isinstance(block, Paragraph):
            yield block.text
        elif isinstance(block, Items):
            if block.lead:
                yield block.lead
            yield from (f"  - {text}" for text in block.texts)
        elif isinstance(block, Grid):
            widths = [max(len(row[k]) for row in (block.header, *block.rows)) for k in range(4)]
            for row in (block.header, *block.rows):
                yield "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        elif isinstance(block, Picture):
            yield from (line.plain.rstrip() for line in picture(block.position).lines(70))
            yield block.caption
        yield ""


def refusal_with_rule(refusal: Message, pointer: str) -> tuple[str, str | None]:
    """A refused move said to the player in their language (:func:`said_to_you`; the refusal
    :func:`~chickenfoot.howto.refusals.with_names` if it names a tile id or a turn), with
    ``pointer`` (a text with
    ``{reason}``, ``{section}`` and ``{id}``) naming the rule's section when one explains it;
    and that section's id."""
    reason = said_to_you(refusal, catalogue())
    section = section_of(refusal)
    if section is None:
        return reason + ".", None
    return pointer.format(reason=reason, section=_(TITLES[section]), id=section), section
