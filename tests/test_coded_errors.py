"""Errors of rule options and records carry a code and parameters: their English is the
catalogue's text filled in, and a front end can say them in the player's language, keeping
where in the record they are."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

from chickenfoot.core import PRESETS, RecordError, RulesError, replay, to_record
from chickenfoot.core.games import make_rules
from chickenfoot.core.messages import ENGLISH, CodedError, Message
from chickenfoot.core.options import _explained
from chickenfoot.core.rules import CLASSIC, Rules
from chickenfoot.core.standard import replay as standard_replay
from chickenfoot.core.standard import to_record as standard_record
from chickenfoot.core.standard.rules import GAMES
from chickenfoot.i18n import message_text, set_language
from scripts.regen_golden_standard import random_game
from tests import test_option_messages as options
from tests.helpers import random_match
from tests.test_record_check import WRONG
from tests.test_standard_records import BAD as STANDARD_BAD

Record = dict[str, Any]


def english(message: Message) -> str:
    """The catalogue's English of ``message``, its parameters filled in."""
    assert message.code in ENGLISH, message.code
    assert all(isinstance(v, (str, int, float)) for v in message.params.values()), message
    return ENGLISH[message.code].format_map(dict(message.params))


def said(error: RecordError) -> str:
    """A record error's English made from its parts: where, the action refused, why."""
    parts = [error.where] if error.where else []
    if error.action is not None:
        parts.append(english(error.action))
    return ": ".join([*parts, english(error.message)])


def cases(test: Callable[..., None]) -> list[Any]:
    """The cases a parametrized test of the option messages runs."""
    (mark,) = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
    return list(mark.args[1])


OPTION_CASES: list[tuple[Callable[[], object], str]] = [
    *(
        (lambda c=changes: CLASSIC.with_options(**c), text)
        for test in (
            options.test_a_chicken_foot_option_it_cannot_take_is_named_in_one_line,
            options.test_chicken_foot_options_that_cannot_go_together_say_why,
        )
        for changes, text in cases(test)
    ),
    *(
        (lambda c=changes: GAMES["all-fives"].with_options(**c), text)
        for changes, text in cases(
            options.test_a_standard_option_it_cannot_take_is_named_in_one_line
        )
    ),
    *(
        (lambda g=game, c=changes: GAMES[g].with_options(**c), text)
        for game, changes, text in cases(
            options.test_standard_options_that_cannot_go_together_say_why
        )
    ),
    (
        lambda: make_rules("chess", 2),
        "unknown game 'chess'; known: chickenfoot, draw, block, all-fives, bergen",
    ),
    (
        lambda: make_rules("chickenfoot", 4, "mystery"),
        "unknown preset 'mystery'; known: classic, spruce, wikipedia, reeves",
    ),
    (
        lambda: make_rules("draw", 2, "classic"),
        "presets (classic, spruce, wikipedia, reeves) are Chicken Foot's; draw is set up with"
        " options",
    ),
    (
        lambda: Rules.from_options({"preset": "spruce"}, preset="classic"),
        "the options are of preset 'spruce', not 'classic'",
    ),
    (
        lambda: GAMES["bergen"].with_options(players="x"),
        "option players: expected a whole number, got a string",
    ),
]
"""Every refusal of the option tests (the rules it asks for, what it says), and the others
``make_rules`` gives."""


@pytest.mark.parametrize(("ask", "text"), OPTION_CASES, ids=[t for _, t in OPTION_CASES])
def test_an_option_refused_says_the_catalogues_english_filled_with_its_parameters(
    ask: Callable[[], object], text: str
) -> None:
    with pytest.raises(RulesError) as caught:
        ask()
    assert english(caught.value.message) == text


@pytest.mark.parametrize(
    ("problem", "code", "text"),
    [
        ("Expected `object`, got `int`", "rules-problem", "Expected `object`, got `int`"),
        (
            "Expected `array` of length 2, got 3 - at `$.set_by_players[0]`",
            "option-length",
            "option set_by_players [0]: expected a list of length 2, got 3",
        ),
        (
            "Expected `array` of length >= 1 - at `$.hand_sizes`",
            "option-problem",
            "option hand_sizes: expected a list of length of at least 1",
        ),
    ],
)
def test_a_problem_msgspec_finds_has_a_code_by_its_shape(
    problem: str, code: str, text: str
) -> None:
    explained = _explained(problem, Rules)
    assert (explained.code, english(explained)) == (code, text)


def _chickenfoot_record(preset: str, players: int, seed: int) -> Record:
    return to_record(random_match(players, seed, PRESETS[preset].with_options(length="half")))


def _standard_record(which: str) -> Record:
    """The record the standard record tests change (``which``: their draw or fives game)."""
    game = random_game("draw", 3, 11) if which == "draw" else random_game("all-fives", 2, 5)
    return standard_record(game)


