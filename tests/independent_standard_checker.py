"""Independent referee for records of the standard domino games: draw, block, All Fives, Bergen.

Written only from ``docs/STANDARD.md`` (the rules of the standard games, every option and
every "Decision:"), ``docs/RECORD.md`` (the record format ``chickenfoot-record/1``, its
section on the standard games and its "Exact forms"), ``docs/RULES.md`` sections 1 and 3
and ``../shared/RULES.md`` section 3, with pagat.com's All Fives page (and a page that
reproduces it) consulted for the spinner where STANDARD.md is short.  Its author never read
the engine (``src/``), the engine's tests or ``scripts/``: it is an outside oracle that can
cross-check the engine's records.  It favours plain, obviously correct code over speed.

Use ``check_record(record)`` from Python, or run
``python -m tests.oracle FILE...`` from the command line (records of any game).
``legal_action_lists(record)`` lists, for every hand, the legal actions before each action
and after the last one, by the same replay.

Problems name their place as ``record``, ``hand H`` or ``hand H action A``, where H and A are
0-based indices into ``rounds`` and ``rounds[H].actions``.  After the first illegal action of
a hand the rest of that hand is not replayed (its later problems would only be consequences of
the first one); later hands are still checked, but what depends on an unknown outcome (the
next leader after an unreplayable hand, the near-target limit and the end of the game when
the totals are unknown) is then left unchecked.

The layout is modelled as a list of open ends ``(tile id, open number)`` plus, in games with a
spinner, the spinner's state ``[tile id, number, sides still free, ends still free]``.

Where docs/STANDARD.md leaves a point open, this referee reads it so:

- A spinner played onto the line (not led) has one side covered by the tile it was played on:
  it takes one more tile on its free side, then one on each end (pagat: "the first and second
  tiles adjacent to the spinner ... against the two sides").  Its ends count nothing until a
  tile is on them.
- A lone double in a line without a spinner counts its pips once (5-5 led: 10), as a lone
  spinner does; a lone double is one header of 2 (and the near-target limit applies to it).
- ``lead_deciding_tile`` binds only when a tile made the leader (the highest or lowest double,
  or the heaviest or lightest tile); a leader by lot, by rotation or by going out of the
  previous hand may lead any tile.  ``next_leader`` ``winner`` is the seat that went out,
  even where ``out_wins`` false gave the hand to another side.
- The near-target limit looks at the side's running score: earlier hands plus what it has
  scored in this hand before the play.
- ``blocked_score`` ``difference``: the other sides' pips together minus the winner's own,
  never below 0.  ``round_to`` rounds pip scores only, never the ``bonus``.
- ``winners`` are in ascending seat order; ``totals`` is required in every record (also one
  still in play); ``sides`` is checked when present; ``end`` is absent (not null) while a hand
  is in play; only plays carry ``score``, and never ``score`` 0.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

FORMAT = "chickenfoot-record/1"
GAMES = ("draw", "block", "all-fives", "bergen")

# The options of docs/STANDARD.md's table, by kind.
CHOICE_OPTIONS: dict[str, tuple[str, ...]] = {
    "game": GAMES,
    "leader": ("highest-double", "lowest-double", "lot", "rotate"),
    "next_leader": ("rule", "winner"),
    "play_scoring": ("none", "fives", "headers"),
    "hand_scoring": ("pips", "bonus"),
    "blocked_winner": ("lowest", "double-free"),
    "blocked_score": ("difference", "others"),
}
BOOL_OPTIONS = (
    "partnership",
    "drawing",
    "drawn_tile_must_be_played",
    "lead_deciding_tile",
    "spinner",
    "near_target_limit",
    "out_wins",
)
# name -> (lowest value, highest value or None)
INT_OPTIONS: dict[str, tuple[int, int | None]] = {
    "players": (2, 4),
    "hand_size": (1, None),
    "undrawn": (0, None),
    "round_to": (1, None),
    "bonus": (0, None),
    "target": (0, None),
}
SET_TOPS = (6, 9, 12)
ALL_OPTIONS = (*CHOICE_OPTIONS, *BOOL_OPTIONS, *INT_OPTIONS, "set_top")

_TILE_RE = re.compile(r"(0|[1-9][0-9]*)-(0|[1-9][0-9]*)")

Tile = tuple[int, int]  # (high, low), always high >= low


def _show(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def _pips(tile: Tile) -> int:
    return tile[0] + tile[1]


def _tile_index(tile: Tile) -> int:
    """The tile's place in the order 0-0, 1-0, 1-1, 2-0, ...: a*(a+1)//2 + b."""
    return tile[0] * (tile[0] + 1) // 2 + tile[1]


