"""Chicken Foot as other libraries number and show it: the parameters that name a game, the
action integers, and what a seat sees as a tensor and as a string. The OpenSpiel game
(:mod:`chickenfoot.interop.openspiel`) and the PettingZoo environment
(:mod:`chickenfoot.interop.pettingzoo`) both speak through this module (docs/openspiel.md);
it needs numpy and the core alone.

* **Parameters**: ``preset`` (a name of :data:`~chickenfoot.core.rules.PRESETS`, default
  ``classic``), ``players`` (2-8, default 4), ``length`` (``single``, the default, ``half`` or
  ``full``: how many rounds, as in the rules).
* **Actions**, on a double-N set of ``S = (N+1)(N+2)/2`` tiles (tile indices 0-0 = 0, 1-0 =
  1, 1-1 = 2, 2-0 = 3, ...): play tile ``t`` on the placed tile with id ``i`` is ``t * (S + 1)
  + i + 1``; place tile ``t`` as the first tile of the table (the presets that deal the
  round's double) is ``t * (S + 1)``; draw is ``S * (S + 1)``; pass is ``S * (S + 1) + 1``.
* **What a seat sees** (:class:`Observation`, :func:`observation_text`): its own tiles and the
  public table, never a hidden tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from chickenfoot.core.actions import Action, Draw, Pass, Play
from chickenfoot.core.match import Match
from chickenfoot.core.projection import public_now
from chickenfoot.core.public_knowledge import Lacks, playable_numbers
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import PRESETS, MatchLength, Rules
from chickenfoot.core.tiles import TILES, Tile, set_size

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DEFAULTS: dict[str, Any] = {
    "preset": "classic",
    "players": 4,
    "length": MatchLength.SINGLE.value,
}


def rules_of(params: dict[str, Any]) -> tuple[Rules, int]:
    """The rules and the number of seats a game's parameters name (``ValueError`` if none)."""
    name = params.get("preset", DEFAULTS["preset"])
    players = int(params.get("players", DEFAULTS["players"]))
    length = params.get("length", DEFAULTS["length"])
    if name not in PRESETS:
        raise ValueError(f"preset must be one of {', '.join(PRESETS)}, not {name!r}")
    if length not in {m.value for m in MatchLength}:
        raise ValueError(f"length must be single, half or full, not {length!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
    rules = PRESETS[name].with_options(length=length)
    rules.check_players(players)
    return rules, players


@dataclass(frozen=True)
class Spec:
    """What a game's parameters make of it: the rules, the seats, the set, the action ids."""

    rules: Rules
    players: int

    @property
    def top(self) -> int:
        return self.rules.set_top(self.players)

    @property
    def set_size(self) -> int:
        return set_size(self.top)

    @property
    def stride(self) -> int:
        return self.set_size + 1

    @property
    def draw_id(self) -> int:
        return self.set_size * self.stride

    @property
    def pass_id(self) -> int:
        return self.draw_id + 1

    @property
    def num_actions(self) -> int:
        """How many action integers there are (``pass_id + 1``)."""
        return self.pass_id + 1

    @property
    def rounds(self) -> int:
        return len(self.rules.round_doubles(self.players))

    @property
    def worst_total(self) -> int:
        """The most points a seat can take in a game: every round its worst."""
        worst = sum(self.rules.tile_value(TILES[i]) for i in range(self.set_size))
        return self.rounds * max(worst, self.rules.double_out_points)

    def __deepcopy__(self, memo: dict[int, Any]) -> Spec:
        return self  # it never changes: a copied state shares it

    def action_id(self, action: Action) -> int:
        """The integer of ``action`` (see the module docstring)."""
        if isinstance(action, Draw):
            return self.draw_id
        if isinstance(action, Pass):
            return self.pass_id
        slot = 0 if action.on is None else action.on + 1
        return action.tile.index * self.stride + slot

    def action_of(self, action_id: int) -> Action:
        """The action an integer stands for (any integer below :attr:`num_actions`)."""
        if action_id == self.draw_id:
            return Draw()
        if action_id == self.pass_id:
            return Pass()
        index, slot = divmod(action_id, self.stride)
        return Play(TILES[index], None if slot == 0 else slot - 1)

    def legal(self, round_: RoundState) -> dict[int, Action]:
        """The round's legal actions by their integers."""
        return {self.action_id(a): a for a in round_.legal_actions()}


def follow_lacks(lacks: Lacks, round_: RoundState, action: Action) -> None:
    """Tell ``lacks`` the action the seat to act in ``round_`` is about to take."""
    if isinstance(action, Draw | Pass):
        before = public_now(round_, [])
        playable = playable_numbers((p.open for p in round_.board()), before)
        lacks.act(round_.turn, action, playable)
    else:
        lacks.act(round_.turn, action, ())


# -- what each seat sees ---------------------------------------------------------------------


def observation_text(
    match: Match,
    seat: int,
    *,
    dealt: Sequence[Tile] | None = None,
    start_draw: Sequence[tuple[int, Tile]] = (),
    drawing: bool = False,
) -> str:
    """What ``seat`` sees now: its hand, the open ends and the waiting foot, every hand's
    size, the boneyard's size, whose turn it is, the totals so far.

    ``dealt``: while a round is being dealt tile by tile (OpenSpiel's chance nodes), the
    seat's tiles dealt so far (``None``: no round is being dealt); ``start_draw``: the draws
    for the start made so far then; ``drawing``: the seat to act has chosen to draw and the
    tile is not yet given."""
    parts = [f"seat {seat}", f"round {len(match.rounds)}", f"totals {match.totals()}"]
    if dealt is not None:
        parts.append(f"dealing: hand {' '.join(map(str, dealt))}")
        parts.append("start " + " ".join(f"{s}:{t}" for s, t in start_draw))
        return " | ".join(parts)
    round_ = match.rounds[-1]
    parts.append(f"double {round_.double_tile}")
    parts.append(f"hand {' '.join(map(str, round_.hand(seat)))}")
    parts.append("open " + " ".join(f"{i}:{n}" for i, n in round_.open_ends()))
    foot = round_.incomplete_foot()
    parts.append("foot -" if foot is None else f"foot {foot[0]}:{foot[1]} needs {foot[2]}")
    parts.append(f"centre {'placed' if round_.centre_placed else 'waiting'}")
    parts.append(f"hands {round_.hand_sizes()}")
    parts.append(f"boneyard {round_.boneyard_size} drawable {round_.drawable}")
    if round_.end is not None:
        parts.append(f"ended {round_.end.value} points {round_.points()}")
    else:
        parts.append(f"turn {round_.turn}" + (" drew" if round_.drew else ""))
        if drawing:
            parts.append("drawing")
    return " | ".join(parts)


class Observation:
    """A seat's tensor, as 0/1 or counts, and its named parts (views of the one tensor).

    The observation holds ``seat`` (one-hot), ``turn`` (one-hot, all zero while a round is
    dealt, a tile is being drawn, or after the end), ``hand`` (per tile), ``board`` (per tile:
    placed), ``open_ends`` (per number: how many open line ends show it), ``foot`` (per
    number: the foot waiting for toes) and ``toes_needed``, ``centre_placed``, ``drew`` (the
    seat to act has drawn), ``hand_sizes`` (per seat), ``boneyard`` and ``drawable`` (counts),
    ``round`` (one-hot), ``totals`` (per seat, the finished rounds' points). With
    ``recall``, sums of the round in play follow: ``dealt`` (the seat's own dealt hand),
    ``start_draw`` (tiles shown in the draws for the start), ``drawn`` (tiles the seat drew
    itself), ``played`` (per seat and tile), ``draws`` and ``passes`` (per seat, counts) and
    ``lacks`` (per seat and number: the numbers the seat is known to lack,
    :class:`~chickenfoot.core.public_knowledge.Lacks`).
    """

    def __init__(self, spec: Spec, recall: bool = False) -> None:
        self.recall = recall
        players, tiles, numbers = spec.players, spec.set_size, spec.top + 1
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("seat", (players,)),
            ("turn", (players,)),
            ("hand", (tiles,)),
            ("board", (tiles,)),
            ("open_ends", (numbers,)),
            ("foot", (numbers,)),
            ("toes_needed", (1,)),
            ("centre_placed", (1,)),
            ("drew", (1,)),
            ("hand_sizes", (players,)),
            ("boneyard", (1,)),
            ("drawable", (1,)),
            ("round", (spec.rounds,)),
            ("totals", (players,)),
        ]
        if recall:
            pieces += [
                ("dealt", (tiles,)),
                ("start_draw", (tiles,)),
                ("drawn", (tiles,)),
                ("played", (players, tiles)),
                ("draws", (players,)),
                ("passes", (players,)),
                ("lacks", (players, numbers)),
            ]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + n].reshape(shape)
            at += n

    def fill(
        self,
        match: Match,
        seat: int,
        *,
        dealt: Sequence[Tile] | None = None,
        drawing: bool = False,
        lacks: Lacks | None = None,
    ) -> None:
        """Write what ``seat`` sees now into :attr:`tensor`. ``dealt`` and ``drawing`` as for
        :func:`observation_text`; ``lacks``: the round in play's (with ``recall``)."""
        self.tensor.fill(0)
        d = self.dict
        d["seat"][seat] = 1
        d["totals"][:] = match.totals()
        if match.rounds:
            d["round"][len(match.rounds) - 1] = 1
        if dealt is not None:
            _mark(d["hand"], dealt)
            return
        round_ = match.rounds[-1]
        if round_.end is None and not drawing:
            d["turn"][round_.turn] = 1
        _mark(d["hand"], round_.hand(seat))
        _mark(d["board"], [p.tile for p in round_.board()])
        for _, number in round_.open_ends():
            d["open_ends"][number] += 1
        foot = round_.incomplete_foot()
        if foot is not None:
            d["foot"][foot[1]] = 1
            d["toes_needed"][0] = foot[2]
        d["centre_placed"][0] = round_.centre_placed
        d["drew"][0] = round_.drew or drawing
        d["hand_sizes"][:] = round_.hand_sizes()
        d["boneyard"][0] = round_.boneyard_size
        d["drawable"][0] = round_.drawable
        if not self.recall:
            return
        _mark(d["dealt"], round_.dealt.hands[seat])
        _mark(d["start_draw"], [t for _, t in round_.dealt.start_draw])
        for event in round_.seen_history(seat):
            if isinstance(event.action, Play):
                d["played"][event.seat][event.action.tile.index] = 1
            elif isinstance(event.action, Draw):
                d["draws"][event.seat] += 1
                if event.drawn is not None:
                    d["drawn"][event.drawn.index] = 1
            else:
                d["passes"][event.seat] += 1
        assert lacks is not None, "a tensor with recall needs the round's Lacks"
        for other, numbers in enumerate(lacks.as_lists()):
            d["lacks"][other][numbers] = 1


def _mark(row: Any, tiles: Sequence[Tile]) -> None:
    for tile in tiles:
        row[tile.index] = 1
