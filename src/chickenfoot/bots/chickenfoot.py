"""Chicken Foot for the searching and rule-of-thumb players: sampling the hidden tiles from
what the seat inferred (:mod:`chickenfoot.bots.knowledge`), playouts on the compact state,
the features a club player weighs, and reasons in a player's words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Literal

from chickenfoot.bots.estimate import Estimate
from chickenfoot.bots.knowledge import (
    Knowledge,
    after,
    consistent,
    determinize,
    fast_move,
    infer,
    position,
)
from chickenfoot.bots.opponents import greedy_seats
from chickenfoot.bots.playout import chickenfoot_playout
from chickenfoot.bots.simple import target
from chickenfoot.core import Action, Draw, FastRound, Pass, Play, SeatView
from chickenfoot.core.messages import Message, message
from chickenfoot.core.tiles import NUMBER_MASK, PIPS, Tile, mask_of


def features(view: SeatView, play: Play, knowledge: Knowledge) -> dict[str, float]:
    """What a play on a tile (not the placing of the centre) does, in the terms the
    heuristic (and a hint) weighs."""
    assert play.on is not None, "placing the centre is forced: nothing to weigh"
    tile = play.tile
    index = tile.index
    blank = view.rules.double_blank_points
    board = after(view, play)
    rest = board.hands[view.seat]
    opened = tile.hi + tile.lo - (fast_move(view, play) & 31)
    playable_after = board.playable(rest)
    own_toes = (rest & NUMBER_MASK[tile.hi]).bit_count() if tile.is_double else 0
    others_toes = (knowledge.unseen & NUMBER_MASK[tile.hi]).bit_count() if tile.is_double else 0
    return {
        "weight": float(blank if index == 0 else PIPS[index]),
        "follow_ups": float((rest & NUMBER_MASK[opened]).bit_count()) if not tile.is_double else 0,
        "playable_after": float(playable_after.bit_count()),
        "double": float(tile.is_double),
        "own_toes": float(own_toes),
        "others_toes": float(others_toes),
    }


def score(f: dict[str, float]) -> float:
    """Doubles first (every other seat must toe them or draw), then heavy tiles, then tiles
    that leave the hand playable and open numbers the hand can follow up on."""
    return 30.0 * f["double"] + f["weight"] + f["playable_after"] + f["follow_ups"]


def reason(view: SeatView, action: Action, knowledge: Knowledge) -> Message:
    """One line a player understands: what this action does for them."""
    if isinstance(action, Draw):
        return message("hint-draw")
    if isinstance(action, Pass):
        return message("hint-pass-drawn" if view.drew else "hint-pass-empty")
    tile = action.tile
    if action.on is None:
        return message("hint-place-centre", tile=str(tile))
    f = features(view, action, knowledge)
    if tile.index == 0:
        return message("hint-double-blank", points=view.rules.double_blank_points)
    if f["double"]:
        if f["own_toes"]:
            return message(
                "hint-foot-follow", tile=str(tile), number=tile.hi, own=int(f["own_toes"])
            )
        return message("hint-foot", tile=str(tile), number=tile.hi)
    pips, playable = int(f["weight"]), int(f["playable_after"])
    if f["follow_ups"]:
        matched = view.foot[1] if view.foot else dict(view.open_ends)[action.on]
        return message(
            "hint-shed-opens",
            pips=pips,
            opened=tile.other(matched),
            follow=int(f["follow_ups"]),
            playable=playable,
        )
    return message("hint-shed", pips=pips, playable=playable)


@dataclass(frozen=True, slots=True)
class Policy:
    """How the playouts play each seat, and what the sampling reads into the others' plays."""

    greedy: bool = False
    """Seats whose plays all fit the greedy rule so far (:mod:`chickenfoot.bots.opponents`)
    play greedily in the playouts, and their hands are sampled without the heavier tiles
    they passed over."""
    greedy_tests: int = 1
    """Plays that could have broken the greedy rule a seat must have made to be judged
    greedy-like (0: every seat is, until it breaks the rule). One is too few: searching
    players are then taken for greedy ones in about a fifth of the decisions, and the model
    loses rounds against them; three keep that near one in fifteen."""
    own_heavy: float | None = None
    """The searching seat's share of heaviest-tile moves in its playouts (None: the
    search's ``heavy``, as every other seat)."""
    doubles: float = 0.0
    """The share of playout moves, of every seat not played as the greedy player, that
    play a double when the seat has one to play (searching players play one about half
    the times they can, a random choice about a quarter of the times)."""
    swaps: int = 0
    """Exchanges of two tiles per unseen tile that even out each sample of the hidden hands
    (:func:`~chickenfoot.bots.knowledge.sample_hands`)."""


POLICY = Policy(greedy=True, greedy_tests=3, doubles=0.8, swaps=3)
"""The searching players' policy (the expert's, and hints' and analyses'): seats judged
greedy-like after three telling plays are modelled as such; the others play a double 80%
of the times they have one to play; each sample of the hidden hands is evened out by
three exchanges per unseen tile."""


