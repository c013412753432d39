"""Names shown for things the program knows by an English word: the computer players'
levels, the match's lengths, and the rules' short label. The words typed on the command line
(``--bots medium``, ``--length half``) stay as they are; only what is shown is translated."""

from __future__ import annotations

from chickenfoot.core.games import AnyRules
from chickenfoot.core.rules import Rules
from chickenfoot.howto.listing import PRESET_TITLES, preset_title
from chickenfoot.howto.standard import TITLES as STANDARD_TITLES
from chickenfoot.i18n import N_, _

LEVEL_NAMES: dict[str, str] = {
    # TRANSLATORS: a computer player's level, shown as "Computer: beginner" and "Bot 1
    # (beginner)"; at 80 columns the seats beside the table show 15 characters of it
    "beginner": N_("beginner"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}

LENGTH_NAMES: dict[str, str] = {
    # TRANSLATORS: how long a match is: its first round only
    "single": N_("single"),
    # TRANSLATORS: how long a match is: the first half of its rounds
    "half": N_("half"),
    # TRANSLATORS: how long a match is: one round for every double down to 0-0
    "full": N_("full"),
}


def level_name(bot: str) -> str:
    """A computer player's level as shown (a bot that is no level keeps its name)."""
    return _(LEVEL_NAMES[bot]) if bot in LEVEL_NAMES else bot


def length_name(length: str) -> str:
    return _(LENGTH_NAMES[length]) if length in LENGTH_NAMES else length


def rules_label(rules: AnyRules) -> str:
    """The rules' short label (``Classic, single``), the preset's name and the match's length
    translated."""
    if isinstance(rules, Rules) and rules.preset in PRESET_TITLES:
        return f"{preset_title(rules.preset, _)}, {length_name(rules.length.value)}"
    return rules.label(length_name)


def preset_label(name: str) -> str:
    """A guide's preset as players read it: a Chicken Foot preset's name (``Klassisk``), else
    the standard game's name it stands for."""
    if name in PRESET_TITLES:
        return preset_title(name, _)
    return _(STANDARD_TITLES[name]) if name in STANDARD_TITLES else name


__all__ = ["length_name", "level_name", "preset_label", "rules_label"]
