"""Reading the fields of a ``chickenfoot-record/1`` record, whatever the game: each reader
checks one field and raises :class:`RecordError` saying where and what is wrong."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from chickenfoot.core.actions import Action, Draw, Pass, Play
from chickenfoot.core.messages import CodedError, Message, Param, message
from chickenfoot.core.tiles import NAMES, Tile, TileError, parse_tile_in_set, tiles_in_set

_KINDS = {list: "must-be-list", dict: "must-be-object", str: "must-be-string", int: "must-be-whole"}
"""The message that a value is not of a kind."""


class RecordError(CodedError):
    """A record that is malformed or describes something the rules do not allow.

    ``where`` it is in the record (``rounds[0].actions[3]``; empty: the record as a whole),
    ``message`` what is wrong (the message of the error it passes on, if any: its code is
    kept) and ``action``, if the rules refused one, the recorded action refused. ``str()``
    is ``where: action: message`` in English; :meth:`text` says it in other words."""

    def __init__(
        self,
        code: str | Message,
        where: str = "",
        action: Message | None = None,
        **params: Param,
    ) -> None:
        self.where = where
        self.action = action
        super().__init__(code, **params)
        self.args = (self.text(),)

    def text(self, translate: Callable[[Message], str] = str) -> str:
        """Where, the action and what is wrong, the messages put in words by ``translate``
        (say, a front end's translation); the place is written as it is."""
        parts = [self.where] if self.where else []
        if self.action is not None:
            parts.append(translate(self.action))
        return ": ".join([*parts, translate(self.message)])

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.message, self.where, self.action)


