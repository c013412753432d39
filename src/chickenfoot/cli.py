"""The ``chickenfoot`` command."""

from __future__ import annotations

import io
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from time import perf_counter
from typing import Annotated, Any, NoReturn, get_args

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
from typer._click.core import Context, Parameter
from typer._click.exceptions import (
    BadParameter,
    ClickException,
    MissingParameter,
    NoArgsIsHelpError,
    UsageError,
)
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

import chickenfoot
from chickenfoot import arena as arena_
from chickenfoot import files
from chickenfoot.bots import BOTS, LEVELS, PluginError, known_bots
from chickenfoot.bots.program import DEFAULT_SECONDS, ProgramError, command_of, is_program
from chickenfoot.core import CLASSIC, MatchLength, RecordError
from chickenfoot.core.games import (
    CHICKENFOOT,
    GAMES,
    AnyMatch,
    AnyRules,
    check,
    make_rules,
)
from chickenfoot.core.messages import message
from chickenfoot.core.record import check_text
from chickenfoot.core.rules import PRESETS
from chickenfoot.howto.guide import SECTION_IDS
from chickenfoot.i18n import (
    LANGUAGES,
    _,
    error_text,
    language_from_environment,
    message_text,
    set_language,
)
from chickenfoot.play import BOT_PREFIX, play_simulated_match
from chickenfoot.record_files import (
    RecordsProblem,
    RecordTarget,
    decoded,
    probe,
    read_record,
    read_record_texts,
    read_records,
    record_paths,
    target_for,
)
from chickenfoot.terminal.session import DEFAULT_LENGTH, DEFAULT_LEVEL, DEFAULT_PLAYERS

DEFAULT_PACE = 0.8
"""Seconds between two computer players' moves in the app."""
MAX_PACE = 10.0
MAX_NAME = 24
MAX_CMD_TIMEOUT = 600.0

MAX_SEED = 2**63 - 1
"""The largest seed of any match: seeds are 0 .. 2^63-1, a signed 64-bit integer."""


class _Option(TyperOption):
    """An option as the help shows it, in words a user reads: a flag with no placeholder
    after it, a value by its metavar (else N, NUMBER, TEXT or PATH), choices as
    ``full|half|single`` and a range as ``0 to 65535``."""

    def display_type_rich(self, ctx: Context) -> str | None:
        if self.metavar is not None:
            return self.metavar
        if self.is_flag:
            return None
        choices = _choices(self)
        if choices is not None:
            return "|".join(choices)
        return _PLACEHOLDERS.get(_value_type(self), "TEXT")

    def _get_number_range_help_str(self) -> str | None:
        return _range_words(self)


class _Argument(TyperArgument):
    """An argument as the help shows it: by its name alone (FILE, NAME), also in the usage
    line, ``[NAME]`` when it may be left out, ``NAME...`` when it takes several."""

    def display_type_rich(self, ctx: Context) -> str | None:
        return None

    def get_usage_pieces(self, ctx: Context) -> list[str]:
        name = self.metavar or (self.name or "value").upper()
        if self.metavar is None and self.nargs != 1:
            name += "..."
        return [name if self.required else f"[{name}]"]


def _in_our_words(params: Sequence[Parameter]) -> None:
    """Typer's options and arguments made :class:`_Option` and :class:`_Argument`."""
    for param in params:
        if type(param) is TyperOption:
            param.__class__ = _Option
        elif type(param) is TyperArgument:
            param.__class__ = _Argument


class _InOurWords:
    """A command or group whose help names its options' values in words (see
    :class:`_Option`), ``--help`` included."""

    params: list[Parameter]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _in_our_words(self.params)

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        option: TyperOption | None = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            _in_our_words([option])
        return option


class _Command(_InOurWords, TyperCommand):
    """A command whose help names its options' values in words."""


def _choices(param: TyperOption | TyperArgument) -> list[str] | None:
    """The values a parameter of choices takes (an enum's values), else None."""
    choices = param.type_descriptor.choices
    if choices is None:
        return None
    return [str(getattr(choice, "value", choice)) for choice in choices]


def _value_type(param: TyperOption | TyperArgument) -> type:
    """The type of a parameter's value: bool, int, float or Path, else str (as text)."""
    annotation = param.type_descriptor.annotation
    kinds = (annotation, *get_args(annotation))
    return next((kind for kind in (bool, int, float, Path) if kind in kinds), str)


_PLACEHOLDERS: dict[type, str] = {int: "N", float: "NUMBER", Path: "PATH"}
"""What an option's value is called in the help when it has no metavar of its own."""


def _range_words(param: TyperOption | TyperArgument) -> str | None:
    """A number's range in words: ``0 to 65535``, ``at least 1``, ``at most 10``."""
    low, high = param.min, param.max
    if low is not None and high is not None:
        # TRANSLATORS: the numbers an option takes, as in "--port must be 0 to 65535, not
        # 70000" (see "{option} must be {allowed}, not {value}")
        return _("{low:g} to {high:g}").format(low=low, high=high)
    if low is not None:
        return _("at least {low:g}").format(low=low)
    if high is not None:
        return _("at most {high:g}").format(high=high)
    return None


