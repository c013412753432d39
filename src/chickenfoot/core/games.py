"""Every game this project plays, by name: its rules from a preset and options, a new
match, a seat's view, and records, whatever the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from chickenfoot.core import compact
from chickenfoot.core import record as chickenfoot_record
from chickenfoot.core.match import Match
from chickenfoot.core.options import RulesError
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import PRESETS, Rules
from chickenfoot.core.standard import compact as standard_compact
from chickenfoot.core.standard import record as standard_record
from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import HandState
from chickenfoot.core.standard.rules import GAMES as STANDARD_GAMES
from chickenfoot.core.standard.rules import StandardRules
from chickenfoot.core.standard.view import StandardView, standard_view
from chickenfoot.core.view import SeatView, seat_view

AnyRules = Rules | StandardRules
AnyMatch = Match | StandardGame
AnyState = RoundState | HandState
AnyView = SeatView | StandardView

CHICKENFOOT = "chickenfoot"
GAMES: tuple[str, ...] = (CHICKENFOOT, *STANDARD_GAMES)
"""Every game by name; ``chickenfoot`` first, then the standard games of RULES.md section 3."""


def make_rules(
    game: str, players: int, preset: str | None = None, options: Mapping[str, Any] | None = None
) -> AnyRules:
    """The rules of ``game`` for ``players``: Chicken Foot from a preset (default
    ``classic``) and options; a standard game from its name and options."""
    if game == CHICKENFOOT:
        if preset is not None and preset not in PRESETS:
            raise RulesError("unknown-preset", preset=repr(preset), known=", ".join(PRESETS))
        rules = PRESETS[preset or "classic"]
        if options:
            rules = rules.with_options(**options)
        rules.check_players(players)
        return rules
    if game not in STANDARD_GAMES:
        raise RulesError("unknown-game", game=repr(game), known=", ".join(GAMES))
    if preset is not None and preset != game:
        raise RulesError("presets-of-chickenfoot", presets=", ".join(PRESETS), game=game)
    return StandardRules.from_options({**(options or {}), "players": players}, preset=game)


class RecordMaker(Protocol):
    """What makes the record of a match played on the compact state, once it is wanted;
    with ``encoded`` parts of it may be JSON text already (``msgspec.Raw``): a record that is
    only to be written (encoded), made quicker."""

    def __call__(self, *, encoded: bool = False) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class GameKind:
    """What the rest of the project needs of a game besides its rules: new matches, a
    seat's view, records, and whole matches on the compact state."""

    new_match: Callable[[list[str], Any, int | None], Any]
    view: Callable[[Any, int, Any], Any]
    to_record: Callable[[Any], dict[str, Any]]
    replay: Callable[[Any], Any]
    play_compact: (
        Callable[[Any, list[str], int, list[compact.Picker]], tuple[Any, RecordMaker]] | None
    ) = None
    """Whole matches on the compact state, for bots that pick by the legal list alone: the
    match and what makes its record."""
    check: Callable[[Any], Any] | None = None
    """:attr:`replay` for the result alone, where the game has a faster way to it."""


def _play_compact(
    rules: Rules, players: list[str], seed: int, pickers: list[compact.Picker]
) -> tuple[Match, RecordMaker]:
    match, logs = compact.play_match(rules, players, seed, pickers)
    return match, partial(chickenfoot_record.logged_record, match, logs)


def _play_standard_compact(
    rules: StandardRules, players: list[str], seed: int, pickers: list[compact.Picker]
) -> tuple[StandardGame, RecordMaker]:
    game, logs = standard_compact.play_match(rules, players, seed, pickers)
    return game, partial(standard_compact.logged_record, game, logs)


KINDS: dict[type, GameKind] = {
    Rules: GameKind(
        Match,
        seat_view,
        chickenfoot_record.to_record,
        chickenfoot_record.replay,
        _play_compact,
        chickenfoot_record.check,
    ),
    StandardRules: GameKind(
        StandardGame,
        standard_view,
        standard_record.to_record,
        standard_record.replay,
        _play_standard_compact,
    ),
}
"""Each kind of rules with its game."""


def kind_of(rules: AnyRules) -> GameKind:
    return KINDS[type(rules)]


def new_match(players: list[str], rules: AnyRules, seed: int | None = None) -> AnyMatch:
    match: AnyMatch = kind_of(rules).new_match(players, rules, seed)
    return match


def view(match: AnyMatch, seat: int, state: AnyState) -> AnyView:
    """The view of ``seat`` of ``state``, a round or hand of ``match``."""
    seen: AnyView = kind_of(match.rules).view(match, seat, state)
    return seen


def to_record(match: AnyMatch) -> dict[str, Any]:
    return kind_of(match.rules).to_record(match)


def replay(record: Any) -> AnyMatch:
    """Rebuild and check a record of any game; raises :class:`RecordError`."""
    match: AnyMatch = _kind_of_record(record).replay(record)
    return match


def check(record: Any) -> AnyMatch:
    """:func:`replay`, for the match's result alone (its points and outcome): the rounds of
    Chicken Foot are checked on the compact state and keep no history. The same records are
    accepted, and the same errors raised."""
    kind = _kind_of_record(record)
    match: AnyMatch = (kind.check or kind.replay)(record)
    return match


def _kind_of_record(record: Any) -> GameKind:
    game = record.get("game") if isinstance(record, dict) else None
    return KINDS[StandardRules if isinstance(game, str) and game in STANDARD_GAMES else Rules]
