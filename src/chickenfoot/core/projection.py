"""What each seat, and a spectator, may see: the one place that decides it.

A *viewer* is a seat number, or ``None`` for a spectator. A seat sees its own hand and the
tiles it draws; everybody sees the table, the hand sizes, how many tiles the boneyard holds,
every action (another seat's drawn tile stays hidden), the draws for the start, and every hand
once a round has ended. Nobody sees another hand in play, the boneyard's order or the seed.

The seats' views for bots (:mod:`chickenfoot.core.view`), the table's log entries and
snapshots (:mod:`chickenfoot.core.table`) and records handed to a viewer all take what they
show from the functions here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import msgspec

from chickenfoot.core.actions import Action, Event, Play
from chickenfoot.core.messages import CodedError
from chickenfoot.core.pieces import Deal, Place, Placed, RoundEnd
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import (
    ActionEntry,
    Entry,
    Foot,
    MatchEndEntry,
    PlayChoice,
    Public,
    RoundEndEntry,
    RoundEntry,
    Snapshot,
    StartDraw,
    WirePlaced,
    placed_to_wire,
)

Viewer = int | None
"""A seat, or None for a spectator."""


class ViewerError(CodedError):
    """A viewer that is no seat of this table."""


class RoundLike(Protocol):
    """What every game's round (hand) shows: enough to project it for any viewer."""

    dealt: Deal
    first: int
    history: list[Event]

    @property
    def players(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def end(self) -> RoundEnd | None: ...
    @property
    def drew(self) -> bool: ...
    @property
    def boneyard_size(self) -> int: ...
    @property
    def drawable(self) -> int: ...
    @property
    def double_tile(self) -> Tile | None: ...
    def hand(self, seat: int) -> list[Tile]: ...
    def hand_sizes(self) -> list[int]: ...
    @property
    def placed_count(self) -> int: ...
    def board(self) -> list[Placed]: ...
    def placed(self, tile_id: int) -> Placed: ...
    def place_for(self, tile: Tile, on: int | None, number: int | None, upto: int) -> Place: ...
    def legal_actions(self) -> list[Action]: ...
    def may_end(self, action: Action) -> bool: ...
    def public_facts(self) -> dict[str, object]: ...


def check_viewer(viewer: Viewer, seats: int) -> None:
    if viewer is not None and not 0 <= viewer < seats:
        raise ViewerError("no-such-seat", seat=viewer, players=seats)


def hand_of(state: RoundLike, viewer: Viewer) -> list[Tile] | None:
    """The viewer's own tiles now (None for a spectator)."""
    return None if viewer is None else state.hand(viewer)


def dealt_hand(state: RoundLike, viewer: Viewer) -> list[Tile] | None:
    return None if viewer is None else sorted(state.dealt.hands[viewer])


def drawn_for(event: Event, viewer: Viewer) -> Tile | None:
    """The tile a draw took, if this viewer may know it."""
    return event.drawn if event.seat == viewer else None


def event_for(event: Event, viewer: Viewer) -> Event:
    """``event`` as ``viewer`` may see it: another seat's drawn tile hidden."""
    return event if event.seat == viewer else event.hidden()


class SeenHistories:
    """A round's history as each seat sees it, projected once per event and seat when a
    view asks for it, so that a seat's view takes it in one copy."""

    __slots__ = ("_history", "_seen")

    def __init__(self, history: list[Event], seats: int) -> None:
        self._history = history
        """The round's own list of events (shared, append-only)."""
        self._seen: list[list[Event]] = [[] for _ in range(seats)]

    def of(self, seat: int) -> tuple[Event, ...]:
        seen = self._seen[seat]
        history = self._history
        if len(seen) < len(history):
            seen += [event_for(e, seat) for e in history[len(seen) :]]
        return tuple(seen)

    def copy(self, history: list[Event]) -> SeenHistories:
        """A copy for the copy of the round whose history is ``history``."""
        other = SeenHistories.__new__(SeenHistories)
        other._history = history
        other._seen = [seen[:] for seen in self._seen]
        return other


def legal_for(state: RoundLike, viewer: Viewer, legal: Sequence[Action]) -> list[Action]:
    """The viewer's share of ``legal``, the legal actions now: none unless it is the viewer's
    turn."""
    if viewer is None or state.end is not None or state.turn != viewer:
        return []
    return list(legal)


# -- wire forms -----------------------------------------------------------------------------


def public_now(state: RoundLike, lacks: list[list[int]]) -> Public:
    """The public part of the round as it stands: built once, shared by every viewer;
    ``lacks`` are the numbers each seat is known to lack
    (:class:`~chickenfoot.core.public_knowledge.Lacks`)."""
    facts = dict(state.public_facts())
    foot = facts.pop("foot", None)
    return Public(
        turn=state.turn,
        drew=state.drew,
        hand_sizes=state.hand_sizes(),
        boneyard=state.boneyard_size,
        drawable=state.drawable,
        foot=msgspec.convert(foot, Foot) if foot is not None else None,
        lacks=lacks,
        **facts,  # type: ignore[arg-type]
    )


def _tiles(tiles: Sequence[Tile] | None) -> list[str] | None:
    return None if tiles is None else [str(t) for t in tiles]


def round_entry(
    version: int,
    number: int,
    state: RoundLike,
    board: Sequence[Placed],
    public: Public,
    viewer: Viewer,
    legal: Callable[[], list[dict[str, Any]] | None],
    plays: Callable[[], list[PlayChoice] | None],
) -> RoundEntry:
    """Round ``number`` (1-based) was dealt, as ``viewer`` sees it; ``board`` and ``public``
    are the table as dealt, ``legal`` makes the legal actions of the seat to lead (JSON, shown
    to that seat only, and made only then), ``plays`` their plays grouped."""
    turn = viewer == public.turn
    double = state.double_tile
    return RoundEntry(
        v=version,
        round=number,
        double=None if double is None else str(double),
        first=state.first,
        start_draw=[StartDraw(s, str(t)) for s, t in state.dealt.start_draw],
        lot=state.dealt.lot,
        hand=_tiles(dealt_hand(state, viewer)),
        board=[placed_to_wire(p) for p in board],
        public=public,
        legal=legal() if turn else None,
        plays=plays() if turn else None,
    )


@dataclass(frozen=True, slots=True)
class Shown:
    """What an action showed everyone besides itself (see
    :mod:`chickenfoot.core.public_knowledge`)."""

    covered: int | None = None
    """A play: the number it was laid against."""
    playable: tuple[int, ...] | None = None
    """A draw or a pass: the numbers a tile had to carry to be played then."""
    kept: int = 0
    """The action ending a turn: the tiles the seat drew this turn and keeps."""


NOTHING_SHOWN = Shown()


def action_entry(
    version: int,
    event: Event,
    action: dict[str, Any],
    placed: WirePlaced | None,
    changed: Sequence[WirePlaced],
    public: Public,
    viewer: Viewer,
    legal: Callable[[], list[dict[str, Any]] | None],
    plays: Callable[[], list[PlayChoice] | None],
    shown: Shown,
) -> ActionEntry:
    """A seat acted (``action``: the event's action as JSON), as ``viewer`` sees it;
    ``legal`` makes the legal actions of the seat to act next (JSON, shown to that seat only,
    and made only then), ``plays`` their plays grouped."""
    drawn = drawn_for(event, viewer)
    turn = viewer == public.turn
    return ActionEntry(
        v=version,
        seat=event.seat,
        action=action,
        drawn=None if drawn is None else str(drawn),
        score=event.score,
        placed=placed,
        changed=list(changed),
        public=public,
        legal=legal() if turn else None,
        plays=plays() if turn else None,
        covered=shown.covered,
        playable=None if shown.playable is None else list(shown.playable),
        kept=shown.kept,
    )


def round_end_entry(
    version: int, state: RoundLike, points: list[int], totals: list[int]
) -> RoundEndEntry:
    """The round ended: now every hand is shown to everyone."""
    assert state.end is not None
    return RoundEndEntry(
        v=version,
        end=state.end.value,
        hands=[[str(t) for t in state.hand(s)] for s in range(state.players)],
        points=list(points),
        totals=list(totals),
    )


def match_end_entry(version: int, totals: Sequence[int], winners: Sequence[int]) -> MatchEndEntry:
    return MatchEndEntry(v=version, totals=list(totals), winners=list(winners))


# -- following a table ----------------------------------------------------------------------


def start(snapshot: Snapshot) -> Snapshot:
    """``snapshot``'s view before the first deal (version 0): following the log from there
    with :func:`advance` gives the view at any version, as a client that joins from the
    start (or the replay page) does."""
    return msgspec.structs.replace(
        snapshot,
        v=0,
        round=0,
        double=None,
        first=None,
        start_draw=[],
        lot=None,
        hand=None,
        board=[],
        public=None,
        legal=None,
        plays=None,
        history=[],
        end=None,
        shown=None,
        round_points=[],
        totals=[0] * len(snapshot.players),
        winners=None,
    )


def advance(snapshot: Snapshot, entry: Entry) -> Snapshot:
    """The viewer's snapshot once ``entry`` (projected for the same viewer) has happened.

    Applying the entries after a snapshot's version, in order, gives the snapshot of the
    latest version: this is how a client follows a table without asking for it whole.
    """
    view = msgspec.structs.replace(snapshot, v=entry.v)
    if isinstance(entry, RoundEntry):
        return msgspec.structs.replace(
            view,
            round=entry.round,
            double=entry.double,
            first=entry.first,
            start_draw=entry.start_draw,
            lot=entry.lot,
            hand=entry.hand,
            board=list(entry.board),
            public=entry.public,
            legal=entry.legal,
            plays=entry.plays,
            history=[],
            end=None,
            shown=None,
        )
    if isinstance(entry, ActionEntry):
        board = list(view.board)
        for tile in entry.changed:
            board[tile.id] = tile
        if entry.placed is not None:
            board.append(entry.placed)
        hand = view.hand
        if hand is not None and entry.seat == view.viewer:
            if "play" in entry.action:
                hand = [t for t in hand if t != entry.action["play"]]
            elif entry.drawn is not None:
                hand = sorted([*hand, entry.drawn], key=lambda t: Tile.parse(t).index)
        return msgspec.structs.replace(
            view,
            board=board,
            hand=hand,
            public=entry.public,
            legal=entry.legal,
            plays=entry.plays,
            history=[*view.history, entry],
        )
    if isinstance(entry, RoundEndEntry):
        return msgspec.structs.replace(
            view,
            end=entry.end,
            shown=entry.hands,
            legal=None,
            plays=None,
            round_points=[*view.round_points, entry.points],
            totals=entry.totals,
        )
    return msgspec.structs.replace(view, winners=entry.winners, totals=entry.totals)


def play_changes(state: RoundLike, event: Event) -> tuple[Placed | None, tuple[Placed, ...]]:
    """For an action just applied: the tile it placed and the tiles whose open ends it
    changed (the tile it was played on)."""
    action = event.action
    if not isinstance(action, Play):
        return None, ()
    placed = state.placed(state.placed_count - 1)
    changed = () if action.on is None else (state.placed(action.on),)
    return placed, changed
