"""Games of the standard games between the random and the greedy bot, played on the compact
state, are the very games the rules path plays: record for record, point for point."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from chickenfoot.bots.simple import GreedyBot, RandomBot
from chickenfoot.cli import app
from chickenfoot.core.actions import Action, Draw, Pass, Play
from chickenfoot.core.compact import TARGET_BITS
from chickenfoot.core.fast import DRAW, PASS, PLACE, EngineError
from chickenfoot.core.games import make_rules, to_record
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.standard import SETS, HandState, StandardGame, StandardRules, replay
from chickenfoot.core.standard import compact as standard_compact
from chickenfoot.core.tiles import TILES, set_size
from chickenfoot.play import play_match, play_recorded_match

CONFIGS = [
    (game, players, partnership)
    for game in ("draw", "block", "all-fives", "bergen")
    for players in (2, 3, 4)
    for partnership in ((False, True) if players == 4 and game != "bergen" else (False,))
]
"""Every standard game with 2 to 4 players, partners (4 players; not in Bergen) or not."""

LINEUPS = {
    "random": ("random", "random", "random", "random"),
    "greedy": ("greedy", "greedy", "greedy", "greedy"),
    "mixed": ("greedy", "random", "random", "greedy"),
    "mixed-other": ("random", "greedy", "greedy", "random"),
}


def ending(hand: HandState) -> tuple[object, ...]:
    """What a hand's state says of how it ended."""
    return (
        hand.end,
        hand.winner,
        hand.tied,
        hand.turn,
        hand.drew,
        hand.next_draw,
        hand.hands,
        hand.scored,
        hand.end_points,
    )


def assert_same_game(lineup: list[str], rules: StandardRules, seed: int) -> None:
    """The compact game and the rules path's game of ``lineup`` dealt from ``seed`` are the
    same: records, points, totals, outcome, how each hand ended."""
    fast, record = play_recorded_match(lineup, rules, seed)
    assert isinstance(fast, StandardGame)
    assert not any(hand.history for hand in fast.rounds)  # played on the compact state
    slow = play_match(lineup, rules, seed)
    assert isinstance(slow, StandardGame)
    assert record == to_record(slow)
    assert fast.points == slow.points
    assert fast.totals() == slow.totals()
    assert fast.outcome() == slow.outcome()
    assert [ending(h) for h in fast.rounds] == [ending(h) for h in slow.rounds]


@pytest.mark.parametrize("lineup", sorted(LINEUPS))
@pytest.mark.parametrize(("game", "players", "partnership"), CONFIGS)
def test_the_compact_path_plays_the_same_game_as_the_rules_path(
    game: str, players: int, partnership: bool, lineup: str
) -> None:
    rules = make_rules(game, players, options={"partnership": partnership})
    assert isinstance(rules, StandardRules)
    seats = list(LINEUPS[lineup][:players])
    for seed in range(12):
        assert_same_game(seats, rules, seed * 7919 + players)


VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("draw", 2, {"set_top": 9}),
    ("draw", 4, {"set_top": 12}),
    ("draw", 3, {"set_top": 12, "hand_size": 20}),
    ("draw", 2, {"spinner": True}),
    ("draw", 3, {"drawn_tile_must_be_played": False}),
    ("draw", 2, {"drawn_tile_must_be_played": False, "undrawn": 4, "spinner": True}),
    ("draw", 4, {"partnership": True, "target": 60}),
    ("draw", 2, {"target": 100, "next_leader": "winner"}),
    ("draw", 3, {"leader": "lowest-double", "lead_deciding_tile": True}),
    ("draw", 2, {"leader": "highest-double", "lead_deciding_tile": True, "hand_size": 2}),
    ("draw", 2, {"leader": "lot", "target": 40, "next_leader": "winner"}),
    ("draw", 4, {"hand_size": 1}),
    ("draw", 2, {"out_wins": False, "blocked_score": "others"}),
    ("draw", 3, {"hand_scoring": "bonus", "bonus": 3, "target": 10}),
    ("draw", 4, {"blocked_winner": "double-free", "round_to": 5, "partnership": True}),
    ("block", 4, {"leader": "rotate", "target": 100}),
    ("block", 4, {"partnership": True, "hand_size": 7, "out_wins": False}),
    ("block", 2, {"leader": "rotate", "blocked_score": "others"}),
    ("block", 3, {"set_top": 9, "round_to": 10}),
    ("block", 2, {"spinner": True, "play_scoring": "fives", "target": 150}),
    ("all-fives", 2, {"spinner": False}),
    ("all-fives", 3, {"set_top": 9, "target": 150}),
    ("all-fives", 4, {"partnership": True, "drawn_tile_must_be_played": False}),
    ("all-fives", 2, {"near_target_limit": True, "target": 60, "leader": "rotate"}),
    ("bergen", 2, {"near_target_limit": False, "target": 30}),
    ("bergen", 4, {"set_top": 9, "undrawn": 0}),
    ("bergen", 3, {"drawing": False, "leader": "highest-double"}),
    ("bergen", 2, {"hand_scoring": "pips", "blocked_winner": "lowest", "target": 80}),
]
"""Options of every kind changed on top of the named games."""


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS)
def test_the_compact_path_follows_every_option(
    game: str, players: int, options: dict[str, Any]
) -> None:
    rules = make_rules(game, players, options=options)
    assert isinstance(rules, StandardRules)
    for seed in range(6):
        for lineup in ("random", "mixed", "greedy"):
            assert_same_game(list(LINEUPS[lineup][:players]), rules, seed)


def test_the_variants_reach_what_they_are_there_for() -> None:
    """Among the games above are draws, passes, a drawn tile kept, scoring plays, a spinner
    open on all four sides, blocked hands, tied hands and games of several hands: the
    comparison covers them."""
    seen: set[str] = set()
    for game, players, options in VARIANTS:
        rules = make_rules(game, players, options=options)
        assert isinstance(rules, StandardRules)
        for seed in range(6):
            played = play_match(["random"] * players, rules, seed)
            assert isinstance(played, StandardGame)
            seen.update(happenings(played))
    assert seen == {"draw", "pass", "kept", "score", "spinner", "out", "blocked", "tie", "hands"}


def happenings(game: StandardGame) -> set[str]:
    """What happened in ``game``, of what the comparison should cover."""
    seen = {str(hand.end) for hand in game.rounds}
    if len(game.rounds) > 1:
        seen.add("hands")
    if any(hand.tied for hand in game.rounds):
        seen.add("tie")
    for hand in game.rounds:
        if hand.layout.spinner is not None and not hand.layout.spinner_sides:
            seen.add("spinner")
        again = HandState(game.rules, hand.dealt, hand.first, hand.lead_tile, hand.base)
        for event in hand.history:
            can_play = any(isinstance(a, Play) for a in again.legal_actions())
            if isinstance(event.action, Pass):
                seen.add("kept" if can_play else "pass")
            elif isinstance(event.action, Draw):
                seen.add("draw")
            elif event.score:
                seen.add("score")
            again.apply(event.action)
    return seen


def option_of(hand: HandState, action: Action) -> int:
    """``action`` of the seat to act in ``hand`` as the compact state writes it."""
    if isinstance(action, Draw):
        return DRAW
    if isinstance(action, Pass):
        return PASS
    assert isinstance(action, Play)
    if action.on is None:
        return action.tile.index << 13 | PLACE
    number = hand.layout.number_for(action.tile, action.on)
    assert number is not None
    return action.tile.index << 13 | action.on << 5 | number


