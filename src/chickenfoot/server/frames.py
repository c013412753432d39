"""The messages of the game socket, both ways (docs/protocol.md; :func:`schema` is their JSON
Schema).

The server sends what the core's projection gives each viewer, wrapped in a frame: a
``snapshot`` (the view now), an ``event`` (one entry of the table's log, named as the core
names it: ``round``, ``action``, ``round-end``, ``match-end``), a ``lobby`` while people are
still to come, a ``hint``, an ``error``, the ``seats`` (who is away, and the time left before
the computer plays for a person), to a person back at their seat what was ``played-for`` them
meanwhile, to each socket of a seat open on several, ``elsewhere``, the table's ``chat``, and
where a ``rematch`` stands.
A frame after which it is the receiver's turn carries ``legal``; an action the computer played
for a person is marked ``stand_in``. The client's first frame is ``hello`` (with its seat's
token, if it holds one: a token is never in the socket's address); then it sends ``act``,
``sync``, ``hint``, ``say`` and ``rematch``; anything else is refused with one error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from chickenfoot.bots import Hint
from chickenfoot.core.actions import Action
from chickenfoot.core.projection import Viewer
from chickenfoot.core.table import Table
from chickenfoot.core.wire import (
    DrawAction,
    Entry,
    PassAction,
    PlayAction,
    Snapshot,
    action_from_json,
    action_to_json,
)
from chickenfoot.server.errors import ServerError
from chickenfoot.server.store import ChatLine, SeatRow

# -- from the client ------------------------------------------------------------------------


class Hello(Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    """The socket's first frame: who the client is (a seat's token; none for a spectator)."""

    token: Annotated[str, Meta(min_length=1, max_length=64)] | None = None


class Act(Struct, tag="act", tag_field="type", forbid_unknown_fields=True):
    """Take an action (RECORD.md's notation: ``{"play": "9-3", "on": 4}``, ``{"draw": true}``,
    ``{"pass": true}``)."""

    action: dict[str, Any]
    expect: Annotated[int, Meta(ge=0, le=2**31)] | None = None
    """The table's version the sender chose the action at: if the table has moved since, the
    action is refused (``stale``) and nothing is taken, so an action sent twice counts once."""


class Sync(Struct, tag="sync", tag_field="type", forbid_unknown_fields=True):
    """Send what happened after version ``since`` (or a snapshot)."""

    since: Annotated[int, Meta(ge=0, le=2**31)]


class AskHint(Struct, tag="hint", tag_field="type", forbid_unknown_fields=True):
    """The expert's advice, when it is the sender's turn."""


PHRASES = ("well-played", "good-game", "your-turn", "oops", "thanks")
"""The chat's short phrases, by code: each reader's page says them in its own language."""
Phrase = Literal["well-played", "good-game", "your-turn", "oops", "thanks"]


class Say(Struct, tag="say", tag_field="type", forbid_unknown_fields=True):
    """A line in the table's chat: a short phrase by its code, or free text (where the table
    allows it), one of the two."""

    phrase: Phrase | None = None
    text: Annotated[str, Meta(max_length=1_000)] | None = None


class AskRematch(Struct, tag="rematch", tag_field="type", forbid_unknown_fields=True):
    """The sender's seat accepts a rematch of the finished match."""


class AskWhy(Struct, tag="why", tag_field="type", forbid_unknown_fields=True):
    """Why the sender may not make ``move`` now: a tile of its hand (``"9-4"``), ``"draw"`` or
    ``"pass"``. Answered with a :class:`WhyFrame`: the page asks rather than works it out, so
    the rules are said from one place."""

    move: Annotated[str, Meta(pattern=r"^(draw|pass|[0-9]{1,2}-[0-9]{1,2})$")]


class Ready(Struct, tag="ready", tag_field="type", forbid_unknown_fields=True):
    """The sender's seat has closed the summary of round ``round`` (numbered from 1): the next
    round is played once every person's seat has said so, or a while has passed."""

    round: Annotated[int, Meta(ge=1, le=1_000)]


PACE_NAMES = ("fast", "normal", "slow")
Pace = Literal["fast", "normal", "slow"]


