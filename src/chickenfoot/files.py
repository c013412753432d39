"""Reading and writing the files of the commands: records, reports, charts, option values.

Reading never trusts the file: it reads at most :data:`RECORD_LIMIT` bytes, checks that they
are UTF-8, and decodes strict JSON (no NaN or Infinity, no integer of more digits than Python
converts, no nesting deeper than the interpreter's recursion limit). Whatever is wrong raises
:class:`FileProblem`, whose text is one line saying what.

Writing is atomic (a crash or a kill leaves the old file or the new one, never half of
one; a full disk leaves the old one) and creates files as any other program does: mode 0666
less the umask. Every file the program writes whole goes through :func:`write_bytes`:
records, reports (JSON and HTML), charts, the terminal's screenshots, a new bot's package.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import math
import os
import re
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from chickenfoot.i18n import N_, _

RECORD_LIMIT_MB = 256
"""The largest file ``replay`` reads, in MB (2**20 bytes): far above any real record (a
full 8-player match is about 50 KB; a 7,000-round match to a target of 300,000 points about
50 MB)."""
RECORD_LIMIT = RECORD_LIMIT_MB * 2**20

INT_DIGITS = 4300
"""The most digits of an integer the JSON decoder (msgspec) reads, Python's default limit."""

CHUNK = 2**20
_NUMBERED = re.compile(r"[0-9]+\.json")
_PARTIAL = re.compile(r"\.[0-9]+\.json\..+\.tmp")

write_lock = threading.Lock()
"""Held while a file is written: a worker whose parent has died takes it before exiting, so
it never leaves a half-written file behind (see :mod:`chickenfoot.arena`)."""


class FileProblem(ValueError):
    """A file or value that cannot be read as JSON; the text is one line saying why, in the
    player's language (English unless ``play`` has chosen another)."""


_SYSTEM_REASONS = (
    N_("No such file or directory"),
    N_("Permission denied"),
    N_("Not a directory"),
    N_("Is a directory"),
    N_("Read-only file system"),
    N_("No space left on device"),
    N_("File name too long"),
    N_("Too many levels of symbolic links"),
    N_("Input/output error"),
)
"""The system's words (``strerror``) for the common reasons a file cannot be read or
written, so that they are translated; any other is shown as the system says it."""

_DECODER_REASONS = (
    N_("expected '\"'"),
    N_("expected ',' or ']'"),
    N_("expected ',' or '{brace}'"),  # said with brace="}": a catalogue's text has no lone }
    N_("expected ':'"),
    N_("invalid character"),
    N_("invalid character in unicode escape"),
    N_("invalid escape character in string"),
    N_("invalid escaped character"),
    N_("invalid number"),
    N_("invalid utf-16 surrogate pair"),
    N_("object keys must be strings"),
    N_("trailing characters"),
    N_("trailing comma in array"),
    N_("trailing comma in object"),
    N_("unexpected end of escaped utf-16 surrogate pair"),
    N_("unexpected end of hex escape"),
)
"""What the JSON decoder (msgspec) says is malformed, so that it is translated."""


def _decoder_reason(message: str) -> str:
    """msgspec's reason in the player's language (when the catalogue has it)."""
    if message == "expected ',' or '}'":
        return _("expected ',' or '{brace}'").format(brace="}")
    return _(message)


def os_reason(exc: OSError) -> str:
    """Why the system refused (its ``strerror``), in the player's language when the
    catalogue has it."""
    return _(exc.strerror) if exc.strerror else str(exc)


# Reading


def read_json(path: Path, limit: int | None = None) -> Any:
    """The JSON data in ``path``; raises :class:`FileProblem` for anything that is not a
    readable, UTF-8, strict JSON file of at most ``limit`` bytes (:data:`RECORD_LIMIT`)."""
    data = read_bytes(path, RECORD_LIMIT if limit is None else limit)
    check_utf8(data)
    return decode_json(data)


def too_large(limit: int) -> FileProblem:
    return FileProblem(_("larger than the {limit:g} MB limit").format(limit=limit / 2**20))


def a_folder() -> str:
    return _("a folder, not a file")


