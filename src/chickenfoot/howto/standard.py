"""The standard domino games in words, made from their rules option by option.

Every phrase says what :class:`~chickenfoot.core.standard.rules.StandardRules` make the engine
do: the deal at each player count (the game's own deal, as ``StandardRules.for_game`` gives
it), who leads, drawing, scoring during play, who wins a hand and what it scores, and how
long the game lasts; partnership play is said from the sides the rules seat. The texts are
marked with ``N_`` and said in the language of the ``say`` given.
"""

from __future__ import annotations

from collections.abc import Callable

from chickenfoot.core.options import RulesError
from chickenfoot.core.standard.rules import (
    GAMES,
    SETS,
    STANDARD_PLAYERS,
    BlockedScore,
    BlockedWinner,
    HandScoring,
    Leader,
    NextLeader,
    PlayScoring,
    StandardRules,
)
from chickenfoot.howto.changes import TILES_BY_PLAYERS, TILES_EACH, UNDRAWN, by_players
from chickenfoot.i18n import N_

Say = Callable[[str], str]

PLAYER_COUNTS = range(2, STANDARD_PLAYERS + 1)
"""The player counts of the standard games."""

INTRO = N_(
    "The standard game of dominoes is played too: one line with two open ends, {low} to "
    "{high} players, a double-{top} set (double-{bigger} and double-{biggest} as options). A "
    "double lies in the line like any other tile. The points here are scored, so the highest "
    "total wins. Each game plays by these rules:"
)
TITLES = {
    "draw": N_("The draw game"),
    "block": N_("The block game"),
    "all-fives": N_("All Fives"),
    "bergen": N_("Bergen"),
}
"""Each game's name at the start of its description."""
NAMES = {
    "draw": N_("the draw game"),
    "block": N_("the block game"),
    "all-fives": N_("All Fives"),
    "bergen": N_("Bergen"),
}
"""Each game's name within a sentence."""
GAME_ITEM = N_("{game}: {rules}.")
TABLE_LEAD = N_("At this table, {game} with {players} players and a double-{top} set:")

UNDRAWN_LAST = N_("the last {n} tiles of the boneyard are never drawn")
LEADER = {
    (Leader.HIGHEST_DOUBLE, False): N_(
        "the holder of the highest double leads, with any tile (if nobody holds a double, the "
        "holder of the heaviest tile)"
    ),
    (Leader.HIGHEST_DOUBLE, True): N_(
        "the holder of the highest double leads it (if nobody holds a double, the holder of "
        "the heaviest tile leads that tile)"
    ),
    (Leader.LOWEST_DOUBLE, False): N_(
        "the holder of the lowest double leads, with any tile (if nobody holds a double, the "
        "holder of the lightest tile)"
    ),
    (Leader.LOWEST_DOUBLE, True): N_(
        "the holder of the lowest double leads it (if nobody holds a double, the holder of "
        "the lightest tile leads that tile)"
    ),
    (Leader.LOT, False): N_("a player drawn by lot leads, with any tile"),
    (Leader.ROTATE, False): N_(
        "the first seat leads the first hand and the next seat each hand after, with any tile"
    ),
}
NEXT_WINNER = N_(
    "whoever went out leads the next hand (after a blocked hand the leader is found as for "
    "the first)"
)
DRAWING = {
    True: N_(
        "a player who cannot play draws until a tile fits, and plays it, or until nothing is "
        "left to draw, and passes"
    ),
    False: N_(
        "a player who cannot play draws until a tile fits, and may play it or pass, or until "
        "nothing is left to draw, and passes"
    ),
}
NO_DRAWING = N_("nobody draws: a player who cannot play passes")
SPINNER = N_("the first double is a spinner, which takes lines on its four sides")
PLAY_SCORING = {
    PlayScoring.FIVES: N_(
        "whenever the open ends add up to a multiple of five, the player scores that many points"
    ),
    PlayScoring.HEADERS: N_(
        "making both ends of the line equal scores 2 (a double header), 3 if one of them is a "
        "double (a triple header)"
    ),
}
NEAR_TARGET = N_(
    "a header scores only 1 when the player needs 2 points or fewer to reach the target, and "
    "at most 2 when they need 3"
)
OUT_PIPS = N_("the first player out wins the hand and scores the pips left in the other hands")
OUT_BONUS = N_("the first player out wins the hand and scores {n}")
BLOCKED = N_("a blocked hand goes to {who}, who scores {what}")
EVERY_HAND = N_("every hand, even one a player goes out of, goes to {who}, who scores {what}")
WHO = {
    BlockedWinner.LOWEST: N_("the player with the lowest pip total in hand"),
    BlockedWinner.DOUBLE_FREE: N_(
        "the player with the lowest pip total of those holding no double (of all, if each "
        "holds one)"
    ),
}
WHAT_PIPS = {
    BlockedScore.DIFFERENCE: N_("the others' pips minus their own"),
    BlockedScore.OTHERS: N_("the others' pips"),
}
TIE = N_("a tie for it scores nothing")
ROUNDED = N_("the pips a hand scores are rounded to the nearest {n}")
ONE_HAND = N_("one hand decides the game")
TARGET = N_("the game goes to {n} points")
TARGET_BY_PLAYERS = N_("the game goes to {list}")

