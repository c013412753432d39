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
from tests.helpers import examples, random_match, tiles
from tests.independent_checker import check_record

SPRUCE, WIKIPEDIA, REEVES = PRESETS["spruce"], PRESETS["wikipedia"], PRESETS["reeves"]


def t(text: str) -> Tile:
    return Tile.parse(text)


def single(rules: Rules) -> Rules:
    return rules.with_options(length="single")


def test_every_preset_names_its_source() -> None:
    assert set(SOURCES) == set(PRESETS)
    for name, rules in PRESETS.items():
        assert rules.preset == name
        assert SOURCES[name].startswith("source")
        assert Rules.from_options(rules.options(), preset=name) == rules


def test_unknown_or_inconsistent_options_are_refused_clearly() -> None:
    with pytest.raises(RulesError, match="unknown preset 'house'"):
        Rules.from_options({}, preset="house")
    with pytest.raises(RulesError, match="option round_double must be one of aside, dealt, found"):
        CLASSIC.with_options(round_double="hidden")
    with pytest.raises(RulesError, match="only 9 possible toes"):
        CLASSIC.with_options(centre_toes=10)
    with pytest.raises(RulesError, match="option centre_toes: expected a whole number, got a"):
        CLASSIC.with_options(centre_toes="six")
    with pytest.raises(RulesError, match="unknown option toes; known options: centre_toes"):
        CLASSIC.with_options(toes=6)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hand_sizes": [[2, 20], [3, 14], [4, -5]]}, r"option hand_sizes \[2\]\[1\]: expected a"),
        ({"hand_sizes": [[2, 0]]}, r"option hand_sizes \[0\]\[1\]: .* at least 1"),
        ({"hand_sizes": [[2, 20]]}, "option hand_sizes names no deal for 3 players"),
        ({"hand_sizes": [[3, 14], [2, 20]]}, "name each player count once, smallest first"),
        ({"set_by_players": [[float("inf"), 9]]}, "got a number with a fraction"),
        ({"set_by_players": [[8, 19]]}, r"option set_by_players \[0\]\[1\]: .* at most 18"),
        ({"undrawn_by_players": [[4, -1]]}, r"option undrawn_by_players \[0\]\[1\]: .* least 0"),
        ({"undrawn_by_players": [[13, 1]]}, r"undrawn_by_players \[0\]\[0\]: .* at most 12"),
        ({"max_players": 13}, "option max_players: expected a whole number of at most 12"),
        ({"min_players": 5, "max_players": 4}, "player range 5..4 is empty"),
        ({"target_total": -1}, "option target_total: expected a whole number of at least 0"),
        ({"double_blank_points": True}, "option double_blank_points: expected a whole number"),
        ({"length": "long"}, "option length must be one of full, half, single"),
        ({"hand_sizes": [[n, 40] for n in range(2, 9)]}, "2 players: 80 tiles dealt"),
        ({"round_double": "dealt", "starter_draw_round_one": True}, "cannot be combined"),
        ({"round_double": "dealt", "undrawn_by_players": [[2, 1]]}, "tiles kept back cannot"),
    ],
)
def test_every_option_is_checked_against_its_range(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        CLASSIC.with_options(**options)


def test_every_option_describes_itself_with_the_values_it_takes() -> None:
    info = {o.name: o for o in REEVES.describe_options()}
    assert set(info) == set(CLASSIC.options())
    assert info["centre_toes"].default == 2
    assert info["centre_toes"].schema == {"type": "integer", "minimum": 1, "maximum": 18}
    assert info["round_double"].schema == {"enum": ["aside", "dealt", "found"]}
    assert "how the round's double reaches the centre" in info["round_double"].description.lower()


# -- spruce (source 002) ----------------------------------------------------------------------


def test_spruce_deals_seven_each_and_the_round_double_with_them() -> None:
    """002: "Elke speler neemt zeven dominostenen"."""
    dealt = deal(SPRUCE, 4, 9, Random(1))
    assert [len(h) for h in dealt.hands] == [7] * 4
    everything = [x for h in dealt.hands for x in h] + list(dealt.boneyard)
    assert sorted(everything) == full_set(9)


def test_spruce_the_holder_of_the_round_double_places_it_and_the_next_seat_goes_on() -> None:
    """002: "De speler die de hoogste dubbel heeft getrokken, begint de eerste ronde door
    die tegel in het midden van de tafel te plaatsen"."""
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
    """002: "Als er een situatie is waarin geen enkele speler de tegel heeft getrokken ...
    tekenen de spelers om de beurt vanaf het kippenhok totdat deze wordt gevonden"."""
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
    """002: "Domino's moeten aan alle vier de armen van de starttegel worden toegevoegd
    voordat een tweede domino aan een van de armen wordt toegevoegd"."""
    match = Match(["a", "b"], single(SPRUCE))
    state = match.start_round(
        Deal((tiles("9-9 9-1 9-3 1-0"), tiles("9-2 9-4 2-0 5-5")), tiles("6-6"))
    )
    for action in ("9-9", "9-2@0", "9-1@0", "9-4@0", "9-3@0"):
        state.apply(Play(t(action.split("@")[0]), int(action[-1]) if "@" in action else None))
    assert state.incomplete_foot() is None
    assert sorted(n for _, n in state.open_ends()) == [1, 2, 3, 4]


def test_spruce_a_drawn_tile_that_fits_may_be_kept() -> None:
    """002: "Als die tegel kan worden gespeeld, mag de speler dit onmiddellijk doen"."""
    rules = single(SPRUCE).with_options(centre_toes=1)
    match = Match(["a", "b"], rules)
    state = match.start_round(Deal((tiles("9-9 8-8"), tiles("7-7 6-6")), tiles("9-5 4-4")))
    state.apply(Play(t("9-9"), None))
    state.apply(Draw())
    assert state.legal_actions() == [Play(t("9-5"), 0), Pass()]
    state.apply(Pass())
    assert state.turn == 0 and t("9-5") in state.hand(1)


def test_spruce_a_tie_goes_to_most_zero_rounds_then_the_lowest_nonzero_round() -> None:
    """002: "Als er een gelijkspel is, wint de speler die de meeste nulpuntsrondes heeft
    gescoord. Als er op dit punt nog steeds een gelijkspel is, wint de speler met het
    laagste totaal in een ronde, anders dan nul"."""
    zero = TieBreak.ZERO_ROUNDS
    assert winners_of([20, 20, 30], [[0, 10, 5], [20, 10, 25]], zero) == (0,)
    assert winners_of([20, 20], [[8, 5], [12, 15]], zero) == (1,)  # no zero round: 5 < 8
    assert winners_of([20, 20], [[5, 5], [15, 15]], zero) == (0, 1)
    assert winners_of([0, 0, 12], [[0, 0, 12]], zero) == (0, 1)  # no round but zeros
    assert winners_of([20, 20], [[5, 5], [15, 15]]) == (0, 1)


@pytest.mark.parametrize(
    ("players", "seed", "tied", "winner"),
    [(2, 111, [0, 1], 0), (2, 90, [0, 1], 1), (3, 280, [0, 1], 1)],
)
def test_spruce_a_match_tied_on_the_lowest_total_goes_to_the_tie_break(
    players: int, seed: int, tied: list[int], winner: int
) -> None:
    """002: the tie-break decides the match itself. Seed 111: seat 0 has the only round at
    0; seed 90: a zero round each, seat 1's lowest other round (6) beats seat 0's (36);
    seed 280: seat 1 has three rounds at 0."""
    for tie_break, winners in (("zero-rounds", (winner,)), ("none", tuple(tied))):
        match = random_match(players, seed, SPRUCE.with_options(length="half", tie_break=tie_break))
        totals = match.totals()
        assert [s for s in range(players) if totals[s] == min(totals)] == tied
        outcome = match.outcome()
        assert outcome is not None and outcome.winners == winners


# -- wikipedia (source 003) -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "top"), [(4, 9), (5, 12), (8, 12), (9, 15), (12, 15)])
def test_wikipedia_seats_up_to_twelve_with_larger_sets(players: int, top: int) -> None:
    """003: "för 2 till 12 spelare"; "Med fler än fyra spelare kräver spelet ett utökat set"."""
    assert WIKIPEDIA.set_top(players) == top
    match = random_match(players, players, single(WIKIPEDIA))
    assert match.is_over and len(match.players) == players


@pytest.mark.parametrize("round_index", [0, 1, 5])
def test_wikipedia_sets_every_rounds_double_aside_before_the_deal(round_index: int) -> None:
    """003: "I varje efterföljande omgång hittas den näst lägsta dubbla och placeras som
    utgångspunkt" (every round's double is found and placed as the starting point)."""
    dealt = deal(WIKIPEDIA, 4, 9 - round_index, Random(round_index), round_index)
    double = Tile(9 - round_index, 9 - round_index)
    everything = [x for h in dealt.hands for x in h] + list(dealt.boneyard)
    assert double not in everything
    assert sorted([*everything, double]) == full_set(9)


def test_wikipedia_round_one_starter_draws_come_from_the_boneyard_and_go_back() -> None:
    """003: "Endast i den första omgången drar alla en enda domino från bengården ... alla
    lämnar tillbaka sin dragna domino till bengården"."""
    for seed in range(20):
        dealt = deal(WIKIPEDIA, 4, 9, Random(seed))
        seats = [seat for seat, _ in dealt.start_draw]
        drawn = [tile for _, tile in dealt.start_draw]
        assert seats == [0, 1, 2, 3]
        assert all(tile in dealt.boneyard for tile in drawn)
        assert not any(tile in hand for hand in dealt.hands for tile in drawn)
        assert len(dealt.boneyard) == 54 - 4 * 7
    assert deal(WIKIPEDIA, 4, 8, Random(1), round_index=1).start_draw == ()


def test_wikipedia_round_one_is_started_by_the_highest_tile_drawn() -> None:
    """003: "Spelaren som drar det högsta värdet börjar rundan"; Decision: most pips, then
    the higher number."""
    match = Match(["a", "b", "c", "d"], WIKIPEDIA)
    hands = tuple(tiles(h) for h in ("9-1", "9-2", "9-3", "9-4"))
    rest = tuple(x for x in full_set(9) if x != t("9-9") and x not in sum(hands, ()))
    draws = tuple(enumerate(tiles("5-1 8-4 6-0 3-3")))
    state = match.start_round(Deal(hands, rest, draws))
    assert state.first == 1 and state.centre_placed
    pair = tuple(enumerate(tiles("5-1 6-0")))
    state = Match(["a", "b"], WIKIPEDIA).start_round(Deal(hands[:2], rest, pair))
    assert state.first == 1  # equal pips: the higher number wins


def test_wikipedia_later_rounds_rotate_the_start_from_round_ones_starter() -> None:
    """docs/RULES.md: round k starts with seat (s + k - 1) mod n, s round 1's starter."""
    for seed in range(8):
        match = random_match(3, seed, WIKIPEDIA.with_options(length="half"))
        starter = match.rounds[0].first
        assert [r.first for r in match.rounds] == [(starter + k) % 3 for k in range(5)]
        assert all(r.centre_placed and r.dealt.start_draw == () for r in match.rounds[1:])


def test_wikipedia_going_out_on_a_double_scores_fifty() -> None:
    """003: "Om den gör det får spelaren som spelade en dubbel som sitt sista drag 50 poäng"."""
    rules = single(WIKIPEDIA).with_options(centre_toes=1)
    match = Match(["a", "b"], rules)
    hands = (tiles("9-4 4-4"), tiles("9-3 0-0"))
    draws = tuple(enumerate(tiles("8-7 1-0")))
    state = match.start_round(Deal(hands, tiles("5-5 8-7 1-0"), draws))
    for action in (Play(t("9-4"), 0), Draw(), Pass(), Play(t("4-4"), 1)):
        state.apply(action)
    assert state.end is RoundEnd.OUT
    assert state.points() == [50, 72]


# -- reeves (source 004) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "each"), [(2, 21), (3, 14), (4, 11), (5, 8), (6, 7), (7, 6), (8, 5)]
)
def test_reeves_deal_table(players: int, each: int) -> None:
    """004: "Spelare / Domino: 2 Dra 21, 3 Dra 14, 4 Dra 11, 5 Dra 8, 6 Dra 7, 7 Dra 6, 8 Dra 5"."""
    dealt = deal(REEVES, players, 9, Random(0))
    assert [len(h) for h in dealt.hands] == [each] * players
    assert len(dealt.boneyard) == 54 - each * players


