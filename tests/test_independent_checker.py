"""Tests of the independent referee (``tests/independent_checker.py``), without the engine.

Every record here is made by hand with the helpers below, small enough to check on paper:
most use a double-3 set (``set_by_players`` ``[[3, 3]]``) with three tiles per hand, two toes
on the centre and two on later doubles; the target-total matches use a double-1 set.  Each
test quotes the sentence of ``docs/RULES.md`` (or ``docs/RECORD.md``) it checks; rejection
tests make one small change to a good record and look for the problem at that place.
"""

from __future__ import annotations

import copy
import json
import random
import time
from typing import Any

import pytest

from tests.independent_checker import (
    OPTION_KINDS,
    RoundState,
    Table,
    _full_set,
    _read_options,
    _show,
    check_record,
    legal_action_lists,
    legal_actions_at,
)
from tests.oracle import main

Record = dict[str, Any]

# ---------------------------------------------------------------------------------------------
# Helpers that build records


def P(seat: int, tile: str, on: int | None) -> dict[str, Any]:
    """A play action."""
    return {"seat": seat, "play": tile, "on": on}


def D(seat: int, tile: str) -> dict[str, Any]:
    """A draw action."""
    return {"seat": seat, "draw": tile}


def X(seat: int) -> dict[str, Any]:
    """A pass action."""
    return {"seat": seat, "pass": True}


def S(*draws: tuple[int, str]) -> list[dict[str, Any]]:
    """A ``start_draw`` list from (seat, tile) pairs."""
    return [{"seat": seat, "draw": tile} for seat, tile in draws]


def tiny_options(**changes: Any) -> dict[str, Any]:
    """Classic rules on a double-3 set: 3 tiles each, 2 toes on every double, a half match."""
    options: dict[str, Any] = {
        "min_players": 2,
        "max_players": 3,
        "set_by_players": [[3, 3]],
        "hand_sizes": [[2, 3], [3, 3]],
        "centre_toes": 2,
        "centre_toes_per_player": False,
        "foot_toes": 2,
        "drawn_tile_must_be_played": True,
        "undrawn_by_players": [],
        "double_blank_points": 50,
        "length": "half",
        "round_double": "aside",
        "starter_draw_round_one": False,
        "double_out_points": 0,
        "tie_break": "none",
        "target_total": 0,
    }
    assert set(changes) <= set(options), changes
    options.update(changes)
    return options


