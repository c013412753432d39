"""``chickenfoot arena``: computer players measured against each other."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from chickenfoot import arena as arena_
from chickenfoot import files
from chickenfoot.bots import BOTS, PluginError, known_bots
from chickenfoot.bots.program import DEFAULT_SECONDS, is_program
from chickenfoot.cli import output
from chickenfoot.cli.errors import _fail, _stop
from chickenfoot.cli.interrupts import _interrupts
from chickenfoot.cli.options import (
    DEFAULT_GAME,
    ForceOption,
    GameOption,
    LengthOption,
    OptionsOption,
    PresetOption,
    RecordsOption,
    SeedOption,
    _check_counts,
    _players_help,
    _rules,
)
from chickenfoot.cli.outputs import _check_output
from chickenfoot.cli.progress import _progress
from chickenfoot.cli.records import (
    _finish_records,
    _interrupted,
    _keep_record,
    _records_target,
    _start_records,
)
from chickenfoot.cli.simulate import _rounds_total, _unit
from chickenfoot.cli.text import _count, _shown
from chickenfoot.cli.words import _Command
from chickenfoot.cli.workers import _CORES, WorkersOption, _check_workers
from chickenfoot.core.games import AnyRules
from chickenfoot.i18n import _

app = typer.Typer(add_completion=False)


MAX_CMD_TIMEOUT = 600.0
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
    game: GameOption = DEFAULT_GAME,
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
        output.err.print(
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
                output.out.print(target.describe(matches), markup=False, soft_wrap=True)
            if report_file is not None:
                try:
                    files.write_json(report_file, report.to_json())
                except OSError as exc:
                    text = _("cannot write {path}: {reason}")
                    _stop(text.format(path=_shown(report_file), reason=files.os_reason(exc)), None)
                output.out.print(f"report: {report_file}", markup=False, soft_wrap=True)
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


def _show_arena(report: arena_.ArenaReport) -> None:
    from rich import box
    from rich.table import Table

    unit = _unit(report.rules)
    seeds = (
        f"seed {report.seed}"
        if report.matches == 1
        else f"seeds {report.seed}..{report.seed + report.matches - 1}"
    )
    output.out.print(
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
    output.out.print(table)
    if report.forfeits:
        output.out.print(
            "forfeits: a program that failed was stopped, a stand-in played its seat to the "
            "end, and the match counts as lost for it:",
            markup=False,
            soft_wrap=True,
        )
        for forfeit in report.forfeits:
            output.out.print(f"  {forfeit.describe()}", markup=False, soft_wrap=True)
    best = "lowest" if report.rules.lowest_wins else "highest"
    output.out.print(
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
