"""McGuile's particle-swarm Hive player (``pso``): particles, vicinities, intentions, the agent."""

from __future__ import annotations

from typing import Any

__all__ = ["SPEC", "PsoParams", "SwarmAgent"]


def __getattr__(name: str) -> Any:
    """The agent's names, imported on first use (PEP 562), so that importing ``pso.trace`` for its
    trace kind stays light."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from swarmtui.agents.pso import agent

    return getattr(agent, name)
