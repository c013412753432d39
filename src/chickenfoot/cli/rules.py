"""``chickenfoot rules``: the games, presets and options, or how to play (--explain)."""

from __future__ import annotations

from typing import Annotated

import typer

from chickenfoot.cli import output
from chickenfoot.cli.errors import _fail
from chickenfoot.cli.language import _use_language
from chickenfoot.cli.options import (
    DEFAULT_GAME,
    GameOption,
    OptionsOption,
    PresetOption,
    _rules,
    default_players,
)
from chickenfoot.cli.text import _short
from chickenfoot.cli.words import _Command
from chickenfoot.howto.guide import SECTION_IDS
from chickenfoot.i18n import LANGUAGES, _
from chickenfoot.terminal.session import DEFAULT_PLAYERS

app = typer.Typer(add_completion=False)


_RULES_HELP = "\n\n".join(
    [
        "List every game and Chicken Foot preset by name, with where its rules come from and "
        "what it plays, and the options -o KEY=VALUE can set, with their value in each preset.",
        "With --explain: How to play, in the project's own words, section by section: the "
        "aim, the set and the deal, the round's double and the centre foot, playing a tile, "
        "feet, drawing and passing, the end of a round, scoring, the match, who starts, the "
        "presets and options, and the standard games, with pictures of real positions drawn "
        "by the game's own board. It explains the rules of the table that --preset, --game "
        "and -o set up (classic without them): what they change from classic comes first, "
        "and is marked in every section it changes.",
        "Examples: chickenfoot rules; chickenfoot rules --explain; chickenfoot rules "
        "--explain --preset spruce --lang nb; chickenfoot rules --explain --section feet; "
        "chickenfoot rules --lang it",
    ]
)
SECTIONS = ", ".join(SECTION_IDS)


@app.command("rules", cls=_Command, help=_RULES_HELP)
def rules_cmd(
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="How to play, for the table --preset, --game and -o set up, instead of the "
            "list of presets and options.",
        ),
    ] = False,
    game: GameOption = DEFAULT_GAME,
    preset: PresetOption = None,
    option: OptionsOption = None,
    section: Annotated[
        str | None,
        typer.Option(
            "--section",
            metavar="ID",
            show_default=False,
            help=f"With --explain: only this section: {SECTIONS}.",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            show_default=False,
            help="With --explain: the seats at the table, for the pictures and what depends "
            "on the number of players (partnership play needs 4). \\[default: "
            f"{DEFAULT_PLAYERS} for Chicken Foot, 2 for a standard game]",
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="CODE",
            show_default=False,
            help=f"The language, {', '.join(LANGUAGES)}. \\[default: from "
            "the locale: LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en]",
        ),
    ] = None,
) -> None:
    if not explain:
        given = [
            name
            for name, value in (
                ("--preset", preset),
                ("-o", option),
                ("--section", section),
                ("--players", players),
            )
            if value is not None
        ]
        if game != DEFAULT_GAME:
            given.insert(0, "--game")
        if given:
            _fail(f"{', '.join(given)}: only with --explain (chickenfoot rules --explain)")
        _list_rules(lang)
        return
    _explain_rules(game, preset, option, section, lang, players)


def _explain_rules(
    game: str,
    preset: str | None,
    option: list[str] | None,
    section: str | None,
    lang: str | None,
    seats: int | None,
) -> None:
    from chickenfoot.terminal.explain import UnknownSectionError, guide_for, print_guide

    _use_language(lang)
    if section is not None and section not in SECTION_IDS:
        _fail(
            _("--section {name}: the sections are {ids}").format(
                name=repr(_short(section)), ids=SECTIONS
            )
        )
    players = seats if seats is not None else default_players(game)
    rules = _rules(game, players, preset, option, None)
    try:
        print_guide(output.out, guide_for(rules, players), section)
    except UnknownSectionError as exc:
        _fail(str(exc))


def _list_rules(lang: str | None) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from chickenfoot.howto.listing import listing
    from chickenfoot.i18n import language, translation

    _use_language(lang)
    said = listing(translation(language()))
    games = Table(*said.games_header, box=box.SIMPLE_HEAD, title=said.games_title)
    games.columns[0].no_wrap = True
    for row in said.games:
        text = Text(row.heading, style="bold") + "\n" + "; ".join(row.phrases)
        games.add_row(row.choose, text)
    output.out.print(games)
    options = Table(*said.options_header, box=box.SIMPLE_HEAD, title=said.options_title)
    options.columns[0].no_wrap = True
    for option in said.options:
        options.add_row(option.key, Text("\n".join([option.meaning, *option.values])))
    output.out.print(options)
    output.out.print(said.closing, markup=False)
