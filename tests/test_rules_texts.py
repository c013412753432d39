"""The rules texts say what the engine does: the numbers How to play and ``chickenfoot rules``
state (tiles dealt, toes on the centre, what a finished hand or round scores, who partners
whom) are read back from the text and compared with what the engine deals, asks for and
scores, for every preset and standard game and every player count where they differ."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from chickenfoot.core.actions import Play
from chickenfoot.core.pieces import RoundEnd
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import CLASSIC, PRESETS, Rules
from chickenfoot.core.standard.game import StandardGame
from chickenfoot.core.standard.hand import HandState
from chickenfoot.core.standard.rules import GAMES, StandardRules
from chickenfoot.core.table import Table
from chickenfoot.howto import guide
from chickenfoot.howto.changes import CENTRE_TOES, TOE_PER_PLAYER, change
from chickenfoot.howto.guide import Guide, Items, Paragraph, Picture
from chickenfoot.howto.listing import listing
from chickenfoot.howto.positions import policy
from chickenfoot.howto.standard import PLAYER_COUNTS, partnership_games
from chickenfoot.i18n import LANGUAGES, translation

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = translation("en")
PER_PLAYER_FROM_FOUR = CLASSIC.with_options(centre_toes=4, centre_toes_per_player=True)
"""Classic with one toe per player but at least 4: the toes differ by player count."""
TABLES: dict[str, Rules] = {**PRESETS, "classic, per player from 4": PER_PLAYER_FROM_FOUR}


def value_at(phrase: str, players: int) -> int:
    """The number a phrase gives ``players``: ``7 tiles each``, or a list by player count
    (``21 with 2 players, 1 with 3 to 8 players``); ``one toe per player`` gives the count."""
    if "one toe per player" in phrase:
        return players
    for n, low, high in re.findall(r"(\d+) with (\d+)(?: to (\d+))? players", phrase):
        if int(low) <= players <= int(high or low):
            return int(n)
    counts = re.findall(r"^(\d+) (?:tiles|toes)", phrase)
    assert len(counts) == 1, f"no number for {players} players in {phrase!r}"
    return int(counts[0])


def texts(told: Guide, section: str) -> list[str]:
    out = []
    for block in told.section(section).blocks:
        if isinstance(block, Paragraph):
            out.append(block.text)
        elif isinstance(block, Items):
            out += [block.lead, *block.texts]
        elif isinstance(block, Picture):
            out.append(block.caption)
    return out


def phrase(phrases: tuple[str, ...] | list[str], start: str) -> str:
    (found,) = [p for p in phrases if start in p]
    return found


# -- Chicken Foot: the deal, the toes, the points ------------------------------------------------


def dealt(rules: Rules, players: int) -> int:
    """The tiles the engine deals each seat at the start of round 1."""
    table = Table([f"p{s}" for s in range(players)], rules, seed=players)
    state = table.match.rounds[-1]
    assert isinstance(state, RoundState)
    return max(len(state.hand(s)) for s in range(players))


def toes_laid(rules: Rules, players: int) -> int:
    """The toes the engine has the centre take before anything else may be played: a round
    played until the centre foot is complete, its toes counted on the board."""
    single = rules.with_options(length="single")
    for seed in range(20):
        table = Table([f"p{s}" for s in range(players)], single, seed)
        state = table.match.rounds[-1]
        assert isinstance(state, RoundState)
        while state.end is None:
            if state.centre_placed and state.incomplete_foot() is None:
                return sum(1 for placed in state.board() if placed.on == 0)
            table.act(table.turn or 0, policy(state))
    raise AssertionError("no round completed its centre foot")


@pytest.mark.parametrize("name", PRESETS)
def test_the_tiles_each_said_by_rules_and_in_the_table_section_are_what_the_engine_deals(
    name: str,
) -> None:
    rules = PRESETS[name]
    (row,) = [r for r in listing(ENGLISH).games if r.choose == f"--preset {name}"]
    said = phrase(row.phrases, "tiles each")
    for players in range(rules.min_players, rules.max_players + 1):
        assert value_at(said, players) == dealt(rules, players), (said, players)
    if name != "classic":
        table = guide(rules, ENGLISH)
        assert said in texts(table, "table")


@pytest.mark.parametrize("name", TABLES)
def test_the_centre_toes_said_are_the_toes_the_engine_has_laid_at_every_player_count(
    name: str,
) -> None:
    rules = TABLES[name]
    said = change(rules, "centre_toes", ENGLISH.gettext)  # the table section's and rules' phrase
    for players in range(rules.min_players, rules.max_players + 1):
        laid = toes_laid(rules, players)
        assert value_at(said, players) == laid, (said, players)
        told = guide(rules, ENGLISH, players)
        (centre,) = [t for t in texts(told, "centre-foot") if "Before anything else" in t]
        here = re.search(r"(\d+) (?:at a table|toes at a table|tiles carrying)", centre)
        assert here is not None and int(here.group(1)) == laid, centre


def test_reeves_says_one_toe_per_player_and_no_other_number_of_toes_in_every_language() -> None:
    for code in LANGUAGES:
        say = translation(code).gettext
        told = guide(PRESETS["reeves"], translation(code))
        changes = told.section("table").blocks[0].texts  # type: ignore[union-attr]
        assert say(TOE_PER_PLAYER) in changes, code
        assert say(CENTRE_TOES).format(n=2) not in changes, code
        (centre,) = [t for t in texts(told, "centre-foot") if "4" in t and "9-9" not in t]
        assert re.findall(r"\d+", centre) == ["4", "4"], centre
    english = " ".join(texts(guide(PRESETS["reeves"], ENGLISH), "table"))
    assert "2 toes" not in english and "at least" not in english


def round_points_said(rules: Rules) -> tuple[int, int]:
    """What the scoring section says the 0-0 left in a hand costs, and going out on a double."""
    said = " ".join(texts(guide(rules, ENGLISH), "scoring"))
    blank = re.search(r"it costs (\d+)", said)
    out = re.search(r"playing a double scores (\d+) instead of 0", said)
    assert blank is not None or "costs nothing" in said
    return (int(blank.group(1)) if blank else 0), (int(out.group(1)) if out else 0)


@pytest.mark.parametrize("name", PRESETS)
def test_the_points_said_for_a_round_are_what_the_engine_scores_when_it_ends(name: str) -> None:
    rules = PRESETS[name].with_options(length="single")
    blank, double_out = round_points_said(rules)
    blank_left, out_on_double = False, False
    for seed in range(20):
        table = Table([f"p{s}" for s in range(4)], rules, seed)
        state = table.match.rounds[-1]
        assert isinstance(state, RoundState)
        last: Play | None = None
        while state.end is None:
            action = policy(state)
            last = action if isinstance(action, Play) else last
            table.act(table.turn or 0, action)
        for seat in range(4):
            held = state.hand(seat)
            blank_left |= any(tile.index == 0 for tile in held)
            expected = sum(blank if tile.index == 0 else tile.pips for tile in held)
            if not held:
                assert last is not None
                out_on_double |= last.tile.is_double
                expected = double_out if last.tile.is_double else 0
            assert state.points()[seat] == expected, (seed, seat, held)
    assert blank_left, "no round left the 0-0 in a hand"
    assert out_on_double, "no round went out on a double"


# -- the standard games: the deal, the scores, partnership ---------------------------------------


def standard_item(told: Guide, title: str) -> str:
    (items,) = [
        b
        for b in told.section("standard").blocks
        if isinstance(b, Items) and b.texts[0].startswith("The draw game")
    ]
    return phrase(items.texts, f"{title}:")


TITLES = {
    "draw": "The draw game",
    "block": "The block game",
    "all-fives": "All Fives",
    "bergen": "Bergen",
}


@pytest.mark.parametrize("game", GAMES)
def test_the_standard_deal_said_is_what_the_engine_deals_at_every_player_count(game: str) -> None:
    said = standard_item(guide(CLASSIC, ENGLISH), TITLES[game])
    for players in PLAYER_COUNTS:
        rules = StandardRules.for_game(game, players=players)
        match = StandardGame([f"p{s}" for s in range(players)], rules, seed=players)
        hand = match.deal_next(random.Random(players))
        assert value_at(phrase(said.split("; "), "tiles each"), players) == len(hand.hand(0))
        kept = re.search(r"the last (\d+) tiles of the boneyard are never drawn", said)
        never = hand.boneyard_size if "nobody draws" in said else 0
        assert hand.boneyard_size - hand.drawable == (int(kept.group(1)) if kept else never)
        here = guide(rules, ENGLISH)
        (table,) = [
            b
            for b in here.section("standard").blocks
            if isinstance(b, Items) and "At this table" in b.lead
        ]
        assert f"{len(hand.hand(0))} tiles each" in table.texts


def play_hands(rules: StandardRules, count: int) -> list[HandState]:
    """Hands played to their end by random legal moves."""
    hands = []
    for seed in range(count):
        match = StandardGame([f"p{s}" for s in range(rules.players)], rules, seed=seed)
        rng = random.Random(seed)
        hand = match.deal_next(rng)
        while hand.end is None:
            match.apply(rng.choice(hand.legal_actions()))
        hands.append(hand)
    return hands


def pips(hand: HandState, seats: tuple[int, ...]) -> int:
    return sum(hand.pips(seat) for seat in seats)


def expected_points(said: str, hand: HandState, partnership: bool) -> int:
    """What the text says the winning side of ``hand`` scores."""
    rules = hand.rules
    assert hand.winner is not None
    mine = rules.sides[hand.winner]
    others = pips(hand, tuple(s for s in range(rules.players) if s not in mine))
    own = pips(hand, mine)
    bonus = re.search(r"first player out wins the hand and scores (\d+)", said)
    if bonus is not None:
        return int(bonus.group(1))
    unit = re.search(r"rounded to the nearest (\d+)", said)
    if hand.end is RoundEnd.BLOCKED:
        minus = "other side's pips minus its own" if partnership else "others' pips minus their own"
        score = max(0, others - own) if minus in said else others
    else:
        out = (
            "two opponents' hands, not the partner's"
            if partnership
            else "pips left in the other hands"
        )
        assert out in said
        score = others
    step = int(unit.group(1)) if unit else 1
    return (score + step // 2) // step * step


@pytest.mark.parametrize("game", GAMES)
def test_what_a_finished_hand_scores_is_what_the_text_says(game: str) -> None:
    rules = StandardRules.for_game(game, players=3)
    said = standard_item(guide(CLASSIC, ENGLISH), TITLES[game])
    ends = set()
    for hand in play_hands(rules, 40):
        ends.add(hand.end)
        if hand.winner is None:
            assert hand.tied and "a tie for it scores nothing" in said
            assert hand.end_points == [0] * len(rules.sides)
            continue
        assert hand.end_points[hand.winner] == expected_points(said, hand, False)
    assert RoundEnd.OUT in ends


@pytest.mark.parametrize("game", partnership_games())
def test_partnership_play_is_said_as_the_engine_seats_and_scores_it(game: str) -> None:
    rules = StandardRules.for_game(game, players=4, partnership=True)
    told = guide(rules, ENGLISH)
    (said,) = [t for t in texts(told, "standard") if t.startswith("This table plays in")]
    assert said.startswith("This table plays in partnership")
    assert told.section("standard").changed
    seats = re.search(r"seats (\d) and (\d) against seats (\d) and (\d)", said)
    assert seats is not None
    a, b, c, d = map(int, seats.groups())
    assert ((a, b), (c, d)) == rules.sides
    ends = set()
    for hand in play_hands(rules, 30):
        ends.add(hand.end)
        if hand.winner is not None:
            assert hand.end_points[hand.winner] == expected_points(said, hand, True)
    assert RoundEnd.OUT in ends


def test_partnership_play_is_shown_at_every_table_and_names_the_games_that_allow_it() -> None:
    assert partnership_games() == ["draw", "block", "all-fives"]
    for rules in (CLASSIC, GAMES["bergen"], GAMES["draw"]):
        (said,) = [t for t in texts(guide(rules, ENGLISH), "standard") if "seats 0 and 2" in t]
        assert said.startswith("Partnership play (the draw game, the block game, All Fives,")


# -- the pictures ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_pictures_caption_says_what_it_shows_and_not_its_seed(players: int) -> None:
    told = guide(CLASSIC, ENGLISH, players)
    captions = [b.caption for s in told.sections for b in s.blocks if isinstance(b, Picture)]
    assert captions
    for caption in captions:
        assert "seed" not in caption
        assert caption.endswith(f"(the first round at a table of {players}).")


# -- chickenfoot rules ----------------------------------------------------------------------------


def rules_command(*args: str) -> str:
    """``chickenfoot rules`` run as a program, its output not a terminal (80 columns)."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    result = subprocess.run(
        [sys.executable, "-m", "chickenfoot", "rules", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("code", LANGUAGES)
def test_rules_fits_80_columns_with_nothing_cut(code: str) -> None:
    shown = rules_command("--lang", code)
    lines = shown.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "…" not in shown and "..." not in shown
    for name in [*PRESETS, *GAMES]:
        assert name in shown


def test_rules_names_the_games_by_name_and_origin_not_by_file_numbers() -> None:
    shown = rules_command("--lang", "en")
    flat = " ".join(shown.split())
    for origin in (
        "Chicken Foot, Classic: the rules of the Norwegian and Italian Chicken Foot app",
        "Chicken Foot, The Spruce: The Spruce's house rules, from its Dutch edition",
        "Chicken Foot, Reeves: Mario Reeves's rules",
        "All Fives: also called Muggins, as pagat.com describes it",
    ):
        assert origin in flat
    for number in ("000", "001", "002", "003", "004", "RULES.md", "STANDARD.md", "source", "seed"):
        assert number not in flat


def test_rules_says_every_option_in_words_with_its_key_for_those_who_type_it() -> None:
    said = listing(ENGLISH)
    assert [row.key for row in said.options] == list(CLASSIC.options())
    for row in said.options:
        for value in row.values:
            assert not re.search(r'[\[\]"]|\btrue\b|\bfalse\b', value), value
            assert "_" not in value, value
    (toes,) = [row for row in said.options if row.key == "centre_toes"]
    assert toes.values == (
        "classic: 6 toes on the centre",
        "spruce, wikipedia: 4 toes on the centre",
        "reeves: one toe per player on the centre",
    )
    shown = " ".join(rules_command("--lang", "en").split())
    assert '"zero-rou' not in shown and "[[2, 20]" not in shown


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_rules_speaks_the_language_it_is_given(code: str) -> None:
    said, english = listing(translation(code)), listing(ENGLISH)
    assert said.games_title != english.games_title
    assert said.options_title != english.options_title
    for mine, theirs in zip(said.games, english.games, strict=True):
        assert mine.heading != theirs.heading
        assert mine.phrases != theirs.phrases
    shown = rules_command("--lang", code)
    assert said.games_title in shown and english.games_title not in shown


def test_rules_refuses_explain_only_options_without_explain_in_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "chickenfoot", "rules", "--players", "4"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == "error: --players: only with --explain (chickenfoot rules --explain)"
    )


def test_the_readme_names_the_games_by_their_origins() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Games and presets") :]
    table = table[: table.index("\n\n", table.index("| name |"))]
    for number in ("000", "001", "002", "003", "004", "source"):
        assert number not in table


def test_rules_explain_tells_partnership_play_as_the_table_set_up_plays_it() -> None:
    args = ["--explain", "--game", "all-fives", "--players", "4", "-o", "partnership=true"]
    shown = " ".join(rules_command(*args, "--section", "standard", "--lang", "en").split())
    assert "The standard games changed at this table" in shown
    assert "At this table, All Fives with 4 players and a double-6 set:" in shown
    assert "This table plays in partnership (All Fives): two sides of two, seats 0 and 2" in shown
    assert "rounded to the nearest 5" in shown
