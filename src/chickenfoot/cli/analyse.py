"""``chickenfoot analyse``: a record's decisions graded by the expert's search."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from chickenfoot import arena as arena_
from chickenfoot import files
from chickenfoot.cli import output
from chickenfoot.cli.errors import _fail
from chickenfoot.cli.interrupts import _interrupts
from chickenfoot.cli.options import MAX_SEED
from chickenfoot.cli.outputs import _cannot_write, _check_output
from chickenfoot.cli.progress import _progress
from chickenfoot.cli.text import _count, _one_line, _short, _shown
from chickenfoot.cli.words import _Command
from chickenfoot.cli.workers import _CORES, _check_workers, _workers_option
from chickenfoot.core import RecordError
from chickenfoot.core.games import game_named
from chickenfoot.record_files import read_record

app = typer.Typer(add_completion=False)


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
            output.err.print("interrupted: nothing was written", markup=False)
            raise typer.Exit(130) from None
        except Exception as exc:  # a bug in chickenfoot: still one line
            progress.stop()
            output.err.print(
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
        output.out.print(f"analysis: {_shown(json_out)}", markup=False, soft_wrap=True)
    if plot_out is not None:
        try:
            analysis_.plot(result, plot_out)
        except OSError as exc:
            _cannot_write(plot_out, exc)
        output.out.print(f"chart: {_shown(plot_out)}", markup=False, soft_wrap=True)


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
    output.err.print(f"error: {_shown(path)}: {problem}", markup=False, soft_wrap=True)
    raise typer.Exit(1)


_MARK_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def _show_analysis(result: Any) -> None:
    """The analysis as tables: every round's decisions, then the accuracy of each seat."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    unit = "pp" if result.unit == "percent" else "pts"
    noun = game_named(result.game).noun
    seats = result.seats
    for facts in result.rounds:
        title = f"{noun} {facts.round}" + (f" ({facts.double})" if facts.double else "")
        if facts.end is None:
            ending = "still in play"
        else:
            ending = f"{facts.end}, points {' '.join(map(str, facts.points or []))}"
        output.out.print(
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
        output.out.print(table)
    accuracy = Table(box=box.SIMPLE_HEAD, title="accuracy (0-100)", title_justify="left")
    accuracy.add_column(noun)
    for seat in seats:
        accuracy.add_column(f"seat {seat}\n{result.players[seat]}", justify="right")
    for facts in result.rounds:
        label = facts.double or str(facts.round)
        accuracy.add_row(label, *(_tenths(facts.accuracy[s]) for s in seats))
    accuracy.add_row("match", *(_tenths(s.accuracy) for s in result.summary))
    output.out.print(accuracy)
    for s in result.summary:
        output.out.print(
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
    output.out.print(
        f"{meaning}, from the seat's knowledge; open: with every hand known. Marks: "
        f"inaccuracy >= {result.thresholds.inaccuracy:g}, mistake >= "
        f"{result.thresholds.mistake:g}, blunder >= {result.thresholds.blunder:g}. "
        f"{result.settings.samples} samples per search, seed {result.settings.seed}.",
        markup=False,
    )
    ungraded = sum(s.ungraded for s in result.summary)
    if ungraded:
        output.out.print(
            f"{_count(ungraded, 'decision')} not graded (-): the search found no sample of "
            "the hidden tiles consistent with what the seat saw.",
            markup=False,
        )


def _tenths(value: float | None) -> str:
    """A figure to one decimal, or - for none."""
    return "-" if value is None else f"{value:.1f}"
