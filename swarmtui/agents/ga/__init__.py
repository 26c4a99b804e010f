"""The noughts genetic algorithm (Ford, seed 003): genome, fitness, GAs, solver and agent.

``SPEC`` registers the ``ga`` agent, which plays an evolved strategy file (by default the
shipped one for its seat's side). Training lives in ``swarmtui.sim.noughts_training``.
"""

from swarmtui.agents.ga.agent import GaAgent, GaParams, _factory
from swarmtui.core.agent import AgentSpec

SPEC = AgentSpec(
    "ga", "Genetic algorithm (Ford)", ("noughts",), _factory, GaParams,
    description="plays an evolved strategy genome through its base-case symmetry",
)

__all__ = ["SPEC", "GaAgent", "GaParams"]
