"""What the server refuses, said with a code (the catalogue of ``chickenfoot.core.messages``)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from typing import Any

from chickenfoot.core.messages import CodedError, Message
from chickenfoot.server import logs
from chickenfoot.server.store import reason_of, unreachable

STORAGE_UNAVAILABLE = "storage-unavailable"
"""The code of everything refused because the database cannot be reached."""
NOT_SAVED = "not-saved"
"""The code of an action the database refused to store."""
COORDINATION_UNAVAILABLE = "coordination-unavailable"
"""The code of what is refused because Redis cannot be reached (several processes)."""
TABLE_UNREACHABLE = "table-unreachable"
"""The code of an action the table's owner did not answer in time (several processes)."""


class ServerError(CodedError):
    """A request or a message the server refuses (nothing changed); ``status`` is its HTTP
    status where it answers a request."""

    def __init__(self, code: str | Message, status: int = 400, **params: Any) -> None:
        super().__init__(code, **params)
        self.status = status


@contextlib.contextmanager
def reaching_storage(table: str | None = None) -> Iterator[None]:
    """Say a database that cannot be reached as ``storage-unavailable`` (503, logged as a
    warning); other errors pass as they are."""
    try:
        yield
    except ServerError:
        raise
    except Exception as exc:
        if not unreachable(exc):
            raise
        fields: dict[str, Any] = {"table": table} if table is not None else {}
        logs.event(logging.WARNING, STORAGE_UNAVAILABLE, reason=reason_of(exc), **fields)
        raise ServerError(STORAGE_UNAVAILABLE, status=503) from None
