"""The ant-and-bee swarm Halma player (Kuehner & Stock, seed 000, section V).

ACO plans one path per piece over a pheromone field on the star's directed edges; the BCO
backward pass recruits the piece that moves. ``SPEC`` registers the ``aco-bco`` agent; the
experiments of Table V live in ``swarmtui.papers.kuehner_stock.presets``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SPEC", "AcoBcoAgent", "AcoBcoParams"]


def __getattr__(name: str) -> Any:
    """``SPEC`` and the agent's classes, imported on first use (PEP 562): importing the package for
    its trace kinds (``aco_bco.trace``) must not load the whole agent and the Halma rules."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from swarmtui.agents.aco_bco.agent import AcoBcoAgent, _factory, check_memory
    from swarmtui.agents.aco_bco.params import AcoBcoParams
    from swarmtui.core.agent import AgentSpec

    spec = AgentSpec(
        "aco-bco", "Ant and bee swarm (Kuehner & Stock)", ("halma",), _factory, AcoBcoParams,
        description="each piece's ant plans a path on the pheromone field; bees recruit the piece that moves",
        check=check_memory,
    )
    globals().update(SPEC=spec, AcoBcoAgent=AcoBcoAgent, AcoBcoParams=AcoBcoParams)
    return globals()[name]
