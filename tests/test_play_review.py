"""The review of a finished match at the terminal (:mod:`chickenfoot.terminal.review`): the
Textual app driven by its pilot from the end of a match into the review and through it,
stopping the analysis with Escape (and with q), the review in ``play --plain``, and the
picture of the review in docs/play-review.svg."""

from __future__ import annotations

import asyncio
import io
import json
import multiprocessing
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Button, OptionList, ProgressBar

from chickenfoot import analysis
from chickenfoot.core.games import make_rules
from chickenfoot.core.wire import action_to_json
from chickenfoot.i18n import set_language
from chickenfoot.terminal import session as session_module
from chickenfoot.terminal.app import ChickenfootApp, Setup
from chickenfoot.terminal.plain import PlainGame, is_yes
from chickenfoot.terminal.review import (
    SAMPLES_VARIABLE,
    WORKERS_VARIABLE,
    Review,
    ReviewScreen,
    positions,
    review_lines,
    settings_from,
    workers_for,
)
from chickenfoot.terminal.session import SeatSpec, Session
from chickenfoot.terminal.table_screen import FinalScreen
from tests.test_play_app import bots, direct_app, play_on
from tests.test_play_plain import Script
from tests.test_play_plain import session as plain_session

DOCS = Path(__file__).parent.parent / "docs"
UPDATE = os.environ.get("CHICKENFOOT_UPDATE_SNAPSHOTS") == "1"


@pytest.fixture(autouse=True)
def quick_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few samples a search, in the test's own process (a test may ask for more)."""
    monkeypatch.setenv(SAMPLES_VARIABLE, "8")
    monkeypatch.setenv(WORKERS_VARIABLE, "1")


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


