"""Where every tile lies follows the rules of placement, on real games.

Each tile on the table carries a *place* (``Placed.place``; ``at`` on the wire): the number
facing the tile it was played on (``near``), the line it lies in (``line``: the id of that
line's first tile), which of a fork's lines it starts (``branch``) and whether lines start
from it (``fork``). The tests below state the rules one by one and check them on golden
records of Chicken Foot and of the standard games (tests/golden), on the board of every
position of every round as a spectator follows the table (the final boards included), and on
what each seat is offered before it plays.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from chickenfoot.core import projection
from chickenfoot.core.projection import advance
from chickenfoot.core.table import Table
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import (
    ActionEntry,
    Entry,
    RoundEndEntry,
    RoundEntry,
    Snapshot,
    WirePlace,
    WirePlaced,
    place_to_wire,
)

GOLDEN = Path(__file__).resolve().parent / "golden"
FEET_RECORDS = (
    "2p-single-random",
    "wikipedia-3p-single-random",
    "4p-half-greedy",
    "spruce-4p-half-heuristic",  # the centre is played by a seat, not placed before
)
LINE_RECORDS = (
    "standard/standard-draw-2p",
    "standard/standard-block-partners",
    "standard/standard-all-fives-2p",
    "standard/standard-all-fives-partners",
    "standard/standard-bergen-3p",
)
RECORDS = FEET_RECORDS + LINE_RECORDS

Board = Sequence[WirePlaced]
Problems = Iterator[tuple[int, str]]
"""What breaks a rule: the id of the tile concerned and what is wrong with it."""


# -- the games followed ----------------------------------------------------------------------


@dataclass(frozen=True)
class Followed:
    """A record's table followed entry by entry by one viewer."""

    record: str
    viewer: int | None
    entries: list[Entry]
    views: list[Snapshot]
    """The viewer's view after each entry."""
    before: list[Snapshot]
    """The viewer's view just before each entry."""


@dataclass(frozen=True)
class Position:
    """The board as everyone saw it after one entry of a round."""

    record: str
    round: int
    v: int
    board: list[WirePlaced]
    spinner: int | None
    """public.spinner."""
    has_spinner: bool
    """The game's first double is a spinner (All Fives)."""
    final: bool
    """The round's last position."""

    def where(self, tile_id: int) -> str:
        tile = self.board[tile_id].tile if tile_id < len(self.board) else "?"
        return f"{self.record}, round {self.round}, v{self.v}, tile {tile_id} ({tile})"


@cache
def table_of(record: str) -> Table:
    data = json.loads((GOLDEN / f"{record}.json").read_text(encoding="utf-8"))
    table, _hands = Table.with_hands(data)
    return table


@cache
def followed(record: str) -> tuple[Followed, ...]:
    """The record's table followed by a spectator, then by every seat."""
    table = table_of(record)
    done = []
    for viewer in (None, *range(table.seats)):
        view = projection.start(table.snapshot(viewer))
        entries = table.entries(0, viewer)
        views, before = [], []
        for entry in entries:
            before.append(view)
            view = advance(view, entry)
            views.append(view)
        done.append(Followed(record, viewer, entries, views, before))
    return tuple(done)


def spectator(record: str) -> Followed:
    return followed(record)[0]


def seats(record: str) -> tuple[Followed, ...]:
    return followed(record)[1:]


@cache
def positions(records: tuple[str, ...]) -> tuple[Position, ...]:
    """Every board the spectator saw in ``records``: after each deal and each action."""
    found: list[Position] = []
    for record in records:
        seen = spectator(record)
        for k, (entry, view) in enumerate(zip(seen.entries, seen.views, strict=True)):
            if not isinstance(entry, RoundEntry | ActionEntry):
                continue
            assert view.public is not None and view.rules is not None
            following = seen.entries[k + 1] if k + 1 < len(seen.entries) else None
            found.append(
                Position(
                    record=record,
                    round=view.round,
                    v=view.v,
                    board=view.board,
                    spinner=view.public.spinner,
                    has_spinner=bool(view.rules.options.get("spinner", False)),
                    final=isinstance(following, RoundEndEntry),
                )
            )
    return tuple(found)


def feet_positions() -> tuple[Position, ...]:
    return positions(FEET_RECORDS)


def line_positions() -> tuple[Position, ...]:
    return positions(LINE_RECORDS)


