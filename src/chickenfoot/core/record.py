"""Game records in the ``chickenfoot-record/1`` format (RECORD.md): writing and replaying.

:func:`replay` rebuilds a :class:`~chickenfoot.core.match.Match` from a record through the
rules engine, checking every key, tile, action, point and total on the way; whatever is
wrong raises :class:`RecordError`, which says where (``rounds[i].actions[j]``) and what.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from chickenfoot.core.common import check_round_end, entry_of, replay_actions
from chickenfoot.core.compact import record_actions, record_actions_json, replay_out
from chickenfoot.core.compact_loop import read_tiles, replay_decoded
from chickenfoot.core.match import Match
from chickenfoot.core.options import RulesError
from chickenfoot.core.pieces import Deal
from chickenfoot.core.record_fields import (
    RecordError,
    check_result,
    finish_record,
    need,
    read_deal,
    read_header,
    read_seed,
    read_tile,
    round_entry,
)
from chickenfoot.core.rules import MatchLength, RoundDouble, Rules
from chickenfoot.core.tiles import (
    NAMES,
    TILES,
    Tile,
    deal_message,
    mask_of,
    set_mask,
    set_size,
    tile_index,
)

FORMAT = "chickenfoot-record/1"


def to_record(
    match: Match, actions: Sequence[Any] | None = None, *, encoded: bool = False
) -> dict[str, Any]:
    """The record of ``match`` as JSON data (finished or still in play); ``actions``, if
    given, are each round's actions in record form (rounds played out on the compact state
    keep no history of events). ``encoded``: parts may be JSON text already
    (``msgspec.Raw``), for a record that is only to be written."""
    rounds = []
    for k, state in enumerate(match.rounds):
        entry: dict[str, Any] = {"double": f"{state.double}-{state.double}", "first": state.first}
        if state.dealt.start_draw:
            entry["start_draw"] = [{"seat": s, "draw": str(t)} for s, t in state.dealt.start_draw]
        rounds.append(round_entry(entry, state, k, match.points, actions))
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": "chickenfoot",
        "rules": _rules_json(match.rules) if encoded else _rules_entry(match.rules),
        "players": list(match.players),
    }
    return finish_record(record, match, rounds, match.totals)


def logged_record(
    match: Match, logs: Sequence[list[int]], *, encoded: bool = False
) -> dict[str, Any]:
    """The record of a match played on the compact state, from each round's log (see
    :func:`chickenfoot.core.compact.play_out`). ``encoded``: each round's actions are given
    as their JSON text already (``msgspec.Raw``), for a record that is only to be written."""
    if encoded:
        raw = [msgspec.Raw(record_actions_json(log)) for log in logs]
        return to_record(match, raw, encoded=True)
    return to_record(match, [record_actions(log) for log in logs])


def _rules_entry(rules: Rules) -> dict[str, Any]:
    return {"preset": rules.preset, "options": rules.options()}


def _rules_json(rules: Rules) -> msgspec.Raw:
    """:func:`_rules_entry` as JSON text, made once for each rules."""
    text = rules.__dict__.get("_rules_json")
    if text is None:
        text = msgspec.json.encode(_rules_entry(rules))
        object.__setattr__(rules, "_rules_json", text)  # rules are frozen
    return msgspec.Raw(text)


_OPTION_NAMES = frozenset(Rules.__dataclass_fields__) - {"preset"}


def _rules(record: Mapping[str, Any], players: int, finished_rounds: int | None) -> Rules:
    spec = need(record, "rules", dict, "rules")
    name = need(spec, "preset", str, "rules")
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options-not-object", "rules")
    options = {key: value for key, value in options.items() if key in _OPTION_NAMES}
    try:
        rules = _rules_from(options, name)
        rules.check_players(players)
        if "length" not in options and finished_rounds is not None and not rules.target_total:
            rules = _infer_length(rules, players, finished_rounds)
    except RulesError as exc:
        raise RecordError(exc.message, "rules") from None
    return rules


def _rules_from(options: dict[str, Any], preset: str) -> Rules:
    """:meth:`Rules.from_options`, remembered for options that are plain JSON data (records
    replayed together are mostly written with the same few)."""
    try:
        encoded = msgspec.json.encode(options)
        plain = msgspec.json.decode(encoded) == options
    except (TypeError, ValueError, RecursionError):  # not JSON data, or an int too long
        plain = False
    if not plain:  # the JSON text would not say the same (a float infinity, a tuple)
        return Rules.from_options(options, preset=preset)
    return _remembered_rules(encoded, preset)


@functools.lru_cache(maxsize=32)
def _remembered_rules(encoded_options: bytes, preset: str) -> Rules:
    return Rules.from_options(msgspec.json.decode(encoded_options), preset=preset)


def _infer_length(rules: Rules, players: int, rounds: int) -> Rules:
    for length in MatchLength:
        candidate = rules.with_options(length=length.value)
        if len(candidate.round_doubles(players)) == rounds:
            return candidate
    full = len(rules.round_doubles(players))
    raise RulesError("finished-rounds", half=math.ceil(full / 2), full=full, rounds=rounds)


def replay(record: Any) -> Match:
    """Rebuild and check the match a record describes; raises :class:`RecordError`."""
    return _replay(record, compact=False)


def check(record: Any) -> Match:
    """The match a record describes, checked as :func:`replay` checks it, for its points and
    outcome: its rounds keep no history. The actions are replayed on the compact state;
    if any is not written as ``simulate`` writes it, or is not legal, the record is replayed
    again by :func:`replay`, which accepts it or says exactly what is wrong with it."""
    try:
        return _replay(record, compact=True)
    except _Unsure:
        return replay(record)


class _Unsure(Exception):
    """The compact replay met an action it leaves to the full replay."""


def check_text(data: bytes) -> Match | None:
    """:func:`check` of the record in the JSON text ``data`` (UTF-8), read straight into the
    forms the compact replay takes: the match, if the record is legal and has only the keys
    ``simulate`` writes, each of the type it writes; None for anything else (another game,
    another form, anything wrong), which :func:`check` of the decoded JSON data judges and
    says what is wrong with."""
    try:
        record = _READER.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return None
    try:
        return _check_read(record)
    except ValueError:  # a RecordError or RulesError; no round can start once a match is over
        return None


class _Action(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """An action of a record as :func:`check_text` reads it: a key it lacks is UNSET."""

    seat: int
    play: str | UnsetType = UNSET
    on: int | UnsetType | None = UNSET
    draw: str | UnsetType = UNSET
    pass_: bool | UnsetType = msgspec.field(default=UNSET, name="pass")
    stand_in: bool | UnsetType = UNSET
    """The computer played the action for the seat's person (a server's table)."""


class _StartDraw(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A draw for the start of a round, as :func:`check_text` reads it."""

    seat: int
    draw: str


