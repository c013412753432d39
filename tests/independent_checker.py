"""Independent referee for Chicken Foot match records (``chickenfoot-record/1``).

Written only from the project's documents: ``docs/RULES.md`` (sections 1, 2 and 4: the
classic rules and every option of the presets ``classic``, ``spruce``, ``wikipedia`` and
``reeves``), ``docs/RECORD.md`` (the record format, ``start_draw`` and unfinished records) and
the shared specification they follow.  It never read the engine (``src/``) nor the engine's
tests, so that it can cross-check the engine's records.  It favours plain, obviously correct
code over speed: the board is a list of placed tiles, the open line ends and the foot that
waits for toes.

The rules are read from the record's ``rules.options`` (every option with its resolved
value); the preset's name must be one of the four but changes nothing by itself.

Use ``check_record(record)`` from Python, or run
``python -m tests.oracle FILE...`` from the command line (records of any game).
``legal_actions_at(record, round_index, action_count)`` lists the legal actions at any point
of a legal record, and ``legal_action_lists(record)`` lists them at every point of every
round in one replay.

Problems name their place as ``record``, ``round R``, ``round R start_draw I`` or
``round R action A``, where R, I and A are 0-based indices into ``rounds``,
``rounds[R].start_draw`` and ``rounds[R].actions``.  After the first illegal action of a round
the rest of that round is not replayed (its later problems would only be consequences of the
first one).  Options that are missing, unknown, of the wrong type or out of range make the
record uncheckable: only they (and the header's other problems) are reported.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

FORMAT = "chickenfoot-record/1"
GAME = "chickenfoot"
PRESETS = ("classic", "spruce", "wikipedia", "reeves")
LARGEST_SET = 18  # double-18 is the largest set (RULES.md section 1)
MAX_TARGET = 100_000  # "N is at most 100,000" (RULES.md section 4)

# Every option and the kind of value it takes (RULES.md section 4's table); a tuple lists
# the strings allowed.
_INT, _BOOL, _PAIRS = "int", "bool", "pairs"
OPTION_KINDS: dict[str, str | tuple[str, ...]] = {
    "min_players": _INT,
    "max_players": _INT,
    "set_by_players": _PAIRS,
    "hand_sizes": _PAIRS,
    "centre_toes": _INT,
    "centre_toes_per_player": _BOOL,
    "foot_toes": _INT,
    "drawn_tile_must_be_played": _BOOL,
    "undrawn_by_players": _PAIRS,
    "double_blank_points": _INT,
    "length": ("full", "half", "single"),
    "round_double": ("aside", "dealt", "found"),
    "starter_draw_round_one": _BOOL,
    "double_out_points": _INT,
    "tie_break": ("none", "zero-rounds"),
    "target_total": _INT,
}

_TILE_RE = re.compile(r"(0|[1-9][0-9]*)-(0|[1-9][0-9]*)")

Tile = tuple[int, int]  # (high, low), always high >= low
Action = dict[str, Any]


def _show(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_tile(value: object, top: int) -> tuple[Tile | None, str]:
    """Return (tile, "") for a tile of the double-``top`` set, else (None, reason)."""
    if not isinstance(value, str):
        return None, f"tile {value!r} is not a string"
    match = _TILE_RE.fullmatch(value)
    if match is None:
        return None, f"{value!r} is not a tile"
    a, b = int(match.group(1)), int(match.group(2))
    if a > top or b > top:
        return None, f"{value!r} is not a tile of the double-{top} set"
    return (max(a, b), min(a, b)), ""


def _full_set(top: int) -> list[Tile]:
    return [(a, b) for a in range(top + 1) for b in range(a + 1)]


def _tile_index(tile: Tile) -> int:
    """The tile's place in the canonical order 0-0, 1-0, 1-1, 2-0, ... (``tile`` is (a, b))."""
    return tile[0] * (tile[0] + 1) // 2 + tile[1]


def _index(value: object, size: int) -> int | None:
    """The value as an index 0..size-1 (a seat, a tile id), or None if it is not one."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size:
        return value
    return None


def _int_list(value: object, length: int) -> list[int] | None:
    """The value as a list of ``length`` ints, or None if it is not one."""
    if not isinstance(value, list) or len(value) != length:
        return None
    if not all(_is_int(x) for x in value):
        return None
    return list(value)


# ---------------------------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class Options:
    """The record's ``rules.options``, read and checked (RULES.md section 4)."""

    min_players: int
    max_players: int
    set_by_players: list[tuple[int, int]]
    hand_sizes: list[tuple[int, int]]
    centre_toes: int
    centre_toes_per_player: bool
    foot_toes: int
    drawn_tile_must_be_played: bool
    undrawn_by_players: list[tuple[int, int]]
    double_blank_points: int
    length: str
    round_double: str
    starter_draw_round_one: bool
    double_out_points: int
    tie_break: str
    target_total: int

    def top(self, n: int) -> int | None:
        """N of the double-N set for ``n`` players: the first pair whose count reaches n."""
        for players, top in self.set_by_players:
            if n <= players:
                return top
        return None

    def hand_size(self, n: int) -> int | None:
        for players, size in self.hand_sizes:
            if players == n:
                return size
        return None

    def undrawn(self, n: int) -> int:
        """Boneyard tiles nobody may draw with ``n`` players ("missing counts are 0")."""
        for players, count in self.undrawn_by_players:
            if players == n:
                return count
        return 0

    def centre_needs(self, n: int) -> int:
        """Toes the centre needs: ``centre_toes``, or one per player if that is more."""
        if self.centre_toes_per_player:
            return max(self.centre_toes, n)
        return self.centre_toes


