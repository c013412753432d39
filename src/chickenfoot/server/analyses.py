"""The server's analysis jobs (``POST /api/analysis``, docs/protocol.md): a record's every
decision searched as ``chickenfoot analyse`` searches it (:mod:`chickenfoot.analysis`), in
the worker processes the bots think in.

A job searches as many decisions at once as there are workers, each sent to the pool when the
one before it is done, so that a bot's move waits behind a decision or two at most, never
behind a whole match. A few jobs run at once per server and per client address; a finished
job is kept for some minutes, and its result (by the record's hash and the settings) for as
long as there is room, so that asking again gives the same analysis at once. A job that
nobody has asked about for a while is stopped: its page is gone.

What a job refuses is said like the server's other refusals, ``{"code", "message"}``; the
messages are in the pages' own catalogues (``static/i18n``), which speak every language.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

import msgspec

from chickenfoot import analysis
from chickenfoot.server.thinking import Thinkers

log = logging.getLogger("chickenfoot.server")

CATALOGUES = Path(__file__).parent / "static" / "i18n"

MAX_SAMPLES = 1_000
"""The most samples a job may ask for (each of a decision's two searches)."""
MAX_SEED = 2**53
MAX_DECISIONS = 5_000
"""The most decisions a record may have to be analysed here (a full 4-player classic match
has about 290)."""
PER_SERVER = 3
PER_ADDRESS = 2
KEPT_FOR = 600.0
"""Seconds a finished job is kept."""
ABANDONED_AFTER = 120.0
"""Seconds a running job goes on without anybody asking about it."""
CACHE_BYTES = 64 * 2**20
"""Room for finished results, in bytes of JSON (the oldest go first)."""

Status = Literal["running", "done", "failed"]


class AnalysisRefused(Exception):
    """A request about analyses that is refused (nothing started): ``code``, HTTP ``status``
    and the parameters of its text (``analysis.error.<code>`` in the pages' catalogues)."""

    def __init__(self, code: str, status: int, **params: int | str) -> None:
        super().__init__(code)
        self.code = code
        self.status = status
        self.params = params

    def to_json(self, lang: str) -> dict[str, str]:
        return {"code": self.code, "message": said(self.code, lang, self.params)}


@cache
def _catalogue(lang: str) -> dict[str, str]:
    found: dict[str, str] = json.loads((CATALOGUES / f"{lang}.json").read_text("utf-8"))
    return found


def said(code: str, lang: str, params: dict[str, int | str]) -> str:
    """The text of an analysis's error ``code`` in ``lang`` (English where it has none)."""
    key = f"analysis.error.{code}"
    text = _catalogue(lang).get(key) or _catalogue("en")[key]
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m[1], m[0])), text)


def settings_of(samples: str | None, seed: str | None) -> analysis.Settings:
    """The settings a request asks for (``?samples=N&seed=S``, both optional)."""
    return analysis.Settings(
        samples=_whole(samples, "bad-samples", 1, MAX_SAMPLES, analysis.DEFAULT_SAMPLES),
        seed=_whole(seed, "bad-seed", 0, MAX_SEED, 0),
    )


def _whole(text: str | None, code: str, low: int, high: int, default: int) -> int:
    if text is None:
        return default
    if not re.fullmatch(r"[0-9]{1,16}", text.strip()) or not low <= int(text) <= high:
        raise AnalysisRefused(code, 400, value=text[:40], low=low, high=high)
    return int(text)


def key_of(record: Any, settings: analysis.Settings) -> str:
    """What names an analysis: the record's hash (its JSON with the keys sorted, whatever
    its spacing) and the settings."""
    digest = hashlib.sha256(msgspec.json.encode(record, order="sorted")).hexdigest()
    return f"{digest}/{settings.samples}/{settings.seed}"


@dataclass(eq=False)
class Job:
    """One analysis: its progress, then its result (the JSON of :class:`analysis.Analysis`)
    or why it failed."""

    id: str
    key: str
    address: str
    settings: analysis.Settings
    total: int
    done: int = 0
    status: Status = "running"
    result: bytes | None = None
    asked: float = 0.0
    """When somebody last asked about it (the clock's time)."""
    finished: float | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def to_json(self, lang: str, with_result: bool = True) -> bytes:
        body: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "samples": self.settings.samples,
            "seed": self.settings.seed,
        }
        if with_result and self.result is not None:
            body["analysis"] = msgspec.Raw(self.result)
        if self.status == "failed":
            body["error"] = AnalysisRefused("analysis-failed", 500).to_json(lang)
        return msgspec.json.encode(body)


@dataclass(frozen=True, slots=True)
class _Kept:
    """A finished result, kept by its key."""

    settings: analysis.Settings
    total: int
    result: bytes


class _Abandoned(Exception):
    """Nobody has asked about the job for too long."""