class SetPace(Struct, tag="pace", tag_field="type", forbid_unknown_fields=True):
    """The bots' pace at the table, chosen by its creator (with the table's ``key``) or by
    the one person at a table of one; a rated table keeps the server's."""

    pace: Pace
    key: Annotated[str, Meta(min_length=1, max_length=64)] | None = None


ClientFrame = Act | Sync | AskHint | Say | AskRematch | AskWhy | Ready | SetPace

_decoder = msgspec.json.Decoder(ClientFrame)
_hello = msgspec.json.Decoder(Hello)


def decode_hello(data: str | bytes) -> Hello:
    """A socket's first frame; :class:`ServerError` (``hello-first``) if it is not a hello."""
    try:
        return _hello.decode(data)
    except msgspec.DecodeError as exc:
        raise ServerError("hello-first", reason=str(exc)) from None
    except RecursionError:
        raise ServerError("hello-first", reason="nested too deeply") from None


def decode(data: str | bytes) -> tuple[ClientFrame, Action | None]:
    """A client's frame, and its action if it is one; :class:`ServerError` if malformed."""
    try:
        frame = _decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise ServerError("bad-frame", reason=str(exc)) from None
    except RecursionError:
        raise ServerError("bad-frame", reason="nested too deeply") from None
    if isinstance(frame, Act):
        return frame, action_from_json(frame.action)  # WireError if not an action
    return frame, None


# -- to the client --------------------------------------------------------------------------


class LobbySeat(Struct, omit_defaults=True):
    seat: int
    name: str
    bot: str | None
    joined: bool
    open: bool = False
    """Anybody may take it, and nobody has yet."""


class Lobby(Struct, tag="lobby", tag_field="type", omit_defaults=True):
    """The table waits for every person to join (it deals then)."""

    seats: list[LobbySeat]
    bots_in: float | None = None
    """Seconds before bots take the seats still open (absent: they never do)."""


class SnapshotFrame(Struct, tag="snapshot", tag_field="type", omit_defaults=True):
    version: int
    view: Snapshot
    legal: list[dict[str, Any]] | None = None
    stand_ins: list[int] | None = None
    """The versions of the history's actions that the computer played for a person."""


class EventFrame(Struct, tag="event", tag_field="type", omit_defaults=True):
    version: int
    event: Entry
    legal: list[dict[str, Any]] | None = None
    stand_in: bool = False
    """The computer played this action for the seat's person (gone, or out of time)."""


class SeatState(Struct, omit_defaults=True):
    seat: int
    away: bool = False
    """Nobody is at the seat: its person has closed the page or lost the connection."""
    left: float | None = None
    """Seconds before the computer plays for the seat's person: while they are away, or on
    their turn at a table with a clock (the earlier of the two); absent otherwise."""
    reading: bool = False
    """The round has ended and the seat's person has not closed its summary yet: the next
    round waits for them (a while at most)."""


class SeatsFrame(Struct, tag="seats", tag_field="type"):
    """The persons' seats: who is away, and how long before the computer plays for them."""

    seats: list[SeatState]
    clock: int | None
    """The table's seconds per move (None: no clock)."""


class PlayedForFrame(Struct, tag="played-for", tag_field="type"):
    """To a person back at their seat: what the computer played for them since their own
    last action, in order."""

    actions: list[dict[str, Any]]


class ChatText(Struct, omit_defaults=True):
    n: int
    """The line's number at its table, from 1."""
    seat: int
    phrase: Phrase | None = None
    text: str | None = None
    """Free text, to be shown as text (never as markup)."""


class ChatFrame(Struct, tag="chat", tag_field="type"):
    """Lines of the table's chat, in order: the latest ones when a socket opens (if any), then
    each one as it is said."""

    lines: list[ChatText]


class RematchFrame(Struct, tag="rematch", tag_field="type", omit_defaults=True):
    """Where a rematch of the finished match stands: the persons' seats that have accepted,
    and once all have, the new table and (to a person's socket) the token of its seat there."""

    accepted: list[int]
    table: str | None = None
    token: str | None = None


class HintText(Struct):
    action: dict[str, Any]
    text: str
    """Why, in the receiver's language."""
    win_share: float
    """Share of sampled rounds this action went on to win."""
    mean_points: float


class HintFrame(Struct, tag="hint", tag_field="type"):
    hint: HintText


