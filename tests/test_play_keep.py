"""Nothing lost at the terminal: ``chickenfoot play`` (the app and ``--plain``) on a full
disk, when the terminal is closed (SIGHUP) and when the reader of ``--plain`` goes away. The
match is saved, or kept in a fallback place and the player told, or the player told plainly
that nothing could be written; the exit codes say which."""

from __future__ import annotations

import errno
import fcntl
import io
import json
import os
import pty
import random
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from chickenfoot import files
from chickenfoot.cli import app
from chickenfoot.cli.play import _after_app
from chickenfoot.core.games import make_rules
from chickenfoot.terminal.plain import PlainGame
from chickenfoot.terminal.session import SeatSpec, Session, records_folder
from chickenfoot.terminal.stops import HangUp, Stops
from chickenfoot.terminal.table_screen import FinalScreen, RoundSummary, TableScreen
from tests.oracle import check as check_record
from tests.test_cli_records import tiny_disk  # noqa: F401 (a fixture)
from tests.test_play_app import bots, direct_app, play_on, run
from tests.test_play_plain import Script

runner = CliRunner()
CHICKENFOOT = [sys.executable, "-m", "chickenfoot"]
FULL = os.strerror(errno.ENOSPC)


def full_disk_under(folder: Path) -> Callable[..., None]:
    """``files.write_json`` on a machine whose disk under ``folder`` is full."""
    real = files.write_json

    def write_json(path: Path, data: Any, **options: bool) -> None:
        if Path(path).is_relative_to(folder):
            raise OSError(errno.ENOSPC, FULL)
        real(path, data, **options)

    return write_json


@pytest.fixture
def temp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The system's temporary folder, for this test (and no home folder to write into)."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return folder


@contextmanager
def killed_at_the_end(proc: subprocess.Popen[Any]) -> Iterator[None]:
    """The process group of ``proc`` killed, whatever the test found."""
    try:
        yield
    finally:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def resumable(path: Path) -> Session:
    """The match recorded in ``path``, resumed; its record is whole and legal."""
    assert check_record(json.loads(path.read_text(encoding="utf-8"))) == []
    return Session.resume(path)


def a_match(tmp_path: Path, length: str = "single", seed: int = 3) -> Session:
    rules = make_rules("chickenfoot", 3, None, {"length": length})
    seats = [SeatSpec("You"), SeatSpec("", "random"), SeatSpec("", "random")]
    return Session.new(seats, rules, seed, records_folder(tmp_path))


# A full disk, --plain


def test_a_full_disk_at_a_rounds_end_is_said_and_the_match_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = a_match(tmp_path, "half")
    real = files.write_json
    writes: list[int] = []

    def full_for_two_rounds(path: Path, data: Any, **options: bool) -> None:
        writes.append(len(data["rounds"]))
        if len(writes) <= 2:
            raise OSError(errno.ENOSPC, FULL)
        real(path, data, **options)

    monkeypatch.setattr(files, "write_json", full_for_two_rounds)
    out, errors = io.StringIO(), io.StringIO()
    assert PlainGame(played, Script(out, 1), out, errors).run() == 0
    assert played.table.is_over and len(played.table.record()["rounds"]) == 5
    said = (
        f"The match could not be saved in {played.path}: No space left on device; play goes "
        "on, and saving is tried again at the next round's end and when you leave"
    )
    assert errors.getvalue() == f"{said}\n{said}\n"
    # at the end of each round but the last (the next one dealt), and at the match's end
    assert writes == [2, 3, 4, 5, 5]
    assert out.getvalue().count("Round ") >= 5
    assert f"The match is over; its record is saved in {played.path}" in out.getvalue()
    record = json.loads(played.path.read_text(encoding="utf-8"))
    assert record["winners"] and check_record(record) == []


