"""Engine options of the UHP engine: which agent answers ``bestmove``, its seed, and its main
parameters.

UHP prints an option as ``Name;Type;Value;Default[;Values]`` (Mzinga's engine: an enum lists
its values, an int or a double its minimum and maximum). Any agent in the registry that plays
"hive" and can run headless is a value of ``Agent``, so agents registered later plug in
unchanged. Besides ``Agent``, ``Seed`` and ``DepthTimeLimit`` (the most seconds a ``bestmove
depth N`` may think), the chosen agent's main parameters are options
(:data:`MAIN_PARAMETERS`: MCTS's ``Trees``, ``Iterations`` and ``Workers``, the search player's
``Difficulty``, the swarms' ``Intention`` and ``Radius``); ``options`` lists those of the
current agent, and changing the agent keeps the values set for each agent.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_origin

from swarmtui.agents import agents_for, get_spec
from swarmtui.core.params import ParamError, apply_overrides
from swarmtui.games import get_game

DEFAULT_AGENT = "random"
EXTERNAL = ("uhp",)  # an engine that only relays to another engine is no answer of ours
SEED_MAX = 2**31 - 1
DEPTH_TIME = 30
"""Seconds a ``bestmove depth N`` may think at most by default (option ``DepthTimeLimit``): the
agent answers with what it has found by then, as a chess engine given ``go depth N movetime T``
stops at whichever comes first, so ``bestmove depth 1000`` cannot keep a viewer waiting."""
DEPTH_TIME_MAX = 24 * 3600


class OptionError(ValueError):
    """An unknown option or a value it does not take."""


@dataclass(frozen=True)
class MainParameter:
    """One agent parameter shown as a UHP option: its option name, the parameter, its range."""

    option: str
    param: str
    low: float | None = None  # an int's or double's bounds (UHP lists them)
    high: float | None = None


MAIN_PARAMETERS: dict[str, tuple[MainParameter, ...]] = {
    "mcts": (MainParameter("Trees", "trees", 1, 64), MainParameter("Iterations", "iterations", 1, 10_000_000),
             MainParameter("Workers", "workers", 0, 64)),
    "alphabeta": (MainParameter("Difficulty", "difficulty"),),
    "pso": (MainParameter("Intention", "intention"), MainParameter("Radius", "radius", 1, 10)),
    "pso-plus": (MainParameter("Intention", "intention"), MainParameter("Radius", "radius", 1, 10)),
}
"""The parameters each agent shows as options (agents not listed have only the base options)."""


def hive_agents() -> list[str]:
    """Ids of the registered agents that play Hive without a person."""
    return [spec.id for spec in agents_for("hive") if not spec.interactive and spec.id not in EXTERNAL]


@dataclass
class EngineOptions:
    """The engine's current option values (``overrides``: per agent, parameter -> text)."""

    agent: str = DEFAULT_AGENT
    seed: int = 0
    depth_time: int = DEPTH_TIME
    overrides: dict[str, dict[str, str]] = field(default_factory=dict)

    BASE_NAMES = ("Agent", "Seed", "DepthTimeLimit")

    @property
    def names(self) -> tuple[str, ...]:
        """The options of the current agent, in the order ``options`` lists them."""
        return (*self.BASE_NAMES, *(m.option for m in MAIN_PARAMETERS.get(self.agent, ())))

    def parameters(self) -> list[tuple[str, str]]:
        """The current agent's parameter overrides, for ``make_agent``."""
        return list(self.overrides.get(self.agent, {}).items())

    def describe(self, name: str) -> str:
        """The UHP line for option ``name``."""
        if name == "Agent":
            return ";".join(["Agent", "enum", self.agent, DEFAULT_AGENT, *hive_agents()])
        if name == "Seed":
            return f"Seed;int;{self.seed};0;0;{SEED_MAX}"
        if name == "DepthTimeLimit":
            return f"DepthTimeLimit;int;{self.depth_time};{DEPTH_TIME};1;{DEPTH_TIME_MAX}"
        main = self._main(name)
        params_type = _params_type(self.agent)
        default = getattr(params_type(), main.param)
        current = self.overrides.get(self.agent, {}).get(main.param, _text(default))
        annotation = typing.get_type_hints(params_type)[main.param]
        if get_origin(annotation) is Literal:
            return ";".join([name, "enum", current, _text(default), *map(str, get_args(annotation))])
        if annotation is bool:
            return f"{name};bool;{current};{_text(default)}"
        kind = "int" if annotation is int else "double"
        return f"{name};{kind};{current};{_text(default)};{_text(main.low)};{_text(main.high)}"

    def set(self, name: str, value: str) -> None:
        if name == "Agent":
            able = hive_agents()
            if value not in able:
                raise OptionError(f"\"{value}\" is not a Hive agent (choose from {', '.join(able)}).")
            self.agent = value
        elif name == "Seed":
            self.seed = _whole(name, value, 0, SEED_MAX)
        elif name == "DepthTimeLimit":
            self.depth_time = _whole(name, value, 1, DEPTH_TIME_MAX)
        else:
            main = self._main(name)
            params_type = _params_type(self.agent)
            try:
                params = apply_overrides(params_type(), [(main.param, value)])
            except ParamError as error:
                raise OptionError(f"{name}: {error}.") from None
            number = getattr(params, main.param)
            if main.low is not None and main.high is not None and not main.low <= number <= main.high:
                raise OptionError(f"{name} must be between {_text(main.low)} and {_text(main.high)}.")
            self.overrides.setdefault(self.agent, {})[main.param] = _text(number)

    def _main(self, name: str) -> MainParameter:
        for main in MAIN_PARAMETERS.get(self.agent, ()):
            if main.option == name and _params_of(self.agent) is not None:
                return main
        raise OptionError(f"The option \"{name}\" is not valid for agent {self.agent} "
                          f"(options: {', '.join(self.names)}).")


def _whole(name: str, value: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (ASCII digits only: not '²')."""
    if not value.isascii() or not value.isdigit() or len(value) > len(str(high)):
        raise OptionError(f"{name} takes a whole number from {low} to {high}, not \"{value}\".")
    if not low <= int(value) <= high:
        raise OptionError(f"{name} must be between {low} and {high}.")
    return int(value)


def _params_of(agent: str) -> type | None:
    """``agent``'s parameter dataclass in Hive (with the evaluation's weights for a search)."""
    return get_spec(agent, "hive").params_for(get_game("hive"))


def _params_type(agent: str) -> type:
    params_type = _params_of(agent)
    if params_type is None:
        raise OptionError(f"{agent} has no parameters.")
    return params_type


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
