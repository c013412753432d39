"""Our block game against OpenSpiel's, move by move, over many seeded games.

OpenSpiel's ``python_block_dominoes`` (two players) deals 7 tiles each from the double-6 set
through chance nodes (seat 0's seven first), leaves 14 tiles unused, lets seat 0 lead any
tile, has no pass action (a player who cannot play is skipped), ends when a hand is empty or
nobody can play, and returns +P / -P where P is the pip total of the hand with more pips and
the side with fewer pips wins (0 / 0 when equal). Two conventions differ from RULES.md
section 3 and are options of our block game: the leader (``rotate``: seat 0 leads, instead of
the holder of the highest double) and the blocked score (``others``: the others' pips, not
minus one's own). ``python_team_dominoes`` is the same game for partners 0+2 against 1+3,
with all 28 tiles dealt round-robin and every hand, even one a player goes out of, won by the
side with fewer pips in hand (``out_wins`` false).
"""

from __future__ import annotations

from random import Random
from typing import Any

import pyspiel
import pytest
from open_spiel.python import games  # noqa: F401  (registers the Python games)
from open_spiel.python.games import block_dominoes, team_dominoes

from chickenfoot.core.actions import Action, Pass, Play
from chickenfoot.core.standard import HandState, StandardGame, StandardRules
from chickenfoot.core.tiles import Tile

OPENSPIEL_BLOCK = StandardRules.for_game("block", leader="rotate", blocked_score="others")
OPENSPIEL_TEAM = StandardRules.for_game(
    "block",
    players=4,
    partnership=True,
    hand_size=7,
    leader="rotate",
    blocked_score="others",
    out_wins=False,
)
GAMES = 1000
TEAM_GAMES = 400


def os_tile(tile: Tile) -> tuple[float, float]:
    return (float(tile.lo), float(tile.hi))


Ids = dict[tuple[int, tuple[float, float], float | None], int]


def action_ids(module: Any) -> Ids:
    """OpenSpiel's action encoding: (player, tile, the open number it covers) -> id."""
    return {(a.player, a.tile, a.edge): i for i, a in enumerate(module._ACTIONS)}


BLOCK_IDS = action_ids(block_dominoes)
TEAM_IDS = action_ids(team_dominoes)


def encode(hand: HandState, action: Action, ids: Ids) -> int:
    assert isinstance(action, Play)
    edge = None
    if action.on is not None:
        number = hand.layout.number_for(action.tile, action.on)
        assert number is not None
        edge = float(number)
    return ids[(hand.turn, os_tile(action.tile), edge)]


def deal_into_openspiel(state: Any, order: list[Tile], deck: list[Any]) -> None:
    for tile in order:
        assert state.is_chance_node()
        outcome = deck.index(os_tile(tile))
        assert outcome in dict(state.chance_outcomes())
        state.apply_action(outcome)
    assert not state.is_chance_node()


def play_both(game: StandardGame, state: Any, ids: Ids, rng: Random) -> None:
    """Play one hand through both engines, a random OpenSpiel move at a time."""
    hand = game.rounds[-1]
    while hand.end is None:
        assert not state.is_terminal()
        legal = hand.legal_actions()
        if legal == [Pass()]:
            # OpenSpiel skips a player who cannot play; we pass explicitly.
            assert state.current_player() != hand.turn
            game.apply(Pass())
            continue
        assert state.current_player() == hand.turn
        ours: dict[int, Action] = {}
        for action in legal:
            ours.setdefault(encode(hand, action, ids), action)
        assert sorted(ours) == state.legal_actions()
        move = rng.choice(state.legal_actions())
        state.apply_action(move)
        game.apply(ours[move])
        if hand.end is None:
            assert sorted(n for _, n in hand.layout.open_ends()) == [
                int(e) for e in state.open_edges
            ]
    assert state.is_terminal()
    assert [sorted(os_tile(t) for t in hand.hand(s)) for s in range(hand.players)] == [
        sorted(h) for h in state.hands
    ]


def returns_of(game: StandardGame) -> list[float]:
    """Our result in OpenSpiel's terms: each side's points minus the other side's."""
    points = game.points[0]
    return [float(points[s] - points[(s + 1) % 2]) for s in range(game.seats)]


@pytest.mark.parametrize("block", range(4))
def test_block_dominoes_plays_exactly_like_openspiel(block: int) -> None:
    os_game = pyspiel.load_game("python_block_dominoes")
    outcomes = {"out": 0, "blocked": 0, "tie": 0}
    for seed in range(block * GAMES // 4, (block + 1) * GAMES // 4):
        rng = Random(seed)
        game = StandardGame(["us", "them"], OPENSPIEL_BLOCK, seed)
        hand = game.deal_next(rng)
        assert hand.first == 0 and hand.lead_tile is None
        state = os_game.new_initial_state()
        deal_into_openspiel(
            state, [*hand.dealt.hands[0], *hand.dealt.hands[1]], block_dominoes._DECK
        )
        assert state.hands == [sorted(os_tile(t) for t in h) for h in hand.dealt.hands]
        play_both(game, state, BLOCK_IDS, rng)
        assert state.returns() == returns_of(game)
        outcome = game.outcome()
        assert outcome is not None
        returns = state.returns()
        if returns[0] == returns[1] == 0:
            assert game.points[0] == [0, 0]
            outcomes["tie"] += 1
        else:
            assert outcome.winners == ((0,) if returns[0] > 0 else (1,))
        assert hand.end is not None
        outcomes[hand.end.value] += 1
    assert outcomes["out"] and outcomes["blocked"]


def test_team_dominoes_plays_exactly_like_openspiel() -> None:
    os_game = pyspiel.load_game("python_team_dominoes")
    for seed in range(TEAM_GAMES):
        rng = Random(seed)
        game = StandardGame(["a", "b", "c", "d"], OPENSPIEL_TEAM, seed)
        hand = game.deal_next(rng)
        state = os_game.new_initial_state()
        round_robin = [hand.dealt.hands[s][i] for i in range(7) for s in range(4)]
        deal_into_openspiel(state, round_robin, team_dominoes._DECK)
        play_both(game, state, TEAM_IDS, rng)
        assert state.returns() == returns_of(game)


def test_the_openspiel_conventions_differ_from_section_3_only_in_the_named_options() -> None:
    section_3 = StandardRules.for_game("block").options()
    ours = OPENSPIEL_BLOCK.options()
    assert {k for k in ours if ours[k] != section_3[k]} == {"leader", "blocked_score"}
    assert (section_3["leader"], section_3["blocked_score"]) == ("highest-double", "difference")
