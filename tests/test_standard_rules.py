"""One test per rule of the standard games (RULES.md section 3; core/standard/RULES.md)."""

from __future__ import annotations

from random import Random

import pytest

from chickenfoot.core import (
    Draw,
    IllegalActionError,
    Pass,
    Play,
    RoundEnd,
    RulesError,
    Tile,
    full_set,
)
from chickenfoot.core.standard import (
    Deal,
    HandState,
    StandardGame,
    StandardRules,
    deal,
    leader_of,
)
from chickenfoot.core.standard.hand import DealError, check_deal

DRAW = StandardRules.for_game("draw")
BLOCK = StandardRules.for_game("block")
ALL_FIVES = StandardRules.for_game("all-fives")
BERGEN = StandardRules.for_game("bergen")


def t(text: str) -> Tile:
    return Tile.parse(text)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(x) for x in text.split())


def make_deal(rules: StandardRules, hands: list[str], boneyard: str = "") -> Deal:
    """These hands; the boneyard holds ``boneyard`` first, then the rest of the set."""
    dealt = tuple(tiles(h) for h in hands)
    held = {x for h in dealt for x in h}
    first = tiles(boneyard)
    rest = tuple(x for x in full_set(rules.set_top) if x not in held and x not in first)
    return Deal(dealt, first + rest)


def make_hand(
    rules: StandardRules,
    hands: list[str],
    boneyard: str = "",
    first: int = 0,
    lead: str | None = None,
    base: list[int] | None = None,
) -> HandState:
    """A hand with exactly these hands (the deal size follows them), led by ``first``."""
    rules = rules.with_options(players=len(hands), hand_size=len(hands[0].split()))
    dealt = make_deal(rules, hands, boneyard)
    sides = [0] * len(rules.sides)
    return HandState(
        rules, dealt, first, t(lead) if lead else None, sides if base is None else base
    )


def play_out(hand: HandState, *moves: str) -> None:
    """Apply moves written ``6-3`` (a lead), ``6-3@0`` (a play on tile 0), ``draw``, ``pass``."""
    for move in moves:
        if move in ("draw", "pass"):
            hand.apply(Draw() if move == "draw" else Pass())
        elif "@" in move:
            tile, on = move.split("@")
            hand.apply(Play(t(tile), int(on)))
        else:
            hand.apply(Play(t(move), None))


# -- tiles, deal, lead ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "top", "each"),
    [
        ("draw", 2, 6, 7),
        ("draw", 3, 6, 5),
        ("draw", 4, 6, 5),
        ("draw", 2, 9, 7),
        ("draw", 4, 9, 7),
        ("block", 3, 12, 7),
        ("all-fives", 2, 6, 9),
        ("all-fives", 3, 6, 7),
        ("all-fives", 4, 6, 5),
        ("bergen", 2, 6, 6),
        ("bergen", 3, 6, 6),
        ("bergen", 4, 6, 5),
    ],
)
def test_deal_size_by_game_players_and_set(game: str, players: int, top: int, each: int) -> None:
    rules = StandardRules.for_game(game, players=players, set_top=top)
    dealt = deal(rules, Random(players))
    assert [len(h) for h in dealt.hands] == [each] * players
    assert sorted([*dealt.boneyard, *(x for h in dealt.hands for x in h)]) == full_set(top)


def test_the_deal_is_a_chance_event_of_the_random_generator_passed_in() -> None:
    assert deal(DRAW, Random(5)) == deal(DRAW, Random(5))
    assert deal(DRAW, Random(5)) != deal(DRAW, Random(6))
    assert deal(ALL_FIVES, Random(5)).lot in (0, 1)
    assert deal(DRAW, Random(5)).lot is None


def test_two_to_four_players() -> None:
    for wrong in (1, 5):
        with pytest.raises(ValueError, match="option players: expected a whole number of at"):
            StandardRules.for_game("draw", players=wrong)


def test_the_holder_of_the_highest_double_leads_with_any_tile() -> None:
    dealt = make_deal(DRAW, ["4-4 6-5 3-0 2-1 1-0 6-0 5-0", "5-5 3-3 6-1 4-2 4-0 2-0 3-1"])
    assert leader_of(DRAW, dealt, 0) == (1, None)
    game = StandardGame(["a", "b"], DRAW)
    hand = game.start_round(dealt)
    assert hand.first == hand.turn == 1
    assert hand.legal_actions() == [Play(x, None) for x in sorted(dealt.hands[1])]


