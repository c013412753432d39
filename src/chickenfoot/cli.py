"""The ``chickenfoot`` command."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from chickenfoot.core import CLASSIC, Match, MatchLength, RecordError, replay, to_record
from chickenfoot.play import play_match

app = typer.Typer(
    help=(
        "Chicken Foot dominoes: simulate matches between computer players and check game "
        "records. Every match is written as a chickenfoot-record/1 JSON record that "
        "`chickenfoot replay` checks move by move against the rules."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()
err = Console(stderr=True)


@app.command()
def simulate(
    players: Annotated[
        int, typer.Option("--players", "-p", min=2, max=8, help="Seats at the table, 2 to 8.")
    ] = 4,
    matches: Annotated[
        int, typer.Option("--matches", "-m", min=1, help="How many matches to play.")
    ] = 20,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", "-s", help="Match k (1-based) is dealt from seed S+k-1: reruns repeat."
        ),
    ] = 1,
    length: Annotated[
        MatchLength,
        typer.Option(
            "--length",
            "-l",
            case_sensitive=False,
            help="full: one round per double (10 with double-9); half: the first half; "
            "single: one round.",
        ),
    ] = MatchLength.FULL,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            "-r",
            file_okay=False,
            help="Write each match's record to DIR/<k>.json (k = 1..M).",
        ),
    ] = None,
) -> None:
    """Play matches between seeded random players and summarise them.

    Example: chickenfoot simulate --players 6 --matches 100 --seed 7 --records out/
    """
    rules = CLASSIC.with_options(length=length.value)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail(f"cannot create the records folder {records}: {exc.strerror}")
    summary = _Summary(players)
    with _progress() as progress:
        task = progress.add_task("matches", total=matches)
        for k in range(1, matches + 1):
            match = play_match(["random"] * players, rules, seed + k - 1)
            summary.add(match)
            if records is not None:
                _write_json(records / f"{k}.json", to_record(match))
            progress.advance(task)
    summary.show(out)
    if records is not None:
        out.print(f"records: {records}/1.json .. {records}/{matches}.json")


@app.command("replay")
def replay_cmd(
    files: Annotated[list[Path], typer.Argument(help="Record files (chickenfoot-record/1 JSON).")],
) -> None:
    """Replay game records through the rules and check every action, point and total.

    Prints one line per file: its totals when it is legal, or where (rounds[i].actions[j])
    and what is wrong. Exits 1 if any file is not a legal record.
    """
    bad = 0
    for path in files:
        try:
            match = replay(json.loads(path.read_text(encoding="utf-8")))
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


def _describe(match: Match) -> str:
    text = f"{len(match.points)} round(s), totals {match.totals()}"
    outcome = match.outcome()
    if outcome is None:
        return text + ", still in play"
    verb = "draw between seats" if outcome.is_draw else "won by seat"
    return text + f", {verb} {', '.join(map(str, outcome.winners))}"


class _Summary:
    def __init__(self, players: int) -> None:
        self.players = players
        self.matches = 0
        self.rounds = 0
        self.blocked = 0
        self.points = [0] * players
        self.wins = [0] * players
        self.draws = 0

    def add(self, match: Match) -> None:
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
            self.wins[outcome.winners[0]] += 1

    def show(self, console: Console) -> None:
        console.print(
            f"{self.matches} matches, {self.rounds} rounds, "
            f"{self.blocked / max(1, self.rounds):.1%} of rounds blocked, {self.draws} drawn"
        )
        table = Table("seat", "mean points per round", "mean total per match", "wins")
        for s in range(self.players):
            table.add_row(
                str(s),
                f"{self.points[s] / max(1, self.rounds):.1f}",
                f"{self.points[s] / max(1, self.matches):.1f}",
                str(self.wins[s]),
            )
        console.print(table)


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


def _write_json(path: Path, data: Any) -> None:
    """Write atomically: a crash leaves the old file or the new one, never half of one."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _fail(message: str) -> None:
    err.print(f"error: {message}", markup=False)
    raise typer.Exit(2)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)
