"""The chart of a round in the review (:mod:`chickenfoot.terminal.review_chart`): its lines are
the analysis's expected points after each decision and the points at the round's end, the
highest point is a full bar, the mistakes are marked under their decisions, the decision shown
is highlighted, and it fits the width it is given; the same in plain text."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from chickenfoot.analysis import Decision, RoundAnalysis, mark_of
from chickenfoot.terminal.nouns import texts
from chickenfoot.terminal.review import Review
from chickenfoot.terminal.review_chart import (
    MARK_SYMBOLS,
    SHOWN,
    RoundChart,
    blocks,
    chart_lines,
    round_chart,
    round_series,
    rows_for,
    seat_style,
)
from tests.test_play_review import finished_session

NAMES = ["You", "Bot 1 (medium)", "Bot 2 (medium)", "Bot 3 (medium)"]
TEXTS = texts("round")


def decision(index: int, seat: int, expected: float | None, loss: float | None = 0.0) -> Decision:
    return Decision(
        round=1,
        index=index,
        seat=seat,
        played="draw",
        best=None if loss is None else "draw",
        loss=loss,
        open_best="draw",
        open_loss=0.0,
        mark=None if loss is None else mark_of(loss),
        accuracy=None if loss is None else 100.0,
        expected_points=expected,
        candidates=[],
    )


def a_round(decisions: list[Decision], points: list[int] | None, seats: int = 2) -> RoundAnalysis:
    return RoundAnalysis(
        round=1,
        double="9-9",
        first=0,
        end=None if points is None else "out",
        points=points,
        actions=max((d.index for d in decisions), default=0) + 2,
        decisions=decisions,
        accuracy=[None] * seats,
    )


ROUND = a_round(
    [
        decision(0, 0, 10.0),
        decision(1, 1, 20.0),
        decision(2, 0, 20.0, loss=12.0),  # a mistake
        decision(3, 1, 8.0),
        decision(4, 0, 40.0, loss=25.0),  # a blunder
        decision(5, 1, 0.0, loss=6.0),  # an inaccuracy: not on the chart
        decision(6, 0, 5.0),
        decision(7, 1, None, loss=None),  # not graded: not on the chart
    ],
    [30, 0],
)


def lines_of(text: Text, width: int = 200) -> list[str]:
    """``text`` as a console of ``width`` columns prints it, each line without the spaces at
    its end."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(text)
    return [line.rstrip() for line in capture.get().splitlines()]


def test_the_lines_are_the_expected_points_and_the_ends() -> None:
    you, bot = round_series(ROUND, [0, 1])
    assert [p.value for p in you.points] == [10.0, 20.0, 40.0, 5.0]
    assert [p.index for p in you.points] == [0, 2, 4, 6]
    assert [p.mark for p in you.points] == [None, "mistake", "blunder", None]
    assert you.end == 30 and you.values() == [10.0, 20.0, 40.0, 5.0, 30.0]
    assert [p.value for p in bot.points] == [20.0, 8.0, 0.0]  # the ungraded one left out
    assert [p.mark for p in bot.points] == [None, None, None]  # an inaccuracy is not charted
    assert bot.end == 0
    (alone,) = round_series(a_round(ROUND.decisions, None), [0])
    assert alone.end is None and alone.values() == [10.0, 20.0, 40.0, 5.0]


def test_a_bar_goes_from_a_low_block_at_0_to_full_at_the_top() -> None:
    assert blocks(0, 40, 1) == ["▁"] and blocks(40, 40, 1) == ["█"]
    assert blocks(20, 40, 1) == ["▄"] and blocks(1, 40, 1) == ["▁"]
    assert blocks(0, 40, 3) == [" ", " ", "▁"]
    assert blocks(40, 40, 3) == ["█", "█", "█"]
    assert blocks(20, 40, 2) == [" ", "█"] and blocks(25, 40, 2) == ["▂", "█"]
    assert blocks(-3, 40, 1) == ["▁"] and blocks(99, 40, 1) == ["█"]
    assert [rows_for(n) for n in (1, 2, 3, 8)] == [3, 2, 1, 1]


HEADING = "Expected penalty points at the round's end, after each move (▁ 0, █ 40)"
LEGEND = "│ points at the round's end   ? mistake   ?? blunder"


