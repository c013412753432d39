"""Building positions for the tests from tiles written as text."""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Callable
from random import Random
from typing import Any

from chickenfoot.core import CLASSIC, Action, Deal, Draw, Match, Play, RoundState, Rules, Tile
from chickenfoot.core.games import new_match


def examples(count: int) -> int:
    """``count`` Hypothesis examples: ten times as many under the ``explore`` profile, a fifth
    under ``mutation``."""
    profile = os.environ.get("HYPOTHESIS_PROFILE")
    if profile == "explore":
        return count * 10
    return max(2, count // 5) if profile == "mutation" else count


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def make_round(
    double: int,
    hands: list[str],
    boneyard: str = "",
    first: int = 0,
    rules: Rules = CLASSIC,
) -> RoundState:
    """A round with exactly these hands and boneyard (next draw first)."""
    return RoundState(rules, double, first, Deal(tuple(tiles(h) for h in hands), tiles(boneyard)))


def random_match(players: int, seed: int, rules: Rules = CLASSIC) -> Match:
    """A whole match of uniformly random legal actions, dealt and played from ``seed``."""
    rng = Random(seed)
    match = Match([f"p{s}" for s in range(players)], rules, seed)
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            match.apply(rng.choice(state.legal_actions()))
    return match


def record_form(state: Any, action: Action) -> dict[str, Any]:
    """``action`` of the seat to act in ``state`` as the record (and the oracle) writes it."""
    seat = state.turn
    if isinstance(action, Play):
        return {"seat": seat, "play": str(action.tile), "on": action.on}
    if isinstance(action, Draw):
        return {"seat": seat, "draw": str(state.upcoming_draw())}
    return {"seat": seat, "pass": True}


def assert_legal_actions_are(match: Any, expected: list[list[list[dict[str, Any]]]]) -> None:
    """Replaying ``match`` round by round, its legal actions before every action (and none
    after the last) are ``expected`` (the oracle's ``legal_action_lists`` of its record)."""
    replayed = new_match(match.players, match.rules)
    for k, state in enumerate(match.rounds):
        position = replayed.start_round(state.dealt)
        for j, event in enumerate(state.history):
            assert [record_form(position, a) for a in position.legal_actions()] == expected[k][j]
            replayed.apply(event.action)
        assert position.legal_actions() == [] and expected[k][-1] == []


def values_in(value: Any) -> list[Any]:
    """``value`` and everything reachable from it through dataclass fields and containers
    (in no particular order)."""
    out: list[Any] = []
    stack = [value]
    while stack:
        found = stack.pop()
        out.append(found)
        if isinstance(found, (tuple, list)):
            stack.extend(found)
        elif not isinstance(found, type) and (names := _field_names(type(found))):
            stack.extend(getattr(found, name) for name in names)
    return out


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    """The names of a dataclass's fields (none: not a dataclass)."""
    return tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else ()


DELETE = object()
"""The value :func:`set_at` takes to delete the key instead."""


def set_at(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change of a record (JSON data): the value at ``path`` (keys and list indexes joined
    by dots, ``rounds.0.end``) set to ``value``, or deleted with :data:`DELETE`."""

    def change(record: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = record
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        if value is DELETE:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value

    return change