def need(mapping: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    """``mapping[key]``, which must be there and of ``kind`` (a bool is no whole number)."""
    if key not in mapping:
        raise RecordError("missing-key", where, key=repr(key))
    value = mapping[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(_KINDS[kind], where, key=repr(key), value=f"{value!r:.60}")
    return value


def read_header(record: Any, fmt: str, games: Collection[str]) -> tuple[str, list[str]]:
    """The record's game (one of ``games``) and its players, after checking it is a record
    of format ``fmt``."""
    if not isinstance(record, dict):
        raise RecordError("record-not-object")
    found = need(record, "format", str, "format")
    if found != fmt:
        raise RecordError("unknown-format", "format", found=repr(found), expected=repr(fmt))
    game = need(record, "game", str, "game")
    if game not in games:
        raise RecordError("game-not-read", "game", game=repr(game), games=", ".join(games))
    players = need(record, "players", list, "players")
    if not all(isinstance(p, str) for p in players):
        raise RecordError("player-names", "players")
    return game, players


def is_int(value: object) -> bool:
    """A JSON integer: not a boolean, not a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_ints(value: Any, what: str, where: str) -> list[int]:
    """A list of JSON integers (``what`` names it in the message)."""
    if not isinstance(value, list) or not all(is_int(v) for v in value):
        raise RecordError("must-be-whole-list", where, key=what, value=f"{value!r:.60}")
    return value


def read_seed(record: Mapping[str, Any]) -> int | None:
    """The record's ``seed``, if it has one (a whole number)."""
    if "seed" not in record:
        return None
    seed = record["seed"]
    if not is_int(seed):
        raise RecordError("must-be-whole", "seed", key="'seed'", value=f"{seed!r:.40}")
    return int(seed)


def check_result(
    record: Mapping[str, Any], totals: list[int], winners: tuple[int, ...] | None
) -> None:
    """The record's ``totals`` and ``winners`` against the replay's (``winners`` None: the
    match is not over, so the record names no winners and may leave out the totals)."""
    if winners is None and "totals" not in record:
        if "winners" in record:
            raise RecordError("winners-early", "winners")
        return
    recorded = read_ints(need(record, "totals", list, "totals"), "'totals'", "totals")
    if recorded != totals:
        raise RecordError("totals-wrong", "totals", totals=str(totals), found=f"{recorded!r:.60}")
    if "winners" in record:
        if winners is None:
            raise RecordError("winners-early", "winners")
        if read_ints(record["winners"], "'winners'", "winners") != list(winners):
            found = f"{record['winners']!r:.60}"
            raise RecordError("winners-wrong", "winners", winners=str(list(winners)), found=found)
    elif winners is not None:
        raise RecordError("winners-missing", "winners")


def read_tile(text: Any, top: int, where: str) -> Tile:
    if not isinstance(text, str):
        raise RecordError("tile-not-string", where, top=top, value=f"{text!r:.40}")
    try:
        return parse_tile_in_set(text, top)
    except TileError as exc:
        raise RecordError(exc.message, where) from None


def read_deal(
    entry: Mapping[str, Any], where: str, players: int, size: int, top: int
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """The dealt ``hands`` (``players`` of ``size`` tiles each) and the ``boneyard``."""
    hands_in = need(entry, "hands", list, where)
    if len(hands_in) != players:
        raise RecordError(
            "hands-for-players", f"{where}.hands", hands=len(hands_in), players=players
        )
    hands = []
    for s, hand in enumerate(hands_in):
        at = f"{where}.hands[{s}]"
        if not isinstance(hand, list):
            raise RecordError("hand-not-list", at)
        if len(hand) != size:
            raise RecordError("hand-size-wrong", at, count=len(hand), size=size)
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
        raise RecordError("action-not-object", at)
    seat = need(item, "seat", int, at)
    if seat != turn:
        raise RecordError("not-your-turn", at, turn=turn, seat=seat)
    kinds = [k for k in ("play", "draw", "pass") if k in item]
    if len(kinds) != 1:
        raise RecordError("action-kinds", at)
    if kinds[0] == "play":
        tile = read_tile(item["play"], top, at)
        if "on" not in item:
            raise RecordError("missing-key", at, key="'on'")
        on = item["on"]
        if on is not None and (not isinstance(on, int) or isinstance(on, bool)):
            raise RecordError("on-not-id", at, value=f"{on!r:.40}")
        return Play(tile, on)
    if kinds[0] == "draw":
        tile = read_tile(item["draw"], top, at)
        if upcoming is not None and tile != upcoming:
            raise RecordError("next-tile-wrong", at, upcoming=str(upcoming), tile=str(tile))
        return Draw()
    if item["pass"] is not True:
        raise RecordError("pass-not-true", at)
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
    # The codes name the noun: round-end-wrong, hand-end-wrong ...
    if "end" in entry:
        found = f"{entry['end']!r:.20}"
        if end is None:
            raise RecordError(f"{noun}-end-early", where, found=found)
        if entry["end"] != end:
            raise RecordError(f"{noun}-end-wrong", where, end=end, found=found)
        recorded = read_ints(need(entry, "points", list, where), "'points'", f"{where}.points")
        if recorded != points:
            found = f"{recorded!r:.60}"
            raise RecordError("points-wrong", f"{where}.points", points=str(points), found=found)
    elif end is not None:
        raise RecordError(f"{noun}-end-missing", where, end=end)
    elif "points" in entry:
        raise RecordError(f"{noun}-points-early", where)
    elif not last:
        raise RecordError(f"{noun}-not-last", where)


def describe(seat: int, action: Action, first_tile: str) -> Message:
    """``seat 0 plays 5-3 on tile 4``, ``seat 0 draws``, ``seat 0 passes``; ``first_tile``
    names placing the first tile of the table (``places``: ``seat 0 places 9-9``, or
    ``leads``)."""
    if isinstance(action, Play):
        if action.on is None:
            return message(f"seat-{first_tile}", seat=seat, tile=str(action.tile))
        return message("seat-plays", seat=seat, tile=str(action.tile), on=action.on)
    return message("seat-draws" if isinstance(action, Draw) else "seat-passes", seat=seat)


def round_entry(
    entry: dict[str, Any],
    state: Any,
    k: int,
    points: Sequence[list[int]],
    actions: Sequence[list[dict[str, Any]]] | None,
) -> dict[str, Any]:
    """``entry``, begun with the game's own keys, completed with round (hand) ``k``'s deal,
    actions (``actions[k]`` if given: rounds played out on the compact state keep no
    history of events), and its end and ``points`` once it has ended."""
    entry["hands"] = [[NAMES[t.index] for t in hand] for hand in state.dealt.hands]
    entry["boneyard"] = [NAMES[t.index] for t in state.dealt.boneyard]
    entry["actions"] = actions[k] if actions is not None else [e.to_json() for e in state.history]
    if state.end is not None:
        entry["end"] = state.end.value
        entry["points"] = points[k]
    return entry


def finish_record(
    record: dict[str, Any],
    match: Any,
    rounds: list[dict[str, Any]],
    totals: Callable[[], list[int]],
) -> dict[str, Any]:
    """``record``, begun with its header, completed with the seed, the ``rounds`` and, once
    the match is over, the ``totals`` and winners."""
    if match.seed is not None:
        record["seed"] = match.seed
    record["rounds"] = rounds
    outcome = match.outcome()
    if outcome is not None:
        record["totals"] = totals()
        record["winners"] = list(outcome.winners)
    return record
