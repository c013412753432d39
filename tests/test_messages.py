"""Messages carry a code and parameters; the English text comes from one catalogue."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from chickenfoot.core import Draw, IllegalActionError
from chickenfoot.core.messages import ENGLISH, CodedError, Message, message
from tests.helpers import make_round

SRC = Path(__file__).resolve().parent.parent / "src" / "chickenfoot"


def test_every_code_the_code_uses_is_in_the_catalogue() -> None:
    used: set[str] = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'(?:Error|message)\(\s*"([a-z][a-z-]*)"', text))
        used |= set(re.findall(r'message\(\s*f"(hint-[a-z-]+)\{', text))
    for code in used:
        assert code in ENGLISH or f"{code}-scores" in ENGLISH, code
    assert {"must-play", "not-your-turn", "hint-draw", "level-expert"} <= used | set(ENGLISH)


@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_every_catalogue_text_fills_in_from_its_parameters(code: str) -> None:
    names = [f for _, f, _, _ in string.Formatter().parse(ENGLISH[code]) if f]
    text = str(Message(code, {name: f"<{name}>" for name in names}))
    assert all(f"<{name}>" in text for name in names) and "{" not in text


def test_an_illegal_action_says_why_with_a_code_and_parameters() -> None:
    state = make_round(9, ["9-1 5-4", "9-2"])
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Draw())
    error = caught.value
    assert isinstance(error, CodedError) and error.code == "must-play"
    assert dict(error.message.params) == {"seat": 0}
    assert str(error) == "seat 0 holds a playable tile and must play"
    assert error.message.to_json() == {
        "code": "must-play",
        "params": {"seat": 0},
        "text": "seat 0 holds a playable tile and must play",
    }


def test_an_unknown_code_is_a_programming_error() -> None:
    with pytest.raises(KeyError, match="no message has the code 'nonsense'"):
        message("nonsense")


def test_a_message_made_by_name_keeps_its_parameters() -> None:
    made = message("hint-shed", pips=12, playable=3)
    assert made == Message("hint-shed", {"pips": 12, "playable": 3})
    assert str(made) == "sheds 12 pips, leaves 3 of your tiles playable"
