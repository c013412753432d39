"""Chicken Foot as a PettingZoo AEC environment (``chickenfoot.interop.pettingzoo``,
docs/openspiel.md), checked against our engine move by move: a match of our own dealt from
the same seed is played beside the environment, and at every turn the environment's agent to
act and its action mask must be the seat to act and its legal actions; a random one is played
in both, and the rounds must end at the same moves with the rewards minus the same points."""

from __future__ import annotations

import warnings
from random import Random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

from chickenfoot.core.actions import Play
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import RoundEnd, round_rng
from chickenfoot.core.rules import PRESETS
from chickenfoot.core.tiles import Tile
from chickenfoot.interop.pettingzoo import ChickenFootEnv, env

PLAYERS = range(2, 9)
GAMES_PER_SEAT_COUNT = 12
"""Per preset and number of players: 4 presets x 7 counts x 12 = 336 single rounds."""


def seat_of(agent: str) -> int:
    return int(agent.removeprefix("seat_"))


def legal_in_mask(observation: dict[str, Any]) -> list[int]:
    return [int(i) for i in np.flatnonzero(observation["action_mask"])]


def play_both(preset: str, players: int, seed: int, length: str = "single") -> Match:
    """One game from ``seed`` in the environment and in our engine, side by side; our match
    (bench/pettingzoo_crosscheck.py plays thousands of games with this)."""
    zoo = env(preset=preset, players=players, length=length, seed=seed)
    zoo.reset()
    raw: ChickenFootEnv = zoo.unwrapped
    spec = raw.spec
    rules = PRESETS[preset].with_options(length=length)
    match = Match([str(s) for s in range(players)], rules, seed)
    rng = Random(seed)
    rewarded = [0.0] * players
    while not match.is_over:
        round_ = match.deal_next(round_rng(seed, len(match.rounds)))
        while round_.end is None:
            agent = zoo.agent_selection
            assert seat_of(agent) == round_.turn
            observation, _, terminated, truncated, _ = zoo.last()
            assert not terminated and not truncated
            legal = spec.legal(round_)
            assert legal_in_mask(observation) == sorted(legal)
            waiting = f"seat_{(round_.turn + 1) % players}"
            assert legal_in_mask(zoo.observe(waiting)) == []
            action_id = rng.choice(sorted(legal))
            zoo.step(action_id)
            match.apply(legal[action_id])
            step_rewards = [raw.rewards[a] for a in raw.possible_agents]
            if round_.end is None:
                assert step_rewards == [0.0] * players
            else:
                assert step_rewards == [-float(p) for p in round_.points()]
            rewarded = [r + s for r, s in zip(rewarded, step_rewards, strict=True)]
    assert rewarded == [-float(t) for t in match.totals()]
    assert all(raw.terminations.values()) and not any(raw.truncations.values())
    for _agent in zoo.agent_iter():
        observation, _, terminated, _, _ = zoo.last()
        assert terminated and legal_in_mask(observation) == []
        zoo.step(None)
    assert zoo.agents == []
    return match


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_plays_move_by_move_like_our_engine(preset: str) -> None:
    seeds = [(n, 1000 * n + k) for n in PLAYERS for k in range(GAMES_PER_SEAT_COUNT)]
    rounds = [r for n, seed in seeds for r in play_both(preset, n, seed).rounds]
    assert len(rounds) == len(seeds)
    assert {r.end for r in rounds} == {RoundEnd.OUT, RoundEnd.BLOCKED}


@pytest.mark.parametrize(("preset", "players"), [("classic", 3), ("wikipedia", 5), ("reeves", 2)])
def test_a_match_rewards_each_round_at_its_end_and_ends_with_the_last(
    preset: str, players: int
) -> None:
    rounds = PRESETS[preset].with_options(length="half").round_doubles(players)
    assert len(play_both(preset, players, 7, length="half").rounds) == len(rounds) > 1


