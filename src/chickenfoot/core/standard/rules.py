"""The options of the standard domino games and the named games (presets).

Every rule that makes ``draw``, ``block``, ``all-fives`` and ``bergen`` different is an option
of :class:`StandardRules`; a game name picks the preset values, and any option may be changed
on top of it. ``docs/STANDARD.md`` says where each value comes from.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from chickenfoot.core.rules import RulesError
from chickenfoot.core.tiles import set_size


class Game(StrEnum):
    DRAW = "draw"
    """RULES.md section 3: draw when you cannot play; one hand decides the game."""
    BLOCK = "block"
    """As ``draw``, but nobody draws: a player who cannot play passes."""
    ALL_FIVES = "all-fives"
    """pagat.com's All Fives: points for ends totalling a multiple of five, one spinner."""
    BERGEN = "bergen"
    """pagat.com's Bergen: points for ends that match (double and triple headers)."""


class Leader(StrEnum):
    HIGHEST_DOUBLE = "highest-double"
    """The holder of the highest double leads; if nobody holds one, of the heaviest tile."""
    LOWEST_DOUBLE = "lowest-double"
    """The holder of the lowest double leads; if nobody holds one, of the lightest tile."""
    LOT = "lot"
    """A seat drawn by lot (part of the deal's chance event) leads."""
    ROTATE = "rotate"
    """Hand k (1-based) is led by seat (k-1) mod n: seat 0 leads the first hand."""


class NextLeader(StrEnum):
    RULE = "rule"
    """Every hand's leader is found by the ``leader`` rule."""
    WINNER = "winner"
    """The player who went out in the previous hand leads; after a blocked hand, the rule."""


class PlayScoring(StrEnum):
    NONE = "none"
    FIVES = "fives"
    """After each tile, a total of the layout's ends that is a multiple of 5 scores that total."""
    HEADERS = "headers"
    """After each tile, two equal ends score 2 (a double header), 3 if one end is a double."""


class BlockedWinner(StrEnum):
    LOWEST = "lowest"
    """The side with the lowest pip total in hand wins a blocked hand."""
    DOUBLE_FREE = "double-free"
    """Sides holding no double beat sides holding one; among them the lowest pip total wins."""


class HandScoring(StrEnum):
    PIPS = "pips"
    """The hand's winner scores pips from the other hands (see ``blocked_score``)."""
    BONUS = "bonus"
    """The hand's winner scores a fixed ``bonus``."""


class BlockedScore(StrEnum):
    DIFFERENCE = "difference"
    """The winner of a blocked hand scores the others' pips minus their own."""
    OTHERS = "others"
    """The winner of a blocked hand scores the others' pips (OpenSpiel's convention)."""


SETS = (6, 9, 12)
"""The sets the standard games are played with: double-6, and double-9 / double-12 optional."""


