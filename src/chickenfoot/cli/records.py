"""The records a run writes (--records): where they go, and what is left of them when the
run stops."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from chickenfoot import files
from chickenfoot.cli import output
from chickenfoot.cli.errors import _fail, _stop
from chickenfoot.cli.progress import _progress
from chickenfoot.cli.text import _count, _one_line, _shown
from chickenfoot.core import RecordError
from chickenfoot.record_files import (
    RecordsProblem,
    RecordTarget,
    read_records,
    record_paths,
    target_for,
)


def _interrupted(finished: int, matches: int, target: RecordTarget | None) -> NoReturn:
    kept = ""
    if target is not None:
        target.stop()
        kept = f"; {target.kept()}"
    output.err.print(
        f"interrupted after {finished} of {_count(matches, 'match')}{kept}",
        markup=False,
        soft_wrap=True,
    )
    raise typer.Exit(130)


def _records_target(path: Path | None, force: bool) -> RecordTarget | None:
    """Where ``--records`` puts the records; fail now, not after hours of play, if they
    cannot go there or it holds records of another run (unless ``force``)."""
    if path is None:
        return None
    target = target_for(path)
    try:
        target.check(force)
    except RecordsProblem as exc:
        _fail(str(exc))
    return target


def _start_records(target: RecordTarget | None, force: bool) -> None:
    if target is None:
        return
    try:
        replaced = target.start(force)
    except OSError as exc:
        _stop(f"cannot write records into {target.path}: {exc.strerror or exc}", None)
    if replaced:
        output.err.print(replaced, markup=False, soft_wrap=True)


def _keep_record(target: RecordTarget | None, number: int, record: bytes | None) -> None:
    """A record a worker sent (a records file is written here, in match order)."""
    from chickenfoot.arena import ArenaError

    if target is None or record is None:
        return
    try:
        target.write(number, record)
    except OSError as exc:
        reason = exc.strerror or exc
        raise ArenaError(f"cannot write {target.where(number)}: {reason}") from None


def _finish_records(target: RecordTarget | None) -> None:
    """After a run that finished: the last records written, or the run fails (exit 1)."""
    if target is None:
        return
    try:
        target.close()
    except OSError as exc:
        _stop(f"cannot write {target.where(0)}: {exc.strerror or exc}", target)


RecordPaths = Annotated[
    list[str],
    typer.Argument(
        metavar="PATH...",
        help="Record files (one record each, or one per line of a .jsonl file), or folders: "
        "every .json and .jsonl file in them, by name.",
    ),
]


def _each_record(paths: Sequence[str], use: Callable[[Any], None]) -> int:
    """``use`` each record of ``paths`` (files, one record each or one per line of a .jsonl
    file, or folders: their .json and .jsonl files by name), with a progress bar by file; a
    record that cannot be read or is wrong is said on one line and left out. How many were
    left out."""
    found = record_paths([Path(p) for p in paths])
    bad = 0
    with _progress() as progress:
        task = progress.add_task("files", total=len(found))
        for path in found:
            for name, record in read_records(path):
                try:
                    if isinstance(record, files.FileProblem):
                        raise record
                    use(record)
                except (files.FileProblem, RecordError) as exc:
                    bad += 1
                    line = f"{_shown(name)}: {_one_line(str(exc))}"
                    progress.console.print(line, markup=False, soft_wrap=True)
            progress.advance(task)
    return bad