def _bad_value(exc: BadParameter) -> str:
    """A value a parameter does not take, said in the program's words: which option, what
    it takes, and what was given (``--length 'forever': the choices are full, half,
    single``; ``--matches must be a whole number, not 'many'``)."""
    param = exc.param
    cause = exc.__cause__
    problems = cause.errors() if cause is not None and hasattr(cause, "errors") else []
    if not isinstance(param, TyperOption | TyperArgument) or not problems:
        return _one_line(exc.format_message())
    long_names = [name for name in param.opts if name.startswith("--")]
    option = long_names[0] if long_names else param.metavar or param.opts[0]
    given = str(problems[0].get("input", ""))
    value = _short(given)
    if not _NUMBER.fullmatch(given):
        value = repr(value)
    choices = _choices(param)
    if choices is not None:
        # TRANSLATORS: {option} is an option of the command line (--length), {value} what was
        # typed for it, {choices} the values it takes, as they are typed (full, half, single)
        text = _("{option} {value}: the choices are {choices}")
        return text.format(option=option, value=value, choices=", ".join(choices))
    if problems[0].get("type") == "int_parsing_size":
        return _("{option} {value} is too large").format(option=option, value=value)
    allowed = _range_words(param)
    if allowed is None or problems[0].get("type") not in _OUT_OF_RANGE:
        kind = _value_type(param)
        if kind not in (int, float):
            return _("{option} {value}: {problem}").format(
                option=option, value=value, problem=_one_line(exc.message)
            )
        number = _("a whole number") if kind is int else _("a number")
        if allowed is not None:
            # TRANSLATORS: a number and its range, as in "--port must be a whole number, 0
            # to 65535, not 1.5"
            allowed = _("{number}, {range}").format(number=number, range=allowed)
        else:
            allowed = number
    # TRANSLATORS: {allowed} is "a whole number", "a number" or a range ("0 to 65535", "at
    # least 1"); {value} is what was typed
    return _("{option} must be {allowed}, not {value}").format(
        option=option, allowed=allowed, value=value
    )


def _missing(exc: MissingParameter) -> str:
    """What a command lacks, by its name and its value's: ``arena needs --bots NAMES``."""
    param = exc.param
    if param is None or exc.ctx is None:
        return exc.format_message()
    if isinstance(param, TyperArgument):
        needed = param.metavar or (param.name or "").upper()
    else:
        long_names = [name for name in param.opts if name.startswith("--")]
        needed = " ".join(filter(None, [(long_names or param.opts)[0], param.metavar]))
    command = exc.ctx.info_name or exc.ctx.command_path
    # TRANSLATORS: {command} is a command (replay, arena), {needed} what it was not given:
    # an argument (FILE...) or an option with its value (--bots NAMES)
    return _("{command} needs {needed}").format(command=command, needed=needed)


_OUT_OF_RANGE = ("greater_than", "greater_than_equal", "less_than", "less_than_equal")
"""Pydantic's kinds of error of a number outside an option's range (min=, max=)."""

_NUMBER = re.compile(r"[-+]?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?")


