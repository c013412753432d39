"""Every field of every seat's view, checked against the full state of the round.

The expected values are worked out here from the raw facts (the deal, the history of
actions, the match's points) and from the rules as docs/RULES.md and docs/STANDARD.md state
them, not from the engine's own derived accessors, so a wrong view field cannot agree with
itself.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.core import PRESETS, Draw, Match, Play, RoundState, Tile, games, seat_view
from chickenfoot.core.pieces import Deal
from chickenfoot.core.standard import (
    SETS,
    Game,
    HandState,
    StandardGame,
    StandardRules,
    standard_view,
)
from tests import independent_standard_checker as standard_oracle
from tests.helpers import examples, make_round, tiles

CENTRE_TOES = {"classic": 6, "spruce": 4, "wikipedia": 4}
"""docs/RULES.md section 4; reeves needs one toe per player."""
FOOT_TOES = 3
KEPT_BACK = {"reeves": {2: 2}}
"""Boneyard tiles nobody draws: reeves keeps 2 with 2 players, 1 with more."""


def kept_back(preset: str, players: int) -> int:
    if preset != "reeves":
        return 0
    return KEPT_BACK["reeves"].get(players, 1)


def centre_toes(preset: str, players: int) -> int:
    return players if preset == "reeves" else CENTRE_TOES[preset]


def hands_now(
    dealt: tuple[tuple[Tile, ...], ...], history: list[tuple[int, object, object]]
) -> list[list[Tile]]:
    """Each seat's tiles: as dealt, plus what it drew, minus what it played."""
    hands = [list(h) for h in dealt]
    for seat, action, drawn in history:
        if isinstance(action, Draw):
            assert isinstance(drawn, Tile)
            hands[seat].append(drawn)
        elif isinstance(action, Play):
            hands[seat].remove(action.tile)
    return [sorted(h) for h in hands]


def chickenfoot_board(state: RoundState, placed_first: bool) -> list[tuple[Tile, int | None]]:
    """``(tile, id it was played on)`` by id, from the history alone."""
    board: list[tuple[Tile, int | None]] = []
    if placed_first:
        board.append((Tile(state.double, state.double), None))
    for event in state.history:
        if isinstance(event.action, Play):
            board.append((event.action.tile, event.action.on))
    return board


def open_line_ends(board: list[tuple[Tile, int | None]]) -> list[tuple[int, int]]:
    """``(id, number)`` of every line end nothing was played on: a tile that is no double,
    showing the number it was not played with."""
    out = []
    covered = {on for _, on in board}
    for i, (tile, on) in enumerate(board):
        if on is None or tile.is_double or i in covered:
            continue
        base = board[on][0]
        matched = base.hi if base.is_double else _open_number(board, on)
        out.append((i, tile.lo if tile.hi == matched else tile.hi))
    return out


def _open_number(board: list[tuple[Tile, int | None]], i: int) -> int:
    tile, on = board[i]
    assert on is not None
    base = board[on][0]
    matched = base.hi if base.is_double else _open_number(board, on)
    return tile.lo if tile.hi == matched else tile.hi


