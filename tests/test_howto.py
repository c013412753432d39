"""How to play: every section in every language, the facts it states are the engine's, the
pictures are real seeded positions (drawn into docs/ by the terminal's board), and a refused
move names the rule that refuses it, in the command line and in ``play --plain``."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Literal

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from chickenfoot.cli import app as cli_app
from chickenfoot.core.actions import IllegalActionError, Play
from chickenfoot.core.messages import ENGLISH, Message, message
from chickenfoot.core.round import RoundState
from chickenfoot.core.rules import CLASSIC, PRESETS, RoundDouble, Rules
from chickenfoot.core.standard.rules import GAMES as STANDARD_GAMES
from chickenfoot.core.table import Table
from chickenfoot.core.tiles import Tile, set_size
from chickenfoot.core.wire import Snapshot
from chickenfoot.howto import SECTION_IDS, SECTION_OF_CODE, TITLES, guide, section_of, tile_refusal
from chickenfoot.howto.changes import OPTION_SECTIONS
from chickenfoot.howto.guide import Grid, Guide, Items, Paragraph, Picture
from chickenfoot.howto.positions import PICTURES, policy, positions
from chickenfoot.howto.refusals import said_to_you, turn_refusal, with_names
from chickenfoot.i18n import LANGUAGES, set_language, translation
from chickenfoot.terminal.guide_view import picture
from chickenfoot.terminal.plain import PlainGame
from chickenfoot.terminal.session import Session
from scripts import i18n as tool

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CORE = ROOT / "src" / "chickenfoot" / "core"
UPDATE = os.environ.get("CHICKENFOOT_UPDATE_SNAPSHOTS") == "1"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
runner = CliRunner()


def every_table() -> list[tuple[str, object]]:
    tables: list[tuple[str, object]] = [(name, rules) for name, rules in PRESETS.items()]
    tables += [(name, rules) for name, rules in STANDARD_GAMES.items()]
    return tables


def texts_of(told: Guide) -> list[str]:
    out = []
    for section in told.sections:
        out.append(section.title)
        for block in section.blocks:
            if isinstance(block, Paragraph):
                out.append(block.text)
            elif isinstance(block, Items):
                out += [block.lead, *block.texts]
            elif isinstance(block, Grid):
                out += [*block.header, *(cell for row in block.rows for cell in row)]
            elif isinstance(block, Picture):
                out.append(block.caption)
    return out


# -- every section, in every language --------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("name", "rules"), every_table(), ids=[n for n, _ in every_table()])
def test_every_section_is_there_in_every_language(code: str, name: str, rules: object) -> None:
    told = guide(rules, translation(code))  # type: ignore[arg-type]
    assert sorted(s.id for s in told.sections) == sorted(SECTION_IDS)
    for section in told.sections:
        assert section.title == translation(code).gettext(TITLES[section.id])
        assert section.blocks, section.id
    assert all(text.strip() for text in texts_of(told) if text != "")
    assert "{" not in " ".join(texts_of(told)), "a placeholder left unfilled"


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_text_of_how_to_play_is_missing_from_a_catalogue(code: str) -> None:
    """Every text the guide, its changes and its front ends mark, translated in ``code``
    (not empty, not fuzzy): the guide never falls back to English."""
    catalogue = tool.read(tool.po_path(code), code)
    ours = ("howto/", "guide_view.py", "rules_screen.py", "explain.py")
    texts = [
        m.id
        for m in tool.extract()
        if m.id and any(any(part in file for part in ours) for file, _line in m.locations)
    ]
    assert len(texts) > 100
    for text in texts:
        found = catalogue.get(text)
        assert found is not None and found.string and not found.fuzzy, text


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_titles_are_in_the_language_of_the_page(code: str) -> None:
    told = guide(CLASSIC, translation(code))
    english = guide(CLASSIC, translation("en"))
    assert [s.title for s in told.sections] != [s.title for s in english.sections]
    assert all(
        mine.title != theirs.title
        for mine, theirs in zip(told.sections, english.sections, strict=True)
    )


# -- the facts are the engine's ----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_the_deal_table_is_what_the_engine_deals(preset: str) -> None:
    rules = PRESETS[preset]
    (grid,) = [
        b for b in guide(rules, translation("en")).section("deal").blocks if isinstance(b, Grid)
    ]
    assert [int(row[0]) for row in grid.rows] == list(
        range(rules.min_players, rules.max_players + 1)
    )
    for row in grid.rows:
        players, tiles_each, left = int(row[0]), int(row[2]), int(row[3])
        assert row[1] == f"double-{rules.set_top(players)}"
        table = Table([f"p{s}" for s in range(players)], rules, seed=players)
        state = table.match.rounds[-1]
        assert isinstance(state, RoundState)
        dealt = [len(state.hand(s)) for s in range(players)]
        if rules.round_double is RoundDouble.DEALT:  # the double is among the tiles
            assert sum(dealt) + state.boneyard_size == set_size(rules.set_top(players))
        assert max(dealt) == tiles_each == rules.hand_size(players)
        assert left == state.boneyard_size


def test_the_classic_text_says_six_toes_three_on_later_doubles_and_fifty_for_the_double_blank() -> (
    None
):
    told = guide(CLASSIC, translation("en"))
    centre = " ".join(
        b.text for b in told.section("centre-foot").blocks if isinstance(b, Paragraph)
    )
    feet = " ".join(b.text for b in told.section("feet").blocks if isinstance(b, Paragraph))
    scoring = " ".join(b.text for b in told.section("scoring").blocks if isinstance(b, Paragraph))
    assert "6 tiles carrying the double's number" in centre
    assert "3 tiles carrying its number" in feet
    assert "it costs 50" in scoring
    match = " ".join(b.text for b in told.section("match").blocks if isinstance(b, Paragraph))
    assert "10 rounds with a double-9 set, 13 rounds with a double-12 set" in match


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "classic"])
def test_a_presets_table_lists_its_changes_and_marks_the_sections_they_change(
    preset: str,
) -> None:
    rules = PRESETS[preset]
    told = guide(rules, translation("en"))
    (changes,) = [b for b in told.section("table").blocks if isinstance(b, Items)]
    mine, classic = rules.options(), CLASSIC.options()
    changed = {name for name in mine if mine[name] != classic[name]}
    said_once = {"min_players": "max_players", "centre_toes": "centre_toes_per_player"}
    assert len(changes.texts) == len(
        changed - {twin for first, twin in said_once.items() if first in changed}
    )
    marked = {s.id for s in told.sections if s.changed}
    assert marked == {section for name in changed for section in OPTION_SECTIONS[name]}
    presets = told.section("presets")
    leads = [b.lead for b in presets.blocks if isinstance(b, Items)]
    assert f"{preset}:" in leads


def test_the_classic_table_marks_nothing_and_a_standard_game_comes_first() -> None:
    assert not any(s.changed for s in guide(CLASSIC, translation("en")).sections)
    told = guide(STANDARD_GAMES["bergen"], translation("en"))
    assert [s.id for s in told.sections][:2] == ["table", "standard"]
    assert "Bergen" in told.section("table").blocks[0].text  # type: ignore[union-attr]


def test_every_option_of_chicken_foot_names_the_sections_it_changes() -> None:
    assert set(OPTION_SECTIONS) == set(CLASSIC.options())
    assert all(set(sections) <= set(SECTION_IDS) for sections in OPTION_SECTIONS.values())


def test_the_options_listed_are_the_engines_with_their_own_descriptions() -> None:
    told = guide(CLASSIC, translation("en"))
    options = told.section("presets").blocks[-1]
    assert isinstance(options, Items)
    assert [text.split(":")[0] for text in options.texts] == list(CLASSIC.options())


# -- the pictures are real seeded positions -----------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_each_picture_shows_what_its_caption_says(preset: str) -> None:
    rules = PRESETS[preset]
    found = positions(rules, 4)
    assert tuple(found) == PICTURES
    centre = found["centre-foot"].snapshot
    toes = [p for p in centre.board if p.on == 0]
    assert len(toes) == rules.toes_on_centre(4) and centre.public is not None
    assert centre.public.foot is None and centre.end is None
    waiting = found["foot-waiting"].snapshot
    assert waiting.public is not None and waiting.public.foot is not None
    assert waiting.public.foot.id != 0 and waiting.public.foot.need == 1
    assert found["blocked"].snapshot.end == "blocked"


def test_a_picture_is_the_position_its_seed_deals_and_plays() -> None:
    """Replayed from its seed alone, by the same policy, the round reaches the same board."""
    shown = positions(CLASSIC, 4)["foot-waiting"]
    rules = CLASSIC.with_options(length="single")
    table = Table([f"seat {s}" for s in range(4)], rules, shown.seed)
    while table.snapshot(None).board != shown.snapshot.board:
        state = table.match.rounds[-1]
        assert isinstance(state, RoundState) and state.end is None
        table.act(table.turn or 0, policy(state))
    assert table.snapshot(None).public == shown.snapshot.public


def svg_of(snapshot_picture: Picture, title: str) -> str:
    console = Console(record=True, width=64, file=io.StringIO(), color_system="truecolor")
    console.print(picture(snapshot_picture.position))
    console.print(Text(snapshot_picture.caption, style="italic"))
    return console.export_svg(title=title)


@pytest.mark.parametrize("name", PICTURES)
def test_the_docs_pictures_are_drawn_from_the_seeded_positions(name: str, tmp_path: Path) -> None:
    """docs/howto-<name>.svg is what the terminal's board draws of the classic position
    (CHICKENFOOT_UPDATE_SNAPSHOTS=1 draws it anew; look at it before committing)."""
    set_language("en")
    told = guide(CLASSIC, translation("en"))
    (shown,) = [
        b
        for s in told.sections
        for b in s.blocks
        if isinstance(b, Picture) and b.position.name == name
    ]
    svg = svg_of(shown, f"How to play: {name}")
    path = DOCS / f"howto-{name}.svg"
    if UPDATE or not path.exists():
        path.write_text(svg, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"new picture {path}: look at it and commit it")
        return
    if path.read_text(encoding="utf-8") != svg:
        (tmp_path / path.name).write_text(svg, encoding="utf-8")
        pytest.fail(f"{path} differs from what is drawn now ({tmp_path / path.name})")


# -- a refused move names its rule ---------------------------------------------------------------


def test_every_refusal_the_engine_makes_of_a_move_has_its_rule() -> None:
    raised = set()
    for path in CORE.rglob("*.py"):
        raised |= set(re.findall(r'IllegalActionError\(\s*"([a-z-]+)"', path.read_text()))
    assert raised - {"not-held"} <= set(SECTION_OF_CODE)
    assert set(SECTION_OF_CODE) <= set(ENGLISH)
    assert set(SECTION_OF_CODE.values()) <= set(SECTION_IDS)


def seat_facing_a_waiting_foot() -> tuple[Table, int, Snapshot, str]:
    """A seeded table where the seat to act holds a tile that fits an open end, while a
    later double's foot waits for toes it cannot give."""
    rules = CLASSIC.with_options(length="single")
    for seed in range(100):
        table = Table([f"p{s}" for s in range(4)], rules, seed)
        while not table.is_over:
            seat = table.turn
            assert seat is not None
            view = table.snapshot(seat)
            public = view.public
            if public is not None and public.foot is not None and public.foot.id != 0:
                playable = {a["play"] for a in view.legal or [] if "play" in a}
                ends = {n for p in view.board for n in p.open}
                for tile in view.hand or []:
                    numbers = Tile.parse(tile)
                    if tile not in playable and any(numbers.has(n) for n in ends):
                        return table, seat, view, tile
            state = table.match.rounds[-1]
            assert isinstance(state, RoundState)
            table.act(seat, policy(state))
    raise AssertionError("no seed gives such a position")


