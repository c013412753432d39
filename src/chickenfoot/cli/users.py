"""``chickenfoot users``: the server's accounts, set up by whoever runs it."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, NoReturn, TypeVar

import typer
from typer.core import TyperGroup

from chickenfoot.cli import output
from chickenfoot.cli.words import _Command, _InOurWords
from chickenfoot.i18n import _


class _Users(_InOurWords, TyperGroup):
    """The subcommands' group, its help in words as every command's."""


app = typer.Typer(
    cls=_Users,
    add_completion=False,
    no_args_is_help=True,
    help="The accounts of chickenfoot serve: a club sets them up itself (with serve "
    "--signup closed, only these commands make accounts). Each command works on the database "
    "serve uses: the SQLite file of the data folder, or --db.",
)

T = TypeVar("T")

Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        show_default=False,
        help="The server's database URL (postgresql://... or sqlite:///FILE). \\[default: "
        "SQLite in the data folder]",
    ),
]
Data = Annotated[
    Path | None,
    typer.Option(
        "--data",
        metavar="DIR",
        show_default=False,
        help="The server's data folder. \\[default: the platform's user data folder for "
        "chickenfoot]",
    ),
]
Name = Annotated[str, typer.Argument(metavar="NAME", help="The account's name.")]
PasswordStdin = Annotated[
    bool,
    typer.Option(
        "--password-stdin",
        help="Read the password from the first line of standard input (for scripts) instead "
        "of asking for it without showing it.",
    ),
]


def _error(message: str) -> NoReturn:
    output.err.print(_("error: {message}").format(message=message), markup=False, soft_wrap=True)
    raise typer.Exit(1)


def _with_store(db: str | None, data: Path | None, work: Callable[..., Awaitable[T]]) -> T:
    """``work(store)`` on the server's database (its schema brought up to date first)."""
    from chickenfoot.server.store import Store, database_url
    from chickenfoot.terminal.session import SessionError, check_data_folder, default_data_folder

    folder = data if data is not None else default_data_folder()
    if db is None:
        try:
            check_data_folder(folder)
        except SessionError as exc:
            _error(str(exc))

    async def run() -> T:
        store = Store(database_url(db, folder))
        try:
            await store.open()
            return await work(store)
        finally:
            await store.close()

    try:
        return asyncio.run(run())
    except typer.Exit:
        raise
    except Exception as exc:
        from chickenfoot.server.errors import ServerError
        from chickenfoot.server.store import reason_of

        if isinstance(exc, ServerError):
            from chickenfoot.i18n import error_text

            _error(error_text(exc))
        text = _("cannot use the database {db}: {reason}")
        _error(text.format(db=db or folder / "chickenfoot.db", reason=reason_of(exc)))


def _password(from_stdin: bool) -> str:
    """The new password: standard input's first line, or asked twice without echo."""
    from chickenfoot.i18n import error_text
    from chickenfoot.server.accounts import checked_password
    from chickenfoot.server.errors import ServerError

    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = typer.prompt(_("Password"), hide_input=True, confirmation_prompt=True)
    try:
        return checked_password(password)
    except ServerError as exc:
        _error(error_text(exc))


@app.command("add", cls=_Command, help="Make an account (its password asked for, or read).")
def add(
    name: Name, password_stdin: PasswordStdin = False, db: Db = None, data: Data = None
) -> None:
    from chickenfoot.i18n import error_text
    from chickenfoot.server.accounts import checked_name, hash_password, name_key
    from chickenfoot.server.errors import ServerError
    from chickenfoot.server.store import NameTaken, Store

    try:
        kept = checked_name(name)
    except ServerError as exc:
        _error(error_text(exc))
    hashed = hash_password(_password(password_stdin))

    async def work(store: Store) -> None:
        try:
            await store.add_account(kept, name_key(kept), hashed)
        except NameTaken:
            _error(_("there is already an account named {name}").format(name=kept))

    _with_store(db, data, work)
    output.out.print(_("account {name} made").format(name=kept), markup=False)


@app.command("list", cls=_Command, help="List the accounts: name, and when each was made.")
def list_(db: Db = None, data: Data = None) -> None:
    import datetime

    from chickenfoot.server.store import AccountRow, Store

    async def work(store: Store) -> list[AccountRow]:
        return await store.accounts()

    for account in _with_store(db, data, work):
        made = datetime.datetime.fromtimestamp(account.created, datetime.UTC)
        typer.echo(f"{account.name}\t{made:%Y-%m-%d %H:%M} UTC")  # a line a script can cut


@app.command(
    "remove",
    cls=_Command,
    help="Remove an account: its sessions end, its rating goes, the seats it took stay as "
    "a guest's.",
)
def remove(name: Name, db: Db = None, data: Data = None) -> None:
    from chickenfoot.server.accounts import name_key
    from chickenfoot.server.store import Store

    async def work(store: Store) -> bool:
        return await store.remove_account(name_key(" ".join(name.split())))

    if not _with_store(db, data, work):
        _error(_("there is no account named {name}").format(name=name))
    output.out.print(_("account {name} removed").format(name=name), markup=False)


@app.command(
    "password",
    cls=_Command,
    help="Give an account a new password (asked for, or read); it is signed out everywhere.",
)
def password(
    name: Name, password_stdin: PasswordStdin = False, db: Db = None, data: Data = None
) -> None:
    from chickenfoot.server.accounts import hash_password, name_key
    from chickenfoot.server.store import Store

    hashed = hash_password(_password(password_stdin))

    async def work(store: Store) -> bool:
        return await store.set_password(name_key(" ".join(name.split())), hashed)

    if not _with_store(db, data, work):
        _error(_("there is no account named {name}").format(name=name))
    output.out.print(_("the password of {name} is changed").format(name=name), markup=False)