class Analyses:
    """Every analysis job of a server (see the module docstring)."""

    def __init__(
        self,
        thinkers: Thinkers,
        *,
        per_server: int = PER_SERVER,
        per_address: int = PER_ADDRESS,
        kept_for: float = KEPT_FOR,
        abandoned_after: float = ABANDONED_AFTER,
        cache_bytes: int = CACHE_BYTES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.thinkers = thinkers
        self.per_server = per_server
        self.per_address = per_address
        self.kept_for = kept_for
        self.abandoned_after = abandoned_after
        self.cache_bytes = cache_bytes
        self.clock = clock
        self.jobs: dict[str, Job] = {}
        self._by_key: dict[str, Job] = {}
        self._results: OrderedDict[str, _Kept] = OrderedDict()
        self._planning: list[str] = []
        """The address of each job being read (counted as running)."""

    # -- asking ---------------------------------------------------------------------------

    async def start(self, record: Any, settings: analysis.Settings, address: str) -> Job:
        """A job analysing ``record``: the one already running or kept for it, one done at
        once if its result is known, else a new one. Raises :class:`AnalysisRefused` (too
        many running, too large) or a record's :class:`~chickenfoot.core.RecordError`."""
        self._sweep()
        key = key_of(record, settings)
        if (job := self._known(key)) is not None:
            return job
        self._check_room(address)
        self._planning.append(address)
        try:
            loop = asyncio.get_running_loop()
            found = await loop.run_in_executor(None, analysis.plan, record)
        finally:
            self._planning.remove(address)
        if (job := self._known(key)) is not None:  # asked twice at once
            return job
        if len(found.decisions) > MAX_DECISIONS:
            raise AnalysisRefused(
                "analysis-too-large", 413, count=len(found.decisions), limit=MAX_DECISIONS
            )
        self._check_room(address)
        job = self._new(key, address, settings, len(found.decisions))
        job.task = asyncio.create_task(self._run(job, found))
        return job

    def get(self, job_id: str) -> Job:
        """The job ``job_id`` (:class:`AnalysisRefused` if there is none, or no longer)."""
        self._sweep()
        job = self.jobs.get(job_id)
        if job is None:
            raise AnalysisRefused("no-such-analysis", 404, id=job_id[:40])
        job.asked = self.clock()
        return job

    def running(self, address: str | None = None) -> int:
        """Jobs running (or being read), of ``address`` or of everybody."""
        jobs = [j.address for j in self.jobs.values() if j.status == "running"]
        return sum(address is None or a == address for a in [*jobs, *self._planning])

    def _known(self, key: str) -> Job | None:
        job = self._by_key.get(key)
        if job is not None:
            job.asked = self.clock()
            return job
        kept = self._results.get(key)
        if kept is None:
            return None
        self._results.move_to_end(key)
        job = self._new(key, "", kept.settings, kept.total)
        job.done = kept.total
        self._finish(job, kept.result)
        return job

    def _check_room(self, address: str) -> None:
        if self.running() >= self.per_server:
            raise AnalysisRefused("too-many-analyses", 429, limit=self.per_server)
        if self.running(address) >= self.per_address:
            raise AnalysisRefused("too-many-analyses-here", 429, limit=self.per_address)

    def _new(self, key: str, address: str, settings: analysis.Settings, total: int) -> Job:
        job = Job(secrets.token_urlsafe(9), key, address, settings, total, asked=self.clock())
        self.jobs[job.id] = job
        self._by_key[key] = job
        return job

    # -- running --------------------------------------------------------------------------

    async def _run(self, job: Job, found: analysis.Plan) -> None:
        points = found.decisions
        decisions: list[analysis.Decision | None] = [None] * len(points)
        queue = iter(range(len(points)))

        async def searcher() -> None:
            for k in queue:
                if self.clock() - job.asked > self.abandoned_after:
                    raise _Abandoned
                decisions[k] = await self.thinkers.analyse(points[k], job.settings)
                job.done += 1

        width = max(1, self.thinkers.processes)
        tasks = [asyncio.create_task(searcher()) for _ in range(min(width, len(points)))]
        try:
            await asyncio.gather(*tasks)
        except _Abandoned:
            self._forget(job)
            return
        except asyncio.CancelledError:
            self._forget(job)
            raise
        except Exception:
            log.exception("analysis %s failed", job.id)
            job.status = "failed"
            job.finished = self.clock()
            del self._by_key[job.key]  # asked again, it is tried again
            return
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        made = analysis.assemble(
            found, list(range(found.seats)), job.settings, [d for d in decisions if d]
        )
        result = msgspec.json.encode(made)
        self._finish(job, result)
        self._keep(job.key, _Kept(job.settings, job.total, result))

    def _finish(self, job: Job, result: bytes) -> None:
        job.result = result
        job.status = "done"
        job.finished = self.clock()

    def _keep(self, key: str, kept: _Kept) -> None:
        self._results[key] = kept
        self._results.move_to_end(key)
        size = sum(len(k.result) for k in self._results.values())
        while size > self.cache_bytes and len(self._results) > 1:
            _, dropped = self._results.popitem(last=False)
            size -= len(dropped.result)

    def _forget(self, job: Job) -> None:
        self.jobs.pop(job.id, None)
        if self._by_key.get(job.key) is job:
            del self._by_key[job.key]

    def _sweep(self) -> None:
        """Forget the jobs finished longer ago than ``kept_for``."""
        now = self.clock()
        for job in list(self.jobs.values()):
            if job.finished is not None and now - job.finished > self.kept_for:
                self._forget(job)

    async def close(self) -> None:
        """Stop every running job (the server stops)."""
        tasks = [j.task for j in self.jobs.values() if j.task is not None and not j.task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