def test_a_full_disk_at_quit_saves_the_match_in_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, temp_folder: Path
) -> None:
    data = tmp_path / "data"
    monkeypatch.setattr(files, "write_json", full_disk_under(data))
    result = runner.invoke(
        app, ["play", "--plain", "--data", str(data), "--seed", "4"], input="quit\n"
    )
    assert result.exit_code == 1
    (kept,) = temp_folder.iterdir()
    assert kept.name.startswith("chickenfoot-match-")
    belongs = records_folder(data) / kept.name.removeprefix("chickenfoot-")
    assert result.stderr == (
        f"The match could not be saved in {belongs}: No space left on device; it is saved "
        f"in {kept} instead\n"
    )
    assert result.stdout.splitlines()[-2:] == [
        f"The match is saved in {kept}",
        f"Continue it with: chickenfoot play --resume {kept}",
    ]
    assert not list(records_folder(data).iterdir())  # no temporary file left behind
    assert resumable(kept).table.turn == 0


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        (
            "nb",
            "Kampen kunne ikke lagres i {path}: Ikke mer plass på enheten; den er lagret i "
            "{kept} i stedet",
        ),
        (
            "sv",
            "Partiet kunde inte sparas i {path}: Inget utrymme kvar på enheten; det är sparat "
            "i {kept} i stället",
        ),
    ],
)
def test_a_full_disk_is_said_in_the_players_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, temp_folder: Path, lang: str, says: str
) -> None:
    data = tmp_path / "data"
    monkeypatch.setattr(files, "write_json", full_disk_under(data))
    result = runner.invoke(
        app, ["play", "--plain", "--lang", lang, "--data", str(data), "--seed", "4"], input=""
    )
    assert result.exit_code == 1
    (kept,) = temp_folder.iterdir()
    belongs = records_folder(data) / kept.name.removeprefix("chickenfoot-")
    assert result.stderr == says.format(path=belongs, kept=kept) + "\n"


def test_when_nothing_can_be_written_the_player_is_told_the_match_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, temp_folder: Path
) -> None:
    monkeypatch.setattr(files, "write_json", full_disk_under(tmp_path))
    data = tmp_path / "data"
    result = runner.invoke(
        app, ["play", "--plain", "--data", str(data), "--seed", "4"], input="quit\n"
    )
    assert result.exit_code == 1
    assert not list(records_folder(data).iterdir())
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert lines[0].startswith("The match could not be saved anywhere, and is lost (")
    tried = lines[0].split(" (", 1)[1].removesuffix(")").split("; ")
    assert [place.rsplit(": ", 1)[1] for place in tried] == [FULL] * 3
    folders = [Path(place.rsplit(": ", 1)[0]).parent for place in tried]
    assert folders == [records_folder(data), temp_folder, tmp_path / "home"]
    assert result.stdout.splitlines()[-1].startswith("legal: ")  # and no "saved in" line


