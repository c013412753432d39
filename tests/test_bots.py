"""Computer players: legal moves only, budgets honoured, seeded, blind to hidden tiles."""

from __future__ import annotations

import itertools
from collections import Counter
from random import Random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.bots import BOTS, LEVELS, Bot, Hint, Limit, UnknownBotError, hints, make_bot
from chickenfoot.bots.chickenfoot import POLICY, ChickenFootSearch, Policy, reason
from chickenfoot.bots.knowledge import Cohort, Knowledge, determinize, infer, sample_hands
from chickenfoot.bots.montecarlo import MonteCarloBot
from chickenfoot.bots.opponents import evidence, greedy_seats
from chickenfoot.bots.registry import EXPERT_HEAVY, EXPERT_MILLIS
from chickenfoot.bots.search import evaluate, search_for
from chickenfoot.bots.simple import GreedyBot
from chickenfoot.core import (
    CLASSIC,
    PRESETS,
    Deal,
    Draw,
    FastRound,
    Match,
    Pass,
    Play,
    SeatView,
    Tile,
    seat_view,
)
from chickenfoot.core.games import make_rules
from chickenfoot.core.standard import StandardGame, standard_view
from chickenfoot.core.tiles import tiles_of
from chickenfoot.play import play_match
from tests.helpers import examples, tiles

SINGLE = CLASSIC.with_options(length="single")


@pytest.mark.parametrize("players", range(2, 9))
def test_every_bot_plays_only_legal_actions_on_every_player_count(players: int) -> None:
    names = list(BOTS)
    for start in range(0, len(names), players):
        table = list(itertools.islice(itertools.cycle(names), start, start + players))
        match = play_match(table, SINGLE, seed=100 + players + start)
        assert match.is_over  # match.apply raises on any illegal action


@pytest.mark.parametrize("preset_name", sorted(PRESETS))
def test_every_bot_plays_every_preset(preset_name: str) -> None:
    rules = PRESETS[preset_name].with_options(length="single")
    names = list(BOTS)
    for players in (2, 5):
        for start in range(0, len(names), players):
            table = list(itertools.islice(itertools.cycle(names), start, start + players))
            assert play_match(table, rules, seed=start + players).is_over


@pytest.mark.parametrize("game", ["draw", "block", "all-fives", "bergen"])
def test_every_bot_plays_every_standard_game(game: str) -> None:
    names = list(BOTS)
    for players in (2, 4):
        rules = make_rules(game, players)
        for start in range(0, len(names), players):
            table = list(itertools.islice(itertools.cycle(names), start, start + players))
            fast = [n if n not in ("ismcts", "hard", "expert") else "hard" for n in table]
            assert play_match(fast, rules, seed=start + players).is_over


def test_the_search_bot_beats_greedy_at_the_draw_game() -> None:
    wins = 0.0
    games = 40
    for seed in range(games):
        search = MonteCarloBot(seed, samples=10, millis=None)  # no clock: fully seeded
        bots = [search, make_bot("greedy", seed)]
        if seed % 2:
            bots.reverse()
        game = StandardGame(["a", "b"], make_rules("draw", 2), seed)
        rng = Random(seed)
        while not game.is_over:
            hand = game.deal_next(rng)
            while hand.end is None:
                game.apply(bots[hand.turn].choose(standard_view(game, hand.turn, hand)))
        outcome = game.outcome()
        assert outcome is not None
        wins += (bots.index(search) in outcome.winners) / len(outcome.winners)
    assert wins / games > 0.6


def untimed(bot: Bot) -> Bot:
    """``bot`` without its time limit, so that its choice depends on the seed alone, not on
    the machine (a search with no count of samples is given 150)."""
    if isinstance(bot, MonteCarloBot):
        bot.millis = None
        bot.samples = bot.samples or 150
    return bot


@pytest.mark.parametrize("name", list(BOTS))
def test_every_bot_is_determined_by_its_seed(name: str) -> None:
    def actions(seed: int) -> list[object]:
        rng = Random(7)
        match = Match(["a", "b", "c"], SINGLE)
        state = match.deal_next(rng)
        bot = untimed(make_bot(name, seed))
        chosen = []
        while state.end is None:
            if state.turn == 0:
                action = bot.choose(seat_view(match, 0, state))
                chosen.append(action)
            else:
                action = rng.choice(state.legal_actions())
            match.apply(action)
        return chosen

    first = actions(1)
    assert first and actions(1) == first  # two runs from the same seed choose alike