def middle(options: list[int]) -> int:
    """A picker that is not uniform: the middle option."""
    return options[len(options) // 2]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [(g, p, {"partnership": m}) for g, p, m in CONFIGS]
    + [v for v in VARIANTS if v[2].get("spinner") or "drawn_tile_must_be_played" in v[2]],
)
def test_a_picker_gets_the_legal_actions_of_the_rules_path_in_their_order(
    game: str, players: int, options: dict[str, Any]
) -> None:
    rules = make_rules(game, players, options=options)
    assert isinstance(rules, StandardRules)
    for seed in range(4):
        seen: list[list[int]] = []

        def recording(options: list[int], seen: list[list[int]] = seen) -> int:
            seen.append(list(options))
            return middle(options)

        names = [f"p{s}" for s in range(players)]
        fast, _ = standard_compact.play_match(rules, names, seed, [recording] * players)
        slow = StandardGame(names, rules, seed)
        expected: list[list[int]] = []
        while not slow.is_over:
            hand = slow.deal_next(round_rng(seed, len(slow.rounds)))
            while hand.end is None:
                legal = hand.legal_actions()
                expected.append([option_of(hand, a) for a in legal])
                slow.apply(legal[expected[-1].index(middle(expected[-1]))])
        assert seen == expected
        assert fast.points == slow.points and fast.outcome() == slow.outcome()


def test_the_greedy_picker_values_a_tile_at_what_the_game_says() -> None:
    """0-0 is worth its pips in the standard games, a penalty in Chicken Foot."""
    blank, one = TILES[0], TILES[1]
    options = [blank.index << 13 | PLACE, one.index << 13 | PLACE]
    for rules in (make_rules("block", 2), make_rules("chickenfoot", 2)):
        expected = max((blank, one), key=rules.tile_value)
        assert GreedyBot(1).picker(rules)(options) >> 13 == expected.index
    assert make_rules("chickenfoot", 2).tile_value(blank) > 1


def test_every_set_s_tile_ids_and_numbers_fit_an_option() -> None:
    """An option keeps a tile id in 8 bits and a number in 5 (:data:`PLACE` is none)."""
    assert set_size(max(SETS)) <= TARGET_BITS + 1
    assert max(SETS) < PLACE


def test_the_records_of_compact_games_replay() -> None:
    for game, players, partnership in CONFIGS:
        rules = make_rules(game, players, options={"partnership": partnership})
        lineup = ["random", "greedy", "random", "greedy"][:players]
        record = play_recorded_match(lineup, rules, 3)[1]
        assert to_record(replay(record)) == record


def test_a_compact_hand_stops_at_its_action_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(standard_compact, "action_limit", lambda tiles, players: 3)
    rules = make_rules("block", 2)
    with pytest.raises(EngineError) as caught:
        play_recorded_match(["random", "random"], rules, 1)
    assert str(caught.value) == "a round went on past 3 actions, which no legal round can take"


def test_a_bot_without_a_compact_form_plays_the_rules_path() -> None:
    rules = make_rules("all-fives", 2)
    match, record = play_recorded_match(["heuristic", "random"], rules, 3)
    assert match.rounds[0].history and record == to_record(match)


runner = CliRunner()


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "block", "--players", "4", "-o", "partnership=true"],
        ["--game", "draw", "--players", "3"],
        ["--game", "all-fives", "--players", "4", "-o", "partnership=true"],
        ["--game", "bergen", "--players", "2"],
    ],
)
def test_simulate_writes_the_same_summary_and_records_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    def run(folder: Path) -> tuple[str, dict[str, bytes]]:
        done = runner.invoke(app, ["simulate", *args, "-m", "6", "-s", "40", "-r", str(folder)])
        assert done.exit_code == 0, done.output
        return done.stdout.replace(str(folder), "DIR"), {
            p.name: p.read_bytes() for p in sorted(folder.iterdir())
        }

    compact = run(tmp_path / "compact")
    monkeypatch.setattr(RandomBot, "picker", None)  # the bots now play on the rules' own engine
    full = run(tmp_path / "full")
    assert compact == full
    assert len(compact[1]) == 6
