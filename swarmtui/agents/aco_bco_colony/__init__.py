"""``aco-bco-colony``: the Halma swarm whose ants and bees carry its strength.

Ants build multi-move plans, spreading out over the moves of a position they share, bees recruit
to the best partial plans (the BCO forward and backward passes), and the best plan persists from
turn to turn; pheromone on moves (eq. 6-8) is a switch, off by default because it costs moves
once the ants spread out. The ablation in docs/halma.md switches each part off against the same
roll-out at the same evaluation budget.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SPEC", "ColonyAgent", "ColonyParams"]


def __getattr__(name: str) -> Any:
    """``SPEC`` and the agent's classes, imported on first use (PEP 562): importing the package for
    its trace kind (``aco_bco_colony.trace``) must not load the colony and the Halma rules."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from swarmtui.agents.aco_bco_colony.agent import ColonyAgent, _factory
    from swarmtui.agents.aco_bco_colony.params import ColonyParams
    from swarmtui.core.agent import AgentSpec

    spec = AgentSpec(
        "aco-bco-colony", "Ant and bee colony (bees recruit to plans)", ("halma",), _factory, ColonyParams,
        description="ants build multi-move plans, spreading out over the moves of a position they share, bees "
                    "recruit to the best partial plans, the best plan persists between turns; pheromone on moves "
                    "is a switch, off by default (ablation in docs/halma.md)",
    )
    globals().update(SPEC=spec, ColonyAgent=ColonyAgent, ColonyParams=ColonyParams)
    return globals()[name]