class _OneLineErrors(_InOurWords, TyperGroup):
    """Typer's group, with a command-line mistake told in one line (``error: ...``, exit 2)
    instead of a usage panel, and a value an option does not take in the program's words
    (:func:`_bad_value`)."""

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
            if isinstance(exc, BadParameter) and not isinstance(exc, MissingParameter):
                err.print(f"error: {_bad_value(exc)}", markup=False, soft_wrap=True)
                sys.exit(2)
            hint = f" (see {exc.ctx.command_path} --help)" if exc.ctx is not None else ""
            said = _missing(exc) if isinstance(exc, MissingParameter) else exc.format_message()
            message = f"error: {_one_line(said)}{hint}"
            err.print(message, markup=False, soft_wrap=True)
            sys.exit(2)
        except ClickException as exc:
            err.print(f"error: {_one_line(exc.format_message())}", markup=False, soft_wrap=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            err.print("error: aborted", markup=False)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


_EXAMPLES = [
    ("chickenfoot play", "the game, in the terminal"),
    ("chickenfoot play --plain --bots expert", "lines of text, against experts"),
    ("chickenfoot serve", "the game, in a browser"),
    ("chickenfoot rules --explain", "how to play"),
    ("chickenfoot simulate -m 100 -r out/", "100 matches, records in out/"),
    ("chickenfoot arena -b expert,medium -m 200", "expert against medium bots"),
    ("chickenfoot replay out/*.json", "check records against the rules"),
    ("chickenfoot analyse out/1.json --seat 0", "grade seat 0's decisions"),
    ("chickenfoot ratings out/", "rate the players of records"),
    ("chickenfoot COMMAND --help", "a command's options and examples"),
]
"""The top-level help's examples: a command and what it does."""


app = typer.Typer(
    cls=_OneLineErrors,
    help=(
        "Chicken Foot dominoes: play against computer players or friends (chickenfoot "
        "play), simulate matches between computer players, measure bots "
        "against each other in the arena and check game records. Every match is written as "
        "a chickenfoot-record/1 JSON record that `chickenfoot replay` checks move by move "
        "against the rules."
    ),
    epilog="Examples:\n" + "\n".join(f"{command:<42}  {what}" for command, what in _EXAMPLES),
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


def _workers_option(help_text: str) -> Any:
    per_core = arena_.MAX_WORKERS_PER_CORE
    most = f"At most {per_core} per core ({per_core * _CORES} here)"
    return typer.Option(
        "--workers", "-w", metavar="N", show_default=False, help=help_text.format(most=most)
    )


WorkersOption = Annotated[
    int | None,
    _workers_option(
        "Worker processes; 1 plays in this process. {most}; no more are started than there "
        "are matches. Results and records are the same for any number. \\[default: simulate "
        "1, arena all cores]"
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
    if length is not None and game == CHICKENFOOT:
        values["length"] = length.value
    elif length is not None and game in GAMES:  # an unknown game is said as such below
        _fail(_("--length is for Chicken Foot; {game} is played to its end").format(game=game))
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
    cls=_Command,
    help="Play matches between seeded random players and summarise them.\n\n"
    "Examples: chickenfoot simulate --players 6 --matches 100 --seed 7 --records out/\n\n"
    "chickenfoot simulate --preset reeves -o double_blank_points=50 --length half\n\n"
    "chickenfoot simulate --game all-fives --players 4 -o partnership=true\n\n"
    "Bad input exits 2 before any match is played. A record that cannot be written stops the "
    "run (exit 1); Ctrl-C or SIGTERM stops it too (exit 130). Either way the records already "
    "written stay and no half-written file is left.",
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
    target = _records_target(records, force)
    unit = _unit(rules)
    summary = _Summary(players, unit)
    if workers > 1 and matches > 1:
        _simulate_on_workers(rules, players, matches, seed, target, force, workers, summary)
        return
    with _interrupts() as interrupts, _progress() as progress:
        try:
            _start_records(target, force)
            task = progress.add_task("matches", total=matches)
            rounds = progress.add_task(f"{unit}s", total=_rounds_total(rules, players, matches))
            done = _Done(progress, task, rounds)
            for k in range(1, matches + 1):
                try:
                    match, make_record = play_simulated_match(
                        ["random"] * players, rules, seed + k - 1, done.round_done
                    )
                    record = make_record(encoded=True) if target is not None else None
                except Exception as exc:
                    progress.stop()
                    message = f"match {k} (seed {seed + k - 1}) failed"
                    _stop(f"{message}: {arena_.describe_failure(exc)}", target)
                with interrupts.shielded():  # a match counts once its record is written
                    if target is not None:
                        try:
                            target.write(k, record)
                        except OSError as exc:
                            progress.stop()
                            _stop(f"cannot write {target.where(k)}: {exc.strerror or exc}", target)
                    summary.add(arena_.simulation_result(k, match))
                done.match_done()
            done.show()
        except KeyboardInterrupt:
            progress.stop()
            _interrupted(summary.matches, matches, target)
    _finish_records(target)
    summary.show(out)
    if target is not None:
        out.print(target.describe(matches), markup=False, soft_wrap=True)


def _simulate_on_workers(
    rules: AnyRules,
    players: int,
    matches: int,
    seed: int,
    target: RecordTarget | None,
    force: bool,
    workers: int,
    summary: _Summary,
) -> None:
    """``simulate`` on worker processes: the same matches, records and summary."""
    jobs = arena_.plan(["random"] * players, matches, seed, rules, target)
    unit = _unit(rules)
    with _interrupts(), _progress() as progress:
        try:
            _start_records(target, force)
            task = progress.add_task("matches", total=matches)
            rounds = progress.add_task(f"{unit}s", total=_rounds_total(rules, players, matches))

            def done(result: arena_.SimulationResult) -> None:
                _keep_record(target, result.number, result.record)
                summary.add(result)
                progress.advance(task)

            def rounds_done(count: int) -> None:
                progress.update(rounds, completed=count)

            try:
                arena_.run(
                    jobs, min(workers, matches), done, target, rounds_done, arena_.simulate_job
                )
            except arena_.ArenaError as exc:
                progress.stop()
                _stop(str(exc), target)
        except KeyboardInterrupt:
            progress.stop()
            _interrupted(summary.matches, matches, target)
    _finish_records(target)
    summary.show(out)
    if target is not None:
        out.print(target.describe(matches), markup=False, soft_wrap=True)


_ARENA_HELP = "\n\n".join(
    [
        "Measure computer players against each other: many seeded matches, a report per bot.",
        "Match k (1-based) is dealt from seed SEED+k-1 and seats the --bots list rotated by k-1 "
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


@app.command(cls=_Command, help=_ARENA_HELP)
def arena(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            metavar="NAMES",
            show_default=False,
            help="Bots by seat, comma-separated (one name per seat), or a single name for "
            f"every seat. Known bots: {', '.join(BOTS)}, the plug-ins installed "
            "(docs/BOTS.md), and cmd:PROGRAM ARGS, a program in any language "
            "(docs/BOT-PROTOCOL.md).",
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
    cmd_timeout: Annotated[
        float,
        typer.Option(
            "--cmd-timeout",
            metavar="SECONDS",
            help="How long a cmd: program may take to answer (its first answer 2 s more); "
            "one that does not, fails, or answers an illegal action forfeits the match.",
        ),
    ] = DEFAULT_SECONDS,
) -> None:
    names = [name for name in bots.split(",") if name.strip()]
    if players is None:
        players = len(names) if len(names) > 1 else 4
    rules = _rules(game, players, preset, option, length)
    try:
        lineup = arena_.parse_lineup(bots, players, known_bots())
    except arena_.ArenaError as exc:
        _fail(str(exc))
    _check_plugins(lineup)
    if not 0 < cmd_timeout <= MAX_CMD_TIMEOUT:
        _fail(
            f"--cmd-timeout must be above 0 and at most {MAX_CMD_TIMEOUT:g} s, not {cmd_timeout:g}"
        )
    if matches is None:
        matches = 10 * players
    _check_counts(matches, seed)
    workers = _check_workers(workers if workers is not None else _CORES)
    target = _records_target(records, force)
    if report_file is not None:
        _check_output("--json", report_file)
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
    jobs = arena_.plan(lineup, matches, seed, rules, target, cmd_timeout)
    with _interrupts(), _progress() as progress:
        try:
            _start_records(target, force)
            task = progress.add_task("matches", total=matches)
            rounds = progress.add_task(f"{unit}s", total=_rounds_total(rules, players, matches))

            def done(result: arena_.MatchResult) -> None:
                _keep_record(target, result.number, result.record)
                tally.add(result)
                progress.advance(task)

            def rounds_done(count: int) -> None:
                progress.update(rounds, completed=count)

            try:
                arena_.run(jobs, min(workers, matches), done, target, rounds_done)
            except arena_.ArenaError as exc:
                progress.stop()
                _stop(str(exc), target)
            _finish_records(target)
            report = tally.report()
            _show_arena(report)
            if target is not None:
                out.print(target.describe(matches), markup=False, soft_wrap=True)
            if report_file is not None:
                try:
                    files.write_json(report_file, report.to_json())
                except OSError as exc:
                    text = _("cannot write {path}: {reason}")
                    _stop(text.format(path=_shown(report_file), reason=files.os_reason(exc)), None)
                out.print(f"report: {report_file}", markup=False, soft_wrap=True)
        except KeyboardInterrupt:
            progress.stop()
            _interrupted(tally.matches, matches, target)


def _check_plugins(lineup: Sequence[str]) -> None:
    """Every plug-in bot of the lineup can be made (before any match is played)."""
    from chickenfoot.bots import make_bot

    for name in set(lineup) - set(BOTS):
        if not is_program(name):
            try:
                make_bot(name, 0)
            except PluginError as exc:
                _fail(str(exc))


def _rounds_total(rules: AnyRules, players: int, matches: int) -> int | None:
    """The rounds (hands) ``matches`` matches take, if that is known before they are played."""
    per_match = rules.rounds_per_match(players)
    return None if per_match is None else matches * per_match


def _unit(rules: AnyRules) -> str:
    """What a game is played in: Chicken Foot in rounds, the standard games in hands."""
    return rules.round_noun


def _stop(message: str, target: RecordTarget | None) -> NoReturn:
    """A run that cannot go on: one line, exit 1, no half-written record left."""
    if target is not None:
        target.stop()
    err.print(f"error: {message}", markup=False, soft_wrap=True)
    raise typer.Exit(1)


def _interrupted(finished: int, matches: int, target: RecordTarget | None) -> NoReturn:
    kept = ""
    if target is not None:
        target.stop()
        kept = f"; {target.kept()}"
    err.print(
        f"interrupted after {finished} of {_count(matches, 'match')}{kept}",
        markup=False,
        soft_wrap=True,
    )
    raise typer.Exit(130)


def _records_target(path: Path | None, force: bool) -> RecordTarget | None:
    """Where ``--records`` puts the records; fail now, not after hours of play, if they
    cannot go there or it holds records of another run (unless ``force``)."""
    if path is None:
        return None
    target = target_for(path)
    try:
        target.check(force)
    except RecordsProblem as exc:
        _fail(str(exc))
    return target


def _start_records(target: RecordTarget | None, force: bool) -> None:
    if target is None:
        return
    try:
        replaced = target.start(force)
    except OSError as exc:
        _stop(f"cannot write records into {target.path}: {exc.strerror or exc}", None)
    if replaced:
        err.print(replaced, markup=False, soft_wrap=True)


def _keep_record(target: RecordTarget | None, number: int, record: bytes | None) -> None:
    """A record a worker sent (a records file is written here, in match order)."""
    if target is None or record is None:
        return
    try:
        target.write(number, record)
    except OSError as exc:
        reason = exc.strerror or exc
        raise arena_.ArenaError(f"cannot write {target.where(number)}: {reason}") from None


def _finish_records(target: RecordTarget | None) -> None:
    """After a run that finished: the last records written, or the run fails (exit 1)."""
    if target is None:
        return
    try:
        target.close()
    except OSError as exc:
        _stop(f"cannot write {target.where(0)}: {exc.strerror or exc}", target)


def _check_output(option: str, path: Path) -> None:
    """Fail now, not after the work, if the file an option names cannot be written."""
    if path.is_dir():
        _fail(
            _("{option} {path} is a folder; give a file name").format(
                option=option, path=_shown(path)
            )
        )
    folder = path.parent
    if not folder.is_dir():
        text = _("cannot write {path}: there is no folder {folder}")
        _fail(text.format(path=_shown(path), folder=_shown(folder)))
    try:
        probe(folder)
    except OSError as exc:
        text = _("cannot write {path}: {reason}")
        _fail(text.format(path=_shown(path), reason=files.os_reason(exc)))


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
    if report.forfeits:
        table.add_column("\nforfeits", justify="right", no_wrap=True)
    for bot in report.bots:
        ci = bot.points.half_width
        forfeits = [str(bot.forfeits)] if report.forfeits else []
        table.add_row(
            bot.bot,
            str(bot.seats),
            str(bot.rounds),
            f"{bot.points.mean:.1f}" + (f" ± {ci:.1f}" if ci is not None else ""),
            f"{bot.round_win_share:.1%}",
            f"{bot.match_wins:g}",
            _ms(bot.ms_per_move),
            _ms(bot.ms_per_move_p95),
            *forfeits,
        )
    out.print(table)
    if report.forfeits:
        out.print(
            "forfeits: a program that failed was stopped, a stand-in played its seat to the "
            "end, and the match counts as lost for it:",
            markup=False,
            soft_wrap=True,
        )
        for forfeit in report.forfeits:
            out.print(f"  {forfeit.describe()}", markup=False, soft_wrap=True)
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
        "Prints one line per record: its totals when it is legal, or where "
        "(rounds\\[i].actions\\[j]) and what is wrong; then goes on with the next. A record "
        "of a .jsonl file (one record per line, as simulate --records FILE.jsonl writes them) "
        "is named by its line: out.jsonl:17. Exits 1 if any record is not legal.",
        f"A record larger than {files.RECORD_LIMIT_MB} MB is refused without reading it all: "
        "real records are far smaller (a full 8-player match is about 50 KB).",
    ]
)


@app.command("replay", cls=_Command, help=_REPLAY_HELP)
def replay_cmd(
    paths: Annotated[
        list[str],  # made Paths here: typer's own conversion takes a while per file
        typer.Argument(
            metavar="PATH...",
            help="Record files (chickenfoot-record/1 JSON), .jsonl files of records, one "
            "per line, or folders: every .json and .jsonl file in them, by name.",
        ),
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
        try:
            found = files.folder_records(path) if path.is_dir() else [path]
        except files.FileProblem as exc:
            bad += 1
            sys.stdout.write(f"{_shown(path)}: {exc}\n")
            continue
        for file in found:
            for name, record in read_record_texts(file):
                legal, text = _replay_one(record, game, preset)
                bad += not legal
                sys.stdout.write(f"{_shown(name)}: {text}\n")
    if bad:
        raise typer.Exit(1)


def _replay_one(record: Any, game: str | None, preset: str | None) -> tuple[bool, str]:
    """Whether ``record`` (read from a file: its text, its JSON data, or the problem reading
    it) is a legal record, and in one line what it holds or what is wrong with it."""
    try:
        match = _checked_text(record, game, preset) if isinstance(record, bytes) else None
        if match is None:
            if isinstance(record, bytes):
                record = decoded(record)
            if isinstance(record, files.FileProblem):
                raise record
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
    typer.Argument(
        metavar="PATH...",
        help="Record files (one record each, or one per line of a .jsonl file), or folders: "
        "every .json and .jsonl file in them, by name.",
    ),
]


class CountedBy(StrEnum):
    WINS = "wins"
    PLACES = "places"


_RATINGS_HELP = "\n\n".join(
    [
        "Rate the players of many records (an arena's, say): OpenSkill's Plackett-Luce model, "
        "made for matches of more than two players, updated match by match (as one "
        "population whose skill does not drift over the records: every match weighs alike) "
        "from each match's result: with --by wins (the default) the winners first and "
        "everybody else sharing the next place, as the rules name only the winners; with "
        "--by places the winners first, then by total.",
        "A player is a name of the records: a person by name, a computer player as "
        "bot:<level>. The rating is mu - 3 sigma, what the player is at least with 99.7% "
        "confidence. Beside it, per player: matches, wins, points per round (penalty points "
        "in Chicken Foot, points scored in the standard games), the share of rounds gone out "
        "and the rounds caught with the 0-0. A record that cannot be read or is wrong is said "
        "on one line and left out (exit 1 at the end); unfinished matches are left out.",
        "Examples: chickenfoot ratings out/ ; chickenfoot ratings out/*.json --json ratings.json",
    ]
)


@app.command("ratings", cls=_Command, help=_RATINGS_HELP)
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

    if json_out is not None:
        _check_output("--json", json_out)
    ratings = Ratings(by.value, drift=False)
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
            _cannot_write(json_out, exc)
    if bad:
        raise typer.Exit(1)


def _each_record(paths: Sequence[str], use: Callable[[Any], None]) -> int:
    """``use`` each record of ``paths`` (files, one record each or one per line of a .jsonl
    file, or folders: their .json and .jsonl files by name), with a progress bar by file; a
    record that cannot be read or is wrong is said on one line and left out. How many were
    left out."""
    found = record_paths([Path(p) for p in paths])
    bad = 0
    with _progress() as progress:
        task = progress.add_task("files", total=len(found))
        for path in found:
            for name, record in read_records(path):
                try:
                    if isinstance(record, files.FileProblem):
                        raise record
                    use(record)
                except (files.FileProblem, RecordError) as exc:
                    bad += 1
                    line = f"{_shown(name)}: {_one_line(str(exc))}"
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


@app.command("report", cls=_Command, help=_REPORT_HELP)
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

    for option, target in (("--html", html_out), ("--json", json_out)):
        if target is not None:
            _check_output(option, target)
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
            _cannot_write(target, exc)
    if bad:
        raise typer.Exit(1)


def _write_html(path: Path, report: Any) -> None:
    files.write_text(path, report.html())


def _write_report_json(path: Path, report: Any) -> None:
    files.write_json(path, {"groups": report.to_json()})


def _checked_text(text: bytes, game: str | None, preset: str | None) -> AnyMatch | None:
    """The match of a record's text, if :func:`check_text` takes it as it is and it is of
    the game and preset asked for; else None (decode it and check it: that says why)."""
    try:
        files.check_utf8(text)
    except files.FileProblem:
        return None
    match = check_text(text)
    if match is None or game not in (None, CHICKENFOOT) or preset not in (None, match.rules.preset):
        return None
    return match


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
    game: GameOption = CHICKENFOOT,
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
        if game != CHICKENFOOT:
            given.insert(0, "--game")
        if given:
            _fail(f"{', '.join(given)}: only with --explain (chickenfoot rules --explain)")
        _list_rules(lang)
        return
    _explain_rules(game, preset, option, section, lang, players)


def _language_of(lang: str | None) -> str | None:
    """The language ``--lang`` names (None: the locale's), or None if it names none."""
    if lang is None:
        return language_from_environment()
    code = lang.strip().lower()
    return code if code in LANGUAGES else None


def _use_language(lang: str | None) -> None:
    """Speak ``--lang`` (None: the locale's language), or stop with what the choices are."""
    code = _language_of(lang)
    if code is None:
        _fail(f"--lang {_short(lang or '')!r}: the languages are {', '.join(LANGUAGES)}")
    set_language(code)


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
    players = seats if seats is not None else DEFAULT_PLAYERS if game == CHICKENFOOT else 2
    rules = _rules(game, players, preset, option, None)
    try:
        print_guide(out, guide_for(rules, players), section)
    except UnknownSectionError as exc:
        _fail(str(exc))


def _list_rules(lang: str | None) -> None:
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
    out.print(games)
    options = Table(*said.options_header, box=box.SIMPLE_HEAD, title=said.options_title)
    options.columns[0].no_wrap = True
    for option in said.options:
        options.add_row(option.key, Text("\n".join([option.meaning, *option.values])))
    out.print(options)
    out.print(said.closing, markup=False)


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
        "(--data), and the path is printed; --resume FILE continues it. It is also saved at "
        "every round's end; a save that fails then (a full disk) is said in one line and play "
        "goes on. When the match ends or is left and its record cannot be written where "
        "it belongs, it is saved in the system's temporary folder (else the home folder) and "
        "a line says where, or that nothing could be written.",
        "Exit codes: 0 the match saved (over, or left to be resumed); 1 its record could not "
        "be written where it belongs; 2 a bad command line; 129 the terminal closed (SIGHUP); "
        "130 Ctrl-C or SIGTERM (--plain; in the app Ctrl-C quits); 141 the output closed "
        "(--plain). On a signal or a closed output the match is saved as when it is left.",
        "Examples: chickenfoot play; chickenfoot play --plain --bots expert; "
        "chickenfoot play --bots easy,hard --length full; chickenfoot play --lang nb; "
        "chickenfoot play --resume FILE",
    ]
)


@app.command("play", cls=_Command, help=_PLAY_HELP)
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
            f"name for every seat: {', '.join(LEVELS)} (or any bot: {', '.join(BOTS)}, an "
            "installed plug-in, or cmd:PROGRAM, docs/BOT-PROTOCOL.md). "
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
            metavar="SEED",
            show_default=False,
            help="Deal the match from seed SEED (0 to 2^63-1): the same seed deals the same "
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

    _use_language(lang)
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
    names = [n.strip() for n in (DEFAULT_LEVEL if bots is None else bots).split(",")]
    if any(not n for n in names):
        _fail(
            _("--bots {bots}: a name is missing between the commas").format(
                bots=repr(_short(bots or ""))
            )
        )
    for bot in names:
        if is_program(bot):
            try:
                command_of(bot)
            except ProgramError as exc:
                _fail(f"--bots {exc}")
        elif bot not in known_bots():
            known = ", ".join(known_bots())
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
    from chickenfoot.terminal import stops as stops_
    from chickenfoot.terminal.plain import InputGone, OutputGone, PlainGame

    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    game = PlainGame(session, sys.stdin, sys.stdout, sys.stderr)

    def stop(signum: int) -> None:
        if signum == signal.SIGHUP:
            raise stops_.HangUp
        raise KeyboardInterrupt

    stops = stops_.Stops(stop)
    session.shield = stops
    game.gone = stops.hold
    with stops.installed((signal.SIGINT, signal.SIGTERM, signal.SIGHUP)):
        try:
            try:
                code = game.run(resumed)
            except KeyboardInterrupt:
                text = _("Interrupted: the match is saved in {path}")
                code = game.leave(text, resume=True, code=stops_.INTERRUPTED_EXIT)
        except (stops_.HangUp, InputGone):
            # the terminal is gone: stdout and stderr with it, most likely
            game.leave_quietly(_("The terminal was closed: the match is saved in {path}"))
            stops_.silence(sys.stdout, sys.stderr)
            raise typer.Exit(stops_.HANGUP_EXIT) from None
        except OutputGone:
            game.leave_quietly(_("The output was closed: the match is saved in {path}"))
            stops_.silence(sys.stdout)
            hung_up = stops.hung_up
            raise typer.Exit(stops_.HANGUP_EXIT if hung_up else stops_.OUTPUT_CLOSED_EXIT) from None
    _say_forfeits(session)
    raise typer.Exit(code)


def _say_forfeits(session: Any) -> None:
    """The programs (``cmd:`` bots) that failed during the match, and why."""
    for forfeit in session.forfeits():
        err.print(
            _("The program in seat {seat} failed; a stand-in played on. {why}").format(
                seat=forfeit.seat, why=forfeit.describe()
            ),
            markup=False,
            soft_wrap=True,
        )


def _after_app(session: Any) -> None:
    """After the app: where the record is (it saved it), and how to go on; exit 1 if it
    could not be written where it belongs (saying where it went, if anywhere)."""
    if session is None:
        return
    _say_forfeits(session)
    kept = session.keep()
    if kept.problem is not None:
        err.print(kept.problem, markup=False, soft_wrap=True)
    path = kept.path
    if path is None:
        raise typer.Exit(1)
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
    if kept.problem is not None:
        raise typer.Exit(1)


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


def _shown(path: Path | str) -> str:
    """A path as one printable line, whatever bytes its name holds."""
    text = str(path)
    if text.isprintable():
        return text
    return ascii(text)[1:-1]


_ANALYSE_HELP = "\n\n".join(
    [
        "Analyse a game record move by move: for every decision of every seat (or of one, "
        "--seat) where the seat had more than one distinct choice, the expert's search "
        "weighs every candidate twice, from the seat's knowledge alone (the hidden hands "
        "sampled from what it had seen) and with every hand open (only the draws still to "
        "come unknown), and grades the action played.",
        "The loss of an action is the best candidate's value less its value: in Chicken Foot "
        "percentage points of rounds won (less a quarter of a round per 100 penalty points "
        "kept), in the standard games points of margin in the hand. A loss of 5 or more is an "
        "inaccuracy, 10 a mistake, 20 a blunder; a decision's accuracy is 100 halved for "
        "every 10 of loss, averaged per seat per round and per match (docs/ANALYSIS.md).",
        "The same seed gives the same analysis, for any --workers and --seat (a --time "
        "limit makes it depend on the machine's speed). A record that cannot be read or is "
        "wrong is one line and exit 1; a bad option, exit 2; Ctrl-C or SIGTERM, exit 130.",
        "Examples: chickenfoot analyse out/1.json ; chickenfoot analyse match.json --seat 0 "
        "--json analysis.json --plot analysis.png",
    ]
)


@app.command("analyse", cls=_Command, help=_ANALYSE_HELP)
def analyse_cmd(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            show_default=False,
            help="A record (chickenfoot-record/1 JSON) of any game, finished or not; or one "
            "line of a .jsonl file of records, named as replay names it: FILE.jsonl:LINE.",
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            metavar="SEAT",
            show_default=False,
            help="Analyse this seat's decisions alone (0 is the first seat). \\[default: "
            "every seat]",
        ),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time",
            metavar="MS",
            show_default=False,
            help="Milliseconds per decision at most, half for each search (the result then "
            "depends on the machine's speed). \\[default: no limit]",
        ),
    ] = None,
    samples: Annotated[
        int | None,
        typer.Option(
            "--samples",
            "-n",
            metavar="N",
            show_default=False,
            help="Samples of each of a decision's two searches. \\[default: 200]",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", metavar="SEED", help="The searches' seed, 0 to 2^63-1."),
    ] = 0,
    workers: Annotated[
        int | None,
        _workers_option(
            "Worker processes; 1 analyses in this process. {most}. The analysis is the same "
            "for any number. \\[default: all cores]"
        ),
    ] = None,
    json_out: Annotated[
        Path | None,
        typer.Option(
            "--json",
            metavar="FILE",
            show_default=False,
            help="Also write the analysis as JSON (chickenfoot-analysis/1, "
            "docs/analysis.schema.json).",
        ),
    ] = None,
    plot_out: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            metavar="FILE",
            show_default=False,
            help="Also draw each seat's expected points through the rounds, the mistakes "
            "and blunders marked: PNG or SVG, by the name's suffix (.png, .svg).",
        ),
    ] = None,
) -> None:
    from chickenfoot import analysis as analysis_

    count = analysis_.DEFAULT_SAMPLES if samples is None else samples
    if count < 1:
        _fail(f"--samples must be at least 1, not {count}")
    if time_limit is not None and not 0 < time_limit <= _MAX_ANALYSE_MS:
        _fail(f"--time must be more than 0 and at most {_MAX_ANALYSE_MS} ms, not {time_limit:g}")
    if not 0 <= seed <= MAX_SEED:
        _fail(f"--seed must be 0 to 2^63-1 ({MAX_SEED}), not {_short(str(seed))}")
    workers = _check_workers(workers if workers is not None else _CORES)
    if seat is not None and seat < 0:
        _fail(f"--seat must be 0 or more, not {seat}")
    if plot_out is not None and plot_out.suffix.lower() not in analysis_.PLOT_SUFFIXES:
        _fail(f"--plot {_shown(plot_out)}: name a .png or .svg file")
    for option, target in (("--json", json_out), ("--plot", plot_out)):
        if target is not None:
            _check_output(option, target)
    found = _analysis_plan(path)
    if seat is not None and seat >= found.seats:
        _fail(f"--seat {seat}: the record has {found.seats} seats, 0 to {found.seats - 1}")
    settings = analysis_.Settings(samples=count, millis=time_limit, seed=seed)
    points = found.of_seat(seat)
    with _interrupts(), _progress() as progress:
        task = progress.add_task("decisions", total=len(points))

        def advanced(done: int, total: int) -> None:
            progress.update(task, completed=done)

        try:
            result = analysis_.analyse_plan(
                found, settings, seat=seat, workers=workers, on_progress=advanced
            )
        except KeyboardInterrupt:
            progress.stop()
            err.print("interrupted: nothing was written", markup=False)
            raise typer.Exit(130) from None
        except Exception as exc:  # a bug in chickenfoot: still one line
            progress.stop()
            err.print(
                f"error: the analysis of {_shown(path)} failed: "
                f"{arena_.describe_failure(exc)} (a bug in chickenfoot)",
                markup=False,
                soft_wrap=True,
            )
            raise typer.Exit(1) from None
    _show_analysis(result)
    if json_out is not None:
        try:
            files.write_json(json_out, result)
        except OSError as exc:
            _cannot_write(json_out, exc)
        out.print(f"analysis: {_shown(json_out)}", markup=False, soft_wrap=True)
    if plot_out is not None:
        try:
            analysis_.plot(result, plot_out)
        except OSError as exc:
            _cannot_write(plot_out, exc)
        out.print(f"chart: {_shown(plot_out)}", markup=False, soft_wrap=True)


