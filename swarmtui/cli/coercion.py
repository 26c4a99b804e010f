"""Command-line values read without Pydantic where that changes nothing (start-up, issue 15).

Typer (0.29) converts every option value, even an absent one, through a Pydantic
``TypeAdapter`` that it builds when the command runs: importing Pydantic and building the
adapters costs a noticeable part of a short command's start-up (``swarmtui sim run noughts -n
1``). Most of our values are plain: absent, a string, a whole or decimal number within bounds, a
list of strings. ``LightGroup`` (the root command's class) gives every parameter a converter
that reads such a value itself and hands anything else (a value out of bounds, a number it does
not read, a given path, a choice) to Typer's own converter, built then: results and error
messages are Typer's in every case (``tests/test_cli_coercion.py`` compares them over every
parameter of every command).

This leans on Typer's internals (``typer.core._TyperParameter._runtime_param``,
``typer._coercion``): when they change, ``prepare`` does nothing and Typer works as shipped,
only slower (``tests/test_startup_imports.py`` then says so).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from typer import _click as click
from typer.core import TyperGroup

try:
    from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
except ImportError:  # another Typer: keep its own conversion
    RuntimeParam = None  # type: ignore[assignment,misc]

_WHOLE = re.compile(r"-?(0|[1-9][0-9]*)")
_DECIMAL = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")


def _number(value: Any, kind: type, info: Any) -> Any:
    """``value`` as a ``kind`` (int or float) within ``info``'s bounds, or None when Typer must say."""
    if isinstance(value, str):
        if not (_WHOLE if kind is int else _DECIMAL).fullmatch(value):
            return None
        number = kind(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        number = kind(value)
    elif kind is float and isinstance(value, float) and value == value:
        number = value
    else:
        return None
    if (info.min is not None and number < info.min) or (info.max is not None and number > info.max):
        return None
    return number


def _plain(descriptor: Any) -> str:
    """Which plain kind a parameter is (``"str"``, ``"int"``, ``"float"``, ``"list[str]"``), or
    ``"other"`` (a path, a flag, a choice...: only an absent value is read here)."""
    info = descriptor.parameter_info
    if info.parser is not None or getattr(info, "click_type", None) is not None or info.clamp:
        return "other"
    annotation = descriptor.annotation
    if annotation in (str, int, float):
        return annotation.__name__
    if annotation == list[str]:
        return "list[str]"
    return "other"


if RuntimeParam is not None:

    @dataclass(frozen=True)
    class LightParam(RuntimeParam):
        """A plain parameter's converter: reads what it can, hands the rest to Typer's."""

        descriptor: TypeDescriptor
        kind: str

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            read = self._read(value)
            if read is not None:
                return read
            return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)

        def _read(self, value: Any) -> Any:
            if self.kind == "other":
                return None
            if self.kind == "str":
                return value if isinstance(value, str) else None
            if self.kind == "list[str]":
                items = [value] if isinstance(value, str) else value
                if isinstance(items, (list, tuple)) and all(isinstance(item, str) for item in items):
                    return list(items)
                return None
            return _number(value, int if self.kind == "int" else float, self.parameter_info)


def _lighten(param: Any) -> None:
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is not None and getattr(param, "_runtime_param", False) is None:
        param._runtime_param = LightParam(descriptor.parameter_info, descriptor.annotation, descriptor,
                                          _plain(descriptor))


def prepare(command: click.Command) -> None:
    """Give every parameter of ``command`` and of its sub-commands the light converter (the help
    option too, which Click builds when a context first asks for it)."""
    if RuntimeParam is None:
        return
    for param in command.params:
        _lighten(param)
    help_option = command.get_help_option

    def light_help_option(ctx: click.Context) -> Any:
        option = help_option(ctx)
        if option is not None:
            _lighten(option)
        return option

    command.get_help_option = light_help_option  # type: ignore[method-assign]
    for sub in getattr(command, "commands", {}).values():
        prepare(sub)


class LightGroup(TyperGroup):
    """The root ``swarmtui`` command: prepares the light converters before reading the arguments."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        prepare(self)
        return super().main(*args, **kwargs)