@pytest.mark.parametrize("round_index", [0, 1, 4])
@pytest.mark.parametrize("players", [2, 3, 8])
def test_reeves_the_seats_draw_in_turn_from_the_whole_set_until_one_finds_the_double(
    players: int, round_index: int
) -> None:
    """004: "turas om att dra en domino i taget. Den första personen som hittar dubbel nio
    domino går först. Placera den dubbla nian åt sidan och blanda om dominobrickorna";
    "Varje runda börjar med att den första spelaren som hittade rätt dubbel tar sin tur"."""
    double = Tile(9 - round_index, 9 - round_index)
    for seed in range(10):
        dealt = deal(REEVES, players, double.hi, Random(seed), round_index)
        seats = [seat for seat, _ in dealt.start_draw]
        drawn = [tile for _, tile in dealt.start_draw]
        assert seats == [(round_index + i) % players for i in range(len(drawn))]
        assert drawn[-1] == double and double not in drawn[:-1]
        assert len(set(drawn)) == len(drawn)
        everything = [x for h in dealt.hands for x in h] + list(dealt.boneyard)
        assert sorted([*everything, double]) == full_set(9)


def test_reeves_the_finder_starts_with_a_toe_on_the_double_in_the_centre() -> None:
    """004: "Placera brickan dubbel nio i mitten av spelplanen"; "På varje spelares första
    tur måste de kunna matcha startdubbeln". Seed 1's first round was started by placing
    9-9 when the double was dealt like any tile."""
    match = random_match(4, 1, single(REEVES))
    state = match.rounds[0]
    assert state.first == state.dealt.start_draw[-1][0]
    first = state.history[0]
    assert first.seat == state.first
    assert isinstance(first.action, Draw) or first.action == Play(first.action.tile, 0)
    assert [len(h) for h in state.dealt.hands] == [11] * 4 and len(state.dealt.boneyard) == 10


