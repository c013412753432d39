"""The compact round state every rule is decided on, and the playout loop search uses.

Only numbers matter to legality, so the board is kept as a count of open line ends per
number, a bitmask of the numbers that have one, and the incomplete foot (if any). Hands are
bitmasks of tile indices (see :mod:`chickenfoot.core.tiles`). Moves are small ints:

* ``tile_index << 5 | number``: play the tile on an open end (or the incomplete foot)
  showing ``number``;
* ``tile_index << 5 | PLACE``: put the round's double in the centre (presets that deal it);
* :data:`DRAW` and :data:`PASS`.

:class:`chickenfoot.core.round.RoundState` wraps this state with tile ids, history and
validation; bots copy it (:meth:`FastRound.copy`) and play it out thousands of times.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from chickenfoot.core.engine_error import EngineError
from chickenfoot.core.tiles import HI, LO, NUMBER_MASK, PIPS, indices_of

DRAW: Final = -1
PASS: Final = -2
PLACE: Final = 31
"""The ``number`` of a move that places the round's double in the centre."""
RUNNING: Final = 0
OUT: Final = 1
BLOCKED: Final = 2


def action_limit(tiles: int, players: int) -> int:
    """More actions than any round with ``tiles`` tiles in play can take.

    Every tile is played at most once and drawn at most once; a pass follows a draw, or
    else some seat holds a playable tile and plays within ``players`` turns (a round in
    which nobody can play or draw ends at once). A round that goes on past this is a bug.
    """
    return (tiles + 1) * (players + 3)


def shuffle_drawn(items: list[Any], getrandbits: Callable[[int], int]) -> None:
    """Shuffle ``items`` in place exactly as ``Random.shuffle`` does when ``getrandbits`` is
    that generator's (the same draws, the same order): every deal shuffles, compiled."""
    i = len(items) - 1
    while i > 0:
        n = i + 1
        bits = 0
        rest = n
        while rest:
            rest >>= 1
            bits += 1
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
        i -= 1


def hand_masks(hands: Sequence[Sequence[Any]]) -> list[int]:
    """The bit mask (bit ``t.index`` for tile ``t``) of each hand of tiles: every round
    starts from its deal's hands, compiled."""
    masks: list[int] = []
    for hand in hands:
        mask = 0
        for tile in hand:
            index: int = tile.index
            mask |= 1 << index
        masks.append(mask)
    return masks


def too_long(limit: int) -> EngineError:
    return EngineError(f"a round went on past {limit} actions, which no legal round can take")


PLAYABLE: dict[int, int] = {}
"""``PLAYABLE[open_numbers]``: what :func:`playable_mask` found for those open numbers."""
_WEIGHTS: dict[int, tuple[int, ...]] = {}


def playable_mask(open_numbers: int) -> int:
    """Tiles that fit some open end, for a bitmask of open numbers."""
    mask = PLAYABLE.get(open_numbers)
    if mask is None:
        mask = 0
        for n in indices_of(open_numbers):
            mask |= NUMBER_MASK[n]
        PLAYABLE[open_numbers] = mask
    return mask


def weights(blank_points: int) -> tuple[int, ...]:
    """Penalty points of each tile when left in hand."""
    weights = _WEIGHTS.get(blank_points)
    if weights is None:
        weights = _WEIGHTS[blank_points] = (blank_points, *PIPS[1:])
    return weights


