"""The JSON of the Rules page (``GET /api/rules``) and of a refused move's rule (``GET
/api/refusal``): "How to play" from the one catalogue every front end reads, in the asker's
language."""

from __future__ import annotations

from typing import Any

from chickenfoot.core.games import AnyRules
from chickenfoot.core.messages import ENGLISH, Message
from chickenfoot.howto import TITLES, guide, section_of
from chickenfoot.howto.refusals import said_to_you
from chickenfoot.i18n import translation


def guide_json(rules: AnyRules, players: int, lang: str) -> dict[str, Any]:
    """The guide for a table of ``rules`` at ``players`` seats, as the Rules page reads it."""
    data = guide(rules, translation(lang), players, "web").to_json()
    data["lang"] = lang
    return data


def refusal_json(code: str, params: dict[str, str], lang: str) -> dict[str, Any]:
    """What a refused move says to the player who tried it (:func:`said_to_you`: the page
    adds ``on_tile`` and ``name`` to the engine's parameters) and the section of the rule
    behind it (``section`` None: no rule explains it). ``params`` are the message's, as text;
    numbers are read back as numbers. Without every parameter there is no ``text``: the page
    has it already (an error frame's message)."""
    catalogue = translation(lang)
    values: dict[str, str | int] = {
        name: int(value) if value.isdigit() else value for name, value in params.items()
    }
    refusal = Message(code, values)
    section = section_of(refusal)
    text: str | None
    try:
        text = said_to_you(refusal, catalogue)
    except (KeyError, IndexError, ValueError):
        text = None
    return {
        "code": code,
        "text": text,
        "section": section,
        "title": None if section is None else catalogue.gettext(TITLES[section]),
    }


def is_code(code: str) -> bool:
    return code in ENGLISH