def _full_set(top: int) -> list[Tile]:
    return [(a, b) for a in range(top + 1) for b in range(a + 1)]


def _other(tile: Tile, number: int) -> int:
    """The number of ``tile`` that is not the matched ``number``."""
    return tile[0] + tile[1] - number


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


def _round_to(value: int, step: int) -> int:
    """``value`` rounded to the nearest multiple of ``step``, halves up."""
    return (2 * value + step) // (2 * step) * step


@dataclass(frozen=True)
class Rules:
    """Every option of docs/STANDARD.md's table, read from ``rules.options``."""

    game: str
    players: int
    set_top: int
    partnership: bool
    hand_size: int
    undrawn: int
    drawing: bool
    drawn_tile_must_be_played: bool
    leader: str
    lead_deciding_tile: bool
    next_leader: str
    spinner: bool
    play_scoring: str
    near_target_limit: bool
    out_wins: bool
    hand_scoring: str
    blocked_winner: str
    blocked_score: str
    round_to: int
    bonus: int
    target: int

    @property
    def sides(self) -> list[list[int]]:
        """The seats of each side: partners 0 and 2 against 1 and 3, else one seat each."""
        if self.partnership:
            return [[0, 2], [1, 3]]
        return [[seat] for seat in range(self.players)]

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat


def _read_options(options: object) -> tuple[list[str], Rules | None]:
    """Check ``rules.options``; return problems and the rules (None if unusable)."""
    where = "record: rules.options"
    if not isinstance(options, dict):
        return [f"{where} is missing or not an object"], None
    problems: list[str] = []
    for name in options:
        if name not in ALL_OPTIONS:
            problems.append(f"{where}: unknown option {name!r}")
    values: dict[str, Any] = {}
    for name in ALL_OPTIONS:
        if name not in options:
            problems.append(f"{where}: option {name!r} is missing")
            continue
        value = options[name]
        if name in CHOICE_OPTIONS:
            ok = isinstance(value, str) and value in CHOICE_OPTIONS[name]
            expected = "one of " + ", ".join(CHOICE_OPTIONS[name])
        elif name in BOOL_OPTIONS:
            ok = isinstance(value, bool)
            expected = "true or false"
        elif name == "set_top":
            ok = _is_int(value) and value in SET_TOPS
            expected = "one of 6, 9, 12"
        else:
            low, high = INT_OPTIONS[name]
            ok = _is_int(value) and value >= low and (high is None or value <= high)
            expected = f"an integer from {low}" + (f" to {high}" if high is not None else " up")
        if ok:
            values[name] = value
        else:
            problems.append(f"{where}.{name} is {value!r}, expected {expected}")
    if problems:
        return problems, None
    rules = Rules(**values)

    # Combinations that make no sense are refused (docs/STANDARD.md, under the table).
    if rules.partnership and rules.players != 4:
        problems.append(f"{where}: partnership needs 4 players, not {rules.players}")
    if rules.partnership and rules.game == "bergen":
        problems.append(f"{where}: partnership is not played in bergen")
    size = len(_full_set(rules.set_top))
    if rules.players * rules.hand_size + rules.undrawn > size:
        problems.append(
            f"{where}: {rules.players} hands of {rules.hand_size} and {rules.undrawn} tiles kept"
            f" back do not fit in the {size} tiles of the double-{rules.set_top} set"
        )
    if rules.play_scoring == "headers" and rules.spinner:
        problems.append(f"{where}: headers need a single line (no spinner)")
    if rules.play_scoring != "none" and rules.target == 0:
        problems.append(f"{where}: scoring during play needs a target")
    return problems, None if problems else rules


