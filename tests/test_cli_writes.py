"""Every file the program writes whole is written atomically: a full disk (or any other
failure) leaves the old file as it was, no new file and no temporary one, and is said in one
line naming the file."""

from __future__ import annotations

import asyncio
import errno
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from chickenfoot import files
from chickenfoot.cli import app
from chickenfoot.core.games import make_rules
from chickenfoot.terminal.app import ChickenfootApp, Setup
from chickenfoot.terminal.session import SeatSpec, records_folder
from chickenfoot.terminal.table_screen import TableScreen

runner = CliRunner()
FULL = "No space left on device"


def contents(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``folder``, by relative path."""
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        found[str(path.relative_to(folder))] = None if path.is_dir() else path.read_bytes()
    return found


def full_after(half: Callable[[int, bytes | bytearray], None]) -> Callable[..., None]:
    """A ``files.write_all`` that writes half of what it is given, then finds the disk full."""

    def write_all(fd: int, payload: bytes | bytearray) -> None:
        half(fd, payload[: len(payload) // 2])
        raise OSError(errno.ENOSPC, FULL)

    return write_all


# The helper every writer uses


def test_a_write_that_fails_halfway_leaves_the_old_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = tmp_path / "report.html"
    old.write_bytes(b"<p>the old report</p>\n")
    monkeypatch.setattr(files, "write_all", full_after(files.write_all))
    with pytest.raises(OSError, match=FULL):
        files.write_text(old, "<p>the new report, much longer than the old one</p>\n")
    assert contents(tmp_path) == {"report.html": b"<p>the old report</p>\n"}


def test_a_write_that_fails_where_there_was_no_file_leaves_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "write_all", full_after(files.write_all))
    with pytest.raises(OSError, match=FULL):
        files.write_bytes(tmp_path / "chart.png", b"\x89PNG" * 1000)
    assert contents(tmp_path) == {}


def test_a_write_replaces_the_old_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "report.html"
    path.write_text("old " * 1000, encoding="utf-8")
    files.write_text(path, "new ÆØÅ\n")
    assert contents(tmp_path) == {"report.html": "new ÆØÅ\n".encode()}


def test_files_written_whole_are_created_as_the_umask_says(tmp_path: Path, umask: int) -> None:
    files.write_text(tmp_path / "a.html", "a")
    files.write_bytes(tmp_path / "b.png", b"b")
    for name in ("a.html", "b.png"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o666 & ~umask, name


# The commands on a disk that really fills up


@pytest.fixture
def disk(tmp_path: Path) -> Path:
    """A mount point for a small tmpfs in a mount namespace of its own (root on Linux)."""
    if not sys.platform.startswith("linux") or shutil.which("unshare") is None:
        pytest.skip("needs Linux and unshare")
    mount = tmp_path / "disk"
    mount.mkdir()
    probe = subprocess.run(
        ["unshare", "--mount", "mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
        capture_output=True,
    )
    if probe.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN)")
    return mount


def on_a_full_disk(
    disk: Path, old: dict[str, bytes], *command: str
) -> tuple[int, str, dict[str, bytes | None]]:
    """Run ``chickenfoot COMMAND`` with ``disk`` a tmpfs holding the files ``old``, filled
    up to the last byte: its exit code, its stderr, and what the disk holds afterwards."""
    work = disk.parent
    before, after, stderr = work / "before", work / "after", work / "stderr"
    before.mkdir()
    after.mkdir()
    for name, data in old.items():
        (before / name).write_bytes(data)
    quoted = " ".join(f"'{part}'" for part in command)
    script = (
        f'mount -t tmpfs -o size=256k tmpfs "{disk}" || exit 99; '
        f'cp -a "{before}/." "{disk}/"; '
        f'head -c 1M /dev/zero > "{disk}/.filler" 2>/dev/null; '
        f'"{sys.executable}" -m chickenfoot {quoted} >/dev/null 2>"{stderr}"; '
        f"echo $?; "
        f'rm "{disk}/.filler"; cp -a "{disk}/." "{after}/"'
    )
    shown = subprocess.run(
        ["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True, timeout=100
    )
    assert shown.stderr == "", shown.stderr
    return int(shown.stdout), stderr.read_text(encoding="utf-8"), contents(after)


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    made = runner.invoke(app, ["simulate", "-p", "2", "-l", "single", "-m", "2", "-r", str(folder)])
    assert made.exit_code == 0, made.output
    return folder


OLD_REPORT = b"<!doctype html><p>the report of last week</p>\n"


def test_report_html_on_a_full_disk_keeps_the_old_report(disk: Path, records: Path) -> None:
    page = disk / "report.html"
    code, stderr, left = on_a_full_disk(
        disk, {"report.html": OLD_REPORT}, "report", str(records), "--html", str(page)
    )
    assert (code, stderr) == (1, f"error: cannot write {page}: {FULL}\n")
    assert left == {"report.html": OLD_REPORT}


def test_report_html_on_a_full_disk_leaves_no_empty_file(disk: Path, records: Path) -> None:
    page = disk / "report.html"
    code, stderr, left = on_a_full_disk(disk, {}, "report", str(records), "--html", str(page))
    assert (code, stderr) == (1, f"error: cannot write {page}: {FULL}\n")
    assert left == {}


@pytest.mark.parametrize(
    ("command", "name", "old_text"),
    [
        ("report", "report.json", b'{"groups": []}\n'),
        ("ratings", "ratings.json", b'{"ratings": []}\n'),
    ],
)
def test_a_json_report_on_a_full_disk_keeps_the_old_one(
    disk: Path, records: Path, command: str, name: str, old_text: bytes
) -> None:
    target = disk / name
    old = {name: old_text}
    code, stderr, left = on_a_full_disk(disk, old, command, str(records), "--json", str(target))
    assert (code, stderr) == (1, f"error: cannot write {target}: {FULL}\n")
    assert left == old


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_analyse_plot_on_a_full_disk_keeps_the_old_chart(
    disk: Path, records: Path, suffix: str
) -> None:
    chart = disk / f"chart{suffix}"
    old = {chart.name: b"the chart of last week"}
    code, stderr, left = on_a_full_disk(
        disk, old, "analyse", str(records / "1.json"), "-n", "2", "-w", "1", "--plot", str(chart)
    )
    assert (code, stderr) == (1, f"error: cannot write {chart}: {FULL}\n")
    assert left == old


def test_analyse_json_on_a_full_disk_leaves_no_empty_file(disk: Path, records: Path) -> None:
    out = disk / "analysis.json"
    code, stderr, left = on_a_full_disk(
        disk, {}, "analyse", str(records / "1.json"), "-n", "2", "-w", "1", "--json", str(out)
    )
    assert (code, stderr) == (1, f"error: cannot write {out}: {FULL}\n")
    assert left == {}


def test_new_bot_on_a_full_disk_names_the_file_it_cannot_write(disk: Path) -> None:
    folder = disk / "mybot"
    code, stderr, left = on_a_full_disk(disk, {}, "new-bot", "mybot", "--into", str(folder))
    assert (code, stderr) == (2, f"error: cannot write {folder / 'pyproject.toml'}: {FULL}\n")
    assert left == {"mybot": None}  # the folder, and no file in it


# The terminal app's picture of the screen (F12)


def screenshot_app(data: Path) -> ChickenfootApp:
    seats = [SeatSpec("You"), SeatSpec("", "medium")]
    rules = make_rules("chickenfoot", 2, None, {"length": "single"})
    setup = Setup(seats=seats, game="chickenfoot", seed=3, rules=rules)
    return ChickenfootApp(setup=setup, folder=records_folder(data), pace=0, direct=True)


def press_f12(app: ChickenfootApp) -> list[tuple[str, str]]:
    """Press F12 at the table; what the app then says, with each notice's severity."""
    said: list[tuple[str, str]] = []
    notify = app.notify

    def heard(message: str, **options: Any) -> None:
        said.append((message, options.get("severity", "information")))
        notify(message, **options)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            app.notify = heard  # type: ignore[method-assign]
            await pilot.press("f12")
            await pilot.pause()

    asyncio.run(scenario())
    return said


def test_f12_saves_a_picture_of_the_screen_beside_the_records(tmp_path: Path) -> None:
    said = press_f12(screenshot_app(tmp_path))
    (picture,) = records_folder(tmp_path).glob("*.svg")
    assert picture.read_text(encoding="utf-8").startswith("<svg")
    assert said == [(f"Screenshot saved in {picture}", "information")]
    assert not list(records_folder(tmp_path).glob(".*"))  # no temporary file


def test_f12_on_a_full_disk_says_so_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = screenshot_app(tmp_path)
    monkeypatch.setattr(files, "write_all", full_after(files.write_all))
    said = press_f12(app)
    assert len(said) == 1
    message, severity = said[0]
    assert severity == "error"
    assert message.startswith(f"Cannot save the screenshot {records_folder(tmp_path)}/")
    assert message.endswith(f".svg: {FULL}")
    assert not [p for p in records_folder(tmp_path).iterdir() if not p.name.endswith(".json")]
