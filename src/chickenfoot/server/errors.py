"""What the server refuses, said with a code (the catalogue of ``chickenfoot.core.messages``)."""

from __future__ import annotations

from typing import Any

from chickenfoot.core.messages import CodedError, Message


class ServerError(CodedError):
    """A request or a message the server refuses (nothing changed); ``status`` is its HTTP
    status where it answers a request."""

    def __init__(self, code: str | Message, status: int = 400, **params: Any) -> None:
        super().__init__(code, **params)
        self.status = status
