"""``chickenfoot ratings``: the players of many records rated."""

from __future__ import annotations

from enum import StrEnum
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
    from rich import box
    from rich.table import Table

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
    output.out.print(table)
    output.out.print(
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