@pytest.mark.parametrize(("players", "toes"), [(2, 2), (3, 3), (4, 4), (5, 5), (8, 8)])
def test_reeves_the_centre_needs_one_toe_per_player(players: int, toes: int) -> None:
    """004: "Detta fortsätter tills det finns minst ett tåg per spelare vid bordet"."""
    assert REEVES.toes_on_centre(players) == toes


def test_reeves_more_toes_on_the_centre_by_agreement_up_to_eight() -> None:
    """004: "Beroende på preferens kan upp till åtta tåg krävas innan man går vidare"."""
    assert REEVES.with_options(centre_toes=6).toes_on_centre(4) == 6
    assert REEVES.with_options(centre_toes=8).toes_on_centre(2) == 8
    assert REEVES.with_options(centre_toes=6).toes_on_centre(8) == 8


def test_reeves_keeps_two_boneyard_tiles_undrawn_with_two_players_and_one_with_more() -> None:
    """004: "I ett spel med två spelare är de sista två dominobrickorna kvar i hönsgården. I
    ett spel med tre eller fler spelare är den sista dominobrickan kvar i hönsgården"."""
    assert REEVES.undrawn(2) == 2 and REEVES.undrawn(3) == 1 and REEVES.undrawn(8) == 1
    rules = single(REEVES).with_options(centre_toes=1)
    match = Match(["a", "b"], rules)
    found = ((0, t("8-8")), (1, t("9-9")))
    dealt = Deal((tiles("9-1 2-2"), tiles("3-3 4-4")), tiles("5-5 6-6 7-7"), found)
    state = match.start_round(dealt)
    assert state.first == 1
    state.apply(Draw())  # 5-5; 6-6 and 7-7 stay in the boneyard for good
    state.apply(Pass())
    state.apply(Play(t("9-1"), 0))
    assert state.end is RoundEnd.BLOCKED
    assert len(state.boneyard_tiles()) == 2


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**32))
def test_reeves_tiles_kept_back_are_never_drawn_by_any_rule(players: int, seed: int) -> None:
    """004 (as docs/RULES.md reads it): the tiles kept back are never drawn, by any rule."""
    match = random_match(players, seed, REEVES.with_options(length="half"))
    kept = REEVES.undrawn(players)
    for state in match.rounds:
        drawn = [e.drawn for e in state.history if isinstance(e.action, Draw)]
        assert drawn == list(state.dealt.boneyard[: len(drawn)])
        assert len(drawn) <= len(state.dealt.boneyard) - kept
        assert not any(isinstance(e.action, Play) and e.action.on is None for e in state.history)


