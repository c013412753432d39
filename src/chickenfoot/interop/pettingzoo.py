"""Chicken Foot as a PettingZoo AEC environment: ``chickenfoot.interop.pettingzoo.env(...)``.

It needs ``pettingzoo`` (the ``pettingzoo`` extra). Every rule is our engine's
(:mod:`chickenfoot.core`): the legal actions are the round's own
:meth:`~chickenfoot.core.round.RoundState.legal_actions`, every action is applied through
:meth:`~chickenfoot.core.match.Match.apply`, the points are the round's own, and the deals
(so the draws too) are the engine's, from the match's seed. What this module adds is
PettingZoo's shape (docs/openspiel.md, "PettingZoo"):

* **Agents** ``seat_0`` to ``seat_N-1``; the agent to act is the round's seat to act.
* **Observations**: a dict of ``observation`` (a seat's
  :class:`~chickenfoot.interop.encoding.Observation`, the same tensor as OpenSpiel's
  observation tensor) and ``action_mask`` (1 for each legal action of the agent to act; all
  0 for the others and after the end).
* **Actions**: ``Discrete`` over the integers of
  :class:`~chickenfoot.interop.encoding.Spec`, the OpenSpiel game's numbering.
* **Rewards**: at the end of each round, every seat is given minus the points it takes in
  that round; 0 otherwise. Over a match a seat's rewards add up to minus its total.
* **Terminations**: every agent's at the end of the match (the end of the round, for
  ``length="single"``); nothing is ever truncated.
* **Seeds**: ``reset(seed=s)`` deals the match as our engine's ``Match(..., seed=s)`` does;
  ``reset()`` without a seed deals from the seed given to :func:`env`, then from seeds that
  follow from the last one (from the system's randomness if no seed was ever given).
"""

from __future__ import annotations

from random import Random, SystemRandom
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # (no type marker)
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from chickenfoot.core.match import Match
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.round import RoundState
from chickenfoot.interop.encoding import DEFAULTS, Observation, Spec, observation_text, rules_of

NAME = "chicken_foot_v0"

ObsType = dict[str, npt.NDArray[Any]]


class ChickenFootEnv(AECEnv[str, ObsType, int]):  # type: ignore[misc]
    """One game (a single round, or a match of rounds) of Chicken Foot, for PettingZoo."""

    RENDER_MODES = ("human", "ansi")
    metadata: ClassVar[dict[str, Any]] = {
        "name": NAME,
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str = DEFAULTS["preset"],
        players: int = DEFAULTS["players"],
        length: str = DEFAULTS["length"],
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be human or ansi, not {render_mode!r}")
        rules, players = rules_of({"preset": preset, "players": players, "length": length})
        self.spec = spec = Spec(rules, players)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self.agents = self.possible_agents[:]
        self._next_seed = seed
        self._seen = Observation(spec)
        high = float(max(spec.set_size, spec.worst_total))
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, self._seen.tensor.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (spec.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(spec.num_actions) for a in self.possible_agents}
        self.match = Match([f"seat {s}" for s in range(players)], rules)
        self._rewarded = 0
        """How many of the match's rounds have been rewarded."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- playing ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._next_seed
        if seed is None:
            seed = SystemRandom().getrandbits(63)
        self._next_seed = Random(f"chickenfoot/pettingzoo/{seed}").getrandbits(63)
        self.match = Match([f"seat {s}" for s in range(self.spec.players)], self.spec.rules, seed)
        self._rewarded = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._go_on()
        self._accumulate_rewards()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        round_ = self._round()
        if action is None:
            raise ValueError(f"{agent} is to act: an action is needed, not None")
        chosen = self.spec.legal(round_).get(int(action))
        if chosen is None:
            raise ValueError(f"{self.spec.action_of(int(action))} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.match.apply(chosen)
        self._go_on()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _round(self) -> RoundState:
        round_ = self.match.current
        assert round_ is not None, "no round is in play"
        return round_

    def _go_on(self) -> None:
        """Reward the rounds that have ended, deal the next round while the match goes on,
        and hand the turn to the seat to act (or end every agent's game)."""
        match = self.match
        while True:
            for points in match.points[self._rewarded :]:
                for agent, taken in zip(self.possible_agents, points, strict=True):
                    self.rewards[agent] -= float(taken)
            self._rewarded = len(match.points)
            if match.is_over:
                self.terminations = dict.fromkeys(self.agents, True)
                self.agent_selection = self.possible_agents[match.rounds[-1].turn]
                return
            round_ = match.current
            if round_ is not None:
                self.agent_selection = self.possible_agents[round_.turn]
                return
            assert match.seed is not None, "reset() seeds every match"
            match.deal_next(round_rng(match.seed, len(match.rounds)))

    # -- what a seat sees ------------------------------------------------------------------

    def observe(self, agent: str) -> ObsType:
        seat = self.possible_agents.index(agent)
        self._seen.fill(self.match, seat)
        mask = np.zeros(self.spec.num_actions, np.int8)
        round_ = self.match.current
        if round_ is not None and round_.turn == seat:
            mask[list(self.spec.legal(round_))] = 1
        return {"observation": self._seen.tensor.copy(), "action_mask": mask}

    def render(self) -> str | None:
        """What the agent to act sees, as text (docs/openspiel.md): returned with
        ``render_mode="ansi"``, printed with ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: nothing to show")
            return None
        text = observation_text(self.match, self.possible_agents.index(self.agent_selection))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def env(
    preset: str = DEFAULTS["preset"],
    players: int = DEFAULTS["players"],
    length: str = DEFAULTS["length"],
    seed: int | None = None,
    render_mode: str | None = None,
) -> AECEnv[str, ObsType, int]:
    """A Chicken Foot environment of ``preset`` (``classic``, ``spruce``, ``wikipedia`` or
    ``reeves``) for ``players`` (2-8) seats, a single round or a ``half`` or ``full`` match
    (``length``), dealt from ``seed`` at its first ``reset()``. It refuses to be stepped
    before ``reset`` (PettingZoo's order-enforcing wrapper); ``.unwrapped`` is the
    :class:`ChickenFootEnv`."""
    raw = ChickenFootEnv(preset, players, length, seed, render_mode)
    return wrappers.OrderEnforcingWrapper(raw)
