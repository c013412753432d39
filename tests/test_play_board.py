"""The board laid out in lines, and the sentences the front ends say, from snapshots alone."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from chickenfoot.bots import make_bot
from chickenfoot.core.games import make_rules
from chickenfoot.core.table import Table
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import ActionEntry, RoundEntry, WirePlaced
from chickenfoot.i18n import LANGUAGES, set_language
from chickenfoot.terminal.board import Foot, Layout, Line, of_snapshot
from chickenfoot.terminal.describe import (
    Words,
    board_lines,
    describe_entry,
    result_line,
    state_lines,
)
from chickenfoot.terminal.session import SeatSpec, display_name

GAMES: list[tuple[str, int, str | None, dict[str, Any]]] = [
    ("chickenfoot", 2, None, {}),
    ("chickenfoot", 4, None, {"length": "single"}),
    ("chickenfoot", 8, None, {"length": "single"}),
    ("chickenfoot", 4, "spruce", {"length": "half"}),
    ("chickenfoot", 5, "reeves", {"length": "single"}),
    ("all-fives", 2, None, {"target": 50}),
    ("draw", 4, None, {}),
    ("block", 3, None, {}),
]


def snapshots(
    game: str, players: int, options: dict[str, Any], seed: int, preset: str | None = None
) -> list[Any]:
    """Seat 0's snapshot after every action of a match between greedy and random bots."""
    rules = make_rules(game, players, preset, options)
    table = Table(["p"] * players, rules, seed)
    rng = random.Random(seed)
    bots = [make_bot(rng.choice(["greedy", "random"]), s) for s in range(players)]
    seen = []
    while not table.is_over and table.version < 400:
        seat = table.turn
        assert seat is not None
        table.act(seat, bots[seat].choose(table.view(seat)))
        seen.append(table.snapshot(0))
    return seen


def check_line(line: Line, start: int) -> list[int]:
    ids = []
    number = start
    for tile in line.tiles:
        assert tile.near == number
        assert Tile.parse(tile.tile) == Tile.parse(f"{tile.near}-{tile.far}")
        number = tile.far
        ids.append(tile.id)
    if line.foot is not None:
        assert line.foot.tile.near == number
        ids += check_foot(line.foot)
    return ids


def check_foot(foot: Foot) -> list[int]:
    ids = [foot.tile.id]
    for line in foot.lines:
        ids += check_line(line, foot.tile.far)
    return ids


def check_layout(layout: Layout, board: list[Any]) -> None:
    every = sorted(p.id for p in board)
    assert sorted(layout.order()) == every
    if layout.centre is not None:
        assert sorted(check_foot(layout.centre)) == every
        return
    ids = [t.id for t in layout.line]
    for left, right in zip(layout.line, layout.line[1:], strict=False):
        assert left.far == right.near, (left, right)
    for arm in layout.arms:
        assert layout.spinner is not None
        ids += check_line(arm, layout.spinner.far)
    assert sorted(ids) == every


@pytest.mark.parametrize(("game", "players", "preset", "options"), GAMES)
def test_every_tile_is_laid_out_once_each_touching_its_neighbour(
    game: str, players: int, preset: str | None, options: dict[str, Any]
) -> None:
    rules = make_rules(game, players, preset, options)
    words = Words([f"p{s}" for s in range(players)], rules, 0)
    for snapshot in snapshots(game, players, options, players, preset):
        layout = of_snapshot(snapshot)
        check_layout(layout, snapshot.board)
        text = "\n".join(board_lines(layout) + state_lines(snapshot, words))
        for placed in snapshot.board:
            hi, lo = Tile.parse(placed.tile).hi, Tile.parse(placed.tile).lo
            assert f"{hi}-{lo}" in text or f"{lo}-{hi}" in text


def test_the_waiting_foot_and_the_open_ends_are_named() -> None:
    for snapshot in snapshots("chickenfoot", 4, {"length": "single"}, seed=5):
        public = snapshot.public
        if public is None or public.foot is None or snapshot.end is not None:
            continue
        lines = board_lines(of_snapshot(snapshot))
        foot = public.foot
        need = f"{foot.need} more toe{'s' if foot.need > 1 else ''} of {foot.number} needed"
        assert any(need in line for line in lines), (need, lines)
        for placed in snapshot.board:
            if placed.open and placed.id != foot.id:
                opened = f"(tile {placed.id} open: {' '.join(map(str, placed.open))})"
                assert any(opened in line for line in lines), (opened, lines)


def words(players: int, game: str = "chickenfoot", **options: Any) -> Words:
    rules = make_rules(game, players, None, options)
    return Words([f"P{s}" for s in range(players)], rules, 0)