def broken(rule: Callable[[Position], Problems], where: Sequence[Position]) -> list[str]:
    """Every tile of every position in ``where`` that breaks ``rule``."""
    return [f"{pos.where(i)}: {what}" for pos in where for i, what in rule(pos)]


# -- reading a board -------------------------------------------------------------------------


@cache
def tile(text: str) -> Tile:
    return Tile.parse(text)


def numbers(placed: WirePlaced) -> set[int]:
    t = tile(placed.tile)
    return {t.hi, t.lo}


def starts_line(placed: WirePlaced) -> bool:
    return placed.at.line == placed.id


def played_on(board: Board) -> dict[int, list[WirePlaced]]:
    """The tiles played on each tile, in the order laid (by id)."""
    on: dict[int, list[WirePlaced]] = defaultdict(list)
    for p in board:
        if p.on is not None:
            on[p.on].append(p)
    return on


def forks(board: Board) -> list[WirePlaced]:
    return [p for p in board if p.at.fork]


# -- the rules ---------------------------------------------------------------------------------


def near_is_shared(pos: Position) -> Problems:
    """Rule 1: ``near`` is the number a tile shares with the tile it was played on (the first
    tile of a round: its higher number)."""
    board = pos.board
    for p in board:
        if p.on is None:
            if p.id != 0:
                yield p.id, "played on nothing, yet not the round's first tile"
            if p.at.near != tile(p.tile).hi:
                yield p.id, f"first tile with near {p.at.near}, not its higher number"
            continue
        shared = numbers(p) & numbers(board[p.on])
        if shared != {p.at.near}:
            yield p.id, f"near {p.at.near}, but it shares {sorted(shared)} with tile {p.on}"


def lines_are_chains(pos: Position) -> Problems:
    """Rule 2: a line's tiles, in id order, are each played on the one before; the line is
    named by its first tile, which is the round's first tile or is played on a fork."""
    board = pos.board
    lines: dict[int, list[int]] = defaultdict(list)
    for p in board:
        lines[p.at.line].append(p.id)
    for line, ids in lines.items():
        if ids[0] != line:
            yield ids[0], f"lies in line {line} but that line's first tile is {ids[0]}"
            continue
        for before, after in pairwise(ids):
            if board[after].on != before:
                yield after, f"in line {line} after tile {before}, but played on {board[after].on}"
        first = board[line]
        if first.on is not None and not board[first.on].at.fork:
            yield line, f"starts a line, but is played on tile {first.on}, not a fork"


def non_forks_are_continued(pos: Position) -> Problems:
    """Rule 3: a tile played on a tile that is not a fork continues that tile's line (same
    line, branch 0); only a tile starting a line from a fork has a branch other than 0."""
    board = pos.board
    for p in board:
        if p.on is not None and not board[p.on].at.fork:
            target = board[p.on].at
            if (p.at.line, p.at.branch) != (target.line, 0):
                yield p.id, f"at {p.at} on non-fork {p.on} of line {target.line}"
        starts_from_fork = p.on is not None and starts_line(p) and board[p.on].at.fork
        if p.at.branch != 0 and not starts_from_fork:
            yield p.id, f"branch {p.at.branch}, yet it starts no line from a fork"


def feet_forks_are_the_first_tile_and_the_doubles(pos: Position) -> Problems:
    """Rule 4 (Chicken Foot): the forks are exactly the first tile and the doubles."""
    for p in pos.board:
        if p.at.fork != (p.id == 0 or tile(p.tile).is_double):
            yield p.id, f"fork {p.at.fork}"


def feet_branches_in_order_laid(pos: Position) -> Problems:
    """Rule 4 (Chicken Foot): the lines from a fork have branches 0, 1, 2 ... in the order
    they are laid."""
    on = played_on(pos.board)
    for fork in forks(pos.board):
        branches = [p.at.branch for p in on[fork.id]]
        if branches != list(range(len(branches))):
            yield fork.id, f"its lines have branches {branches}"


def feet_forks_end_their_lines(pos: Position) -> Problems:
    """Rule 4 (Chicken Foot): a fork is the last tile of its line: every tile played on it
    starts a line of its own."""
    board = pos.board
    on = played_on(board)
    lines: dict[int, list[int]] = defaultdict(list)
    for p in board:
        lines[p.at.line].append(p.id)
    for fork in forks(board):
        if lines[fork.at.line][-1] != fork.id:
            yield fork.id, f"line {fork.at.line} goes on past it: {lines[fork.at.line]}"
        for p in on[fork.id]:
            if not starts_line(p):
                yield p.id, f"played on fork {fork.id}, it continues line {p.at.line}"


