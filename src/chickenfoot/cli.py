"""The ``chickenfoot`` command."""

from __future__ import annotations

import io
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from time import perf_counter
from typing import Annotated, Any, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperGroup

import chickenfoot
from chickenfoot import arena as arena_
from chickenfoot import files
from chickenfoot.bots import BOTS, LEVELS
from chickenfoot.core import CLASSIC, MatchLength, RecordError
from chickenfoot.core.games import (
    CHICKENFOOT,
    GAMES,
    AnyMatch,
    AnyRules,
    check,
    describe_presets,
    make_rules,
)
from chickenfoot.core.messages import message
from chickenfoot.core.rules import PRESETS
from chickenfoot.i18n import (
    LANGUAGES,
    _,
    error_text,
    language_from_environment,
    message_text,
    set_language,
)
from chickenfoot.play import BOT_PREFIX, play_simulated_match
from chickenfoot.terminal.session import DEFAULT_LENGTH, DEFAULT_LEVEL, DEFAULT_PLAYERS

DEFAULT_PACE = 0.8
"""Seconds between two computer players' moves in the app."""
MAX_PACE = 10.0
MAX_NAME = 24

MAX_SEED = 2**63 - 1
"""The largest seed of any match: seeds are 0 .. 2^63-1, a signed 64-bit integer."""


