"""Tests of the independent referee for the standard games (tests/independent_standard_checker.py).

Every record here is made by hand (with the small helpers below) and every expected score,
point and winner was worked out by hand from docs/STANDARD.md; the engine is never used.  Each
rule has a record that must be accepted and a minimal mutation that must be rejected with a
problem naming its place (``record``, ``hand H`` or ``hand H action A``).
"""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from tests.independent_standard_checker import (
    HandState,
    Rules,
    check_record,
    legal_action_lists,
)
from tests.oracle import main

# --- helpers ------------------------------------------------------------------------------

BASE: dict[str, Any] = {
    "game": "draw",
    "players": 2,
    "set_top": 6,
    "partnership": False,
    "hand_size": 7,
    "undrawn": 0,
    "drawing": True,
    "drawn_tile_must_be_played": True,
    "leader": "highest-double",
    "lead_deciding_tile": False,
    "next_leader": "rule",
    "spinner": False,
    "play_scoring": "none",
    "near_target_limit": False,
    "out_wins": True,
    "hand_scoring": "pips",
    "blocked_winner": "lowest",
    "blocked_score": "difference",
    "round_to": 1,
    "bonus": 0,
    "target": 0,
}
# Each game's options as docs/STANDARD.md gives them (2 players).
GAME_OPTIONS: dict[str, dict[str, Any]] = {
    "draw": BASE,
    "block": {**BASE, "game": "block", "drawing": False},
    "all-fives": {
        **BASE,
        "game": "all-fives",
        "hand_size": 9,
        "leader": "lot",
        "next_leader": "winner",
        "spinner": True,
        "play_scoring": "fives",
        "round_to": 5,
        "target": 250,
    },
    "bergen": {
        **BASE,
        "game": "bergen",
        "hand_size": 6,
        "leader": "lowest-double",
        "lead_deciding_tile": True,
        "undrawn": 2,
        "play_scoring": "headers",
        "near_target_limit": True,
        "hand_scoring": "bonus",
        "bonus": 2,
        "blocked_winner": "double-free",
        "target": 15,
    },
}


def all_tiles(top: int = 6) -> list[str]:
    """The double-``top`` set in tile index order: 0-0, 1-0, 1-1, 2-0, ..."""
    return [f"{a}-{b}" for a in range(top + 1) for b in range(a + 1)]


def P(seat: int, tile: str, on: int | None, score: int | None = None) -> dict[str, Any]:
    """A play (the lead has ``on`` None); ``score`` only when the play scored."""
    action: dict[str, Any] = {"seat": seat, "play": tile, "on": on}
    if score is not None:
        action["score"] = score
    return action


def D(seat: int, tile: str) -> dict[str, Any]:
    return {"seat": seat, "draw": tile}


def X(seat: int) -> dict[str, Any]:
    return {"seat": seat, "pass": True}


def hand(
    first: int,
    hands: list[list[str]],
    actions: list[dict[str, Any]],
    end: str | None = None,
    points: list[int] | None = None,
    boneyard_top: list[str] | None = None,
    top: int = 6,
) -> dict[str, Any]:
    """One hand: the boneyard is ``boneyard_top`` then the rest of the set in index order."""
    used = {t for h in hands for t in h} | set(boneyard_top or [])
    boneyard = [*(boneyard_top or []), *(t for t in all_tiles(top) if t not in used)]
    rnd: dict[str, Any] = {"first": first, "hands": hands, "boneyard": boneyard}
    rnd["actions"] = actions
    if end is not None:
        rnd["end"] = end
        rnd["points"] = points
    return rnd


def record(
    name: str,
    rounds: list[dict[str, Any]],
    totals: list[int],
    winners: list[int] | None = None,
    **changes: Any,
) -> dict[str, Any]:
    """A whole record of the game ``name`` with its options changed by ``changes``."""
    options = {**GAME_OPTIONS[name], **changes}
    n = options["players"]
    sides = [[0, 2], [1, 3]] if options["partnership"] else [[s] for s in range(n)]
    rec: dict[str, Any] = {
        "format": "chickenfoot-record/1",
        "game": name,
        "rules": {"preset": name, "options": options},
        "players": [f"bot:p{s}" for s in range(n)],
        "seed": 1,
        "sides": sides,
        "rounds": rounds,
        "totals": totals,
    }
    if winners is not None:
        rec["winners"] = winners
    return rec


def ok(rec: dict[str, Any]) -> None:
    problems = check_record(rec)
    assert problems == [], problems


def rejected(rec: dict[str, Any], place: str, words: str) -> None:
    """Assert a problem at ``place`` containing ``words``."""
    problems = check_record(rec)
    assert any(p.startswith(place + ":") and words in p for p in problems), problems


# --- hand-made hands ----------------------------------------------------------------------


def block_out(leader: int = 0, n: int = 2) -> dict[str, Any]:
    """Block, hand_size 2: the leader holds 6-6 and 6-5, leads 6-6, the others pass, 6-5 out.

    The next seat holds 5-4 and 3-2 (14 pips); with 3 players the third 2-2 and 1-0 (5).
    """
    hands = [["5-4", "3-2"], ["2-2", "1-0"]][: n - 1]
    hands.insert(0, ["6-6", "6-5"])
    hands = hands[n - leader :] + hands[: n - leader]  # the leader's hand at its seat
    others = [(leader + i) % n for i in range(1, n)]
    actions = [P(leader, "6-6", None), *(X(s) for s in others), P(leader, "6-5", 0)]
    points = [0] * n
    points[leader] = 14 if n == 2 else 19
    return hand(leader, hands, actions, "out", points)


def block_game(**changes: Any) -> dict[str, Any]:
    return record("block", [block_out()], [14, 0], [0], **{"hand_size": 2, **changes})


def block_blocked(points: list[int], hands: list[list[str]] | None = None) -> dict[str, Any]:
    """Block, hand_size 2: seat 0 leads 6-6 and nobody else holds a 6: blocked at once."""
    hands = hands or [["6-6", "1-0"], ["5-4", "3-2"]]
    return hand(0, hands, [P(0, "6-6", None)], "blocked", points)


