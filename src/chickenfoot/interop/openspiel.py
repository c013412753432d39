"""Chicken Foot as an OpenSpiel game: ``pyspiel.load_game("python_chicken_foot", {...})``.

Importing this module registers the game (it needs ``open-spiel``: the ``openspiel`` extra).
Every rule is our engine's (:mod:`chickenfoot.core`): the legal actions are the round's own
:meth:`~chickenfoot.core.round.RoundState.legal_actions`, every action is applied through
:meth:`~chickenfoot.core.match.Match.apply`, the points are the round's own. What this module
adds is OpenSpiel's shape (docs/openspiel.md):

* **Parameters**: ``preset`` (a name of :data:`~chickenfoot.core.rules.PRESETS`, default
  ``classic``), ``players`` (2-8, default 4), ``length`` (``single``, the default, ``half`` or
  ``full``: how many rounds, as in the rules), ``returns`` (``penalty``, the default,
  ``zero_sum`` or ``win``).
* **Chance nodes**, one tile each, every one uniform over the tiles it may be: the draws for
  the start where the preset makes them (``found``: from the whole set, seat after seat, until
  the round's double turns up; wikipedia's round 1: one tile a seat from the boneyard), the
  deal (seat 0's tiles first, then seat 1's, ...), and every draw from the boneyard (the
  seat's ``draw`` action, then the tile it takes). A game replays exactly from its actions.
* **Actions**: the integers of :class:`~chickenfoot.interop.encoding.Spec` (play tile ``t``
  on the placed tile with id ``i`` is ``t * (S + 1) + i + 1`` on a set of ``S`` tiles; draw
  and pass come after every play). A chance outcome is the index of the tile dealt or drawn.
* **Returns**, at the end of the game: ``penalty`` gives each seat minus its penalty points
  (its total over the rounds; general-sum, the highest return wins); ``zero_sum`` gives each
  seat the mean of all seats' points minus its own (the same order of seats, summing to 0);
  ``win`` gives each winner of the game (as the rules decide it) 1/k, k the number of
  winners, and the others 0 (constant-sum: what a player who plays to win maximises).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from random import Random
from typing import Any

import pyspiel  # type: ignore[import-not-found]  # (a compiled module without types)

from chickenfoot.core.actions import Action, Draw
from chickenfoot.core.fast import action_limit
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import Deal
from chickenfoot.core.public_knowledge import Lacks
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import RoundDouble
from chickenfoot.core.tiles import TILES, Tile, tile_index
from chickenfoot.interop import encoding
from chickenfoot.interop.encoding import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Observation,
    follow_lacks,
    rules_of,
)

NAME = "python_chicken_foot"
RETURNS = ("penalty", "zero_sum", "win")
DEFAULTS: dict[str, Any] = {**encoding.DEFAULTS, "returns": "penalty"}


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
GAME_TYPES = {
    "penalty": GAME_TYPE,
    "zero_sum": _game_type(pyspiel.GameType.Utility.ZERO_SUM),
    "win": _game_type(pyspiel.GameType.Utility.CONSTANT_SUM),
}
"""OpenSpiel's game type for each kind of :data:`RETURNS`."""


@dataclass(frozen=True)
class Spec(encoding.Spec):
    """The shared :class:`~chickenfoot.interop.encoding.Spec`, and the returns asked for."""

    returns: str = "penalty"
    """One of :data:`RETURNS`."""


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
        raise ValueError(f"returns must be {', '.join(RETURNS)}, not {params['returns']!r}")
    return Spec(rules, players, params["returns"])


class ChickenFootGame(pyspiel.Game):  # type: ignore[misc]
    """One game (a single round, or a match of rounds) of Chicken Foot for OpenSpiel."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = spec_of(params or {})
        players, worst = spec.players, float(spec.worst_total)
        chance = 2 * spec.set_size + players
        low, high, total = {
            "penalty": (-worst, 0.0, None),
            "zero_sum": (-worst, worst, 0.0),
            "win": (0.0, 1.0, 1.0),
        }[spec.returns]
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=spec.set_size,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=spec.rounds * (action_limit(spec.set_size, players) + chance),
        )
        super().__init__(GAME_TYPES[spec.returns], info, {**DEFAULTS, **(params or {})})

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
        return self.spec.legal(round_)

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
        follow_lacks(self.lacks[-1], round_, action)
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
        if self.spec.returns == "win":
            outcome = self.match.outcome()
            assert outcome is not None
            share = 1 / len(outcome.winners)
            return [share if s in outcome.winners else 0.0 for s in range(self.spec.players)]
        totals = self.match.totals()
        if self.spec.returns == "zero_sum":
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
    """What ``seat`` sees now (:func:`chickenfoot.interop.encoding.observation_text`)."""
    return encoding.observation_text(
        state.match,
        seat,
        dealt=_dealt(state, seat),
        start_draw=state.start_draw,
        drawing=state.drawing,
    )


def _dealt(state: ChickenFootState, seat: int) -> list[Tile] | None:
    """While a round is being dealt, ``seat``'s tiles dealt so far; else ``None``."""
    if not state._dealing():
        return None
    return state.dealt[seat * _size(state) : (seat + 1) * _size(state)]


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


class ChickenFootObserver(Observation):
    """The tensors and strings of one seat (OpenSpiel's observer interface).

    The observation tensor is the seat's :class:`~chickenfoot.interop.encoding.Observation`;
    the information-state tensor is the same with ``recall``: fixed-size sums of the round in
    play. The information-state string is the seat's whole history in order (perfect
    recall).
    """

    def __init__(self, game: Spec, iig_obs_type: Any) -> None:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        super().__init__(game, recall)
        self.perfect_recall = recall

    def set_from(self, state: ChickenFootState, player: int) -> None:
        self.fill(
            state.match,
            player,
            dealt=_dealt(state, player),
            drawing=state.drawing,
            lacks=state.lacks[-1] if state.lacks else None,
        )

    def string_from(self, state: ChickenFootState, player: int) -> str:
        if self.perfect_recall:
            return information_state_text(state, player)
        return observation_text(state, player)


pyspiel.register_game(GAME_TYPE, ChickenFootGame)
