"""Head to head: two bots, half the seats each, over many seeded deals: how the expert is
measured against a baseline of equal time.

    .venv/bin/python bench/headtohead.py --a expert --b flatmc --players 4 --rounds 2000 \\
        --workers 2 [--length single|full] [--millis 80] [--seed 1] [--json OUT]
    .venv/bin/python bench/headtohead.py --vs-greedy expert --players 4 --rounds 2000

Bots: every name of ``chickenfoot.bots.registry.BOTS`` (expert, hard, medium, easy, greedy,
...), ``flatmc``, the flat Monte Carlo player of ``bench/flat_mc.py``, and its variants
(``flatmc-fast``, ``flatmc-doubles``: ``flat_mc.VARIANTS``), ``mc:key=value,...``, the
searching bot with other settings (``mc:samples=None,millis=80,point_weight=0``),
``flatmc:key=value,...``, the flat player with the compiled playouts and that policy
(``flatmc:heavy=0.3,doubles=1``), and ``open``, the expert's search knowing every hand
(``bench/open_hands.py``: a ceiling, not a player), ``open:samples=800,millis=None`` the same
with other limits.

Head to head (``--a``/``--b``): at N players each bot takes N/2 seats (one each at 2), the
seats alternating A,B,A,B,... Every deal is played twice, the second time with the seats
swapped (B,A,B,A,...): match k is dealt from seed S + (k-1)//2 and seats the lineup rotated
by k-1 (``chickenfoot.arena.seating``), so both bots play the same deals and each sits in
every seat equally often. ``--vs-greedy X``: X in one seat, greedy in the others; every
deal is played N times, X in each seat once.

Time: every bot is asked with ``Limit(millis=--millis)`` (default 80, the expert's budget),
and flatmc is built with that budget, so the searching bots get equal time (a bot's own
budget is never raised: one below --millis keeps its own). ``--millis 0``: no limit given.

Reported: rounds; each side's share of the rounds won (all its seats together; ties
shared); its mean penalty points per round and seat; the paired test on the per-round
difference (A's share minus B's share; with --vs-greedy: X's share minus its fair 1/N):
mean, 95% CI and one-sided p (normal approximation), with each deal's rounds (both
seatings, or all N) averaged into one value first, as they are not independent; the ms per
move (mean and p95) of each side. ``--length full`` plays full matches (CLASSIC's rounds,
one per double) and also reports the share of matches won (lowest total; ties shared).
``--rounds`` is rounded up so that every bot sits in every seat equally often; in full
matches it counts rounds (matches = rounds / rounds per match, rounded up likewise).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # flat_mc lives next to this file (also on worker processes)
    sys.path.insert(0, str(HERE))

from flat_mc import NAME as FLAT  # noqa: E402
from flat_mc import VARIANTS as FLAT_VARIANTS  # noqa: E402
from flat_mc import FlatMonteCarlo  # noqa: E402
from flat_mc import make as make_flat  # noqa: E402
from open_hands import OPEN, OpenHands  # noqa: E402

from chickenfoot import arena  # noqa: E402
from chickenfoot.arena import Z95, MatchResult, percentile, seating, win_shares  # noqa: E402
from chickenfoot.bots import Bot, Limit, make_bot  # noqa: E402
from chickenfoot.bots.montecarlo import MonteCarloBot  # noqa: E402
from chickenfoot.bots.registry import BOTS  # noqa: E402
from chickenfoot.core import CLASSIC, Rules  # noqa: E402
from chickenfoot.core.games import new_match, view  # noqa: E402
from chickenfoot.core.pieces import round_rng  # noqa: E402
from chickenfoot.play import seat_seed  # noqa: E402


def known_bots() -> list[str]:
    """The registry's bots and the flat players (built by :func:`make`, which every process
    playing imports with this module: the registry itself is left alone)."""
    return [*BOTS, *FLAT_VARIANTS, OPEN]


# Playing


@dataclass(frozen=True, slots=True)
class Job:
    number: int
    """k, 1-based."""
    seats: tuple[str, ...]
    rules: Rules
    seed: int
    """The match's deals come from this seed (shared by the matches of one deal group)."""
    group: int
    """The deal group: the matches played on the same deals, seats rotated."""
    millis: float | None


