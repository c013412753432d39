"""One test per rule of docs/RULES.md section 2 (classic Chicken Foot); each names the
sentence of source 000 (Norwegian; 001 is its Italian translation) or the decision it checks."""

from __future__ import annotations

from random import Random

import pytest

from chickenfoot.core import (
    CLASSIC,
    PRESETS,
    Draw,
    FastRound,
    IllegalActionError,
    Match,
    Pass,
    Play,
    RoundEnd,
    RoundState,
    Tile,
    deal,
    full_set,
    winners_of,
)
from chickenfoot.core.pieces import Deal, Place, Placed
from tests.helpers import make_round, tiles

DEALS = {
    2: (9, 20, 14),
    3: (9, 14, 12),
    4: (9, 11, 10),
    5: (9, 9, 9),
    6: (9, 7, 12),
    7: (12, 10, 20),
    8: (12, 9, 18),
}


def t(text: str) -> Tile:
    return Tile.parse(text)


def test_set_sizes() -> None:
    """docs/RULES.md section 1: "the double-N set has one tile a-b for every 0 <= b <= a <= N";
    000: "dobbel ni-settet på 55 brikker", "dobbel tolv-settet på 91 brikker"."""
    assert [len(full_set(n)) for n in (6, 9, 12, 15, 18)] == [28, 55, 91, 136, 190]


@pytest.mark.parametrize("players", range(2, 9))
def test_set_and_deal_size_for_every_player_count(players: int) -> None:
    """000: "Fra dobbel ni-settet får hver spiller 20 brikker med to spillere, 14 med tre, 11
    med fire, 9 med fem og 7 med seks; fra dobbel tolv-settet 10 hver med sju og 9 med åtte"."""
    top, each, left = DEALS[players]
    assert CLASSIC.set_top(players) == top
    dealt = deal(CLASSIC, players, top, Random(players))
    assert [len(h) for h in dealt.hands] == [each] * players
    assert len(dealt.boneyard) == left


@pytest.mark.parametrize("players", [2, 8])
def test_round_double_is_set_aside_before_the_deal(players: int) -> None:
    """000: "Rundens dobbel ... legges i midten før utdelingen"."""
    top = CLASSIC.set_top(players)
    dealt = deal(CLASSIC, players, top - 3, Random(1))
    everything = [x for h in dealt.hands for x in h] + list(dealt.boneyard)
    assert Tile(top - 3, top - 3) not in everything
    assert sorted([*everything, Tile(top - 3, top - 3)]) == full_set(top)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_too_few_or_many_players_are_refused(players: int) -> None:
    """000: "et dominospill for to til åtte spillere"."""
    Match(["x"] * players)
    for wrong in (1, 9):
        with pytest.raises(ValueError, match="2 to 8 players"):
            Match(["x"] * wrong)


def test_full_match_plays_every_double_from_the_highest_down() -> None:
    """000: "spiller ti runder, én for hver dobbel fra 9-9 ned til 0-0"."""
    assert CLASSIC.round_doubles(4) == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert CLASSIC.round_doubles(7) == list(range(12, -1, -1))


def test_half_match_is_the_first_half_of_the_rounds() -> None:
    """000: "Halve kampen eller én enkelt runde kan velges"; Decision: the first ceil(R/2)
    rounds."""
    half = CLASSIC.with_options(length="half")
    assert half.round_doubles(4) == [9, 8, 7, 6, 5]
    assert half.round_doubles(8) == [12, 11, 10, 9, 8, 7, 6]


def test_single_round_is_the_first_round_only() -> None:
    """000: "Halve kampen eller én enkelt runde kan velges"; Decision: the first round."""
    assert CLASSIC.with_options(length="single").round_doubles(5) == [9]


def test_first_turn_moves_one_seat_each_round() -> None:
    """000: "Første tur flytter seg ett sete for hver runde"."""
    rng = Random(3)
    match = Match(["a", "b", "c"])
    firsts = []
    for _ in range(5):
        state = match.deal_next(rng)
        firsts.append(state.first)
        assert state.turn == state.first
        while state.end is None:
            match.apply(rng.choice(state.legal_actions()))
    assert firsts == [0, 1, 2, 0, 1]


