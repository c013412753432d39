"""``check`` (what ``chickenfoot replay`` runs: the actions replayed on the compact state, the
full replay on any doubt) accepts exactly the records ``replay`` accepts, with the same
result, and rejects the others with the same error."""

from __future__ import annotations

import copy
from random import Random
from typing import Any

import pytest

from chickenfoot.core import PRESETS, RecordError, RoundState, replay, to_record
from chickenfoot.core.compact import replay_out
from chickenfoot.core.games import check
from chickenfoot.core.tiles import NAMES
from chickenfoot.play import play_recorded_match
from tests.helpers import make_round, random_match
from tests.test_records import BAD, BAD_REEVES, BAD_WIKIPEDIA, cut_in_round_two

Record = dict[str, Any]


def verdict(read: Any, record: Record) -> tuple[str, Any]:
    """What ``read`` (replay or check) makes of ``record``: the match's result, or the error."""
    try:
        match = read(copy.deepcopy(record))
    except RecordError as exc:
        return "error", str(exc)
    return "ok", (match.points, match.totals(), match.outcome())


def assert_agree(record: Record) -> tuple[str, Any]:
    full = verdict(replay, record)
    assert verdict(check, record) == full
    return full


def simulated(preset: str, players: int, seed: int, bots: list[str]) -> Record:
    rules = PRESETS[preset].with_options(length="half")
    players = max(rules.min_players, min(players, rules.max_players))
    return play_recorded_match(bots[:players], rules, seed)[1]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_records_simulate_writes_are_checked_on_the_compact_state(preset: str) -> None:
    for seed in range(4):
        record = simulated(preset, 2 + seed, seed, ["random", "greedy"] * 6)
        assert assert_agree(record)[0] == "ok"
        match = check(record)
        assert match.rounds and not any(state.history for state in match.rounds)


def test_records_written_another_way_are_left_to_the_full_replay() -> None:
    record = simulated("classic", 3, 7, ["random"] * 3)
    play = next(a for a in record["rounds"][0]["actions"] if "play" in a)
    hi, lo = play["play"].split("-")
    play["play"] = f"{lo}-{hi}"  # smaller number first: legal, but not as simulate writes it
    record["rounds"][0]["actions"][0]["score"] = 0
    assert assert_agree(record)[0] == "ok"
    assert check(record).rounds[0].history  # the full replay did it


WRONG = {
    **{("classic", 4, 21, name): wrong for name, wrong in BAD.items()},
    **{("reeves", 3, 4, name): wrong for name, wrong in BAD_REEVES.items()},
    **{("wikipedia", 3, 18, name): wrong for name, wrong in BAD_WIKIPEDIA.items()},
}
"""Every wrong record of the record tests (the match each is made of, as those tests make
it: preset, players, seed): the change made to it and the error it gets."""


@pytest.mark.parametrize("case", WRONG, ids=lambda case: f"{case[0]}: {case[3]}")
def test_every_wrong_record_of_the_record_tests_gets_the_same_error(
    case: tuple[str, int, int, str],
) -> None:
    preset, players, seed, _ = case
    record = to_record(random_match(players, seed, PRESETS[preset].with_options(length="half")))
    change, message = WRONG[case]
    change(record)
    assert assert_agree(record) == ("error", message)


def _mutate(record: Record, rng: Random) -> None:
    """Change one thing in one action of ``record`` (or the list of actions itself)."""
    rounds = record["rounds"]
    actions = rng.choice(rounds)["actions"]
    if not actions:
        return
    j = rng.randrange(len(actions))
    action = actions[j]
    key = rng.choice(sorted(action))
    values: list[Any] = [None, True, False, 0, 1, 2, 3, 0.0, -1, 7, 40, "0", [], {}]
    values += [rng.choice(NAMES[:66]), f"{rng.randrange(10)}-{rng.randrange(10)}"]
    kind = rng.randrange(9)
    if kind == 0:
        action[key] = rng.choice(values)
    elif kind == 1:
        del action[key]
    elif kind == 2:
        action[rng.choice(["play", "draw", "pass", "on", "score", "seat", "x"])] = rng.choice(
            values
        )
    elif kind == 3 and j + 1 < len(actions):
        actions[j], actions[j + 1] = actions[j + 1], actions[j]
    elif kind == 4:
        del actions[j]
    elif kind == 5:
        actions.insert(j, copy.deepcopy(action))
    elif kind == 6 and "on" in action and isinstance(action["on"], int):
        action["on"] += rng.choice([-2, -1, 1, 2])
    elif kind == 7:
        actions[j] = rng.choice([5, "draw", [], None])
    else:
        actions.append(copy.deepcopy(rng.choice(actions)))


def test_mutated_records_get_the_same_verdict_from_check_and_replay() -> None:
    rng = Random(2026)
    verdicts: set[str] = set()
    for n in range(240):
        preset = sorted(PRESETS)[n % len(PRESETS)]
        record = simulated(preset, 2 + n % 5, n, rng.choices(["random", "greedy"], k=6))
        for _ in range(rng.randrange(1, 3)):
            _mutate(record, rng)
        verdicts.add(assert_agree(record)[0])
    assert verdicts == {"ok", "error"}


def test_an_unfinished_record_gets_the_same_verdict() -> None:
    record = simulated("classic", 4, 5, ["random"] * 4)
    cut = cut_in_round_two(record)
    last = cut["rounds"][1]
    assert assert_agree(cut)[0] == "ok"
    assert check(cut).current is not None
    last["points"] = [0, 0, 0, 0]
    assert "the round has not ended, so it has no" in assert_agree(cut)[1]


