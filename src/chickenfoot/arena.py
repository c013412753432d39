"""The arena: computer players measured against each other over many seeded matches.

Match k (1-based) of a run is dealt from seed S+k-1 and seats the lineup rotated by k-1
seats (:func:`seating`), so with a multiple of N matches every bot sits in every seat
equally often. Matches are independent and deterministic, so they can be played on any
number of worker processes and give the same report (apart from the move timings).

The statistics are small pure functions (:func:`mean_ci`, :func:`win_shares`,
:func:`percentile`); :class:`Tally` adds finished matches up per bot name, in any order.
"""

from __future__ import annotations

import math
import traceback
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from chickenfoot import files
from chickenfoot.bots.program import DEFAULT_SECONDS, Forfeit, ProgramError, command_of, is_program
from chickenfoot.core.games import AnyRules, to_record
from chickenfoot.play import (
    SimulationResult,
    play_arena_match,
    play_simulated_match,
    simulation_result,
)
from chickenfoot.pool import MAX_WORKERS_PER_CORE as MAX_WORKERS_PER_CORE  # its old home
from chickenfoot.pool import Lifeline, WorkerEnd, run_on_pool, start_worker_of, worker_context
from chickenfoot.pool import cores as cores
from chickenfoot.record_files import RecordFolder, RecordLines, RecordTarget, encode_line

FORMAT = "chickenfoot-arena/1"
Z95 = 1.96
"""Two-sided 95% quantile of the normal distribution."""


class ArenaError(Exception):
    """Something the user should read as one line: bad input, or a match that failed."""


# Statistics


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with the half-width of its 95% confidence interval (None below 2 values)."""

    mean: float
    half_width: float | None

    @property
    def interval(self) -> tuple[float, float] | None:
        if self.half_width is None:
            return None
        return (self.mean - self.half_width, self.mean + self.half_width)


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean and its 95% confidence interval by the normal approximation.

    Half-width 1.96 * s / sqrt(n), with s the sample standard deviation (n - 1). The sums are
    exactly rounded (``math.fsum``), so the result does not depend on the order of ``values``.
    """
    n = len(values)
    if n == 0:
        raise ValueError("the mean of no values is undefined")
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, None)
    variance = math.fsum((x - mean) ** 2 for x in values) / (n - 1)
    return Estimate(mean, Z95 * math.sqrt(variance / n))


def win_shares(scores: Sequence[int], lowest: bool = True) -> list[Fraction]:
    """Each seat's share of the win: the lowest score wins (the highest if not ``lowest``),
    k tied seats get 1/k each."""
    if not scores:
        raise ValueError("nobody to win")
    best = min(scores) if lowest else max(scores)
    winners = sum(1 for s in scores if s == best)
    return [Fraction(1, winners) if s == best else Fraction(0) for s in scores]


def forfeit_shares(
    scores: Sequence[int], forfeited: set[int], lowest: bool = True
) -> list[Fraction]:
    """:func:`win_shares` of a match some seats forfeited: those lose it, the others share
    the win by their scores (as usual if every seat forfeited)."""
    if not forfeited or len(forfeited) == len(scores):
        return win_shares(scores, lowest)
    playing = [s for s in range(len(scores)) if s not in forfeited]
    shares = win_shares([scores[s] for s in playing], lowest)
    result = [Fraction(0)] * len(scores)
    for seat, share in zip(playing, shares, strict=True):
        result[seat] = share
    return result


