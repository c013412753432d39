"""The block game's speed beside the `dominoes` package (abw333's, on PyPI), which plays the
same game: four players in two partnerships, the double-6 set dealt out, seven tiles each,
no drawing, a blocked hand decided by pips.

Run by hand, on an otherwise idle machine (one core at a time):

    .venv/bin/pip install dominoes==6.1.0     # once, into any virtual environment
    .venv/bin/python bench/block.py [--games 20000] [--repeat 1] [--dominoes-python PATH]

Times, in this order: ``dominoes`` playing uniformly random legal moves (in the Python that
``--dominoes-python`` names, default this one; skipped with a note if it cannot import the
package); this engine's own loop, ``StandardGame`` with a uniformly random legal action at
each turn, in process; the matches ``simulate`` plays (``play_simulated_match`` between
random players, and each match's summary line), in process; ``chickenfoot simulate --game
block --players 4 -o partnership=true`` as a whole process (its random players, the summary
at the end; Python's start-up and the imports included). Every line runs the code of the
checkout this file lives in (its ``src`` first on ``PYTHONPATH``), in this Python. With
``--repeat R`` each keeps its fastest of R runs. Prints games per second and the ratios to
``dominoes``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src"

DOMINOES = """
import random, sys, time
import dominoes
games = int(sys.argv[1])
rng = random.Random(1)
start = time.perf_counter()
for _ in range(games):
    game = dominoes.Game.new()
    while game.result is None:
        game.make_move(*rng.choice(game.valid_moves))
print(time.perf_counter() - start)
"""

ENGINE = """
import random, sys, time
from chickenfoot.core.standard import StandardGame, StandardRules
games = int(sys.argv[1])
rng = random.Random(1)
rules = StandardRules.for_game("block", players=4, partnership=True)
start = time.perf_counter()
for _ in range(games):
    game = StandardGame(["a", "b", "c", "d"], rules)
    while not game.is_over:
        hand = game.deal_next(rng)
        while hand.end is None:
            legal = hand.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
print(time.perf_counter() - start)
"""

SIMULATED = """
import sys, time
from chickenfoot.arena import simulation_result
from chickenfoot.core.games import make_rules
from chickenfoot.play import play_simulated_match
games = int(sys.argv[1])
rules = make_rules("block", 4, options={"partnership": True})
start = time.perf_counter()
for k in range(1, games + 1):
    match, _ = play_simulated_match(["random"] * 4, rules, k)
    simulation_result(k, match)
print(time.perf_counter() - start)
"""


def this_checkout() -> dict[str, str]:
    """The environment with this checkout's sources first on ``PYTHONPATH``."""
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(SOURCES), *([path] if path else [])])}


def in_process(python: str, code: str, games: int) -> float | None:
    """Seconds ``code`` took for ``games`` games in a fresh ``python`` (None: it failed)."""
    command = [python, "-c", code, str(games)]
    done = subprocess.run(command, capture_output=True, text=True, env=this_checkout())
    if done.returncode != 0:
        print(f"  ({python}: {done.stderr.strip().splitlines()[-1]})")
        return None
    return float(done.stdout)


def whole_process(games: int) -> float:
    command = [sys.executable, "-m", "chickenfoot", "simulate", "--game", "block"]
    command += ["--players", "4", "-o", "partnership=true", "--matches", str(games)]
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=this_checkout())
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--dominoes-python", default=sys.executable)
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")

    def fastest(measure: Callable[[], float | None]) -> float | None:
        known = [t for t in (measure() for _ in range(args.repeat)) if t is not None]
        return min(known) if known else None

    n = args.games
    rows = [
        (
            "dominoes 6.1.0, in process",
            fastest(lambda: in_process(args.dominoes_python, DOMINOES, n)),
        ),
        ("StandardGame loop, in process", fastest(lambda: in_process(sys.executable, ENGINE, n))),
        (
            "simulate's matches, in process",
            fastest(lambda: in_process(sys.executable, SIMULATED, n)),
        ),
        ("chickenfoot simulate, whole process", fastest(lambda: whole_process(n))),
    ]
    base = rows[0][1]
    print(f"{n:,} random games of partnership block (4 players, double-6, 7 tiles each)")
    for name, seconds in rows:
        if seconds is None:
            print(f"  {name:38} skipped")
            continue
        ratio = f"   {base / seconds:.2f} x dominoes" if base else ""
        print(f"  {name:38} {n / seconds:9,.0f} games/s{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
