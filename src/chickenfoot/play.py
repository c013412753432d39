"""Playing whole matches between bots: what ``simulate`` and the arena are made of."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from chickenfoot.bots import Bot, make_bot
from chickenfoot.core import Match, Rules, seat_view


def seat_seed(match_seed: int, seat: int) -> str:
    """The seed of the bot in ``seat`` of the match dealt from ``match_seed``."""
    return f"{match_seed}/seat{seat}"


def play_match(bot_names: Sequence[str], rules: Rules, seed: int) -> Match:
    """A full match between bots; the deal comes from ``seed``, each bot from its own seed."""
    bots: list[Bot] = [make_bot(name, seat_seed(seed, s)) for s, name in enumerate(bot_names)]
    match = Match([f"bot:{b.name}" for b in bots], rules, seed)
    rng = Random(seed)
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            seat = state.turn
            match.apply(bots[seat].choose(seat_view(match, seat, state)))
    return match
