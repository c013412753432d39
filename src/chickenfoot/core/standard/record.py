"""Records of standard games in the ``chickenfoot-record/1`` format (RECORD.md).

``game`` and ``rules.preset`` are the game's name (``draw``, ``block``, ``all-fives``,
``bergen``) and ``rules.options`` every resolved option. One entry of ``rounds`` is one hand:
``first`` is the seat that leads, the lead is ``{"seat": s, "play": t, "on": null}``, a play
that scores says so (``"score": n``), ``points`` are what each seat's side scored in the
hand (in play and at its end). Partners show the same points and totals; the top-level key
``sides`` lists the seats of each side. Hands carry no ``double`` key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chickenfoot.core import record_fields as fields
from chickenfoot.core.common import entry_of, replay_actions
from chickenfoot.core.options import RulesError
from chickenfoot.core.pieces import Deal
from chickenfoot.core.record import FORMAT
from chickenfoot.core.record_fields import RecordError
from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import DealError, check_deal
from chickenfoot.core.standard.rules import Game, StandardRules


def to_record(
    game: StandardGame, actions: Sequence[list[dict[str, Any]]] | None = None
) -> dict[str, Any]:
    """The record of ``game`` as JSON data (finished or still in play); ``actions``, if
    given, are each hand's actions in record form (hands played out on the compact state
    keep no history of events)."""
    rounds = [
        fields.round_entry({"first": hand.first}, hand, k, game.points, actions)
        for k, hand in enumerate(game.rounds)
    ]
    rules = game.rules
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": rules.game.value,
        "rules": {"preset": rules.game.value, "options": rules.options()},
        "players": list(game.players),
        "sides": [list(side) for side in rules.sides],
    }
    return fields.finish_record(record, game, rounds, lambda: _booked_totals(game))


def _booked_totals(game: StandardGame) -> list[int]:
    """Per seat, the sum of the points of the finished hands."""
    return [sum(points[s] for points in game.points) for s in range(game.seats)]


def replay(record: Any) -> StandardGame:
    """Rebuild and check the game a record describes; raises :class:`RecordError`."""
    name, players = fields.read_header(record, FORMAT, [g.value for g in Game])
    rules = _rules(record, name, len(players))
    if "sides" in record and record["sides"] != [list(side) for side in rules.sides]:
        sides = [list(side) for side in rules.sides]
        found = f"{record['sides']!r:.60}"
        raise RecordError("sides-wrong", "sides", sides=str(sides), found=found)
    game = StandardGame(players, rules, fields.read_seed(record))
    rounds = fields.need(record, "rounds", list, "rounds")
    for k, entry in enumerate(rounds):
        _replay_hand(game, k, entry, last=k == len(rounds) - 1)
    outcome = game.outcome()
    fields.check_result(record, _booked_totals(game), outcome.winners if outcome else None)
    return game


def _rules(record: Mapping[str, Any], name: str, players: int) -> StandardRules:
    spec = fields.need(record, "rules", dict, "rules")
    preset = fields.need(spec, "preset", str, "rules")
    if preset != name:
        raise RecordError(
            "preset-of-game", "rules", game=name, expected=repr(name), preset=repr(preset)
        )
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options-not-object", "rules")
    known = StandardRules.__dataclass_fields__.keys()
    options = {key: value for key, value in options.items() if key in known}
    try:
        rules = StandardRules.from_options({"players": players, **options}, preset=name)
    except RulesError as exc:
        raise RecordError(exc.message, "rules") from None
    if rules.players != players:
        raise RecordError("options-players", "rules", options=rules.players, players=players)
    return rules


def _replay_hand(game: StandardGame, k: int, entry: Any, last: bool) -> None:
    where = entry_of(game, k, entry, "hand", "game")
    rules = game.rules
    first = fields.need(entry, "first", int, where)
    if not 0 <= first < rules.players:
        raise RecordError("no-seat", f"{where}.first", seat=first)
    dealt = _deal(rules, entry, where, first, game.lot_decides_next())
    expected = game.first_seat(dealt)
    if first != expected:
        raise RecordError(
            "leader-wrong", f"{where}.first", expected=expected, hand=k + 1, first=first
        )
    game.start_round(dealt)
    items = fields.need(entry, "actions", list, where)
    replay_actions(game, k, entry, items, rules.set_top, last, noun="hand", first_tile="leads")


def _deal(
    rules: StandardRules, entry: Mapping[str, Any], where: str, first: int, by_lot: bool
) -> Deal:
    hands, boneyard = fields.read_deal(entry, where, rules.players, rules.hand_size, rules.set_top)
    lot = first if by_lot else None
    dealt = Deal(tuple(hands), boneyard, lot=lot)
    try:
        check_deal(rules, dealt)
    except DealError as exc:
        raise RecordError(exc.message, where) from None
    return dealt