def test_a_tile_played_past_a_waiting_foot_is_refused_by_the_rule_of_feet() -> None:
    table, seat, view, tile = seat_facing_a_waiting_foot()
    refusal = tile_refusal(view, tile)
    assert refusal.code == "foot-waiting" and section_of(refusal) == "feet"
    numbers = Tile.parse(tile)
    end = next(p.id for p in view.board for n in p.open if numbers.has(n))
    with pytest.raises(IllegalActionError) as refused:
        table.act(seat, Play(numbers, end))
    assert refused.value.message == refusal  # the engine says the very same


def test_the_centres_foot_is_the_rule_of_the_centre_and_a_tile_that_fits_nowhere_of_lines() -> None:
    table = Table(["a", "b", "c", "d"], CLASSIC.with_options(length="single"), seed=3)
    seat = table.turn or 0
    view = table.snapshot(seat)
    off = next(t for t in view.hand or [] if "9" not in t.split("-"))
    assert section_of(tile_refusal(view, off)) == "centre-foot"
    assert tile_refusal(view, off).code == "foot-waiting"
    if any("play" in a for a in view.legal or []):
        assert turn_refusal(view, "draw").code == "must-play"
        assert section_of(turn_refusal(view, "pass")) == "drawing"


@pytest.mark.parametrize(
    ("controls", "says", "never"),
    [
        ("app", "F1 or ? opens this help", "link"),
        ("plain", "Type rules for this help", "F1"),
        ("web", "How to play link opens this page", "F1"),
        ("print", "F1 or ? in the terminal app, rules in play --plain", "this page"),
    ],
)
def test_each_front_end_says_how_its_own_controls_open_the_help(
    controls: Literal["app", "plain", "web", "print"], says: str, never: str
) -> None:
    told = guide(CLASSIC, translation("en"), 4, controls)
    (table,) = (section for section in told.sections if section.id == "table")
    text = " ".join(block.text for block in table.blocks if isinstance(block, Paragraph))
    assert says in text and never not in text, text
    for lang in LANGUAGES[1:]:  # and in every language, the same controls named
        theirs = guide(CLASSIC, translation(lang), 4, controls)
        (section,) = (section for section in theirs.sections if section.id == "table")
        said = " ".join(block.text for block in section.blocks if isinstance(block, Paragraph))
        assert said != text and ("F1" in said) == ("F1" in text), (lang, said)