def _check_header(record: dict[str, Any]) -> tuple[list[str], Rules | None]:
    """Check format, game, preset, options, players and sides; return problems and rules."""
    problems: list[str] = []
    if record.get("format") != FORMAT:
        problems.append(f"record: format is {record.get('format')!r}, expected {FORMAT!r}")
    game = record.get("game")
    if game not in GAMES:
        problems.append(f"record: game is {game!r}, expected one of {', '.join(GAMES)}")
    rules_raw = record.get("rules")
    if not isinstance(rules_raw, dict):
        problems.append("record: rules is missing or not an object")
        return problems, None
    preset = rules_raw.get("preset")
    if preset != game:
        problems.append(f"record: rules.preset is {preset!r}, expected the game {game!r}")
    option_problems, rules = _read_options(rules_raw.get("options"))
    problems.extend(option_problems)
    if rules is None:
        return problems, None
    if rules.game != game:
        problems.append(f"record: rules.options.game is {rules.game!r}, but game is {game!r}")

    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        problems.append("record: players must be a list of names")
    elif len(players) != rules.players:
        problems.append(
            f"record: {len(players)} players named, rules.options.players is {rules.players}"
        )
    if "sides" in record and record["sides"] != rules.sides:
        problems.append(f"record: sides are {record['sides']!r}, expected {rules.sides}")
    return problems, rules


def _check_deal(
    where: str, rnd: dict[str, Any], rules: Rules
) -> tuple[list[str], list[list[Tile]] | None, list[Tile] | None]:
    """Check hands and boneyard; return problems and the parsed hands and boneyard.

    The hands (or the boneyard) are returned as None when they cannot be replayed.
    """
    problems: list[str] = []
    top, n = rules.set_top, rules.players
    seen: dict[Tile, str] = {}

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
            if tile in seen:
                problems.append(f"{where}: {label}: {_show(tile)} is also in {seen[tile]}")
                readable = False
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
            if isinstance(raw, list) and len(raw) != rules.hand_size:
                problems.append(
                    f"{where}: hand of seat {seat} has {len(raw)} tiles,"
                    f" hand_size is {rules.hand_size}"
                )
        readable = [hand for hand in parsed if hand is not None]
        if len(hands_raw) == n and len(readable) == n:
            hands = readable
    boneyard_raw = rnd.get("boneyard")
    boneyard = parse_tiles(boneyard_raw, "boneyard")
    size = len(_full_set(top))
    if isinstance(boneyard_raw, list) and len(boneyard_raw) != size - n * rules.hand_size:
        problems.append(
            f"{where}: boneyard has {len(boneyard_raw)} tiles, expected"
            f" {size - n * rules.hand_size} (the set less the hands)"
        )
    missing = [t for t in _full_set(top) if t not in seen]
    if isinstance(hands_raw, list) and isinstance(boneyard_raw, list) and missing:
        shown = ", ".join(_show(t) for t in missing)
        problems.append(f"{where}: tiles neither dealt nor in the boneyard: {shown}")
    if problems:
        return problems, None, None
    return problems, hands, boneyard


def _rule_leader(
    rules: Rules, k: int, hands: list[list[Tile]], previous_out: int | None
) -> tuple[int | None, Tile | None, str]:
    """Who leads hand ``k`` by the rules: (seat or None for any seat, tile that decided, why).

    ``previous_out`` is the seat that went out of the previous hand (None: there was no
    previous hand, or it was blocked).
    """
    n = rules.players
    if rules.next_leader == "winner" and previous_out is not None:
        return previous_out, None, f"seat {previous_out} went out of the previous hand"
    if rules.leader == "lot":
        return None, None, "drawn by lot"
    if rules.leader == "rotate":
        return k % n, None, f"hand {k + 1} is led by seat (hand - 1) mod {n}"
    held = [(tile, seat) for seat in range(n) for tile in hands[seat]]
    doubles = [(tile, seat) for tile, seat in held if _is_double(tile)]
    if rules.leader == "highest-double":
        if doubles:
            tile, seat = max(doubles)
            why = f"seat {seat} holds the highest double {_show(tile)}"
        else:
            tile, seat = max(held, key=lambda ts: (_pips(ts[0]), ts[0][0]))
            why = f"no double was dealt; seat {seat} holds the heaviest tile {_show(tile)}"
    else:  # lowest-double
        if doubles:
            tile, seat = min(doubles)
            why = f"seat {seat} holds the lowest double {_show(tile)}"
        else:
            tile, seat = min(held, key=lambda ts: (_pips(ts[0]), ts[0][1]))
            why = f"no double was dealt; seat {seat} holds the lightest tile {_show(tile)}"
    return seat, (tile if rules.lead_deciding_tile else None), why


