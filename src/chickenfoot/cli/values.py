"""The values of options and arguments, converted as typer converts them, without typer's
pydantic adapter for a value that is plainly of its type.

Typer converts every value, defaults and absent options included, with a pydantic adapter
that it builds for each parameter the first time; importing pydantic and building the
adapters takes longer than a short command's own work. :class:`PlainValues` gives a value
that needs no conversion (a text for a text, a default of the parameter's own type) and a
whole number written plainly (``20``, ``-3``) at once, checks a path written plainly
(``out.jsonl``, ``out/1.json``) with typer's own checks, and leaves anything else to typer's
adapter: every value it accepts or refuses, and every error it says, is typer's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property
from pathlib import Path
from typing import Any, get_args, get_origin

from typer._click import Context
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer._param_types import coerce_cli_path
from typer.core import _TyperParameter

_WHOLE = re.compile(r"-?(0|[1-9][0-9]{0,17})")
"""A whole number as typer reads it the same way as Python's int(): no sign but a minus, no
leading zero, no spaces, underscores or digits of other scripts, below 2^63."""


@dataclass(frozen=True)
class PlainValues(RuntimeParam):
    """A parameter's values: plain ones at once (:func:`plain_value`), any other by typer's
    own conversion, made the first time it is needed."""

    descriptor: TypeDescriptor

    @cached_property
    def typers(self) -> RuntimeParam:
        return build_runtime_param(self.descriptor)

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Context) -> Any:
        if plain_path(self.descriptor, value):
            # the Path typer's adapter makes of the text, then typer's checks of it
            info = self.parameter_info
            return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
        found = plain_value(self.descriptor, value)
        if found is not None:
            return found[0]
        return self.typers._coerce_value(value, param=param, ctx=ctx)


def plain_value(descriptor: TypeDescriptor, value: Any) -> tuple[Any] | None:
    """``(converted,)`` for a value that typer would give back as it is (or, for a plain
    whole number's text, as ``int()`` reads it), else None: typer is to convert it."""
    info = descriptor.parameter_info
    if info.parser is not None or info.clamp or descriptor.file_annotation is not None:
        return None
    kind = descriptor.annotation
    origin: Any = get_origin(kind)
    if origin is list and get_args(kind) == (str,):
        if isinstance(value, list | tuple) and all(type(item) is str for item in value):
            return (list(value),)
        return None
    if isinstance(kind, type) and issubclass(kind, Enum):
        if type(value) is kind:
            return (value,)
        # a choice written as one of its values exactly is that member, as typer reads it
        member = _members(kind).get(value) if type(value) is str else None
        return None if member is None else (member,)
    if kind is str or kind is bool:
        return (value,) if type(value) is kind else None
    if kind is not int and kind is not float:
        return None
    if type(value) is str and kind is int and _WHOLE.fullmatch(value):
        value = int(value)
    if type(value) is not kind:
        return None
    if (info.min is not None and value < info.min) or (info.max is not None and value > info.max):
        return None
    return (value,)


@cache
def _members(kind: type[Enum]) -> dict[str, Enum]:
    """The members of a choice by their text values."""
    return {member.value: member for member in kind if type(member.value) is str}


def plain_path(descriptor: TypeDescriptor, value: Any) -> bool:
    """Whether ``value`` is a path's text that reads back as it is written (no ``./``, no
    ``//``, no ``/`` at the end), for a parameter that takes a :class:`~pathlib.Path`."""
    info = descriptor.parameter_info
    if descriptor.annotation is not Path or info.path_type is not None or info.parser is not None:
        return False
    return type(value) is str and "\0" not in value and value != "" and str(Path(value)) == value
