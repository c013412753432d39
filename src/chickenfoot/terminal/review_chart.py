"""The chart of a round in the review, in text: each seat's expected points after each of its
decisions through the round (the played move's mean points from the seat's knowledge, as
``chickenfoot analyse --plot`` and the web replay draw them), then its points at the round's
end, with its mistakes and blunders marked.

A seat's line is a bar per decision, in the order played, of the blocks ``▁`` to ``█``, from
0 to the highest point of the round's chart (every seat's, the ends' included), whose bar is
full; one row high, or two or three when one or two seats are shown. After ``│``, the seat's
points at the round's end, as a bar and as a number. Under a decision, ``?`` marks a mistake
and ``??`` a blunder (:data:`MARK_SYMBOLS`); the decision shown beside the chart is in the
played move's colours, ``^`` under it when it has no mark.

:func:`round_series` reads the lines from the analysis, :func:`round_chart` draws them to a
width, :class:`RoundChart` draws them to the width it is given, and :func:`chart_lines` says
them in lines of plain text (``play --plain``), a row high.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.text import Text

from chickenfoot.analysis import Mark, RoundAnalysis
from chickenfoot.i18n import _
from chickenfoot.terminal.nouns import RoundTexts
from chickenfoot.terminal.render import CHOSEN, SEAT_COLOURS

MARK_SYMBOLS: Mapping[str, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The marks in the list of decisions, as chess annotates moves."""
MARK_STYLES: Mapping[str, Style] = {
    "inaccuracy": Style(color="#e6c619", bold=True),
    "mistake": Style(color="#ff8c1a", bold=True),
    "blunder": Style(color="#ff4040", bold=True),
}
CHARTED: tuple[Mark, ...] = ("mistake", "blunder")
"""The marks shown on the chart (as on the web's and ``analyse --plot``'s)."""

BARS = "▁▂▃▄▅▆▇█"
"""A value from 0 (``▁``) to the chart's highest (``█``)."""
END = "│"
"""Between a seat's decisions and its points at the round's end."""
MOST_COLUMNS = 3
"""Columns per decision at most (fewer when they do not fit)."""
CURSOR = "^"
"""Under the decision shown, when it has no mark."""
SEAT_STYLES: tuple[Style, ...] = tuple(Style(color=colour) for colour in SEAT_COLOURS)
"""The seats' colours, on a dark background: none of them is a mark's."""
SHOWN = CHOSEN + Style(color="#ffffff")
"""The decision shown beside the chart: in the played move's colours, bright."""
DIM = Style(dim=True)
HEAD = Style(bold=True)


def seat_style(seat: int) -> Style:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


# -- the data ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Point:
    """One decision on the chart."""

    index: int
    """The action's index in the round."""
    value: float
    """The played move's expected points, from the seat's knowledge."""
    mark: Mark | None
    """Its mark if it is one of :data:`CHARTED`."""


@dataclass(frozen=True, slots=True)
class Series:
    """One seat's line through a round: its graded decisions, then its points at the end."""

    seat: int
    points: tuple[Point, ...]
    end: int | None
    """The seat's points at the round's end (None: the record stops in the round)."""

    def values(self) -> list[float]:
        ends = [] if self.end is None else [float(self.end)]
        return [p.value for p in self.points] + ends


def round_series(facts: RoundAnalysis, seats: Sequence[int]) -> list[Series]:
    """Each of ``seats``'s line through the round ``facts``: its decisions with expected
    points (the graded ones) in the order played, and its points at the end."""
    out = []
    for seat in seats:
        points = tuple(
            Point(d.index, d.expected_points, d.mark if d.mark in CHARTED else None)
            for d in facts.decisions
            if d.seat == seat and d.expected_points is not None
        )
        end = None if facts.points is None else facts.points[seat]
        out.append(Series(seat, points, end))
    return out


def top_of(series: Sequence[Series]) -> float:
    """The chart's highest value: the highest point of any line (1 at least)."""
    return max([1.0, *(v for line in series for v in line.values())])


def bar(value: float, top: float) -> str:
    """The block of ``value`` on a chart from 0 to ``top``: ``█`` at the top, ``▁`` at 0."""
    (block,) = blocks(value, top, 1)
    return block


def rows_for(seats: int) -> int:
    """How many rows high each seat's line is: the fewer the seats, the higher."""
    return 3 if seats <= 1 else 2 if seats == 2 else 1


def blocks(value: float, top: float, rows: int) -> list[str]:
    """The column of ``value`` on a chart ``rows`` high from 0 to ``top``, top row first:
    ``rows`` times ``█`` at the top, ``▁`` under spaces at 0."""
    eighths = len(BARS)
    level = max(1, round(max(0.0, min(value, top)) / top * eighths * rows))
    out = []
    for row in range(rows - 1, -1, -1):
        fill = min(eighths, max(0, level - eighths * row))
        out.append(BARS[fill - 1] if fill else " ")
    return out


# -- the chart at the terminal ----------------------------------------------------------------