def line_forks_are_the_lead_and_the_spinner(pos: Position) -> Problems:
    """Rule 5 (standard games): the forks are exactly the lead and the spinner
    (public.spinner), which is the first double where the game has one."""
    board = pos.board
    doubles = [p.id for p in board if tile(p.tile).is_double]
    spinner = doubles[0] if doubles and pos.has_spinner else None
    if pos.spinner != spinner:
        yield pos.spinner if pos.spinner is not None else 0, f"spinner {pos.spinner}"
    for p in board:
        if p.at.fork != (p.id in (0, pos.spinner)):
            yield p.id, f"fork {p.at.fork} (spinner: {pos.spinner})"


def lead_sides(pos: Position) -> Problems:
    """Rule 5 (standard games): every tile laid on the lead starts a line; a lead that is not
    a double has its line 0 against its ``near`` number and its line 1 against the other; a
    double lead numbers its lines in the order laid."""
    board = pos.board
    if not board:
        return
    lead = board[0]
    laid = played_on(board)[0]
    for p in laid:
        if not starts_line(p):
            yield p.id, f"played on the lead, it continues line {p.at.line}"
    if tile(lead.tile).is_double:
        branches = [p.at.branch for p in laid]
        if branches != list(range(len(branches))):
            yield 0, f"a double lead's lines have branches {branches}"
        return
    for p in laid:
        expected = 0 if p.at.near == lead.at.near else 1
        if p.at.branch != expected:
            yield p.id, f"against the lead's {p.at.near} (near {lead.at.near}): {p.at.branch}"


def one_line_per_branch(pos: Position) -> Problems:
    """Rule 5 (standard games): at most one line of each branch starts from a fork: 0 and 1
    from the lead, 2 and 3 (the arms) from the spinner, all four from a lead spinner."""
    board = pos.board
    on = played_on(board)
    for fork in forks(board):
        branches = [p.at.branch for p in on[fork.id] if starts_line(p)]
        allowed = {0, 1} if fork.id == 0 else set()
        if fork.id == pos.spinner:
            allowed |= {2, 3}
        if len(set(branches)) != len(branches) or not set(branches) <= allowed:
            yield fork.id, f"its lines have branches {branches}, allowed {sorted(allowed)}"


def spinner_arms(pos: Position) -> Problems:
    """Rule 5 (standard games): the first tile laid on a spinner that is not the lead
    continues its line, the next two start its arms, branches 2 then 3; a lead spinner's
    lines are 0, 1, then its arms 2 and 3."""
    if pos.spinner is None:
        return
    spinner = pos.board[pos.spinner]
    laid = played_on(pos.board)[spinner.id]
    if spinner.id == 0:
        arms = laid
        expected = [0, 1, 2, 3][: len(laid)]
    else:
        if laid and (laid[0].at.line, laid[0].at.branch) != (spinner.at.line, 0):
            yield laid[0].id, f"the first tile on the spinner lies at {laid[0].at}"
        arms = laid[1:]
        expected = [2, 3][: len(arms)]
    if len(arms) != len(expected) or any(not starts_line(p) for p in arms):
        yield spinner.id, f"arms {[p.id for p in arms]} ({[p.at for p in arms]})"
    if [p.at.branch for p in arms] != expected:
        yield spinner.id, f"arms with branches {[p.at.branch for p in arms]}, not {expected}"


FEET_RULES = (
    near_is_shared,
    lines_are_chains,
    non_forks_are_continued,
    feet_forks_are_the_first_tile_and_the_doubles,
    feet_branches_in_order_laid,
    feet_forks_end_their_lines,
)
LINE_RULES = (
    near_is_shared,
    lines_are_chains,
    non_forks_are_continued,
    line_forks_are_the_lead_and_the_spinner,
    lead_sides,
    one_line_per_branch,
    spinner_arms,
)


# -- the records play every case ---------------------------------------------------------------


