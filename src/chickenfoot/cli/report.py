"""``chickenfoot report``: figures over many records, as tables and as an HTML page."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from chickenfoot import files
from chickenfoot.cli import output
from chickenfoot.cli.outputs import _cannot_write, _check_output
from chickenfoot.cli.records import RecordPaths, _each_record
from chickenfoot.cli.text import _count
from chickenfoot.cli.words import _Command

app = typer.Typer(add_completion=False)


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
    from rich import box
    from rich.table import Table

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
        output.out.print(
            f"{group['game']}, {group['preset']}, {group['players']} players: "
            f"{_count(group['rounds'], 'round')}, blocked {group['blocked_share']:.1%}, "
            f"{group['mean_actions']:.1f} actions per round",
            markup=False,
        )
        output.out.print(table)
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
