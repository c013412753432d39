"""The review of a finished match at the terminal: every decision graded by the expert's
search (:mod:`chickenfoot.analysis`, docs/ANALYSIS.md), round by round.

:class:`ReviewScreen` is the Textual app's (``r`` on the end-of-match screen). It analyses the
record in a thread, whose searches run in worker processes when there are many decisions,
with a progress bar; Escape stops the analysis and goes back. Then it lists every decision of
the person's seat (``a``: of every seat) round by round, with the move played, the best one
from what the seat knew, the loss and the mark, and each seat's accuracy per round and for the
match; ``n`` and ``p`` jump to the next and the previous marked decision. Beside the list, the
decision highlighted: both evaluations of every candidate (from the seat's knowledge, and
with every hand open), the chart of its round (each seat's expected points after each of its
decisions, the mistakes marked: :mod:`chickenfoot.terminal.review_chart`) and the position as
the seat saw it, the board and its tiles.

:func:`review_lines` says the same in lines of text, for ``play --plain``.

Two environment variables set how hard it searches (for tests and slow machines):
``CHICKENFOOT_REVIEW_SAMPLES`` (samples of each search, default 200) and
``CHICKENFOOT_REVIEW_WORKERS`` (worker processes; default: one process for a short match,
else up to four).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace as replace_dataclass
from typing import ClassVar, Final

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from chickenfoot import analysis
from chickenfoot.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Analysis,
    AnalysisStopped,
    Candidate,
    Decision,
    DecisionPoint,
    Evaluation,
    Plan,
    SeatSummary,
    Settings,
)
from chickenfoot.core.actions import Action, Play, parse_action
from chickenfoot.core.projection import advance, start
from chickenfoot.core.table import Table
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import ActionEntry, RoundEntry, Snapshot
from chickenfoot.i18n import N_, _, error_text, ngettext
from chickenfoot.terminal import nouns
from chickenfoot.terminal.board import of_snapshot
from chickenfoot.terminal.describe import Words
from chickenfoot.terminal.keys import footer_width, translate_bindings
from chickenfoot.terminal.render import CHOSEN, LEGAL, BoardView, Marks, tile_text
from chickenfoot.terminal.render import DIM as TILE_DIM
from chickenfoot.terminal.review_chart import MARK_STYLES, MARK_SYMBOLS, RoundChart, chart_lines
from chickenfoot.terminal.session import Session

SAMPLES_VARIABLE: Final = "CHICKENFOOT_REVIEW_SAMPLES"
WORKERS_VARIABLE: Final = "CHICKENFOOT_REVIEW_WORKERS"
MOST_WORKERS = 4
"""Worker processes at most, unless the environment says otherwise."""
ONE_PROCESS_UP_TO = 30
"""Decisions analysed in the app's own process (starting workers costs more than it saves)."""