def test_a_bot_sees_the_same_thing_and_answers_the_same_whatever_the_hidden_tiles() -> None:
    rng = Random(4)
    match = Match(["a", "b", "c", "d"], SINGLE)
    state = match.deal_next(rng)
    mine = state.dealt.hands[0]
    hidden = [t for h in state.dealt.hands[1:] for t in h] + list(state.dealt.boneyard)
    for trial in range(3):
        Random(trial).shuffle(hidden)
        other = Match(["a", "b", "c", "d"], SINGLE)
        size = len(mine)
        hands = (mine, *(tuple(hidden[i * size : (i + 1) * size]) for i in range(3)))
        other.start_round(Deal(hands, tuple(hidden[3 * size :])))
        view_a, view_b = seat_view(match, 0), seat_view(other, 0)
        assert view_a == view_b
        for name in BOTS:
            a, b = untimed(make_bot(name, 5)), untimed(make_bot(name, 5))
            assert a.choose(view_a) == b.choose(view_b)


def test_the_time_budget_is_honoured_whatever_the_sample_budget() -> None:
    ticks = itertools.count()
    bot = MonteCarloBot(1, samples=10**9, millis=25.0, clock=lambda: next(ticks) / 1000)
    match = Match(["a", "b", "c", "d"], SINGLE)
    state = match.deal_next(Random(11))
    rng = Random(3)
    while state.end is None:
        view = seat_view(match, 0, state)
        if state.turn == 0 and len(search_for(view).candidates(view)) > 1:
            break
        match.apply(rng.choice(state.legal_actions()))
    estimates = bot.evaluate(seat_view(match, 0, state))
    # One clock reading per sample: 25 ms of fake time allows 25 samples.
    assert {e.samples for e in estimates} == {25}


def a_view_with_choices(seed: int) -> SeatView:
    """Seat 0's view where it has more than one candidate to search."""
    match = Match(["a", "b", "c", "d"], SINGLE)
    state = match.deal_next(Random(seed))
    rng = Random(3)
    while True:
        view = seat_view(match, 0, state)
        if state.turn == 0 and len(search_for(view).candidates(view)) > 1:
            return view
        match.apply(rng.choice(state.legal_actions()))


def test_a_hint_is_the_expert_search_within_the_experts_time() -> None:
    ticks = itertools.count()
    view = a_view_with_choices(11)
    advice = hints(view, count=10, clock=lambda: next(ticks) / 1000)
    expert = make_bot("expert", 0)
    assert isinstance(expert, MonteCarloBot) and expert.samples is None
    # No count of samples: one fake millisecond per sample, the expert's 80 of them.
    assert expert.millis == EXPERT_MILLIS == 80.0
    found = evaluate(
        view, Random(0), None, EXPERT_MILLIS, EXPERT_HEAVY, 0.25, lambda: next(ticks) / 1000
    )
    assert {e.samples for e in found} == {80}
    assert [h.action for h in advice] == [e.action for e in found]


def test_a_search_without_a_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="needs a limit"):
        MonteCarloBot(1, samples=None, millis=None)
    with pytest.raises(ValueError, match="needs a limit"):
        hints(a_view_with_choices(11), samples=None, millis=None)


def test_the_levels_from_beginner_to_expert_are_bots() -> None:
    assert list(LEVELS) == ["beginner", "easy", "medium", "hard", "expert"]
    for level in LEVELS:
        assert make_bot(level, 0).name == level
    with pytest.raises(UnknownBotError, match="known: random, greedy") as caught:
        make_bot("grandmaster", 0)
    assert caught.value.code == "unknown-bot"
    assert caught.value.message.params["name"] == "'grandmaster'"


