"""The largest records a legal match makes, and what ``POST /api/replay`` answers for them:
the size a server must accept (``RECORD_REQUEST_LIMIT`` in ``chickenfoot.server.app``).

Run by hand:

    PYTHONPATH=src .venv/bin/python bench/records.py [--seeds 10]

Plays whole matches of uniformly random legal actions (which draw and pass more than any
bot, so their records are the longest) at the most players each preset and game allows, the
full match length, ``--seeds`` of each; prints each one's largest record in bytes, as the
server writes it (compact) and as ``json.dumps(indent=2)`` writes it, its entries, the size
of the replay's answer and the time it took, and the record limit beside them.
"""

from __future__ import annotations

import argparse
import json
import time
from random import Random
from typing import Any

from chickenfoot.core import games
from chickenfoot.core.rules import PRESETS
from chickenfoot.core.standard.rules import GAMES, STANDARD_PLAYERS, StandardRules
from chickenfoot.server.app import RECORD_REQUEST_LIMIT, replay_json


def played(rules: Any, players: int, seed: int) -> dict[str, Any]:
    rng = Random(seed)
    match = games.new_match([f"player {s + 1}" for s in range(players)], rules, seed)
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            match.apply(rng.choice(state.legal_actions()))
    return games.to_record(match)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=10)
    seeds = parser.parse_args().seeds
    kinds: list[tuple[str, Any, int]] = [
        (name, rules.with_options(length="full"), rules.max_players)
        for name, rules in PRESETS.items()
    ]
    for name in GAMES:
        for players in range(2, STANDARD_PLAYERS + 1):
            try:
                kinds.append((name, StandardRules.for_game(name, players=players), players))
            except ValueError:  # a game not played by that many
                continue
    print(f"record limit {RECORD_REQUEST_LIMIT:,} bytes; {seeds} matches of each")
    print(f"{'game':<12} {'players':>7} {'record':>9} {'indented':>9} {'answer':>10} {'s':>6}")
    for name, rules, players in kinds:
        records = [played(rules, players, seed) for seed in range(seeds)]
        largest = max(records, key=lambda r: len(json.dumps(r)))
        started = time.perf_counter()
        answer = replay_json(largest)
        took = time.perf_counter() - started
        compact, indented = len(json.dumps(largest)), len(json.dumps(largest, indent=2))
        print(
            f"{name:<12} {players:>7} {compact:>9,} {indented:>9,} {len(answer):>10,} {took:6.3f}"
        )


if __name__ == "__main__":
    main()
