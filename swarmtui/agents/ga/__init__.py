"""The noughts genetic algorithm (Ford, seed 003): genome, fitness, GAs, solver and agent.

``SPEC`` registers the ``ga`` agent, which plays an evolved strategy file (by default the
shipped one for its seat's side). Training lives in ``swarmtui.papers.ford``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SPEC", "GaAgent", "GaParams"]


def __getattr__(name: str) -> Any:
    """``SPEC`` and the agent's classes, imported on first use (PEP 562), so that importing
    ``ga.trace`` for its trace kind does not load the GA and the noughts state space."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from swarmtui.agents.ga.agent import GaAgent, GaParams, _check, _factory
    from swarmtui.core.agent import AgentSpec

    spec = AgentSpec(
        "ga", "Genetic algorithm (Ford)", ("noughts",), _factory, GaParams,
        description="plays an evolved strategy genome through its base-case symmetry", check=_check,
    )
    globals().update(SPEC=spec, GaAgent=GaAgent, GaParams=GaParams)
    return globals()[name]
