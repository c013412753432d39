"""A live table: one match of any game that people and bots act on, seat by seat.

The table deals every round itself, from its seed and the round's number alone
(:func:`round_rng`), so a match resumed from its record deals exactly what it would have dealt.
It takes actions from a named seat, refusing one that is not that seat's turn, and keeps a
versioned log: round dealt, every action, round end (every hand shown, the points), match
end. Version *v* is the state after the *v*-th entry.

For any viewer (a seat, or ``None`` for a spectator) :meth:`Table.entries` gives the log since
a version and :meth:`Table.snapshot` the view now, both as that viewer may see them
(:mod:`chickenfoot.core.projection`); the entries after a snapshot, applied to it, give the
later snapshot. The public part of each version and the legal actions of each position are
worked out once and shared by every viewer.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from chickenfoot.core import games
from chickenfoot.core.actions import Action, Draw, Event, Pass, Play
from chickenfoot.core.messages import CodedError
from chickenfoot.core.pieces import Placed, against, round_rng
from chickenfoot.core.projection import (
    NOTHING_SHOWN,
    RoundLike,
    Shown,
    Viewer,
    action_entry,
    check_viewer,
    hand_of,
    legal_for,
    match_end_entry,
    play_changes,
    public_now,
    round_end_entry,
    round_entry,
)
from chickenfoot.core.public_knowledge import Lacks, play_choices, playable_numbers
from chickenfoot.core.record_fields import RecordError, read_seed
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import (
    ActionEntry,
    Entry,
    MatchRules,
    PlayChoice,
    Public,
    Snapshot,
    StartDraw,
    WirePlaced,
    action_to_json,
    decode_action,
    placed_to_wire,
)


class TableError(CodedError):
    """An action refused for who sent it or when (not for what it is: that is an
    :class:`~chickenfoot.core.actions.IllegalActionError`); nothing changed."""


@dataclass(frozen=True, slots=True)
class Checked:
    """An action found legal by :meth:`Table.check`, and what taking it will make."""

    seat: int
    action: Action
    """The position's own legal action equal to the one asked (taking it checks nothing)."""
    action_json: dict[str, Any]
    """The action's JSON form, as the log will hold it."""
    record: dict[str, Any] | None
    """The match's record once the action is taken, if it ends the match (else None)."""
    final: games.AnyMatch | None
    """The match as the action ends it, if it does: a copy (the table's own is not
    changed)."""
    version: int
    """The table's version it was checked at."""
    trial: RoundLike | None
    """The round in play as the action leaves it, if the action may end it: a copy, which
    :meth:`Table.take` makes the table's own while the table is still at :attr:`version`
    (the action is applied once). None for an action of the position's own legal ones
    that cannot end the round: nothing is foretold of it but its JSON form, and
    :meth:`Table.take` applies it."""
    event: Event | None
    """What the action made, on :attr:`trial`."""


@dataclass(slots=True)
class _Fact:
    """One log entry as it happened, before any viewer's projection."""

    kind: Literal["round", "action", "round-end", "match-end"]
    round: int
    """0-based index of the round it belongs to."""
    public: Public | None = None
    legal: tuple[Action, ...] = ()
    """The legal actions of the seat to act afterwards."""
    legal_made: list[dict[str, Any]] | Literal[False] | None = False
    """The same in their JSON form (None when there are none), shared by every entry: made
    the first time they are shown (:meth:`legal_json`; False until then)."""
    board: tuple[Placed, ...] = ()
    """A round: the table as dealt."""
    event: Event | None = None
    action: dict[str, Any] | None = None
    """An action: its JSON form, shared by every entry."""
    placed: WirePlaced | None = None
    changed: tuple[WirePlaced, ...] = ()
    shown: Shown = NOTHING_SHOWN
    """An action: what it showed everyone besides itself."""

    upto: int = 0
    """How many tiles were placed in its round then."""
    plays_made: list[PlayChoice] | Literal[False] | None = False
    """The plays of :attr:`legal` grouped, with where each would lie, made the first time
    they are shown (:meth:`plays`)."""

    def legal_json(self) -> list[dict[str, Any]] | None:
        if self.legal_made is False:
            self.legal_made = [action_to_json(a) for a in self.legal] or None
        return self.legal_made

    def plays(self, state: RoundLike) -> list[PlayChoice] | None:
        """:attr:`plays_made`, ``state`` being its round now (whose board, to
        :attr:`upto`, is what it was then)."""
        if self.plays_made is False:
            upto = self.upto
            self.plays_made = play_choices(
                self.legal,
                lambda tile_id: state.placed(tile_id).tile,
                lambda tile, on, number: state.place_for(tile, on, number, upto),
            )
        return self.plays_made