def rnd(
    double: str,
    first: int,
    hands: list[list[str]],
    boneyard: list[str],
    actions: list[dict[str, Any]],
    end: str | None = None,
    points: list[int] | None = None,
    start_draw: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """One round; ``end`` and ``points`` are left out while it is in play."""
    result: dict[str, Any] = {"double": double, "first": first}
    if start_draw is not None:
        result["start_draw"] = start_draw
    result.update({"hands": hands, "boneyard": boneyard, "actions": actions})
    if end is not None:
        result["end"] = end
    if points is not None:
        result["points"] = points
    return result


def record(
    rounds: list[dict[str, Any]],
    options: dict[str, Any],
    winners: list[int] | None,
    preset: str = "classic",
) -> Record:
    """A record; totals are the sums of the rounds' points, ``winners`` None: in play."""
    n = len(rounds[0]["hands"]) if rounds else 2
    totals = [sum(r["points"][s] for r in rounds if "points" in r) for s in range(n)]
    result: Record = {
        "format": "chickenfoot-record/1",
        "game": "chickenfoot",
        "rules": {"preset": preset, "options": options},
        "players": [f"P{s}" for s in range(n)],
        "seed": 1,
        "rounds": rounds,
        "totals": totals,
    }
    if winners is not None:
        result["winners"] = winners
    return result


def accepted(rec: Record) -> None:
    assert check_record(rec) == []
    lists = legal_action_lists(rec)
    assert [len(lst) for lst in lists] == [len(r["actions"]) + 1 for r in rec["rounds"]]


def rejected(rec: Record, place: str, *words: str) -> None:
    """The checker reports a problem at ``place`` whose text holds every one of ``words``."""
    problems = check_record(rec)
    assert any(p.startswith(f"{place}:") and all(w in p for w in words) for p in problems), problems
    with pytest.raises(ValueError):
        legal_action_lists(rec)


# ---------------------------------------------------------------------------------------------
# The hand-made rounds


def classic_round_0(**changes: Any) -> dict[str, Any]:
    """Double 3-3, seat 0 first; a foot on 2-2, a drawn tile played, blocked after a play."""
    round_ = rnd(
        "3-3",
        0,
        [["3-2", "2-2", "1-0"], ["3-1", "2-1", "0-0"]],
        ["3-0", "2-0", "1-1"],
        [
            P(0, "3-2", 0),  # id 1, toe, open 2
            P(1, "3-1", 0),  # id 2, toe, open 1: the centre has its two toes
            P(0, "2-2", 1),  # id 3, a foot on 2 waiting for two toes
            P(1, "2-1", 3),  # id 4, toe, open 1
            D(0, "3-0"),  # seat 0 holds 1-0: no 2
            X(0),
            D(1, "2-0"),  # fits the foot: must be played
            P(1, "2-0", 3),  # id 5, toe, open 0: the foot is complete
            P(0, "1-0", 5),  # id 6, open 1
            D(1, "1-1"),  # the boneyard is now empty
            P(1, "1-1", 2),  # id 7, a foot on 1: nobody holds a 1, blocked at once
        ],
        "blocked",
        [3, 50],  # seat 0 holds 3-0; seat 1 holds 0-0, worth 50
    )
    round_.update(changes)
    return round_


def classic_round_1(**changes: Any) -> dict[str, Any]:
    """Double 2-2, seat 1 first; a foot on 0-0 and one on 3-3; seat 1 goes out."""
    round_ = rnd(
        "2-2",
        1,
        [["3-3", "2-1", "1-0"], ["2-0", "3-1", "0-0"]],
        ["3-2", "1-1", "3-0"],
        [
            P(1, "2-0", 0),  # id 1, open 0
            P(0, "2-1", 0),  # id 2, open 1
            P(1, "0-0", 1),  # id 3, a foot on 0
            P(0, "1-0", 3),  # id 4, toe, open 1
            D(1, "3-2"),
            X(1),
            D(0, "1-1"),
            X(0),
            D(1, "3-0"),
            P(1, "3-0", 3),  # id 5, toe, open 3
            P(0, "3-3", 5),  # id 6, a foot on 3
            P(1, "3-2", 6),  # id 7
            X(0),  # seat 0 holds 1-1 only and the boneyard is empty
            P(1, "3-1", 6),  # id 8: seat 1 goes out
        ],
        "out",
        [2, 0],
    )
    round_.update(changes)
    return round_


def classic_match(**option_changes: Any) -> Record:
    """A finished half match (2 of the double-3 set's 4 rounds): totals 5 and 50."""
    return record([classic_round_0(), classic_round_1()], tiny_options(**option_changes), [0])


def three_player_round() -> dict[str, Any]:
    """Double 3-3 with three players and an empty boneyard; three toes on the centre."""
    return rnd(
        "3-3",
        0,
        [["3-2", "2-2", "1-0"], ["3-1", "2-1", "0-0"], ["3-0", "2-0", "1-1"]],
        [],
        [
            P(0, "3-2", 0),  # id 1, open 2
            P(1, "3-1", 0),  # id 2, open 1
            P(2, "3-0", 0),  # id 3, open 0: the third toe
            P(0, "1-0", 3),  # id 4, open 1
            P(1, "2-1", 1),  # id 5, open 1
            P(2, "1-1", 2),  # id 6, a foot on 1 that nobody can serve: blocked
        ],
        "blocked",
        [4, 50, 2],
    )


def three_player_match(**option_changes: Any) -> Record:
    changes: dict[str, Any] = {"centre_toes_per_player": True, "length": "single"}
    changes.update(option_changes)
    return record([three_player_round()], tiny_options(**changes), [2])


def spruce_keep_round() -> dict[str, Any]:
    """Round 0 of ``classic_round_0`` where seat 1 keeps a drawn tile that fits."""
    return rnd(
        "3-3",
        0,
        [["3-2", "2-2", "1-0"], ["3-1", "2-1", "0-0"]],
        ["3-0", "2-0", "1-1"],
        [
            P(0, "3-2", 0),
            P(1, "3-1", 0),
            P(0, "2-2", 1),  # id 3, a foot on 2
            P(1, "2-1", 3),  # id 4
            D(0, "3-0"),
            X(0),
            D(1, "2-0"),  # it fits the foot ...
            X(1),  # ... but seat 1 keeps it
            D(0, "1-1"),
            X(0),
            P(1, "2-0", 3),  # id 5, open 0
            P(0, "1-1", 2),  # id 6, a foot on 1
            X(1),
            P(0, "1-0", 6),  # id 7: nobody holds another 1, blocked
        ],
        "blocked",
        [3, 50],
    )


def spruce_keep_match(**option_changes: Any) -> Record:
    changes: dict[str, Any] = {"drawn_tile_must_be_played": False, "length": "single"}
    changes.update(option_changes)
    options = tiny_options(**changes)
    return record([spruce_keep_round()], options, [0], preset="spruce")


def kept_back_round(last: dict[str, Any]) -> dict[str, Any]:
    """Double 3-3 with one tile (1-1) kept back; seat 1 can neither play nor draw."""
    return rnd(
        "3-3",
        0,
        [["3-2", "2-2", "1-0"], ["3-1", "2-1", "0-0"]],
        ["3-0", "2-0", "1-1"],
        [
            P(0, "3-2", 0),
            P(1, "3-1", 0),
            P(0, "2-2", 1),
            P(1, "2-1", 3),
            D(0, "3-0"),
            X(0),
            D(1, "2-0"),
            P(1, "2-0", 3),  # id 5, open 0; only the kept-back 1-1 is left
            P(0, "3-0", 5),  # id 6, open 3; seat 0 still holds 1-0, which fits
            last,  # seat 1 holds 0-0 only
            P(0, "1-0", 2),  # seat 0 goes out
        ],
        "out",
        [0, 50],
    )


def kept_back_match(undrawn: list[list[int]], last: dict[str, Any]) -> Record:
    options = tiny_options(undrawn_by_players=undrawn, length="single")
    return record([kept_back_round(last)], options, [0])


def dealt_holder_round(**changes: Any) -> dict[str, Any]:
    """Double 3-3 dealt to seat 1, who starts by placing it; seat 1 goes out."""
    round_ = rnd(
        "3-3",
        1,
        [["3-2", "2-2", "1-0"], ["3-3", "3-1", "2-1"]],
        ["0-0", "3-0", "2-0", "1-1"],
        [
            P(1, "3-3", None),  # tile 0
            P(0, "3-2", 0),  # id 1, open 2
            P(1, "3-1", 0),  # id 2, open 1
            P(0, "1-0", 2),  # id 3, open 0
            P(1, "2-1", 1),  # id 4: out
        ],
        "out",
        [4, 0],
    )
    round_.update(changes)
    return round_


def dealt_search_round(**changes: Any) -> dict[str, Any]:
    """Double 3-3 in the boneyard: seats draw in turn from seat 0 until seat 1 finds it."""
    round_ = rnd(
        "3-3",
        0,
        [["3-2", "2-2", "1-0"], ["3-1", "2-1", "0-0"]],
        ["3-0", "3-3", "2-0", "1-1"],
        [
            D(0, "3-0"),
            X(0),
            D(1, "3-3"),
            P(1, "3-3", None),  # tile 0
            P(0, "3-0", 0),  # id 1, open 0
            P(1, "3-1", 0),  # id 2, open 1
            P(0, "1-0", 1),  # id 3, open 1
            P(1, "2-1", 2),  # id 4, open 2
            P(0, "3-2", 4),  # id 5, open 3
            D(1, "2-0"),
            X(1),
            D(0, "1-1"),  # fits tile 3, and spruce lets seat 0 keep it
            X(0),
            X(1),  # the boneyard is empty
            P(0, "1-1", 3),  # id 6, a foot on 1 nobody can serve: blocked
        ],
        "blocked",
        [4, 52],
    )
    round_.update(changes)
    return round_


def dealt_options(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "round_double": "dealt",
        "drawn_tile_must_be_played": False,
        "length": "single",
    }
    base.update(changes)
    return tiny_options(**base)


def reeves_round_0(**changes: Any) -> dict[str, Any]:
    """Found by seat 0 at the third draw; two tiles kept back; blocked after a draw."""
    round_ = rnd(
        "3-3",
        0,
        [["3-2", "2-2", "1-0"], ["3-1", "2-1", "0-0"]],
        ["3-0", "2-0", "1-1"],
        [
            P(0, "3-2", 0),
            P(1, "3-1", 0),
            P(0, "2-2", 1),  # id 3, a foot on 2
            P(1, "2-1", 3),
            D(0, "3-0"),  # the last tile that may be drawn: nobody holds a 2, blocked
        ],
        "blocked",
        [4, 0],  # 0-0 counts its pips: 0
        S((0, "1-0"), (1, "2-2"), (0, "3-3")),
    )
    round_.update(changes)
    return round_


def reeves_round_1(**changes: Any) -> dict[str, Any]:
    """Round 2's search begins with seat 1, who finds 2-2 at once."""
    round_ = rnd(
        "2-2",
        1,
        [["3-3", "2-1", "1-0"], ["2-0", "3-1", "0-0"]],
        ["3-2", "1-1", "3-0"],
        [
            P(1, "2-0", 0),
            P(0, "2-1", 0),
            P(1, "0-0", 1),  # id 3, a foot on 0
            P(0, "1-0", 3),
            D(1, "3-2"),  # the last tile that may be drawn: nobody holds a 0, blocked
        ],
        "blocked",
        [6, 9],
        S((1, "2-2")),
    )
    round_.update(changes)
    return round_


def reeves_options(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "max_players": 2,
        "hand_sizes": [[2, 3]],
        "round_double": "found",
        "centre_toes_per_player": True,
        "undrawn_by_players": [[2, 2]],
        "double_blank_points": 0,
    }
    base.update(changes)
    return tiny_options(**base)


def reeves_match(**option_changes: Any) -> Record:
    return record(
        [reeves_round_0(), reeves_round_1()], reeves_options(**option_changes), [1], "reeves"
    )


def wikipedia_round_0(**changes: Any) -> dict[str, Any]:
    """Seats 0 and 1 draw 1-1 and 2-0: equal pips, 2-0 has the higher number: seat 1."""
    round_ = rnd(
        "3-3",
        1,
        [["3-2", "2-2", "1-0"], ["3-1", "2-1", "0-0"]],
        ["3-0", "2-0", "1-1"],
        [
            P(1, "3-1", 0),  # id 1, open 1
            P(0, "3-2", 0),  # id 2, open 2
            P(1, "2-1", 1),  # id 3, open 2
            P(0, "2-2", 2),  # id 4, a foot on 2
            D(1, "3-0"),
            X(1),
            D(0, "2-0"),
            P(0, "2-0", 4),  # id 5, open 0
            D(1, "1-1"),  # the boneyard is empty and nobody holds a 2: blocked
        ],
        "blocked",
        [1, 55],
        S((0, "1-1"), (1, "2-0")),
    )
    round_.update(changes)
    return round_


def wikipedia_round_1(**changes: Any) -> dict[str, Any]:
    """Round 2 starts one seat on from round 1's starter: seat 0."""
    round_ = rnd(
        "2-2",
        0,
        [["3-3", "2-1", "1-0"], ["2-0", "3-1", "0-0"]],
        ["3-2", "1-1", "3-0"],
        [
            P(0, "2-1", 0),  # id 1, open 1
            P(1, "2-0", 0),  # id 2, open 0
            P(0, "1-0", 1),  # id 3, open 0
            P(1, "0-0", 2),  # id 4, a foot on 0
            D(0, "3-2"),
            X(0),
            D(1, "1-1"),
            X(1),
            D(0, "3-0"),
            P(0, "3-0", 4),  # id 5; nobody holds another 0: blocked
        ],
        "blocked",
        [11, 6],
    )
    round_.update(changes)
    return round_


def wikipedia_match(**option_changes: Any) -> Record:
    changes: dict[str, Any] = {
        "starter_draw_round_one": True,
        "max_players": 2,  # three hands of 3 would leave no boneyard tile to draw
        "hand_sizes": [[2, 3]],
    }
    changes.update(option_changes)
    return record(
        [wikipedia_round_0(), wikipedia_round_1()], tiny_options(**changes), [0], "wikipedia"
    )


def double_out_match(**option_changes: Any) -> Record:
    """Seat 0 goes out on 1-1, a double."""
    round_ = rnd(
        "3-3",
        0,
        [["3-2", "2-1", "1-1"], ["3-0", "0-0", "2-0"]],
        ["3-1", "2-2", "1-0"],
        [
            P(0, "3-2", 0),  # id 1, open 2
            P(1, "3-0", 0),  # id 2, open 0
            P(0, "2-1", 1),  # id 3, open 1
            P(1, "2-0", 2),  # id 4, open 2
            P(0, "1-1", 3),  # out, on a double
        ],
        "out",
        [option_changes.get("double_out_points", 0), 50],
    )
    options = tiny_options(length="single", **option_changes)
    winners = [0] if options["double_out_points"] < 50 else [0, 1]
    return record([round_], options, winners)


def target_options(target: int, **changes: Any) -> dict[str, Any]:
    """A double-1 set, one tile each, 0-0 worth 5: every round is over in a move or two."""
    return tiny_options(
        max_players=2,
        set_by_players=[[2, 1]],
        hand_sizes=[[2, 1]],
        centre_toes=1,
        foot_toes=1,
        double_blank_points=5,
        target_total=target,
        **changes,
    )


def target_rounds() -> list[dict[str, Any]]:
    """1-1, 0-0, then 1-1 again; totals 0/5, 2/5, 7/5."""
    return [
        rnd("1-1", 0, [["1-0"], ["0-0"]], [], [P(0, "1-0", 0)], "out", [0, 5]),
        rnd("0-0", 1, [["1-1"], ["1-0"]], [], [P(1, "1-0", 0)], "out", [2, 0]),
        rnd("1-1", 0, [["0-0"], ["1-0"]], [], [X(0), P(1, "1-0", 0)], "out", [5, 0]),
    ]


# ---------------------------------------------------------------------------------------------
# Classic rules (docs/RULES.md section 2)


def test_a_legal_half_match_is_accepted() -> None:
    """RULES.md: "a *half* match is the first ceil(R/2) of those R rounds" (4 rounds: 3-3 and
    2-2)."""
    accepted(classic_match())


def test_the_round_double_goes_down_one_each_round() -> None:
    """RULES.md: "The round's double (9-9 in the first round ..., 8-8 in the second, and so
    on)"."""
    rec = classic_match()
    rec["rounds"][1]["double"] = "3-3"
    rejected(rec, "round 1", "double is 3-3", "2-2")


def test_the_first_turn_moves_on_one_seat_each_round() -> None:
    """RULES.md: "round k (counting from 1) starts with seat (k-1) mod n"."""
    rec = classic_match()
    rec["rounds"][1]["first"] = 0
    rejected(rec, "round 1", "first is seat 0", "seat 1")


def test_a_player_holding_a_legal_tile_may_not_draw() -> None:
    """RULES.md: "a player holding a legal tile must play one; nobody may draw or pass by
    choice"."""
    rec = classic_match()
    rec["rounds"][0]["actions"][2] = D(0, "3-0")
    rejected(rec, "round 0 action 2", "must play", "not draw")


def test_a_player_holding_a_legal_tile_may_not_pass() -> None:
    """RULES.md: "a player holding a legal tile must play one; nobody may draw or pass by
    choice"."""
    rec = classic_match()
    rec["rounds"][0]["actions"][2] = X(0)
    rejected(rec, "round 0 action 2", "must play", "not pass")


def test_a_draw_takes_the_top_tile_of_the_boneyard() -> None:
    """RULES.md: "With no legal tile in hand: draw the top tile of the boneyard"."""
    rec = classic_match()
    rec["rounds"][0]["actions"][4] = D(0, "2-0")
    rejected(rec, "round 0 action 4", "next boneyard tile is 3-0")


def test_a_pass_without_drawing_is_illegal_while_the_boneyard_has_tiles() -> None:
    """RULES.md: "3. With no legal tile and an empty boneyard: pass." (only then, without a
    draw)."""
    rec = classic_match()
    rec["rounds"][0]["actions"][4] = X(0)
    rejected(rec, "round 0 action 4", "must draw before passing")


def test_a_drawn_tile_that_fits_must_be_played_in_classic() -> None:
    """RULES.md: "If it can be played it must be played at once"."""
    rec = classic_match()
    rec["rounds"][0]["actions"][7] = X(1)
    rejected(rec, "round 0 action 7", "fits and must be played")


def test_the_centre_takes_its_toes_before_anything_else() -> None:
    """RULES.md: "Before anything else is played, six tiles carrying the centre double's number
    must be laid against it" (two here: ``centre_toes`` 2)."""
    rec = classic_match()
    rec["rounds"][0]["actions"][1] = P(1, "2-1", 1)
    rejected(rec, "round 0 action 1", "foot on tile 0 is incomplete")


def test_a_foot_takes_its_toes_before_anyone_plays_elsewhere() -> None:
    """RULES.md: "three tiles carrying its number must be played against it before anyone plays
    anywhere else" (two here: ``foot_toes`` 2)."""
    rec = classic_match()
    rec["rounds"][0]["actions"][3] = P(1, "2-1", 2)
    rejected(rec, "round 0 action 3", "foot on tile 3 is incomplete")


def test_a_tile_is_played_on_a_matching_open_end() -> None:
    """RULES.md: "A tile is played on a line's open end with the matching number touching it"."""
    rec = classic_match()
    rec["rounds"][0]["actions"][8] = P(0, "3-0", 2)
    rejected(rec, "round 0 action 8", "3-0 cannot be played on tile 2", "fits only on [5]")


def test_a_closed_line_takes_no_more_tiles() -> None:
    """RULES.md: "A double played on an open end closes that line": tile 1 (3-2) is closed by
    2-2."""
    rec = classic_match()
    rec["rounds"][0]["actions"][8] = P(0, "1-0", 1)
    rejected(rec, "round 0 action 8", "cannot be played on tile 1")


def test_a_seat_acts_only_on_its_turn() -> None:
    """RULES.md: "play passes clockwise, from seat i to seat i+1"."""
    rec = classic_match()
    rec["rounds"][0]["actions"][1] = P(0, "1-0", 1)
    rejected(rec, "round 0 action 1", "it is seat 1's turn")


def test_a_player_plays_only_tiles_in_hand() -> None:
    """RULES.md: "Play a legal tile" (from the hand: 3-1 is seat 1's)."""
    rec = classic_match()
    rec["rounds"][0]["actions"][0] = P(0, "3-1", 0)
    rejected(rec, "round 0 action 0", "does not hold 3-1")


def test_the_round_is_blocked_at_once_after_the_last_action() -> None:
    """RULES.md: "the round is **blocked** ... **Decision:** "at once" means after any action":
    nobody may pass after the play that blocked it."""
    rec = classic_match()
    rec["rounds"][0]["actions"].append(X(0))
    rejected(rec, "round 0 action 11", "already ended 'blocked'")


def test_the_round_is_blocked_at_once_after_a_draw() -> None:
    """RULES.md: "**Decision:** "at once" means after any action, a draw included"."""
    rec = wikipedia_match()
    rec["rounds"][0]["actions"].append(X(1))
    rejected(rec, "round 0 action 9", "already ended 'blocked'")


def test_the_round_ends_when_a_player_goes_out() -> None:
    """RULES.md: "The round ends at once when a player lays down their last tile"."""
    rec = classic_match()
    rec["rounds"][1]["end"] = "blocked"
    rejected(rec, "round 1", "end is 'blocked'", "ended 'out'")


def test_points_are_the_pips_left_and_0_0_counts_50() -> None:
    """RULES.md: "the pips of the tiles left in their hand, where the 0-0 counts 50"."""
    rec = classic_match()
    rec["rounds"][0]["points"] = [3, 0]
    rec["totals"] = [5, 0]
    rejected(rec, "round 0", "points are [3, 0], expected [3, 50]")


def test_a_player_who_went_out_scores_0() -> None:
    """RULES.md: "A player who went out scores 0."."""
    rec = classic_match()
    rec["rounds"][1]["points"] = [2, 4]
    rec["totals"] = [5, 54]
    rejected(rec, "round 1", "expected [2, 0]")


def test_totals_are_the_sums_of_the_rounds_points() -> None:
    """RECORD.md: "`totals`: per seat, the sum of the `points` of the rounds that ended"."""
    rec = classic_match()
    rec["totals"] = [5, 49]
    rejected(rec, "record", "totals are [5, 49], expected [5, 50]")


def test_the_lowest_total_wins() -> None:
    """RULES.md: "After the last round the lowest total wins"."""
    rec = classic_match()
    rec["winners"] = [1]
    rejected(rec, "record", "winners are [1], expected [0]")


def test_players_sharing_the_lowest_total_draw() -> None:
    """RULES.md: "players who share the lowest total draw the match" (0-0 worth 5: totals 5 and
    5)."""
    rec = classic_match(double_blank_points=5)
    rec["rounds"][0]["points"] = [3, 5]
    rec["totals"] = [5, 5]
    rec["winners"] = [0, 1]
    accepted(rec)
    rec["winners"] = [0]
    rejected(rec, "record", "expected [0, 1]")


def test_the_set_aside_double_is_in_no_hand() -> None:
    """RULES.md: "The round's double ... is taken out of the set and laid in the centre"."""
    rec = classic_match()
    rec["rounds"][0]["hands"][0][0] = "3-3"
    rejected(rec, "round 0", "holds the round double 3-3")


def test_every_tile_but_the_double_is_dealt_or_in_the_boneyard() -> None:
    """RULES.md: "The other tiles are shuffled face down and dealt": none missing, none twice."""
    rec = classic_match()
    rec["rounds"][0]["boneyard"][2] = "3-0"
    rejected(rec, "round 0", "3-0 is also in boneyard")
    rejected(rec, "round 0", "neither dealt nor in the boneyard: 1-1")


def test_a_start_draw_is_refused_where_the_rules_draw_for_no_start() -> None:
    """RECORD.md: "`start_draw` (Chicken Foot, only where the rules draw for the start)"."""
    rec = classic_match()
    rec["rounds"][0]["start_draw"] = S((0, "1-1"), (1, "2-0"))
    rejected(rec, "round 0", "start_draw given")


# ---------------------------------------------------------------------------------------------
# Options, presets and their forms (docs/RULES.md section 4, docs/RECORD.md)


def test_the_preset_must_be_one_of_the_four_names() -> None:
    """RECORD.md: "`preset`, the preset's name (`classic`, `spruce`, `wikipedia`, `reeves`...)"."""
    rec = classic_match()
    rec["rules"]["preset"] = "house"
    rejected(rec, "record", "rules.preset is 'house'")


def test_the_preset_name_changes_nothing_beyond_the_options() -> None:
    """RULES.md: "Each variant is a named **preset**; every difference between them is an
    **option**": the options decide, whatever the name."""
    rec = classic_match()
    rec["rules"]["preset"] = "spruce"
    accepted(rec)


def test_an_unknown_option_is_refused() -> None:
    """RECORD.md: "A reader refuses an option it does not know"."""
    rec = classic_match()
    rec["rules"]["options"]["blocking"] = True
    rejected(rec, "record", "unknown option 'blocking'")


def test_a_missing_option_is_refused() -> None:
    """RECORD.md: "`options`, every option with its value"."""
    for name in OPTION_KINDS:
        rec = classic_match()
        del rec["rules"]["options"][name]
        rejected(rec, "record", f"option {name!r} is missing")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("centre_toes", True),
        ("centre_toes", 2.0),
        ("target_total", "0"),
        ("centre_toes_per_player", 0),
        ("drawn_tile_must_be_played", "yes"),
        ("set_by_players", [[3, 3.0]]),
        ("hand_sizes", {"2": 3}),
        ("undrawn_by_players", [[2]]),
        ("length", "quarter"),
        ("round_double", "drawn"),
        ("tie_break", None),
    ],
)
def test_an_option_of_the_wrong_type_is_refused(name: str, value: object) -> None:
    """RULES.md: "whole numbers are whole numbers (not `true`, not `2.0`)"."""
    rec = classic_match()
    rec["rules"]["options"][name] = value
    rejected(rec, "record", name)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"max_players": 13}, "within 2 to 12"),
        ({"min_players": 3, "max_players": 2}, "within 2 to 12"),
        ({"set_by_players": [[3, 19]]}, "beyond double-18"),
        ({"set_by_players": [[2, 3]]}, "no set for 3 players"),
        ({"set_by_players": [[3, 3], [2, 4]]}, "smallest first"),
        ({"hand_sizes": [[2, 3]]}, "no hand"),
        ({"hand_sizes": [[2, 3], [3, 0]]}, "no hand"),
        ({"hand_sizes": [[2, 3], [3, 3], [3, 2]]}, "twice"),
        ({"hand_sizes": [[2, 5], [3, 3]]}, "do not fit"),
        ({"undrawn_by_players": [[3, 1]]}, "do not fit"),
        ({"centre_toes": 4}, "partners"),
        ({"foot_toes": 4}, "partners"),
        ({"centre_toes": 0}, "at least 1"),
        ({"target_total": 100_001}, "target_total"),
        ({"target_total": -1}, "target_total"),
        ({"starter_draw_round_one": True}, "a boneyard tile per player (3)"),
    ],
)
def test_options_out_of_range_are_refused(changes: dict[str, Any], words: str) -> None:
    """RULES.md: "Every option is checked when rules are made, and a bad value is refused"."""
    rec = classic_match(**changes)
    rejected(rec, "record", words)