def refused(read: Callable[[Any], object], record: Any) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read(record)
    return caught.value


def chickenfoot_refusal(case: tuple[str, int, int, str]) -> tuple[RecordError, str]:
    preset, players, seed, _ = case
    record = _chickenfoot_record(preset, players, seed)
    change, text = WRONG[case]
    change(record)
    return refused(replay, record), text


def standard_refusal(name: str) -> tuple[RecordError, str]:
    which, change, text = STANDARD_BAD[name]
    record = _standard_record(which)
    change(record)
    return refused(standard_replay, record), text


@pytest.mark.parametrize("case", WRONG, ids=lambda case: f"{case[0]}: {case[3]}")
def test_a_wrong_chicken_foot_record_says_where_and_the_catalogues_english(
    case: tuple[str, int, int, str],
) -> None:
    error, text = chickenfoot_refusal(case)
    assert said(error) == text


@pytest.mark.parametrize("name", STANDARD_BAD)
def test_a_wrong_standard_record_says_where_and_the_catalogues_english(name: str) -> None:
    error, text = standard_refusal(name)
    assert said(error) == text


def test_what_is_no_record_is_refused_without_a_place() -> None:
    error = refused(replay, [])
    assert (error.where, error.action, error.code) == ("", None, "record-not-object")
    assert said(error) == "a record is a JSON object"


def test_a_record_error_in_norwegian_keeps_where_it_is() -> None:
    error, english_text = chickenfoot_refusal(("classic", 4, 21, "a draw when a tile fits"))
    set_language("nb")
    text = error.text(message_text)
    assert text != english_text
    assert text == (
        "rounds[0].actions[0]: sete 0 trekker: sete 0 har en brikke som kan legges, og må legge"
    )
    rules_error, _ = chickenfoot_refusal(("classic", 4, 21, "nine players"))
    assert rules_error.text(message_text) == "rules: classic spilles av 2 til 8 spillere, ikke 9"


def test_a_record_error_in_every_language_starts_with_its_place() -> None:
    error, english_text = standard_refusal("wrong leader")
    for code in ("nb", "it", "nl", "sv"):
        set_language(code)
        text = error.text(message_text)
        assert text.startswith("rounds[1].first: ") and text != english_text, code


@pytest.mark.parametrize(
    ("case", "code", "params"),
    [
        ("nine players", "players-out-of-range", {"preset": "classic", "players": 9}),
        ("unknown tile", "not-a-tile", {"value": "'x-y'"}),
        ("a huge integer option", "option-at-most", {"option": "centre_toes", "limit": 18}),
        ("illegal action", "no-such-tile", {"on": 5}),
    ],
)
def test_an_error_passed_on_in_a_record_keeps_its_code_and_parameters(
    case: str, code: str, params: dict[str, object]
) -> None:
    error, _ = chickenfoot_refusal(("classic", 4, 21, case))
    assert error.code == code
    assert params.items() <= dict(error.message.params).items()


def test_a_refused_recorded_action_is_named_apart_from_the_reason() -> None:
    error, _ = chickenfoot_refusal(("classic", 4, 21, "a draw when a tile fits"))
    assert error.code == "must-play" and error.action is not None
    assert (error.action.code, dict(error.action.params)) == ("seat-draws", {"seat": 0})
    lead, _ = standard_refusal("a lead of a tile not held")
    assert lead.code == "not-held" and lead.action is not None
    assert (lead.action.code, dict(lead.action.params)) == (
        "seat-leads",
        {"seat": 1, "tile": "6-5"},
    )


def test_a_deal_refused_in_a_standard_record_keeps_its_code() -> None:
    error, _ = standard_refusal("a tile dealt twice")
    assert (error.where, error.code, dict(error.message.params)) == (
        "rounds[0]",
        "deal-twice",
        {"tiles": "6-5"},
    )


def test_coded_errors_are_rebuilt_whole_in_another_process() -> None:
    error, text = chickenfoot_refusal(("classic", 4, 21, "a draw when a tile fits"))
    copied = pickle.loads(pickle.dumps(error))
    assert type(copied) is RecordError and str(copied) == text
    assert (copied.where, copied.action, copied.message) == (
        error.where,
        error.action,
        error.message,
    )
    with pytest.raises(RulesError) as caught:
        CLASSIC.with_options(foot_toes=10)
    rules_copy = pickle.loads(pickle.dumps(caught.value))
    assert type(rules_copy) is RulesError and rules_copy.message == caught.value.message
    assert str(rules_copy) == "a double of the double-9 set has only 9 possible toes"


def test_a_coded_error_made_from_another_s_message_says_the_same() -> None:
    inner = Message("must-draw", {"seat": 2})
    assert str(CodedError(inner)) == "seat 2 must draw before passing"
    assert RulesError(inner).code == "must-draw"
    assert str(RecordError(inner, "rounds[1]")) == "rounds[1]: seat 2 must draw before passing"
