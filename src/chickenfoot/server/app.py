"""The ASGI app of ``chickenfoot serve``: the pages, the JSON API and the game socket
(docs/protocol.md).

Everything a client sends is checked before it reaches a table: a request's body has a size
limit and a schema; a socket's frames have a size limit, a rate limit and a schema; an
action is the core's to accept or refuse. Whatever is refused is answered with a code and a
message in the client's language (``?lang=``, else the browser's ``Accept-Language``), and
changes nothing; each refusal is counted by its code (:mod:`~chickenfoot.server.metrics`).

For those who run the server: ``/healthz`` (the process serves), ``/readyz`` (and its
database answers) and ``/metrics`` (Prometheus's text format).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from chickenfoot.bots import LEVELS
from chickenfoot.core import games
from chickenfoot.core.messages import CodedError
from chickenfoot.core.rules import MAX_PLAYERS, PRESETS, MatchLength
from chickenfoot.core.table import Table
from chickenfoot.core.wire import ActionEntry, RoundEntry
from chickenfoot.howto.listing import preset_origin, preset_says
from chickenfoot.i18n import LANGUAGES, error_in, language_of_locale, message_in, translation
from chickenfoot.ratings import Ratings
from chickenfoot.server import frames, guard
from chickenfoot.server.accounts import COOKIE, SESSION_DAYS, Accounts, name_key
from chickenfoot.server.analyses import Analyses, AnalysisRefused, settings_of
from chickenfoot.server.collector import keep_pauses_short
from chickenfoot.server.connections import CONNECTIONS_PER_ADDRESS, Sockets
from chickenfoot.server.errors import ServerError, reaching_storage
from chickenfoot.server.howto import guide_json, is_code, refusal_json, why_json
from chickenfoot.server.hub import (
    SEEDS,
    WAITING_EXPIRY,
    Connection,
    Hub,
    Live,
    NewSeat,
    Seating,
    check_wait,
)
from chickenfoot.server.metrics import CONTENT_TYPE, Metrics
from chickenfoot.server.store import (
    OVER,
    PING_SECONDS,
    PLAYING,
    WAITING,
    Store,
    TableRow,
    reason_of,
)

STATIC = Path(__file__).parent / "static"

FRAME_LIMIT = 4_096
"""The largest frame a client may send, in bytes (an action is well under 100)."""
FRAMES_PER_SECOND = 10
FRAME_BURST = 30
TABLE_REQUEST_LIMIT = 16_384
CANCEL_REQUEST_LIMIT = 1_024
ACCOUNT_REQUEST_LIMIT = 4_096
RECORD_REQUEST_LIMIT = 2**20
"""The largest record a client may send, in bytes: ten times the largest legal record
measured (a full match of 12 players at the wikipedia preset played at random, 98 KB; 224 KB
written with indents: bench/records.py)."""
REPLAYS_AT_ONCE = 4
"""Replays the server prepares at once; one more is refused (``too-many-replays``)."""
LISTED = 50
"""How many open and finished tables the home page lists."""
OPEN_SEATS_PAGE = 20
"""How many tables with open seats one page of their list holds (at most :data:`LISTED`)."""
PLAY_NOW_TRIES = 10
"""How many waiting tables Play now tries (the oldest first) before it sets up its own."""
PLAY_NOW_STRANGER = "?"
"""The name of Play now's open seat until somebody takes it."""
SECRET_REQUEST_LIMIT = 1_024
"""The largest claim of an invite or ask for a new one, in bytes."""
CHAT_LINES_PER_SECOND = 0.5
CHAT_BURST = 4
"""A socket's chat: at most a line every 2 seconds on average, 4 at once."""
HELLO_SECONDS = 10.0
"""How long a socket may take to send its first frame (``hello``) before it is closed."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How ``chickenfoot serve`` was started."""

    db_url: str
    bot_delay: float = 0.6
    """Seconds a bot waits before it acts, so that people can follow."""
    away: float = 60.0
    """Seconds a person may be gone before a bot plays for them."""
    tables_per_address: int = 20
    bot_processes: int = 0
    """Worker processes the bots think in (0: two threads of this process, for tests)."""
    steady_gc: bool = False
    """Keep the garbage collector's pauses short (:mod:`~chickenfoot.server.collector`):
    what ``serve`` does; it changes the whole process, so tests in process leave it off."""
    analyses: int = 3
    """Analyses running at once (:mod:`~chickenfoot.server.analyses`)."""
    analyses_per_address: int = 2
    analysis_kept: float = 600.0
    """Seconds a finished analysis is kept."""
    redis_url: str | None = None
    """Redis, where several processes serving the same tables meet
    (:mod:`~chickenfoot.server.cluster`); None: this process serves alone."""
    lease_seconds: float | None = None
    """How soon another process takes a table whose owner has died (None: the cluster's
    own, :data:`~chickenfoot.server.cluster.LEASE_SECONDS`)."""
    public_url: str | None = None
    """Where people reach the server (``--public-url``): every link is built on it, and a
    browser's request or socket must come from it. None: links are built on ``listening``
    and a browser's ``Origin`` must name the host the request was sent to."""
    listening: str = ""
    """``http://HOST:PORT`` the server listens on ("": links are paths, for tests)."""
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    """Connections (HTTP and game sockets) one address may hold open at once
    (:mod:`~chickenfoot.server.connections`)."""
    forwarded_allow_ips: str = ""
    """The proxies trusted to say a client's address in ``X-Forwarded-For``
    (``--forwarded-allow-ips``: addresses or networks, comma-separated; "": none)."""
    waiting_expiry: float = WAITING_EXPIRY
    """Seconds a table waits for its people before it expires (``--waiting-expiry``)."""
    signup_open: bool = True
    """Anybody may make an account on the page (``--signup open``); else only ``chickenfoot
    users add`` makes them."""


