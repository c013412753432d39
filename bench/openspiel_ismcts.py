"""OpenSpiel's information-set MCTS against our expert, head to head, on ``python_chicken_foot``.

Run by hand:

    .venv/bin/python bench/openspiel_ismcts.py --rounds 2000 --workers 2 \\
        [--millis 80] [--players 4] [--uct 1.5] [--returns win] [--seed 1]

Single rounds of classic Chicken Foot. OpenSpiel's ``ISMCTSBot`` (one random rollout per
leaf, UCT constant ``--uct``, the most visited move; the root's unseen tiles dealt again
each simulation by :func:`chickenfoot.interop.openspiel.resample`) sits in the even seats,
our ``expert`` in the odd ones; every deal is played twice, the second time with the sides
swapped, and both times the tiles come in one order (the hands dealt and every draw: each
chance node takes the first tile of the deal's shuffled order it may give).

Time: each side has ``--millis`` a move (default 80, the expert's budget). The expert is
asked with ``Limit(millis)``; ISMCTS runs simulations until that time is spent (checked
after each one; a position with one legal action is answered at once). Its returns are the
game's ``--returns``: ``win`` (the default: each winner's share of the round's win, what the
table counts) or ``penalty`` (minus the points; a UCT constant near 20 suits those).

Prints each side's share of the rounds won (a k-way tie for the lowest points counts 1/k
to each), its mean points a seat a round, the paired test on the per-deal difference (the
expert's share minus ISMCTS's, both seatings of a deal averaged into one value: mean, 95%
interval and one-sided p, as ``bench/headtohead.py`` does), and each side's milliseconds a
move (mean and p95).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from rich.progress import Progress

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # headtohead lives next to this file (also on worker processes)
    sys.path.insert(0, str(HERE))

from headtohead import paired  # noqa: E402

from chickenfoot.arena import percentile  # noqa: E402
from chickenfoot.bots.base import Limit  # noqa: E402
from chickenfoot.bots.registry import make_bot  # noqa: E402
from chickenfoot.core.view import seat_view  # noqa: E402
from chickenfoot.interop.openspiel import NAME, resample  # noqa: E402

SIDES = ("ismcts", "expert")


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS searching until ``millis`` are spent instead of a set number of
    simulations (at least one)."""

    def __init__(self, millis: float, **kwargs: Any) -> None:
        super().__init__(max_simulations=1, **kwargs)
        self.millis = millis
        self.simulations: list[int] = []

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self.reset()
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.millis / 1000
        runs = 0
        while runs == 0 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            runs += 1
        self.simulations.append(runs)
        return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]


@dataclass
class Played:
    """One deal, both seatings: each side's round-win share and points per round (summed
    over its seats), its seconds per move, and ISMCTS's simulations per searched move."""

    deal: int
    shares: dict[str, list[float]] = field(default_factory=lambda: {s: [] for s in SIDES})
    points: dict[str, list[int]] = field(default_factory=lambda: {s: [] for s in SIDES})
    seconds: dict[str, list[float]] = field(default_factory=lambda: {s: [] for s in SIDES})
    simulations: list[int] = field(default_factory=list)


def play_deal(
    deal: int, seed: int, players: int, millis: float, uct: float, returns: str
) -> Played:
    """Deal ``seed + deal`` played twice, ISMCTS in the even seats, then in the odd."""
    game = pyspiel.load_game(NAME, {"preset": "classic", "players": players, "returns": returns})
    even = {s for s in range(players) if s % 2 == 0}
    played = Played(deal)
    for k, ismcts_seats in enumerate((even, set(range(players)) - even)):
        points = play_round(game, seed + deal, ismcts_seats, millis, uct, played, k)
        low = min(points)
        winners = [s for s, p in enumerate(points) if p == low]
        for side in SIDES:
            seats = [s for s in range(players) if (s in ismcts_seats) == (side == "ismcts")]
            played.shares[side].append(sum(1 / len(winners) for s in seats if s in winners))
            played.points[side].append(sum(points[s] for s in seats))
    return played


