"""One round: the deal, legal actions with tile ids, applying them, the end and its points."""

from __future__ import annotations

from random import Random

from chickenfoot.core.actions import DRAW as DRAW_ACTION
from chickenfoot.core.actions import (
    LEADS,
    Action,
    Draw,
    Event,
    IllegalActionError,
    Pass,
    Play,
    play_on,
)
from chickenfoot.core.actions import PASS as PASS_ACTION
from chickenfoot.core.common import RoundBase, may_end
from chickenfoot.core.fast import BLOCKED, DRAW, OUT, PASS, PLACE, FastRound, hand_masks, too_long
from chickenfoot.core.pieces import Deal, Place, Placed, RoundEnd, lines_from, shuffle
from chickenfoot.core.projection import SeenHistories
from chickenfoot.core.rules import RoundDouble, Rules
from chickenfoot.core.tiles import (
    HI,
    LO,
    TILES,
    Tile,
    indices_of,
    set_size,
    tile_index,
    tiles_of,
)


def rotation_seat(round_index: int, players: int, first_of_round_one: int = 0) -> int:
    """The seat the first turn has moved on to in round ``round_index`` (0-based): one seat
    a round from round 1's starter (seat 0 unless the rules drew for it)."""
    return (first_of_round_one + round_index) % players


def deal(
    rules: Rules,
    players: int,
    double: int,
    rng: Random,
    round_index: int = 0,
) -> Deal:
    """Shuffle the set and deal it, seat 0's tiles first, with the draws for the start
    where the rules make them (``found``: before the deal, from the :func:`rotation_seat`
    seat; round 1's starter draw, which the rules never combine with ``found``: after it)."""
    rules.check_players(players)
    order = list(range(set_size(rules.set_top(players))))  # the set's tiles by index
    centre = tile_index(double, double)  # also where it lies in ``order`` until it is shuffled
    start_draw: tuple[tuple[int, Tile], ...] = ()
    if rules.round_double is RoundDouble.FOUND:
        shuffle(order, rng)
        seat = rotation_seat(round_index, players)
        centre = order.index(centre)
        found = enumerate(order[: centre + 1])
        start_draw = tuple(((seat + i) % players, TILES[t]) for i, t in found)
    if not rules.double_dealt:
        del order[centre]
    shuffle(order, rng)
    tiles = [TILES[t] for t in order]
    size = rules.hand_size(players)
    hands = tuple(tuple(tiles[s * size : (s + 1) * size]) for s in range(players))
    boneyard = tiles[players * size :]
    if round_index == 0 and rules.starter_draw_round_one:
        start_draw = tuple(enumerate(boneyard[:players]))
        shuffle(boneyard, rng)
    return Deal(hands, tuple(boneyard), start_draw)


def first_seat(rules: Rules, round_index: int, double: int, dealt: Deal, rotation: int) -> int:
    """The seat that takes the round's first turn; ``rotation`` is :func:`rotation_seat`."""
    if rules.round_double is RoundDouble.FOUND:
        return dealt.start_draw[-1][0]
    if round_index == 0 and rules.starter_draw_round_one:
        return max(dealt.start_draw, key=lambda draw: draw_rank(draw[1]))[0]
    if rules.double_dealt:
        centre = tile_index(double, double)
        for seat, hand in enumerate(dealt.hands):
            if any(t.index == centre for t in hand):
                return seat
    return rotation


def draw_rank(tile: Tile) -> tuple[int, int]:
    """The highest tile drawn for the start: most pips, then the higher number."""
    return tile.pips, tile.hi


def feet_place(
    new_id: int, tile: Tile, number: int | None, target: Place | None, lines: int
) -> Place:
    """Where ``tile`` lies once played as tile ``new_id`` against ``number`` on a tile lying
    at ``target`` (None: the first tile of the table), from which ``lines`` lines start
    already: the centre and every later double are forks, each tile played on a fork starts
    a line of its own, and a tile played on any other continues its line."""
    if target is None:
        return Place(tile.hi, new_id, 0, True)
    assert number is not None
    if not target.fork:
        return Place(number, target.line, 0, tile.is_double)
    return Place(number, new_id, lines, tile.is_double)