class _Playouts:
    """Candidates played out in any full round state (what a searcher samples)."""

    def __init__(self, view: SeatView, actions: list[Action], policy: Policy) -> None:
        self.view = view
        self.moves = [fast_move(view, a) for a in actions]
        self.policy = policy
        self.greedy = greedy_seats(view, policy.greedy_tests) if policy.greedy else 0
        self._seat_heavy: tuple[float, list[float] | None] | None = None

    def seat_heavy(self, heavy: float) -> list[float] | None:
        """Each seat's share of heaviest-tile moves (None: ``heavy`` for every seat)."""
        cached = self._seat_heavy
        if cached is not None and cached[0] == heavy:
            return cached[1]
        own = self.policy.own_heavy
        out: list[float] | None = None
        if self.greedy or own is not None:
            out = [
                1.0 if self.greedy >> seat & 1 else heavy for seat in range(len(self.view.players))
            ]
            if own is not None:
                out[self.view.seat] = own
        self._seat_heavy = (heavy, out)
        return out

    def play_out(
        self, sample: FastRound, k: int, rng: Random, heavy: float, into: Estimate
    ) -> None:
        state = sample.copy()
        state.apply(self.moves[k])
        points = (
            chickenfoot_playout(
                state, rng, heavy, None, self.seat_heavy(heavy), self.policy.doubles
            )
            if not state.end
            else state.points()
        )
        mine = points[self.view.seat]
        low = min(points)
        if mine == low:
            into.wins += 1.0 / points.count(low)
        into.points += mine
        into.samples += 1


class _Searcher(_Playouts):
    """The hidden tiles sampled from what the seat inferred."""

    def __init__(self, view: SeatView, actions: list[Action], policy: Policy) -> None:
        super().__init__(view, actions, policy)
        knowledge = infer(view, self.greedy)
        if self.greedy and not consistent(view, knowledge, Random(len(view.history))):
            self.greedy = 0  # no hands fit every seat's being greedy: model none
            knowledge = infer(view)
        self.knowledge = knowledge

    def sample(self, rng: Random) -> FastRound:
        return determinize(self.view, self.knowledge, rng, self.policy.swaps)


class _OpenSearcher(_Playouts):
    """Every hand known; only the boneyard's order is sampled (shuffled every time)."""

    def __init__(
        self,
        view: SeatView,
        actions: list[Action],
        hands: list[int],
        boneyard: list[int],
        policy: Policy,
    ) -> None:
        super().__init__(view, actions, policy)
        self.hands = hands
        self.boneyard = boneyard

    def sample(self, rng: Random) -> FastRound:
        order = self.boneyard[:]
        rng.shuffle(order)
        return position(self.view, self.hands, order)


class ChickenFootSearch:
    """:class:`~chickenfoot.bots.search.GameSearch` for Chicken Foot."""

    unit: Literal["percent", "points"] = "percent"

    def candidates(self, view: SeatView) -> list[Action]:
        """One action per distinct outcome: targets showing the same number are alike."""
        seen: set[int] = set()
        out = []
        for action in view.legal:
            move = fast_move(view, action)
            if move not in seen:
                seen.add(move)
                out.append(action)
        return out

    def alike(self, view: SeatView, a: Action, b: Action) -> bool:
        """Plays whose ends show the same number are alike."""
        return fast_move(view, a) == fast_move(view, b)

    def searcher(self, view: SeatView, actions: list[Action], policy: Policy = POLICY) -> _Searcher:
        return _Searcher(view, actions, policy)

    def open_searcher(
        self,
        view: SeatView,
        actions: list[Action],
        hands: Sequence[Sequence[Tile]],
        drawn: Sequence[Tile],
        boneyard: Sequence[Tile],
        policy: Policy = POLICY,
    ) -> _OpenSearcher:
        """See :meth:`~chickenfoot.bots.search.GameSearch.open_searcher` (the round is
        rebuilt from the view and the hands: ``drawn`` is not needed)."""
        masks = [mask_of(hand) for hand in hands]
        return _OpenSearcher(view, actions, masks, [t.index for t in boneyard], policy)

    def value(self, estimate: Estimate, point_weight: float) -> float:
        """Rounds won, less ``point_weight`` of a win per 100 penalty points kept."""
        return estimate.win_share - point_weight * estimate.mean_points / 100.0

    def reason(self, view: SeatView, estimate: Estimate) -> Message:
        return reason(view, estimate.action, infer(view))

    def heuristic(self, view: SeatView) -> Action:
        """Doubles first, then heavy tiles (and the 0-0) that keep the hand playable and
        open numbers it can follow up on."""
        plays = [a for a in view.legal if isinstance(a, Play)]
        if len(view.legal) == 1 or not plays:
            return view.legal[0]
        knowledge = infer(view)
        return max(plays, key=lambda a: (score(features(view, a, knowledge)), -target(a)))
