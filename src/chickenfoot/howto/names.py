"""The words shown for things the program knows by an English word: the computer players'
levels and the matches' lengths. The words typed on the command line (``--bots medium``,
``--length half``) stay as they are; every front end shows these, translated."""

from __future__ import annotations

from chickenfoot.i18n import N_

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

__all__ = ["LENGTH_NAMES", "LEVEL_NAMES"]
