"""Rule options, checked in one place for every game.

A game's rules are a frozen dataclass whose fields are its options. Each field's type says
what values it takes (``Annotated[int, Meta(ge=..., le=...)]`` for a range, an enum for a
choice) and carries a ``description`` a settings screen can show. :func:`build` makes such
rules from plain JSON values, refusing unknown names and values of the wrong type or out of
range with a :class:`RulesError` naming the option; checks that involve several options live
in the dataclass's ``__post_init__``, which raises :class:`RulesError` itself.
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

T = TypeVar("T")


class RulesError(ValueError):
    """Rule options that are unknown, out of range or inconsistent."""


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a settings screen needs to know of one option."""

    name: str
    default: Any
    """The value the rules it was read from have (as JSON data)."""
    description: str
    schema: dict[str, Any]
    """The JSON Schema of its values (type, range, choices)."""


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
        raise RulesError(f"unknown option {names}; known options: {options}")
    try:
        return msgspec.convert(dict(values), kind)
    except msgspec.ValidationError as exc:
        if isinstance(exc.__cause__, RulesError):
            raise exc.__cause__ from None
        raise RulesError(_explain(str(exc), kind)) from None


def describe(rules: Any) -> list[OptionInfo]:
    """Every option of ``rules``' kind with its description and schema, in field order."""
    kind = type(rules)
    schema = msgspec.json.schema(kind)
    definitions = schema["$defs"]
    fields = definitions[kind.__name__]["properties"]
    out = []
    for f in dataclasses.fields(rules):
        spec = dict(fields[f.name])
        description = spec.pop("description")
        del spec["default"]
        ref = spec.pop("$ref", None)
        if ref is not None:
            spec["enum"] = definitions[ref.rsplit("/", 1)[1]]["enum"]
        value = to_json(getattr(rules, f.name))
        out.append(OptionInfo(f.name, value, description, spec))
    return out


_WORDS = {
    "`int`": "a whole number",
    "`bool`": "true or false",
    "`array`": "a list",
    "`str`": "a string",
    "`float`": "a number with a fraction",
    "`null`": "null",
    "`object`": "an object",
}


def _explain(message: str, kind: type) -> str:
    """msgspec's "Expected `int` >= 1 - at `$.centre_toes`" in the project's words."""
    located = re.search(r" - at `\$\.(\w+)(.*)`$", message)
    if located is None:
        return message
    text = message[: located.start()]
    option, rest = located.groups()
    if "enum" in text:
        hint = typing.get_type_hints(kind)[option]
        return f"option {option} must be one of {', '.join(map(str, _choices(hint)))}"
    for word, plain in _WORDS.items():
        text = text.replace(word, plain)
    text = text.replace("Expected ", "expected ")
    text = re.sub(r" >= (-?\d+)", r" of at least \1", text)
    text = re.sub(r" <= (-?\d+)", r" of at most \1", text)
    return f"option {option}{' ' + rest if rest else ''}: {text}"


def _choices(hint: Any) -> list[object]:
    """The values an enum or a ``Literal`` option takes."""
    if isinstance(hint, type) and issubclass(hint, Enum):
        return [m.value for m in hint]
    return list(typing.get_args(hint))