def percentile(values: Iterable[float], percent: float) -> float:
    """The ``percent``-th percentile, interpolating linearly between the nearest ranks.

    Rank ``(n - 1) * percent / 100`` of the sorted values (numpy's default "linear" method).
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("the percentile of no values is undefined")
    if not 0 <= percent <= 100:
        raise ValueError(f"percent must be 0 to 100, not {percent}")
    rank = (len(ordered) - 1) * percent / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


# Lineups and seats


def parse_lineup(text: str, players: int, known: Iterable[str]) -> list[str]:
    """The bot in each seat from ``--bots``: one name per seat, or one name for all seats;
    a ``cmd:`` program must name a program that can be run."""
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise ArenaError(f"--bots {text!r} has an empty name; write names like random,greedy")
    known = list(known)
    for name in names:
        if is_program(name):
            try:
                command_of(name)
            except ProgramError as exc:
                raise ArenaError(f"--bots {exc}") from None
        elif name not in known:
            raise ArenaError(
                f"unknown bot {name!r}; known bots: {', '.join(known)}, or cmd:PROGRAM"
            )
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ArenaError(
            f"--bots names {len(names)} bots for {players} players: name one bot per seat "
            f"({players} names), or a single bot to fill every seat"
        )
    return names


def seating(lineup: Sequence[str], match_number: int) -> list[str]:
    """The bots of match ``match_number`` (1-based) by seat: the lineup rotated by k-1 seats.

    The bot listed i-th (from 0) sits in seat (i + k - 1) mod N, so over N consecutive
    matches every listed bot sits in every seat once.
    """
    n = len(lineup)
    shift = (match_number - 1) % n
    return [lineup[(seat - shift) % n] for seat in range(n)]


# Playing


@dataclass(frozen=True, slots=True)
class MatchJob:
    number: int
    """k, 1-based: the match is dealt from seed S+k-1 and recorded as ``<k>.json``."""
    seats: tuple[str, ...]
    rules: AnyRules
    seed: int
    records: Path | None
    """The folder the record is written to, by the process that plays the match."""
    send_record: bool = False
    """Whether the record goes back with the result instead (to a records file)."""
    program_seconds: float = DEFAULT_SECONDS
    """How long a ``cmd:`` program may take to answer."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    number: int
    seats: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]
    """Points of every round, by seat."""
    totals: tuple[int, ...]
    move_seconds: tuple[tuple[float, ...], ...]
    """How long every ``choose`` call took, by seat."""
    record: bytes | None = None
    """The record as a line of a records file, if the job asked for it."""
    forfeits: tuple[Forfeit, ...] = ()
    """The seats whose program failed: a fallback played them to the end."""


def simulate_job(job: MatchJob, on_round: Callable[[], None] | None = None) -> SimulationResult:
    """Play one match of ``simulate`` (and write its record), any failure one
    :class:`ArenaError`."""
    try:
        match, make_record = play_simulated_match(
            job.seats, job.rules, job.seed, on_round or _count_round
        )
        wanted = job.records is not None or job.send_record
        record = make_record(encoded=True) if wanted else None
    except Exception as exc:
        raise ArenaError(
            f"match {job.number} (seed {job.seed}) failed: {describe_failure(exc)}"
        ) from None
    if job.records is not None and record is not None:
        _write(job.records / f"{job.number}.json", record)
    sent = encode_line(record) if job.send_record else None
    return simulation_result(job.number, match, sent)


def _write(path: Path, record: dict[str, Any]) -> None:
    try:
        files.write_json(path, record, compact=True)
    except OSError as exc:
        raise ArenaError(f"cannot write {path}: {exc.strerror or exc}") from None


def plan(
    lineup: Sequence[str],
    matches: int,
    seed: int,
    rules: AnyRules,
    target: RecordTarget | None,
    program_seconds: float = DEFAULT_SECONDS,
) -> Iterator[MatchJob]:
    """The jobs of a run; a records folder is written by the processes that play, a records
    file by this one (the records are sent back with the results)."""
    folder = target.path if isinstance(target, RecordFolder) else None
    send = isinstance(target, RecordLines)
    for k in range(1, matches + 1):
        seats = tuple(seating(lineup, k))
        yield MatchJob(k, seats, rules, seed + k - 1, folder, send, program_seconds)


def play_job(job: MatchJob, on_round: Callable[[], None] | None = None) -> MatchResult:
    """Play one match (and write its record); any failure becomes one :class:`ArenaError`.

    ``on_round`` is called as each round (hand) ends; on a worker process, by default, the
    shared count of rounds the parent shows progress by goes up.
    """
    try:
        played = play_arena_match(
            job.seats, job.rules, job.seed, on_round or _count_round, job.program_seconds
        )
    except Exception as exc:
        raise ArenaError(
            f"match {job.number} (seed {job.seed}, seats {','.join(job.seats)}) failed: "
            f"{describe_failure(exc)}"
        ) from None
    match = played.match
    if job.records is not None:
        _write(job.records / f"{job.number}.json", to_record(match))
    return MatchResult(
        job.number,
        job.seats,
        tuple(tuple(p) for p in match.points),
        tuple(match.totals()),
        tuple(tuple(s) for s in played.seconds),
        encode_line(to_record(match)) if job.send_record else None,
        tuple(played.forfeits),
    )