VARIANT = "mc:"
"""``mc:key=value,...``: the searching bot (``MonteCarloBot``) with these keyword arguments
(numbers, or None), for trying a setting before it becomes a level's."""


OPEN_VARIANT = "open:"
"""``open:samples=N,millis=M``: the open-hand player with these limits (None: no such
limit), for measuring the ceiling at a given number of samples instead of a time."""

FLAT_VARIANT = "flatmc:"
"""``flatmc:key=value,...``: the flat player with the compiled playouts and this policy
(``heavy``, ``doubles``), for screening playout policies."""

VARIANTS = (VARIANT, FLAT_VARIANT, OPEN_VARIANT)


def variant(name: str) -> dict[str, float | None]:
    """The keyword arguments of a ``mc:``, ``flatmc:`` or ``open:`` name (ValueError if it
    is malformed)."""
    out: dict[str, float | None] = {}
    settings = name.removeprefix(FLAT_VARIANT).removeprefix(VARIANT).removeprefix(OPEN_VARIANT)
    for part in filter(None, settings.split(",")):
        key, _, value = part.partition("=")
        out[key.strip()] = None if value.strip() == "None" else float(value)
    return out


def make(name: str, seed: str, millis: float | None) -> Bot:
    """The bot called ``name``: a flat player or the open-hand player at ``millis`` (80 if
    none), a ``mc:``, ``flatmc:`` or ``open:`` variant, else the registry's."""
    if name in FLAT_VARIANTS:
        return make_flat(seed, name, millis if millis else 80.0)
    if name == OPEN:
        return OpenHands(seed, millis if millis else 80.0)
    if not name.startswith(VARIANTS):
        return make_bot(name, seed)
    kwargs = variant(name)
    samples = kwargs.get("samples")
    if samples is not None:
        kwargs["samples"] = int(samples)
    if name.startswith(OPEN_VARIANT):
        kwargs.setdefault("millis", millis if millis else 80.0)
        if kwargs.get("samples") is None and kwargs["millis"] is None:
            raise ValueError("a search needs a limit: samples, millis or both")
        opened = OpenHands(seed, **kwargs)  # type: ignore[arg-type]
        opened.name = name
        return opened
    if name.startswith(FLAT_VARIANT):
        kwargs.setdefault("millis", millis if millis else 80.0)
        flat = FlatMonteCarlo(seed, compiled=True, **kwargs)  # type: ignore[arg-type]
        flat.name = name
        return flat
    bot = MonteCarloBot(seed, **kwargs)  # type: ignore[arg-type]
    bot.name = name
    return bot


def play(job: Job, on_round: Callable[[], None] | None = None) -> MatchResult:
    """Play one match, every ``choose`` timed and given ``Limit(millis=job.millis)``. A
    module-level function, so worker processes (forkserver or spawn) can run it; they import
    this module afresh, and with it :mod:`flat_mc`."""
    count = on_round or arena._count_round  # on a worker: the count the parent shows
    bots = [make(name, seat_seed(job.seed, s), job.millis) for s, name in enumerate(job.seats)]
    limit = Limit(millis=job.millis) if job.millis else None
    match = new_match([f"bot:{b.name}" for b in bots], job.rules, job.seed)
    seconds: list[list[float]] = [[] for _ in bots]
    clock = time.perf_counter
    try:
        while not match.is_over:
            state = match.deal_next(round_rng(job.seed, len(match.rounds)))
            while state.end is None:
                seat = state.turn
                seen = view(match, seat, state)
                bot = bots[seat]
                if isinstance(bot, OpenHands):
                    bot.see(state)
                start = clock()
                action = bot.choose(seen, limit)
                seconds[seat].append(clock() - start)
                match.apply(action)
            count()
    except Exception as exc:
        raise arena.ArenaError(
            f"match {job.number} (seed {job.seed}, seats {','.join(job.seats)}) failed: "
            f"{arena.describe_failure(exc)}"
        ) from None
    return MatchResult(
        job.number,
        job.seats,
        tuple(tuple(p) for p in match.points),
        tuple(match.totals()),
        tuple(tuple(s) for s in seconds),
    )