class WhyFrame(Struct, tag="why", tag_field="type"):
    """Why a move may not be made now (the answer to :class:`AskWhy`): the engine's code, the
    words said to the player in their language (tiles by their numbers, others by their names),
    and the section of the rules that explains it, with its title (None: no rule does)."""

    move: str
    code: str
    text: str
    section: str | None
    title: str | None


class PaceFrame(Struct, tag="pace", tag_field="type"):
    """The bots' pace at the table, as its creator chose it."""

    pace: Pace


class ErrorFrame(Struct, tag="error", tag_field="type"):
    code: str
    message: str
    """In the receiver's language."""


class Elsewhere(Struct, tag="elsewhere", tag_field="type"):
    """To each socket of a seat: how many sockets hold the seat on the server now (on all its
    processes). Sent when it becomes more than one, when it changes, and once when it is one
    again."""

    sockets: int


ServerFrame = (
    Lobby
    | SnapshotFrame
    | EventFrame
    | HintFrame
    | ErrorFrame
    | SeatsFrame
    | PlayedForFrame
    | Elsewhere
    | ChatFrame
    | RematchFrame
    | WhyFrame
    | PaceFrame
)

_encoder = msgspec.json.Encoder()

KEPT_VERSIONS = 64
"""The versions of a table whose event frames :class:`TableFrames` keeps."""


class TableFrames:
    """The snapshot and event frames of one table, each made once per version and viewer
    (a seat, or ``None`` for every spectator) and shared by all the sockets of that viewer.

    Every frame is the core's projection for its viewer, encoded. The frames of the last
    :data:`KEPT_VERSIONS` versions are kept; older ones are made again when a ``sync`` asks
    for them. A table's log only grows, so a frame once made stays true: a table dealt again
    (an action undone) gets a new :class:`TableFrames`.
    """

    __slots__ = ("_events", "_oldest", "_snapshot_version", "_snapshots", "stand_ins", "table")

    def __init__(self, table: Table, stand_ins: set[int] | None = None) -> None:
        self.table = table
        self.stand_ins = set() if stand_ins is None else stand_ins
        """The actions (by number) the computer played for a person: one is added before
        the frames of its version are made."""
        self._events: dict[int, dict[Viewer, bytes]] = {}
        self._oldest = 1
        """No frame of a version before this one is kept."""
        self._snapshots: dict[Viewer, bytes] = {}
        self._snapshot_version = -1

    def events(self, since: int, viewer: Viewer, until: int | None = None) -> list[bytes]:
        """The event frames after version ``since`` (to ``until``, else the latest), as
        ``viewer`` may see them."""
        table = self.table
        latest = table.version
        end = latest if until is None else min(until, latest)
        if since >= end:
            return []
        oldest = latest - KEPT_VERSIONS + 1
        while self._oldest < oldest:
            self._events.pop(self._oldest, None)
            self._oldest += 1
        out = []
        for version in range(since + 1, end + 1):
            if version < oldest:
                out.append(event(table.entry(version, viewer), self._stood_in(version)))
                continue
            made = self._events.get(version)
            if made is None:
                made = self._events[version] = {}
            frame = made.get(viewer)
            if frame is None:
                entry = table.entry(version, viewer)
                frame = made[viewer] = event(entry, self._stood_in(version))
            out.append(frame)
        return out

    def snapshot(self, viewer: Viewer) -> bytes:
        """The snapshot frame of the table now, as ``viewer`` may see it."""
        if self._snapshot_version != self.table.version:
            self._snapshots.clear()
            self._snapshot_version = self.table.version
        frame = self._snapshots.get(viewer)
        if frame is None:
            view = self.table.snapshot(viewer)
            marked = [e.v for e in view.history if self._stood_in(e.v)]
            frame = self._snapshots[viewer] = snapshot(view, marked)
        return frame

    def _stood_in(self, version: int) -> bool:
        n = self.table.action_number(version)
        return n is not None and n in self.stand_ins


def lobby(seats: Sequence[SeatRow], bots_in: float | None = None) -> bytes:
    listed = [
        LobbySeat(s.seat, s.name, s.bot, s.joined, s.open and not s.invite_used) for s in seats
    ]
    return _encoder.encode(Lobby(listed, None if bots_in is None else round(bots_in, 1)))