def test_play_goes_clockwise() -> None:
    """docs/RULES.md section 2: "play passes clockwise, from seat i to seat i+1"."""
    state = make_round(9, ["9-1 0-0", "9-2 0-0", "9-3 0-0"], first=1)
    seats = []
    for tile in ("9-2", "9-3", "9-1"):
        seats.append(state.turn)
        state.apply(Play(t(tile), 0))
    assert seats == [1, 2, 0]
    assert state.turn == 1


def test_centre_needs_six_toes_before_anything_else() -> None:
    """000: "Før noe annet må startdobbelen få seks brikker lagt inntil seg, alle med samme
    tall"."""
    state = make_round(9, ["9-1 9-2 9-3 1-1 2-0", "9-4 9-5 9-6 1-0 3-3"])
    assert state.legal_actions() == [Play(t("9-1"), 0), Play(t("9-2"), 0), Play(t("9-3"), 0)]
    state.apply(Play(t("9-1"), 0))
    # 1-0 would fit the new open 1, but the centre still lacks five toes.
    assert state.legal_actions() == [Play(t("9-4"), 0), Play(t("9-5"), 0), Play(t("9-6"), 0)]
    with pytest.raises(IllegalActionError, match="needs 5 more toe"):
        state.apply(Play(t("1-0"), 1))
    for tile in ("9-4", "9-2", "9-5", "9-3", "9-6"):
        state.apply(Play(t(tile), 0))
    assert state.incomplete_foot() is None
    assert [n for _, n in state.open_ends()] == [1, 4, 2, 5, 3, 6]
    assert state.legal_actions() == [Play(t("1-1"), 1), Play(t("2-0"), 3)]


def test_a_tile_played_on_a_line_opens_its_other_number() -> None:
    """000: "legger du én brikke når det er din tur, på den åpne enden av en hvilken som helst
    rekke"."""
    state = make_round(9, ["9-1 1-5 0-0", "9-2 0-0"], rules=CLASSIC.with_options(centre_toes=2))
    state.apply(Play(t("9-1"), 0))
    state.apply(Play(t("9-2"), 0))
    state.apply(Play(t("1-5"), 1))
    assert state.open_ends() == [(2, 2), (3, 5)]


def test_a_double_closes_its_line_and_needs_three_toes() -> None:
    """000: "En dobbel som legges på enden av en rekke, stenger den rekken, og den trenger tre
    egne tær"."""
    state = make_round(9, ["9-1 9-2 9-3 1-1 2-0", "9-4 9-5 9-6 1-0 3-3 1-2 1-3"])
    for tile in ("9-1", "9-4", "9-2", "9-5", "9-3", "9-6"):
        state.apply(Play(t(tile), 0))
    state.apply(Play(t("1-1"), 1))
    assert state.incomplete_foot() == (7, 1, 3)
    assert (1, 1) not in state.open_ends()
    # Only toes on the double: 3-3 would fit the open 3, 2-0 the open 2.
    assert state.legal_actions() == [Play(t("1-0"), 7), Play(t("2-1"), 7), Play(t("3-1"), 7)]
    state.apply(Play(t("1-0"), 7))
    assert state.incomplete_foot() == (7, 1, 2)
    assert state.open_ends()[-1] == (8, 0)


def test_nothing_else_is_playable_while_a_foot_is_incomplete() -> None:
    """000: "tre brikker som matcher den, før noen kan legge andre steder"."""
    state = make_round(9, ["9-1 9-2 9-3 1-1 2-0 3-2", "9-4 9-5 9-6 3-3 4-0 1-7"], boneyard="8-8")
    for tile in ("9-1", "9-4", "9-2", "9-5", "9-3", "9-6"):
        state.apply(Play(t(tile), 0))
    state.apply(Play(t("1-1"), 1))
    # Seat 1 holds 3-3 and 4-0 that fit open ends, but only a toe on 1-1 is legal.
    assert state.legal_actions() == [Play(t("7-1"), 7)]
    with pytest.raises(IllegalActionError, match="needs 3 more toe"):
        state.apply(Play(t("4-0"), 2))
    state.apply(Play(t("7-1"), 7))
    # Seat 0 has no toe for the 1-1 foot, so it must draw, though 2-0 and 3-2 fit lines.
    assert state.legal_actions() == [Draw()]


