"""Every game this project plays, by name, behind one interface (:class:`Game`): its rules
from a preset and options, a new match, a seat's view, records, and whole matches on the
compact state. Chicken Foot is one game; the standard games of RULES.md section 3 (draw,
block, all fives, Bergen) are one more, named four ways. Everything outside a game's own
modules asks the game (:func:`game_of`, :func:`game_named`), never which game it is."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, Generic, Literal, Protocol, TypeVar

from chickenfoot.core import compact
from chickenfoot.core import record as chickenfoot_record
from chickenfoot.core.common import AnyRules as AnyRules
from chickenfoot.core.common import MatchBase, RoundBase
from chickenfoot.core.match import Match
from chickenfoot.core.options import RulesError
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import PRESETS, Rules
from chickenfoot.core.standard import compact as standard_compact
from chickenfoot.core.standard import record as standard_record
from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import HandState
from chickenfoot.core.standard.rules import GAMES as STANDARD_GAMES
from chickenfoot.core.standard.rules import STANDARD_PLAYERS, StandardRules
from chickenfoot.core.standard.view import StandardView, standard_view
from chickenfoot.core.view import SeatView, ViewBase, seat_view

AnyState = RoundBase
AnyView = ViewBase
AnyMatch = MatchBase[Any]

CHICKENFOOT = "chickenfoot"
GAMES: tuple[str, ...] = (CHICKENFOOT, *STANDARD_GAMES)
"""Every game by name; ``chickenfoot`` first, then the standard games of RULES.md section 3."""

RulesT = TypeVar("RulesT", bound=AnyRules)
MatchT = TypeVar("MatchT", bound=AnyMatch)
StateT = TypeVar("StateT", bound=AnyState)
ViewT = TypeVar("ViewT", bound=AnyView)


class RecordMaker(Protocol):
    """What makes the record of a match played on the compact state, once it is wanted;
    with ``encoded`` parts of it may be JSON text already (``msgspec.Raw``): a record that is
    only to be written (encoded), made quicker."""

    def __call__(self, *, encoded: bool = False) -> dict[str, Any]: ...


class Game(Generic[RulesT, MatchT, StateT, ViewT]):
    """What the rest of the project may ask of a game."""

    names: tuple[str, ...]
    """The names it is played under (``--game``, a record's ``game``)."""
    presets: tuple[str, ...]
    """Its presets by name (none: each name is its own)."""
    takes_length: bool
    """Whether a match's length is chosen (``--length``), or follows from the rules."""
    default_players: int
    """The players of a table when nobody says."""
    noun: str
    """What a match is played in: ``round`` or ``hand`` (its rules' ``round_noun``)."""
    players: tuple[int, int]
    """The fewest and the most players its usual rules seat."""
    layout: Literal["feet", "line"]
    """How its board is laid out: ``feet`` (lines out from a centre double, each double
    played on them the start of a foot) or ``line`` (one line through the lead)."""

    def rules(
        self, name: str, players: int, preset: str | None, options: Mapping[str, Any]
    ) -> RulesT:
        """The rules of game ``name`` for ``players``, from a preset and options."""
        raise NotImplementedError

    def new_match(self, players: list[str], rules: RulesT, seed: int | None) -> MatchT:
        raise NotImplementedError

    def view(self, match: MatchT, seat: int, state: StateT) -> ViewT:
        """What ``seat`` may know of ``state``, a round (hand) of ``match``."""
        raise NotImplementedError

    def to_record(self, match: MatchT) -> dict[str, Any]:
        raise NotImplementedError

    def replay(self, record: Any) -> MatchT:
        """Rebuild and check a record; raises :class:`RecordError`."""
        raise NotImplementedError

    def check(self, record: Any) -> MatchT:
        """:meth:`replay`, for the match's result alone (its points and outcome)."""
        return self.replay(record)

    def play_compact(
        self, rules: RulesT, players: list[str], seed: int, pickers: list[compact.Picker]
    ) -> tuple[MatchT, RecordMaker]:
        """A whole match on the compact state, for bots that pick by the legal list alone:
        the match and what makes its record."""
        raise NotImplementedError


class _ChickenFoot(Game[Rules, Match, RoundState, SeatView]):
    names = (CHICKENFOOT,)
    presets = tuple(PRESETS)
    takes_length = True
    default_players = 4
    noun = Rules.round_noun
    players = (PRESETS["classic"].min_players, PRESETS["classic"].max_players)
    layout = "feet"

    def rules(
        self, name: str, players: int, preset: str | None, options: Mapping[str, Any]
    ) -> Rules:
        if preset is not None and preset not in PRESETS:
            raise RulesError("unknown-preset", preset=repr(preset), known=", ".join(PRESETS))
        rules = PRESETS[preset or "classic"]
        if options:
            rules = rules.with_options(**options)
        rules.check_players(players)
        return rules

    def new_match(self, players: list[str], rules: Rules, seed: int | None) -> Match:
        return Match(players, rules, seed)

    def view(self, match: Match, seat: int, state: RoundState) -> SeatView:
        return seat_view(match, seat, state)

    def to_record(self, match: Match) -> dict[str, Any]:
        return chickenfoot_record.to_record(match)

    def replay(self, record: Any) -> Match:
        return chickenfoot_record.replay(record)

    def check(self, record: Any) -> Match:
        """The rounds are checked on the compact state and keep no history; the same records
        are accepted, and the same errors raised."""
        return chickenfoot_record.check(record)

    def play_compact(
        self, rules: Rules, players: list[str], seed: int, pickers: list[compact.Picker]
    ) -> tuple[Match, RecordMaker]:
        match, logs = compact.play_match(rules, players, seed, pickers)
        return match, partial(chickenfoot_record.logged_record, match, logs)


class _Standard(Game[StandardRules, StandardGame, HandState, StandardView]):
    names = tuple(STANDARD_GAMES)
    presets = ()
    takes_length = False
    default_players = 2
    noun = StandardRules.round_noun
    players = (2, STANDARD_PLAYERS)
    layout = "line"

    def rules(
        self, name: str, players: int, preset: str | None, options: Mapping[str, Any]
    ) -> StandardRules:
        if preset is not None and preset != name:
            raise RulesError("presets-of-chickenfoot", presets=", ".join(PRESETS), game=name)
        return StandardRules.from_options({**options, "players": players}, preset=name)

    def new_match(self, players: list[str], rules: StandardRules, seed: int | None) -> StandardGame:
        return StandardGame(players, rules, seed)

    def view(self, match: StandardGame, seat: int, state: HandState) -> StandardView:
        return standard_view(match, seat, state)

    def to_record(self, match: StandardGame) -> dict[str, Any]:
        return standard_record.to_record(match)

    def replay(self, record: Any) -> StandardGame:
        return standard_record.replay(record)

    def play_compact(
        self,
        rules: StandardRules,
        players: list[str],
        seed: int,
        pickers: list[compact.Picker],
    ) -> tuple[StandardGame, RecordMaker]:
        game, logs = standard_compact.play_match(rules, players, seed, pickers)
        return game, partial(standard_compact.logged_record, game, logs)


_BY_NAME: dict[str, Game[Any, Any, Any, Any]] = {
    name: game for game in (_ChickenFoot(), _Standard()) for name in game.names
}


def game_named(name: str) -> Game[Any, Any, Any, Any]:
    """The game played under ``name``; :class:`RulesError` ``unknown-game`` if none is."""
    game = _BY_NAME.get(name)
    if game is None:
        raise RulesError("unknown-game", game=repr(name), known=", ".join(GAMES))
    return game


def game_of(rules: AnyRules) -> Game[Any, Any, Any, Any]:
    """The game ``rules`` are of."""
    return _BY_NAME[rules.game_name]


def make_rules(
    game: str, players: int, preset: str | None = None, options: Mapping[str, Any] | None = None
) -> AnyRules:
    """The rules of ``game`` for ``players``: Chicken Foot from a preset (default
    ``classic``) and options; a standard game from its name and options."""
    rules: AnyRules = game_named(game).rules(game, players, preset, options or {})
    return rules


def new_match(players: list[str], rules: AnyRules, seed: int | None = None) -> AnyMatch:
    match: AnyMatch = game_of(rules).new_match(players, rules, seed)
    return match


def view(match: AnyMatch, seat: int, state: AnyState) -> AnyView:
    """The view of ``seat`` of ``state``, a round or hand of ``match``."""
    seen: AnyView = game_of(match.rules).view(match, seat, state)
    return seen


def to_record(match: AnyMatch) -> dict[str, Any]:
    return game_of(match.rules).to_record(match)


def replay(record: Any) -> AnyMatch:
    """Rebuild and check a record of any game; raises :class:`RecordError`."""
    match: AnyMatch = _game_of_record(record).replay(record)
    return match


def check(record: Any) -> AnyMatch:
    """:func:`replay`, for the match's result alone (its points and outcome): the rounds of
    Chicken Foot are checked on the compact state and keep no history. The same records are
    accepted, and the same errors raised."""
    match: AnyMatch = _game_of_record(record).check(record)
    return match


def _game_of_record(record: Any) -> Game[Any, Any, Any, Any]:
    """A record's game by its ``game`` (Chicken Foot's records may leave it out: the game's
    own reader says what is wrong with one that names no game it knows)."""
    name = record.get("game") if isinstance(record, dict) else None
    return _BY_NAME.get(name if isinstance(name, str) else CHICKENFOOT, _BY_NAME[CHICKENFOOT])