def snapshot(view: Snapshot, stand_ins: list[int] | None = None) -> bytes:
    return _encoder.encode(SnapshotFrame(view.v, view, view.legal, stand_ins or None))


def event_json(entry: Entry) -> dict[str, Any]:
    """A log entry as JSON data."""
    data: dict[str, Any] = msgspec.to_builtins(entry)
    return data


def event(entry: Entry, stand_in: bool = False) -> bytes:
    return _encoder.encode(EventFrame(entry.v, entry, getattr(entry, "legal", None), stand_in))


def seats(states: list[SeatState], clock: int | None) -> bytes:
    return _encoder.encode(SeatsFrame(states, clock))


def seats_later(frame: bytes, elapsed: float) -> bytes:
    """A ``seats`` frame told ``elapsed`` seconds later: the times left are that much less."""
    told = msgspec.json.decode(frame, type=SeatsFrame)
    for state in told.seats:
        if state.left is not None:
            state.left = round(max(0.0, state.left - elapsed), 1)
    return _encoder.encode(told)


def played_for(actions: list[dict[str, Any]]) -> bytes:
    return _encoder.encode(PlayedForFrame(actions))


def hint(found: Hint, text: str) -> bytes:
    advice = HintText(action_to_json(found.action), text, found.win_share, found.mean_points)
    return _encoder.encode(HintFrame(advice))


def why(move: str, told: dict[str, Any]) -> bytes:
    """The answer to :class:`AskWhy`: ``told`` as :func:`~chickenfoot.server.howto.why_json`
    makes it."""
    return _encoder.encode(
        WhyFrame(move, told["code"], told["text"], told["section"], told["title"])
    )


def chat(lines: Sequence[ChatLine]) -> bytes:
    said = [ChatText(line.n, line.seat, line.phrase, line.text) for line in lines]  # type: ignore[arg-type]
    return _encoder.encode(ChatFrame(said))


def rematch(accepted: list[int], table: str | None, token: str | None) -> bytes:
    return _encoder.encode(RematchFrame(accepted, table, token))


def pace(name: str) -> bytes:
    return _encoder.encode(PaceFrame(name))  # type: ignore[arg-type]


def error(code: str, message: str) -> bytes:
    return _encoder.encode(ErrorFrame(code, message))


def elsewhere(sockets: int) -> bytes:
    return _encoder.encode(Elsewhere(sockets))


# -- the schema -----------------------------------------------------------------------------


def schema() -> dict[str, Any]:
    """The JSON Schema of every frame, both ways (``$defs`` names each)."""
    server_types = [
        Lobby,
        SnapshotFrame,
        EventFrame,
        HintFrame,
        ErrorFrame,
        SeatsFrame,
        PlayedForFrame,
        Elsewhere,
        ChatFrame,
        RematchFrame,
        WhyFrame,
        PaceFrame,
    ]
    actions = [PlayAction, DrawAction, PassAction]
    client_types = [Hello, Act, Sync, AskHint, Say, AskRematch, AskWhy, Ready, SetPace]
    _, definitions = msgspec.json.schema_components([*client_types, *server_types, *actions])
    action = {"$ref": "#/$defs/Action"}
    definitions["Action"] = {"anyOf": [{"$ref": f"#/$defs/{a.__name__}"} for a in actions]}
    definitions["Act"]["properties"]["action"] = action
    definitions["HintText"]["properties"]["action"] = action
    definitions["PlayedForFrame"]["properties"]["actions"] = {"type": "array", "items": action}
    for definition in definitions.values():
        legal = definition.get("properties", {}).get("legal")
        if legal is not None:
            legal["anyOf"] = [{"type": "array", "items": action}, {"type": "null"}]
    client = [t.__name__ for t in client_types]
    server = [t.__name__ for t in server_types]
    definitions["ClientFrame"] = {"anyOf": [{"$ref": f"#/$defs/{n}"} for n in client]}
    definitions["ServerFrame"] = {"anyOf": [{"$ref": f"#/$defs/{n}"} for n in server]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "chickenfoot game socket: the frames both ways",
        "$defs": definitions,
        "anyOf": [{"$ref": "#/$defs/ClientFrame"}, {"$ref": "#/$defs/ServerFrame"}],
    }
