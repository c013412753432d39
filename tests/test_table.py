"""The live table: seats act in turn, every viewer sees only what it may, and a stopped
match resumes exactly."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from random import Random
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.core import PRESETS, Draw, IllegalActionError, Play, RecordError, Tile
from chickenfoot.core.compact import play_match
from chickenfoot.core.games import make_rules
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.projection import ViewerError, advance
from chickenfoot.core.table import Table, TableError
from chickenfoot.core.wire import (
    ActionEntry,
    Entry,
    RoundEndEntry,
    RoundEntry,
    Snapshot,
    WireError,
    action_to_json,
    decode_action,
    schema,
)
from tests.helpers import examples
from tests.oracle import check

GAMES = [
    *(("chickenfoot", name) for name in sorted(PRESETS)),
    *((game, None) for game in ("draw", "block", "all-fives", "bergen")),
]


def new_table(game: str, preset: str | None, players: int, seed: int) -> Table:
    options: dict[str, Any] = {"length": "half"} if game == "chickenfoot" else {}
    if game != "chickenfoot":
        options["players"] = players
    rules = make_rules(game, players, preset, options)
    return Table([f"p{s}" for s in range(players)], rules, seed)


def step(table: Table, seed: int) -> int:
    """The seat to act takes an action picked from the version and the seed alone."""
    state = table.match.current
    assert state is not None
    action = Random(f"{seed}/{table.version}").choice(state.legal_actions())
    return table.act(state.turn, action)


def tiles_in(value: Any, skip: tuple[str, ...]) -> set[str]:
    """Every tile written anywhere in ``value`` (JSON data) but under the keys ``skip``: the
    draws for the start (drawn face up, then shuffled back), the name of the round's double,
    the hands shown once a round is over."""
    found: set[str] = set()
    waiting = [value]
    while waiting:
        item = waiting.pop()
        if isinstance(item, dict):
            waiting.extend(inner for key, inner in item.items() if key not in skip)
        elif isinstance(item, list):
            waiting.extend(item)
        elif isinstance(item, str) and "-" in item and (tile := tile_named(item)) is not None:
            found.add(tile)
    return found


@cache
def tile_named(text: str) -> str | None:
    """The tile ``text`` names, written as the engine writes it (None: it names no tile)."""
    try:
        return str(Tile.parse(text))
    except ValueError:
        return None


def hidden_in(state: Any, viewer: int | None) -> set[str]:
    """Worked out from the full state of a round: the tiles in the other hands while it is in
    play, and in the boneyard."""
    seats = len(state.dealt.hands)
    hands = (
        []
        if state.end is not None
        else [t for s in range(seats) if s != viewer for t in state.hand(s)]
    )
    boneyard = state.dealt.boneyard[len(state.dealt.boneyard) - state.boneyard_size :]
    return {str(t) for t in [*hands, *boneyard]}


@settings(max_examples=examples(12), deadline=None)
@given(st.sampled_from(GAMES), st.integers(2, 4), st.integers(0, 2**32))
def test_no_entry_or_snapshot_shows_a_viewer_another_hand_or_the_boneyard(
    game: tuple[str, str | None], players: int, seed: int
) -> None:
    """Each viewer's snapshot is searched whole at the first action of each round and at the
    end: within a round a tile only comes into a viewer's sight (played, drawn by them, shown
    at the round's end), never out of it, and each snapshot is the first one followed entry
    by entry (compared below), so a later snapshot of the round could only hold a hidden tile
    that the first of the round or one of the entries since (each searched) holds."""
    table = new_table(*game, players, seed)
    viewers: list[int | None] = [*range(players), None]
    followed = {viewer: table.snapshot(viewer) for viewer in viewers}
    searched = -1
    while not table.is_over:
        before, round_before = table.version, len(table.match.rounds) - 1
        step(table, seed)
        search = len(table.match.rounds) != searched or table.is_over
        searched = len(table.match.rounds)
        for viewer in viewers:
            new = table.entries(before, viewer)
            snapshot = table.snapshot(viewer)
            k = round_before
            for entry in new:
                k += isinstance(entry, RoundEntry)
                shown = tiles_in(msgspec.to_builtins(entry), skip=("start_draw", "double", "hands"))
                assert not shown & hidden_in(table.match.rounds[k], viewer)
            if search:
                shown = tiles_in(msgspec.to_builtins(snapshot), skip=("start_draw", "double"))
                assert not shown & hidden_in(table.match.rounds[-1], viewer)
            if viewer is None:
                assert snapshot.hand is None
                assert all(getattr(e, "hand", None) is None for e in new)
                assert all(getattr(e, "drawn", None) is None for e in new)
            for entry in new:
                followed[viewer] = advance(followed[viewer], entry)
            assert followed[viewer] == snapshot
    assert check(table.record()) == []


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_a_match_stopped_every_seventh_entry_and_resumed_ends_as_the_uninterrupted_one(
    game: str, preset: str | None
) -> None:
    players = 3
    whole = new_table(game, preset, players, 11)
    while not whole.is_over:
        step(whole, 11)
    table = new_table(game, preset, players, 11)
    stops = 0
    while not table.is_over:
        step(table, 11)
        if table.version % 7 == 0 and not table.is_over:
            record = json.loads(json.dumps(table.record()))
            assert "winners" not in record and "totals" not in record
            assert check(record) == []
            resumed = Table.from_record(record)
            assert resumed.version == table.version
            assert resumed.snapshot(0) == table.snapshot(0)
            table = resumed
            stops += 1
    assert stops >= 1
    assert table.record() == whole.record()


def test_a_rounds_deal_depends_only_on_the_seed_and_its_number() -> None:
    one = new_table("chickenfoot", "classic", 4, 5)
    other = new_table("chickenfoot", "classic", 4, 5)
    while one.match.current is not None and len(one.match.rounds) < 2:
        step(one, 1)
    while other.match.current is not None and len(other.match.rounds) < 2:
        step(other, 2)  # other actions, the same deals
    assert one.match.rounds[1].dealt == other.match.rounds[1].dealt
    assert new_table("chickenfoot", "classic", 4, 6).match.rounds[0].dealt != (
        one.match.rounds[0].dealt
    )
    firsts = {tuple(round_rng(seed, 0).random() for _ in range(3)) for seed in (-2, 2, 0, 1)}
    assert len(firsts) == 4  # distinct seeds, negative ones too, give distinct deals


def test_a_table_deals_each_round_as_simulate_does_from_the_same_seed() -> None:
    table = new_table("chickenfoot", "classic", 3, 8)
    while len(table.match.rounds) < 3:
        step(table, 8)
    simulated, _ = play_match(table.match.rules, ["a", "b", "c"], 8, [lambda o: o[0]] * 3)
    assert [r.dealt for r in table.match.rounds] == [r.dealt for r in simulated.rounds[:3]]


def follow_to_the_end(
    table: Table,
    seed: int,
    viewers: list[int | None],
    each_step: Callable[[dict[int | None, Snapshot]], None],
) -> dict[int | None, Snapshot]:
    """Play ``table`` to its end (:func:`step`), each viewer following the log from its first
    snapshot; ``each_step`` sees what each has after every action. What they hold at the end."""
    followed = {viewer: table.snapshot(viewer) for viewer in viewers}
    while not table.is_over:
        before = table.version
        step(table, seed)
        for viewer in viewers:
            for entry in table.entries(before, viewer):
                followed[viewer] = advance(followed[viewer], entry)
        each_step(followed)
    return followed


@pytest.fixture
def table() -> Table:
    return new_table("chickenfoot", "classic", 3, 4)


def test_an_action_out_of_turn_is_refused_and_changes_nothing(table: Table) -> None:
    turn = table.turn
    assert turn is not None
    other = (turn + 1) % 3
    before = table.record(), table.version
    legal = table.match.rounds[-1].legal_actions()
    with pytest.raises(TableError) as caught:
        table.act(other, legal[0])
    assert caught.value.code == "not-your-turn"
    assert str(caught.value) == f"it is seat {turn}'s turn, not seat {other}'s"
    assert (table.record(), table.version) == before


def test_a_seat_that_is_not_at_the_table_is_refused(table: Table) -> None:
    for seat in (-1, 3, 99):
        with pytest.raises(ViewerError, match=f"there is no seat {seat} at a table of 3"):
            table.act(seat, Play(Tile(9, 1), 0))
        with pytest.raises(ViewerError):
            table.snapshot(seat)
        with pytest.raises(ViewerError):
            table.view(seat)
        with pytest.raises(ViewerError):
            table.entries(0, seat)


def test_the_log_since_now_is_empty_and_since_a_later_version_is_refused(table: Table) -> None:
    step(table, 1)
    assert table.entries(table.version, 0) == []
    assert len(table.entries(table.version - 1, None)) == 1
    for since in (-1, table.version + 1):
        with pytest.raises(TableError) as caught:
            table.entries(since, 0)
        assert (caught.value.code, str(caught.value)) == (
            "stale-version",
            f"the table is at version {table.version}, not {since}",
        )


def test_a_record_stopped_between_two_rounds_resumes_with_the_next_deal() -> None:
    table = new_table("chickenfoot", "classic", 3, 2)
    while len(table.match.rounds) < 2:
        step(table, 2)
    record = json.loads(json.dumps(table.record()))
    del record["rounds"][1]  # as saved after the first round ended
    resumed = Table.from_record(record)
    assert len(resumed.match.rounds) == 2
    assert resumed.match.rounds[1].dealt == table.match.rounds[1].dealt
    assert resumed.turn is not None


def test_each_seat_views_its_own_hand_of_the_round_in_play(table: Table) -> None:
    step(table, 1)
    state = table.match.rounds[-1]
    for seat in range(3):
        seen = table.view(seat)
        assert (seen.seat, seen.turn, seen.round_number) == (seat, state.turn, 1)
        assert sorted(seen.hand) == sorted(state.hand(seat))
        assert len(seen.history) == 1 and seen.legal == (
            tuple(state.legal_actions()) if seat == state.turn else ()
        )
        legal = [action_to_json(a) for a in state.legal_actions()]
        assert table.snapshot(seat).legal == (legal if seat == state.turn else None)


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"{", "bad-json"),
        (b"[]", "bad-action"),
        (b'{"play": "9-1"}', "bad-action"),
        (b'{"play": "9-1", "on": 0, "pass": true}', "bad-action"),
        (b'{"play": "91", "on": 0}', "bad-action"),
        (b'{"draw": "yes"}', "bad-action"),
        (b'{"pass": true, "seat": 0}', "bad-action"),
        (b'{"play": "9-1", "on": 1e400}', "bad-action"),
        (b"[" * 5000, "bad-action"),
        (b'{"play": "9-1", "on": 10000000000000000000000000}', "bad-action"),
    ],
)
def test_a_malformed_json_action_is_refused_with_one_line_and_changes_nothing(
    table: Table, data: bytes, code: str
) -> None:
    before = table.record(), table.version
    turn = table.turn
    assert turn is not None
    with pytest.raises(WireError) as caught:
        table.act_json(turn, data)
    assert caught.value.code in (code, "bad-json")
    assert "\n" not in str(caught.value)
    assert (table.record(), table.version) == before


def test_an_illegal_json_action_is_refused_by_the_rules_and_changes_nothing(table: Table) -> None:
    turn = table.turn
    assert turn is not None
    before = table.record(), table.version
    with pytest.raises(IllegalActionError):
        table.act_json(turn, b'{"play": "9-9", "on": 0}')
    assert (table.record(), table.version) == before


def test_a_legal_json_action_is_taken(table: Table) -> None:
    state = table.match.rounds[-1]
    action = state.legal_actions()[0]
    text = json.dumps(
        {"play": str(action.tile), "on": action.on} if isinstance(action, Play) else {"draw": True}
    )
    version = table.act_json(state.turn, text)
    assert version == table.version == 2
    assert table.match.rounds[-1].history[-1].action == action


def test_the_log_starts_with_the_deal_and_names_each_seats_own_hand_only(table: Table) -> None:
    (dealt,) = table.entries(0, 1)
    assert dealt.round == 1 and dealt.double == "9-9" and dealt.public.boneyard == 12
    assert dealt.hand == sorted(
        (str(t) for t in table.match.rounds[0].dealt.hands[1]), key=lambda t: Tile.parse(t).index
    )
    assert table.entries(0, None)[0].hand is None
    with pytest.raises(TableError, match="the table is at version 1, not 5"):
        table.entries(5, 0)


def test_the_schema_describes_actions_entries_and_snapshots() -> None:
    defs = schema()["$defs"]
    assert {"Action", "Entry", "Snapshot", "PlayAction", "RoundEntry"} <= set(defs)
    assert defs["PlayAction"]["properties"]["play"]["pattern"].startswith("^(0|[1-9]")
    assert json.loads(json.dumps(schema())) == schema()


def test_every_entry_and_snapshot_decodes_as_its_published_type() -> None:
    """What a client receives (JSON bytes) reads back, checked, as the schema's types."""
    table = new_table("all-fives", None, 3, 2)
    while not table.is_over:
        step(table, 2)
    for viewer in (0, None):
        for entry in table.entries(0, viewer):
            assert msgspec.json.decode(msgspec.json.encode(entry), type=Entry) == entry
        snapshot = table.snapshot(viewer)
        assert msgspec.json.decode(msgspec.json.encode(snapshot), type=Snapshot) == snapshot