def test_plain_on_a_disk_that_really_is_full(tiny_disk: Path, tmp_path: Path) -> None:  # noqa: F811
    """A real process on a real full disk: every round's end says the record could not be
    written and play goes on to the match's end; the record then goes to TMPDIR."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    script = (
        f'mount -t tmpfs -o size=160k tmpfs "{tiny_disk}" || exit 99; '
        f'mkdir "{tiny_disk}/matches"; head -c 200000 /dev/zero > "{tiny_disk}/fill" 2>/dev/null; '
        f'TMPDIR="{temp}" exec "{sys.executable}" -m chickenfoot play --plain '
        f'--data "{tiny_disk}" --seed 5 --bots random --players 2 --length half'
    )
    with (
        subprocess.Popen(
            ["unshare", "--mount", "sh", "-c", script],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        ) as proc,
        killed_at_the_end(proc),
    ):
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        out = []
        for line in proc.stdout:
            out.append(line)
            if line.startswith("legal: "):
                proc.stdin.write(line.split()[1] + "\n")
                proc.stdin.flush()
        assert proc.wait(timeout=60) == 1
        errors = proc.stderr.read()
    (kept,) = temp.iterdir()
    belongs = tiny_disk / "matches" / kept.name.removeprefix("chickenfoot-")
    record = json.loads(kept.read_text(encoding="utf-8"))
    assert record["winners"] and check_record(record) == []
    assert len(record["rounds"]) == 5
    assert errors.splitlines() == [
        f"The match could not be saved in {belongs}: No space left on device; play goes on, "
        "and saving is tried again at the next round's end and when you leave"
    ] * 4 + [  # the last round's end is the match's: its record goes to TMPDIR at once
        f"The match could not be saved in {belongs}: No space left on device; it is saved in "
        f"{kept} instead"
    ]
    assert f"The match is over; its record is saved in {kept}\n" in out


# A full disk, the app


def test_the_app_says_a_save_that_failed_and_tries_again_at_the_next_rounds_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = files.write_json
    writes: list[int] = []

    def full_at_first(path: Path, data: Any, **options: bool) -> None:
        writes.append(len(data["rounds"]))
        if len(writes) == 1:
            raise OSError(errno.ENOSPC, FULL)
        real(path, data, **options)

    monkeypatch.setattr(files, "write_json", full_at_first)

    def second_summary(screen: Any) -> bool:
        return isinstance(screen, RoundSummary) and len(writes) == 2

    async def scenario() -> tuple[list[str], list[str], Session]:
        game = direct_app(tmp_path, [SeatSpec("You"), *bots("random", 2)], seed=7, length="half")
        async with game.run_test(size=(100, 30)) as pilot:
            await play_on(pilot, game, random.Random(2), until=second_summary, keys=False)
            table = game.screen_stack[1]
            assert isinstance(table, TableScreen)
            notices = [n.message for n in game._notifications]
            logged = list(table.log_lines)
        assert game.session is not None
        return notices, logged, game.session

    notices, logged, session = run(scenario())
    said = (
        f"The match could not be saved in {session.path}: No space left on device; play goes "
        "on, and saving is tried again at the next round's end and when you leave"
    )
    assert notices == [said]
    assert logged.count(said) == 1
    # at the first round's end and at the second's (each with the next round dealt)
    assert writes == [2, 3]
    record = json.loads(session.path.read_text(encoding="utf-8"))
    assert len(record["rounds"]) == 3 and "end" in record["rounds"][1]
    assert session.unsaved is None and not session.table.is_over


def test_the_apps_last_screen_says_the_record_could_not_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "write_json", full_disk_under(tmp_path))

    async def scenario() -> tuple[str, Session]:
        game = direct_app(tmp_path, [SeatSpec("You"), *bots("random", 2)], seed=7)
        async with game.run_test(size=(100, 30)) as pilot:
            final = await play_on(pilot, game, random.Random(2), keys=False)
            assert isinstance(final, FinalScreen)
            shown = str(final.body().columns[0]._cells[4])
            await pilot.press("enter")
        assert game.return_value is None and game.session is not None
        return shown, game.session

    shown, session = run(scenario())
    assert session.table.is_over
    assert shown == f"The match could not be saved in {session.path}: No space left on device"


def test_quitting_the_app_on_a_full_disk_keeps_the_match_in_the_temporary_folder(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    temp_folder: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = tmp_path / "data"
    monkeypatch.setattr(files, "write_json", full_disk_under(data))

    async def scenario() -> Session:
        game = direct_app(data, [SeatSpec("You"), *bots("random", 2)], seed=7)
        async with game.run_test(size=(100, 30)) as pilot:
            await play_on(pilot, game, random.Random(2), until=awaiting, keys=False)
            await pilot.press("q")  # saves first: that fails, and is said after the app
            await pilot.pause()
        assert game.return_value is None  # left, not crashed
        assert game.session is not None
        return game.session

    session = run(scenario())
    belongs = session.path
    with pytest.raises(typer.Exit) as stopped:
        _after_app(session)
    assert stopped.value.exit_code == 1
    (kept,) = temp_folder.iterdir()
    shown = capsys.readouterr()
    assert shown.err == (
        f"The match could not be saved in {belongs}: No space left on device; it is saved "
        f"in {kept} instead\n"
    )
    assert shown.out.splitlines() == [
        f"The match is saved in {kept}",
        f"Continue it with: chickenfoot play --resume {kept}",
    ]
    assert resumable(kept).table.version == session.table.version


def awaiting(screen: Any) -> bool:
    return isinstance(screen, TableScreen) and screen.awaiting()


# Signals


def test_a_signal_while_the_table_changes_waits_until_the_change_is_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = make_rules("chickenfoot", 2, None, {"length": "single"})
    played = Session.new(bots("random", 2), rules, 3, records_folder(tmp_path))
    seen: list[int] = []

    def stop(signum: int) -> None:
        seen.append(played.table.version)
        raise HangUp

    stops = Stops(stop)
    played.shield = stops
    real = played.table.act

    def act_hung_up_halfway(seat: int, action: Any) -> int:
        os.kill(os.getpid(), signal.SIGHUP)
        time.sleep(0.05)  # the handler has run by now, between two lines of Python
        assert seen == []
        return real(seat, action)

    monkeypatch.setattr(played.table, "act", act_hung_up_halfway)
    before = played.table.version
    previous = signal.getsignal(signal.SIGHUP)
    try:
        with stops.installed((signal.SIGHUP,)), pytest.raises(HangUp):
            played.play_bot()
    finally:
        signal.signal(signal.SIGHUP, previous)  # a stop keeps its handler until the exit
    assert seen == [played.table.version] and played.table.version > before


@contextmanager
def plain_started(*args: str) -> Iterator[subprocess.Popen[bytes]]:
    """``chickenfoot play --plain ARGS`` in a process of its own, its streams pipes."""
    proc = subprocess.Popen(
        [*CHICKENFOOT, "play", "--plain", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        yield proc
    finally:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def read_until_legal(proc: subprocess.Popen[bytes]) -> list[str]:
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line.decode())
        if line.startswith(b"legal: "):
            return lines
    raise AssertionError(f"no legal: line in {lines}")


def only_match(data: Path) -> Path:
    (path,) = records_folder(data).iterdir()
    return path


def test_sighup_saves_the_plain_match_and_exits_129(tmp_path: Path) -> None:
    with plain_started("--data", str(tmp_path), "--seed", "6") as proc:
        assert proc.stdin is not None and proc.stderr is not None
        move = read_until_legal(proc)[-1].split()[1]
        proc.stdin.write(f"{move}\n".encode())
        proc.stdin.flush()
        read_until_legal(proc)
        proc.send_signal(signal.SIGHUP)
        assert proc.wait(timeout=30) == 129
        errors = proc.stderr.read().decode()
    path = only_match(tmp_path)
    assert errors == f"The terminal was closed: the match is saved in {path}\n"
    resumed = resumable(path)
    assert resumed.table.turn == 0 and not resumed.table.is_over


def test_a_reader_that_goes_away_ends_plain_quietly_with_the_match_saved(tmp_path: Path) -> None:
    with plain_started("--data", str(tmp_path), "--seed", "6") as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        lines = read_until_legal(proc)
        proc.stdout.close()  # as `| head` does
        move = lines[-1].split()[1]
        proc.stdin.write(f"{move}\n".encode())
        proc.stdin.flush()
        assert proc.wait(timeout=30) == 141
        errors = proc.stderr.read().decode()
    path = only_match(tmp_path)
    assert errors == f"The output was closed: the match is saved in {path}\n"
    record = json.loads(path.read_text(encoding="utf-8"))
    mine = [a for a in record["rounds"][0]["actions"] if a["seat"] == 0]
    assert mine, "the move typed before the output closed is in the record"
    assert resumable(path).table.turn is not None


CHICKENFOOT_PLAY = [sys.executable, "-m", "chickenfoot", "play"]


def test_piping_plain_into_head_saves_the_match(tmp_path: Path) -> None:
    """As ``chickenfoot play --plain | head -3``: the reader takes three lines and goes away;
    the next thing the game writes (here, after ``quit``) finds the pipe closed."""
    with subprocess.Popen(
        [*CHICKENFOOT_PLAY, "--plain", "--data", str(tmp_path), "--seed", "6"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as game:
        assert game.stdin is not None and game.stdout is not None and game.stderr is not None
        for _line in range(3):
            assert game.stdout.readline()
        game.stdout.close()
        game.stdin.write("quit\n")
        game.stdin.close()
        stderr = game.stderr.read()
        assert game.wait(timeout=60) == 141
    path = only_match(tmp_path)
    assert stderr == f"The output was closed: the match is saved in {path}\n"
    assert "Exception ignored" not in stderr
    assert resumable(path).table.turn == 0


@contextmanager
def in_a_terminal(
    command: list[str], ready: bytes, stderr: Any = None
) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """``command`` in a pseudo-terminal of 100 x 30, its controlling terminal; the process
    and the terminal's other end, once ``ready`` is on the screen."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    proc = subprocess.Popen(
        command,
        stdin=slave,
        stdout=slave,
        stderr=slave if stderr is None else stderr,
        start_new_session=True,
        env={**os.environ, "TERM": "xterm-256color"},
        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
    )
    os.close(slave)
    try:
        screen = b""
        deadline = time.monotonic() + 30
        while ready not in screen:
            assert time.monotonic() < deadline, screen[-2000:]
            readable, _, _ = select.select([master], [], [], 0.2)
            if readable:
                screen += os.read(master, 65536)
        time.sleep(0.3)
        yield proc, master
    finally:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        with suppress(OSError):
            os.close(master)


