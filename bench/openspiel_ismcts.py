"""OpenSpiel's information-set MCTS against our expert, on ``python_chicken_foot``.

Run by hand:

    .venv/bin/python bench/openspiel_ismcts.py [--rounds 10] [--simulations 100] [--players 4]

Single rounds of classic Chicken Foot. OpenSpiel's ``ISMCTSBot`` (one random rollout per
leaf, UCT constant ``--uct``, the root's unseen tiles dealt again each simulation by
:func:`chickenfoot.interop.openspiel.resample`) sits in the even seats, our ``expert`` (80 ms a
move) in the odd ones; every deal is played twice, the second time with the sides swapped.
Prints each side's share of the rounds won (a k-way tie for the lowest points counts 1/k),
its mean points a round and its mean milliseconds a move. This shows the game working end to
end with OpenSpiel's own searcher; it is not a strength measurement (too few rounds).
"""

from __future__ import annotations

import argparse
import time
from random import Random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from chickenfoot.bots.registry import make_bot
from chickenfoot.core.view import seat_view
from chickenfoot.interop.openspiel import NAME, resample


def play_round(
    game: Any, deal_seed: int, ismcts_seats: set[int], simulations: int, uct: float, seed: int
) -> tuple[list[int], dict[str, list[float]]]:
    """One round; each seat's points and each side's time per move (seconds)."""
    players = game.num_players()
    chance = Random(deal_seed)
    rng = Random(seed)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
        uct_c=uct,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
    )
    bot.set_resampler(lambda state, seat: resample(state, seat, rng))
    experts = {s: make_bot("expert", f"{seed}/{s}") for s in range(players)}
    times: dict[str, list[float]] = {"ismcts": [], "expert": []}
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice([o for o, _ in state.chance_outcomes()]))
            continue
        seat = state.current_player()
        start = time.perf_counter()
        if seat in ismcts_seats:
            action = bot.step(state)
            times["ismcts"].append(time.perf_counter() - start)
        else:
            chosen = experts[seat].choose(seat_view(state.match, seat))
            action = state.spec.action_id(chosen)
            times["expert"].append(time.perf_counter() - start)
        state.apply_action(action)
    return [int(-r) for r in state.returns()], times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="deals, each played twice")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--uct", type=float, default=20.0)
    args = parser.parse_args()
    game = pyspiel.load_game(NAME, {"preset": "classic", "players": args.players})
    even = {s for s in range(args.players) if s % 2 == 0}
    odd = set(range(args.players)) - even
    won = {"ismcts": 0.0, "expert": 0.0}
    points: dict[str, list[int]] = {"ismcts": [], "expert": []}
    times: dict[str, list[float]] = {"ismcts": [], "expert": []}
    played = 0
    for deal in range(args.rounds):
        for ismcts_seats in (even, odd):
            got, spent = play_round(game, deal, ismcts_seats, args.simulations, args.uct, deal)
            low = min(got)
            winners = [s for s, p in enumerate(got) if p == low]
            for s, p in enumerate(got):
                side = "ismcts" if s in ismcts_seats else "expert"
                points[side].append(p)
                if s in winners:
                    won[side] += 1 / len(winners)
            for side in times:
                times[side] += spent[side]
            played += 1
    for side in ("ismcts", "expert"):
        print(
            f"{side}: {won[side] / played:.1%} of {played} rounds won, "
            f"{sum(points[side]) / len(points[side]):.1f} points a seat a round, "
            f"{1000 * sum(times[side]) / len(times[side]):.0f} ms a move"
        )


if __name__ == "__main__":
    main()