def test_the_draws_for_the_start_are_shown_to_everyone() -> None:
    table = new_table("chickenfoot", "reeves", 3, 5)
    drawn = table.match.rounds[0].dealt.start_draw
    assert drawn  # reeves: the seats draw for the round's double before the deal
    for viewer in (None, 0, 2):
        shown = table.snapshot(viewer).start_draw
        assert [(d.seat, d.draw) for d in shown] == [(s, str(t)) for s, t in drawn]


def test_nobody_acts_once_the_match_is_over() -> None:
    table = new_table("draw", None, 2, 1)
    while not table.is_over:
        step(table, 1)
    before = table.version
    with pytest.raises(TableError) as caught:
        table.act(0, Draw())
    assert (caught.value.code, str(caught.value)) == ("match-over", "the match is over")
    assert table.version == before


def test_every_reference_in_the_schema_names_a_definition() -> None:
    published = schema()
    refs = re.findall(r'"\$ref": "#/\$defs/([A-Za-z]+)"', json.dumps(published))
    assert {"PlayAction", "DrawAction", "PassAction", "RoundEntry", "Snapshot"} <= set(refs)
    assert set(refs) <= set(published["$defs"])


def test_a_lot_for_the_lead_reaches_every_viewer_who_follows_the_log() -> None:
    options = {"players": 3, "leader": "lot", "next_leader": "rule", "target": 60}
    rules = make_rules("all-fives", 3, None, options)
    table = Table(["a", "b", "c"], rules, 8)
    lots = set()

    def each_step(followed: dict[int | None, Snapshot]) -> None:
        for viewer, snapshot in followed.items():
            assert snapshot == table.snapshot(viewer)
        lots.add((followed[None].round, followed[None].lot))

    follow_to_the_end(table, 8, [0, None], each_step)
    assert len(table.match.rounds) > 1 and None not in {lot for _, lot in lots}


