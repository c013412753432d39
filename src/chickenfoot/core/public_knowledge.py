"""What everyone at the table can tell from the public log, in public terms (numbers, not
tiles): the number each play was laid against, the numbers a seat showed it lacked when it
drew or passed, the tiles it drew and kept, and the numbers each seat is known to lack now.

A seat draws or passes only when none of its tiles can be played, so its tiles then carry
none of the numbers that could be played on (:func:`playable_numbers`). A tile it draws is
unknown: it is the tile played next if the seat then plays (every other tile it holds had
just been shown unplayable, and the table has not changed), and it stays in the hand if the
seat passes. Where the rules let a seat keep a drawn tile that fits, a pass after a draw
says nothing of that tile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from chickenfoot.core.actions import Action, Draw, Play
from chickenfoot.core.pieces import Place, against
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import PlayChoice, Public, place_to_wire


def playable_numbers(opens: Iterable[Sequence[int]], public: Public) -> list[int]:
    """The numbers a tile must carry to be played now, from the open ends of every placed
    tile (``opens``) and the public state: the foot's number while a foot waits for toes;
    none before the first tile of the table (only that one tile may be laid)."""
    if not public.centre_placed:
        return []
    if public.foot is not None:
        return [public.foot.number]
    return sorted({n for ends in opens for n in ends})


def play_choices(
    legal: Sequence[Action],
    tile_at: Callable[[int], Tile],
    place: Callable[[Tile, int | None, int | None], Place],
) -> list[PlayChoice] | None:
    """The plays of ``legal`` grouped by tile and the number they cover, in the order of
    ``legal``, each with where the tile would lie; ``tile_at`` is the tile of an id on the
    table, ``place(tile, on, number)`` where a tile played so would lie."""
    groups: dict[tuple[Tile, int | None], PlayChoice] = {}
    for action in legal:
        if not isinstance(action, Play):
            continue
        tile, on = action.tile, action.on
        number = None if on is None else against(tile, tile_at(on))
        at = place_to_wire(place(tile, on, number))
        choice = groups.get((tile, number))
        if choice is None:
            groups[(tile, number)] = PlayChoice(str(tile), number, [on], [at])
        else:
            choice.on.append(on)
            choice.at.append(at)
    return list(groups.values()) or None


class Lacks:
    """The numbers each seat is known to lack, followed action by action through one round."""

    def __init__(self, seats: int, drawn_must_be_played: bool) -> None:
        self.lacks: list[frozenset[int]] = [frozenset()] * seats
        self._must_play_drawn = drawn_must_be_played
        self._draws = 0
        """Tiles the seat to act has drawn this turn."""
        self._held: frozenset[int] = frozenset()
        """What the tiles the seat held before its latest draw are known to lack."""

    def act(self, seat: int, action: Action, playable: Sequence[int]) -> int:
        """Follow ``seat``'s action, taken when ``playable`` were the numbers to play on; how
        many tiles it drew this turn and keeps, if the action ends its turn."""
        shown = frozenset(playable)
        if isinstance(action, Draw):
            self._held = self.lacks[seat] | shown
            self.lacks[seat] = frozenset()
            self._draws += 1
            return 0
        draws, self._draws = self._draws, 0
        if isinstance(action, Play):
            if draws:
                self.lacks[seat] = self._held
            return max(draws - 1, 0)
        if draws:
            self.lacks[seat] = shown if self._must_play_drawn else frozenset()
        else:
            self.lacks[seat] = self.lacks[seat] | shown
        return draws

    def as_lists(self) -> list[list[int]]:
        return [sorted(numbers) for numbers in self.lacks]
