"""scripts/setup says what an install does, step by step, on stderr, and nothing when all is
installed already. It runs here on a copy of the files it reads, with a stand-in for Python
and pip (the PYTHON it honours) and one for npm (first on the PATH): nothing is downloaded
or installed."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COPIED = [
    "scripts/setup",
    "pyproject.toml",
    "setup.py",
    "src/chickenfoot/core/compact_loop.py",
    "src/chickenfoot/core/fast.py",
    "src/chickenfoot/bots/playout.py",
    "src/chickenfoot/bots/dealing.py",
    "package.json",
    "package-lock.json",
]

NPM_STAND_IN = r"""#!/usr/bin/env bash
# npm as scripts/setup calls it: every call is logged; ci makes node_modules anew.
echo "npm $*" >> "$STAND_IN_LOG"
if [ "$1" = ci ]; then
  rm -rf node_modules && mkdir node_modules
  echo "added 95 packages in 1s"
fi
"""

STAND_IN = r"""#!/usr/bin/env bash
# Python and pip as scripts/setup calls them: every call is logged; -m venv DIR makes
# DIR/bin/python (this script again); pip install -e says what pip says on a pipe.
echo "$*" >> "$STAND_IN_LOG"
if [ "$1" = --version ]; then echo "Python 3.99.1"; exit 0; fi
case "$2" in
  venv) mkdir -p "$3/bin" && cp "$0" "$3/bin/python" ;;
  pip)
    case " $* " in
      *" -e "*)
        echo "Obtaining file:///project"
        echo "  Installing build dependencies: started"
        echo "  Installing build dependencies: finished with status 'done'"
        echo "Collecting typer>=0.29 (from chickenfoot==0.1)"
        echo "  Using cached typer-0.29.2-py3-none-any.whl.metadata (16 kB)"
        echo "  Getting requirements to build editable: started"
        echo "  Getting requirements to build editable: finished with status 'done'"
        echo "Processing /opt/wheels/rich-15.0.0-py3-none-any.whl (from chickenfoot==0.1)"
        if [ -n "${STAND_IN_PIP_FAILS:-}" ]; then
          echo "ERROR: No matching distribution found for pillow>=9" >&2
          exit 1
        fi
        echo "Building wheels for collected packages: chickenfoot"
        echo "  Building editable for chickenfoot (pyproject.toml): started"
        echo "  Building editable for chickenfoot (pyproject.toml): finished with status 'done'"
        echo "Installing collected packages: typer, rich, chickenfoot"
        echo "Successfully installed chickenfoot-0.1 rich-15.0.0 typer-0.29.2"
        ;;
    esac
    ;;
