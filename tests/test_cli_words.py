"""The command line speaks in its own words: every command's help names each value by a word
a user reads (FILE, N, full|half|single), never by Python's types, and every bad value of
every option is one line, ``error: ...``, that says which option and what it takes.

The commands and their options are read from the app itself, so a new command or option is
checked here as it is added."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import pytest
import typer.main
from typer._click import Context
from typer.core import TyperArgument, TyperCommand, TyperOption
from typer.testing import CliRunner, Result

from chickenfoot.cli import app
from chickenfoot.i18n import set_language

runner = CliRunner()
GROUP = typer.main.get_command(app)
COMMANDS = sorted(GROUP.commands)  # type: ignore[attr-defined]

PYTHON_WORDS = re.compile(
    r"<(bool|int|float|str|path|file|dir|uuid|datetime|int range|float range|list\[[^>]*\]"
    r"|[\w-]+(\|[\w-]+)+)>"  # <bool>, <list[str]>, <full|half|single>
    r"|\{[\w.]+\}"  # {paths}, {FILE}
    r"|[<>]=x|x[<>]=|<=x<="  # [0<=x<=65535], [x>=1]
    r"|Value error|Invalid value for|Input should be|unable to parse|Traceback"
)
WORD = re.compile(r"[A-Z][A-Za-z.]*([=|][A-Z][A-Za-z.]*)*(\.\.\.)?|[a-z0-9-]+(\|[a-z0-9-]+)+")
"""A value's name in the help: FILE, KEY=VALUE, DIR|FILE.jsonl, PATH..., full|half|single."""


def command(name: str) -> TyperCommand:
    return GROUP.commands[name]  # type: ignore[attr-defined, no-any-return]


def options(name: str) -> list[TyperOption]:
    return [p for p in command(name).params if isinstance(p, TyperOption)]


def long_name(option: TyperOption) -> str:
    return max(option.opts, key=len)


def help_text(*words: str) -> str:
    result = runner.invoke(app, [*words, "--help"], env={"COLUMNS": "100"}, prog_name="chickenfoot")
    assert result.exit_code == 0, result.output
    return result.stdout


# The help


def test_the_help_names_each_preset_and_what_it_is_in_the_readers_language() -> None:
    set_language("nb")
    flat = " ".join(help_text("play").replace("│", " ").split())
    assert "Husreglene for Chicken Foot: classic (Klassisk): reglene i den norske" in flat
    assert "spruce (The Spruce): husreglene til The Spruce" in flat
    assert "[standard: classic]" in flat


@pytest.mark.parametrize("name", ["", *COMMANDS])
def test_the_help_has_no_words_of_python(name: str) -> None:
    text = help_text(*filter(None, [name]))
    found = [m.group(0) for m in PYTHON_WORDS.finditer(text)]
    assert found == [], f"chickenfoot {name} --help shows {found}"


@pytest.mark.parametrize("name", ["", *COMMANDS])
def test_every_value_is_named_by_a_word_and_a_flag_by_nothing(name: str) -> None:
    cmd = command(name) if name else GROUP
    context = Context(cmd, info_name="chickenfoot")
    for param in cmd.get_params(context):
        if isinstance(param, TyperArgument):
            usage = param.get_usage_pieces(context)[0].strip("[]")
            assert WORD.fullmatch(usage), f"{name}: argument {param.name} shows {usage!r}"
            continue
        assert isinstance(param, TyperOption)
        shown = param.display_type_rich(context)
        if param.is_flag:
            assert not shown, f"{name} {long_name(param)} is a flag but shows {shown!r}"
        else:
            assert shown and WORD.fullmatch(shown), f"{name} {long_name(param)} shows {shown!r}"


def test_the_usage_line_names_arguments_as_the_help_does() -> None:
    def usage(name: str) -> str:
        (line,) = [ln.strip() for ln in help_text(name).splitlines() if "Usage:" in ln]
        return line

    assert usage("replay") == "Usage: chickenfoot replay [OPTIONS] PATH..."
    assert usage("ratings") == "Usage: chickenfoot ratings [OPTIONS] PATH..."
    assert usage("analyse") == "Usage: chickenfoot analyse [OPTIONS] FILE"
    assert usage("new-bot") == "Usage: chickenfoot new-bot [OPTIONS] NAME"


def test_the_top_level_help_has_examples_of_the_main_commands() -> None:
    text = help_text()
    examples = text[text.index("Examples:") :]
    shown = {line.split()[1] for line in examples.splitlines() if line.startswith(" chickenfoot ")}
    assert {"play", "serve", "simulate", "arena", "replay", "rules"} <= shown


