"""Playing whole matches between bots: what ``simulate`` and the arena are made of."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any

from chickenfoot.bots import Bot, make_bot
from chickenfoot.core.games import (
    AnyMatch,
    AnyRules,
    RecordMaker,
    kind_of,
    new_match,
    to_record,
    view,
)
from chickenfoot.core.pieces import round_rng
from chickenfoot.files import write_json

__all__ = [
    "BOT_PREFIX",
    "play_match",
    "play_recorded_match",
    "play_simulated_match",
    "play_timed_match",
    "seat_seed",
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
    play_compact = kind_of(rules).play_compact
    if play_compact is not None and all(p is not None for p in pickers):
        players = [f"bot:{b.name}" for b in bots]
        fast, record = play_compact(rules, players, seed, [p(rules) for p in pickers if p])
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
    bots: list[Bot] = [make_bot(name, seat_seed(seed, s)) for s, name in enumerate(bot_names)]
    match = new_match([f"bot:{b.name}" for b in bots], rules, seed)
    seconds: list[list[float]] = [[] for _ in bots]
    while not match.is_over:
        state = match.deal_next(round_rng(seed, len(match.rounds)))
        while state.end is None:
            seat = state.turn
            seen = view(match, seat, state)
            start = perf_counter()
            action = bots[seat].choose(seen)
            seconds[seat].append(perf_counter() - start)
            match.apply(action)
        if on_round is not None:
            on_round()
    return match, seconds