def app_in_a_terminal(data: Path) -> AbstractContextManager[tuple[subprocess.Popen[bytes], int]]:
    """``chickenfoot play`` (the app), once the table is on the screen (its keys, at the
    bottom)."""
    return in_a_terminal(
        [*CHICKENFOOT, "play", "--data", str(data), "--seed", "3", "--bots", "easy"], b"hint"
    )


def test_closing_the_plain_terminal_saves_its_match(tmp_path: Path) -> None:
    errors = tmp_path / "stderr"
    args = [*CHICKENFOOT, "play", "--plain", "--data", str(tmp_path), "--seed", "3"]
    with errors.open("wb") as stderr, in_a_terminal(args, b"legal: ", stderr) as (proc, master):
        os.close(master)  # the terminal's window closed: reading it fails, SIGHUP comes
        assert proc.wait(timeout=30) == 129
    path = only_match(tmp_path)
    said = errors.read_text(encoding="utf-8")
    assert said == f"The terminal was closed: the match is saved in {path}\n"
    assert resumable(path).table.turn == 0


def test_sighup_saves_the_apps_match_and_exits_129(tmp_path: Path) -> None:
    with app_in_a_terminal(tmp_path) as (proc, master):
        for _ in range(2):  # Enter: play the first tile offered (and Enter: where offered)
            os.write(master, b"\r")
            time.sleep(0.5)
        proc.send_signal(signal.SIGHUP)
        assert proc.wait(timeout=30) == 129
    resumed = resumable(only_match(tmp_path))
    assert not resumed.table.is_over and resumed.table.version > 1


