"""The largest records a legal match makes, and what ``POST /api/replay`` answers for them:
the size a server must accept (``RECORD_REQUEST_LIMIT`` in ``chickenfoot.server.app``).

Run by hand:

    PYTHONPATH=src .venv/bin/python bench/records.py [--seeds 10] [--served SRC]

Plays whole matches of uniformly random legal actions (which draw and pass more than any
bot, so their records are the longest) at the most players each preset and game allows, the
full match length, ``--seeds`` of each; prints each one's largest record in bytes, as the
server writes it (compact) and as ``json.dumps(indent=2)`` writes it, its entries, the size
of the replay's answer and the time it took, and the record limit beside them.

With ``--served SRC`` it also starts ``chickenfoot serve`` of the checkout whose ``src``
folder that is (its ``PYTHONPATH``; an earlier checkout measures the server before a change)
and sends it the largest record of all: once as it is, then three times at once written with
indents; prints each answer's size and time, and the process's memory before and its peak
after (Linux's ``/proc``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
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


def memory(pid: int, field: str) -> str:
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith(field))
    return f"{int(line.split()[1]) // 1024} MB"


def replayed(url: str, body: bytes, answers: list[str]) -> None:
    request = urllib.request.Request(
        url + "/api/replay", body, headers={"Content-Type": "application/json"}, method="POST"
    )
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            status, size = response.status, len(response.read())
    except urllib.error.HTTPError as refused:
        status, size = refused.code, len(refused.read())
    answers.append(f"{status}: {size:,} bytes in {time.monotonic() - started:.2f} s")


def served(src: Path, record: dict[str, Any]) -> None:
    chickenfoot = Path(sys.executable).parent / "chickenfoot"
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [str(chickenfoot), "serve", "--port", "0", "--data", data],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONPATH": str(src.resolve())},
        )
        assert server.stdout is not None
        url = "http://" + server.stdout.readline().split("http://", 1)[1].split("/", 1)[0]
        try:
            print(f"served from {src}: memory {memory(server.pid, 'VmRSS')} before")
            once: list[str] = []
            replayed(url, json.dumps(record).encode(), once)
            print(f"one replay of {len(json.dumps(record)):,} bytes: {once[0]}")
            indented = json.dumps(record, indent=2).encode()
            together: list[str] = []
            threads = [
                threading.Thread(target=replayed, args=(url, indented, together)) for _ in range(3)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            print(f"three at once of {len(indented):,} bytes: {'; '.join(together)}")
            print(f"peak memory {memory(server.pid, 'VmHWM')}")
        finally:
            server.terminate()
            server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--served", type=Path, default=None)
    args = parser.parse_args()
    seeds = args.seeds
    largest_of_all: dict[str, Any] = {}
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
        if compact > len(json.dumps(largest_of_all)):
            largest_of_all = largest
        print(
            f"{name:<12} {players:>7} {compact:>9,} {indented:>9,} {len(answer):>10,} {took:6.3f}"
        )

    if args.served is not None:
        served(args.served, largest_of_all)


if __name__ == "__main__":
    main()