def draw_hand(actions_after: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Draw, hand_size 2: seat 1 draws 0-0 (no fit), then 6-2 (fits) and plays it."""
    actions = [
        P(0, "6-6", None),
        D(1, "0-0"),
        D(1, "6-2"),
        P(1, "6-2", 0),
        P(0, "6-5", 0),
    ]
    return hand(
        0,
        [["6-6", "6-5"], ["4-3", "2-1"]],
        actions,
        "out",
        [10, 0],
        boneyard_top=["0-0", "6-2"],
    )


def draw_game(**changes: Any) -> dict[str, Any]:
    return record("draw", [draw_hand()], [10, 0], [0], **{"hand_size": 2, **changes})


def fives_hand() -> dict[str, Any]:
    """All Fives, hand_size 5: a 5-5 lead as the spinner, sides then ends, seat 0 out."""
    actions = [
        P(0, "5-5", None, 10),  # lone spinner: 10
        P(1, "5-4", 0),  # a side: 10 + 4 = 14
        P(0, "5-1", 0, 5),  # the other side: spinner counts nothing, 4 + 1 = 5
        P(1, "5-0", 0, 5),  # an end: 4 + 1 + 0 = 5
        P(0, "6-1", 2, 10),  # 4 + 6 + 0 = 10
        P(1, "6-5", 0),  # the last end: 4 + 6 + 0 + 6 = 16
        P(0, "4-4", 1, 20),  # a double at an end counts 8: 8 + 6 + 0 + 6 = 20
        P(1, "1-0", 3),  # 8 + 6 + 6 + 1 = 21
        P(0, "6-0", 4, 15),  # 6 + 8 + 1 + 0 = 15, seat 0 is out
    ]
    hands = [["5-5", "5-1", "6-1", "4-4", "6-0"], ["5-4", "5-0", "6-5", "1-0", "2-2"]]
    # seat 1 keeps 2-2 (4 pips), rounded to 5: seat 0 has 60 + 5, seat 1 5
    return hand(0, hands, actions, "out", [65, 5])


def fives_game(winners: list[int] | None = None, **changes: Any) -> dict[str, Any]:
    return record("all-fives", [fives_hand()], [65, 5], winners, hand_size=5, **changes)


def bergen_hand(points: list[int], scores: tuple[int, int, int] = (2, 2, 3)) -> dict[str, Any]:
    """Bergen, hand_size 3: 1-1 led (2), a double header (2), a triple header (3), out."""
    actions = [
        P(0, "1-1", None, scores[0]),
        P(1, "2-1", 0),
        P(0, "3-1", 0),
        P(1, "3-2", 1, scores[1]),  # ends 3 (3-1) and 3 (3-2)
        P(0, "3-3", 2, scores[2]),  # ends 3 (3-2) and the double 3-3
    ]
    return hand(0, [["1-1", "3-1", "3-3"], ["2-1", "3-2", "6-6"]], actions, "out", points)


def bergen_game(
    points: list[int] | None = None,
    scores: tuple[int, int, int] = (2, 2, 3),
    winners: list[int] | None = None,
    **changes: Any,
) -> dict[str, Any]:
    points = points or [7, 2]
    return record("bergen", [bergen_hand(points, scores)], points, winners, hand_size=3, **changes)


def bergen_blocked(points: list[int], hands: list[list[str]] | None = None) -> dict[str, Any]:
    """Bergen without drawing, hand_size 2: 1-1 led (2), nobody holds a 1: blocked."""
    hands = hands or [["1-1", "6-6"], ["5-4", "3-2"]]
    return hand(0, hands, [P(0, "1-1", None, 2)], "blocked", points)


def partnership_hand(out_wins: bool = True) -> dict[str, Any]:
    """Block, 4 players in partnership, hand_size 2: seat 0 leads 6-6, goes out with 6-5."""
    hands = [["6-6", "6-5"], ["1-0", "2-0"], ["5-5", "4-4"], ["3-0", "1-1"]]
    actions = [P(0, "6-6", None), X(1), X(2), X(3), P(0, "6-5", 0)]
    # out: the opponents' 3 + 5 = 8 (not the partner's 18); out_wins false: side 1 has 8
    # against side 0's 0 + 18, and scores 18 - 8 = 10
    points = [8, 0, 8, 0] if out_wins else [0, 10, 0, 10]
    return hand(0, hands, actions, "out", points)


def partnership_game(out_wins: bool = True) -> dict[str, Any]:
    h = partnership_hand(out_wins)
    winners = [0, 2] if out_wins else [1, 3]
    return record(
        "block",
        [h],
        h["points"],
        winners,
        players=4,
        partnership=True,
        hand_size=2,
        out_wins=out_wins,
    )


# --- the accepted records -----------------------------------------------------------------


def test_every_hand_made_record_is_accepted() -> None:
    """The records the other tests mutate are legal as they stand."""
    for rec in (
        block_game(),
        draw_game(),
        fives_game(),
        bergen_game(),
        partnership_game(),
        partnership_game(out_wins=False),
    ):
        ok(rec)


# --- options ------------------------------------------------------------------------------


def test_every_option_must_be_given_and_known() -> None:
    """ "unknown names and values out of range are refused"; `rules.options` holds every
    resolved option."""
    rec = block_game()
    del rec["rules"]["options"]["bonus"]
    rejected(rec, "record", "'bonus' is missing")
    rec = block_game()
    rec["rules"]["options"]["spinners"] = True
    rejected(rec, "record", "unknown option 'spinners'")


def test_option_game_names_one_of_the_four_games() -> None:
    """`game`: `draw`, `block`, `all-fives`, `bergen` — "the named game whose values the
    others start from"."""
    rejected(block_game(game="domino"), "record", "rules.options.game")
    rejected(block_game(game="draw"), "record", "rules.options.game is 'draw', but game")


def test_record_game_and_preset_name_the_game() -> None:
    """ "`chickenfoot-record/1` ... with `game` and `rules.preset` the game's name"."""
    rec = block_game()
    rec["rules"]["preset"] = "classic"
    rejected(rec, "record", "rules.preset")
    rec = block_game()
    rec["game"] = "chickenfoot"
    rejected(rec, "record", "game is 'chickenfoot'")
    rec = block_game()
    rec["format"] = "chickenfoot-record/2"
    rejected(rec, "record", "format")


def test_option_players_is_2_to_4_and_names_every_seat() -> None:
    """`players`: "2 to 4" — "seats at the table"."""
    three = record("block", [block_out(n=3)], [19, 0, 0], [0], hand_size=2, players=3)
    ok(three)
    rejected(block_game(players=5), "record", "rules.options.players")
    rejected(block_game(players=1), "record", "rules.options.players")
    rec = copy.deepcopy(three)
    rec["players"].pop()
    rejected(rec, "record", "2 players named, rules.options.players is 3")


def test_option_set_top_is_6_9_or_12() -> None:
    """`set_top`: "6, 9, 12" — "Double-6 (28 tiles) by default; double-9 and double-12
    optional"."""
    nine = hand(0, [["9-9", "9-8"], ["7-6", "5-4"]], [P(0, "9-9", None), X(1)], top=9)
    nine["actions"].append(P(0, "9-8", 0))
    nine |= {"end": "out", "points": [22, 0]}
    rec = record("block", [nine], [22, 0], [0], hand_size=2, set_top=9)
    ok(rec)
    rejected(block_game(set_top=7), "record", "rules.options.set_top")
    bad = copy.deepcopy(rec)
    bad["rules"]["options"]["set_top"] = 12
    rejected(bad, "hand 0", "tiles neither dealt nor in the boneyard")
    bad["rules"]["options"]["set_top"] = 6
    rejected(bad, "hand 0", "is not a tile of the double-6 set")


def test_option_partnership_shares_the_side_score() -> None:
    """ "A *side* scores together: ... with `partnership` (4 players only) seats 0 and 2
    against 1 and 3"; "partners show the same number"."""
    rec = partnership_game()
    rec["rounds"][0]["points"] = [8, 0, 0, 0]
    rejected(rec, "hand 0", "points are [8, 0, 0, 0], expected [8, 0, 8, 0]")


def test_partnership_needs_four_players() -> None:
    """ "partnerships need 4 players and are not played in Bergen"."""
    rejected(block_game(partnership=True), "record", "partnership needs 4 players")


def test_partnership_is_not_played_in_bergen() -> None:
    """ "**Decision:** not in `bergen`, whose pagat page describes no partnership game"."""
    rec = bergen_game()
    rec["rules"]["options"] |= {"players": 4, "partnership": True}
    rejected(rec, "record", "partnership is not played in bergen")


def test_sides_key_lists_the_seats_of_each_side() -> None:
    """ "A top-level `sides` key lists the seats of each side"."""
    rec = partnership_game()
    rec["sides"] = [[0], [1], [2], [3]]
    rejected(rec, "record", "sides")
    rec = block_game()
    del rec["sides"]
    ok(rec)


def test_option_hand_size_is_the_tiles_dealt_to_each_player() -> None:
    """`hand_size`: "1 or more" — "tiles dealt to each player"."""
    rejected(block_game(hand_size=3), "hand 0", "hand of seat 0 has 2 tiles, hand_size is 3")
    rejected(block_game(hand_size=0), "record", "rules.options.hand_size")


def test_the_deal_must_fit_in_the_set() -> None:
    """ "Combinations that make no sense are refused: ... the deal must fit in the set"."""
    rejected(block_game(hand_size=15), "record", "do not fit")
    rejected(block_game(undrawn=25), "record", "do not fit")


def four_player_draws(undrawn: int) -> dict[str, Any]:
    """Draw, 4 players of 6 tiles: seat 1 has no 6 and draws the boneyard's drawable tiles."""
    hands = [
        ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1"],
        ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0"],
        ["6-0", "4-4", "4-3", "4-2", "4-1", "4-0"],
        ["3-3", "3-2", "3-1", "3-0", "2-2", "2-1"],
    ]
    boneyard = ["2-0", "1-1", "1-0", "0-0"]
    draws = [D(1, t) for t in boneyard[: 4 - undrawn]]
    rnd = hand(0, hands, [P(0, "6-6", None), *draws, X(1)], boneyard_top=boneyard)
    return record("draw", [rnd], [0, 0, 0, 0], players=4, hand_size=6, undrawn=undrawn)


def test_option_undrawn_tiles_are_never_drawn() -> None:
    """`undrawn`: "boneyard tiles nobody draws (the boneyard's last ones)"."""
    ok(four_player_draws(undrawn=1))
    rec = four_player_draws(undrawn=1)
    rec["rounds"][0]["actions"].insert(4, D(1, "0-0"))
    rejected(rec, "hand 0 action 4", "nothing may be drawn")


def test_draw_game_may_draw_the_whole_boneyard() -> None:
    """draw: "Draw until a tile fits (and play it) or the boneyard is empty (then pass); the
    whole boneyard may be drawn"."""
    ok(four_player_draws(undrawn=0))
    rec = four_player_draws(undrawn=0)
    rec["rounds"][0]["actions"].insert(4, X(1))
    rejected(rec, "hand 0 action 4", "must draw before passing")


def test_option_drawing_false_passes_instead() -> None:
    """`drawing`: "a player who cannot play draws (false: passes)"; block: "nobody draws: a
    player who cannot play passes, and the boneyard stays out of play"."""
    rec = block_game()
    rec["rounds"][0]["actions"][1] = D(1, "0-0")
    rejected(rec, "hand 0 action 1", "this game does not draw")
    rec = draw_game()
    rec["rounds"][0]["actions"][1] = X(1)
    rejected(rec, "hand 0 action 1", "must draw before passing")


def test_draws_name_the_next_boneyard_tile() -> None:
    """ "`boneyard`: the tiles not dealt, in the order they are drawn, the next draw first"."""
    rec = draw_game()
    rec["rounds"][0]["actions"][1] = D(1, "6-2")
    rejected(rec, "hand 0 action 1", "drew 6-2, but the next boneyard tile is 0-0")


def test_a_player_who_can_play_must_play() -> None:
    """ "A player who holds a tile that fits must play one (no voluntary draw or pass)"."""
    rec = draw_game()
    rec["rounds"][0]["actions"][4] = D(0, "1-0")
    rejected(rec, "hand 0 action 4", "must play (6-5), not draw")
    rec = draw_game()
    rec["rounds"][0]["actions"][4] = X(0)
    rejected(rec, "hand 0 action 4", "must play (6-5), not pass")


def keep_drawn_game(must: bool) -> dict[str, Any]:
    """Seat 1 draws 6-2, which fits, and passes keeping it."""
    rnd = draw_hand()
    rnd["actions"][3] = X(1)
    rnd["points"] = [18, 0]  # seat 1 keeps 4-3, 2-1, 0-0 and 6-2
    return record("draw", [rnd], [18, 0], [0], hand_size=2, drawn_tile_must_be_played=must)


def test_option_drawn_tile_must_be_played() -> None:
    """`drawn_tile_must_be_played`: "a drawn tile that fits must be played at once (false:
    the drawer may pass)"."""
    ok(keep_drawn_game(must=False))
    rejected(keep_drawn_game(must=True), "hand 0 action 3", "must play (6-2), not pass")


def test_keeping_a_drawn_tile_allows_no_voluntary_pass_later() -> None:
    """ "the drawer may pass" — only the drawer, just after drawing: "A player who holds a tile
    that fits must play one (no voluntary draw or pass)"."""
    rec = keep_drawn_game(must=False)
    rec["rounds"][0]["actions"][4] = X(0)
    rejected(rec, "hand 0 action 4", "must play (6-5), not pass")


def test_option_leader_highest_double() -> None:
    """draw: "The holder of the highest double leads, with any tile from their hand"."""
    # seat 0 holds 6-6 and 6-4 and may lead either; seat 1 keeps 3-2 and 1-0
    for lead, then in (("6-6", "6-4"), ("6-4", "6-6")):
        actions = [P(0, lead, None), X(1), P(0, then, 0)]
        rnd = hand(0, [["6-6", "6-4"], ["3-2", "1-0"]], actions, "out", [6, 0])
        ok(record("block", [rnd], [6, 0], [0], hand_size=2))
    swapped = record("block", [block_out(leader=1)], [0, 14], [1], hand_size=2)
    ok(swapped)
    swapped["rounds"][0]["first"] = 0
    rejected(swapped, "hand 0", "the leader is seat 1: seat 1 holds the highest double 6-6")


def heaviest_tile_game(first: int) -> dict[str, Any]:
    """Block, no double dealt: 6-3 and 5-4 weigh 9 each; blocked after two tiles, tied."""
    rnd = hand(
        first,
        [["6-3", "1-0"], ["5-4", "2-0"]],
        [P(0, "1-0", None), P(1, "2-0", 0)],
        "blocked",
        [0, 0],
    )
    return record("block", [rnd], [0, 0], [0, 1], hand_size=2)


def test_no_double_the_heaviest_tile_leads() -> None:
    """ "if nobody holds a double, the holder of the heaviest tile (**Decision:** most pips,
    then the higher end)"."""
    ok(heaviest_tile_game(first=0))
    rejected(heaviest_tile_game(first=1), "hand 0", "heaviest tile 6-3")


def test_draw_blocked_tie_scores_nothing_and_draws() -> None:
    """draw: "a tie for lowest scores nothing and the game is a draw between the tied players
    (`winners` lists them)"."""
    rec = heaviest_tile_game(first=0)
    rec["winners"] = [0]
    rejected(rec, "record", "winners are [0], expected [0, 1]")


def test_option_leader_lowest_double_leads_it() -> None:
    """bergen: "the holder of the lowest double leads with that double, which scores 2"."""
    rec = bergen_game()
    rec["rounds"][0]["first"] = 1
    rejected(rec, "hand 0", "seat 0 holds the lowest double 1-1")


def lightest_tile_game(first: int, lead: str) -> dict[str, Any]:
    """Bergen without drawing, no double dealt: 3-0 and 2-1 weigh 3; 3-0 has the lower end.

    Whichever of 3-0 and 5-4 seat 0 leads, the hand is blocked at once and seat 0 (3 or 9
    pips against 11) wins the bonus.
    """
    rnd = hand(first, [["3-0", "5-4"], ["2-1", "6-2"]], [P(first, lead, None)], "blocked")
    rnd["points"] = [2, 0]
    return record("bergen", [rnd], [2, 0], hand_size=2, drawing=False)


def test_no_double_the_lightest_tile_leads() -> None:
    """ "if nobody holds a double, the holder of the lightest tile (fewest pips, then the lower
    end) leads it"."""
    ok(lightest_tile_game(0, "3-0"))
    rejected(lightest_tile_game(1, "2-1"), "hand 0", "lightest tile 3-0")


def test_option_lead_deciding_tile() -> None:
    """`lead_deciding_tile`: "the leader must lead the tile that made them leader"."""
    rejected(lightest_tile_game(0, "5-4"), "hand 0 action 0", "must lead 3-0")
    rec = lightest_tile_game(0, "5-4")
    rec["rules"]["options"]["lead_deciding_tile"] = False
    rec["rounds"][0]["points"] = [0, 2]
    rec["totals"] = [0, 2]
    rejected(rec, "hand 0", "points are [0, 2], expected [2, 0]")
    rec["rounds"][0]["points"] = [2, 0]
    rec["totals"] = [2, 0]
    ok(rec)


def lot_game(first: int, leader: str = "lot") -> dict[str, Any]:
    """All Fives, hand_size 1: the lead scores and goes out at once."""
    hands = [["5-5"], ["6-4"]]
    points = [0, 0]
    points[first] = 20  # 10 for the lead, and the other's 10 pips
    rnd = hand(first, hands, [P(first, hands[first][0], None, 10)], "out", points)
    return record("all-fives", [rnd], points, hand_size=1, leader=leader)


def test_option_leader_lot_allows_any_seat() -> None:
    """`leader` `lot`: "a seat drawn by lot"; records: "`first` is the leading seat (for
    `lot`, the seat drawn; replay checks it against the rules otherwise)"."""
    ok(lot_game(0))
    ok(lot_game(1))
    rejected(lot_game(1, leader="highest-double"), "hand 0", "the leader is seat 0")


def test_the_lead_scores_in_all_fives() -> None:
    """all-fives: "The lead scores too (6-4 led scores 10)"."""
    rec = lot_game(1)
    del rec["rounds"][0]["actions"][0]["score"]
    rejected(rec, "hand 0 action 0", "the play scores 10, but no score is recorded")


def test_option_leader_rotate() -> None:
    """`leader` `rotate`: "seat (k-1) mod n in hand k"."""
    rounds = [block_out(0), block_out(1), block_out(0)]
    ok(record("block", rounds, [28, 14], [0], hand_size=2, leader="rotate", target=20))
    rounds[1]["first"] = 0
    rec = record("block", rounds, [28, 14], [0], hand_size=2, leader="rotate", target=20)
    rejected(rec, "hand 1", "the leader is seat 1")


def winner_leads_next(next_leader: str, first: int) -> dict[str, Any]:
    """Block to 20: seat 0 goes out of hand 0; in hand 1 seat 1 holds 6-6 and 6-5."""
    second = hand(
        first,
        [["5-4", "3-2"], ["6-6", "6-5"]],
        [P(0, "5-4", None), P(1, "6-5", 0), X(0), P(1, "6-6", 1)],
        "out",
        [0, 5],
    )
    return record(
        "block",
        [block_out(0), second],
        [14, 5],
        hand_size=2,
        target=20,
        next_leader=next_leader,
    )


def test_option_next_leader_winner() -> None:
    """`next_leader` `winner`: "the player who went out in the previous hand (after a blocked
    hand: by `leader`)"."""
    ok(winner_leads_next("winner", 0))
    rejected(winner_leads_next("rule", 0), "hand 1", "the leader is seat 1")


def test_after_a_blocked_hand_the_leader_rule_decides() -> None:
    """`next_leader` `winner`: "(after a blocked hand: by `leader`)"."""
    rec = winner_leads_next("winner", 0)
    rec["rounds"][0] = block_blocked([13, 0])
    rec["totals"] = [13, 5]
    rejected(rec, "hand 1", "the leader is seat 1: seat 1 holds the highest double")


def spinner_lead(spinner: bool) -> dict[str, Any]:
    """All Fives, hand_size 3, unfinished: 5-5 led, then three 5s played on it."""
    actions = [
        P(0, "5-5", None, 10),  # a lone double counts its pips once
        P(1, "5-4", 0),  # 10 + 4 (spinner: a side free; line: a double at the end)
        P(0, "5-0", 0),  # 4 + 0
        P(1, "5-3", 0),  # a spinner's end: 4 + 0 + 3; a line has no room left
    ]
    rnd = hand(0, [["5-5", "5-0", "5-1"], ["5-4", "5-3", "5-2"]], actions)
    return record("all-fives", [rnd], [0, 0], hand_size=3, spinner=spinner)


def test_option_spinner_takes_four_tiles() -> None:
    """`spinner`: "the first double takes tiles on both sides, then on both ends"; layout:
    "a double sits in the line (crosswise) like any tile and leaves one open end"."""
    ok(spinner_lead(spinner=True))
    rejected(spinner_lead(spinner=False), "hand 0 action 3", "5-3 fits nowhere")


def test_a_lone_double_counts_its_pips_once() -> None:
    """The count: "the spinner counts both halves while at least one of its sides is uncovered
    (so a lone 5-5 lead counts 10, not 20)"."""
    for spinner in (True, False):
        rec = spinner_lead(spinner)
        rec["rounds"][0]["actions"][0]["score"] = 20
        rejected(rec, "hand 0 action 0", "score is 20, expected 10")


def test_all_fives_spinner_sides_then_ends_and_the_count() -> None:
    """all-fives: "the spinner counts both halves while at least one of its sides is uncovered
    ..., and nothing once both are covered (then only the tiles on its ends count)"."""
    ok(fives_game())
    rec = fives_game()
    rec["rounds"][0]["actions"][2]["score"] = 15  # as if the spinner still counted 10
    rejected(rec, "hand 0 action 2", "score is 15, expected 5")
    rec = fives_game()
    rec["rounds"][0]["actions"].append(P(1, "2-2", 0))  # the hand is over
    rejected(rec, "hand 0 action 9", "the hand already ended 'out'")


def test_all_fives_a_double_at_the_end_counts_both_halves() -> None:
    """The count: "every open end of a line counts its number; a double at the end of a line
    counts both halves"."""
    rec = fives_game()
    del rec["rounds"][0]["actions"][6]["score"]  # 4-4 at an end counts 8: 20 in all
    rejected(rec, "hand 0 action 6", "the play scores 20")


def late_spinner(extra: list[dict[str, Any]]) -> dict[str, Any]:
    """All Fives, hand_size 4: 5-0 led, then 5-5 on it becomes the spinner, one side covered."""
    actions = [
        P(0, "5-0", None, 5),
        P(1, "5-5", 0, 10),  # the 0 end and the spinner's 10
        P(0, "5-4", 1),  # its free side: the spinner counts nothing now, 0 + 4
        P(1, "5-3", 1),  # an end: 0 + 4 + 3
        P(0, "5-1", 1),  # the other end: 0 + 4 + 3 + 1
        *extra,
    ]
    rnd = hand(0, [["5-0", "5-4", "5-1", "6-6"], ["5-5", "5-3", "5-2", "6-5"]], actions)
    return record("all-fives", [rnd], [0, 0], hand_size=4)


def test_a_spinner_played_on_the_line_has_one_side_covered() -> None:
    """all-fives: "the first double, and only the first, is a spinner: the first and second
    tiles against it go against its sides, the third and fourth against its ends"."""
    ok(late_spinner([]))
    rejected(late_spinner([P(1, "5-2", 1)]), "hand 0 action 5", "5-2 fits nowhere")


def second_double(extra: list[dict[str, Any]]) -> dict[str, Any]:
    """All Fives: 5-5 led is the spinner; 0-0 played later is an ordinary double."""
    actions = [
        P(0, "5-5", None, 10),
        P(1, "5-0", 0, 10),  # spinner 10 + 0
        P(0, "0-0", 1, 10),  # spinner 10 + the 0-0 at the end, 0
        P(1, "1-0", 2),  # spinner 10 + 1
        *extra,
    ]
    rnd = hand(0, [["5-5", "0-0", "2-0", "5-2"], ["5-0", "1-0", "3-0", "4-4"]], actions)
    return record("all-fives", [rnd], [0, 0], hand_size=4)


def test_only_the_first_double_is_a_spinner() -> None:
    """all-fives: "the first double, and only the first, is a spinner"."""
    ok(second_double([]))
    rejected(second_double([P(0, "2-0", 2)]), "hand 0 action 4", "2-0 fits nowhere")


def test_option_play_scoring_none_has_no_scores() -> None:
    """`play_scoring` `none`: no points during play; "a play that scored carries `"score":
    n`"."""
    rec = block_game()
    rec["rounds"][0]["actions"][0]["score"] = 10
    rejected(rec, "hand 0 action 0", "score 10 given, but the play scores nothing")


def test_scoring_during_play_needs_a_target() -> None:
    """ "Combinations that make no sense are refused: ... scoring during play needs a
    target"."""
    rejected(fives_game(target=0), "record", "scoring during play needs a target")


def test_headers_need_a_single_line() -> None:
    """ "Combinations that make no sense are refused: ... headers need a single line (no
    spinner)"."""
    rejected(bergen_game(spinner=True), "record", "headers need a single line")


def test_option_play_scoring_fives_scores_multiples_of_five() -> None:
    """all-fives: "after each tile the ends of the layout are totalled and a total that is a
    multiple of five scores that many points at once"."""
    rec = fives_game()
    rec["rounds"][0]["actions"][1]["score"] = 14
    rejected(rec, "hand 0 action 1", "score 14 given, but the play scores nothing")


def test_bergen_double_and_triple_headers() -> None:
    """bergen: "after each tile, if the two ends show the same number: 3 when one of the two
    end tiles is a double, else 2; a lone double is 2"."""
    ok(bergen_game())
    rejected(bergen_game(scores=(3, 2, 3)), "hand 0 action 0", "score is 3, expected 2")
    rejected(bergen_game(scores=(2, 3, 3)), "hand 0 action 3", "score is 3, expected 2")
    rejected(bergen_game(scores=(2, 2, 2)), "hand 0 action 4", "score is 2, expected 3")


def test_option_near_target_limit() -> None:
    """`near_target_limit`: ""Within 2 points" means needing 2 or fewer to reach the target (a
    header then scores 1); "within 3" means needing exactly 3 (a header then scores at most
    2). The bonus is not limited."."""
    # target 4: seat 0 needs 2 when it lays 3-3: 1 instead of 3, and the full bonus of 2
    ok(bergen_game([5, 2], (2, 2, 1), [0], target=4))
    rejected(bergen_game([7, 2], (2, 2, 3), [0], target=4), "hand 0 action 4", "expected 1")
    # target 5: it needs exactly 3: at most 2
    ok(bergen_game([6, 2], (2, 2, 2), [0], target=5))
    rejected(bergen_game([7, 2], (2, 2, 3), [0], target=5), "hand 0 action 4", "expected 2")
    # without the limit the triple header scores 3
    ok(bergen_game([7, 2], (2, 2, 3), [0], target=4, near_target_limit=False))
    rejected(
        bergen_game([5, 2], (2, 2, 1), [0], target=4, near_target_limit=False),
        "hand 0 action 4",
        "expected 3",
    )


def test_option_out_wins() -> None:
    """`out_wins`: "going out wins the hand (false: every hand goes to the lowest pip total, as
    a blocked one)"."""
    ok(partnership_game(out_wins=False))
    rec = partnership_game(out_wins=False)
    rec["rules"]["options"]["out_wins"] = True
    rejected(rec, "hand 0", "points are [0, 10, 0, 10], expected [8, 0, 8, 0]")


def test_partnership_out_scores_the_opponents_pips() -> None:
    """ "**Decision (partnership):** the side of the player who goes out scores the pips in both
    opponents' hands (not the partner's)"."""
    rec = partnership_game()
    rec["rounds"][0]["points"] = [26, 0, 26, 0]
    rec["totals"] = [26, 0, 26, 0]
    rejected(rec, "hand 0", "expected [8, 0, 8, 0]")


def test_partnership_blocked_compares_side_totals() -> None:
    """ "a blocked hand compares the sides' combined pip totals, and the lower side scores the
    other side's pips minus its own"."""
    # side 0 keeps 2-1 and 4-4, 2-0 (13); side 1 keeps 1-0, 0-0 and 5-4, 3-2 (15)
    hands = [["6-6", "2-1"], ["1-0", "0-0"], ["4-4", "2-0"], ["5-4", "3-2"]]
    rnd = block_blocked([2, 0, 2, 0], hands)
    args = {"players": 4, "partnership": True, "hand_size": 2}
    ok(record("block", [rnd], [2, 0, 2, 0], [0, 2], **args))
    rnd["points"] = [0, 14, 0, 14]  # as if seat 1's lone 1 pip won
    rejected(record("block", [rnd], [0, 14, 0, 14], [1, 3], **args), "hand 0", "expected")


def test_option_hand_scoring_bonus() -> None:
    """`hand_scoring`: "the hand's winner scores pips from the other hands, or a fixed
    `bonus`"."""
    rnd = block_out()
    rnd["points"] = [3, 0]
    ok(record("block", [rnd], [3, 0], [0], hand_size=2, hand_scoring="bonus", bonus=3))
    rejected(record("block", [rnd], [3, 0], [0], hand_size=2), "hand 0", "expected [14, 0]")


def test_option_bonus_is_what_the_winner_scores() -> None:
    """`bonus`: "what `hand_scoring` `bonus` gives"; bergen: "the player who dominoes or wins a
    blocked hand scores 2"."""
    rejected(bergen_game(bonus=3), "hand 0", "points are [7, 2], expected [8, 2]")
    rejected(bergen_game(bonus=-1), "record", "rules.options.bonus")


def test_option_blocked_score_difference_or_others() -> None:
    """`blocked_score`: "the winner of a blocked hand ... scores the others' pips minus its own
    (never below 0), or the others' pips"."""
    ok(record("block", [block_blocked([13, 0])], [13, 0], [0], hand_size=2))
    args = {"hand_size": 2, "blocked_score": "others"}
    ok(record("block", [block_blocked([14, 0])], [14, 0], [0], **args))
    rejected(record("block", [block_blocked([13, 0])], [13, 0], [0], **args), "hand 0", "[14")


def test_option_blocked_winner_double_free() -> None:
    """bergen: "a side that holds no double beats sides that hold one; among the sides holding
    no double (or among all, if every side holds one) the lowest pip total wins"."""
    # seat 0 keeps 6-6 (12 pips), seat 1 5-4, 3-2 (14, no double): seat 1 wins the bonus
    args = {"hand_size": 2, "drawing": False}
    ok(record("bergen", [bergen_blocked([2, 2])], [2, 2], **args))
    rejected(record("bergen", [bergen_blocked([4, 0])], [4, 0], **args), "hand 0", "[2, 2]")
    ok(record("bergen", [bergen_blocked([4, 0])], [4, 0], blocked_winner="lowest", **args))
    # both hold a double: the lowest pip total of all wins
    both = bergen_blocked([4, 0], [["1-1", "6-6"], ["5-5", "3-2"]])
    ok(record("bergen", [both], [4, 0], **args))


def test_option_round_to_rounds_halves_up() -> None:
    """`round_to`: "hand-end pip scores are rounded to the nearest multiple of this (halves
    up)"."""
    # seat 0 keeps 0-0, seat 1 5-4 and 4-2: 15, rounded to 20
    hands = [["6-6", "0-0"], ["5-4", "4-2"]]
    args = {"hand_size": 2, "round_to": 10}
    ok(record("block", [block_blocked([20, 0], hands)], [20, 0], [0], **args))
    rejected(
        record("block", [block_blocked([10, 0], hands)], [10, 0], [0], **args),
        "hand 0",
        "expected [20, 0]",
    )
    rejected(block_game(round_to=0), "record", "rules.options.round_to")


def fives_partners(points: list[int], hands: list[list[str]]) -> dict[str, Any]:
    """All Fives in partnership, hand_size 1: seat 0 leads 5-5 (10) and is out."""
    rnd = hand(0, hands, [P(0, "5-5", None, 10)], "out", points)
    return record("all-fives", [rnd], points, players=4, partnership=True, hand_size=1)


def test_all_fives_end_of_hand_rounds_to_five() -> None:
    """all-fives: "the side of the player who dominoes scores the pips in the opponents' hands,
    rounded to the nearest multiple of five (3 and 4 round up, 1 and 2 down)"."""
    # opponents keep 6-6 and 4-3: 19, rounded up to 20
    ok(fives_partners([30, 0, 30, 0], [["5-5"], ["6-6"], ["2-1"], ["4-3"]]))
    rejected(fives_partners([29, 0, 29, 0], [["5-5"], ["6-6"], ["2-1"], ["4-3"]]), "hand 0", "[30")
    # opponents keep 6-6 and 0-0: 12, rounded down to 10
    ok(fives_partners([20, 0, 20, 0], [["5-5"], ["6-6"], ["2-1"], ["0-0"]]))


def test_all_fives_blocked_hand_scores_the_difference_rounded() -> None:
    """all-fives: "a blocked hand goes to the side with the lowest pip total, which scores the
    others' pips minus its own, rounded the same way"."""
    # nothing may be drawn (all kept back); seat 0 keeps 1-0, seat 1 14 pips: 13, rounded 15
    rnd = block_blocked([15, 0])
    ok(record("all-fives", [rnd], [15, 0], hand_size=2, undrawn=24))
    rnd["points"] = [13, 0]
    rejected(record("all-fives", [rnd], [13, 0], hand_size=2, undrawn=24), "hand 0", "[15, 0]")


def test_option_target_zero_one_hand_decides() -> None:
    """`target`: "0: one hand decides"; draw: "One hand decides the game (`target` 0)"."""
    rec = block_game()
    rec["rounds"].append(block_out(1))
    rec["totals"] = [14, 14]
    rejected(rec, "hand 1", "the game was over after hand 0")
    rec = block_game()
    del rec["winners"]
    rejected(rec, "record", "winners must be given")


def test_option_target_game_ends_when_a_side_reaches_it() -> None:
    """`target`: "hands go on until a side has at least this many points"; "**Decision
    (game):** ... the game ends after the first hand at whose end a side has reached the
    target and has the highest total alone"."""
    ok(fives_game(target=60, winners=[0]))
    ok(fives_game(target=65, winners=[0]))
    rejected(fives_game(target=66, winners=[0]), "record", "the game is not over")
    rejected(fives_game(target=60), "record", "winners must be given")
    rejected(fives_game(target=-5), "record", "rules.options.target")


def test_all_fives_game_is_250_points() -> None:
    """all-fives: "**Decision (game):** 250 points. The hand in which a side reaches the
    target is played to its end"."""
    ok(fives_game())
    rejected(fives_game(winners=[0]), "record", "the game is not over")


def tied_on_target(rounds: list[dict[str, Any]], totals: list[int], winners: Any) -> Any:
    options = {"hand_size": 2, "drawing": False, "target": 2, "near_target_limit": False}
    return record("bergen", rounds, totals, winners, **options)


def test_sides_tied_on_the_highest_total_play_another_hand() -> None:
    """all-fives and bergen: "(sides tied on the highest total play another hand)"."""
    first = bergen_blocked([2, 2])  # both reach the target 2, tied
    ok(tied_on_target([first], [2, 2], None))
    rejected(tied_on_target([first], [2, 2], [0, 1]), "record", "the game is not over")
    second = lightest_tile_game(0, "3-0")["rounds"][0]  # seat 0 wins the bonus
    ok(tied_on_target([first, second], [4, 2], [0]))
    rejected(tied_on_target([first, second, second], [6, 2], [0]), "hand 2", "was over")


def test_totals_sum_the_points() -> None:
    """ "`totals` sums them" (the `points` of the hands)."""
    rec = block_game()
    rec["totals"] = [15, 0]
    rejected(rec, "record", "totals are [15, 0], expected [14, 0]")
    rec = block_game()
    del rec["totals"]
    rejected(rec, "record", "totals")


def test_winners_are_the_winning_sides_seats() -> None:
    """ "`winners` are the seats of the winning side (several sides: a draw)"."""
    rec = partnership_game()
    rec["winners"] = [0]
    rejected(rec, "record", "winners are [0], expected [0, 2]")


# --- the hand: deal, end, points -----------------------------------------------------------


def test_the_deal_holds_the_whole_set_once() -> None:
    """ "seat 0 takes the first `hand_size` tiles, seat 1 the next, ...; the rest is the
    boneyard in draw order"."""
    rec = block_game()
    rec["rounds"][0]["boneyard"][0] = "6-6"
    rejected(rec, "hand 0", "6-6 is also in hand of seat 0")
    rec = block_game()
    rec["rounds"][0]["boneyard"].pop()
    rejected(rec, "hand 0", "tiles neither dealt nor in the boneyard: 6-4")
    rec = block_game()
    rec["rounds"][0]["hands"].pop()
    rejected(rec, "hand 0", "1 hands for 2 players")


def test_a_hand_ends_at_once_when_a_player_goes_out() -> None:
    """ "**The end of a hand.** At once when a player plays their last tile (`out`)"."""
    rec = block_game()
    rec["rounds"][0]["end"] = "blocked"
    rejected(rec, "hand 0", "end is 'blocked', but the hand ended 'out'")


def test_a_hand_is_blocked_at_once_when_nobody_can_play() -> None:
    """block: "A hand is blocked as soon as no player holds a tile that fits"."""
    rnd = block_blocked([13, 0])
    rnd["actions"].append(X(1))
    rejected(record("block", [rnd], [13, 0], [0], hand_size=2), "hand 0 action 1", "ended")
    rnd = block_blocked([13, 0])
    rnd["end"] = "out"
    rejected(record("block", [rnd], [13, 0], [0], hand_size=2), "hand 0", "end is 'out'")


def test_draw_out_scores_the_pips_in_the_other_hands() -> None:
    """draw: "The first player out wins and scores the pips in the other hands"."""
    three = record("block", [block_out(n=3)], [19, 0, 0], [0], hand_size=2, players=3)
    three["rounds"][0]["points"] = [14, 0, 0]
    rejected(three, "hand 0", "expected [19, 0, 0]")


def test_draw_blocked_lowest_scores_difference() -> None:
    """draw: "A blocked hand goes to the lowest pip total in hand, which scores the others'
    pips minus its own"."""
    rejected(record("block", [block_blocked([14, 0])], [14, 0], [0], hand_size=2), "hand 0", "13")


def test_turns_go_clockwise() -> None:
    """ "play goes clockwise (seat i, then i+1 mod n)"."""
    rec = block_game()
    rec["rounds"][0]["actions"][1] = X(0)
    rejected(rec, "hand 0 action 1", "it is seat 1's turn")


def test_plays_go_on_open_ends_only() -> None:
    """ "A play names the id of the placed tile whose open end receives it"."""
    rec = draw_game()
    rec["rounds"][0]["actions"][4] = P(0, "6-5", 1)  # tile 1 (6-2) shows 2
    rejected(rec, "hand 0 action 4", "6-5 cannot be played on tile 1 (it fits on [0])")
    rec = draw_game()
    rec["rounds"][0]["actions"][4] = P(0, "6-5", 7)
    rejected(rec, "hand 0 action 4", "on 7 is not the id of a placed tile")
    rec = draw_game()
    rec["rounds"][0]["actions"][4] = P(0, "6-5", None)
    rejected(rec, "hand 0 action 4", "only the lead is played on null")
    rec = draw_game()
    rec["rounds"][0]["actions"][0] = P(0, "6-6", 0)
    rejected(rec, "hand 0 action 0", "the lead is played on null")
    rec = draw_game()
    rec["rounds"][0]["actions"][4] = P(0, "6-4", 0)
    rejected(rec, "hand 0 action 4", "seat 0 does not hold 6-4")


def test_scores_are_present_exactly_when_not_zero() -> None:
    """ "a play that scored carries `"score": n`"."""
    rec = fives_game()
    rec["rounds"][0]["actions"][1]["score"] = 0
    rejected(rec, "hand 0 action 1", "score 0 given")
    rec = fives_game()
    rec["rounds"][0]["actions"][1] = X(1) | {"score": 5}
    rejected(rec, "hand 0 action 1", "only a play carries a score")


def test_standard_hands_have_no_double_or_start_draw() -> None:
    """ "Hands have no `double` key"; RECORD.md: "they have no `double` and no
    `start_draw`"."""
    rec = block_game()
    rec["rounds"][0]["double"] = "6-6"
    rejected(rec, "hand 0", "no 'double'")
    rec = block_game()
    rec["rounds"][0]["start_draw"] = []
    rejected(rec, "hand 0", "no 'start_draw'")


# --- exact forms ---------------------------------------------------------------------------


def test_exact_form_of_tiles() -> None:
    """RECORD.md: "Tiles are strings `a-b` of ASCII digits without leading zeros or spaces
    (`"9-3"`; `"3-9"` is read too)"."""
    rec = block_game()
    rec["rounds"][0]["hands"][0] = ["6-6", "5-6"]
    rec["rounds"][0]["actions"][2]["play"] = "5-6"
    ok(rec)
    for bad in ("06-5", " 6-5", "6-5 ", "\u0666-\u0665", "6 - 5", 65):
        rec = block_game()
        rec["rounds"][0]["hands"][0][1] = bad
        rejected(rec, "hand 0", "hand of seat 0")


def test_exact_form_of_integers() -> None:
    """RECORD.md: "Seats, ids, points and totals are JSON integers: not `true`/`false`, not
    `3.0`"."""
    rec = block_game()
    rec["rounds"][0]["actions"][1]["seat"] = True
    rejected(rec, "hand 0 action 1", "is not a seat")
    rec = block_game()
    rec["rounds"][0]["actions"][2]["on"] = 0.0
    rejected(rec, "hand 0 action 2", "not an integer or null")
    rec = block_game()
    rec["rounds"][0]["points"] = [14.0, 0]
    rejected(rec, "hand 0", "is not a list of 2 integers")
    rec = block_game()
    rec["totals"] = [14, False]
    rejected(rec, "record", "totals")
    rec = block_game()
    rec["rounds"][0]["first"] = False
    rejected(rec, "hand 0", "first False is not a seat")
    rec = fives_game()
    rec["rounds"][0]["actions"][0]["score"] = 10.0
    rejected(rec, "hand 0 action 0", "score 10.0 is not an integer")
    rejected(block_game(hand_size=True), "record", "rules.options.hand_size")
    rejected(block_game(spinner=0), "record", "rules.options.spinner")


def test_exact_form_of_pass_and_on() -> None:
    """RECORD.md: "`pass` is `true`; `on` is an integer or `null`"."""
    rec = block_game()
    rec["rounds"][0]["actions"][1]["pass"] = 1
    rejected(rec, "hand 0 action 1", "pass is 1, expected true")
    rec = block_game()
    rec["rounds"][0]["actions"][2]["on"] = "0"
    rejected(rec, "hand 0 action 2", "not an integer or null")
    rec = block_game()
    del rec["rounds"][0]["actions"][2]["on"]
    rejected(rec, "hand 0 action 2", "a play needs on")


# --- unfinished records --------------------------------------------------------------------


def test_unfinished_record_stops_anywhere() -> None:
    """RECORD.md: "A record may stop anywhere: its last round has no `end` (and no `points`),
    and the record has no `winners`"."""
    for count in range(5):
        rnd = draw_hand()
        rnd["actions"] = rnd["actions"][:count]
        del rnd["end"], rnd["points"]
        ok(record("draw", [rnd], [0, 0], hand_size=2))


def test_unfinished_record_rules() -> None:
    """RECORD.md: "Every round but the last must have ended"; `points` come "with `end`"."""
    rnd = draw_hand()
    rnd["actions"] = rnd["actions"][:3]
    del rnd["end"], rnd["points"]
    rejected(record("draw", [rnd], [0, 0], [0], hand_size=2), "hand 0", "has no end")
    rejected(record("draw", [rnd, draw_hand()], [10, 0], hand_size=2), "hand 0", "has no end")
    rnd["points"] = [0, 0]
    rejected(record("draw", [rnd], [0, 0], hand_size=2), "hand 0", "points given")
    full = draw_hand()
    del full["end"], full["points"]
    rejected(record("draw", [full], [0, 0], hand_size=2), "hand 0", "no end is recorded")


# --- legal action lists --------------------------------------------------------------------


def test_legal_action_lists_of_a_block_game() -> None:
    """ "**Legal actions** come in a fixed order: leads by tile index (0-0, 1-0, 1-1, 2-0, ...)"."""
    assert legal_action_lists(block_game()) == [
        [
            [P(0, "6-5", None), P(0, "6-6", None)],
            [X(1)],
            [P(0, "6-5", 0)],
            [],
        ]
    ]


def test_legal_action_lists_name_the_next_draw() -> None:
    """ "they draw one tile at a time (one `Draw()` action each) until a tile fits"."""
    lists = legal_action_lists(draw_game())
    assert lists[0][1:5] == [[D(1, "0-0")], [D(1, "6-2")], [P(1, "6-2", 0)], [P(0, "6-5", 0)]]


def test_legal_action_lists_order_plays_by_tile_then_target() -> None:
    """ "or plays by tile index, then target id; or `Draw()`; or `Pass()`"."""
    lists = legal_action_lists(fives_game())
    assert lists[0][5] == [P(1, "1-0", 3), P(1, "6-5", 0), P(1, "6-5", 4)]
    assert len(lists[0]) == len(fives_game()["rounds"][0]["actions"]) + 1


def test_legal_action_lists_offer_the_pass_after_a_kept_draw() -> None:
    """`drawn_tile_must_be_played` false: "the drawer may pass"."""
    assert legal_action_lists(keep_drawn_game(must=False))[0][3] == [P(1, "6-2", 0), X(1)]


def test_legal_action_lists_lead_only_the_deciding_tile() -> None:
    """bergen: "the holder of the lowest double leads with that double"."""
    lists = legal_action_lists(bergen_game())
    assert lists[0][0] == [P(0, "1-1", None)]


def test_legal_action_lists_of_every_hand() -> None:
    """One list per hand, each ``len(actions) + 1`` long; an unfinished hand ends with the
    actions still open."""
    rounds = [block_out(0), block_out(1), block_out(0)]
    rec = record("block", rounds, [28, 14], [0], hand_size=2, leader="rotate", target=20)
    lists = legal_action_lists(rec)
    assert [len(h) for h in lists] == [4, 4, 4]
    assert lists[1][0] == [P(1, "6-5", None), P(1, "6-6", None)]
    lists = legal_action_lists(late_spinner([]))
    assert lists[0][-1] == [D(1, "0-0")]


def test_legal_action_lists_refuse_a_record_with_problems() -> None:
    """ "Raise ValueError on a record with problems" (the brief)."""
    rec = block_game()
    rec["totals"] = [0, 0]
    with pytest.raises(ValueError, match="totals"):
        legal_action_lists(rec)
    with pytest.raises(ValueError):
        legal_action_lists([])  # type: ignore[arg-type]


# --- robustness, command line, speed --------------------------------------------------------


def test_malformed_records_give_problems_not_crashes() -> None:
    """A referee reports bad input; it never crashes."""
    assert check_record([]) == ["record: is not a JSON object"]  # type: ignore[arg-type]
    for key in ("rules", "rounds", "players"):
        rec = block_game()
        rec[key] = 7
        assert check_record(rec) != []
    rec = block_game()
    rec["rounds"][0]["actions"] = [7, None]
    rejected(rec, "hand 0 action 0", "is not an object")


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m tests.oracle FILE...` prints `FILE: ok` or one line
    per problem and exits 1 if any file has problems."""
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(block_game()))
    broken = block_game()
    broken["totals"] = [1, 0]
    bad.write_text(json.dumps(broken))
    assert main([str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: ok\n"
    assert main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{good}: ok"
    assert out[1].startswith(f"{bad}: record: totals are [1, 0]")


def random_all_fives_game(seed: int) -> dict[str, Any]:
    """A whole All Fives game to 250 by random legal moves (for the speed test).

    It is generated with the checker's own HandState, so it only checks self-consistency and
    speed, not the rules.
    """
    rng = random.Random(seed)
    options = {**GAME_OPTIONS["all-fives"], "players": 4, "partnership": True, "hand_size": 5}
    rules = Rules(**options)
    sides, totals, rounds = rules.sides, [0, 0], []
    previous_out = None
    while max(totals) < 250 or totals[0] == totals[1]:
        tiles = all_tiles()
        rng.shuffle(tiles)
        hands = [tiles[5 * s : 5 * s + 5] for s in range(4)]
        first = previous_out if previous_out is not None else rng.randrange(4)
        parsed = [[(int(t[0]), int(t[2])) for t in h] for h in hands]
        boneyard = [(int(t[0]), int(t[2])) for t in tiles[20:]]
        state = HandState(rules, parsed, boneyard, first, None, list(totals))
        actions = []
        while state.ended is None:
            action = rng.choice(state.legal_actions())
            problem, score = state.apply("gen", action)
            assert problem is None
            actions.append(action | {"score": score} if score else action)
        pips = [sum(a + b for s in side for a, b in state.hands[s]) for side in sides]
        if state.ended == "out":
            assert state.out_seat is not None
            winner = state.out_seat % 2
            end_score = pips[1 - winner]
        else:
            winner = 0 if pips[0] < pips[1] else 1
            end_score = max(0, pips[1 - winner] - pips[winner]) if pips[0] != pips[1] else 0
        side_points = list(state.play_points)
        side_points[winner] += (2 * end_score + 5) // 10 * 5
        totals = [totals[s] + side_points[s] for s in range(2)]
        points = [side_points[s % 2] for s in range(4)]
        rnd = {"first": first, "hands": hands, "boneyard": tiles[20:], "actions": actions}
        rounds.append(rnd | {"end": state.ended, "points": points})
        previous_out = state.out_seat
    winners = sides[0] if totals[0] > totals[1] else sides[1]
    return record(
        "all-fives",
        rounds,
        [totals[s % 2] for s in range(4)],
        winners,
        players=4,
        partnership=True,
        hand_size=5,
    )


def test_a_whole_all_fives_game_checks_well_under_a_second() -> None:
    """The brief: "a whole All Fives game to 250 must check in well under a second"."""
    rec = random_all_fives_game(seed=3)
    assert len(rec["rounds"]) > 1
    start = time.perf_counter()
    problems = check_record(rec)
    lists = legal_action_lists(rec)
    elapsed = time.perf_counter() - start
    assert problems == []
    assert len(lists) == len(rec["rounds"])
    assert elapsed < 0.5, elapsed
