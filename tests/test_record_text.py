"""``check_text`` (what ``chickenfoot replay`` tries first on a record's text: the JSON read
straight into the forms the compact replay takes) accepts only records that the decoded JSON
data's ``check`` accepts, with the same result, and leaves everything else to it: the verdict
and the message are the same either way, for Chicken Foot and the standard games."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner

from chickenfoot.cli import app
from chickenfoot.cli.replay import _describe, _replay_one
from chickenfoot.core import PRESETS, RoundState, fast, to_record
from chickenfoot.core.compact import replay_out
from chickenfoot.core.games import check
from chickenfoot.core.record import _Action, check_text
from chickenfoot.core.standard import to_record as standard_record
from chickenfoot.core.standard.rules import GAMES as STANDARD_GAMES
from chickenfoot.core.tiles import NAMES, TILES
from chickenfoot.play import play_recorded_match
from chickenfoot.record_files import decoded, encode_line, read_records
from scripts.regen_golden_standard import random_game
from tests.compiled import as_plain_python
from tests.helpers import DELETE, make_round, random_match, set_at
from tests.test_compact import LOOPS
from tests.test_record_check import WRONG, _mutate
from tests.test_records import cut_in_round_two
from tests.test_standard_records import BAD as BAD_STANDARD

Record = dict[str, Any]


def text_of(record: Any) -> bytes:
    """A record as one line of a records file holds it (without its line end)."""
    return encode_line(record).rstrip(b"\n")


def simulated(preset: str, players: int, seed: int, length: str = "half") -> Record:
    rules = PRESETS[preset].with_options(length=length)
    players = max(rules.min_players, min(players, rules.max_players))
    bots = ["random", "greedy"] * 6
    return play_recorded_match(bots[:players], rules, seed)[1]


def standard(game: str, seed: int) -> Record:
    return standard_record(random_game(game, 2 + seed % 3, seed))


def assert_same_verdict(text: bytes, game: str | None = None, preset: str | None = None) -> str:
    """``replay``'s line for ``text`` is the one of its decoded JSON data; where
    :func:`check_text` takes the record, that data is legal with the same result. Which of
    the two it was ("ok", "error")."""
    data = decoded(text)
    slow = _replay_one(copy.deepcopy(data), game, preset)  # the JSON data's path alone
    assert _replay_one(text, game, preset) == slow
    read = check_text(text)
    if read is not None:
        match = check(data)
        assert _replay_one(data, None, None) == (True, f"ok: {_describe(read)}")
        assert (read.points, read.totals(), read.outcome()) == (
            match.points,
            match.totals(),
            match.outcome(),
        )
        assert [(s.first, s.end) for s in read.rounds] == [(s.first, s.end) for s in match.rounds]
    return "ok" if slow[0] else "error"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_records_as_simulate_writes_them_are_read_straight(preset: str) -> None:
    for seed in range(6):
        record = simulated(preset, 2 + seed, seed, length=("single", "half", "full")[seed % 3])
        text = text_of(record)
        assert check_text(text) is not None
        assert assert_same_verdict(text) == "ok"


def test_an_unfinished_record_is_read_straight() -> None:
    cut = cut_in_round_two(simulated("classic", 4, 5))
    text = text_of(cut)
    match = check_text(text)
    assert match is not None and match.current is not None
    assert assert_same_verdict(text) == "ok"
    cut.pop("totals", None)
    assert check_text(text_of(cut)) is not None
    cut["winners"] = [0]
    assert check_text(text_of(cut)) is None
    assert assert_same_verdict(text_of(cut)) == "error"


def test_a_target_total_match_is_read_straight() -> None:
    rules = PRESETS["classic"].with_options(target_total=120)
    record = play_recorded_match(["greedy", "random", "random"], rules, 4)[1]
    assert check_text(text_of(record)) is not None
    assert assert_same_verdict(text_of(record)) == "ok"


@pytest.mark.parametrize("game", STANDARD_GAMES)
def test_records_of_the_standard_games_are_left_to_the_json_data_s_check(game: str) -> None:
    for seed in range(3):
        text = text_of(standard(game, seed))
        assert check_text(text) is None
        assert assert_same_verdict(text) == "ok"
        assert assert_same_verdict(text, game=game) == "ok"
        assert assert_same_verdict(text, game="chickenfoot") == "error"


NO_TEXT = {"a huge option", "a huge integer option"}
"""Changes of the record tests that no JSON text holds: an int of more than 4300 digits (the
text of one is among :data:`TEXTS`)."""


@pytest.mark.parametrize("name", sorted(set(BAD_STANDARD) - NO_TEXT))
def test_a_wrong_standard_record_gets_the_same_error(name: str) -> None:
    which, change, _ = BAD_STANDARD[name]
    made = random_game("draw", 3, 11) if which == "draw" else random_game("all-fives", 2, 5)
    record = standard_record(made)  # the records of the standard record tests
    change(record)
    assert assert_same_verdict(text_of(record)) == "error"


@pytest.mark.parametrize(
    "case",
    [case for case in WRONG if case[3] not in NO_TEXT],
    ids=lambda case: f"{case[0]}: {case[3]}",
)
def test_every_wrong_record_of_the_record_tests_gets_the_same_error(
    case: tuple[str, int, int, str],
) -> None:
    preset, players, seed, _ = case
    record = to_record(random_match(players, seed, PRESETS[preset].with_options(length="half")))
    change, _ = WRONG[case]
    change(record)
    text = text_of(record)
    assert check_text(text) is None
    assert assert_same_verdict(text) == "error"


def test_mutated_records_get_the_same_verdict() -> None:
    rng = Random(2027)
    verdicts: set[str] = set()
    for n in range(300):
        preset = sorted(PRESETS)[n % len(PRESETS)]
        record = simulated(preset, 2 + n % 5, n)
        for _ in range(rng.randrange(1, 3)):
            _mutate(record, rng)
        verdicts.add(assert_same_verdict(text_of(record)))
    assert verdicts == {"ok", "error"}


def _first(record: Record, kind: str) -> Record:
    return next(a for e in record["rounds"] for a in e["actions"] if kind in a)


def _action(kind: str, key: str, value: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        action = _first(record, kind)
        if value is DELETE:
            del action[key]
        else:
            action[key] = value

    return change


def _reversed_tile_names(record: Record) -> None:
    """Smaller number first: tiles the JSON data's check reads, written another way."""
    hand = record["rounds"][0]["hands"][0]
    hand[:] = ["-".join(reversed(t.split("-"))) for t in hand]