def test_the_chart_of_one_seat_and_of_two() -> None:
    """One seat's line is three rows high, two seats' two: a column of blocks per decision,
    three columns wide, in the order played (10, 20, 40, 5 points), then │ and the points at
    the end (30); the highest point (40) is a full column; the mistake (?) and the blunder
    (??) under their decisions; ^ under the decision shown, which has no mark."""
    assert lines_of(round_chart(ROUND, [0], NAMES, 60, TEXTS, selected=(1, 6))) == [
        HEADING,
        "          ███   │▂",
        "       ▄▄▄███   │█",
        "You ▆▆▆██████▃▃▃│█ 30",
        "        ? ??  ^",
        LEGEND,
    ]
    assert lines_of(round_chart(ROUND, [0, 1], NAMES, 60, TEXTS, selected=(1, 6))) == [
        HEADING,
        "                     ███   │▄",
        "You            ▄▄▄██████▂▂▂│█ 30",
        "                   ? ??  ^",
        "                           │",
        "Bot 1 (medium) ███▃▃▃▁▁▁   │▁  0",
        LEGEND,
    ]


def test_a_narrow_chart() -> None:
    """Narrower: a column a decision (the ?? of the blunder then goes under the ? of the
    mistake just before it), then the names cut."""
    assert lines_of(round_chart(ROUND, [0, 1], NAMES, 26, TEXTS), 26) == [
        "Expected penalty points at",
        "the round's end, after",
        "each move (▁ 0, █ 40)",
        "                 █ │▄",
        "You            ▄██▂│█ 30",
        "                ?",
        "                 ??",
        "                   │",
        "Bot 1 (medium) █▃▁ │▁  0",
        "│ points at the round's",
        "end",
        "? mistake   ?? blunder",
    ]
    assert lines_of(round_chart(ROUND, [0, 1], NAMES, 22, TEXTS), 22)[4:10] == [
        "               █ │▄",
        "You          ▄██▂│█ 30",
        "              ?",
        "               ??",
        "                 │",
        "Bot 1 (medi… █▃▁ │▁  0",
    ]


@pytest.mark.parametrize("seats", [[0], [0, 1]])
def test_every_bar_is_its_value_and_the_highest_is_full(seats: list[int]) -> None:
    """Read the chart back: each decision's column of blocks is :func:`blocks` of its
    expected points on a scale up to the highest point (the blunder's 40), full there."""
    height = rows_for(len(seats))
    rows = lines_of(round_chart(ROUND, seats, NAMES, 60, TEXTS))
    label = max(len(NAMES[s]) for s in seats) + 1
    step = 3
    full = 0
    for line in round_series(ROUND, seats):
        bottom = next(k for k, r in enumerate(rows) if r.startswith(NAMES[line.seat]))
        block = [r.ljust(60) for r in rows[bottom - height + 1 : bottom + 1]]
        for n, point in enumerate(line.points):
            column = [r[label + step * n : label + step * (n + 1)] for r in block]
            assert column == [cell * step for cell in blocks(point.value, 40, height)]
            if point.value == 40:
                assert column == ["█" * step] * height
                full += 1
        after = [r[r.index("│") + 1] for r in block]
        assert after == blocks(line.end or 0, 40, height)
        assert block[-1].rstrip().endswith(f" {line.end:>2}")
    assert full == 1


def test_the_mistakes_are_marked_under_their_decisions() -> None:
    text = round_chart(ROUND, [0, 1], NAMES, 60, TEXTS)
    rows = lines_of(text)
    label = len("Bot 1 (medium) ")
    you = next(k for k, r in enumerate(rows) if r.startswith("You "))
    marks = rows[you + 1]
    # the mistake is the second of You's decisions, the blunder the third, 3 columns each
    assert marks[label + 3 + 1] == "?" and marks[label + 3 * 2 : label + 3 * 2 + 2] == "??"
    assert marks.strip() == "? ??"
    bot = next(k for k, r in enumerate(rows) if r.startswith("Bot 1"))
    assert rows[bot + 1].startswith("│")  # no mark under the bot's (an inaccuracy is not one)