esac
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of what scripts/setup reads, and the stand-in for Python in bin/."""
    root = tmp_path / "project"
    for name in COPIED:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, root / name)
    stand_in = tmp_path / "bin" / "python3"
    stand_in.parent.mkdir()
    stand_in.write_text(STAND_IN)
    stand_in.chmod(0o755)
    npm = tmp_path / "bin" / "npm"
    npm.write_text(NPM_STAND_IN)
    npm.chmod(0o755)
    installed_tools(root)
    return root


def installed_tools(root: Path) -> None:
    """node_modules as an earlier run left it, for the lock as it is now."""
    lock = hashlib.sha256((root / "package-lock.json").read_bytes()).hexdigest()
    (root / "node_modules").mkdir(exist_ok=True)
    (root / "node_modules" / ".installed-from").write_text(lock + "\n")


def setup(project: Path, *arguments: str, **env: str) -> subprocess.CompletedProcess[str]:
    variables = {
        key: value for key, value in os.environ.items() if key != "CHICKENFOOT_PURE_PYTHON"
    }
    variables |= {
        "PATH": f"{project.parent / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "PYTHON": str(project.parent / "bin" / "python3"),
        "STAND_IN_LOG": str(project.parent / "calls.log"),
        **env,
    }
    return subprocess.run(
        [str(project / "scripts" / "setup"), *arguments],
        env=variables,
        capture_output=True,
        text=True,
        timeout=60,
    )


def calls(project: Path) -> list[str]:
    """The calls of Python and pip so far, and forget them."""
    log = project.parent / "calls.log"
    lines = log.read_text().splitlines() if log.exists() else []
    log.unlink(missing_ok=True)
    return lines


def test_the_first_install_says_each_step_on_stderr(project: Path) -> None:
    result = setup(project)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[:3] == [
        "Setting up .venv (first run only: a minute or two, more on a slow network)",
        "[1/5] creating .venv with Python 3.99.1",
        "[2/5] updating pip",
    ]
    assert lines[3].startswith("[3/5] collecting chickenfoot's packages")
    assert lines[4:9] == [
        "      Installing build dependencies",
        "      1. typer>=0.29",
        "      Getting requirements to build editable",
        "      2. rich-15.0.0-py3-none-any.whl",
        "[4/5] compiling the engine with mypyc: compact_loop, fast, playout, dealing (the "
        "longest step: up to a minute)",
    ]
    assert lines[9].startswith("      built in ") and lines[9].endswith(" s")
    assert lines[10:12] == [
        "[5/5] installing 3 packages into .venv",
        "      byte-compiling chickenfoot's modules",
    ]
    assert lines[12].startswith("Ready: .venv set up in ")
    assert len(lines) == 13
    assert "-m pip install --disable-pip-version-check --progress-bar off -e .[dev]" in calls(
        project
    )


def test_an_install_already_done_says_nothing(project: Path) -> None:
    assert setup(project).returncode == 0
    calls(project)
    again = setup(project)
    assert again.returncode == 0
    assert (again.stdout, again.stderr) == ("", "")
    assert calls(project) == ["-m compileall -q -j 0 src/chickenfoot"]


def test_a_changed_compiled_module_installs_again_and_says_why(project: Path) -> None:
    assert setup(project).returncode == 0
    fast = project / "src/chickenfoot/core/fast.py"
    fast.write_text(fast.read_text() + "\n# changed\n")
    result = setup(project)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0].startswith("Updating .venv: pyproject.toml, setup.py, a compiled module")
    assert lines[1] == "[1/4] updating pip"
    assert "[3/4] compiling the engine with mypyc" in result.stderr
    assert "[4/4] installing 3 packages into .venv" in lines


def test_pure_python_is_said_instead_of_compiling(project: Path) -> None:
    assert setup(project).returncode == 0
    result = setup(project, CHICKENFOOT_PURE_PYTHON="1")
    assert result.returncode == 0, result.stderr
    assert (
        "[3/4] building chickenfoot as plain Python (CHICKENFOOT_PURE_PYTHON is set)"
        in result.stderr.splitlines()
    )
    assert "mypyc" not in result.stderr
    assert setup(project, CHICKENFOOT_PURE_PYTHON="1").stderr == ""


def test_a_failed_install_shows_pips_error_and_is_tried_again(project: Path) -> None:
    failed = setup(project, STAND_IN_PIP_FAILS="1")
    assert failed.returncode != 0
    assert "ERROR: No matching distribution found for pillow>=9" in failed.stderr.splitlines()
    assert "Ready" not in failed.stderr
    assert not (project / ".venv" / ".installed-from").exists()
    again = setup(project)
    assert again.returncode == 0
    assert again.stderr.startswith("Updating .venv")


def test_playing_needs_no_web_tools_and_no_node(project: Path) -> None:
    shutil.rmtree(project / "node_modules")
    result = setup(project)
    assert result.returncode == 0, result.stderr
    assert "node_modules" not in result.stderr
    assert not any(call.startswith("npm ") for call in calls(project))


def test_the_web_pages_tools_are_installed_where_node_modules_is_missing(project: Path) -> None:
    shutil.rmtree(project / "node_modules")
    result = setup(project, "--web")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == (
        "Installing the web page's tools into node_modules (npm ci, package-lock.json)"
    )
    assert lines[2].startswith("      installed in ") and lines[2].endswith(" s")
    assert "npm ci --no-audit --no-fund --loglevel=error" in calls(project)
    again = setup(project, "--web")
    assert "node_modules" not in again.stderr
    assert not any(call.startswith("npm ") for call in calls(project))


def test_a_changed_lock_installs_the_web_pages_tools_again(project: Path) -> None:
    lock = project / "package-lock.json"
    lock.write_text(lock.read_text().replace('"lockfileVersion"', '"lockfileVersion" ', 1))
    result = setup(project, "--web")
    assert result.returncode == 0, result.stderr
    assert "Installing the web page's tools" in result.stderr
    assert "npm ci --no-audit --no-fund --loglevel=error" in calls(project)