def _read_pairs(name: str, value: object) -> tuple[list[tuple[int, int]] | None, str]:
    if not isinstance(value, list):
        return None, f"{name} {value!r} is not a list of [players, value] pairs"
    pairs: list[tuple[int, int]] = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2 and all(_is_int(x) for x in item)):
            return None, f"{name}: {item!r} is not a pair of integers"
        pairs.append((item[0], item[1]))
    return pairs, ""


def _read_options(raw: object) -> tuple[list[str], Options | None]:
    """Read ``rules.options``; return problems and the options (None if unusable)."""
    where = "record: rules.options"
    if not isinstance(raw, dict):
        return [f"{where} is missing or not an object"], None
    problems: list[str] = []
    for name in raw:
        if name not in OPTION_KINDS:
            problems.append(f"{where}: unknown option {name!r}")
    values: dict[str, Any] = {}
    for name, kind in OPTION_KINDS.items():
        if name not in raw:
            problems.append(f"{where}: option {name!r} is missing")
            continue
        value = raw[name]
        if kind == _INT:
            if not _is_int(value):
                problems.append(f"{where}: {name} {value!r} is not an integer")
                continue
        elif kind == _BOOL:
            if not isinstance(value, bool):
                problems.append(f"{where}: {name} {value!r} is not true or false")
                continue
        elif kind == _PAIRS:
            pairs, reason = _read_pairs(name, value)
            if pairs is None:
                problems.append(f"{where}: {reason}")
                continue
            value = pairs
        elif value not in kind:
            problems.append(f"{where}: {name} {value!r} is not one of {list(kind)}")
            continue
        values[name] = value
    if problems:
        return problems, None
    options = Options(**values)
    problems = _check_ranges(options)
    return problems, (None if problems else options)


def _check_ranges(o: Options) -> list[str]:
    """The ranges of RULES.md section 4 ("Ranges"), for every player count allowed."""
    where = "record: rules.options"
    problems: list[str] = []
    if not 2 <= o.min_players <= o.max_players <= 12:
        problems.append(
            f"{where}: players {o.min_players} to {o.max_players} are not within 2 to 12"
        )
        return problems
    counts = [players for players, _ in o.set_by_players]
    if counts != sorted(set(counts)):
        problems.append(f"{where}: set_by_players is not ordered by player count, smallest first")
    for name, pairs in (("hand_sizes", o.hand_sizes), ("undrawn_by_players", o.undrawn_by_players)):
        players_listed = [players for players, _ in pairs]
        if len(players_listed) != len(set(players_listed)):
            problems.append(f"{where}: {name} names a player count twice")
    if any(not 0 <= top <= LARGEST_SET for _, top in o.set_by_players):
        problems.append(f"{where}: set_by_players names a set beyond double-{LARGEST_SET}")
    if any(count < 0 for _, count in o.undrawn_by_players):
        problems.append(f"{where}: undrawn_by_players has a negative count")
    if o.centre_toes < 1 or o.foot_toes < 1:
        problems.append(f"{where}: centre_toes and foot_toes must be at least 1")
    if not 0 <= o.target_total <= MAX_TARGET:
        problems.append(f"{where}: target_total {o.target_total} is not within 0 to {MAX_TARGET}")
    if o.starter_draw_round_one and o.round_double != "aside":
        problems.append(f"{where}: starter_draw_round_one needs round_double 'aside'")
    if problems:
        return problems
    for n in range(o.min_players, o.max_players + 1):
        top, hand, undrawn = o.top(n), o.hand_size(n), o.undrawn(n)
        if top is None:
            problems.append(f"{where}: set_by_players names no set for {n} players")
            continue
        if hand is None or hand < 1:
            problems.append(f"{where}: hand_sizes gives {n} players no hand of 1 tile or more")
            continue
        beside_double = (top + 1) * (top + 2) // 2 - 1
        if n * hand + undrawn > beside_double:
            problems.append(
                f"{where}: {n} hands of {hand} and {undrawn} tiles kept back do not fit in"
                f" the double-{top} set beside the round's double"
            )
        if o.round_double == "dealt" and undrawn > 0:
            problems.append(
                f"{where}: round_double 'dealt' cannot keep tiles undrawn ({n} players)"
            )
        if o.starter_draw_round_one and beside_double - n * hand < n:
            problems.append(f"{where}: the starter draw needs a boneyard tile per player ({n})")
        if o.centre_needs(n) > top or o.foot_toes > top:
            problems.append(
                f"{where}: with {n} players a foot needs more toes than a double has"
                f" partners in the double-{top} set"
            )
    return problems