def period(lineup: Sequence[str]) -> int:
    """The fewest rotations that bring the lineup back to itself: the distinct seatings."""
    n = len(lineup)
    return next(r for r in range(1, n + 1) if seating(lineup, r + 1) == list(lineup))


def plan(
    lineup: Sequence[str], matches: int, seed: int, rules: Rules, millis: float | None
) -> Iterator[Job]:
    """Match k is dealt from seed + (k-1) // G (G: :func:`period`) and seats the lineup
    rotated by k-1: each deal is played in every distinct seating."""
    g = period(lineup)
    for k in range(1, matches + 1):
        group = (k - 1) // g
        yield Job(k, tuple(seating(lineup, k)), rules, seed + group, group, millis)


def matches_for(rounds: int, players: int, rounds_per_match: int) -> int:
    """Matches enough for ``rounds`` rounds, a multiple of ``players`` (every bot in every
    seat equally often)."""
    matches = max(1, math.ceil(rounds / rounds_per_match))
    return math.ceil(matches / players) * players


# Statistics


@dataclass(frozen=True, slots=True)
class Paired:
    """A one-sample test on paired differences: mean, 95% CI (:func:`arena.mean_ci`), z and
    one-sided p (H1: the mean is above 0), by the normal approximation."""

    n: int
    estimate: arena.Estimate
    z: float | None
    p: float | None

    @property
    def mean(self) -> float:
        return self.estimate.mean

    @property
    def half_width(self) -> float | None:
        return self.estimate.half_width

    @property
    def interval(self) -> tuple[float, float] | None:
        return self.estimate.interval


def paired(values: Sequence[float]) -> Paired:
    """The test of :class:`Paired` on ``values`` (each one independent unit's difference)."""
    estimate = arena.mean_ci(values)
    n, mean, half_width = len(values), estimate.mean, estimate.half_width
    if half_width is None:
        return Paired(n, estimate, None, None)
    if half_width == 0:
        z = math.inf if mean > 0 else -math.inf if mean < 0 else 0.0
        return Paired(n, estimate, z, 0.0 if mean > 0 else 1.0 if mean < 0 else 0.5)
    z = mean / (half_width / Z95)
    return Paired(n, estimate, z, 0.5 * math.erfc(z / math.sqrt(2)))


@dataclass
class Side:
    name: str
    seats: int
    rounds: int = 0
    round_wins: float = 0.0
    points: float = 0.0
    match_wins: float = 0.0
    matches: int = 0

    def __post_init__(self) -> None:
        self.seconds: list[float] = []

    def report(self) -> dict[str, Any]:
        return {
            "bot": self.name,
            "seats": self.seats,
            "round_win_share": self.round_wins / self.rounds,
            "mean_points_per_seat": self.points / (self.rounds * self.seats),
            "match_win_share": self.match_wins / self.matches if self.matches else None,
            "moves": len(self.seconds),
            "ms_per_move_mean": 1000 * statistics.fmean(self.seconds) if self.seconds else None,
            "ms_per_move_p95": 1000 * percentile(self.seconds, 95) if self.seconds else None,
        }