class _OneLineErrors(TyperGroup):
    """Typer's group, with a command-line mistake told in one line (``error: ...``, exit 2)
    instead of a usage panel."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except NoArgsIsHelpError as exc:  # the help has been shown
            sys.exit(exc.exit_code)
        except UsageError as exc:
            hint = f" (see {exc.ctx.command_path} --help)" if exc.ctx is not None else ""
            message = f"error: {_one_line(exc.format_message())}{hint}"
            err.print(message, markup=False, soft_wrap=True)
            sys.exit(2)
        except ClickException as exc:
            err.print(f"error: {_one_line(exc.format_message())}", markup=False, soft_wrap=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            err.print("error: aborted", markup=False)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_OneLineErrors,
    help=(
        "Chicken Foot dominoes: play against computer players or friends (chickenfoot "
        "play), simulate matches between computer players, measure bots "
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
_CORES = arena_.cores()

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
        metavar="S",
        help="Match k (1-based) is dealt from seed S+k-1: reruns repeat. Seeds are 0 to 2^63-1 "
        "(a negative seed would deal as its positive).",
    ),
]
RecordsOption = Annotated[
    Path | None,
    typer.Option(
        "--records",
        "-r",
        metavar="DIR",
        show_default=False,
        help="Write each match's record to DIR/<k>.json (k = 1..M). A folder that already "
        "holds .json files is refused (see --force).",
    ),
]
ForceOption = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Write into a --records folder that already holds .json files: first remove "
        "every record of an earlier run in it (the files named <k>.json, whatever k), so "
        "that it holds this run's records only; other files stay.",
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


def _show_version(value: bool) -> None:
    if value:
        from importlib import metadata  # slow to import: only here

        try:
            version = metadata.version("chickenfoot")
        except metadata.PackageNotFoundError:
            version = chickenfoot.__version__
        out.print(f"chickenfoot {version}", markup=False, highlight=False)
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Show chickenfoot's version and exit.",
            is_eager=True,
            callback=_show_version,
        ),
    ] = False,
) -> None:
    pass


WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        metavar="K",
        show_default=False,
        help="Worker processes; 1 plays in this process. At most "
        f"{arena_.MAX_WORKERS_PER_CORE} per core ({arena_.MAX_WORKERS_PER_CORE * _CORES} here); "
        "no more are started than there are matches. Results and records are the same for any "
        "number. \\[default: simulate 1, arena all cores]",
    ),
]


def _check_workers(workers: int) -> int:
    most = arena_.MAX_WORKERS_PER_CORE * _CORES
    if workers < 1:
        _fail(f"--workers must be at least 1, not {workers}")
    if workers > most:
        _fail(
            f"--workers {_short(str(workers))} is too many: at most "
            f"{arena_.MAX_WORKERS_PER_CORE} per core, {most} on this machine"
        )
    return workers


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
    if length is not None:
        if game != CHICKENFOOT:
            _fail(_("--length is for Chicken Foot; {game} is played to its end").format(game=game))
        values["length"] = length.value
    try:
        rules = make_rules(game, players, preset, values)
    except ValueError as exc:  # RulesError (said by its code), any other value refused
        _fail(error_text(exc))
    except Exception as exc:  # a bug in the core: still one line, naming where
        failure = arena_.describe_failure(exc)
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


@app.command(
    help="Play matches between seeded random players and summarise them.\n\n"
    "Examples: chickenfoot simulate --players 6 --matches 100 --seed 7 --records out/\n\n"
    "chickenfoot simulate --preset reeves -o double_blank_points=50 --length half\n\n"
    "chickenfoot simulate --game all-fives --players 4 -o partnership=true\n\n"
    "Bad input exits 2 before any match is played. A record that cannot be written stops the "
    "run (exit 1); Ctrl-C or SIGTERM stops it too (exit 130). Either way the records already "
    "written stay and no half-written file is left."
)
def simulate(
    players: Annotated[
        int, typer.Option("--players", "-p", metavar="N", help=_players_help(""))
    ] = 4,
    matches: Annotated[
        int, typer.Option("--matches", "-m", metavar="M", help="How many matches to play.")
    ] = 20,
    seed: SeedOption = 1,
    length: LengthOption = None,
    records: RecordsOption = None,
    force: ForceOption = False,
    game: GameOption = CHICKENFOOT,
    preset: PresetOption = None,
    option: OptionsOption = None,
    workers: WorkersOption = 1,
) -> None:
    rules = _rules(game, players, preset, option, length)
    _check_counts(matches, seed)
    workers = _check_workers(workers if workers is not None else 1)
    if records is not None:
        _check_records(records, force)
    unit = _unit(rules)
    summary = _Summary(players, unit)
    if workers > 1 and matches > 1:
        _simulate_on_workers(rules, players, matches, seed, records, force, workers, summary)
        return
    with _interrupts() as interrupts, _progress() as progress:
        try:
            if records is not None and force:
                _replace_records(records)
            task = progress.add_task("matches", total=matches)
            rounds = progress.add_task(f"{unit}s", total=_rounds_total(rules, players, matches))
            done = _Done(progress, task, rounds)
            for k in range(1, matches + 1):
                try:
                    match, make_record = play_simulated_match(
                        ["random"] * players, rules, seed + k - 1, done.round_done
                    )
                    record = make_record() if records is not None else None
                except Exception as exc:
                    progress.stop()
                    message = f"match {k} (seed {seed + k - 1}) failed"
                    _stop(f"{message}: {arena_.describe_failure(exc)}", records)
                with interrupts.shielded():  # a match counts once its record is written
                    if records is not None:
                        path = records / f"{k}.json"
                        try:
                            files.write_json(path, record, compact=True)
                        except OSError as exc:
                            progress.stop()
                            _stop(f"cannot write {path}: {exc.strerror or exc}", records)
                    summary.add(arena_.simulation_result(k, match))
                done.match_done()
            done.show()
        except KeyboardInterrupt:
            progress.stop()
            _interrupted(summary.matches, matches, records)
    summary.show(out)
    if records is not None:
        out.print(_records_line(records, matches), markup=False)


def _simulate_on_workers(
    rules: AnyRules,
    players: int,
    matches: int,
    seed: int,
    records: Path | None,
    force: bool,
    workers: int,
    summary: _Summary,
) -> None:
    """``simulate`` on worker processes: the same matches, records and summary."""
    jobs = arena_.plan(["random"] * players, matches, seed, rules, records)
    unit = _unit(rules)
    with _interrupts(), _progress() as progress:
        try:
            if records is not None and force:
                _replace_records(records)
            task = progress.add_task("matches", total=matches)
            rounds = progress.add_task(f"{unit}s", total=_rounds_total(rules, players, matches))

            def done(result: arena_.SimulationResult) -> None:
                summary.add(result)
                progress.advance(task)

            def rounds_done(count: int) -> None:
                progress.update(rounds, completed=count)

            try:
                arena_.run(
                    jobs, min(workers, matches), done, records, rounds_done, arena_.simulate_job
                )
            except arena_.ArenaError as exc:
                progress.stop()
                _stop(str(exc), records)
        except KeyboardInterrupt:
            progress.stop()
            _interrupted(summary.matches, matches, records)
    summary.show(out)
    if records is not None:
        out.print(_records_line(records, matches), markup=False)


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
        "and 95th percentile over every choose call. The standard games count hands, and "
        "there the highest points win.",
        "Bad input exits 2 before any match is played. A match that fails stops the run, "
        "says which match and why, and exits 1. Ctrl-C or SIGTERM stops every worker at once "
        "(exit 130); if this process is killed outright, the workers notice and exit too. "
        "Either way the records already written stay and no half-written file is left.",
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
            help=_players_help("\\[default: one per --bots name; 4 for one name]"),
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
    force: ForceOption = False,
    workers: WorkersOption = None,
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
    _check_counts(matches, seed)
    workers = _check_workers(workers if workers is not None else _CORES)
    if records is not None:
        _check_records(records, force)
    if report_file is not None:
        _check_report_file(report_file)
    if matches % players and len(set(lineup)) > 1:
        err.print(
            f"warning: {_count(matches, 'match')} is not a multiple of {players} players, so "
            "the seats do not rotate evenly: some bots sit in some seats once more than in "
            "others",
            markup=False,
            soft_wrap=True,
        )

    unit = _unit(rules)
    tally = arena_.Tally(lineup, seed, rules)
    jobs = arena_.plan(lineup, matches, seed, rules, records)
    with _interrupts(), _progress() as progress:
        try:
            if records is not None and force:
                _replace_records(records)
            task = progress.add_task("matches", total=matches)
            rounds = progress.add_task(f"{unit}s", total=_rounds_total(rules, players, matches))

            def done(result: arena_.MatchResult) -> None:
                tally.add(result)
                progress.advance(task)

            def rounds_done(count: int) -> None:
                progress.update(rounds, completed=count)

            try:
                arena_.run(jobs, min(workers, matches), done, records, rounds_done)
            except arena_.ArenaError as exc:
                progress.stop()
                _stop(str(exc), records)
            report = tally.report()
            _show_arena(report)
            if records is not None:
                out.print(_records_line(records, matches), markup=False)
            if report_file is not None:
                try:
                    files.write_json(report_file, report.to_json())
                except OSError as exc:
                    _stop(f"cannot write the report {report_file}: {exc.strerror or exc}", None)
                out.print(f"report: {report_file}", markup=False)
        except KeyboardInterrupt:
            progress.stop()
            _interrupted(tally.matches, matches, records)


def _rounds_total(rules: AnyRules, players: int, matches: int) -> int | None:
    """The rounds (hands) ``matches`` matches take, if that is known before they are played."""
    per_match = rules.rounds_per_match(players)
    return None if per_match is None else matches * per_match


def _unit(rules: AnyRules) -> str:
    """What a game is played in: Chicken Foot in rounds, the standard games in hands."""
    return rules.round_noun


def _stop(message: str, records: Path | None) -> NoReturn:
    """A run that cannot go on: one line, exit 1, no half-written record left."""
    if records is not None:
        files.remove_partial_records(records)
    err.print(f"error: {message}", markup=False, soft_wrap=True)
    raise typer.Exit(1)


def _interrupted(finished: int, matches: int, records: Path | None) -> NoReturn:
    kept = ""
    if records is not None:
        files.remove_partial_records(records)
        kept = f"; the records of finished matches stay in {records}"
    err.print(
        f"interrupted after {finished} of {_count(matches, 'match')}{kept}",
        markup=False,
        soft_wrap=True,
    )
    raise typer.Exit(130)


def _records_line(records: Path, matches: int) -> str:
    if matches == 1:
        return f"records: {records}/1.json"
    return f"records: {records}/1.json .. {records}/{matches}.json"


def _check_records(folder: Path, force: bool) -> None:
    """Fail now, not after hours of play, if records cannot be written into ``folder``, or if
    it holds files of another run (unless ``force``)."""
    _check_folder(folder)
    found = files.json_files(folder)
    if found and not force:
        names = ", ".join(p.name for p in found[:3]) + (", ..." if len(found) > 3 else "")
        _fail(
            f"--records {folder} already holds {_count(len(found), '.json file')} ({names}); "
            "give a new or empty folder, or add --force to replace the records in it"
        )


def _replace_records(folder: Path) -> None:
    """``--force``: remove the records of an earlier run (and any half-written one)."""
    old = files.numbered_records(folder)
    for path in old:
        path.unlink(missing_ok=True)
    files.remove_partial_records(folder)
    if old:
        err.print(
            f"--force: replacing the records in {folder}: removed "
            f"{_count(len(old), 'record')} of an earlier run ({old[0].name}"
            + (f" .. {old[-1].name})" if len(old) > 1 else ")"),
            markup=False,
            soft_wrap=True,
        )


def _check_folder(folder: Path) -> None:
    """Fail now, not after hours of play, if records cannot be written into ``folder``."""
    if folder.exists() and not folder.is_dir():
        _fail(f"cannot write records into {folder}: it is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _probe(folder)
    except OSError as exc:
        _fail(f"cannot write records into {folder}: {exc.strerror or exc}")


def _check_report_file(path: Path) -> None:
    if path.is_dir():
        _fail(f"--json {path} is a folder; give a file name")
    if not path.parent.is_dir():
        _fail(f"cannot write the report {path}: there is no folder {path.parent}")
    try:
        _probe(path.parent)
    except OSError as exc:
        _fail(f"cannot write the report {path}: {exc.strerror or exc}")


def _probe(folder: Path) -> None:
    """Raise OSError unless a file can be created in ``folder``."""
    import tempfile

    fd, probe = tempfile.mkstemp(dir=folder, prefix=".probe.", suffix=".tmp")
    os.close(fd)
    os.unlink(probe)


class _Interrupts:
    """While matches run, SIGTERM stops the run as Ctrl-C does (KeyboardInterrupt). A signal
    that comes while a record is being written (:meth:`shielded`) takes effect once it is
    written; a second signal while the run stops is ignored, so that the stop itself
    (removing half-written files, stopping the workers) is not cut short."""

    def __init__(self) -> None:
        self.stopping = False
        self.deferred = False
        self.depth = 0

    def handle(self, signum: int, frame: object) -> None:
        if self.stopping:
            return
        if self.depth:
            self.deferred = True
            return
        self.stopping = True
        raise KeyboardInterrupt

    def shielded(self) -> _Interrupts:
        """``with interrupts.shielded():`` defers a signal to the end of the block."""
        return self

    def __enter__(self) -> None:
        self.depth += 1

    def __exit__(self, *exc_info: object) -> None:
        self.depth -= 1
        if not self.depth and self.deferred and not self.stopping:
            self.stopping = True
            raise KeyboardInterrupt


@contextmanager
def _interrupts() -> Iterator[_Interrupts]:
    state = _Interrupts()
    if threading.current_thread() is not threading.main_thread():
        yield state
        return
    previous = {
        number: signal.signal(number, state.handle) for number in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        yield state
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _show_arena(report: arena_.ArenaReport) -> None:
    unit = _unit(report.rules)
    seeds = (
        f"seed {report.seed}"
        if report.matches == 1
        else f"seeds {report.seed}..{report.seed + report.matches - 1}"
    )
    out.print(
        f"{_count(report.matches, 'match')} of {report.players} players "
        f"({_rules_name(report.rules)}), {seeds}, {_count(report.rounds, unit)}",
        markup=False,
    )
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    table.add_column("\nbot")
    for heading in ("\nseats", f"\n{unit}s", f"points\nper {unit}", f"{unit}s\nwon", "match\nwins"):
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
    best = "lowest" if report.rules.lowest_wins else "highest"
    out.print(
        f"points per {unit}: the mean ± the half-width of its 95% confidence interval. "
        f"{unit}s won: share of the {unit}s a bot played, over all its seats "
        f"({1 / report.players:.1%} is even). match wins: of {_count(report.matches, 'match')}. "
        f"The {best} points win a {unit}, the {best} total a match; ties share the win. "
        "ms/move: milliseconds per move, mean and 95th percentile.",
        markup=False,
    )


def _rules_name(rules: AnyRules) -> str:
    return rules.label()


def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if value >= 10 else f"{value:.2g}"


_REPLAY_HELP = "\n\n".join(
    [
        "Replay game records of any game through the rules and check every action, point "
        "and total.",
        "Prints one line per file: its totals when it is legal, or where "
        "(rounds\\[i].actions\\[j]) and what is wrong; then goes on with the next file. Exits "
        "1 if any file is not a legal record.",
        f"A file larger than {files.RECORD_LIMIT_MB} MB is refused without reading it all: "
        "real records are far smaller (a full 8-player match is about 50 KB).",
    ]
)


@app.command("replay", help=_REPLAY_HELP)
def replay_cmd(
    paths: Annotated[
        list[str],  # made Paths here: typer's own conversion takes a while per file
        typer.Argument(help="Record files (chickenfoot-record/1 JSON)."),
    ],
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
    if game is not None and game not in GAMES:
        _fail(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    if preset is not None and preset not in PRESETS and preset not in GAMES[1:]:
        _fail(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
    bad = 0
    for path in map(Path, paths):
        legal, text = _replay_one(path, game, preset)
        bad += not legal
        sys.stdout.write(f"{_shown(path)}: {text}\n")
    if bad:
        raise typer.Exit(1)


def _replay_one(path: Path, game: str | None, preset: str | None) -> tuple[bool, str]:
    """Whether ``path`` holds a legal record, and in one line what it holds or what is
    wrong with it."""
    try:
        record = files.read_json(path)
        match = check(record)
        _expect(record, game, preset)
    except files.FileProblem as exc:
        return False, str(exc)
    except RecordError as exc:
        return False, _one_line(str(exc))
    except RecursionError:
        return False, "nested too deeply to replay"
    except MemoryError:
        return False, "too large to replay in the memory available"
    except Exception as exc:  # a bug in chickenfoot: still one line, and on to the next file
        return False, f"cannot replay it: {arena_.describe_failure(exc)} (a bug in chickenfoot)"
    return True, f"ok: {_describe(match)}"


RecordPaths = Annotated[
    list[str],
    typer.Argument(help="Record files, or folders: every .json file in them, by name."),
]


class CountedBy(StrEnum):
    WINS = "wins"
    PLACES = "places"


_RATINGS_HELP = "\n\n".join(
    [
        "Rate the players of many records (an arena's, say): OpenSkill's Plackett-Luce model, "
        "made for matches of more than two players, updated match by match from each "
        "match's result: with --by wins (the default) the winners first and everybody else "
        "sharing the next place, as the rules name only the winners; with --by places the "
        "winners first, then by total.",
        "A player is a name of the records: a person by name, a computer player as "
        "bot:<level>. The rating is mu - 3 sigma, what the player is at least with 99.7% "
        "confidence. Beside it, per player: matches, wins, points per round (penalty points "
        "in Chicken Foot, points scored in the standard games), the share of rounds gone out "
        "and the rounds caught with the 0-0. A record that cannot be read or is wrong is said "
        "on one line and left out (exit 1 at the end); unfinished matches are left out.",
        "Examples: chickenfoot ratings out/ ; chickenfoot ratings out/*.json --json ratings.json",
    ]
)


@app.command("ratings", help=_RATINGS_HELP)
def ratings_cmd(
    paths: RecordPaths,
    json_out: Annotated[
        Path | None,
        typer.Option("--json", metavar="FILE", help="Also write the ratings as JSON."),
    ] = None,
    by: Annotated[
        CountedBy,
        typer.Option("--by", help="How a match's result counts: who won, or every place."),
    ] = CountedBy.WINS,
) -> None:
    from chickenfoot.ratings import Ratings

    ratings = Ratings(by.value)
    rated = 0

    def add(record: Any) -> None:
        nonlocal rated
        rated += ratings.add(record)

    bad = _each_record(paths, add)
    columns = ("", "player", "rating", "sigma", "matches", "wins", "points", "out")
    table = Table(*columns, "0-0", box=box.SIMPLE_HEAD)
    rows = ratings.table()
    for k, row in enumerate(rows, start=1):
        table.add_row(
            str(k),
            row.name,
            f"{row.rating:.1f}",
            f"{row.sigma:.2f}",
            str(row.matches),
            f"{row.wins:.1f}",
            f"{row.points_per_round:.1f}",
            f"{row.outs / row.rounds:.0%}",
            str(row.double_blanks),
        )
    out.print(table)
    out.print(
        f"rated {_count(rated, 'match')} (the finished ones). rating: mu - 3 sigma; points: "
        "per round; out: the share of rounds gone out; 0-0: rounds caught with it.",
        markup=False,
    )
    if json_out is not None:
        try:
            files.write_json(json_out, {"ratings": [row.to_json() for row in rows]})
        except OSError as exc:
            _fail(f"cannot write {json_out}: {exc.strerror or exc}")
    if bad:
        raise typer.Exit(1)


def _each_record(paths: Sequence[str], use: Callable[[Any], None]) -> int:
    """``use`` each record of ``paths`` (files, or folders: their .json files by name), with a
    progress bar; a record that cannot be read or is wrong is said on one line and left out.
    How many were left out."""
    found: list[Path] = []
    for path in map(Path, paths):
        found.extend(files.json_files(path) if path.is_dir() else [path])
    bad = 0
    with _progress() as progress:
        task = progress.add_task("records", total=len(found))
        for path in found:
            try:
                use(files.read_json(path))
            except (files.FileProblem, RecordError) as exc:
                bad += 1
                line = f"{_shown(path)}: {_one_line(str(exc))}"
                progress.console.print(line, markup=False, soft_wrap=True)
            progress.advance(task)
    return bad


_REPORT_HELP = "\n\n".join(
    [
        "A report over many records (a simulation's or an arena's): for each game, preset "
        "and number of players, the rounds won and the points of each position counted from "
        "the round's first player (does the first player win more?), the share of blocked "
        "rounds and the rounds' lengths, as a table here and as one self-contained HTML page "
        "with charts (--html).",
        "Examples: chickenfoot report out/ --html report.html ; chickenfoot report out/ --json "
        "report.json",
    ]
)


@app.command("report", help=_REPORT_HELP)
def report_cmd(
    paths: RecordPaths,
    html_out: Annotated[
        Path | None,
        typer.Option("--html", metavar="FILE", help="Write the report with its charts here."),
    ] = None,
    json_out: Annotated[
        Path | None,
        typer.Option("--json", metavar="FILE", help="Write the figures as JSON."),
    ] = None,
) -> None:
    from chickenfoot.report import Report

    report = Report()
    bad = _each_record(paths, report.add)
    for group in report.to_json():
        table = Table("position", "rounds won", "points per round", box=box.SIMPLE_HEAD)
        for position in group["positions"]:
            table.add_row(
                str(position["position"]),
                f"{position['win_share']:.1%}",
                f"{position['mean_points']:.1f}",
            )
        out.print(
            f"{group['game']}, {group['preset']}, {group['players']} players: "
            f"{_count(group['rounds'], 'round')}, blocked {group['blocked_share']:.1%}, "
            f"{group['mean_actions']:.1f} actions per round",
            markup=False,
        )
        out.print(table)
    for target, write in ((html_out, _write_html), (json_out, _write_report_json)):
        if target is None:
            continue
        try:
            write(target, report)
        except OSError as exc:
            _fail(f"cannot write {target}: {exc.strerror or exc}")
    if bad:
        raise typer.Exit(1)


def _write_html(path: Path, report: Any) -> None:
    path.write_text(report.html(), encoding="utf-8")


def _write_report_json(path: Path, report: Any) -> None:
    files.write_json(path, {"groups": report.to_json()})


def _expect(record: dict[str, object], game: str | None, preset: str | None) -> None:
    if game is not None and record.get("game") != game:
        raise RecordError("record-of-game", "game", found=repr(record.get("game")), game=repr(game))
    rules = record.get("rules")
    found = rules.get("preset") if isinstance(rules, dict) else None
    if preset is not None and found != preset:
        raise RecordError("record-of-preset", "rules", found=repr(found), preset=repr(preset))


def _describe(match: AnyMatch) -> str:
    unit = match.rules.round_noun
    text = f"{_count(len(match.points), unit)}, totals {match.totals()}"
    outcome = match.outcome()
    if outcome is None:
        return text + ", still in play"
    if outcome.is_draw:
        verb = "draw between seats"
    else:
        verb = "won by seats" if len(outcome.winners) > 1 else "won by seat"
    return text + f", {verb} {', '.join(map(str, outcome.winners))}"


class _Done:
    """Matches and rounds (hands) played, shown on the progress bars now and then: updating
    the bars takes longer than playing a round."""

    INTERVAL = 0.05
    """Seconds between two updates: the bars are drawn ten times a second."""

    def __init__(self, progress: Progress, matches: TaskID, rounds: TaskID) -> None:
        self.progress = progress
        self.tasks = matches, rounds
        self.matches = 0
        self.rounds = 0
        self.due = 0.0

    def round_done(self) -> None:
        self.rounds += 1
        if perf_counter() >= self.due:
            self.show()

    def match_done(self) -> None:
        self.matches += 1
        if perf_counter() >= self.due:
            self.show()

    def show(self) -> None:
        """Show the counts now."""
        matches, rounds = self.tasks
        self.progress.update(matches, completed=self.matches)
        self.progress.update(rounds, completed=self.rounds)
        self.due = perf_counter() + self.INTERVAL


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

    def add(self, result: arena_.SimulationResult) -> None:
        self.matches += 1
        self.rounds += result.rounds
        self.blocked += result.blocked
        for s, total in enumerate(result.totals):
            self.points[s] += total
        if result.draw:
            self.draws += 1
        else:
            for seat in result.winners:
                self.wins[seat] += 1

    def show(self, console: Console) -> None:
        unit = self.unit
        console.print(
            f"{_count(self.matches, 'match')}, {_count(self.rounds, unit)}, "
            f"{self.blocked / max(1, self.rounds):.1%} of {unit}s blocked, {self.draws} drawn",
            markup=False,
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


@app.command(
    "rules",
    help="List every game and Chicken Foot preset with its source and what it changes, and "
    "the options -o KEY=VALUE can set.",
)
def rules_cmd() -> None:
    import json

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
        "taken are in docs/STANDARD.md. Option values are JSON when "
        "they read as JSON (numbers, true/false, lists), else text.",
        markup=False,
    )


_PLAY_HELP = "\n\n".join(
    [
        "Play Chicken Foot (or a standard game) against computer players, or with friends at "
        "one screen.",
        "Without --plain: a full-screen app. Without table options it opens on a setup "
        "screen (Enter alone starts you against three medium bots, classic, a single round); "
        "with any of --bots, --players, --length, --game, --preset, -o or --seed it deals at "
        "once. With --plain: lines of text for screen readers, pipes and scripts; before "
        "each of your turns a line 'legal: ...' lists your moves (9-4@0, draw, pass); "
        "type help for the commands.",
        "You sit in seat 0, the bots in the seats after it. The record is saved when the "
        "match ends or you quit (q, Ctrl-C, end of input) in the data folder's matches/ "
        "(--data), and the path is printed; --resume FILE continues it.",
        "Examples: chickenfoot play; chickenfoot play --plain --bots expert; "
        "chickenfoot play --bots easy,hard --length full; chickenfoot play --lang nb; "
        "chickenfoot play --resume FILE",
    ]
)


@app.command("play", help=_PLAY_HELP)
def play_cmd(
    plain: Annotated[
        bool, typer.Option("--plain", help="Lines of text instead of the full-screen app.")
    ] = False,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            metavar="LEVELS",
            show_default=False,
            help="The computer players after you, comma-separated (one per seat), or one "
            f"name for every seat: {', '.join(LEVELS)} (or any bot: {', '.join(BOTS)}). "
            f"\\[default: {DEFAULT_LEVEL}]",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            show_default=False,
            help=_players_help(
                f"\\[default: you and one seat per --bots name; {DEFAULT_PLAYERS} for one name]"
            ),
        ),
    ] = None,
    length: LengthOption = None,
    game: GameOption = CHICKENFOOT,
    preset: PresetOption = None,
    option: OptionsOption = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            metavar="S",
            show_default=False,
            help="Deal the match from seed S (0 to 2^63-1): the same seed deals the same "
            "tiles. \\[default: a new one each time]",
        ),
    ] = None,
    name: Annotated[
        str, typer.Option("--name", metavar="NAME", help="Your name at the table.")
    ] = "",
    data: Annotated[
        Path | None,
        typer.Option(
            "--data",
            metavar="DIR",
            show_default=False,
            help="The data folder; records are saved in DIR/matches/. \\[default: the "
            "platform's user data folder for chickenfoot]",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE",
            show_default=False,
            help="Continue the unfinished match recorded in FILE, and save it there again.",
        ),
    ] = None,
    pace: Annotated[
        float,
        typer.Option(
            "--pace",
            metavar="SECONDS",
            help="The app: seconds between the computer players' moves (+ and - change it, "
            "space skips ahead).",
        ),
    ] = DEFAULT_PACE,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="CODE",
            show_default=False,
            help=f"The language of the game: {', '.join(LANGUAGES)} (English, Norwegian "
            "bokmål, Italian, Dutch, Swedish); moves and commands are typed the same in all. "
            "\\[default: from the locale: LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en]",
        ),
    ] = None,
) -> None:
    from chickenfoot.terminal import session as session_

    if lang is None:
        set_language(language_from_environment())
    elif lang.strip().lower() in LANGUAGES:
        set_language(lang.strip().lower())
    else:
        _fail(f"--lang {_short(lang)!r}: the languages are {', '.join(LANGUAGES)}")
    table_options = (bots, players, length, preset, option, seed)
    if not 0 <= pace <= MAX_PACE:
        _fail(
            _("--pace must be 0 to {most:g} seconds, not {pace:g}").format(most=MAX_PACE, pace=pace)
        )
    if name.startswith(BOT_PREFIX) or len(name) > MAX_NAME:
        _fail(
            _("--name: a name of at most {most} characters, not starting with 'bot:'").format(
                most=MAX_NAME
            )
        )
    if resume is not None:
        if any(o is not None for o in table_options) or game != CHICKENFOOT:
            _fail(
                _(
                    "--resume continues the match as it was set up: leave out --bots, "
                    "--players, --length, --game, --preset, -o and --seed"
                )
            )
        try:
            session = session_.Session.resume(resume)
        except session_.SessionError as exc:
            _fail(_one_line(str(exc)))
        _run_play(session, plain, pace, resumed=True)
        return
    folder = session_.records_folder(data if data is not None else session_.default_data_folder())
    try:
        session_.check_data_folder(folder)
    except session_.SessionError as exc:
        _fail(str(exc))
    seats_count, levels = _play_lineup(bots, players)
    if length is None and game == CHICKENFOOT:
        length = MatchLength(DEFAULT_LENGTH)
    rules = _rules(game, seats_count, preset, option, length)
    if seed is not None:
        _check_counts(1, seed)
    you = name.strip() or _("You")
    seats = [session_.SeatSpec(you)] + [session_.SeatSpec("", level) for level in levels]
    if plain:
        if seed is None:
            import secrets

            seed = secrets.randbelow(MAX_SEED + 1)
        _run_play(session_.Session.new(seats, rules, seed, folder), plain, pace)
        return
    _check_terminal()
    from chickenfoot.terminal.app import Setup, run_app

    options = {}
    for text in option or []:
        key, _eq, raw = text.partition("=")
        options[key.strip()] = _option_value(key.strip(), raw)
    setup = Setup(
        seats,
        game,
        preset,
        options,
        length.value if length is not None else DEFAULT_LENGTH,
        seed,
        rules,
    )
    direct = any(o is not None for o in table_options) or game != CHICKENFOOT
    _after_app(run_app(setup, folder, pace, direct))


def _play_lineup(bots: str | None, players: int | None) -> tuple[int, list[str]]:
    """How many seats, and the bot (level) of every seat after the person's."""
    names = [n.strip() for n in (bots or DEFAULT_LEVEL).split(",")]
    if any(not n for n in names):
        _fail(
            _("--bots {bots}: a name is missing between the commas").format(
                bots=repr(_short(bots or ""))
            )
        )
    for bot in names:
        if bot not in BOTS:
            known = ", ".join(BOTS)
            _fail(message_text(message("unknown-bot", name=repr(_short(bot)), known=known)))
    if players is None:
        players = len(names) + 1 if len(names) > 1 else DEFAULT_PLAYERS
    if players < 2:
        _fail(_("--players {players}: a match needs at least 2 players").format(players=players))
    if len(names) == 1:
        names = names * (players - 1)
    elif len(names) != players - 1:
        # TRANSLATORS: {count} is 2 or more (a single name is given to every seat).
        text = _(
            "--bots names {count} bots for {players} players: name one per seat after yours "
            "({seats}), or one name for all of them"
        )
        _fail(text.format(count=len(names), players=players, seats=players - 1))
    return players, names