class _Round(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A round of a record, as :func:`check_text` reads it."""

    double: str
    first: int
    hands: list[list[str]]
    boneyard: list[str]
    actions: list[_Action]
    start_draw: list[_StartDraw] | UnsetType = UNSET
    end: str | UnsetType = UNSET
    points: list[int] | UnsetType = UNSET


class _Record(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A record, as :func:`check_text` reads it (its rules as their JSON text)."""

    format: str
    game: str
    rules: msgspec.Raw
    players: list[str]
    rounds: list[_Round]
    seed: int | UnsetType = UNSET
    totals: list[int] | UnsetType = UNSET
    winners: list[int] | UnsetType = UNSET
    seeded: bool | UnsetType = UNSET


_READER = msgspec.json.Decoder(_Record)


def _check_read(record: _Record) -> Match | None:
    """:func:`_replay` (compact) of a record :func:`check_text` read; None where that would
    not accept it as it is."""
    if record.format != FORMAT or record.game != "chickenfoot":
        return None
    rounds = record.rounds
    finished = len(rounds) if record.winners is not UNSET else None
    rules = _read_rules(bytes(record.rules), len(record.players), finished)
    match = Match(record.players, rules, None if record.seed is UNSET else record.seed)
    if not rules.target_total and len(rounds) > len(match.doubles):
        return None
    last = len(rounds) - 1
    for k, entry in enumerate(rounds):
        if not _check_read_round(match, k, entry, k == last):
            return None
    totals = match.totals()
    outcome = match.outcome()
    if outcome is None:  # no winners yet; the totals so far, if given
        if record.winners is not UNSET or record.totals not in (UNSET, totals):
            return None
    elif record.totals != totals or record.winners != list(outcome.winners):
        return None
    return match


_RULES_READ: dict[tuple[bytes, int, int | None], Rules] = {}
""":func:`_rules` by the JSON text of a record's rules, its players and finished rounds."""


def _read_rules(text: bytes, players: int, finished: int | None) -> Rules:
    key = (text, players, finished)
    rules = _RULES_READ.get(key)
    if rules is None:
        rules = _rules({"rules": msgspec.json.decode(text)}, players, finished)
        if len(_RULES_READ) >= 64:
            _RULES_READ.clear()
        _RULES_READ[key] = rules
    return rules


def _check_read_round(match: Match, k: int, entry: _Round, last: bool) -> bool:
    """:func:`_replay_round` (compact) of a round :func:`check_text` read: whether that would
    accept it as it is."""
    expected = match.next_double()  # a ValueError once the match is over
    double = TILES[tile_index(expected, expected)]
    if entry.double != NAMES[double.index]:
        return False
    dealt = _read_deal(match, k, entry, double)
    if dealt is None:
        return False
    state = match.start_round(dealt)
    if entry.first != state.first or not replay_decoded(state, entry.actions, UNSET):
        return False
    match.finish_round_if_over()
    end = state.end
    if end is None:
        return entry.end is UNSET and entry.points is UNSET and last
    return entry.end == end.value and entry.points == match.points[k]


_INDEX_IN_SET: dict[int, dict[str, int]] = {}
"""By ``top``: the index of each tile of the double-``top`` set by its name as ``simulate``
writes it (larger number first)."""


def _read_deal(match: Match, k: int, entry: _Round, double: Tile) -> Deal | None:
    """:func:`_deal` of a round :func:`check_text` read, if that would accept it and every
    tile is named as ``simulate`` names it."""
    rules, seats = match.rules, match.seats
    top = rules.set_top(seats)
    size = rules.hand_size(seats)
    if len(entry.hands) != seats or any(len(hand) != size for hand in entry.hands):
        return None
    index_of = _INDEX_IN_SET.get(top)
    if index_of is None:
        index_of = _INDEX_IN_SET[top] = {NAMES[i]: i for i in range(set_size(top))}
    seen = 0 if rules.double_dealt else double.bit
    hands = []
    for names in [*entry.hands, entry.boneyard]:
        read = read_tiles(names, index_of, seen)
        if read is None:  # a tile twice (or the double set aside dealt), or no tile's name
            return None
        tiles, seen = read
        hands.append(tiles)
    if seen != set_mask(top):
        return None
    boneyard = hands.pop()
    fields: dict[str, Any] = {}
    if entry.start_draw is not UNSET:
        fields["start_draw"] = [{"seat": d.seat, "draw": d.draw} for d in entry.start_draw]
    return Deal(tuple(hands), boneyard, _start_draw(match, k, fields, "", double, boneyard))


def _replay(record: Any, compact: bool) -> Match:
    _, players = read_header(record, FORMAT, ("chickenfoot",))
    rounds = need(record, "rounds", list, "rounds")
    finished = len(rounds) if "winners" in record else None
    rules = _rules(record, len(players), finished)
    seed = read_seed(record)
    match = Match(players, rules, seed)
    if not rules.target_total and len(rounds) > len(match.doubles):
        raise RecordError(  # rounds-full, rounds-half, rounds-single
            f"rounds-{rules.length.value}", "rounds", rounds=len(rounds), count=len(match.doubles)
        )
    for k, entry in enumerate(rounds):
        _replay_round(match, k, entry, last=k == len(rounds) - 1, compact=compact)
    outcome = match.outcome()
    check_result(record, match.totals(), outcome.winners if outcome else None)
    return match


def _replay_round(match: Match, k: int, entry: Any, last: bool, compact: bool) -> None:
    where = entry_of(match, k, entry, "round", "match")
    top = match.rules.set_top(match.seats)
    double = read_tile(need(entry, "double", str, where), top, f"{where}.double")
    expected = match.next_double()
    if double != Tile(expected, expected):
        raise RecordError(
            "round-double-wrong",
            where,
            round=k + 1,
            expected=f"{expected}-{expected}",
            double=str(double),
        )
    first = need(entry, "first", int, where)
    dealt = _deal(match, k, entry, where, double)
    expected_first = match.first_seat(dealt)
    if first != expected_first:
        raise RecordError(
            "round-first-wrong", where, round=k + 1, expected=expected_first, first=first
        )
    state = match.start_round(dealt)
    actions = need(entry, "actions", list, where)
    if not compact:
        replay_actions(match, k, entry, actions, top, last)
        return
    if not replay_out(state, actions):
        raise _Unsure
    match.finish_round_if_over()
    check_round_end(match, k, entry, last)


def _deal(match: Match, k: int, entry: Mapping[str, Any], where: str, double: Tile) -> Deal:
    rules, seats = match.rules, match.seats
    top = rules.set_top(seats)
    hands, boneyard = read_deal(entry, where, seats, rules.hand_size(seats), top)
    aside = not rules.double_dealt
    dealt = [*boneyard, *(t for h in hands for t in h)]
    mask = mask_of(dealt)
    everything = dealt
    if aside:
        if mask >> double.index & 1:
            raise RecordError("double-set-aside", where, double=str(double))
        mask |= double.bit
        everything = [double, *dealt]
    if mask != set_mask(top) or mask.bit_count() != len(everything):  # not each tile once
        problem = deal_message(everything, top)
        assert problem is not None
        raise RecordError(problem, where)
    return Deal(tuple(hands), boneyard, _start_draw(match, k, entry, where, double, boneyard))


def _start_draw(
    match: Match,
    k: int,
    entry: Mapping[str, Any],
    where: str,
    double: Tile,
    boneyard: tuple[Tile, ...],
) -> tuple[tuple[int, Tile], ...]:
    """The round's draws for the start, checked against the rules (docs/RECORD.md)."""
    rules, seats = match.rules, match.seats
    found = rules.round_double is RoundDouble.FOUND
    if not found and not (k == 0 and rules.starter_draw_round_one):
        if "start_draw" in entry:
            raise RecordError("start-draw-none", f"{where}.start_draw")
        return ()
    at = f"{where}.start_draw"
    top = rules.set_top(seats)
    draws: list[tuple[int, Tile]] = []
    for i, item in enumerate(need(entry, "start_draw", list, where)):
        spot = f"{at}[{i}]"
        if not isinstance(item, dict) or set(item) != {"seat", "draw"}:
            raise RecordError("start-draw-form", spot, form='{"seat": s, "draw": "a-b"}')
        draws.append((need(item, "seat", int, spot), read_tile(item["draw"], top, spot)))
    tiles = [t for _, t in draws]
    twice = sorted({t for t in tiles if tiles.count(t) > 1})
    if twice:
        raise RecordError("start-draw-twice", at, tiles=", ".join(map(str, twice)))
    if found:
        rotation = match.rotation()
        expected = [(rotation + i) % seats for i in range(len(draws))]
        if not draws or double not in tiles:
            raise RecordError("start-draw-until", at, double=str(double))
        if tiles.index(double) != len(tiles) - 1:
            raise RecordError("start-draw-stops", at, double=str(double))
    else:
        expected = list(range(seats))
        if len(draws) != seats:
            raise RecordError("start-draw-each", at, seats=seats)
        outside = [t for t in tiles if t not in boneyard]
        if outside:
            raise RecordError("start-draw-outside", at, tile=str(outside[0]))
    seats_drawn = [s for s, _ in draws]
    if seats_drawn != expected:
        raise RecordError("start-draw-turns", at, expected=str(expected), found=str(seats_drawn))
    return tuple(draws)
