"""Worker processes that play matches or analyse decisions: how they are started, how they
learn that the process that started them is gone, how they are stopped at once, and how work
is handed to them (:func:`run_on_pool`).

A stopped run leaves nothing behind: no worker outlives the process that started it, killed
or not (:class:`Lifeline`), no named semaphore is left for multiprocessing's resource tracker
to warn of, and a Ctrl-C or SIGTERM stops the pool without ever catching it halfway through
one of its own operations (:class:`_SignalsBetweenWaits`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from chickenfoot import files

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

R = TypeVar("R")

MAX_WORKERS_PER_CORE = 4
"""``--workers`` may be at most this many per core (:func:`cores`)."""

WAIT_SECONDS = 0.25
"""How long :func:`run_on_pool` waits for a result before calling ``on_wait`` anyway."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def run_on_pool(
    pool: ProcessPoolExecutor,
    calls: Iterable[tuple[Callable[..., R], tuple[Any, ...]]],
    workers: int,
    on_done: Callable[[int, R], None],
    on_wait: Callable[[], None] | None = None,
) -> None:
    """Run each call ``(function, args)`` on ``pool``, a few per worker at a time, and call
    ``on_done(k, result)`` (``k`` the call's index) as each one finishes, in the order they
    finish; ``on_wait`` after every wait, at least every quarter of a second. Then shut the
    pool down.

    Whatever goes wrong (a call raises, a worker dies: ``BrokenProcessPool``, Ctrl-C or
    SIGTERM: the handler's exception) stops every worker at once and is raised here. A
    signal takes effect between two waits, never inside the pool's own code.
    """
    from concurrent.futures import FIRST_COMPLETED, Future, wait

    try:
        with _SignalsBetweenWaits() as signals:
            pending: dict[Future[R], int] = {}
            queue = iter(enumerate(calls))
            while True:
                for k, (function, args) in queue:
                    pending[pool.submit(function, *args)] = k
                    if len(pending) >= 4 * workers:
                        break
                if not pending:
                    break
                done, _ = wait(pending, timeout=WAIT_SECONDS, return_when=FIRST_COMPLETED)
                signals.take_effect()
                if on_wait is not None:
                    on_wait()
                for future in done:
                    on_done(pending.pop(future), future.result())
                    signals.take_effect()
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()


class _SignalsBetweenWaits:
    """While it is entered, SIGINT and SIGTERM are only noted; their handlers (those installed
    before) run when :meth:`take_effect` is called.

    A handler that raises (Ctrl-C's KeyboardInterrupt) could otherwise raise anywhere,
    inside ``pool.submit`` or ``concurrent.futures.wait`` too: ``wait`` takes the lock of
    every pending future one by one, and an exception between two leaves some taken for
    ever; the pool's thread that hands out results then waits on such a lock, and stopping
    the pool (which joins that thread) never ends. Signals are handled in the main thread
    only; elsewhere this does nothing.
    """

    NUMBERS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self._noted: list[int] = []
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _SignalsBetweenWaits:
        if threading.current_thread() is threading.main_thread():
            for number in self.NUMBERS:
                self._previous[number] = signal.signal(number, self._note)
        return self

    def _note(self, signum: int, frame: object) -> None:
        self._noted.append(signum)

    def take_effect(self) -> None:
        """Run the handler of each signal noted so far, as if it had just come."""
        while self._noted:
            number = self._noted.pop(0)
            handler = self._previous.get(number)
            if callable(handler):
                handler(number, None)
            elif handler in (signal.SIG_DFL, None):
                signal.signal(number, signal.SIG_DFL)
                signal.raise_signal(number)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        if exc is None:
            self.take_effect()


def worker_context() -> Any:
    """The multiprocessing context of worker processes: forkserver, or spawn where there is
    no fork server (Windows).

    Its locks and semaphores (those of a pool's queues, of a shared counter) are named
    semaphores, which each worker opens by name as it starts; the context keeps their names
    in ``semaphores``, for :class:`Lifeline`.
    """
    import multiprocessing

    # forkserver forks workers from a clean single-threaded server (a Rich progress thread
    # may be running here); where it does not exist (Windows), spawn.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context: Any = type(multiprocessing.get_context(method))()
    names: list[str] = []
    for kind in ("Lock", "RLock", "Semaphore", "BoundedSemaphore"):
        setattr(context, kind, _naming(getattr(context, kind), names))
    context.semaphores = names
    return context


def _naming(make: Callable[..., Any], names: list[str]) -> Callable[..., Any]:
    """``make`` (a context's Lock, Semaphore...), adding the name of each semaphore it makes
    to ``names`` (Windows' have none)."""

    def made(*args: Any, **kwargs: Any) -> Any:
        lock = make(*args, **kwargs)
        name = lock._semlock.name
        if name is not None:
            names.append(name)
        return lock

    return made


class WorkerEnd(NamedTuple):
    """A worker's end of its :class:`Lifeline` (what :func:`start_worker_of` takes)."""

    alive: Any
    """The receiving end of the pipe whose sending end only the parent holds."""
    semaphores: list[str]
    """The names of the parent's semaphores (as they are when the worker starts)."""
    let_go: Any
    """Set (to 1) by the parent before it closes the pipe on purpose."""
    spawned: Any
    """How many workers the parent has started."""
    started: Any
    """How many of them have opened the semaphores (counted under its lock)."""