CHANGES: dict[str, Callable[[Record], None]] = {
    "a key more in the record": set_at("note", "x"),
    "a key more in a round": set_at("rounds.0.note", 1),
    "a key more in an action": _action("play", "score", 0),
    "a key more in the rules": set_at("rules.note", 1),
    "no seed": set_at("seed", DELETE),
    "a seed of null": set_at("seed", None),
    "a seed as text": set_at("seed", "1"),
    "a seed too long for 64 bits": set_at("seed", 2**70),
    "a negative seed": set_at("seed", -5),
    "no totals": set_at("totals", DELETE),
    "no winners": set_at("winners", DELETE),
    "winners as booleans": set_at("winners", [True]),
    "totals as text": set_at("totals", ["1"]),
    "no first": set_at("rounds.0.first", DELETE),
    "first as a boolean": set_at("rounds.0.first", False),
    "no double": set_at("rounds.0.double", DELETE),
    "a double with spaces": set_at("rounds.0.double", " 9-9"),
    "a double as a number": set_at("rounds.0.double", 9),
    "hands as text": set_at("rounds.0.hands", "9-1"),
    "a hand tile as a number": set_at("rounds.0.hands.0.0", 5),
    "tiles written smaller number first": _reversed_tile_names,
    "a tile of a larger set": set_at("rounds.0.hands.0.0", "10-3"),
    "no boneyard": set_at("rounds.0.boneyard", DELETE),
    "a boneyard tile twice": lambda r: r["rounds"][0]["boneyard"].__setitem__(
        0, r["rounds"][0]["boneyard"][1]
    ),
    "no actions": set_at("rounds.0.actions", DELETE),
    "actions as an object": set_at("rounds.0.actions", {}),
    "no end": set_at("rounds.0.end", DELETE),
    "an end of null": set_at("rounds.0.end", None),
    "points as text": set_at("rounds.0.points", "0"),
    "a seat as a boolean": _action("play", "seat", False),
    "a seat as a float": _action("play", "seat", 0.0),
    "a seat too long for 64 bits": _action("play", "seat", 2**65),
    "a play without its target": _action("play", "on", DELETE),
    "a target of true": _action("play", "on", True),
    "a target as text": _action("play", "on", "0"),
    "a target of null": _action("play", "on", None),
    "a target not on the board": _action("play", "on", 99),
    "a negative target": _action("play", "on", -1),
    "a play of null": _action("play", "play", None),
    "a play of a tile not held": _action("play", "play", "0-0"),
    "a play of a list": _action("play", "play", ["9", "1"]),
    "a play also drawing": _action("play", "draw", "1-0"),
    "a play also passing": _action("play", "pass", True),
    "a pass of false": _action("pass", "pass", False),
    "a pass of 1": _action("pass", "pass", 1),
    "a pass of null": _action("pass", "pass", None),
    "a pass with a target": _action("pass", "on", 0),
    "a draw of null": _action("draw", "draw", None),
    "a draw of another tile": _action("draw", "draw", "0-0"),
    "a draw also passing": _action("draw", "pass", True),
    "a draw with a target": _action("draw", "on", 3),
    "an action of the seat only": _action("draw", "draw", DELETE),
    "players as text": set_at("players", "ab"),
    "a player name that is no string": set_at("players.0", 1),
    "a player name not in ASCII": set_at("players.0", "Åse Ø"),
    "rules as a list": set_at("rules", [1]),
    "options as a list": set_at("rules.options", [1]),
    "an unknown option": set_at("rules.options.colour", "red"),
    "an option out of range": set_at("rules.options.centre_toes", 99),
    "no preset": set_at("rules.preset", DELETE),
    "another preset with the same options": set_at("rules.preset", "spruce"),
    "a game of null": set_at("game", None),
    "another game": set_at("game", "draw"),
    "another format": set_at("format", "chickenfoot-record/2"),
    "a round too many": lambda r: r["rounds"].append(copy.deepcopy(r["rounds"][0])),
    "the rounds as an object": set_at("rounds", {}),
}
"""Changes to a record: field missing, wrong type, illegal action, wrong tile, key more."""


