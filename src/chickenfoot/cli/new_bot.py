"""``chickenfoot new-bot``: a package holding a new bot, ready to install."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from chickenfoot.cli import output
from chickenfoot.cli.errors import _fail
from chickenfoot.cli.words import _Command

app = typer.Typer(add_completion=False)


_NEW_BOT_HELP = "\n\n".join(
    [
        "Write a Python package holding a new bot named NAME, ready to install: "
        "pyproject.toml with the bot's entry point (group chickenfoot.bots), the bot's module "
        "(a bot that reads the table's view, docs/BOTS.md), a test that seats it in an arena, "
        "and a README. Installed (pip install -e DIR), the bot is known by NAME to arena, "
        "play and serve.",
        "Examples: chickenfoot new-bot mybot; chickenfoot new-bot mybot --into ~/src/mybot",
    ]
)


@app.command("new-bot", cls=_Command, help=_NEW_BOT_HELP)
def new_bot_cmd(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The bot's name.")],
    into: Annotated[
        Path | None,
        typer.Option(
            "--into",
            metavar="DIR",
            show_default=False,
            help="The folder to write it into (made if missing; must be empty). "
            "\\[default: ./NAME]",
        ),
    ] = None,
) -> None:
    from chickenfoot.bots import template

    folder = into if into is not None else Path(name)
    try:
        written = template.write(name, folder)
    except template.TemplateError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write into {folder}: {exc.strerror or exc}")
    for path in written:
        output.out.print(f"wrote {path}", markup=False, soft_wrap=True)
    output.out.print(
        f"next: pip install -e {folder}, then chickenfoot arena --bots {name},medium",
        markup=False,
        soft_wrap=True,
    )
