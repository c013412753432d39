"""One test per rule that makes a house-rule preset (RULES.md section 4) different."""

from __future__ import annotations

import json
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.core import (
    CLASSIC,
    PRESETS,
    Deal,
    Draw,
    Match,
    Pass,
    Play,
    RoundEnd,
    Rules,
    RulesError,
    Tile,
    deal,
    full_set,
    replay,
    to_record,
    winners_of,
)
from chickenfoot.core.rules import SOURCES, TieBreak
from tests.helpers import random_match, tiles

SPRUCE, WIKIPEDIA, REEVES = PRESETS["spruce"], PRESETS["wikipedia"], PRESETS["reeves"]


def t(text: str) -> Tile:
    return Tile.parse(text)


def single(rules: Rules) -> Rules:
    return rules.with_options(length="single")


def test_every_preset_names_its_source_and_what_it_changes() -> None:
    assert set(SOURCES) == set(PRESETS)
    for name, rules in PRESETS.items():
        assert rules.preset == name
        assert all(SOURCES[name])
        assert Rules.from_options(rules.options(), preset=name) == rules


def test_unknown_or_inconsistent_options_are_refused_clearly() -> None:
    with pytest.raises(RulesError, match="unknown preset 'house'"):
        Rules.from_options({}, preset="house")
    with pytest.raises(RulesError, match="round_double must be one of aside, dealt"):
        CLASSIC.with_options(round_double="hidden")
    with pytest.raises(RulesError, match="only 9 possible toes"):
        CLASSIC.with_options(centre_toes=10)
    with pytest.raises(RulesError, match="must be a whole number"):
        CLASSIC.with_options(centre_toes="six")


# -- spruce (seed 002) ----------------------------------------------------------------------


def test_spruce_deals_seven_each_and_the_round_double_with_them() -> None:
    dealt = deal(SPRUCE, 4, 9, Random(1))
    assert [len(h) for h in dealt.hands] == [7] * 4
    everything = [x for h in dealt.hands for x in h] + list(dealt.boneyard)
    assert sorted(everything) == full_set(9)


def test_spruce_the_holder_of_the_round_double_places_it_and_the_next_seat_goes_on() -> None:
    match = Match(["a", "b", "c"], single(SPRUCE))
    state = match.start_round(Deal((tiles("1-0"), tiles("9-9 9-1"), tiles("9-2")), tiles("3-3")))
    assert state.first == 1 and state.turn == 1
    assert state.legal_actions() == [Play(t("9-9"), None)]
    with pytest.raises(ValueError, match="9-9 must be placed in the centre first"):
        state.apply(Play(t("9-1"), 0))
    state.apply(Play(t("9-9"), None))
    assert state.board()[0].tile == t("9-9") and state.turn == 2
    assert state.incomplete_foot() == (0, 9, 4)
    assert state.legal_actions() == [Play(t("9-2"), 0)]


def test_spruce_if_nobody_holds_the_double_the_seats_draw_in_turn_until_it_is_found() -> None:
    match = Match(["a", "b"], single(SPRUCE))
    state = match.start_round(Deal((tiles("9-1"), tiles("9-2")), tiles("5-5 9-9 9-3")))
    assert state.first == 0
    assert state.legal_actions() == [Draw()]
    state.apply(Draw())
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    state.apply(Draw())
    assert state.legal_actions() == [Play(t("9-9"), None)]
    state.apply(Play(t("9-9"), None))
    assert state.turn == 0 and state.legal_actions() == [Play(t("9-1"), 0)]


def test_spruce_the_centre_needs_four_toes() -> None:
    match = Match(["a", "b"], single(SPRUCE))
    state = match.start_round(
        Deal((tiles("9-9 9-1 9-3 1-0"), tiles("9-2 9-4 2-0 5-5")), tiles("6-6"))
    )
    for action in ("9-9", "9-2@0", "9-1@0", "9-4@0", "9-3@0"):
        state.apply(Play(t(action.split("@")[0]), int(action[-1]) if "@" in action else None))
    assert state.incomplete_foot() is None
    assert sorted(n for _, n in state.open_ends()) == [1, 2, 3, 4]


def test_spruce_a_drawn_tile_that_fits_may_be_kept() -> None:
    rules = single(SPRUCE).with_options(centre_toes=1)
    match = Match(["a", "b"], rules)
    state = match.start_round(Deal((tiles("9-9 8-8"), tiles("7-7 6-6")), tiles("9-5 4-4")))
    state.apply(Play(t("9-9"), None))
    state.apply(Draw())
    assert state.legal_actions() == [Play(t("9-5"), 0), Pass()]
    state.apply(Pass())
    assert state.turn == 0 and t("9-5") in state.hand(1)


def test_spruce_a_tie_goes_to_most_zero_rounds_then_the_lowest_nonzero_round() -> None:
    zero = TieBreak.ZERO_ROUNDS
    assert winners_of([20, 20, 30], [[0, 10, 5], [20, 10, 25]], zero) == (0,)
    assert winners_of([20, 20], [[8, 5], [12, 15]], zero) == (1,)  # no zero round: 5 < 8
    assert winners_of([20, 20], [[5, 5], [15, 15]], zero) == (0, 1)
    assert winners_of([20, 20], [[5, 5], [15, 15]]) == (0, 1)


# -- wikipedia (seed 003) -------------------------------------------------------------------


@pytest.mark.parametrize(("players", "top"), [(4, 9), (5, 12), (8, 12), (9, 15), (12, 15)])
def test_wikipedia_seats_up_to_twelve_with_larger_sets(players: int, top: int) -> None:
    assert WIKIPEDIA.set_top(players) == top
    match = random_match(players, players, single(WIKIPEDIA))
    assert match.is_over and len(match.players) == players