@pytest.mark.parametrize("preset", ["classic", "spruce", "reeves", "wikipedia"])
@pytest.mark.parametrize("name", CHANGES)
def test_a_changed_record_gets_the_same_verdict(preset: str, name: str) -> None:
    record = simulated(preset, 3, 11)
    CHANGES[name](record)
    assert_same_verdict(text_of(record))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_deal_wrong_only_in_tiles_never_drawn_gets_the_same_error(preset: str) -> None:
    """The last two tiles of a boneyard that no seat drew to the end: one of them twice, the
    other nowhere, the actions and points as they were."""
    for seed in range(100):
        record = simulated(preset, 4, seed)
        entry = next(
            (
                e
                for e in record["rounds"]
                if sum("draw" in a for a in e["actions"]) + 2 <= len(e["boneyard"])
            ),
            None,
        )
        if entry is not None:
            break
    assert entry is not None, "every round's boneyard was drawn to its last tile but one"
    entry["boneyard"][-1] = entry["boneyard"][-2]
    text = text_of(record)
    assert check_text(text) is None
    assert assert_same_verdict(text) == "error"


TEXTS: dict[str, Callable[[bytes], bytes]] = {
    "a key given twice, the last one legal": lambda t: t.replace(
        b'"seat":0,', b'"seat":7,"seat":0,', 1
    ),
    "a key given twice, the last one wrong": lambda t: t.replace(
        b'"seat":0,', b'"seat":0,"seat":7,', 1
    ),
    "a key written with an escape": lambda t: t.replace(b'"first"', b'"fir\\u0073t"', 1),
    "a tile written with an escape": lambda t: t.replace(b'"play":"9', b'"play":"\\u0039', 1),
    "spaces between the tokens": lambda t: t.replace(b",", b", ").replace(b":", b": "),
    "cut short": lambda t: t[: len(t) // 2],
    "a byte that is not UTF-8": lambda t: t.replace(b'"players":["', b'"players":["\xe9', 1),
    "an encoded surrogate": lambda t: t.replace(b'"players":["', b'"players":["\xed\xa0\x80', 1),
    "NaN for a seat": lambda t: t.replace(b'"seat":0', b'"seat":NaN', 1),
    "a seat of 1e0": lambda t: t.replace(b'"seat":1', b'"seat":1e0', 1),
    "a deeply nested note": lambda t: t[:-1] + b',"note":' + b"[" * 5000 + b"]" * 5000 + b"}",
    "a 5000-digit option": lambda t: t.replace(b'"foot_toes":', b'"foot_toes":1' + b"0" * 5000, 1),
    "something after the record": lambda t: t + b" 1",
    "trailing spaces": lambda t: t + b"   ",
    "a list of the record": lambda t: b"[" + t + b"]",
    "null": lambda t: b"null",
}


@pytest.mark.parametrize("name", TEXTS)
def test_a_changed_text_gets_the_same_verdict(name: str) -> None:
    text = text_of(simulated("classic", 4, 3))
    changed = TEXTS[name](text)
    assert changed != text
    assert_same_verdict(changed)


@pytest.mark.parametrize(
    "name",
    [
        "a key given twice, the last one legal",
        "a key written with an escape",
        "a tile written with an escape",
        "spaces between the tokens",
        "trailing spaces",
    ],
)
def test_a_legal_text_written_another_way_is_still_read_straight(name: str) -> None:
    changed = TEXTS[name](text_of(simulated("classic", 4, 3)))
    assert check_text(changed) is not None
    assert assert_same_verdict(changed) == "ok"


@pytest.mark.parametrize(
    ("game", "preset"),
    [("chickenfoot", None), (None, "classic"), ("draw", None), (None, "spruce"), ("x", "y")],
)
def test_the_game_and_preset_asked_for_give_the_same_verdict(
    game: str | None, preset: str | None
) -> None:
    assert_same_verdict(text_of(simulated("classic", 4, 3)), game, preset)


def test_replay_of_a_records_file_says_what_the_json_data_s_check_says(tmp_path: Path) -> None:
    rng = Random(5)
    lines = []
    for n in range(40):
        record = simulated(sorted(PRESETS)[n % 4], 2 + n % 4, n)
        if n % 3 == 0:
            _mutate(record, rng)
        lines.append(text_of(record))
    lines.append(text_of(standard("bergen", 3)))
    lines.append(b'{"format": 1')
    path = tmp_path / "records.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    for options in ([], ["--preset", "classic"], ["--game", "chickenfoot"]):
        result = CliRunner().invoke(app, ["replay", str(path), *options])
        game = options[1] if options[:1] == ["--game"] else None
        preset = options[1] if options[:1] == ["--preset"] else None
        expected = [
            f"{name}: {_replay_one(record, game, preset)[1]}" for name, record in read_records(path)
        ]
        assert result.stdout.splitlines() == expected
        assert result.exit_code == 1


@pytest.mark.parametrize("loop", sorted(LOOPS))
def test_the_decoded_actions_are_replayed_as_the_json_data_s_actions(loop: str) -> None:
    """:func:`replay_decoded` (installed and as plain Python) takes what :func:`replay_out`
    takes, and leaves the round as it leaves it."""
    replay_decoded = LOOPS[loop].replay_decoded
    rng = Random(8)
    taken = set()
    for n in range(160):
        record = simulated(sorted(PRESETS)[n % 4], 2 + n % 6, n, length="single")
        played: Any = check(copy.deepcopy(record)).rounds[0]
        if n % 2:
            _mutate(record, rng)
        items = record["rounds"][0]["actions"]
        try:
            read = msgspec.convert(items, list[_Action])
        except msgspec.ValidationError:
            continue
        rules = played.rules
        states = []
        for replay, actions in ((replay_out, items), (replay_decoded, read)):
            state = RoundState(
                rules, played.double, played.first, played.dealt, placed=not rules.double_dealt
            )
            args = (state, actions) if replay is replay_out else (state, actions, msgspec.UNSET)
            states.append((replay(*args), _state(state)))
        assert states[0] == states[1]
        taken.add(states[0][0])
    assert taken == {True, False}


FAST_FIELDS = as_plain_python(fast).FastRound.__slots__


def _state(state: RoundState) -> tuple[Any, ...]:
    return (
        [getattr(state.fast, name) for name in FAST_FIELDS],
        state.tiles,
        state.open_ids,
        state.foot_id,
    )


ONE_TOE = PRESETS["classic"].with_options(centre_toes=1, foot_toes=1)
DRAWN_MAY_STAY = ONE_TOE.with_options(drawn_tile_must_be_played=False)
HANDS = ["9-1 1-1 5-4", "9-2 3-3 2-0"]
PLAYED: list[Record] = [
    {"seat": 0, "play": "9-1", "on": 0},
    {"seat": 1, "draw": "7-7"},
    {"seat": 1, "pass": True},
    {"seat": 0, "play": "1-1", "on": 1},  # a double: its foot waits for a toe
    {"seat": 1, "draw": "8-1"},
    {"seat": 1, "play": "8-1", "on": 2},
]
"""A round of the :data:`HANDS` (boneyard 7-7, 8-1) with the double 9-9 in the centre."""
PASSES: list[Record] = [{"seat": 1, "pass": True}, {"seat": 0, "pass": True}]
"""After :data:`PLAYED` [:5] where a drawn tile may stay: seat 1 keeps 8-1, seat 0 has no
tile that fits and nothing to draw."""
DECODED_CASES: dict[str, tuple[Any, list[str], list[Record], bool]] = {
    "plays, draws, passes and a toe on a foot": (ONE_TOE, HANDS, PLAYED, True),
    "a pass with the drawn tile fitting": (
        ONE_TOE,
        HANDS,
        [*PLAYED[:5], {"seat": 1, "pass": True}],
        False,
    ),
    "a pass with the drawn tile fitting where it may stay": (
        DRAWN_MAY_STAY,
        HANDS,
        [*PLAYED[:5], {"seat": 1, "pass": True}],
        True,
    ),
    "a pass with a tile that fits, where a drawn tile may stay": (
        DRAWN_MAY_STAY,
        HANDS,
        [*PLAYED[:5], *PASSES, {"seat": 1, "pass": True}],
        False,
    ),
    "the tile kept after a draw played a turn later": (
        DRAWN_MAY_STAY,
        HANDS,
        [*PLAYED[:5], *PASSES, PLAYED[5]],
        True,
    ),
    "a play on an end while a foot waits": (
        ONE_TOE,
        HANDS,
        [*PLAYED[:5], {"seat": 1, "play": "8-1", "on": 1}],
        False,
    ),
    "two draws in one turn": (ONE_TOE, HANDS, [*PLAYED[:2], {"seat": 1, "draw": "8-1"}], False),
    "a draw of the tile after the next": (
        ONE_TOE,
        HANDS,
        [PLAYED[0], {"seat": 1, "draw": "8-1"}],
        False,
    ),
    "a pass while a tile may be drawn": (
        ONE_TOE,
        HANDS,
        [PLAYED[0], {"seat": 1, "pass": True}],
        False,
    ),
    "a pass written false": (ONE_TOE, HANDS, [*PLAYED[:2], {"seat": 1, "pass": False}], False),
    "a draw while a tile fits": (ONE_TOE, HANDS, [{"seat": 0, "draw": "7-7"}], False),
    "a tile that fits nowhere": (ONE_TOE, HANDS, [{"seat": 0, "play": "5-4", "on": 0}], False),
    "a tile of another hand": (ONE_TOE, HANDS, [{"seat": 0, "play": "9-2", "on": 0}], False),
    "a tile placed as the first": (ONE_TOE, HANDS, [{"seat": 0, "play": "9-1", "on": None}], False),
    "a target not on the board": (ONE_TOE, HANDS, [{"seat": 0, "play": "9-1", "on": 3}], False),
    "the other seat's turn": (ONE_TOE, HANDS, [{"seat": 1, "play": "9-2", "on": 0}], False),
    "going out": (ONE_TOE, ["9-1", "9-2 3-3"], PLAYED[:1], True),
    "an action after going out": (
        ONE_TOE,
        ["9-1", "9-2 3-3"],
        [PLAYED[0], {"seat": 1, "pass": True}],
        False,
    ),
    "a pass that also draws": (ONE_TOE, HANDS, [{"seat": 0, "pass": True, "draw": "7-7"}], False),
    "the seat alone": (ONE_TOE, HANDS, [{"seat": 0}], False),
}


@pytest.mark.parametrize("loop", sorted(LOOPS))
@pytest.mark.parametrize("name", DECODED_CASES)
def test_the_decoded_replay_takes_what_the_json_data_s_replay_takes(loop: str, name: str) -> None:
    rules, hands, items, taken = DECODED_CASES[name]
    results = []
    for replay, actions in (
        (replay_out, items),
        (LOOPS[loop].replay_decoded, msgspec.convert(items, list[_Action])),
    ):
        state = make_round(9, hands, boneyard="7-7 8-1", rules=rules)
        args = (state, actions) if replay is replay_out else (state, actions, msgspec.UNSET)
        results.append((replay(*args), _state(state)))
    assert results[0] == results[1]
    assert results[0][0] is taken


@pytest.mark.parametrize("loop", sorted(LOOPS))
@pytest.mark.parametrize(
    ("names", "seen", "read"),
    [
        (["9-1", "0-0"], 0, ((TILES[46], TILES[0]), 1 << 46 | 1)),
        ([], 5, ((), 5)),
        (["9-1", "1-9"], 0, None),  # written smaller number first: not as simulate writes it
        (["9-1", "x"], 0, None),
        (["9-1", "9-1"], 0, None),
        (["9-1", "0-0"], 1, None),
    ],
)
def test_a_deal_s_tiles_are_read_by_their_names_each_once(
    loop: str, names: list[str], seen: int, read: Any
) -> None:
    index_of = {name: i for i, name in enumerate(NAMES[:55])}
    assert LOOPS[loop].read_tiles(names, index_of, seen) == read