class HandState:
    """One hand being replayed: hands, layout, boneyard position, whose turn it is."""

    def __init__(
        self,
        rules: Rules,
        dealt: list[list[Tile]],
        boneyard: list[Tile],
        first: int,
        lead_tile: Tile | None,
        totals: list[int] | None,
    ) -> None:
        self.rules = rules
        self.n = rules.players
        self.hands = [list(hand) for hand in dealt]
        self.boneyard = boneyard
        # Tiles that may be drawn: none where the game does not draw; never the kept-back ones.
        self.drawable = len(boneyard) - rules.undrawn if rules.drawing else 0
        self.next_draw = 0
        self.turn = first
        # The tile the leader must lead (None: any tile of their hand).
        self.lead_tile = lead_tile if lead_tile in self.hands[first] else None
        self.placed: list[Tile] = []  # tile id -> tile; id 0 is the lead
        self.ends: list[tuple[int, int]] = []  # open ends of the arms: (tile id, number)
        # The spinner as [tile id, number, sides free, ends free], once a double became it.
        self.spinner: list[int] | None = None
        self.drawn_fits = False  # the seat to act has just drawn a tile that fits
        self.ended: str | None = None
        self.out_seat: int | None = None
        self.play_points = [0] * len(rules.sides)  # per side, scored during this hand
        self.totals = totals  # per side, before this hand (None: unknown)

    # --- the layout -------------------------------------------------------------------

    def places(self, tile: Tile) -> list[int]:
        """Ids of the placed tiles that may receive ``tile`` now (the layout is not empty)."""
        ids = {tile_id for tile_id, number in self.ends if number in tile}
        spinner = self.spinner
        if spinner is not None and (spinner[2] or spinner[3]) and spinner[1] in tile:
            ids.add(spinner[0])
        return sorted(ids)

    def fits(self, seat: int) -> bool:
        return any(self.places(tile) for tile in self.hands[seat])

    def place(self, tile: Tile, on: int | None) -> None:
        """Put ``tile`` on tile ``on`` (None: the lead); the play must be legal."""
        new_id = len(self.placed)
        self.placed.append(tile)
        if on is None:
            if _is_double(tile) and self.rules.spinner:
                self.spinner = [new_id, tile[0], 2, 2]  # both sides free, then both ends
            else:
                self.ends = [(new_id, tile[0]), (new_id, tile[1])]
            return
        spinner = self.spinner
        if spinner is not None and on == spinner[0]:
            if spinner[2] > 0:  # sides first
                spinner[2] -= 1
            else:
                spinner[3] -= 1
            self.ends.append((new_id, _other(tile, spinner[1])))
            return
        for position, (tile_id, number) in enumerate(self.ends):
            if tile_id == on and number in tile:
                del self.ends[position]
                if _is_double(tile) and self.rules.spinner and self.spinner is None:
                    # The first double is the spinner; the tile it was played on covers
                    # one of its sides.
                    self.spinner = [new_id, number, 1, 2]
                else:
                    self.ends.append((new_id, _other(tile, number)))
                return
        raise AssertionError("place() called with an illegal play")

    def count(self) -> int:
        """All Fives' count of the open ends (docs/STANDARD.md, "The count")."""
        ends = self.ends
        if len(ends) == 2 and ends[0][0] == ends[1][0]:
            return _pips(self.placed[0])  # the lead alone: both its ends, a double once
        total = 0
        for tile_id, number in ends:
            total += 2 * number if _is_double(self.placed[tile_id]) else number
        spinner = self.spinner
        if spinner is not None and spinner[2] > 0:  # a side still uncovered
            total += 2 * spinner[1]
        return total

    def header(self) -> int:
        """Bergen's header after a tile: 3, 2 or 0 (docs/STANDARD.md, "Decision (headers)")."""
        if len(self.ends) != 2:
            return 0
        (id1, number1), (id2, number2) = self.ends
        if number1 != number2:
            return 0
        if id1 == id2:
            return 2  # a lone double
        if _is_double(self.placed[id1]) or _is_double(self.placed[id2]):
            return 3
        return 2

    def play_score(self, seat: int) -> int | None:
        """Points of the play just made by ``seat`` (None: unknown, the totals are)."""
        scoring = self.rules.play_scoring
        if scoring == "fives":
            total = self.count()
            return total if total % 5 == 0 else 0
        if scoring == "headers":
            points = self.header()
            if points and self.rules.near_target_limit:
                if self.totals is None:
                    return None
                side = self.rules.side_of(seat)
                need = self.rules.target - self.totals[side] - self.play_points[side]
                if need <= 2:
                    points = 1
                elif need == 3:
                    points = min(points, 2)
            return points
        return 0

    # --- actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every legal action now, in record form (without score) and in the fixed order."""
        if self.ended is not None:
            return []
        seat = self.turn
        hand = self.hands[seat]
        if not self.placed:
            leads = [self.lead_tile] if self.lead_tile is not None else hand
            return [
                {"seat": seat, "play": _show(tile), "on": None}
                for tile in sorted(leads, key=_tile_index)
            ]
        plays = sorted(
            ((tile, on) for tile in hand for on in self.places(tile)),
            key=lambda play: (_tile_index(play[0]), play[1]),
        )
        if plays:
            actions: list[dict[str, Any]] = [
                {"seat": seat, "play": _show(tile), "on": on} for tile, on in plays
            ]
            if self.drawn_fits and not self.rules.drawn_tile_must_be_played:
                actions.append({"seat": seat, "pass": True})
            return actions
        if self.next_draw < self.drawable:
            return [{"seat": seat, "draw": _show(self.boneyard[self.next_draw])}]
        return [{"seat": seat, "pass": True}]

    def apply(self, here: str, action: object) -> tuple[str | None, int | None]:
        """Apply one recorded action; return (its problem or None, the play's score).

        On a problem nothing changed.  The score is that of a play (0 for other actions),
        None when it cannot be known.
        """
        if self.ended is not None:
            return f"{here}: the hand already ended {self.ended!r}", 0
        problem, wanted = self._read(here, action)
        if wanted is None:
            return problem, 0
        legal = self.legal_actions()
        if wanted not in legal:
            return self._why_illegal(here, wanted, legal), 0
        seat = wanted["seat"]
        score: int | None = 0
        if "play" in wanted:
            tile, _ = _parse_tile(wanted["play"], self.rules.set_top)
            assert tile is not None
            self.hands[seat].remove(tile)
            self.place(tile, wanted["on"])
            score = self.play_score(seat)
            if score is not None:
                self.play_points[self.rules.side_of(seat)] += score
            self.drawn_fits = False
            self.turn = (seat + 1) % self.n
            if not self.hands[seat]:
                self.ended = "out"
                self.out_seat = seat
        elif "draw" in wanted:
            tile = self.boneyard[self.next_draw]
            self.next_draw += 1
            self.hands[seat].append(tile)
            self.drawn_fits = bool(self.places(tile))
        else:
            self.drawn_fits = False
            self.turn = (seat + 1) % self.n
        if (
            self.ended is None
            and self.next_draw >= self.drawable
            and not any(self.fits(s) for s in range(self.n))
        ):
            self.ended = "blocked"
        return None, score

    def _read(self, here: str, action: object) -> tuple[str | None, dict[str, Any] | None]:
        """The action in the record form of ``legal_actions`` (tiles larger number first)."""
        if not isinstance(action, dict):
            return f"{here}: is not an object", None
        kinds = [key for key in ("play", "draw", "pass") if key in action]
        if len(kinds) != 1:
            return f"{here}: must have exactly one of play, draw, pass", None
        kind = kinds[0]
        seat = _index(action.get("seat"), self.n)
        if seat is None:
            return f"{here}: seat {action.get('seat')!r} is not a seat", None
        if kind != "play" and "score" in action:
            return f"{here}: only a play carries a score", None
        if kind == "pass":
            if action["pass"] is not True:
                return f"{here}: pass is {action['pass']!r}, expected true", None
            return None, {"seat": seat, "pass": True}
        tile, reason = _parse_tile(action[kind], self.rules.set_top)
        if tile is None:
            return f"{here}: {kind}: {reason}", None
        if kind == "draw":
            return None, {"seat": seat, "draw": _show(tile)}
        if "on" not in action:
            return f"{here}: a play needs on (a tile id, or null for the lead)", None
        on = action["on"]
        if on is not None and not _is_int(on):
            return f"{here}: on {on!r} is not an integer or null", None
        return None, {"seat": seat, "play": _show(tile), "on": on}

    def _why_illegal(self, here: str, wanted: dict[str, Any], legal: list[dict[str, Any]]) -> str:
        seat = wanted["seat"]
        if seat != self.turn:
            return f"{here}: seat {seat} acts, but it is seat {self.turn}'s turn"
        plays = [a for a in legal if "play" in a]
        must_play = ", ".join(sorted({a["play"] for a in plays}))
        if "play" in wanted:
            tile, _ = _parse_tile(wanted["play"], self.rules.set_top)
            assert tile is not None
            on = wanted["on"]
            if tile not in self.hands[seat]:
                return f"{here}: seat {seat} does not hold {wanted['play']}"
            if not self.placed:
                if on is not None:
                    return f"{here}: the lead is played on null, not on {on!r}"
                lead = self.lead_tile
                assert lead is not None
                return f"{here}: seat {seat} must lead {_show(lead)}, the tile that made it leader"
            if on is None:
                return f"{here}: only the lead is played on null"
            if not 0 <= on < len(self.placed):
                return f"{here}: on {on} is not the id of a placed tile"
            places = self.places(tile)
            if on in places:  # the tile fits there, but a play is not what is allowed
                pass
            elif not places:
                return f"{here}: {wanted['play']} fits nowhere"
            else:
                shown = wanted["play"]
                return f"{here}: {shown} cannot be played on tile {on} (it fits on {places})"
        elif "draw" in wanted:
            if plays:
                return f"{here}: seat {seat} must play ({must_play}), not draw"
            if self.next_draw >= self.drawable:
                if not self.rules.drawing:
                    return f"{here}: this game does not draw"
                return f"{here}: nothing may be drawn (only kept-back tiles, if any, are left)"
            return (
                f"{here}: drew {wanted['draw']}, but the next boneyard tile is"
                f" {_show(self.boneyard[self.next_draw])}"
            )
        else:
            if plays:
                return f"{here}: seat {seat} must play ({must_play}), not pass"
            return f"{here}: seat {seat} must draw before passing"
        allowed = "; ".join(json.dumps(a) for a in legal)
        return f"{here}: {json.dumps(wanted)} is not legal here (legal: {allowed})"