def test_a_record_without_its_seed_cannot_be_resumed() -> None:
    table = new_table("chickenfoot", "classic", 3, 4)
    record = table.record()
    del record["seed"]
    with pytest.raises(RecordError) as caught:
        Table.from_record(record)
    assert str(caught.value) == "seed: a match is resumed from its seed, and this record has none"


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [*((game, preset, 3) for game, preset in GAMES), ("chickenfoot", "classic", 8)],
)
def test_every_viewer_who_follows_the_log_from_the_start_holds_the_snapshot(
    game: str, preset: str | None, players: int
) -> None:
    """Round after round (reeves draws for each round's double anew); at 8 players the
    double-12 set, whose hands sort 2-1 before 10-0."""
    table = new_table(game, preset, players, 3)
    viewers: list[int | None] = [*range(players), None]

    def each_step(followed: dict[int | None, Snapshot]) -> None:
        public = msgspec.to_builtins(followed[None].public)
        state = table.match.rounds[-1]
        assert {k: public[k] for k in state.public_facts()} == state.public_facts()

    followed = follow_to_the_end(table, 3, viewers, each_step)
    for viewer in viewers:
        assert followed[viewer] == table.snapshot(viewer)
    assert len(table.match.rounds) > 1 or game != "chickenfoot" or players == 8
    board = [(p.id, str(p.tile), p.on, list(p.open)) for p in table.match.rounds[-1].board()]
    assert [(p.id, p.tile, p.on, p.open) for p in table.snapshot(None).board] == board
    ends = [e for e in table.entries(0, None) if isinstance(e, RoundEndEntry)]
    points = table.match.points
    assert [e.totals for e in ends] == [
        [sum(p[s] for p in points[: k + 1]) for s in range(players)] for k in range(len(ends))
    ]


