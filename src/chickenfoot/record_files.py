"""Where the records of ``simulate`` and ``arena`` go, and reading many records back.

``--records`` names one of two places:

- a folder (``DIR``): match *k*'s record in ``DIR/<k>.json``, each file written atomically,
  by the worker process that played the match;
- a JSON Lines file (a name ending in ``.jsonl``): every match's record on one line of it,
  in match order whatever the number of workers, appended as each match is done. One file
  costs the file system far less than one per match (see bench/RESULTS.md).

Either way a run that stops (Ctrl-C, a failure) keeps the records of the matches already
written, whole: no half-written file (folder) and no half-written line (file) stays.

Reading (``replay``, ``ratings``, ``report``): a path is a record file, a ``.jsonl`` file of
records, or a folder (its ``.json`` and ``.jsonl`` files, by name). Each record read is named
by its file, and in a ``.jsonl`` file by its line too: ``out.jsonl:17``.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from chickenfoot import files

LINES_SUFFIX = ".jsonl"
"""A ``--records`` name ending so is one JSON Lines file, not a folder."""


class RecordsProblem(ValueError):
    """``--records`` names a place that cannot take the records; the text says why."""


def encode_line(record: Any) -> bytes:
    """A record as one line of a records file: compact JSON and a newline (the form of the
    records written one per file, too)."""
    return msgspec.json.encode(record) + b"\n"


def target_for(path: Path) -> RecordTarget:
    """What ``--records PATH`` names: a ``.jsonl`` file, else a folder."""
    if path.name.endswith(LINES_SUFFIX):
        return RecordLines(path)
    return RecordFolder(path)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def probe(folder: Path) -> None:
    """Raise OSError unless a file can be created in ``folder``."""
    fd, probe = tempfile.mkstemp(dir=folder, prefix=".probe.", suffix=".tmp")
    os.close(fd)
    os.unlink(probe)


class RecordFolder:
    """Records as ``DIR/<k>.json``, one file per match, written by whichever process played
    the match."""

    def __init__(self, folder: Path) -> None:
        self.path = folder

    def check(self, force: bool) -> None:
        """Raise :class:`RecordsProblem` now, not after hours of play, if records cannot be
        written into the folder, or if it holds files of another run (unless ``force``)."""
        folder = self.path
        if folder.exists() and not folder.is_dir():
            raise RecordsProblem(f"cannot write records into {folder}: it is a file, not a folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe(folder)
        except OSError as exc:
            raise RecordsProblem(
                f"cannot write records into {folder}: {exc.strerror or exc}"
            ) from None
        found = files.json_files(folder)
        if found and not force:
            shown = ", ".join(p.name for p in found[:3]) + (", ..." if len(found) > 3 else "")
            raise RecordsProblem(
                f"--records {folder} already holds {_count(len(found), '.json file')} "
                f"({shown}); give a new or empty folder, or add --force to replace the records "
                "in it"
            )

    def start(self, force: bool) -> str | None:
        """Begin the run; with ``force``, first remove the records of an earlier run (and
        any half-written one). What was replaced, to be said, if anything."""
        if not force:
            return None
        folder = self.path
        old = files.numbered_records(folder)
        for path in old:
            path.unlink(missing_ok=True)
        files.remove_partial_records(folder)
        if not old:
            return None
        last = f" .. {old[-1].name})" if len(old) > 1 else ")"
        return (
            f"--force: replacing the records in {folder}: removed "
            f"{_count(len(old), 'record')} of an earlier run ({old[0].name}{last}"
        )

    def write(self, number: int, record: Any) -> None:
        """Write match ``number``'s record (OSError if it cannot be)."""
        files.write_json(self.path / f"{number}.json", record, compact=True)

    def where(self, number: int) -> str:
        return str(self.path / f"{number}.json")

    def stop(self) -> None:
        """After a run that stopped: remove any half-written record."""
        files.remove_partial_records(self.path)

    def close(self) -> None:
        """After a run that finished."""

    def kept(self) -> str:
        return f"the records of finished matches stay in {self.path}"

    def describe(self, matches: int) -> str:
        folder = self.path
        if matches == 1:
            return f"records: {folder}/1.json"
        return f"records: {folder}/1.json .. {folder}/{matches}.json"