def _first_play(record: Record) -> dict[str, Any]:
    return next(a for a in record["rounds"][0]["actions"] if "play" in a)


def _a_pass_where_passing_is_legal(record: Record) -> None:
    for entry in record["rounds"]:
        for action in entry["actions"]:
            if "pass" in action:
                action["pass"] = "yes"
                return
    raise AssertionError("no pass in the record")


def _a_tile_written_as_a_list(record: Record) -> None:
    play = _first_play(record)
    play["play"] = play["play"].split("-")


def _a_toe_not_held(record: Record) -> None:
    """The first action places a toe on the centre double: make it a tile of that number
    the seat was not dealt."""
    entry = record["rounds"][0]
    first = entry["actions"][0]
    assert "play" in first and first["on"] == 0
    double = int(entry["double"].split("-")[0])
    dealt = set(entry["hands"][first["seat"]])
    first["play"] = next(
        f"{double}-{n}" if n < double else f"{n}-{double}"
        for n in range(10)
        if n != double and (f"{double}-{n}" if n < double else f"{n}-{double}") not in dealt
    )


def _another_tile_placed_as_the_double(record: Record) -> None:
    """spruce: the holder of the round's double places it; name another tile it holds."""
    entry = record["rounds"][0]
    first = entry["actions"][0]
    assert first["on"] is None
    first["play"] = next(t for t in entry["hands"][first["seat"]] if t != first["play"])


@pytest.mark.parametrize(
    ("preset", "change", "message"),
    [
        ("classic", _a_pass_where_passing_is_legal, "'pass' must be true"),
        ("classic", _a_tile_written_as_a_list, "a tile is a string like '9-3'"),
        ("classic", _a_toe_not_held, "does not hold"),
        ("spruce", _another_tile_placed_as_the_double, "must be placed in the centre first"),
    ],
)
def test_a_record_the_compact_state_must_not_take_gets_the_full_replay_s_error(
    preset: str, change: Any, message: str
) -> None:
    seed = 3
    record = simulated(preset, 3, seed, ["greedy", "random", "random"])
    while "play" not in record["rounds"][0]["actions"][0]:
        seed += 1
        record = simulated(preset, 3, seed, ["greedy", "random", "random"])
    change(record)
    status, said = assert_agree(record)
    assert status == "error" and message in said, said


def test_a_whole_spruce_match_is_checked_on_the_compact_state_down_to_the_double_blank() -> None:
    rules = PRESETS["spruce"].with_options(length="full")
    record = play_recorded_match(["random", "greedy"], rules, 6)[1]
    assert [r["double"] for r in record["rounds"]][-1] == "0-0"
    match = check(record)
    assert match.is_over and not any(state.history for state in match.rounds)


SPRUCE = PRESETS["spruce"]


@pytest.mark.parametrize(
    ("double", "hands", "item", "taken"),
    [
        (9, ["9-1 5-4", "9-2 3-3"], {"seat": 0, "play": "9-1", "on": 0}, True),
        (9, ["9-1 5-4", "9-2 3-3"], {"seat": 0, "play": "9-2", "on": 0}, False),
        (9, ["9-1 5-4", "9-2 3-3"], {"seat": 0, "play": ["9", "1"], "on": 0}, False),
        (9, ["9-1 5-4", "9-2 3-3"], {"seat": 1, "play": "9-2", "on": 0}, False),
        (9, ["5-4 3-2", "9-2 3-3"], {"seat": 0, "draw": "8-8"}, False),
        (9, ["5-4 3-2", "9-2 3-3"], {"seat": 0, "pass": "yes"}, False),
    ],
)
def test_the_compact_replay_takes_only_what_is_held_legal_and_written_as_simulate_writes_it(
    double: int, hands: list[str], item: dict[str, Any], taken: bool
) -> None:
    state = make_round(double, hands, boneyard="7-7 8-1")
    assert replay_out(state, [item]) is taken


@pytest.mark.parametrize(("written", "taken"), [(True, True), ("yes", False), (1, False)])
def test_the_compact_replay_takes_a_legal_pass_only_as_true(written: object, taken: bool) -> None:
    state = make_round(9, ["5-4 3-2", "9-2 3-3"], boneyard="7-7 8-1")
    items = [{"seat": 0, "draw": "7-7"}, {"seat": 0, "pass": written}]
    assert replay_out(state, items) is taken


@pytest.mark.parametrize(
    ("double", "hands", "item", "taken"),
    [
        (0, ["0-0 1-0", "2-0 3-3"], {"seat": 0, "play": "0-0", "on": None}, True),
        (5, ["5-5 1-0", "2-0 3-3"], {"seat": 0, "play": "5-5", "on": None}, True),
        (5, ["5-5 1-0", "2-0 3-3"], {"seat": 0, "play": "1-0", "on": None}, False),
        (5, ["5-5 1-0", "2-0 3-3"], {"seat": 0, "play": "5-5", "on": 0}, False),
    ],
)
def test_the_compact_replay_places_only_the_round_s_double_in_the_centre(
    double: int, hands: list[str], item: dict[str, Any], taken: bool
) -> None:
    state = make_round(double, hands, rules=SPRUCE)
    state = RoundState(SPRUCE, double, 0, state.dealt, placed=False)
    assert replay_out(state, [item]) is taken