def test_a_snapshot_says_which_side_each_seat_scores_for() -> None:
    partners = make_rules("block", 4, None, {"partnership": True})
    assert Table(["a", "b", "c", "d"], partners, 1).snapshot(None).sides == [0, 1, 0, 1]
    alone = make_rules("chickenfoot", 3)
    assert Table(["a", "b", "c"], alone, 1).snapshot(0).sides == [0, 1, 2]


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_checking_an_action_changes_nothing_and_foretells_its_json_and_the_final_record(
    game: str, preset: str | None
) -> None:
    table = new_table(game, preset, 3, 8)
    while not table.is_over:
        state = table.match.current
        assert state is not None
        seat = state.turn
        picked = Random(f"8/{table.version}").choice(state.legal_actions())
        asked = decode_action(json.dumps(action_to_json(picked)))  # as it comes off the wire
        before = table.record(), table.version
        checked = table.check(seat, asked)
        assert (table.record(), table.version) == before
        table.take(checked)
        assert checked.action_json == table.action_json(before[1] + 1)
        assert checked.record == (table.record() if table.is_over else None)


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(GAMES), st.integers(2, 8), st.integers(0, 2**32))
def test_an_action_said_not_to_end_its_round_never_does(
    game: tuple[str, str | None], players: int, seed: int
) -> None:
    """:meth:`Table.check` works out nothing ahead for an action that cannot end its round
    (it is applied once, when taken): at every position of a match, every legal action said
    so is applied to a copy, and the round goes on."""
    if game[0] != "chickenfoot":
        players = min(players, 4)
    table = new_table(*game, players, seed)
    spared = drawing = 0
    while not table.is_over:
        state = table.match.current
        assert state is not None
        drawing += state.drawable > 1
        for action in state.legal_actions():
            if not state.may_end(action):
                spared += 1
                copy = state.copy()
                copy.apply(action)
                assert copy.end is None, (action, state.history)
        step(table, seed)
    assert spared > 0 or not drawing  # at least one, where tiles could still be drawn


