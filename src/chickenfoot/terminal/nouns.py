"""The sentences that differ with what a game is played in, rounds or hands (the rules'
``round_noun``), and the games' names: looked up by the noun or name, so that a game of
either kind needs nothing here but its noun."""

from __future__ import annotations

from typing import NamedTuple

from chickenfoot.i18n import N_, _


class RoundTexts(NamedTuple):
    numbered: str
    """``Round {n}``: one of a match's rounds."""
    numbered_of: str
    """``Round {n} of {total}``, where the match has a known number of them ("": never)."""
    only: str
    """The match's one round (hand), named without a number ("": numbered all the same)."""
    first_play_yours: str
    first_play: str
    """The first tile of a round, put down by you or by ``{who}``."""
    out: str
    blocked: str
    """The round is over: someone went out, or nobody can play."""
    chart_title: str
    chart_end: str
    """The heading of a round's chart in a review, and what its last value is."""


ROUND_TEXTS: dict[str, RoundTexts] = {
    "round": RoundTexts(
        N_("Round {n}"),
        N_("Round {n} of {total}"),
        "",
        N_("You place {tile} in the centre"),
        N_("{who} places {tile} in the centre"),
        N_("The round is over: {who} went out."),
        N_("The round is over: it is blocked, nobody can play."),
        # TRANSLATORS: the heading of the chart of a round in the review at the terminal, as
        # the web replay's chart's
        N_("Expected penalty points at the round's end, after each move"),
        # TRANSLATORS: what the chart shows after each seat's moves
        N_("points at the round's end"),
    ),
    "hand": RoundTexts(
        N_("Hand {n}"),
        "",
        N_("The hand"),
        N_("You lead {tile}"),
        N_("{who} leads {tile}"),
        N_("The hand is over: {who} went out."),
        N_("The hand is over: it is blocked, nobody can play."),
        # TRANSLATORS: the heading of the chart of a hand in the review at the terminal
        N_("Expected points in the hand, after each move"),
        # TRANSLATORS: what the chart shows after each seat's moves, in a hand
        N_("points at the hand's end"),
    ),
}


def texts(noun: str) -> RoundTexts:
    """The sentences of a game played in ``noun`` (``round`` or ``hand``), translated."""
    return RoundTexts(*(_(text) if text else "" for text in ROUND_TEXTS[noun]))


GAME_NAMES: dict[str, str] = {"chickenfoot": N_("Chicken Foot")}
"""Games whose name is a name of their own (the standard games are named by a word)."""


def game_title(game: str) -> str:
    """The game's name as shown."""
    return _(GAME_NAMES[game]) if game in GAME_NAMES else game
