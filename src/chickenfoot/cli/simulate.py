"""``chickenfoot simulate``: matches between seeded random players, summarised."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from chickenfoot.cli import output
from chickenfoot.cli.errors import _stop
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
from chickenfoot.cli.progress import _Done, _progress
from chickenfoot.cli.records import (
    _finish_records,
    _interrupted,
    _keep_record,
    _records_target,
    _start_records,
)
from chickenfoot.cli.text import _count
from chickenfoot.cli.words import _Command
from chickenfoot.cli.workers import WorkersOption, _check_workers
from chickenfoot.core.games import AnyRules

if TYPE_CHECKING:
    from rich.console import Console

    from chickenfoot.play import SimulationResult
    from chickenfoot.record_files import RecordTarget

app = typer.Typer(add_completion=False)


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
    game: GameOption = DEFAULT_GAME,
    preset: PresetOption = None,
    option: OptionsOption = None,
    workers: WorkersOption = 1,
) -> None:
    from chickenfoot.play import play_simulated_match, simulation_result

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
                    from chickenfoot.arena import describe_failure

                    progress.stop()
                    message = f"match {k} (seed {seed + k - 1}) failed"
                    _stop(f"{message}: {describe_failure(exc)}", target)
                with interrupts.shielded():  # a match counts once its record is written
                    if target is not None:
                        try:
                            target.write(k, record)
                        except OSError as exc:
                            progress.stop()
                            _stop(f"cannot write {target.where(k)}: {exc.strerror or exc}", target)
                    summary.add(simulation_result(k, match))
                done.match_done()
            done.show()
        except KeyboardInterrupt:
            progress.stop()
            _interrupted(summary.matches, matches, target)
    _wrap_up(summary, target, matches)


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
    from chickenfoot import arena as arena_

    jobs = arena_.plan(["random"] * players, matches, seed, rules, target)
    unit = _unit(rules)
    with _interrupts(), _progress() as progress:
        try:
            _start_records(target, force)
            task = progress.add_task("matches", total=matches)
            rounds = progress.add_task(f"{unit}s", total=_rounds_total(rules, players, matches))

            def done(result: SimulationResult) -> None:
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
    _wrap_up(summary, target, matches)


def _rounds_total(rules: AnyRules, players: int, matches: int) -> int | None:
    """The rounds (hands) ``matches`` matches take, if that is known before they are played."""
    per_match = rules.rounds_per_match(players)
    return None if per_match is None else matches * per_match


def _unit(rules: AnyRules) -> str:
    """What a game is played in: Chicken Foot in rounds, the standard games in hands."""
    return rules.round_noun


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

    def add(self, result: SimulationResult) -> None:
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
        from rich.table import Table

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


def _wrap_up(summary: _Summary, target: RecordTarget | None, matches: int) -> None:
    """The records made whole, the summary, and where the records are."""
    _finish_records(target)
    summary.show(output.out)
    if target is not None:
        output.out.print(target.describe(matches), markup=False, soft_wrap=True)
