"""Rule options and named presets of Chicken Foot.

Every difference between the rule sets this project plays is an option of :class:`Rules`;
a preset is a named bundle of option values. ``classic`` (docs/RULES.md section 2) is the
default. Each option's type gives its range and its description (see
:mod:`chickenfoot.core.options`); docs/RULES.md section 4 gives every option per preset.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, ClassVar

from msgspec import Meta

from chickenfoot.core.options import OptionInfo, RulesError, build, describe, described, values_of
from chickenfoot.core.tiles import MAX_NUMBER, Tile, set_size

MAX_PLAYERS = 12
"""The most seats any preset (or option) allows."""
MAX_TARGET = 100_000
"""The largest ``target_total``."""
MAX_POINTS = 1_000
"""The largest penalty an option may give one tile or one way of going out."""
PRESET_NAMES = ("classic", "spruce", "wikipedia", "reeves")


class RoundDouble(StrEnum):
    ASIDE = "aside"
    """Taken out of the set and put in the centre before the deal (classic)."""
    DEALT = "dealt"
    """Dealt like any tile: its holder places it; if nobody holds it, the seats draw in
    turn until it turns up, and whoever draws it places it."""
    FOUND = "found"
    """Before the deal the seats draw in turn from the whole set until one finds it; the
    finder starts; it goes to the centre and the rest is shuffled again and dealt."""


class TieBreak(StrEnum):
    NONE = "none"
    """Seats sharing the lowest total draw the match."""
    ZERO_ROUNDS = "zero-rounds"
    """Most rounds scored 0, then the lowest non-zero round; a draw only if still tied."""


class MatchLength(StrEnum):
    FULL = "full"
    """One round per double, from the set's highest double down to 0-0."""
    HALF = "half"
    """The first ceil(R/2) rounds of the full match."""
    SINGLE = "single"
    """The first round only."""


Players = Annotated[int, Meta(ge=2, le=MAX_PLAYERS)]
Count = Annotated[int, Meta(ge=0, le=set_size(MAX_NUMBER))]
Toes = Annotated[int, Meta(ge=1, le=MAX_NUMBER)]
Points = Annotated[int, Meta(ge=0, le=MAX_POINTS)]
Table = tuple[tuple[Players, Count], ...]
"""``(players, value)`` pairs: hashable, and plain JSON lists in a record."""
HandTable = tuple[tuple[Players, Annotated[int, Meta(ge=1, le=set_size(MAX_NUMBER))]], ...]