def _cannot_write(path: Path, exc: OSError) -> NoReturn:
    """An output that could not be written after all (a full disk): one line, exit 1."""
    text = _("cannot write {path}: {reason}").format(path=_shown(path), reason=files.os_reason(exc))
    err.print(f"error: {text}", markup=False, soft_wrap=True)
    raise typer.Exit(1)


_MAX_ANALYSE_MS = 600_000.0
"""--time: ten minutes per decision at most."""


def _analysis_plan(path: Path) -> Any:
    """The record in ``path`` read for analysis, or one line and exit 1."""
    from chickenfoot import analysis as analysis_

    try:
        return analysis_.plan(read_record(str(path)))
    except files.FileProblem as exc:
        problem = str(exc)
    except RecordError as exc:
        problem = _one_line(str(exc))
    except RecursionError:
        problem = "nested too deeply to replay"
    except MemoryError:
        problem = "too large to replay in the memory available"
    except Exception as exc:  # a bug in chickenfoot: still one line
        problem = f"cannot replay it: {arena_.describe_failure(exc)} (a bug in chickenfoot)"
    err.print(f"error: {_shown(path)}: {problem}", markup=False, soft_wrap=True)
    raise typer.Exit(1)


_MARK_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def _show_analysis(result: Any) -> None:
    """The analysis as tables: every round's decisions, then the accuracy of each seat."""
    from rich.text import Text

    unit = "pp" if result.unit == "percent" else "pts"
    noun = "round" if result.game == CHICKENFOOT else "hand"
    seats = result.seats
    for facts in result.rounds:
        title = f"{noun} {facts.round}" + (f" ({facts.double})" if facts.double else "")
        if facts.end is None:
            ending = "still in play"
        else:
            ending = f"{facts.end}, points {' '.join(map(str, facts.points or []))}"
        out.print(
            f"{title}: seat {facts.first} first, {_count(len(facts.decisions), 'decision')}, "
            f"{ending}",
            markup=False,
        )
        if not facts.decisions:
            continue
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column("#", justify="right")
        table.add_column("seat", justify="right")
        table.add_column("played")
        table.add_column("best")
        table.add_column(f"loss ({unit})", justify="right")
        table.add_column("open best")
        table.add_column("open loss", justify="right")
        table.add_column("mark")
        for d in facts.decisions:
            mark = Text(d.mark or "", style=_MARK_STYLES.get(d.mark or "", ""))
            table.add_row(
                str(d.index),
                str(d.seat),
                d.played,
                d.best or "-",
                _tenths(d.loss),
                d.open_best or "-",
                _tenths(d.open_loss),
                mark,
            )
        out.print(table)
    accuracy = Table(box=box.SIMPLE_HEAD, title="accuracy (0-100)", title_justify="left")
    accuracy.add_column(noun)
    for seat in seats:
        accuracy.add_column(f"seat {seat}\n{result.players[seat]}", justify="right")
    for facts in result.rounds:
        label = facts.double or str(facts.round)
        accuracy.add_row(label, *(_tenths(facts.accuracy[s]) for s in seats))
    accuracy.add_row("match", *(_tenths(s.accuracy) for s in result.summary))
    out.print(accuracy)
    for s in result.summary:
        out.print(
            f"seat {s.seat} ({result.players[s.seat]}): {_count(s.decisions, 'decision')}, "
            f"accuracy {_tenths(s.accuracy)}, mean loss {_tenths(s.mean_loss)} {unit} (open "
            f"{_tenths(s.open_mean_loss)}), "
            f"{s.inaccuracies} inaccurac{'y' if s.inaccuracies == 1 else 'ies'}, "
            f"{_count(s.mistakes, 'mistake')}, {_count(s.blunders, 'blunder')}",
            markup=False,
        )
    if result.unit == "percent":
        meaning = (
            "loss: percentage points of rounds won (less a quarter of a round per 100 "
            "penalty points kept)"
        )
    else:
        meaning = "loss: points of margin over the best other side in the hand"
    out.print(
        f"{meaning}, from the seat's knowledge; open: with every hand known. Marks: "
        f"inaccuracy >= {result.thresholds.inaccuracy:g}, mistake >= "
        f"{result.thresholds.mistake:g}, blunder >= {result.thresholds.blunder:g}. "
        f"{result.settings.samples} samples per search, seed {result.settings.seed}.",
        markup=False,
    )
    ungraded = sum(s.ungraded for s in result.summary)
    if ungraded:
        out.print(
            f"{_count(ungraded, 'decision')} not graded (-): the search found no sample of "
            "the hidden tiles consistent with what the seat saw.",
            markup=False,
        )


