"""Records (docs/RECORD.md): writing, replaying, golden files, and rejecting what is wrong."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.core import CLASSIC, PRESETS, RecordError, games, replay, to_record
from scripts.regen_golden import (
    GOLDEN,
    PERFT,
    PROTOCOL_SCHEMA,
    SCHEMA,
    expected_file,
    expected_paths,
)
from tests.helpers import DELETE, random_match, set_at
from tests.independent_checker import check_record

Record = dict[str, Any]
REEVES, WIKIPEDIA = PRESETS["reeves"], PRESETS["wikipedia"]


def checked(record: Record) -> Record:
    """``record``, once the independent checker has found nothing wrong with it."""
    assert check_record(record) == []
    return record


@pytest.fixture(scope="module")
def legal() -> Record:
    return checked(to_record(random_match(4, 21, CLASSIC.with_options(length="half"))))


def test_the_golden_files_are_the_ones_the_script_writes() -> None:
    assert sorted(expected_paths()) == sorted(
        [*GOLDEN.glob("*.json"), PERFT, SCHEMA, PROTOCOL_SCHEMA]
    )


@pytest.mark.parametrize("path", expected_paths(), ids=lambda p: p.name)
def test_golden_records_the_perft_table_and_the_schema_are_what_the_code_makes_now(
    path: Path,
) -> None:
    """On a deliberate change: python -m scripts.regen_golden, then review git diff."""
    assert path.read_text(encoding="utf-8") == expected_file(path)


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.name)
def test_golden_records_replay_and_pass_the_independent_checker(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    assert to_record(replay(record)) == record
    assert check_record(record) == []


def test_a_record_has_the_keys_record_md_names(legal: Record) -> None:
    assert legal["format"] == "chickenfoot-record/1"
    assert legal["game"] == "chickenfoot"
    assert legal["rules"]["preset"] == "classic"
    assert legal["rules"]["options"]["centre_toes"] == 6
    assert [r["double"] for r in legal["rounds"]] == ["9-9", "8-8", "7-7", "6-6", "5-5"]
    first = legal["rounds"][0]
    assert set(first) == {"double", "first", "hands", "boneyard", "actions", "end", "points"}
    assert first["actions"][0]["on"] == 0 and first["actions"][0]["seat"] == 0
    assert legal["totals"] == [sum(r["points"][s] for r in legal["rounds"]) for s in range(4)]
    assert "winners" in legal


def test_a_record_written_by_another_program_is_accepted(legal: Record) -> None:
    other = copy.deepcopy(legal)
    other["rules"]["options"] = {"toes": "six", "their-own-key": 1, "length": "half"}
    del other["seed"]
    other["app"] = {"name": "somebody else's app"}
    other["rounds"][0]["comment"] = "extra keys are ignored"
    assert replay(other).totals() == legal["totals"]


def test_a_match_record_without_a_length_option_gets_it_from_its_rounds(legal: Record) -> None:
    other = copy.deepcopy(legal)
    other["rules"] = {"preset": "classic"}
    assert replay(other).rules.length.value == "half"
    del other["rounds"][3:]
    with pytest.raises(RecordError) as caught:
        replay(other)
    assert str(caught.value) == "rules: a finished match has 1, 5 or 10 rounds, not 3"


def test_an_unfinished_record_replays_to_the_position_it_stops_at(legal: Record) -> None:
    cut = cut_in_round_two(legal)
    last = cut["rounds"][1]
    match = replay(cut)
    assert match.current is not None and len(match.current.history) == 15
    assert check_record(cut) == []
    last["points"] = [0, 0, 0, 0]
    with pytest.raises(RecordError, match=r"rounds\[1\]: the round has not ended, so it has no"):
        replay(cut)


def test_only_the_last_round_of_a_record_may_be_unfinished(legal: Record) -> None:
    cut = copy.deepcopy(legal)
    first = cut["rounds"][0]
    del first["end"], first["points"], cut["winners"], cut["totals"]
    first["actions"] = first["actions"][:15]
    with pytest.raises(RecordError) as caught:
        replay(cut)
    assert str(caught.value) == "rounds[0]: only the last round may still be in play"


def cut_in_round_two(legal: Record, actions: int = 15) -> Record:
    """``legal`` stopped ``actions`` actions into its second round (no end, points or
    winners; the totals of the first round)."""
    cut = copy.deepcopy(legal)
    cut["rounds"] = cut["rounds"][:2]
    last = cut["rounds"][1]
    del last["end"], last["points"], cut["winners"]
    last["actions"] = last["actions"][:actions]
    cut["totals"] = legal["rounds"][0]["points"]
    return cut


def test_an_unfinished_match_names_no_winners(legal: Record) -> None:
    cut = copy.deepcopy(legal)
    cut["rounds"] = cut["rounds"][:1]
    del cut["totals"]
    with pytest.raises(RecordError) as caught:
        replay(cut)
    assert str(caught.value) == "winners: the match is not over, so it has no winners yet"
    cut = cut_in_round_two(legal)
    cut["winners"] = [0]
    with pytest.raises(RecordError) as caught:
        replay(cut)
    assert str(caught.value) == "winners: the match is not over, so it has no winners yet"


def test_the_totals_of_an_unfinished_match_are_checked_when_given(legal: Record) -> None:
    cut = cut_in_round_two(legal)
    replay(cut)
    booked = cut["totals"]
    cut["totals"] = [t + 1 for t in booked]
    with pytest.raises(RecordError) as caught:
        replay(cut)
    assert str(caught.value) == f"totals: totals are {booked}, not {cut['totals']}"


def test_an_unfinished_match_without_its_length_is_not_measured_by_its_rounds(
    legal: Record,
) -> None:
    """A finished record without ``length`` is read by its number of rounds; an unfinished
    one keeps the preset's length."""
    cut = cut_in_round_two(legal)
    del cut["rules"]["options"]["length"]
    assert replay(cut).rules.length.value == "full"


