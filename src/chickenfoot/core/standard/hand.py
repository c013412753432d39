"""One hand of a standard game: the deal, the leader, legal actions, applying them, the end.

Actions are the core's :class:`~chickenfoot.core.actions.Play`, :class:`Draw` and
:class:`Pass`. The first tile of a hand, the lead, is ``Play(tile, None)``: it is played on
nothing (its record form is ``{"seat": s, "play": "6-6", "on": null}``) and becomes tile 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from chickenfoot.core.actions import (
    DRAW,
    LEADS,
    PASS,
    PLAYS,
    Action,
    Draw,
    Event,
    IllegalActionError,
    Pass,
    Play,
    play_on,
)
from chickenfoot.core.common import RoundBase, may_end
from chickenfoot.core.fast import action_limit, too_long
from chickenfoot.core.messages import CodedError
from chickenfoot.core.pieces import Deal, Place, Placed, RoundEnd
from chickenfoot.core.projection import SeenHistories
from chickenfoot.core.standard.layout import Layout, playable_of, plays_of
from chickenfoot.core.standard.rules import (
    BlockedScore,
    BlockedWinner,
    HandScoring,
    Leader,
    NextLeader,
    PlayScoring,
    StandardRules,
)
from chickenfoot.core.tiles import (
    PIPS,
    TILES,
    Tile,
    deal_message,
    full_set,
    indices_of,
    mask_of,
    set_size,
    tiles_of,
)


def _play(option: int) -> Play:
    """The play of the option ``tile_index << 13 | tile_id << 5 | number`` (shared)."""
    return play_on(option >> 13, (option >> 5) & 0xFF)


_EVENTS: dict[int, Event] = {}
"""``Event(seat, action)`` of the shared actions (a play that scored nothing, a pass), by
``id(action) << 3 | seat``: events are values too."""


def _shared_event(seat: int, action: Action) -> Event:
    """``Event(seat, action)``, made once for ``action``, one of the shared actions (the
    event kept here keeps its action alive, so no other object ever takes that id)."""
    event = _EVENTS[id(action) << 3 | seat] = Event(seat, action)
    return event


def _pips(mask: int) -> int:
    """The pips of the tiles of the bitmask ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total


class DealError(CodedError):
    """Hands and a boneyard that are not a deal of the set these rules use (a ``ValueError``
    with a code, see :mod:`chickenfoot.core.messages`)."""


def deal(rules: StandardRules, rng: Random, lot: bool | None = None) -> Deal:
    """Shuffle the set and deal it, seat 0's tiles first; then draw the lot, if it decides
    who leads (``lot`` None: whenever the leader is drawn by lot)."""
    tiles = full_set(rules.set_top)
    rng.shuffle(tiles)
    size = rules.hand_size
    hands = tuple(tuple(tiles[s * size : (s + 1) * size]) for s in range(rules.players))
    if lot is None:
        lot = rules.leader is Leader.LOT
    seat = rng.randrange(rules.players) if lot else None
    return Deal(hands, tuple(tiles[rules.players * size :]), lot=seat)


def check_deal(rules: StandardRules, dealt: Deal) -> None:
    """Raise :class:`DealError` unless ``dealt`` deals this set as these rules say."""
    if len(dealt.hands) != rules.players:
        raise DealError("hands-for-players", hands=len(dealt.hands), players=rules.players)
    for seat, hand in enumerate(dealt.hands):
        if len(hand) != rules.hand_size:
            raise DealError("seat-holds", seat=seat, count=len(hand), size=rules.hand_size)
    problem = deal_message([*dealt.boneyard, *(t for h in dealt.hands for t in h)], rules.set_top)
    if problem is not None:
        raise DealError(problem)
    if dealt.lot is not None and not 0 <= dealt.lot < rules.players:
        raise DealError("lot-no-seat", lot=dealt.lot, players=rules.players)


def leader_of(
    rules: StandardRules, dealt: Deal, number: int, last_out: int | None = None
) -> tuple[int, Tile | None]:
    """The seat that leads hand ``number`` (0-based) and the tile it must lead, if any.

    ``last_out`` is the seat that went out in the previous hand (None if it was blocked or
    this is the first hand); it leads when ``next_leader`` is ``winner``."""
    if last_out is not None and rules.next_leader is NextLeader.WINNER:
        return last_out, None
    if rules.leader is Leader.ROTATE:
        return number % rules.players, None
    if rules.leader is Leader.LOT:
        if dealt.lot is None:
            raise DealError("lot-missing")
        return dealt.lot, None
    highest = rules.leader is Leader.HIGHEST_DOUBLE
    seat, tile = _double_holder(dealt.hands, highest)
    if tile is None:
        held = {t: s for s, hand in enumerate(dealt.hands) for t in hand}
        if highest:
            tile = max(held, key=lambda t: (t.pips, t.hi))
        else:
            tile = min(held, key=lambda t: (t.pips, t.lo))
        seat = held[tile]
    return seat, tile if rules.lead_deciding_tile else None


