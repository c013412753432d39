"""Progress bars on standard error, when it is a terminal."""

from __future__ import annotations

from time import perf_counter
from typing import TYPE_CHECKING, cast

from chickenfoot.cli import output

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID


class _Done:
    """Matches and rounds (hands) played, shown on the progress bars now and then: updating
    the bars takes longer than playing a round."""

    INTERVAL = 0.05
    """Seconds between two updates: the bars are drawn ten times a second."""

    def __init__(self, progress: Progress | _Quiet, matches: TaskID, rounds: TaskID) -> None:
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


class _Quiet:
    """The progress bars where standard error is no terminal: nothing shown, nothing to
    import."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def __enter__(self) -> _Quiet:
        return self

    def __exit__(self, *exc_info: object) -> None:
        pass

    def add_task(self, description: str, total: float | None = None) -> TaskID:
        return cast("TaskID", 0)

    def update(self, task: TaskID, completed: float | None = None) -> None:
        pass

    def advance(self, task: TaskID) -> None:
        pass

    def stop(self) -> None:
        pass


def _progress() -> Progress | _Quiet:
    """Progress on stderr, by matches and by rounds (hands), only if stderr is a terminal."""
    if not output.err.is_terminal:
        return _Quiet(output.err)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description:>7}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=output.err,
        transient=True,
    )
