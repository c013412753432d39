"""Chicken Foot as an OpenSpiel game: ``pyspiel.load_game("python_chicken_foot", {...})``.

Importing this module registers the game (it needs ``open-spiel``: the ``openspiel`` extra).
Every rule is our engine's (:mod:`chickenfoot.core`): the legal actions are the round's own
:meth:`~chickenfoot.core.round.RoundState.legal_actions`, every action is applied through
:meth:`~chickenfoot.core.match.Match.apply`, the points are the round's own. What this module
adds is OpenSpiel's shape (docs/openspiel.md):

* **Parameters**: ``preset`` (a name of :data:`~chickenfoot.core.rules.PRESETS`, default
  ``classic``), ``players`` (2-8, default 4), ``length`` (``single``, the default, ``half`` or
  ``full``: how many rounds, as in the rules), ``returns`` (``penalty``, the default, or
  ``zero_sum``).
* **Chance nodes**, one tile each, every one uniform over the tiles it may be: the draws for
  the start where the preset makes them (``found``: from the whole set, seat after seat, until
  the round's double turns up; wikipedia's round 1: one tile a seat from the boneyard), the
  deal (seat 0's tiles first, then seat 1's, ...), and every draw from the boneyard (the
  seat's ``draw`` action, then the tile it takes). A game replays exactly from its actions.
* **Actions**, on a double-N set of ``S = (N+1)(N+2)/2`` tiles (tile indices 0-0 = 0, 1-0 =
  1, 1-1 = 2, 2-0 = 3, ...): play tile ``t`` on the placed tile with id ``i`` is ``t * (S + 1)
  + i + 1``; place tile ``t`` as the first tile of the table (the presets that deal the
  round's double) is ``t * (S + 1)``; draw is ``S * (S + 1)``; pass is ``S * (S + 1) + 1``. A
  chance outcome is the index of the tile dealt or drawn.
* **Returns**, at the end of the game: ``penalty`` gives each seat minus its penalty points
  (its total over the rounds; general-sum, the highest return wins); ``zero_sum`` gives each
  seat the mean of all seats' points minus its own (the same order of seats, summing to 0).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # (a compiled module without types)

from chickenfoot.core.actions import Action, Draw, Pass, Play
from chickenfoot.core.fast import action_limit
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import Deal
from chickenfoot.core.projection import public_now
from chickenfoot.core.public_knowledge import Lacks, playable_numbers
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import PRESETS, MatchLength, RoundDouble, Rules
from chickenfoot.core.tiles import TILES, Tile, set_size, tile_index

NAME = "python_chicken_foot"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
RETURNS = ("penalty", "zero_sum")
DEFAULTS: dict[str, Any] = {
    "preset": "classic",
    "players": 4,
    "length": MatchLength.SINGLE.value,
    "returns": "penalty",
}


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=NAME,
        long_name="Chicken Foot dominoes",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
ZERO_SUM_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)


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
    zero_sum: bool

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
    def rounds(self) -> int:
        return len(self.rules.round_doubles(self.players))

    def __deepcopy__(self, memo: dict[int, Any]) -> Spec:
        return self  # it never changes: a cloned state shares it

    def action_id(self, action: Action) -> int:
        """The integer of ``action`` (see the module docstring)."""
        if isinstance(action, Draw):
            return self.draw_id
        if isinstance(action, Pass):
            return self.pass_id
        slot = 0 if action.on is None else action.on + 1
        return action.tile.index * self.stride + slot

    def action_of(self, action_id: int) -> Action:
        """The action an integer stands for (any integer below ``num_distinct_actions``)."""
        if action_id == self.draw_id:
            return Draw()
        if action_id == self.pass_id:
            return Pass()
        index, slot = divmod(action_id, self.stride)
        return Play(TILES[index], None if slot == 0 else slot - 1)


def spec_of(params: dict[str, Any]) -> Spec:
    """The :class:`Spec` of a game's parameters (``ValueError`` for parameters that name no
    game)."""
    params = {**DEFAULTS, **params}
    key = tuple(sorted((k, str(v)) for k, v in params.items()))
    known = _SPECS.get(key)
    if known is None:
        known = _SPECS[key] = _spec_of(params)
    return known


_SPECS: dict[tuple[tuple[str, str], ...], Spec] = {}


def _spec_of(params: dict[str, Any]) -> Spec:
    rules, players = rules_of(params)
    if params["returns"] not in RETURNS:
        raise ValueError(f"returns must be penalty or zero_sum, not {params['returns']!r}")
    return Spec(rules, players, params["returns"] == "zero_sum")


class ChickenFootGame(pyspiel.Game):  # type: ignore[misc]
    """One game (a single round, or a match of rounds) of Chicken Foot for OpenSpiel."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = spec_of(params or {})
        rules, players = spec.rules, spec.players
        worst = sum(rules.tile_value(TILES[i]) for i in range(spec.set_size))
        worst = spec.rounds * max(worst, rules.double_out_points)
        chance = 2 * spec.set_size + players
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.pass_id + 1,
            max_chance_outcomes=spec.set_size,
            num_players=players,
            min_utility=float(-worst),
            max_utility=float(worst if spec.zero_sum else 0),
            utility_sum=0.0 if spec.zero_sum else None,
            max_game_length=spec.rounds * (action_limit(spec.set_size, players) + chance),
        )
        game_type = ZERO_SUM_TYPE if spec.zero_sum else GAME_TYPE
        super().__init__(game_type, info, {**DEFAULTS, **(params or {})})

    @property
    def spec(self) -> Spec:
        """The game's :class:`Spec` (worked out from its parameters: OpenSpiel may rebuild a
        game without calling ``__init__``)."""
        return spec_of(self.get_parameters())

    def new_initial_state(self) -> ChickenFootState:
        return ChickenFootState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ChickenFootObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        return ChickenFootObserver(self.spec, iig_obs_type)


