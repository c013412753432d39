"""The strength table: every level against three greedy players, and every level against
the level below it, in 4-player classic single rounds. Run by hand (it takes a while):

    .venv/bin/python bench/strength.py [--rounds 2000] [--workers 2] [--out bench/strength.json]

Prints a Markdown table for bench/RESULTS.md and the significance of each level over the one
below it (one-sided paired test on the per-round difference of win shares, seats of the two
levels alternating and rotated so each sits in every seat equally).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import time
from pathlib import Path

from chickenfoot.arena import MatchResult, Tally, plan, run, win_shares
from chickenfoot.bots import LEVELS
from chickenfoot.core import CLASSIC

RULES = CLASSIC.with_options(length="single")


def play(lineup: list[str], rounds: int, seed: int, workers: int) -> list[MatchResult]:
    results: list[MatchResult] = []
    run(plan(lineup, rounds, seed, RULES, None), workers, results.append)
    return sorted(results, key=lambda r: r.number)


def against_greedy(level: str, rounds: int, workers: int) -> dict[str, object]:
    lineup = [level, "greedy", "greedy", "greedy"]
    started = time.perf_counter()
    results = play(lineup, rounds, 1, workers)
    tally = Tally(lineup, 1, RULES)
    for r in results:
        tally.add(r)
    report = {b.bot: b for b in tally.report().bots}[level]
    return {
        "level": level,
        "rounds": report.rounds,
        "round_win_share": report.round_win_share,
        "mean_points": report.points.mean,
        "mean_points_ci95": report.points.interval,
        "ms_per_move_mean": report.ms_per_move,
        "ms_per_move_p95": report.ms_per_move_p95,
        "seconds": time.perf_counter() - started,
    }


def against_lower(upper: str, lower: str, rounds: int, workers: int) -> dict[str, object]:
    lineup = [upper, lower, upper, lower]
    results = play(lineup, rounds, 100_001, workers)
    diffs = []
    shares = {upper: 0.0, lower: 0.0}
    for r in results:
        for points in r.points:
            won = win_shares(points)
            mine = float(sum(w for s, w in enumerate(won) if r.seats[s] == upper))
            theirs = float(sum(w for s, w in enumerate(won) if r.seats[s] == lower))
            shares[upper] += mine
            shares[lower] += theirs
            diffs.append(mine - theirs)
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs)
    z = mean / (sd / math.sqrt(len(diffs)))
    p = 0.5 * math.erfc(z / math.sqrt(2))
    return {
        "upper": upper,
        "lower": lower,
        "rounds": len(diffs),
        "upper_win_share": shares[upper] / len(diffs),
        "lower_win_share": shares[lower] / len(diffs),
        "z": z,
        "p_one_sided": p,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("bench/strength.json"))
    args = parser.parse_args()
    levels = list(LEVELS)
    table = []
    print("| level | vs 3 greedy: rounds won | mean points (95% CI) | ms/move mean | p95 |")
    print("|---|---|---|---|---|")
    for level in levels:
        row = against_greedy(level, args.rounds, args.workers)
        table.append(row)
        low, high = row["mean_points_ci95"]  # type: ignore[misc]
        print(
            f"| {level} | {row['round_win_share']:.1%} | {row['mean_points']:.1f} "
            f"({low:.1f}-{high:.1f}) | {row['ms_per_move_mean']:.2f} | "
            f"{row['ms_per_move_p95']:.2f} |",
            flush=True,
        )
    duels = []
    print("\n| level | vs level below | its rounds won | theirs | z | p (one-sided) |")
    print("|---|---|---|---|---|---|")
    for lower, upper in itertools.pairwise(levels):
        duel = against_lower(upper, lower, args.rounds, args.workers)
        duels.append(duel)
        print(
            f"| {upper} | {lower} | {duel['upper_win_share']:.1%} | "
            f"{duel['lower_win_share']:.1%} | {duel['z']:.1f} | {duel['p_one_sided']:.1e} |",
            flush=True,
        )
    args.out.write_text(json.dumps({"against_greedy": table, "duels": duels}, indent=1) + "\n")
    print(f"\nwritten: {args.out}")


if __name__ == "__main__":
    main()