def test_hints_name_the_best_actions_with_a_reason() -> None:
    match = Match(["a", "b", "c", "d"], SINGLE)
    state = match.deal_next(Random(3))
    rng = Random(2)
    for _ in range(25):
        match.apply(rng.choice(state.legal_actions()))
    view = seat_view(match, state.turn, state)
    advice = hints(view, count=3, samples=30)
    assert 1 <= len(advice) <= 3
    assert all(h.action in view.legal and h.reason for h in advice)
    assert all(0.0 <= h.win_share <= 1.0 and h.mean_points >= 0 for h in advice)
    values = [h.win_share - 0.25 * h.mean_points / 100 for h in advice]
    assert values == sorted(values, reverse=True)
    assert str(advice[0]).startswith(str(advice[0].action) + ": ")


def test_hints_explain_draws_passes_and_doubles() -> None:
    match = Match(["a", "b"], SINGLE)
    state = match.deal_next(Random(1))
    rng = Random(1)
    seen: dict[str, str] = {}
    while state.end is None:
        view = seat_view(match, state.turn, state)
        for h in hints(view, count=5, samples=3):
            if isinstance(h.action, Draw):
                seen["draw"] = str(h.reason)
            elif isinstance(h.action, Pass):
                seen["pass"] = str(h.reason)
        match.apply(rng.choice(state.legal_actions()))
    assert seen["draw"] == "no tile fits: draw one"
    assert seen["pass"] in {
        "the drawn tile does not fit: pass",
        "nothing fits and the boneyard is empty: pass",
    }


def test_hints_explain_a_double_and_a_plain_tile() -> None:
    match = Match(["a", "b"], SINGLE.with_options(centre_toes=1))
    match.start_round(Deal((tiles("9-4 4-4 4-2 0-0"), tiles("9-1 3-3")), tiles("5-5")))
    for action in (Play(Tile(9, 4), 0), Draw(), Pass()):
        match.apply(action)
    view = seat_view(match, 0)
    knowledge = infer(view)
    double = reason(view, Play(Tile(4, 4), 1), knowledge)
    assert double.code == "hint-foot-follow"
    assert dict(double.params) == {"tile": "4-4", "number": 4, "own": 1}
    assert str(double) == (
        "starts a foot on 4-4: everyone must play a 4 on it or draw, and you hold 1 to follow"
    )
    plain = reason(view, Play(Tile(4, 2), 1), knowledge)
    assert plain.code == "hint-shed" and dict(plain.params) == {"pips": 6, "playable": 0}
    assert str(plain) == "sheds 6 pips, leaves 0 of your tiles playable"


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**32))
def test_inferred_voids_and_sampled_hands_agree_with_what_the_seat_saw(n: int, seed: int) -> None:
    rng = Random(seed)
    match = Match(["p"] * n, SINGLE)
    state = match.deal_next(rng)
    while state.end is None:
        seat = rng.randrange(n)
        view = seat_view(match, seat, state)
        knowledge = infer(view)
        for other in range(n):
            if other != seat:
                assert not knowledge.voids(other) & state.fast.hands[other]
        for swaps in (0, 3):
            hands, boneyard = sample_hands(view, knowledge, rng, swaps=swaps)
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            assert hands[seat] == state.fast.hands[seat]
            assert len(boneyard) == view.boneyard_size
            hidden = sorted(t for s, h in enumerate(hands) if s != seat for t in tiles_of(h))
            assert len(set(hidden)) == len(hidden)
            assert {t.index for t in hidden} | set(boneyard) == {
                t.index for t in tiles_of(knowledge.unseen)
            }
            if swaps:
                for other in range(n):
                    if other != seat:
                        assert not knowledge.voids(other) & hands[other]
        sample = determinize(view, knowledge, rng, swaps=3)
        assert sample.legal_moves() == state.fast.legal_moves() or seat != state.turn
        match.apply(rng.choice(state.legal_actions()))