def describe_failure(exc: Exception) -> str:
    """One line: the exception, and where in chickenfoot it was raised."""
    text = f"{type(exc).__name__}: {exc}"
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        where = Path(frames[-1].filename)
        root = Path(__file__).resolve().parent.parent
        if where.is_relative_to(root):
            where = where.relative_to(root)
        text += f" (at {where}:{frames[-1].lineno})"
    return text


def run(
    jobs: Iterable[MatchJob],
    workers: int,
    on_result: Callable[[Any], None],
    target: RecordTarget | None = None,
    on_rounds: Callable[[int], None] | None = None,
    play: Callable[..., Any] = play_job,
) -> None:
    """Play every job, calling ``on_result`` as each match finishes (in any order), and
    ``on_rounds`` with the number of rounds (hands) finished so far, every round or every
    quarter of a second.

    ``workers`` 1 plays in this process; more use a process pool. If anything goes wrong
    (a match fails, Ctrl-C) the workers are stopped at once; the records already written stay,
    the half-written temporary files of the stopped ones are removed from a records folder. If
    this process dies without a word (``kill -9``), the workers notice and exit too.
    """
    if workers == 1:
        finished = 0

        def count() -> None:
            nonlocal finished
            finished += 1
            if on_rounds is not None:
                on_rounds(finished)

        for job in jobs:
            on_result(play(job, count))
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    context = worker_context()
    rounds = context.Value("q", 0)
    lifeline = Lifeline(context)
    pool = ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(rounds, lifeline.end),
    )
    records = target.path if isinstance(target, RecordFolder) else None

    def tell_rounds() -> None:
        if on_rounds is not None:
            on_rounds(rounds.value)

    try:
        run_on_pool(
            pool, ((play, (job,)) for job in jobs), workers, lambda _, r: on_result(r), tell_rounds
        )
    except BrokenProcessPool:
        _remove_partial(records)
        raise ArenaError(
            "a worker process stopped unexpectedly (killed, or out of memory?)"
        ) from None
    except BaseException:
        _remove_partial(records)
        raise
    finally:
        lifeline.close()
    tell_rounds()


_rounds: Any = None
"""On a worker: the count of finished rounds shared with the parent."""


def _start_worker(rounds: Any, end: WorkerEnd) -> None:
    global _rounds
    _rounds = rounds
    start_worker_of(end)


def _count_round() -> None:
    if _rounds is not None:
        with _rounds.get_lock():
            _rounds.value += 1


def _remove_partial(records: Path | None) -> None:
    if records is not None:
        files.remove_partial_records(records)


# Adding up


@dataclass(slots=True)
class _BotTally:
    seats: int
    players: int
    points: array[int] = field(default_factory=lambda: array("q"))
    round_wins: Fraction = Fraction(0)
    matches: int = 0
    match_wins: Fraction = Fraction(0)
    seat_matches: list[int] = field(init=False)
    seconds: array[float] = field(default_factory=lambda: array("d"))
    forfeits: int = 0

    def __post_init__(self) -> None:
        self.seat_matches = [0] * self.players


@dataclass(frozen=True, slots=True)
class BotReport:
    bot: str
    seats: int
    """Seats it takes at every match."""
    rounds: int
    """Rounds played, counted once per seat it held."""
    points: Estimate
    """Penalty points per round."""
    round_wins: float
    matches: int
    """Matches played, counted once per seat it held."""
    match_wins: float
    seat_matches: tuple[int, ...]
    """How many matches it sat in each seat."""
    moves: int
    ms_per_move: float | None
    ms_per_move_p95: float | None
    forfeits: int = 0
    """Matches in which its program failed (a ``cmd:`` bot): each counted as lost."""

    @property
    def round_win_share(self) -> float:
        return self.round_wins / self.rounds

    @property
    def match_win_share(self) -> float:
        return self.match_wins / self.matches

    def to_json(self) -> dict[str, Any]:
        interval = self.points.interval
        return {
            "bot": self.bot,
            "seats": self.seats,
            "rounds": self.rounds,
            "mean_points": self.points.mean,
            "mean_points_ci95": list(interval) if interval is not None else None,
            "round_wins": self.round_wins,
            "round_win_share": self.round_win_share,
            "matches": self.matches,
            "match_wins": self.match_wins,
            "match_win_share": self.match_win_share,
            "seat_matches": list(self.seat_matches),
            "moves": self.moves,
            "ms_per_move_mean": self.ms_per_move,
            "ms_per_move_p95": self.ms_per_move_p95,
            "forfeits": self.forfeits,
        }


