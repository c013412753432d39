"""How much of a round each player's choices give away, by what an open-hand search says the
choices are worth: a quick measure of a searcher's model, beside the long head-to-head runs.

    .venv/bin/python bench/decisions.py --rounds 40 --bots expert flatmc-doubles open \\
        [--truth-samples 3000] [--millis 80] [--seed 5000] [--positions FILE]

Positions: ``--rounds`` classic 4-player single rounds dealt from ``--seed``, ``--seed`` + 1,
..., played by four searching players of the expert's model at 100 samples a move (no
clock: the same positions every time); every decision with two distinct moves or more is
kept with probability one half. With each one its truth: every hand and the boneyard then.
``--positions FILE`` keeps them (and their values, below) in FILE, made once and read again
by later runs with the same settings.

Values: every distinct move of a position searched knowing every hand
(``GameSearch.open_searcher``: only the boneyard's order is shuffled, ``--truth-samples``
samples), valued as the head-to-head runs count them: the share of the round won (ties
shared), penalty points left aside. A player's loss at a position is the best move's value
minus that of the move it chose (0 when it chose the best; moves alike to the rules are one
move). The open search plays its playouts as the expert does (a double 80% of the times
there is one to play, else the heaviest tile 30% of the time), so the values lean towards
players whose playouts play alike: between players of the same playouts (what they sample
and infer, how many samples) the measure is fair; players of other playouts are compared
head to head (``bench/headtohead.py``).

Players (``--bots``): every name ``bench/headtohead.py`` plays (the registry's, ``flatmc``
and its variants, ``mc:key=value,...``), asked with ``Limit(millis=--millis)``, and ``open``:
the same open-hand search (``bench/open_hands.py``) at ``--millis`` a move, the floor of
what the sampling of the values leaves. What a player loses beyond ``open`` is what it does
not know of the hands and how well its model guesses them, and what its time does not let it
sample.

Reported per player: the mean loss with its 95% interval, the mean difference from the
first player's loss at the same positions (paired) with its interval, the share of
positions where it chose the best move, and its ms a move (mean and p95).
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent))

from headtohead import make
from open_hands import OPEN, open_estimates, open_tiles

from chickenfoot.arena import mean_ci, percentile
from chickenfoot.bots import Limit, make_bot
from chickenfoot.bots.chickenfoot import ChickenFootSearch
from chickenfoot.bots.estimate import Estimate
from chickenfoot.bots.knowledge import fast_move
from chickenfoot.bots.montecarlo import MonteCarloBot
from chickenfoot.core import CLASSIC, SeatView, Tile
from chickenfoot.core.games import new_match, view
from chickenfoot.core.pieces import round_rng

PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Position:
    view: SeatView
    hands: list[list[Tile]]
    boneyard: list[Tile]
    values: dict[int, float]
    """Every distinct move (as :func:`fast_move` numbers it) and its open-hand value: the
    share of the round won."""


def values_of(seen: SeatView, estimates: list[Estimate]) -> dict[int, float]:
    """Each distinct move's share of the round won, from its open-hand estimate."""
    return {fast_move(seen, e.action): e.win_share for e in estimates}


def self_player(seed: str) -> MonteCarloBot:
    """The expert at 100 samples a move, no clock."""
    bot = make_bot("expert", seed)
    assert isinstance(bot, MonteCarloBot)
    bot.samples, bot.millis = 100, None
    return bot


def positions(rounds: int, seed: int, truth_samples: int) -> list[Position]:
    """The positions of ``rounds`` rounds of self-play, each with its open-hand values."""
    out: list[Position] = []
    for deal in range(seed, seed + rounds):
        players = [self_player(f"{deal}-{s}") for s in range(PLAYERS)]
        keep = Random(deal)
        match = new_match([f"p{s}" for s in range(PLAYERS)], CLASSIC, deal)
        state = match.deal_next(round_rng(deal, 0))
        while state.end is None:
            seat = state.turn
            seen = view(match, seat, state)
            assert isinstance(seen, SeatView)
            if len(ChickenFootSearch().candidates(seen)) > 1 and keep.random() < 0.5:
                hands, boneyard = open_tiles(state)
                rng = Random(len(out))
                estimates = open_estimates(seen, hands, boneyard, rng, truth_samples, None)
                values = values_of(seen, estimates)
                out.append(Position(seen, hands, boneyard, values))
            match.apply(players[seat].choose(seen))
        print(f"\r{deal - seed + 1}/{rounds} rounds: {len(out)} positions", end="", file=sys.stderr)
    print(file=sys.stderr)
    return out