def test_without_a_double_the_holder_of_the_heaviest_tile_leads() -> None:
    # 6-3 and 5-4 both have 9 pips: the higher end decides.
    dealt = make_deal(DRAW, ["5-4 4-2 4-0 3-1 3-2 6-0 5-1", "6-3 5-0 4-1 3-0 2-1 2-0 1-0"])
    assert leader_of(DRAW, dealt, 0) == (1, None)


def test_play_goes_clockwise_from_the_leader() -> None:
    hand = make_hand(BLOCK, ["6-3 0-0", "3-1 5-5", "2-1 4-4"], first=1)
    seats = []
    for move in ("3-1", "2-1@0", "6-3@0"):
        seats.append(hand.turn)
        play_out(hand, move)
    assert seats == [1, 2, 0]
    assert hand.turn == 1


def test_nothing_but_a_lead_starts_a_hand_and_the_lead_is_tile_0() -> None:
    hand = make_hand(BLOCK, ["6-3 1-0", "3-1 6-2"])
    with pytest.raises(IllegalActionError, match="first tile is a lead"):
        hand.apply(Play(t("6-3"), 0))
    play_out(hand, "6-3")
    assert [(p.id, p.tile, p.on, p.open) for p in hand.layout.placed()] == [
        (0, t("6-3"), None, (6, 3))
    ]
    with pytest.raises(IllegalActionError, match="has been led"):
        hand.apply(Play(t("3-1"), None))


# -- the line ---------------------------------------------------------------------------------


def test_one_line_with_two_ends_a_tile_goes_on_either() -> None:
    hand = make_hand(BLOCK, ["6-3 1-0 5-5", "3-1 6-2 4-4"])
    play_out(hand, "6-3")
    assert hand.layout.open_ends() == [(0, 3), (0, 6)]
    assert hand.legal_actions() == [Play(t("3-1"), 0), Play(t("6-2"), 0)]
    play_out(hand, "3-1@0")
    assert hand.layout.open_ends() == [(0, 6), (1, 1)]
    assert hand.legal_actions() == [Play(t("1-0"), 1)]


def test_a_double_sits_in_the_line_like_any_tile() -> None:
    hand = make_hand(BLOCK, ["6-3 6-1 5-5", "6-6 3-2 4-4"])
    play_out(hand, "6-3", "6-6@0")
    # The double leaves one open 6: two ends in all, and nothing is played across it.
    assert hand.layout.open_ends() == [(0, 3), (1, 6)]
    assert hand.legal_actions() == [Play(t("6-1"), 1)]


def test_a_double_led_offers_its_number_at_both_ends() -> None:
    hand = make_hand(BLOCK, ["5-5 1-0", "5-3 5-2"])
    play_out(hand, "5-5")
    assert hand.layout.open_ends() == [(0, 5), (0, 5)]
    assert hand.legal_actions() == [Play(t("5-2"), 0), Play(t("5-3"), 0)]
    play_out(hand, "5-3@0")
    assert hand.layout.open_ends() == [(0, 5), (1, 3)]


def test_a_tile_that_does_not_match_is_refused_with_the_reason() -> None:
    hand = make_hand(BLOCK, ["6-3 1-0", "3-1 6-2"])
    play_out(hand, "6-3")
    with pytest.raises(IllegalActionError, match="does not hold 1-0"):
        hand.apply(Play(t("1-0"), 0))
    with pytest.raises(IllegalActionError, match="no tile 4"):
        hand.apply(Play(t("3-1"), 4))
    play_out(hand, "3-1@0")
    with pytest.raises(IllegalActionError, match="does not match the open 6 of tile 0"):
        hand.apply(Play(t("1-0"), 0))


# -- drawing and passing ----------------------------------------------------------------------


def test_a_player_who_can_play_must_play() -> None:
    hand = make_hand(DRAW, ["6-6 0-0", "6-1 2-0"])
    play_out(hand, "6-6")
    assert hand.legal_actions() == [Play(t("6-1"), 0)]
    for action in (Draw(), Pass()):
        with pytest.raises(IllegalActionError, match="must play"):
            hand.apply(action)