class Table:
    """A match in play (see the module docstring)."""

    def __init__(
        self, players: Sequence[str], rules: games.AnyRules, seed: int, *, deal: bool = True
    ) -> None:
        self.match = games.new_match(list(players), rules, seed)
        self.seed = seed
        self._log: list[_Fact] = []
        self._action_versions: list[int] = []
        """The version each action made, in the order taken."""
        self._lacks = Lacks(len(players), rules.drawn_tile_must_be_played)
        """What the seats are known to lack in the round in play."""
        self._public_now: Public | None = None
        """The public part of the latest version that has one."""
        self._rules = MatchRules(rules.preset_name, rules.options())
        self._dealing = deal
        """Deal the next round as soon as one ends (not while a record's rounds are read)."""
        if deal:
            self._deal_next()

    @classmethod
    def from_record(cls, record: Any) -> Table:
        """The table a record (finished or not) left off at; a record of a match still in play
        needs its ``seed`` to deal the rounds to come. Raises :class:`RecordError`."""
        seed = read_seed(record)
        if seed is None:
            raise RecordError("resume-no-seed", "seed")
        table = cls._replayed(record, seed, None)
        table._dealing = True
        if table.match.current is None and not table.match.is_over:
            table._deal_next()
        return table

    @classmethod
    def of_record(cls, record: Any) -> Table:
        """The table of a record as it stands (with or without a seed: nothing more is
        dealt), for following its log. Raises :class:`RecordError`."""
        return cls._replayed(record, read_seed(record) or 0, None)

    @classmethod
    def with_hands(cls, record: Any) -> tuple[Table, list[list[list[Tile]]]]:
        """The table of a record (with or without a seed: nothing more is dealt) and every
        hand at every version from 0 on, for a replay that shows them all. Raises
        :class:`RecordError`."""
        hands: list[list[list[Tile]]] = [[]]
        return cls._replayed(record, read_seed(record) or 0, hands), hands

    @classmethod
    def _replayed(cls, record: Any, seed: int, hands: list[list[list[Tile]]] | None) -> Table:
        replayed = games.replay(record)
        table = cls(replayed.players, replayed.rules, seed, deal=False)
        for state in replayed.rounds:
            table._start(table.match.start_round(state.dealt))
            table._note_hands(hands)
            for event in state.history:
                table._apply(event.action)
                table._note_hands(hands)
        return table

    def _note_hands(self, hands: list[list[list[Tile]]] | None) -> None:
        """Every hand at each version added since ``hands`` was last noted."""
        if hands is None:
            return
        while len(hands) <= self.version:
            state = self.match.rounds[self._log[len(hands) - 1].round]
            hands.append([state.hand(s) for s in range(self.seats)])

    # -- reading ---------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self._log)

    @property
    def players(self) -> list[str]:
        return self.match.players

    @property
    def seats(self) -> int:
        return self.match.seats

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def turn(self) -> int | None:
        """The seat to act, None once the match is over."""
        state = self.match.current
        return None if state is None else state.turn

    @property
    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act now (none once the match is over)."""
        return self._log[-1].legal

    def record(self) -> dict[str, Any]:
        """The whole record, hidden tiles and all (for storing and resuming the table)."""
        return games.to_record(self.match)

    def view(self, seat: int) -> games.AnyView:
        """What ``seat`` may know now, as the bots read it."""
        return games.view(self.match, seat, self.match.rounds[-1])

    def entries(self, since: int, viewer: Viewer) -> list[Entry]:
        """The log after version ``since``, as ``viewer`` may see it."""
        check_viewer(viewer, self.seats)
        if not 0 <= since <= self.version:
            raise TableError("stale-version", version=self.version, asked=since)
        return [self._project(v, viewer) for v in range(since + 1, self.version + 1)]

    def entry(self, version: int, viewer: Viewer) -> Entry:
        """The log entry that made ``version`` (from 1), as ``viewer`` may see it."""
        check_viewer(viewer, self.seats)
        if not 1 <= version <= self.version:
            raise TableError("stale-version", version=self.version, asked=version)
        return self._project(version, viewer)

    def snapshot(self, viewer: Viewer) -> Snapshot:
        """What ``viewer`` may see of the table now."""
        check_viewer(viewer, self.seats)
        match = self.match
        state = self._round()
        last = self._log[-1]
        public = self._public()
        number = len(match.rounds)
        history = [
            entry
            for v, fact in enumerate(self._log, start=1)
            if fact.kind == "action" and fact.round == number - 1
            if isinstance(entry := self._project(v, viewer), ActionEntry)
        ]
        hand = hand_of(state, viewer)
        outcome = match.outcome()
        double = state.double_tile
        seats = range(self.seats)
        shows_legal = bool(legal_for(state, viewer, last.legal))
        legal_json = last.legal_json() if shows_legal else None
        board = [placed_to_wire(p) for p in state.board()]
        return Snapshot(
            v=self.version,
            game=match.rules.game_name,
            preset=match.rules.preset_name,
            players=list(match.players),
            rules=self._rules,
            sides=[match.rules.side_of(s) for s in seats],
            viewer=viewer,
            round=number,
            double=None if double is None else str(double),
            first=state.first,
            start_draw=[StartDraw(s, str(t)) for s, t in state.dealt.start_draw],
            lot=state.dealt.lot,
            hand=None if hand is None else [str(t) for t in hand],
            board=board,
            public=public,
            legal=legal_json,
            plays=last.plays(state) if shows_legal else None,
            history=history,
            end=None if state.end is None else state.end.value,
            shown=None if state.end is None else [[str(t) for t in state.hand(s)] for s in seats],
            round_points=[list(p) for p in match.points],
            totals=_booked(match),
            winners=list(outcome.winners) if outcome is not None else None,
        )

    # -- acting ----------------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> int:
        """``seat`` takes ``action``; the new version. Refuses (changing nothing) a seat that
        is not at the table or whose turn it is not, and an illegal action."""
        check_viewer(seat, self.seats)
        if self.match.is_over:
            raise TableError("match-over")
        turn = self._round().turn
        if seat != turn:
            raise TableError("not-your-turn", turn=turn, seat=seat)
        self._apply(action)
        return self.version

    def check(self, seat: int, action: Action) -> Checked:
        """What ``seat`` taking ``action`` would make, the table left as it is: refused as
        :meth:`act` refuses it. :meth:`take` then takes it without checking it again, so
        that the action can be stored before the table changes."""
        check_viewer(seat, self.seats)
        if self.match.is_over:
            raise TableError("match-over")
        state = self.match.rounds[-1]
        if seat != state.turn:
            raise TableError("not-your-turn", turn=state.turn, seat=seat)
        known = self._known(action)  # the position's own: not checked again
        if known is not None and not state.may_end(known):
            as_json = action_to_json(known)
            return Checked(seat, known, as_json, None, None, self.version, None, None)
        known = known or action
        trial = state.copy()
        event = trial.apply(known)  # raises IllegalActionError
        final = self._match_after(trial) if trial.end is not None else None
        record = None if final is None else games.to_record(final)
        as_json = action_to_json(event.action)
        return Checked(seat, known, as_json, record, final, self.version, trial, event)

    def take(self, checked: Checked) -> int:
        """Take an action :meth:`check` has found legal; the new version. The round it was
        checked on (if it was) becomes the table's, unless the table has moved on since:
        then the action is applied to the round as it is (raising
        :class:`IllegalActionError`, nothing changed, if it is no longer legal)."""
        self._apply(checked.action, checked if checked.version == self.version else None)
        return self.version

    def take_known(self, seat: int, action: Action) -> int:
        """Take an action another copy of this table has checked and taken (the owner of a
        table shared by several processes): it is matched to the position's legal actions,
        already worked out, and not checked again; the new version. One that is not among
        them means this copy has parted from the other's: :class:`TableError`
        ``stale-version``, nothing changed."""
        known = self._known(action) if seat == self.turn else None
        if known is None:
            raise TableError("stale-version", version=self.version, asked=self.version)
        self._apply(known)
        return self.version

    def _known(self, action: Action) -> Action | None:
        """The legal action of the position now equal to ``action`` (None: none is)."""
        for legal in self._log[-1].legal:
            if legal == action:
                return legal
        return None

    def _match_after(self, trial: RoundLike) -> games.AnyMatch | None:
        """The match once its round in play is ``trial`` (a copy an action has ended), if
        that ends it (the round may be followed by deals that end at once): worked out on a
        copy."""
        match = self.match.copy()
        match.adopt(trial)
        while match.current is None and not match.is_over:
            match.deal_next(round_rng(self.seed, len(match.rounds)))
        return match if match.is_over else None

    @property
    def actions(self) -> int:
        """How many actions have been taken."""
        return len(self._action_versions)

    def action_version(self, n: int) -> int:
        """The version action ``n`` (from 0, in the order taken) made."""
        return self._action_versions[n]

    def action_number(self, version: int) -> int | None:
        """The number of the action that made ``version`` (None: no action made it)."""
        n = bisect.bisect_left(self._action_versions, version)
        if n < len(self._action_versions) and self._action_versions[n] == version:
            return n
        return None

    def action_json(self, version: int) -> dict[str, Any]:
        """The JSON form of the action that made ``version`` (shared: not to be changed)."""
        fact = self._log[version - 1] if 1 <= version <= self.version else None
        if fact is None or fact.action is None:
            raise TableError("stale-version", version=self.version, asked=version)
        return fact.action

    def act_json(self, seat: int, data: bytes | str) -> int:
        """:meth:`act` with the action as JSON (``{"play": "9-3", "on": 4}``...)."""
        return self.act(seat, decode_action(data))

    # -- the log ---------------------------------------------------------------------------

    def _round(self) -> RoundLike:
        last: RoundLike = self.match.rounds[-1]
        return last

    def _deal_next(self) -> None:
        k = len(self.match.rounds)
        self._start(self.match.deal_next(round_rng(self.seed, k)))

    def _start(self, state: RoundLike) -> None:
        k = len(self.match.rounds) - 1
        board = tuple(state.board())
        self._lacks = Lacks(state.players, self.match.rules.drawn_tile_must_be_played)
        public = self._public_now = public_now(state, self._lacks.as_lists())
        legal = _legal(state)
        fact = _Fact("round", k, public, legal, board=board, upto=len(board))
        self._log.append(fact)
        self._finish_if_over(state)

    def _apply(self, action: Action, checked: Checked | None = None) -> None:
        """Take ``action``: applied to the round in play, or, ``checked`` with a trial,
        that trial adopted."""
        state = self._round()
        before = self._public()
        playable: list[int] = []
        target: Tile | None = None
        if isinstance(action, Draw | Pass):
            playable = playable_numbers((p.open for p in state.board()), before)
        elif action.on is not None and 0 <= action.on < state.placed_count:
            target = state.placed(action.on).tile
        if checked is None or checked.trial is None or checked.event is None:
            event = self.match.apply(action)
        else:
            state, event = checked.trial, checked.event
            self.match.adopt(state)
        placed, changed = play_changes(state, event)
        kept = self._lacks.act(event.seat, action, playable)
        if isinstance(action, Play):
            covered = None if target is None else against(action.tile, target)
            shown = Shown(covered=covered, kept=kept)
        else:
            shown = Shown(playable=tuple(playable), kept=kept)
        k = len(self.match.rounds) - 1
        public = self._public_now = public_now(state, self._lacks.as_lists())
        legal = _legal(state)
        fact = _Fact(
            "action",
            k,
            public,
            legal,
            event=event,
            action=action_to_json(event.action),
            placed=None if placed is None else placed_to_wire(placed),
            changed=tuple(placed_to_wire(p) for p in changed),
            shown=shown,
            upto=state.placed_count,
        )
        self._log.append(fact)
        self._action_versions.append(len(self._log))
        self._finish_if_over(state)

    def _finish_if_over(self, state: RoundLike) -> None:
        """After a round ends (a blocked deal may end it at once): its end, then the match's
        end or the next deal."""
        if state.end is None:
            return
        self._log.append(_Fact("round-end", len(self.match.rounds) - 1))
        if self.match.is_over:
            self._log.append(_Fact("match-end", len(self.match.rounds) - 1))
        elif self._dealing:
            self._deal_next()

    def _public(self) -> Public:
        """The public state now."""
        assert self._public_now is not None
        return self._public_now

    def _project(self, version: int, viewer: Viewer) -> Entry:
        fact = self._log[version - 1]
        state = self.match.rounds[fact.round]
        if fact.kind == "round":
            assert fact.public is not None
            return round_entry(
                version,
                fact.round + 1,
                state,
                fact.board,
                fact.public,
                viewer,
                fact.legal_json,
                partial(fact.plays, state),
            )
        if fact.kind == "action":
            assert fact.public is not None and fact.event is not None and fact.action is not None
            return action_entry(
                version,
                fact.event,
                fact.action,
                fact.placed,
                fact.changed,
                fact.public,
                viewer,
                fact.legal_json,
                partial(fact.plays, state),
                fact.shown,
            )
        points = self.match.points[fact.round]
        totals = [sum(p[s] for p in self.match.points[: fact.round + 1]) for s in range(self.seats)]
        if fact.kind == "round-end":
            return round_end_entry(version, state, points, totals)
        outcome = self.match.outcome()
        assert outcome is not None
        return match_end_entry(version, totals, outcome.winners)


def _legal(state: RoundLike) -> tuple[Action, ...]:
    return tuple(state.legal_actions())  # none once the round is over


def _booked(match: games.AnyMatch) -> list[int]:
    return [sum(points[s] for points in match.points) for s in range(match.seats)]