PARTNERSHIP = N_(
    "Partnership play ({games}, with 4 players): two sides of two, seats {a} and {b} against "
    "seats {c} and {d}, so that partners sit opposite each other. Each player plays their own "
    "hand in turn; a side scores together, partners share one total, and the side's total "
    "decides the game."
)
PARTNERSHIP_HERE = N_(
    "This table plays in partnership ({game}): two sides of two, seats {a} and {b} against "
    "seats {c} and {d}, so that partners sit opposite each other. Each player plays their own "
    "hand in turn; a side scores together, partners share one total, and the side's total "
    "decides the game."
)
PARTNER_OUT_PIPS = N_(
    "When a player goes out, their side wins the hand and scores the pips left in the two "
    "opponents' hands, not the partner's."
)
PARTNER_OUT_BONUS = N_("When a player goes out, their side wins the hand and scores {n}.")
PARTNER_BLOCKED = N_(
    "A blocked hand goes to the side with {who}, counting both partners' hands, and it "
    "scores {what}."
)
PARTNER_EVERY_HAND = N_(
    "Every hand, even one a player goes out of, goes to the side with {who}, counting both "
    "partners' hands, and it scores {what}."
)
PARTNER_WHO = {
    BlockedWinner.LOWEST: N_("the lower pip total"),
    BlockedWinner.DOUBLE_FREE: N_(
        "no double in its hands and the lower pip total (of both sides, if each holds one)"
    ),
}
PARTNER_WHAT = {
    BlockedScore.DIFFERENCE: N_("the other side's pips minus its own"),
    BlockedScore.OTHERS: N_("the other side's pips"),
}
PARTNER_HAND_END = N_("a side wins a hand and scores as partnership play below says")
PARTNER_PLAY = N_("Points scored during play count for the player's side.")


def title(game: str, say: Say) -> str:
    return say(TITLES[game])


def intro(say: Say) -> str:
    low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
    top, bigger, biggest = SETS
    return say(INTRO).format(low=low, high=high, top=top, bigger=bigger, biggest=biggest)


def at_counts(game: str) -> dict[int, StandardRules]:
    """The named game's rules at every player count, each with its own deal and target."""
    return {players: GAMES[game].with_options(players=players) for players in PLAYER_COUNTS}


def game_item(game: str, say: Say) -> str:
    """One named game, with its deal and target at every player count."""
    return say(GAME_ITEM).format(
        game=title(game, say), rules="; ".join(phrases(at_counts(game), say))
    )


def phrases(tables: dict[int, StandardRules], say: Say) -> list[str]:
    """What rules of one game say, as phrases; ``tables`` gives the rules at each player
    count they describe (one count: one table)."""
    first = tables[min(tables)]
    out = [_deal(tables, say), *_kept(tables, say)]
    deciding = first.lead_deciding_tile and first.leader in (
        Leader.HIGHEST_DOUBLE,
        Leader.LOWEST_DOUBLE,
    )
    out.append(say(LEADER[first.leader, deciding]))
    if first.next_leader is NextLeader.WINNER:
        out.append(say(NEXT_WINNER))
    out.append(_drawing(first, say))
    if first.spinner:
        out.append(say(SPINNER))
    out += _play_scoring(first, say)
    out += [say(PARTNER_HAND_END)] if first.partnership else _hand_end(first, say)
    out.append(_length(tables, say))
    return out


def summary(game: str, say: Say) -> list[str]:
    """The named game in a few phrases: its deal, drawing, scoring during play, length."""
    tables = at_counts(game)
    first = tables[min(tables)]
    playing = _play_scoring(first, say)[:1]
    return [_deal(tables, say), _drawing(first, say), *playing, _length(tables, say)]