@dataclass(frozen=True)
class Rules:
    """The resolved options of one game of Chicken Foot."""

    preset: Annotated[str, described("preset")] = "classic"
    min_players: Annotated[Players, described("min_players")] = 2
    max_players: Annotated[Players, described("max_players")] = 8
    set_by_players: Annotated[
        tuple[tuple[Players, Annotated[int, Meta(ge=1, le=MAX_NUMBER)]], ...],
        described("set_by_players"),
    ] = ((6, 9), (8, 12))
    hand_sizes: Annotated[HandTable, described("hand_sizes")] = (
        (2, 20),
        (3, 14),
        (4, 11),
        (5, 9),
        (6, 7),
        (7, 10),
        (8, 9),
    )
    centre_toes: Annotated[Toes, described("centre_toes")] = 6
    centre_toes_per_player: Annotated[bool, described("centre_toes_per_player")] = False
    foot_toes: Annotated[Toes, described("foot_toes")] = 3
    drawn_tile_must_be_played: Annotated[bool, described("drawn_tile_must_be_played")] = True
    undrawn_by_players: Annotated[Table, described("undrawn_by_players")] = field(default=())
    double_blank_points: Annotated[Points, described("double_blank_points")] = 50
    length: Annotated[MatchLength, described("length")] = MatchLength.FULL
    round_double: Annotated[RoundDouble, described("round_double")] = RoundDouble.ASIDE
    starter_draw_round_one: Annotated[bool, described("starter_draw_round_one")] = False
    double_out_points: Annotated[Points, described("double_out_points")] = 0
    tie_break: Annotated[TieBreak, described("tie_break")] = TieBreak.NONE
    target_total: Annotated[int, Meta(ge=0, le=MAX_TARGET), described("target_total")] = 0

    def __post_init__(self) -> None:
        if self.preset not in PRESET_NAMES:
            raise RulesError(
                "unknown-preset", preset=repr(self.preset), known=", ".join(PRESET_NAMES)
            )
        if self.min_players > self.max_players:
            raise RulesError("player-range-empty", low=self.min_players, high=self.max_players)
        for name in ("set_by_players", "hand_sizes", "undrawn_by_players"):
            counts = [players for players, _ in getattr(self, name)]
            if counts != sorted(set(counts)):
                raise RulesError("player-counts-order", option=name)
        if self.round_double is not RoundDouble.ASIDE and self.starter_draw_round_one:
            raise RulesError("starter-draw-aside", round_double=self.round_double.value)
        for players in range(self.min_players, self.max_players + 1):
            self._check_table(players)

    def _check_table(self, players: int) -> None:
        top = self.set_top(players)
        size = self.hand_size(players)
        undrawn = self.undrawn(players)
        besides = set_size(top) - 1
        if size * players + undrawn > besides:
            needed = size * players + undrawn
            raise RulesError(
                "deal-too-large", players=players, needed=needed, top=top, besides=besides
            )
        if undrawn and self.round_double is RoundDouble.DEALT:
            raise RulesError("kept-back-dealt", players=players)
        if self.starter_draw_round_one and besides - size * players < players:
            raise RulesError("start-draw-boneyard", players=players)
        if self.toes_on_centre(players) > top or self.foot_toes > top:
            raise RulesError("too-many-toes", top=top)

    # -- derived facts ---------------------------------------------------------------------

    # -- what every game's rules say ---------------------------------------------------------

    game_name: ClassVar[str] = "chickenfoot"
    round_noun: ClassVar[str] = "round"
    """What the game is played in: rounds."""
    lowest_wins: ClassVar[bool] = True
    """The points are penalties: the lowest total wins."""

    @property
    def preset_name(self) -> str:
        return self.preset

    def label(
        self, length_name: Callable[[str], str] = str, preset_name: Callable[[str], str] = str
    ) -> str:
        """A short name of these rules for reports: ``classic, full`` (the preset as
        ``preset_name`` and the length as ``length_name`` name them)."""
        return f"{preset_name(self.preset)}, {length_name(self.length.value)}"

    def rounds_per_match(self, players: int) -> int | None:
        """How many rounds a match has (None: it goes on until a total passes a target)."""
        return None if self.target_total else len(self.round_doubles(players))

    def tile_value(self, tile: Tile) -> int:
        """What the tile costs its holder when a round ends (0-0: ``double_blank_points``)."""
        return self.double_blank_points if tile.index == 0 else tile.pips

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: in Chicken Foot each seat plays alone."""
        return seat

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise RulesError(
                "players-out-of-range",
                preset=self.preset,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )

    def set_top(self, players: int) -> int:
        """N of the double-N set used by this many players."""
        for up_to, top in self.set_by_players:
            if players <= up_to:
                return top
        raise RulesError("no-set-for", players=players)

    def hand_size(self, players: int) -> int:
        for count, size in self.hand_sizes:
            if count == players:
                return size
        raise RulesError("no-deal-for", players=players)

    def toes_on_centre(self, players: int) -> int:
        if self.centre_toes_per_player:
            return max(self.centre_toes, players)
        return self.centre_toes

    @property
    def double_dealt(self) -> bool:
        """Is the round's double dealt (and placed by a player)?"""
        return self.round_double is RoundDouble.DEALT

    def undrawn(self, players: int) -> int:
        for count, undrawn in self.undrawn_by_players:
            if count == players:
                return undrawn
        return 0

    def round_doubles(self, players: int) -> list[int]:
        """The round doubles of a match, in play order (9, 8, ..., 0 for a full double-9 match).

        With a target total the match has no fixed length: this is one cycle, repeated.
        """
        full = list(range(self.set_top(players), -1, -1))
        if self.target_total:
            return full
        if self.length is MatchLength.SINGLE:
            return full[:1]
        if self.length is MatchLength.HALF:
            return full[: math.ceil(len(full) / 2)]
        return full

    # -- options as JSON -------------------------------------------------------------------

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed (values as :meth:`options` writes them)."""
        return Rules.from_options({**self.options(), **changes}, preset=self.preset)

    def options(self) -> dict[str, Any]:
        """Every option's resolved value, as plain JSON data."""
        out = values_of(self)
        del out["preset"]
        return out

    def describe_options(self) -> list[OptionInfo]:
        """Every option with its value here, its description and the values it takes."""
        return [info for info in describe(self) if info.name != "preset"]

    @classmethod
    def from_options(cls, options: Mapping[str, Any], preset: str | None = None) -> Rules:
        """Rules from a preset (default: ``options["preset"]``, else classic) with the given
        option values on top; unknown names and bad values raise :class:`RulesError`."""
        name = preset if preset is not None else options.get("preset", "classic")
        if "preset" in options and options["preset"] != name:
            raise RulesError("options-of-preset", found=repr(options["preset"]), preset=repr(name))
        base = _preset(name).options()
        return build(cls, {**base, **options, "preset": name}, fixed=("preset",))


CLASSIC = Rules()

SPRUCE = Rules(
    preset="spruce",
    hand_sizes=tuple((n, 7) for n in range(2, 9)),
    centre_toes=4,
    round_double=RoundDouble.DEALT,
    drawn_tile_must_be_played=False,
    tie_break=TieBreak.ZERO_ROUNDS,
)

WIKIPEDIA = Rules(
    preset="wikipedia",
    max_players=12,
    set_by_players=((4, 9), (8, 12), (12, 15)),
    hand_sizes=tuple((n, 7) for n in range(2, 13)),
    centre_toes=4,
    starter_draw_round_one=True,
    double_out_points=50,
)

REEVES = Rules(
    preset="reeves",
    set_by_players=((8, 9),),
    hand_sizes=((2, 21), (3, 14), (4, 11), (5, 8), (6, 7), (7, 6), (8, 5)),
    centre_toes=2,
    centre_toes_per_player=True,
    round_double=RoundDouble.FOUND,
    undrawn_by_players=((2, 2), *((n, 1) for n in range(3, 9))),
    double_blank_points=0,
)

PRESETS: dict[str, Rules] = {
    "classic": CLASSIC,
    "spruce": SPRUCE,
    "wikipedia": WIKIPEDIA,
    "reeves": REEVES,
}
"""Every named preset, by source text (see :data:`SOURCES`)."""

SOURCES: dict[str, str] = {
    "classic": "sources 000 (Norwegian) and 001 (Italian): the app's own rules, docs/RULES.md "
    "section 2",
    "spruce": "source 002 (Dutch, The Spruce)",
    "wikipedia": "source 003 (Swedish encyclopaedia article)",
    "reeves": "source 004 (Swedish, Mario Reeves)",
}
"""Per preset, the source text it follows (docs/RULES.md); what a preset changes is said
from its rules (:mod:`chickenfoot.howto.changes`)."""


def _preset(name: object) -> Rules:
    if not isinstance(name, str) or name not in PRESETS:
        raise RulesError("unknown-preset", preset=repr(name), known=", ".join(PRESET_NAMES))
    return PRESETS[name]


def preset(name: str) -> Rules:
    return _preset(name)