def _double_holder(hands: Sequence[Sequence[Tile]], highest: bool) -> tuple[int, Tile | None]:
    """``(seat, double)``: the highest (else the lowest) double dealt and who holds it;
    ``(-1, None)`` if no double was dealt."""
    seat, found = -1, None
    for s, hand in enumerate(hands):
        for tile in hand:
            if tile.hi == tile.lo and (
                found is None or (tile.hi > found.hi if highest else tile.hi < found.hi)
            ):
                seat, found = s, tile
    return seat, found


class HandState(RoundBase):
    """A hand in play. :meth:`legal_actions` and :meth:`apply` speak in tile ids; scores are
    kept per side (:attr:`StandardRules.sides`)."""

    def __init__(
        self,
        rules: StandardRules,
        dealt: Deal,
        first: int,
        lead: Tile | None,
        base: Sequence[int],
        check: bool = True,
    ) -> None:
        """``first`` leads (with ``lead`` if the leader must lead a given tile); ``base`` is
        each side's game total before this hand (Bergen's scores depend on it). ``check``
        False: ``dealt`` is known to be a deal for these rules (:func:`deal` made it)."""
        if check:
            check_deal(rules, dealt)
        if not 0 <= first < rules.players:
            raise DealError("no-seat-to-lead", seat=first)
        if lead is not None and lead not in dealt.hands[first]:
            raise DealError("lead-not-held", seat=first, tile=str(lead))
        sides = len(rules.sides)
        self.rules = rules
        self.dealt = dealt
        self.first = first
        self.lead_tile = lead
        self.base = list(base)
        self.hands = [mask_of(h) for h in dealt.hands]
        self.boneyard = [t.index for t in dealt.boneyard]
        self.next_draw = 0
        self.stop = len(self.boneyard) - min(rules.undrawn, len(self.boneyard))
        """Index in the boneyard past the last tile that may be drawn."""
        self.turn = first
        self.drew = False
        """The seat to act has drawn this turn."""
        self.layout = Layout(rules.spinner)
        self.history: list[Event] = []
        self._seen = SeenHistories(self.history, rules.players)
        self.scored = [0] * sides
        """Points each side scored during play this hand."""
        self.end: RoundEnd | None = None
        self.winner: int | None = None
        """The side that won the hand, once it ended (None: nobody, a tie)."""
        self.tied: tuple[int, ...] = ()
        """The sides that tied for the win of a blocked hand."""
        self.end_points = [0] * sides
        """Points each side scored when the hand ended."""
        self._legal: list[Action] | None = None
        """The legal actions of this position, once worked out."""
        self._options: list[int] = []
        """The option of each play in :attr:`_legal` (see :meth:`_work_out_legal`)."""
        self._limit = action_limit(set_size(rules.set_top), rules.players)
        """More actions than any hand can take (:func:`action_limit`)."""
        self._scores_play = rules.play_scoring is not PlayScoring.NONE

    def copy(self) -> HandState:
        """An independent copy (the deal and the events are shared: they are immutable)."""
        other = HandState.__new__(HandState)
        for name, value in vars(self).items():
            setattr(other, name, value[:] if isinstance(value, list) else value)
        other.layout = self.layout.copy()
        other._seen = self._seen.copy(other.history)
        return other

    # -- reading the position --------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    def hand(self, seat: int) -> list[Tile]:
        return tiles_of(self.hands[seat])

    def hand_sizes(self) -> list[int]:
        return [h.bit_count() for h in self.hands]

    def pips(self, seat: int) -> int:
        return _pips(self.hands[seat])

    @property
    def boneyard_size(self) -> int:
        """Tiles left in the boneyard (drawable or not)."""
        return len(self.boneyard) - self.next_draw

    @property
    def double_tile(self) -> Tile | None:
        """No round double: the standard games start with a lead."""
        return None

    def board(self) -> list[Placed]:
        return self.layout.placed()

    @property
    def placed_count(self) -> int:
        """Tiles on the table."""
        return len(self.layout)

    def placed(self, tile_id: int) -> Placed:
        """The tile with this id as it lies on the table now."""
        return self.layout.placed_tile(tile_id)

    def place_for(self, tile: Tile, on: int | None, number: int | None, upto: int) -> Place:
        """Where ``tile`` would lie, laid on tile ``on`` against ``number`` when the first
        ``upto`` tiles were all that was placed."""
        return self.layout.place_for(tile, on, number, upto)

    def open_ends(self) -> list[tuple[int, int]]:
        return self.layout.open_ends()

    def public_facts(self) -> dict[str, object]:
        """What this game shows everyone besides hands, boneyard and board: the spinner, the
        count of the ends and the points scored in the hand so far."""
        return {
            "spinner": self.layout.spinner,
            "ends_total": self.layout.ends_total(),
            "hand_points": self.seat_points(),
        }

    def upcoming_draw(self) -> Tile | None:
        """The tile a draw would take now, if a tile may be drawn."""
        return TILES[self.boneyard[self.next_draw]] if self.drawable else None

    def boneyard_tiles(self) -> list[Tile]:
        """Tiles still in the boneyard, the next draw first (undrawable ones included)."""
        return [TILES[i] for i in self.boneyard[self.next_draw :]]

    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn."""
        return self.stop - self.next_draw if self.rules.drawing else 0

    def points(self) -> list[int]:
        """Points per side this hand: scored in play, plus at the end once it ended."""
        return [a + b for a, b in zip(self.scored, self.end_points, strict=True)]

    def seat_points(self) -> list[int]:
        """:meth:`points` per seat (partners show their side's points)."""
        points = self.points()
        return [points[side] for side in self.rules.seat_sides]

    # -- actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Leads ordered by tile index (0-0, 1-0, 1-1, 2-0, ...); or plays ordered by tile
        index then target id (then ``Pass()`` if a drawn tile may be kept); or ``Draw()``;
        or ``Pass()``. Empty once the hand is over. Worked out once per position."""
        legal = self._legal
        if legal is None:
            legal = self._work_out_legal()
        return legal[:]

    def _work_out_legal(self) -> list[Action]:
        """Work out the legal actions of this position and keep them, with the option of
        each play (``tile_index << 13 | tile_id << 5 | number``: the number it goes on)."""
        ends = self.layout.ends
        if ends and self.end is None:
            options = plays_of(self.hands[self.turn], ends)
            known = PLAYS
            legal: list[Action] = [known.get(o >> 5) or _play(o) for o in options]
            if not legal:
                legal = [DRAW] if self.drawable else [PASS]
            elif self.drew and not self.rules.drawn_tile_must_be_played:
                legal.append(PASS)
        elif self.end is not None:
            options = []
            legal = []
        else:  # nothing led yet (a layout always has an open end)
            lead = self.lead_tile
            options = list(indices_of(self.hands[self.turn])) if lead is None else [lead.index]
            legal = [LEADS[i] for i in options]
        self._legal = legal
        self._options = options
        return legal

    def apply(self, action: Action) -> Event:
        """Carry out ``action`` for the seat to act; raises :class:`IllegalActionError`.

        An action object taken from :meth:`legal_actions` of this very position is known to
        be legal and is not checked again."""
        k = -1
        for i, legal in enumerate(self._legal or ()):
            if legal is action:
                k = i
                break
        else:
            self._check(action)
        if len(self.history) >= self._limit:
            raise too_long(self._limit)
        seat = self.turn
        if isinstance(action, Play):
            tile = action.tile
            hand = self.hands[seat] & ~(1 << tile.index)
            self.hands[seat] = hand
            layout = self.layout
            on = action.on
            if on is None:
                layout.lead(tile)
            else:
                number = self._options[k] & 31 if k >= 0 else layout.number_for(tile, on)
                assert number is not None
                layout.place(tile, on, number)
            score = self._score_play(seat) if self._scores_play else 0
            if score or k < 0:
                event = Event(seat, action, None, score)
            else:
                event = _EVENTS.get(id(action) << 3 | seat) or _shared_event(seat, action)
            self.history.append(event)
            if not hand:
                self._legal = None
                self._finish(RoundEnd.OUT)
                return event
            self.turn = (seat + 1) % self.rules.players
            self.drew = False
        elif isinstance(action, Draw):
            index = self.boneyard[self.next_draw]
            self.next_draw += 1
            self.hands[seat] |= 1 << index
            self.drew = True
            event = Event(seat, action, TILES[index])
            self.history.append(event)
        else:
            if k < 0:
                event = Event(seat, action)
            else:
                event = _EVENTS.get(id(action) << 3 | seat) or _shared_event(seat, action)
            self.history.append(event)
            self._next_turn()
        if self._work_out_legal()[0] is PASS and self._blocked():
            self._legal = None
            self._finish(RoundEnd.BLOCKED)
        return event

    def may_end(self, action: Action) -> bool:
        """See :func:`~chickenfoot.core.common.may_end`."""
        held = self.hands[self.turn].bit_count()
        return may_end(action, self.drawable, held, len(self.history) >= self._limit)

    def seen_history(self, seat: int) -> tuple[Event, ...]:
        """The hand's actions as ``seat`` may see them."""
        return self._seen.of(seat)

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.drew = False

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` saying why ``action`` is not legal now."""
        if self.end is not None:
            raise IllegalActionError("hand-over")
        seat = self.turn
        legal = self.legal_actions()
        if action in legal:
            return
        can_play = any(isinstance(a, Play) for a in legal)
        if isinstance(action, Draw):
            if can_play:
                raise IllegalActionError("must-play", seat=seat)
            if not self.rules.drawing:
                raise IllegalActionError("no-drawing", game=self.rules.game.value, seat=seat)
            raise IllegalActionError("nothing-to-draw")
        if isinstance(action, Pass):
            if can_play:
                raise IllegalActionError("must-play", seat=seat)
            raise IllegalActionError("must-draw", seat=seat)
        tile = action.tile
        if not self.hands[seat] >> tile.index & 1:
            raise IllegalActionError("not-held", seat=seat, tile=str(tile))
        if action.on is None:
            if self.layout:
                raise IllegalActionError("led-already")
            raise IllegalActionError("must-lead", seat=seat, tile=str(self.lead_tile))
        if not self.layout:
            raise IllegalActionError("lead-first")
        if not 0 <= action.on < len(self.layout):
            raise IllegalActionError("no-such-tile", on=action.on)
        target = self.layout.tiles[action.on]
        if not self.layout.open[action.on]:
            raise IllegalActionError("no-open-end", on=action.on, target=str(target))
        ends = " or ".join(map(str, sorted(set(self.layout.open[action.on]))))
        raise IllegalActionError("no-match-ends", tile=str(tile), ends=ends, on=action.on)

    def _score_play(self, seat: int) -> int:
        scoring = self.rules.play_scoring
        if scoring is PlayScoring.NONE:
            return 0
        layout = self.layout
        count = layout.ends_total() if scoring is PlayScoring.FIVES else layout.headers()
        return self.book_play(seat, count)

    def book_play(self, seat: int, count: int) -> int:
        """Book what the play ``seat`` just made scores, ``count`` being the layout's count
        after it (:meth:`Layout.ends_total` in All Fives, :meth:`Layout.headers` in Bergen):
        a multiple of five scores itself, a header its value, less near the target where
        the rules limit it. Returns the points."""
        rules = self.rules
        if rules.play_scoring is PlayScoring.FIVES and count % 5:
            return 0
        points = count
        side = rules.side_of(seat)
        if points and rules.near_target_limit and rules.target:
            need = rules.target - self.base[side] - self.scored[side]
            if need <= 2:
                points = 1
            elif need == 3:
                points = min(points, 2)
        self.scored[side] += points
        return points

    def settle(self, end: RoundEnd, turn: int, next_draw: int, drew: bool) -> None:
        """End the hand as it was played out elsewhere (on the compact state, which kept
        :attr:`hands` and :attr:`scored` up to date but not :attr:`layout` nor
        :attr:`history`): ``turn``, ``next_draw`` and ``drew`` as they were when it ended
        (``turn``: the seat that went out, or the one to act when it blocked). Works out
        the winner and the points as :meth:`apply` does."""
        self.turn = turn
        self.next_draw = next_draw
        self.drew = drew
        self._legal = None
        self._finish(end)

    def _blocked(self) -> bool:
        ends = self.layout.ends
        if not ends or self.drawable:
            return False
        playable = playable_of(ends)
        return not any(hand & playable for hand in self.hands)

    def _finish(self, end: RoundEnd) -> None:
        rules = self.rules
        self.end = end
        side_pips = [0] * len(self.scored)
        for seat, side in enumerate(rules.seat_sides):
            side_pips[side] += _pips(self.hands[seat])
        decided_by_pips = end is RoundEnd.BLOCKED or not rules.out_wins
        if not decided_by_pips:
            self.winner = rules.side_of(self.turn)
        else:
            candidates = list(range(len(side_pips)))
            if rules.blocked_winner is BlockedWinner.DOUBLE_FREE:
                free = [
                    i
                    for i, side in enumerate(rules.sides)
                    if not any(TILES[t].is_double for s in side for t in indices_of(self.hands[s]))
                ]
                candidates = free or candidates
            low = min([side_pips[i] for i in candidates])
            lowest = tuple([i for i in candidates if side_pips[i] == low])
            if len(lowest) > 1:
                self.tied = lowest
                return
            self.winner = lowest[0]
        if rules.hand_scoring is HandScoring.BONUS:
            self.end_points[self.winner] = rules.bonus
            return
        others = sum(side_pips) - side_pips[self.winner]
        if decided_by_pips and rules.blocked_score is BlockedScore.DIFFERENCE:
            others = max(0, others - side_pips[self.winner])
        unit = rules.round_to
        self.end_points[self.winner] = (others + unit // 2) // unit * unit