@dataclass
class HandResult:
    """What checking one hand found out."""

    problems: list[str]
    recorded_end: bool  # the hand has an end key
    replayed: bool  # the deal was readable and every action legal
    ended: str | None  # how the replayed hand ended (None: still in play, or unknown)
    out_seat: int | None
    expected_points: list[int] | None  # per seat, when the replayed hand ended
    tied_sides: list[int] | None  # the hand's winning side, or the sides tied for it
    points: list[int] | None  # the recorded points, if a list of n ints


def _hand_end(rules: Rules, state: HandState) -> tuple[list[int], list[int]]:
    """Score the end of a replayed hand: (points per seat, winning side or tied sides)."""
    sides = rules.sides
    pips = [sum(_pips(t) for seat in side for t in state.hands[seat]) for side in sides]
    candidates = list(range(len(sides)))
    out_win = state.ended == "out" and rules.out_wins
    if out_win:
        assert state.out_seat is not None
        tied = [rules.side_of(state.out_seat)]
    else:
        if rules.blocked_winner == "double-free":
            free = [
                s
                for s in candidates
                if not any(_is_double(t) for seat in sides[s] for t in state.hands[seat])
            ]
            if free:
                candidates = free
        low = min(pips[s] for s in candidates)
        tied = [s for s in candidates if pips[s] == low]
    side_points = list(state.play_points)
    if len(tied) == 1:
        winner = tied[0]
        if rules.hand_scoring == "bonus":
            score = rules.bonus
        else:
            others = sum(pips[s] for s in range(len(sides)) if s != winner)
            if not out_win and rules.blocked_score == "difference":
                others = max(0, others - pips[winner])
            score = _round_to(others, rules.round_to)
        side_points[winner] += score
    return [side_points[rules.side_of(seat)] for seat in range(rules.players)], tied