def test_the_records_show_every_case_the_rules_speak_of() -> None:
    """The rules below are checked on something: every round's final board, forks beyond
    the first tile, doubles and non-doubles led, spinners led and laid, with both arms."""
    feet, line = feet_positions(), line_positions()
    rounds = {(pos.record, pos.round) for pos in (*feet, *line) if pos.final}
    assert len(rounds) == sum(1 for pos in (*feet, *line) if pos.final)
    assert len(rounds) >= 30
    assert len(feet) + len(line) > 1000
    finals = [pos for pos in feet if pos.final]
    assert all(len(forks(pos.board)) >= 4 for pos in finals)
    assert any(max(p.at.branch for p in pos.board) >= 5 for pos in finals)
    dealt_empty = [
        entry
        for record in FEET_RECORDS
        for entry in spectator(record).entries
        if isinstance(entry, RoundEntry) and not entry.board
    ]
    assert dealt_empty, "a round whose first tile a seat plays"
    line_finals = [pos for pos in line if pos.final]
    leads = {tile(pos.board[0].tile).is_double for pos in line_finals}
    assert leads == {True, False}
    assert any(pos.spinner == 0 for pos in line_finals)
    arms = [
        pos
        for pos in line_finals
        if pos.spinner not in (None, 0) and len(played_on(pos.board)[pos.spinner]) == 3
    ]
    assert arms
    assert any(pos.spinner is None and pos.has_spinner for pos in line)
    assert any(not pos.has_spinner for pos in line_finals)


# -- rule 1 ------------------------------------------------------------------------------------


def test_a_tile_faces_the_number_it_shares_with_the_tile_it_was_played_on() -> None:
    assert not broken(near_is_shared, feet_positions() + line_positions())


# -- rule 2 ------------------------------------------------------------------------------------


def test_every_line_is_a_chain_named_by_its_first_tile_which_starts_from_a_fork() -> None:
    assert not broken(lines_are_chains, feet_positions() + line_positions())


# -- rule 3 ------------------------------------------------------------------------------------


def test_a_tile_played_on_a_tile_that_is_no_fork_continues_its_line() -> None:
    assert not broken(non_forks_are_continued, feet_positions() + line_positions())


# -- rule 4: Chicken Foot --------------------------------------------------------------------


def test_chicken_foot_forks_are_the_first_tile_and_the_doubles() -> None:
    assert not broken(feet_forks_are_the_first_tile_and_the_doubles, feet_positions())


def test_chicken_foot_lines_from_a_fork_are_numbered_in_the_order_laid() -> None:
    assert not broken(feet_branches_in_order_laid, feet_positions())


def test_chicken_foot_a_double_ends_its_line() -> None:
    assert not broken(feet_forks_end_their_lines, feet_positions())


# -- rule 5: the standard games --------------------------------------------------------------


def test_standard_forks_are_the_lead_and_the_spinner() -> None:
    assert not broken(line_forks_are_the_lead_and_the_spinner, line_positions())


def test_standard_lead_keeps_its_near_number_on_the_left() -> None:
    assert not broken(lead_sides, line_positions())


def test_standard_fork_starts_at_most_one_line_of_each_branch() -> None:
    assert not broken(one_line_per_branch, line_positions())


def test_standard_spinner_is_continued_then_grows_arms_2_and_3() -> None:
    assert not broken(spinner_arms, line_positions())


# -- rule 6 ------------------------------------------------------------------------------------


def test_a_tile_keeps_its_place_once_placed() -> None:
    """Every viewer: a tile in ``changed`` keeps the ``at`` it was ``placed`` with, and the
    core's final board of every round has each tile where it was placed."""
    wrong: list[str] = []
    changes = 0
    for record in RECORDS:
        for seen in followed(record):
            placed: dict[int, WirePlace] = {}
            for entry, view in zip(seen.entries, seen.views, strict=True):
                where = f"{record}, viewer {seen.viewer}, v{entry.v}"
                if isinstance(entry, RoundEntry):
                    placed = {p.id: p.at for p in entry.board}
                elif isinstance(entry, ActionEntry):
                    for p in entry.changed:
                        changes += 1
                        if placed.get(p.id) != p.at:
                            wrong.append(f"{where}: tile {p.id} was {placed.get(p.id)}, now {p.at}")
                    if entry.placed is not None:
                        if entry.placed.id != len(placed):
                            wrong.append(f"{where}: placed as id {entry.placed.id}")
                        placed[entry.placed.id] = entry.placed.at
                elif isinstance(entry, RoundEndEntry) and [p.at for p in view.board] != [
                    placed[i] for i in range(len(placed))
                ]:
                    wrong.append(f"{where}: the round ends with other places")
        table = table_of(record)
        sent = {
            (pos.round, p.id): p.at for pos in positions((record,)) if pos.final for p in pos.board
        }
        for k, state in enumerate(table.match.rounds):
            for p in state.board():
                if place_to_wire(p.place) != sent.get((k + 1, p.id)):
                    wrong.append(f"{record}, round {k + 1}: tile {p.id} now lies at {p.place}")
    assert not wrong, wrong[:10]
    assert changes > 1000


