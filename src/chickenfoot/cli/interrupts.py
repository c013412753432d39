"""Ctrl-C and SIGTERM while matches run."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Interrupts:
    """While matches run, SIGTERM stops the run as Ctrl-C does (KeyboardInterrupt). A signal
    that comes while a record is being written (:meth:`shielded`) takes effect once it is
    written; a second signal while the run stops is ignored, so that the stop itself
    (removing half-written files, stopping the workers) is not cut short."""

    def __init__(self) -> None:
        self.stopping = False
        self.deferred = False
        self.depth = 0

    def handle(self, signum: int, frame: object) -> None:
        if self.stopping:
            return
        if self.depth:
            self.deferred = True
            return
        self.stopping = True
        raise KeyboardInterrupt

    def shielded(self) -> _Interrupts:
        """``with interrupts.shielded():`` defers a signal to the end of the block."""
        return self

    def __enter__(self) -> None:
        self.depth += 1

    def __exit__(self, *exc_info: object) -> None:
        self.depth -= 1
        if not self.depth and self.deferred and not self.stopping:
            self.stopping = True
            raise KeyboardInterrupt


@contextmanager
def _interrupts() -> Iterator[_Interrupts]:
    state = _Interrupts()
    if threading.current_thread() is not threading.main_thread():
        yield state
        return
    previous = {
        number: signal.signal(number, state.handle) for number in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        yield state
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
