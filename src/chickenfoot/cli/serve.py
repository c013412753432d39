"""``chickenfoot serve``: the game served to browsers."""

from __future__ import annotations

import ipaddress
from enum import StrEnum
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import typer

from chickenfoot.cli import output
from chickenfoot.cli.errors import _fail
from chickenfoot.cli.words import _Command
from chickenfoot.i18n import _

app = typer.Typer(add_completion=False)


_SERVE_HELP = "\n\n".join(
    [
        "Serve the game to browsers: open the address it prints, set up a table against "
        "computer players or with friends (each friend gets an invite link), and play.",
        "Every table and every accepted action is saved before anyone sees it: in SQLite in "
        "the data folder by default, or in PostgreSQL with --db postgresql://USER@HOST/DB. "
        "Stop it with Ctrl-C; started again on the same data, every unfinished table goes on "
        "where it was.",
        "Several processes, on one machine or many, serve the same tables when each is "
        "given the same PostgreSQL database and the same Redis (--redis redis://HOST:PORT/0): "
        "a browser may reach any of them; when one dies, another takes its tables over "
        "within --lease seconds.",
        "Examples: chickenfoot serve; chickenfoot serve --host 0.0.0.0 --port 8080 (reachable "
        "from other machines); chickenfoot serve --bot-delay 0 (bots act at once); chickenfoot "
        "serve --db postgresql://chickenfoot@db/chickenfoot --redis redis://cache:6379/0 "
        "--port 8001 (one of several).",
    ]
)


class Signup(StrEnum):
    OPEN = "open"
    CLOSED = "closed"


class LogFormat(StrEnum):
    TEXT = "text"
    JSON = "json"


