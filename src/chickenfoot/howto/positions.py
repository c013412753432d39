"""Real positions for the pictures of "How to play": seeded rounds played out until the
moment each picture shows.

A round is dealt from a seed by :class:`~chickenfoot.core.table.Table`, as every match is,
and played by a fixed policy (the heaviest tile that fits, else draw, else pass), so the same
rules and player count always give the same positions. Of the first :data:`SEEDS` seeds, each
picture takes the position with the fewest tiles on the board, the easiest to read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from chickenfoot.core.actions import Action, Play
from chickenfoot.core.pieces import RoundEnd
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import Rules
from chickenfoot.core.table import Table
from chickenfoot.core.wire import Snapshot

PictureName = Literal["centre-foot", "foot-waiting", "blocked"]
PICTURES: tuple[PictureName, ...] = ("centre-foot", "foot-waiting", "blocked")
SEEDS = 40
"""How many seeds are tried for each picture."""


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of a seeded round, as a spectator sees it."""

    name: PictureName
    seed: int
    players: int
    snapshot: Snapshot


def policy(state: RoundState) -> Action:
    """The heaviest tile that fits (the lowest target of equals), else draw, else pass."""
    legal = state.legal_actions()
    plays = [action for action in legal if isinstance(action, Play)]
    if plays:
        return max(plays, key=lambda a: (a.tile.pips, a.tile.index, -(a.on or 0)))
    return legal[0]


def _moments(rules: Rules, players: int, seed: int) -> dict[PictureName, tuple[int, int]]:
    """The first moment of round 1 that each picture shows, if the round reaches it: how many
    actions were taken then, and how many tiles lie on the board. Played on the match alone
    (the table's histories are only needed for the few moments shown: :func:`_snapshot`)."""
    match = Table([f"seat {s}" for s in range(players)], rules, seed).match
    state = match.rounds[-1]
    assert isinstance(state, RoundState)
    found: dict[PictureName, tuple[int, int]] = {}
    taken = 0
    while state.end is None:
        match.apply(policy(state))
        taken += 1
        moment = (taken, state.placed_count)
        if state.end is not None:
            if state.end is RoundEnd.BLOCKED:
                found["blocked"] = moment
            break
        foot = state.incomplete_foot()
        if "centre-foot" not in found and state.centre_placed and foot is None:
            found["centre-foot"] = moment
        if "foot-waiting" not in found and foot is not None and foot[0] != 0 and foot[2] == 1:
            found["foot-waiting"] = moment
    return found


def _snapshot(rules: Rules, players: int, seed: int, taken: int) -> Snapshot:
    """What a spectator sees of the seeded round after its first ``taken`` actions."""
    table = Table([f"seat {s}" for s in range(players)], rules, seed)
    state = table.match.rounds[-1]
    assert isinstance(state, RoundState)
    for _ in range(taken):
        seat = table.turn
        assert seat is not None
        table.act(seat, policy(state))
    return table.snapshot(None)


@lru_cache(maxsize=64)
def positions(rules: Rules, players: int) -> dict[PictureName, Position]:
    """Each picture's position for ``rules`` at a table of ``players`` (round 1; a picture
    no seed reaches is left out)."""
    single = rules.with_options(length="single", target_total=0)
    best: dict[PictureName, tuple[int, int, int]] = {}  # (tiles on the board, seed, taken)
    for seed in range(SEEDS):
        for name, (taken, tiles) in _moments(single, players, seed).items():
            known = best.get(name)
            if known is None or tiles < known[0]:
                best[name] = (tiles, seed, taken)
    found: dict[PictureName, Position] = {}
    for name in PICTURES:
        if name in best:
            _, seed, taken = best[name]
            found[name] = Position(name, seed, players, _snapshot(single, players, seed, taken))
    return found