def cannot_read(exc: OSError) -> FileProblem:
    return FileProblem(_("cannot read: {reason}").format(reason=os_reason(exc)))


def read_bytes(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of ``path`` (reading at most ``limit`` + 1 to tell)."""
    try:
        with open(path, "rb") as fh:
            info = os.fstat(fh.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise FileProblem(a_folder())
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise too_large(limit)
            data = bytearray()
            while len(data) <= limit:
                chunk = fh.read(min(CHUNK, limit + 1 - len(data)))
                if not chunk:
                    break
                data += chunk
    except IsADirectoryError:
        raise FileProblem(a_folder()) from None
    except OSError as exc:
        raise cannot_read(exc) from None
    if len(data) > limit:
        raise too_large(limit)
    return bytes(data)


def check_utf8(data: bytes) -> None:
    if data.isascii():  # ASCII is UTF-8: nothing to check
        return
    decoder = codecs.getincrementaldecoder("utf-8")()
    for start in range(0, len(data), CHUNK):
        try:
            decoder.decode(data[start : start + CHUNK])
        except UnicodeDecodeError as exc:
            offset = start + exc.start
            where = _where(data, offset)
            text = _("not UTF-8 text: {where} (byte {offset})")
            raise FileProblem(text.format(where=where, offset=offset)) from None
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        raise FileProblem(_("not UTF-8 text: it ends inside a character")) from None


def decode_json(data: bytes | str) -> Any:
    """Strict JSON from ``data``; raises :class:`FileProblem` saying where and what is wrong."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    try:
        return msgspec.json.decode(raw)
    except RecursionError:
        raise FileProblem(_("not JSON we can read: nested too deeply")) from None
    except msgspec.ValidationError as exc:
        raise FileProblem(_out_of_range(raw, str(exc))) from None
    except msgspec.DecodeError as exc:
        raise FileProblem(_malformed(raw, str(exc))) from None


def _out_of_range(data: bytes, message: str) -> str:
    # msgspec: "Integer value out of range - at `$[0]`", "Number out of range - at `$[0]`";
    # its path elides object keys (`$[...]`), so find the number itself for its line.
    path = message.partition(" - at ")[2].strip("`")
    if message.startswith("Integer"):
        what = _("an integer of more than {digits} digits").format(digits=INT_DIGITS)
        found = re.search(rb"[0-9]{%d,}" % (INT_DIGITS + 1), data)
        offset = found.start() if found else None
    else:
        what = _("a number too large for a float")
        offset = next(
            (m.start() for m in _FLOAT.finditer(data) if math.isinf(float(m.group()))), None
        )
    if offset is not None:
        where = _where(data, offset)
        return _("not JSON we can read: {where}: {what}").format(where=where, what=what)
    if path:
        return _("not JSON we can read: {what} at {path}").format(what=what, path=path)
    return _("not JSON we can read: {what}").format(what=what)


_FLOAT = re.compile(rb"-?[0-9]+(?:\.[0-9]+)?[eE][-+]?[0-9]+|-?[0-9]{300,}\.[0-9]+")
_BYTE = re.compile(r"\s*\(byte (\d+)\)$")
_NOT_NUMBERS = (b"-Infinity", b"Infinity", b"NaN")
_HIGH_SURROGATE = re.compile(rb"\\u[dD][89abAB][0-9a-fA-F]{2}")


def _malformed(data: bytes, message: str) -> str:
    message = message.removeprefix("JSON is malformed: ")
    found = _BYTE.search(message)
    if not data.strip():
        return _("not JSON: the file is empty")
    if found is None:
        if "truncated" in message:
            if _HIGH_SURROGATE.search(data[-16:]):
                return _("not JSON: a \\u escape of half a UTF-16 surrogate pair")
            where = _where(data, len(data))
            return _("not JSON: {where}: it ends too early").format(where=where)
        return _("not JSON: {reason}").format(reason=_decoder_reason(message))
    offset = int(found.group(1))
    message = message[: found.start()]
    if offset == 0 and data.startswith(codecs.BOM_UTF8):
        return _("not JSON: it starts with a byte order mark (BOM), which JSON does not allow")
    for start in (offset - 1, offset):
        for word in _NOT_NUMBERS:
            if start >= 0 and data.startswith(word, start):
                name = word.decode().lstrip("-")
                where = _where(data, start)
                return _("not JSON: {where}: {name} is not a JSON number").format(
                    where=where, name=name
                )
    return _("not JSON: {where}: {reason}").format(
        where=_where(data, offset), reason=_decoder_reason(message)
    )


def _where(data: bytes, offset: int) -> str:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[start:offset].decode("utf-8", "replace")) + 1
    return _("line {line} column {column}").format(line=line, column=column)