def waiting_foot(
    board: list[tuple[Tile, int | None]], centre_needs: int
) -> tuple[int, int, int] | None:
    """``(id, number, toes still needed)`` of the last double on the board if it still
    needs toes (the centre needs ``centre_needs``, a later double three)."""
    doubles = [i for i, (tile, _) in enumerate(board) if tile.is_double]
    if not doubles:
        return None
    last = doubles[-1]
    needs = centre_needs if last == 0 else FOOT_TOES
    toes = sum(1 for _, on in board if on == last)
    return (last, board[last][0].hi, needs - toes) if toes < needs else None


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 12), st.integers(0, 2**32))
def test_every_field_of_a_chickenfoot_view_agrees_with_the_full_state(
    name: str, players: int, seed: int
) -> None:
    rules = PRESETS[name].with_options(length="single")
    players = min(players, rules.max_players)
    rng = Random(seed)
    match = Match([f"p{s}" for s in range(players)], rules)
    top = rules.set_top(players)
    while not match.is_over:
        state = match.deal_next(rng)
        k = len(match.rounds) - 1
        while True:
            history = [(e.seat, e.action, e.drawn) for e in state.history]
            hands = hands_now(state.dealt.hands, history)
            draws = sum(1 for _, a, _ in history if isinstance(a, Draw))
            dealt_double = name == "spruce"
            placed = not dealt_double or any(
                isinstance(a, Play) and a.on is None for _, a, _ in history
            )
            board = chickenfoot_board(state, not dealt_double)
            boneyard = len(state.dealt.boneyard) - draws
            ended = state.end is not None
            for seat in range(players):
                view = seat_view(match, seat, state)
                assert view.seat == seat and view.players == tuple(match.players)
                assert view.round_number == k + 1 and view.rounds_in_match == 1
                assert view.double == Tile(top - k, top - k) and view.first == state.first
                assert list(view.hand) == hands[seat]
                assert list(view.hand_sizes) == [len(h) for h in hands]
                assert view.boneyard_size == boneyard
                kept = kept_back(name, players)
                assert view.drawable == max(0, boneyard - kept)
                assert [(p.tile, p.on) for p in view.board] == board
                assert sorted(view.open_ends) == sorted(open_line_ends(board))
                foot = waiting_foot(board, centre_toes(name, players)) if placed else None
                assert view.foot == (None if ended else foot) or (ended and view.foot == foot)
                assert view.centre_placed == placed
                assert view.centre_toes == centre_toes(name, players)
                last = history[-1] if history else None
                drew = last is not None and isinstance(last[1], Draw) and last[0] == state.turn
                assert view.drew == drew
                assert [(e.seat, e.action) for e in view.history] == [(s, a) for s, a, _ in history]
                assert [e.score for e in view.history] == [e.score for e in state.history]
                assert [e.drawn for e in view.history] == [
                    d if s == seat else None for s, _, d in history
                ]
                mine = state.turn == seat and not ended
                assert view.legal == (tuple(state.legal_actions()) if mine else ())
                assert view.round_points == tuple(tuple(p) for p in match.points)
                assert list(view.totals) == [
                    sum(p[s] for p in match.points) for s in range(players)
                ]
                assert view.end == (state.end.value if state.end else None)
            if ended:
                break
            match.apply(rng.choice(state.legal_actions()))


def oracle_layout(rules: StandardRules, plays: list[Play]) -> standard_oracle.HandState:
    """The independent checker's layout after ``plays``, for its spinner and its count."""
    problems, oracle_rules = standard_oracle._read_options(rules.options())
    assert not problems and oracle_rules is not None
    hands: list[list[tuple[int, int]]] = [[] for _ in range(rules.players)]
    layout = standard_oracle.HandState(oracle_rules, hands, [], 0, None, None)
    for play in plays:
        layout.place((play.tile.hi, play.tile.lo), play.on)
    return layout


def layout_ends(hand: HandState) -> list[tuple[int, int]]:
    """``(id, number)`` of the open ends of a line without a spinner, from the history: the
    lead shows both its numbers, every later tile its far number, until covered."""
    tiles: list[tuple[Tile, int | None]] = []
    for event in hand.history:
        if isinstance(event.action, Play):
            tiles.append((event.action.tile, event.action.on))
    ends: dict[int, list[int]] = {}
    for i, (tile, on) in enumerate(tiles):
        if on is None:
            ends[i] = [tile.hi, tile.lo]
            continue
        shown = ends[on]
        matched = tile.hi if tile.hi in shown else tile.lo
        shown.remove(matched)
        ends[i] = [tile.lo if tile.hi == matched else tile.hi]
    return sorted((i, n) for i, numbers in ends.items() for n in numbers)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from([g.value for g in Game]),
    st.integers(2, 4),
    st.sampled_from(SETS),
    st.booleans(),
    st.integers(0, 2**32),
)
def test_every_field_of_a_standard_view_agrees_with_the_full_state(
    game_name: str, players: int, top: int, partners: bool, seed: int
) -> None:
    partnership = partners and players == 4 and game_name != "bergen"
    rules = StandardRules.for_game(game_name, players=players, set_top=top, partnership=partnership)
    rng = Random(seed)
    game = StandardGame([f"p{s}" for s in range(players)], rules)
    kept = 2 if game_name == "bergen" else 0
    drawing = game_name != "block"
    sides = [[0, 2], [1, 3]] if partnership else [[s] for s in range(players)]
    while not game.is_over:
        hand = game.deal_next(rng)
        while True:
            history = [(e.seat, e.action, e.drawn) for e in hand.history]
            hands = hands_now(hand.dealt.hands, history)
            draws = sum(1 for _, a, _ in history if isinstance(a, Draw))
            boneyard = len(hand.dealt.boneyard) - draws
            finished = [sum(p[s] for p in game.points) for s in range(players)]
            scored = [0] * players
            for event in hand.history:
                for side in sides:
                    if event.seat in side:
                        for s in side:
                            scored[s] += event.score
            plays = [a for _, a, _ in history if isinstance(a, Play)]
            board = [(i, a.tile, a.on) for i, a in enumerate(plays)]
            layout = oracle_layout(rules, plays)
            spinner = next(
                (i for i, a in enumerate(plays) if rules.spinner and a.tile.is_double), None
            )
            for seat in range(players):
                view = standard_view(game, seat, hand)
                assert view.rules == rules
                assert view.sides == tuple(tuple(side) for side in sides)
                assert view.spinner == spinner
                assert view.ends_total == (layout.count() if plays else 0)
                assert [(p.id, p.tile, p.on) for p in view.board] == board
                assert list(view.hand) == hands[seat]
                assert list(view.hand_sizes) == [len(h) for h in hands]
                assert view.boneyard_size == boneyard
                assert view.drawable == (max(0, boneyard - kept) if drawing else 0)
                if not rules.spinner:
                    assert sorted(view.open_ends) == layout_ends(hand)
                if hand.end is None:
                    assert list(view.totals) == [
                        f + s for f, s in zip(finished, scored, strict=True)
                    ]
                    assert list(view.hand_points) == scored
                else:
                    assert list(view.totals) == finished
                    assert list(view.hand_points) == game.points[-1]
                assert [e.drawn for e in view.history] == [
                    d if s == seat else None for s, _, d in history
                ]
                assert [e.score for e in view.history] == [e.score for e in hand.history]
            if hand.end is not None:
                break
            game.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize("game", ["chickenfoot", "draw", "all-fives"])