def round_chart(
    facts: RoundAnalysis,
    seats: Sequence[int],
    names: Sequence[str],
    width: int,
    texts: RoundTexts,
    selected: tuple[int, int] | None = None,
) -> Text:
    """The chart of the round ``facts`` in ``width`` columns (narrower ones are not cut):
    its heading, then a line per seat of ``seats`` named ``names[seat]``, coloured by seat,
    each followed by a line of marks if it has any. ``selected`` (``(round, index)``) is the
    decision shown beside it, in the played move's colours. One seat's line is three rows
    high, two seats' two, more seats' one."""
    series = round_series(facts, seats)
    top = top_of(series)
    height = rows_for(len(series))
    ends = [str(line.end) for line in series if line.end is not None]
    end_width = max(map(len, ends), default=0)
    most = max((len(line.points) for line in series), default=0)
    tail = 0 if not ends else cell_len(END) + 2 + end_width  # │▆ 41
    longest = max((cell_len(names[s]) for s in seats), default=0)
    label = min(longest, max(width // 3, width - 1 - most - tail))
    """The names' column: the longest name, unless the lines would not fit beside it."""
    room = max(1, width - label - 1 - tail)
    step = max(1, min(MOST_COLUMNS, room // max(1, most)))
    """Columns per decision."""
    per_line = max(1, room // step)
    text = Text()
    text.append(texts.chart_title, style=HEAD)
    text.append(f" (▁ 0, █ {top:.0f})", style=DIM)
    mine = selected is not None and selected[0] == facts.round
    for line in series:
        style = seat_style(line.seat)
        name = _fit(names[line.seat], label)
        points = line.points
        chunks = [points[k : k + per_line] for k in range(0, len(points), per_line)] or [()]
        for k, chunk in enumerate(chunks):
            bars = [Text() for _row in range(height)]
            marks: list[Text] = []
            for n, point in enumerate(chunk):
                shown = mine and selected == (facts.round, point.index)
                for row, cell in zip(bars, blocks(point.value, top, height), strict=True):
                    row.append(cell * step, style=SHOWN if shown else style)
                symbol = MARK_SYMBOLS[point.mark] if point.mark is not None else CURSOR
                if point.mark is not None or shown:
                    at = step * n + max(0, step - len(symbol)) // 2
                    _place(marks, at, symbol, MARK_STYLES[point.mark] if point.mark else HEAD)
            last = line.end is not None and k == len(chunks) - 1
            ending = blocks(line.end, top, height) if line.end is not None else []
            for r, row in enumerate(bars):
                bottom = r == height - 1
                text.append("\n")
                head = name if k == 0 and bottom else ""
                text.append(f"{head:<{label}} ", style=style + HEAD)
                text.append_text(row)
                if last:
                    text.append(" " * (step * min(most, per_line) - row.cell_len))
                    text.append(END, style=DIM)
                    text.append(ending[r], style=style)
                    if bottom:
                        text.append(f" {line.end:>{end_width}}", style=style)
            for row in marks:
                text.append("\n" + " " * (label + 1))
                text.append_text(row)
    legend = []
    if ends:
        legend.append(Text(f"{END} {texts.chart_end}", style=DIM))
    for mark in CHARTED:
        item = Text(MARK_SYMBOLS[mark], style=MARK_STYLES[mark])
        item.append(" " + _(mark), style=DIM)  # the marks' names are in MARK_NAMES
        legend.append(item)
    text.append("\n")
    text.append_text(_fold(legend, width))
    return text


def _place(rows: list[Text], column: int, symbol: str, style: Style) -> None:
    """Write ``symbol`` at ``column`` of the first of ``rows`` with room for it and a space
    before it (a new row if none has)."""
    for row in rows:
        if row.cell_len < column:
            break
    else:
        row = Text()
        rows.append(row)
    row.append(" " * (column - row.cell_len))
    row.append(symbol, style=style)


def _fold(items: Sequence[Text], width: int, gap: int = 3) -> Text:
    """``items`` on lines of ``width``, ``gap`` spaces between two on a line."""
    out = Text()
    line = 0
    for item in items:
        if line and line + gap + item.cell_len > width:
            out.append("\n")
            line = 0
        if line:
            out.append(" " * gap)
            line += gap
        out.append_text(item)
        line += item.cell_len
    return out


def _fit(name: str, width: int) -> str:
    """``name`` cut to ``width`` columns, with an ellipsis if cut."""
    if cell_len(name) <= width:
        return name
    out = ""
    for char in name:
        if cell_len(out + char) > width - 1:
            break
        out += char
    return out.rstrip() + "…"


class RoundChart:
    """:func:`round_chart` to the width the console gives."""

    def __init__(
        self,
        facts: RoundAnalysis,
        seats: Sequence[int],
        names: Sequence[str],
        texts: RoundTexts,
        selected: tuple[int, int] | None = None,
    ) -> None:
        self.facts = facts
        self.seats = list(seats)
        self.names = list(names)
        self.selected = selected
        self.texts = texts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield round_chart(
            self.facts, self.seats, self.names, options.max_width, self.texts, self.selected
        )


# -- in plain text ----------------------------------------------------------------------------


def chart_lines(
    facts: RoundAnalysis,
    seats: Sequence[int],
    names: Sequence[str],
    texts: RoundTexts,
) -> list[str]:
    """The chart of a round in lines of plain text: its heading, then a line per seat, its
    sparkline and its marks by move number: ``You ▂▃▅█▆│▆ 41 · ? 12, 31 · ?? 39``."""
    series = round_series(facts, seats)
    if not any(line.points for line in series):
        return []
    top = top_of(series)
    label = max(cell_len(names[s]) for s in seats)
    lines = [f"{texts.chart_title} (▁ 0, █ {top:.0f}; {END} {texts.chart_end}):"]
    for line in series:
        spark = "".join(bar(p.value, top) for p in line.points)
        if line.end is not None:
            spark += f"{END}{bar(line.end, top)} {line.end}"
        text = f"{names[line.seat]:<{label}} {spark}"
        for mark in CHARTED:
            moves = [str(p.index + 1) for p in line.points if p.mark == mark]
            if moves:
                text += f" · {MARK_SYMBOLS[mark]} " + ", ".join(moves)
        lines.append(text)
    return lines


__all__ = [
    "MARK_STYLES",
    "MARK_SYMBOLS",
    "RoundChart",
    "Series",
    "chart_lines",
    "round_chart",
    "round_series",
]