def test_wikipedia_round_one_is_started_by_the_highest_tile_drawn() -> None:
    dealt = deal(WIKIPEDIA, 4, 9, Random(3))
    assert len(dealt.starter_draw) == 4 and t("9-9") not in dealt.starter_draw
    match = Match(["a", "b", "c", "d"], WIKIPEDIA)
    hands = tuple(tiles(h) for h in ("9-1", "9-2", "9-3", "9-4"))
    rest = tuple(x for x in full_set(9) if x != t("9-9") and x not in sum(hands, ()))
    state = match.start_round(Deal(hands, rest, tiles("5-1 8-4 6-0 3-3")))
    assert state.first == 1 and state.centre_placed
    state = Match(["a", "b"], WIKIPEDIA).start_round(Deal(hands[:2], rest, tiles("5-1 6-0")))
    assert state.first == 1  # equal pips: the higher number wins


def test_wikipedia_later_rounds_are_started_by_the_holder_of_their_double() -> None:
    match = random_match(3, 5, WIKIPEDIA.with_options(length="half"))
    for k, state in enumerate(match.rounds[1:], start=1):
        holder = [s for s, h in enumerate(state.dealt.hands) if Tile(9 - k, 9 - k) in h]
        assert state.first == (holder[0] if holder else k % 3)


def test_wikipedia_going_out_on_a_double_scores_fifty() -> None:
    rules = single(WIKIPEDIA).with_options(centre_toes=1)
    match = Match(["a", "b"], rules)
    hands = (tiles("9-4 4-4"), tiles("9-3 0-0"))
    state = match.start_round(Deal(hands, tiles("5-5"), tiles("8-7 1-0")))
    for action in (Play(t("9-4"), 0), Draw(), Pass(), Play(t("4-4"), 1)):
        state.apply(action)
    assert state.end is RoundEnd.OUT
    assert state.points() == [50, 72]


# -- reeves (seed 004) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "each"), [(2, 21), (3, 14), (4, 11), (5, 8), (6, 7), (7, 6), (8, 5)]
)
def test_reeves_deal_table(players: int, each: int) -> None:
    assert [len(h) for h in deal(REEVES, players, 9, Random(0)).hands] == [each] * players


@pytest.mark.parametrize(("players", "toes"), [(2, 4), (4, 4), (5, 5), (8, 8)])
def test_reeves_the_centre_needs_a_toe_per_player_and_at_least_four(
    players: int, toes: int
) -> None:
    assert REEVES.toes_on_centre(players) == toes
    assert REEVES.with_options(centre_toes=6).toes_on_centre(players) == max(6, players)


def test_reeves_keeps_two_boneyard_tiles_undrawn_with_two_players_and_one_with_more() -> None:
    assert REEVES.undrawn(2) == 2 and REEVES.undrawn(3) == 1 and REEVES.undrawn(8) == 1
    rules = single(REEVES).with_options(centre_toes=1)
    match = Match(["a", "b"], rules)
    state = match.start_round(Deal((tiles("9-9 9-1 2-2"), tiles("3-3 4-4")), tiles("5-5 6-6 7-7")))
    state.apply(Play(t("9-9"), None))
    state.apply(Draw())  # 5-5; 6-6 and 7-7 stay in the boneyard for good
    state.apply(Pass())
    state.apply(Play(t("9-1"), 0))
    assert state.end is RoundEnd.BLOCKED
    assert len(state.boneyard()) == 2


def test_reeves_double_blank_counts_nothing_unless_chosen() -> None:
    rules = single(REEVES).with_options(centre_toes=1, centre_toes_per_player=False)
    for blank, points in ((0, 0), (50, 50), (25, 25)):
        match = Match(["a", "b"], rules.with_options(double_blank_points=blank))
        state = match.start_round(Deal((tiles("9-9 9-1"), tiles("0-0 9-2")), tiles("")))
        state.apply(Play(t("9-9"), None))
        state.apply(Play(t("9-2"), 0))
        assert state.end is RoundEnd.BLOCKED
        assert state.points() == [10, points]


# -- options from seed 000's history paragraph ---------------------------------------------


def test_a_match_to_a_target_total_ends_when_a_total_reaches_it_and_that_seat_loses() -> None:
    rules = CLASSIC.with_options(target_total=150)
    match = random_match(3, 1, rules)
    totals = match.totals()
    assert max(totals) >= 150
    before = [sum(p[s] for p in match.points[:-1]) for s in range(3)]
    assert max(before) < 150
    outcome = match.outcome()
    assert outcome is not None and totals.index(max(totals)) not in outcome.winners
    doubles = [r.double for r in match.rounds]
    assert doubles == [(9 - k) % 10 for k in range(len(doubles))]


# -- every preset ---------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 12), st.integers(0, 2**32))
def test_every_preset_plays_replays_and_keeps_every_tile_once(
    name: str, players: int, seed: int
) -> None:
    rules = PRESETS[name]
    players = min(players, rules.max_players)
    match = random_match(players, seed, rules.with_options(length="half"))
    record = json.loads(json.dumps(to_record(match)))
    assert record["rules"]["preset"] == name
    assert to_record(replay(record)) == record
    for state, points in zip(match.rounds, match.points, strict=True):
        held = [x for s in range(players) for x in state.hand(s)]
        placed = [p.tile for p in state.board()]
        assert sorted(held + placed + state.boneyard()) == sorted(
            x
            for x in full_set(rules.set_top(players))
            if x != Tile(state.double, state.double) or not state.centre_placed or x in placed
        )
        assert len(points) == players
