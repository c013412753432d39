"""Independent referee for classic Chicken Foot match records (``chickenfoot-record/1``).

Written from ``RULES.md`` section 2 and ``RECORD.md`` only, without looking at the engine,
so that it can cross-check the engine's records.  It favours plain, obviously correct code
over speed: the board is a list of placed tiles plus a list of open line ends.

Use ``check_record(record)`` from Python, or run
``python tests/independent_checker.py FILE...`` from the command line.
``legal_actions_at(record, round_index, action_count)`` lists the legal actions at any point
of a legal record, by the same replay.

Problems name their place as ``record``, ``round R`` or ``round R action A``, where R and A
are 0-based indices into ``rounds`` and ``rounds[R].actions``.  After the first illegal
action of a round the rest of that round is not replayed (its later problems would only be
consequences of the first one).
"""

from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import dataclass, field
from typing import Any

FORMAT = "chickenfoot-record/1"
GAME = "chickenfoot"
PRESET = "classic"
# Tiles dealt to each player, by number of players (RULES.md section 2).
DEALT: dict[int, int] = {2: 20, 3: 14, 4: 11, 5: 9, 6: 7, 7: 10, 8: 9}
CENTRE_TOES = 6
FOOT_TOES = 3
DOUBLE_BLANK_POINTS = 50

_TILE_RE = re.compile(r"(0|[1-9][0-9]*)-(0|[1-9][0-9]*)")

Tile = tuple[int, int]  # (high, low), always high >= low


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


def _tile_points(tile: Tile) -> int:
    if tile == (0, 0):
        return DOUBLE_BLANK_POINTS
    return tile[0] + tile[1]


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


@dataclass
class Board:
    """The tiles on the table during one round."""

    tiles: list[Tile]  # tile id -> tile; id 0 is the centre double
    ends: list[tuple[int, int]] = field(default_factory=list)  # (tile id, open number)
    # The incomplete foot as (double's tile id, its number, toes still needed), or None.
    foot: tuple[int, int, int] | None = None

    @classmethod
    def start(cls, centre: int) -> Board:
        return cls(tiles=[(centre, centre)], foot=(0, centre, CENTRE_TOES))

    def places(self, tile: Tile) -> list[int]:
        """Ids of the placed tiles that may receive ``tile`` now."""
        if self.foot is not None:
            foot_id, number, _ = self.foot
            return [foot_id] if number in tile else []
        return [tile_id for tile_id, number in self.ends if number in tile]

    def place(self, tile: Tile, on: int) -> None:
        """Put ``tile`` on tile ``on``; ``on`` must be one of ``places(tile)``."""
        new_id = len(self.tiles)
        self.tiles.append(tile)
        if self.foot is not None:
            foot_id, number, needed = self.foot
            self.ends.append((new_id, tile[0] + tile[1] - number))  # a toe starts a line
            self.foot = None if needed == 1 else (foot_id, number, needed - 1)
            return
        for index, (tile_id, number) in enumerate(self.ends):
            if tile_id == on:
                del self.ends[index]
                if tile[0] == tile[1]:  # a double closes the line and becomes a foot
                    self.foot = (new_id, number, FOOT_TOES)
                else:
                    self.ends.append((new_id, tile[0] + tile[1] - number))
                return


@dataclass
class RoundResult:
    """What checking one round found out."""

    problems: list[str]
    points: list[int] | None  # the recorded points, if they are a list of n ints
    points_ok: bool  # points are a list of n ints, or absent in a round without an end