def test_a_checked_action_out_of_turn_or_illegal_is_refused_and_changes_nothing(
    table: Table,
) -> None:
    turn = table.turn
    assert turn is not None
    before = table.record(), table.version
    with pytest.raises(TableError) as refused:
        table.check((turn + 1) % 3, table.match.rounds[-1].legal_actions()[0])
    assert refused.value.code == "not-your-turn"
    with pytest.raises(IllegalActionError):
        table.check(turn, Play(Tile(9, 9), 0))
    assert (table.record(), table.version) == before


def test_a_checked_action_taken_after_the_table_moved_on_is_applied_to_it_as_it_is(
    table: Table,
) -> None:
    """The copy it was checked on is the table's only at the version it was checked at."""
    turn = table.turn
    assert turn is not None
    checked = table.check(turn, table.legal[0])
    table.take_known(turn, checked.action)  # the table moves on without it
    before = table.record(), table.version
    with pytest.raises(IllegalActionError):  # not that seat's turn any more
        table.take(checked)
    assert (table.record(), table.version) == before


def test_an_action_another_copy_has_checked_is_taken_without_checking_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    owner, follower = (new_table("chickenfoot", "classic", 3, 6) for _ in range(2))
    for _ in range(40):
        state = owner.match.current
        assert state is not None
        seat = state.turn
        action = Random(owner.version).choice(state.legal_actions())
        owner.take(owner.check(seat, action))
        sent = decode_action(json.dumps(action_to_json(action)))
        with monkeypatch.context() as patched:
            patched.setattr(type(follower.match.rounds[-1]), "_check", _refuse_to_check)
            follower.take_known(seat, sent)
        assert follower.record() == owner.record()
        assert follower.version == owner.version


def test_an_action_that_is_not_legal_in_the_copy_says_the_copy_has_parted(table: Table) -> None:
    turn = table.turn
    assert turn is not None
    before = table.record(), table.version
    with pytest.raises(TableError) as parted:
        table.take_known(turn, Play(Tile(9, 9), 0))
    assert parted.value.code == "stale-version"
    assert (table.record(), table.version) == before


def _refuse_to_check(self: object, action: object) -> object:
    raise AssertionError("checked again")


@pytest.mark.parametrize("game", [("chickenfoot", "classic"), ("block", None)])
def test_each_action_is_numbered_in_the_order_taken_and_found_by_its_version(
    game: tuple[str, str | None],
) -> None:
    table = new_table(*game, 3, 7)
    while not table.is_over:
        step(table, 7)
    acted = [e.v for e in table.entries(0, None) if isinstance(e, ActionEntry)]
    assert table.actions == len(acted) == sum(len(r["actions"]) for r in table.record()["rounds"])
    assert [table.action_version(n) for n in range(table.actions)] == acted
    for v in range(1, table.version + 1):
        n = table.action_number(v)
        assert (n is not None) == (v in acted)
        assert n is None or table.action_version(n) == v
    assert table.action_number(0) is None and table.action_number(table.version + 1) is None
