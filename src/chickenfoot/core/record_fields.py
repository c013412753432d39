"""Reading the fields of a ``chickenfoot-record/1`` record, whatever the game: each reader
checks one field and raises :class:`RecordError` saying where and what is wrong."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from chickenfoot.core.actions import Action, Draw, Pass, Play
from chickenfoot.core.tiles import Tile, TileError, parse_tile_in_set, tiles_in_set

_KINDS = {list: "a list", dict: "an object", str: "a string", int: "a whole number"}


class RecordError(ValueError):
    """A record that is malformed or describes something the rules do not allow."""

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)


def need(mapping: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    """``mapping[key]``, which must be there and of ``kind`` (a bool is no whole number)."""
    if key not in mapping:
        raise RecordError(f"missing key {key!r}", where)
    value = mapping[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        name = _KINDS.get(kind, kind.__name__)
        raise RecordError(f"{key!r} must be {name}, not {value!r:.60}", where)
    return value


def read_header(record: Any, fmt: str, games: Collection[str]) -> tuple[str, list[str]]:
    """The record's game (one of ``games``) and its players, after checking it is a record
    of format ``fmt``."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    found = need(record, "format", str, "format")
    if found != fmt:
        raise RecordError(f"unknown format {found!r} (expected {fmt!r})", "format")
    game = need(record, "game", str, "game")
    if game not in games:
        raise RecordError(f"{game!r} is not a game read here ({', '.join(games)})", "game")
    players = need(record, "players", list, "players")
    if not all(isinstance(p, str) for p in players):
        raise RecordError("every player name must be a string", "players")
    return game, players


def is_int(value: object) -> bool:
    """A JSON integer: not a boolean, not a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_ints(value: Any, what: str, where: str) -> list[int]:
    """A list of JSON integers (``what`` names it in the message)."""
    if not isinstance(value, list) or not all(is_int(v) for v in value):
        raise RecordError(f"{what} must be a list of whole numbers, not {value!r:.60}", where)
    return value


def read_seed(record: Mapping[str, Any]) -> int | None:
    """The record's ``seed``, if it has one (a whole number)."""
    if "seed" not in record:
        return None
    seed = record["seed"]
    if not is_int(seed):
        raise RecordError(f"'seed' must be a whole number, not {seed!r:.40}", "seed")
    return int(seed)


def check_result(
    record: Mapping[str, Any], totals: list[int], winners: tuple[int, ...] | None
) -> None:
    """The record's ``totals`` and ``winners`` against the replay's (``winners`` None: the
    match is not over, so the record names no winners and may leave out the totals)."""
    if winners is None and "totals" not in record:
        if "winners" in record:
            raise RecordError("the match is not over, so it has no winners yet", "winners")
        return
    recorded = read_ints(need(record, "totals", list, "totals"), "'totals'", "totals")
    if recorded != totals:
        raise RecordError(f"totals are {totals}, not {recorded!r:.60}", "totals")
    if "winners" in record:
        if winners is None:
            raise RecordError("the match is not over, so it has no winners yet", "winners")
        if read_ints(record["winners"], "'winners'", "winners") != list(winners):
            raise RecordError(
                f"winners are {list(winners)}, not {record['winners']!r:.60}", "winners"
            )
    elif winners is not None:
        raise RecordError("the match is over but 'winners' is missing", "winners")


def read_tile(text: Any, top: int, where: str) -> Tile:
    if not isinstance(text, str):
        raise RecordError(f"a tile is a string like '{top}-3', not {text!r:.40}", where)
    try:
        return parse_tile_in_set(text, top)
    except TileError as exc:
        raise RecordError(str(exc), where) from None


def read_deal(
    entry: Mapping[str, Any], where: str, players: int, size: int, top: int
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """The dealt ``hands`` (``players`` of ``size`` tiles each) and the ``boneyard``."""
    hands_in = need(entry, "hands", list, where)
    if len(hands_in) != players:
        raise RecordError(f"{len(hands_in)} hands for {players} players", f"{where}.hands")
    hands = []
    for s, hand in enumerate(hands_in):
        at = f"{where}.hands[{s}]"
        if not isinstance(hand, list):
            raise RecordError("a hand is a list of tiles", at)
        if len(hand) != size:
            raise RecordError(f"{len(hand)} tiles dealt, the deal is {size} each", at)
        hands.append(read_tiles(hand, top, at))
    boneyard = need(entry, "boneyard", list, where)
    return tuple(hands), read_tiles(boneyard, top, f"{where}.boneyard")


def read_tiles(texts: list[Any], top: int, where: str) -> tuple[Tile, ...]:
    """:func:`read_tile` of each of ``texts``."""
    tiles = tiles_in_set(texts, top)
    return tiles if tiles is not None else tuple(read_tile(t, top, where) for t in texts)


def read_action(item: Any, turn: int, top: int, upcoming: Tile | None, at: str) -> Action:
    """One action of seat ``turn``; a draw must name ``upcoming``, the next tile that may
    be drawn (None: drawing is not possible, which applying the action will report)."""
    if not isinstance(item, dict):
        raise RecordError("an action is a JSON object", at)
    seat = need(item, "seat", int, at)
    if seat != turn:
        raise RecordError(f"it is seat {turn}'s turn, not seat {seat}'s", at)
    kinds = [k for k in ("play", "draw", "pass") if k in item]
    if len(kinds) != 1:
        raise RecordError("an action has exactly one of 'play', 'draw' or 'pass'", at)
    if kinds[0] == "play":
        tile = read_tile(item["play"], top, at)
        if "on" not in item:
            raise RecordError("missing key 'on'", at)
        on = item["on"]
        if on is not None and (not isinstance(on, int) or isinstance(on, bool)):
            raise RecordError(f"'on' must be a tile id or null, not {on!r:.40}", at)
        return Play(tile, on)
    if kinds[0] == "draw":
        tile = read_tile(item["draw"], top, at)
        if upcoming is not None and tile != upcoming:
            raise RecordError(f"the next boneyard tile is {upcoming}, not {tile}", at)
        return Draw()
    if item["pass"] is not True:
        raise RecordError("'pass' must be true", at)
    return Pass()


def check_end(
    entry: Mapping[str, Any],
    end: str | None,
    points: list[int] | None,
    where: str,
    last: bool,
    noun: str,
) -> None:
    """The entry's ``end`` and ``points`` against how the replay ended (``end`` None: it
    has not); only the last entry may still be in play."""
    if "end" in entry:
        if end is None:
            raise RecordError(
                f"the {noun} has not ended, but 'end' says {entry['end']!r:.20}", where
            )
        if entry["end"] != end:
            raise RecordError(f"the {noun} ended {end}, not {entry['end']!r:.20}", where)
        recorded = read_ints(need(entry, "points", list, where), "'points'", f"{where}.points")
        if recorded != points:
            raise RecordError(f"points are {points}, not {recorded!r:.60}", f"{where}.points")
    elif end is not None:
        raise RecordError(f"the {noun} ended ({end}) but 'end' is missing", where)
    elif "points" in entry:
        raise RecordError(f"the {noun} has not ended, so it has no 'points' yet", where)
    elif not last:
        raise RecordError(f"only the last {noun} may still be in play", where)


def describe(action: Action, first_tile: str) -> str:
    """``plays 5-3 on tile 4``, ``draws``, ``passes``; ``first_tile`` names placing the
    first tile of the table (``places 9-9``, ``leads 6-6``)."""
    if isinstance(action, Play):
        if action.on is None:
            return f"{first_tile} {action.tile}"
        return f"plays {action.tile} on tile {action.on}"
    return "draws" if isinstance(action, Draw) else "passes"
