"""Playing whole matches between bots: what ``simulate`` and the arena are made of."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from random import Random
from time import perf_counter
from typing import Any

from chickenfoot.bots import Bot, make_bot
from chickenfoot.core.games import AnyMatch, AnyRules, new_match, view


def seat_seed(match_seed: int, seat: int) -> str:
    """The seed of the bot in ``seat`` of the match dealt from ``match_seed``."""
    return f"{match_seed}/seat{seat}"


def play_match(bot_names: Sequence[str], rules: AnyRules, seed: int) -> AnyMatch:
    """A full match between bots; the deal comes from ``seed``, each bot from its own seed."""
    return play_timed_match(bot_names, rules, seed)[0]


def play_timed_match(
    bot_names: Sequence[str], rules: AnyRules, seed: int
) -> tuple[AnyMatch, list[list[float]]]:
    """:func:`play_match`, also returning the seconds every ``choose`` call took, per seat.

    Timing does not change the play: the match is the one :func:`play_match` gives.
    """
    bots: list[Bot] = [make_bot(name, seat_seed(seed, s)) for s, name in enumerate(bot_names)]
    match = new_match([f"bot:{b.name}" for b in bots], rules, seed)
    seconds: list[list[float]] = [[] for _ in bots]
    rng = Random(seed)
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            seat = state.turn
            seen = view(match, seat, state)
            start = perf_counter()
            action = bots[seat].choose(seen)
            seconds[seat].append(perf_counter() - start)
            match.apply(action)
    return match, seconds


def write_json(path: Path, data: Any) -> None:
    """Write atomically: a crash leaves the old file or the new one, never half of one."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
