"""The top-level group: its commands, imported when they are used, and a mistake in the
command line told in one line."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from typing import Any

import typer
import typer.main
from typer._click.core import Command, Context
from typer._click.exceptions import (
    BadParameter,
    ClickException,
    MissingParameter,
    NoArgsIsHelpError,
    UsageError,
)
from typer.core import TyperGroup

from chickenfoot.cli import output
from chickenfoot.cli.text import _one_line
from chickenfoot.cli.words import _InOurWords

COMMANDS = {
    "simulate": "simulate",
    "arena": "arena",
    "replay": "replay",
    "ratings": "ratings",
    "report": "report",
    "rules": "rules",
    "play": "play",
    "analyse": "analyse",
    "serve": "serve",
    "users": "users",
    "new-bot": "new_bot",
}
"""Every command, in the help's order, and the module of this package that holds it (as the
only command of the module's ``app``)."""


class _Commands(MutableMapping[str, Command]):
    """A group's commands by name, each made from its module when it is first looked up: the
    names alone (the help's list, a mistyped name's suggestions) import none of them."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self.modules = dict(modules)
        self.made: dict[str, Command] = {}

    def __getitem__(self, name: str) -> Command:
        if name not in self.made:
            if name not in self.modules:
                raise KeyError(name)
            module = importlib.import_module(f"{__package__}.{self.modules[name]}")
            self.made[name] = typer.main.get_command(module.app)
        return self.made[name]

    def __setitem__(self, name: str, command: Command) -> None:
        self.modules.setdefault(name, "")
        self.made[name] = command

    def __delitem__(self, name: str) -> None:
        del self.modules[name]
        self.made.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self.modules)

    def __len__(self) -> int:
        return len(self.modules)


class _OneLineErrors(_InOurWords, TyperGroup):
    """Typer's group of :data:`COMMANDS`, each imported when it is used, with a command-line
    mistake told in one line (``error: ...``, exit 2) instead of a usage panel, and a value
    an option does not take in the program's words (:func:`_bad_value`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _Commands(COMMANDS)

    def list_commands(self, ctx: Context) -> list[str]:
        return list(self.commands)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except NoArgsIsHelpError as exc:  # the help has been shown
            sys.exit(exc.exit_code)
        except UsageError as exc:
            from chickenfoot.cli.bad_input import _bad_value, _missing

            if isinstance(exc, BadParameter) and not isinstance(exc, MissingParameter):
                output.err.print(f"error: {_bad_value(exc)}", markup=False, soft_wrap=True)
                sys.exit(2)
            hint = f" (see {exc.ctx.command_path} --help)" if exc.ctx is not None else ""
            said = _missing(exc) if isinstance(exc, MissingParameter) else exc.format_message()
            message = f"error: {_one_line(said)}{hint}"
            output.err.print(message, markup=False, soft_wrap=True)
            sys.exit(2)
        except ClickException as exc:
            said = _one_line(exc.format_message())
            output.err.print(f"error: {said}", markup=False, soft_wrap=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            output.err.print("error: aborted", markup=False)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)