def _tenths(value: float | None) -> str:
    """A figure to one decimal, or - for none."""
    return "-" if value is None else f"{value:.1f}"


_SERVE_HELP = "\n\n".join(
    [
        "Serve the game to browsers: open the address it prints, set up a table against "
        "computer players or with friends (each friend gets an invite link), and play.",
        "Every table and every accepted action is saved before anyone sees it: in SQLite in "
        "the data folder by default, or in PostgreSQL with --db postgresql://USER@HOST/DB. "
        "Stop it with Ctrl-C; started again on the same data, every unfinished table goes on "
        "where it was.",
        "Several processes, on one machine or many, serve the same tables when each is "
        "given the same PostgreSQL database and the same Redis (--redis redis://HOST:PORT/0): "
        "a browser may reach any of them; when one dies, another takes its tables over "
        "within --lease seconds.",
        "Examples: chickenfoot serve; chickenfoot serve --host 0.0.0.0 --port 8080 (reachable "
        "from other machines); chickenfoot serve --bot-delay 0 (bots act at once); chickenfoot "
        "serve --db postgresql://chickenfoot@db/chickenfoot --redis redis://cache:6379/0 "
        "--port 8001 (one of several).",
    ]
)


class LogFormat(StrEnum):
    TEXT = "text"
    JSON = "json"


