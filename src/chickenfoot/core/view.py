"""What one seat may know: its own hand and everything public, nothing else.

A :class:`SeatView` is built from the full state and holds only copies of public facts and
the seat's own tiles; other hands, the boneyard's order and the seed are not reachable from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chickenfoot.core.actions import Action, Event
from chickenfoot.core.common import AnyRules
from chickenfoot.core.match import Match
from chickenfoot.core.pieces import Placed
from chickenfoot.core.projection import check_viewer
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import Rules
from chickenfoot.core.tiles import TILES, Tile, tile_index


@dataclass(frozen=True, slots=True)
class ViewBase:
    """What one seat sees of a round (hand) of any game."""

    rules: AnyRules
    seat: int
    players: tuple[str, ...]
    round_number: int
    """1-based number of the round (hand) shown."""
    first: int
    """The seat that took the first turn (led)."""
    turn: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    """Tiles left in the boneyard (drawable or not)."""
    drawable: int
    """Tiles that may still be drawn."""
    board: tuple[Placed, ...]
    open_ends: tuple[tuple[int, int], ...]
    """``(id, number)`` of every open end."""
    drew: bool
    """The seat to act has drawn this turn."""
    history: tuple[Event, ...]
    """This round's actions; other seats' drawn tiles are hidden (``drawn`` is None)."""
    legal: tuple[Action, ...]
    """The seat's legal actions (empty when it is not its turn)."""
    round_points: tuple[tuple[int, ...], ...]
    """Points per seat of every finished round (hand)."""
    totals: tuple[int, ...]
    end: str | None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.end is None


def latest(match: Any, state: Any | None) -> Any:
    """``state``, or else the match's latest round (hand)."""
    if state is not None:
        return state
    if not match.rounds:
        raise ValueError(f"no {match.rules.round_noun} has been dealt")
    return match.rounds[-1]


def view_fields(match: Any, seat: int, state: Any) -> dict[str, Any]:
    """The :class:`ViewBase` fields of ``seat``'s view of ``state``, a round of ``match``."""
    check_viewer(seat, match.seats)
    my_turn = state.turn == seat and state.end is None
    return {
        "seat": seat,
        "players": tuple(match.players),
        "round_number": match.rounds.index(state) + 1,
        "first": state.first,
        "turn": state.turn,
        "hand": tuple(state.hand(seat)),
        "hand_sizes": tuple(state.hand_sizes()),
        "boneyard_size": state.boneyard_size,
        "drawable": state.drawable,
        "board": tuple(state.board()),
        "open_ends": tuple(state.open_ends()),
        "drew": state.drew,
        "history": state.seen_history(seat),
        "legal": tuple(state.legal_actions()) if my_turn else (),
        "round_points": tuple(tuple(p) for p in match.points),
        "totals": tuple(match.totals()),
        "end": state.end.value if state.end else None,
    }


@dataclass(frozen=True, slots=True)
class SeatView(ViewBase):
    """What one seat sees of a round of Chicken Foot."""

    rules: Rules
    rounds_in_match: int
    double: Tile
    foot: tuple[int, int, int] | None
    """``(id, number, toes still needed)`` of the incomplete foot, if any."""
    needed: tuple[int, ...]
    """For each history event, the bitmask of tiles that could have been played then (a
    seat that drew or passed held none of them)."""
    centre_placed: bool
    """The round's double is in the centre (presets that deal it start without)."""
    centre_toes: int
    """Toes the centre needs in this round."""


def seat_view(match: Match, seat: int, state: RoundState | None = None) -> SeatView:
    """The view of ``seat`` of the match's latest round (or of ``state``)."""
    state = latest(match, state)
    return SeatView(
        **view_fields(match, seat, state),
        rules=match.rules,
        rounds_in_match=len(match.doubles),
        double=TILES[tile_index(state.double, state.double)],
        foot=state.incomplete_foot(),
        needed=tuple(state.needed),
        centre_placed=state.centre_placed,
        centre_toes=match.rules.toes_on_centre(match.seats),
    )