def _check_terminal() -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        _fail(_("the full-screen app needs a terminal; use --plain for lines of text"))


def _run_play(session: Any, plain: bool, pace: float, resumed: bool = False) -> None:
    if not plain:
        _check_terminal()
        from chickenfoot.terminal.app import run_session

        _after_app(run_session(session, pace))
        return
    from chickenfoot.terminal.plain import PlainGame

    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    game = PlainGame(session, sys.stdin, sys.stdout)
    with _interrupts():
        try:
            code = game.run(resumed)
        except KeyboardInterrupt:
            game.saved(_("Interrupted: the match is saved in {path}"), resume=True)
            raise typer.Exit(130) from None
    raise typer.Exit(code)


def _after_app(session: Any) -> None:
    """After the app: where the record is (it saved it), and how to go on."""
    if session is None:
        return
    path = session.save()
    if session.table.is_over:
        out.print(
            _("The match is over; its record is saved in {path}").format(path=path),
            markup=False,
            soft_wrap=True,
        )
    else:
        out.print(_("The match is saved in {path}").format(path=path), markup=False, soft_wrap=True)
        out.print(
            _("Continue it with: chickenfoot play --resume {path}").format(path=path),
            markup=False,
            soft_wrap=True,
        )


def _progress() -> Progress:
    """Progress on stderr, by matches and by rounds (hands), only if stderr is a terminal."""
    return Progress(
        TextColumn("{task.description:>7}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not err.is_terminal,
        transient=True,
    )


_PLURALS = {"match": "matches"}


def _count(n: int, word: str) -> str:
    """``1 match``, ``2 matches``, ``0 rounds``."""
    return f"{n} {word if n == 1 else _PLURALS.get(word, word + 's')}"


def _short(text: str, most: int = 60) -> str:
    """``text``, or its start and end if it is long (a 5,000-digit number)."""
    return (
        text
        if len(text) <= most
        else f"{text[: most - 20]}...{text[-10:]} ({len(text)} characters)"
    )


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _shown(path: Path) -> str:
    """A path as one printable line, whatever bytes its name holds."""
    text = str(path)
    if text.isprintable():
        return text
    return ascii(text)[1:-1]


_SERVE_HELP = "\n\n".join(
    [
        "Serve the game to browsers: open the address it prints, set up a table against "
        "computer players or with friends (each friend gets an invite link), and play.",
        "Every table and every accepted action is saved before anyone sees it: in SQLite in "
        "the data folder by default, or in PostgreSQL with --db postgresql://USER@HOST/DB. "
        "Stop it with Ctrl-C; started again on the same data, every unfinished table goes on "
        "where it was.",
        "Examples: chickenfoot serve; chickenfoot serve --host 0.0.0.0 --port 8080 (reachable "
        "from other machines); chickenfoot serve --bot-delay 0 (bots act at once).",
    ]
)


@app.command("serve", help=_SERVE_HELP)
def serve(
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on (0.0.0.0: every one).")
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="The port to listen on (0: any free one)."),
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            show_default=False,
            help="A database URL (postgresql://... or sqlite:///FILE). \\[default: SQLite in "
            "the data folder]",
        ),
    ] = None,
    data: Annotated[
        Path | None,
        typer.Option(
            "--data",
            metavar="DIR",
            show_default=False,
            help="The data folder (the SQLite database is DIR/chickenfoot.db). \\[default: "
            "the platform's user data folder for chickenfoot]",
        ),
    ] = None,
    bot_delay: Annotated[
        int,
        typer.Option(
            "--bot-delay",
            metavar="MS",
            min=0,
            max=60_000,
            help="Milliseconds a computer player waits before it acts, so people can follow "
            "(0: at once).",
        ),
    ] = 600,
    away: Annotated[
        int,
        typer.Option(
            "--away",
            metavar="SECONDS",
            min=1,
            max=86_400,
            help="Seconds a player may be gone from an online table before a computer player "
            "plays for them (until they are back).",
        ),
    ] = 60,
    tables_per_address: Annotated[
        int,
        typer.Option(
            "--tables-per-address",
            metavar="N",
            min=1,
            help="How many tables not yet over one address may have set up at a time.",
        ),
    ] = 20,
    bot_processes: Annotated[
        int | None,
        typer.Option(
            "--bot-processes",
            metavar="N",
            min=1,
            max=256,
            show_default=False,
            help="Worker processes the computer players think in, so that a slow search "
            "holds up no table. \\[default: one per CPU]",
        ),
    ] = None,
) -> None:
    import os

    from chickenfoot.server import run
    from chickenfoot.terminal.session import SessionError, check_data_folder, default_data_folder

    folder = data if data is not None else default_data_folder()
    if db is None:
        try:
            check_data_folder(folder)
        except SessionError as exc:
            _fail(str(exc))
    try:
        settings = run.Settings(
            db_url=run.database_url(db, folder),
            bot_delay=bot_delay / 1000,
            away=away,
            tables_per_address=tables_per_address,
            bot_processes=bot_processes or os.cpu_count() or 1,
            steady_gc=True,
        )
        run.serve(host, port, settings, db, out.print)
    except run.ServeError as exc:
        _fail(str(exc))


def _fail(message: str) -> NoReturn:
    # TRANSLATORS: the line of every error of the command line; {message} says what is wrong.
    err.print(_("error: {message}").format(message=message), markup=False, soft_wrap=True)
    raise typer.Exit(2)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted", markup=False)
        sys.exit(130)
