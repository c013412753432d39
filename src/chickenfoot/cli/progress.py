"""Progress bars on standard error, when it is a terminal."""

from __future__ import annotations

from time import perf_counter

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)

from chickenfoot.cli import output


class _Done:
    """Matches and rounds (hands) played, shown on the progress bars now and then: updating
    the bars takes longer than playing a round."""

    INTERVAL = 0.05
    """Seconds between two updates: the bars are drawn ten times a second."""

    def __init__(self, progress: Progress, matches: TaskID, rounds: TaskID) -> None:
        self.progress = progress
        self.tasks = matches, rounds
        self.matches = 0
        self.rounds = 0
        self.due = 0.0

    def round_done(self) -> None:
        self.rounds += 1
        if perf_counter() >= self.due:
            self.show()

    def match_done(self) -> None:
        self.matches += 1
        if perf_counter() >= self.due:
            self.show()

    def show(self) -> None:
        """Show the counts now."""
        matches, rounds = self.tasks
        self.progress.update(matches, completed=self.matches)
        self.progress.update(rounds, completed=self.rounds)
        self.due = perf_counter() + self.INTERVAL


def _progress() -> Progress:
    """Progress on stderr, by matches and by rounds (hands), only if stderr is a terminal."""
    return Progress(
        TextColumn("{task.description:>7}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=output.err,
        disable=not output.err.is_terminal,
        transient=True,
    )