class Lifeline:
    """How worker processes know that the process that started them is gone, killed or not:
    only that process holds the sending end of a pipe, and the workers (:func:`start_worker_of`)
    see it close and exit too.

    A process killed outright (``kill -9``) cannot remove the named semaphores of its
    :func:`worker_context`; multiprocessing's resource tracker (a helper process) would then
    remove them itself and warn of "leaked semaphore objects". The workers remove them
    instead as they exit (:func:`_remove_semaphores`), unless this process let them go on
    purpose (:meth:`close`): then the semaphores are still its own, to remove when it is
    done with them. A worker opens the semaphores by name as it starts, so they are removed
    only once every worker started has opened them: the context counts the workers it
    starts, and each worker counts itself once it has started.
    """

    def __init__(self, context: Any) -> None:
        self._sender: Any
        alive, self._sender = context.Pipe(duplex=False)
        spawned = context.RawValue("i", 0)
        self.end = WorkerEnd(
            alive, context.semaphores, context.RawValue("b", 0), spawned, context.Value("i", 0)
        )
        make = context.Process

        def process(*args: Any, **kwargs: Any) -> Any:
            spawned.value += 1  # the pool starts its workers from one thread at a time
            return make(*args, **kwargs)

        context.Process = process

    def close(self) -> None:
        """Let the workers go (those still running exit)."""
        self.end.let_go.value = 1
        self.end.alive.close()
        self._sender.close()


def start_worker_of(end: WorkerEnd) -> None:
    """On a worker process: exit as soon as the process holding the sending end of the pipe
    ``end.alive`` is gone (:func:`_exit_with_parent`), and leave Ctrl-C to it (Ctrl-C
    reaches the whole process group: the parent stops its workers itself)."""
    with end.started.get_lock():  # the semaphores are open: unpickling ``end`` opened them
        end.started.value += 1
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watchdog = threading.Thread(
        target=_exit_with_parent, args=(end,), name="exit-with-parent", daemon=True
    )
    watchdog.start()


STARTING_SECONDS = 10.0
"""How long a worker whose parent died waits for the other workers to start (a worker that
never starts keeps the parent's semaphores no longer than that)."""


def _exit_with_parent(end: WorkerEnd) -> None:
    """Exit as soon as the parent is gone.

    The parent of a worker is the fork server (with the forkserver start method), which
    lives as long as any worker does, so ``os.getppid`` does not tell; the end of a pipe only
    the arena's process holds does. If the parent did not let the workers go
    (:meth:`Lifeline.close`) it died: once every worker it started has opened its
    semaphores, they are removed (:func:`_remove_semaphores`). A record being written is
    finished first, so nothing half-written is left behind.
    """
    try:
        while True:
            end.alive.recv_bytes()
    except (EOFError, OSError):
        pass
    if not end.let_go.value:
        deadline = time.monotonic() + STARTING_SECONDS
        while end.started.value < end.spawned.value and time.monotonic() < deadline:
            time.sleep(0.01)
        _remove_semaphores(end.semaphores)
    files.write_lock.acquire(timeout=10)
    os._exit(1)


def _remove_semaphores(names: Sequence[str]) -> None:
    """Remove the named semaphores of a parent that died without removing them, and tell
    the resource tracker, which would otherwise remove them itself and warn of "leaked
    semaphore objects". Each name is removed once: by the worker that removes it first (the
    others find it gone); the workers' open semaphores go on working until they exit."""
    import importlib
    from multiprocessing import resource_tracker

    unlink = getattr(importlib.import_module("_multiprocessing"), "sem_unlink", None)
    if unlink is None:  # no named semaphores on this system
        return
    for name in names:
        try:
            unlink(name)
        except OSError:
            continue  # removed already
        resource_tracker.unregister(name, "semaphore")


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's workers at once and wait for them. The pool has no public way to
    before Python 3.14's terminate_workers, and that one does not wait for them."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
    _unblock_results(pool)
    pool.shutdown(wait=True, cancel_futures=True)


def _unblock_results(pool: ProcessPoolExecutor, seconds: float = 10.0) -> None:
    """Let the pool's thread that reads the results end, once the workers are gone.

    A worker stopped while it was sending a result (a match's record, say) leaves part of
    the message in the pipe, and that thread waits for the rest for ever: this process holds
    the pipe's other end, so no end of file comes. Zero bytes complete the message, or make
    an empty one; either cannot be read as a result, so the thread takes the pool for broken
    and ends. Nothing is lost: the workers are gone and their results are not wanted.
    """
    thread = getattr(pool, "_executor_manager_thread", None)
    queue = getattr(pool, "_result_queue", None)
    if thread is None or queue is None or not thread.is_alive():
        return
    fd = queue._writer.fileno()
    os.set_blocking(fd, False)
    zeros = bytes(65536)
    deadline = time.monotonic() + seconds
    while thread.is_alive() and time.monotonic() < deadline:
        with contextlib.suppress(BlockingIOError, InterruptedError):
            os.write(fd, zeros)
        thread.join(0.02)