def _check_hand(
    k: int,
    rnd: object,
    rules: Rules,
    is_last: bool,
    finished: bool,
    previous: tuple[bool, int | None],
    totals: list[int] | None,
    lists: list[list[list[dict[str, Any]]]] | None,
) -> HandResult:
    """Check hand ``k``.  ``previous`` is (known, seat that went out of hand k-1 or None)."""
    where = f"hand {k}"
    n = rules.players
    if not isinstance(rnd, dict):
        return HandResult(
            [f"{where}: is not an object"], False, False, None, None, None, None, None
        )
    problems: list[str] = []
    for key in ("double", "start_draw"):
        if key in rnd:
            problems.append(f"{where}: a hand of a standard game has no {key!r}")

    end_raw = rnd.get("end")
    recorded_ended = "end" in rnd
    if recorded_ended and end_raw not in ("out", "blocked"):
        problems.append(f"{where}: end {end_raw!r} is not 'out' or 'blocked'")
    elif not recorded_ended and finished:
        problems.append(f"{where}: has no end, but the game is finished (winners given)")
    elif not recorded_ended and not is_last:
        problems.append(f"{where}: has no end, but a later hand follows")
    points_raw = rnd.get("points")
    points = _int_list(points_raw, n)
    if recorded_ended and points is None:
        problems.append(f"{where}: points {points_raw!r} is not a list of {n} integers")
    if not recorded_ended and "points" in rnd:
        problems.append(f"{where}: points given for a hand that has not ended")

    deal_problems, hands, boneyard = _check_deal(where, rnd, rules)
    problems.extend(deal_problems)

    first = _index(rnd.get("first"), n)
    if first is None:
        problems.append(f"{where}: first {rnd.get('first')!r} is not a seat")
    lead_tile: Tile | None = None
    if first is not None and hands is not None and previous[0]:
        leader, deciding, why = _rule_leader(rules, k, hands, previous[1])
        if leader is not None and first != leader:
            problems.append(
                f"{where}: first is seat {first}, but the leader is seat {leader}: {why}"
            )
        if leader == first:
            lead_tile = deciding

    actions = rnd.get("actions")
    if not isinstance(actions, list):
        problems.append(f"{where}: actions is missing or not a list")
    unreplayable = HandResult(problems, recorded_ended, False, None, None, None, None, points)
    if first is None or hands is None or boneyard is None or not isinstance(actions, list):
        if not isinstance(actions, list) or hands is None or boneyard is None:
            problems.append(f"{where}: actions not replayed (the hand is unreadable)")
        return unreplayable

    state = HandState(rules, hands, boneyard, first, lead_tile, totals)
    legal_lists: list[list[dict[str, Any]]] = []
    for index, action in enumerate(actions):
        here = f"{where} action {index}"
        if lists is not None:
            legal_lists.append(state.legal_actions())
        problem, score = state.apply(here, action)
        if problem is not None:
            problems.append(problem)
            return unreplayable
        if isinstance(action, dict) and "play" in action and score is not None:
            recorded = action.get("score")
            if "score" not in action:
                if score:
                    problems.append(f"{here}: the play scores {score}, but no score is recorded")
            elif not _is_int(recorded):
                problems.append(f"{here}: score {recorded!r} is not an integer")
            elif score == 0:
                problems.append(f"{here}: score {recorded} given, but the play scores nothing")
            elif recorded != score:
                problems.append(f"{here}: score is {recorded}, expected {score}")
    if lists is not None:
        legal_lists.append(state.legal_actions())
        lists.append(legal_lists)

    actual = state.ended
    if actual is None:
        if recorded_ended:
            problems.append(f"{where}: end is {end_raw!r}, but the hand has not ended")
        return HandResult(problems, recorded_ended, True, None, None, None, None, points)
    if not recorded_ended:
        problems.append(f"{where}: the hand ended {actual!r}, but no end is recorded")
    elif end_raw in ("out", "blocked") and end_raw != actual:
        problems.append(f"{where}: end is {end_raw!r}, but the hand ended {actual!r}")
    expected, tied = _hand_end(rules, state)
    if points is not None and points != expected:
        problems.append(f"{where}: points are {points}, expected {expected}")
    return HandResult(
        problems, recorded_ended, True, actual, state.out_seat, expected, tied, points
    )