Name = Annotated[str, Meta(min_length=1, max_length=40)]


class SeatRequest(Struct, forbid_unknown_fields=True):
    human: Name | None = None
    bot: Annotated[str, Meta(min_length=1, max_length=32)] | None = None
    open: bool = False
    """A person's seat anybody may take from the list of open seats (not only its invite)."""


class TableRequest(Struct, forbid_unknown_fields=True):
    seats: Annotated[list[SeatRequest], Meta(min_length=2, max_length=12)]
    game: str = games.CHICKENFOOT
    preset: str | None = None
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    length: MatchLength | None = None
    seed: Annotated[int, Meta(ge=0, le=SEEDS - 1)] | None = None
    """A practice table's deal (at most one person)."""
    clock: int | None = None
    rated: bool = False
    chat: bool | None = None
    """Its people may write free text in the chat (default: yes, unless it is rated)."""
    sit: Annotated[int, Meta(ge=0, le=MAX_PLAYERS)] | None = None
    """The person's seat the creator takes itself: its token comes in the answer."""


Secret = Annotated[str, Meta(min_length=1, max_length=64)]


class CancelRequest(Struct, forbid_unknown_fields=True):
    key: Secret
    """The creator's key (given only to whoever set the table up)."""


class AccountRequest(Struct, forbid_unknown_fields=True):
    name: Annotated[str, Meta(max_length=200)]
    password: Annotated[str, Meta(max_length=1_000)]


class ClaimRequest(Struct, forbid_unknown_fields=True):
    table: Annotated[str, Meta(min_length=1, max_length=32)]
    invite: Secret


class TakeRequest(Struct, forbid_unknown_fields=True):
    seat: Annotated[int, Meta(ge=0, le=MAX_PLAYERS)]
    name: Name | None = None
    """A guest's name at the seat (someone signed in sits as their account)."""


class PlayNowRequest(Struct, forbid_unknown_fields=True):
    name: Name | None = None
    game: Annotated[str, Meta(max_length=32)] = games.CHICKENFOOT
    preset: Annotated[str, Meta(max_length=32)] | None = None
    players: Annotated[int, Meta(ge=2, le=MAX_PLAYERS)] = 2
    length: Literal["single", "half", "full"] | None = None
    """The match's length, where the game takes one (None: its rules' own)."""
    bots_after: int | None = None
    """Seconds after which bots take the seats nobody came for (None: never); only a table
    Play now sets up waits so."""


class InviteRequest(Struct, forbid_unknown_fields=True):
    key: Secret
    seat: Annotated[int, Meta(ge=0, le=MAX_PLAYERS)]


