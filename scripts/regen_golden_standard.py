"""The golden records of the standard games (tests/golden/standard/standard-*.json), which
scripts/regen_golden.py writes with the others.

Each record is a whole game of uniformly random legal actions, dealt and played from one seed.
The tests compare what the engine produces now with these files, so a change in behaviour
shows as a diff to review (git diff tests/golden/standard). They live in a directory of their
own because tests/golden/*.json are Chicken Foot records.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

from chickenfoot.core.standard import StandardGame, StandardRules, to_record

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_STANDARD = ROOT / "tests" / "golden" / "standard"

GOLDEN_GAMES: dict[str, tuple[str, int, int, dict[str, Any]]] = {
    "standard-draw-2p": ("draw", 2, 1, {}),
    "standard-draw-4p-double-9": ("draw", 4, 2, {"set_top": 9}),
    "standard-block-3p": ("block", 3, 3, {}),
    "standard-block-partners": ("block", 4, 4, {"partnership": True}),
    "standard-all-fives-2p": ("all-fives", 2, 5, {}),
    "standard-all-fives-partners": ("all-fives", 4, 6, {"partnership": True}),
    "standard-bergen-3p": ("bergen", 3, 7, {}),
}
"""name: (game, players, seed, other options)."""


def random_game(game: str, players: int, seed: int, **options: Any) -> StandardGame:
    """A whole game of uniformly random legal actions, dealt and played from ``seed``."""
    rules = StandardRules.for_game(game, players=players, **options)
    rng = Random(seed)
    played = StandardGame([f"p{s}" for s in range(players)], rules, seed)
    while not played.is_over:
        hand = played.deal_next(rng)
        while hand.end is None:
            played.apply(rng.choice(hand.legal_actions()))
    return played


def expected_file(path: Path) -> str:
    """The golden record ``path`` (one of :data:`GOLDEN_GAMES`) as the code plays it now."""
    game, players, seed, options = GOLDEN_GAMES[path.stem]
    return json.dumps(to_record(random_game(game, players, seed, **options)), indent=1) + "\n"


def expected_files() -> dict[Path, str]:
    return {
        GOLDEN_STANDARD / f"{name}.json": expected_file(GOLDEN_STANDARD / f"{name}.json")
        for name in GOLDEN_GAMES
    }