SCREEN_REFUSALS = [
    message("foot-waiting", foot=37, double="8-8", need=2),
    message("foot-waiting", foot=37, double="8-8", need=1),
    message("not-your-turn", turn=6, seat=5),
    message("drawn-already", seat=5),
    message("must-play", seat=5),
    message("must-draw", seat=5),
    message("no-drawing", game="block", seat=5),
    message("not-held", seat=5, tile="9-4"),
    message("place-centre-first", tile="9-9"),
    message("name-target", tile="9-4"),
    message("no-open-end", on=37, target="9-8"),
    message("no-match", tile="4-4", number=9, on=37),
    message("no-match-ends", tile="4-4", ends="9, 8", on=37),
    message("not-legal-now", tile="4-4", on=37),
    message("fits-nowhere", tile="4-4"),
    message("led-already"),
    message("must-lead", seat=5, tile="9-9"),
    message("lead-first"),
]
"""Every refusal the table screens and the page work out, with ids and seats that no tile of
them shows (37, 5, 6)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_move_is_said_to_the_player_by_tiles_and_names_never_seats_or_ids(
    lang: str,
) -> None:
    catalogue, english = translation(lang), translation("en")
    tiles = {37: "9-8"}
    for refusal in SCREEN_REFUSALS:
        told = with_names(refusal, tiles, lambda seat: f"Ada{seat}")
        said = said_to_you(told, catalogue)
        assert not re.search(r"[3567]", said.replace("Ada6", "")), (refusal, said)
        assert "toe" not in said and "(s)" not in said and "seat" not in said, said
        if "on" in refusal.params:
            assert "9-8" in said, said
        if lang != "en":
            assert said != said_to_you(told, english), said  # translated
    assert said_to_you(with_names(SCREEN_REFUSALS[2], tiles, "Ada{}".format), english) == (
        "it is Ada6's turn, not yours"
    )
    assert (
        said_to_you(SCREEN_REFUSALS[0], english) == "play on the 8-8 first: it needs 2 more tiles"
    )
    assert said_to_you(SCREEN_REFUSALS[1], english) == "play on the 8-8 first: it needs 1 more tile"
    unnamed = Message("not-legal-now", {"tile": "4-4", "on": 37})
    assert said_to_you(unnamed, english) == "4-4 on tile 37 is not a legal play now"  # engine's


def test_play_plain_names_the_rule_of_a_refused_move_and_shows_it(tmp_path: Path) -> None:
    table, seat, view, tile = seat_facing_a_waiting_foot()
    session = Session(table, tmp_path / "match.json")
    out = io.StringIO()
    set_language("en")
    game = PlainGame(session, io.StringIO(), out)
    numbers = Tile.parse(tile)
    end = next(p.id for p in view.board for n in p.open if numbers.has(n))
    game.handle(seat, f"{tile}@{end}")
    game.handle(seat, "rules feet")
    game.handle(seat, "rules nonsense")
    said = out.getvalue()
    assert "Not allowed: play on the " in said and " first: it needs " in said
    assert "See How to play: Feet (type rules feet)." in said
    assert "Feet\n====\nA double played at the open end of a line closes that line" in said
    assert "No section 'nonsense'; the sections are: table, aim, deal," in said


# -- the command line ----------------------------------------------------------------------------


def test_rules_explain_teaches_every_section_with_pictures() -> None:
    result = runner.invoke(cli_app, ["rules", "--explain", "--lang", "en"])
    assert result.exit_code == 0, result.output
    told = guide(CLASSIC, translation("en"))
    for section in told.sections:
        assert section.title in result.output
    assert "centre  9‖9" in result.output
    assert "needs 1 more toe" in result.output


def test_rules_explain_in_norwegian_for_reeves_marks_its_changes() -> None:
    result = runner.invoke(
        cli_app,
        ["rules", "--explain", "--preset", "reeves", "--lang", "nb", "--section", "drawing"],
    )
    assert result.exit_code == 0, result.output
    assert "Trekke og stå over" in result.output
    assert "endret ved dette bordet" in result.output
    assert "De siste brikkene i reserven trekkes aldri" in result.output
    set_language("en")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--explain", "--preset", "nope"], "unknown preset 'nope'"),
        (["--explain", "--lang", "xx"], "--lang 'xx': the languages are en, nb, it, nl, sv"),
        (["--explain", "--section", "toes"], "--section 'toes': the sections are table, aim"),
        (["--preset", "spruce"], "--preset: only with --explain"),
        (["--explain", "--game", "bergen", "--preset", "spruce"], "presets"),
    ],
)
def test_rules_refuses_bad_input_in_one_line(args: list[str], said: str) -> None:
    result = runner.invoke(cli_app, ["rules", *args])
    assert result.exit_code == 2
    assert said in result.output and "Traceback" not in result.output
    set_language("en")


def test_rules_without_explain_lists_the_games_and_options() -> None:
    result = runner.invoke(cli_app, ["rules", "--lang", "en"])
    assert result.exit_code == 0
    assert "Chicken Foot's presets" in result.output and "Chicken Foot's options" in result.output


def test_rules_help_teaches_explain_and_its_sections() -> None:
    result = runner.invoke(cli_app, ["rules", "--help"], terminal_width=100)
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "--explain" in text and "chickenfoot rules --explain --section feet" in text
    assert "centre-foot" in text and "standard" in text


def test_the_guide_speaks_the_language_it_is_given_whatever_is_spoken() -> None:
    set_language("it")
    try:
        told = guide(Rules(), translation("sv"))
        assert told.title == "Så spelar du"
        assert told.section("feet").title == "Kycklingfötter"
    finally:
        set_language("en")
