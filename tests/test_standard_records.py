"""Records of the standard games: writing, replaying, golden files, rejecting what is wrong."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.core import RecordError, games
from chickenfoot.core.standard import replay, to_record
from scripts.regen_golden_standard import GOLDEN_GAMES, GOLDEN_STANDARD, expected_file, random_game
from tests.helpers import DELETE, set_at
from tests.independent_standard_checker import check_record
from tests.test_records import cut_in_round_two

Record = dict[str, Any]


@pytest.fixture(scope="module")
def draw_record() -> Record:
    record = to_record(random_game("draw", 3, 11))
    assert check_record(record) == []
    return record


@pytest.fixture(scope="module")
def fives_record() -> Record:
    """An All Fives game of several hands, with draws and scoring plays."""
    record = to_record(random_game("all-fives", 2, 5))
    assert check_record(record) == []
    return record


GOLDEN_FILES = sorted(GOLDEN_STANDARD.glob("standard-*.json"))


def test_every_game_has_a_golden_record() -> None:
    assert sorted(GOLDEN_STANDARD / f"{name}.json" for name in GOLDEN_GAMES) == GOLDEN_FILES
    games = {json.loads(p.read_text(encoding="utf-8"))["game"] for p in GOLDEN_FILES}
    assert games == {"draw", "block", "all-fives", "bergen"}


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.name)
def test_golden_records_are_what_the_engine_produces_now(path: Path) -> None:
    """On a deliberate change: python -m scripts.regen_golden, then review git diff."""
    assert path.read_text(encoding="utf-8") == expected_file(path)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.name)
def test_golden_records_replay_and_pass_the_independent_checker(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    assert to_record(replay(record)) == record
    assert check_record(record) == []


def test_a_record_names_the_game_its_options_and_its_sides(draw_record: Record) -> None:
    assert draw_record["format"] == "chickenfoot-record/1"
    assert draw_record["game"] == draw_record["rules"]["preset"] == "draw"
    options = draw_record["rules"]["options"]
    assert options["players"] == 3 and options["set_top"] == 6 and options["target"] == 0
    assert options["hand_size"] == 5 and options["leader"] == "highest-double"
    assert options["drawing"] is True and options["partnership"] is False
    assert draw_record["sides"] == [[0], [1], [2]]
    hand = draw_record["rounds"][0]
    assert set(hand) == {"first", "hands", "boneyard", "actions", "end", "points"}
    assert [len(h) for h in hand["hands"]] == [5, 5, 5] and len(hand["boneyard"]) == 13
    lead = hand["actions"][0]
    assert set(lead) == {"seat", "play", "on"} and lead["seat"] == hand["first"]
    assert lead["on"] is None
    assert draw_record["totals"] == hand["points"]


def test_a_hand_of_all_fives_is_one_round_with_what_each_side_scored(fives_record: Record) -> None:
    rounds = fives_record["rounds"]
    assert len(rounds) > 1
    scoring = [a for r in rounds for a in r["actions"] if "score" in a]
    assert scoring and all(a["score"] % 5 == 0 and a["score"] > 0 for a in scoring)
    for entry in rounds:
        in_play = [
            sum(a.get("score", 0) for a in entry["actions"] if a["seat"] == s) for s in (0, 1)
        ]
        assert all(p >= q for p, q in zip(entry["points"], in_play, strict=True))
    assert fives_record["totals"] == [sum(r["points"][s] for r in rounds) for s in (0, 1)]
    assert max(fives_record["totals"]) >= 250


def test_partners_show_their_sides_points() -> None:
    record = to_record(random_game("block", 4, 4, partnership=True))
    assert check_record(record) == []
    assert record["sides"] == [[0, 2], [1, 3]]
    points = record["rounds"][0]["points"]
    assert points[0] == points[2] and points[1] == points[3]
    assert record["winners"] in ([0, 2], [1, 3])


def test_a_record_written_by_another_program_is_accepted(fives_record: Record) -> None:
    other = copy.deepcopy(fives_record)
    other["rules"]["options"] = {"players": 2, "their-own-key": 1}
    del other["seed"], other["sides"]
    other["app"] = {"name": "somebody else's app"}
    other["rounds"][0]["comment"] = "extra keys are ignored"
    for entry in other["rounds"]:
        for action in entry["actions"]:
            action.pop("score", None)
    assert replay(other).totals() == fives_record["totals"]


def test_an_unfinished_record_replays_to_the_position_it_stops_at(fives_record: Record) -> None:
    cut = cut_in_round_two(fives_record, actions=5)  # totals: accepted, though no longer written
    game = replay(cut)
    assert game.current is not None and len(game.current.history) == 5
    del cut["totals"]
    assert to_record(game) == {**cut, "sides": [[0], [1]]}
    assert replay(cut).current is not None and check_record(cut) == []


def _first(record: Record, kind: str, scoring: bool = False) -> dict[str, Any]:
    for entry in record["rounds"]:
        for action in entry["actions"]:
            if kind in action and (not scoring or "score" in action):
                return action
    raise AssertionError(f"no {kind} in the record")


def _draw_the_wrong_tile(record: Record) -> None:
    _first(record, "draw")["draw"] = record["rounds"][0]["boneyard"][-1]


def _score_wrongly(record: Record) -> None:
    _first(record, "play", scoring=True)["score"] += 5


def _score_a_play_that_scores_nothing(record: Record) -> None:
    for action in record["rounds"][0]["actions"]:
        if "play" in action and "score" not in action:
            action["score"] = 5
            return


def _swap_first_two_actions(record: Record) -> None:
    actions = record["rounds"][0]["actions"]
    actions[0], actions[1] = actions[1], actions[0]


def _deal_a_tile_twice(record: Record) -> None:
    hands = record["rounds"][0]["hands"]
    hands[1][0] = hands[0][0]


def _pass_yes(record: Record) -> None:
    entry = record["rounds"][0]
    entry["actions"][0] = {"seat": entry["first"], "pass": "yes"}


def _score_as(kind: Callable[[int], object]) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        action = _first(record, "play", scoring=True)
        action["score"] = kind(action["score"])

    return change


def _wrong_leader(record: Record) -> None:
    entry = record["rounds"][1]
    entry["first"] = (entry["first"] + 1) % 2


BAD: dict[str, tuple[str, Callable[[Record], None], str]] = {
    "no rules": ("draw", set_at("rules", DELETE), "rules: missing key 'rules'"),
    "rules that are no object": (
        "draw",
        set_at("rules", [1]),
        "rules: 'rules' must be an object, not [1]",
    ),
    "options that are no object": (
        "draw",
        set_at("rules.options", [1]),
        "rules: 'options' must be an object",
    ),
    "no hands": ("draw", set_at("rounds", DELETE), "rounds: missing key 'rounds'"),
    "no leader": ("draw", set_at("rounds.0.first", DELETE), "rounds[0]: missing key 'first'"),
    "a leader past the last seat": (
        "draw",
        set_at("rounds.0.first", 3),
        "rounds[0].first: there is no seat 3",
    ),
    "no actions": ("draw", set_at("rounds.0.actions", DELETE), "rounds[0]: missing key 'actions'"),
    "a lead of a tile not held": (
        "draw",
        set_at("rounds.0.actions.0.play", "6-5"),
        "rounds[0].actions[0]: seat 1 leads 6-5: seat 1 does not hold 6-5",
    ),
    "wrong format": (
        "draw",
        set_at("format", "chickenfoot-record/2"),
        "format: unknown format 'chickenfoot-record/2' (expected 'chickenfoot-record/1')",
    ),
    "not a standard game": (
        "draw",
        set_at("game", "dominoes"),
        "game: 'dominoes' is not a game read here (draw, block, all-fives, bergen)",
    ),
    "preset of another game": (
        "draw",
        set_at("rules.preset", "block"),
        "rules: the preset of a draw record is 'draw', not 'block'",
    ),
    "options of another game": (
        "draw",
        set_at("rules.options.game", "bergen"),
        "rules: the options are of 'bergen', not of 'draw'",
    ),
    "bad option": (
        "draw",
        set_at("rules.options.leader", "tallest"),
        "rules: option leader must be one of highest-double, lowest-double, lot, rotate",
    ),
    "players and options disagree": (
        "draw",
        set_at("rules.options.players", 2),
        "rules: the options say 2 players, the record names 3",
    ),
    "wrong sides": (
        "draw",
        set_at("sides", [[0, 2], [1]]),
        "sides: the sides are [[0], [1], [2]], not [[0, 2], [1]]",
    ),
    "tile of a bigger set": (
        "draw",
        set_at("rounds.0.hands.0.0", "7-3"),
        "rounds[0].hands[0]: 7-3 is not in the double-6 set",
    ),
    "a tile dealt twice": ("draw", _deal_a_tile_twice, "rounds[0]: dealt more than once: 6-5"),
    "short hand": (
        "draw",
        lambda r: r["rounds"][0]["hands"][1].pop(),
        "rounds[0].hands[1]: 4 tiles dealt, the deal is 5 each",
    ),
    "wrong leader": ("fives", _wrong_leader, "rounds[1].first: seat 1 leads hand 2, not seat 0"),
    "no such seat": ("draw", set_at("rounds.0.first", 7), "rounds[0].first: there is no seat 7"),
    "wrong seat": (
        "draw",
        _swap_first_two_actions,
        "rounds[0].actions[0]: it is seat 1's turn, not seat 2's",
    ),
    "lead on a tile": (
        "draw",
        set_at("rounds.0.actions.0.on", 0),
        "rounds[0].actions[0]: seat 1 plays 6-2 on tile 0: nothing is on the table yet: the"
        " first tile is a lead",
    ),
    "illegal play": (
        "draw",
        set_at("rounds.0.actions.1.on", 9),
        "rounds[0].actions[1]: seat 2 plays 2-1 on tile 9: there is no tile 9 on the board",
    ),
    "draw of the wrong tile": (
        "fives",
        _draw_the_wrong_tile,
        "rounds[0].actions[6]: the next boneyard tile is 3-1, not 5-4",
    ),
    "wrong score": ("fives", _score_wrongly, "rounds[0].actions[2]: the play scores 5, not 10"),
    "a score for nothing": (
        "fives",
        _score_a_play_that_scores_nothing,
        "rounds[0].actions[0]: the play scores 0, not 5",
    ),
    "action after the end": (
        "draw",
        lambda r: r["rounds"][0]["actions"].append({"seat": 0, "pass": True}),
        "rounds[0].actions[24]: the hand already ended (out)",
    ),
    "wrong end": (
        "draw",
        set_at("rounds.0.end", "sideways"),
        "rounds[0]: the hand ended out, not 'sideways'",
    ),
    "missing end": (
        "draw",
        set_at("rounds.0.end", DELETE),
        "rounds[0]: the hand ended (out) but 'end' is missing",
    ),
    "wrong points": (
        "draw",
        set_at("rounds.0.points", [1, 2, 3]),
        "rounds[0].points: points are [39, 0, 0], not [1, 2, 3]",
    ),
    "wrong totals": (
        "draw",
        set_at("totals", [1, 2, 3]),
        "totals: totals are [39, 0, 0], not [1, 2, 3]",
    ),
    "wrong winners": ("draw", set_at("winners", [5]), "winners: winners are [0], not [5]"),
    "a hand after the end": (
        "draw",
        lambda r: r["rounds"].append(r["rounds"][0]),
        "rounds[1]: the game was over after 1 hand",
    ),
    "not an object": (
        "draw",
        lambda r: r["rounds"].__setitem__(0, 5),
        "rounds[0]: a hand is a JSON object",
    ),
    "pass not true": ("draw", _pass_yes, "rounds[0].actions[0]: 'pass' must be true"),
    "a score as a float": (
        "fives",
        _score_as(float),
        "rounds[0].actions[2]: the play scores 5, not 5.0",
    ),
    "a score as a boolean": (
        "fives",
        _score_as(lambda n: True),
        "rounds[0].actions[2]: the play scores 5, not True",
    ),
    "points as floats": (
        "draw",
        lambda r: r["rounds"][0].update(points=[float(p) for p in r["rounds"][0]["points"]]),
        "rounds[0].points: 'points' must be a list of whole numbers, not [39.0, 0.0, 0.0]",
    ),
    "a huge option": (
        "draw",
        set_at("rules.options.target", 10**5000),
        "rules: option target: expected a whole number of at most 100000",
    ),
    "an infinite option": (
        "draw",
        set_at("rules.options.bonus", float("inf")),
        "rules: option bonus: expected a whole number, got a number with a fraction",
    ),
}


@pytest.mark.parametrize("name", BAD)
def test_a_wrong_record_is_rejected_with_where_and_what(
    draw_record: Record, fives_record: Record, name: str
) -> None:
    which, change, message = BAD[name]
    bad = copy.deepcopy(draw_record if which == "draw" else fives_record)
    change(bad)
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)
    assert check_record(bad) != []


def test_not_a_record_at_all() -> None:
    for value in (None, [], "x", 5):
        with pytest.raises(RecordError, match=r"^a record is a JSON object$"):
            replay(value)


def test_partners_who_win_together_win_no_draw() -> None:
    game = random_game("all-fives", 4, 0, partnership=True)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.totals == (265, 175, 265, 175)  # each side's score, shown for both partners
    assert (outcome.winners, outcome.winning_sides) == ((0, 2), (0,))
    assert not outcome.is_draw


def test_a_record_without_options_plays_the_game_s_own() -> None:
    record = to_record(random_game("draw", 2, 3))
    del record["rules"]["options"]
    assert to_record(replay(record))["rules"] == to_record(random_game("draw", 2, 3))["rules"]
    del record["rules"]["preset"]
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == "rules: missing key 'preset'"


def test_the_check_of_any_game_reads_a_standard_record_as_its_replay(fives_record: Record) -> None:
    checked = games.check(copy.deepcopy(fives_record))
    replayed = replay(copy.deepcopy(fives_record))
    assert (checked.points, checked.outcome()) == (replayed.points, replayed.outcome())
    wrong = copy.deepcopy(fives_record)
    wrong["rounds"][0]["first"] = 9
    with pytest.raises(RecordError, match=r"^rounds\[0\]\.first: there is no seat 9$"):
        games.check(wrong)
