"""The language of the commands that speak the player's (``--lang``, else the locale's)."""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.cli.errors import _fail
from chickenfoot.cli.text import _short
from chickenfoot.i18n import LANGUAGES, language_from_environment, set_language


def _language_of(lang: str | None) -> str | None:
    """The language ``--lang`` names (None: the locale's), or None if it names none."""
    if lang is None:
        return language_from_environment()
    code = lang.strip().lower()
    return code if code in LANGUAGES else None


def _use_language(lang: str | None) -> None:
    """Speak ``--lang`` (None: the locale's language), or stop with what the choices are."""
    code = _language_of(lang)
    if code is None:
        _fail(f"--lang {_short(lang or '')!r}: the languages are {', '.join(LANGUAGES)}")
    set_language(code)


def _language_before_parsing(argv: Sequence[str]) -> None:
    """For a command that speaks the player's language (``argv`` its command line), that
    language chosen before the command line is read, so that a mistake in it is said in that
    language too (a ``--lang`` that names none is left for the command to refuse)."""
    lang: str | None = None
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and k + 1 < len(argv):
            lang = argv[k + 1]
        elif arg.startswith("--lang="):
            lang = arg.removeprefix("--lang=")
    code = _language_of(lang)
    if code is not None:
        set_language(code)