def test_draw_one_tile_when_nothing_fits_and_play_it_where_you_choose() -> None:
    """000: "Hvis ingenting passer, trekker du én brikke og legger den hvis du kan"."""
    state = make_round(
        9,
        ["9-1 9-2 9-3 8-8", "9-4 9-5 9-6 8-7"],
        boneyard="2-4 7-0",
    )
    for tile in ("9-1", "9-4", "9-2", "9-5", "9-3", "9-6"):
        state.apply(Play(t(tile), 0))
    assert state.legal_actions() == [Draw()]
    with pytest.raises(IllegalActionError, match="must draw"):
        state.apply(Pass())
    event = state.apply(Draw())
    assert event.drawn == t("4-2") and state.turn == 0
    # 4-2 fits the open 2 (tile 3) and the open 4 (tile 2): the drawer chooses, and must play.
    assert state.legal_actions() == [Play(t("4-2"), 2), Play(t("4-2"), 3)]
    with pytest.raises(IllegalActionError, match="must play"):
        state.apply(Pass())
    state.apply(Play(t("4-2"), 2))
    assert state.turn == 1


def test_a_drawn_tile_that_does_not_fit_ends_the_turn_with_a_pass() -> None:
    """000: "trekker du én brikke og legger den hvis du kan, ellers står du over"."""
    state = make_round(9, ["9-1 9-2 9-3 8-8", "9-4 9-5 9-6 8-7"], boneyard="7-0 2-4")
    for tile in ("9-1", "9-4", "9-2", "9-5", "9-3", "9-6"):
        state.apply(Play(t(tile), 0))
    state.apply(Draw())
    assert state.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="drawn already"):
        state.apply(Draw())
    state.apply(Pass())
    assert state.turn == 1
    assert state.legal_actions() == [Draw()]


def test_a_player_with_a_legal_tile_must_play_it() -> None:
    """docs/RULES.md section 2, Decision: "a player holding a legal tile must play one"."""
    state = make_round(9, ["9-1 0-0", "9-2 0-0"], boneyard="5-5")
    assert Draw() not in state.legal_actions() and Pass() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="must play"):
        state.apply(Draw())
    with pytest.raises(IllegalActionError, match="must play"):
        state.apply(Pass())


def test_pass_when_nothing_fits_and_the_boneyard_is_empty() -> None:
    """docs/RULES.md section 2: "With no legal tile and an empty boneyard: pass"."""
    state = make_round(
        9, ["9-1 2-2 2-0 5-5", "9-2 1-0 3-3"], rules=CLASSIC.with_options(centre_toes=2)
    )
    state.apply(Play(t("9-1"), 0))
    state.apply(Play(t("9-2"), 0))
    state.apply(Play(t("2-2"), 2))  # a foot on 2-2: seat 1 has no toe for it, seat 0 has
    assert state.end is None and state.turn == 1
    assert state.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="the boneyard has no tile left to draw"):
        state.apply(Draw())


def test_the_round_ends_when_a_player_goes_out() -> None:
    """000: "Runden slutter når en spiller legger sin siste brikke"."""
    state = make_round(9, ["9-1", "9-2 9-3"], boneyard="5-5")
    state.apply(Play(t("9-1"), 0))
    assert state.end is RoundEnd.OUT
    assert state.legal_actions() == []
    assert state.points() == [0, 23]
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(Play(t("9-2"), 0))


def test_the_round_ends_blocked_at_once_when_nobody_can_play_or_draw() -> None:
    """000: "eller når reserven er tom og ingen kan legge"."""
    state = make_round(9, ["9-1 2-2 5-5", "9-2 1-0 3-3"], rules=CLASSIC.with_options(centre_toes=2))
    state.apply(Play(t("9-1"), 0))
    state.apply(Play(t("9-2"), 0))
    assert state.end is None
    state.apply(Play(t("2-2"), 2))  # a foot nobody can complete, and nothing to draw
    assert state.end is RoundEnd.BLOCKED
    assert state.points() == [10, 7]


