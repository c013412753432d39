"""Game records in the ``chickenfoot-record/1`` format (RECORD.md): writing and replaying.

:func:`replay` rebuilds a :class:`~chickenfoot.core.match.Match` from a record through the
rules engine, checking every key, tile, action, point and total on the way; whatever is
wrong raises :class:`RecordError`, which says where (``rounds[i].actions[j]``) and what.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

from chickenfoot.core.actions import Action, Draw, IllegalActionError, Pass, Play
from chickenfoot.core.match import Match
from chickenfoot.core.round import Deal, RoundState, first_seat
from chickenfoot.core.rules import MatchLength, Rules, RulesError
from chickenfoot.core.tiles import Tile, TileError, full_set, parse_tile_in_set

FORMAT = "chickenfoot-record/1"


class RecordError(ValueError):
    """A record that is malformed or describes something the rules do not allow."""

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message


def to_record(match: Match) -> dict[str, Any]:
    """The record of ``match`` as JSON data (finished or still in play)."""
    rounds = []
    for k, state in enumerate(match.rounds):
        entry: dict[str, Any] = {
            "double": f"{state.double}-{state.double}",
            "first": state.first,
            "hands": [[str(t) for t in hand] for hand in state.dealt.hands],
            "boneyard": [str(t) for t in state.dealt.boneyard],
            "actions": [e.to_json() for e in state.history],
        }
        if state.dealt.starter_draw:
            entry["starter_draw"] = [str(t) for t in state.dealt.starter_draw]
        if state.end is not None:
            entry["end"] = state.end.value
            entry["points"] = match.points[k]
        rounds.append(entry)
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": "chickenfoot",
        "rules": {"preset": match.rules.preset, "options": match.rules.options()},
        "players": list(match.players),
    }
    if match.seed is not None:
        record["seed"] = match.seed
    record["rounds"] = rounds
    record["totals"] = match.totals()
    outcome = match.outcome()
    if outcome is not None:
        record["winners"] = list(outcome.winners)
    return record


def _need(mapping: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in mapping:
        raise RecordError(f"missing key {key!r}", where)
    value = mapping[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise RecordError(f"{key!r} must be {_article(names)}, not {value!r:.60}", where)
    return value


def _article(name: str) -> str:
    return {"list": "a list", "dict": "an object", "str": "a string", "int": "a whole number"}.get(
        name, name
    )


def _rules(record: Mapping[str, Any], players: int, finished_rounds: int | None) -> Rules:
    spec = _need(record, "rules", dict, "rules")
    name = _need(spec, "preset", str, "rules")
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object", "rules")
    try:
        rules = Rules.from_options(options, preset=name)
        rules.check_players(players)
        if "length" not in options and finished_rounds is not None and not rules.target_total:
            rules = _infer_length(rules, players, finished_rounds)
    except RulesError as exc:
        raise RecordError(str(exc), "rules") from None
    return rules


def _infer_length(rules: Rules, players: int, rounds: int) -> Rules:
    for length in MatchLength:
        candidate = rules.with_options(length=length.value)
        if len(candidate.round_doubles(players)) == rounds:
            return candidate
    full = len(rules.round_doubles(players))
    raise RulesError(
        f"a finished match has 1, {math.ceil(full / 2)} or {full} rounds, not {rounds}"
    )


def replay(record: Any) -> Match:
    """Rebuild and check the match a record describes; raises :class:`RecordError`."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    fmt = _need(record, "format", str, "format")
    if fmt != FORMAT:
        raise RecordError(f"unknown format {fmt!r} (expected {FORMAT!r})", "format")
    game = _need(record, "game", str, "game")
    if game != "chickenfoot":
        raise RecordError(f"records of the game {game!r} are not supported", "game")
    players = _need(record, "players", list, "players")
    if not all(isinstance(p, str) for p in players):
        raise RecordError("every player name must be a string", "players")
    rounds = _need(record, "rounds", list, "rounds")
    finished = len(rounds) if "winners" in record else None
    rules = _rules(record, len(players), finished)
    seed = record.get("seed")
    match = Match(players, rules, seed if isinstance(seed, int) else None)
    if not rules.target_total and len(rounds) > len(match.doubles):
        raise RecordError(
            f"{len(rounds)} rounds, but a {rules.length.value} match has {len(match.doubles)}",
            "rounds",
        )
    for k, entry in enumerate(rounds):
        _replay_round(match, k, entry, last=k == len(rounds) - 1)
    totals = _need(record, "totals", list, "totals")
    if totals != match.totals():
        raise RecordError(f"totals are {match.totals()}, not {totals}", "totals")
    outcome = match.outcome()
    if "winners" in record:
        winners = record["winners"]
        if outcome is None:
            raise RecordError("the match is not over, so it has no winners yet", "winners")
        if winners != list(outcome.winners):
            raise RecordError(f"winners are {list(outcome.winners)}, not {winners}", "winners")
    elif outcome is not None:
        raise RecordError("the match is over but 'winners' is missing", "winners")
    return match


