"""The table's view as a bot reads it (docs/BOTS.md): what each action showed, the numbers
each seat is known to lack, the plays grouped by number, and the page that documents it."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from random import Random
from typing import Any

import pytest

from chickenfoot.core.games import make_rules
from chickenfoot.core.table import Table
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import Snapshot, schema

ROOT = Path(__file__).resolve().parent.parent
GAMES = [
    ("chickenfoot", "classic"),
    ("chickenfoot", "wikipedia"),
    ("chickenfoot", "reeves"),
    ("draw", None),
    ("all-fives", None),
]


def played(game: str, preset: str | None, seed: int) -> list[tuple[list[list[Tile]], Snapshot]]:
    """A single round (hand) of 3 seats, random legal actions; after each action every hand
    and the view of the seat to act."""
    options = {"length": "single"} if game == "chickenfoot" else {"target": 1}
    table = Table(["a", "b", "c"], make_rules(game, 3, preset, options), seed)
    rng = Random(seed)
    seen = []
    while not table.is_over and len(table.match.rounds) == 1:
        state = table.match.rounds[-1]
        table.act(state.turn, rng.choice(state.legal_actions()))
        if table.turn is not None and len(table.match.rounds) == 1:
            hands = [state.hand(s) for s in range(3)]
            seen.append((hands, table.snapshot(table.turn)))
    return seen


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_no_seat_holds_a_number_it_is_said_to_lack(game: str, preset: str | None) -> None:
    said = 0
    for seed in range(8):
        for hands, view in played(game, preset, seed):
            assert view.public is not None
            for seat, numbers in enumerate(view.public.lacks):
                said += len(numbers)
                for tile in hands[seat]:
                    assert not any(tile.has(n) for n in numbers), (seed, seat, numbers, tile)
    assert said > 0  # seats did draw and pass


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_each_play_names_the_number_it_covered_and_each_draw_what_was_playable(
    game: str, preset: str | None
) -> None:
    for seed in range(4):
        views = played(game, preset, seed)
        for before, after in pairwise(views):
            entry = after[1].history[-1]
            action = entry.action
            if "play" in action and action["on"] is not None:
                target = before[1].board[action["on"]]
                foot = before[1].public.foot if before[1].public else None
                number = foot.number if foot is not None else entry.covered
                assert entry.covered == number and Tile.parse(action["play"]).has(number)
                assert foot is not None or number in target.open
            elif "play" in action:
                assert entry.covered is None
            else:
                assert entry.playable is not None and entry.covered is None


def test_a_seat_that_draws_and_passes_keeps_the_tile_and_lacks_what_was_playable() -> None:
    passes = 0
    for seed in range(6):
        for _, view in played("chickenfoot", "classic", seed):
            history = view.history
            for drew, passed in pairwise(history):
                if "draw" in drew.action and "pass" in passed.action:
                    assert passed.seat == drew.seat and passed.kept == 1
                    assert passed.public.lacks[passed.seat] == passed.playable
                    passes += 1
                if "draw" in drew.action and "play" in passed.action:
                    assert passed.kept == 0
    assert passes > 0


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_the_plays_group_every_legal_play_by_tile_and_number(game: str, preset: str | None) -> None:
    for _, view in played(game, preset, 3):
        legal_plays = [a for a in view.legal or [] if "play" in a]
        grouped = [{"play": p.tile, "on": on} for p in view.plays or [] for on in p.on]
        assert sorted(map(str, grouped)) == sorted(map(str, legal_plays))
        plays = view.plays or []
        assert len({(choice.tile, choice.number) for choice in plays}) == len(plays)
        for choice in plays:
            assert choice.number is None or Tile.parse(choice.tile).has(choice.number)


def test_the_view_carries_the_rules_of_the_match() -> None:
    rules = make_rules("chickenfoot", 3, "classic", {"double_blank_points": 25})
    view = Table(["a", "b", "c"], rules, 1).snapshot(0)
    assert view.rules is not None and view.rules.preset == "classic"
    assert view.rules.options["double_blank_points"] == 25


# -- the reference page ------------------------------------------------------------------------


def documented_fields() -> dict[str, set[str]]:
    """The fields docs/BOTS.md lists under each ``### Name`` of its reference."""
    text = (ROOT / "docs" / "BOTS.md").read_text()
    reference = text.split("## The view's reference", 1)[1].split("\n## ", 1)[0]
    sections = re.split(r"^### (\w+)\n", reference, flags=re.M)[1:]
    return {
        name: set(re.findall(r"^- `(\w+)`", body, flags=re.M))
        for name, body in zip(sections[::2], sections[1::2], strict=True)
    }


def reachable(definitions: dict[str, Any], name: str, found: set[str]) -> set[str]:
    """The definitions ``name`` refers to, itself included, directly or not."""
    if name in found:
        return found
    found.add(name)
    for ref in re.findall(r"#/\$defs/(\w+)", str(definitions[name])):
        reachable(definitions, ref, found)
    return found


def test_the_reference_documents_every_field_of_the_view_and_no_other() -> None:
    definitions = schema()["$defs"]
    structs = {
        name
        for name in reachable(definitions, "Snapshot", set())
        if "properties" in definitions[name]
    }
    documented = documented_fields()
    assert set(documented) == structs
    for name in structs:
        assert documented[name] == set(definitions[name]["properties"]), name
