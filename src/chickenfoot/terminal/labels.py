"""Names shown for things the program knows by an English word: the computer players'
levels, the match's lengths, and the rules' short label. The words typed on the command line
(``--bots medium``, ``--length half``) stay as they are; only what is shown is translated."""

from __future__ import annotations

from chickenfoot.core.games import AnyRules
from chickenfoot.howto.listing import PRESET_TITLES, preset_title
from chickenfoot.howto.names import LENGTH_NAMES, LEVEL_NAMES
from chickenfoot.howto.standard import TITLES as STANDARD_TITLES
from chickenfoot.i18n import _


def level_name(bot: str) -> str:
    """A computer player's level as shown (a bot that is no level keeps its name)."""
    return _(LEVEL_NAMES[bot]) if bot in LEVEL_NAMES else bot


def length_name(length: str) -> str:
    return _(LENGTH_NAMES[length]) if length in LENGTH_NAMES else length


def rules_label(rules: AnyRules) -> str:
    """The rules' short label (``Classic, single``), the preset's name and the match's length
    translated."""
    return rules.label(length_name, _preset_title)


def _preset_title(name: str) -> str:
    return preset_title(name, _) if name in PRESET_TITLES else name


def preset_label(name: str) -> str:
    """A guide's preset as players read it: a Chicken Foot preset's name (``Klassisk``), else
    the standard game's name it stands for."""
    if name in PRESET_TITLES:
        return preset_title(name, _)
    return _(STANDARD_TITLES[name]) if name in STANDARD_TITLES else name


__all__ = ["length_name", "level_name", "preset_label", "rules_label"]