def _replay_round(match: Match, k: int, entry: Any, last: bool) -> None:
    where = f"rounds[{k}]"
    if not isinstance(entry, dict):
        raise RecordError("a round is a JSON object", where)
    top = match.rules.set_top(match.seats)
    double = _tile(_need(entry, "double", str, where), top, f"{where}.double")
    expected = match.next_double()
    if double != Tile(expected, expected):
        raise RecordError(
            f"round {k + 1} is played with {expected}-{expected}, not {double}", where
        )
    first = _need(entry, "first", int, where)
    dealt = _deal(match, k, entry, where, double)
    expected_first = first_seat(match.rules, k, expected, dealt)
    if first != expected_first:
        raise RecordError(f"round {k + 1} starts with seat {expected_first}, not {first}", where)
    state = match.start_round(dealt)
    actions = _need(entry, "actions", list, where)
    for j, item in enumerate(actions):
        at = f"{where}.actions[{j}]"
        if state.end is not None:
            raise RecordError(f"the round already ended ({state.end.value})", at)
        action = _action(item, state, at, top)
        try:
            match.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"seat {state.turn} {_describe(action)}: {exc}", at) from None
    if entry.get("end") is not None:
        if state.end is None:
            raise RecordError(f"the round has not ended, but 'end' says {entry['end']!r}", where)
        if entry["end"] != state.end.value:
            raise RecordError(f"the round ended {state.end.value}, not {entry['end']!r}", where)
        points = _need(entry, "points", list, where)
        if points != match.points[k]:
            raise RecordError(f"points are {match.points[k]}, not {points}", f"{where}.points")
    elif state.end is not None:
        raise RecordError(f"the round ended ({state.end.value}) but 'end' is missing", where)
    elif not last:
        raise RecordError("only the last round may still be in play", where)


def _tile(text: Any, top: int, where: str) -> Tile:
    if not isinstance(text, str):
        raise RecordError(f"a tile is a string like '9-3', not {text!r:.40}", where)
    try:
        return parse_tile_in_set(text, top)
    except TileError as exc:
        raise RecordError(str(exc), where) from None


def _deal(match: Match, k: int, entry: Mapping[str, Any], where: str, double: Tile) -> Deal:
    rules, seats = match.rules, match.seats
    top = rules.set_top(seats)
    hands_in = _need(entry, "hands", list, where)
    if len(hands_in) != seats:
        raise RecordError(f"{len(hands_in)} hands for {seats} players", f"{where}.hands")
    size = rules.hand_size(seats)
    hands = []
    for s, hand in enumerate(hands_in):
        at = f"{where}.hands[{s}]"
        if not isinstance(hand, list):
            raise RecordError("a hand is a list of tiles", at)
        if len(hand) != size:
            raise RecordError(f"{len(hand)} tiles dealt, the deal is {size} each", at)
        hands.append(tuple(_tile(t, top, at) for t in hand))
    bone_in = _need(entry, "boneyard", list, where)
    boneyard = tuple(_tile(t, top, f"{where}.boneyard") for t in bone_in)
    aside = not rules.double_dealt(k)
    if aside and (double in boneyard or any(double in h for h in hands)):
        raise RecordError(f"the round's double {double} is set aside, not dealt", where)
    seen = Counter([*([double] if aside else []), *boneyard, *(t for h in hands for t in h)])
    twice = sorted(t for t, c in seen.items() if c > 1)
    if twice:
        raise RecordError(f"dealt more than once: {', '.join(map(str, twice))}", where)
    missing = sorted(set(full_set(top)) - set(seen))
    if missing:
        raise RecordError(f"missing from the deal: {', '.join(map(str, missing))}", where)
    starter_draw: tuple[Tile, ...] = ()
    if k == 0 and rules.starter_draw_round_one:
        at = f"{where}.starter_draw"
        drawn = _need(entry, "starter_draw", list, where)
        starter_draw = tuple(_tile(t, top, at) for t in drawn)
        if len(starter_draw) != seats or len(set(starter_draw)) != seats:
            raise RecordError(f"{seats} different tiles are drawn for the start", at)
        if double in starter_draw:
            raise RecordError(f"the round's double {double} is set aside, not drawn", at)
    return Deal(tuple(hands), boneyard, starter_draw)


def _action(item: Any, state: RoundState, at: str, top: int) -> Action:
    if not isinstance(item, dict):
        raise RecordError("an action is a JSON object", at)
    seat = _need(item, "seat", int, at)
    if seat != state.turn:
        raise RecordError(f"it is seat {state.turn}'s turn, not seat {seat}'s", at)
    kinds = [k for k in ("play", "draw", "pass") if k in item]
    if len(kinds) != 1:
        raise RecordError("an action has exactly one of 'play', 'draw' or 'pass'", at)
    if kinds[0] == "play":
        tile = _tile(item["play"], top, at)
        if "on" not in item:
            raise RecordError("missing key 'on'", at)
        on = item["on"]
        if on is not None and (not isinstance(on, int) or isinstance(on, bool)):
            raise RecordError(f"'on' must be a tile id or null, not {on!r:.40}", at)
        return Play(tile, on)
    if kinds[0] == "draw":
        tile = _tile(item["draw"], top, at)
        upcoming = state.boneyard()
        if state.fast.can_draw() and upcoming and tile != upcoming[0]:
            raise RecordError(f"the next boneyard tile is {upcoming[0]}, not {tile}", at)
        return Draw()
    if item["pass"] is not True:
        raise RecordError("'pass' must be true", at)
    return Pass()


def _describe(action: Action) -> str:
    if isinstance(action, Play):
        if action.on is None:
            return f"places {action.tile}"
        return f"plays {action.tile} on tile {action.on}"
    return "draws" if isinstance(action, Draw) else "passes"