def test_closing_the_apps_terminal_saves_its_match(tmp_path: Path) -> None:
    with app_in_a_terminal(tmp_path) as (proc, master):
        os.close(master)  # as closing the window or tmux kill-session does: a hangup
        assert proc.wait(timeout=30) == 129
    resumed = resumable(only_match(tmp_path))
    assert not resumed.table.is_over


def test_the_exit_codes_are_in_the_help() -> None:
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.replace("│", " ").split())
    for said in (
        "Exit codes: 0 the match saved",
        "1 its record could not be written where it belongs",
        "129 the terminal closed (SIGHUP)",
        "130 Ctrl-C or SIGTERM",
        "141 the output closed (--plain)",
    ):
        assert said in text, said


ESCAPES = re.compile(r"\x1b\[[0-9;?<>=$]*[A-Za-z~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>]")
"""The terminal's control sequences: what moves the cursor, colours, sets modes."""


def screen_to_the_end(master: int) -> str:
    """What the terminal shows until the program's end (its side of the terminal closes)."""
    screen = b""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        readable, _, _ = select.select([master], [], [], 0.2)
        if readable:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: nothing holds the other side any more
                break
            if not chunk:
                break
            screen += chunk
    return screen.decode("utf-8", "replace")


def test_quitting_the_app_on_a_disk_that_really_is_full(tiny_disk: Path, tmp_path: Path) -> None:  # noqa: F811
    temp = tmp_path / "tmp"
    temp.mkdir()
    script = (
        f'mount -t tmpfs -o size=160k tmpfs "{tiny_disk}" || exit 99; '
        f'mkdir "{tiny_disk}/matches"; head -c 200000 /dev/zero > "{tiny_disk}/fill" 2>/dev/null; '
        f'TMPDIR="{temp}" exec "{sys.executable}" -m chickenfoot play --data "{tiny_disk}" '
        "--seed 3 --bots easy"
    )
    command = ["unshare", "--mount", "sh", "-c", script]
    with in_a_terminal(command, b"hint") as (proc, master):
        os.write(master, b"q")
        screen = screen_to_the_end(master)
        assert proc.wait(timeout=30) == 1
    (kept,) = temp.iterdir()
    belongs = tiny_disk / "matches" / kept.name.removeprefix("chickenfoot-")
    text = ESCAPES.sub("", screen).replace("\r\n", "\n")
    said = (
        f"The match could not be saved in {belongs}: No space left on device; it is saved in "
        f"{kept} instead\n"
        f"The match is saved in {kept}\n"
        f"Continue it with: chickenfoot play --resume {kept}\n"
    )
    assert text.endswith(said), text[-1000:]
    assert "Traceback" not in text
    assert resumable(kept).table.turn == 0