@app.command("serve", cls=_Command, help=_SERVE_HELP)
def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host", metavar="ADDRESS", help="The address to listen on (0.0.0.0: every one)."
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(
            "--port",
            metavar="PORT",
            min=0,
            max=65535,
            help="The port to listen on (0: any free one).",
        ),
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
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            metavar="URL",
            show_default=False,
            help="Redis (redis://HOST:PORT/DB), shared by several server processes of one "
            "PostgreSQL database: each table has one owner process, the others forward to it. "
            "\\[default: none, this process serves alone]",
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            "--lease",
            metavar="SECONDS",
            min=1.0,
            max=300.0,
            help="With --redis: seconds before another process takes over the tables of one "
            "that has died.",
        ),
    ] = 5.0,
    log_format: Annotated[
        LogFormat,
        typer.Option(
            "--log-format",
            help="The log on standard error: text, a line per event for people, or json, "
            "one JSON object per line (time, level, event, table...) for log collectors.",
        ),
    ] = LogFormat.TEXT,
) -> None:
    import os

    from chickenfoot.server import run
    from chickenfoot.terminal.session import SessionError, check_data_folder, default_data_folder

    if not host.strip():
        _fail(_("--host: give the address to listen on, such as 127.0.0.1 or 0.0.0.0 (every one)"))
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
            redis_url=redis,
            lease_seconds=lease,
        )
        if redis is not None and not settings.db_url.startswith("postgresql"):
            _fail(
                _(
                    "--redis: several processes share their tables in PostgreSQL: give "
                    "--db postgresql://USER@HOST/DATABASE too"
                )
            )
        run.serve(host, port, settings, db, out.print, log_format.value)
    except run.ServeError as exc:
        _fail(str(exc))


