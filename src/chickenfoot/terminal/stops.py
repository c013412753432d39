"""``chickenfoot play`` stopped from outside, the match kept: a signal (Ctrl-C, SIGTERM, the
terminal closed) or an output that went away.

A signal never cuts a change of the table or the writing of its record in two: while the
session holds its :attr:`~chickenfoot.terminal.session.Session.shield`, the stop waits for
the end of that change. In ``--plain`` the shield is a :class:`Stops`, which defers a signal
handled in the main thread; once a stop is under way, further signals are only noted. In
the app, SIGHUP is taken by a thread of its own (:func:`hangups_watched`), since the main
thread may be blocked writing to a terminal that is gone; the shield is a :class:`Guard`.

The exit codes of ``chickenfoot play``: 0 the match saved (over, or left to be resumed); 1
its record could not be written where it belongs (one line says where it went instead, or
that nothing could be written); 2 a bad command line; 129 the terminal closed (SIGHUP); 130
Ctrl-C or SIGTERM; 141 the output closed (``--plain``). On a signal or a closed output the
match is saved as when it is left.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

UNSAVED_EXIT = 1
HANGUP_EXIT = 128 + 1  # SIGHUP
INTERRUPTED_EXIT = 128 + 2  # SIGINT
OUTPUT_CLOSED_EXIT = 128 + 13  # SIGPIPE


class HangUp(BaseException):
    """The terminal was closed (SIGHUP): not an error of the program, so not an
    :class:`Exception`; nor a Ctrl-C that a part of the program may take as "stop this"."""


class Stops:
    """What a signal does during play (``stop(signum)``), deferred while held (``with
    stops:``, see the module docstring)."""

    def __init__(self, stop: Callable[[int], None]) -> None:
        self.stop = stop
        self.depth = 0
        self.deferred: int | None = None
        self.stopping = False
        self.hung_up = False
        """Whether SIGHUP came (at any time, also during a stop)."""

    def handle(self, signum: int, frame: object) -> None:
        if signum == signal.SIGHUP:
            self.hung_up = True
        if self.stopping:
            return
        if self.depth:
            if self.deferred is None:
                self.deferred = signum
            return
        self.stopping = True
        self.stop(signum)

    def hold(self) -> None:
        """A stop is under way (the terminal or a pipe is gone): signals are only noted from
        now on."""
        self.stopping = True

    def __enter__(self) -> None:
        self.depth += 1

    def __exit__(self, *exc_info: object) -> None:
        self.depth -= 1
        signum = self.deferred
        if not self.depth and signum is not None and not self.stopping:
            self.deferred = None
            self.stopping = True
            self.stop(signum)

    @contextlib.contextmanager
    def installed(self, signals: Iterable[int]) -> Iterator[Stops]:
        """These signals handled by :meth:`handle` (in the main thread only), as before
        afterwards, unless a stop is under way: then they are noted until the program
        exits (a second SIGHUP of a closed terminal does not cut the exit short)."""
        if threading.current_thread() is not threading.main_thread():
            yield self
            return
        previous = {number: signal.signal(number, self.handle) for number in signals}
        try:
            yield self
        finally:
            if not self.stopping:
                for number, handler in previous.items():
                    signal.signal(number, handler)


class Guard:
    """The app's shield: a lock held by the thread that changes the table or writes its
    record (again and again by the same thread, if need be)."""

    def __init__(self) -> None:
        self.lock = threading.RLock()

    def __enter__(self) -> None:
        self.lock.acquire()

    def __exit__(self, *exc_info: object) -> None:
        self.lock.release()


@contextlib.contextmanager
def hangups_watched(stop: Callable[[], None]) -> Iterator[None]:
    """SIGHUP taken, from here on, by a thread of its own that runs ``stop`` (which ends
    the program), whatever the main thread is doing: SIGHUP is blocked in the main thread
    and in every thread it starts from then on, for the rest of the program (on POSIX)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})

    def wait() -> None:
        signal.sigwait({signal.SIGHUP})
        stop()

    threading.Thread(target=wait, name="hangup", daemon=True).start()
    yield


def tell(stream: TextIO | None, line: str) -> bool:
    """Write ``line`` to ``stream`` if it can still be written; whether it was."""
    if stream is None:
        return False
    try:
        stream.write(line + "\n")
        stream.flush()
    except (OSError, ValueError):  # gone (a closed pipe, a hung-up terminal), or closed
        return False
    return True


def tell_fd(fd: int, line: str, seconds: float = 1.0) -> None:
    """Write ``line`` straight to the file descriptor ``fd`` (the app has taken over the
    streams), if it can still be written within ``seconds`` (a terminal that is not read
    any more holds a write forever)."""

    def write() -> None:
        with contextlib.suppress(OSError):
            os.write(fd, (line + "\n").encode("utf-8", "replace"))

    writer = threading.Thread(target=write, name="tell", daemon=True)
    writer.start()
    writer.join(seconds)


def silence(*streams: TextIO) -> None:
    """Send what is still written to these streams (and flushed at exit) to the null
    device: they are gone, and Python would otherwise say so at exit."""
    for stream in streams:
        try:
            fd = stream.fileno()
        except (OSError, ValueError):  # not a file (a test's stream)
            continue
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, fd)
        finally:
            os.close(null)
