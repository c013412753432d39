"""A value an option does not take, or one a command lacks, said in the program's words."""

from __future__ import annotations

import re

from typer._click.exceptions import BadParameter, MissingParameter
from typer.core import TyperArgument, TyperOption

from chickenfoot.cli.text import _one_line, _short
from chickenfoot.cli.words import _choices, _range_words, _value_type
from chickenfoot.i18n import _


def _bad_value(exc: BadParameter) -> str:
    """A value a parameter does not take, said in the program's words: which option, what
    it takes, and what was given (``--length 'forever': the choices are full, half,
    single``; ``--matches must be a whole number, not 'many'``)."""
    param = exc.param
    cause = exc.__cause__
    problems = cause.errors() if cause is not None and hasattr(cause, "errors") else []
    if not isinstance(param, TyperOption | TyperArgument) or not problems:
        return _one_line(exc.format_message())
    long_names = [name for name in param.opts if name.startswith("--")]
    option = long_names[0] if long_names else param.metavar or param.opts[0]
    given = str(problems[0].get("input", ""))
    value = _short(given)
    if not _NUMBER.fullmatch(given):
        value = repr(value)
    choices = _choices(param)
    if choices is not None:
        # TRANSLATORS: {option} is an option of the command line (--length), {value} what was
        # typed for it, {choices} the values it takes, as they are typed (full, half, single)
        text = _("{option} {value}: the choices are {choices}")
        return text.format(option=option, value=value, choices=", ".join(choices))
    if problems[0].get("type") == "int_parsing_size":
        return _("{option} {value} is too large").format(option=option, value=value)
    allowed = _range_words(param)
    if allowed is None or problems[0].get("type") not in _OUT_OF_RANGE:
        kind = _value_type(param)
        if kind not in (int, float):
            return _("{option} {value}: {problem}").format(
                option=option, value=value, problem=_one_line(exc.message)
            )
        number = _("a whole number") if kind is int else _("a number")
        if allowed is not None:
            # TRANSLATORS: a number and its range, as in "--port must be a whole number, 0
            # to 65535, not 1.5"
            allowed = _("{number}, {range}").format(number=number, range=allowed)
        else:
            allowed = number
    # TRANSLATORS: {allowed} is "a whole number", "a number" or a range ("0 to 65535", "at
    # least 1"); {value} is what was typed
    return _("{option} must be {allowed}, not {value}").format(
        option=option, allowed=allowed, value=value
    )


def _missing(exc: MissingParameter) -> str:
    """What a command lacks, by its name and its value's: ``arena needs --bots NAMES``."""
    param = exc.param
    if param is None or exc.ctx is None:
        return exc.format_message()
    if isinstance(param, TyperArgument):
        needed = param.metavar or (param.name or "").upper()
    else:
        long_names = [name for name in param.opts if name.startswith("--")]
        needed = " ".join(filter(None, [(long_names or param.opts)[0], param.metavar]))
    command = exc.ctx.info_name or exc.ctx.command_path
    # TRANSLATORS: {command} is a command (replay, arena), {needed} what it was not given:
    # an argument (FILE...) or an option with its value (--bots NAMES)
    return _("{command} needs {needed}").format(command=command, needed=needed)


_OUT_OF_RANGE = ("greater_than", "greater_than_equal", "less_than", "less_than_equal")
"""Pydantic's kinds of error of a number outside an option's range (min=, max=)."""

_NUMBER = re.compile(r"[-+]?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?")