def test_dealt_double_cannot_be_combined_with_tiles_kept_undrawn() -> None:
    """RULES.md: "**Decision:** `dealt` cannot be combined with tiles kept undrawn ... such options
    are refused"."""
    rec = record([dealt_holder_round()], dealt_options(undrawn_by_players=[[2, 1]]), [1])
    rejected(rec, "record", "'dealt' cannot keep tiles undrawn")


def test_the_starter_draw_needs_the_double_set_aside() -> None:
    """RULES.md: "The option needs `round_double` `aside`"."""
    rec = record([dealt_holder_round()], dealt_options(starter_draw_round_one=True), [1])
    rejected(rec, "record", "needs round_double 'aside'")


def test_min_players_bounds_the_table() -> None:
    """RULES.md: "`min_players`, `max_players` | seats at the table"."""
    accepted(classic_match(min_players=2))
    rejected(classic_match(min_players=3), "record", "2 players", "3 to 3")


def test_max_players_bounds_the_table() -> None:
    """RULES.md: "`min_players`, `max_players` | seats at the table"."""
    accepted(three_player_match(max_players=3))
    rejected(three_player_match(max_players=2), "record", "3 players", "2 to 2")


def test_set_by_players_chooses_the_set() -> None:
    """RULES.md: "`set_by_players` | the set, by player count": a double-4 set deals other
    tiles."""
    accepted(classic_match(set_by_players=[[2, 3], [3, 3]]))
    rec = classic_match(set_by_players=[[3, 4]])
    rejected(rec, "round 0", "double is 3-3", "4-4")
    rejected(rec, "round 0", "neither dealt nor in the boneyard")


