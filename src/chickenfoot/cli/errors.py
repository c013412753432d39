"""A command that cannot go on: one line on standard error, and its exit code."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

import typer

from chickenfoot.cli import output
from chickenfoot.i18n import _

if TYPE_CHECKING:
    from chickenfoot.record_files import RecordTarget


def _stop(message: str, target: RecordTarget | None) -> NoReturn:
    """A run that cannot go on: one line, exit 1, no half-written record left."""
    if target is not None:
        target.stop()
    output.err.print(f"error: {message}", markup=False, soft_wrap=True)
    raise typer.Exit(1)


def _fail(message: str) -> NoReturn:
    # TRANSLATORS: the line of every error of the command line; {message} says what is wrong.
    output.err.print(_("error: {message}").format(message=message), markup=False, soft_wrap=True)
    raise typer.Exit(2)