def check_record(record: dict[str, Any]) -> list[str]:
    """Return every problem found in a record of a standard game (empty: it is legal)."""
    try:
        return _check_record(record, None)
    except Exception as error:  # a referee must never crash on bad input
        return [f"record: checker failed on malformed input ({type(error).__name__}: {error})"]


def _check_record(record: object, lists: list[list[list[dict[str, Any]]]] | None) -> list[str]:
    if not isinstance(record, dict):
        return ["record: is not a JSON object"]
    problems, rules = _check_header(record)
    if rules is None:
        return problems
    n = rules.players
    sides = rules.sides

    finished = "winners" in record
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        problems.append("record: rounds is missing or not a list")
        return problems

    side_totals: list[int] | None = [0] * len(sides)  # true totals; None: unknown
    previous: tuple[bool, int | None] = (True, None)
    over_after: int | None = None  # the hand after which the game is over
    over_known = True
    winners_expected: list[int] | None = None
    results: list[HandResult] = []
    for k, rnd in enumerate(rounds):
        if over_after is not None:
            problems.append(f"hand {k}: the game was over after hand {over_after}")
            break
        result = _check_hand(
            k, rnd, rules, k == len(rounds) - 1, finished, previous, side_totals, lists
        )
        problems.extend(result.problems)
        results.append(result)
        if not result.replayed:
            previous = (False, None)
            side_totals = None
            over_known = False
            continue
        previous = (True, result.out_seat if result.ended == "out" else None)
        if result.ended is None or result.expected_points is None:
            continue
        if side_totals is not None:
            for s, side in enumerate(sides):
                side_totals[s] += result.expected_points[side[0]]
        if not over_known:
            continue
        if rules.target == 0:
            over_after = k
            assert result.tied_sides is not None
            winners_expected = sorted(seat for s in result.tied_sides for seat in sides[s])
        elif side_totals is not None:
            high = max(side_totals)
            leaders = [s for s in range(len(sides)) if side_totals[s] == high]
            if high >= rules.target and len(leaders) == 1:
                over_after = k
                winners_expected = sorted(sides[leaders[0]])

    # totals: per seat, the sum of the recorded points of the hands that ended; RECORD.md: a
    # game still in play may have none
    totals_raw = record.get("totals")
    totals = _int_list(totals_raw, n)
    if totals is None and not finished and "totals" not in record:
        pass
    elif totals is None:
        problems.append(f"record: totals {totals_raw!r} is not a list of {n} integers")
    elif all(r.points is not None or not r.recorded_end for r in results):
        ended = [r.points for r in results if r.points is not None and r.recorded_end]
        expected_totals = [sum(p[seat] for p in ended) for seat in range(n)]
        if totals != expected_totals:
            problems.append(f"record: totals are {totals}, expected {expected_totals}")

    if finished:
        winners_raw = record["winners"]
        winners = (
            _int_list(winners_raw, len(winners_raw)) if isinstance(winners_raw, list) else None
        )
        if winners is None:
            problems.append(f"record: winners {winners_raw!r} is not a list of seats")
        elif over_known and winners_expected is None:
            problems.append(f"record: winners {winners} given, but the game is not over")
        elif winners_expected is not None and winners != winners_expected:
            problems.append(f"record: winners are {winners}, expected {winners_expected}")
    elif over_after is not None:
        problems.append(f"record: the game is over after hand {over_after}, winners must be given")
    return problems


def legal_action_lists(record: dict[str, Any]) -> list[list[list[dict[str, Any]]]]:
    """For each hand, the legal actions before each action and after the last.

    Each hand's list has ``len(actions) + 1`` entries, computed in one replay.  The actions
    are in record form without ``score``: ``{"seat": s, "play": "a-b", "on": id_or_None}``,
    ``{"seat": s, "draw": "a-b"}`` (naming the next tile) or ``{"seat": s, "pass": True}``;
    leads by tile index (0-0, 1-0, 1-1, 2-0, ...), or plays by tile index then target id (then
    the pass when a drawn tile may be kept), or the draw, or the pass.  An ended hand has no
    legal action.  Raises ValueError on a record with problems.
    """
    lists: list[list[list[dict[str, Any]]]] = []
    try:
        problems = _check_record(record, lists)
    except Exception as error:  # malformed input: report it the one documented way
        raise ValueError(f"malformed record ({type(error).__name__}: {error})") from error
    if problems:
        raise ValueError("; ".join(problems))
    return lists