def test_hand_sizes_sets_the_tiles_dealt() -> None:
    """RULES.md: "`hand_sizes` | tiles dealt to each player"."""
    four_each = rnd(
        "3-3",
        0,
        [["3-2", "3-1", "1-0", "0-0"], ["3-0", "2-2", "2-1", "1-1"]],
        ["2-0"],
        [
            P(0, "3-2", 0),  # id 1, open 2
            P(1, "3-0", 0),  # id 2, open 0
            P(0, "1-0", 2),  # id 3, open 1
            P(1, "2-1", 1),  # id 4, open 1
            P(0, "3-1", 3),  # id 5, open 3
            P(1, "1-1", 4),  # id 6, a foot on 1
            D(0, "2-0"),  # the boneyard is empty and nobody holds a 1: blocked
        ],
        "blocked",
        [52, 4],
    )
    accepted(record([four_each], tiny_options(hand_sizes=[[2, 4], [3, 3]], length="single"), [1]))
    rejected(
        record([four_each], tiny_options(length="single"), [1]),
        "round 0",
        "hand of seat 0 has 4 tiles, 3 are dealt",
    )
    rejected(classic_match(hand_sizes=[[2, 4], [3, 3]]), "round 0", "has 3 tiles, 4 are dealt")


def test_centre_toes_sets_the_toes_the_centre_needs() -> None:
    """RULES.md: "`centre_toes` | toes the centre needs": with one, the second tile must go on a
    line."""
    accepted(classic_match(centre_toes=2))
    rejected(classic_match(centre_toes=1), "round 0 action 1", "3-1 cannot be played on tile 0")