def test_options_that_name_a_preset_are_read_by_the_record_s_preset(legal: Record) -> None:
    named = copy.deepcopy(legal)
    named["rules"]["options"]["preset"] = "spruce"
    assert replay(named).rules == replay(legal).rules


def test_a_round_in_play_has_no_end(legal: Record) -> None:
    cut = cut_in_round_two(legal)
    cut["rounds"][1]["end"] = "out"
    with pytest.raises(RecordError) as caught:
        replay(cut)
    assert str(caught.value) == "rounds[1]: the round has not ended, but 'end' says 'out'"


def _swap_first_two_actions(record: Record) -> None:
    actions = record["rounds"][0]["actions"]
    actions[0], actions[1] = actions[1], actions[0]


def _deal_a_tile_twice(record: Record) -> None:
    hands = record["rounds"][0]["hands"]
    hands[1][0] = hands[0][0]


def _draw_the_wrong_tile(record: Record) -> None:
    round0 = record["rounds"][0]
    for action in round0["actions"]:
        if "draw" in action:
            action["draw"] = round0["boneyard"][-1]
            return
    raise AssertionError("no draw in the first round")


def _play_after_the_end(record: Record) -> None:
    round0 = record["rounds"][0]
    round0["actions"].append({"seat": 0, "pass": True})


def _double_in_a_hand(record: Record) -> None:
    record["rounds"][0]["hands"][0][0] = "9-9"


