"""Every text a player reads passes through here, in the player's language.

The catalogues are gettext's, made with Babel (``scripts/i18n``, docs/TRANSLATING.md): one
``chickenfoot.mo`` per language in ``locale/<code>/LC_MESSAGES/``. The front end picks the
language once, at its start (:func:`set_language`, from ``--lang`` or
:func:`language_from_environment`), and the setup screen may pick another; :func:`_` and
:func:`ngettext` then look texts up in that language's catalogue, English when a text is
missing. The engine's own messages are looked up by their English template
(:func:`message_text`), so one catalogue covers both.

Texts that must exist before the language is known (the keys' descriptions of a screen class)
are marked with :func:`N_` and translated with :func:`_` where they are shown.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from chickenfoot.core.messages import ENGLISH, CodedError, Message
from chickenfoot.core.record_fields import RecordError

DOMAIN = "chickenfoot"
LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the catalogues are: ``<code>/LC_MESSAGES/chickenfoot.mo``."""

ENGLISH_CODE = "en"
LANGUAGES: tuple[str, ...] = (ENGLISH_CODE, "nb", "it", "nl", "sv")
"""The languages a player may choose: English (the source texts) and its translations."""

ALIASES: Mapping[str, str] = {"no": "nb", "nn": "nb"}
"""Language codes that are read as one of :data:`LANGUAGES` (Norwegian: bokmål)."""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the locale, in the order gettext reads them."""


class UnknownLanguageError(ValueError):
    """A language code that is not one of :data:`LANGUAGES`."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")


@cache
def translation(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` (nothing to look up for English, or a missing file)."""
    if code == ENGLISH_CODE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


_language = ENGLISH_CODE
_current = translation(ENGLISH_CODE)
# One language for the whole program: both names are replaced together (each assignment is
# atomic), and the app reads them only from its own thread.


def set_language(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGUAGES`) from now on."""
    global _language, _current
    if code not in LANGUAGES:
        raise UnknownLanguageError(code)
    _current = translation(code)
    _language = code


def language() -> str:
    """The code of the language spoken now."""
    return _language


def language_of_locale(name: str) -> str | None:
    """The language of a locale name (``nb_NO.UTF-8`` -> ``nb``, ``no`` -> ``nb``), if it is
    one of :data:`LANGUAGES`; ``C`` and ``POSIX`` are English."""
    base = name.split(".", 1)[0].split("@", 1)[0]
    code = base.replace("-", "_").split("_", 1)[0].strip().lower()
    if code in ("c", "posix"):
        return ENGLISH_CODE
    code = ALIASES.get(code, code)
    return code if code in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: the first of ``LANGUAGE`` (a list separated
    by colons), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides, as in gettext;
    English when it names none of :data:`LANGUAGES`. ``environ``: ``os.environ``."""
    if environ is None:
        environ = os.environ
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for name in value.split(":"):
            code = language_of_locale(name)
            if code is not None:
                return code
        return ENGLISH_CODE
    return ENGLISH_CODE


def language_name(code: str) -> str:
    """A language's name in that language (``norsk bokmål``), from Babel's locale data."""
    from babel import Locale

    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def _(text: str) -> str:
    """``text`` in the player's language (``text`` itself when the catalogue lacks it)."""
    return _current.gettext(text) if text else text


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text for ``count`` things, by the plural rule of the player's language."""
    return _current.ngettext(singular, plural, count)


def N_(text: str) -> str:
    """Marks ``text`` for the catalogues without translating it (:func:`_` does, later)."""
    return text


KINDS = (
    N_("a whole number"),
    N_("true or false"),
    N_("a list"),
    N_("a string"),
    N_("a number with a fraction"),
    N_("null"),
    N_("an object"),
)
"""The kinds of value the engine names in a message's parameters (a rule option's
``expected`` and ``got``: ``chickenfoot.core.options``), translated with the message."""

_KIND_PARAMETERS: Mapping[str, tuple[str, ...]] = {"option-type": ("expected", "got")}
"""The messages whose parameters may be one of :data:`KINDS`, and which parameters."""


def catalogue() -> gettext.NullTranslations:
    """The catalogue of the language spoken now (:func:`set_language`)."""
    return _current


def message_text(message: Message) -> str:
    """An engine message (a code with parameters) in the player's language."""
    return message_in(message, _current)


def message_in(message: Message, catalogue: gettext.NullTranslations) -> str:
    """An engine message in the language of ``catalogue`` (:func:`translation`): for a
    server, where each player has a language of their own."""
    params = dict(message.params)
    for name in _KIND_PARAMETERS.get(message.code, ()):
        value = params.get(name)
        if isinstance(value, str) and value in KINDS:
            params[name] = catalogue.gettext(value)
    return catalogue.gettext(ENGLISH[message.code]).format_map(params)


def error_text(error: BaseException) -> str:
    """An error in the player's language, on one line: a record's error keeps its place in
    the record (``rounds[0].actions[3]``) as it is, the engine's coded errors are looked up
    by their code (:func:`message_text`), and any other is said as it is (the front end's own
    errors, such as a ``FileProblem``, are made in the player's language already)."""
    return error_in(error, _current)


def error_in(error: BaseException, catalogue: gettext.NullTranslations) -> str:
    """:func:`error_text` in the language of ``catalogue`` (:func:`translation`)."""
    if isinstance(error, RecordError):
        text = error.text(lambda message: message_in(message, catalogue))
    elif isinstance(error, CodedError):
        text = message_in(error.message, catalogue)
    else:
        text = str(error)
    return " ".join(text.split())


__all__ = [
    "LANGUAGES",
    "N_",
    "UnknownLanguageError",
    "_",
    "catalogue",
    "error_in",
    "error_text",
    "language",
    "language_from_environment",
    "language_name",
    "message_in",
    "message_text",
    "ngettext",
    "set_language",
]
