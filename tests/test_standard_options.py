"""The options of the standard games: the named games, JSON round trips, refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chickenfoot.core import RulesError
from chickenfoot.core.standard import GAMES, SETS, Game, StandardRules


def configurations() -> list[StandardRules]:
    out = []
    for game in Game:
        for players in (2, 3, 4):
            for top in SETS:
                out.append(StandardRules.for_game(game.value, players=players, set_top=top))
        if game is not Game.BERGEN:
            out.append(StandardRules.for_game(game.value, players=4, partnership=True))
    return out


@pytest.mark.parametrize("rules", configurations(), ids=str)
def test_options_round_trip_through_json(rules: StandardRules) -> None:
    text = json.dumps(rules.options())
    assert StandardRules.from_options(json.loads(text)) == rules
    assert StandardRules.from_options(json.loads(text), preset=rules.game.value) == rules


def test_every_named_game_is_a_preset_of_two_players_on_the_double_6_set() -> None:
    assert list(GAMES) == ["draw", "block", "all-fives", "bergen"]
    assert all(r.players == 2 and r.set_top == 6 for r in GAMES.values())
    assert StandardRules() == GAMES["draw"]


def test_what_makes_each_game_different_is_a_handful_of_options() -> None:
    draw = GAMES["draw"].options()

    def differences(game: str) -> dict[str, Any]:
        options = GAMES[game].options()
        return {k: v for k, v in options.items() if v != draw[k] and k != "game"}

    assert differences("block") == {"drawing": False}
    assert differences("all-fives") == {
        "hand_size": 9,
        "leader": "lot",
        "next_leader": "winner",
        "spinner": True,
        "play_scoring": "fives",
        "round_to": 5,
        "target": 250,
    }
    assert differences("bergen") == {
        "hand_size": 6,
        "undrawn": 2,
        "leader": "lowest-double",
        "lead_deciding_tile": True,
        "play_scoring": "headers",
        "near_target_limit": True,
        "hand_scoring": "bonus",
        "blocked_winner": "double-free",
        "bonus": 2,
        "target": 15,
    }


def test_options_not_given_take_the_games_values_for_that_table() -> None:
    assert StandardRules.for_game("draw", players=4).hand_size == 5
    assert StandardRules.for_game("draw", players=4, set_top=9).hand_size == 7
    assert StandardRules.for_game("bergen", players=4).options()["target"] == 10
    assert StandardRules.for_game("draw", players=4, hand_size=6).hand_size == 6


def test_with_options_keeps_every_other_option() -> None:
    rules = GAMES["all-fives"].with_options(target=100)
    assert rules.target == 100 and rules.spinner
    assert rules.with_options(players=4).hand_size == 5
    assert rules.with_options(players=4).target == 100
    custom = GAMES["draw"].with_options(hand_size=3)
    assert custom.with_options(target=50).hand_size == 3


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"game": "dominoes"}, "unknown game 'dominoes'; known: draw, block, all-fives, bergen"),
        ({"players": 5}, "option players: expected a whole number of at most 4"),
        ({"set_top": 15}, "option set_top must be one of 6, 9, 12"),
        ({"players": 3, "partnership": True}, "needs 4 players"),
        ({"game": "bergen", "players": 4, "partnership": True}, "bergen has no partnership"),
        ({"hand_size": 15}, "need 30 tiles, the double-6 set has 28"),
        ({"leader": "tallest"}, "option leader must be one of"),
        ({"drawing": "no"}, "option drawing: expected true or false, got a string"),
        ({"drawing": 1}, "option drawing: expected true or false, got a whole number"),
        ({"players": True}, "option players: expected a whole number, got true or false"),
        ({"target": 10**6}, "option target: expected a whole number of at most 100000"),
        ({"undrawn": -1}, "option undrawn: expected a whole number of at least 0"),
        ({"target": 1.5}, "option target: expected a whole number, got a number with a fraction"),
        ({"target": float("inf")}, "option target: expected a whole number, got a number"),
        ({"game": "all-fives", "target": 0}, "all-fives scores during play, so it needs a target"),
        ({"game": "bergen", "spinner": True}, "headers are scored on a single line"),
    ],
)
def test_inconsistent_options_are_refused_with_a_reason(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        StandardRules.from_options(options)


def test_a_preset_and_options_of_another_game_are_refused() -> None:
    with pytest.raises(RulesError, match="the options are of 'bergen', not of 'draw'"):
        StandardRules.from_options({"game": "bergen"}, preset="draw")


def test_unknown_option_names_are_refused() -> None:
    with pytest.raises(RulesError, match="unknown option toes; known options: blocked_score"):
        StandardRules.from_options({"toes": 6, "game": "block"})
