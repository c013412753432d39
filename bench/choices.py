"""How bots choose among the tiles they can play: how often each plays a double when it can,
and the heaviest tile, against what a uniformly random choice would give. The expert's
playouts model the other seats on what this shows of searching players.

    .venv/bin/python bench/choices.py --bots expert,flatmc,expert,flatmc --rounds 60 --millis 20

Counted: every turn of a seat with two tiles or more it can play on an open end (a foot's
toes are left out: there a double never fits). "a double" counts only the turns on which
one of those tiles is a double. Single classic rounds, a seat for each name of ``--bots``
(2 to 8), dealt from seeds ``--seed``, ``--seed`` + 1, ...; each bot asked with
``Limit(millis=--millis)``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from headtohead import known_bots, make  # noqa: E402

from chickenfoot.bots import Limit  # noqa: E402
from chickenfoot.core import CLASSIC, Play  # noqa: E402
from chickenfoot.core.fast import weights  # noqa: E402
from chickenfoot.core.games import new_match, view  # noqa: E402
from chickenfoot.core.pieces import round_rng  # noqa: E402
from chickenfoot.play import seat_seed  # noqa: E402


def count(names: Sequence[str], rounds: int, seed: int, millis: float) -> Counter[tuple[str, str]]:
    """Per bot name: turns with a choice, heaviest chosen (and expected at random), turns
    with a double to play, doubles chosen (and expected at random)."""
    rules = CLASSIC.with_options(length="single")
    weight = weights(rules.double_blank_points)
    limit = Limit(millis=millis)
    out: Counter[tuple[str, str]] = Counter()
    for k in range(rounds):
        deal = seed + k
        bots = [make(name, seat_seed(deal, s), millis) for s, name in enumerate(names)]
        match = new_match([f"bot:{b.name}" for b in bots], rules, deal)
        state = match.deal_next(round_rng(deal, 0))
        while state.end is None:
            seat = state.turn
            seen = view(match, seat, state)
            action = bots[seat].choose(seen, limit)
            tiles = {a.tile for a in seen.legal if isinstance(a, Play) and a.on is not None}
            if len(tiles) > 1 and not seen.foot and isinstance(action, Play):
                name = names[seat]
                top = max(weight[t.index] for t in tiles)
                out[name, "turns"] += 1
                out[name, "heaviest"] += weight[action.tile.index] == top
                out[name, "heaviest at random"] += sum(weight[t.index] == top for t in tiles) / len(
                    tiles
                )
                doubles = sum(t.is_double for t in tiles)
                if doubles:
                    out[name, "double turns"] += 1
                    out[name, "double"] += action.tile.is_double
                    out[name, "double at random"] += doubles / len(tiles)
            match.apply(action)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="expert,flatmc,expert,flatmc", help="one per seat")
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--millis", type=float, default=20.0, help="ms per move")
    parser.add_argument("--seed", type=int, default=90000)
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    unknown = [n for n in names if n not in known_bots() and not n.startswith("mc:")]
    if unknown or not 2 <= len(names) <= 8:
        parser.error(f"2 to 8 bots from {', '.join(known_bots())} (unknown: {unknown})")
    found = count(names, args.rounds, args.seed, args.millis)
    print(f"{args.rounds} rounds, {len(names)} players, {args.millis:g} ms per move")
    print(
        "| bot | turns with a choice | heaviest (at random) | turns with a double"
        " | double (at random) |"
    )
    print("|---|---|---|---|---|")
    for name in dict.fromkeys(names):
        turns, doubles = found[name, "turns"], found[name, "double turns"]
        print(
            f"| {name} | {turns} | {found[name, 'heaviest'] / max(turns, 1):.0%} "
            f"({found[name, 'heaviest at random'] / max(turns, 1):.0%}) | {doubles} | "
            f"{found[name, 'double'] / max(doubles, 1):.0%} "
            f"({found[name, 'double at random'] / max(doubles, 1):.0%}) |"
        )


if __name__ == "__main__":
    main()
