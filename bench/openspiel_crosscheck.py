"""Chicken Foot in OpenSpiel (``python_chicken_foot``) against our engine, over many games.

Run by hand:

    .venv/bin/python bench/openspiel_crosscheck.py [--games 4000] [--length single]

Every preset, 2 to 8 players in turn, seeds 0, 1, 2, ...: our match deals each round from
its seed, OpenSpiel is given the same tiles through its chance nodes (the draws for the
start, the deal, every tile drawn), and at every turn both must offer the same legal actions
(as OpenSpiel's integers); a random one is played in both. Both must end every round the
same way and the game with the same points. Prints the games and actions checked, the ends
seen and the time taken; stops at the first difference.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable
from random import Random
from typing import Any

import pyspiel

from chickenfoot.core import Draw, Match
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.rules import PRESETS, RoundDouble
from chickenfoot.interop.openspiel import NAME


def give(state: Any, index: int) -> None:
    outcomes = dict(state.chance_outcomes())
    if index not in outcomes:
        raise AssertionError(f"OpenSpiel cannot deal tile {index} now: {sorted(outcomes)}")
    state.apply_action(index)


def check_game(preset: str, players: int, length: str, seed: int, ends: Counter[str]) -> int:
    """One game in both engines; the actions taken."""
    game = pyspiel.load_game(NAME, {"preset": preset, "players": players, "length": length})
    spec = game.spec
    rules = PRESETS[preset].with_options(length=length)
    match = Match([str(s) for s in range(players)], rules, seed)
    state = game.new_initial_state()
    rng = Random(seed)
    taken = 0
    while not match.is_over:
        round_ = match.deal_next(round_rng(seed, len(match.rounds)))
        dealt = round_.dealt
        found = rules.round_double is RoundDouble.FOUND
        starts = [t.index for _, t in dealt.start_draw]
        for index in [*(starts if found else []), *(t.index for h in dealt.hands for t in h)]:
            give(state, index)
        for index in [] if found else starts:
            give(state, index)
        while round_.end is None:
            legal = {spec.action_id(a): a for a in round_.legal_actions()}
            if state.current_player() != round_.turn or state.legal_actions() != sorted(legal):
                raise AssertionError(f"{preset} {players} seed {seed}: legal actions differ")
            action_id = rng.choice(sorted(legal))
            state.apply_action(action_id)
            if isinstance(legal[action_id], Draw):
                upcoming = round_.upcoming_draw()
                assert upcoming is not None
                give(state, upcoming.index)
            match.apply(legal[action_id])
            taken += 1
        assert round_.end is not None
        ends[round_.end.value] += 1
    if not state.is_terminal() or state.returns() != [float(-t) for t in match.totals()]:
        raise AssertionError(f"{preset} {players} seed {seed}: the points differ")
    return taken


def main() -> None:
    crosscheck(__doc__ or "", check_game)


def crosscheck(doc: str, check: Callable[[str, int, str, int, Counter[str]], int]) -> None:
    """The command line of a side-by-side check: ``check(preset, players, length, seed,
    ends)`` plays one game, counts how its rounds end in ``ends`` and gives the actions taken
    (bench/pettingzoo_crosscheck.py uses it too)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--length", default="single", choices=["single", "half", "full"])
    args = parser.parse_args()
    kinds = [(preset, players) for preset in PRESETS for players in range(2, 9)]
    ends: Counter[str] = Counter()
    actions = 0
    start = time.perf_counter()
    for seed in range(args.games):
        preset, players = kinds[seed % len(kinds)]
        actions += check(preset, players, args.length, seed, ends)
    spent = time.perf_counter() - start
    print(
        f"{args.games} games ({args.length}; {len(PRESETS)} presets x 2-8 players) checked move "
        f"by move: {actions} actions, rounds ending {dict(ends)}, in {spent:.1f} s "
        f"({args.games / spent:.0f} games/s)"
    )


if __name__ == "__main__":
    main()