@dataclass(frozen=True)
class Table:
    """What the options say for this table's number of players."""

    options: Options
    n: int
    top: int
    hand: int
    undrawn: int
    centre_toes: int

    @classmethod
    def make(cls, options: Options, n: int) -> Table:
        top, hand = options.top(n), options.hand_size(n)
        assert top is not None and hand is not None  # _check_ranges made sure of it
        return cls(options, n, top, hand, options.undrawn(n), options.centre_needs(n))

    def double_of_round(self, k: int) -> int:
        """Round k's double: from the highest down, again from the highest after 0-0."""
        return self.top - k % (self.top + 1)

    def rounds_without_target(self) -> int:
        full = self.top + 1
        return {"full": full, "half": math.ceil(full / 2), "single": 1}[self.options.length]

    def tile_points(self, tile: Tile) -> int:
        if tile == (0, 0):
            return self.options.double_blank_points
        return tile[0] + tile[1]


# ---------------------------------------------------------------------------------------------
# The board and one round's replay


@dataclass
class Board:
    """The tiles on the table during one round (the centre double is placed)."""

    tiles: list[Tile]  # tile id -> tile; id 0 is the centre double
    foot_toes: int
    ends: dict[int, int] = field(default_factory=dict)  # open line end: tile id -> number
    # The incomplete foot as (double's tile id, its number, toes still needed), or None.
    foot: tuple[int, int, int] | None = None
    # number -> ids of the tiles whose open end shows it (the same facts as ``ends``)
    showing: dict[int, set[int]] = field(default_factory=dict)

    @classmethod
    def start(cls, centre: int, centre_toes: int, foot_toes: int) -> Board:
        return cls(tiles=[(centre, centre)], foot_toes=foot_toes, foot=(0, centre, centre_toes))

    def places(self, tile: Tile) -> list[int]:
        """Ids of the placed tiles that may receive ``tile`` now, in increasing order."""
        if self.foot is not None:
            foot_id, number, _ = self.foot
            return [foot_id] if number in tile else []
        ids = self.showing.get(tile[0], set()) | self.showing.get(tile[1], set())
        return sorted(ids)

    def fits(self, tile: Tile) -> bool:
        if self.foot is not None:
            return self.foot[1] in tile
        return bool(self.showing.get(tile[0]) or self.showing.get(tile[1]))

    def _open(self, tile_id: int, number: int) -> None:
        self.ends[tile_id] = number
        self.showing.setdefault(number, set()).add(tile_id)

    def place(self, tile: Tile, on: int) -> None:
        """Put ``tile`` on tile ``on``; ``on`` must be one of ``places(tile)``."""
        new_id = len(self.tiles)
        self.tiles.append(tile)
        if self.foot is not None:  # a toe: it starts a line
            foot_id, number, needed = self.foot
            self._open(new_id, tile[0] + tile[1] - number)
            self.foot = None if needed == 1 else (foot_id, number, needed - 1)
            return
        number = self.ends.pop(on)
        self.showing[number].discard(on)
        if tile[0] == tile[1]:  # a double closes the line and becomes a foot
            self.foot = (new_id, number, self.foot_toes)
        else:
            self._open(new_id, tile[0] + tile[1] - number)


def _play(seat: int, tile: Tile, on: int | None) -> Action:
    return {"seat": seat, "play": _show(tile), "on": on}


