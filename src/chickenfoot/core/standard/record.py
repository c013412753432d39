"""Records of standard games in the ``chickenfoot-record/1`` format (RECORD.md).

``game`` and ``rules.preset`` are the game's name (``draw``, ``block``, ``all-fives``,
``bergen``) and ``rules.options`` every resolved option. One entry of ``rounds`` is one hand:
``first`` is the seat that leads, the lead is ``{"seat": s, "play": t, "on": null}``, a play
that scores says so (``"score": n``), ``points`` are what each seat's side scored in the
hand (in play and at its end). Partners show the same points and totals; the top-level key
``sides`` lists the seats of each side. Hands carry no ``double`` key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chickenfoot.core.actions import Action, Draw, IllegalActionError, Pass, Play
from chickenfoot.core.record import FORMAT, RecordError
from chickenfoot.core.rules import RulesError
from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import (
    Deal,
    DealError,
    HandState,
    check_deal,
)
from chickenfoot.core.standard.rules import Game, Leader, StandardRules
from chickenfoot.core.tiles import Tile, TileError, parse_tile_in_set


def to_record(game: StandardGame) -> dict[str, Any]:
    """The record of ``game`` as JSON data (finished or still in play)."""
    rounds = []
    for k, hand in enumerate(game.rounds):
        entry: dict[str, Any] = {
            "first": hand.first,
            "hands": [[str(t) for t in h] for h in hand.dealt.hands],
            "boneyard": [str(t) for t in hand.dealt.boneyard],
            "actions": [e.to_json() for e in hand.history],
        }
        if hand.end is not None:
            entry["end"] = hand.end.value
            entry["points"] = game.points[k]
        rounds.append(entry)
    rules = game.rules
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": rules.game.value,
        "rules": {"preset": rules.game.value, "options": rules.options()},
        "players": list(game.players),
        "sides": [list(side) for side in rules.sides],
    }
    if game.seed is not None:
        record["seed"] = game.seed
    record["rounds"] = rounds
    record["totals"] = _booked_totals(game)
    outcome = game.outcome()
    if outcome is not None:
        record["winners"] = list(outcome.winners)
    return record


def _booked_totals(game: StandardGame) -> list[int]:
    """Per seat, the sum of the points of the finished hands."""
    return [sum(points[s] for points in game.points) for s in range(game.seats)]


def replay(record: Any) -> StandardGame:
    """Rebuild and check the game a record describes; raises :class:`RecordError`."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    fmt = _need(record, "format", str, "format")
    if fmt != FORMAT:
        raise RecordError(f"unknown format {fmt!r} (expected {FORMAT!r})", "format")
    name = _need(record, "game", str, "game")
    if name not in {g.value for g in Game}:
        known = ", ".join(g.value for g in Game)
        raise RecordError(f"{name!r} is not a standard game ({known})", "game")
    players = _need(record, "players", list, "players")
    if not all(isinstance(p, str) for p in players):
        raise RecordError("every player name must be a string", "players")
    rules = _rules(record, name, len(players))
    if "sides" in record and record["sides"] != [list(side) for side in rules.sides]:
        sides = [list(side) for side in rules.sides]
        raise RecordError(f"the sides are {sides}, not {record['sides']!r:.60}", "sides")
    seed = record.get("seed")
    game = StandardGame(players, rules, seed if isinstance(seed, int) else None)
    rounds = _need(record, "rounds", list, "rounds")
    for k, entry in enumerate(rounds):
        _replay_hand(game, k, entry, last=k == len(rounds) - 1)
    totals = _need(record, "totals", list, "totals")
    if totals != _booked_totals(game):
        raise RecordError(f"totals are {_booked_totals(game)}, not {totals}", "totals")
    outcome = game.outcome()
    if "winners" in record:
        if outcome is None:
            raise RecordError("the game is not over, so it has no winners yet", "winners")
        if record["winners"] != list(outcome.winners):
            raise RecordError(
                f"winners are {list(outcome.winners)}, not {record['winners']!r:.60}", "winners"
            )
    elif outcome is not None:
        raise RecordError("the game is over but 'winners' is missing", "winners")
    return game


