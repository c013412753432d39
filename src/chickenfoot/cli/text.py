"""Words and paths as the command line prints them."""

from __future__ import annotations

from pathlib import Path

_PLURALS = {"match": "matches"}


def _count(n: int, word: str) -> str:
    """``1 match``, ``2 matches``, ``0 rounds``."""
    return f"{n} {word if n == 1 else _PLURALS.get(word, word + 's')}"


def _short(text: str, most: int = 60) -> str:
    """``text``, or its start and end if it is long (a 5,000-digit number)."""
    return (
        text
        if len(text) <= most
        else f"{text[: most - 20]}...{text[-10:]} ({len(text)} characters)"
    )


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _shown(path: Path | str) -> str:
    """A path as one printable line, whatever bytes its name holds."""
    text = str(path)
    if text.isprintable():
        return text
    return ascii(text)[1:-1]
