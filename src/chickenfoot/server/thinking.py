"""The computer players' thinking. The bots that search (``hard``, ``expert``, ``ismcts``)
and the hints think away from the event loop: in worker processes, so that a slow search
holds up no other table (a thread would share the interpreter's lock with the loop), or on
threads where processes are not wanted (tests in one process). The others decide in tens of
microseconds, less than sending them the position would cost: they decide on the spot. The
analyses (:mod:`~chickenfoot.server.analyses`) search their decisions here too, each at most
one decision per worker at a time, between the bots' moves. The hints have workers of their
own: however many hints people ask for, the bots' searches do not wait behind them.

A bot is made afresh for each decision from its name and a seed of the seat and the table's
version, so its choice depends on the position alone: a restarted server, or any worker,
plays the same move there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import Any, TypeVar

from chickenfoot.analysis import Decision, DecisionPoint, analyse_decision
from chickenfoot.analysis import Settings as AnalysisSettings
from chickenfoot.bots import BOTS, Hint, hints, make_bot, reads_table
from chickenfoot.bots.montecarlo import MonteCarloBot
from chickenfoot.core.actions import Action
from chickenfoot.pool import Lifeline, start_worker_of, worker_context

T = TypeVar("T")


def choose(name: str, seed: str, view: Any) -> Action:
    """What the bot ``name`` seeded with ``seed`` plays from ``view``."""
    return make_bot(name, seed).choose(view)


@cache
def searches(name: str) -> bool:
    """Whether the bot ``name`` searches (and takes its time); a plug-in may, for all the
    server knows, so it thinks in the workers too."""
    return name not in BOTS or isinstance(make_bot(name, 0), MonteCarloBot)


@cache
def reads_tables(name: str) -> bool:
    """Whether the bot ``name`` is given the table's view rather than a seat's view."""
    return reads_table(make_bot(name, 0))


def advise(view: Any) -> Hint | None:
    """The expert's best action for the seat of ``view``, with why."""
    found = hints(view, count=1)
    return found[0] if found else None


class Thinkers:
    """Where bots and hints are worked out: ``processes`` worker processes for the bots (and
    the analyses) and ``hint_processes`` others for the hints, or threads (two for the bots,
    one for the hints) when ``processes`` is 0."""

    def __init__(self, processes: int, hint_processes: int = 1) -> None:
        self.processes = processes
        context = worker_context()
        # The workers see this process die, killed or not, and exit too.
        self._lifeline = Lifeline(context)
        self._bots = _Pool(context, self._lifeline, processes, threads=2, name="bot")
        self._hints = _Pool(
            context, self._lifeline, hint_processes if processes else 0, threads=1, name="hint"
        )

    @property
    def executor(self) -> Executor:
        """The bots' (and the analyses') workers."""
        return self._bots.executor

    @property
    def hint_executor(self) -> Executor:
        """The hints' workers."""
        return self._hints.executor

    async def choose(self, name: str, seed: str, view: Any) -> Action:
        if not searches(name):
            return choose(name, seed, view)
        return await self._bots.run(choose, name, seed, view)

    async def advise(self, view: Any) -> Hint | None:
        return await self._hints.run(advise, view)

    async def analyse(self, point: DecisionPoint, settings: AnalysisSettings) -> Decision:
        """Both searches of one decision of an analysis (:func:`analyse_decision`)."""
        return await self._bots.run(analyse_decision, point, settings)

    def close(self) -> None:
        self._bots.close()
        self._hints.close()
        self._lifeline.close()


class _Pool:
    """``processes`` worker processes, or ``threads`` threads when ``processes`` is 0; a
    pool whose worker was killed is made anew."""

    def __init__(
        self, context: Any, lifeline: Lifeline, processes: int, threads: int, name: str
    ) -> None:
        self._context = context
        self._lifeline = lifeline
        self._processes = processes
        self._threads = threads
        self._name = name
        self.executor = self._new()

    def _new(self) -> Executor:
        if self._processes == 0:
            return ThreadPoolExecutor(self._threads, thread_name_prefix=self._name)
        return ProcessPoolExecutor(
            self._processes,
            mp_context=self._context,
            initializer=start_worker_of,
            initargs=(self._lifeline.end,),
        )

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, function, *args)
        except BrokenProcessPool:  # a worker was killed: a new pool, and one more try
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._new()
            return await loop.run_in_executor(self.executor, function, *args)

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)