@pytest.mark.parametrize(
    ("preset", "players", "length"),
    [
        ("classic", 4, "single"),
        ("reeves", 2, "single"),
        ("wikipedia", 8, "single"),
        ("spruce", 3, "half"),
    ],
)
def test_pettingzoos_own_api_test_passes(preset: str, players: int, length: str) -> None:
    """Its assertions all hold; it warns only of what the brief's shape of observation is:
    a dict (the tensor and the action mask) rather than a bare array, and the masks all 0
    of the agents that are not to act."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(preset=preset, players=players, length=length, seed=3), num_cycles=200)
    assert {str(w.message) for w in caught} <= EXPECTED_WARNINGS


EXPECTED_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Action mask numpy array is all zeros (no legal actions).",
}


def test_the_actions_are_numbered_by_tile_and_target_as_in_openspiel() -> None:
    zoo = env(preset="classic", players=4)
    tiles = 55  # double-9
    assert zoo.action_space("seat_0").n == tiles * (tiles + 1) + 2
    spec = zoo.unwrapped.spec
    assert spec.action_id(Play(Tile(1, 0), 0)) == tiles + 2
    assert zoo.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]


def first_observations(seed: int | None, first: int | None = None) -> list[Any]:
    zoo = env(preset="classic", players=4, seed=first)
    zoo.reset(seed=seed)
    return [zoo.observe(a)["observation"].tolist() for a in zoo.possible_agents]


def test_a_seed_deals_the_same_game_and_another_seed_another() -> None:
    assert first_observations(5) == first_observations(5) == first_observations(None, first=5)
    assert first_observations(5) != first_observations(6)
    zoo = env(seed=5)
    zoo.reset()
    zoo.reset()
    after = [zoo.observe(a)["observation"].tolist() for a in zoo.possible_agents]
    assert after != first_observations(5)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    zoo = env(preset="classic", players=4, seed=2)
    zoo.reset()
    observation = zoo.observe(zoo.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="is not legal"):
        zoo.step(illegal)
    again = zoo.observe(zoo.agent_selection)
    assert np.array_equal(again["observation"], observation["observation"])


def test_render_shows_the_seat_to_act_its_own_hand() -> None:
    zoo = env(preset="classic", players=4, seed=4, render_mode="ansi")
    zoo.reset()
    raw: ChickenFootEnv = zoo.unwrapped
    round_ = raw.match.current
    assert round_ is not None
    text = zoo.render()
    seat = round_.turn
    assert text is not None and text.startswith(f"seat {seat} |")
    assert f"hand {' '.join(map(str, round_.hand(seat)))} |" in text
    assert f"hands {round_.hand_sizes()}" in text


def test_render_prints_in_human_mode_and_shows_the_points_at_the_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    zoo = env(preset="spruce", players=3, seed=6, render_mode="human")
    zoo.reset()
    rng = Random(6)
    for _agent in zoo.agent_iter():
        observation, _, terminated, _, _ = zoo.last()
        zoo.step(None if terminated else rng.choice(legal_in_mask(observation)))
    printed = capsys.readouterr().out.splitlines()
    round_ = zoo.unwrapped.match.rounds[-1]
    assert len(printed) == len(round_.history) and printed[0].startswith("seat ")
    assert zoo.render() is None
    assert capsys.readouterr().out.endswith(f"ended {round_.end} points {round_.points()}\n")


@pytest.mark.parametrize(
    "wrong",
    [
        {"preset": "chinese"},
        {"players": 9},
        {"players": 1},
        {"length": "long"},
        {"render_mode": "rgb_array"},
    ],
)
def test_parameters_that_name_no_game_are_refused(wrong: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="must be"):
        env(**wrong)


def seen(zoo: Any, seat: int) -> tuple[list[float], list[int]]:
    observation = zoo.observe(f"seat_{seat}")
    return observation["observation"].tolist(), observation["action_mask"].tolist()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_seat_sees_a_tile_it_may_not_know(preset: str) -> None:
    """Two deals that differ only in seats 1 and 2's hands, played alike as long as both
    allow it (an action legal in both at every turn) until the round ends: seat 0 sees the
    same all along; seats 1 and 2 do not."""
    compared = 0
    for seed in range(12):
        zoos = [env(preset=preset, players=4, seed=seed, render_mode="ansi") for _ in "ab"]
        for zoo in zoos:
            zoo.reset()
        raw: ChickenFootEnv = zoos[1].unwrapped
        round_ = raw.match.current
        assert round_ is not None
        one, two = round_.hand(1), round_.hand(2)
        one[0], two[-1] = two[-1], one[0]
        raw.match.rounds[-1] = round_.redealt({1: one, 2: two}, round_.boneyard_tiles())
        assert seen(zoos[0], 1) != seen(zoos[1], 1)
        assert seen(zoos[0], 2) != seen(zoos[1], 2)
        rng = Random(seed)
        while raw.match.current is not None:  # the points at the end show every hand
            assert seen(zoos[0], 0) == seen(zoos[1], 0)
            if zoos[0].agent_selection == "seat_0":
                assert zoos[0].render() == zoos[1].render()
            compared += 1
            if zoos[0].agent_selection != zoos[1].agent_selection:
                break
            masks = [zoo.observe(zoo.agent_selection)["action_mask"] for zoo in zoos]
            both = legal_in_mask({"action_mask": masks[0] & masks[1]})
            if not both:
                break
            action = rng.choice(both)
            for zoo in zoos:
                zoo.step(action)
    assert compared > 100