class RoundState(RoundBase):
    """A round in play. :meth:`legal_actions` and :meth:`apply` speak in tile ids;
    :attr:`fast` is the compact state every rule is decided on."""

    def __init__(
        self,
        rules: Rules,
        double: int,
        first: int,
        dealt: Deal,
        placed: bool = True,
    ) -> None:
        """``placed``: the round's double starts in the centre (else a player places it)."""
        players = len(dealt.hands)
        rules.check_players(players)
        top = rules.set_top(players)
        self.rules = rules
        self.double = double
        self.first = first
        self.dealt = dealt
        self.fast = FastRound.start(
            top=top,
            double=double,
            hands=hand_masks(dealt.hands),
            boneyard=[t.index for t in dealt.boneyard],
            first=first,
            centre_toes=rules.toes_on_centre(players),
            foot_toes=rules.foot_toes,
            undrawn=rules.undrawn(players),
            drawn_must_play=rules.drawn_tile_must_be_played,
            blank_points=rules.double_blank_points,
            double_out_points=rules.double_out_points,
            placed=placed,
        )
        start = [tile_index(double, double)] if placed else []
        self.tiles: list[int] = start
        """Tile index by id; id 0 is the centre double."""
        self.open_of: list[int | None] = [None] * len(start)
        """The number each placed tile's open end shows, None if closed or covered."""
        self.open_ids: list[list[int]] = [[] for _ in range(top + 1)]
        """Ids of the open line ends, per number, ascending."""
        self.foot_id = 0
        self.history: list[Event] = []
        self.needed: list[int] = []
        """For each history event, the tiles (bitmask) that could have been played then."""
        self._board = [self._centre(TILES[start[0]])] if start else []
        """The board as it lies now, kept up to date play by play."""
        self._lines: dict[int, int] = {}
        """How many lines start from each fork, by its id (none yet: absent)."""
        self._seen = SeenHistories(self.history, players)
        self._legal: tuple[list[Action], list[int]] | None = None
        """The legal actions of the position and their compact moves, once worked out."""

    @staticmethod
    def _centre(tile: Tile) -> Placed:
        return Placed(0, tile, None, (), feet_place(0, tile, None, None, 0))

    def copy(self) -> RoundState:
        """An independent copy (the deal, the history's events and the legal actions worked
        out are shared: immutable)."""
        other = RoundState.__new__(RoundState)
        other.rules = self.rules
        other.double = self.double
        other.first = self.first
        other.dealt = self.dealt
        other.fast = self.fast.copy()
        other.tiles = self.tiles[:]
        other.open_of = self.open_of[:]
        other.open_ids = [ids[:] for ids in self.open_ids]
        other.foot_id = self.foot_id
        other.history = self.history[:]
        other.needed = self.needed[:]
        other._board = self._board[:]
        other._lines = self._lines.copy()
        other._seen = self._seen.copy(other.history)
        other._legal = self._legal
        return other

    # -- chance, as a searcher or another library decides it --------------------------------

    def draw_next(self, tile: Tile) -> None:
        """Make ``tile``, one still in the boneyard, the next tile drawn (the others keep their
        order): for a game whose chance picks each tile as it is drawn. The deal is kept so,
        and the round replays from its record as it is played."""
        fast = self.fast
        waiting = fast.boneyard[fast.next_draw :]
        if tile.index not in waiting:
            raise ValueError(f"{tile} is not in the boneyard")
        rest = [i for i in waiting if i != tile.index]
        fast.boneyard = [*fast.boneyard[: fast.next_draw], tile.index, *rest]
        dealt = self.dealt
        self.dealt = Deal(dealt.hands, tuple(TILES[i] for i in fast.boneyard), dealt.start_draw)

    def redealt(self, hands: dict[int, list[Tile]], boneyard: list[Tile]) -> RoundState:
        """A copy in which the seats of ``hands`` hold those tiles and ``boneyard`` is what is
        left to draw, in order: the tiles a seat cannot see lain otherwise, for searching.
        Every seat keeps its hand's size and the same tiles stay hidden (else
        :class:`ValueError`); the copy's deal is no longer one its record could give."""
        fast = self.fast
        sizes = {seat: fast.hands[seat].bit_count() for seat in hands}
        if any(len(tiles) != sizes[seat] for seat, tiles in hands.items()):
            raise ValueError("a hand redealt must keep its size")
        before = sorted(
            [i for seat in hands for i in indices_of(fast.hands[seat])]
            + fast.boneyard[fast.next_draw :]
        )
        after = sorted(
            [t.index for tiles in hands.values() for t in tiles] + [t.index for t in boneyard]
        )
        if before != after:
            raise ValueError("a redeal must lay the same hidden tiles")
        other = self.copy()
        other._legal = None  # other hands, other actions
        for seat, tiles in hands.items():
            other.fast.hands[seat] = sum(1 << t.index for t in tiles)
        other.fast.boneyard = [*fast.boneyard[: fast.next_draw], *(t.index for t in boneyard)]
        return other

    # -- reading the position --------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.fast.players

    @property
    def turn(self) -> int:
        """The seat to act (after the end: the seat that acted last)."""
        return self.fast.turn

    @property
    def end(self) -> RoundEnd | None:
        if self.fast.end == OUT:
            return RoundEnd.OUT
        if self.fast.end == BLOCKED:
            return RoundEnd.BLOCKED
        return None

    @property
    def drew(self) -> bool:
        """The seat to act has drawn this turn."""
        return self.fast.drew

    @property
    def boneyard_size(self) -> int:
        """Tiles left in the boneyard (drawable or not)."""
        return len(self.fast.boneyard) - self.fast.next_draw

    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn."""
        return self.fast.drawable()

    @property
    def double_tile(self) -> Tile | None:
        """The round's double."""
        return TILES[tile_index(self.double, self.double)]

    def hand(self, seat: int) -> list[Tile]:
        return tiles_of(self.fast.hands[seat])

    def hand_sizes(self) -> list[int]:
        return [h.bit_count() for h in self.fast.hands]

    def upcoming_draw(self) -> Tile | None:
        """The tile a draw would take now, if a tile may be drawn."""
        fast = self.fast
        return TILES[fast.boneyard[fast.next_draw]] if fast.can_draw() else None

    def boneyard_tiles(self) -> list[Tile]:
        """Tiles still in the boneyard, the next draw first."""
        return [TILES[i] for i in self.fast.boneyard[self.fast.next_draw :]]

    def board(self) -> list[Placed]:
        return self._board[:]

    def seen_history(self, seat: int) -> tuple[Event, ...]:
        """The round's actions as ``seat`` may see them."""
        return self._seen.of(seat)

    @property
    def placed_count(self) -> int:
        """Tiles on the board."""
        return len(self.tiles)

    def placed(self, tile_id: int) -> Placed:
        """The tile with this id as it lies on the board now."""
        return self._board[tile_id]

    def place_for(self, tile: Tile, on: int | None, number: int | None, upto: int) -> Place:
        """Where ``tile`` would lie, laid on tile ``on`` against ``number`` when the first
        ``upto`` tiles were all that was placed."""
        board = self._board
        target = None if on is None else board[on].place
        lines = 0
        if on is not None and target is not None and target.fork:
            if upto == len(board):
                lines = self._lines.get(on, 0)
            else:
                lines = lines_from(on, [p.on for p in board], [p.place for p in board[:upto]])
        return feet_place(upto, tile, number, target, lines)

    def public_facts(self) -> dict[str, object]:
        """What this game shows everyone besides hands, boneyard and board: the foot waiting
        for toes and whether the centre is placed."""
        foot = self.incomplete_foot()
        return {
            "foot": None if foot is None else {"id": foot[0], "number": foot[1], "need": foot[2]},
            "centre_placed": self.centre_placed,
        }

    @property
    def centre_placed(self) -> bool:
        return self.fast.centre < 0

    def incomplete_foot(self) -> tuple[int, int, int] | None:
        """``(id, number, toes still needed)`` of the foot everyone must play on, if any."""
        if self.fast.foot < 0 or self.fast.centre >= 0:
            return None
        return self.foot_id, self.fast.foot, self.fast.need

    def open_ends(self) -> list[tuple[int, int]]:
        """``(id, number)`` of every open line end, by id."""
        return sorted((i, n) for n, ids in enumerate(self.open_ids) for i in ids)

    def points(self) -> list[int]:
        """Penalty points per seat for the tiles in hand now (final once the round ended)."""
        return self.fast.points()

    # -- actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Plays ordered by tile index (0-0, 1-0, 1-1, 2-0, ...) then target id; or
        ``Draw()``; or ``Pass()`` (last, also when a drawn tile may be kept). Worked out once
        per position."""
        if self._legal is None:
            self._legal = self._work_out_legal()
        return self._legal[0][:]

    def _work_out_legal(self) -> tuple[list[Action], list[int]]:
        plays: list[tuple[int, int, int]] = []
        others: list[int] = []
        for move in self.fast.legal_moves():
            if move < 0 or move & 31 == PLACE:
                others.append(move)
            else:
                for target in self._targets(move & 31):
                    plays.append((move >> 5, target, move))
        plays.sort()
        actions: list[Action] = [play_on(i, target) for i, target, _ in plays]
        moves = [move for _, _, move in plays]
        for move in others:
            if move == DRAW:
                actions.append(DRAW_ACTION)
            elif move == PASS:
                actions.append(PASS_ACTION)
            else:
                actions.append(LEADS[move >> 5])
            moves.append(move)
        return actions, moves

    def _targets(self, number: int) -> list[int]:
        if self.fast.foot >= 0:
            return [self.foot_id]
        return self.open_ids[number]

    def apply(self, action: Action) -> Event:
        """Carry out ``action`` for the seat to act; raises :class:`IllegalActionError`.

        An action object taken from :meth:`legal_actions` of this very position is known to
        be legal and is not checked again."""
        move = self._trusted(action)
        if move is None:
            move = self._check(action)
        self._legal = None
        if self.fast.plies >= self.fast.limit:
            raise too_long(self.fast.limit)
        seat = self.fast.turn
        self.needed.append(self.fast.playable(-1))
        if move == DRAW:
            event = Event(seat, action, TILES[self.fast.draw()])
        elif move == PASS:
            self.fast.pass_turn()
            event = Event(seat, action)
        else:
            assert isinstance(action, Play)
            self._place(action, move & 31)
            event = Event(seat, action)
        self.history.append(event)
        return event

    def may_end(self, action: Action) -> bool:
        """See :func:`~chickenfoot.core.common.may_end`."""
        fast = self.fast
        held = fast.hands[fast.turn].bit_count()
        return may_end(action, fast.drawable(), held, fast.plies >= fast.limit)

    def _trusted(self, action: Action) -> int | None:
        if self._legal is not None:
            for known, move in zip(*self._legal, strict=True):
                if known is action:
                    return move
        return None

    def _check(self, action: Action) -> int:
        """The fast move for ``action``, or :class:`IllegalActionError` saying why not."""
        fast = self.fast
        if fast.end:
            raise IllegalActionError("round-over")
        moves = fast.legal_moves()
        seat = fast.turn
        if isinstance(action, Draw):
            if DRAW in moves:
                return DRAW
            if fast.drew:
                raise IllegalActionError("drawn-already", seat=seat)
            if fast.playable(fast.hands[seat]):
                raise IllegalActionError("must-play", seat=seat)
            raise IllegalActionError("nothing-to-draw")
        if isinstance(action, Pass):
            if PASS in moves:
                return PASS
            if fast.playable(fast.hands[seat]):
                raise IllegalActionError("must-play", seat=seat)
            raise IllegalActionError("must-draw", seat=seat)
        tile, on = action.tile, action.on
        index = tile.index
        if not fast.hands[seat] >> index & 1:
            raise IllegalActionError("not-held", seat=seat, tile=str(tile))
        if fast.centre >= 0 or on is None:
            if fast.centre == index and on is None:
                return index << 5 | PLACE
            if fast.centre >= 0:
                raise IllegalActionError("place-centre-first", tile=str(TILES[fast.centre]))
            raise IllegalActionError("name-target", tile=str(tile))
        if not 0 <= on < len(self.tiles):
            raise IllegalActionError("no-such-tile", on=on)
        if fast.foot >= 0:
            if on != self.foot_id:
                double = str(TILES[self.tiles[self.foot_id]])
                raise IllegalActionError(
                    "foot-waiting", foot=self.foot_id, double=double, need=fast.need
                )
            number = fast.foot
        else:
            open_number = self.open_of[on]
            if open_number is None:
                raise IllegalActionError("no-open-end", on=on, target=str(TILES[self.tiles[on]]))
            number = open_number
        if not tile.has(number):
            raise IllegalActionError("no-match", tile=str(tile), number=number, on=on)
        move = index << 5 | number
        if move not in moves:
            raise IllegalActionError("not-legal-now", tile=str(tile), on=on)
        return move

    def _place(self, action: Play, number: int) -> None:
        new_id = len(self.tiles)
        index = action.tile.index
        board = self._board
        if number == PLACE:
            self.fast.play(index, number)
            self.tiles.append(index)
            self.open_of.append(None)
            board.append(self._centre(action.tile))
            return
        on = action.on
        assert on is not None
        covered = board[on]
        if self.fast.foot < 0:
            self.open_of[on] = None
            self.open_ids[number].remove(on)
            board[on] = Placed(covered.id, covered.tile, covered.on, (), covered.place)
        self.fast.play(index, number)
        self.tiles.append(index)
        target = covered.place
        lines = 0
        if target.fork:
            lines = self._lines.get(on, 0)
            self._lines[on] = lines + 1
        place = feet_place(new_id, action.tile, number, target, lines)
        if HI[index] == LO[index]:
            self.open_of.append(None)
            self.foot_id = new_id
            board.append(Placed(new_id, action.tile, on, (), place))
        else:
            other = HI[index] + LO[index] - number
            self.open_of.append(other)
            self.open_ids[other].append(new_id)
            board.append(Placed(new_id, action.tile, on, (other,), place))
