"""The standard domino games (draw, block, All Fives, Bergen) for the searching players.

A sample of the hidden tiles rebuilds the hand's deal from the sample and the public
history, replays that history through the rules (a sample the history refutes is drawn
again); each candidate is then played out to the end of the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Literal

from chickenfoot.bots.estimate import Estimate
from chickenfoot.bots.playout import standard_playout
from chickenfoot.bots.simple import heaviest
from chickenfoot.core import Action, Draw, IllegalActionError, Pass, Play
from chickenfoot.core.messages import Message, message
from chickenfoot.core.standard import Deal, HandState, StandardView
from chickenfoot.core.tiles import Tile, full_set


def sample_hand(view: StandardView, rng: Random, tries: int = 30) -> HandState | None:
    """A full hand state consistent with the view, or None if none was found in ``tries``."""
    rules = view.rules
    players = len(view.players)
    mine = set(view.hand)
    on_table = {p.tile for p in view.board}
    unseen = [t for t in full_set(rules.set_top) if t not in mine and t not in on_table]
    played: list[list[Tile]] = [[] for _ in range(players)]
    draws: list[tuple[int, Tile | None]] = []
    for k, event in enumerate(view.history):
        if isinstance(event.action, Play):
            played[event.seat].append(event.action.tile)
            if draws and draws[-1][1] is None and _drew_just_before(view, k):
                draws[-1] = (event.seat, event.action.tile)
        elif isinstance(event.action, Draw):
            draws.append((event.seat, event.drawn))
    lead = _lead(view)
    base = [view.totals[side[0]] for side in view.sides]
    for _ in range(tries):
        rng.shuffle(unseen)
        hands: list[list[Tile]] = [[] for _ in range(players)]
        hands[view.seat] = list(view.hand)
        at = 0
        for seat in range(players):
            if seat != view.seat:
                hands[seat] = unseen[at : at + view.hand_sizes[seat]]
                at += view.hand_sizes[seat]
        rest = unseen[at:]
        drawn = _drawn_tiles(draws, hands, rng)
        if drawn is None:
            continue
        try:
            return _replayed(view, hands, played, drawn, rest, lead, base)
        except (IllegalActionError, ValueError):
            continue
    return None


def _played(view: StandardView) -> list[list[Tile]]:
    """The tiles each seat has played in the hand so far."""
    played: list[list[Tile]] = [[] for _ in view.players]
    for event in view.history:
        if isinstance(event.action, Play):
            played[event.seat].append(event.action.tile)
    return played


def _replayed(
    view: StandardView,
    hands: list[list[Tile]],
    played: list[list[Tile]],
    drawn: list[tuple[int, Tile]],
    rest: Sequence[Tile],
    lead: Tile | None,
    base: list[int],
) -> HandState:
    """The hand dealt so that every seat holds ``hands`` now, having played ``played`` and
    drawn ``drawn`` (``(seat, tile)`` in the order drawn), with ``rest`` left in the
    boneyard, and the view's history replayed on it. Raises :class:`IllegalActionError` or
    ``ValueError`` if the history cannot have happened so."""
    dealt_hands = []
    for seat in range(len(view.players)):
        taken = [t for s, t in drawn if s == seat]
        start = [t for t in hands[seat] + played[seat] if t not in taken]
        dealt_hands.append(tuple(start))
    dealt = Deal(tuple(dealt_hands), tuple(t for _, t in drawn) + tuple(rest))
    state = HandState(view.rules, dealt, view.first, lead, base)
    for event in view.history:
        state.apply(event.action)
    return state


def hand_position(
    view: StandardView,
    hands: Sequence[Sequence[Tile]],
    drawn: Sequence[Tile],
    boneyard: Sequence[Tile],
) -> HandState:
    """The hand ``view`` shows, with every seat's hand now (``hands``), the tiles drawn so
    far in the order drawn (``drawn``) and the tiles still in the boneyard, the next draw
    first (``boneyard``): what :func:`chickenfoot.bots.knowledge.position` is to Chicken
    Foot. Raises :class:`IllegalActionError` or ``ValueError`` if they do not fit the view."""
    seats = [event.seat for event in view.history if isinstance(event.action, Draw)]
    if len(seats) != len(drawn):
        raise ValueError(f"{len(drawn)} tiles drawn for {len(seats)} draws")
    base = [view.totals[side[0]] for side in view.sides]
    return _replayed(
        view,
        [list(h) for h in hands],
        _played(view),
        list(zip(seats, drawn, strict=True)),
        boneyard,
        _lead(view),
        base,
    )


def _drew_just_before(view: StandardView, k: int) -> bool:
    if k == 0:
        return False
    before, now = view.history[k - 1], view.history[k]
    return before.seat == now.seat and isinstance(before.action, Draw)


def _lead(view: StandardView) -> Tile | None:
    if not view.rules.lead_deciding_tile or not view.history:
        return None
    first = view.history[0].action
    return first.tile if isinstance(first, Play) and first.on is None else None


def _drawn_tiles(
    draws: list[tuple[int, Tile | None]],
    hands: list[list[Tile]],
    rng: Random,
) -> list[tuple[int, Tile]] | None:
    """Which tile each draw took: known ones as they are, the others picked at random from
    what that seat holds now."""
    out: list[tuple[int, Tile]] = []
    free = [list(h) for h in hands]
    for seat, tile in draws:
        if tile is not None:
            out.append((seat, tile))
            if tile in free[seat]:
                free[seat].remove(tile)
            continue
        if not free[seat]:
            return None
        out.append((seat, free[seat].pop(int(rng.random() * len(free[seat])))))
    return out


class _Searcher:
    def __init__(self, view: StandardView, actions: list[Action]) -> None:
        self.view = view
        self.actions = actions
        self.side = view.rules.side_of(view.seat)

    def sample(self, rng: Random) -> HandState | None:
        return sample_hand(self.view, rng)

    def play_out(
        self, sample: HandState, k: int, rng: Random, heavy: float, into: Estimate
    ) -> None:
        state = sample.copy()
        into.scores_now = state.apply(self.actions[k]).score
        standard_playout(state, rng, heavy)
        points = state.points()
        mine = self.side
        best_other = max((p for side, p in enumerate(points) if side != mine), default=0)
        into.samples += 1
        into.points += points[mine]
        into.margin += points[mine] - best_other
        into.wins += state.winner == mine


class _OpenSearcher(_Searcher):
    """Every hand known; only the boneyard's order is sampled (shuffled every time)."""

    def __init__(self, view: StandardView, actions: list[Action], state: HandState) -> None:
        super().__init__(view, actions)
        self.state = state

    def sample(self, rng: Random) -> HandState:
        state = self.state.copy()
        rest = state.boneyard[state.next_draw :]
        rng.shuffle(rest)
        state.boneyard[state.next_draw :] = rest
        return state