def _need(mapping: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in mapping:
        raise RecordError(f"missing key {key!r}", where)
    value = mapping[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        names = {list: "a list", dict: "an object", str: "a string", int: "a whole number"}
        raise RecordError(
            f"{key!r} must be {names.get(kind, kind.__name__)}, not {value!r:.60}", where
        )
    return value


def _rules(record: Mapping[str, Any], name: str, players: int) -> StandardRules:
    spec = _need(record, "rules", dict, "rules")
    preset = _need(spec, "preset", str, "rules")
    if preset != name:
        raise RecordError(f"the preset of a {name} record is {name!r}, not {preset!r}", "rules")
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object", "rules")
    try:
        rules = StandardRules.from_options({"players": players, **options}, preset=name)
    except RulesError as exc:
        raise RecordError(str(exc), "rules") from None
    if rules.players != players:
        raise RecordError(
            f"the options say {rules.players} players, the record names {players}", "rules"
        )
    return rules


def _replay_hand(game: StandardGame, k: int, entry: Any, last: bool) -> None:
    where = f"rounds[{k}]"
    if not isinstance(entry, dict):
        raise RecordError("a hand is a JSON object", where)
    if game.is_over:
        raise RecordError(f"the game was over after {k} hand(s)", where)
    rules = game.rules
    first = _need(entry, "first", int, where)
    if not 0 <= first < rules.players:
        raise RecordError(f"there is no seat {first}", f"{where}.first")
    dealt = _deal(rules, entry, where, first)
    try:
        expected, _ = game.leader_for(dealt)
    except DealError as exc:
        raise RecordError(str(exc), where) from None
    if first != expected:
        raise RecordError(f"seat {expected} leads hand {k + 1}, not seat {first}", f"{where}.first")
    hand = game.start_hand(dealt)
    actions = _need(entry, "actions", list, where)
    for j, item in enumerate(actions):
        at = f"{where}.actions[{j}]"
        if hand.end is not None:
            raise RecordError(f"the hand already ended ({hand.end.value})", at)
        action = _action(item, hand, at)
        try:
            event = game.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"seat {hand.turn} {_describe(action)}: {exc}", at) from None
        if isinstance(item.get("score"), bool) or item.get("score", event.score) != event.score:
            raise RecordError(f"the play scores {event.score}, not {item['score']!r:.20}", at)
    if entry.get("end") is not None:
        if hand.end is None:
            raise RecordError(f"the hand has not ended, but 'end' says {entry['end']!r:.20}", where)
        if entry["end"] != hand.end.value:
            raise RecordError(f"the hand ended {hand.end.value}, not {entry['end']!r:.20}", where)
        points = _need(entry, "points", list, where)
        if points != game.points[k]:
            raise RecordError(f"points are {game.points[k]}, not {points}", f"{where}.points")
    elif hand.end is not None:
        raise RecordError(f"the hand ended ({hand.end.value}) but 'end' is missing", where)
    elif not last:
        raise RecordError("only the last hand may still be in play", where)


def _tile(text: Any, top: int, where: str) -> Tile:
    if not isinstance(text, str):
        raise RecordError(f"a tile is a string like '6-3', not {text!r:.40}", where)
    try:
        return parse_tile_in_set(text, top)
    except TileError as exc:
        raise RecordError(str(exc), where) from None


def _deal(rules: StandardRules, entry: Mapping[str, Any], where: str, first: int) -> Deal:
    hands_in = _need(entry, "hands", list, where)
    if len(hands_in) != rules.players:
        raise RecordError(f"{len(hands_in)} hands for {rules.players} players", f"{where}.hands")
    hands = []
    for s, hand in enumerate(hands_in):
        at = f"{where}.hands[{s}]"
        if not isinstance(hand, list):
            raise RecordError("a hand is a list of tiles", at)
        if len(hand) != rules.hand_size:
            raise RecordError(f"{len(hand)} tiles dealt, the deal is {rules.hand_size} each", at)
        hands.append(tuple(_tile(t, rules.set_top, at) for t in hand))
    bone_in = _need(entry, "boneyard", list, where)
    boneyard = tuple(_tile(t, rules.set_top, f"{where}.boneyard") for t in bone_in)
    lot = first if rules.leader is Leader.LOT else None
    dealt = Deal(tuple(hands), boneyard, lot)
    try:
        check_deal(rules, dealt)
    except DealError as exc:
        raise RecordError(str(exc), where) from None
    return dealt


def _action(item: Any, hand: HandState, at: str) -> Action:
    if not isinstance(item, dict):
        raise RecordError("an action is a JSON object", at)
    seat = _need(item, "seat", int, at)
    if seat != hand.turn:
        raise RecordError(f"it is seat {hand.turn}'s turn, not seat {seat}'s", at)
    kinds = [k for k in ("play", "draw", "pass") if k in item]
    if len(kinds) != 1:
        raise RecordError("an action has exactly one of 'play', 'draw' or 'pass'", at)
    top = hand.rules.set_top
    if kinds[0] == "play":
        tile = _tile(item["play"], top, at)
        if "on" not in item:
            raise RecordError("missing key 'on'", at)
        if item["on"] is None:
            return Play(tile, None)
        return Play(tile, _need(item, "on", int, at))
    if kinds[0] == "draw":
        tile = _tile(item["draw"], top, at)
        upcoming = hand.boneyard_tiles()
        if hand.drawable and tile != upcoming[0]:
            raise RecordError(f"the next boneyard tile is {upcoming[0]}, not {tile}", at)
        return Draw()
    if item["pass"] is not True:
        raise RecordError("'pass' must be true", at)
    return Pass()


def _describe(action: Action) -> str:
    if isinstance(action, Play) and action.on is None:
        return f"leads {action.tile}"
    if isinstance(action, Play):
        return f"plays {action.tile} on tile {action.on}"
    return "draws" if isinstance(action, Draw) else "passes"