def test_blocked_is_checked_after_the_last_draw() -> None:
    """docs/RULES.md section 2, Decision: "at once" means after any action, a draw included."""
    state = make_round(
        9, ["9-1 2-2 5-5", "9-2 3-3 4-4"], boneyard="6-6", rules=CLASSIC.with_options(centre_toes=2)
    )
    for action in (Play(t("9-1"), 0), Play(t("9-2"), 0), Play(t("2-2"), 2)):
        state.apply(action)
    assert state.end is None and state.legal_actions() == [Draw()]
    state.apply(Draw())
    assert state.end is RoundEnd.BLOCKED


def test_penalty_points_are_the_pips_left_and_double_blank_is_fifty() -> None:
    """000: "Brikkene som er igjen på hver hånd, teller som minuspoeng, og dobbel blank er
    verdt 50"."""
    state = make_round(9, ["9-1", "0-0 7-5", "0-1 0-2"])
    state.apply(Play(t("9-1"), 0))
    assert state.points() == [0, 62, 3]
    assert CLASSIC.with_options(double_blank_points=25).double_blank_points == 25


def test_lowest_total_wins_and_a_shared_lowest_total_is_a_draw() -> None:
    """000: "etter siste runde vinner lavest sum. Lik laveste sum er uavgjort"."""
    assert winners_of([40, 12, 30]) == (1,)
    assert winners_of([12, 40, 12]) == (0, 2)


def test_match_totals_add_up_the_rounds_and_name_the_winners() -> None:
    """000: "etter siste runde vinner lavest sum"."""
    rng = Random(5)
    match = Match(["a", "b"], CLASSIC.with_options(length="half"))
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            match.apply(rng.choice(state.legal_actions()))
    assert len(match.points) == 5
    left = [
        [sum(50 if t == Tile(0, 0) else t.pips for t in r.hand(s)) for s in (0, 1)]
        for r in match.rounds
    ]
    assert match.points == left
    totals = [sum(points[s] for points in left) for s in (0, 1)]
    outcome = match.outcome()
    assert outcome is not None
    assert list(outcome.totals) == totals
    assert outcome.winners == tuple(s for s in (0, 1) if totals[s] == min(totals))


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = make_round(9, ["9-1 5-4", "9-2"])
    before = state.legal_actions()
    for action, code, said in [
        (Play(t("5-4"), 0), "no-match", "5-4 does not match the 9 of tile 0"),
        (Play(t("9-2"), 0), "not-held", "seat 0 does not hold 9-2"),
        (Play(t("9-1"), 4), "no-such-tile", "there is no tile 4 on the board"),
        (Play(t("9-1"), None), "name-target", "9-1 must be played on a tile (name its id)"),
        (Draw(), "must-play", "seat 0 holds a playable tile and must play"),
        (Pass(), "must-play", "seat 0 holds a playable tile and must play"),
    ]:
        with pytest.raises(IllegalActionError) as caught:
            state.apply(action)
        assert (caught.value.code, str(caught.value)) == (code, said)
    assert state.legal_actions() == before and state.history == []


def refusal(state: RoundState, action: Play | Draw | Pass) -> tuple[str, str]:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    return caught.value.code, str(caught.value)


def test_a_foot_waiting_for_toes_is_named_with_what_it_needs() -> None:
    state = make_round(9, ["9-1 5-4", "9-2"])
    state.apply(Play(t("9-1"), 0))
    assert refusal(state, Play(t("9-2"), 1)) == (
        "foot-waiting",
        "the foot on tile 0 (9-9) needs 5 more toe(s) before anything else is played",
    )


