"""What every game's round (hand) and match share: the legality test, the round in play,
and replaying a round's recorded actions."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Generic, Protocol, Self, TypeVar

from chickenfoot.core.actions import Action, Event, IllegalActionError, Play
from chickenfoot.core.pieces import Deal, RoundEnd
from chickenfoot.core.record_fields import RecordError, check_end, describe, is_int, read_action
from chickenfoot.core.tiles import Tile


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended: every seat's total and the seats that won (with
    partners, the sides that won: partners winning together is no draw)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    winning_sides: tuple[int, ...] = ()
    places: tuple[int, ...] = ()
    """Each seat's place: 1 for the winners, then by total (equal totals share a place;
    partners share theirs)."""

    @property
    def is_draw(self) -> bool:
        return len(self.winning_sides or self.winners) > 1


class RoundBase:
    """A round of any game: :meth:`_check` says why an action is illegal."""

    def _check(self, action: Action) -> object:
        raise NotImplementedError

    def is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except IllegalActionError:
            return False
        return True


def may_end(action: Action, drawable: int, held: int, at_limit: bool) -> bool:
    """Whether taking ``action``, a legal action now, could end a round of any game (False:
    it certainly does not, nor is it refused): a play of the seat's last tile (it ``held``
    one), or any action once at most one tile may be drawn (a round is blocked when none
    may be drawn and no seat can play), or once the round is ``at_limit`` of its actions."""
    return at_limit or drawable <= 1 or (held == 1 and isinstance(action, Play))


class _Round(Protocol):
    @property
    def end(self) -> RoundEnd | None: ...
    @property
    def turn(self) -> int: ...
    def upcoming_draw(self) -> Tile | None: ...
    def copy(self) -> Self: ...


R = TypeVar("R", bound=_Round)


class AnyRules(Protocol):
    """What a game's rules answer, whatever the game: everything outside a game's own modules
    asks its rules only this (a game's own code knows its :class:`Rules` or
    :class:`StandardRules`)."""

    @property
    def game_name(self) -> str: ...

    @property
    def preset_name(self) -> str: ...

    @property
    def round_noun(self) -> str:
        """What a match is played in: rounds, or hands."""
        ...

    @property
    def lowest_wins(self) -> bool: ...

    @property
    def drawn_tile_must_be_played(self) -> bool:
        """A drawn tile that fits is played at once (else its drawer may keep it)."""
        ...

    def options(self) -> dict[str, Any]: ...

    def rounds_per_match(self, players: int) -> int | None: ...

    def label(
        self, length_name: Callable[[str], str] = str, preset_name: Callable[[str], str] = str
    ) -> str:
        """A short name of these rules for reports, the length and the preset as
        ``length_name`` and ``preset_name`` name them."""
        ...

    def tile_value(self, tile: Tile) -> int: ...

    def side_of(self, seat: int) -> int: ...


class MatchBase(Generic[R]):
    """A match (game) of any game: its players and its rounds (hands), the last in play."""

    rules: AnyRules
    players: list[str]
    rounds: list[R]
    points: list[list[int]]

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def current(self) -> R | None:
        """The round in play, if any."""
        if self.rounds and self.rounds[-1].end is None:
            return self.rounds[-1]
        return None

    def copy(self) -> Self:
        """An independent copy: the round in play copied, the finished ones shared (they no
        longer change)."""
        other = copy.copy(self)
        other.players = self.players[:]
        other.rounds = self.rounds[:]
        if other.rounds and other.rounds[-1].end is None:
            other.rounds[-1] = other.rounds[-1].copy()
        other.points = [p[:] for p in self.points]
        return other

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def totals(self) -> list[int]:
        """Every seat's total (in a game of sides, its side's)."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """How the match ended, or None while it goes on."""
        raise NotImplementedError

    def first_seat(self, dealt: Deal) -> int:
        """Who starts the next round if it is dealt as ``dealt``."""
        raise NotImplementedError

    def start_round(self, dealt: Deal) -> R:
        """Start the next round from ``dealt`` (the chance event, made or recorded)."""
        raise NotImplementedError

    def deal_next(self, rng: Random) -> R:
        """Deal the next round from ``rng`` and start it."""
        raise NotImplementedError

    def apply(self, action: Action) -> Event:
        """Apply ``action`` in the round in play; books its points when it ends."""
        raise NotImplementedError

    def adopt(self, state: R) -> None:
        """Make ``state`` the round in play: a copy of it that an action has taken further
        (checked on the copy, the action is applied once); books its points if it ended."""
        if self.current is None:
            raise ValueError("no round is in play")
        self.rounds[-1] = state
        self.finish_round_if_over()

    def finish_round_if_over(self) -> None:
        """Book the points of the last round if it has ended and was not booked yet (a round
        played out on the compact state ends there, not through :meth:`apply`)."""
        raise NotImplementedError


def entry_of(match: Any, k: int, entry: Any, noun: str, whole: str) -> str:
    """Where round ``k`` of a record is (``rounds[k]``), once it is known to be an object
    and the ``whole`` (match, game) to have gone on to it."""
    where = f"rounds[{k}]"
    if not isinstance(entry, dict):
        raise RecordError(f"{noun}-not-object", where)  # round-not-object, hand-not-object
    if match.is_over:  # match-over-after(-one), game-over-after(-one)
        raise RecordError(f"{whole}-over-after{'-one' if k == 1 else ''}", where, count=k)
    return where


def replay_actions(
    match: MatchBase[Any],
    k: int,
    entry: Mapping[str, Any],
    items: Sequence[Any],
    top: int,
    last: bool,
    noun: str = "round",
    first_tile: str = "places",
) -> None:
    """Apply a recorded round's actions (``items``) to round ``k`` of ``match``, which has
    just started, checking each, the score of each play, and how the round ends."""
    where = f"rounds[{k}]"
    state = match.rounds[k]
    for j, item in enumerate(items):
        at = f"{where}.actions[{j}]"
        if state.end is not None:
            raise RecordError(f"{noun}-ended-already", at, end=state.end.value)
        action = read_action(item, state.turn, top, state.upcoming_draw(), at)
        seat = state.turn
        try:
            event = match.apply(action)
        except IllegalActionError as exc:
            raise RecordError(exc.message, at, describe(seat, action, first_tile)) from None
        score = item.get("score", event.score)
        if not is_int(score) or score != event.score:
            found = f"{item['score']!r:.20}"
            raise RecordError("score-wrong", at, score=event.score, found=found)
    check_round_end(match, k, entry, last, noun)


def check_round_end(
    match: MatchBase[Any], k: int, entry: Mapping[str, Any], last: bool, noun: str = "round"
) -> None:
    """Round ``k`` of ``match``, its actions replayed, against how its entry says it ended."""
    state = match.rounds[k]
    end = state.end.value if state.end is not None else None
    points = match.points[k] if end is not None else None
    check_end(entry, end, points, f"rounds[{k}]", last, noun=noun)