@dataclass(frozen=True)
class StandardRules:
    """The resolved options of one standard domino game.

    A *side* scores together: each seat alone, or with ``partnership`` seats 0 and 2 against
    1 and 3 (partners sit opposite). ``target`` 0 means one hand decides the game.
    """

    game: Game = Game.DRAW
    players: int = 2
    set_top: int = 6
    """N of the double-N set."""
    partnership: bool = False
    hand_size: int = 7
    """Tiles dealt to each player."""
    undrawn: int = 0
    """Boneyard tiles that are never drawn (the last ones of the boneyard)."""
    drawing: bool = True
    """A player who cannot play draws (``False``: passes)."""
    drawn_tile_must_be_played: bool = True
    """A drawn tile that fits must be played at once (``False``: the drawer may pass)."""
    leader: Leader = Leader.HIGHEST_DOUBLE
    lead_deciding_tile: bool = False
    """The leader must lead the tile that made them leader (``False``: any tile)."""
    next_leader: NextLeader = NextLeader.RULE
    spinner: bool = False
    """The first double played takes tiles on both sides and then on both ends."""
    play_scoring: PlayScoring = PlayScoring.NONE
    near_target_limit: bool = False
    """Bergen: a header scores only 1 within 2 points of the target, only 2 within 3."""
    out_wins: bool = True
    """Going out wins the hand for one's side (``False``: every hand goes to the lowest pip
    total, as a blocked one does; OpenSpiel's team dominoes)."""
    hand_scoring: HandScoring = HandScoring.PIPS
    blocked_winner: BlockedWinner = BlockedWinner.LOWEST
    blocked_score: BlockedScore = BlockedScore.DIFFERENCE
    round_to: int = 1
    """Hand-end pip scores are rounded to the nearest multiple of this."""
    bonus: int = 0
    """What the winner of a hand scores with ``hand_scoring`` ``bonus``."""
    target: int = 0
    """Hands are played until a side has at least this many points (0: one hand)."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            like = _ENUMS.get(f.name)
            if like is not None:
                object.__setattr__(self, f.name, _coerce_enum(f.name, getattr(self, f.name), like))
        if not 2 <= self.players <= 4:
            raise RulesError(f"{self.game} is played by 2 to 4 players, not {self.players}")
        if self.set_top not in SETS:
            raise RulesError(f"the standard games use double-6, 9 or 12, not double-{self.set_top}")
        if self.partnership:
            if self.players != 4:
                raise RulesError("partnership play is 2 against 2: it needs 4 players")
            if self.game is Game.BERGEN:
                raise RulesError("bergen has no partnership play (pagat describes none)")
        if self.hand_size < 1 or self.undrawn < 0:
            raise RulesError("every player is dealt at least one tile; undrawn is 0 or more")
        dealt = self.players * self.hand_size + self.undrawn
        if dealt > set_size(self.set_top):
            raise RulesError(
                f"{self.players} hands of {self.hand_size} and {self.undrawn} undrawn tiles "
                f"need {dealt} tiles, the double-{self.set_top} set has {set_size(self.set_top)}"
            )
        if self.play_scoring is PlayScoring.HEADERS and self.spinner:
            raise RulesError("headers are scored on a single line: no spinner")
        if self.target < 0 or self.round_to < 1 or self.bonus < 0:
            raise RulesError("target and bonus are 0 or more, round_to is 1 or more")
        if self.target == 0 and self.play_scoring is not PlayScoring.NONE:
            raise RulesError(f"{self.game} scores during play, so it needs a target score")

    # -- derived facts ---------------------------------------------------------------------

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: partners 0 and 2 against 1 and 3, or each seat alone."""
        if self.partnership:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    @property
    def boneyard_size(self) -> int:
        return set_size(self.set_top) - self.players * self.hand_size

    # -- options as JSON -------------------------------------------------------------------

    @classmethod
    def for_game(cls, game: str = "draw", **changes: Any) -> StandardRules:
        """The named game, with some options changed (values as :meth:`options` writes them)."""
        return cls.from_options({**changes, "game": game})

    def with_options(self, **changes: Any) -> StandardRules:
        """A copy with some options changed. Changing ``players`` or ``set_top`` also resets
        the options the game derives from them (the deal; Bergen's target) unless given."""
        given = self.options()
        if "players" in changes or "set_top" in changes:
            for name in _deal_defaults(self.game, self.players, self.set_top):
                del given[name]
        return StandardRules.from_options({**given, **changes})

    def options(self) -> dict[str, Any]:
        """Every option's resolved value, as plain JSON data."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out

    @classmethod
    def from_options(cls, options: Mapping[str, Any], preset: str | None = None) -> StandardRules:
        """Rules from a game name (``preset``, else ``options["game"]``, else ``draw``) and
        option values; options not given take the game's values. Unknown names are ignored."""
        name = preset if preset is not None else options.get("game", "draw")
        game = _coerce_enum("game", name, Game)
        if "game" in options and _coerce_enum("game", options["game"], Game) is not game:
            raise RulesError(f"the options are of {options['game']!r}, not of {game.value!r}")
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name in options and f.name != "game":
                values[f.name] = _coerce(f.name, options[f.name], f.default)
        base = dict(_PRESETS[game])
        base.update({k: v for k, v in values.items() if k in ("players", "set_top")})
        base.update(_deal_defaults(game, base["players"], base["set_top"]))
        base.update(values)
        try:
            return cls(game=game, **base)
        except (TypeError, ValueError) as exc:
            raise RulesError(str(exc)) from None


_ENUMS: dict[str, type[StrEnum]] = {
    "game": Game,
    "leader": Leader,
    "next_leader": NextLeader,
    "play_scoring": PlayScoring,
    "hand_scoring": HandScoring,
    "blocked_winner": BlockedWinner,
    "blocked_score": BlockedScore,
}

_PRESETS: dict[Game, dict[str, Any]] = {
    Game.DRAW: {"players": 2, "set_top": 6},
    Game.BLOCK: {"players": 2, "set_top": 6, "drawing": False},
    Game.ALL_FIVES: {
        "players": 2,
        "set_top": 6,
        "leader": Leader.LOT,
        "next_leader": NextLeader.WINNER,
        "spinner": True,
        "play_scoring": PlayScoring.FIVES,
        "round_to": 5,
        "target": 250,
    },
    Game.BERGEN: {
        "players": 2,
        "set_top": 6,
        "leader": Leader.LOWEST_DOUBLE,
        "lead_deciding_tile": True,
        "play_scoring": PlayScoring.HEADERS,
        "near_target_limit": True,
        "hand_scoring": HandScoring.BONUS,
        "blocked_winner": BlockedWinner.DOUBLE_FREE,
        "bonus": 2,
    },
}


def _deal_defaults(game: Game, players: int, top: int) -> dict[str, Any]:
    """The deal each game names for this many players (see docs/STANDARD.md)."""
    if game is Game.ALL_FIVES:
        return {"hand_size": {2: 9, 3: 7}.get(players, 5), "undrawn": 0}
    if game is Game.BERGEN:
        return {
            "hand_size": 6 if players < 4 else 5,
            "undrawn": 2,
            "target": 15 if players == 2 else 10,
        }
    if top == 6 and players > 2:
        return {"hand_size": 5, "undrawn": 0}
    return {"hand_size": 7, "undrawn": 0}


def _coerce_enum(name: str, value: object, kind: type[StrEnum]) -> Any:
    try:
        return kind(str(value.value if isinstance(value, StrEnum) else value))
    except ValueError:
        choices = ", ".join(m.value for m in kind)
        raise RulesError(f"option {name} must be one of {choices}, not {value!r}") from None


def _coerce(name: str, value: Any, like: Any) -> Any:
    if name in _ENUMS:
        return _coerce_enum(name, value, _ENUMS[name])
    if isinstance(like, bool):
        if not isinstance(value, bool):
            raise RulesError(f"option {name} must be true or false, not {value!r}")
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"option {name} must be a whole number, not {value!r}")
    return value


GAMES: dict[str, StandardRules] = {g.value: StandardRules.for_game(g.value) for g in Game}
"""Each named game with its default options (two players)."""