def test_drawing_and_passing_are_refused_with_the_reason() -> None:
    empty = make_round(9, ["5-4", "9-2"])
    assert refusal(empty, Draw()) == ("nothing-to-draw", "the boneyard has no tile left to draw")
    full = make_round(9, ["5-4", "9-2"], boneyard="3-2")
    assert refusal(full, Pass()) == ("must-draw", "seat 0 must draw before passing")
    full.apply(Draw())
    assert refusal(full, Draw()) == ("drawn-already", "seat 0 has drawn already this turn")


def test_a_covered_tile_and_a_finished_round_take_nothing() -> None:
    rules = CLASSIC.with_options(centre_toes=1)
    state = make_round(9, ["9-1 4-3 2-6", "1-2 1-5 8-8"], boneyard="0-0", rules=rules)
    state.apply(Play(t("9-1"), 0))
    state.apply(Play(t("1-2"), 1))
    assert refusal(state, Play(t("4-3"), 1)) == ("no-open-end", "tile 1 (9-1) has no open end")
    assert refusal(state, Play(t("2-6"), 0)) == ("no-open-end", "tile 0 (9-9) has no open end")
    over = make_round(9, ["9-1", "9-2 9-3"], rules=rules)
    over.apply(Play(t("9-1"), 0))
    assert over.end is RoundEnd.OUT
    assert refusal(over, Pass()) == ("round-over", "the round is over")


def test_a_dealt_double_is_placed_before_anything_else() -> None:
    dealt = Deal((tiles("9-9 9-1"), tiles("9-2 3-3")), tiles("4-4"))
    state = RoundState(PRESETS["spruce"], 9, 0, dealt, placed=False)
    for action in (Play(t("9-1"), 0), Play(t("9-1"), None)):
        assert refusal(state, action) == (
            "place-centre-first",
            "9-9 must be placed in the centre first",
        )
    for action in (Draw(), Pass()):
        assert refusal(state, action) == ("must-play", "seat 0 holds a playable tile and must play")


def test_tiles_helper_reads_either_order() -> None:
    assert tiles("3-9 9-3") == (Tile(9, 3), Tile(9, 3))


def test_a_position_rebuilt_from_the_open_ends_offers_the_same_moves() -> None:
    """What a searching player rebuilds from a view (open ends counted per number, the foot
    waiting for toes) allows exactly the moves of the round it was taken from."""
    rng = Random(12)
    compared = 0
    for _ in range(20):
        match = Match(["a", "b", "c"], CLASSIC.with_options(length="single"))
        state = match.deal_next(rng)
        while state.end is None:
            fast = state.fast
            counts = [0] * len(fast.counts)
            for _, number in state.open_ends():
                counts[number] += 1
            foot = state.incomplete_foot()
            rebuilt = FastRound.position(
                counts=counts,
                foot=foot[1] if foot else -1,
                need=foot[2] if foot else 0,
                hands=fast.hands,
                boneyard=fast.boneyard[fast.next_draw :],
                drawable=state.drawable,
                turn=state.turn,
                foot_toes=CLASSIC.foot_toes,
                drawn_must_play=True,
                blank_points=50,
                double_out_points=0,
                centre=-1,
                drew=fast.drew,
            )
            assert sorted(rebuilt.legal_moves()) == sorted(fast.legal_moves())
            assert rebuilt.points() == fast.points()
            compared += 1
            match.apply(rng.choice(state.legal_actions()))
    assert compared > 500


def test_nothing_is_played_before_a_round_is_dealt() -> None:
    with pytest.raises(ValueError) as caught:
        Match(["a", "b"], CLASSIC).apply(Draw())
    assert str(caught.value) == "no round is in play"


def test_a_copy_of_a_round_shows_the_same_and_goes_on_alone() -> None:
    match = Match(["a", "b", "c"], CLASSIC.with_options(length="single"))
    rng = Random(4)
    state = match.deal_next(rng)
    for _ in range(12):
        match.apply(rng.choice(state.legal_actions()))
    copy = state.copy()

    def seen(r: RoundState) -> tuple[object, ...]:
        hands = [r.hand(s) for s in range(3)]
        seen = [r.seen_history(s) for s in range(3)]
        return r.first, r.turn, hands, r.board(), r.open_ends(), r.history, r.legal_actions(), seen

    assert seen(copy) == seen(state)
    assert (copy.rules, copy.double, copy.dealt) == (state.rules, state.double, state.dealt)
    copy.apply(copy.legal_actions()[0])
    assert len(copy.history) == 13 and len(state.history) == 12
    assert [len(copy.seen_history(s)) for s in range(3)] == [13] * 3
    assert [len(state.seen_history(s)) for s in range(3)] == [12] * 3


