"""The options of the standard domino games and the named games (presets).

Every rule that makes ``draw``, ``block``, ``all-fives`` and ``bergen`` different is an option
of :class:`StandardRules`; a game name picks the preset values, and any option may be changed
on top of it. ``docs/STANDARD.md`` says where each value comes from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal

from msgspec import Meta

from chickenfoot.core.options import OptionInfo, RulesError, build, describe, described, values_of
from chickenfoot.core.rules import MAX_TARGET
from chickenfoot.core.tiles import Tile, set_size


class Game(StrEnum):
    DRAW = "draw"
    """RULES.md section 3: draw when you cannot play; one hand decides the game."""
    BLOCK = "block"
    """As ``draw``, but nobody draws: a player who cannot play passes."""
    ALL_FIVES = "all-fives"
    """pagat.com's All Fives: points for ends totalling a multiple of five, one spinner."""
    BERGEN = "bergen"
    """pagat.com's Bergen: points for ends that match (double and triple headers)."""


GAME_NAMES = tuple(g.value for g in Game)


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
STANDARD_PLAYERS = 4
"""The most players of a standard game (each plays alone, or two partnerships)."""


SetTop = Literal[6, 9, 12]
Tiles = Annotated[int, Meta(ge=0, le=set_size(12))]


@dataclass(frozen=True)
class StandardRules:
    """The resolved options of one standard domino game (docs/STANDARD.md).

    A *side* scores together: each seat alone, or with ``partnership`` seats 0 and 2 against
    1 and 3 (partners sit opposite). ``target`` 0 means one hand decides the game.
    """

    game: Annotated[Game, described("game")] = Game.DRAW
    players: Annotated[int, Meta(ge=2, le=STANDARD_PLAYERS), described("players")] = 2
    set_top: Annotated[SetTop, described("set_top")] = 6
    partnership: Annotated[bool, described("partnership")] = False
    hand_size: Annotated[int, Meta(ge=1, le=set_size(12)), described("hand_size")] = 7
    undrawn: Annotated[Tiles, described("undrawn")] = 0
    drawing: Annotated[bool, described("drawing")] = True
    drawn_tile_must_be_played: Annotated[bool, described("drawn_tile_must_be_played")] = True
    leader: Annotated[Leader, described("leader")] = Leader.HIGHEST_DOUBLE
    lead_deciding_tile: Annotated[bool, described("lead_deciding_tile")] = False
    next_leader: Annotated[NextLeader, described("next_leader")] = NextLeader.RULE
    spinner: Annotated[bool, described("spinner")] = False
    play_scoring: Annotated[PlayScoring, described("play_scoring")] = PlayScoring.NONE
    near_target_limit: Annotated[bool, described("near_target_limit")] = False
    out_wins: Annotated[bool, described("out_wins")] = True
    hand_scoring: Annotated[HandScoring, described("hand_scoring")] = HandScoring.PIPS
    blocked_winner: Annotated[BlockedWinner, described("blocked_winner")] = BlockedWinner.LOWEST
    blocked_score: Annotated[BlockedScore, described("blocked_score")] = BlockedScore.DIFFERENCE
    round_to: Annotated[int, Meta(ge=1, le=100), described("round_to")] = 1
    bonus: Annotated[int, Meta(ge=0, le=1000), described("bonus")] = 0
    target: Annotated[int, Meta(ge=0, le=MAX_TARGET), described("target")] = 0

    def __post_init__(self) -> None:
        if self.partnership:
            if self.players != 4:
                raise RulesError("partnership-of-four")
            if self.game is Game.BERGEN:
                raise RulesError("bergen-partnership")
        dealt = self.players * self.hand_size + self.undrawn
        if dealt > set_size(self.set_top):
            raise RulesError(
                "hands-too-large",
                players=self.players,
                size=self.hand_size,
                undrawn=self.undrawn,
                needed=dealt,
                top=self.set_top,
                tiles=set_size(self.set_top),
            )
        if self.play_scoring is PlayScoring.HEADERS and self.spinner:
            raise RulesError("headers-spinner")
        if self.target == 0 and self.play_scoring is not PlayScoring.NONE:
            raise RulesError("needs-target", game=str(self.game))

    # -- what every game's rules say ---------------------------------------------------------

    round_noun: ClassVar[str] = "hand"
    """What the game is played in: hands."""
    lowest_wins: ClassVar[bool] = False
    """The points are scored: the highest total wins."""

    @property
    def game_name(self) -> str:
        return self.game.value

    @property
    def preset_name(self) -> str:
        return self.game.value

    def label(
        self, length_name: Callable[[str], str] = str, preset_name: Callable[[str], str] = str
    ) -> str:
        """A short name of these rules for reports: the game's name (its length is its
        target, part of what the game is; it has no preset but its name)."""
        return self.game.value

    def rounds_per_match(self, players: int) -> int | None:
        """How many hands a game has (None: it goes on until a side reaches the target)."""
        return None if self.target else 1

    def tile_value(self, tile: Tile) -> int:
        """What the tile is worth in pips when a hand ends."""
        return tile.pips

    # -- derived facts ---------------------------------------------------------------------

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: partners 0 and 2 against 1 and 3, or each seat alone."""
        if self.partnership:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    @cached_property
    def seat_sides(self) -> tuple[int, ...]:
        """The side of each seat."""
        return tuple(self.side_of(s) for s in range(self.players))

    @property
    def boneyard_size(self) -> int:
        return set_size(self.set_top) - self.players * self.hand_size

    # -- options as JSON -------------------------------------------------------------------

    @classmethod
    def for_game(cls, game: str, **changes: Any) -> StandardRules:
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
        return values_of(self)

    def describe_options(self) -> list[OptionInfo]:
        """Every option with its value here, its description and the values it takes."""
        return describe(self)

    @classmethod
    def from_options(cls, options: Mapping[str, Any], preset: str | None = None) -> StandardRules:
        """Rules from a game name (``preset``, else ``options["game"]``, else ``draw``) and
        option values; options not given take the game's values. Unknown names and bad
        values raise :class:`RulesError`."""
        name = preset if preset is not None else options.get("game", "draw")
        game = _game(name)
        if "game" in options and _game(options["game"]) is not game:
            raise RulesError("options-of-game", found=repr(options["game"]), game=repr(game.value))
        base = dict(_PRESETS[game])
        base.update({k: v for k, v in options.items() if k in ("players", "set_top")})
        players, top = base["players"], base["set_top"]
        if players in (2, 3, 4) and top in SETS:  # else building says what is wrong
            base.update(_deal_defaults(game, players, top))
        return build(cls, {**base, **options, "game": game.value})


def _game(name: object) -> Game:
    if isinstance(name, Game):
        return name
    if isinstance(name, str) and name in GAME_NAMES:
        return Game(name)
    raise RulesError("unknown-game", game=f"{name!r:.40}", known=", ".join(GAME_NAMES))


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


GAMES: dict[str, StandardRules] = {g.value: StandardRules.for_game(g.value) for g in Game}
"""Each named game with its default options (two players)."""