FLUSH_BYTES = 1 << 16
FLUSH_SECONDS = 0.25
"""A records file is written whenever this much (bytes) is waiting, or this long (seconds)
after the last write, and when the run ends or stops."""

_ENCODER = msgspec.json.Encoder()


class RecordLines:
    """Records as the lines of one JSON Lines file, in match order: the worker processes
    send each record here, encoded, and this process appends it once every earlier match's
    record is in. Lines are gathered and written together (see :data:`FLUSH_BYTES`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.written = 0
        """Matches 1..written are in the file."""
        self._next = 1
        self._waiting: dict[int, Any] = {}
        self._buffer = bytearray()
        self._fd: int | None = None
        self._size = 0
        self._flushed_at = 0.0

    def check(self, force: bool) -> None:
        """Raise :class:`RecordsProblem` now if the file cannot be written, or if it holds
        records of another run (unless ``force``)."""
        path = self.path
        if path.is_dir():
            raise RecordsProblem(
                f"cannot write records into {path}: it is a folder; a name ending in "
                f"{LINES_SUFFIX} is one file of records"
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            probe(path.parent)
            size = path.stat().st_size if path.exists() else 0
            if size and not os.access(path, os.W_OK):
                raise PermissionError(13, "Permission denied")
        except OSError as exc:
            raise RecordsProblem(
                f"cannot write records into {path}: {exc.strerror or exc}"
            ) from None
        if size and not force:
            raise RecordsProblem(
                f"--records {path} already holds records of another run; give a new file "
                "name, or add --force to replace it"
            )

    def start(self, force: bool) -> str | None:
        """Create the file (empty; with ``force``, replacing one of an earlier run)."""
        replaced = force and self.path.exists() and self.path.stat().st_size > 0
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)
        self._fd = os.open(self.path, flags, 0o666)
        self._size = 0
        self._flushed_at = time.monotonic()
        return f"--force: replacing the records in {self.path}" if replaced else None

    def write(self, number: int, record: Any) -> None:
        """Add match ``number``'s record (a record, or one :func:`encode_line` made) once
        matches 1..number-1 are in; until then it waits here. OSError if the file cannot
        be written: it then ends with the last whole record."""
        if number == self._next:
            self._add(record)
        else:
            self._waiting[number] = encode_line(record) if isinstance(record, dict) else record
        while self._next in self._waiting:
            self._add(self._waiting.pop(self._next))
        if len(self._buffer) >= FLUSH_BYTES or time.monotonic() >= self._flushed_at + FLUSH_SECONDS:
            self.flush()

    def _add(self, record: Any) -> None:
        if isinstance(record, bytes):
            self._buffer += record
        else:
            _ENCODER.encode_into(record, self._buffer, -1)
            self._buffer += b"\n"
        self._next += 1

    def flush(self) -> None:
        """Write the records gathered so far (OSError if they cannot be written: the file
        is cut back to the last whole record, and they are dropped)."""
        assert self._fd is not None, "start() opens the file"
        self._flushed_at = time.monotonic()
        if not self._buffer:
            return
        gathered, self._buffer = self._buffer, bytearray()
        with files.write_lock:
            try:
                files.write_all(self._fd, gathered)
            except BaseException:
                os.ftruncate(self._fd, self._size)
                raise
            self._size += len(gathered)
        self.written = self._next - 1

    def where(self, number: int) -> str:
        return f"{self.path} (match {self.written + 1})"

    def stop(self) -> None:
        """After a run that stopped: write what was gathered (if it can be) and close; the
        records of matches done out of order, after one not done, are left out."""
        self._waiting.clear()
        try:
            if self._fd is not None:
                self.flush()
        except OSError:
            pass  # the run stops anyway; the file ends with the last whole record
        finally:
            self._close()

    def close(self) -> None:
        """After a run that finished: write the rest (OSError if it cannot be) and close."""
        try:
            if self._fd is not None:
                self.flush()
        finally:
            self._close()

    def _close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def kept(self) -> str:
        if not self.written:
            return f"no record was written to {self.path}"
        first = "match 1" if self.written == 1 else f"matches 1..{self.written}"
        return f"the records of {first} stay in {self.path}"

    def describe(self, matches: int) -> str:
        return f"records: {self.path} ({_count(matches, 'line')}, match 1 first)"


RecordTarget = RecordFolder | RecordLines


# Reading


def record_paths(paths: Iterator[Path] | list[Path]) -> list[Path]:
    """Files of records: each file given, and each folder's ``.json`` and ``.jsonl`` files,
    by name."""
    found: list[Path] = []
    for path in paths:
        found.extend(files.record_files(path) if path.is_dir() else [path])
    return found


def read_records(path: Path) -> Iterator[tuple[str, Any]]:
    """``(name, record)`` for each record of ``path``, where ``record`` is the JSON data or
    the :class:`~chickenfoot.files.FileProblem` that stands in its place: a ``.json`` file
    holds one record, named by the file; a ``.jsonl`` file one per line, named
    ``FILE:LINE``. A line longer than a record may be is refused without keeping it; a file
    that cannot be read at all is one problem."""
    for name, text in read_record_texts(path):
        yield name, text if isinstance(text, files.FileProblem) else decoded(text)


def read_record_texts(path: Path) -> Iterator[tuple[str, bytes | files.FileProblem]]:
    """:func:`read_records` with each record's text not yet decoded (see :func:`decoded`):
    a ``.json`` file's bytes, a ``.jsonl`` line's bytes without its line end."""
    shown = str(path)
    if not path.name.endswith(LINES_SUFFIX):
        try:
            yield shown, files.read_bytes(path, files.RECORD_LIMIT)
        except files.FileProblem as exc:
            yield shown, exc
        return
    try:
        with open(path, "rb") as fh:
            for number, line in _lines(fh):
                yield f"{shown}:{number}", line
    except IsADirectoryError:
        yield shown, files.FileProblem(files.a_folder())
    except OSError as exc:
        yield shown, files.cannot_read(exc)


def decoded(text: bytes) -> Any:
    """The JSON data of a record's text, or the :class:`~chickenfoot.files.FileProblem` that
    says why it is not UTF-8, strict JSON."""
    try:
        files.check_utf8(text)
        return files.decode_json(text)
    except files.FileProblem as exc:
        return exc


def _lines(fh: Any) -> Iterator[tuple[int, bytes | files.FileProblem]]:
    """The lines of a records file by number (from 1), without their line ends; blank lines
    are skipped, and a line longer than :data:`~chickenfoot.files.RECORD_LIMIT` is read past,
    not kept."""
    limit = files.RECORD_LIMIT
    number = 0
    while True:
        line = fh.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # read past the rest of it
                line = fh.readline(files.CHUNK)
            yield number, files.too_large(limit)
            continue
        line = line.rstrip(b"\r\n")
        if line.strip():
            yield number, line


def read_record(name: str) -> Any:
    """The one record ``name`` names: a record file, or ``FILE.jsonl:N``, line N of a
    records file (as ``replay`` names it), or a records file of one record. Raises
    :class:`~chickenfoot.files.FileProblem` if it cannot be read."""
    base, colon, line = name.rpartition(":")
    if colon and base.endswith(LINES_SUFFIX) and line.isdigit():
        wanted = f"{base}:{int(line)}"
        for found, record in read_records(Path(base)):
            if found in (wanted, base):  # base: the file itself cannot be read
                return _record_or_raise(record)
        raise files.FileProblem("the file has no record on that line")
    path = Path(name)
    if not name.endswith(LINES_SUFFIX):
        return files.read_json(path)
    records = list(read_records(path))
    if len(records) != 1:
        raise files.FileProblem(
            f"a file of {_count(len(records), 'record')}: name one by its line, as "
            f"{name}:LINE (as replay names them)"
        )
    return _record_or_raise(records[0][1])


def _record_or_raise(record: Any) -> Any:
    if isinstance(record, files.FileProblem):
        raise record
    return record
