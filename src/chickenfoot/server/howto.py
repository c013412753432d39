"""The JSON of the Rules page (``GET /api/rules``), of a refused move's rule (``GET
/api/refusal``) and of why a seat may not make a move (the socket's ``why``): "How to play"
from the one catalogue every front end reads, in the asker's language."""

from __future__ import annotations

import gettext
from typing import Any

from chickenfoot.core.games import AnyRules
from chickenfoot.core.messages import ENGLISH, Message
from chickenfoot.core.wire import Snapshot
from chickenfoot.howto import TITLES, guide, section_of
from chickenfoot.howto.names import LEVEL_NAMES
from chickenfoot.howto.refusals import said_to_you, tile_refusal, turn_refusal, with_names
from chickenfoot.i18n import message_in, translation
from chickenfoot.play import BOT_PREFIX


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
    return _told(Message(code, values), catalogue)


def _told(refusal: Message, catalogue: gettext.NullTranslations) -> dict[str, Any]:
    section = section_of(refusal)
    text: str | None
    try:
        text = said_to_you(refusal, catalogue)
    except (KeyError, IndexError, ValueError):
        text = None
    return {
        "code": refusal.code,
        "text": text,
        "section": section,
        "title": None if section is None else catalogue.gettext(TITLES[section]),
    }


def why_json(view: Snapshot, move: str, lang: str) -> dict[str, Any]:
    """Why the viewer of ``view`` may not make ``move`` (a tile, ``draw`` or ``pass``) now,
    said to them as :func:`refusal_json` says it, worked out from their view alone."""
    catalogue = translation(lang)
    refusal = turn_refusal(view, move) if move in ("draw", "pass") else tile_refusal(view, move)

    def name_of(seat: int) -> str:
        name = view.players[seat]
        if not name.startswith(BOT_PREFIX):
            return name
        bot = name.removeprefix(BOT_PREFIX)
        level = catalogue.gettext(LEVEL_NAMES[bot]) if bot in LEVEL_NAMES else bot
        return catalogue.gettext("Bot {seat} ({level})").format(seat=seat + 1, level=level)

    named = with_names(refusal, {p.id: p.tile for p in view.board}, name_of)
    told = _told(named, catalogue)
    if told["text"] is None:  # a refusal said in no words of its own: the engine's
        told["text"] = message_in(refusal, catalogue)
    return told


def is_code(code: str) -> bool:
    return code in ENGLISH
