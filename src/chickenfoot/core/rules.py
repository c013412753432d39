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
    foot_toes: int = 3
    """Toes a double played later needs before anyone may play elsewhere."""
    drawn_tile_must_be_played: bool = True
    """A drawn tile that fits must be played at once (``False``: the drawer may pass)."""
    undrawn_by_players: tuple[tuple[int, int], ...] = field(default=())
    """``(players, boneyard tiles that are never drawn)``; missing counts are 0."""
    double_blank_points: int = 50
    """Penalty for 0-0 left in a hand (its pips are 0)."""
    length: MatchLength = MatchLength.FULL

    def __post_init__(self) -> None:
        object.__setattr__(self, "length", _coerce_length(self.length))
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
            if self.centre_toes > top or self.foot_toes > top:
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

    def undrawn(self, players: int) -> int:
        return dict(self.undrawn_by_players).get(players, 0)

    def round_doubles(self, players: int) -> list[int]:
        """The round doubles of a match, in play order (9, 8, ..., 0 for a full double-9 match)."""
        full = list(range(self.set_top(players), -1, -1))
        if self.length is MatchLength.SINGLE:
            return full[:1]
        if self.length is MatchLength.HALF:
            return full[: math.ceil(len(full) / 2)]
        return full

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed (values as :meth:`options` writes them)."""
        return Rules.from_options({**self.options(), **changes})

    def options(self) -> dict[str, Any]:
        """Every option's resolved value, as plain JSON data."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = [list(pair) for pair in value]
            elif isinstance(value, MatchLength):
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


def _coerce_length(value: object) -> MatchLength:
    try:
        return MatchLength(str(value))
    except ValueError:
        choices = ", ".join(m.value for m in MatchLength)
        raise RulesError(f"match length must be one of {choices}, not {value!r}") from None


def _coerce(name: str, value: Any, like: Any) -> Any:
    if isinstance(like, MatchLength):
        return _coerce_length(value)
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
PRESETS: dict[str, Rules] = {"classic": CLASSIC}
"""Every named preset. ``classic`` is RULES.md section 2 (seeds 000 and 001)."""


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None