def test_results_name_the_winner_a_draw_a_tie_break_and_partners() -> None:
    assert result_line([10, 20, 30], [0], words(3)) == (
        "The match is over: you won with 10 points."
    )
    assert result_line([20, 10, 30], [1], words(3)) == ("The match is over: P1 won with 10 points.")
    assert result_line([10, 10, 30], [0, 1], words(3)) == (
        "The match is over: a draw between You and P1, on 10 points each."
    )
    spruce = Words(["A", "B", "C"], make_rules("chickenfoot", 3, "spruce", {}), None)
    assert result_line([10, 10, 30], [1], spruce) == (
        "The match is over: B won with 10 points. (tied on 10 with A; the tie-break decided)"
    )
    partners = Words(["A", "B", "C", "D"], make_rules("block", 4, None, {"partnership": True}))
    assert result_line([100, 40, 100, 40], [0, 2], partners) == (
        "The match is over: partners A and C won with 100 points."
    )


def test_the_double_blank_shows_what_it_counts() -> None:
    assert words(4).tiles_with_points(["0-0", "6-3"]) == "0-0 (50) 6-3"
    assert words(4, double_blank_points=25).tiles_with_points(["0-0"]) == "0-0 (25)"
    assert words(4, "draw").tiles_with_points(["0-0", "6-3"]) == "0-0 6-3"
    assert words(4).tiles_with_points([]) == "-"


def test_seats_are_named_for_people_by_name_and_for_bots_by_seat_and_level() -> None:
    assert display_name(SeatSpec("Ann"), 0) == "Ann"
    assert display_name(SeatSpec.from_record_name("bot:expert"), 2) == "Bot 2 (expert)"
    assert SeatSpec("", "easy").record_name == "bot:easy"


ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def renumbered(entry: Any, shift: int) -> Any:
    """``entry`` with every tile id it holds moved on by ``shift``: the same play, told apart
    only by the ids."""

    def moved(placed: WirePlaced) -> WirePlaced:
        on = None if placed.on is None else placed.on + shift
        at = replace(placed.at, line=placed.at.line + shift)
        return replace(placed, id=placed.id + shift, on=on, at=at)

    if isinstance(entry, RoundEntry):
        return replace(entry, board=[moved(placed) for placed in entry.board])
    if not isinstance(entry, ActionEntry):
        return entry

    action = dict(entry.action)
    if action.get("on") is not None:
        action["on"] += shift
    public = entry.public
    if public.foot is not None:
        public = replace(public, foot=replace(public.foot, id=public.foot.id + shift))
    return replace(
        entry,
        action=action,
        placed=None if entry.placed is None else moved(entry.placed),
        changed=[moved(placed) for placed in entry.changed],
        public=public,
    )


def round_played() -> Table:
    """A seeded round of Chicken Foot played to its end by greedy and random bots."""
    rules = make_rules("chickenfoot", 4, None, {"length": "single"})
    table = Table(PLAYERS, rules, 11)
    rng = random.Random(11)
    bots = [make_bot(rng.choice(["greedy", "random"]), s) for s in range(4)]
    while not table.is_over:
        seat = table.turn
        assert seat is not None
        table.act(seat, bots[seat].choose(table.view(seat)))
    return table


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_log_names_each_tile_by_its_numbers_never_by_its_id(code: str) -> None:
    table = round_played()
    rules = make_rules("chickenfoot", 4, None, {"length": "single"})
    set_language(code)
    words = Words(PLAYERS, rules, you=0)
    plays_on = 0
    for entry in table.entries(0, 0):
        said = describe_entry(entry, words)
        assert describe_entry(renumbered(entry, 1000), words) == said
        if isinstance(entry, ActionEntry) and entry.action.get("on") is not None:
            plays_on += 1
            assert f"{entry.action['play']} " in said[0]
            assert f" {entry.changed[0].tile}" in said[0]
    assert plays_on > 20


def said_by_the_page(code: str, entries: list[Any]) -> list[str]:
    node = shutil.which("node")
    assert node is not None, "the web page's tests need Node (scripts/setup says how)"
    meta = {
        "choices": {"chickenfoot": {"preset": True, "length": True}},
        "nouns": {"chickenfoot": "round"},
        "layouts": {"chickenfoot": "feet"},
    }
    view = {"game": "chickenfoot", "players": PLAYERS, "viewer": 0, "round": 1}
    asked = {"lang": code, "view": view, "entries": entries, "meta": meta}
    done = subprocess.run(
        [node, str(ROOT / "tests" / "js" / "described.mjs")],
        input=msgspec.json.encode(asked),
        capture_output=True,
        check=True,
        cwd=ROOT,
    )
    lines: list[str] = json.loads(done.stdout)
    return lines


@pytest.mark.parametrize("code", ["en", "nb"])
def test_the_page_log_names_each_tile_by_its_numbers_never_by_its_id(code: str) -> None:
    entries = round_played().entries(0, 0)
    said = said_by_the_page(code, entries)
    assert said_by_the_page(code, [renumbered(entry, 1000) for entry in entries]) == said
    plays_on = [
        (entry, line)
        for entry, line in zip(entries, said, strict=True)
        if isinstance(entry, ActionEntry) and entry.action.get("on") is not None
    ]
    assert len(plays_on) > 20
    for entry, line in plays_on:
        assert line.endswith(
            f"{entry.action['play']} {'på' if code == 'nb' else 'on'} {entry.changed[0].tile}"
        ), line