# -- rule 7 ------------------------------------------------------------------------------------


def offered(view: Snapshot) -> list[tuple[str, int | None, WirePlace, int | None]]:
    """The view's plays, one per target: tile, target id, where it would lie, number (an
    ``at`` missing for a target leaves it out: the test of the legal plays finds it)."""
    return [
        (choice.tile, on, at, choice.number)
        for choice in view.plays or ()
        for on, at in zip(choice.on, choice.at, strict=False)
    ]


def test_a_play_lies_where_its_offer_said() -> None:
    """Whenever a seat plays, the plays its view showed just before have, for that tile and
    target, the place the tile then has, and the number it was laid against."""
    wrong: list[str] = []
    for record in RECORDS:
        checked = 0
        plays = sum(
            1
            for entry in spectator(record).entries
            if isinstance(entry, ActionEntry) and "play" in entry.action
        )
        for seen in seats(record):
            for entry, before in zip(seen.entries, seen.before, strict=True):
                if not isinstance(entry, ActionEntry) or "play" not in entry.action:
                    continue
                if entry.seat != seen.viewer:
                    continue
                checked += 1
                assert entry.placed is not None
                where = f"{record}, round {before.round}, v{entry.v}, tile {entry.placed.id}"
                move = (entry.action["play"], entry.action["on"])
                said = [(at, number) for t, on, at, number in offered(before) if (t, on) == move]
                if said != [(entry.placed.at, entry.covered)]:
                    wrong.append(f"{where}: offered {said}, lies {entry.placed.at}")
        assert checked == plays, f"{record}: {checked} of its {plays} plays checked"
    assert not wrong, wrong[:10]


def test_every_legal_play_is_offered_once_with_a_place_for_each_target() -> None:
    """The plays a seat is shown are its legal plays, each once (same tile, same target),
    with one ``at`` for each id of ``on``; a seat shown no legal play is shown no plays."""
    wrong: list[str] = []
    shown = first = 0
    for record in RECORDS:
        for seen in seats(record):
            for view in seen.views:
                where = f"{record}, viewer {seen.viewer}, v{view.v}"
                for choice in view.plays or ():
                    if len(choice.at) != len(choice.on):
                        wrong.append(f"{where}: {choice.tile} on {choice.on} at {choice.at}")
                legal = sorted(
                    ((a["play"], a["on"]) for a in view.legal or () if "play" in a),
                    key=target_order,
                )
                offer = sorted(((t, on) for t, on, _, _ in offered(view)), key=target_order)
                if offer != legal or (view.plays is None) != (not legal):
                    wrong.append(f"{where}: legal {legal}, offered {offer}")
                shown += len(offer)
                first += sum(1 for _, on in offer if on is None)
    assert not wrong, wrong[:10]
    assert shown > 1000
    assert first > 0, "no first tile of a round offered"


def target_order(play: tuple[Any, Any]) -> tuple[str, int]:
    tile_text, on = play
    return tile_text, -1 if on is None else on


def test_every_place_a_play_offers_keeps_the_rules() -> None:
    """Every play offered, taken or not, would lie by the rules of placement: each offer
    laid on the board it was offered on breaks none of them."""
    wrong: list[str] = []
    tried = 0
    for record in RECORDS:
        for seen in seats(record):
            for view in seen.views:
                if not view.plays:
                    continue
                assert view.public is not None and view.rules is not None
                has_spinner = bool(view.rules.options.get("spinner", False))
                feet = view.game == "chickenfoot"
                new_id = len(view.board)
                for t, on, at, _number in offered(view):
                    tried += 1
                    spinner = view.public.spinner
                    if spinner is None and has_spinner and tile(t).is_double:
                        spinner = new_id
                    pos = Position(
                        record=record,
                        round=view.round,
                        v=view.v,
                        board=[*view.board, WirePlaced(new_id, t, on, [], at)],
                        spinner=spinner,
                        has_spinner=has_spinner,
                        final=False,
                    )
                    for rule in FEET_RULES if feet else LINE_RULES:
                        wrong.extend(
                            f"{pos.where(i)} offered on {on}: {what}" for i, what in rule(pos)
                        )
    assert not wrong, wrong[:10]
    assert tried > 1000
