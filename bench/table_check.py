"""The core's cost of the three ways a table takes an action: ``act`` (check and apply),
``check`` then ``take`` (the server's owner: the action checked, stored, then applied), and
``take_known`` (a follower, or a table rebuilt from the store: another copy checked it).

Run by hand:

    .venv/bin/python bench/table_check.py [--game chickenfoot] [--players 4] [--matches 40]

Plays ``--matches`` matches (single rounds of Chicken Foot, or one match of a standard game),
each seat taking a random legal action decoded from its JSON as the server receives it, once
each way, the same actions each way; prints the CPU time (``time.process_time``) per action
of each way, the taking alone timed.
"""

from __future__ import annotations

import argparse
import time
from random import Random

from chickenfoot.core import games
from chickenfoot.core.table import Table
from chickenfoot.core.wire import action_from_json, action_to_json

WAYS = ("act", "check+take", "take_known")


def one_way(way: str, rules: games.AnyRules, players: int, matches: int) -> tuple[float, int]:
    """CPU seconds spent taking actions ``way``, and the actions taken."""
    spent, actions = 0.0, 0
    for seed in range(matches):
        table = Table([f"p{s}" for s in range(players)], rules, seed)
        pick = Random(seed)
        while not table.is_over:
            state = table.match.current
            assert state is not None
            seat = state.turn
            action = action_from_json(action_to_json(pick.choice(state.legal_actions())))
            start = time.process_time()
            if way == "act":
                table.act(seat, action)
            elif way == "check+take":
                table.take(table.check(seat, action))
            else:
                table.take_known(seat, action)
            spent += time.process_time() - start
            actions += 1
    return spent, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chickenfoot")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=40)
    args = parser.parse_args()
    options = {"length": "single"} if args.game == "chickenfoot" else {"players": args.players}
    rules = games.make_rules(args.game, args.players, None, options)
    for way in WAYS:
        spent, actions = one_way(way, rules, args.players, args.matches)
        print(f"{way:<11} {spent / actions * 1e6:6.1f} us per action ({actions:,} actions)")


if __name__ == "__main__":
    main()
