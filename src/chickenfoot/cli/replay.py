"""``chickenfoot replay``: records checked against the rules, action by action."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from chickenfoot import files
from chickenfoot.cli.errors import _fail
from chickenfoot.cli.text import _count, _one_line, _shown
from chickenfoot.cli.words import _Command
from chickenfoot.core import RecordError
from chickenfoot.core.games import GAMES, AnyMatch, check
from chickenfoot.core.record import check_text
from chickenfoot.core.rules import PRESETS
from chickenfoot.record_files import decoded, read_record_texts

app = typer.Typer(add_completion=False)


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
        from chickenfoot.arena import describe_failure

        return False, f"cannot replay it: {describe_failure(exc)} (a bug in chickenfoot)"
    return True, f"ok: {_describe(match)}"


def _checked_text(text: bytes, game: str | None, preset: str | None) -> AnyMatch | None:
    """The match of a record's text, if :func:`check_text` takes it as it is and it is of
    the game and preset asked for; else None (decode it and check it: that says why)."""
    try:
        files.check_utf8(text)
    except files.FileProblem:
        return None
    match = check_text(text)
    if match is None:
        return None
    rules = match.rules
    if game not in (None, rules.game_name) or preset not in (None, rules.preset_name):
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
