"""Chicken Foot as an OpenSpiel game (``python_chicken_foot``, docs/openspiel.md), checked
against our engine move by move: our match deals from its seed, OpenSpiel is given the same
tiles through its chance nodes, and at every turn both must offer the same actions; a random
one is played in both, and both must end the same way with the same points."""

from __future__ import annotations

from random import Random
from typing import Any

import pyspiel
import pytest

from chickenfoot.core.actions import Draw, Play
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import Deal, round_rng
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import PRESETS
from chickenfoot.core.tiles import Tile
from chickenfoot.interop.openspiel import NAME, ChickenFootState, Spec, resample

PLAYERS = range(2, 9)
GAMES_PER_SEAT_COUNT = 12
"""Per preset and number of players: 4 presets x 7 counts x 12 = 336 games."""


def load(preset: str, players: int, **more: str) -> Any:
    return pyspiel.load_game(NAME, {"preset": preset, "players": players, **more})


def chance(state: Any, tile: Tile) -> None:
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert tile.index in outcomes
    assert outcomes[tile.index] == pytest.approx(1 / len(outcomes))
    state.apply_action(tile.index)


def deal_into(state: Any, dealt: Deal, found: bool) -> None:
    """Give OpenSpiel our deal: the draws for the start (before the deal when the seats look
    for the double, after it in wikipedia's round 1), then every hand, seat 0's first."""
    starts = [t for _, t in dealt.start_draw]
    for tile in starts if found else []:
        chance(state, tile)
    for hand in dealt.hands:
        for tile in hand:
            chance(state, tile)
    for tile in [] if found else starts:
        chance(state, tile)


def play_round(state: Any, round_: RoundState, match: Match, spec: Spec, rng: Random) -> int:
    """Play the round in both, a random legal action at a time; the actions taken."""
    taken = 0
    while round_.end is None:
        assert state.current_player() == round_.turn
        legal = {spec.action_id(a): a for a in round_.legal_actions()}
        assert state.legal_actions() == sorted(legal)
        for action_id, action in legal.items():
            assert spec.action_of(action_id) == action
            assert state.action_to_string(round_.turn, action_id) == str(action)
        action_id = rng.choice(state.legal_actions())
        action = legal[action_id]
        state.apply_action(action_id)
        if isinstance(action, Draw):
            upcoming = round_.upcoming_draw()
            assert upcoming is not None
            chance(state, upcoming)
        match.apply(action)
        taken += 1
        if round_.end is None:
            seen = state.observation_string(round_.turn)
            assert f"hands {round_.hand_sizes()}" in seen
            assert f"boneyard {round_.boneyard_size} " in seen
    return taken


def play_both(preset: str, players: int, seed: int, length: str = "single") -> Any:
    """One game in both engines from ``seed``; OpenSpiel's final state."""
    game = load(preset, players, length=length)
    spec = game.spec
    rules = PRESETS[preset].with_options(length=length)
    match = Match([str(s) for s in range(players)], rules, seed)
    state = game.new_initial_state()
    rng = Random(seed)
    while not match.is_over:
        assert not state.is_terminal()
        round_ = match.deal_next(round_rng(seed, len(match.rounds)))
        deal_into(state, round_.dealt, rules.round_double.value == "found")
        assert play_round(state, round_, match, spec, rng) > 0
        assert round_.end is not None
        if match.is_over:
            ended = f"ended {round_.end.value} points {round_.points()}"
            assert all(ended in state.observation_string(s) for s in range(players))
        else:
            assert state.is_chance_node()
    assert state.is_terminal()
    assert state.returns() == [float(-t) for t in match.totals()]
    return state


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_plays_move_by_move_like_our_engine(preset: str) -> None:
    ends: set[str] = set()
    for players in PLAYERS:
        for seed in range(GAMES_PER_SEAT_COUNT):
            state = play_both(preset, players, 1000 * players + seed)
            ends.add(state.observation_string(0).split("| ended ")[1].split()[0])
    assert ends == {"out", "blocked"}


@pytest.mark.parametrize(("preset", "players"), [("classic", 3), ("wikipedia", 5), ("reeves", 2)])
def test_a_match_of_several_rounds_plays_like_our_engine(preset: str, players: int) -> None:
    state = play_both(preset, players, 7, length="half")
    rounds = PRESETS[preset].with_options(length="half").round_doubles(players)
    assert f"round {len(rounds)} " in state.observation_string(0)


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", PLAYERS)
def test_the_game_loads_with_its_actions_numbered_by_tile_and_target(
    preset: str, players: int
) -> None:
    game = load(preset, players)
    top = PRESETS[preset].set_top(players)
    tiles = (top + 1) * (top + 2) // 2
    assert game.num_players() == players
    assert game.num_distinct_actions() == tiles * (tiles + 1) + 2
    assert game.max_chance_outcomes() == tiles
    spec = game.spec
    assert spec.action_id(Play(Tile(1, 0), None)) == tiles + 1
    assert spec.action_id(Play(Tile(1, 0), 0)) == tiles + 2
    assert spec.action_of(tiles * (tiles + 1)) == Draw()
    assert str(spec.action_of(tiles * (tiles + 1) + 1)) == "pass"


def random_game(game: Any, seed: int) -> Any:
    rng = Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_game_replays_exactly_from_its_actions() -> None:
    for preset in PRESETS:
        game = load(preset, 4)
        for seed in range(10):
            state = random_game(game, seed)
            again = game.new_initial_state()
            for action in state.history():
                again.apply_action(action)
            assert again.is_terminal() and again.returns() == state.returns()
            assert [again.information_state_string(s) for s in range(4)] == [
                state.information_state_string(s) for s in range(4)
            ]


