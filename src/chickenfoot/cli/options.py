"""The options several commands share (the game, its rules, seeds, records) and
their checks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from chickenfoot import files
from chickenfoot.cli.errors import _fail
from chickenfoot.cli.text import _count, _short
from chickenfoot.cli.words import LATE_HELP
from chickenfoot.core.games import CHICKENFOOT, GAMES, AnyRules, game_named, make_rules
from chickenfoot.core.rules import CLASSIC, PRESETS, MatchLength
from chickenfoot.i18n import _, error_text

MAX_SEED = 2**63 - 1
"""The largest seed of any match: seeds are 0 .. 2^63-1, a signed 64-bit integer."""

DEFAULT_GAME = CHICKENFOOT
"""The game when ``--game`` is not given."""


def takes_length(game: str) -> bool:
    """Is ``game`` a game whose match's length is chosen (``--length``)?"""
    return game in GAMES and game_named(game).takes_length


def default_players(game: str) -> int:
    """The players of ``game`` when ``--players`` is not given."""
    return game_named(game).default_players if game in GAMES else 2


GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        metavar="NAME",
        help=f"The game: {', '.join(GAMES)} (see `chickenfoot rules`).",
    ),
]
PRESET_HELP = f"Chicken Foot's house rules: {', '.join(PRESETS)}. \\[default: classic]"


def preset_help() -> str:
    """The help of ``--preset`` in the reader's language: each preset by the name it is
    chosen with, its name as players read it and what it is."""
    from chickenfoot.howto.listing import ORIGINS, preset_title

    presets = "; ".join(
        _("{name} ({title}): {origin}").format(
            name=name, title=preset_title(name, _), origin=_(ORIGINS[name])
        )
        for name in PRESETS
    )
    default = _("default: {name}").format(name="classic")
    return _("Chicken Foot's house rules: {presets}.").format(presets=presets) + f" \\[{default}]"


LATE_HELP[PRESET_HELP] = preset_help

PresetOption = Annotated[
    str | None,
    typer.Option(
        "--preset",
        metavar="NAME",
        show_default=False,
        help=PRESET_HELP,
    ),
]
OptionsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        show_default=False,
        help="Change one rule option (repeatable), e.g. -o double_blank_points=25 "
        "-o target_total=200; `chickenfoot rules` lists them. A value is JSON when it reads "
        "as JSON (25, true, [[6,9]]), else text (half).",
    ),
]
LengthOption = Annotated[
    MatchLength | None,
    typer.Option(
        "--length",
        "-l",
        case_sensitive=False,
        show_default=False,
        help="Chicken Foot only. full: one round per double (10 with double-9); half: the "
        "first half; single: one round. \\[default: the preset's, full]",
    ),
]

SeedOption = Annotated[
    int,
    typer.Option(
        "--seed",
        "-s",
        metavar="SEED",
        help="Match k (1-based) is dealt from seed SEED+k-1: reruns repeat. Seeds are 0 to 2^63-1.",
    ),
]
RecordsOption = Annotated[
    Path | None,
    typer.Option(
        "--records",
        "-r",
        metavar="DIR|FILE.jsonl",
        show_default=False,
        help="Write each match's record to DIR/<k>.json (k = 1..M), or, for a name ending in "
        ".jsonl, all of them to that one file, one record per line in match order (far "
        "quicker to write and to read back than a file per match). A folder that already "
        "holds .json files, or a .jsonl file that is not empty, is refused (see --force).",
    ),
]
ForceOption = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Write into a --records folder that already holds .json files: first remove "
        "every record of an earlier run in it (the files named <k>.json, whatever k), so "
        "that it holds this run's records only; other files stay. A --records .jsonl file "
        "is replaced.",
    ),
]


def _players_help(default: str) -> str:
    wider = [
        f"{rules.max_players} with --preset {name}"
        for name, rules in PRESETS.items()
        if rules.max_players != CLASSIC.max_players
    ]
    return (
        f"Seats at the table: as many as the game allows, Chicken Foot {CLASSIC.min_players} to "
        f"{CLASSIC.max_players} ({', '.join(wider)}; `chickenfoot rules` lists every preset's "
        f"min_players and max_players), the standard games 2 to 4. {default}"
    ).rstrip()


def _rules(
    game: str,
    players: int,
    preset: str | None,
    options: list[str] | None,
    length: MatchLength | None,
) -> AnyRules:
    """The rules the command line asks for, or one clear error line and exit 2."""
    values: dict[str, object] = {}
    for text in options or []:
        key, eq, raw = text.partition("=")
        key = key.strip()
        if not eq or not key:
            _fail(_("--option takes KEY=VALUE, not {text}").format(text=repr(_short(text))))
        if key == "game":
            _fail(
                _("-o {option}: the game is chosen with --game, not with an option").format(
                    option=_short(text)
                )
            )
        if key == "players":
            _fail(
                _("-o {option}: the number of players is chosen with --players").format(
                    option=_short(text)
                )
            )
        values[key] = _option_value(key, raw)
    if length is not None and takes_length(game):
        values["length"] = length.value
    elif length is not None and game in GAMES:  # an unknown game is said as such below
        _fail(_("--length is for Chicken Foot; {game} is played to its end").format(game=game))
    try:
        rules = make_rules(game, players, preset, values)
    except ValueError as exc:  # RulesError (said by its code), any other value refused
        _fail(error_text(exc))
    except Exception as exc:  # a bug in the core: still one line, naming where
        from chickenfoot.arena import describe_failure

        failure = describe_failure(exc)
        _fail(_("these rules cannot be set up: {failure}").format(failure=failure))
    unknown = sorted(set(values) - set(rules.options()))
    if unknown:
        _fail(
            _("unknown option {names}; `chickenfoot rules` lists them").format(
                names=", ".join(unknown)
            )
        )
    return rules


_LOOKS_LIKE_JSON = re.compile(r"\s*([\[{\"]|-?[0-9]|-?Infinity\b|NaN\b)")


def _option_value(key: str, raw: str) -> object:
    """An -o value: JSON when it is JSON, else the text itself. Text that is clearly meant
    as JSON (a list, an object, a quoted string, a number) but is not is refused."""
    try:
        return files.decode_json(raw.strip())
    except files.FileProblem as exc:
        if _LOOKS_LIKE_JSON.match(raw):
            # TRANSLATORS: {problem} is what is wrong with the value, a text of its own
            # beginning "not JSON" (as translated there), e.g. "not JSON: line 1 column 3:
            # it ends too early".
            text = _("-o {key}={value}: the value is {problem}")
            _fail(text.format(key=key, value=_short(raw), problem=exc))
        return raw


def _check_counts(matches: int, seed: int) -> None:
    if matches < 1:
        _fail(f"--matches must be at least 1, not {matches}")
    if seed < 0:
        _fail(_("--seed must be 0 to 2^63-1, not {seed}").format(seed=seed))
    if seed > MAX_SEED:
        _fail(
            _("--seed {seed} is too large: seeds are 0 to 2^63-1 ({most})").format(
                seed=_short(str(seed)), most=MAX_SEED
            )
        )
    if seed + matches - 1 > MAX_SEED:
        _fail(
            f"--seed {seed} with {_count(matches, 'match')} needs seeds up to "
            f"{_short(str(seed + matches - 1))}, above the largest, 2^63-1 ({MAX_SEED})"
        )
