"""Whole matches of Chicken Foot played on the compact state, for players that pick one of
the legal actions from their list alone (the random and the greedy bot).

The loop keeps the round in integers (:class:`~chickenfoot.core.fast.FastRound` plus the tile
ids of the board) and builds objects only at the edges: it logs each action as an integer
(see :func:`play_out`), and the record is made of the log only when it is asked for. Its legal
actions are exactly :meth:`RoundState.legal_actions`, in the same order, each written as an
*option*: ``tile_index << 13 | target_id << 5 | number`` for a play (``number`` the open
number it is played on, :data:`~chickenfoot.core.fast.PLACE` for placing the round's double),
:data:`~chickenfoot.core.fast.DRAW` and :data:`~chickenfoot.core.fast.PASS`. A picker given
the same list as a bot's view makes the same choice, so the match is the one the rules path
plays (the tests play both and compare the records).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from chickenfoot.core.compact_loop import (
    DRAWN,
    SEAT_BITS,
    TARGET_BITS,
    Picker,
    place,
    play_placed,
    record_actions,
    record_actions_json,
    replay_out,
)
from chickenfoot.core.fast import DRAW, PASS, PLACE, FastRound, too_long
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import Rules

__all__ = [
    "SEAT_BITS",
    "TARGET_BITS",
    "Picker",
    "UniformPicker",
    "play_match",
    "play_out",
    "record_actions",
    "record_actions_json",
    "replay_out",
    "uniform_random",
]


class UniformPicker(Protocol):
    """A picker that takes ``options[int(random() * len(options))]``: the loop draws the
    index itself from :attr:`random` and builds only the option it names."""

    random: Callable[[], float]

    def __call__(self, options: list[int]) -> int: ...


def play_out(state: RoundState, pickers: Sequence[Picker]) -> list[int]:
    """Play ``state`` (a round just started, no action yet) to its end, each seat's action
    picked by its picker; the actions logged: ``option << SEAT_BITS | seat``, a draw's
    option being ``DRAWN - drawn_tile_index`` (see :func:`record_actions`). ``state``
    keeps no history."""
    fast = state.fast
    log: list[int] = []
    while fast.centre >= 0 and not fast.end:  # the round's double waits to be placed: rare
        if fast.plies >= fast.limit:
            raise too_long(fast.limit)
        seat = fast.turn
        option = pickers[seat](_centre_options(fast))
        if option == DRAW:
            log.append((DRAWN - fast.draw()) << SEAT_BITS | seat)
            continue
        log.append(option << SEAT_BITS | seat)
        if option == PASS:
            fast.pass_turn()
        else:
            place(state, option)
    if not fast.end:
        play_placed(state, pickers, [uniform_random(p) for p in pickers], log)
    return log


def uniform_random(picker: Picker) -> Callable[[], float] | None:
    """The ``random`` of a :class:`UniformPicker`, None for any other picker."""
    random: Callable[[], float] | None = getattr(picker, "random", None)
    return random


def _centre_options(fast: FastRound) -> list[int]:
    """The options while the round's double waits to be placed: placing it, or else the
    draw or the pass."""
    return [m if m < 0 else m >> 5 << 13 | PLACE for m in fast.legal_moves()]


def play_match(
    rules: Rules, players: Sequence[str], seed: int, pickers: Sequence[Picker]
) -> tuple[Match, list[list[int]]]:
    """A whole match of compact rounds, dealt as every match is (each round from the seed and
    its number): the match (for its points and outcome; its rounds keep no history) and
    each round's log (:func:`play_out`), which its record is made of."""
    match = Match(list(players), rules, seed)
    logs: list[list[int]] = []
    while not match.is_over:
        state = match.deal_next(round_rng(seed, len(match.rounds)))
        logs.append(play_out(state, pickers))
        match.finish_round_if_over()
    return match, logs
