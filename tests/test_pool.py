"""Worker pools stop cleanly, whenever a Ctrl-C or SIGTERM comes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest

from chickenfoot.pool import _SignalsBetweenWaits


class Stopped(Exception):
    pass


def stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


@pytest.fixture
def stopping_on_sigterm() -> Iterator[None]:
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@pytest.mark.usefixtures("stopping_on_sigterm")
def test_a_signal_while_the_pool_works_takes_effect_between_waits() -> None:
    with _SignalsBetweenWaits() as signals:
        os.kill(os.getpid(), signal.SIGTERM)
        busy = sum(range(100_000))  # the handler has had every chance to run
        with pytest.raises(Stopped):
            signals.take_effect()
    assert busy == 4_999_950_000
    assert signal.getsignal(signal.SIGTERM) is stop


@pytest.mark.usefixtures("stopping_on_sigterm")
def test_a_signal_still_noted_at_the_end_takes_effect_there() -> None:
    with pytest.raises(Stopped), _SignalsBetweenWaits():
        os.kill(os.getpid(), signal.SIGTERM)
        sum(range(100_000))
    assert signal.getsignal(signal.SIGTERM) is stop


@pytest.mark.usefixtures("stopping_on_sigterm")
def test_each_signal_takes_effect_once() -> None:
    with _SignalsBetweenWaits() as signals:
        os.kill(os.getpid(), signal.SIGTERM)
        sum(range(100_000))
        with pytest.raises(Stopped):
            signals.take_effect()
        signals.take_effect()


# A SIGTERM that comes while concurrent.futures.wait holds the lock of one pending future
# but not yet the others'. Raised there, the handler's exception would leave that lock taken,
# and the pool's thread that hands out results (and so stopping the pool) would wait on it
# for ever.
SIGNAL_INSIDE_WAIT = textwrap.dedent(
    """
    import signal, sys, time
    from concurrent.futures import ProcessPoolExecutor, _base

    from chickenfoot.pool import Lifeline, run_on_pool, start_worker_of, worker_context

    class Taken(_base._AcquireFutures):
        def __enter__(self):
            for k, future in enumerate(self.futures):
                future._condition.acquire()
                if k == 0:
                    signal.raise_signal(signal.SIGTERM)

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    _base._AcquireFutures = Taken
    context = worker_context()
    lifeline = Lifeline(context)
    pool = ProcessPoolExecutor(
        2, mp_context=context, initializer=start_worker_of, initargs=(lifeline.end,)
    )
    try:
        run_on_pool(pool, [(time.sleep, (0.05,))] * 20, 2, lambda k, r: None)
    except KeyboardInterrupt:
        print("stopped")
    finally:
        lifeline.close()
    """
)


def test_a_sigterm_inside_the_pools_wait_stops_the_run_at_once() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SIGNAL_INSIDE_WAIT],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "stopped\n", "")