def _deal(tables: dict[int, StandardRules], say: Say) -> str:
    sizes = {rules.hand_size for rules in tables.values()}
    if len(sizes) == 1:
        return say(TILES_EACH).format(size=sizes.pop())
    each = by_players([(n, r.hand_size) for n, r in tables.items()], _counts(tables), say)
    return say(TILES_BY_PLAYERS).format(list=each)


def _kept(tables: dict[int, StandardRules], say: Say) -> list[str]:
    kept = {rules.undrawn for rules in tables.values()}
    if kept == {0}:
        return []
    if len(kept) == 1:
        return [say(UNDRAWN_LAST).format(n=kept.pop())]
    each = by_players([(n, r.undrawn) for n, r in tables.items()], _counts(tables), say)
    return [say(UNDRAWN).format(list=each)]


def _drawing(rules: StandardRules, say: Say) -> str:
    return say(DRAWING[rules.drawn_tile_must_be_played]) if rules.drawing else say(NO_DRAWING)


def _play_scoring(rules: StandardRules, say: Say) -> list[str]:
    if rules.play_scoring is PlayScoring.NONE:
        return []
    out = [say(PLAY_SCORING[rules.play_scoring])]
    if rules.near_target_limit and rules.play_scoring is PlayScoring.HEADERS:
        out.append(say(NEAR_TARGET))
    return out


def _length(tables: dict[int, StandardRules], say: Say) -> str:
    targets = {rules.target for rules in tables.values()}
    if targets == {0}:
        return say(ONE_HAND)
    if len(targets) == 1:
        return say(TARGET).format(n=targets.pop())
    each = by_players([(n, r.target) for n, r in tables.items()], _counts(tables), say)
    return say(TARGET_BY_PLAYERS).format(list=each)


def _counts(tables: dict[int, StandardRules]) -> range:
    return range(min(tables), max(tables) + 1)


def _hand_end(rules: StandardRules, say: Say) -> list[str]:
    """Who wins a hand and what they score (as the engine's ``HandState`` ends it)."""
    bonus = rules.hand_scoring is HandScoring.BONUS
    what = str(rules.bonus) if bonus else say(WHAT_PIPS[rules.blocked_score])
    who = say(WHO[rules.blocked_winner])
    out = []
    if rules.out_wins:
        out.append(say(OUT_BONUS).format(n=rules.bonus) if bonus else say(OUT_PIPS))
        out.append(say(BLOCKED).format(who=who, what=what))
    else:
        out.append(say(EVERY_HAND).format(who=who, what=what))
    out.append(say(TIE))
    if rules.round_to > 1 and not bonus:
        out.append(say(ROUNDED).format(n=rules.round_to))
    return out


def partnership_games() -> list[str]:
    """The named games that may be played in partnership (the rules refuse the others)."""
    out = []
    for game in GAMES:
        try:
            StandardRules.for_game(game, players=4, partnership=True)
        except RulesError:
            continue
        out.append(game)
    return out


def partnership(table: StandardRules | None, say: Say) -> list[str]:
    """Partnership play in sentences: the table's own if it plays in partnership, else as
    the draw game plays it with the games that allow it named."""
    here = table if table is not None and table.partnership else None
    rules = here or StandardRules.for_game("draw", players=4, partnership=True)
    (a, b), (c, d) = rules.sides
    if here is not None:
        first = say(PARTNERSHIP_HERE).format(game=say(NAMES[rules.game_name]), a=a, b=b, c=c, d=d)
    else:
        games = ", ".join(say(NAMES[game]) for game in partnership_games())
        first = say(PARTNERSHIP).format(games=games, a=a, b=b, c=c, d=d)
    out = [first]
    bonus = rules.hand_scoring is HandScoring.BONUS
    what = str(rules.bonus) if bonus else say(PARTNER_WHAT[rules.blocked_score])
    who = say(PARTNER_WHO[rules.blocked_winner])
    if rules.out_wins:
        out.append(say(PARTNER_OUT_BONUS).format(n=rules.bonus) if bonus else say(PARTNER_OUT_PIPS))
        out.append(say(PARTNER_BLOCKED).format(who=who, what=what))
    else:
        out.append(say(PARTNER_EVERY_HAND).format(who=who, what=what))
    if rules.round_to > 1 and not bonus:
        rounded = say(ROUNDED).format(n=rules.round_to)
        out.append(rounded[:1].upper() + rounded[1:] + ".")
    scoring_in_play = [
        game for game in partnership_games() if GAMES[game].play_scoring is not PlayScoring.NONE
    ]
    if (rules.play_scoring is not PlayScoring.NONE) if here is not None else scoring_in_play:
        out.append(say(PARTNER_PLAY))
    return out