class Progress:
    """What changes as a game goes on: our match, and while a round's chance events are being
    drawn, those drawn so far. OpenSpiel clones a state by deep-copying its attributes: this
    copies the match with the engine's own copy of the round in play."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.start_draw: list[tuple[int, Tile]] = []
        """The draws for the start of the round being dealt."""
        self.dealt: list[Tile] = []
        """The tiles dealt so far in the round being dealt, seat 0's first."""
        self.drawing = False
        """The seat to act has chosen to draw: chance picks the tile."""
        self.lacks: list[Lacks] = []
        """Per round, the numbers each seat is known to lack (see
        :class:`~chickenfoot.core.public_knowledge.Lacks`)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Progress:
        other = Progress(self.match.copy())
        other.start_draw = self.start_draw[:]
        other.dealt = self.dealt[:]
        other.drawing = self.drawing
        other.lacks = self.lacks[:-1]
        if self.lacks:
            last = copy.copy(self.lacks[-1])
            last.lacks = last.lacks[:]
            other.lacks.append(last)
        return other


class ChickenFootState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: our :class:`~chickenfoot.core.match.Match`, and while a round's
    chance events are being drawn, those drawn so far."""

    def __init__(self, game: ChickenFootGame) -> None:
        super().__init__(game)
        self.spec = spec = game.spec
        self.now = Progress(Match([f"seat {s}" for s in range(spec.players)], spec.rules))

    @property
    def match(self) -> Match:
        return self.now.match

    @property
    def start_draw(self) -> list[tuple[int, Tile]]:
        return self.now.start_draw

    @property
    def dealt(self) -> list[Tile]:
        return self.now.dealt

    @property
    def drawing(self) -> bool:
        return self.now.drawing

    @property
    def lacks(self) -> list[Lacks]:
        return self.now.lacks

    # -- where the game is -----------------------------------------------------------------

    @property
    def round(self) -> RoundState | None:
        """The round in play (dealt and not over), if any."""
        return self.match.current

    def _dealing(self) -> bool:
        return not self.match.is_over and self.match.current is None

    def current_player(self) -> int:
        if self.match.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.drawing or self.match.current is None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.match.current.turn

    def is_terminal(self) -> bool:
        return self.match.is_over

    # -- chance ----------------------------------------------------------------------------

    def _double(self) -> Tile:
        double = self.match.next_double()
        return TILES[tile_index(double, double)]

    def _finding(self) -> bool:
        """The seats are still drawing from the whole set for the round's double."""
        if self.spec.rules.round_double is not RoundDouble.FOUND:
            return False
        return not self.start_draw or self.start_draw[-1][1] != self._double()

    def _to_deal(self) -> list[Tile]:
        """The tiles of the set not yet dealt (nor set aside as the round's double)."""
        taken = {t.index for t in self.dealt}
        if not self.spec.rules.double_dealt:
            taken.add(self._double().index)
        return [TILES[i] for i in range(self.spec.set_size) if i not in taken]

    def _pool(self) -> list[Tile]:
        """The tiles the next chance event may give, each as likely."""
        round_ = self.match.current
        if round_ is not None:
            return sorted(round_.boneyard_tiles(), key=lambda t: t.index)
        if self._finding():
            seen = {t.index for _, t in self.start_draw}
            return [TILES[i] for i in range(self.spec.set_size) if i not in seen]
        rest = self._to_deal()
        if len(self.dealt) < self._deal_size():
            return rest
        seen = {t.index for _, t in self.start_draw}
        return [t for t in rest if t.index not in seen]

    def _deal_size(self) -> int:
        return self.spec.players * self.spec.rules.hand_size(self.spec.players)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        pool = self._pool()
        p = 1.0 / len(pool)
        return [(t.index, p) for t in pool]

    def _apply_chance(self, index: int) -> None:
        tile = TILES[index]
        if tile not in self._pool():
            raise ValueError(f"{tile} cannot be dealt or drawn now")
        round_ = self.match.current
        if round_ is not None:
            round_.draw_next(tile)
            self.now.drawing = False
            self._apply_to_engine(Draw())
            return
        players = self.spec.players
        if self._finding():
            self.start_draw.append(((self.match.rotation() + len(self.start_draw)) % players, tile))
            return
        if len(self.dealt) < self._deal_size():
            self.dealt.append(tile)
        else:
            self.start_draw.append((len(self.start_draw), tile))
        if len(self.dealt) < self._deal_size():
            return
        first_round = not self.match.rounds
        if (
            first_round
            and self.spec.rules.starter_draw_round_one
            and len(self.start_draw) < players
        ):
            return  # wikipedia's round 1: each seat draws one tile to see who starts
        self._start_round()

    def _start_round(self) -> None:
        size = self.spec.rules.hand_size(self.spec.players)
        hands = tuple(
            tuple(self.dealt[s * size : (s + 1) * size]) for s in range(self.spec.players)
        )
        dealt = {t.index for t in self.dealt}
        boneyard = tuple(t for t in self._to_deal() if t.index not in dealt)
        self.match.start_round(Deal(hands, boneyard, tuple(self.start_draw)))
        self.now.start_draw = []
        self.now.dealt = []
        self.lacks.append(Lacks(self.spec.players, self.spec.rules.drawn_tile_must_be_played))

    # -- the seats' actions ----------------------------------------------------------------

    def _legal(self) -> dict[int, Action]:
        round_ = self.match.current
        assert round_ is not None and not self.drawing
        return {self.spec.action_id(a): a for a in round_.legal_actions()}

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self._legal())

    def _apply_action(self, action_id: int) -> None:
        if self.is_chance_node():
            self._apply_chance(action_id)
            return
        action = self._legal().get(action_id)
        if action is None:
            raise ValueError(f"{self.spec.action_of(action_id)} is not legal now")
        round_ = self.match.current
        assert round_ is not None
        if isinstance(action, Draw | Pass):
            before = public_now(round_, [])
            playable = playable_numbers((p.open for p in round_.board()), before)
            self.lacks[-1].act(round_.turn, action, playable)
        else:
            self.lacks[-1].act(round_.turn, action, ())
        if isinstance(action, Draw):
            self.now.drawing = True  # the tile is chance's next outcome
            return
        self._apply_to_engine(action)

    def _apply_to_engine(self, action: Action) -> None:
        self.match.apply(action)

    def _action_to_string(self, player: int, action_id: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(TILES[action_id])
        return str(self.spec.action_of(action_id))

    def returns(self) -> list[float]:
        if not self.match.is_over:
            return [0.0] * self.spec.players
        totals = self.match.totals()
        if self.spec.zero_sum:
            mean = sum(totals) / len(totals)
            return [mean - t for t in totals]
        return [float(-t) for t in totals]

    def __str__(self) -> str:
        """Everything, hidden tiles included (for debugging; seats see their strings)."""
        lines = [self.information_state_string(s) for s in range(self.spec.players)]
        round_ = self.match.current
        if round_ is not None:
            lines.append(f"boneyard {' '.join(str(t) for t in round_.boneyard_tiles())}")
        return "\n".join(lines)


# -- searching from what a seat knows -----------------------------------------------------


def resample(state: ChickenFootState, seat: int, rng: Random) -> ChickenFootState:
    """A copy of ``state`` with the tiles ``seat`` cannot see dealt again at random: the other
    seats' hands (each keeps its size) and the boneyard. ``seat``'s information state is the
    same in the copy (OpenSpiel's information-set searchers need such a copy: hand this to
    ``ISMCTSBot.set_resampler`` as ``lambda state, seat: resample(state, seat, rng)``).

    A seat known to lack some numbers (:class:`~chickenfoot.core.public_knowledge.Lacks`)
    is given tiles without them where enough are left, the most constrained seat first. The
    copy's history is no longer one the game could have dealt: it is a sample to search, not a
    game to replay."""
    copy_ = state.clone()
    round_ = copy_.round
    if round_ is None or copy_.drawing:
        return copy_  # type: ignore[no-any-return]
    others = [s for s in range(round_.players) if s != seat]
    hidden = [t for s in others for t in round_.hand(s)]
    hidden += round_.boneyard_tiles()
    rng.shuffle(hidden)
    lacks = copy_.lacks[-1].lacks
    hands: dict[int, list[Tile]] = {}
    for s in sorted(others, key=lambda s: -len(lacks[s])):
        size = len(round_.hand(s))
        chosen = [t for t in hidden if not (t.hi in lacks[s] or t.lo in lacks[s])][:size]
        if len(chosen) < size:
            chosen += [t for t in hidden if t not in chosen][: size - len(chosen)]
        hidden = [t for t in hidden if t not in chosen]
        hands[s] = chosen
    copy_.match.rounds[-1] = round_.redealt(hands, hidden)
    return copy_  # type: ignore[no-any-return]


# -- what each seat sees ---------------------------------------------------------------------


def _event_text(seat: int, action: Action, drawn: Tile | None) -> str:
    return f"{seat}:{action}" + (f"={drawn}" if drawn is not None else "")


def observation_text(state: ChickenFootState, seat: int) -> str:
    """What ``seat`` sees now: its hand, the open ends and the waiting foot, every hand's
    size, the boneyard's size, whose turn it is, the totals so far."""
    match = state.match
    parts = [f"seat {seat}", f"round {len(match.rounds)}", f"totals {match.totals()}"]
    round_ = match.rounds[-1] if match.rounds and not state._dealing() else None
    if round_ is None:
        hand = state.dealt[seat * _size(state) : (seat + 1) * _size(state)]
        parts.append(f"dealing: hand {' '.join(map(str, hand))}")
        parts.append("start " + " ".join(f"{s}:{t}" for s, t in state.start_draw))
        return " | ".join(parts)
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
        if state.drawing:
            parts.append("drawing")
    return " | ".join(parts)


def _size(state: ChickenFootState) -> int:
    return state.spec.rules.hand_size(state.spec.players)


def information_state_text(state: ChickenFootState, seat: int) -> str:
    """Everything ``seat`` has seen, in order: per round its double, the draws for the start,
    its own dealt hand and every action (its own draws with their tiles, the others' without),
    then what it sees now."""
    lines = [f"{state.spec.rules.preset} {state.spec.players} players seat {seat}"]
    for k, round_ in enumerate(state.match.rounds):
        start = " ".join(f"{s}:{t}" for s, t in round_.dealt.start_draw)
        hand = " ".join(map(str, sorted(round_.dealt.hands[seat])))
        lines.append(f"round {k + 1} double {round_.double_tile} start {start} hand {hand}")
        lines.append(
            " ".join(_event_text(e.seat, e.action, e.drawn) for e in round_.seen_history(seat))
        )
    lines.append(observation_text(state, seat))
    return "\n".join(lines)


class ChickenFootObserver:
    """The tensors and strings of one seat (OpenSpiel's observer interface).

    Both tensors hold, as 0/1 or counts: ``seat`` (one-hot), ``turn`` (one-hot, all zero at a
    chance node or the end), ``hand`` (per tile), ``board`` (per tile: placed), ``open_ends``
    (per number: how many open line ends show it), ``foot`` (per number: the foot waiting for
    toes) and ``toes_needed``, ``centre_placed``, ``drew`` (the seat to act has drawn),
    ``hand_sizes`` (per seat), ``boneyard`` and ``drawable`` (counts), ``round`` (one-hot),
    ``totals`` (per seat, the finished rounds' points). The information state adds, for the
    round in play: ``dealt`` (the seat's own dealt hand), ``start_draw`` (tiles shown in the
    draws for the start), ``drawn`` (tiles the seat drew itself), ``played`` (per seat and
    tile), ``draws`` and ``passes`` (per seat, counts) and ``lacks`` (per seat and number: the
    numbers the seat is known to lack, :class:`~chickenfoot.core.public_knowledge.Lacks`).
    The information-state string is the seat's whole history in order (perfect recall); the
    tensor sums it up in those fixed-size counts.
    """

    def __init__(self, game: Spec, iig_obs_type: Any) -> None:
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        players, tiles, numbers = game.players, game.set_size, game.top + 1
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
            ("round", (game.rounds,)),
            ("totals", (players,)),
        ]
        if self.perfect_recall:
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

    def set_from(self, state: ChickenFootState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        d["seat"][player] = 1
        match = state.match
        d["totals"][:] = match.totals()
        if not match.rounds:
            _mark(d["hand"], state.dealt[player * _size(state) : (player + 1) * _size(state)])
            return
        d["round"][len(match.rounds) - 1] = 1
        round_ = match.rounds[-1]
        if state._dealing():  # the next round is being dealt
            _mark(d["hand"], state.dealt[player * _size(state) : (player + 1) * _size(state)])
            return
        if round_.end is None and not state.drawing:
            d["turn"][round_.turn] = 1
        _mark(d["hand"], round_.hand(player))
        _mark(d["board"], [p.tile for p in round_.board()])
        for _, number in round_.open_ends():
            d["open_ends"][number] += 1
        foot = round_.incomplete_foot()
        if foot is not None:
            d["foot"][foot[1]] = 1
            d["toes_needed"][0] = foot[2]
        d["centre_placed"][0] = round_.centre_placed
        d["drew"][0] = round_.drew or state.drawing
        d["hand_sizes"][:] = round_.hand_sizes()
        d["boneyard"][0] = round_.boneyard_size
        d["drawable"][0] = round_.drawable
        if not self.perfect_recall:
            return
        _mark(d["dealt"], round_.dealt.hands[player])
        _mark(d["start_draw"], [t for _, t in round_.dealt.start_draw])
        for event in round_.seen_history(player):
            if isinstance(event.action, Play):
                d["played"][event.seat][event.action.tile.index] = 1
            elif isinstance(event.action, Draw):
                d["draws"][event.seat] += 1
                if event.drawn is not None:
                    d["drawn"][event.drawn.index] = 1
            else:
                d["passes"][event.seat] += 1
        for seat, numbers in enumerate(state.lacks[-1].as_lists()):
            d["lacks"][seat][numbers] = 1

    def string_from(self, state: ChickenFootState, player: int) -> str:
        if self.perfect_recall:
            return information_state_text(state, player)
        return observation_text(state, player)


def _mark(row: Any, tiles: Sequence[Tile]) -> None:
    for tile in tiles:
        row[tile.index] = 1


pyspiel.register_game(GAME_TYPE, ChickenFootGame)