def _check_deal(
    where: str, rnd: dict[str, Any], n: int, top: int, centre: Tile
) -> tuple[list[str], list[list[Tile]] | None, list[Tile] | None]:
    """Check hands and boneyard; return problems and the parsed hands and boneyard.

    The hands (or the boneyard) are returned as None when they cannot be replayed: not a
    list, the wrong number of hands, or a string that is not a tile of the set.
    """
    problems: list[str] = []
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
            if tile == centre:
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
            if isinstance(raw, list) and len(raw) != DEALT[n]:
                problems.append(
                    f"{where}: hand of seat {seat} has {len(raw)} tiles,"
                    f" {DEALT[n]} are dealt with {n} players"
                )
        if len(hands_raw) == n:
            readable = [hand for hand in parsed if hand is not None]
            if len(readable) == n:
                hands = readable
    boneyard = parse_tiles(rnd.get("boneyard"), "boneyard")

    missing = [t for t in _full_set(top) if t != centre and t not in seen]
    if isinstance(hands_raw, list) and isinstance(rnd.get("boneyard"), list) and missing:
        shown = ", ".join(_show(t) for t in missing)
        problems.append(f"{where}: tiles neither dealt nor in the boneyard: {shown}")
    return problems, hands, boneyard


def _check_double_and_first(
    where: str, rnd: dict[str, Any], k: int, n: int, top: int
) -> tuple[list[str], Tile, int]:
    """Check round ``k``'s double and first seat; return problems, the centre, the first seat.

    The replay starts from the recorded first seat when it is a seat (even the wrong one, to
    avoid follow-on problems), else from the seat the rules name.
    """
    problems: list[str] = []
    number = top - k
    centre: Tile = (number, number)

    double_raw = rnd.get("double")
    double, reason = _parse_tile(double_raw, top)
    if double is None:
        problems.append(f"{where}: double: {reason}")
    elif double != centre:
        problems.append(f"{where}: double is {_show(double)}, round {k} uses {_show(centre)}")

    first_raw = rnd.get("first")
    first = _index(first_raw, n)
    if first is None:
        problems.append(f"{where}: first {first_raw!r} is not a seat")
        first = k % n
    elif first != k % n:
        problems.append(f"{where}: first is seat {first}, round {k} starts with seat {k % n}")
    return problems, centre, first


def _check_round(
    k: int, rnd: object, n: int, top: int, is_last: bool, finished: bool
) -> RoundResult:
    where = f"round {k}"
    if not isinstance(rnd, dict):
        return RoundResult([f"{where}: is not an object"], None, False)
    problems, centre, first = _check_double_and_first(where, rnd, k, n, top)

    end_raw = rnd.get("end")
    recorded_ended = end_raw is not None  # JSON null counts as absent
    end: str | None = None
    if end_raw in ("out", "blocked"):
        end = str(end_raw)
    elif recorded_ended:
        problems.append(f"{where}: end {end_raw!r} is not 'out' or 'blocked'")
    elif finished:
        problems.append(f"{where}: has no end, but the match is finished (winners given)")
    elif not is_last:
        problems.append(f"{where}: has no end, but a later round follows")

    points_raw = rnd.get("points")
    points = _int_list(points_raw, n)
    points_ok = points is not None or (points_raw is None and not recorded_ended)
    if recorded_ended and points is None:
        problems.append(f"{where}: points {points_raw!r} is not a list of {n} integers")
    if not recorded_ended and points_raw is not None:
        problems.append(f"{where}: points given for a round that has not ended")

    deal_problems, hands, boneyard = _check_deal(where, rnd, n, top, centre)
    problems.extend(deal_problems)

    actions = rnd.get("actions")
    if not isinstance(actions, list):
        problems.append(f"{where}: actions is missing or not a list")
        return RoundResult(problems, points, points_ok)
    if hands is None or boneyard is None:
        problems.append(f"{where}: actions not replayed because the deal is unreadable")
        return RoundResult(problems, points, points_ok)

    replay_problems, actual_end, final_hands = _replay(
        where, actions, hands, boneyard, top, centre, n, first
    )
    problems.extend(replay_problems)
    if replay_problems:
        return RoundResult(problems, points, points_ok)

    if actual_end is None:
        if end is not None:
            problems.append(f"{where}: end is {end!r}, but the round has not ended")
    elif not recorded_ended:
        problems.append(f"{where}: the round ended {actual_end!r}, but no end is recorded")
    elif end is not None and end != actual_end:
        problems.append(f"{where}: end is {end!r}, but the round ended {actual_end!r}")

    if actual_end is not None and points is not None:
        expected = [sum(_tile_points(t) for t in hand) for hand in final_hands]
        if points != expected:
            problems.append(f"{where}: points are {points}, expected {expected}")
    return RoundResult(problems, points, points_ok)