def test_swapped_samples_make_every_consistent_deal_equally_likely() -> None:
    """Four unseen tiles: seat 1 holds one (not tile 3), seat 2 two (not tile 0), the
    boneyard the last. Of the five deals that fit, three give seat 1 tile 0; filling seat 1
    first from a shuffled pool gives it tile 0 only a third of the time."""
    knowledge = Knowledge(
        hand=0, unseen=0b1111, cohorts=(Cohort(1, 0b1000, 1), Cohort(2, 0b0001, 2))
    )
    view = SimpleNamespace(players=("a", "b", "c"), seat=0)
    fits = {(1, 0b0110), (1, 0b1010), (1, 0b1100), (2, 0b1100), (4, 0b1010)}

    def shares(swaps: int) -> dict[tuple[int, int], float]:
        rng = Random(11)
        counts: Counter[tuple[int, int]] = Counter()
        for _ in range(4000):
            hands, _ = sample_hands(view, knowledge, rng, swaps=swaps)
            counts[hands[1], hands[2]] += 1
        assert set(counts) <= fits
        return {deal: counts[deal] / 4000 for deal in fits}

    swapped = shares(3)
    assert all(abs(share - 0.2) < 0.03 for share in swapped.values()), swapped
    filled = shares(0)
    assert abs(sum(v for (one, _), v in filled.items() if one == 1) - 1 / 3) < 0.03, filled


def test_hints_cover_the_standard_games_too() -> None:
    rules = make_rules("all-fives", 2)
    game = StandardGame(["a", "b"], rules, 3)
    hand = game.deal_next(Random(3))
    rng = Random(5)
    advice: list[Hint] = []
    while hand.end is None and not advice:
        view = standard_view(game, hand.turn, hand)
        if sum(isinstance(a, Play) for a in view.legal) > 1:
            advice = hints(view, count=2, samples=5)
        game.apply(rng.choice(hand.legal_actions()))
    assert len(advice) == 2
    assert all(h.reason.code.startswith(("hint-play", "hint-lead")) for h in advice)
    assert all(str(h.reason).startswith(("plays ", "leads ")) for h in advice)
    assert all(f"sheds {h.action.tile.pips} pips" in str(h.reason) for h in advice)
    assert all(0.0 <= h.win_share <= 1.0 for h in advice)


def test_a_choice_can_be_limited_by_samples_time_or_a_stop_flag() -> None:
    match = Match(["a", "b", "c", "d"], SINGLE)
    state = match.deal_next(Random(11))
    rng = Random(3)
    while True:
        view = seat_view(match, state.turn, state)
        if len(search_for(view).candidates(view)) > 1:
            break
        match.apply(rng.choice(state.legal_actions()))
    bot = MonteCarloBot(1, samples=50, millis=None)
    assert {e.samples for e in bot.evaluate(view, Limit(samples=4))} == {4}
    stops = iter([False, False, True])
    assert {e.samples for e in bot.evaluate(view, Limit(stop=lambda: next(stops)))} == {3}
    ticks = itertools.count()
    timed = MonteCarloBot(1, samples=50, millis=None, clock=lambda: next(ticks) / 1000)
    assert {e.samples for e in timed.evaluate(view, Limit(millis=5.0))} == {5}
    assert bot.choose(view, Limit(samples=1)) in view.legal
    for name in ("random", "greedy", "heuristic"):
        assert make_bot(name, 0).choose(view, Limit(samples=1)) in view.legal


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)))
def test_greedy_seats_are_never_taken_for_others_and_their_hands_fit_what_they_passed_over(
    n: int, seed: int, preset: str
) -> None:
    rules = PRESETS[preset].with_options(length="single")
    n = min(n, rules.max_players)
    rng = Random(seed)
    greedy = GreedyBot(0)
    kinds = [rng.random() < 0.5 for _ in range(n)]  # True: greedy, False: random
    match = Match(["p"] * n, rules)
    state = match.deal_next(rng)
    while state.end is None:
        seat = rng.randrange(n)
        view = seat_view(match, seat, state)
        found = evidence(view)
        for other in range(n):
            if kinds[other]:
                assert found[other].breaks == 0
        seats = greedy_seats(view, tests=0)
        knowledge = infer(view, seats)
        for other in range(n):
            if other != seat and kinds[other]:
                assert not knowledge.voids(other) & state.fast.hands[other]
        turn = seat_view(match, state.turn, state)
        mover = greedy.choose(turn) if kinds[state.turn] else rng.choice(state.legal_actions())
        match.apply(mover)


