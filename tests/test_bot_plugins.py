"""Bots installed as Python packages (docs/BOTS.md): ``chickenfoot new-bot`` writes one, pip
installs it, and the arena, worker processes included, seats it by its entry point's name,
which is the name in the records and the report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chickenfoot.bots import known_bots, make_bot, registry

CHICKENFOOT = [sys.executable, "-m", "chickenfoot"]


def run(
    *args: str, site: Path | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """A command with ``site`` (where packages were installed) on the path of every process."""
    env = dict(os.environ)
    if site is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    return subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The package ``chickenfoot new-bot squeeze-it`` writes, and where pip installed it."""
    root = tmp_path_factory.mktemp("plugin")
    package, site = root / "squeeze-it", root / "site"
    made = run(*CHICKENFOOT, "new-bot", "squeeze-it", "--into", str(package))
    assert made.returncode == 0, made.stderr
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site)]
    done = run(*pip, str(package))
    assert done.returncode == 0, done.stderr
    return package, site


def test_an_installed_bot_plays_the_arena_on_two_workers_under_its_name(
    installed: tuple[Path, Path], tmp_path: Path
) -> None:
    _, site = installed
    records, report = tmp_path / "records", tmp_path / "arena.json"
    done = run(*CHICKENFOOT, "arena", "--bots", "squeeze-it,random", "-m", "4", "--workers",
               "2", "--length", "single", "--records", str(records), "--json", str(report),
               site=site)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [b["bot"] for b in json.loads(report.read_text())["bots"]] == ["squeeze-it", "random"]
    for k in (1, 2):
        players = json.loads((records / f"{k}.json").read_text())["players"]
        assert sorted(players) == ["bot:random", "bot:squeeze-it"]


def test_the_templates_own_test_passes_once_it_is_installed(
    installed: tuple[Path, Path],
) -> None:
    package, site = installed
    done = run(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests",
               site=site, cwd=package)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout


def test_a_plugin_that_cannot_be_loaded_is_said_before_any_match(tmp_path: Path) -> None:
    info = tmp_path / "broken_bot-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-bot\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[chickenfoot.bots]\nbroken = no_such_module:Bot\n")
    done = run(*CHICKENFOOT, "arena", "--bots", "broken,random", "-m", "2", site=tmp_path)
    assert done.returncode == 2
    assert "the bot 'broken' cannot be loaded from no_such_module:Bot (package broken-bot)" in (
        done.stderr
    )
    assert "Traceback" not in done.stderr


def test_the_registry_name_is_the_bots_name(monkeypatch: pytest.MonkeyPatch) -> None:
    class Named:
        name = "what-it-calls-itself"

        def __init__(self, seed: int | str) -> None:
            self.seed = seed

    monkeypatch.setitem(registry.BOTS, "listed", Named)
    assert make_bot("listed", 1).name == "listed"
    assert "listed" in known_bots()


def test_new_bot_refuses_a_bad_name_or_a_folder_in_use(tmp_path: Path) -> None:
    bad = run(*CHICKENFOOT, "new-bot", "My Bot", cwd=tmp_path)
    assert bad.returncode == 2 and "cannot name a bot" in bad.stderr
    taken = run(*CHICKENFOOT, "new-bot", "greedy", cwd=tmp_path)
    assert taken.returncode == 2 and "is a built-in bot already" in taken.stderr
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    used = run(*CHICKENFOOT, "new-bot", "mine", cwd=tmp_path)
    assert used.returncode == 2 and "is not an empty folder" in used.stderr