class RoundState:
    """One round being replayed: hands, board, boneyard position, whose turn it is."""

    def __init__(
        self,
        table: Table,
        centre: int,
        dealt: list[list[Tile]],
        boneyard: list[Tile],
        first: int,
    ) -> None:
        self.table = table
        self.n = table.n
        self.must_play_drawn = table.options.drawn_tile_must_be_played
        self.centre: Tile = (centre, centre)
        self.hands = [list(hand) for hand in dealt]
        self.boneyard = boneyard
        self.drawable = len(boneyard) - table.undrawn  # the last ``undrawn`` stay undrawn
        self.next_draw = 0  # index of the next boneyard tile
        self.turn = first
        self.drawn: Tile | None = None  # the tile the seat to act drew this turn
        self.ended: str | None = None
        self.out_on_double = False  # the seat that went out laid a double last
        # With round_double "dealt" the centre is empty until its double is placed.
        self.board: Board | None = None
        if table.options.round_double != "dealt":
            self.board = Board.start(centre, table.centre_toes, table.options.foot_toes)
        # A deal can leave nothing to draw and nothing to play (tiny sets, tiles kept back):
        # the round is blocked before its first action.
        if self.is_blocked():
            self.ended = "blocked"

    def can_draw(self) -> bool:
        return self.drawn is None and self.next_draw < self.drawable

    def plays(self, seat: int) -> list[Action]:
        """Every play of a hand tile by ``seat`` on the board, in canonical order."""
        board = self.board
        if board is None:
            return []
        pairs = [(tile, on) for tile in self.hands[seat] for on in board.places(tile)]
        pairs.sort(key=lambda pair: (_tile_index(pair[0]), pair[1]))
        return [_play(seat, tile, on) for tile, on in pairs]

    def legal_actions(self) -> list[Action]:
        """Every action ``apply`` accepts now, in record form and canonical order."""
        if self.ended is not None:
            return []
        seat = self.turn
        if self.board is None:  # "dealt": the round's double is not in the centre yet
            if self.centre in self.hands[seat]:
                return [_play(seat, self.centre, None)]
            if self.can_draw():
                return [{"seat": seat, "draw": _show(self.boneyard[self.next_draw])}]
            return [{"seat": seat, "pass": True}]
        plays = self.plays(seat)
        if self.drawn is None:
            if plays:
                return plays  # a player holding a legal tile must play one
            if self.can_draw():
                return [{"seat": seat, "draw": _show(self.boneyard[self.next_draw])}]
            return [{"seat": seat, "pass": True}]
        # After a draw: the hand held no legal tile before it, so any play is the drawn tile.
        if plays and self.must_play_drawn:
            return plays
        return [*plays, {"seat": seat, "pass": True}]

    def apply(self, here: str, action: object, legal: list[Action]) -> str | None:
        """Apply one recorded action (``legal`` is ``legal_actions()``); return its problem."""
        if self.ended is not None:
            return f"{here}: the round already ended {self.ended!r}"
        wanted, problem = self._read_action(here, action)
        if wanted is None:
            return problem
        if wanted not in legal:
            return f"{here}: {self._why_illegal(wanted, legal)}"
        seat = wanted["seat"]
        hand = self.hands[seat]
        if "play" in wanted:
            tile, _ = _parse_tile(wanted["play"], self.table.top)
            assert tile is not None
            hand.remove(tile)
            if self.board is None:
                self.board = Board.start(
                    tile[0], self.table.centre_toes, self.table.options.foot_toes
                )
            else:
                self.board.place(tile, wanted["on"])
            self.drawn = None
            self.turn = (seat + 1) % self.n
            if not hand:
                self.ended = "out"
                self.out_on_double = tile[0] == tile[1]
        elif "draw" in wanted:
            tile = self.boneyard[self.next_draw]
            self.next_draw += 1
            hand.append(tile)
            self.drawn = tile
        else:
            self.drawn = None
            self.turn = (seat + 1) % self.n
        # "at once" means after any action, a draw included (RULES.md section 2)
        if self.ended is None and self.is_blocked():
            self.ended = "blocked"
        return None

    def is_blocked(self) -> bool:
        """Nothing left to draw (kept-back tiles aside) and nobody holds a legal tile."""
        board = self.board
        if board is None or self.next_draw < self.drawable:
            return False
        return not any(board.fits(tile) for hand in self.hands for tile in hand)

    def _read_action(self, here: str, action: object) -> tuple[Action | None, str]:
        """The action in canonical form (tile high first), or None and the problem."""
        if not isinstance(action, dict):
            return None, f"{here}: is not an object"
        kinds = [key for key in ("play", "draw", "pass") if key in action]
        if len(kinds) != 1:
            return None, f"{here}: must have exactly one of play, draw, pass"
        kind = kinds[0]
        seat = _index(action.get("seat"), self.n)
        if seat is None:
            return None, f"{here}: seat {action.get('seat')!r} is not a seat"
        if kind == "pass":
            if action["pass"] is not True:
                return None, f"{here}: pass must be true, not {action['pass']!r}"
            return {"seat": seat, "pass": True}, ""
        tile, reason = _parse_tile(action[kind], self.table.top)
        if tile is None:
            return None, f"{here}: {kind}: {reason}"
        if kind == "draw":
            return {"seat": seat, "draw": _show(tile)}, ""
        if "on" not in action:
            return None, f"{here}: a play needs on (a tile id, or null for the first tile)"
        on = action["on"]
        if on is not None and not _is_int(on):
            return None, f"{here}: on {on!r} is not a tile id or null"
        return _play(seat, tile, on), ""

    def _why_illegal(self, wanted: Action, legal: list[Action]) -> str:
        """Say why ``wanted`` (read, but not in ``legal``) is illegal."""
        seat = wanted["seat"]
        if seat != self.turn:
            return f"seat {seat} acts, but it is seat {self.turn}'s turn"
        hand, board = self.hands[seat], self.board
        must_place = board is None and self.centre in hand
        fitting = [a["play"] for a in legal if "play" in a]
        if "play" in wanted:
            tile, _ = _parse_tile(wanted["play"], self.table.top)
            assert tile is not None
            on = wanted["on"]
            if tile not in hand:
                return f"seat {seat} does not hold {_show(tile)}"
            if board is None:
                if tile != self.centre:
                    return f"the round's double {_show(self.centre)} must be placed first"
                return f"the round's double is placed with on null, not {on!r}"
            if on is None:
                return "on is null, but the centre is already placed"
            if not 0 <= on < len(board.tiles):
                return f"on {on} is not the id of a placed tile"
            places = board.places(tile)
            if board.foot is not None and on != board.foot[0]:
                why = f"the foot on tile {board.foot[0]} is incomplete"
            elif not places:
                why = "it fits nowhere"
            else:
                why = f"it fits only on {places}"
            return f"{_show(tile)} cannot be played on tile {on} ({why})"
        if "draw" in wanted:
            if must_place:
                return f"seat {seat} holds the round's double and must place it"
            if fitting and self.drawn is None:
                return f"seat {seat} must play ({', '.join(sorted(set(fitting)))}), not draw"
            if self.drawn is not None:
                return f"seat {seat} already drew this turn"
            if self.next_draw >= len(self.boneyard):
                return "the boneyard is empty"
            if self.next_draw >= self.drawable:
                return "only the tiles nobody may draw are left in the boneyard"
            return (
                f"drew {wanted['draw']}, but the next boneyard tile is"
                f" {_show(self.boneyard[self.next_draw])}"
            )
        if must_place:
            return f"seat {seat} holds the round's double and must place it"
        if fitting and self.drawn is None:
            return f"seat {seat} must play ({', '.join(sorted(set(fitting)))}), not pass"
        if fitting:
            return f"the drawn tile {_show(self.drawn or (0, 0))} fits and must be played"
        return f"seat {seat} must draw before passing"

    def points(self) -> list[int]:
        """What each seat scores now that the round has ended."""
        points = [sum(self.table.tile_points(t) for t in hand) for hand in self.hands]
        if self.ended == "out":
            out = next(seat for seat, hand in enumerate(self.hands) if not hand)
            points[out] = self.table.options.double_out_points if self.out_on_double else 0
        return points