def test_centre_toes_per_player_asks_a_toe_per_player() -> None:
    """RULES.md: "With `centre_toes_per_player` the centre needs one toe per player, or
    `centre_toes` if that is more"."""
    accepted(three_player_match())
    rejected(three_player_match(centre_toes_per_player=False), "round 0 action 2", "3-0")
    # two players: one toe a player gives 2, more than centre_toes 1
    accepted(classic_match(centre_toes=1, centre_toes_per_player=True))
    rejected(classic_match(centre_toes=1, centre_toes_per_player=False), "round 0 action 1", "3-1")


def test_foot_toes_sets_the_toes_a_later_double_needs() -> None:
    """RULES.md: "`foot_toes` | toes a later double needs"."""
    accepted(classic_match(foot_toes=2))
    rejected(classic_match(foot_toes=1), "round 0 action 4", "must play (1-0), not draw")
    rejected(classic_match(foot_toes=3), "round 0 action 8", "foot on tile 3 is incomplete")


def test_a_drawn_tile_that_fits_may_be_kept_in_spruce() -> None:
    """RULES.md: "In spruce a drawn tile that fits *may* be played (the drawer may also keep it and
    pass). In classic, wikipedia and reeves it must be played."."""
    accepted(spruce_keep_match())
    rejected(
        spruce_keep_match(drawn_tile_must_be_played=True),
        "round 0 action 7",
        "fits and must be played",
    )


def test_a_kept_drawn_tile_lists_its_plays_then_the_pass() -> None:
    """RULES.md: "In spruce a drawn tile that fits *may* be played (the drawer may also keep it and
    pass)": the legal actions after the draw are its plays, then the pass."""
    lists = legal_action_lists(spruce_keep_match())
    assert lists[0][7] == [P(1, "2-0", 3), X(1)]
    # a kept tile is then an ordinary tile of the hand: it must be played when it fits
    assert lists[0][10] == [P(1, "2-0", 3)]


def test_tiles_kept_undrawn_are_never_drawn() -> None:
    """RULES.md: "Those tiles are never drawn, by any rule." (004: the last tile stays)."""
    accepted(kept_back_match([[2, 1]], X(1)))
    rejected(kept_back_match([[2, 1]], D(1, "1-1")), "round 0 action 9", "nobody may draw")
    # without tiles kept back, seat 1 must draw 1-1 rather than pass
    rejected(kept_back_match([], X(1)), "round 0 action 9", "must draw before passing")


def test_a_round_is_blocked_when_only_kept_back_tiles_remain() -> None:
    """RULES.md: "A round is blocked when only they are left and nobody can play."."""
    round_ = classic_round_0()
    round_["actions"] = round_["actions"][:9]  # after 1-0 on 5 nobody holds a 1
    options = tiny_options(undrawn_by_players=[[2, 1]], length="single")
    accepted(record([round_], options, [0]))
    rejected(record([round_], tiny_options(length="single"), [0]), "round 0", "not ended")


def test_a_round_can_be_blocked_before_its_first_action() -> None:
    """RULES.md: "A round is blocked when only they are left and nobody can play." Every
    boneyard tile is kept back and nobody holds a 3: the round is over before anyone acts
    (a decision of this referee)."""
    round_ = rnd(
        "3-3",
        0,
        [["2-2", "2-1", "1-0"], ["2-0", "1-1", "0-0"]],
        ["3-0", "3-1", "3-2"],
        [],
        "blocked",
        [8, 54],
    )
    options = tiny_options(undrawn_by_players=[[2, 3]], max_players=2, length="single")
    accepted(record([round_], options, [0]))
    assert legal_action_lists(record([round_], options, [0])) == [[[]]]
    round_["actions"] = [X(0)]
    rejected(record([round_], options, [0]), "round 0 action 0", "already ended 'blocked'")


def test_undrawn_counts_missing_for_a_player_count_are_0() -> None:
    """RULES.md's table: "`undrawn_by_players` | boneyard tiles nobody may draw | none": a
    player count the list leaves out keeps no tile back."""
    accepted(classic_match(undrawn_by_players=[[3, 0]]))


def test_double_blank_points_sets_what_0_0_costs() -> None:
    """RULES.md: "`double_blank_points`: 0-0 left in hand costs 50 in classic, spruce and
    wikipedia; reeves counts its pips (0)"."""
    rejected(classic_match(double_blank_points=25), "round 0", "expected [3, 25]")
    rec = classic_match(double_blank_points=25)
    rec["rounds"][0]["points"] = [3, 25]
    rec["totals"] = [5, 25]
    accepted(rec)


def test_double_out_points_charge_going_out_on_a_double() -> None:
    """RULES.md: "The player still goes out, the round ends, and they score 50 instead of 0."."""
    accepted(double_out_match(double_out_points=50))
    accepted(double_out_match())
    rec = double_out_match(double_out_points=50)
    rec["rounds"][0]["points"] = [0, 50]
    rec["totals"] = [0, 50]
    rec["winners"] = [0]
    rejected(rec, "round 0", "expected [50, 50]")


def test_a_player_who_goes_out_on_a_double_ends_the_round() -> None:
    """RULES.md: "The player still goes out, the round ends"."""
    rec = double_out_match(double_out_points=50)
    rec["rounds"][0]["actions"].append(X(1))
    rejected(rec, "round 0 action 5", "already ended 'out'")


def test_length_single_is_the_first_round_alone() -> None:
    """RULES.md: "a *single* match is the first round alone"."""
    rec = record([classic_round_0()], tiny_options(length="single"), [0])
    accepted(rec)
    rejected(classic_match(length="single"), "record", "2 rounds", "has 1")


def test_length_full_is_one_round_per_double() -> None:
    """RULES.md: "A match is one round per double of the set, from the highest double down to
    0-0"."""
    rejected(classic_match(length="full"), "record", "winners given after 2 rounds", "has 4")
    unfinished = classic_match(length="full")
    del unfinished["winners"]
    accepted(unfinished)


def test_a_match_over_must_name_its_winners() -> None:
    """RECORD.md: "`winners`: the seats that won the match, once it is over"."""
    rec = classic_match()
    del rec["winners"]
    rejected(rec, "record", "winners must be given")


def test_tie_break_zero_rounds_prefers_more_rounds_at_zero() -> None:
    """RULES.md: "of the players tied on the lowest total, the one with the most rounds scored at 0
    wins"."""
    rec = classic_match(double_blank_points=5, tie_break="zero-rounds")
    rec["rounds"][0]["points"] = [3, 5]
    rec["totals"] = [5, 5]
    rec["winners"] = [1]
    accepted(rec)
    rec["winners"] = [0, 1]
    rejected(rec, "record", "winners are [0, 1], expected [1]")


def test_tie_break_zero_rounds_then_prefers_the_lower_lowest_round() -> None:
    """RULES.md: "if still tied, the one whose lowest non-zero round is lower": seat 0 scored 1 and
    11, seat 1 scored 6 and 6 (0-0 worth 1)."""
    rec = wikipedia_match(double_blank_points=1, tie_break="zero-rounds")
    rec["rounds"][0]["points"] = [1, 6]
    rec["totals"] = [12, 12]
    rec["winners"] = [0]
    accepted(rec)
    rec["rules"]["options"]["tie_break"] = "none"
    rejected(rec, "record", "expected [0, 1]")


def test_target_total_restarts_from_the_highest_double_after_0_0() -> None:
    """RULES.md: "rounds go on past 0-0, the doubles starting again from the highest, and the match
    ends after the round in which some player's total becomes **more than** N"."""
    accepted(record(target_rounds(), target_options(6), [1]))