def create_app(settings: Settings) -> Starlette:
    store = Store(settings.db_url)
    metrics = Metrics()
    channel = None
    if settings.redis_url is not None:  # Redis's client is imported only where it is used
        from chickenfoot.server.channel_redis import RedisChannel
        from chickenfoot.server.cluster import Cluster

        lease = settings.lease_seconds
        cluster = (
            Cluster(settings.redis_url) if lease is None else Cluster(settings.redis_url, lease)
        )
        metrics.count_redis_operations(lambda: cluster.operations)
        channel = RedisChannel(cluster)
    hub = Hub(
        store,
        bot_delay=settings.bot_delay,
        away=settings.away,
        tables_per_address=settings.tables_per_address,
        bot_processes=settings.bot_processes,
        metrics=metrics,
        channel=channel,
        waiting_expiry=settings.waiting_expiry,
    )
    analyses = Analyses(
        hub.thinkers,
        per_server=settings.analyses,
        per_address=settings.analyses_per_address,
        kept_for=settings.analysis_kept,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await store.open()
        await hub.start()
        collector = asyncio.create_task(keep_pauses_short()) if settings.steady_gc else None
        try:
            yield
        finally:
            if collector is not None:
                collector.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await collector
            await analyses.close()
            await hub.stop()
            await store.close()

    api = _Api(hub, analyses, metrics, settings, Accounts(store, settings.signup_open))
    routes = [
        Route("/healthz", api.healthz),
        Route("/readyz", api.readyz),
        Route("/metrics", api.metrics),
        Route("/", _page("index.html")),
        Route("/table/{table}", _page("table.html")),
        Route("/replay", _page("replay.html")),
        Route("/api/meta", api.meta),
        Route("/api/tables", api.tables, methods=["GET"]),
        Route("/api/open-seats", api.open_seats, methods=["GET"]),
        Route("/api/play-now", api.play_now, methods=["POST"]),
        Route("/api/tables", api.create, methods=["POST"]),
        Route("/api/tables/{table}", api.summary),
        Route("/api/tables/{table}/cancel", api.cancel, methods=["POST"]),
        Route("/api/tables/{table}/invite", api.invite, methods=["POST"]),
        Route("/api/claim", api.claim, methods=["POST"]),
        Route("/api/tables/{table}/take", api.take, methods=["POST"]),
        Route("/api/tables/{table}/record", api.record),
        Route("/api/replay", api.replay, methods=["POST"]),
        Route("/api/analysis", api.analyse, methods=["POST"]),
        Route("/api/analysis/{job}", api.analysis, methods=["GET"]),
        Route("/api/ratings", api.ratings),
        Route("/api/players/{name}", api.player),
        Route("/api/me", api.me, methods=["GET"]),
        Route("/api/signup", api.sign_up, methods=["POST"]),
        Route("/api/signin", api.sign_in, methods=["POST"]),
        Route("/api/signout", api.sign_out, methods=["POST"]),
        Route("/ratings", _page("ratings.html")),
        Route("/rules", _page("rules.html")),
        Route("/api/rules", api.rules),
        Route("/api/refusal", api.refusal),
        WebSocketRoute("/ws/tables/{table}", api.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [
        Middleware(guard.Headers),
        Middleware(Sockets, per_address=settings.connections_per_address),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.hub = hub
    app.state.analyses = analyses
    app.state.metrics = metrics
    return app


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    return page


class _Api:
    def __init__(
        self,
        hub: Hub,
        analyses: Analyses,
        metrics: Metrics,
        settings: Settings,
        accounts: Accounts,
    ) -> None:
        self.hub = hub
        self.accounts = accounts
        self.secure_cookie = (settings.public_url or "").startswith("https://")
        self.analyses = analyses
        self.counted = metrics
        self.public_url = settings.public_url
        self.links = (settings.public_url or settings.listening).rstrip("/")
        """What every link starts with."""
        self.replaying = 0

    async def _body(self, request: Request, limit: int) -> bytes:
        """The body of a ``POST``: JSON from this site, refused past ``limit`` bytes without
        reading the rest."""
        guard.check_origin(request.headers, self.public_url)
        guard.check_json(request.headers)
        chunks = []
        size = 0
        try:
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise ServerError("frame-too-large", status=413, size=size, limit=limit)
                chunks.append(chunk)
        except ClientDisconnect:  # the answer goes nowhere; the refusal is counted
            raise ServerError("bad-request", reason="the body was cut short") from None
        return b"".join(chunks)

    # -- running the server ---------------------------------------------------------------

    async def healthz(self, request: Request) -> Response:
        """The process serves (whatever its database does)."""
        return JSONResponse({"alive": True}, headers={"Cache-Control": "no-store"})

    async def readyz(self, request: Request) -> Response:
        """Ready to take actions: its database answers (and Redis, with several processes;
        without it the process serves the tables it owns, and takes no other)."""
        body: dict[str, Any] = {"ready": True, "database": "up"}
        try:
            await self.hub.store.ping()
        except Exception as exc:
            reason = f"no answer in {PING_SECONDS:g} s" if _timed_out(exc) else reason_of(exc)
            body.update(ready=False, database=f"down: {reason}")
        cluster = self.hub.cluster
        if cluster is not None:
            body["redis"] = "up"
            try:
                await cluster.ping()
            except Exception as exc:
                reason = "no answer" if _timed_out(exc) else reason_of(exc)
                body.update(ready=False, redis=f"down: {reason}")
            body["process"] = cluster.name
        status = 200 if body["ready"] else 503
        return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})

    async def metrics(self, request: Request) -> Response:
        return Response(self.counted.render(), media_type=CONTENT_TYPE)

    # -- HTTP -----------------------------------------------------------------------------

    async def meta(self, request: Request) -> Response:
        lang = _language(request)
        catalogue = translation(lang)
        kinds = {name: games.game_named(name) for name in games.GAMES}
        return JSONResponse(
            {
                "games": list(games.GAMES),
                "presets": [
                    {
                        "name": name,
                        "origin": preset_origin(name, catalogue.gettext),
                        "summary": _sentence(preset_says(name, catalogue)),
                    }
                    for name in PRESETS
                ],
                "levels": [
                    {"name": name, "text": message_in(text, catalogue)}
                    for name, (text, _) in LEVELS.items()
                ],
                "lengths": [length.value for length in MatchLength],
                "languages": list(LANGUAGES),
                "players": {name: list(game.players) for name, game in kinds.items()},
                "choices": {
                    name: {"preset": bool(game.presets), "length": game.takes_length}
                    for name, game in kinds.items()
                },
                "nouns": {name: game.noun for name, game in kinds.items()},
                "layouts": {name: game.layout for name, game in kinds.items()},
            }
        )

    async def rules(self, request: Request) -> Response:
        """How to play for a table: the one named (``?table=``), else the rules that
        ``?game=``, ``?preset=`` and ``?players=`` name (classic, 4 players)."""
        lang = _language(request)
        query = request.query_params
        try:
            table_id = query.get("table")
            if table_id is not None:
                with reaching_storage():
                    row = await self.hub.store.table(table_id)
                if row is None:
                    raise ServerError("no-such-table", 404, table=table_id)
                players = len(row.seats)
                rules = games.make_rules(row.game, players, row.preset, row.options)
            else:
                game = query.get("game", games.CHICKENFOOT)
                players = _players(query.get("players"), game)
                rules = games.make_rules(game, players, query.get("preset") or None)
        except CodedError as exc:
            return self._refusal(exc, lang)
        data = await asyncio.to_thread(guide_json, rules, players, lang)
        return JSONResponse(data, headers={"Cache-Control": "no-cache"})

    async def refusal(self, request: Request) -> Response:
        """A refused move's words and its rule: ``?code=`` and the message's parameters."""
        lang = _language(request)
        params = dict(request.query_params)
        code = params.pop("code", "")
        params.pop("lang", None)
        if not is_code(code):
            return self._refusal(ServerError("bad-request", reason=f"no message {code!r}"), lang)
        return JSONResponse(refusal_json(code, params, lang))

    async def create(self, request: Request) -> Response:
        lang = _language(request)
        try:
            asked = guard.decode(await self._body(request, TABLE_REQUEST_LIMIT), kind=TableRequest)
            seats = [_new_seat(s) for s in asked.seats]
            options = dict(asked.options)
            if asked.length is not None:
                options["length"] = asked.length.value
            account = await self.accounts.of(request.cookies.get(COOKIE))
            table, seating = await self.hub.create(
                asked.game,
                asked.preset,
                options,
                seats,
                asked.seed,
                _address(request),
                asked.sit,
                clock=asked.clock,
                account=account,
                rated=asked.rated,
                chat=asked.chat,
            )
        except CodedError as exc:
            return self._refusal(exc, lang)
        opened = {n for n, s in enumerate(seats) if s.open and s.bot is None}
        return JSONResponse(self._made(table, seating, opened), status_code=201)

    def _made(self, table: str, seating: Seating, opened: set[int]) -> dict[str, Any]:
        """A new table's answer to its creator: its key, its seat's token, the invites."""
        listed: list[dict[str, Any]] = []
        for seat in seating.persons:
            token = seating.tokens.get(seat)
            if token is not None:
                listed.append({"seat": seat, "token": token})
            else:
                invite = self._invite_link(table, seating.invites[seat])
                listed.append({"seat": seat, "invite": invite})
                if seat in opened:
                    listed[-1]["open"] = True
        return {
            "table": table,
            "key": seating.key,
            "seats": listed,
            "spectate": f"{self.links}/table/{table}",
        }

    async def cancel(self, request: Request) -> Response:
        """The creator calls off a table still waiting for its people (its key in the body,
        never in the address)."""
        lang = _language(request)
        table_id = request.path_params["table"]
        try:
            asked = guard.decode(
                await self._body(request, CANCEL_REQUEST_LIMIT), kind=CancelRequest
            )
            await self.hub.cancel(table_id, asked.key)
            with reaching_storage(table_id):
                row = await self.hub.store.table(table_id)
            if row is None:
                raise ServerError("no-such-table", 404, table=table_id)
        except CodedError as exc:
            return self._refusal(exc, lang)
        return JSONResponse(self._summary_of(table_id, row))

    def _invite_link(self, table: str, invite: str) -> str:
        """Where an invite is opened: the table's page, the invite in the fragment (which
        browsers do not send)."""
        return f"{self.links}/table/{table}#invite={invite}"

    async def claim(self, request: Request) -> Response:
        """Spend an invite: the seat's token, new, for this browser alone."""
        lang = _language(request)
        try:
            asked = guard.decode(await self._body(request, SECRET_REQUEST_LIMIT), kind=ClaimRequest)
            account = await self.accounts.of(request.cookies.get(COOKIE))
            seat, token = await self.hub.claim(asked.table, asked.invite, account)
        except CodedError as exc:
            return self._refusal(exc, lang)
        return JSONResponse(
            {"table": asked.table, "seat": seat, "token": token},
            headers={"Cache-Control": "no-store"},
        )

    async def take(self, request: Request) -> Response:
        """Take an open seat of a waiting table, as an invite's claim would: its token, new,
        for this browser alone."""
        lang = _language(request)
        table = request.path_params["table"]
        try:
            asked = guard.decode(await self._body(request, SECRET_REQUEST_LIMIT), kind=TakeRequest)
            account = await self.accounts.of(request.cookies.get(COOKIE))
            token = await self.hub.take_open(table, asked.seat, asked.name, account)
        except CodedError as exc:
            return self._refusal(exc, lang)
        return JSONResponse(
            {"table": table, "seat": asked.seat, "token": token},
            headers={"Cache-Control": "no-store"},
        )

    async def open_seats(self, request: Request) -> Response:
        """Waiting tables with a seat anybody may take, the oldest first, a page at a time
        (``?after=`` the last table of the page before); no secret of any seat."""
        lang = _language(request)
        after_id = request.query_params.get("after")
        try:
            after = None
            if after_id is not None:
                with reaching_storage():
                    row = await self.hub.store.table(after_id[:32])
                if row is None:
                    raise ServerError("no-such-table", 404, table=after_id[:32])
                after = (row.created, row.id)
            rows = await self.hub.open_seats(after, OPEN_SEATS_PAGE + 1)
        except ServerError as exc:
            return self._refusal(exc, lang)
        page = rows[:OPEN_SEATS_PAGE]
        listed = []
        for row in page:
            summary = self._summary_of(row.id, row)
            summary["open"] = [s.seat for s in row.seats if s.open and not s.invite_used]
            listed.append(summary)
        more = len(rows) > OPEN_SEATS_PAGE
        return JSONResponse(
            {"tables": listed, "next": page[-1].id if more else None},
            headers={"Cache-Control": "no-store"},
        )

    async def play_now(self, request: Request) -> Response:
        """A seat at once: the oldest waiting table of the game, preset and number of
        players asked for with an open seat this person may take, else a new one of that
        kind whose other seats are open, where it waits for whoever comes (and, after the
        wait asked for, for bots)."""
        lang = _language(request)
        try:
            asked = guard.decode(
                await self._body(request, SECRET_REQUEST_LIMIT), kind=PlayNowRequest
            )
            options = {} if asked.length is None else {"length": asked.length}
            rules = games.make_rules(asked.game, asked.players, asked.preset, options)  # RulesError
            check_wait(asked.bots_after)
            preset = rules.preset_name if games.game_named(asked.game).presets else None
            kind = (asked.game, preset, asked.players)
            account = await self.accounts.of(request.cookies.get(COOKIE))
            for row in await self.hub.open_seats(None, PLAY_NOW_TRIES, kind):
                if row.rated and account is None:
                    continue
                if row.clock is not None or _rules_of(row) != rules:
                    continue  # another length or rule, or a move clock: not what was asked
                if account is not None and any(s.account == account.id for s in row.seats):
                    continue
                seat = next(s.seat for s in row.seats if s.open and not s.invite_used)
                try:
                    token = await self.hub.take_open(row.id, seat, asked.name, account)
                except ServerError as exc:
                    if exc.status == 503:
                        raise
                    continue  # taken or closed meanwhile, or not for this person: the next
                return JSONResponse(
                    {
                        "table": row.id,
                        "seat": seat,
                        "token": token,
                        "spectate": f"{self.links}/table/{row.id}",
                    },
                    headers={"Cache-Control": "no-store"},
                )
            name = " ".join((asked.name or "").split()) or PLAY_NOW_STRANGER
            seats = [NewSeat(human=name)]
            seats += [NewSeat(human=PLAY_NOW_STRANGER, open=True)] * (asked.players - 1)
            table, seating = await self.hub.create(
                asked.game,
                preset,
                options,
                seats,
                None,
                _address(request),
                0,
                account=account,
                bots_after=asked.bots_after,
            )
        except CodedError as exc:
            return self._refusal(exc, lang)
        made = self._made(table, seating, set(range(1, asked.players)))
        made.update(seat=0, token=seating.tokens[0])
        return JSONResponse(made, status_code=201, headers={"Cache-Control": "no-store"})

    async def invite(self, request: Request) -> Response:
        """A seat's new invite, asked by the table's creator (its key): the seat's token and
        older invite no longer count."""
        lang = _language(request)
        table = request.path_params["table"]
        try:
            asked = guard.decode(
                await self._body(request, SECRET_REQUEST_LIMIT), kind=InviteRequest
            )
            invite = await self.hub.reissue(table, asked.key, asked.seat)
        except CodedError as exc:
            return self._refusal(exc, lang)
        return JSONResponse(
            {"seat": asked.seat, "invite": self._invite_link(table, invite)},
            status_code=201,
            headers={"Cache-Control": "no-store"},
        )

    async def tables(self, request: Request) -> Response:
        store = self.hub.store
        try:
            with reaching_storage():
                open_ = await store.tables_in([WAITING, PLAYING], LISTED)
                expired = self.hub.waiting_since()
                open_ = [r for r in open_ if r.status != WAITING or r.created >= expired]
                finished = await store.tables_in([OVER], LISTED)
        except ServerError as exc:
            return self._refusal(exc, _language(request))
        return JSONResponse(
            {
                "open": [self._summary_of(row.id, row) for row in open_],
                "finished": [self._summary_of(row.id, row) for row in finished],
            }
        )

    async def summary(self, request: Request) -> Response:
        table_id = request.path_params["table"]
        try:
            with reaching_storage(table_id):
                row = await self.hub.store.table(table_id)
            if row is None:
                raise ServerError("no-such-table", 404, table=table_id)
        except ServerError as exc:
            return self._refusal(exc, _language(request))
        return JSONResponse(self._summary_of(table_id, row))

    def _summary_of(self, table_id: str, row: TableRow) -> dict[str, Any]:
        live = self.hub.live.get(table_id)
        seats = live.seats if live is not None else row.seats
        status = live.status if live is not None else row.status
        if row.status == OVER:
            status = OVER  # the last action is committed, if not yet applied here
        elif status == OVER:
            status = PLAYING  # the last action is applied here but not yet committed
        version = live.table.version if live is not None and live.table is not None else None
        return {
            "table": table_id,
            "game": row.game,
            "preset": row.preset,
            "length": row.options.get("length"),
            "clock": row.clock,
            "status": status,
            "version": version,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "bot": s.bot,
                    "joined": s.joined,
                    "account": s.account is not None,
                    "open": s.open and not s.invite_used,
                }
                for s in seats
            ],
            "rated": row.rated,
            "created": row.created,
            "totals": row.totals,
            "winners": row.winners,
            "seeded": row.seeded,
            "chat": row.chat,
        }

    async def record(self, request: Request) -> Response:
        table_id = request.path_params["table"]
        lang = _language(request)
        try:
            with reaching_storage(table_id):
                if await self.hub.store.table(table_id) is None:
                    raise ServerError("no-such-table", 404, table=table_id)
                text = await self.hub.store.record(table_id)
            if text is None:
                raise ServerError("record-not-ready", 409)
        except ServerError as exc:
            return self._refusal(exc, lang)
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="chickenfoot-{table_id}.json"'},
        )

    async def ratings(self, request: Request) -> Response:
        """Every player of the server, the highest rating first, with their statistics."""
        ratings = self.hub.ratings
        if self.hub.cluster is not None:  # other processes rate matches too
            try:
                with reaching_storage():
                    stored = await self.hub.store.ratings()
            except ServerError as exc:
                return self._refusal(exc, _language(request))
            ratings = Ratings()
            ratings.load(stored)
        rows = ratings.table()
        return JSONResponse({"ratings": [row.to_json() for row in rows]})

    async def player(self, request: Request) -> Response:
        """An account's rating (null before its first rated match) and the finished matches
        it played, the newest first; guests have none."""
        name = request.path_params["name"]
        try:
            with reaching_storage():
                account = await self.hub.store.account(name_key(" ".join(name.split())))
                if account is None:
                    raise ServerError("no-such-player", 404, name=name[:100])
                played = await self.hub.store.matches_of(account.id, LISTED)
                stored = await self.hub.store.ratings()
        except ServerError as exc:
            return self._refusal(exc, _language(request))
        rating = next((r.to_json() for r in stored if r.name == account.name), None)
        matches = []
        for row in played:
            summary = self._summary_of(row.id, row)
            summary["seat"] = next(s.seat for s in row.seats if s.account == account.id)
            matches.append(summary)
        return JSONResponse({"name": account.name, "rating": rating, "matches": matches})

    # -- accounts -------------------------------------------------------------------------

    async def me(self, request: Request) -> Response:
        """Who this browser is signed in as (``name`` null: nobody), and whether anybody may
        sign up."""
        try:
            account = await self.accounts.of(request.cookies.get(COOKIE))
        except ServerError as exc:
            return self._refusal(exc, _language(request))
        body = {
            "name": account.name if account is not None else None,
            "signup": "open" if self.accounts.signup_open else "closed",
        }
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    async def sign_up(self, request: Request) -> Response:
        lang = _language(request)
        try:
            asked = await self._account_request(request)
            account, session = await self.accounts.sign_up(asked.name, asked.password)
        except CodedError as exc:
            return self._refusal(exc, lang)
        return self._signed_in(account.name, session, 201)

    async def sign_in(self, request: Request) -> Response:
        lang = _language(request)
        try:
            asked = await self._account_request(request)
            account, session = await self.accounts.sign_in(
                asked.name, asked.password, _address(request)
            )
        except CodedError as exc:
            return self._refusal(exc, lang)
        return self._signed_in(account.name, session, 200)

    async def sign_out(self, request: Request) -> Response:
        try:
            guard.check_origin(request.headers, self.public_url)
            await self.accounts.sign_out(request.cookies.get(COOKIE))
        except ServerError as exc:
            return self._refusal(exc, _language(request))
        response = JSONResponse({"name": None})
        response.delete_cookie(
            COOKIE, path="/", secure=self.secure_cookie, httponly=True, samesite="lax"
        )
        return response

    async def _account_request(self, request: Request) -> AccountRequest:
        body = await self._body(request, ACCOUNT_REQUEST_LIMIT)
        asked: AccountRequest = guard.decode(body, kind=AccountRequest)
        return asked

    def _signed_in(self, name: str, session: str, status: int) -> Response:
        response = JSONResponse({"name": name}, status_code=status)
        response.set_cookie(
            COOKIE,
            session,
            max_age=SESSION_DAYS * 86_400,
            path="/",
            secure=self.secure_cookie,
            httponly=True,
            samesite="lax",
        )
        return response

    async def replay(self, request: Request) -> Response:
        """A record's table for the replay viewer (:func:`replay_json`), at most
        :data:`REPLAYS_AT_ONCE` at a time."""
        lang = _language(request)
        try:
            if self.replaying >= REPLAYS_AT_ONCE:
                raise ServerError("too-many-replays", status=429, limit=REPLAYS_AT_ONCE)
            self.replaying += 1
            try:
                record = guard.decode(await self._body(request, RECORD_REQUEST_LIMIT))
                data = await asyncio.get_running_loop().run_in_executor(None, replay_json, record)
            finally:
                self.replaying -= 1
        except CodedError as exc:
            return self._refusal(exc, lang)
        return Response(data, media_type="application/json")

    async def analyse(self, request: Request) -> Response:
        """Start analysing a record (``?samples=N&seed=S``): the job, to be asked about."""
        lang = _language(request)
        try:
            settings = settings_of(
                request.query_params.get("samples"), request.query_params.get("seed")
            )
            record = guard.decode(await self._body(request, RECORD_REQUEST_LIMIT))
            job = await self.analyses.start(record, settings, _address(request))
        except AnalysisRefused as exc:
            self.counted.error(exc.code)
            return JSONResponse(exc.to_json(lang), status_code=exc.status)
        except CodedError as exc:
            return self._refusal(exc, lang)
        return Response(
            job.to_json(lang, with_result=False),
            status_code=202,
            media_type="application/json",
            headers={"Location": f"/api/analysis/{job.id}"},
        )

    async def analysis(self, request: Request) -> Response:
        """An analysis job's progress, and its result once it is done."""
        lang = _language(request)
        try:
            job = self.analyses.get(request.path_params["job"])
        except AnalysisRefused as exc:
            self.counted.error(exc.code)
            return JSONResponse(exc.to_json(lang), status_code=exc.status)
        return Response(
            job.to_json(lang), media_type="application/json", headers={"Cache-Control": "no-store"}
        )

    def _error_frame(self, error: CodedError, lang: str) -> bytes:
        self.counted.error(error.code)
        return frames.error(error.code, _said(error, lang))

    def _refusal(self, error: CodedError, lang: str) -> Response:
        self.counted.error(error.code)
        status = error.status if isinstance(error, ServerError) else 400
        body = {"code": error.code, "message": _said(error, lang)}
        return JSONResponse(body, status_code=status)

    # -- the game socket ------------------------------------------------------------------

    async def socket(self, websocket: WebSocket) -> None:
        lang = _language(websocket)
        catalogue = translation(lang)
        try:
            guard.check_origin(websocket.headers, self.public_url)
        except ServerError as exc:  # a page of another site: no word, no socket (HTTP 403)
            self.counted.error(exc.code)
            await websocket.close(code=4000 + exc.status)
            return
        await websocket.accept()
        try:
            if "token" in websocket.query_params:
                raise ServerError("token-in-url")
            hello = await self._hello(websocket)
            live = await self.hub.get(websocket.path_params["table"])
            account = await self.accounts.of(websocket.cookies.get(COOKIE))
            seat = (
                await self.hub.seat_of(live, hello.token)
                if hello.token is not None
                else self.hub.seat_of_account(live, account)
            )
        except WebSocketDisconnect:
            return
        except ServerError as exc:
            await websocket.send_text(self._error_frame(exc, lang).decode())
            await websocket.close(code=4000 + exc.status)
            return
        connection = Connection(seat, lang)
        writer = asyncio.create_task(_write(websocket, connection))
        try:
            await self.hub.connect(live, connection, account)
            self.hub.errand(self.hub.tell_chat(live, connection))
            await self._read(websocket, live, connection, catalogue)
        except WebSocketDisconnect:
            pass
        except ServerError as exc:  # the seat could not be taken: the database is down
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
            await websocket.send_text(self._error_frame(exc, lang).decode())
            await websocket.close(code=4000 + exc.status)
        finally:
            self.hub.disconnect(live, connection)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    async def _hello(self, websocket: WebSocket) -> frames.Hello:
        """The socket's first frame, which says who the client is (its seat's token, if it
        has one)."""
        try:
            message = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
        except TimeoutError:
            raise ServerError("hello-first", reason=f"none in {HELLO_SECONDS:g} s") from None
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        data = message.get("text") or message.get("bytes") or b""
        size = len(data.encode() if isinstance(data, str) else data)
        if size > FRAME_LIMIT:
            raise ServerError("frame-too-large", size=size, limit=FRAME_LIMIT)
        return frames.decode_hello(data)

    async def _read(
        self, websocket: WebSocket, live: Live, connection: Connection, catalogue: Any
    ) -> None:
        bucket = _Bucket(FRAMES_PER_SECOND, FRAME_BURST)
        chatting = _Bucket(CHAT_LINES_PER_SECOND, CHAT_BURST)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect" or connection.revoked:
                return
            data = message.get("text") or message.get("bytes") or b""
            size = len(data.encode() if isinstance(data, str) else data)
            try:
                if size > FRAME_LIMIT:
                    raise ServerError("frame-too-large", size=size, limit=FRAME_LIMIT)
                if not bucket.take():
                    raise ServerError("too-many-frames", rate=FRAMES_PER_SECOND)
                frame, action = frames.decode(data)
                if action is not None:
                    assert isinstance(frame, frames.Act)
                    await self.hub.act(live, connection.viewer, action, frame.expect)
                    bucket.refund()  # an accepted action is play, however fast: never limited
                elif isinstance(frame, frames.Sync):
                    async with live.lock:
                        self.hub.sync(live, connection, frame.since)
                elif isinstance(frame, frames.AskWhy):
                    if live.table is None:
                        raise ServerError("table-waiting")
                    view = live.table.snapshot(connection.viewer)
                    connection.send(
                        frames.why(frame.move, why_json(view, frame.move, connection.lang))
                    )
                elif isinstance(frame, frames.AskRematch):
                    await self.hub.rematch(live, connection.viewer)
                elif isinstance(frame, frames.Ready):
                    await self.hub.ready(live, connection.viewer, frame.round)
                elif isinstance(frame, frames.SetPace):
                    await self.hub.set_pace(live, connection.viewer, frame.pace, frame.key)
                elif isinstance(frame, frames.Say):
                    if connection.viewer is not None and not chatting.take():
                        wait = math.ceil(1 / CHAT_LINES_PER_SECOND)
                        raise ServerError("too-many-lines", wait=wait)
                    try:
                        await self.hub.say(live, connection.viewer, frame.phrase, frame.text)
                    except ServerError:
                        chatting.refund()  # a refused line is not counted
                        raise
                else:
                    found = await self.hub.hint(live, connection.viewer)
                    text = message_in(found.reason, catalogue)
                    connection.send(frames.hint(found, text))
            except CodedError as exc:
                connection.send(self._error_frame(exc, connection.lang))


