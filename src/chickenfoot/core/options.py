"""Rule options, checked in one place for every game.

A game's rules are a frozen dataclass whose fields are its options. Each field's type says
what values it takes (``Annotated[int, Meta(ge=..., le=...)]`` for a range, an enum for a
choice) and carries a description a settings screen can show (:func:`described`: a code of
the message catalogue, and its English). :func:`build` makes such rules from plain JSON
values, refusing unknown names and values of the wrong type or out of range with a
:class:`RulesError` naming the option; checks that involve several options live in the
dataclass's ``__post_init__``, which raises :class:`RulesError` itself.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

import msgspec

from chickenfoot.core.messages import ENGLISH, CodedError, Message, Param, message

T = TypeVar("T")


class RulesError(CodedError):
    """Rule options that are unknown, out of range or inconsistent (a ``ValueError`` with a
    code, see :mod:`chickenfoot.core.messages`)."""


HELP = "option-help."
"""The start of the code of every option's description (``option-help.centre_toes``)."""


def described(name: str) -> msgspec.Meta:
    """The description of the option ``name``, for its type's ``Annotated``: the English of
    the catalogue's ``option-help.<name>``, which also goes into the JSON Schema, and the
    code, which :func:`describe` passes on."""
    code = HELP + name
    return msgspec.Meta(description=ENGLISH[code], extra={"code": code})


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a settings screen needs to know of one option."""

    name: str
    default: Any
    """The value the rules it was read from have (as JSON data)."""
    message: Message
    """What the option means: a code a front end translates (see :func:`described`)."""
    schema: dict[str, Any]
    """The JSON Schema of its values (type, range, choices)."""

    @property
    def description(self) -> str:
        """What the option means, in English."""
        return str(self.message)


def to_json(value: Any) -> Any:
    """An option value as plain JSON data (enums by value, tuples as lists)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    return value


def values_of(rules: Any) -> dict[str, Any]:
    """Every option of ``rules`` as plain JSON data (a fresh copy each time: every record
    carries one)."""
    encoded = rules.__dict__.get("_encoded_options")
    if encoded is None:
        values = {f.name: to_json(getattr(rules, f.name)) for f in dataclasses.fields(rules)}
        encoded = msgspec.json.encode(values)
        object.__setattr__(rules, "_encoded_options", encoded)  # rules are frozen
    result: dict[str, Any] = msgspec.json.decode(encoded)
    return result


def build(kind: type[T], values: Mapping[str, Any], fixed: tuple[str, ...] = ()) -> T:
    """``kind`` from JSON option ``values`` (options not given take their defaults);
    ``fixed`` names fields that are no options a player sets (left out of messages)."""
    known = {f.name for f in dataclasses.fields(kind)}  # type: ignore[arg-type]
    unknown = sorted(set(values) - known)
    if unknown:
        names = ", ".join(unknown)
        options = ", ".join(sorted(known - set(fixed)))
        raise RulesError("unknown-option", names=names, known=options)
    try:
        return msgspec.convert(dict(values), kind)
    except msgspec.ValidationError as exc:
        if isinstance(exc.__cause__, RulesError):
            raise exc.__cause__ from None
        raise RulesError(_explained(str(exc), kind)) from None


def describe(rules: Any) -> list[OptionInfo]:
    """Every option of ``rules``' kind with its description and schema, in field order."""
    kind = type(rules)
    schema = msgspec.json.schema(kind)
    definitions = schema["$defs"]
    fields = definitions[kind.__name__]["properties"]
    hints = typing.get_type_hints(kind, include_extras=True)
    out = []
    for f in dataclasses.fields(rules):
        meaning = Message(_help_code(hints[f.name]))
        spec = dict(fields[f.name])
        del spec["description"], spec["default"]
        ref = spec.pop("$ref", None)
        if ref is not None:
            spec["enum"] = definitions[ref.rsplit("/", 1)[1]]["enum"]
        out.append(OptionInfo(f.name, to_json(getattr(rules, f.name)), meaning, spec))
    return out


def _help_code(hint: Any) -> str:
    """The code of the description an option's type carries (see :func:`described`)."""
    for meta in getattr(hint, "__metadata__", ()):
        if isinstance(meta, msgspec.Meta) and meta.extra is not None and "code" in meta.extra:
            code: str = meta.extra["code"]
            return code
    raise TypeError(f"an option of type {hint} has no description: see described()")


_WORDS = {
    "`int`": "a whole number",
    "`bool`": "true or false",
    "`array`": "a list",
    "`str`": "a string",
    "`float`": "a number with a fraction",
    "`null`": "null",
    "`object`": "an object",
}


_SHAPES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"Expected `int` >= (?P<limit>-?\d+)"), "option-at-least"),
    (re.compile(r"Expected `int` <= (?P<limit>-?\d+)"), "option-at-most"),
    (
        re.compile(r"Expected `array` of length (?P<length>\d+), got (?P<count>\d+)"),
        "option-length",
    ),
    (re.compile(r"Expected (?P<expected>`\w+`), got (?P<got>`\w+`)"), "option-type"),
)
"""msgspec's problems with a value that have a message of their own (the rest are said as
msgspec says them, in the project's words)."""


def _explained(text: str, kind: type) -> Message:
    """msgspec's "Expected `int` >= 1 - at `$.centre_toes`" in the project's words, as a
    message with a code."""
    located = re.search(r" - at `\$\.(\w+)(.*)`$", text)
    if located is None:
        return message("rules-problem", problem=text)
    problem = text[: located.start()]
    option, rest = located.groups()
    if "enum" in problem:
        hint = typing.get_type_hints(kind)[option]
        choices = ", ".join(map(str, _choices(hint)))
        return message("option-choices", option=option, choices=choices)
    return _value_problem(problem, f"{option} {rest}" if rest else option)


def _value_problem(problem: str, option: str) -> Message:
    """msgspec's ``problem`` with the value of ``option`` (and where in it: ``set_by_players
    [0][1]``)."""
    for pattern, code in _SHAPES:
        found = pattern.fullmatch(problem)
        if found is not None:
            params = {name: _plain(value) for name, value in found.groupdict().items()}
            return message(code, option=option, **params)
    for word, plain in _WORDS.items():
        problem = problem.replace(word, plain)
    problem = problem.replace("Expected ", "expected ")
    problem = re.sub(r" >= (\d+)", r" of at least \1", problem)  # a list's least length
    return message("option-problem", option=option, problem=problem)


def _plain(value: str) -> Param:
    """A part of msgspec's text as a parameter: a number, or a kind of value in words."""
    return int(value) if value.isdigit() else _WORDS.get(value, value)


def _choices(hint: Any) -> list[object]:
    """The values an enum or a ``Literal`` option takes."""
    if isinstance(hint, type) and issubclass(hint, Enum):
        return [m.value for m in hint]
    return list(typing.get_args(hint))
