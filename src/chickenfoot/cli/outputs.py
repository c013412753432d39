"""Files a command writes besides its records (--json, --html, --plot): checked before the
work, and a failure to write them after it."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import typer

from chickenfoot import files
from chickenfoot.cli import output
from chickenfoot.cli.errors import _fail
from chickenfoot.cli.text import _shown
from chickenfoot.i18n import _
from chickenfoot.record_files import probe


def _check_output(option: str, path: Path) -> None:
    """Fail now, not after the work, if the file an option names cannot be written."""
    if path.is_dir():
        _fail(
            _("{option} {path} is a folder; give a file name").format(
                option=option, path=_shown(path)
            )
        )
    folder = path.parent
    if not folder.is_dir():
        text = _("cannot write {path}: there is no folder {folder}")
        _fail(text.format(path=_shown(path), folder=_shown(folder)))
    try:
        probe(folder)
    except OSError as exc:
        text = _("cannot write {path}: {reason}")
        _fail(text.format(path=_shown(path), reason=files.os_reason(exc)))


def _cannot_write(path: Path, exc: OSError) -> NoReturn:
    """An output that could not be written after all (a full disk): one line, exit 1."""
    text = _("cannot write {path}: {reason}").format(path=_shown(path), reason=files.os_reason(exc))
    output.err.print(f"error: {text}", markup=False, soft_wrap=True)
    raise typer.Exit(1)
