"""What a set of Chicken Foot rules changes from classic, option by option, in words.

Each option that differs is said as one short phrase (``4 toes on the centre``), in the
language of the catalogue given; :data:`OPTION_SECTIONS` names the sections of "How to play"
each option changes, so that a table's differences can be marked where they apply.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from typing import Any

from chickenfoot.core.rules import CLASSIC, MatchLength, RoundDouble, Rules, TieBreak
from chickenfoot.i18n import N_

OPTION_SECTIONS: dict[str, tuple[str, ...]] = {
    "min_players": ("aim", "deal"),
    "max_players": ("aim", "deal"),
    "set_by_players": ("deal", "match"),
    "hand_sizes": ("deal",),
    "round_double": ("centre-foot", "starter", "deal"),
    "starter_draw_round_one": ("starter",),
    "centre_toes": ("centre-foot",),
    "centre_toes_per_player": ("centre-foot",),
    "foot_toes": ("feet",),
    "drawn_tile_must_be_played": ("drawing",),
    "undrawn_by_players": ("drawing", "round-end", "deal"),
    "double_blank_points": ("scoring",),
    "double_out_points": ("scoring",),
    "tie_break": ("match",),
    "target_total": ("match",),
    "length": ("match",),
}
"""Every option of :class:`~chickenfoot.core.rules.Rules` (but the preset's name) and the
sections of "How to play" that say what it decides."""

PLAYERS = N_("{low} to {high} players")
SET_UP_TO = N_("double-{top} up to {players} players")
SETS = N_("the set: {sets}")
TILES_EACH = N_("{size} tiles each")
TILES_BY_PLAYERS = N_("tiles each: {list}")
COUNT_WITH = N_("{n} with {players} players")
COUNT_WITH_RANGE = N_("{n} with {low} to {high} players")
ROUND_DOUBLE = {
    RoundDouble.ASIDE: N_("the round's double is set aside before the deal"),
    RoundDouble.DEALT: N_(
        "the round's double is dealt: its holder lays it in the middle (if nobody holds it, "
        "the players draw in turn until it turns up)"
    ),
    RoundDouble.FOUND: N_(
        "before each deal the players draw from the whole set until one finds the round's "
        "double, and the finder starts"
    ),
}
STARTER_DRAW = {
    True: N_(
        "round 1 is started by whoever draws the highest tile from the boneyard; later "
        "rounds move on from there"
    ),
    False: N_("round 1 is started by the first seat"),
}
CENTRE_TOES = N_("{n} toes on the centre")
TOE_PER_PLAYER = N_("one toe per player on the centre")
TOES_BY_PLAYERS = N_("toes on the centre: {list}")
FOOT_TOES = N_("{n} toes on every later double")
DRAWN_TILE = {
    True: N_("a drawn tile that fits must be played at once"),
    False: N_("a drawn tile that fits may be kept"),
}
UNDRAWN = N_("tiles never drawn from the boneyard: {list}")
ALL_DRAWN = N_("every tile of the boneyard may be drawn")
DOUBLE_BLANK = N_("0-0 left in a hand costs {n}")
DOUBLE_OUT = N_("going out on a double costs {n}")
DOUBLE_OUT_FREE = N_("going out on a double costs nothing, like any going out")
TIE_BREAK = {
    TieBreak.NONE: N_("a tie on the lowest total is a draw"),
    TieBreak.ZERO_ROUNDS: N_(
        "a tie on the lowest total goes to the most rounds at 0, then to the lowest non-zero round"
    ),
}
TARGET = N_("the match goes on until a total is more than {n}")
NO_TARGET = N_("the match ends after its last double")
LENGTH = {
    MatchLength.FULL: N_("a full match: a round for every double"),
    MatchLength.HALF: N_("a half match: the rounds of the higher half of the doubles"),
    MatchLength.SINGLE: N_("a single round"),
}


def by_players(pairs: Sequence[tuple[int, int]], players: range, say: Callable[[str], str]) -> str:
    """``21 with 2 players, 14 with 3 players, 1 with 4 to 8 players``: a value per player
    count, equal neighbours said once."""
    runs: list[tuple[int, int, int]] = []
    value_of = dict(pairs)
    for count in players:
        if count not in value_of:
            continue
        value = value_of[count]
        if runs and runs[-1][2] == value and runs[-1][1] == count - 1:
            runs[-1] = (runs[-1][0], count, value)
        else:
            runs.append((count, count, value))
    return ", ".join(
        say(COUNT_WITH).format(n=value, players=low)
        if low == high
        else say(COUNT_WITH_RANGE).format(n=value, low=low, high=high)
        for low, high, value in runs
    )


def centre_toes(rules: Rules, players: range, say: Callable[[str], str]) -> str:
    """The toes the centre needs at each player count, as the engine asks for them
    (:meth:`Rules.toes_on_centre`): one number, one per player, or a number per count."""
    toes = [(count, rules.toes_on_centre(count)) for count in players]
    if len({n for _count, n in toes}) == 1:
        return say(CENTRE_TOES).format(n=toes[0][1])
    if all(n == count for count, n in toes):
        return say(TOE_PER_PLAYER)
    return say(TOES_BY_PLAYERS).format(list=by_players(toes, players, say))


def change(rules: Rules, option: str, say: Callable[[str], str]) -> str:
    """What ``rules`` say of ``option``, as a phrase."""
    players = range(rules.min_players, rules.max_players + 1)
    value: Any = getattr(rules, option)
    if option in ("min_players", "max_players"):
        return say(PLAYERS).format(low=rules.min_players, high=rules.max_players)
    if option == "set_by_players":
        sets = ", ".join(
            say(SET_UP_TO).format(top=top, players=up_to) for up_to, top in rules.set_by_players
        )
        return say(SETS).format(sets=sets)
    if option == "hand_sizes":
        sizes = {size for count, size in rules.hand_sizes if count in players}
        if len(sizes) == 1:
            return say(TILES_EACH).format(size=sizes.pop())
        return say(TILES_BY_PLAYERS).format(list=by_players(rules.hand_sizes, players, say))
    if option == "round_double":
        return say(ROUND_DOUBLE[value])
    if option == "starter_draw_round_one":
        return say(STARTER_DRAW[value])
    if option in ("centre_toes", "centre_toes_per_player"):
        return centre_toes(rules, players, say)
    if option == "foot_toes":
        return say(FOOT_TOES).format(n=value)
    if option == "drawn_tile_must_be_played":
        return say(DRAWN_TILE[value])
    if option == "undrawn_by_players":
        if not value:
            return say(ALL_DRAWN)
        return say(UNDRAWN).format(list=by_players(value, players, say))
    if option == "double_blank_points":
        return say(DOUBLE_BLANK).format(n=value)
    if option == "double_out_points":
        return say(DOUBLE_OUT).format(n=value) if value else say(DOUBLE_OUT_FREE)
    if option == "tie_break":
        return say(TIE_BREAK[value])
    if option == "target_total":
        return say(TARGET).format(n=value) if value else say(NO_TARGET)
    if option == "length":
        return say(LENGTH[value])
    raise KeyError(f"no words for the option {option!r}")


def changed_options(rules: Rules, base: Rules = CLASSIC) -> list[str]:
    """The options whose values differ from ``base``'s, in the order of the rules; the player
    range counts once, and so do the toes of the centre."""
    mine, theirs = rules.options(), base.options()
    names = [name for name in mine if mine[name] != theirs[name]]
    if "min_players" in names and "max_players" in names:
        names.remove("max_players")
    if "centre_toes" in names and "centre_toes_per_player" in names:
        names.remove("centre_toes_per_player")  # one phrase says both
    return names


def changes(
    rules: Rules, catalogue: gettext.NullTranslations, base: Rules = CLASSIC
) -> list[tuple[str, str]]:
    """``(option, phrase)`` for every option in which ``rules`` differ from ``base``."""
    return [(name, change(rules, name, catalogue.gettext)) for name in changed_options(rules, base)]
