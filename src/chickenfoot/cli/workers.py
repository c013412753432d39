"""--workers: how many processes play (or analyse) at once."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from chickenfoot.cli.errors import _fail
from chickenfoot.cli.text import _short
from chickenfoot.pool import MAX_WORKERS_PER_CORE, cores

_CORES = cores()


def _workers_option(help_text: str) -> Any:
    per_core = MAX_WORKERS_PER_CORE
    most = f"At most {per_core} per core ({per_core * _CORES} here)"
    return typer.Option(
        "--workers", "-w", metavar="N", show_default=False, help=help_text.format(most=most)
    )


WorkersOption = Annotated[
    int | None,
    _workers_option(
        "Worker processes; 1 plays in this process. {most}; no more are started than there "
        "are matches. Results and records are the same for any number. \\[default: simulate "
        "1, arena all cores]"
    ),
]


def _check_workers(workers: int) -> int:
    most = MAX_WORKERS_PER_CORE * _CORES
    if workers < 1:
        _fail(f"--workers must be at least 1, not {workers}")
    if workers > most:
        _fail(
            f"--workers {_short(str(workers))} is too many: at most "
            f"{MAX_WORKERS_PER_CORE} per core, {most} on this machine"
        )
    return workers
