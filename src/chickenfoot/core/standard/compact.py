"""Whole games of the standard games played on integers, for players that pick one of the
legal actions from their list alone (the random and the greedy bot).

A hand is dealt and started as every hand is (:meth:`StandardGame.deal_next`: the deal, the
leader, the :class:`HandState`), then played out by :func:`play_hand` on integers: the hands
are the state's bitmasks, the layout its open ends in the integer form of
:mod:`chickenfoot.core.standard.layout` (``tile_id << 5 | number``), and every action is
logged as an integer. At its end the hand state is settled (:meth:`HandState.settle`: the
winner and the points) and the game books it; the record is made of the logs only when it
is asked for (:func:`logged_record`).

The legal actions are exactly :meth:`HandState.legal_actions`, in the same order, each
written as an *option* (the form :mod:`chickenfoot.core.compact` gives Chicken Foot's):
``tile_index << 13 | tile_id << 5 | number`` for a play, ``tile_index << 13 | PLACE`` for the
lead, :data:`~chickenfoot.core.fast.DRAW` and :data:`~chickenfoot.core.fast.PASS`. A picker
given the same list as a bot's view makes the same choice, so the game is the one the rules
path plays (the tests play both and compare the records).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any

from chickenfoot.core.compact import uniform_random
from chickenfoot.core.compact_loop import DRAWN, SEAT_BITS, Picker, kth_tile, record_actions
from chickenfoot.core.fast import DRAW, PASS, PLACE, action_limit, too_long
from chickenfoot.core.pieces import RoundEnd, round_rng
from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import HandState
from chickenfoot.core.standard.layout import ends_total_of, headers_of, playable_of, plays_of
from chickenfoot.core.standard.record import to_record
from chickenfoot.core.standard.rules import PlayScoring, StandardRules
from chickenfoot.core.tiles import HI, LO, NUMBER_MASK, indices_of, set_size

HandLog = tuple[list[int], dict[int, int]]
"""A hand as :func:`play_hand` logs it: every action (``option << SEAT_BITS | seat``, a
draw's option being ``DRAWN - drawn_tile_index``, as :func:`compact.record_actions` reads
them), and the points of each play that scored, by its place in the log."""

_END_BITS = (1 << 13) - 1
"""The end (``tile_id << 5 | number``) of a play option."""


def play_hand(
    hand: HandState,
    pickers: Sequence[Picker],
    randoms: Sequence[Callable[[], float] | None],
) -> HandLog:
    """Play ``hand`` (just started, no action yet) to its end, each seat's action picked by
    its picker, or drawn at once from ``randoms[seat]`` where the picker is uniform (see
    :class:`~chickenfoot.core.compact.UniformPicker`); then settle it. Its :attr:`hands`
    and :attr:`scored` follow the play; its layout and history stay empty."""
    rules = hand.rules
    hands = hand.hands
    boneyard = hand.boneyard
    lead = hand.lead_tile
    stop = hand.stop if rules.drawing else 0
    next_draw = 0
    must_play = rules.drawn_tile_must_be_played
    has_spinner = rules.spinner
    scoring = rules.play_scoring is not PlayScoring.NONE
    fives = rules.play_scoring is PlayScoring.FIVES
    number_mask = NUMBER_MASK
    following = [*range(1, rules.players), 0]
    limit = action_limit(set_size(rules.set_top), rules.players)
    log: list[int] = []
    scores: dict[int, int] = {}
    held = 0
    for mine in hands:
        held |= mine
    ends: list[int] = []
    """The open ends (see :mod:`~chickenfoot.core.standard.layout`); empty until the lead."""
    twice = -1
    """The tile id whose one end in ``ends`` stands for two, or -1."""
    doubles = 0
    """Bitmask of the tile ids that are doubles."""
    spinner = -1
    sides = 0
    """Sides of the spinner still uncovered."""
    placed = 0
    seat = hand.turn
    drew = False
    plies = 0
    while True:
        mine = hands[seat]
        random = randoms[seat]
        if not ends:
            if plies >= limit:
                raise too_long(limit)
            plies += 1
            leads = list(indices_of(mine)) if lead is None else [lead.index]
            if random is None:
                option = pickers[seat]([i << 13 | PLACE for i in leads])
            else:
                option = leads[int(random() * len(leads))] << 13 | PLACE
        else:
            simple = False
            if len(ends) == 2:
                ea, eb = ends
                ma = number_mask[ea & 31]
                mb = number_mask[eb & 31]
                la = mine & ma
                lb = mine & mb
                legal = la | lb
                count = la.bit_count() + lb.bit_count()
                simple = not la & lb
            else:
                legal = count = 0
                for e in ends:
                    fit = mine & number_mask[e & 31]
                    legal |= fit
                    count += fit.bit_count()
            if count:
                tail = PASS if drew and not must_play else 0
            elif next_draw < stop:
                tail = DRAW
            else:
                # blocked if no seat can play either: the hand ended with the last action
                playable = ma | mb if len(ends) == 2 else playable_of(ends)
                if not held & playable:
                    end = RoundEnd.BLOCKED
                    break
                tail = PASS
            if plies >= limit:
                raise too_long(limit)
            plies += 1
            if random is None:
                options = plays_of(legal, ends)
                if tail:
                    options.append(tail)
                option = pickers[seat](options)
            else:
                k = int(random() * (count + (tail != 0)))
                if k == count:
                    option = tail
                elif simple:
                    tile = kth_tile(legal, k)
                    option = tile << 13 | (ea if la >> tile & 1 else eb)
                else:
                    option = plays_of(legal, ends)[k]
        if option < 0:
            if option == PASS:
                log.append(PASS << SEAT_BITS | seat)
                seat = following[seat]
                drew = False
                continue
            tile = boneyard[next_draw]
            next_draw += 1
            hands[seat] = mine | 1 << tile
            held |= 1 << tile
            drew = True
            log.append((DRAWN - tile) << SEAT_BITS | seat)
            continue
        log.append(option << SEAT_BITS | seat)
        tile = option >> 13
        mine ^= 1 << tile
        hands[seat] = mine
        held ^= 1 << tile
        a = HI[tile]
        b = LO[tile]
        if not ends:  # the lead
            if a == b:
                ends = [a]
                twice = 0
                if has_spinner:
                    spinner = 0
                    sides = 2
            else:
                ends = [b, a]
        else:
            entry = option & _END_BITS
            on = entry >> 5
            if on == twice:
                twice = -1
            else:
                ends.remove(entry)
            if on == spinner and sides:
                sides -= 1
                if not sides:  # both sides covered: its two ends open
                    twice = on
                    insort(ends, entry)
            ends.append(placed << 5 | (a + b - (entry & 31)))
        if a == b:
            doubles |= 1 << placed
            if has_spinner and spinner < 0:
                spinner = placed
                sides = 1
        placed += 1
        if scoring:
            if fives:
                count = ends_total_of(ends, doubles, spinner, sides)
            else:
                count = headers_of(ends, twice, doubles)
            points = hand.book_play(seat, count)
            if points:
                scores[len(log) - 1] = points
        if not mine:
            end = RoundEnd.OUT
            break
        seat = following[seat]
        drew = False
    hand.settle(end, seat, next_draw, drew)
    return log, scores


def play_match(
    rules: StandardRules, players: Sequence[str], seed: int, pickers: Sequence[Picker]
) -> tuple[StandardGame, list[HandLog]]:
    """A whole game of compact hands, dealt as every game is (each hand from the seed and its
    number): the game (for its points and outcome; its hands keep no history) and each
    hand's log (:func:`play_hand`), which its record is made of."""
    game = StandardGame(list(players), rules, seed)
    randoms = [uniform_random(p) for p in pickers]
    logs: list[HandLog] = []
    while not game.is_over:
        hand = game.deal_next(round_rng(seed, len(game.rounds)))
        logs.append(play_hand(hand, pickers, randoms))
        game.finish_round_if_over()
    return game, logs


def logged_record(
    game: StandardGame, logs: Sequence[HandLog], *, encoded: bool = False
) -> dict[str, Any]:
    """The record of a game played by :func:`play_match`, from each hand's log.
    ``encoded`` (a record only to be written, which may hold JSON text already) changes
    nothing here: the hands' actions carry their scores."""
    actions = []
    for log, scores in logs:
        hand_actions = record_actions(log)
        for j, points in scores.items():
            hand_actions[j]["score"] = points
        actions.append(hand_actions)
    return to_record(game, actions)
