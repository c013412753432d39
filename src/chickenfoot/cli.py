"""The ``chickenfoot`` command."""

from __future__ import annotations

import json
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from chickenfoot import arena as arena_
from chickenfoot.bots import BOTS
from chickenfoot.core import CLASSIC, MatchLength, RecordError, Rules, RulesError
from chickenfoot.core.games import (
    CHICKENFOOT,
    GAMES,
    AnyMatch,
    AnyRules,
    describe_presets,
    game_of,
    make_rules,
    replay,
    to_record,
)
from chickenfoot.core.rules import PRESETS
from chickenfoot.play import play_match, write_json

app = typer.Typer(
    help=(
        "Chicken Foot dominoes: simulate matches between computer players, measure bots "
        "against each other in the arena and check game records. Every match is written as "
        "a chickenfoot-record/1 JSON record that `chickenfoot replay` checks move by move "
        "against the rules."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()
err = Console(stderr=True)

GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        metavar="NAME",
        help=f"The game: {', '.join(GAMES)} (see `chickenfoot rules`).",
    ),
]
PresetOption = Annotated[
    str | None,
    typer.Option(
        "--preset",
        metavar="NAME",
        show_default=False,
        help=f"Chicken Foot's house rules: {', '.join(PRESETS)}. \\[default: classic]",
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
        "-o target_total=200; `chickenfoot rules` lists them.",
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
        metavar="S",
        help="Match k (1-based) is dealt from seed S+k-1: reruns repeat.",
    ),
]
RecordsOption = Annotated[
    Path | None,
    typer.Option(
        "--records",
        "-r",
        metavar="DIR",
        show_default=False,
        help="Write each match's record to DIR/<k>.json (k = 1..M).",
    ),
]


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
        if not eq or not key.strip():
            _fail(f"--option takes KEY=VALUE, not {text!r}")
        try:
            values[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            values[key.strip()] = raw
    if length is not None:
        if game != CHICKENFOOT:
            _fail(f"--length is for Chicken Foot; {game} is played to its end")
        values["length"] = length.value
    try:
        rules = make_rules(game, players, preset, values)
    except RulesError as exc:
        _fail(str(exc))
    unknown = sorted(set(values) - set(rules.options()))
    if unknown:
        _fail(f"unknown option {', '.join(unknown)}; `chickenfoot rules` lists them")
    return rules


@app.command()
def simulate(
    players: Annotated[
        int,
        typer.Option(
            "--players", "-p", help="Seats at the table: 2 to 8 (12 with --preset wikipedia)."
        ),
    ] = 4,
    matches: Annotated[
        int, typer.Option("--matches", "-m", min=1, help="How many matches to play.")
    ] = 20,
    seed: SeedOption = 1,
    length: LengthOption = None,
    records: RecordsOption = None,
    game: GameOption = CHICKENFOOT,
    preset: PresetOption = None,
    option: OptionsOption = None,
) -> None:
    """Play matches between seeded random players and summarise them.

    Examples: chickenfoot simulate --players 6 --matches 100 --seed 7 --records out/

    chickenfoot simulate --preset reeves -o double_blank_points=50 --length half

    chickenfoot simulate --game all-fives --players 4 -o partnership=true
    """
    rules = _rules(game, players, preset, option, length)
    if records is not None:
        _check_folder(records)
    summary = _Summary(players, "round" if game == CHICKENFOOT else "hand")
    with _progress() as progress:
        task = progress.add_task("matches", total=matches)
        for k in range(1, matches + 1):
            match = play_match(["random"] * players, rules, seed + k - 1)
            summary.add(match)
            if records is not None:
                write_json(records / f"{k}.json", to_record(match))
            progress.advance(task)
    summary.show(out)
    if records is not None:
        out.print(f"records: {records}/1.json .. {records}/{matches}.json")


_ARENA_HELP = "\n\n".join(
    [
        "Measure computer players against each other: many seeded matches, a report per bot.",
        "Match k (1-based) is dealt from seed S+k-1 and seats the --bots list rotated by k-1 "
        "seats: the bot listed i-th (from 0) sits in seat i+k-1 mod N. With M a multiple of N "
        "every bot sits in every seat equally often. A bot named for several seats is "
        "reported once, over all of them.",
        "The report, per bot: rounds played (once per seat it held); mean penalty points per "
        "round ± the half-width of its 95% confidence interval (1.96·sd/√n); rounds won, as "
        "a share of the rounds it played (the lowest points win a round, k tied seats get 1/k "
        "each); match wins (the lowest total, ties shared alike); milliseconds per move, mean "
        "and 95th percentile over every choose call.",
        "Bad input exits 2 before any match is played. A match that fails stops the run, "
        "says which match and why, and exits 1. Ctrl-C stops every worker at once. Either "
        "way the records already written stay.",
        "Examples:",
        "chickenfoot arena --bots greedy,random --matches 200 --seed 7",
        "chickenfoot arena -p 4 -b greedy,random,random,random -m 400 -r out/ --json arena.json",
        "chickenfoot arena -p 6 -b random --length single --workers 1",
    ]
)


@app.command(help=_ARENA_HELP)
def arena(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            metavar="NAMES",
            show_default=False,
            help="Bots by seat, comma-separated (one name per seat), or a single name for "
            f"every seat. Known bots: {', '.join(BOTS)}.",
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            show_default=False,
            metavar="N",
            help="Seats at the table, 2 to 8. \\[default: one per --bots name; 4 for one name]",
        ),
    ] = None,
    matches: Annotated[
        int | None,
        typer.Option(
            "--matches",
            "-m",
            metavar="M",
            show_default=False,
            help="How many matches to play; a multiple of the players puts every bot in "
            "every seat equally often. \\[default: 10 per player]",
        ),
    ] = None,
    seed: SeedOption = 1,
    length: LengthOption = None,
    records: RecordsOption = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "-w",
            metavar="K",
            show_default=False,
            help="Worker processes; 1 plays in this process. Results are the same for any "
            "number; timings are fairest with no more workers than idle cores. "
            "\\[default: all cores]",
        ),
    ] = None,
    report_file: Annotated[
        Path | None,
        typer.Option(
            "--json",
            help="Also write the report to FILE as JSON (chickenfoot-arena/1).",
            metavar="FILE",
            show_default=False,
        ),
    ] = None,
    game: GameOption = CHICKENFOOT,
    preset: PresetOption = None,
    option: OptionsOption = None,
) -> None:
    names = [name for name in bots.split(",") if name.strip()]
    if players is None:
        players = len(names) if len(names) > 1 else 4
    rules = _rules(game, players, preset, option, length)
    try:
        lineup = arena_.parse_lineup(bots, players, BOTS)
    except arena_.ArenaError as exc:
        _fail(str(exc))
    if matches is None:
        matches = 10 * players
    if matches < 1:
        _fail(f"--matches must be at least 1, not {matches}")
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        _fail(f"--workers must be at least 1, not {workers}")
    if records is not None:
        _check_folder(records)
    if report_file is not None:
        _check_report_file(report_file)
    if matches % players and len(set(lineup)) > 1:
        err.print(
            f"warning: {matches} matches is not a multiple of {players} players, so the seats "
            "do not rotate evenly: some bots sit in some seats once more than in others",
            markup=False,
            soft_wrap=True,
        )

    tally = arena_.Tally(lineup, seed, rules)
    jobs = arena_.plan(lineup, matches, seed, rules, records)
    with _progress() as progress, _sigterm_interrupts():
        task = progress.add_task("matches", total=matches)

        def done(result: arena_.MatchResult) -> None:
            tally.add(result)
            progress.advance(task)

        try:
            arena_.run(jobs, min(workers, matches), done, records)
        except arena_.ArenaError as exc:
            progress.stop()
            err.print(f"error: {exc}", markup=False, soft_wrap=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            progress.stop()
            kept = f"; the records of finished matches stay in {records}" if records else ""
            err.print(
                f"interrupted after {tally.matches} of {matches} matches{kept}",
                markup=False,
                soft_wrap=True,
            )
            raise typer.Exit(130) from None
    report = tally.report()
    _show_arena(report)
    if records is not None:
        out.print(f"records: {records}/1.json .. {records}/{matches}.json", markup=False)
    if report_file is not None:
        try:
            write_json(report_file, report.to_json())
        except OSError as exc:
            message = f"error: cannot write the report {report_file}: {exc.strerror}"
            err.print(message, markup=False, soft_wrap=True)
            raise typer.Exit(1) from None
        out.print(f"report: {report_file}", markup=False)


def _check_folder(folder: Path) -> None:
    """Fail now, not after hours of play, if records cannot be written into ``folder``."""
    if folder.exists() and not folder.is_dir():
        _fail(f"cannot write records into {folder}: it is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _probe(folder)
    except OSError as exc:
        _fail(f"cannot write records into {folder}: {exc.strerror}")


def _check_report_file(path: Path) -> None:
    if path.is_dir():
        _fail(f"--json {path} is a folder; give a file name")
    if not path.parent.is_dir():
        _fail(f"cannot write the report {path}: there is no folder {path.parent}")
    try:
        _probe(path.parent)
    except OSError as exc:
        _fail(f"cannot write the report {path}: {exc.strerror}")


def _probe(folder: Path) -> None:
    """Raise OSError unless a file can be created in ``folder``."""
    fd, probe = tempfile.mkstemp(dir=folder, prefix=".probe.", suffix=".tmp")
    os.close(fd)
    os.unlink(probe)


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """Treat SIGTERM like Ctrl-C while matches run, so the workers are stopped too."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _show_arena(report: arena_.ArenaReport) -> None:
    last = report.seed + report.matches - 1
    out.print(
        f"{report.matches} matches of {report.players} players ({_rules_name(report.rules)}), "
        f"seeds {report.seed}..{last}, {report.rounds} rounds",
        markup=False,
    )
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    table.add_column("\nbot")
    for heading in ("\nseats", "\nrounds", "points\nper round", "rounds\nwon", "match\nwins"):
        table.add_column(heading, justify="right", no_wrap=True)
    table.add_column("ms/move\nmean", justify="right", no_wrap=True)
    table.add_column("ms/move\np95", justify="right", no_wrap=True)
    for bot in report.bots:
        ci = bot.points.half_width
        table.add_row(
            bot.bot,
            str(bot.seats),
            str(bot.rounds),
            f"{bot.points.mean:.1f}" + (f" ± {ci:.1f}" if ci is not None else ""),
            f"{bot.round_win_share:.1%}",
            f"{bot.match_wins:g}",
            _ms(bot.ms_per_move),
            _ms(bot.ms_per_move_p95),
        )
    out.print(table)
    best = "lowest" if game_of(report.rules) == CHICKENFOOT else "highest"
    out.print(
        "points per round: the mean ± the half-width of its 95% confidence interval. "
        "rounds won: share of the rounds a bot played, over all its seats "
        f"({1 / report.players:.1%} is even). match wins: of {report.matches} matches. The "
        f"{best} points win a round, the {best} total a match; ties share the win. "
        "ms/move: milliseconds per move, mean and 95th percentile.",
        markup=False,
    )


def _rules_name(rules: AnyRules) -> str:
    if isinstance(rules, Rules):
        return f"{rules.preset}, {rules.length.value}"
    return game_of(rules)


def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if value >= 10 else f"{value:.2g}"


@app.command("replay")
def replay_cmd(
    files: Annotated[list[Path], typer.Argument(help="Record files (chickenfoot-record/1 JSON).")],
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            metavar="NAME",
            show_default=False,
            help="Also require records of this game. \\[default: any]",
        ),
    ] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset",
            metavar="NAME",
            show_default=False,
            help="Also require records played with this preset. \\[default: any]",
        ),
    ] = None,
) -> None:
    """Replay game records of any game through the rules and check every action, point and
    total.

    Prints one line per file: its totals when it is legal, or where (rounds[i].actions[j])
    and what is wrong. Exits 1 if any file is not a legal record.
    """
    if game is not None and game not in GAMES:
        _fail(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    bad = 0
    for path in files:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            match = replay(record)
            _expect(record, game, preset)
        except OSError as exc:
            typer.echo(f"{path}: cannot read: {exc.strerror}")
        except UnicodeDecodeError:
            typer.echo(f"{path}: not UTF-8 text")
        except json.JSONDecodeError as exc:
            typer.echo(f"{path}: not JSON: line {exc.lineno} column {exc.colno}: {exc.msg}")
        except RecordError as exc:
            typer.echo(f"{path}: {exc}")
        else:
            typer.echo(f"{path}: ok: {_describe(match)}")
            continue
        bad += 1
    if bad:
        raise typer.Exit(1)


def _expect(record: dict[str, object], game: str | None, preset: str | None) -> None:
    if game is not None and record.get("game") != game:
        raise RecordError(f"a record of {record.get('game')!r}, not of {game!r}", "game")
    rules = record.get("rules")
    found = rules.get("preset") if isinstance(rules, dict) else None
    if preset is not None and found != preset:
        raise RecordError(f"played with preset {found!r}, not {preset!r}", "rules")


def _describe(match: AnyMatch) -> str:
    text = f"{len(match.points)} round(s), totals {match.totals()}"
    outcome = match.outcome()
    if outcome is None:
        return text + ", still in play"
    if outcome.is_draw:
        verb = "draw between seats"
    else:
        verb = "won by seats" if len(outcome.winners) > 1 else "won by seat"
    return text + f", {verb} {', '.join(map(str, outcome.winners))}"


class _Summary:
    def __init__(self, players: int, unit: str) -> None:
        self.players = players
        self.unit = unit
        self.matches = 0
        self.rounds = 0
        self.blocked = 0
        self.points = [0] * players
        self.wins = [0] * players
        self.draws = 0

    def add(self, match: AnyMatch) -> None:
        self.matches += 1
        self.rounds += len(match.rounds)
        self.blocked += sum(
            1 for r in match.rounds if r.end is not None and r.end.value == "blocked"
        )
        for s, total in enumerate(match.totals()):
            self.points[s] += total
        outcome = match.outcome()
        assert outcome is not None
        if outcome.is_draw:
            self.draws += 1
        else:
            for seat in outcome.winners:
                self.wins[seat] += 1

    def show(self, console: Console) -> None:
        unit = self.unit
        console.print(
            f"{self.matches} matches, {self.rounds} {unit}s, "
            f"{self.blocked / max(1, self.rounds):.1%} of {unit}s blocked, {self.draws} drawn"
        )
        table = Table("seat", f"mean points per {unit}", "mean total per match", "wins")
        for s in range(self.players):
            table.add_row(
                str(s),
                f"{self.points[s] / max(1, self.rounds):.1f}",
                f"{self.points[s] / max(1, self.matches):.1f}",
                str(self.wins[s]),
            )
        console.print(table)


@app.command("rules")
def rules_cmd() -> None:
    """List every game and Chicken Foot preset with its source and what it changes, and
    the options -o KEY=VALUE can set."""
    table = Table("game / preset", "source", "what it changes", box=box.SIMPLE_HEAD)
    for name, source, change in describe_presets():
        table.add_row(name, source, change)
    out.print(table)
    options = Table(box=box.SIMPLE_HEAD, title="Chicken Foot's options (-o KEY=VALUE)")
    options.add_column("option", no_wrap=True)
    for name in PRESETS:
        options.add_column(name)
    values = {name: rules.options() for name, rules in PRESETS.items()}
    for key in CLASSIC.options():
        options.add_row(key, *(json.dumps(values[name][key]) for name in PRESETS))
    out.print(options)
    out.print(
        "The standard games take their own options the same way (for example -o "
        "partnership=true, -o set_top=9, -o target=100); their rules and every decision "
        "taken are in src/chickenfoot/core/standard/RULES.md.",
        markup=False,
    )


def _progress() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not err.is_terminal,
        transient=True,
    )


def _fail(message: str) -> NoReturn:
    err.print(f"error: {message}", markup=False, soft_wrap=True)
    raise typer.Exit(2)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)