def test_a_view_of_an_earlier_round_shows_that_round(game: str) -> None:
    options = {} if game == "chickenfoot" else {"target": 1000}
    rules = games.make_rules(game, players=2, options=options)
    match = games.new_match(["ann", "bo"], rules)
    rng = Random(5)
    first = match.deal_next(rng)
    while first.end is None:
        match.apply(first.legal_actions()[0])
    played = len(first.history)
    assert not match.is_over
    match.deal_next(rng)
    for seat in (0, 1):
        old = games.view(match, seat, first)
        assert len(old.history) == played
        assert old.end is not None
        new = games.view(match, seat, match.rounds[-1])
        assert len(new.history) == 0 and new.end is None


def test_a_view_without_a_round_named_is_of_the_latest_and_there_must_be_one() -> None:
    match = Match(["ann", "bo"], PRESETS["classic"])
    with pytest.raises(ValueError, match=r"^no round has been dealt$"):
        seat_view(match, 0)
    state = match.deal_next(Random(1))
    match.apply(state.legal_actions()[0])
    assert seat_view(match, 1) == seat_view(match, 1, state)
    game = StandardGame(["ann", "bo"], StandardRules.for_game("draw"))
    with pytest.raises(ValueError, match=r"^no hand has been dealt$"):
        standard_view(game, 0)


def test_everyone_is_shown_the_foot_waiting_for_toes_and_how_many_it_needs() -> None:
    state = make_round(9, ["9-0 9-2 9-4 4-4 4-1", "9-1 9-3 9-5 4-2 8-8"])
    centre = {"id": 0, "number": 9, "need": 6}  # the centre double waits for six toes
    assert state.public_facts() == {"foot": centre, "centre_placed": True}
    for toe in ("9-0", "9-1", "9-2", "9-3", "9-4", "9-5"):
        state.apply(Play(Tile.parse(toe), 0))
    assert state.public_facts()["foot"] is None
    state.apply(Play(Tile.parse("4-4"), 5))  # on the 4 of 9-4, tile 5
    assert state.public_facts()["foot"] == {"id": 7, "number": 4, "need": 3}
    state.apply(Play(Tile.parse("4-2"), 7))
    assert state.public_facts()["foot"] == {"id": 7, "number": 4, "need": 2}


def test_no_foot_is_shown_while_the_double_blank_waits_to_be_placed() -> None:
    dealt = Deal((tiles("0-0 1-0"), tiles("2-0 3-3")), tiles("4-4"))
    state = RoundState(PRESETS["spruce"], 0, 0, dealt, placed=False)
    assert state.public_facts() == {"foot": None, "centre_placed": False}
    state.apply(Play(Tile(0, 0), None))
    assert state.public_facts() == {
        "foot": {"id": 0, "number": 0, "need": 4},
        "centre_placed": True,
    }
