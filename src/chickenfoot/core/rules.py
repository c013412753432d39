"""Rule options and named presets.

Every difference between the rule sets this project plays is an option of :class:`Rules`;
a preset is a named bundle of option values. ``classic`` (RULES.md section 2) is the default.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from chickenfoot.core.tiles import MAX_NUMBER, set_size


class RulesError(ValueError):
    """Rule options that are inconsistent, unknown or unsupported."""


class RoundDouble(StrEnum):
    ASIDE = "aside"
    """Taken out of the set and put in the centre before the deal (classic)."""
    DEALT = "dealt"
    """Dealt like any tile: its holder places it; if nobody holds it, the seats draw in
    turn until it turns up, and whoever draws it places it."""


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


@dataclass(frozen=True)
class Rules:
    """The resolved options of one game of Chicken Foot.

    Tables keyed by player count are tuples of ``(players, value)`` pairs so the object stays
    hashable and writes itself to a record's ``rules.options`` as plain JSON.
    """

    preset: str = "classic"
    min_players: int = 2
    max_players: int = 8
    set_by_players: tuple[tuple[int, int], ...] = ((6, 9), (8, 12))
    """``(up to this many players, double-N set)``, smallest player count first."""
    hand_sizes: tuple[tuple[int, int], ...] = (
        (2, 20),
        (3, 14),
        (4, 11),
        (5, 9),
        (6, 7),
        (7, 10),
        (8, 9),
    )
    """``(players, tiles dealt to each)``."""
    centre_toes: int = 6
    """Toes the round's double in the centre needs before anything else is played."""
    centre_toes_per_player: bool = False
    """The centre needs at least one toe per player (``centre_toes`` is then a minimum)."""
    foot_toes: int = 3
    """Toes a double played later needs before anyone may play elsewhere."""
    drawn_tile_must_be_played: bool = True
    """A drawn tile that fits must be played at once (``False``: the drawer may pass)."""
    undrawn_by_players: tuple[tuple[int, int], ...] = field(default=())
    """``(players, boneyard tiles that are never drawn)``; missing counts are 0."""
    double_blank_points: int = 50
    """Penalty for 0-0 left in a hand (its pips are 0)."""
    length: MatchLength = MatchLength.FULL
    round_double: RoundDouble = RoundDouble.ASIDE
    starter_draw_round_one: bool = False
    """Round 1 only: the double is set aside, every seat draws one tile, the highest (most
    pips, then the higher number) takes the first turn; the tiles go back before the deal."""
    double_out_points: int = 0
    """What a player who goes out by playing a double scores (0: nothing, as usual)."""
    tie_break: TieBreak = TieBreak.NONE
    target_total: int = 0
    """If not 0: rounds go on (after 0-0 the highest double again) until a total reaches
    this; then the match ends and the lowest total wins."""

    def __post_init__(self) -> None:
        for name, kind in _ENUMS.items():
            object.__setattr__(self, name, _coerce_enum(name, kind, getattr(self, name)))
        if self.target_total < 0:
            raise RulesError("target_total must be 0 (no target) or a positive total")
        if not 2 <= self.min_players <= self.max_players:
            raise RulesError(f"player range {self.min_players}..{self.max_players} is empty")
        if self.centre_toes < 1 or self.foot_toes < 1:
            raise RulesError("a foot needs at least one toe")
        for players in range(self.min_players, self.max_players + 1):
            top = self.set_top(players)
            dealt = self.hand_size(players) * players + self.undrawn(players)
            if dealt > set_size(top) - 1:
                raise RulesError(
                    f"{players} players: {dealt} tiles dealt or kept back, but the "
                    f"double-{top} set has only {set_size(top) - 1} besides the round's double"
                )
            if self.toes_on_centre(players) > top or self.foot_toes > top:
                raise RulesError(f"a double of the double-{top} set has only {top} possible toes")

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise RulesError(
                f"{self.preset} is played by {self.min_players} to {self.max_players} "
                f"players, not {players}"
            )

    def set_top(self, players: int) -> int:
        """N of the double-N set used by this many players."""
        for up_to, top in self.set_by_players:
            if players <= up_to:
                if not 0 <= top <= MAX_NUMBER:
                    raise RulesError(f"unsupported set double-{top}")
                return top
        raise RulesError(f"no set is named for {players} players")

    def hand_size(self, players: int) -> int:
        for count, size in self.hand_sizes:
            if count == players:
                return size
        raise RulesError(f"no deal size is named for {players} players")

    def toes_on_centre(self, players: int) -> int:
        if self.centre_toes_per_player:
            return max(self.centre_toes, players)
        return self.centre_toes

    def double_dealt(self, round_index: int) -> bool:
        """Is the round's double dealt (and placed by a player) in this round (0-based)?"""
        if round_index == 0 and self.starter_draw_round_one:
            return False
        return self.round_double is RoundDouble.DEALT

    def undrawn(self, players: int) -> int:
        return dict(self.undrawn_by_players).get(players, 0)

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

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed (values as :meth:`options` writes them)."""
        return Rules.from_options({**self.options(), **changes}, preset=self.preset)

    def options(self) -> dict[str, Any]:
        """Every option's resolved value, as plain JSON data."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = [list(pair) for pair in value]
            elif isinstance(value, StrEnum):
                value = value.value
            out[f.name] = value
        del out["preset"]
        return out

    @classmethod
    def from_options(cls, options: Mapping[str, Any], preset: str | None = None) -> Rules:
        """Rules from a preset name and option values; unknown option names are ignored."""
        base = PRESETS.get(preset or str(options.get("preset", "classic")))
        if base is None:
            raise RulesError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name == "preset" or f.name not in options:
                continue
            values[f.name] = _coerce(f.name, options[f.name], getattr(base, f.name))
        try:
            return dataclasses.replace(base, **values)
        except (TypeError, ValueError) as exc:
            raise RulesError(str(exc)) from None