@app.command("serve", cls=_Command, help=_SERVE_HELP)
def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host", metavar="ADDRESS", help="The address to listen on (0.0.0.0: every one)."
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(
            "--port",
            metavar="PORT",
            min=0,
            max=65535,
            help="The port to listen on (0: any free one).",
        ),
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            show_default=False,
            help="A database URL (postgresql://... or sqlite:///FILE). \\[default: SQLite in "
            "the data folder]",
        ),
    ] = None,
    data: Annotated[
        Path | None,
        typer.Option(
            "--data",
            metavar="DIR",
            show_default=False,
            help="The data folder (the SQLite database is DIR/chickenfoot.db). \\[default: "
            "the platform's user data folder for chickenfoot]",
        ),
    ] = None,
    bot_delay: Annotated[
        int,
        typer.Option(
            "--bot-delay",
            metavar="MS",
            min=0,
            max=60_000,
            help="Milliseconds a computer player waits before it acts, so people can follow "
            "(0: at once).",
        ),
    ] = 600,
    away: Annotated[
        int,
        typer.Option(
            "--away",
            metavar="SECONDS",
            min=1,
            max=86_400,
            help="Seconds a player may be gone from an online table before a computer player "
            "plays for them (until they are back).",
        ),
    ] = 60,
    tables_per_address: Annotated[
        int,
        typer.Option(
            "--tables-per-address",
            metavar="N",
            min=1,
            help="How many tables not yet over one address may have set up at a time, or one "
            "account, whatever its address, when signed in (tables cancelled or expired do not "
            "count).",
        ),
    ] = 20,
    waiting_expiry: Annotated[
        int,
        typer.Option(
            "--waiting-expiry",
            metavar="SECONDS",
            min=1,
            max=7 * 86_400,
            help="Seconds a table may wait for its players to join before it expires (it "
            "is never dealt, and no longer counts in --tables-per-address); its creator may "
            "cancel it before then.",
        ),
    ] = 86_400,
    bot_processes: Annotated[
        int | None,
        typer.Option(
            "--bot-processes",
            metavar="N",
            min=1,
            max=256,
            show_default=False,
            help="Worker processes the computer players think in, so that a slow search "
            "holds up no table. \\[default: one per CPU]",
        ),
    ] = None,
    connections_per_address: Annotated[
        int,
        typer.Option(
            "--connections-per-address",
            metavar="N",
            min=1,
            help="How many connections (pages loading, game sockets) one address may hold "
            "open at once; more are refused. Connections from the proxies of "
            "--forwarded-allow-ips are not counted.",
        ),
    ] = 100,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            metavar="URL",
            show_default=False,
            help="Redis (redis://HOST:PORT/DB), shared by several server processes of one "
            "PostgreSQL database: each table has one owner process, the others forward to it. "
            "\\[default: none, this process serves alone]",
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            "--lease",
            metavar="SECONDS",
            min=1.0,
            max=300.0,
            help="With --redis: seconds before another process takes over the tables of one "
            "that has died.",
        ),
    ] = 5.0,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            metavar="URL",
            show_default=False,
            help="Where people reach the server (https://play.example.org, say, behind a "
            "proxy): every invite and link is built on it, and a browser's requests and "
            "sockets must come from it. \\[default: the address it listens on]",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            "--forwarded-allow-ips",
            metavar="ADDRESSES",
            help="The proxies (addresses or networks, comma-separated) trusted to say a "
            "client's own address in X-Forwarded-For, which the limits per address count; "
            "from anyone else the header is ignored. \\[default: none]",
            show_default=False,
        ),
    ] = "",
    signup: Annotated[
        Signup,
        typer.Option(
            "--signup",
            help="open: anybody may make an account on the home page; closed: only "
            "chickenfoot users add makes accounts (a club that sets them up itself).",
        ),
    ] = Signup.OPEN,
    log_format: Annotated[
        LogFormat,
        typer.Option(
            "--log-format",
            help="The log on standard error: text, a line per event for people, or json, "
            "one JSON object per line (time, level, event, table...) for log collectors.",
        ),
    ] = LogFormat.TEXT,
) -> None:
    import os

    from chickenfoot.server import run
    from chickenfoot.terminal.session import SessionError, check_data_folder, default_data_folder

    if not host.strip():
        _fail(_("--host: give the address to listen on, such as 127.0.0.1 or 0.0.0.0 (every one)"))
    folder = data if data is not None else default_data_folder()
    if db is None:
        try:
            check_data_folder(folder)
        except SessionError as exc:
            _fail(str(exc))
    try:
        settings = run.Settings(
            db_url=run.database_url(db, folder),
            bot_delay=bot_delay / 1000,
            away=away,
            tables_per_address=tables_per_address,
            waiting_expiry=waiting_expiry,
            connections_per_address=connections_per_address,
            bot_processes=bot_processes or os.cpu_count() or 1,
            steady_gc=True,
            redis_url=redis,
            lease_seconds=lease,
            public_url=_public_url(public_url),
            forwarded_allow_ips=_forwarded(forwarded_allow_ips),
            signup_open=signup is Signup.OPEN,
        )
        if redis is not None and not settings.db_url.startswith("postgresql"):
            _fail(
                _(
                    "--redis: several processes share their tables in PostgreSQL: give "
                    "--db postgresql://USER@HOST/DATABASE too"
                )
            )
        run.serve(host, port, settings, db, output.out.print, log_format.value)
    except run.ServeError as exc:
        _fail(str(exc))


def _public_url(url: str | None) -> str | None:
    """``--public-url`` as links start: ``http(s)://HOST[:PORT][/PATH]``, no trailing slash."""
    if url is None:
        return None
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        _fail(
            _(
                "--public-url {url}: not an address people open (https://HOST or http://HOST:PORT)"
            ).format(url=url)
        )
    return f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/")


def _forwarded(addresses: str) -> str:
    """``--forwarded-allow-ips``: each an address or a network."""
    found = [part.strip() for part in addresses.split(",") if part.strip()]
    for part in found:
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            text = _("--forwarded-allow-ips: {part} is not an address or a network (10.0.0.0/8)")
            _fail(text.format(part=part))
    return ",".join(found)
