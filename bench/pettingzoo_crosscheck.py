"""Chicken Foot as a PettingZoo environment against our engine, over many games.

Run by hand (it needs the dev extra: pytest, pettingzoo and open-spiel):

    .venv/bin/python bench/pettingzoo_crosscheck.py [--games 4000] [--length single]

Every preset, 2 to 8 players in turn, seeds 0, 1, 2, ...: each game is played by
``play_both`` of tests/test_pettingzoo_env.py, the environment and a match of ours dealt from
the same seed side by side: at every turn the agent to act must be the seat to act and its
action mask the engine's legal actions, the waiting agents' masks empty; every round must
end at the same move with rewards of minus its points, the match with every agent
terminated. Prints the games and actions checked, the ends seen and the time taken; stops at
the first difference (an ``AssertionError``: do not run it with ``python -O``).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from openspiel_crosscheck import crosscheck

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_pettingzoo_env import play_both


def check_game(preset: str, players: int, length: str, seed: int, ends: Counter[str]) -> int:
    """One game in the environment and in our engine; the actions taken."""
    match = play_both(preset, players, seed, length)
    ends.update(r.end.value for r in match.rounds if r.end is not None)
    return sum(len(r.history) for r in match.rounds)


if __name__ == "__main__":
    crosscheck(__doc__ or "", check_game)
