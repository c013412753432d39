"""Every text a player reads passes through here, so that catalogues can be added later.

For now the texts are English and :func:`_` returns them unchanged. A catalogue (gettext,
through Babel) would replace :func:`_` and :func:`ngettext` with its lookups; the engine's
own messages are looked up by their English template (:func:`message_text`), so one
catalogue covers both.
"""

from __future__ import annotations

from chickenfoot.core.messages import ENGLISH, Message


def _(text: str) -> str:
    """``text`` in the player's language (English for now)."""
    return text


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text for ``count`` things (English: singular for 1, else plural)."""
    return singular if count == 1 else plural


def message_text(message: Message) -> str:
    """An engine message (a code with parameters) in the player's language."""
    return _(ENGLISH[message.code]).format_map(dict(message.params))


__all__ = ["_", "message_text", "ngettext"]