def test_a_seat_that_passes_over_a_heavier_tile_and_plays_it_later_is_not_greedy() -> None:
    breaks = [0, 0]
    for seed in range(40):
        rng = Random(seed)
        match = Match(["p", "q"], SINGLE)
        state = match.deal_next(rng)
        while state.end is None:
            legal = state.legal_actions()
            if state.turn == 0:
                match.apply(GreedyBot(0).choose(seat_view(match, 0, state)))
            else:
                match.apply(rng.choice(legal))
        found = evidence(seat_view(match, 0, state))
        breaks = [b + (e.breaks > 0) for b, e in zip(breaks, found, strict=True)]
    assert breaks[0] == 0 and breaks[1] > 20


def test_the_search_plays_greedy_looking_seats_greedily_and_others_as_before() -> None:
    match = Match(["a", "b", "c", "d"], SINGLE)
    state = match.deal_next(Random(11))
    while len(state.history) < 24 and state.end is None:
        match.apply(GreedyBot(0).choose(seat_view(match, state.turn, state)))
    view = seat_view(match, state.turn, state)
    search = ChickenFootSearch()
    actions = search.candidates(view)
    modelled = search.searcher(view, actions, Policy(greedy=True))
    assert modelled.greedy == greedy_seats(view) != 0
    assert modelled.seat_heavy(0.3) == [1.0 if modelled.greedy >> s & 1 else 0.3 for s in range(4)]
    plain = search.searcher(view, actions, Policy())
    assert plain.greedy == 0 and plain.seat_heavy(0.3) is None
    default = search.searcher(view, actions)  # the expert's, hints' and analyses'
    assert default.greedy == greedy_seats(view, POLICY.greedy_tests) != 0
    own = search.searcher(view, actions, Policy(greedy=False, own_heavy=0.8))
    assert own.seat_heavy(0.3) == [0.8 if s == view.seat else 0.3 for s in range(4)]
    assert MonteCarloBot(1, samples=5, millis=None).choose(view) in view.legal
    assert MonteCarloBot(1, samples=5, millis=None, greedy=True).choose(view) in view.legal


def test_the_expert_and_the_hints_search_with_the_policy_and_hard_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Searching players play a double about half the times they hold one that fits, more
    often than chance: the expert's and the hints' playouts favour doubles, and their
    samples of the hidden hands are evened out by exchanges of tiles (POLICY); the hard
    level's playouts favour no double and its samples are filled once, as drawn."""
    import chickenfoot.bots.chickenfoot as module

    doubles: list[float] = []
    swaps: list[int] = []
    playout = module.chickenfoot_playout
    sampler = module.determinize

    def playout_spy(
        state: FastRound,
        rng: Random,
        heavy: float,
        trace: list[int] | None,
        seat_heavy: list[float] | None,
        favour: float,
    ) -> list[int]:
        doubles.append(favour)
        return playout(state, rng, heavy, trace, seat_heavy, favour)

    def sampler_spy(view: SeatView, knowledge: Knowledge, rng: Random, n: int = 0) -> FastRound:
        swaps.append(n)
        return sampler(view, knowledge, rng, n)

    monkeypatch.setattr(module, "chickenfoot_playout", playout_spy)
    monkeypatch.setattr(module, "determinize", sampler_spy)
    match = Match(["a", "b", "c", "d"], SINGLE)
    state = match.deal_next(Random(5))
    while len(state.history) < 12:
        match.apply(GreedyBot(0).choose(seat_view(match, state.turn, state)))
    view = seat_view(match, state.turn, state)
    assert len(ChickenFootSearch().candidates(view)) > 1
    assert 0.5 < POLICY.doubles <= 1.0 and POLICY.swaps >= 3
    for search in (
        lambda: make_bot("expert", 1).choose(view, Limit(samples=2)),
        lambda: hints(view, samples=2),
    ):
        search()
        assert doubles and set(doubles) == {POLICY.doubles}
        assert swaps == [POLICY.swaps] * 2
        doubles.clear()
        swaps.clear()
    make_bot("hard", 1).choose(view)
    assert doubles and set(doubles) == {0.0}
    assert swaps and set(swaps) == {0}
