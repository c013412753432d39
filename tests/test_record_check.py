"""``check`` (what ``chickenfoot replay`` runs: the actions replayed on the compact state, the
full replay on any doubt) accepts exactly the records ``replay`` accepts, with the same
result, and rejects the others with the same error."""

from __future__ import annotations

import copy
from random import Random
from typing import Any

import pytest

from chickenfoot.core import PRESETS, RecordError, replay, to_record
from chickenfoot.core.games import check
from chickenfoot.core.tiles import NAMES
from chickenfoot.play import play_recorded_match
from tests.helpers import random_match
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
