"""Refused moves and the rule behind each: the one map from a refusal's code to the section of
"How to play" that explains it.

The engine refuses an action with a coded message (:mod:`chickenfoot.core.messages`); every
front end names the rule by :func:`section_of` that message. The table screens offer only
legal moves, so a tile picked that fits nowhere is explained by :func:`tile_refusal`, in the
engine's own codes, from the seat's view alone.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping

from chickenfoot.core.messages import Message, message
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import Snapshot
from chickenfoot.i18n import message_in

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


def with_names(
    refusal: Message, tiles: Mapping[int, str], name_of: Callable[[int], str]
) -> Message:
    """``refusal`` with what :func:`said_to_you` says it by: ``on_tile``, the tile at the id
    ``on`` (``tiles``: the board's tiles by id), and ``name``, the name of the seat whose turn
    it is."""
    params = dict(refusal.params)
    on = params.get("on")
    if isinstance(on, int) and on in tiles:
        params["on_tile"] = tiles[on]
    turn = params.get("turn")
    if isinstance(turn, int):
        params["name"] = name_of(turn)
    return Message(refusal.code, params)


def said_to_you(refusal: Message, catalogue: gettext.NullTranslations) -> str:
    """A refused move as the person who tried it hears it, in the language of ``catalogue``:
    to them ("you"), tiles by their numbers, the others by their names, never a seat number
    or a tile id. The parameters are the engine's, with two a front end adds where it knows
    them: ``on_tile``, the tile that ``on`` names, and ``name``, the name of the seat whose
    turn it is. A refusal that has no such words (or lacks what they need) is said in the
    engine's."""
    _ = catalogue.gettext
    params = refusal.params
    code = refusal.code
    words: str | None = None
    if code == "foot-waiting":
        need = int(params["need"])
        words = catalogue.ngettext(
            "play on the {double} first: it needs {need} more tile",
            "play on the {double} first: it needs {need} more tiles",
            need,
        )
    elif code == "not-your-turn":
        yours = "name" in params
        words = _("it is {name}'s turn, not yours") if yours else _("it is not your turn")
    elif code in ("no-match", "no-match-ends", "not-legal-now") and "on_tile" not in params:
        words = None
    else:
        words = _said(code, _)
    if words is None:
        return message_in(refusal, catalogue)
    return words.format_map(params)


def _said(code: str, _: Callable[[str], str]) -> str | None:
    """The words of the refusals that need no count."""
    if code == "drawn-already":
        return _("you have drawn already this turn")
    if code == "must-play":
        return _("a tile of yours fits: play it")
    if code == "must-draw":
        return _("draw before you pass")
    if code == "no-drawing":
        return _("nobody draws in this game: pass")
    if code == "not-held":
        return _("you do not hold the {tile}")
    if code == "place-centre-first":
        return _("place the {tile} in the centre first")
    if code == "name-target":
        return _("choose where the {tile} goes")
    if code == "no-open-end":
        return _("the {target} has no open end")
    if code == "no-match":
        return _("the {tile} does not match the {number} of the {on_tile}")
    if code == "no-match-ends":
        return _("the {tile} does not match the open {ends} of the {on_tile}")
    if code == "not-legal-now":
        return _("the {tile} cannot be played on the {on_tile} now")
    if code == "fits-nowhere":
        return _("the {tile} fits no open end")
    if code == "led-already":
        return _("the hand has been led: play on one of its ends")
    if code == "must-lead":
        return _("lead with the {tile}")
    if code == "lead-first":
        return _("nothing is on the table yet: lead a tile")
    return None