class Summary:
    """Finished matches added up per side, with the per-deal differences for the test."""

    def __init__(self, a: str, b: str, lineup: Sequence[str], groups: dict[int, int]) -> None:
        self.lineup = list(lineup)
        self.players = len(lineup)
        self.a = Side(a, self.lineup.count(a))
        self.b = Side(b, self.lineup.count(b))
        self.head_to_head = self.a.seats == self.b.seats
        self.groups = groups
        """Match number -> deal group."""
        self.round_units: dict[tuple[int, int], list[float]] = defaultdict(list)
        self.match_units: dict[int, list[float]] = defaultdict(list)
        self.rounds = 0
        self.matches = 0

    def difference(self, a_share: float, b_share: float) -> float:
        """A's share minus B's (head to head) or minus A's fair share (against a field)."""
        if self.head_to_head:
            return a_share - b_share
        return a_share - self.a.seats / self.players

    def add(self, result: MatchResult) -> None:
        group = self.groups[result.number]
        self.matches += 1
        for index, points in enumerate(result.points):
            shares = win_shares(points)
            self.rounds += 1
            got = {}
            for side in (self.a, self.b):
                mine = [s for s, name in enumerate(result.seats) if name == side.name]
                got[side.name] = float(sum(shares[s] for s in mine))
                side.rounds += 1
                side.round_wins += got[side.name]
                side.points += sum(points[s] for s in mine)
            diff = self.difference(got[self.a.name], got[self.b.name])
            self.round_units[(group, index)].append(diff)
        match_shares = win_shares(result.totals)
        got = {}
        for side in (self.a, self.b):
            mine = [s for s, name in enumerate(result.seats) if name == side.name]
            got[side.name] = float(sum(match_shares[s] for s in mine))
            side.matches += 1
            side.match_wins += got[side.name]
            for s in mine:
                side.seconds.extend(result.move_seconds[s])
        self.match_units[group].append(self.difference(got[self.a.name], got[self.b.name]))

    def tests(self) -> tuple[Paired, Paired]:
        per_round = [statistics.fmean(v) for v in self.round_units.values()]
        per_match = [statistics.fmean(v) for v in self.match_units.values()]
        return paired(per_round), paired(per_match)


# Output

HEADER = (
    "| A | B | players | length | rounds | A rounds won | B rounds won | A pts | B pts "
    "| A-B per round (95% CI) | p | A ms/move mean / p95 | B ms/move mean / p95 "
    "| A matches won |"
)
RULE = "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"


