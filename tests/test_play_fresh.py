"""The terminal marks every tile played since your last turn, in its player's colour."""

from __future__ import annotations

from random import Random

from chickenfoot.core.actions import Play
from chickenfoot.core.games import make_rules
from chickenfoot.core.table import Table
from chickenfoot.terminal.board import of_snapshot
from chickenfoot.terminal.describe import Words
from chickenfoot.terminal.render import BoardView, Marks, fresh_style, fresh_tiles, seats_text


def test_the_tiles_played_since_your_last_turn_are_each_marked_with_who_played_them() -> None:
    rules = make_rules("chickenfoot", 4, "classic", {"length": "single"})
    table = Table(["you", "a", "b", "c"], rules, 5)
    rng = Random(5)
    since_mine: dict[int, int] = {}
    checked = 0
    while not table.is_over:
        state = table.match.current
        assert state is not None
        seat = state.turn
        if seat == 0:
            assert fresh_tiles(table.snapshot(0)) == since_mine
            checked += 1
        action = rng.choice(state.legal_actions())
        placed = len(table.snapshot(None).board)
        table.act(seat, action)
        if seat == 0:
            since_mine = {}
        elif isinstance(action, Play):
            since_mine[placed] = seat
        if table.match.current is not state:  # the round is over
            break
    assert checked > 5
    assert fresh_tiles(table.snapshot(None)) == {}  # a spectator has no last turn


def test_a_fresh_tile_is_drawn_in_its_players_colour_as_the_seats_list_names_them() -> None:
    rules = make_rules("chickenfoot", 4, "classic", {"length": "single"})
    table = Table(["you", "a", "b", "c"], rules, 5)
    rng = Random(1)
    while table.turn != 0 or not fresh_tiles(table.snapshot(0)):
        state = table.match.current
        assert state is not None and table.turn is not None
        table.act(table.turn, rng.choice(state.legal_actions()))
    snapshot = table.snapshot(0)
    fresh = fresh_tiles(snapshot)
    lines = list(BoardView(of_snapshot(snapshot), Marks(fresh=fresh)).lines(100))
    styled = {
        span.style for line in lines for span in line.spans if not isinstance(span.style, str)
    }
    for seat in set(fresh.values()):
        assert fresh_style(seat) in styled
    names = seats_text(snapshot, Words(snapshot.players, rules, 0), 30)
    colours = {str(span.style.color) for span in names.spans if not isinstance(span.style, str)}
    for seat in set(fresh.values()):
        assert str(fresh_style(seat).bgcolor) in colours