@dataclass(frozen=True, slots=True)
class MatchForfeit:
    """A program that failed in one match (see :class:`~chickenfoot.bots.program.Forfeit`)."""

    match: int
    bot: str
    forfeit: Forfeit

    def describe(self) -> str:
        return f"match {self.match}, {self.bot}, {self.forfeit.describe()}"

    def to_json(self) -> dict[str, Any]:
        f = self.forfeit
        return {
            "match": self.match,
            "bot": self.bot,
            "seat": f.seat,
            "round": f.round,
            "reason": f.reason,
            "last_words": f.last_words,
        }


@dataclass(frozen=True, slots=True)
class ArenaReport:
    players: int
    matches: int
    seed: int
    rules: AnyRules
    lineup: tuple[str, ...]
    """The bots by seat in match 1."""
    rounds: int
    bots: tuple[BotReport, ...]
    forfeits: tuple[MatchForfeit, ...] = ()
    """Every forfeit, by match."""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "players": self.players,
            "matches": self.matches,
            "seeds": [self.seed, self.seed + self.matches - 1],
            "game": self.rules.game_name,
            "rules": {"preset": self.rules.preset_name, "options": self.rules.options()},
            "lineup": list(self.lineup),
            "rounds": self.rounds,
            "bots": [b.to_json() for b in self.bots],
            "forfeits": [f.to_json() for f in self.forfeits],
        }


class Tally:
    """Finished matches added up per bot name, over every seat the name held.

    The totals are exact (integers and fractions) and :func:`mean_ci` does not depend on the
    order, so matches may be added in any order and give the same report.
    """

    def __init__(self, lineup: Sequence[str], seed: int, rules: AnyRules) -> None:
        self.lineup = tuple(lineup)
        self.seed = seed
        self.rules = rules
        self.matches = 0
        self.rounds = 0
        self.bots: dict[str, _BotTally] = {}
        self.forfeits: list[MatchForfeit] = []
        for name in self.lineup:
            if name not in self.bots:
                self.bots[name] = _BotTally(self.lineup.count(name), len(self.lineup))

    def add(self, result: MatchResult) -> None:
        self.matches += 1
        self.rounds += len(result.points)
        lowest = self.rules.lowest_wins
        round_shares = [win_shares(points, lowest) for points in result.points]
        match_shares = forfeit_shares(result.totals, {f.seat for f in result.forfeits}, lowest)
        for forfeit in result.forfeits:
            self.bots[result.seats[forfeit.seat]].forfeits += 1
            self.forfeits.append(MatchForfeit(result.number, result.seats[forfeit.seat], forfeit))
        for seat, name in enumerate(result.seats):
            bot = self.bots[name]
            bot.points.extend(points[seat] for points in result.points)
            bot.round_wins += sum(shares[seat] for shares in round_shares)
            bot.matches += 1
            bot.match_wins += match_shares[seat]
            bot.seat_matches[seat] += 1
            bot.seconds.extend(result.move_seconds[seat])

    def report(self) -> ArenaReport:
        if not self.matches:
            raise ValueError("no match has been added")
        return ArenaReport(
            players=len(self.lineup),
            matches=self.matches,
            seed=self.seed,
            rules=self.rules,
            lineup=self.lineup,
            rounds=self.rounds,
            bots=tuple(_bot_report(name, bot) for name, bot in self.bots.items()),
            forfeits=tuple(sorted(self.forfeits, key=lambda f: (f.match, f.forfeit.seat))),
        )


def _bot_report(name: str, bot: _BotTally) -> BotReport:
    timed = bool(bot.seconds)
    return BotReport(
        bot=name,
        seats=bot.seats,
        rounds=len(bot.points),
        points=mean_ci(bot.points),
        round_wins=float(bot.round_wins),
        matches=bot.matches,
        match_wins=float(bot.match_wins),
        seat_matches=tuple(bot.seat_matches),
        moves=len(bot.seconds),
        ms_per_move=1000 * math.fsum(bot.seconds) / len(bot.seconds) if timed else None,
        ms_per_move_p95=1000 * percentile(bot.seconds, 95) if timed else None,
        forfeits=bot.forfeits,
    )