BAD: dict[str, tuple[Callable[[Record], None], str]] = {
    "no winners": (
        set_at("winners", DELETE),
        "winners: the match is over but 'winners' is missing",
    ),
    "a play without its target": (
        set_at("rounds.0.actions.0.on", DELETE),
        "rounds[0].actions[0]: missing key 'on'",
    ),
    "no totals": (set_at("totals", DELETE), "totals: missing key 'totals'"),
    "an action that is no object": (
        set_at("rounds.0.actions.0", 5),
        "rounds[0].actions[0]: an action is a JSON object",
    ),
    "a hand that is no list": (
        set_at("rounds.0.hands.0", "9-5"),
        "rounds[0].hands[0]: a hand is a list of tiles",
    ),
    "an action that both plays and draws": (
        set_at("rounds.0.actions.0", {"seat": 0, "play": "9-5", "on": 0, "draw": "7-4"}),
        "rounds[0].actions[0]: an action has exactly one of 'play', 'draw' or 'pass'",
    ),
    "a draw when a tile fits": (
        set_at("rounds.0.actions.0", {"seat": 0, "draw": "7-4"}),
        "rounds[0].actions[0]: seat 0 draws: seat 0 holds a playable tile and must play",
    ),
    "a pass when a tile fits": (
        set_at("rounds.0.actions.0", {"seat": 0, "pass": True}),
        "rounds[0].actions[0]: seat 0 passes: seat 0 holds a playable tile and must play",
    ),
    "a tile placed as if it were the first": (
        set_at("rounds.0.actions.0", {"seat": 0, "play": "9-5", "on": None}),
        "rounds[0].actions[0]: seat 0 places 9-5: 9-5 must be played on a tile (name its id)",
    ),
    "wrong format": (
        set_at("format", "chickenfoot-record/2"),
        "format: unknown format 'chickenfoot-record/2' (expected 'chickenfoot-record/1')",
    ),
    "missing players": (set_at("players", DELETE), "players: missing key 'players'"),
    "nine players": (
        set_at("players", ["x"] * 9),
        "rules: classic is played by 2 to 8 players, not 9",
    ),
    "unknown preset": (
        set_at("rules.preset", "mystery"),
        "rules: unknown preset 'mystery'; known: classic, spruce, wikipedia, reeves",
    ),
    "unknown tile": (
        set_at("rounds.0.hands.0.0", "x-y"),
        "rounds[0].hands[0]: not a tile: 'x-y' (write tiles like '9-3')",
    ),
    "tile of a bigger set": (
        set_at("rounds.0.hands.0.0", "10-3"),
        "rounds[0].hands[0]: 10-3 is not in the double-9 set",
    ),
    "a tile dealt twice": (_deal_a_tile_twice, "rounds[0]: dealt more than once: 7-6"),
    "round double dealt": (
        _double_in_a_hand,
        "rounds[0]: the round's double 9-9 is set aside, not dealt",
    ),
    "wrong round double": (
        set_at("rounds.1.double", "7-7"),
        "rounds[1]: round 2 is played with 8-8, not 7-7",
    ),
    "wrong first seat": (
        set_at("rounds.1.first", 0),
        "rounds[1]: round 2 starts with seat 1, not 0",
    ),
    "illegal action": (
        set_at("rounds.0.actions.0.on", 5),
        "rounds[0].actions[0]: seat 0 plays 9-5 on tile 5: there is no tile 5 on the board",
    ),
    "wrong seat": (
        _swap_first_two_actions,
        "rounds[0].actions[0]: it is seat 0's turn, not seat 1's",
    ),
    "draw of the wrong tile": (
        _draw_the_wrong_tile,
        "rounds[0].actions[4]: the next boneyard tile is 7-4, not 4-0",
    ),
    "action after the end": (
        _play_after_the_end,
        "rounds[0].actions[59]: the round already ended (blocked)",
    ),
    "wrong end": (
        set_at("rounds.0.end", "sideways"),
        "rounds[0]: the round ended blocked, not 'sideways'",
    ),
    "wrong points": (
        set_at("rounds.0.points", [0, 0, 0, 0]),
        "rounds[0].points: points are [33, 18, 13, 64], not [0, 0, 0, 0]",
    ),
    "wrong totals": (
        set_at("totals", [1, 2, 3, 4]),
        "totals: totals are [139, 153, 126, 188], not [1, 2, 3, 4]",
    ),
    "wrong winners": (set_at("winners", [3, 2]), "winners: winners are [2], not [3, 2]"),
    "too many rounds": (
        lambda r: r["rounds"].append(r["rounds"][-1]),
        "rounds: 6 rounds, but a half match has 5",
    ),
    "not an object": (
        lambda r: r["rounds"].__setitem__(0, 5),
        "rounds[0]: a round is a JSON object",
    ),
    "pass not true": (
        set_at("rounds.0.actions.0", {"seat": 0, "pass": "yes"}),
        "rounds[0].actions[0]: 'pass' must be true",
    ),
    "a superscript digit": (
        set_at("rounds.0.hands.0.0", "²-1"),
        "rounds[0].hands[0]: not a tile: '²-1' (write tiles like '9-3')",
    ),
    "fullwidth digits": (
        set_at("rounds.0.hands.0.0", "\uff19-\uff14"),
        "rounds[0].hands[0]: not a tile: '\uff19-\uff14' (write tiles like '9-3')",
    ),
    "Arabic-Indic digits": (
        set_at("rounds.0.hands.0.0", "٩-٤"),
        "rounds[0].hands[0]: not a tile: '٩-٤' (write tiles like '9-3')",
    ),
    "leading zeros": (
        set_at("rounds.0.hands.0.0", "09-04"),
        "rounds[0].hands[0]: not a tile: '09-04' (write tiles like '9-3')",
    ),
    "spaces around a tile": (
        set_at("rounds.0.hands.0.0", " 9-4 "),
        "rounds[0].hands[0]: not a tile: ' 9-4 ' (write tiles like '9-3')",
    ),
    "a seat as a boolean": (
        set_at("rounds.0.actions.0.seat", False),
        "rounds[0].actions[0]: 'seat' must be a whole number, not False",
    ),
    "an id as a float": (
        set_at("rounds.0.actions.0.on", 0.0),
        "rounds[0].actions[0]: 'on' must be a tile id or null, not 0.0",
    ),
    "first as a float": (
        set_at("rounds.1.first", 1.0),
        "rounds[1]: 'first' must be a whole number, not 1.0",
    ),
    "points as floats": (
        lambda r: r["rounds"][0].update(points=[float(p) for p in r["rounds"][0]["points"]]),
        "rounds[0].points: 'points' must be a list of whole numbers, not [33.0, 18.0, 13.0, 64.0]",
    ),
    "totals as floats": (
        lambda r: r.update(totals=[float(t) for t in r["totals"]]),
        "totals: 'totals' must be a list of whole numbers, not [139.0, 153.0, 126.0, 188.0]",
    ),
    "winners as a float": (
        set_at("winners", [2.0]),
        "winners: 'winners' must be a list of whole numbers, not [2.0]",
    ),
    "game as a list": (set_at("game", []), "game: 'game' must be a string, not []"),
    "a seed that is no number": (
        set_at("seed", "21"),
        "seed: 'seed' must be a whole number, not '21'",
    ),
    "an infinite set option": (
        set_at("rules.options.set_by_players", [[float("inf"), 9]]),
        "rules: option set_by_players [0][0]: expected a whole number, got a number with a"
        " fraction",
    ),
    "a negative kept-back count": (
        set_at("rules.options.undrawn_by_players", [[4, -1]]),
        "rules: option undrawn_by_players [0][1]: expected a whole number of at least 0",
    ),
    "a huge integer option": (
        set_at("rules.options.centre_toes", 10**5000),
        "rules: option centre_toes: expected a whole number of at most 18",
    ),
    "a draw for the start in classic": (
        set_at("rounds.0.start_draw", [{"seat": 0, "draw": "1-0"}]),
        "rounds[0].start_draw: nobody draws for the start of this round",
    ),
    "a round after the end of the match": (
        lambda r: r["rounds"].append(r["rounds"][0]),
        "rounds: 6 rounds, but a half match has 5",
    ),
    "no rules": (set_at("rules", DELETE), "rules: missing key 'rules'"),
    "no format": (set_at("format", DELETE), "format: missing key 'format'"),
    "a player name that is no string": (
        set_at("players.1", 7),
        "players: every player name must be a string",
    ),
    "no preset": (set_at("rules.preset", DELETE), "rules: missing key 'preset'"),
    "no rounds": (set_at("rounds", DELETE), "rounds: missing key 'rounds'"),
    "no points": (set_at("rounds.0.points", DELETE), "rounds[0]: missing key 'points'"),
    "three hands for four players": (
        lambda r: r["rounds"][0].update(hands=r["rounds"][0]["hands"][:3]),
        "rounds[0].hands: 3 hands for 4 players",
    ),
    "no hands": (set_at("rounds.0.hands", DELETE), "rounds[0]: missing key 'hands'"),
    "no boneyard": (set_at("rounds.0.boneyard", DELETE), "rounds[0]: missing key 'boneyard'"),
    "a boneyard tile that is no tile": (
        set_at("rounds.0.boneyard.0", "x"),
        "rounds[0].boneyard: not a tile: 'x' (write tiles like '9-3')",
    ),
    "a tile that is a number": (
        set_at("rounds.0.hands.0.0", 5),
        "rounds[0].hands[0]: a tile is a string like '9-3', not 5",
    ),
    "a tile that is a list": (
        set_at("rounds.0.hands.0.0", [9, 3]),
        "rounds[0].hands[0]: a tile is a string like '9-3', not [9, 3]",
    ),
    "the first tile past the set": (
        set_at("rounds.0.hands.0.0", "10-0"),
        "rounds[0].hands[0]: 10-0 is not in the double-9 set",
    ),
    "a draw of no tile": (
        set_at("rounds.0.actions.4.draw", "x"),
        "rounds[0].actions[4]: not a tile: 'x' (write tiles like '9-3')",
    ),
    "a play of no tile": (
        set_at("rounds.0.actions.0.play", "x"),
        "rounds[0].actions[0]: not a tile: 'x' (write tiles like '9-3')",
    ),
    "options that are no object": (
        set_at("rules.options", [1]),
        "rules: 'options' must be an object",
    ),
    "no round double": (set_at("rounds.0.double", DELETE), "rounds[0]: missing key 'double'"),
    "a round double that is no tile": (
        set_at("rounds.0.double", "x"),
        "rounds[0].double: not a tile: 'x' (write tiles like '9-3')",
    ),
    "no actions": (set_at("rounds.0.actions", DELETE), "rounds[0]: missing key 'actions'"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_wrong_record_is_rejected_with_where_and_what(legal: Record, name: str) -> None:
    change, message = BAD[name]
    bad = copy.deepcopy(legal)
    change(bad)
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)
    if name != "a seed that is no number":  # informational: the checker does not read it
        assert check_record(bad) != []


def test_winners_as_booleans_are_refused() -> None:
    record = checked(to_record(random_match(3, 18, WIKIPEDIA.with_options(length="half"))))
    assert record["winners"] == [0]
    record["winners"] = [False]
    with pytest.raises(RecordError, match="winners: 'winners' must be a list of whole numbers"):
        replay(record)
    assert check_record(record) != []


@pytest.fixture(scope="module")
def reeves() -> Record:
    return checked(to_record(random_match(3, 4, REEVES.with_options(length="half"))))


@pytest.fixture(scope="module")
def wikipedia() -> Record:
    return checked(to_record(random_match(3, 18, WIKIPEDIA.with_options(length="half"))))


def test_records_show_the_draws_for_the_start(reeves: Record, wikipedia: Record) -> None:
    """docs/RECORD.md: `start_draw`, the tiles drawn to decide who starts, in order."""
    for k, entry in enumerate(reeves["rounds"]):
        draws = entry["start_draw"]
        assert [d["seat"] for d in draws] == [(k + i) % 3 for i in range(len(draws))]
        assert draws[-1] == {"seat": entry["first"], "draw": entry["double"]}
    first = wikipedia["rounds"][0]
    assert [d["seat"] for d in first["start_draw"]] == [0, 1, 2]
    assert all(d["draw"] in first["boneyard"] for d in first["start_draw"])
    assert all("start_draw" not in entry for entry in wikipedia["rounds"][1:])
    assert to_record(replay(reeves)) == reeves and to_record(replay(wikipedia)) == wikipedia


def _shift_seats(record: Record) -> None:
    for draw in record["rounds"][1]["start_draw"]:
        draw["seat"] = (draw["seat"] + 1) % 3


def _stop_before_the_double(record: Record) -> None:
    record["rounds"][0]["start_draw"].pop()


def _go_on_after_the_double(record: Record) -> None:
    draws = record["rounds"][0]["start_draw"]
    seat = (draws[-1]["seat"] + 1) % 3
    unseen = next(t for t in record["rounds"][0]["hands"][0] if t not in str(draws))
    draws.append({"seat": seat, "draw": unseen})


def _draw_the_double_twice(record: Record) -> None:
    draws = record["rounds"][0]["start_draw"]
    draws.insert(0, dict(draws[-1], seat=0))
    for i, draw in enumerate(draws):
        draw["seat"] = i % 3


def _draw_two_tiles_twice(record: Record) -> None:
    draws = record["rounds"][0]["start_draw"]
    draws[1]["draw"] = draws[0]["draw"]
    draws[3]["draw"] = draws[2]["draw"]


BAD_REEVES: dict[str, tuple[Callable[[Record], None], str]] = {
    "a draw for the start that is no object": (
        set_at("rounds.0.start_draw.0", 5),
        'rounds[0].start_draw[0]: a draw for the start is {"seat": s, "draw": "a-b"}',
    ),
    "no draw for the start": (
        set_at("rounds.0.start_draw", DELETE),
        "rounds[0]: missing key 'start_draw'",
    ),
    "seats out of turn": (
        _shift_seats,
        "rounds[1].start_draw: the seats draw in turn: "
        f"{[1, 2, 0] * 12 + [1]}, not {[2, 0, 1] * 12 + [2]}",
    ),
    "stopped before the double": (
        _stop_before_the_double,
        "rounds[0].start_draw: the seats draw until one finds 9-9",
    ),
    "went on after the double": (
        _go_on_after_the_double,
        "rounds[0].start_draw: the drawing stops when 9-9 is found",
    ),
    "the double drawn twice": (
        _draw_the_double_twice,
        "rounds[0].start_draw: drawn more than once: 9-9",
    ),
    "two tiles drawn twice": (
        _draw_two_tiles_twice,
        "rounds[0].start_draw: drawn more than once: 7-4, 8-3",
    ),
    "a seat for the start that is no number": (
        set_at("rounds.0.start_draw.0.seat", "0"),
        "rounds[0].start_draw[0]: 'seat' must be a whole number, not '0'",
    ),
    "a draw for the start that is no tile": (
        set_at("rounds.0.start_draw.0.draw", "x"),
        "rounds[0].start_draw[0]: not a tile: 'x' (write tiles like '9-3')",
    ),
    "the double dealt": (
        set_at("rounds.0.hands.0.0", "9-9"),
        "rounds[0]: the round's double 9-9 is set aside, not dealt",
    ),
    "another seat starts": (
        set_at("rounds.0.first", 2),
        "rounds[0]: round 1 starts with seat 0, not 2",
    ),
}


@pytest.mark.parametrize("name", BAD_REEVES)
def test_a_wrong_reeves_record_is_rejected(reeves: Record, name: str) -> None:
    change, message = BAD_REEVES[name]
    bad = copy.deepcopy(reeves)
    change(bad)
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert str(caught.value) == message


def _draw_from_a_hand(record: Record) -> None:
    first = record["rounds"][0]
    first["start_draw"][1]["draw"] = first["hands"][2][0]


BAD_WIKIPEDIA: dict[str, tuple[Callable[[Record], None], str]] = {
    "a starter draw from a hand": (
        _draw_from_a_hand,
        "rounds[0].start_draw: 6-4 is drawn from the boneyard, where it is not",
    ),
    "one draw missing": (
        lambda r: r["rounds"][0]["start_draw"].pop(),
        "rounds[0].start_draw: each of the 3 seats draws one tile",
    ),
    "a draw in round 2": (
        set_at("rounds.1.start_draw", [{"seat": 0, "draw": "1-0"}]),
        "rounds[1].start_draw: nobody draws for the start of this round",
    ),
    "round 2 not rotated from round 1": (
        set_at("rounds.1.first", 2),
        "rounds[1]: round 2 starts with seat 0, not 2",
    ),
    "the double dealt": (
        set_at("rounds.1.hands.0.0", "8-8"),
        "rounds[1]: the round's double 8-8 is set aside, not dealt",
    ),
}


@pytest.mark.parametrize("name", BAD_WIKIPEDIA)
def test_a_wrong_wikipedia_record_is_rejected(wikipedia: Record, name: str) -> None:
    change, message = BAD_WIKIPEDIA[name]
    bad = copy.deepcopy(wikipedia)
    change(bad)
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert str(caught.value) == message


def test_not_a_record_at_all() -> None:
    for value in (None, [], "x", 5):
        with pytest.raises(RecordError) as caught:
            replay(value)
        assert str(caught.value) == "a record is a JSON object"


def test_any_game_s_replay_refuses_what_is_no_record() -> None:
    for value in (None, [], "x"):
        with pytest.raises(RecordError) as caught:
            games.replay(value)
        assert str(caught.value) == "a record is a JSON object"


def test_a_round_after_a_match_played_to_a_target_total_is_refused() -> None:
    record = to_record(random_match(3, 2, CLASSIC.with_options(target_total=100)))
    assert len(record["rounds"]) == 4
    record["rounds"].append(copy.deepcopy(record["rounds"][-1]))
    with pytest.raises(RecordError, match=r"^rounds\[4\]: the match was over after 4 rounds$"):
        replay(record)
