"""Regenerate the golden records (tests/golden/*.json and, of the standard games,
tests/golden/standard/*.json), the perft table (tests/perft.txt) and the JSON Schema of the
table's messages (docs/table.schema.json), of the game socket's frames
(docs/protocol.schema.json) and of ``chickenfoot analyse --json`` (docs/analysis.schema.json).

    .venv/bin/python -m scripts.regen_golden          # rewrite the files
    .venv/bin/python -m scripts.regen_golden --check  # exit 1 if any file would change

The tests compare what the engine produces now with these files, so a change in behaviour
shows as a diff to review (git diff tests/golden tests/perft.txt).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from random import Random

from chickenfoot import analysis
from chickenfoot.core import CLASSIC, Match, RoundState, preset, to_record
from chickenfoot.core.wire import schema
from chickenfoot.play import play_match
from chickenfoot.server import frames
from scripts.regen_golden_standard import expected_files as standard_files

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
PERFT = ROOT / "tests" / "perft.txt"
SCHEMA = ROOT / "docs" / "table.schema.json"
PROTOCOL_SCHEMA = ROOT / "docs" / "protocol.schema.json"
ANALYSIS_SCHEMA = ROOT / "docs" / "analysis.schema.json"

GOLDEN_MATCHES: dict[str, tuple[list[str], str, int, str]] = {
    "2p-single-random": (["random", "random"], "single", 1, "classic"),
    "3p-full-greedy-random": (["greedy", "random", "greedy"], "full", 11, "classic"),
    "4p-half-greedy": (["greedy"] * 4, "half", 2, "classic"),
    "7p-single-random": (["random"] * 7, "single", 3, "classic"),
    "8p-single-mixed": (["random", "greedy"] * 4, "single", 4, "classic"),
    "spruce-4p-half-heuristic": (["heuristic", "greedy"] * 2, "half", 5, "spruce"),
    "wikipedia-3p-single-random": (["random"] * 3, "single", 6, "wikipedia"),
    "reeves-2p-half-random": (["random", "greedy"], "half", 7, "reeves"),
}

PERFT_POSITIONS = [
    (n, seed, plies) for n in (2, 4, 6, 8) for seed in (1, 2) for plies in (0, 9, 20, 30)
]
PERFT_DEPTH = 4


def golden_record(name: str) -> str:
    bots, length, seed, preset_name = GOLDEN_MATCHES[name]
    match = play_match(bots, preset(preset_name).with_options(length=length), seed)
    return json.dumps(to_record(match), indent=1) + "\n"


def perft(state: RoundState, depth: int) -> int:
    """Leaves of the action tree ``depth`` actions deep (an ended round is one leaf)."""
    if depth == 0 or state.end is not None:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def perft_position(players: int, seed: int, plies: int) -> RoundState:
    """Round 1 dealt from ``seed``, then ``plies`` uniformly random legal actions."""
    rng = Random(seed)
    match = Match(["p"] * players, CLASSIC)
    state = match.deal_next(rng)
    for _ in range(plies):
        if state.end is not None:
            break
        match.apply(rng.choice(state.legal_actions()))
    return state


def perft_table() -> str:
    lines = ["# players seed plies: perft(1) .. perft(4)  (scripts/regen_golden.py)"]
    for players, seed, plies in PERFT_POSITIONS:
        state = perft_position(players, seed, plies)
        counts = " ".join(str(perft(state, d)) for d in range(1, PERFT_DEPTH + 1))
        lines.append(f"{players} {seed} {plies}: {counts}")
    return "\n".join(lines) + "\n"


def expected_paths() -> list[Path]:
    """The Chicken Foot golden records, the perft table and the schemas."""
    return [*(GOLDEN / f"{name}.json" for name in GOLDEN_MATCHES), PERFT, SCHEMA, PROTOCOL_SCHEMA]


def expected_file(path: Path) -> str:
    """What one of :func:`expected_paths` holds when the code is as it is now."""
    if path == PERFT:
        return perft_table()
    if path == SCHEMA:
        return json.dumps(schema(), indent=1, sort_keys=True) + "\n"
    if path == PROTOCOL_SCHEMA:
        return json.dumps(frames.schema(), indent=1, sort_keys=True) + "\n"
    return golden_record(path.stem)


def expected_files() -> dict[Path, str]:
    return {path: expected_file(path) for path in expected_paths()}


def analysis_files() -> dict[Path, str]:
    """The JSON Schema of ``chickenfoot analyse --json`` as the code makes it now."""
    return {ANALYSIS_SCHEMA: json.dumps(analysis.schema(), indent=1, sort_keys=True) + "\n"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report differences")
    args = parser.parse_args()
    changed = []
    for path, text in {**expected_files(), **standard_files(), **analysis_files()}.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            changed.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    for path in changed:
        print(f"{'differs' if args.check else 'wrote'}: {path.relative_to(ROOT)}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
