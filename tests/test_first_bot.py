"""The bot of docs/FIRST-BOT.md, taken from the page itself, plays whole matches of every
game in the arena under the name its entry point gives it."""

from __future__ import annotations

import re
import types
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.arena import MatchJob, play_job
from chickenfoot.bots import registry
from chickenfoot.core.games import make_rules

PAGE = Path(__file__).resolve().parent.parent / "docs" / "FIRST-BOT.md"


def block(language: str) -> str:
    """The page's first code block in ``language``."""
    found = re.search(rf"```{language}\n(.*?)```", PAGE.read_text(), flags=re.S)
    assert found is not None, f"no {language} block in {PAGE.name}"
    return found.group(1)


@pytest.fixture
def squeeze(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The page's bot, registered under the name its pyproject.toml gives it."""
    module = types.ModuleType("squeeze_bot")
    exec(compile(block("python"), str(PAGE), "exec"), module.__dict__)
    entry = re.search(r'^(\S+) = "squeeze\.bot:(\w+)"$', block("toml"), flags=re.M)
    assert entry is not None
    name, cls = entry.groups()
    monkeypatch.setitem(registry.BOTS, name, getattr(module, cls))
    return name


def test_the_tutorial_bot_is_thirty_lines_or_so() -> None:
    assert len(block("python").strip().splitlines()) <= 32


@pytest.mark.parametrize(
    ("game", "preset", "options"),
    [("chickenfoot", "classic", {"length": "single"}), ("all-fives", None, {"target": 60})],
)
def test_the_tutorial_bot_plays_whole_matches_under_its_name(
    squeeze: str, game: str, preset: str | None, options: dict[str, Any]
) -> None:
    rules = make_rules(game, 3, preset, options)
    job = MatchJob(1, (squeeze, "greedy", "medium"), rules, 9, None, send_record=True)
    result = play_job(job)
    assert result.forfeits == () and result.record is not None
    assert b'"players":["bot:squeeze","bot:greedy","bot:medium"]' in result.record
    assert len(result.move_seconds[0]) > 0