def test_the_decision_shown_is_highlighted() -> None:
    text = round_chart(ROUND, [0, 1], NAMES, 60, TEXTS, selected=(1, 6))
    rows = lines_of(text)
    you = next(k for k, r in enumerate(rows) if r.startswith("You "))
    # the fourth of You's decisions, unmarked: ^ under it
    label = len("Bot 1 (medium) ")
    assert rows[you + 1][label + 3 * 3 + 1] == "^"
    plain = text.plain
    start = sum(len(r) + 1 for r in plain.split("\n")[:you]) + label + 3 * 3
    styles = {span.style for span in text.spans if span.start <= start < span.end}
    assert SHOWN in styles
    chosen = [s for s in text.spans if s.style == SHOWN]
    assert len(chosen) == rows_for(2)  # its column, no other
    assert seat_style(0) in {s.style for s in text.spans}
    # a decision of another round: nothing highlighted
    assert not [
        s for s in round_chart(ROUND, [0, 1], NAMES, 60, TEXTS, (2, 6)).spans if s.style == SHOWN
    ]


@pytest.mark.parametrize("width", [32, 40, 60, 80])
def test_it_fits_its_width(width: int) -> None:
    """Eight seats of thirty decisions each, the names long: the lines fold (and the names
    are cut) to fit, and every decision and mark is still there."""
    decisions = [
        decision(k, k % 8, float(k % 13), loss=25.0 if k % 11 == 0 else 0.0) for k in range(240)
    ]
    big = a_round(decisions, [k * 9 for k in range(8)], seats=8)
    names = [f"A rather long name {k}" for k in range(8)]
    text = round_chart(big, list(range(8)), names, width, TEXTS)
    rows = lines_of(text, width)
    assert all(cell_len(row) <= width for row in rows), rows
    marks = "\n".join(rows).count("??") - 1  # less the legend's
    assert marks == sum(d.mark == "blunder" for d in decisions)
    # and through a console of that width, as the screen draws it
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(RoundChart(big, list(range(8)), names, TEXTS))
    assert [line.rstrip() for line in capture.get().splitlines()] == rows


def test_the_chart_in_plain_text() -> None:
    assert chart_lines(ROUND, [0, 1], NAMES, TEXTS) == [
        "Expected penalty points at the round's end, after each move "
        "(▁ 0, █ 40; │ points at the round's end):",
        "You            ▂▄█▁│▆ 30 · ? 3 · ?? 5",
        "Bot 1 (medium) ▄▂▁│▁ 0",
    ]
    assert (
        chart_lines(a_round([decision(0, 1, None, loss=None)], [3, 4]), [0, 1], NAMES, TEXTS) == []
    )


def test_the_chart_of_a_played_match_is_its_analysis(tmp_path: Path) -> None:
    """A match played to its end and analysed: the chart's lines are the analysis's expected
    points and points at the end; the highest of them is a full block."""
    played = finished_session(tmp_path, players=3, seed=5)
    review = Review.of_session(played)
    seats = review.all_seats()
    review.keep(review.analyse(review.points(seats)))
    result = review.result(seats)
    names = [review.words.who(s) for s in seats]
    label = max(map(len, names))
    for facts in result.rounds:
        series = round_series(facts, seats)
        for line in series:
            graded = [
                d for d in facts.decisions if d.seat == line.seat and d.expected_points is not None
            ]
            assert [p.value for p in line.points] == [d.expected_points for d in graded]
            assert [p.index for p in line.points] == [d.index for d in graded]
            marked = [d.index for d in graded if d.mark in ("mistake", "blunder")]
            assert [p.index for p in line.points if p.mark] == marked
            assert facts.points is not None and line.end == facts.points[line.seat]
        top = max(v for line in series for v in line.values())
        rows = lines_of(round_chart(facts, seats, names, 80, TEXTS))
        assert rows[0].endswith(f"(▁ 0, █ {top:.0f})")
        said = chart_lines(facts, seats, names, TEXTS)
        assert said[0].endswith(f"(▁ 0, █ {top:.0f}; │ points at the round's end):")
        for line, text in zip(series, said[1:], strict=True):
            assert text.startswith(names[line.seat])
            spark, end = text[label + 1 :].split()[:2]
            assert spark == "".join(blocks(p.value, top, 1)[0] for p in line.points) + (
                "│" + blocks(line.end or 0, top, 1)[0]
            )
            assert int(end) == line.end
            if top in line.values():
                assert "█" in spark
            for mark in ("mistake", "blunder"):
                moves = [str(p.index + 1) for p in line.points if p.mark == mark]
                if moves:
                    assert f" · {MARK_SYMBOLS[mark]} {', '.join(moves)}" in text
                else:
                    assert f" {MARK_SYMBOLS[mark]} " not in text
