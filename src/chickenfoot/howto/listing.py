"""What ``chickenfoot rules`` lists, for players: every game and Chicken Foot preset by its
name and where its rules come from, what each plays (in phrases made from its rules, as How
to play says them), and every option of Chicken Foot with what it decides and its value in
each preset, in words. The texts are marked with ``N_`` and said in the language of the
catalogue given; the command line draws them.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass

from chickenfoot.core.rules import CLASSIC, PRESETS
from chickenfoot.core.standard.rules import GAMES as STANDARD_GAMES
from chickenfoot.howto import standard
from chickenfoot.howto.changes import change, changes
from chickenfoot.i18n import N_, message_in

ORIGINS = {
    "classic": N_("the rules of the Norwegian and Italian Chicken Foot app, played by default"),
    "spruce": N_("The Spruce's house rules, from its Dutch edition"),
    "wikipedia": N_("the Swedish Wikipedia article on Chicken Foot"),
    "reeves": N_("Mario Reeves's rules, from his Swedish games blog"),
    "draw": N_("the standard game the Norwegian and Italian app sets beside Chicken Foot"),
    "block": N_("the draw game without drawing, from the same app"),
    "all-fives": N_("also called Muggins, as pagat.com describes it"),
    "bergen": N_("as pagat.com describes it"),
}
"""Where each preset's and game's rules come from, as players know them."""

PRESET_TITLES = {
    "classic": N_("Classic"),
    "spruce": N_("The Spruce"),
    "wikipedia": N_("Wikipedia"),
    "reeves": N_("Reeves"),
}
"""Each preset's name as players read it (the name a command line or a request takes is the
English id, ``classic``)."""


def preset_title(name: str, say: Callable[[str], str]) -> str:
    """The preset ``name`` (``classic``) as players read it, in the language of ``say``."""
    return say(PRESET_TITLES[name])


def preset_origin(name: str, say: Callable[[str], str]) -> str:
    """What the preset ``name`` is, in a short sentence: where its rules come from."""
    origin = say(ORIGINS[name])
    return f"{origin[:1].upper()}{origin[1:]}."


GAMES_TITLE = N_("The games and Chicken Foot's presets")
GAMES_HEADER = (N_("choose with"), N_("the game, where its rules come from, what it plays"))
PRESET_HEADING = N_("Chicken Foot, {preset}: {origin}.")
GAME_HEADING = N_("{game}: {origin}.")
OPTIONS_TITLE = N_("Chicken Foot's options (-o KEY=VALUE)")
OPTIONS_HEADER = (N_("KEY"), N_("what it decides, and its value in each preset"))
VALUE_IN = N_("{presets}: {value}")
CLOSING = N_(
    "The standard games take options of their own the same way (for example -o "
    "partnership=true, -o set_top=9, -o target=100); chickenfoot rules --explain --game NAME "
    "tells how each is played. A value is a number, true or false, a word, or a list of "
    "(players, value) pairs such as [[2, 7], [3, 5]]."
)

CLASSIC_SAYS = (
    "min_players",
    "set_by_players",
    "hand_sizes",
    "round_double",
    "centre_toes",
    "foot_toes",
    "drawn_tile_must_be_played",
    "double_blank_points",
    "tie_break",
)
"""What the listing says of classic, the rules the other presets are told against."""


@dataclass(frozen=True, slots=True)
class GameRow:
    choose: str
    """How the command line picks it: ``--preset spruce``, ``--game bergen``."""
    heading: str
    """Its name and where its rules come from."""
    phrases: tuple[str, ...]
    """What it plays (a preset: what it changes from classic)."""


@dataclass(frozen=True, slots=True)
class OptionRow:
    key: str
    """The name ``-o KEY=VALUE`` takes."""
    meaning: str
    values: tuple[str, ...]
    """Its value in each preset, in words, presets of equal values together: ``spruce,
    wikipedia: 4 toes on the centre``."""


@dataclass(frozen=True, slots=True)
class Listing:
    games_title: str
    games_header: tuple[str, str]
    games: tuple[GameRow, ...]
    options_title: str
    options_header: tuple[str, str]
    options: tuple[OptionRow, ...]
    closing: str


def preset_says(name: str, catalogue: gettext.NullTranslations) -> tuple[str, ...]:
    """What a preset plays, phrase by phrase, in the language of ``catalogue``: classic's
    main rules, or what another preset changes from classic."""
    rules = PRESETS[name]
    if name == "classic":
        return tuple(change(rules, option, catalogue.gettext) for option in CLASSIC_SAYS)
    return tuple(text for _option, text in changes(rules, catalogue))


def listing(catalogue: gettext.NullTranslations) -> Listing:
    """The listing of ``chickenfoot rules`` in the language of ``catalogue``."""
    say = catalogue.gettext
    games: list[GameRow] = []
    for name in PRESETS:
        heading = say(PRESET_HEADING).format(
            preset=preset_title(name, say), origin=say(ORIGINS[name])
        )
        games.append(GameRow(f"--preset {name}", heading, preset_says(name, catalogue)))
    for name in STANDARD_GAMES:
        heading = say(GAME_HEADING).format(
            game=say(standard.TITLES[name]), origin=say(ORIGINS[name])
        )
        games.append(GameRow(f"--game {name}", heading, tuple(standard.summary(name, say))))
    options = []
    for info in CLASSIC.describe_options():
        grouped: dict[str, list[str]] = {}
        for name, rules in PRESETS.items():
            grouped.setdefault(change(rules, info.name, say), []).append(name)
        values = tuple(
            say(VALUE_IN).format(presets=", ".join(names), value=value)
            for value, names in grouped.items()
        )
        options.append(OptionRow(info.name, message_in(info.message, catalogue), values))
    return Listing(
        say(GAMES_TITLE),
        (say(GAMES_HEADER[0]), say(GAMES_HEADER[1])),
        tuple(games),
        say(OPTIONS_TITLE),
        (say(OPTIONS_HEADER[0]), say(OPTIONS_HEADER[1])),
        tuple(options),
        say(CLOSING),
    )