class StandardGameSearch:
    """:class:`~chickenfoot.bots.search.GameSearch` for the standard games: the reward is
    the seat's side's points in the hand less the best other side's."""

    unit: Literal["percent", "points"] = "points"

    def candidates(self, view: StandardView) -> list[Action]:
        return list(view.legal)

    def alike(self, view: StandardView, a: Action, b: Action) -> bool:
        return a == b

    def searcher(self, view: StandardView, actions: list[Action]) -> _Searcher:
        return _Searcher(view, actions)

    def open_searcher(
        self,
        view: StandardView,
        actions: list[Action],
        hands: Sequence[Sequence[Tile]],
        drawn: Sequence[Tile],
        boneyard: Sequence[Tile],
    ) -> _OpenSearcher:
        """See :meth:`~chickenfoot.bots.search.GameSearch.open_searcher`."""
        return _OpenSearcher(view, actions, hand_position(view, hands, drawn, boneyard))

    def value(self, estimate: Estimate, point_weight: float) -> float:
        return estimate.mean_margin

    def reason(self, view: StandardView, estimate: Estimate) -> Message:
        action = estimate.action
        if isinstance(action, Draw):
            return message("hint-draw")
        if isinstance(action, Pass):
            return message("hint-keep-drawn" if view.drew else "hint-pass")
        code = "hint-lead" if action.on is None else "hint-play"
        tile, pips = str(action.tile), action.tile.pips
        if estimate.scores_now:
            return message(f"{code}-scores", tile=tile, pips=pips, score=estimate.scores_now)
        return message(code, tile=tile, pips=pips)

    def heuristic(self, view: StandardView) -> Action:
        """The heaviest tile; else draw or pass."""
        return heaviest(view)