def test_the_returns_are_minus_the_points_or_their_zero_sum_transform() -> None:
    penalty = random_game(load("classic", 4), 3)
    zero_sum = random_game(load("classic", 4, returns="zero_sum"), 3)
    points = [-r for r in penalty.returns()]
    mean = sum(points) / 4
    assert zero_sum.returns() == [mean - p for p in points]
    assert sum(zero_sum.returns()) == 0 and max(points) > min(points)
    assert load("classic", 4, returns="zero_sum").get_type().utility == (
        pyspiel.GameType.Utility.ZERO_SUM
    )


def test_the_win_returns_share_one_among_the_games_winners() -> None:
    """``returns=win``: 1/k to each of the k winners the rules name, 0 to the others."""
    game = load("classic", 4, returns="win")
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    shared = 0
    for seed in range(40):
        state = random_game(game, seed)
        outcome = state.match.outcome()
        assert outcome is not None
        k = len(outcome.winners)
        shared += k > 1
        assert state.returns() == [1 / k if s in outcome.winners else 0.0 for s in range(4)]
        assert sum(state.returns()) == pytest.approx(1.0)
        penalty = [-t for t in outcome.totals]
        assert {s for s in range(4) if penalty[s] == max(penalty)} >= set(outcome.winners)
    assert load("classic", 4, returns="win").get_parameters()["returns"] == "win"


def test_openspiels_random_simulation_checks_pass_for_every_preset() -> None:
    for preset in PRESETS:
        for players in (2, 5, 8):
            game = load(preset, players)
            pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    pyspiel.random_sim_test(load("reeves", 2), num_sims=1, serialize=True, verbose=False)
    pyspiel.random_sim_test(
        load("spruce", 3, length="half"), num_sims=1, serialize=False, verbose=False
    )


def swapped(dealt: Deal, a: int, b: int) -> Deal:
    """``dealt`` with the first tile of seat ``a`` and the last of seat ``b`` swapped."""
    hands = [list(h) for h in dealt.hands]
    hands[a][0], hands[b][-1] = hands[b][-1], hands[a][0]
    return Deal(tuple(tuple(h) for h in hands), dealt.boneyard, dealt.start_draw)


def seen(state: ChickenFootState, seat: int) -> tuple[str, list[float], str, list[float]]:
    return (
        state.information_state_string(seat),
        list(state.information_state_tensor(seat)),
        state.observation_string(seat),
        list(state.observation_tensor(seat)),
    )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_seat_sees_a_tile_it_may_not_know(preset: str) -> None:
    """Two deals that differ only in seats 1 and 2's hands, played alike as long as both
    allow it: seat 0 sees the same strings and tensors all along; seats 1 and 2 do not."""
    compared = 0
    for seed in range(12):
        game = load(preset, 4)
        rules = PRESETS[preset]
        match = Match(["a", "b", "c", "d"], rules, seed)
        dealt = match.deal_next(round_rng(seed, 0)).dealt
        found = rules.round_double.value == "found"
        states = [game.new_initial_state(), game.new_initial_state()]
        for state, deal in zip(states, [dealt, swapped(dealt, 1, 2)], strict=True):
            deal_into(state, deal, found)
        assert seen(states[0], 1) != seen(states[1], 1)
        assert seen(states[0], 2) != seen(states[1], 2)
        rng = Random(seed)
        while not states[0].is_terminal():
            assert seen(states[0], 0) == seen(states[1], 0)
            compared += 1
            if states[0].is_chance_node():
                action = rng.choice([o for o, _ in states[0].chance_outcomes()])
                if action not in dict(states[1].chance_outcomes()):
                    break
            else:
                action = rng.choice(states[0].legal_actions())
                if states[0].current_player() != states[1].current_player():
                    break
                if action not in states[1].legal_actions():
                    break
            for state in states:
                state.apply_action(action)
    assert compared > 100


def test_a_resampled_state_keeps_what_the_seat_knows_and_deals_the_rest_again() -> None:
    game = load("classic", 4)
    rng = Random(5)
    changed = 0
    for seed in range(6):
        state = game.new_initial_state()
        pick = Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(pick.choice([o for o, _ in state.chance_outcomes()]))
                continue
            seat = state.current_player()
            other = resample(state, seat, rng)
            assert seen(other, seat) == seen(state, seat)
            assert other.legal_actions() == state.legal_actions()
            round_, again = state.round, other.round
            assert round_ is not None and again is not None
            assert again.hand_sizes() == round_.hand_sizes()
            assert unseen(again, seat) == unseen(round_, seat)
            changed += any(again.hand(s) != round_.hand(s) for s in range(4))
            state.apply_action(pick.choice(state.legal_actions()))
        assert random_game_from(other, seed).is_terminal()
    assert changed > 50


def unseen(round_: RoundState, seat: int) -> list[Tile]:
    """The tiles ``seat`` cannot see: the other hands and the boneyard."""
    others = [t for s in range(round_.players) if s != seat for t in round_.hand(s)]
    return sorted(others + round_.boneyard_tiles())


def random_game_from(state: Any, seed: int) -> Any:
    rng = Random(seed)
    while not state.is_terminal():
        outcomes = [o for o, _ in state.chance_outcomes()] if state.is_chance_node() else None
        state.apply_action(rng.choice(outcomes or state.legal_actions()))
    return state