def test_every_range_is_said_in_words() -> None:
    text = " ".join(help_text("serve").replace("│", " ").split())
    assert "--port PORT [0 to 65535] The port to listen on" in text
    assert "--tables-per-address N [at least 1]" in text
    assert "--lease SECONDS [1 to 300]" in text
    assert "--waiting-expiry SECONDS [1 to 604800] Seconds a table may wait" in text
    assert "[default: 86400]" in text[text.index("--waiting-expiry") :]


# Seeds


SEEDED = [name for name in COMMANDS if any(long_name(o) == "--seed" for o in options(name))]


@pytest.mark.parametrize("name", SEEDED)
def test_every_seed_help_says_the_range_the_program_takes(name: str) -> None:
    (seed,) = [o for o in options(name) if long_name(o) == "--seed"]
    assert "0 to 2^63-1" in (seed.help or "")
    assert "negative" not in (seed.help or "")


# Bad values


@pytest.fixture(scope="module")
def port_in_use() -> Iterator[int]:
    """A port this process listens on: serve checks everything else before it finds it
    taken, so that it never starts serving here."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield listener.getsockname()[1]


def arguments(name: str, tmp_path: Path, port: int) -> list[str]:
    """A command line of ``name`` that is good and quick: a bad option added to it is the
    only thing wrong with it (serve's, that its port is taken)."""
    missing = str(tmp_path / "missing.json")
    empty = tmp_path / "empty"
    empty.mkdir(exist_ok=True)
    return {
        "simulate": ["-m", "1", "-l", "single"],
        "arena": ["-b", "random", "-m", "1", "-l", "single", "-w", "1"],
        "replay": [missing],
        "ratings": [str(empty)],
        "report": [str(empty)],
        "rules": ["--explain"],
        "play": ["--plain", "--data", str(empty)],
        "analyse": [missing],
        "serve": ["--data", str(empty), "--port", str(port)],
        "new-bot": ["mybot"],
    }[name]


def text_values(tmp_path: Path) -> dict[str, str]:
    """A value refused by each option that takes text, a file or a folder."""
    held = tmp_path / "held"
    held.mkdir(exist_ok=True)
    (held / "1.json").write_text("{}")
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    return {
        "--game": "chess",
        "--preset": "house",
        "--option": "nonsense",
        "--bots": "nobody",
        "--section": "nowhere",
        "--lang": "xx",
        "--name": "bot:me",
        "--records": str(held),  # holds an earlier run's record
        "--json": str(held),  # a folder, not a file
        "--html": str(held),
        "--plot": str(held),
        "--data": str(a_file),  # a file, not a folder
        "--resume": str(tmp_path / "no-such-record.json"),
        "--into": str(held),  # not empty
        "--host": "",
        "--db": "nonsense",
        "--redis": "nonsense",
        "--public-url": "play.example",
        "--forwarded-allow-ips": "proxy",
    }


VALUED = [
    (name, long_name(option)) for name in COMMANDS for option in options(name) if not option.is_flag
]


def option_of(name: str, option_name: str) -> TyperOption:
    (found,) = [o for o in options(name) if long_name(o) == option_name]
    return found


def kind(option: TyperOption) -> str:
    if option.type_descriptor.choices is not None:
        return "choice"
    annotation = option.type_descriptor.annotation
    kinds = (annotation, *get_args(annotation))
    if int in kinds or float in kinds:
        return "number"
    return "text"


def refused(result: Result, option: str, value: str = "") -> str:
    """The one error line of a refused command line, which begins with ``option`` or, if
    ``value`` is given, says it (a file's path, a name that is not known); nothing done."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    (line,) = lines
    assert line.startswith("error: "), line
    assert not PYTHON_WORDS.search(line), line
    named = line.startswith(f"error: {option} ") or line.startswith(f"error: {option}:")
    assert named or (value and value in line), f"{line!r} names neither {option} nor {value!r}"
    return line


TYPED = [(name, option) for name, option in VALUED if kind(option_of(name, option)) != "text"]
TEXTS = [(name, option) for name, option in VALUED if kind(option_of(name, option)) == "text"]


@pytest.mark.parametrize(("name", "option"), TYPED)
def test_a_word_for_a_number_or_an_unknown_choice_is_said_in_one_line(
    tmp_path: Path, port_in_use: int, name: str, option: str
) -> None:
    result = runner.invoke(app, [name, *arguments(name, tmp_path, port_in_use), option, "many"])
    line = refused(result, option)
    assert "'many'" in line, line
    found = option_of(name, option)
    if kind(found) == "choice":
        choices = [str(getattr(c, "value", c)) for c in found.type_descriptor.choices or ()]
        assert line.endswith(f": the choices are {', '.join(choices)}"), line
    else:
        assert re.search(r"must be (a whole number|a number|at least|[0-9.]+ to )", line), line


@pytest.mark.parametrize(("name", "option"), TEXTS)
def test_a_bad_name_file_or_folder_is_refused_in_one_line(
    tmp_path: Path, port_in_use: int, name: str, option: str
) -> None:
    values = text_values(tmp_path)
    assert option in values, f"add a value that {name} {option} refuses to text_values"
    value = values[option]
    result = runner.invoke(app, [name, *arguments(name, tmp_path, port_in_use), option, value])
    refused(result, option, value)


NUMBERS = [(name, option) for name, option in VALUED if kind(option_of(name, option)) == "number"]


@pytest.mark.parametrize(("name", "option"), NUMBERS)
def test_a_negative_number_is_refused_in_one_line(
    tmp_path: Path, port_in_use: int, name: str, option: str
) -> None:
    result = runner.invoke(app, [name, *arguments(name, tmp_path, port_in_use), option, "-1"])
    line = refused(result, option, "-1")
    assert "-1" in line


@pytest.mark.parametrize("name", SEEDED)
def test_a_negative_seed_is_refused_with_the_range(
    tmp_path: Path, port_in_use: int, name: str
) -> None:
    line = refused(
        runner.invoke(app, [name, *arguments(name, tmp_path, port_in_use), "--seed", "-1"]),
        "--seed",
    )
    assert line.startswith("error: --seed must be 0 to 2^63-1") and line.endswith("not -1"), line


@pytest.mark.parametrize("name", SEEDED)
def test_a_seed_too_large_for_any_number_is_refused_in_one_line(
    tmp_path: Path, port_in_use: int, name: str
) -> None:
    huge = "1" + "0" * 5000
    result = runner.invoke(app, [name, *arguments(name, tmp_path, port_in_use), "--seed", huge])
    line = refused(result, "--seed")
    assert "is too large" in line and "(5001 characters)" in line, line


def test_the_length_is_refused_as_the_other_options_are() -> None:
    result = runner.invoke(app, ["simulate", "--length", "forever"])
    assert result.exit_code == 2
    assert result.stderr == "error: --length 'forever': the choices are full, half, single\n"


def test_a_number_out_of_its_range_says_the_range() -> None:
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2
    assert result.stderr == "error: --port must be 0 to 65535, not 70000\n"
    result = runner.invoke(app, ["serve", "--port", "1.5"])
    assert result.exit_code == 2
    assert result.stderr == "error: --port must be a whole number, 0 to 65535, not 1.5\n"


def test_no_bots_named_is_refused_not_taken_for_the_default(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--plain", "--data", str(tmp_path), "--bots", ""])
    assert result.exit_code == 2
    assert result.stderr == "error: --bots '': a name is missing between the commas\n"


NEEDING = [name for name in COMMANDS if any(p.required for p in command(name).params)]


@pytest.mark.parametrize("name", NEEDING)
def test_a_command_without_what_it_needs_says_what_in_one_line(name: str) -> None:
    result = runner.invoke(app, [name], prog_name="chickenfoot")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {name} needs ")
    assert lines[0].endswith(f" (see chickenfoot {name} --help)")
    assert not PYTHON_WORDS.search(lines[0])


# A real chickenfoot


def chickenfoot(
    *args: str, stdin: str = "", language: str = "en"
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chickenfoot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": "100", "LANGUAGE": language},
    )


def test_a_real_chickenfoot_says_a_bad_value_in_one_line_and_shows_its_examples() -> None:
    bad = chickenfoot("simulate", "--length", "forever")
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr == "error: --length 'forever': the choices are full, half, single\n"
    shown = chickenfoot("--help")
    assert shown.returncode == 0
    assert "Examples:" in shown.stdout and "chickenfoot play --plain --bots expert" in shown.stdout
    assert not PYTHON_WORDS.search(shown.stdout)


def test_a_bad_value_given_to_play_is_said_in_the_players_language() -> None:
    told = chickenfoot("play", "--plain", "--lang", "nb", "--length", "forever")
    assert (told.returncode, told.stderr) == (
        2,
        "error: --length 'forever': valgene er full, half, single\n",
    )
    told = chickenfoot("play", "--plain", "--players", "many", language="it")
    assert told.stderr == "error: --players deve essere un numero intero, non 'many'\n"
    told = chickenfoot("rules", "--lang=sv", "--explain", "--players", "x", language="it")
    assert told.stderr == "error: --players måste vara ett heltal, inte 'x'\n"
    told = chickenfoot("simulate", "--players", "many", language="it")  # it speaks English
    assert told.stderr == "error: --players must be a whole number, not 'many'\n"


def test_the_plain_game_names_every_command_when_it_expects_a_move(tmp_path: Path) -> None:
    played = chickenfoot("play", "--plain", "--data", str(tmp_path), stdin="nonsense\nquit\n")
    assert played.returncode == 0, played.stderr
    (expected,) = [line for line in played.stdout.splitlines() if line.startswith("Expected")]
    assert expected.endswith(" or help, hint, board, rules, quit; not 'nonsense'."), expected