class _RoundState:
    """One round being replayed: hands, board, boneyard position, whose turn it is."""

    def __init__(
        self,
        dealt: list[list[Tile]],
        boneyard: list[Tile],
        top: int,
        centre: Tile,
        n: int,
        first: int,
    ) -> None:
        self.hands = [list(hand) for hand in dealt]
        self.board = Board.start(centre[0])
        self.boneyard = boneyard
        self.top = top
        self.n = n
        self.next_draw = 0  # index of the next boneyard tile
        self.turn = first
        self.just_drew = False
        self.ended: str | None = None

    def legal_tiles(self, seat: int) -> list[Tile]:
        return [t for t in self.hands[seat] if self.board.places(t)]

    def apply(self, here: str, action: object) -> str | None:
        """Apply one recorded action; return the problem with it (then nothing changed)."""
        board, hands = self.board, self.hands
        if self.ended is not None:
            return f"{here}: the round already ended {self.ended!r}"
        if not isinstance(action, dict):
            return f"{here}: is not an object"
        kinds = [key for key in ("play", "draw", "pass") if key in action]
        if len(kinds) != 1:
            return f"{here}: must have exactly one of play, draw, pass"
        kind = kinds[0]
        seat = _index(action.get("seat"), self.n)
        if seat is None:
            return f"{here}: seat {action.get('seat')!r} is not a seat"
        if seat != self.turn:
            return f"{here}: seat {seat} acts, but it is seat {self.turn}'s turn"
        legal = self.legal_tiles(seat)

        if kind == "play":
            tile, reason = _parse_tile(action["play"], self.top)
            if tile is None:
                return f"{here}: play: {reason}"
            if tile not in hands[seat]:
                return f"{here}: seat {seat} does not hold {_show(tile)}"
            on = _index(action.get("on"), len(board.tiles))
            if on is None:
                return f"{here}: on {action.get('on')!r} is not the id of a placed tile"
            places = board.places(tile)
            if on not in places:
                if board.foot is not None and on != board.foot[0]:
                    why = f"the foot on tile {board.foot[0]} is incomplete"
                elif not places:
                    why = "it fits nowhere"
                else:
                    why = f"it fits only on {places}"
                return f"{here}: {_show(tile)} cannot be played on tile {on} ({why})"
            hands[seat].remove(tile)
            board.place(tile, on)
            self.just_drew = False
            self.turn = (seat + 1) % self.n
            if not hands[seat]:
                self.ended = "out"
        elif kind == "draw":
            if legal:
                shown = ", ".join(_show(t) for t in legal)
                return f"{here}: seat {seat} must play ({shown}), not draw"
            if self.just_drew:
                return f"{here}: seat {seat} already drew this turn"
            if self.next_draw >= len(self.boneyard):
                return f"{here}: the boneyard is empty"
            tile, reason = _parse_tile(action["draw"], self.top)
            if tile is None:
                return f"{here}: draw: {reason}"
            if tile != self.boneyard[self.next_draw]:
                return (
                    f"{here}: drew {_show(tile)}, but the next boneyard tile is"
                    f" {_show(self.boneyard[self.next_draw])}"
                )
            self.next_draw += 1
            hands[seat].append(tile)
            self.just_drew = True
        else:
            if action["pass"] is not True:
                return f"{here}: pass must be true"
            if legal:
                shown = ", ".join(_show(t) for t in legal)
                return f"{here}: seat {seat} must play ({shown}), not pass"
            if not self.just_drew and self.next_draw < len(self.boneyard):
                return f"{here}: seat {seat} must draw before passing"
            self.just_drew = False
            self.turn = (seat + 1) % self.n

        empty = self.next_draw >= len(self.boneyard)
        if self.ended is None and empty and not any(self.legal_tiles(s) for s in range(self.n)):
            self.ended = "blocked"
        return None

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every action ``apply`` would accept now, in record form and canonical order."""
        if self.ended is not None:
            return []
        seat = self.turn
        plays = {(tile, on) for tile in self.hands[seat] for on in self.board.places(tile)}
        if plays:
            ordered = sorted(plays, key=lambda play: (_tile_index(play[0]), play[1]))
            return [{"seat": seat, "play": _show(tile), "on": on} for tile, on in ordered]
        if not self.just_drew and self.next_draw < len(self.boneyard):
            return [{"seat": seat, "draw": _show(self.boneyard[self.next_draw])}]
        return [{"seat": seat, "pass": True}]


def _replay(
    where: str,
    actions: list[Any],
    dealt: list[list[Tile]],
    boneyard: list[Tile],
    top: int,
    centre: Tile,
    n: int,
    first: int,
) -> tuple[list[str], str | None, list[list[Tile]]]:
    """Replay the actions; return problems (at most one), how the round ended, final hands."""
    state = _RoundState(dealt, boneyard, top, centre, n, first)
    for index, action in enumerate(actions):
        problem = state.apply(f"{where} action {index}", action)
        if problem is not None:
            return [problem], state.ended, state.hands
    return [], state.ended, state.hands


def check_record(record: dict[str, Any]) -> list[str]:
    """Return every problem found in a classic Chicken Foot record (empty: it is legal)."""
    try:
        return _check_record(record)
    except Exception as error:  # a referee must never crash on bad input
        return [f"record: checker failed on malformed input ({type(error).__name__}: {error})"]


def _check_header(record: dict[str, Any]) -> tuple[list[str], int | None]:
    """Check format, game, preset and players; return problems and the number of players.

    The number of players is None when ``players`` is unusable (nothing more can be checked).
    """
    problems: list[str] = []
    if record.get("format") != FORMAT:
        problems.append(f"record: format is {record.get('format')!r}, expected {FORMAT!r}")
    if record.get("game") != GAME:
        problems.append(f"record: game is {record.get('game')!r}, expected {GAME!r}")
    rules = record.get("rules")
    preset = rules.get("preset") if isinstance(rules, dict) else None
    if preset != PRESET:
        problems.append(f"record: rules.preset is {preset!r}, expected {PRESET!r}")

    players = record.get("players")
    if (
        not isinstance(players, list)
        or not 2 <= len(players) <= 8
        or not all(isinstance(p, str) for p in players)
    ):
        problems.append("record: players must be a list of 2 to 8 names")
        return problems, None
    return problems, len(players)


def _check_record(record: object) -> list[str]:
    if not isinstance(record, dict):
        return ["record: is not a JSON object"]
    problems, n = _check_header(record)
    if n is None:
        return problems
    top = 9 if n <= 6 else 12
    full = top + 1

    winners_raw = record.get("winners")
    finished = winners_raw is not None
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        problems.append("record: rounds is missing or not a list")
        return problems
    if len(rounds) > full:
        problems.append(f"record: {len(rounds)} rounds, a double-{top} match has at most {full}")
        rounds = rounds[:full]
    if finished:
        allowed = sorted({1, math.ceil(full / 2), full})
        if len(rounds) not in allowed:
            problems.append(
                f"record: finished match has {len(rounds)} rounds, expected one of {allowed}"
            )

    results: list[RoundResult] = []
    for k, rnd in enumerate(rounds):
        result = _check_round(k, rnd, n, top, k == len(rounds) - 1, finished)
        problems.extend(result.problems)
        results.append(result)
    if (
        not finished
        and len(rounds) == full
        and all(isinstance(r, dict) and r.get("end") is not None for r in rounds)
    ):
        problems.append("record: the 0-0 round has ended, so winners must be given")

    # totals: per seat, the sum of the rounds' points (checked only when every round that
    # needs points has readable ones, so that a bad round is not reported twice)
    totals_raw = record.get("totals")
    totals = _int_list(totals_raw, n)
    if totals_raw is not None and totals is None:
        problems.append(f"record: totals {totals_raw!r} is not a list of {n} integers")
    elif totals is None and finished:
        problems.append("record: totals missing in a finished match")
    if totals is not None and all(r.points_ok for r in results):
        expected_totals = [sum(r.points[s] for r in results if r.points) for s in range(n)]
        if totals != expected_totals:
            problems.append(f"record: totals are {totals}, expected {expected_totals}")

    if finished:
        winners = None
        if isinstance(winners_raw, list):
            winners = _int_list(winners_raw, len(winners_raw))
        if winners is None:
            problems.append(f"record: winners {winners_raw!r} is not a list of seats")
        elif totals is not None:
            low = min(totals)
            expected_winners = [s for s in range(n) if totals[s] == low]
            if winners != expected_winners:
                problems.append(f"record: winners are {winners}, expected {expected_winners}")
    return problems


def legal_actions_at(
    record: dict[str, Any], round_index: int, action_count: int
) -> list[dict[str, Any]]:
    """Every legal action after the first ``action_count`` actions of round ``round_index``.

    The actions are in record form, for the seat to act: ``{"seat": s, "play": "a-b", "on":
    id}`` once per (hand tile, receiving tile id) pair that is legal, then ``{"seat": s,
    "draw": "a-b"}`` (the next boneyard tile) or ``{"seat": s, "pass": True}``.  Plays are
    ordered by tile (0-0, 1-0, 1-1, 2-0, ...), then by ``on``.  The list is empty when the
    round has ended by then.  Only that round is replayed (a classic round does not depend
    on earlier ones).

    Raises ValueError when an index is out of range, or when the record's header (format,
    game, preset, players), the round's double, first seat or deal, or the replayed actions
    have a problem that ``check_record`` would report.
    """
    try:
        return _legal_actions_at(record, round_index, action_count)
    except ValueError:
        raise
    except Exception as error:  # malformed input: report it the one documented way
        raise ValueError(f"malformed record ({type(error).__name__}: {error})") from error


def _legal_actions_at(
    record: object, round_index: object, action_count: object
) -> list[dict[str, Any]]:
    if not isinstance(record, dict):
        raise ValueError("record: is not a JSON object")
    problems, n = _check_header(record)
    if problems or n is None:
        raise ValueError("; ".join(problems))
    top = 9 if n <= 6 else 12
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        raise ValueError("record: rounds is missing or not a list")
    k = _index(round_index, min(len(rounds), top + 1))
    if k is None:
        raise ValueError(f"round index {round_index!r} is out of range")
    where = f"round {k}"
    rnd = rounds[k]
    if not isinstance(rnd, dict):
        raise ValueError(f"{where}: is not an object")
    problems, centre, first = _check_double_and_first(where, rnd, k, n, top)
    deal_problems, hands, boneyard = _check_deal(where, rnd, n, top, centre)
    problems.extend(deal_problems)
    if problems:
        raise ValueError("; ".join(problems))
    if hands is None or boneyard is None:  # cannot happen: an unreadable deal is a problem
        raise ValueError(f"{where}: the deal is unreadable")
    actions = rnd.get("actions")
    if not isinstance(actions, list):
        raise ValueError(f"{where}: actions is missing or not a list")
    count = _index(action_count, len(actions) + 1)
    if count is None:
        raise ValueError(f"action count {action_count!r} is out of range 0..{len(actions)}")
    state = _RoundState(hands, boneyard, top, centre, n, first)
    for index in range(count):
        problem = state.apply(f"{where} action {index}", actions[index])
        if problem is not None:
            raise ValueError(problem)
    return state.legal_actions()


def main(argv: list[str]) -> int:
    """Check each file named in ``argv``; return 1 if any has problems, else 0."""
    if not argv:
        print("usage: python tests/independent_checker.py FILE...", file=sys.stderr)
        return 2
    status = 0
    for name in argv:
        try:
            with open(name, encoding="utf-8") as handle:
                record = json.load(handle)
        except (OSError, ValueError) as error:
            problems = [f"record: cannot read: {error}"]
        else:
            problems = check_record(record)
        if problems:
            status = 1
            for problem in problems:
                print(f"{name}: {problem}")
        else:
            print(f"{name}: ok")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