def test_reeves_double_blank_counts_nothing_unless_chosen() -> None:
    """004: "En valfri regel är att göra dubbelnollan värd 50 poäng"."""
    rules = single(REEVES).with_options(centre_toes=1, centre_toes_per_player=False)
    for blank, points in ((0, 0), (50, 50), (25, 25)):
        match = Match(["a", "b"], rules.with_options(double_blank_points=blank))
        dealt = Deal((tiles("9-1 8-8"), tiles("0-0 9-2")), tiles(""), ((0, t("9-9")),))
        state = match.start_round(dealt)
        state.apply(Play(t("9-1"), 0))
        assert state.end is RoundEnd.BLOCKED
        assert state.points() == [16, points + 11]


# -- options from source 000's history paragraph -------------------------------------------


def test_a_match_to_a_target_total_ends_when_a_total_passes_it_and_that_seat_loses() -> None:
    """000: "spille til en spiller passerer en avtalt sum" (001: "supera"): strictly more."""
    rules = CLASSIC.with_options(target_total=150)
    match = random_match(3, 1, rules)
    totals = match.totals()
    assert max(totals) > 150
    before = [sum(p[s] for p in match.points[:-1]) for s in range(3)]
    assert max(before) <= 150
    outcome = match.outcome()
    assert outcome is not None and totals.index(max(totals)) not in outcome.winners
    doubles = [r.double for r in match.rounds]
    assert doubles == [(9 - k) % 10 for k in range(len(doubles))]