class FastRound:
    """One round of Chicken Foot in its compact form (see the module docstring)."""

    __slots__ = (
        "blank_points",
        "boneyard",
        "centre",
        "counts",
        "double_out",
        "double_out_points",
        "drawn_must_play",
        "drew",
        "end",
        "foot",
        "foot_toes",
        "hands",
        "limit",
        "need",
        "next_draw",
        "open_mask",
        "players",
        "plies",
        "stop",
        "turn",
    )

    players: int
    hands: list[int]
    boneyard: list[int]
    next_draw: int
    stop: int
    """Boneyard tiles from this index on are never drawn."""
    counts: list[int]
    open_mask: int
    foot: int
    need: int
    foot_toes: int
    centre: int
    """Index of the round's double while it waits to be placed, else -1."""
    turn: int
    drew: bool
    end: int
    double_out: bool
    """The round ended with a player going out on a double."""
    plies: int
    """Actions taken so far in this round's state."""
    limit: int
    """:func:`action_limit` of this round: :attr:`plies` never passes it."""
    drawn_must_play: bool
    blank_points: int
    double_out_points: int

    @classmethod
    def start(
        cls,
        *,
        top: int,
        double: int,
        hands: list[int],
        boneyard: list[int],
        first: int,
        centre_toes: int,
        foot_toes: int,
        undrawn: int,
        drawn_must_play: bool,
        blank_points: int,
        double_out_points: int,
        placed: bool,
    ) -> FastRound:
        """A round whose ``double`` waits in the centre for ``centre_toes`` toes, or, if not
        ``placed``, waits to be placed by its holder (or whoever draws it)."""
        return cls.position(
            counts=[0] * (top + 1),
            foot=double,
            need=centre_toes,
            hands=hands,
            boneyard=boneyard,
            drawable=max(0, len(boneyard) - undrawn),
            turn=first,
            foot_toes=foot_toes,
            drawn_must_play=drawn_must_play,
            blank_points=blank_points,
            double_out_points=double_out_points,
            centre=-1 if placed else double * (double + 1) // 2 + double,
        )

    @classmethod
    def position(
        cls,
        *,
        counts: list[int],
        foot: int,
        need: int,
        hands: list[int],
        boneyard: list[int],
        drawable: int,
        turn: int,
        foot_toes: int,
        drawn_must_play: bool,
        blank_points: int,
        double_out_points: int,
        centre: int,
        drew: bool = False,
    ) -> FastRound:
        """Any position: open ends counted per number, the incomplete foot (``foot`` < 0 for
        none) and its missing toes, the hands, and the boneyard of which the first
        ``drawable`` tiles may be drawn; ``centre``: the round's double if still unplaced."""
        r = cls()
        r.players = len(hands)
        r.hands = list(hands)
        r.boneyard = list(boneyard)
        r.next_draw = 0
        r.stop = drawable
        r.counts = list(counts)
        r.open_mask = sum(1 << n for n, c in enumerate(counts) if c)
        r.foot = foot
        r.need = need
        r.foot_toes = foot_toes
        r.centre = centre
        r.turn = turn
        r.drew = drew
        r.end = RUNNING
        r.double_out = False
        r.plies = 0
        r.limit = action_limit(sum(h.bit_count() for h in hands) + len(boneyard) + 1, r.players)
        r.drawn_must_play = drawn_must_play
        r.blank_points = blank_points
        r.double_out_points = double_out_points
        r._check_blocked()
        return r

    def copy(self) -> FastRound:
        r = FastRound()
        r.players = self.players
        r.hands = self.hands[:]
        r.boneyard = self.boneyard
        r.next_draw = self.next_draw
        r.stop = self.stop
        r.counts = self.counts[:]
        r.open_mask = self.open_mask
        r.foot = self.foot
        r.need = self.need
        r.foot_toes = self.foot_toes
        r.centre = self.centre
        r.turn = self.turn
        r.drew = self.drew
        r.end = self.end
        r.double_out = self.double_out
        r.plies = self.plies
        r.limit = self.limit
        r.drawn_must_play = self.drawn_must_play
        r.blank_points = self.blank_points
        r.double_out_points = self.double_out_points
        return r

    # -- queries ---------------------------------------------------------------------------

    def playable(self, hand: int) -> int:
        """The tiles of ``hand`` that may be played now."""
        if self.centre >= 0:
            return hand & 1 << self.centre
        if self.foot >= 0:
            return hand & NUMBER_MASK[self.foot]
        return hand & playable_mask(self.open_mask)

    def can_draw(self) -> bool:
        return self.next_draw < self.stop

    def drawable(self) -> int:
        """How many tiles may still be drawn (the tiles kept back never are)."""
        return self.stop - self.next_draw

    def legal_moves(self) -> list[int]:
        """Every legal move; plays by tile index then number, then draw, then pass."""
        if self.end:
            return []
        hand = self.hands[self.turn]
        moves: list[int] = []
        if self.centre >= 0:
            if hand >> self.centre & 1:
                return [self.centre << 5 | PLACE]
        else:
            legal = self.playable(hand)
            foot = self.foot
            om = self.open_mask
            while legal:
                low = legal & -legal
                legal ^= low
                i = low.bit_length() - 1
                if foot >= 0:
                    moves.append(i << 5 | foot)
                    continue
                a = HI[i]
                b = LO[i]
                if b != a and om >> b & 1:
                    moves.append(i << 5 | b)
                if om >> a & 1:
                    moves.append(i << 5 | a)
        if self.drew:
            if not moves or not self.drawn_must_play:
                moves.append(PASS)
        elif not moves:
            moves.append(DRAW if self.can_draw() else PASS)
        return moves

    def points(self) -> list[int]:
        """Penalty points per seat for the tiles now in hand (and for going out on a
        double, where the rules charge for it)."""
        weight = weights(self.blank_points)
        out = []
        for hand in self.hands:
            total = 0
            while hand:
                low = hand & -hand
                total += weight[low.bit_length() - 1]
                hand ^= low
            out.append(total)
        if self.double_out:
            out[self.turn] = self.double_out_points
        return out

    # -- transitions (callers guarantee legality) ------------------------------------------

    def play(self, index: int, number: int) -> None:
        """Play tile ``index`` on an open end (or the incomplete foot) showing ``number``,
        or place the round's double (``number`` = :data:`PLACE`)."""
        self.plies += 1
        seat = self.turn
        hand = self.hands[seat] ^ (1 << index)
        self.hands[seat] = hand
        counts = self.counts
        a = HI[index]
        b = LO[index]
        if number == PLACE:
            self.centre = -1
        elif self.foot >= 0:
            self.need -= 1
            if not self.need:
                self.foot = -1
        else:
            counts[number] -= 1
            if not counts[number]:
                self.open_mask ^= 1 << number
            if a == b:
                self.foot = a
                self.need = self.foot_toes
        if a != b:
            other = a + b - number
            counts[other] += 1
            self.open_mask |= 1 << other
        if not hand:
            self.end = OUT
            self.double_out = a == b
            return
        self.drew = False
        self.turn = (seat + 1) % self.players
        if self.next_draw >= self.stop:
            self._check_blocked()

    def draw(self) -> int:
        """Move the next boneyard tile to the hand of the seat to play; returns its index."""
        self.plies += 1
        index = self.boneyard[self.next_draw]
        self.next_draw += 1
        self.hands[self.turn] |= 1 << index
        self.drew = True
        if self.next_draw >= self.stop:
            self._check_blocked()
        return index

    def pass_turn(self) -> None:
        self.plies += 1
        self.drew = False
        self.turn = (self.turn + 1) % self.players

    def apply(self, move: int) -> None:
        if move >= 0:
            self.play(move >> 5, move & 31)
        elif move == DRAW:
            self.draw()
        else:
            self.pass_turn()

    def _check_blocked(self) -> None:
        """A round ends at once when nothing can be drawn and no seat holds a legal tile."""
        if self.centre >= 0 or self.next_draw < self.stop:
            return
        if self.foot >= 0:
            playable = NUMBER_MASK[self.foot]
        else:
            playable = PLAYABLE.get(self.open_mask) or playable_mask(self.open_mask)
        for hand in self.hands:
            if hand & playable:
                return
        self.end = BLOCKED