# ---------------------------------------------------------------------------------------------
# One round's record


@dataclass
class RoundResult:
    """What checking one round found out."""

    problems: list[str]
    points: list[int] | None  # the recorded points, if they are a list of n ints
    points_ok: bool  # points are a list of n ints, or absent in a round without an end
    ended: bool  # the round records an end
    first: int | None  # the recorded first seat, if it is a seat
    lists: list[list[Action]] | None = None  # legal actions at each point, if replayed cleanly


def _check_deal(
    where: str, rnd: dict[str, Any], table: Table, centre: Tile
) -> tuple[list[str], list[list[Tile]] | None, list[Tile] | None]:
    """Check hands and boneyard; return problems and the parsed hands and boneyard.

    The hands (or the boneyard) are returned as None when they cannot be replayed: not a
    list, the wrong number of hands, or a string that is not a tile of the set.
    """
    problems: list[str] = []
    seen: dict[Tile, str] = {}
    n, top = table.n, table.top
    dealt_double = table.options.round_double == "dealt"

    def parse_tiles(raw: object, label: str) -> list[Tile] | None:
        if not isinstance(raw, list):
            problems.append(f"{where}: {label} is missing or not a list")
            return None
        tiles: list[Tile] = []
        readable = True
        for value in raw:
            tile, reason = _parse_tile(value, top)
            if tile is None:
                problems.append(f"{where}: {label}: {reason}")
                readable = False
                continue
            if tile == centre and not dealt_double:
                problems.append(f"{where}: {label}: holds the round double {_show(tile)}")
            elif tile in seen:
                problems.append(f"{where}: {label}: {_show(tile)} is also in {seen[tile]}")
            else:
                seen[tile] = label
            tiles.append(tile)
        return tiles if readable else None

    hands: list[list[Tile]] | None = None
    hands_raw = rnd.get("hands")
    if not isinstance(hands_raw, list):
        problems.append(f"{where}: hands is missing or not a list")
    else:
        if len(hands_raw) != n:
            problems.append(f"{where}: {len(hands_raw)} hands for {n} players")
        parsed = [parse_tiles(raw, f"hand of seat {seat}") for seat, raw in enumerate(hands_raw)]
        for seat, raw in enumerate(hands_raw):
            if isinstance(raw, list) and len(raw) != table.hand:
                problems.append(
                    f"{where}: hand of seat {seat} has {len(raw)} tiles,"
                    f" {table.hand} are dealt with {n} players"
                )
        if len(hands_raw) == n:
            readable = [hand for hand in parsed if hand is not None]
            if len(readable) == n:
                hands = readable
    boneyard = parse_tiles(rnd.get("boneyard"), "boneyard")

    missing = [t for t in _full_set(top) if t not in seen and (dealt_double or t != centre)]
    if isinstance(hands_raw, list) and isinstance(rnd.get("boneyard"), list) and missing:
        shown = ", ".join(_show(t) for t in missing)
        problems.append(f"{where}: tiles neither dealt nor in the boneyard: {shown}")
    return problems, hands, boneyard


def _read_start_draw(
    where: str, raw: object, table: Table
) -> tuple[list[str], list[tuple[int, Tile]]]:
    """Read ``start_draw``; return problems and its (seat, tile) entries, if all readable."""
    if not isinstance(raw, list):
        return [f"{where}: start_draw is missing or not a list"], []
    problems: list[str] = []
    entries: list[tuple[int, Tile]] = []
    seen: set[Tile] = set()
    for i, entry in enumerate(raw):
        here = f"{where} start_draw {i}"
        if not isinstance(entry, dict):
            problems.append(f"{here}: is not an object")
            continue
        seat = _index(entry.get("seat"), table.n)
        tile, reason = _parse_tile(entry.get("draw"), table.top)
        if seat is None:
            problems.append(f"{here}: seat {entry.get('seat')!r} is not a seat")
        if tile is None:
            problems.append(f"{here}: draw: {reason}")
        elif tile in seen:
            problems.append(f"{here}: {_show(tile)} was already drawn")
        else:
            seen.add(tile)
        if seat is not None and tile is not None:
            entries.append((seat, tile))
    if problems:
        return problems, []
    return [], entries


