"""Engine options of the UHP engine: which registered agent answers ``bestmove``, and its seed.

UHP prints an option as ``Name;Type;Value;Default[;Values]`` (Mzinga's engine: an enum lists
its values, an int its minimum and maximum). Any agent in the registry that plays "hive" and
can run headless is a value of ``Agent``, so agents registered later plug in unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from swarmtui.agents import agents_for

DEFAULT_AGENT = "random"
SEED_MAX = 2**31 - 1


class OptionError(ValueError):
    """An unknown option or a value it does not take."""


def hive_agents() -> list[str]:
    """Ids of the registered agents that play Hive without a person."""
    return [spec.id for spec in agents_for("hive") if not spec.interactive]


@dataclass
class EngineOptions:
    """The engine's current option values."""

    agent: str = DEFAULT_AGENT
    seed: int = 0

    NAMES = ("Agent", "Seed")

    def describe(self, name: str) -> str:
        """The UHP line for option ``name``."""
        if name == "Agent":
            return ";".join(["Agent", "enum", self.agent, DEFAULT_AGENT, *hive_agents()])
        if name == "Seed":
            return f"Seed;int;{self.seed};0;0;{SEED_MAX}"
        raise OptionError(f"The option \"{name}\" is not valid (options: {', '.join(self.NAMES)}).")

    def set(self, name: str, value: str) -> None:
        if name == "Agent":
            able = hive_agents()
            if value not in able:
                raise OptionError(f"\"{value}\" is not a Hive agent (choose from {', '.join(able)}).")
            self.agent = value
        elif name == "Seed":
            try:
                seed = int(value)
            except ValueError:
                raise OptionError(f"Seed takes a whole number, not \"{value}\".") from None
            if not 0 <= seed <= SEED_MAX:
                raise OptionError(f"Seed must be between 0 and {SEED_MAX}.")
            self.seed = seed
        else:
            self.describe(name)  # raises for an unknown name