def test_every_action_counts_towards_the_limit() -> None:
    match = Match(["a", "b", "c", "d"], CLASSIC.with_options(length="single"))
    rng = Random(7)
    state = match.deal_next(rng)
    while state.end is None:
        match.apply(rng.choice(state.legal_actions()))
    assert any(isinstance(e.action, Draw) for e in state.history)
    assert state.fast.plies == len(state.history)


def test_the_double_blank_dealt_as_the_round_s_double_is_placed_first() -> None:
    dealt = Deal((tiles("0-0 1-0"), tiles("2-0 3-3")), tiles("4-4"))
    state = RoundState(PRESETS["spruce"], 0, 0, dealt, placed=False)
    assert refusal(state, Play(t("1-0"), 0)) == (
        "place-centre-first",
        "0-0 must be placed in the centre first",
    )
    state.apply(Play(t("0-0"), None))
    centre = Place(0, 0, 0, True)  # the first tile: a line of its own, and a fork
    assert state.board() == [Placed(0, Tile(0, 0), None, (), centre)]  # as a double set aside lies


def test_while_the_round_s_double_waits_it_is_the_only_tile_anyone_may_play() -> None:
    """spruce: the double is dealt; here it lies in the boneyard, so seat 0 draws for it."""
    double = Tile(5, 5)
    dealt = Deal((tiles("1-0 2-0"), tiles("3-0 4-4")), tiles("5-5 6-6"))
    state = RoundState(PRESETS["spruce"], 5, 0, dealt, placed=False)
    assert refusal(state, Pass()) == ("must-draw", "seat 0 must draw before passing")
    state.apply(Draw())
    state.apply(Play(double, None))
    assert state.needed == [1 << double.index] * 2  # before the draw and before the placing
    blank = Deal((tiles("0-0 1-0"), tiles("2-0 3-3")), tiles("4-4"))
    state = RoundState(PRESETS["spruce"], 0, 0, blank, placed=False)
    state.apply(Play(Tile(0, 0), None))
    assert state.needed == [1 << Tile(0, 0).index]


def test_a_round_starts_only_when_the_last_has_ended_and_is_booked_once() -> None:
    match = Match(["a", "b"], CLASSIC.with_options(length="half"))
    rng = Random(2)
    state = match.deal_next(rng)
    with pytest.raises(ValueError, match=r"^no round can start now$"):
        match.deal_next(rng)
    while state.end is None:
        match.apply(state.legal_actions()[0])
    booked = (list(match.points), match.totals())
    match.finish_round_if_over()
    assert (list(match.points), match.totals()) == booked and len(match.points) == 1
    while not match.is_over:
        state = match.deal_next(rng)
        while state.end is None:
            match.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match=r"^no round can start now$"):
        match.deal_next(rng)


def test_what_was_playable_before_each_action_is_every_tile_that_fits_an_open_end() -> None:
    state = make_round(9, ["9-0 9-2 9-4 0-0 5-5", "9-1 9-3 9-5 4-2 8-8"])
    for toe in ("9-0", "9-1", "9-2", "9-3", "9-4", "9-5"):
        state.apply(Play(t(toe), 0))
    state.apply(Play(t("0-0"), 1))  # the open ends show 0, 1, 2, 3, 4 and 5
    fits = sum(1 << x.index for x in full_set(18) if {x.hi, x.lo} & {0, 1, 2, 3, 4, 5})
    assert state.needed[-1] == fits
    nines = sum(1 << x.index for x in full_set(18) if 9 in (x.hi, x.lo))
    assert state.needed[0] == nines  # the centre double waiting for its toes