_NEW_BOT_HELP = "\n\n".join(
    [
        "Write a Python package holding a new bot named NAME, ready to install: "
        "pyproject.toml with the bot's entry point (group chickenfoot.bots), the bot's module "
        "(a bot that reads the table's view, docs/BOTS.md), a test that seats it in an arena, "
        "and a README. Installed (pip install -e DIR), the bot is known by NAME to arena, "
        "play and serve.",
        "Examples: chickenfoot new-bot mybot; chickenfoot new-bot mybot --into ~/src/mybot",
    ]
)


@app.command("new-bot", cls=_Command, help=_NEW_BOT_HELP)
def new_bot_cmd(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The bot's name.")],
    into: Annotated[
        Path | None,
        typer.Option(
            "--into",
            metavar="DIR",
            show_default=False,
            help="The folder to write it into (made if missing; must be empty). "
            "\\[default: ./NAME]",
        ),
    ] = None,
) -> None:
    from chickenfoot.bots import template

    folder = into if into is not None else Path(name)
    try:
        written = template.write(name, folder)
    except template.TemplateError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write into {folder}: {exc.strerror or exc}")
    for path in written:
        out.print(f"wrote {path}", markup=False, soft_wrap=True)
    out.print(
        f"next: pip install -e {folder}, then chickenfoot arena --bots {name},medium",
        markup=False,
        soft_wrap=True,
    )


def _fail(message: str) -> NoReturn:
    # TRANSLATORS: the line of every error of the command line; {message} says what is wrong.
    err.print(_("error: {message}").format(message=message), markup=False, soft_wrap=True)
    raise typer.Exit(2)


_SPEAKING = ("play", "rules")
"""The commands that speak the player's language (``--lang``, else the locale's)."""


def _language_before_parsing(argv: Sequence[str]) -> None:
    """For a command that speaks the player's language, that language chosen before the
    command line is read, so that a mistake in it is said in that language too (a ``--lang``
    that names none is left for the command to refuse)."""
    if not argv or argv[0] not in _SPEAKING:
        return
    lang: str | None = None
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and k + 1 < len(argv):
            lang = argv[k + 1]
        elif arg.startswith("--lang="):
            lang = arg.removeprefix("--lang=")
    code = _language_of(lang)
    if code is not None:
        set_language(code)


def main() -> None:
    _language_before_parsing(sys.argv[1:])
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted", markup=False)
        sys.exit(130)