def _check_start(
    where: str,
    rnd: dict[str, Any],
    k: int,
    table: Table,
    centre: Tile,
    hands: list[list[Tile]] | None,
    boneyard: list[Tile] | None,
    starter: int | None,
) -> tuple[list[str], int | None]:
    """Check ``start_draw``; return problems and the seat the rules name to start round k.

    ``starter`` is round 0's first seat (for the starter draw's later rounds).  The seat is
    None when it cannot be told (an unreadable start draw or deal).
    """
    options, n = table.options, table.n
    raw = rnd.get("start_draw")
    if options.round_double == "found":
        problems, entries = _read_start_draw(where, raw, table)
        if problems:
            return problems, None
        if not entries:
            return [f"{where}: start_draw is empty; someone must find {_show(centre)}"], None
        for i, (seat, tile) in enumerate(entries):
            here = f"{where} start_draw {i}"
            if seat != (k + i) % n:
                problems.append(
                    f"{here}: seat {seat} draws, but the draws go in turn from seat {k % n}"
                    f" (this draw is seat {(k + i) % n}'s)"
                )
            last = i == len(entries) - 1
            if tile == centre and not last:
                problems.append(f"{here}: {_show(tile)} is found here, but the draws go on")
            if last and tile != centre:
                problems.append(f"{here}: the draws end on {_show(tile)}, not {_show(centre)}")
        return problems, entries[-1][0]
    if options.starter_draw_round_one and k == 0:
        problems, entries = _read_start_draw(where, raw, table)
        if problems:
            return problems, None
        seats = [seat for seat, _ in entries]
        if seats != list(range(n)):
            return [
                f"{where}: start_draw seats are {seats}, expected one draw per seat from 0"
            ], None
        if boneyard is not None:
            for i, (_, tile) in enumerate(entries):
                if tile not in boneyard:
                    problems.append(f"{where} start_draw {i}: {_show(tile)} is not in the boneyard")
        if problems:
            return problems, None
        highest = max(entries, key=lambda entry: (entry[1][0] + entry[1][1], entry[1][0]))
        return [], highest[0]
    problems = []
    if raw is not None:
        problems.append(f"{where}: start_draw given, but these rules draw for no start here")
    if options.starter_draw_round_one:
        return problems, None if starter is None else (starter + k) % n
    if options.round_double == "dealt":
        if hands is None:
            return problems, None
        holders = [seat for seat, hand in enumerate(hands) if centre in hand]
        return problems, holders[0] if holders else k % n
    return problems, k % n


def _check_round(
    k: int,
    rnd: object,
    table: Table,
    is_last: bool,
    finished: bool,
    starter: int | None,
    stop: int | None = None,
) -> RoundResult:
    """Check round ``k``; with ``stop``, replay only its first ``stop`` actions and no end."""
    where = f"round {k}"
    n = table.n
    if not isinstance(rnd, dict):
        return RoundResult([f"{where}: is not an object"], None, False, False, None)
    problems: list[str] = []
    number = table.double_of_round(k)
    centre: Tile = (number, number)
    double, reason = _parse_tile(rnd.get("double"), table.top)
    if double is None:
        problems.append(f"{where}: double: {reason}")
    elif double != centre:
        problems.append(f"{where}: double is {_show(double)}, round {k} uses {_show(centre)}")

    end_raw = rnd.get("end") if stop is None else None
    recorded_ended = end_raw is not None  # JSON null counts as absent
    end: str | None = None
    points_raw = rnd.get("points") if stop is None else None
    points = _int_list(points_raw, n)
    points_ok = points is not None or (points_raw is None and not recorded_ended)
    if stop is None:
        if end_raw in ("out", "blocked"):
            end = str(end_raw)
        elif recorded_ended:
            problems.append(f"{where}: end {end_raw!r} is not 'out' or 'blocked'")
        elif finished:
            problems.append(f"{where}: has no end, but the match is finished (winners given)")
        elif not is_last:
            problems.append(f"{where}: has no end, but a later round follows")
        if recorded_ended and points is None:
            problems.append(f"{where}: points {points_raw!r} is not a list of {n} integers")
        if not recorded_ended and points_raw is not None:
            problems.append(f"{where}: points given for a round that has not ended")

    deal_problems, hands, boneyard = _check_deal(where, rnd, table, centre)
    problems.extend(deal_problems)
    start_problems, expected_first = _check_start(
        where, rnd, k, table, centre, hands, boneyard, starter
    )
    problems.extend(start_problems)
    first_raw = rnd.get("first")
    first = _index(first_raw, n)
    if first is None:
        problems.append(f"{where}: first {first_raw!r} is not a seat")
    elif expected_first is not None and first != expected_first:
        problems.append(f"{where}: first is seat {first}, the rules name seat {expected_first}")
    result = RoundResult(problems, points, points_ok, recorded_ended, first)

    actions = rnd.get("actions")
    if not isinstance(actions, list):
        problems.append(f"{where}: actions is missing or not a list")
        return result
    if stop is not None and not 0 <= stop <= len(actions):
        problems.append(f"{where}: action count {stop} is out of range 0..{len(actions)}")
        return result
    if hands is None or boneyard is None:
        problems.append(f"{where}: actions not replayed because the deal is unreadable")
        return result
    # Replay from the recorded first seat when it is a seat (even the wrong one, to avoid
    # follow-on problems), else from the seat the rules name.
    start = first if first is not None else (expected_first or 0)
    state = RoundState(table, number, hands, boneyard, start)
    lists: list[list[Action]] = []
    for index, action in enumerate(actions if stop is None else actions[:stop]):
        legal = state.legal_actions()
        lists.append(legal)
        problem = state.apply(f"{where} action {index}", action, legal)
        if problem is not None:
            problems.append(problem)
            return result
    lists.append(state.legal_actions())
    result.lists = lists
    if stop is not None:
        return result

    actual_end = state.ended
    if actual_end is None:
        if end is not None:
            problems.append(f"{where}: end is {end!r}, but the round has not ended")
    elif not recorded_ended:
        problems.append(f"{where}: the round ended {actual_end!r}, but no end is recorded")
    elif end is not None and end != actual_end:
        problems.append(f"{where}: end is {end!r}, but the round ended {actual_end!r}")
    if actual_end is not None and points is not None:
        expected = state.points()
        if points != expected:
            problems.append(f"{where}: points are {points}, expected {expected}")
    return result


