"""Playing whole matches between bots: what ``simulate`` and the arena are made of."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import TYPE_CHECKING, Any

from chickenfoot.bots import Bot, make_bot, reads_table, view_for
from chickenfoot.core import RoundEnd
from chickenfoot.core.games import (
    AnyMatch,
    AnyRules,
    RecordMaker,
    game_of,
    new_match,
    to_record,
    view,
)
from chickenfoot.core.pieces import round_rng
from chickenfoot.files import write_json

if TYPE_CHECKING:
    from chickenfoot.bots.program import Forfeit, ProgramBot

__all__ = [
    "BOT_PREFIX",
    "PlayedMatch",
    "SimulationResult",
    "play_arena_match",
    "play_match",
    "play_recorded_match",
    "play_simulated_match",
    "play_timed_match",
    "seat_seed",
    "simulation_result",
    "write_json",
]


BOT_PREFIX = "bot:"
"""Records name a computer player ``bot:<name>`` (docs/RECORD.md); a person's name never
starts with it."""


def seat_seed(match_seed: int, seat: int) -> str:
    """The seed of the bot in ``seat`` of the match dealt from ``match_seed``."""
    return f"{match_seed}/seat{seat}"


def play_match(
    bot_names: Sequence[str],
    rules: AnyRules,
    seed: int,
    on_round: Callable[[], None] | None = None,
) -> AnyMatch:
    """A full match between bots; the deal comes from ``seed``, each bot from its own seed.

    ``on_round`` is called as each round (or hand, in the standard games) ends.
    """
    return play_timed_match(bot_names, rules, seed, on_round)[0]


def play_recorded_match(
    bot_names: Sequence[str],
    rules: AnyRules,
    seed: int,
    on_round: Callable[[], None] | None = None,
) -> tuple[AnyMatch, dict[str, Any]]:
    """:func:`play_match` and its record."""
    match, record = play_simulated_match(bot_names, rules, seed, on_round)
    return match, record()


def play_simulated_match(
    bot_names: Sequence[str],
    rules: AnyRules,
    seed: int,
    on_round: Callable[[], None] | None = None,
) -> tuple[AnyMatch, RecordMaker]:
    """:func:`play_match`, and what makes its record when it is wanted. A match of any game
    between bots that pick from the legal actions alone (random, greedy) is played on the
    compact state: the same match, many times faster, whose rounds (hands) keep no history
    (the record is made from a log of every action)."""
    bots: list[Bot] = [make_bot(name, seat_seed(seed, s)) for s, name in enumerate(bot_names)]
    pickers = [getattr(bot, "picker", None) for bot in bots]
    if all(p is not None for p in pickers):
        players = [f"{BOT_PREFIX}{name}" for name in bot_names]
        fast, record = game_of(rules).play_compact(
            rules, players, seed, [p(rules) for p in pickers if p]
        )
        if on_round is not None:
            for _ in fast.rounds:
                on_round()
        return fast, record
    match = play_match(bot_names, rules, seed, on_round)

    def make_record(*, encoded: bool = False) -> dict[str, Any]:
        return to_record(match)  # a match played on the rules keeps what makes its record

    return match, make_record


def play_timed_match(
    bot_names: Sequence[str],
    rules: AnyRules,
    seed: int,
    on_round: Callable[[], None] | None = None,
) -> tuple[AnyMatch, list[list[float]]]:
    """:func:`play_match`, also returning the seconds every ``choose`` call took, per seat.

    Timing does not change the play: the match is the one :func:`play_match` gives.
    """
    played = play_arena_match(bot_names, rules, seed, on_round)
    return played.match, played.seconds


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    match: AnyMatch
    seconds: list[list[float]]
    """How long every ``choose`` call took, per seat."""
    forfeits: list[Forfeit]
    """The seats whose program failed (:mod:`chickenfoot.bots.program`), and why."""


def play_arena_match(
    bot_names: Sequence[str],
    rules: AnyRules,
    seed: int,
    on_round: Callable[[], None] | None = None,
    program_seconds: float | None = None,
) -> PlayedMatch:
    """:func:`play_timed_match` with ``cmd:`` programs among the bots too (each may take
    ``program_seconds`` per answer, by default
    :data:`~chickenfoot.bots.program.DEFAULT_SECONDS`), and the forfeits of those that failed.
    A match with a bot that reads the table's view is played on a live table, which deals the
    same rounds."""
    from chickenfoot.bots.program import DEFAULT_SECONDS, ProgramBot, make_seat_bot

    if program_seconds is None:
        program_seconds = DEFAULT_SECONDS
    names = [f"{BOT_PREFIX}{name}" for name in bot_names]
    bots = [
        make_seat_bot(name, seat_seed(seed, s), rules, s, names, program_seconds)
        for s, name in enumerate(bot_names)
    ]
    seconds: list[list[float]] = [[] for _ in bots]
    try:
        if any(reads_table(bot) for bot in bots):
            match = _play_on_table(bots, names, rules, seed, seconds, on_round)
        else:
            match = _play_on_match(bots, names, rules, seed, seconds, on_round)
    finally:
        for bot in bots:
            if isinstance(bot, ProgramBot):
                bot.close()
    forfeits = [b.forfeit for b in bots if isinstance(b, ProgramBot) and b.forfeit is not None]
    return PlayedMatch(match, seconds, forfeits)


def _play_on_match(
    bots: list[Bot | ProgramBot],
    names: list[str],
    rules: AnyRules,
    seed: int,
    seconds: list[list[float]],
    on_round: Callable[[], None] | None,
) -> AnyMatch:
    from chickenfoot.bots.program import ProgramBot

    match = new_match(names, rules, seed)
    choosers: list[Bot] = [bot for bot in bots if not isinstance(bot, ProgramBot)]
    assert len(choosers) == len(bots), "a program reads the table: play it on a table"
    while not match.is_over:
        state = match.deal_next(round_rng(seed, len(match.rounds)))
        while state.end is None:
            seat = state.turn
            seen = view(match, seat, state)
            start = perf_counter()
            action = choosers[seat].choose(seen)
            seconds[seat].append(perf_counter() - start)
            match.apply(action)
        if on_round is not None:
            on_round()
    return match


def _play_on_table(
    bots: list[Bot | ProgramBot],
    names: list[str],
    rules: AnyRules,
    seed: int,
    seconds: list[list[float]],
    on_round: Callable[[], None] | None,
) -> AnyMatch:
    from chickenfoot.core.table import Table

    table = Table(names, rules, seed)
    while (seat := table.turn) is not None:
        seen = view_for(bots[seat], table, seat)
        start = perf_counter()
        action = bots[seat].choose(seen)
        seconds[seat].append(perf_counter() - start)
        rounds = len(table.match.rounds)
        table.act(seat, action)
        if on_round is not None and (len(table.match.rounds) > rounds or table.is_over):
            on_round()
    return table.match


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What ``simulate`` sums up of one match."""

    number: int
    rounds: int
    blocked: int
    """Rounds that ended blocked."""
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    draw: bool
    record: bytes | None = None
    """The record as a line of a records file, if the job asked for it."""


def simulation_result(
    number: int, match: AnyMatch, record: bytes | None = None
) -> SimulationResult:
    outcome = match.outcome()
    assert outcome is not None
    blocked = sum(1 for r in match.rounds if r.end is RoundEnd.BLOCKED)
    totals = tuple(match.totals())
    return SimulationResult(
        number, len(match.rounds), blocked, totals, outcome.winners, outcome.is_draw, record
    )