def test_a_total_equal_to_the_target_does_not_end_the_match() -> None:
    """000/001: "passerer" / "supera": a total equal to the target plays on."""
    rules = single(CLASSIC).with_options(target_total=40, centre_toes=1)
    match = Match(["a", "b"], rules)
    state = match.start_round(Deal((tiles("9-1"), tiles("9-2 8-8 7-6")), tiles("")))
    match.apply(Play(t("9-1"), 0))
    assert state.end is RoundEnd.OUT and match.totals() == [0, 40]
    assert not match.is_over and match.next_double() == 8
    state = match.start_round(Deal((tiles("8-1"), tiles("1-0")), tiles("")))
    match.apply(Pass())
    match.apply(Play(t("8-1"), 0))
    assert match.totals() == [0, 41] and match.is_over


# -- every preset ---------------------------------------------------------------------------


@settings(max_examples=examples(30), deadline=None)
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
    assert check_record(record) == []
    for state, points in zip(match.rounds, match.points, strict=True):
        held = [x for s in range(players) for x in state.hand(s)]
        placed = [p.tile for p in state.board()]
        assert sorted(held + placed + state.boneyard_tiles()) == sorted(
            x
            for x in full_set(rules.set_top(players))
            if x != Tile(state.double, state.double) or not state.centre_placed or x in placed
        )
        assert len(points) == players