def test_draw_until_a_tile_fits_then_it_must_be_played() -> None:
    hand = make_hand(DRAW, ["6-6 0-0", "1-1 2-0"], boneyard="3-1 4-1 6-5")
    play_out(hand, "6-6")
    assert hand.legal_actions() == [Draw()]
    with pytest.raises(IllegalActionError, match="must draw"):
        hand.apply(Pass())
    drawn = [hand.apply(Draw()).drawn for _ in range(3)]
    assert drawn == [t("3-1"), t("4-1"), t("6-5")] and hand.turn == 1
    assert hand.legal_actions() == [Play(t("6-5"), 0)]
    with pytest.raises(IllegalActionError, match="must play"):
        hand.apply(Pass())
    play_out(hand, "6-5@0")
    assert hand.turn == 0 and len(hand.hand(1)) == 4


def test_a_drawn_tile_may_be_kept_only_where_an_option_says_so() -> None:
    hand = make_hand(
        DRAW.with_options(drawn_tile_must_be_played=False), ["6-6 0-0", "1-1 2-0"], "6-5"
    )
    play_out(hand, "6-6", "draw")
    assert hand.legal_actions() == [Play(t("6-5"), 0), Pass()]


def test_when_nothing_is_left_to_draw_a_player_who_cannot_play_passes() -> None:
    rules = DRAW.with_options(hand_size=14)
    sixes_and_fives = "6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4"
    the_rest = "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3"
    hand = make_hand(rules, [sixes_and_fives, the_rest])
    play_out(hand, "6-6")
    assert hand.drawable == 0
    assert hand.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="no tile left to draw"):
        hand.apply(Draw())
    play_out(hand, "pass")
    assert hand.turn == 0


def test_the_block_game_never_draws_a_player_who_cannot_play_passes() -> None:
    hand = make_hand(BLOCK, ["6-6 6-5", "1-1 2-0"])
    play_out(hand, "6-6")
    assert len(hand.boneyard_tiles()) == 24 and hand.drawable == 0
    assert hand.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="nobody draws in block"):
        hand.apply(Draw())
    play_out(hand, "pass", "6-5@0")
    assert hand.end is RoundEnd.OUT


# -- the end of a hand and its score ----------------------------------------------------------


def test_the_first_player_out_scores_the_pips_in_the_other_hands() -> None:
    hand = make_hand(BLOCK, ["6-3 1-1", "3-1 5-4", "2-0 6-6"])
    play_out(hand, "6-3", "3-1@0", "6-6@0", "1-1@1")
    assert hand.end is RoundEnd.OUT and hand.winner == 0
    assert hand.points() == [9 + 2, 0, 0]


def test_a_blocked_hand_goes_to_the_lowest_pip_total_which_scores_the_others_minus_its_own() -> (
    None
):
    hand = make_hand(BLOCK, ["6-6 1-0", "2-1 3-0"])
    # Nobody holds a tile that fits the 6s: the hand is blocked at once.
    play_out(hand, "6-6")
    assert hand.end is RoundEnd.BLOCKED and hand.winner == 0
    assert hand.points() == [6 - 1, 0]


def test_a_blocked_hand_tied_for_lowest_scores_nothing_and_the_game_is_a_draw() -> None:
    rules = BLOCK.with_options(hand_size=2)
    game = StandardGame(["a", "b"], rules)
    game.start_round(make_deal(rules, ["6-6 2-1", "2-0 1-0"]))
    game.apply(Play(t("6-6"), None))
    hand = game.rounds[0]
    assert hand.end is RoundEnd.BLOCKED and hand.winner is None and hand.tied == (0, 1)
    outcome = game.outcome()
    assert outcome is not None and outcome.is_draw and outcome.totals == (0, 0)


def test_one_hand_decides_the_draw_game() -> None:
    rng = Random(4)
    game = StandardGame(["a", "b", "c"], DRAW.with_options(players=3))
    hand = game.deal_next(rng)
    while hand.end is None:
        game.apply(rng.choice(hand.legal_actions()))
    assert game.is_over and len(game.rounds) == 1
    with pytest.raises(ValueError, match="no hand can start"):
        game.deal_next(rng)