# ---------------------------------------------------------------------------------------------
# The whole record


def _check_header(record: dict[str, Any]) -> tuple[list[str], Table | None]:
    """Check format, game, preset, options and players; return problems and the table.

    The table is None when the options or the players are unusable (nothing more can be
    checked).
    """
    problems: list[str] = []
    if record.get("format") != FORMAT:
        problems.append(f"record: format is {record.get('format')!r}, expected {FORMAT!r}")
    if record.get("game") != GAME:
        problems.append(f"record: game is {record.get('game')!r}, expected {GAME!r}")
    rules = record.get("rules")
    if not isinstance(rules, dict):
        problems.append("record: rules is missing or not an object")
        return problems, None
    preset = rules.get("preset")
    if preset not in PRESETS:
        problems.append(f"record: rules.preset is {preset!r}, expected one of {list(PRESETS)}")
    option_problems, options = _read_options(rules.get("options"))
    problems.extend(option_problems)
    if options is None:
        return problems, None

    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        problems.append("record: players must be a list of names")
        return problems, None
    n = len(players)
    if not options.min_players <= n <= options.max_players:
        problems.append(
            f"record: {n} players, the rules seat {options.min_players} to {options.max_players}"
        )
        return problems, None
    return problems, Table.make(options, n)


@dataclass
class _Run:
    problems: list[str]
    lists: list[list[list[Action]]]  # per round replayed cleanly


def _winners(table: Table, totals: list[int], rounds_points: list[list[int]]) -> list[int]:
    """The seats that win: the lowest total, then the tie-break (RULES.md section 4)."""
    low = min(totals)
    tied = [s for s in range(table.n) if totals[s] == low]
    if table.options.tie_break == "zero-rounds" and len(tied) > 1:
        zeros = {s: sum(1 for p in rounds_points if p[s] == 0) for s in tied}
        most = max(zeros.values())
        tied = [s for s in tied if zeros[s] == most]
        if len(tied) > 1:
            # "if still tied, the one whose lowest non-zero round is lower"
            lowest = {s: min((p[s] for p in rounds_points if p[s] != 0), default=0) for s in tied}
            best = min(lowest.values())
            tied = [s for s in tied if lowest[s] == best]
    return tied