def percent(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def seats(n: int) -> str:
    return f"{n} seat" if n == 1 else f"{n} seats"


def p_text(p: float | None) -> str:
    return "-" if p is None else f"{p:.1e}"


def millis_text(side: dict[str, Any]) -> str:
    mean, p95 = side["ms_per_move_mean"], side["ms_per_move_p95"]
    if mean is None:
        return "-"
    return f"{mean:.1f} / {p95:.1f}"


def table_line(report: dict[str, Any]) -> str:
    a, b, test = report["a"], report["b"], report["per_round"]
    low_high = test["ci95"]
    ci = f" ({low_high[0]:+.3f} to {low_high[1]:+.3f})" if low_high else ""
    p = p_text(test["p_one_sided"])
    label = "A-B" if report["head_to_head"] else f"A-{report['fair_share']:.3f}"
    matches = percent(a["match_win_share"]) if report["length"] != "single" else "-"
    return (
        f"| {a['bot']} x{a['seats']} | {b['bot']} x{b['seats']} | {report['players']} "
        f"| {report['length']} | {report['rounds']} | {percent(a['round_win_share'])} "
        f"| {percent(b['round_win_share'])} | {a['mean_points_per_seat']:.1f} "
        f"| {b['mean_points_per_seat']:.1f} | {label} {test['mean']:+.3f}{ci} | {p} "
        f"| {millis_text(a)} | {millis_text(b)} | {matches} |"
    )


def summarize(
    summary: Summary, args: argparse.Namespace, rules: Rules, seconds: float
) -> dict[str, Any]:
    per_round, per_match = summary.tests()

    def test_json(t: Paired) -> dict[str, Any]:
        return {
            "units": t.n,
            "mean": t.mean,
            "ci95": list(t.interval) if t.interval else None,
            "z": t.z,
            "p_one_sided": t.p,
        }

    return {
        "a": summary.a.report(),
        "b": summary.b.report(),
        "head_to_head": summary.head_to_head,
        "fair_share": summary.a.seats / summary.players,
        "players": summary.players,
        "length": rules.length.value,
        "rounds": summary.rounds,
        "matches": summary.matches,
        "seed": args.seed,
        "millis": args.millis,
        "lineup": summary.lineup,
        "per_round": test_json(per_round),
        "per_match": test_json(per_match),
        "workers": args.workers,
        "seconds": seconds,
    }


# The command


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--a", default="expert", help="bot A (default: expert)")
    parser.add_argument("--b", default=FLAT, help=f"bot B (default: {FLAT})")
    parser.add_argument(
        "--vs-greedy", metavar="BOT", help="BOT in one seat against greedy in every other"
    )
    parser.add_argument("--players", type=int, default=4, choices=(2, 4, 6, 8))
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--length", choices=("single", "full"), default="single")
    parser.add_argument("--millis", type=float, default=80.0, help="ms per move (0: no limit)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the report here as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    known = known_bots()
    if args.vs_greedy is not None:
        args.a, args.b = args.vs_greedy, "greedy"
    for name in (args.a, args.b):
        if name.startswith(VARIANTS):
            try:
                make(name, "0", None)
            except (TypeError, ValueError) as exc:
                parser.error(f"bad variant {name!r}: {exc}")
        elif name not in known:
            parser.error(f"unknown bot {name!r}; known: {', '.join(known)}")
    if args.a == args.b:
        parser.error("A and B must be different bots")
    if args.rounds < 1 or args.workers < 1 or args.millis < 0:
        parser.error("--rounds and --workers must be positive, --millis not negative")
    return args


def lineup_of(args: argparse.Namespace) -> list[str]:
    if args.vs_greedy is not None:
        return [args.a] + [args.b] * (args.players - 1)
    return [args.a, args.b] * (args.players // 2)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    rules = CLASSIC.with_options(length=args.length)
    lineup = lineup_of(args)
    per_match = rules.rounds_per_match(args.players) or 1
    matches = matches_for(args.rounds, args.players, per_match)
    millis = args.millis or None
    jobs = list(plan(lineup, matches, args.seed, rules, millis))
    summary = Summary(args.a, args.b, lineup, {j.number: j.group for j in jobs})
    started = time.perf_counter()
    total = matches * per_match
    if args.quiet:
        arena.run(jobs, args.workers, summary.add, play=play)  # type: ignore[arg-type]  # a Job
    else:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        columns = (BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress("rounds", *columns, console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task("rounds", total=total)

            def on_rounds(done: int) -> None:
                progress.update(task, completed=done)

            arena.run(
                jobs,  # type: ignore[arg-type]  # a Job is all ``play`` needs
                args.workers,
                summary.add,
                on_rounds=on_rounds,
                play=play,
            )
    return summarize(summary, args, rules, time.perf_counter() - started)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    report = measure(args)
    a, b = report["a"], report["b"]
    test = report["per_round"]
    versus = "the fair share" if not report["head_to_head"] else b["bot"]
    print(
        f"{report['rounds']} rounds ({report['matches']} matches, {test['units']} deals), "
        f"{report['players']} players, {report['length']}, {args.millis:g} ms per move, "
        f"{report['seconds']:.0f} s on {args.workers} worker(s)"
    )
    print(
        f"{a['bot']} ({seats(a['seats'])}) won {percent(a['round_win_share'])} of the rounds, "
        f"{b['bot']} ({seats(b['seats'])}) {percent(b['round_win_share'])}; "
        f"{a['bot']} over {versus}: {test['mean']:+.3f} per round, "
        f"p (one-sided) = {p_text(test['p_one_sided'])}"
    )
    if report["length"] != "single":
        mt = report["per_match"]
        print(
            f"matches won: {a['bot']} {percent(a['match_win_share'])}, {b['bot']} "
            f"{percent(b['match_win_share'])}; difference {mt['mean']:+.3f} per match, "
            f"p (one-sided) = {p_text(mt['p_one_sided'])}"
        )
    print()
    print(HEADER)
    print(RULE)
    print(table_line(report), flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"\nwritten: {args.json}")
    return report


if __name__ == "__main__":
    main()
