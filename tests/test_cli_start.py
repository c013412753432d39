"""The command line starts with what the command asked for and no more: ``--version``
imports no command, a command imports its own module and what it runs, never the others'.
How long the start takes is measured by ``bench/startup.py``, not here.

A plain value of an option (a default, a text, a whole number) is converted without typer's
pydantic adapter; it is converted to what typer's own conversion gives it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer._click import Context
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param
from typer.core import TyperArgument, TyperOption

from chickenfoot.cli import app
from chickenfoot.cli.group import COMMANDS
from chickenfoot.cli.values import plain_path, plain_value
from chickenfoot.core.rules import MatchLength

HEAVY = (
    "chickenfoot.arena",
    "chickenfoot.play",
    "chickenfoot.bots",
    "chickenfoot.server",
    "chickenfoot.terminal.app",
    "chickenfoot.analysis",
    "textual",
    "rich.table",
    "rich.progress",
    "matplotlib",
    "sqlalchemy",
    "pydantic",
)
"""What no command line that does not need it may import."""


LISTING = """
import atexit, runpy, sys

where = sys.argv[1]

def listed():
    with open(where, "w", encoding="utf-8") as file:
        file.write("\\n".join(sorted(sys.modules)))

atexit.register(listed)
sys.argv = ["chickenfoot", *sys.argv[2:]]
runpy.run_module("chickenfoot", run_name="__main__", alter_sys=True)
"""
"""``python -m chickenfoot`` with the names of the modules imported, once it has ended,
written to the file its first argument names."""


def imported(tmp_path: Path, *args: str) -> set[str]:
    """The modules ``chickenfoot ARGS`` has imported when it ends."""
    listing = tmp_path / "modules.txt"
    command = [sys.executable, "-c", LISTING, str(listing), *args]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    names = set(listing.read_text(encoding="utf-8").split())
    assert "chickenfoot.cli" in names
    return names


def heavy_in(names: set[str], allowed: tuple[str, ...] = ()) -> list[str]:
    """The heavy modules among ``names``, but for those ``allowed`` (by the start of their
    names)."""
    return sorted(
        name
        for name in names
        for heavy in HEAVY
        if not heavy.startswith(allowed) and (name == heavy or name.startswith(heavy + "."))
    )


def commands_in(names: set[str]) -> set[str]:
    return {name for name in names if name.removeprefix("chickenfoot.cli.") in COMMANDS.values()}


def test_the_version_imports_no_command_and_nothing_heavy(tmp_path: Path) -> None:
    names = imported(tmp_path, "--version")
    assert heavy_in(names) == []
    assert commands_in(names) == set()
    assert "chickenfoot.core" not in names  # not even the rules


def test_simulate_imports_its_own_module_and_none_of_the_others(tmp_path: Path) -> None:
    out = tmp_path / "1.jsonl"
    names = imported(tmp_path, "simulate", "-m", "1", "-l", "single", "-r", str(out))
    assert commands_in(names) == {"chickenfoot.cli.simulate"}
    played = ("chickenfoot.arena", "chickenfoot.play", "chickenfoot.bots", "rich.table")
    assert heavy_in(names, allowed=played) == []
    assert out.read_text(encoding="utf-8").count("\n") == 1


def test_simulating_random_players_imports_neither_the_arena_nor_the_searching_bots(
    tmp_path: Path,
) -> None:
    """Random players are made and played without the arena, the programs'
    runner or the searching bots: those are imported where they are used."""
    names = imported(tmp_path, "simulate", "-m", "2", "-l", "single")
    unused = (
        "chickenfoot.arena",
        "chickenfoot.bots.program",
        "chickenfoot.bots.montecarlo",
        "chickenfoot.bots.heuristic",
        "chickenfoot.bots.hinting",
        "chickenfoot.bots.search",
        "chickenfoot.core.table",
    )
    assert sorted(names.intersection(unused)) == []


@pytest.mark.parametrize("name", ["replay", "ratings", "report", "serve", "new-bot"])
def test_a_commands_help_imports_that_command_alone(name: str, tmp_path: Path) -> None:
    names = imported(tmp_path, name, "--help")
    assert commands_in(names) == {f"chickenfoot.cli.{COMMANDS[name]}"}
    assert heavy_in(names, allowed=("rich.",)) == []


def test_the_help_imports_every_command_to_list_it(tmp_path: Path) -> None:
    names = imported(tmp_path, "--help")
    assert commands_in(names) == {f"chickenfoot.cli.{module}" for module in COMMANDS.values()}


# Values

GROUP = typer.main.get_command(app)
CONTEXT = Context(GROUP, info_name="chickenfoot")
SAMPLES: list[Any] = [
    *(None, "", " 7", "7 ", "0", "-0", "007", "1_000", "20", "-3", "+3", "4.0", "1e3", "٣"),
    *("9223372036854775807", "99999999999999999999", "0.5", "full", "FULL", "wins", "json"),
    *("a=b", "out", "out/", "./out", "out//1.json", "tests", "tests/", "README.md", "a\0b"),
    *(4, -1, 0.8, True, False, ("a=b", "c"), ["x"], Path("out")),
]


def converted(convert: Any, param: TyperOption | TyperArgument, value: Any) -> tuple[str, Any]:
    """What ``convert`` makes of ``value`` (its type too), or how it refuses it."""
    try:
        made = convert._coerce_value(value, param=param, ctx=CONTEXT)
    except BadParameter as exc:
        return "refused", exc.format_message()
    return "value", (type(made), made)


def every_parameter() -> list[tuple[str, TyperOption | TyperArgument]]:
    """Every parameter of every command, ``--help`` too."""
    found: list[tuple[str, TyperOption | TyperArgument]] = []
    for name in COMMANDS:
        command = GROUP.commands[name]  # type: ignore[attr-defined]
        for param in command.get_params(CONTEXT):
            assert isinstance(param, TyperOption | TyperArgument)
            found.append((f"{name} {param.name}", param))
    return found


@pytest.mark.parametrize(("where", "param"), every_parameter())
def test_every_value_is_what_typer_makes_of_it(
    where: str, param: TyperOption | TyperArgument, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(Path(__file__).parent.parent)  # tests/ and README.md are there
    ours = param.get_runtime_param()
    typers = build_runtime_param(param.type_descriptor)
    assert type(ours).__name__ == "PlainValues"
    for value in SAMPLES:
        assert converted(ours, param, value) == converted(typers, param, value), value


def test_plain_values_are_told_apart_from_others() -> None:
    by_name = {where: param.type_descriptor for where, param in every_parameter()}
    matches, seed = by_name["simulate matches"], by_name["simulate seed"]
    assert plain_value(matches, "20") == (20,)
    assert plain_value(seed, 1) == (1,)
    assert plain_value(matches, "007") is None
    assert plain_value(matches, "1_000") is None
    assert plain_value(by_name["serve port"], "70000") is None  # out of range: typer says so
    assert plain_value(by_name["simulate game"], "block") == ("block",)
    assert plain_value(by_name["simulate option"], ("a=b",)) == (["a=b"],)
    length = by_name["simulate length"]
    assert plain_value(length, "full") == (MatchLength.FULL,)  # a choice's value as written
    assert plain_value(length, "FULL") is None  # any other way of writing it: typer's
    records = by_name["simulate records"]
    assert plain_path(records, "out/1.jsonl")
    assert not plain_path(records, "out/")
    assert not plain_path(records, "./out")


def test_a_value_that_is_not_plain_is_refused_by_typer_in_its_words() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "chickenfoot", "simulate", "-m", "007x"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr == "error: --matches must be a whole number, not '007x'\n"