def test_target_total_equalled_does_not_end_the_match() -> None:
    """RULES.md: "a total equal to N does not end it" (seat 0's total is 7)."""
    rejected(record(target_rounds(), target_options(7), [1]), "record", "no total has passed 7")
    accepted(record(target_rounds(), target_options(7), None))


def test_target_total_passed_ends_the_match_at_once() -> None:
    """RULES.md: "the match ends after the round in which some player's total becomes more than N"
    (seat 1 reaches 5 in round 1)."""
    rejected(
        record(target_rounds(), target_options(4), [1]),
        "record",
        "passed 4 after round 0",
        "more rounds follow",
    )
    rec = record(target_rounds()[:1], target_options(4), [0])
    accepted(rec)


def test_target_total_ignores_length() -> None:
    """RULES.md: "With `target_total` N above 0, rounds go on past 0-0 ... and the match ends
    after the round in which some player's total becomes **more than** N" (Decision of this
    referee: `length` then plays no part)."""
    accepted(record(target_rounds(), target_options(6, length="single"), [1]))


def test_target_total_zero_is_off() -> None:
    """RULES.md: "`target_total` | play until a total passes this (0: off)"."""
    rounds = target_rounds()[:2]
    accepted(record(rounds, target_options(0, length="full"), [0]))


# ---------------------------------------------------------------------------------------------
# round_double "dealt" (spruce)


def test_round_double_decides_where_the_double_is() -> None:
    """RULES.md: "`round_double` | how the round's double comes to the centre | `aside` |
    `dealt` | `aside` | `found`"."""
    accepted(record([dealt_holder_round()], dealt_options(), [1]))
    rejected(
        record([dealt_holder_round()], dealt_options(round_double="aside"), [1]),
        "round 0",
        "holds the round double 3-3",
    )
    accepted(reeves_match())
    rejected(reeves_match(round_double="aside"), "round 0", "start_draw given")
    rejected(classic_match(round_double="found"), "round 0", "start_draw is missing")


def test_the_holder_of_a_dealt_double_starts_by_placing_it() -> None:
    """RULES.md: "Whoever holds it starts the round by placing it in the centre; that is their
    first turn, and the next seat goes on."."""
    rec = record([dealt_holder_round()], dealt_options(), [1], "spruce")
    accepted(rec)
    assert legal_action_lists(rec)[0][0] == [P(1, "3-3", None)]


def test_the_first_seat_of_a_dealt_round_is_the_doubles_holder() -> None:
    """RULES.md: "Whoever holds it starts the round"."""
    rec = record([dealt_holder_round(first=0)], dealt_options(), [1], "spruce")
    rejected(rec, "round 0", "first is seat 0", "seat 1")


def test_the_dealt_double_is_placed_before_any_other_play() -> None:
    """RECORD.md: "laying it in the centre is the round's first play"."""
    round_ = dealt_holder_round()
    round_["actions"][0] = P(1, "3-1", None)
    rec = record([round_], dealt_options(), [1], "spruce")
    rejected(rec, "round 0 action 0", "3-3 must be placed first")


def test_the_dealt_double_is_placed_with_on_null() -> None:
    """RECORD.md: "`{"seat": s, "play": "9-9", "on": null}`; it becomes tile 0"."""
    round_ = dealt_holder_round()
    round_["actions"][0] = P(1, "3-3", 0)
    rejected(record([round_], dealt_options(), [1]), "round 0 action 0", "on null")
    del round_["actions"][0]["on"]
    rejected(record([round_], dealt_options(), [1]), "round 0 action 0", "needs on")


def test_a_set_aside_centre_takes_no_play_on_null() -> None:
    """RECORD.md: "`on` is `null` only for the first tile on the table"."""
    rec = classic_match()
    rec["rounds"][0]["actions"][0] = P(0, "3-2", None)
    rejected(rec, "round 0 action 0", "centre is already placed")


def test_nobody_holding_the_dealt_double_draw_in_turn_from_the_rotation_seat() -> None:
    """RULES.md: "If nobody holds it, the players draw from the boneyard in turn until it turns up,
    and whoever draws it places it. **Decision:** that search begins with the seat section 2 names
    for the round; a seat that draws another tile keeps it and passes"."""
    rec = record([dealt_search_round()], dealt_options(), [0], "spruce")
    accepted(rec)
    lists = legal_action_lists(rec)
    assert lists[0][0] == [D(0, "3-0")]
    assert lists[0][1] == [X(0)]
    assert lists[0][3] == [P(1, "3-3", None)]


def test_the_search_for_a_dealt_double_begins_with_the_rotation_seat() -> None:
    """RULES.md: "that search begins with the seat section 2 names for the round"."""
    rec = record([dealt_search_round(first=1)], dealt_options(), [0], "spruce")
    rejected(rec, "round 0", "first is seat 1", "seat 0")


def test_the_drawer_of_the_dealt_double_must_place_it() -> None:
    """RULES.md: "whoever draws it places it"."""
    round_ = dealt_search_round()
    round_["actions"][3] = X(1)
    rejected(record([round_], dealt_options(), [0]), "round 0 action 3", "must place it")


def test_the_dealt_double_may_lie_in_a_hand_or_the_boneyard() -> None:
    """RECORD.md: "Where the rules deal it (`dealt`), it is in a hand or the boneyard"."""
    round_ = dealt_holder_round()
    round_["hands"][1][0] = "0-0"  # 3-3 is now nowhere, 0-0 twice
    rejected(record([round_], dealt_options(), [1]), "round 0", "neither dealt", "3-3")


# ---------------------------------------------------------------------------------------------
# round_double "found" (reeves)


def test_a_reeves_match_is_accepted() -> None:
    """RULES.md: "the first to find the round's double takes the first turn ... The double is laid
    in the centre, every tile drawn goes back, the rest is shuffled again and dealt"."""
    accepted(reeves_match())


def test_found_start_draw_begins_with_the_rotation_seat() -> None:
    """RULES.md: "**Decision:** the search begins with the seat section 2 names for the round (seat
    0 in round 1), and is made anew every round"."""
    rec = reeves_match()
    rec["rounds"][1]["start_draw"] = S((0, "1-1"), (1, "2-2"))
    rejected(rec, "round 1 start_draw 0", "in turn from seat 1")


def test_found_start_draw_skips_no_seat() -> None:
    """RULES.md: "the players take turns drawing one tile at a time from the whole face-down
    set"."""
    rec = reeves_match()
    rec["rounds"][0]["start_draw"] = S((0, "1-0"), (0, "3-3"))
    rejected(rec, "round 0 start_draw 1", "seat 0 draws", "seat 1's")


def test_found_start_draw_draws_no_tile_twice() -> None:
    """RECORD.md: "every tile different, the last one the round's double and no earlier one"."""
    rec = reeves_match()
    rec["rounds"][0]["start_draw"] = S((0, "3-3"), (1, "3-3"))
    rejected(rec, "round 0 start_draw 1", "3-3 was already drawn")


def test_found_start_draw_stops_at_the_double() -> None:
    """RECORD.md: "the last one the round's double and no earlier one"."""
    rec = reeves_match()
    rec["rounds"][0]["start_draw"] = S((0, "3-3"), (1, "1-0"))
    rejected(rec, "round 0 start_draw 0", "3-3 is found here")


def test_found_start_draw_ends_on_the_rounds_double() -> None:
    """RECORD.md: "the last one the round's double"."""
    rec = reeves_match()
    rec["rounds"][0]["start_draw"] = S((0, "1-0"), (1, "2-2"))
    rejected(rec, "round 0 start_draw 1", "end on 2-2, not 3-3")


def test_found_start_draw_is_required() -> None:
    """RULES.md: "before anything is dealt, the players take turns drawing" (every round)."""
    rec = reeves_match()
    del rec["rounds"][1]["start_draw"]
    rejected(rec, "round 1", "start_draw is missing")


def test_the_finder_of_the_double_takes_the_first_turn() -> None:
    """RECORD.md: "its drawer is `first`"."""
    rec = reeves_match()
    rec["rounds"][0]["first"] = 1
    rejected(rec, "round 0", "first is seat 1", "seat 0")


def test_the_found_double_is_set_aside() -> None:
    """RECORD.md: "Where the rules set it aside (`aside`, `found`), the round's double is in no
    hand and not in the boneyard"."""
    rec = reeves_match()
    rec["rounds"][1]["boneyard"][0] = "2-2"
    rejected(rec, "round 1", "boneyard: holds the round double 2-2")


