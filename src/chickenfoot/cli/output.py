"""Where the command line prints: ``out`` (standard output) and ``err`` (standard error),
rich consoles made when first used."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    out: Console
    err: Console


def __getattr__(name: str) -> Console:
    if name not in ("out", "err"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rich.console import Console

    console = Console(stderr=name == "err")
    globals()[name] = console
    return console