def replay_json(record: Any) -> bytes:
    """A record's table for the replay viewer, in proportion to the record: the log as a
    spectator sees it, each draw naming its tile (the record names them all), and the hands
    each round was dealt (``dealt[round][seat]``, as the round's entry stands); the viewer
    steps the hands from these; with ``stand_ins``, the versions of the actions the computer
    played for a person. Raises :class:`~chickenfoot.core.messages.CodedError`."""
    table = Table.of_record(record)
    seats = range(table.seats)
    entries = []
    dealt = []
    for entry in table.entries(0, None):
        if isinstance(entry, RoundEntry):
            dealt.append([getattr(table.entry(entry.v, s), "hand", None) for s in seats])
        elif isinstance(entry, ActionEntry) and "draw" in entry.action:
            drawn = getattr(table.entry(entry.v, entry.seat), "drawn", None)
            entry = msgspec.structs.replace(entry, drawn=drawn)
        entries.append(entry)
    rules = table.match.rules
    data = {
        "game": rules.game_name,
        "preset": rules.preset_name,
        "players": table.players,
        "sides": [rules.side_of(s) for s in seats],
        "entries": entries,
        "dealt": dealt,
    }
    played = [a for r in record["rounds"] for a in r["actions"]]
    stand_ins = [table.action_version(n) for n, a in enumerate(played) if a.get("stand_in") is True]
    if stand_ins:
        data["stand_ins"] = stand_ins
    return msgspec.json.encode(data)


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Send the connection's frames in order; ``None`` closes the socket. A client gone
    meanwhile ends it quietly (the reader sees the socket close)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while (frame := await connection.queue.get()) is not None:
            await websocket.send_text(frame.decode())
        await websocket.close(code=4403 if connection.revoked else 1000)


