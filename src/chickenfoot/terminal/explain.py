"""``chickenfoot rules --explain``: "How to play" printed at the terminal, with the pictures
the table's own board draws (plain text when the output is not a terminal)."""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text

from chickenfoot.core.games import AnyRules
from chickenfoot.howto import Guide, guide
from chickenfoot.i18n import _, language, translation
from chickenfoot.terminal.guide_view import TITLE, section_renderable
from chickenfoot.terminal.labels import preset_label


class UnknownSectionError(ValueError):
    """``--section`` names no section of the guide."""


def guide_for(rules: AnyRules, players: int) -> Guide:
    return guide(rules, translation(language()), players, "print")


def print_guide(console: Console, told: Guide, section: str | None = None) -> None:
    """Every section of ``told`` (or only ``section``), the table's changes first."""
    ids = [s.id for s in told.sections]
    if section is not None and section not in ids:
        raise UnknownSectionError(
            _("--section {name}: the sections are {ids}").format(
                name=repr(section), ids=", ".join(ids)
            )
        )
    name = preset_label(told.preset)
    console.print(Text(f"{told.title} · {name}", style=TITLE + Style(underline=True)))
    console.print()
    for shown in told.sections:
        if section is None or shown.id == section:
            console.print(section_renderable(shown, told))
            console.print()