# -- partnership play -------------------------------------------------------------------------

PARTNERS = BLOCK.with_options(players=4, partnership=True)


def test_partners_sit_opposite_and_score_together() -> None:
    assert PARTNERS.sides == ((0, 2), (1, 3))
    assert [PARTNERS.side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_a_partnership_out_scores_the_opponents_pips_not_the_partners() -> None:
    hand = make_hand(PARTNERS, ["6-3 5-5", "3-1 4-4", "1-0 6-6", "2-2 4-0"])
    play_out(hand, "6-3", "3-1@0", "6-6@0", "pass", "pass", "pass", "1-0@1")
    assert hand.end is RoundEnd.OUT and hand.winner == 0
    assert hand.seat_points() == [16, 0, 16, 0]


def test_a_blocked_partnership_hand_compares_the_sides_combined_pips() -> None:
    # Seat 0 holds the fewest pips alone, but seats 1 and 3 together hold fewer than 0 and 2.
    hand = make_hand(PARTNERS, ["6-6 1-0", "2-0 2-1", "5-4 5-3", "3-0 3-1"])
    play_out(hand, "6-6")
    assert hand.end is RoundEnd.BLOCKED and hand.winner == 1
    assert hand.seat_points() == [0, 18 - 12, 0, 18 - 12]


def test_partnership_play_is_two_against_two_and_not_in_bergen() -> None:
    with pytest.raises(ValueError, match="needs 4 players"):
        StandardRules.for_game("draw", players=3, partnership=True)
    with pytest.raises(ValueError, match="bergen has no partnership"):
        StandardRules.for_game("bergen", players=4, partnership=True)
    assert StandardRules.for_game("all-fives", players=4, partnership=True).sides == (
        (0, 2),
        (1, 3),
    )


# -- All Fives --------------------------------------------------------------------------------


def test_all_fives_scores_a_multiple_of_five_on_the_ends_even_for_the_lead() -> None:
    hand = make_hand(ALL_FIVES, ["6-4 0-0", "4-1 2-2"])
    event = hand.apply(Play(t("6-4"), None))
    assert event.score == 10 and hand.scored == [10, 0]
    assert hand.apply(Play(t("4-1"), 0)).score == 0  # 6 + 1 = 7


def test_the_first_double_is_a_spinner_sides_first_then_ends() -> None:
    hand = make_hand(ALL_FIVES, ["5-5 0-0 5-4 2-2", "5-0 5-1 5-3 6-6"])
    scores = []
    for move in ("5-5", "5-0@0", "0-0@1", "5-1@0"):
        play_out(hand, move)
        scores.append(hand.history[-1].score)
    # 5-5 alone counts 10; with 5-0 on one side the spinner still counts 10 (+0);
    # 0-0 at the end of that arm counts 0 + 0; once 5-1 covers the other side the spinner
    # no longer counts: 0 + 1.
    assert scores == [10, 10, 10, 0]
    assert hand.layout.open_ends() == [(0, 5), (0, 5), (2, 0), (3, 1)]
    play_out(hand, "5-4@0")
    assert hand.history[-1].score == 5  # 0 + 1 + 4
    play_out(hand, "5-3@0")
    assert hand.layout.ends_total() == 8 and hand.layout.targets(t("5-2")) == []
    assert hand.scored == [25, 10]


def test_a_double_played_on_a_line_becomes_the_spinner_if_none_was_led() -> None:
    hand = make_hand(ALL_FIVES, ["6-4 4-1 3-3", "4-4 4-0 1-1"])
    play_out(hand, "6-4", "4-4@0")
    assert hand.layout.spinner == 1 and hand.layout.ends_total() == 6 + 8
    play_out(hand, "4-1@1")
    assert hand.layout.open_ends() == [(0, 6), (1, 4), (1, 4), (2, 1)]
    play_out(hand, "1-1@2")
    # Only the first double spins: 1-1 leaves one open side and counts both halves.
    assert hand.layout.open_ends()[-1] == (3, 1)
    assert hand.layout.ends_total() == 6 + 2 and hand.history[-1].score == 0


@pytest.mark.parametrize(
    ("left", "scored"),
    [("1-0", 0), ("2-0", 0), ("2-1", 5), ("3-1", 5), ("5-2", 5), ("4-4", 10), ("6-6", 10)],
)
def test_all_fives_out_scores_the_opponents_pips_rounded_to_the_nearest_five(
    left: str, scored: int
) -> None:
    hand = make_hand(ALL_FIVES, ["3-2", left])
    play_out(hand, "3-2")
    assert hand.end is RoundEnd.OUT
    assert hand.end_points == [scored, 0] and hand.points() == [5 + scored, 0]


def test_all_fives_first_leader_by_lot_then_the_player_who_went_out() -> None:
    kinds = set()
    for seed in range(20):
        rng = Random(seed)
        game = StandardGame(["a", "b", "c"], ALL_FIVES.with_options(players=3))
        while not game.is_over:
            hand = game.deal_next(rng)
            if len(game.rounds) > 1 and game.rounds[-2].end is RoundEnd.OUT:
                assert hand.first == game.rounds[-2].turn
                kinds.add("winner")
            else:
                assert hand.first == hand.dealt.lot
                kinds.add("lot")
            while hand.end is None:
                game.apply(rng.choice(hand.legal_actions()))
    assert kinds == {"winner", "lot"}


def test_all_fives_is_played_to_250_checked_at_the_end_of_each_hand() -> None:
    rng = Random(8)
    game = StandardGame(["a", "b", "c", "d"], ALL_FIVES.with_options(players=4, partnership=True))
    after_each_hand = []
    while not game.is_over:
        hand = game.deal_next(rng)
        while hand.end is None:
            game.apply(rng.choice(hand.legal_actions()))
        after_each_hand.append(game.side_totals())
    assert ALL_FIVES.target == 250 and len(after_each_hand) > 1
    *before, final = after_each_hand
    assert all(max(totals) < 250 or totals[0] == totals[1] for totals in before)
    assert max(final) >= 250 and final[0] != final[1]
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == ((0, 2) if final[0] > final[1] else (1, 3))


# -- Bergen -----------------------------------------------------------------------------------


def test_bergen_the_lowest_double_leads_itself_and_scores_two() -> None:
    dealt = make_deal(BERGEN, ["6-6 4-4 5-0 3-1 2-0 1-0", "2-2 6-5 6-4 6-3 5-4 5-3"])
    assert leader_of(BERGEN, dealt, 0) == (1, t("2-2"))
    game = StandardGame(["a", "b"], BERGEN)
    hand = game.start_round(dealt)
    assert hand.legal_actions() == [Play(t("2-2"), None)]
    assert game.apply(Play(t("2-2"), None)).score == 2


def test_bergen_without_a_double_the_lightest_tile_leads() -> None:
    dealt = make_deal(BERGEN, ["6-5 6-4 5-4 4-3 3-1 6-0", "2-1 3-0 4-2 5-1 6-1 5-3"])
    assert leader_of(BERGEN, dealt, 0) == (1, t("3-0"))


def test_bergen_keeps_two_boneyard_tiles_that_are_never_drawn() -> None:
    hand = HandState(BERGEN, deal(BERGEN, Random(1)), 0, None, [0, 0])
    assert len(hand.boneyard_tiles()) == 16 and hand.drawable == 14
    four = BERGEN.with_options(players=4)
    assert (
        four.hand_size == 5
        and HandState(four, deal(four, Random(1)), 0, None, [0] * 4).drawable == 6
    )


def test_bergen_double_and_triple_headers() -> None:
    hand = make_hand(BERGEN, ["6-6 6-4 2-2", "6-2 4-2 0-0"], lead="6-6")
    scores = []
    for move in ("6-6", "6-2@0", "6-4@0", "4-2@2", "2-2@1"):
        play_out(hand, move)
        scores.append(hand.history[-1].score)
    # A lone double: 2. Ends 6|2, then 2|4: nothing. 2|2: a double header. A double on
    # one end and its number on the other: a triple header.
    assert scores == [2, 0, 0, 2, 3]
    assert hand.end is RoundEnd.OUT
    assert hand.points() == [2 + 0 + 3 + 2, 2]


@pytest.mark.parametrize(
    ("before", "double", "triple"), [(10, 2, 3), (12, 2, 2), (13, 1, 1), (14, 1, 1)]
)
def test_bergen_a_header_scores_less_within_two_or_three_points_of_the_target(
    before: int, double: int, triple: int
) -> None:
    # Seat 1 needs 15 - before points to win.
    hand = make_hand(BERGEN, ["6-3 6-2 0-0", "3-1 2-1 5-5"], lead="6-3", base=[0, before])
    play_out(hand, "6-3", "3-1@0", "6-2@0", "2-1@2")
    assert hand.layout.open_ends() == [(1, 1), (3, 1)]
    assert hand.history[-1].score == double
    hand = make_hand(BERGEN, ["6-4 6-2 0-0", "4-4 4-2 5-5"], lead="6-4", base=[0, before])
    play_out(hand, "6-4", "4-4@0", "6-2@0", "4-2@2")
    assert hand.layout.open_ends() == [(1, 4), (3, 4)]
    assert hand.history[-1].score == triple


def test_bergen_a_blocked_hand_goes_to_a_hand_without_doubles() -> None:
    game = _random_bergen(77)
    hand = game.rounds[0]
    assert hand.end is RoundEnd.BLOCKED and hand.winner is not None
    loser = 1 - hand.winner
    assert any(x.is_double for x in hand.hand(loser))
    assert not any(x.is_double for x in hand.hand(hand.winner))
    assert hand.pips(loser) < hand.pips(hand.winner)
    assert hand.end_points[hand.winner] == 2


def test_bergen_a_blocked_hand_tied_scores_nothing() -> None:
    hand = _random_bergen(441).rounds[0]
    assert hand.end is RoundEnd.BLOCKED and hand.winner is None
    assert hand.pips(0) == hand.pips(1) and hand.end_points == [0, 0]


def test_bergen_is_played_to_15_with_two_players_and_10_with_more() -> None:
    assert BERGEN.target == 15
    assert BERGEN.with_options(players=3).target == 10
    assert BERGEN.with_options(players=4).target == 10


def _random_bergen(seed: int) -> StandardGame:
    """The first hand of a two-player Bergen game of random legal moves from ``seed``."""
    rng = Random(seed)
    game = StandardGame(["a", "b"], BERGEN, seed)
    hand = game.deal_next(rng)
    while hand.end is None:
        game.apply(rng.choice(hand.legal_actions()))
    return game


def test_each_refusal_of_a_play_names_its_reason_and_code() -> None:
    hand = make_hand(BLOCK, ["6-3 1-0 3-2", "3-1 6-2 5-5"])
    play_out(hand, "6-3")
    refusals = [
        (Play(t("5-5"), 0), "no-match-ends", "5-5 does not match the open 3 or 6 of tile 0"),
        (Play(t("1-0"), 0), "not-held", "seat 1 does not hold 1-0"),
    ]
    for action, code, said in refusals:
        with pytest.raises(IllegalActionError) as caught:
            hand.apply(action)
        assert (caught.value.code, str(caught.value)) == (code, said)
    play_out(hand, "3-1@0", "1-0@1", "6-2@0")
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(Play(t("3-2"), 0))
    assert (caught.value.code, str(caught.value)) == ("no-open-end", "tile 0 (6-3) has no open end")


def test_the_holder_of_the_deciding_tile_must_lead_it() -> None:
    hand = make_hand(BLOCK, ["6-6 1-0", "3-1 6-2"], lead="6-6")
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(Play(t("1-0"), None))
    assert (caught.value.code, str(caught.value)) == ("must-lead", "seat 0 must lead 6-6")


def test_a_deal_of_the_wrong_size_is_refused() -> None:
    rules = BLOCK.with_options(players=2)
    short = make_deal(rules, ["6-6 1-0 2-2 3-3 4-4 5-5 6-5", "3-1 6-2 2-1 3-2 4-1 4-2"])
    with pytest.raises(DealError) as caught:
        check_deal(rules, short)
    assert str(caught.value) == "seat 1 holds 6 tiles, the deal is 7"


def test_a_copy_of_a_hand_shows_the_same_and_goes_on_alone() -> None:
    hand = make_hand(ALL_FIVES, ["5-5 0-0 5-4 2-2", "5-0 5-1 5-3 6-6"])
    play_out(hand, "5-5", "5-0@0", "0-0@1")  # the spinner with one side still open
    copy = hand.copy()

    def seen(h: HandState) -> tuple[object, ...]:
        return (
            h.turn,
            [h.hand(s) for s in range(2)],
            h.layout.placed(),
            h.layout.spinner,
            h.layout.ends_total(),
            h.legal_actions(),
            [h.seen_history(s) for s in range(2)],
        )

    assert seen(copy) == seen(hand)
    play_out(copy, "5-1@0", "5-4@0")  # both sides of the spinner, then one of its ends
    play_out(hand, "5-1@0", "5-4@0")
    assert seen(copy) == seen(hand)
    play_out(copy, "5-3@0")
    assert copy.layout.ends_total() == 8 and hand.layout.ends_total() == 5
    assert len(copy.seen_history(0)) == 6 and len(hand.seen_history(1)) == 5


def test_a_double_free_winner_of_a_blocked_hand_with_more_pips_than_the_others_scores_nothing() -> (
    None
):
    rules = BLOCK.with_options(blocked_winner="double-free", blocked_score="difference")
    hand = make_hand(rules, ["6-6 5-4", "1-1 2-0"])
    play_out(hand, "6-6")  # blocked at once: nobody holds a 6
    assert hand.end is RoundEnd.BLOCKED and hand.winner == 0  # the only hand without a double
    assert hand.points() == [0, 0]  # 4 - 9 is less than nothing


def test_nothing_is_played_in_a_standard_game_before_a_hand_is_dealt() -> None:
    game = StandardGame(["a", "b"], DRAW)
    with pytest.raises(ValueError, match=r"^no hand is in play$"):
        game.apply(Pass())


def test_without_a_double_the_most_pips_lead_not_the_highest_number() -> None:
    # 6-2 has the highest number, 5-4 the most pips (9).
    dealt = make_deal(DRAW, ["6-0 6-1 6-2 4-0 3-0 2-0 1-0", "5-4 5-3 5-2 5-1 5-0 4-3 4-1"])
    assert leader_of(DRAW, dealt, 0) == (1, None)


def test_a_leader_drawn_by_lot_needs_the_lot() -> None:
    rules = DRAW.with_options(leader="lot")
    dealt = make_deal(rules, ["6-0 6-1 6-2 4-0 3-0 2-0 1-0", "5-4 5-3 5-2 5-1 5-0 4-3 4-1"])
    with pytest.raises(DealError, match=r"^the leader is drawn by lot, but the deal has no lot$"):
        leader_of(rules, dealt, 0)


def test_nothing_is_played_once_the_hand_is_over() -> None:
    hand = make_hand(BLOCK, ["6-6 1-0", "2-1 3-0"])
    play_out(hand, "6-6")
    assert hand.end is RoundEnd.BLOCKED
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(Pass())
    assert (caught.value.code, str(caught.value)) == ("hand-over", "the hand is over")


def test_the_next_seat_has_not_drawn_because_the_last_one_did() -> None:
    hand = make_hand(DRAW, ["6-6 5-5", "1-0 2-0"], boneyard="6-1 3-0")
    play_out(hand, "6-6", "draw", "6-1@0")  # seat 1 draws 6-1 and plays it
    assert hand.turn == 0 and not hand.drew
    assert hand.legal_actions() == [Draw()]  # 5-5 fits neither the 6 nor the 1


def test_a_game_is_set_up_for_as_many_players_as_its_rules_and_one_hand_at_a_time() -> None:
    with pytest.raises(RulesError, match=r"^the rules are for 2 players, not 3$"):
        StandardGame(["a", "b", "c"], DRAW)
    game = StandardGame(["a", "b"], DRAW)
    hand = game.deal_next(Random(1))
    with pytest.raises(ValueError, match=r"^no hand can start now$"):
        game.start_round(hand.dealt)


@pytest.mark.parametrize(
    ("rules", "hands", "action", "code", "said"),
    [
        (
            DRAW,
            ["6-6 5-5", "6-1 2-0"],
            Draw(),
            "must-play",
            "seat 1 holds a playable tile and must play",
        ),
        (
            DRAW,
            ["6-6 5-5", "6-1 2-0"],
            Pass(),
            "must-play",
            "seat 1 holds a playable tile and must play",
        ),
        (
            BLOCK,
            ["6-6 5-5", "6-1 2-0"],
            Draw(),
            "must-play",
            "seat 1 holds a playable tile and must play",
        ),
        (
            BLOCK,
            ["6-6 6-5", "3-1 2-0"],
            Draw(),
            "no-drawing",
            "nobody draws in block: seat 1 passes",
        ),
        (DRAW, ["6-6 6-5", "3-1 2-0"], Pass(), "must-draw", "seat 1 must draw before passing"),
    ],
)
def test_a_seat_that_can_play_plays_and_one_that_cannot_draws_where_the_game_draws(
    rules: StandardRules, hands: list[str], action: Draw | Pass, code: str, said: str
) -> None:
    hand = make_hand(rules, hands, boneyard="4-0")
    play_out(hand, "6-6")
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(action)
    assert (caught.value.code, str(caught.value)) == (code, said)


def test_a_deal_for_another_table_or_with_a_lot_for_no_seat_is_refused() -> None:
    rules = BLOCK.with_options(players=2, hand_size=2)
    three = make_deal(rules, ["6-6 1-0", "3-1 6-2", "5-5 4-4"])
    with pytest.raises(DealError, match=r"^3 hands for 2 players$"):
        check_deal(rules, three)
    two = make_deal(rules, ["6-6 1-0", "3-1 6-2"])
    check_deal(rules, Deal(two.hands, two.boneyard, lot=1))
    with pytest.raises(DealError, match=r"^the lot names seat 2, there are 2 seats$"):
        check_deal(rules, Deal(two.hands, two.boneyard, lot=2))


def test_a_hand_is_led_by_a_seat_at_the_table_with_a_tile_it_holds() -> None:
    rules = BLOCK.with_options(players=2, hand_size=2)
    dealt = make_deal(rules, ["6-6 1-0", "3-1 6-2"])
    assert HandState(rules, dealt, 1, None, [0, 0]).turn == 1
    with pytest.raises(DealError, match=r"^there is no seat 2 to lead$"):
        HandState(rules, dealt, 2, None, [0, 0])
    with pytest.raises(DealError, match=r"^seat 0 does not hold 3-1 to lead it$"):
        HandState(rules, dealt, 0, t("3-1"), [0, 0])


def test_a_play_on_the_id_the_next_tile_would_get_names_no_tile() -> None:
    hand = make_hand(BLOCK, ["6-6 1-0", "6-1 6-2"])
    play_out(hand, "6-6")
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(Play(t("6-1"), 1))
    assert (caught.value.code, str(caught.value)) == (
        "no-such-tile",
        "there is no tile 1 on the board",
    )


def test_a_game_offers_the_actions_of_its_hand_in_play_and_none_between_hands() -> None:
    game = StandardGame(["a", "b"], DRAW)
    assert game.legal_actions() == []
    hand = game.deal_next(Random(3))
    assert game.legal_actions() == hand.legal_actions() != []
    while hand.end is None:
        game.apply(hand.legal_actions()[0])
    assert game.legal_actions() == []


def test_a_copy_made_before_any_double_still_makes_the_first_double_the_spinner() -> None:
    hand = make_hand(ALL_FIVES, ["5-4 4-4 2-2", "5-0 6-6 1-0"])
    play_out(hand, "5-4")
    copy = hand.copy()
    play_out(copy, "5-0@0", "4-4@0")
    assert copy.layout.spinner == 2 and hand.layout.spinner is None


def test_an_action_taken_from_an_earlier_position_is_checked_again() -> None:
    hand = make_hand(DRAW, ["6-6 5-5", "6-1 2-0"], boneyard="4-0")
    legal = hand.legal_actions()
    lead = next(a for a in legal if a == Play(t("6-6"), None))
    hand.apply(lead)
    assert hand.legal_actions() == [Play(t("6-1"), 0)]
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(lead)  # the very object, from the position before
    assert caught.value.code == "not-held"  # seat 1 to play, and 6-6 lies on the table
    hand.legal_actions().clear()  # the list handed out is a copy
    assert hand.legal_actions() == [Play(t("6-1"), 0)]