MARK_NAMES: Mapping[str, str] = {
    # TRANSLATORS: the marks of a decision by what it lost against the best move (as in
    # chess: an inaccuracy, a mistake, a blunder)
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
HEAD = Style(bold=True)
DIM = Style(dim=True)
GOOD = Style(color="#7ccf7c")


def mark_name(mark: str) -> str:
    return _(MARK_NAMES[mark])


def mark_text(mark: str | None, symbol: bool = False) -> Text:
    """A decision's mark, coloured: its name, or (``symbol``) ``?!``, ``?``, ``??``."""
    if mark is None:
        return Text("")
    return Text(MARK_SYMBOLS[mark] if symbol else mark_name(mark), style=MARK_STYLES[mark])


def number(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


# -- what is analysed, and how hard ----------------------------------------------------------


def settings_from(environ: Mapping[str, str] | None = None) -> Settings:
    """The searches' settings: the defaults, or :data:`SAMPLES_VARIABLE`'s samples."""
    environ = os.environ if environ is None else environ
    samples = _positive(environ.get(SAMPLES_VARIABLE))
    return Settings() if samples is None else Settings(samples=samples)


def workers_for(decisions: int, environ: Mapping[str, str] | None = None) -> int:
    """Worker processes for ``decisions`` decisions: :data:`WORKERS_VARIABLE`, else one (this
    process) for a short match and up to :data:`MOST_WORKERS` for a longer one."""
    environ = os.environ if environ is None else environ
    told = _positive(environ.get(WORKERS_VARIABLE))
    if told is not None:
        return told
    if decisions <= ONE_PROCESS_UP_TO:
        return 1
    return max(1, min(MOST_WORKERS, os.cpu_count() or 1))


def start_resource_tracker() -> bool:
    """Start multiprocessing's resource tracker (which worker processes need) if it is not
    running; whether it runs. It hands its process ``sys.stderr``'s file descriptor, and
    Textual's ``sys.stderr`` has none, so it is started with the real one."""
    from multiprocessing import resource_tracker

    real = sys.__stderr__
    try:
        if real is None or real.fileno() < 0:
            return False
        with contextlib.redirect_stderr(real):
            resource_tracker.ensure_running()
    except (OSError, ValueError):
        return False
    return True


def _positive(text: str | None) -> int | None:
    try:
        value = int(text or "")
    except ValueError:
        return None
    return value if value > 0 else None


class Review:
    """A finished match and what has been analysed of it: the record's decisions, each
    analysed once whichever seats are shown (a decision is graded the same either way)."""

    def __init__(
        self,
        record: object,
        words: Words,
        persons: Sequence[int],
        settings: Settings | None = None,
        table: Table | None = None,
    ) -> None:
        self.record = record
        self.words = words
        seats = len(words.names)
        self.mine = list(persons) or list(range(seats))
        """The seats reviewed unless every seat is asked for: the people's."""
        self.settings = settings or settings_from()
        self.table = table
        self._plan: Plan | None = None
        self.decisions: dict[tuple[int, int], Decision] = {}
        self._positions: dict[int, dict[tuple[int, int], Snapshot]] = {}

    @classmethod
    def of_session(cls, session: Session, settings: Settings | None = None) -> Review:
        persons = session.persons
        names = [session.name(s) for s in range(session.players)]
        words = Words(names, session.rules, persons[0] if len(persons) == 1 else None)
        return cls(session.table.record(), words, persons, settings, session.table)

    @property
    def plan(self) -> Plan:
        """The record read for analysis (replayed on first use: call it from the thread
        that analyses)."""
        if self._plan is None:
            self._plan = analysis.plan(self.record)
        return self._plan

    def all_seats(self) -> list[int]:
        return list(range(len(self.words.names)))

    def points(self, seats: Sequence[int]) -> list[DecisionPoint]:
        """The decisions of ``seats``, in the order played."""
        return [p for p in self.plan.decisions if p.seat in seats]

    def missing(self, seats: Sequence[int]) -> list[DecisionPoint]:
        """The decisions of ``seats`` not analysed yet."""
        return [p for p in self.points(seats) if (p.round, p.index) not in self.decisions]

    def analyse(
        self,
        points: Sequence[DecisionPoint],
        workers: int = 1,
        on_progress: Callable[[int, int], None] | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> list[Decision]:
        """Analyse ``points`` (:class:`AnalysisStopped` when ``stop()`` says so); the
        decisions, not yet kept (:meth:`keep`)."""
        return analysis.run(points, self.settings, workers, on_progress, stop)

    def keep(self, decisions: Iterable[Decision]) -> None:
        for decision in decisions:
            self.decisions[decision.round, decision.index] = decision

    def result(self, seats: Sequence[int]) -> Analysis:
        """The analysis of ``seats`` (every decision of theirs analysed already)."""
        mine = [self.decisions[p.round, p.index] for p in self.points(seats)]
        return analysis.assemble(self.plan, seats, self.settings, mine)

    def point(self, decision: Decision) -> DecisionPoint:
        return next(
            p for p in self.plan.decisions if (p.round, p.index) == (decision.round, decision.index)
        )

    def played(self, decision: Decision) -> Candidate | None:
        """The candidate the action played counts as (in Chicken Foot, another end showing
        the same number leads to the same position)."""
        view = self.point(decision).view
        played = parse_action(decision.played)
        for candidate in decision.candidates:
            if analysis.same_outcome(view, parse_action(candidate.action), played):
                return candidate
        return None

    def position(self, decision: Decision) -> Snapshot | None:
        """What the deciding seat saw just before it decided (its tiles, the board), from the
        table's log as that seat received it; None without the table."""
        if self.table is None:
            return None
        seat = decision.seat
        if seat not in self._positions:
            self._positions[seat] = positions(self.table, seat)
        return self._positions[seat].get((decision.round, decision.index))


def positions(table: Table, seat: int) -> dict[tuple[int, int], Snapshot]:
    """``seat``'s snapshot before every action of every round: ``(round, index)`` -> the
    snapshot, made by following the log from the start as a client does."""
    snap = start(table.snapshot(seat))
    found: dict[tuple[int, int], Snapshot] = {}
    index = 0
    for entry in table.entries(0, seat):
        snap = advance(snap, entry)
        if isinstance(entry, RoundEntry):
            index = 0
        elif isinstance(entry, ActionEntry):
            index += 1
        else:
            continue
        found[snap.round, index] = snap
    return found


# -- the texts both front ends show ---------------------------------------------------------


_NOTES: dict[str, tuple[str, str]] = {
    "percent": (
        N_(
            "Losses in percentage points of rounds won (100 penalty points count as a quarter "
            "of a round)."
        ),
        N_(
            "points: penalty points expected at the round's end; wins: share of the sampled "
            "rounds won. Known: from what the seat knew; open: with every hand open."
        ),
    ),
    "points": (
        N_("Losses in points of margin in the hand."),
        N_(
            "points: points expected for the seat's side in the hand; wins: share of the "
            "sampled hands won. Known: from what the seat knew; open: with every hand open."
        ),
    ),
}
"""What the losses and the estimates of a review are, by the analysis's unit."""


def loss_note(review: Review) -> str:
    return _(_NOTES[analysis.unit_of(review.words.rules)][0])


def points_note(review: Review) -> str:
    return _(_NOTES[analysis.unit_of(review.words.rules)][1])


def marks_note() -> str:
    return _("Marks: ?! inaccuracy (loss {a:g}+), ? mistake ({m:g}+), ?? blunder ({b:g}+).").format(
        a=INACCURACY, m=MISTAKE, b=BLUNDER
    )


def round_heading(review: Review, number_: int, double: str | None) -> str:
    name = review.words.round_name(number_)
    if double is None:
        return name
    return f"{name} · " + _("centre {tile}").format(tile=double)


def counts_text(decisions: int, inaccuracies: int, mistakes: int, blunders: int) -> str:
    """``20 decisions: 2 inaccuracies, 1 mistake, 0 blunders``."""
    return (
        ngettext("{n} decision", "{n} decisions", decisions).format(n=decisions)
        + ": "
        + ", ".join(
            [
                ngettext("{n} inaccuracy", "{n} inaccuracies", inaccuracies).format(n=inaccuracies),
                ngettext("{n} mistake", "{n} mistakes", mistakes).format(n=mistakes),
                ngettext("{n} blunder", "{n} blunders", blunders).format(n=blunders),
            ]
        )
    )


def accuracy_text(who: str, accuracy: float | None) -> str:
    return _("{who}: accuracy {accuracy}").format(who=who, accuracy=number(accuracy, 0))


def summary_lines(review: Review, result: Analysis) -> list[str]:
    """Every reviewed seat over the match: its accuracy and its marks."""
    lines = []
    for seat in result.summary:
        line = accuracy_text(review.words.who(seat.seat), seat.accuracy)
        line += " · " + counts_text(seat.decisions, seat.inaccuracies, seat.mistakes, seat.blunders)
        if seat.ungraded:
            line += " · " + _("{n} not graded").format(n=seat.ungraded)
        lines.append(line)
    return lines


def review_lines(review: Review, seats: Sequence[int]) -> list[str]:
    """The review of ``seats`` as lines of text (``play --plain``): round by round its
    accuracy, its chart (:func:`~chickenfoot.terminal.review_chart.chart_lines`) and every
    decision (:func:`decision_lines`); the match's accuracy."""
    result = review.result(seats)
    words = review.words
    lines = [
        _("Review of the match: {seats}; {samples} samples a search.").format(
            seats=words.seats_list(seats), samples=review.settings.samples
        ),
        loss_note(review) + " " + marks_note(),
        points_note(review),
    ]
    names = [words.who(s) for s in review.all_seats()]
    for facts in result.rounds:
        if not facts.decisions:
            continue
        heading = round_heading(review, facts.round, facts.double)
        accuracy = ", ".join(
            accuracy_text(words.who(s), facts.accuracy[s])
            for s in seats
            if facts.accuracy[s] is not None
        )
        lines.append(f"-- {heading}: {accuracy} --")
        lines += ["  " + line for line in chart_lines(facts, seats, names, words.texts)]
        for decision in facts.decisions:
            lines += decision_lines(review, decision)
    lines += summary_lines(review, result)
    return lines


def decision_lines(review: Review, decision: Decision) -> list[str]:
    """A decision in three lines: the move played, the best one and the loss (and the
    mark); the played and the best move's expected points and share of wins from what the
    seat knew; the same with every hand open."""
    who = review.words.who(decision.seat)
    n = decision.index + 1
    played = review.played(decision)
    if decision.loss is None:
        first = _(
            "move {n}, {who}: played {played}; not graded (no sample of the hidden tiles fits "
            "what was seen)"
        ).format(n=n, who=who, played=decision.played)
    else:
        first = _("move {n}, {who}: played {played}; best {best}, loss {loss}").format(
            n=n, who=who, played=decision.played, best=decision.best, loss=number(decision.loss)
        )
        if decision.mark is not None:
            first += f" ({mark_name(decision.mark)})"
    lines = [first]
    best = decision.candidates[0] if decision.candidates else None
    if played is not None and best is not None and decision.loss is not None:
        lines.append(
            "  "
            + _("known: played {played}; best {best}").format(
                played=evaluation_text(played.knowledge), best=evaluation_text(best.knowledge)
            )
        )
    opened = max(decision.candidates, key=lambda c: c.open.value, default=None)
    if played is not None and opened is not None and decision.open_loss is not None:
        lines.append(
            "  "
            + _("every hand open: best {move}, loss {loss}; played {played}; best {best}").format(
                move=decision.open_best,
                loss=number(decision.open_loss),
                played=evaluation_text(played.open),
                best=evaluation_text(opened.open),
            )
        )
    return lines


def evaluation_text(evaluation: Evaluation) -> str:
    """``23.4 points, wins 45%``: a search's expected points and share of wins."""
    return _("{points} points, wins {wins:.0%}").format(
        points=number(evaluation.mean_points), wins=evaluation.win_share
    )


# -- the screen -------------------------------------------------------------------------------


class ReviewScreen(Screen[None]):
    """The review of a finished match (see the module docstring)."""

    DEFAULT_CSS = """
    ReviewScreen { layout: vertical; }
    #review-top { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    #working { height: 1fr; align: center middle; }
    #working-box { width: 64; max-width: 100%; height: auto; border: round $primary;
                   padding: 0 1; }
    #working-box ProgressBar { margin: 1 0; }
    #working-text { width: 100%; }
    #review-main { height: 1fr; display: none; }
    #list-side { width: 38; }
    #columns { height: 1; padding: 0 1; color: $text-muted; text-style: bold; }
    #decisions { height: 1fr; border: none; padding: 0; background: $surface; }
    #decisions:focus { border: none; background-tint: $foreground 0%; }
    #decisions > .option-list--option-disabled { color: $foreground; }
    #detail-scroll { width: 1fr; border-left: solid $primary-darken-2; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: the keys at the bottom of the review; all share one line of 80 columns
        Binding("up", "list('up')", N_("decision"), key_display="↑↓"),
        Binding("down", "list('down')", "", show=False),
        Binding("n", "jump(1)", N_("next mistake")),
        Binding("p", "jump(-1)", N_("previous")),
        Binding("a", "seats", N_("all seats")),
        Binding("pageup", "scroll_detail(-1)", "", show=False, priority=True),
        Binding("pagedown", "scroll_detail(1)", "", show=False, priority=True),
        Binding("escape", "back", N_("back")),
        Binding("q", "app.leave", N_("quit")),
    ]

    class Started(Message):
        def __init__(self, total: int) -> None:
            super().__init__()
            self.total = total

    class Progress(Message):
        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class Finished(Message):
        def __init__(self, decisions: list[Decision]) -> None:
            super().__init__()
            self.decisions = decisions

    class Failed(Message):
        def __init__(self, error: BaseException) -> None:
            super().__init__()
            self.error = error

    def __init__(self, review: Review) -> None:
        super().__init__()
        translate_bindings(self)
        self.review = review
        self.everyone = False
        """Every seat shown (``a``), not only the people's."""
        self.result: Analysis | None = None
        self.shown: list[Decision | None] = []
        """The decision of each entry of the list (None: a heading)."""
        self.running = False
        """Waiting for the analysis (the screen's own view of it)."""
        self.stopping = threading.Event()
        """Set to stop the analysis thread."""
        self.stopped = threading.Event()
        """Set when the analysis thread has ended (finished, failed or stopped)."""
        self.stopped.set()
        self.failed: str | None = None

    @property
    def seats(self) -> list[int]:
        return self.review.all_seats() if self.everyone else self.review.mine

    @property
    def analysing(self) -> bool:
        return self.running

    def compose(self) -> ComposeResult:
        yield Static(id="review-top")
        with Vertical(id="working"), Vertical(id="working-box"):
            yield Static(id="working-text")
            yield ProgressBar(id="progress")
            yield Static(Text(_("Esc stops the analysis and goes back."), style=DIM))
        with Horizontal(id="review-main"):
            with Vertical(id="list-side"):
                yield Static(id="columns")
                yield OptionList(id="decisions")
            with VerticalScroll(id="detail-scroll", can_focus=False):
                yield Static(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.show_top()
        self.start()

    def on_unmount(self) -> None:
        self.stopping.set()

    # -- the analysis ------------------------------------------------------------------

    def start(self) -> None:
        """Analyse what is missing of the seats shown (in a thread), then show them."""
        self.query_one("#working").display = True
        self.query_one("#review-main").display = False
        self.failed = None
        self.query_one("#working-text", Static).update(Text(_("Reading the match…")))
        self.stopping.clear()
        self.stopped.clear()
        self.running = True
        self.run_worker(self.work, thread=True, exclusive=True, exit_on_error=False)

    def work(self) -> None:
        """The analysis thread: plan, search, and say how it went by messages."""
        worker = get_current_worker()

        def stop() -> bool:
            # Escape (or leaving the screen) sets stopping; the app's exit cancels the worker
            return self.stopping.is_set() or worker.is_cancelled

        try:
            missing = self.review.missing(self.seats)
            self.tell(self.Started(len(missing)))
            workers = workers_for(len(missing))
            if workers > 1 and not start_resource_tracker():
                workers = 1
            found = self.review.analyse(missing, workers, self.progress, stop)
            self.tell(self.Finished(found))
        except AnalysisStopped:
            pass
        except Exception as exc:  # said on the screen; the app goes on
            self.tell(self.Failed(exc))
        finally:
            self.stopped.set()

    def progress(self, done: int, total: int) -> None:
        self.tell(self.Progress(done, total))

    def tell(self, message: Message) -> None:
        """Post ``message`` from the analysis thread, unless the screen is being left."""
        if self.stopping.is_set():
            return
        try:
            self.post_message(message)
        except RuntimeError:  # the app's loop is closed: it is leaving
            self.stopping.set()

    def on_review_screen_started(self, message: Started) -> None:
        seats = self.seats
        who = self.review.words.seats_list(seats) if not self.everyone else _("every seat")
        text = ngettext(
            "{who}: the expert's search grades {n} decision, {samples} samples a search…",
            "{who}: the expert's search grades {n} decisions, {samples} samples a search…",
            message.total,
        ).format(n=message.total, who=who, samples=self.review.settings.samples)
        self.query_one("#working-text", Static).update(Text(text))
        self.query_one("#progress", ProgressBar).update(total=max(1, message.total), progress=0)

    def on_review_screen_progress(self, message: Progress) -> None:
        self.query_one("#progress", ProgressBar).update(total=message.total, progress=message.done)

    def on_review_screen_finished(self, message: Finished) -> None:
        self.running = False
        self.review.keep(message.decisions)
        self.result = self.review.result(self.seats)
        self.query_one("#working").display = False
        self.query_one("#review-main").display = True
        self.fill()
        self.show_top()

    def on_review_screen_failed(self, message: Failed) -> None:
        self.running = False
        self.failed = error_text(message.error)
        text = _("The analysis failed: {reason}").format(reason=self.failed)
        self.query_one("#working-text", Static).update(Text(text, style="bold red"))

    # -- showing it --------------------------------------------------------------------

    def show_top(self) -> None:
        rules = self.review.words.rules
        game = nouns.game_title(rules.game_name)
        parts = [_("Review of the match"), game]
        result = self.result
        if result is not None and not self.analysing:
            if self.everyone:
                parts.append(_("every seat"))
            else:
                parts += [
                    accuracy_text(self.review.words.who(s.seat), s.accuracy) for s in result.summary
                ]
        self.query_one("#review-top", Static).update(Text(" · ".join(parts)))

    def widths(self) -> tuple[int, int, int, int]:
        """The widths of the list's columns seat, played, best and loss: each at least its
        heading's."""
        return (
            max(3, cell_len(_("seat"))),
            max(8, cell_len(_("played"))),
            max(8, cell_len(_("best"))),
            max(5, cell_len(_("loss"))),
        )

    def columns(self) -> Text:
        """The heading of the list's columns (:meth:`row`)."""
        seat, played, best, loss = self.widths()
        words = _("seat"), _("played"), _("best"), _("loss")
        text = Text(f"{'#':>3} ")
        if self.everyone:
            text.append(f"{words[0]:<{seat}} ")
        text.append(f"{words[1]:<{played}} {words[2]:<{best}} {words[3]:>{loss}}")
        return text

    def row(self, decision: Decision) -> Text:
        """A decision in the list: its move number, (its seat,) the move played, the best
        one (dim when it is the one played), the loss and the mark."""
        seat, played, best, loss = self.widths()
        text = Text(f"{decision.index + 1:>3} ")
        if self.everyone:
            text.append(f"{decision.seat:>{seat}} ")
        text.append(f"{decision.played:<{played}} ")
        text.append(f"{decision.best or '-':<{best}} ", style=DIM if not decision.loss else Style())
        text.append(f"{number(decision.loss):>{loss}} ")
        text.append_text(mark_text(decision.mark, symbol=True))
        return text

    def fill(self) -> None:
        """The list: the match's summary, then each round's heading, accuracy and
        decisions."""
        result = self.result
        assert result is not None
        words = self.review.words
        self.query_one("#columns", Static).update(self.columns())
        options: list[Option] = []
        shown: list[Decision | None] = []

        def heading(text: RenderableType) -> None:
            options.append(Option(text, disabled=True))
            shown.append(None)

        if len(result.summary) == 1:
            (one,) = result.summary
            counts = counts_text(one.decisions, one.inaccuracies, one.mistakes, one.blunders)
            heading(Text(counts, style=DIM))
        else:
            heading(self.seats_table(result.summary))
        for facts in result.rounds:
            if not facts.decisions:
                continue
            title = Text(round_heading(self.review, facts.round, facts.double), style=HEAD)
            seats = [s for s in self.seats if facts.accuracy[s] is not None]
            if len(seats) == 1:
                title.append(
                    " · "
                    + _("accuracy {accuracy}").format(accuracy=number(facts.accuracy[seats[0]], 0))
                )
                heading(title)
            else:
                heading(title)
                each = ", ".join(f"{words.who(s)} {number(facts.accuracy[s], 0)}" for s in seats)
                heading(Text(_("accuracy: {seats}").format(seats=each), style=DIM))
            for decision in facts.decisions:
                options.append(
                    Option(self.row(decision), id=f"d-{decision.round}-{decision.index}")
                )
                shown.append(decision)
        if not any(d is not None for d in shown):
            heading(Text(_("No decision to review: every move was forced."), style=DIM))
        seat, played, best, loss = self.widths()
        row = 3 + 1 + played + 1 + best + 1 + loss + 3 + (seat + 1 if self.everyone else 0)
        self.query_one("#list-side").styles.width = row + 2  # and the scroll bar
        decisions = self.query_one("#decisions", OptionList)
        before = self.selected()
        self.shown = shown
        decisions.set_options(options)
        keys = [None if d is None else (d.round, d.index) for d in shown]
        first = next((k for k, d in enumerate(shown) if d is not None), None)
        chosen = first
        if before is not None and (before.round, before.index) in keys:
            chosen = keys.index((before.round, before.index))
        decisions.highlighted = chosen
        decisions.focus()
        self.show_detail()
        if chosen == first:
            decisions.scroll_home(animate=False)

    def seats_table(self, summary: Sequence[SeatSummary]) -> RichTable:
        """Every seat shown over the match: its accuracy and its marks."""
        table = RichTable(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
        table.add_column(_("match"), no_wrap=True, overflow="ellipsis", ratio=1)
        table.add_column(_("accuracy"), justify="right")
        for mark in MARK_SYMBOLS:
            table.add_column(mark_text(mark, symbol=True), justify="right")
        for seat in summary:
            table.add_row(
                self.review.words.who(seat.seat),
                number(seat.accuracy, 0),
                str(seat.inaccuracies),
                str(seat.mistakes),
                str(seat.blunders),
            )
        return table

    def selected(self) -> Decision | None:
        highlighted = self.query_one("#decisions", OptionList).highlighted
        if highlighted is None or not 0 <= highlighted < len(self.shown):
            return None
        return self.shown[highlighted]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_detail()
        self.heading_in_sight(event.option_index)

    def heading_in_sight(self, index: int) -> None:
        """Scroll the list so that the headings just above the highlighted decision (its
        round's) show too."""
        first = index
        while first > 0 and self.shown[first - 1] is None:
            first -= 1
        if first == index:
            return
        decisions = self.query_one("#decisions", OptionList)
        lines = decisions._index_to_line  # the first line of every entry
        top = lines.get(first)
        if top is not None and top < decisions.scroll_y:
            decisions.scroll_to(y=top, animate=False)

    def show_detail(self) -> None:
        decision = self.selected()
        detail = self.query_one("#detail", Static)
        if decision is None:
            detail.update("")
            return
        detail.update(self.detail(decision))
        self.query_one("#detail-scroll", VerticalScroll).scroll_home(animate=False)

    def detail(self, decision: Decision) -> RenderableType:
        """Everything about one decision: the moves, the loss, both evaluations of every
        candidate, the chart of its round, and the position before it."""
        review = self.review
        words = review.words
        who = words.who(decision.seat)
        parts: list[RenderableType] = []
        title = _("{round}, move {n}: {who}").format(
            round=words.round_name(decision.round), n=decision.index + 1, who=who
        )
        parts.append(Text(title, style=HEAD))
        moves = Text()
        moves.append(_("played {played}").format(played=decision.played), style=CHOSEN)
        if decision.best is not None:
            moves.append(" · ")
            moves.append(_("best {best}").format(best=decision.best), style=LEGAL)
        parts.append(moves)
        if decision.loss is None:
            parts.append(
                Text(_("Not graded: no sample of the hidden tiles fits what was seen."), style=DIM)
            )
        else:
            loss = Text(_("loss {loss}").format(loss=number(decision.loss)))
            if decision.mark is not None:
                loss.append(" · ")
                loss.append_text(mark_text(decision.mark))
            elif not decision.loss:
                loss.append(" · ")
                loss.append(_("the best move"), style=GOOD)
            parts.append(loss)
        parts.append(
            Text(
                _("open: best {best}, loss {loss}").format(
                    best=decision.open_best or "-", loss=number(decision.open_loss)
                )
            )
        )
        parts.append(self.candidates(decision))
        chart = self.chart(decision)
        if chart is not None:
            parts.append(chart)
        snap = review.position(decision)
        if snap is not None:
            parts.append(Text(_("Before the move:"), style=HEAD))
            parts += self.position(decision, snap)
        parts.append(Text(""))
        notes = " ".join([points_note(review), loss_note(review), marks_note()])
        parts.append(Text(notes, style=DIM))
        return Group(*parts)

    def chart(self, decision: Decision) -> RoundChart | None:
        """The chart of the decision's round: each seat's expected points after each of its
        decisions, the decision highlighted (:mod:`chickenfoot.terminal.review_chart`)."""
        result = self.result
        if result is None:
            return None
        facts = next((r for r in result.rounds if r.round == decision.round), None)
        if facts is None:
            return None
        words = self.review.words
        names = [words.who(s) for s in self.review.all_seats()]
        selected = (decision.round, decision.index)
        return RoundChart(facts, result.seats, names, words.texts, selected)

    def candidates(self, decision: Decision) -> RichTable:
        table = RichTable(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
        table.add_column(_("move"))
        for head in (_("known"), _("open")):
            points, wins = _("points"), _("wins")
            table.add_column(f"{head}\n{points}", justify="right")
            table.add_column(f"\n{wins}", justify="right")
        played = self.review.played(decision)
        for candidate in decision.candidates:
            style, action = Style(), candidate.action
            if candidate is played:
                # the move as played (in Chicken Foot it may be on another end showing the
                # same number, which counts as the same move)
                style, action = CHOSEN, decision.played
            elif candidate.action == decision.best:
                style = LEGAL
            table.add_row(
                Text(action, style=style),
                number(candidate.knowledge.mean_points),
                f"{candidate.knowledge.win_share:.0%}",
                number(candidate.open.mean_points),
                f"{candidate.open.win_share:.0%}",
            )
        return table

    def position(self, decision: Decision, snap: Snapshot) -> list[RenderableType]:
        """The board before the move, the places of the move played and of the best one
        marked, and the seat's tiles (the one played and the best one marked)."""
        played = _play(decision.played)
        best = _play(decision.best)
        marks = Marks()
        for action in (best, played):
            if action is not None:
                marks.targets[action.on] = ""
        if played is not None:
            marks.picking = True
            marks.picked = played.on
            marks.tile = str(played.tile)
        out: list[RenderableType] = [BoardView(of_snapshot(snap), marks)]
        hand = snap.hand
        if hand is not None:
            who = self.review.words.who(decision.seat)
            owner = (
                _("Your tiles")
                if decision.seat == self.review.words.you
                else _("{who}'s tiles").format(who=who)
            )
            chosen = None if played is None else str(played.tile)
            wanted = None if best is None else str(best.tile)
            tiles = []
            for tile in hand:
                style = CHOSEN if tile == chosen else LEGAL if tile == wanted else TILE_DIM
                numbers = Tile.parse(tile)
                tiles.append(tile_text(numbers.hi, numbers.lo, style))
            head = Text()
            head.append(f"{owner} ({len(hand)}):", style=HEAD)
            out.append(Folded(head, tiles))
            legend = Text()
            legend.append("  ", style=CHOSEN)
            legend.append(" " + _("played") + "  ")
            legend.append("  ", style=LEGAL)
            legend.append(" " + _("best"))
            out.append(legend)
        return out

    # -- keys --------------------------------------------------------------------------

    def action_list(self, direction: str) -> None:
        decisions = self.query_one("#decisions", OptionList)
        if direction == "up":
            decisions.action_cursor_up()
        else:
            decisions.action_cursor_down()

    def action_jump(self, direction: int) -> None:
        """Highlight the next (1) or the previous (-1) marked decision."""
        if self.result is None or self.analysing:
            return
        decisions = self.query_one("#decisions", OptionList)
        here = decisions.highlighted if decisions.highlighted is not None else -1
        order = range(here + 1, len(self.shown)) if direction > 0 else range(here - 1, -1, -1)
        for k in order:
            decision = self.shown[k]
            if decision is not None and decision.mark is not None:
                decisions.highlighted = k
                return
        self.notify(
            _("No marked decision after this one.")
            if direction > 0
            else _("No marked decision before this one."),
            timeout=2,
        )

    def action_seats(self) -> None:
        """Every seat, or the people's again."""
        if self.analysing or (self.failed is None and self.result is None):
            return
        if self.review.mine == self.review.all_seats():
            self.notify(_("Every seat is shown already."), timeout=2)
            return
        self.everyone = not self.everyone
        self.relabel_seats_key()
        self.result = None
        self.show_top()
        self.start()

    def relabel_seats_key(self) -> None:
        label = _("your seats") if self.everyone else _("all seats")
        keys = self._bindings.key_to_bindings
        self._bindings = BindingsMap.from_keys(
            {
                key: [
                    replace_dataclass(b, description=label) if b.action == "seats" else b
                    for b in bindings
                ]
                for key, bindings in keys.items()
            }
        )
        self.refresh_bindings()

    def action_scroll_detail(self, direction: int) -> None:
        scroll = self.query_one("#detail-scroll", VerticalScroll)
        if direction < 0:
            scroll.scroll_page_up(animate=False)
        else:
            scroll.scroll_page_down(animate=False)

    def action_back(self) -> None:
        """Stop the analysis if it runs, and go back to the end of the match."""
        self.stopping.set()
        self.running = False
        self.dismiss(None)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(Footer).compact = footer_width(self) > event.size.width


class Folded:
    """``head`` then ``parts``, a space between them, folded to the width given (never
    inside a part): a hand of tiles."""

    def __init__(self, head: Text, parts: Sequence[Text], indent: int = 2) -> None:
        self.head = head
        self.parts = parts
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(20, options.max_width)
        line = self.head.copy()
        fresh = False
        """Nothing on the line yet but its indent."""
        for part in self.parts:
            if not fresh and line.cell_len + 1 + part.cell_len > width:
                yield line
                line, fresh = Text(" " * self.indent), True
            if not fresh:
                line.append(" ")
            line.append_text(part)
            fresh = False
        yield line


def _play(text: str | None) -> Play | None:
    if text is None:
        return None
    action: Action = parse_action(text)
    return action if isinstance(action, Play) else None


__all__ = ["Review", "ReviewScreen", "review_lines", "settings_from", "workers_for"]