def chooser(name: str, millis: float) -> Callable[[Position], int]:
    """A player by name: the move it chooses at a position."""
    if name == OPEN:
        rng = Random(1)

        def open_choice(p: Position) -> int:
            best = open_estimates(p.view, p.hands, p.boneyard, rng, None, millis)[0]
            return fast_move(p.view, best.action)

        return open_choice
    bot = make(name, f"decisions-{name}", millis)
    limit = Limit(millis=millis)

    def choice(p: Position) -> int:
        return fast_move(p.view, bot.choose(p.view, limit))

    return choice


def interval(values: list[float], sign: str = "-") -> str:
    """The mean and its 95% interval (:func:`chickenfoot.arena.mean_ci`), as printed
    (``sign``: "+" for differences)."""
    estimate = mean_ci(values)
    low, high = estimate.interval or (estimate.mean, estimate.mean)
    return f"{estimate.mean:{sign}.4f} ({low:{sign}.4f} to {high:{sign}.4f})"


def kept_positions(path: Path, key: tuple[object, ...]) -> list[Position] | None:
    """The positions kept in ``path`` for ``key`` (None: none, other settings, or a file
    that cannot be read: they are made again)."""
    try:
        with path.open("rb") as kept:
            stored_key, stored = pickle.load(kept)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError):
        return None
    return stored if stored_key == key else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40, help="rounds of self-play (40)")
    parser.add_argument(
        "--bots", nargs="+", default=["expert", "flatmc-doubles", OPEN], metavar="NAME"
    )
    parser.add_argument("--truth-samples", type=int, default=3000)
    parser.add_argument("--millis", type=float, default=80.0)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--positions", type=Path, help="keep the positions in this file")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.truth_samples < 1 or args.millis <= 0:
        parser.error("--rounds, --truth-samples and --millis must be positive")
    names = list(dict.fromkeys(args.bots))
    try:
        choosers = {name: chooser(name, args.millis) for name in names}
    except (TypeError, ValueError) as exc:
        parser.error(f"--bots: {exc}")
    key = ("win share", args.rounds, args.seed, args.truth_samples)
    found = None if args.positions is None else kept_positions(args.positions, key)
    if found is None:
        found = positions(args.rounds, args.seed, args.truth_samples)
        if args.positions is not None:
            with args.positions.open("wb") as kept:
                pickle.dump((key, found), kept)
    print(
        f"{len(found)} positions of {args.rounds} rounds (seeds {args.seed}+), values from "
        f"{args.truth_samples} open-hand samples"
    )
    print(
        "| player | mean loss (95% CI) | minus the first's (95% CI) | chose the best | "
        "ms a move mean / p95 |"
    )
    print("|---|---|---|---|---|")
    first: list[float] | None = None
    for name, choose in choosers.items():
        losses, best, seconds = [], 0, []
        for n, p in enumerate(found, 1):
            start = time.perf_counter()
            move = choose(p)
            seconds.append(time.perf_counter() - start)
            top = max(p.values.values())
            losses.append(top - p.values[move])
            best += p.values[move] == top
            print(f"\r{name}: {n}/{len(found)}", end="", file=sys.stderr)
        print(file=sys.stderr)
        if first is None:
            first, versus = losses, ""
        else:
            versus = interval([a - b for a, b in zip(losses, first, strict=True)], "+")
        ms = [s * 1000 for s in seconds]
        print(
            f"| {name} | {interval(losses)} | {versus} "
            f"| {best / len(found):.1%} | {statistics.fmean(ms):.1f} / "
            f"{percentile(ms, 95):.1f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
