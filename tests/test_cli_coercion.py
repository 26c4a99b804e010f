"""The CLI's light parameter converters (``cli.coercion``) give exactly what Typer's own give.

Every parameter of every ``swarmtui`` command that gets a light converter is fed the same values
through it and through Typer's Pydantic converter: the results (value and type) or the errors
(type and message) must be the same.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer.main
from typer._coercion import build_runtime_param

from swarmtui.cli import app
from swarmtui.cli.coercion import LightParam, prepare

SAMPLES: dict[str, list[Any]] = {
    "str": ["", "noughts", "a b", "-", "ünïcode", "--x"],
    "int": ["0", "1", "-1", "7", "007", "+3", " 4", "1_000", "10000000", "10000001", "65535", "65536", "2147483647",
            "2147483648", "513", "512", "12", "13", "1.0", "1e3", "x", "", "١", 0, 1, 30, -5, 2**40],
    "float": ["0", "0.5", "0.01", "0.009", "0.001", "0.0009", "30", "-1", "1e-3", "1.", ".5", "nan", "inf", "x", "",
              0, 30, 4, 0.5, -0.5],
    "list[str]": [(), ("a",), ("a", "b"), ["x=1", "y=2"], ("",)],
    "other": ["x.json", ("a.json",)],
}


def _params() -> list[tuple[str, Any]]:
    root = typer.main.get_command(app)
    prepare(root)
    found: list[tuple[str, Any]] = []

    def walk(command: Any, path: str) -> None:
        for param in command.params:
            if isinstance(getattr(param, "_runtime_param", None), LightParam):
                found.append((f"{path} {param.name}", param))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(root, "swarmtui")
    return found


PARAMS = _params()


def _outcome(convert: Any, value: Any, param: Any) -> tuple[str, Any]:
    try:
        result = convert(value, param=param, ctx=None)
    except Exception as error:  # noqa: BLE001 - the comparison is of whatever each raises
        return ("error", (type(error).__name__, str(error)))
    return ("value", (type(result).__name__, repr(result)))  # repr: nan equals nan


def test_the_light_converters_cover_the_plain_parameters() -> None:
    kinds = {param._runtime_param.kind for _, param in PARAMS}
    assert kinds == {"str", "int", "float", "list[str]", "other"}
    names = {name for name, _ in PARAMS}
    assert {"swarmtui sim run games", "swarmtui sim run game", "swarmtui sim run param", "swarmtui seed"} <= names


@pytest.mark.parametrize("name, param", PARAMS, ids=[name for name, _ in PARAMS])
def test_a_light_converter_gives_what_typers_own_gives(name: str, param: Any) -> None:
    light = param._runtime_param
    typer_own = build_runtime_param(param.type_descriptor)
    for value in [None, *SAMPLES[light.kind]]:
        assert _outcome(light.coerce, value, param) == _outcome(typer_own.coerce, value, param), (name, value)
