"""The ``chickenfoot`` command: the app, its top-level help and ``--version``.

Each command is a module of this package (:data:`~chickenfoot.cli.group.COMMANDS`), imported
when it runs or when the help shows it: ``chickenfoot --version`` and a command's start
import only what they use.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

import chickenfoot
from chickenfoot.cli import output
from chickenfoot.cli.group import _OneLineErrors

_EXAMPLES = [
    ("chickenfoot play", "the game, in the terminal"),
    ("chickenfoot play --plain --bots expert", "lines of text, against experts"),
    ("chickenfoot serve", "the game, in a browser"),
    ("chickenfoot rules --explain", "how to play"),
    ("chickenfoot simulate -m 100 -r out/", "100 matches, records in out/"),
    ("chickenfoot arena -b expert,medium -m 200", "expert against medium bots"),
    ("chickenfoot replay out/*.json", "check records against the rules"),
    ("chickenfoot analyse out/1.json --seat 0", "grade seat 0's decisions"),
    ("chickenfoot ratings out/", "rate the players of records"),
    ("chickenfoot COMMAND --help", "a command's options and examples"),
]
"""The top-level help's examples: a command and what it does."""


app = typer.Typer(
    cls=_OneLineErrors,
    help=(
        "Chicken Foot dominoes: play against computer players or friends (chickenfoot "
        "play), simulate matches between computer players, measure bots "
        "against each other in the arena and check game records. Every match is written as "
        "a chickenfoot-record/1 JSON record that `chickenfoot replay` checks move by move "
        "against the rules."
    ),
    epilog="Examples:\n" + "\n".join(f"{command:<42}  {what}" for command, what in _EXAMPLES),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        from importlib import metadata  # slow to import: only here

        try:
            version = metadata.version("chickenfoot")
        except metadata.PackageNotFoundError:
            version = chickenfoot.__version__
        typer.echo(f"chickenfoot {version}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Show chickenfoot's version and exit.",
            is_eager=True,
            callback=_show_version,
        ),
    ] = False,
) -> None:
    pass


_SPEAKING = ("play", "rules")
"""The commands that speak the player's language (``--lang``, else the locale's)."""


def main() -> None:
    argv = sys.argv[1:]
    if argv and argv[0] in _SPEAKING:
        from chickenfoot.cli.language import _language_before_parsing

        _language_before_parsing(argv)
    try:
        app()
    except KeyboardInterrupt:
        output.err.print("interrupted", markup=False)
        sys.exit(130)
