"""The computer players' thinking. The bots that search (``hard``, ``expert``, ``ismcts``)
and the hints think away from the event loop: in worker processes, so that a slow search
holds up no other table (a thread would share the interpreter's lock with the loop), or on
threads where processes are not wanted (tests in one process). The others decide in tens of
microseconds, less than sending them the position would cost: they decide on the spot. The
analyses (:mod:`~chickenfoot.server.analyses`) search their decisions here too, each at most
one decision per worker at a time, between the bots' moves.

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
    """Where bots and hints are worked out: ``processes`` worker processes, or two threads
    when ``processes`` is 0."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._context = worker_context()
        # The workers see this process die, killed or not, and exit too.
        self._lifeline = Lifeline(self._context)
        self.executor = self._new()

    def _new(self) -> Executor:
        if self.processes == 0:
            return ThreadPoolExecutor(2, thread_name_prefix="bot")
        return ProcessPoolExecutor(
            self.processes,
            mp_context=self._context,
            initializer=start_worker_of,
            initargs=(self._lifeline.end,),
        )

    async def choose(self, name: str, seed: str, view: Any) -> Action:
        if not searches(name):
            return choose(name, seed, view)
        return await self._run(choose, name, seed, view)

    async def advise(self, view: Any) -> Hint | None:
        return await self._run(advise, view)

    async def analyse(self, point: DecisionPoint, settings: AnalysisSettings) -> Decision:
        """Both searches of one decision of an analysis (:func:`analyse_decision`)."""
        return await self._run(analyse_decision, point, settings)

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, function, *args)
        except BrokenProcessPool:  # a worker was killed: a new pool, and one more try
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._new()
            return await loop.run_in_executor(self.executor, function, *args)

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)
        self._lifeline.close()
