"""The help in words a user reads: options and arguments named by their values (FILE, N,
full|half|single), never by Python's types; their plain values converted at once
(:mod:`chickenfoot.cli.values`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, get_args

from typer._click.core import Context, Parameter
from typer._coercion import RuntimeParam
from typer.core import TyperArgument, TyperCommand, TyperOption, _TyperParameter

from chickenfoot.cli.values import PlainValues


class _PlainValued(_TyperParameter):
    """A parameter whose plain values are converted without typer's pydantic adapter."""

    def get_runtime_param(self) -> RuntimeParam:
        if self._runtime_param is None:
            descriptor = self.type_descriptor
            self._runtime_param = PlainValues(
                descriptor.parameter_info, descriptor.annotation, descriptor
            )
        return self._runtime_param


LATE_HELP: dict[str, Callable[[], str]] = {}
"""Help said in the reader's language when it is shown: the function that says it, by the
text its option is declared with."""


class _Option(_PlainValued, TyperOption):
    """An option as the help shows it, in words a user reads: a flag with no placeholder
    after it, a value by its metavar (else N, NUMBER, TEXT or PATH), choices as
    ``full|half|single`` and a range as ``0 to 65535``; a help of :data:`LATE_HELP` in the
    reader's language."""

    @property
    def help(self) -> str | None:
        declared: str | None = self.__dict__.get("help")
        said = LATE_HELP.get(declared) if declared is not None else None
        return said() if said is not None else declared

    @help.setter
    def help(self, text: str | None) -> None:
        self.__dict__["help"] = text

    def display_type_rich(self, ctx: Context) -> str | None:
        if self.metavar is not None:
            return self.metavar
        if self.is_flag:
            return None
        choices = _choices(self)
        if choices is not None:
            return "|".join(choices)
        return _PLACEHOLDERS.get(_value_type(self), "TEXT")

    def _get_number_range_help_str(self) -> str | None:
        return _range_words(self)


class _Argument(_PlainValued, TyperArgument):
    """An argument as the help shows it: by its name alone (FILE, NAME), also in the usage
    line, ``[NAME]`` when it may be left out, ``NAME...`` when it takes several."""

    def display_type_rich(self, ctx: Context) -> str | None:
        return None

    def get_usage_pieces(self, ctx: Context) -> list[str]:
        name = self.metavar or (self.name or "value").upper()
        if self.metavar is None and self.nargs != 1:
            name += "..."
        return [name if self.required else f"[{name}]"]


def _in_our_words(params: Sequence[Parameter]) -> None:
    """Typer's options and arguments made :class:`_Option` and :class:`_Argument`."""
    for param in params:
        if type(param) is TyperOption:
            param.__class__ = _Option
        elif type(param) is TyperArgument:
            param.__class__ = _Argument


class _InOurWords:
    """A command or group whose help names its options' values in words (see
    :class:`_Option`), ``--help`` included."""

    params: list[Parameter]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _in_our_words(self.params)

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        option: TyperOption | None = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            _in_our_words([option])
        return option


class _Command(_InOurWords, TyperCommand):
    """A command whose help names its options' values in words."""


def _choices(param: TyperOption | TyperArgument) -> list[str] | None:
    """The values a parameter of choices takes (an enum's values), else None."""
    choices = param.type_descriptor.choices
    if choices is None:
        return None
    return [str(getattr(choice, "value", choice)) for choice in choices]


def _value_type(param: TyperOption | TyperArgument) -> type:
    """The type of a parameter's value: bool, int, float or Path, else str (as text)."""
    annotation = param.type_descriptor.annotation
    kinds = (annotation, *get_args(annotation))
    return next((kind for kind in (bool, int, float, Path) if kind in kinds), str)


_PLACEHOLDERS: dict[type, str] = {int: "N", float: "NUMBER", Path: "PATH"}


def _range_words(param: TyperOption | TyperArgument) -> str | None:
    """A number's range in words: ``0 to 65535``, ``at least 1``, ``at most 10``."""
    from chickenfoot.i18n import _  # only when asked: ``--version`` imports no rules

    low, high = param.min, param.max
    if low is not None and high is not None:
        # TRANSLATORS: the numbers an option takes, as in "--port must be 0 to 65535, not
        # 70000" (see "{option} must be {allowed}, not {value}")
        return _("{low:g} to {high:g}").format(low=low, high=high)
    if low is not None:
        return _("at least {low:g}").format(low=low)
    if high is not None:
        return _("at most {high:g}").format(high=high)
    return None
