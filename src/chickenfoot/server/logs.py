"""The server's log: one line per event, as text for people or as JSON for machines.

``chickenfoot serve --log-format json`` writes one JSON object a line to standard error:
``time`` (UTC, ISO 8601), ``level`` (``info``, ``warning``, ``error``), ``event`` (a name
such as ``table-created``, or the text of a library's message), ``table`` where the event is
a table's, its other fields, and ``error`` with the traceback where there is one. The text
form says the same on one line (the traceback after it). The server's own events are
logged with :func:`event`; the web server's (uvicorn's) warnings go the same way.
"""

from __future__ import annotations

import datetime
import json
import logging
import sys
from typing import Any, TextIO

LOGGER = "chickenfoot.server"
FORMATS = ("text", "json")
_FIELDS = "chickenfoot_fields"

log = logging.getLogger(LOGGER)


def event(level: int, name: str, /, *, error: bool = False, **fields: Any) -> None:
    """Log the event ``name`` with its ``fields`` (``table=ID`` for a table's); ``error``
    adds the exception being handled."""
    log.log(level, name, exc_info=error, extra={_FIELDS: fields})


def configure(form: str, stream: TextIO | None = None) -> None:
    """Send every log line of the process to ``stream`` (standard error) in ``form``:
    ``text`` or ``json``; the server's own events from ``info`` up, others' from
    ``warning``."""
    if form not in FORMATS:
        raise ValueError(f"the log is written as {' or '.join(FORMATS)}, not {form!r}")
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if form == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    log.setLevel(logging.INFO)


def _time(record: logging.LogRecord) -> str:
    moment = datetime.datetime.fromtimestamp(record.created, datetime.UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    fields: dict[str, Any] = getattr(record, _FIELDS, {})
    return fields


class JsonFormatter(logging.Formatter):
    """One JSON object a line (see the module docstring)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": _time(record),
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        if record.name != LOGGER:
            line["logger"] = record.name
        line.update(_fields(record))
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """``TIME LEVEL event key=value ...`` and the traceback, if any, below."""

    def format(self, record: logging.LogRecord) -> str:
        words = [_time(record), record.levelname.lower(), record.getMessage()]
        words += [f"{key}={value}" for key, value in _fields(record).items()]
        line = " ".join(words)
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line