async def until(pilot: Pilot[None], condition: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not done after {seconds} s")
        await pilot.pause(0.02)


async def to_the_end(pilot: Pilot[None], app: ChickenfootApp, seed: int) -> FinalScreen:
    final = await play_on(pilot, app, random.Random(seed), keys=False)
    assert isinstance(final, FinalScreen)
    return final


async def open_review(pilot: Pilot[None], app: ChickenfootApp) -> ReviewScreen:
    """``r`` on the end of the match; the review once its analysis is done."""
    await pilot.press("r")
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await until(pilot, lambda: screen.result is not None and not screen.analysing)
    await pilot.pause()
    return screen


def listed(screen: ReviewScreen) -> list[tuple[int, int, int]]:
    """``(round, index, seat)`` of every decision in the list, top to bottom."""
    return [(d.round, d.index, d.seat) for d in screen.shown if d is not None]


def text_of(renderable: Any, width: int = 60) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_the_review_lists_every_decision_and_jumps_between_the_mistakes(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = direct_app(tmp_path, [SeatSpec("You"), *bots("medium", 3)], seed=12)
        async with app.run_test(size=(80, 24)) as pilot:
            final = await to_the_end(pilot, app, 12)
            assert final.query_one("#review", Button)
            screen = await open_review(pilot, app)
            review = screen.review
            # every decision of the person, in the order played, and nobody else's
            mine = [(p.round, p.index, p.seat) for p in review.plan.decisions if p.seat == 0]
            assert mine and listed(screen) == mine
            rows = [str(o.prompt) for o in screen.query_one("#decisions", OptionList).options]
            assert any(row.startswith("Round 1 of 1 · centre 9-9 · accuracy") for row in rows)
            marked = [d for d in screen.shown if d is not None and d.mark is not None]
            assert marked, "no decision was marked"
            symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
            for decision in marked:
                row = next(r for r in rows if r.startswith(f"{decision.index + 1:>3} "))
                assert row.split()[-1] == symbols[decision.mark or ""]
            result = screen.result
            assert result is not None and [s.seat for s in result.summary] == [0]
            assert f"You: accuracy {result.summary[0].accuracy:.0f}" in text_of(
                screen.query_one("#review-top").render()
            )

            # the detail of the decision highlighted: both evaluations and the position
            first = screen.selected()
            assert first is not None and (first.round, first.index, first.seat) == mine[0]
            detail = text_of(screen.detail(first))
            assert f"played {first.played}" in detail and f"best {first.best}" in detail
            assert "known" in detail and "open" in detail and "Before the move:" in detail
            assert "Your tiles" in detail

            # the chart of the round, beside the list at 80x24 without scrolling
            heading = "Expected penalty points at the round's end, after each move"
            assert detail.index("known") < detail.index(heading) < detail.index("Before the move")
            await chart_in_sight(pilot, screen, first, ["You"])

            # n and p go from mark to mark
            after = [d for d in marked if (d.round, d.index) > (first.round, first.index)]
            assert len(after) >= 2
            await pilot.press("n")
            assert screen.selected() is after[0]
            await pilot.press("n")
            assert screen.selected() is after[1]
            await pilot.press("p")
            assert screen.selected() is after[0]
            screen.query_one("#decisions", OptionList).action_last()
            last = screen.selected()
            await pilot.press("n")  # nothing marked after the last one: it stays
            assert screen.selected() is last
            await pilot.press("p")
            assert screen.selected() is (marked[-2] if last is marked[-1] else marked[-1])

            # a: every seat (the person's decisions are not analysed again)
            before = dict(review.decisions)
            await pilot.press("a")
            await until(pilot, lambda: screen.result is not None and not screen.analysing)
            assert {seat for _r, _i, seat in listed(screen)} == {0, 1, 2, 3}
            everyone = screen.selected()
            assert everyone is not None
            names = ["You"] + [f"Bot {k} (medium)" for k in (1, 2, 3)]
            await chart_in_sight(pilot, screen, everyone, names)
            assert len(listed(screen)) == len(review.plan.decisions)
            assert all(review.decisions[key] is d for key, d in before.items())
            await pilot.press("a")
            await until(pilot, lambda: screen.result is not None and not screen.analysing)
            assert listed(screen) == mine

            # Escape goes back; the review opens again at once, nothing analysed again
            await pilot.press("escape")
            assert app.screen is final
            again = await open_review(pilot, app)
            assert again.review is review and listed(again) == mine
            await pilot.press("escape", "enter")
        assert app.return_value is None

    run(scenario())


async def chart_in_sight(
    pilot: Pilot[None], screen: ReviewScreen, decision: analysis.Decision, names: list[str]
) -> None:
    """The chart of ``decision``'s round is in the detail, its heading within the rows the
    pane shows before any scrolling, each seat's line named and no wider than the pane."""
    await pilot.pause()
    scroll = screen.query_one("#detail-scroll")
    width = screen.query_one("#detail").content_size.width
    lines = text_of(screen.detail(decision), width).splitlines()
    top = next(k for k, line in enumerate(lines) if line.startswith("Expected penalty points"))
    legend = next(k for k, line in enumerate(lines) if line.startswith("│ points at the round"))
    assert top < scroll.content_size.height
    chart = lines[top:legend]
    for name in names:
        assert any(line.startswith(name[:5]) for line in chart), (name, chart)
    assert all(len(line.rstrip()) <= width for line in chart)
    assert any("█" in line for line in chart)  # the round's highest point


def test_leaving_during_the_analysis_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Escape while the analysis runs (in this process, then in worker processes) goes back
    to the end of the match and stops it; so does q, which quits the app."""
    monkeypatch.setenv(SAMPLES_VARIABLE, "100000")  # minutes of work

    async def start(pilot: Pilot[None], app: ChickenfootApp, workers: str) -> ReviewScreen:
        monkeypatch.setenv(WORKERS_VARIABLE, workers)
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        bar = screen.query_one("#progress", ProgressBar)
        await until(pilot, lambda: bar.total is not None)
        await pilot.pause(0.2)
        assert screen.analysing
        return screen

    async def stopped(screen: ReviewScreen) -> None:
        assert await asyncio.to_thread(screen.stopped.wait, 10)
        assert screen.review.decisions == {}
        assert not multiprocessing.active_children()  # the worker processes are gone

    async def scenario() -> ReviewScreen:
        app = direct_app(tmp_path, [SeatSpec("You"), *bots("medium", 3)], seed=12)
        async with app.run_test(size=(80, 24)) as pilot:
            final = await to_the_end(pilot, app, 12)
            for workers in ("1", "2"):
                screen = await start(pilot, app, workers)
                await pilot.press("escape")
                assert app.screen is final
                await stopped(screen)
            # an analysis that fails says why, and Escape goes back
            with monkeypatch.context() as patch:
                patch.setattr(Review, "analyse", broken)
                await pilot.press("r")
                failed = app.screen
                assert isinstance(failed, ReviewScreen)
                await until(pilot, lambda: failed.failed is not None)
                said = text_of(failed.query_one("#working-text").render())
                assert said.strip() == "The analysis failed: the search broke down"
                await pilot.press("escape")
                assert app.screen is final
            screen = await start(pilot, app, "1")
            await pilot.press("q")
        return screen

    screen = run(scenario())
    assert screen.stopped.wait(10) and screen.review.decisions == {}


def broken(*_args: object, **_kwargs: object) -> list[analysis.Decision]:
    raise RuntimeError("the search broke down")


def test_the_picture_of_the_review(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/play-review.svg: the review of a round against three medium bots, at 80x24 and
    the default samples (CHICKENFOOT_UPDATE_SNAPSHOTS=1 writes it again)."""
    monkeypatch.setenv(SAMPLES_VARIABLE, "200")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(session_module.time, "strftime", lambda _format: "20260101-120000")

    async def scenario() -> str:
        seats = [SeatSpec("Ann"), *bots("medium", 3)]
        rules = make_rules("chickenfoot", 4, None, {"length": "single"})
        setup = Setup(seats=seats, seed=12, rules=rules)
        app = ChickenfootApp(setup=setup, folder=Path("matches"), pace=0, direct=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_end(pilot, app, 12)
            screen = await open_review(pilot, app)
            await pilot.press("n", "n", "n")
            assert screen.selected() is not None
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
            svg: str = app.export_screenshot(title="chickenfoot play: the review")
            await pilot.press("escape", "enter")
            return svg

    svg = run(scenario())
    path = DOCS / "play-review.svg"
    if UPDATE or not path.exists():
        path.write_text(svg, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"new picture {path}: look at it and commit it")
        return
    if path.read_text(encoding="utf-8") != svg:
        (tmp_path / "play-review.svg").write_text(svg, encoding="utf-8")
        pytest.fail(
            f"the review differs from {path}; what it shows now is in "
            f"{tmp_path / 'play-review.svg'} (CHICKENFOOT_UPDATE_SNAPSHOTS=1 accepts it)"
        )


# -- what the review is made of ---------------------------------------------------------------


def finished_session(tmp_path: Path, players: int = 2, seed: int = 3) -> Session:
    out = io.StringIO()
    played = plain_session(tmp_path, players, seed=seed)
    assert PlainGame(played, Script(out, seed), out).run() == 0
    assert played.table.is_over
    return played


def test_each_position_is_what_the_seat_saw_before_its_decision(tmp_path: Path) -> None:
    played = finished_session(tmp_path, players=3, seed=5)
    review = Review.of_session(played)
    for seat in range(3):
        seen = positions(played.table, seat)
        for point in review.points([seat]):
            snap = seen[point.round, point.index]
            assert snap.viewer == seat and snap.round == point.round
            assert len(snap.history) == point.index
            assert snap.public is not None and snap.public.turn == seat
            assert action_to_json(point.played) in (snap.legal or [])
            assert sorted(snap.hand or []) == sorted(str(t) for t in point.view.hand)


def test_the_settings_come_from_the_environment() -> None:
    assert settings_from({}) == analysis.Settings()
    assert settings_from({SAMPLES_VARIABLE: "12"}).samples == 12
    for junk in ("0", "-3", "many", ""):
        assert settings_from({SAMPLES_VARIABLE: junk}) == analysis.Settings()
    assert workers_for(5, {}) == 1
    assert 1 <= workers_for(500, {}) <= 4
    assert workers_for(500, {WORKERS_VARIABLE: "3"}) == 3
    assert workers_for(500, {WORKERS_VARIABLE: "x"}) == workers_for(500, {})


# -- play --plain ----------------------------------------------------------------------------


class Person(Script):
    """A person at a terminal: plays like :class:`Script`, and answers the question after
    the match with ``answer``."""

    def __init__(self, out: io.StringIO, seed: int, answer: str | None) -> None:
        super().__init__(out, seed)
        self.answer = answer

    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(size)
        if not line and self.answer is not None and self.out.getvalue().rstrip().endswith("]"):
            line, self.answer = self.answer + "\n", None
        return line


def plain_review(tmp_path: Path, answer: str | None, tty: bool = True) -> tuple[Session, str]:
    out = io.StringIO()
    played = plain_session(tmp_path, 2, seed=3)
    stdin = Person(out, 3, answer) if tty else Script(out, 3)
    assert PlainGame(played, stdin, out).run() == 0
    return played, out.getvalue()


def test_the_plain_mode_asks_and_prints_the_review(tmp_path: Path) -> None:
    played, text = plain_review(tmp_path, "y")
    assert "Review the match? The expert's search grades every decision. [y/N]" in text
    review_text = text[text.index("Review of the match: You; 8 samples a search.") :]
    lines = review_text.splitlines()
    review = Review.of_session(played)
    points = review.points([0])
    moves = [line for line in lines if line.startswith("move ")]
    assert [m.split(",")[0] for m in moves] == [f"move {p.index + 1}" for p in points]
    assert all(line.startswith("move ") or line.startswith("  ") for line in lines[4:-1])
    assert lines[3].startswith("-- Round 1 of 1 · centre 9-9: You: accuracy ")
    # the round's chart: the expected points after each decision, the points at the end
    assert lines[4].startswith(
        "  Expected penalty points at the round's end, after each move (▁ 0, █ "
    )
    assert lines[5].startswith("  You ")
    spark, end = lines[5].split()[1:3]
    assert len(spark.split("│")[0]) == len(moves) and end.isdigit()
    assert any(m.endswith(("(inaccuracy)", "(mistake)", "(blunder)")) for m in moves)
    assert any(line.startswith("  known: played ") for line in lines)
    assert any(line.startswith("  every hand open: best ") for line in lines)
    assert lines[-1].startswith("You: accuracy ") and " decisions: " in lines[-1]
    # the same analysis as chickenfoot analyse --seat 0 at those settings
    record = json.loads(played.path.read_text(encoding="utf-8"))
    again = analysis.analyse(record, analysis.Settings(samples=8), seat=0)
    assert f"You: accuracy {again.summary[0].accuracy:.0f} · " in lines[-1]
    decisions = [d for r in again.rounds for d in r.decisions]
    for line, decision in zip(moves, decisions, strict=True):
        assert f"played {decision.played}; best {decision.best}, loss {decision.loss:.1f}" in line
    for mark, symbol in (("mistake", "?"), ("blunder", "??")):
        marked = [str(d.index + 1) for d in decisions if d.mark == mark]
        assert (f" · {symbol} {', '.join(marked)}" in lines[5]) == bool(marked)


def test_the_plain_review_is_only_asked_for(tmp_path: Path) -> None:
    for answer in ("", "n", "no"):
        _played, text = plain_review(tmp_path / (answer or "empty"), answer)
        assert "[y/N]" in text and "Review of the match" not in text
    played, text = plain_review(tmp_path / "pipe", None, tty=False)
    assert "[y/N]" not in text and "Review of the match" not in text
    assert text.splitlines()[-1] == f"Review it with: chickenfoot analyse {played.path} --seat 0"
    assert all(is_yes(word) for word in ("y", "Y", "yes", " YES "))
    assert not any(is_yes(word) for word in ("", "n", "no", "maybe", "j"))


def test_the_plain_review_speaks_the_players_language(tmp_path: Path) -> None:
    played = finished_session(tmp_path)
    review = Review.of_session(played)
    review.keep(review.analyse(review.points([0])))
    english = review_lines(review, [0])
    set_language("nb")
    try:
        assert is_yes("j") and is_yes("ja") and is_yes("y") and not is_yes("n")
        review = Review.of_session(played)  # the names ("Du") in the language spoken now
        review.keep(review.analyse(review.points([0])))
        lines = review_lines(review, [0])
    finally:
        set_language("en")
    assert lines[0] == "Gjennomgang av kampen: Du; 8 utvalg per søk."
    assert lines[3].startswith("-- Runde 1 av 1 · midten 9-9: Du: presisjon ")
    assert lines[4].startswith("  Forventede minuspoeng ved rundens slutt, etter hvert trekk (")
    assert lines[4].endswith("; │ poeng ved rundens slutt):") and lines[5].startswith("  Du ")
    moves = [line for line in lines if line.startswith("trekk ")]
    assert len(moves) == len([line for line in english if line.startswith("move ")])
    assert all(", Du: spilte " in line for line in moves)
    assert lines[-1].startswith("Du: presisjon ")