_ENUMS: dict[str, type[StrEnum]] = {
    "length": MatchLength,
    "round_double": RoundDouble,
    "tie_break": TieBreak,
}


def _coerce_enum(name: str, kind: type[StrEnum], value: object) -> StrEnum:
    try:
        return kind(str(value))
    except ValueError:
        choices = ", ".join(m.value for m in kind)
        raise RulesError(f"option {name} must be one of {choices}, not {value!r}") from None


def _coerce(name: str, value: Any, like: Any) -> Any:
    if isinstance(like, StrEnum):
        return _coerce_enum(name, type(like), value)
    if isinstance(like, bool):
        if not isinstance(value, bool):
            raise RulesError(f"option {name} must be true or false, not {value!r}")
        return value
    if isinstance(like, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"option {name} must be a whole number, not {value!r}")
        return value
    if isinstance(like, tuple):
        try:
            pairs = tuple((int(a), int(b)) for a, b in value)
        except (TypeError, ValueError):
            raise RulesError(f"option {name} must be a list of [players, value] pairs") from None
        return pairs
    raise RulesError(f"option {name} cannot be set")


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
    round_double=RoundDouble.DEALT,
    starter_draw_round_one=True,
    double_out_points=50,
)

REEVES = Rules(
    preset="reeves",
    set_by_players=((8, 9),),
    hand_sizes=((2, 21), (3, 14), (4, 11), (5, 8), (6, 7), (7, 6), (8, 5)),
    centre_toes=4,
    centre_toes_per_player=True,
    round_double=RoundDouble.DEALT,
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

SOURCES: dict[str, tuple[str, str]] = {
    "classic": (
        "seeds 000 (Norwegian) and 001 (Italian): the app's own rules, RULES.md section 2",
        "the default: double set aside, six toes on the centre, a drawn tile that fits must "
        "be played, 0-0 = 50",
    ),
    "spruce": (
        "seed 002 (Dutch, The Spruce)",
        "7 tiles each; the round's double is dealt and its holder places it (nobody: draw "
        "in turn until found); 4 toes on the centre; a drawn tile that fits may be kept; "
        "ties go to most zero rounds, then the lowest non-zero round",
    ),
    "wikipedia": (
        "seed 003 (Swedish encyclopaedia article)",
        "2 to 12 players, 7 tiles each, double-12 over 4 players and double-15 over 8; "
        "round 1's starter is whoever draws the highest tile; later doubles are dealt and "
        "placed by their holder; 4 toes on the centre; going out on a double scores 50",
    ),
    "reeves": (
        "seed 004 (Swedish, Mario Reeves)",
        "deal 21/14/11/8/7/6/5 tiles for 2..8 players; the round's double is dealt and its "
        "finder starts; at least one toe per player on the centre (minimum 4); the last 2 "
        "(2 players) or 1 boneyard tiles are never drawn; 0-0 counts 0",
    ),
}
"""Per preset: ``(source text, what it changes)``."""


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None