def _run(record: object, stop: tuple[int, int] | None = None) -> _Run:
    """Check the record; with ``stop`` = (R, A), only up to action A of round R."""
    if not isinstance(record, dict):
        return _Run(["record: is not a JSON object"], [])
    problems, table = _check_header(record)
    if table is None:
        return _Run(problems, [])
    n = table.n
    target = table.options.target_total

    winners_raw = record.get("winners") if stop is None else None
    finished = winners_raw is not None
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        problems.append("record: rounds is missing or not a list")
        return _Run(problems, [])
    if stop is not None:
        if not 0 <= stop[0] < len(rounds):
            problems.append(f"round index {stop[0]} is out of range 0..{len(rounds) - 1}")
            return _Run(problems, [])
        rounds = rounds[: stop[0] + 1]
    most = table.rounds_without_target()
    if not target and len(rounds) > most:
        problems.append(
            f"record: {len(rounds)} rounds, a {table.options.length} double-{table.top}"
            f" match has {most}"
        )
        rounds = rounds[:most]
        if stop is not None:
            return _Run(problems, [])

    results: list[RoundResult] = []
    starter: int | None = None
    lists: list[list[list[Action]]] = []
    for k, rnd in enumerate(rounds):
        last = k == len(rounds) - 1
        round_stop = stop[1] if stop is not None and last else None
        result = _check_round(k, rnd, table, last, finished, starter, round_stop)
        if k == 0:
            starter = result.first
        problems.extend(result.problems)
        results.append(result)
        if result.lists is not None:
            lists.append(result.lists)

    # Where the match ends: after the last round without a target; with one, after the round
    # in which some total becomes more than the target.
    over_after: int | None = None  # the round after which the match is over
    readable = all(r.points_ok for r in results)
    if not target:
        if len(rounds) == most and results and results[-1].ended:
            over_after = len(rounds) - 1
    elif readable:
        running = [0] * n
        for k, result in enumerate(results):
            if not result.ended or result.points is None:
                break
            running = [a + b for a, b in zip(running, result.points, strict=True)]
            if max(running) > target:
                over_after = k
                break
    if over_after is not None and over_after < len(rounds) - 1:
        problems.append(
            f"record: a total passed {target} after round {over_after}, but more rounds follow"
        )
    if stop is not None:
        return _Run(problems, lists)

    if finished and not target and len(rounds) != most:
        problems.append(
            f"record: winners given after {len(rounds)} rounds, a {table.options.length}"
            f" double-{table.top} match has {most}"
        )
    if finished and target and readable and over_after is None:
        problems.append(f"record: winners given, but no total has passed {target}")
    if not finished and over_after == len(rounds) - 1:
        problems.append("record: the match is over, so winners must be given")

    # totals: per seat, the sum of the ended rounds' points (checked only when every round
    # has readable points, so that a bad round is not reported twice); RECORD.md: a match
    # still in play may have none
    totals_raw = record.get("totals")
    totals = _int_list(totals_raw, n)
    if totals is None and not finished and "totals" not in record:
        pass
    elif totals is None:
        problems.append(f"record: totals {totals_raw!r} is not a list of {n} integers")
    elif readable:
        expected_totals = [sum(r.points[s] for r in results if r.points) for s in range(n)]
        if totals != expected_totals:
            problems.append(f"record: totals are {totals}, expected {expected_totals}")

    if finished:
        winners = None
        if isinstance(winners_raw, list):
            winners = _int_list(winners_raw, len(winners_raw))
        if winners is None:
            problems.append(f"record: winners {winners_raw!r} is not a list of seats")
        elif totals is not None and readable:
            rounds_points = [r.points for r in results if r.points is not None]
            expected_winners = _winners(table, totals, rounds_points)
            if winners != expected_winners:
                problems.append(f"record: winners are {winners}, expected {expected_winners}")
    return _Run(problems, lists)


def check_record(record: dict[str, Any]) -> list[str]:
    """Return every problem found in a Chicken Foot record (empty: it is legal)."""
    try:
        return _run(record).problems
    except Exception as error:  # a referee must never crash on bad input
        return [f"record: checker failed on malformed input ({type(error).__name__}: {error})"]


def legal_action_lists(record: dict[str, Any]) -> list[list[list[Action]]]:
    """For each round, the legal actions before each action and after the last.

    One replay of the whole record: ``result[R][A]`` is what ``legal_actions_at(record, R,
    A)`` returns, so each round's list has ``len(actions) + 1`` entries (the last one is
    empty once the round has ended).  Raises ValueError when ``check_record`` finds any
    problem in the record.
    """
    try:
        run = _run(record)
    except Exception as error:  # malformed input: report it the one documented way
        raise ValueError(f"malformed record ({type(error).__name__}: {error})") from error
    if run.problems:
        raise ValueError("; ".join(run.problems))
    return run.lists


def legal_actions_at(record: dict[str, Any], round_index: int, action_count: int) -> list[Action]:
    """Every legal action after the first ``action_count`` actions of round ``round_index``.

    The actions are in record form, for the seat to act: ``{"seat": s, "play": "a-b", "on":
    id}`` once per (hand tile, receiving tile id) pair that is legal, then ``{"seat": s,
    "draw": "a-b"}`` (the next boneyard tile) or ``{"seat": s, "pass": True}``.  Plays are
    ordered by tile (0-0, 1-0, 1-1, 2-0, ...), then by ``on``.  Where a drawn tile may be kept
    (``drawn_tile_must_be_played`` false) the plays are followed by the pass.  Where the
    round's double must be placed, the one action is ``{"seat": s, "play": "9-9", "on": None}``.
    The list is empty when the round has ended by then.

    The record is checked up to that point: the header and options, every earlier round
    whole (a later round can depend on them: the wikipedia starter, a target total), and
    this round's double, start draw, first seat, deal and first ``action_count`` actions.
    Raises ValueError when an index is out of range or any of these has a problem that
    ``check_record`` would report.
    """
    if not _is_int(round_index) or not _is_int(action_count):
        raise ValueError("round_index and action_count must be integers")
    try:
        run = _run(record, (round_index, action_count))
    except Exception as error:  # malformed input: report it the one documented way
        raise ValueError(f"malformed record ({type(error).__name__}: {error})") from error
    if run.problems or len(run.lists) != round_index + 1:
        raise ValueError("; ".join(run.problems) or "the round could not be replayed")
    return run.lists[round_index][action_count]
