"""Refused moves and the rule behind each: the one map from a refusal's code to the section of
"How to play" that explains it.

The engine refuses an action with a coded message (:mod:`chickenfoot.core.messages`); every
front end names the rule by :func:`section_of` that message. The table screens offer only
legal moves, so a tile picked that fits nowhere is explained by :func:`tile_refusal`, in the
engine's own codes, from the seat's view alone.
"""

from __future__ import annotations

from chickenfoot.core.messages import Message, message
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import Snapshot

SECTION_OF_CODE: dict[str, str] = {
    "round-over": "round-end",
    "match-over": "match",
    "not-your-turn": "starter",
    "must-play": "drawing",
    "must-draw": "drawing",
    "drawn-already": "drawing",
    "nothing-to-draw": "drawing",
    "not-legal-now": "drawing",
    "place-centre-first": "centre-foot",
    "foot-waiting": "feet",
    "name-target": "lines",
    "no-such-tile": "lines",
    "no-open-end": "lines",
    "no-match": "lines",
    "fits-nowhere": "lines",
    "hand-over": "standard",
    "no-drawing": "standard",
    "no-match-ends": "standard",
    "led-already": "standard",
    "must-lead": "standard",
    "lead-first": "standard",
}
"""Every refusal of a move that a rule explains, and the id of that rule's section."""

CENTRE_ID = 0
"""The id of the first tile on the table: Chicken Foot's centre double."""


def section_of(refusal: Message) -> str | None:
    """The section that explains ``refusal`` (None: no rule does, e.g. a tile not held).
    The foot waiting on the centre double is the centre foot's rule."""
    if refusal.code == "foot-waiting" and refusal.params.get("foot") == CENTRE_ID:
        return "centre-foot"
    return SECTION_OF_CODE.get(refusal.code)


def tile_refusal(view: Snapshot, tile: str) -> Message:
    """Why the viewer may not play ``tile`` now, as the engine would say it."""
    seat = view.viewer if view.viewer is not None else 0
    public = view.public
    if tile not in (view.hand or []):
        return message("not-held", seat=seat, tile=tile)
    if public is not None and public.turn != seat:
        return message("not-your-turn", turn=public.turn, seat=seat)
    if public is not None and not public.centre_placed and view.double is not None:
        return message("place-centre-first", tile=view.double)
    if public is not None and public.foot is not None:
        foot = public.foot
        double = view.board[foot.id].tile
        return message("foot-waiting", foot=foot.id, double=double, need=foot.need)
    if not view.board:
        leads = [action["play"] for action in view.legal or [] if "play" in action]
        if len(leads) == 1:
            return message("must-lead", seat=seat, tile=leads[0])
        return message("lead-first")
    numbers = Tile.parse(tile)
    for placed in view.board:
        for number in placed.open:
            if numbers.has(number):
                return message("not-legal-now", tile=tile, on=placed.id)
    return message("fits-nowhere", tile=tile)


def turn_refusal(view: Snapshot, kind: str) -> Message:
    """Why the viewer may not ``draw`` or ``pass`` now, as the engine would say it."""
    seat = view.viewer if view.viewer is not None else 0
    public = view.public
    if public is not None and public.turn != seat:
        return message("not-your-turn", turn=public.turn, seat=seat)
    plays = any("play" in action for action in view.legal or [])
    if plays:
        return message("must-play", seat=seat)
    if kind == "draw":
        if public is not None and public.drew:
            return message("drawn-already", seat=seat)
        if public is not None and public.drawable and {"pass": True} in (view.legal or []):
            return message("no-drawing", game=view.game, seat=seat)
        return message("nothing-to-draw")
    return message("must-draw", seat=seat)