class _Bucket:
    """At most ``rate`` frames a second on average, ``burst`` at once; an accepted action
    gives its frame back."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)


def _new_seat(asked: SeatRequest) -> NewSeat:
    if (asked.human is None) == (asked.bot is None):
        raise ServerError("bad-request", reason="each seat is {'human': name} or {'bot': level}")
    if asked.human is not None:
        name = " ".join(asked.human.split())
        if not name:
            raise ServerError("bad-request", reason="a player's name cannot be blank")
        return NewSeat(human=name, open=asked.open)
    if asked.open:
        raise ServerError("bad-request", reason="only a person's seat is open")
    return NewSeat(bot=asked.bot)


def _players(asked: str | None, game: str) -> int:
    """The players of ``?players=`` (the Rules page's pictures), else the game's usual."""
    if asked is None:
        return games.game_named(game).default_players if game in games.GAMES else 2
    if not asked.isdigit() or not 2 <= int(asked) <= MAX_PLAYERS:
        raise ServerError("bad-request", reason=f"players must be 2 to {MAX_PLAYERS}")
    return int(asked)


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def _sentence(phrases: Sequence[str]) -> str:
    """Phrases said as one sentence: ``A; b; c.``"""
    text = "; ".join(phrases)
    return f"{text[:1].upper()}{text[1:]}."


def _rules_of(row: TableRow) -> games.AnyRules | None:
    """The rules a table is played by (None: rules this server no longer makes)."""
    try:
        return games.make_rules(row.game, len(row.seats), row.preset, row.options)
    except CodedError:
        return None


def _language(connection: Request | WebSocket) -> str:
    """``?lang=`` if it names one of the languages, else the first of the browser's."""
    asked = connection.query_params.get("lang")
    if asked is not None and (code := language_of_locale(asked)) is not None:
        return code
    for part in connection.headers.get("accept-language", "").split(","):
        code = language_of_locale(part.split(";")[0].strip())
        if code is not None and part.strip():
            return code
    return "en"


def _said(error: CodedError, lang: str) -> str:
    return error_in(error, translation(lang))


def _timed_out(error: BaseException) -> bool:
    return isinstance(error, TimeoutError) and not str(error)