def test_two_tiles_stay_undrawn_with_two_players_in_reeves() -> None:
    """RULES.md: "In a game of two players the last two tiles stay in the boneyard" (004): with
    only one kept back, round 0 is not blocked after 3-0 is drawn."""
    rec = reeves_match(undrawn_by_players=[[2, 1]])
    rejected(rec, "round 0", "not ended")


def test_0_0_counts_its_pips_in_reeves() -> None:
    """RULES.md: "reeves counts its pips (0) and names 50 as an option"."""
    rejected(reeves_match(double_blank_points=50), "round 0", "expected [4, 50]")


# ---------------------------------------------------------------------------------------------
# starter_draw_round_one (wikipedia)


def test_a_wikipedia_match_is_accepted() -> None:
    """RULES.md: "Only in the first round everybody draws a single domino from the boneyard. The
    player who draws the highest value starts the round"."""
    accepted(wikipedia_match())


def test_starter_draw_round_one_decides_round_ones_first_player() -> None:
    """RULES.md: "`starter_draw_round_one` | round 1's first player is drawn for | no | no |
    yes | no"."""
    accepted(wikipedia_match())
    rec = wikipedia_match(starter_draw_round_one=False)
    rejected(rec, "round 0", "start_draw given")
    rejected(rec, "round 0", "first is seat 1, the rules name seat 0")


def test_the_highest_starter_draw_breaks_equal_pips_by_the_higher_number() -> None:
    """RULES.md: "**Decision:** the highest tile is the one with the most pips, and of two with
    equal pips the one with the higher number" (1-1 and 2-0: 2-0)."""
    rec = wikipedia_match()
    rec["rounds"][0]["first"] = 0
    rejected(rec, "round 0", "first is seat 0", "seat 1")


def test_a_starter_draw_tile_comes_from_the_boneyard() -> None:
    """RECORD.md: "each a tile of that round's boneyard" (1-0 is in seat 0's hand)."""
    rec = wikipedia_match()
    rec["rounds"][0]["start_draw"] = S((0, "1-0"), (1, "2-0"))
    rejected(rec, "round 0 start_draw 0", "1-0 is not in the boneyard")


def test_the_starter_draw_is_one_tile_per_seat_from_seat_0() -> None:
    """RECORD.md: "one draw per seat, seat 0 first"."""
    rec = wikipedia_match()
    rec["rounds"][0]["start_draw"] = S((1, "2-0"), (0, "1-1"))
    rejected(rec, "round 0", "one draw per seat")
    rec["rounds"][0]["start_draw"] = S((0, "1-1"))
    rejected(rec, "round 0", "one draw per seat")


def test_the_starter_draw_is_in_round_one_only() -> None:
    """RULES.md: "Only in the first round everybody draws a single domino"."""
    rec = wikipedia_match()
    rec["rounds"][1]["start_draw"] = S((0, "1-1"), (1, "3-0"))
    rejected(rec, "round 1", "start_draw given")
    rec = wikipedia_match()
    del rec["rounds"][0]["start_draw"]
    rejected(rec, "round 0", "start_draw is missing")


def test_later_rounds_rotate_from_the_drawn_starter() -> None:
    """RULES.md: "round k starts with seat (s + k - 1) mod n, s being round 1's starter"."""
    rec = wikipedia_match()
    rec["rounds"][1]["first"] = 1
    rejected(rec, "round 1", "first is seat 1", "seat 0")


def test_legal_actions_of_a_later_round_follow_the_drawn_starter() -> None:
    """RULES.md: "Later rounds move the first turn on one seat each round from round 1's
    starter"."""
    rec = wikipedia_match()
    assert legal_actions_at(rec, 1, 0) == [P(0, "2-1", 0)]
    assert legal_actions_at(rec, 0, 0) == [P(1, "3-1", 0)]


# ---------------------------------------------------------------------------------------------
# Exact forms and unfinished records (docs/RECORD.md)


def test_a_tile_written_smaller_number_first_is_read() -> None:
    """RULES.md: "Readers also take the smaller number first (`3-9`)"."""
    rec = classic_match()
    rec["rounds"][0]["hands"][0][0] = "2-3"
    rec["rounds"][0]["actions"][0] = P(0, "2-3", 0)
    accepted(rec)


@pytest.mark.parametrize("text", ["03-2", " 3-2", "3-2 ", "٣-٢", "3\u20132", "3", "3-2-1"])
def test_a_tile_is_ascii_digits_without_leading_zeros_or_spaces(text: str) -> None:
    """RULES.md: "ASCII digits, no leading zeros, no spaces"."""
    rec = classic_match()
    rec["rounds"][0]["actions"][0] = P(0, text, 0)
    rejected(rec, "round 0 action 0", "is not a tile")


@pytest.mark.parametrize(
    ("path", "value", "place"),
    [
        (("rounds", 0, "actions", 0, "seat"), False, "round 0 action 0"),
        (("rounds", 0, "actions", 0, "on"), 0.0, "round 0 action 0"),
        (("rounds", 0, "actions", 0, "on"), False, "round 0 action 0"),
        (("rounds", 0, "actions", 5, "pass"), "true", "round 0 action 5"),
        (("rounds", 0, "actions", 5, "pass"), 1, "round 0 action 5"),
        (("rounds", 0, "first"), False, "round 0"),
        (("rounds", 0, "points", 0), 3.0, "round 0"),
        (("totals", 0), 5.0, "record"),
        (("winners", 0), False, "record"),
    ],
)
def test_seats_ids_points_and_totals_are_json_integers(
    path: tuple[Any, ...], value: object, place: str
) -> None:
    """RECORD.md: "Seats, ids, points and totals are JSON integers: not `true`/`false`, not `3.0`.
    `pass` is `true`; `on` is an integer or `null`"."""
    rec = classic_match()
    target: Any = rec
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    rejected(rec, place)


def test_a_match_in_play_lacks_end_points_and_winners() -> None:
    """RECORD.md: "A record may stop anywhere: its last round has no `end` (and no `points`), and
    the record has no `winners`."."""
    rec = classic_match()
    del rec["winners"]
    round_ = rec["rounds"][1]
    round_["actions"] = round_["actions"][:5]
    del round_["end"], round_["points"]
    rec["totals"] = [3, 50]
    accepted(rec)
    assert legal_action_lists(rec)[1][-1] == [X(1)]


def test_every_round_but_the_last_must_have_ended() -> None:
    """RECORD.md: "Every round but the last must have ended."."""
    rec = classic_match()
    del rec["winners"]
    del rec["rounds"][0]["end"], rec["rounds"][0]["points"]
    rec["totals"] = [2, 0]
    rejected(rec, "round 0", "a later round follows")


def test_a_round_in_play_has_no_points() -> None:
    """RECORD.md: "`points`: what each seat scored in the round, with `end`"."""
    rec = classic_match()
    del rec["winners"]
    del rec["rounds"][1]["end"]
    rejected(rec, "round 1", "points given for a round that has not ended")


def test_a_finished_match_has_no_round_in_play() -> None:
    """RECORD.md: "the record has no `winners`" while it is in play."""
    rec = classic_match()
    round_ = rec["rounds"][1]
    round_["actions"] = round_["actions"][:5]
    del round_["end"], round_["points"]
    rec["totals"] = [3, 50]
    rejected(rec, "round 1", "has no end, but the match is finished")


def test_an_ended_round_must_say_so() -> None:
    """RECORD.md: "`end`: `out` ... or `blocked`; absent while the round is in play"."""
    rec = classic_match()
    del rec["winners"]
    del rec["rounds"][1]["end"], rec["rounds"][1]["points"]
    rec["totals"] = [3, 50]
    rejected(rec, "round 1", "ended 'out', but no end is recorded")


def test_totals_are_required() -> None:
    """RECORD.md: "`totals`: per seat, the sum of the `points` of the rounds that ended"."""
    rec = classic_match()
    del rec["totals"]
    rejected(rec, "record", "totals None")


# ---------------------------------------------------------------------------------------------
# Legal action lists


