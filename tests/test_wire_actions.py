"""Actions sent as JSON or typed by a person: what is accepted, and the one line that says
what is wrong with anything else (docs/TABLE.md, "Actions")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chickenfoot.core import Draw, Pass, Play
from chickenfoot.core.actions import Action
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import (
    MAX_ACTION_BYTES,
    WireError,
    action_to_json,
    decode_action,
    parse_any_action,
)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ('{"draw": true}', Draw()),
        ('{"pass": true}', Pass()),
        ('{"play": "9-3", "on": 4}', Play(Tile(9, 3), 4)),
        ('{"play": "3-9", "on": null}', Play(Tile(9, 3), None)),
        (b'  {"pass": true}  ', Pass()),
    ],
)
def test_the_json_forms_of_the_three_actions(text: str | bytes, action: object) -> None:
    assert decode_action(text) == action


@pytest.mark.parametrize(
    ("text", "code", "said"),
    [
        ("[1]", "bad-action", 'not an action: write {"play": "9-3", "on": 4}, {"draw": true}'),
        ("{}", "bad-action", "not an action: name exactly one of play, draw or pass"),
        (
            '{"draw": true, "pass": true}',
            "bad-action",
            "not an action: name exactly one of play, draw or pass",
        ),
        ('{"draw": false}', "bad-action", "not an action: Invalid enum value False - at `$.draw`"),
        (
            '{"pass": true, "on": 3}',
            "bad-action",
            "not an action: Object contains unknown field `on`",
        ),
        (
            '{"play": "10-03", "on": 1}',
            "bad-action",
            "not an action: Expected `str` matching regex '^(0|[1-9][0-9]?)-(0|[1-9][0-9]?)$'"
            " - at `$.play`",
        ),
        ('{"play": "9-3"}', "bad-action", "not an action: Object missing required field `on`"),
        (
            '{"play": "19-3", "on": 1}',
            "bad-action",
            "not an action: tile numbers must be 0..18: 19-3",
        ),
        ("[1", "bad-json", "not JSON: Input data was truncated"),
    ],
)
def test_anything_else_is_refused_with_its_code_and_one_line(
    text: str, code: str, said: str
) -> None:
    with pytest.raises(WireError) as caught:
        decode_action(text)
    assert caught.value.code == code
    assert str(caught.value) == said


def test_an_action_longer_than_the_limit_is_refused_before_it_is_read() -> None:
    padded = '{"draw": true' + " " * (MAX_ACTION_BYTES - 14) + "}"
    assert len(padded) == MAX_ACTION_BYTES and decode_action(padded) == Draw()
    with pytest.raises(WireError) as caught:
        decode_action(padded + " ")
    assert str(caught.value) == f"not an action: longer than {MAX_ACTION_BYTES} bytes"
    assert caught.value.message.params == {"reason": f"longer than {MAX_ACTION_BYTES} bytes"}


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("9-3@4", Play(Tile(9, 3), 4)),
        (" Draw ", Draw()),
        ("pass", Pass()),
        ('  {"play": "9-3", "on": 4}', Play(Tile(9, 3), 4)),
        ('{"draw": true}  ', Draw()),
    ],
)
def test_a_person_types_the_notation_or_json(text: str, action: object) -> None:
    assert parse_any_action(text) == action


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("zz", "not an action: 'zz': not a tile: 'zz' (write tiles like '9-3')"),
        ("9-3@x", "not an action: '9-3@x' (write 9-4@0, draw or pass)"),
        (" {bad", "not JSON: JSON is malformed: object keys must be strings (byte 2)"),
    ],
)
def test_what_a_person_types_wrong_is_said_once(text: str, said: str) -> None:
    with pytest.raises(WireError) as caught:
        parse_any_action(text)
    assert str(caught.value) == said


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Play(Tile(9, 3), 4), {"play": "9-3", "on": 4}),
        (Play(Tile(6, 6), None), {"play": "6-6", "on": None}),
        (Draw(), {"draw": True}),
        (Pass(), {"pass": True}),
    ],
)
def test_an_action_is_sent_in_the_form_it_is_read(action: Action, data: dict[str, Any]) -> None:
    assert action_to_json(action) == data
    assert decode_action(json.dumps(data)) == action