def play_round(
    game: Any,
    deal_seed: int,
    ismcts_seats: set[int],
    millis: float,
    uct: float,
    played: Played,
    seating: int,
) -> list[int]:
    """One round; each seat's points (the search's times and counts go to ``played``)."""
    players = game.num_players()
    order = list(range(game.max_chance_outcomes()))
    Random(deal_seed).shuffle(order)
    rng = Random(f"{deal_seed}/{seating}")
    bot = TimedISMCTS(
        millis,
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(rng.randrange(2**31))),
        uct_c=uct,
        random_state=np.random.RandomState(rng.randrange(2**31)),
    )
    bot.set_resampler(lambda state, seat: resample(state, seat, rng))
    experts = {s: make_bot("expert", f"{deal_seed}/{seating}/{s}") for s in range(players)}
    limit = Limit(millis=millis)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = {o for o, _ in state.chance_outcomes()}
            state.apply_action(next(t for t in order if t in outcomes))
            continue
        seat = state.current_player()
        start = time.perf_counter()
        if seat in ismcts_seats:
            action = bot.step(state)
            played.seconds["ismcts"].append(time.perf_counter() - start)
        else:
            chosen = experts[seat].choose(seat_view(state.match, seat), limit)
            action = state.spec.action_id(chosen)
            played.seconds["expert"].append(time.perf_counter() - start)
        state.apply_action(action)
    played.simulations += bot.simulations
    return list(state.match.totals())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds (two a deal)")
    parser.add_argument("--millis", type=float, default=80.0, help="ms a move, each side")
    parser.add_argument("--players", type=int, default=4, choices=(2, 4, 6, 8))
    parser.add_argument("--uct", type=float, default=1.5)
    parser.add_argument("--returns", choices=("win", "penalty"), default="win")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    args = parser.parse_args()
    deals = (args.rounds + 1) // 2
    results: list[Played] = []
    started = time.perf_counter()
    game_args = (args.seed, args.players, args.millis, args.uct, args.returns)
    with ProcessPoolExecutor(args.workers) as pool, Progress(transient=True) as progress:
        task = progress.add_task("deals", total=deals)
        futures = [pool.submit(play_deal, deal, *game_args) for deal in range(deals)]
        for future in as_completed(futures):
            results.append(future.result())
            progress.advance(task)
    results.sort(key=lambda r: r.deal)
    rounds = 2 * len(results)
    seats = {"ismcts": (args.players + 1) // 2, "expert": args.players // 2}
    print(
        f"{rounds} rounds of classic at {args.players} players, {args.millis:g} ms a move, "
        f"ISMCTS with uct {args.uct:g} on {args.returns} returns, deals from seed {args.seed}, "
        f"{time.perf_counter() - started:.0f} s on {args.workers} workers"
    )
    for side in SIDES:
        won = sum(sum(r.shares[side]) for r in results) / rounds
        points = sum(sum(r.points[side]) for r in results) / (rounds * seats[side])
        seconds = [t for r in results for t in r.seconds[side]]
        mean, p95 = 1000 * statistics.fmean(seconds), 1000 * percentile(seconds, 95)
        print(
            f"  {side}: {won:.1%} of the rounds won, {points:.1f} points a seat a round, "
            f"{mean:.1f} ms a move (p95 {p95:.1f})"
        )
    simulations = [n for r in results for n in r.simulations]
    if simulations:
        print(f"  ISMCTS simulations a searched move: median {statistics.median(simulations):g}")
    differences = [
        statistics.fmean(r.shares["expert"]) - statistics.fmean(r.shares["ismcts"]) for r in results
    ]
    test = paired(differences)
    if test.interval is None or test.p is None:
        told = "no interval from one deal"
    else:
        low, high = test.interval
        told = f"95% CI {low:+.3f} to {high:+.3f}, one-sided p {test.p:.2g}"
    print(f"  expert minus ISMCTS, per round: {test.mean:+.3f} ({told}), {test.n} deals")


if __name__ == "__main__":
    main()