def test_legal_plays_are_ordered_by_tile_then_by_on() -> None:
    """The brief: "plays ordered by tile 0-0, 1-0, 1-1, 2-0, ... then by `on`"."""
    lists = legal_action_lists(classic_match())
    assert lists[0][8] == [P(0, "1-0", 2), P(0, "1-0", 4), P(0, "1-0", 5), P(0, "3-0", 5)]
    assert lists[0][4] == [D(0, "3-0")]
    assert lists[0][5] == [X(0)]
    assert lists[1][12] == [X(0)]


def test_legal_action_lists_agree_with_legal_actions_at_everywhere() -> None:
    """One replay gives, for each round, the legal actions before each action and after the last;
    the last is empty once the round has ended."""
    for rec in (classic_match(), reeves_match(), wikipedia_match(), spruce_keep_match()):
        lists = legal_action_lists(rec)
        for r, round_ in enumerate(rec["rounds"]):
            assert len(lists[r]) == len(round_["actions"]) + 1
            assert lists[r][-1] == []
            for a, action in enumerate(round_["actions"]):
                assert lists[r][a] == legal_actions_at(rec, r, a)
                assert action in lists[r][a]


def test_legal_actions_at_rejects_a_record_with_an_earlier_problem() -> None:
    """A later round can depend on earlier ones (RULES.md: "Later rounds move the first turn on
    one seat each round from round 1's starter"), so they are checked first."""
    rec = classic_match()
    rec["rounds"][0]["points"] = [0, 0]
    with pytest.raises(ValueError, match="round 0"):
        legal_actions_at(rec, 1, 0)
    with pytest.raises(ValueError, match="out of range"):
        legal_actions_at(classic_match(), 2, 0)
    with pytest.raises(ValueError, match="out of range"):
        legal_actions_at(classic_match(), 0, 12)


def test_legal_actions_at_ignores_problems_after_the_point() -> None:
    """It checks "this round's ... first ``action_count`` actions", no further."""
    rec = classic_match()
    rec["rounds"][1]["actions"][13] = X(1)
    assert legal_actions_at(rec, 1, 13) == [P(1, "3-1", 6)]
    with pytest.raises(ValueError, match="round 1 action 13"):
        legal_action_lists(rec)


# ---------------------------------------------------------------------------------------------
# Whole matches played by a simple random player (built with the checker's own round state,
# so these check its consistency and speed, not the rules)


def _random_match(options: dict[str, Any], n: int, seed: int, preset: str) -> Record:
    """A whole match: random deals and random legal actions, every start drawn by the rules."""
    rng = random.Random(seed)
    problems, parsed = _read_options(options)
    assert parsed is not None, problems
    table = Table.make(parsed, n)
    rounds: list[dict[str, Any]] = []
    totals = [0] * n
    starter = 0
    k = 0
    while True:
        number = table.double_of_round(k)
        centre = (number, number)
        tiles = _full_set(table.top)
        start_draw: list[dict[str, Any]] | None = None
        first = k % n
        if parsed.round_double == "found":
            order = tiles[:]
            rng.shuffle(order)
            start_draw = []
            seat = k % n
            for tile in order:
                start_draw.append({"seat": seat, "draw": _show(tile)})
                if tile == centre:
                    break
                seat = (seat + 1) % n
            first = seat
        if parsed.round_double != "dealt":
            tiles.remove(centre)
        rng.shuffle(tiles)
        hands = [tiles[s * table.hand : (s + 1) * table.hand] for s in range(n)]
        boneyard = tiles[n * table.hand :]
        if parsed.starter_draw_round_one:
            if k == 0:
                drawn = rng.sample(boneyard, n)
                start_draw = [{"seat": s, "draw": _show(t)} for s, t in enumerate(drawn)]
                starter = max(range(n), key=lambda s: (sum(drawn[s]), drawn[s][0]))
            first = (starter + k) % n
        if parsed.round_double == "dealt":
            holders = [s for s in range(n) if centre in hands[s]]
            first = holders[0] if holders else k % n
        state = RoundState(table, number, hands, boneyard, first)
        actions = []
        while state.ended is None:
            legal = state.legal_actions()
            action = rng.choice(legal)
            assert state.apply("generated", action, legal) is None
            actions.append(action)
        points = state.points()
        totals = [a + b for a, b in zip(totals, points, strict=True)]
        rounds.append(
            rnd(
                f"{number}-{number}",
                first,
                [[_show(t) for t in hand] for hand in hands],
                [_show(t) for t in boneyard],
                actions,
                state.ended,
                points,
                start_draw,
            )
        )
        k += 1
        if parsed.target_total:
            if max(totals) > parsed.target_total:
                break
        elif k == table.rounds_without_target():
            break
    assert parsed.tie_break == "none"  # the tie-break is checked by the hand-made tests
    low = min(totals)
    return record(rounds, options, [s for s in range(n) if totals[s] == low], preset)


CLASSIC_8 = tiny_options(
    max_players=8,
    set_by_players=[[6, 9], [8, 12]],
    hand_sizes=[[2, 20], [3, 14], [4, 11], [5, 9], [6, 7], [7, 10], [8, 9]],
    centre_toes=6,
    foot_toes=3,
    length="full",
)


def test_a_whole_8_player_double_12_match_checks_well_under_a_second() -> None:
    """The brief: "a record of a whole 8-player double-12 match must check in well under a
    second"."""
    rec = _random_match(CLASSIC_8, 8, 5, "classic")
    assert len(rec["rounds"]) == 13
    start = time.perf_counter()
    assert check_record(rec) == []
    lists = legal_action_lists(rec)
    elapsed = time.perf_counter() - start
    assert [len(x) for x in lists] == [len(r["actions"]) + 1 for r in rec["rounds"]]
    assert elapsed < 1.0, elapsed


@pytest.mark.parametrize(
    ("preset", "changes", "n"),
    [
        ("classic", {}, 3),
        ("spruce", {"round_double": "dealt", "drawn_tile_must_be_played": False}, 4),
        (
            "wikipedia",
            {"starter_draw_round_one": True, "double_out_points": 50, "target_total": 150},
            4,
        ),
        (
            "reeves",
            {
                "round_double": "found",
                "centre_toes": 2,
                "centre_toes_per_player": True,
                "undrawn_by_players": [[2, 2], [3, 1], [4, 1]],
                "double_blank_points": 0,
            },
            2,
        ),
    ],
)
def test_random_matches_of_every_preset_replay_consistently(
    preset: str, changes: dict[str, Any], n: int
) -> None:
    """Records made of the checker's own legal actions pass, and both legal-action views agree at
    sampled points."""
    options = copy.deepcopy(CLASSIC_8)
    options.update(max_players=4, set_by_players=[[4, 9]], **changes)
    options["hand_sizes"] = [[2, 12], [3, 10], [4, 8]]
    for seed in range(3):
        rec = _random_match(options, n, seed, preset)
        assert check_record(rec) == []
        lists = legal_action_lists(rec)
        rng = random.Random(seed)
        for r, round_ in enumerate(rec["rounds"]):
            a = rng.randrange(len(round_["actions"]) + 1)
            assert legal_actions_at(rec, r, a) == lists[r][a]


# ---------------------------------------------------------------------------------------------
# Robustness and the command line


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"format": "chickenfoot-record/1"},
        {**classic_match(), "rounds": "none"},
        {**classic_match(), "rounds": [None, 3]},
        {**classic_match(), "players": "ab"},
        {**classic_match(), "rules": {"preset": "classic", "options": []}},
    ],
)
def test_a_malformed_record_is_reported_not_crashed_on(bad: Any) -> None:
    """RECORD.md: "Readers are strict, so that one match has one record": a malformed record
    gets problems, never an exception."""
    assert check_record(bad) != []
    with pytest.raises(ValueError):
        legal_action_lists(bad)


def test_the_command_line_checks_each_file(tmp_path: Any, capsys: Any) -> None:
    """``python -m tests.oracle FILE...`` prints ``ok`` or the problems and
    exits 1 when any file has a problem."""
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(classic_match()), encoding="utf-8")
    broken = classic_match()
    broken["winners"] = [1]
    bad.write_text(json.dumps(broken), encoding="utf-8")
    assert main([str(good)]) == 0
    assert main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{good}: ok" in out
    assert f"{bad}: record: winners are [1], expected [0]" in out
