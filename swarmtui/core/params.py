"""Agent and algorithm parameters: named, typed, with the papers' defaults, overridable as text.

Parameters are dataclass fields. ``apply_overrides`` turns ``name=value`` strings (from
``--param`` on the command line or the TUI's settings) into a new dataclass instance, checking
names and types, so every constant from a paper can be changed without touching code.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from typing import Any, Literal, get_args, get_origin


class ParamError(ValueError):
    """A parameter name or value that does not fit (one clear sentence, for the user)."""


def helped(default: Any, text: str) -> Any:
    """A parameter field with its default and the help text ``--param``, the setup screen and
    ``describe`` show (``metadata["help"]``)."""
    return dataclasses.field(default=default, metadata={"help": text})


def split_assignment(text: str) -> tuple[str, str]:
    """``"name=value"`` -> ``("name", "value")``."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ParamError(f"parameter {text!r} is not of the form name=value")
    return name, value.strip()


def param_fields(params_type: type | None) -> dict[str, dataclasses.Field]:
    """The fields of a parameter dataclass by name (empty for agents without parameters)."""
    if params_type is None:
        return {}
    return {f.name: f for f in dataclasses.fields(params_type)}


def _resolved_types(params_type: type) -> dict[str, Any]:
    return typing.get_type_hints(params_type)


def convert_value(name: str, text: str, annotation: Any) -> Any:
    """Convert ``text`` to the parameter's annotated type, or raise ``ParamError``."""
    origin = get_origin(annotation)
    if origin is Literal:
        choices = get_args(annotation)
        for choice in choices:
            if str(choice) == text:
                return choice
        raise ParamError(f"{name} must be one of {', '.join(map(str, choices))}; got {text!r}")
    if origin in (typing.Union, types.UnionType):
        options = [a for a in get_args(annotation) if a is not type(None)]
        if text.lower() in ("none", "") and len(options) < len(get_args(annotation)):
            return None
        return convert_value(name, text, options[0])
    if annotation is bool:
        lowered = text.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise ParamError(f"{name} must be true or false; got {text!r}")
    if annotation is int:
        try:
            return int(text)
        except ValueError:
            raise ParamError(f"{name} must be a whole number; got {text!r}") from None
    if annotation is float:
        try:
            value = float(text)
        except ValueError:
            raise ParamError(f"{name} must be a number; got {text!r}") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise ParamError(f"{name} must be a finite number; got {text!r}")
        return value
    return text


def apply_overrides(params: Any, overrides: Iterable[tuple[str, str]]) -> Any:
    """A copy of the dataclass ``params`` with each ``(name, text)`` override applied.

    The dataclass's ``__post_init__`` may validate ranges and raise ``ParamError``.
    """
    hints = _resolved_types(type(params))
    changes: dict[str, Any] = {}
    for name, text in overrides:
        if name not in hints:
            known = ", ".join(sorted(hints)) or "none"
            raise ParamError(f"unknown parameter {name!r} (known: {known})")
        changes[name] = convert_value(name, text, hints[name])
    try:
        return dataclasses.replace(params, **changes)
    except ParamError:
        raise
    except (TypeError, ValueError) as error:
        raise ParamError(str(error)) from None


def describe(params: Any) -> list[tuple[str, str, str]]:
    """``(name, value, help)`` rows for display; help comes from ``metadata['help']``."""
    rows = []
    for f in dataclasses.fields(params):
        rows.append((f.name, str(getattr(params, f.name)), f.metadata.get("help", "")))
    return rows


def check_range(name: str, value: float, low: float | None = None, high: float | None = None) -> None:
    """Raise ``ParamError`` unless ``low <= value <= high`` (for ``__post_init__`` checks)."""
    if (low is not None and value < low) or (high is not None and value > high):
        lo = "-inf" if low is None else low
        hi = "inf" if high is None else high
        raise ParamError(f"{name} must be between {lo} and {hi}; got {value}")