# Writing


def write_json(path: Path, data: Any, *, compact: bool = False) -> None:
    """Write ``data`` to ``path`` as JSON, atomically (:func:`write_bytes`).

    Indented for people to read, or ``compact`` (one line: half the bytes) for the many
    records of ``simulate`` and ``arena``, which programs read.
    """
    payload = msgspec.json.encode(data)
    if not compact:
        payload = msgspec.json.format(payload, indent=1)
    write_bytes(path, payload + b"\n")


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, atomically (:func:`write_bytes`)."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path, payload: bytes | bytearray) -> None:
    """Write ``payload`` to ``path`` atomically: a crash leaves the old file or the new one,
    never half of one, and a failure (a full disk, a folder that cannot be written) raises
    OSError and leaves the old file as it was and no new or temporary file behind.

    The bytes go to a temporary file in the same folder (``.<name>.<random>.tmp``), which
    then replaces ``path`` in one step. The file is created with mode 0666 less the umask,
    as ``open`` would create it.
    """
    target = os.fspath(path)  # text from here on: the file system calls take it as it is
    with write_lock:
        fd, tmp = _create_temporary(target)
        try:
            try:
                write_all(fd, payload)
            finally:
                os.close(fd)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise


_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


def _create_temporary(path: str) -> tuple[int, str]:
    folder, name = os.path.split(path)
    for _attempt in range(100):
        tmp = os.path.join(folder, f".{name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(tmp, _CREATE, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", path)


def write_all(fd: int, payload: bytes | bytearray) -> None:
    view = memoryview(payload)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def numbered_records(folder: Path) -> list[Path]:
    """The records ``simulate`` and ``arena`` write into ``folder`` (``<k>.json``), by k."""
    found = [p for p in _files(folder) if _NUMBERED.fullmatch(p.name)]
    return sorted(found, key=lambda p: int(p.stem))


def json_files(folder: Path) -> list[Path]:
    """Every ``*.json`` file in ``folder`` (records or not), by name."""
    return sorted((p for p in _files(folder) if p.name.endswith(".json")), key=_name_order)


def record_files(folder: Path) -> list[Path]:
    """Every ``*.json`` and ``*.jsonl`` file in ``folder``: one record each, or one per
    line; by name."""
    found = (p for p in _files(folder) if p.name.endswith((".json", ".jsonl")))
    return sorted(found, key=_name_order)


def folder_records(folder: Path) -> list[Path]:
    """:func:`record_files` of ``folder``; raises :class:`FileProblem` if the folder cannot
    be read or holds none."""
    try:
        with os.scandir(folder):
            pass
    except OSError as exc:
        raise cannot_read(exc) from None
    found = record_files(folder)
    if not found:
        raise FileProblem(_("a folder with no .json or .jsonl file in it"))
    return found


def partial_records(folder: Path) -> list[Path]:
    """Temporary files of records being written (``.<k>.json.<random>.tmp``)."""
    return [p for p in _files(folder) if _PARTIAL.fullmatch(p.name)]


def remove_partial_records(folder: Path) -> None:
    """Remove what an interrupted :func:`write_json` of a record may have left behind."""
    for partial in partial_records(folder):
        partial.unlink(missing_ok=True)


def _files(folder: Path) -> Iterator[Path]:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if entry.is_file(follow_symlinks=False):
                yield Path(entry.path)
        except OSError:
            continue


def _name_order(path: Path) -> tuple[int, int, str]:
    stem = path.stem
    return (0, int(stem), "") if stem.isdigit() else (1, 0, path.name)
