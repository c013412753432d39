"""Random playouts of classic rounds through the search path (FastRound), on one core.

Run by hand:  .venv/bin/python bench/playouts.py [--seconds 5]
Each round is a fresh random deal (set aside the round's double, shuffle, deal) played to
its end by the playout loop search-based bots run (chickenfoot.bots.playout). Prints
rounds/s and actions/s per player count, and the 4-player figure against its target.
"""

from __future__ import annotations

import argparse
import time
from random import Random

from chickenfoot.bots.playout import chickenfoot_playout
from chickenfoot.core import CLASSIC, FastRound, Tile, full_set

TARGET_4P = 10_000


def measure(players: int, seconds: float, seed: int) -> tuple[float, float]:
    """Rounds and actions per second over about ``seconds``: a fresh deal and a playout each
    round."""
    rng = Random(seed)
    top = CLASSIC.set_top(players)
    size = CLASSIC.hand_size(players)
    centre = Tile(top, top)
    tiles = [t.index for t in full_set(top) if t != centre]
    done = 0
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            rng.shuffle(tiles)
            hands = [0] * players
            for s in range(players):
                mask = 0
                for i in tiles[s * size : (s + 1) * size]:
                    mask |= 1 << i
                hands[s] = mask
            r = FastRound.start(
                top=top,
                double=top,
                hands=hands,
                boneyard=tiles[players * size :],
                first=0,
                centre_toes=CLASSIC.centre_toes,
                foot_toes=CLASSIC.foot_toes,
                undrawn=0,
                drawn_must_play=CLASSIC.drawn_tile_must_be_played,
                blank_points=CLASSIC.double_blank_points,
                double_out_points=CLASSIC.double_out_points,
                placed=True,
            )
            chickenfoot_playout(r, rng)
            actions += r.plies
        done += 200
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start), actions / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per player count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'players':>7} {'rounds/s':>10} {'actions/round':>14} {'actions/s':>11}")
    for players in (2, 4, 6, 8):
        rate, action_rate = measure(players, args.seconds, args.seed)
        print(f"{players:>7} {rate:>10,.0f} {action_rate / rate:>14.1f} {action_rate:>11,.0f}")
        if players == 4:
            four = rate
    print(
        f"4-player target {TARGET_4P:,} rounds/s: measured {four:,.0f} "
        f"(ratio {four / TARGET_4P:.2f})"
    )


if __name__ == "__main__":
    main()
