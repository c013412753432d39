"""``chickenfoot new-bot NAME``: a Python package holding a bot, ready to install.

It writes ``pyproject.toml`` (the bot's entry point in the group ``chickenfoot.bots``), the
bot's module, a test that seats it in an arena, and a README saying how to go on.
"""

from __future__ import annotations

from pathlib import Path

from chickenfoot.bots import plugins
from chickenfoot.bots.registry import BOTS
from chickenfoot.files import write_text


class TemplateError(Exception):
    """A name or folder the template cannot be written for; the message says why."""


def module_name(name: str) -> str:
    """The Python package of the bot ``name`` (``my-bot`` -> ``my_bot``)."""
    module = name.replace("-", "_").replace(".", "_")
    return module if module[0].isalpha() else f"bot_{module}"


def class_name(name: str) -> str:
    """The bot's class (``my-bot`` -> ``MyBot``, ``heavy`` -> ``HeavyBot``)."""
    words = "".join(part.capitalize() for part in module_name(name).split("_"))
    return words if words.endswith("Bot") else f"{words}Bot"


def check_name(name: str) -> None:
    if not plugins.NAME.fullmatch(name):
        raise TemplateError(
            f"{name!r} cannot name a bot: use lower-case letters, digits, '_', '.' and '-' "
            "(at most 40, starting with a letter or digit)"
        )
    if name in BOTS:
        raise TemplateError(f"{name!r} is a built-in bot already; choose another name")


def write(name: str, folder: Path) -> list[Path]:
    """Write the package of the bot ``name`` into ``folder`` (made if missing, refused if it
    holds anything); the files written, each atomically (a file that cannot be written
    raises :class:`TemplateError` naming it, and is not left half-written)."""
    check_name(name)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise TemplateError(f"{folder} is not an empty folder")
    module = module_name(name)
    values = {"name": name, "module": module, "cls": class_name(name)}
    files = {
        Path("pyproject.toml"): PYPROJECT,
        Path("README.md"): README,
        Path("src", module, "__init__.py"): INIT,
        Path("src", module, "bot.py"): BOT,
        Path("tests", "test_bot.py"): TEST,
    }
    written = []
    for relative, text in files.items():
        path = folder / relative
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, text.format(**values))
        except OSError as exc:
            reason = exc.strerror or exc
            raise TemplateError(f"cannot write {path}: {reason}") from None
        written.append(path)
    return written


PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "chickenfoot-bot-{name}"
version = "0.1.0"
description = "A computer player for chickenfoot: {name}"
requires-python = ">=3.11"
dependencies = ["chickenfoot"]

[project.optional-dependencies]
test = ["pytest"]

# chickenfoot finds the bot by this entry point, in every process, under this name.
[project.entry-points."chickenfoot.bots"]
{name} = "{module}.bot:{cls}"

[tool.setuptools.packages.find]
where = ["src"]
"""

README = """\
# {name}

A computer player for chickenfoot.

```sh
pip install -e '.[test]'          # into the environment chickenfoot runs in
chickenfoot arena --bots {name},medium --matches 20
chickenfoot play --bots {name}
pytest
```

The bot is `src/{module}/bot.py`; what its view holds is chickenfoot's docs/BOTS.md.
"""

INIT = '''\
"""{name}: a computer player for chickenfoot (see bot.py)."""
'''

BOT = '''\
"""{name}: plays its heaviest tile (0-0 weighs what it costs in hand), and of two as heavy
the one that leaves the next player a number it is known to lack."""

from __future__ import annotations

from chickenfoot.bots.api import Action, Limit, PlayChoice, Snapshot, Tile, action_from_json


class {cls}:
    reads_table = True
    """``choose`` is given the table's view of the seat (chickenfoot's docs/BOTS.md)."""

    def __init__(self, seed: int | str) -> None:
        self.name = "{name}"
        self.seed = seed

    def choose(self, view: Snapshot, limit: Limit | None = None) -> Action:
        assert view.public is not None and view.viewer is not None and view.legal
        if not view.plays:  # nothing fits: draw, or pass
            return action_from_json(view.legal[0])
        options = view.rules.options if view.rules else {{}}
        blank = options.get("double_blank_points", 0)  # what 0-0 costs left in hand
        after = (view.viewer + 1) % len(view.players)
        lacks = set(view.public.lacks[after])

        def worth(play: PlayChoice) -> tuple[int, bool]:
            tile = Tile.parse(play.tile)
            left = None if play.number is None else tile.hi + tile.lo - play.number
            return tile.pips or blank, left in lacks

        best = max(view.plays, key=worth)
        return action_from_json({{"play": best.tile, "on": best.on[0]}})
'''

TEST = '''\
"""The bot plays whole matches in chickenfoot's arena, under its entry point's name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_it_plays_an_arena_under_its_own_name(tmp_path: Path) -> None:
    records, report = tmp_path / "records", tmp_path / "arena.json"
    arena = ["arena", "--bots", "{name},random", "--matches", "2", "--length", "single"]
    paths = ["--records", str(records), "--json", str(report)]
    subprocess.run([sys.executable, "-m", "chickenfoot", *arena, *paths], check=True)
    bots = json.loads(report.read_text())["bots"]
    assert [bot["bot"] for bot in bots] == ["{name}", "random"]
    assert [bot["forfeits"] for bot in bots] == [0, 0]
    players = json.loads((records / "1.json").read_text())["players"]
    assert players == ["bot:{name}", "bot:random"]
'''
