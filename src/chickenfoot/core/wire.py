"""The JSON forms of actions, table log entries and table views, with their JSON Schema.

Everything a table sends or receives is one of the msgspec structs here, so it is encoded
and checked by one library, and :func:`schema` publishes what a client may rely on. Tiles are
strings ``"a-b"``; every number fits a browser's integers (no bitmasks).

An action is ``{"play": "9-3", "on": 4}`` (``"on": null`` for the first tile of a table),
``{"draw": true}`` or ``{"pass": true}`` (docs/RECORD.md's notation without the seat).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from chickenfoot.core.actions import Action, ActionError, Draw, Pass, Play, parse_action
from chickenfoot.core.messages import CodedError
from chickenfoot.core.pieces import Place, Placed
from chickenfoot.core.tiles import Tile, TileError

TILE_PATTERN = r"^(0|[1-9][0-9]?)-(0|[1-9][0-9]?)$"
TileText = Annotated[str, Meta(pattern=TILE_PATTERN, description="A tile: 'a-b'.")]
Seat = Annotated[int, Meta(ge=0, le=11)]
Count = Annotated[int, Meta(ge=0, le=1_000_000)]
Number = Annotated[int, Meta(ge=0, le=18)]
MAX_ACTION_BYTES = 1_000


class WireError(CodedError):
    """JSON from a client that is not an action (or not JSON at all); nothing was done."""


# -- actions -------------------------------------------------------------------------------


class PlayAction(Struct, forbid_unknown_fields=True):
    play: TileText
    on: Annotated[int, Meta(ge=0, le=1_000)] | None


class DrawAction(Struct, forbid_unknown_fields=True):
    draw: Literal[True]


class PassAction(Struct, forbid_unknown_fields=True, rename={"pass_": "pass"}):
    pass_: Literal[True]


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {"play": str(action.tile), "on": action.on}
    if isinstance(action, Draw):
        return {"draw": True}
    return {"pass": True}


def decode_action(data: bytes | str) -> Action:
    """The action a client sent as JSON; :class:`WireError` (one line, with a code) for
    anything else."""
    if len(data) > MAX_ACTION_BYTES:
        raise WireError("bad-action", reason=f"longer than {MAX_ACTION_BYTES} bytes")
    try:
        value = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise WireError("bad-json", reason=str(exc)) from None
    return action_from_json(value)


def action_from_json(value: Any) -> Action:
    """An action from decoded JSON data (see the module docstring)."""
    if not isinstance(value, dict):
        raise WireError("bad-action", reason='write {"play": "9-3", "on": 4}, {"draw": true}')
    kinds = [k for k in ("play", "draw", "pass") if k in value]
    if len(kinds) != 1:
        raise WireError("bad-action", reason="name exactly one of play, draw or pass")
    kinds_of: dict[str, type[PlayAction | DrawAction | PassAction]] = {
        "play": PlayAction,
        "draw": DrawAction,
        "pass": PassAction,
    }
    kind = kinds_of[kinds[0]]
    try:
        decoded = msgspec.convert(value, kind)
    except msgspec.ValidationError as exc:
        raise WireError("bad-action", reason=str(exc)) from None
    if isinstance(decoded, DrawAction):
        return Draw()
    if isinstance(decoded, PassAction):
        return Pass()
    assert isinstance(decoded, PlayAction)
    try:
        return Play(Tile.parse(decoded.play), decoded.on)
    except TileError as exc:
        raise WireError("bad-action", reason=str(exc)) from None


def parse_any_action(text: str) -> Action:
    """An action typed by a person (``9-3@4``, ``draw``, ``pass``) or sent as JSON."""
    if text.lstrip().startswith("{"):
        return decode_action(text)
    try:
        return parse_action(text)
    except ActionError as exc:
        raise WireError("bad-action", reason=str(exc).removeprefix("not an action: ")) from None


# -- table views and log entries ------------------------------------------------------------


class WirePlace(Struct, omit_defaults=True):
    """Where a tile lies (docs/TABLE.md, "The board"): the number facing the tile it was
    played on, the line it lies in (its first tile's id), which of a fork's lines it starts
    (0, left out, unless it starts one) and whether lines start from it (left out: no)."""

    near: Number
    line: Count
    branch: Annotated[int, Meta(ge=0, le=18)] = 0
    fork: bool = False


class WirePlaced(Struct):
    id: Count
    tile: TileText
    on: Count | None
    open: list[Annotated[int, Meta(ge=0, le=18)]]
    """The numbers its open ends show (empty when covered, or for a foot: see ``foot``)."""
    at: WirePlace


def place_to_wire(place: Place) -> WirePlace:
    return WirePlace(place.near, place.line, place.branch, place.fork)


def placed_to_wire(placed: Placed) -> WirePlaced:
    return WirePlaced(
        placed.id, str(placed.tile), placed.on, list(placed.open), place_to_wire(placed.place)
    )


class Foot(Struct):
    """Chicken Foot: the double everyone must toe before anything else is played."""

    id: Count
    number: Annotated[int, Meta(ge=0, le=18)]
    need: Annotated[int, Meta(ge=1, le=18)]


class StartDraw(Struct):
    """A draw that decided who starts the round (docs/RECORD.md, ``start_draw``)."""

    seat: Seat
    draw: TileText


class Public(Struct, kw_only=True):
    """What everyone at the table sees of the round in play, after the latest entry."""

    turn: Seat
    drew: bool
    """The seat to act has drawn this turn."""
    hand_sizes: list[Count]
    boneyard: Count
    """Tiles left in the boneyard."""
    drawable: Count
    """Of those, tiles that may still be drawn."""
    foot: Foot | None = None
    centre_placed: bool = True
    spinner: Count | None = None
    """The standard games: the spinner's id, once one is placed."""
    ends_total: Count | None = None
    """All Fives: what the ends count now."""
    hand_points: list[int] | None = None
    """The standard games: points each seat's side has scored in this hand so far."""
    lacks: list[list[Number]] = msgspec.field(default_factory=list)
    """Per seat, the numbers none of its tiles carries now, as its draws and passes this
    round prove (docs/BOTS.md)."""


class PlayChoice(Struct):
    """The viewer's legal plays of one tile against one number: any id of ``on`` makes the
    action ``{"play": tile, "on": id}``."""

    tile: TileText
    number: Number | None
    """The number the tile would be laid against (None: the first tile of the table)."""
    on: list[Annotated[int, Meta(ge=0, le=1_000)] | None]
    """The ids of the placed tiles showing that number (``[null]`` for the first tile)."""
    at: list[WirePlace]
    """For each of ``on``, where the tile would lie."""


class RoundEntry(Struct, tag="round", tag_field="kind", kw_only=True, omit_defaults=True):
    """A round (a hand) was dealt."""

    v: Count
    round: Annotated[int, Meta(ge=1)]
    double: TileText | None
    first: Seat
    start_draw: list[StartDraw]
    lot: Seat | None
    hand: list[TileText] | None
    """The viewer's tiles (None for a spectator)."""
    board: list[WirePlaced]
    public: Public
    legal: list[dict[str, Any]] | None
    """The viewer's legal actions, when it is the viewer's turn."""
    plays: list[PlayChoice] | None = None
    """Its plays of ``legal``, grouped (see :class:`PlayChoice`)."""


class ActionEntry(Struct, tag="action", tag_field="kind", kw_only=True, omit_defaults=True):
    """A seat acted: ``action`` in the notation of :func:`decode_action`; a draw names its
    tile only to the seat that drew it."""

    v: Count
    seat: Seat
    action: dict[str, Any]
    drawn: TileText | None
    score: Count
    placed: WirePlaced | None
    """A play: the tile as it now lies on the table."""
    changed: list[WirePlaced]
    """Tiles already on the table whose open ends the play changed."""
    public: Public
    legal: list[dict[str, Any]] | None
    plays: list[PlayChoice] | None = None
    """Its plays of ``legal``, grouped (see :class:`PlayChoice`)."""
    covered: Number | None = None
    """A play: the number it was laid against (None for the first tile of the table)."""
    playable: list[Number] | None = None
    """A draw or a pass: the numbers a tile had to carry to be played then (none before the
    first tile, when only that tile may be laid)."""
    kept: Count = 0
    """The play or pass that ends a turn: how many tiles the seat drew this turn and keeps."""


class RoundEndEntry(Struct, tag="round-end", tag_field="kind", kw_only=True):
    """The round ended: every hand is shown, with the points."""

    v: Count
    end: Literal["out", "blocked"]
    hands: list[list[TileText]]
    points: list[int]
    totals: list[int]


class MatchEndEntry(Struct, tag="match-end", tag_field="kind", kw_only=True):
    v: Count
    totals: list[int]
    winners: list[Seat]


Entry = RoundEntry | ActionEntry | RoundEndEntry | MatchEndEntry


class MatchRules(Struct):
    """The rules a match is played by, as its record names them (docs/RECORD.md)."""

    preset: str
    options: dict[str, Any]
    """Every option with its value (docs/RULES.md, docs/STANDARD.md)."""


class Snapshot(Struct, kw_only=True):
    """A viewer's view of the table at version ``v``: applying the entries after ``v``
    (:func:`chickenfoot.core.projection.advance`) gives the view at any later version."""

    v: Count
    game: str
    preset: str
    players: list[str]
    rules: MatchRules | None = None
    sides: list[Seat]
    """The side each seat scores for (partners share one; else each seat its own)."""
    viewer: Seat | None
    round: Count
    """1-based number of the round shown (0 before the first deal)."""
    double: TileText | None
    first: Seat | None
    start_draw: list[StartDraw]
    lot: Seat | None
    hand: list[TileText] | None
    board: list[WirePlaced]
    public: Public | None
    legal: list[dict[str, Any]] | None
    plays: list[PlayChoice] | None = None
    """The plays of ``legal`` grouped by tile and the number they would cover."""
    history: list[ActionEntry]
    """This round's actions as the viewer saw them."""
    end: Literal["out", "blocked"] | None
    shown: list[list[TileText]] | None
    """Every hand, once the round has ended."""
    round_points: list[list[int]]
    totals: list[int]
    winners: list[Seat] | None


def schema() -> dict[str, Any]:
    """The JSON Schema of actions, log entries and snapshots (``$defs`` names each)."""
    _, definitions = msgspec.json.schema_components(
        [PlayAction, DrawAction, PassAction, Entry, Snapshot]
    )
    entries = ("RoundEntry", "ActionEntry", "RoundEndEntry", "MatchEndEntry")
    definitions["Action"] = {
        "anyOf": [
            {"$ref": f"#/$defs/{name}"} for name in ("PlayAction", "DrawAction", "PassAction")
        ]
    }
    definitions["Entry"] = {"anyOf": [{"$ref": f"#/$defs/{name}"} for name in entries]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "chickenfoot table: actions, log entries and snapshots",
        "$defs": definitions,
        "anyOf": [{"$ref": f"#/$defs/{name}"} for name in ("Action", "Entry", "Snapshot")],
    }
